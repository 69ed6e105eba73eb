"""``studbook.grammar`` (this folder is that package). The reading layer: logs into hand blocks
(grammar/reader.py), each block's dialect detected and parsed into a Hand. The machinery is here; the
sites are in ``grammar/sites/``, which importing this package registers.
"""

from studbook.grammar.parse import ParseResult
from studbook.grammar.parse import Skipped
from studbook.grammar.parse import expand_paths
from studbook.grammar.parse import parse_block
from studbook.grammar.parse import parse_file
from studbook.grammar.reader import read_blocks
from studbook.grammar.records import Block
from studbook.grammar.records import ParseError
from studbook.grammar.sites import SITES

__all__ = ["SITES", "Block", "ParseError", "ParseResult", "Skipped", "expand_paths", "parse_block",
           "parse_file", "read_blocks"]
