"""``studbook.grammar.sites``. The sites studbook reads: one module per dialect (with its ``.lark``
grammar on ``base.lark``).

``SITES`` names each site module; importing this package imports them all, and each registers its
dialect (grammar/dialect.py). A new site is its module, its grammar and one entry here.
"""

from importlib import import_module

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
