"""Site grammars: reading logs into hand blocks (grammar/reader.py), dialect detection and parsing
into Hand objects.

Importing this package registers every dialect: the registry is the list of site modules below, each
registering itself (@register); a new site is its module and one line here.
"""

import studbook.grammar.fulltilt  # noqa: F401  (Full Tilt Poker)
import studbook.grammar.pokerstars  # noqa: F401  (PokerStars)
import studbook.grammar.studbook  # noqa: F401  (studbook's own format)
from studbook.grammar.parse import ParseResult, Skipped, expand_paths, parse_block, parse_file
from studbook.grammar.reader import Block, ParseError, read_blocks

__all__ = ["Block", "ParseError", "ParseResult", "Skipped", "expand_paths", "parse_block", "parse_file",
           "read_blocks"]
