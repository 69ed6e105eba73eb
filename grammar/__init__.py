"""Site grammars: reading logs into hand blocks (grammar/reader.py), dialect detection and parsing
into Hand objects.

Importing this package registers every dialect: ``SITES`` is the registry, one module per dialect, each
registering itself (@register); a new site is its module and one entry here.
"""

from importlib import import_module

from studbook.grammar.parse import ParseResult, Skipped, expand_paths, parse_block, parse_file
from studbook.grammar.reader import Block, ParseError, read_blocks

SITES = (
    "absolute",  # Absolute Poker
    "acr",  # Americas Cardroom / Winning Poker Network
    "bovada",  # Bovada / Bodog / Ignition
    "everleaf",  # Everleaf Gaming
    "fulltilt",  # Full Tilt Poker
    "ipoker",  # iPoker network (XML)
    "kingsclub",  # KingsClub
    "merge",  # Merge Gaming Network (XML)
    "ongame",  # OnGame network
    "partypoker",  # PartyPoker
    "phh",  # the Poker Hand History standard (TOML), pokerkit's format
    "pokerstars",  # PokerStars
    "studbook",  # studbook's own format
    "winamax",  # Winamax
)
for _site in SITES:
    import_module(f"{__name__}.{_site}")

__all__ = ["Block", "ParseError", "ParseResult", "Skipped", "expand_paths", "parse_block", "parse_file",
           "read_blocks"]
