"""Site grammars: reading logs into hand blocks (grammar/reader.py), dialect detection and parsing
into Hand objects.

Importing this package registers every dialect.
"""

from studbook.grammar import fulltilt, pokerstars  # noqa: F401  (registers the dialects)
from studbook.grammar import studbook as studbook_format  # noqa: F401  (our own log format)
from studbook.grammar.parse import ParseResult, Skipped, expand_paths, parse_block, parse_file
from studbook.grammar.reader import Block, ParseError, read_blocks

__all__ = ["Block", "ParseError", "ParseResult", "Skipped", "expand_paths", "parse_block", "parse_file",
           "read_blocks"]
