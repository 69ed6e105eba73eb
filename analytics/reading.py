"""Files as units of work of hand blocks: what a worker process of ``studbook import`` gets.

The reader (grammar/reader.py) streams a file's blocks; :func:`read_chunks` cuts one file into chunks of
``size`` blocks, so an import holds a bounded number of hands however large a file is, and the chunks of
one big file go to different workers. A poker client writes one file per table session, so most files
are far smaller than a chunk: :func:`read_units` packs the chunks of consecutive files into one unit of
about ``size`` blocks, so a worker's fixed cost per unit is paid per thousand hands, not per file. A
file's last chunk carries the stamp of the bytes read (none when the file could not be read), which is
how a later import knows it unchanged.
"""

from __future__ import annotations

from collections.abc import Iterable
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

from studbook.analytics.db import CHUNK_CHARS
from studbook.analytics.db import DEFAULT_CHUNK
from studbook.grammar.reader import LogReader
from studbook.grammar.records import Block
from studbook.grammar.records import FileStamp
from studbook.grammar.records import ParseError


@dataclass(frozen=True, slots=True)
class Chunk:
    """Consecutive hand blocks of one file, in file order."""

    file: str
    blocks: list[Block | ParseError]
    last: bool  # the file's last chunk
    stamp: FileStamp | None = None  # on the last chunk of a file read to its end
    chars: int = 0  # characters of text in its blocks: how far into the file it is, for progress
    first: bool = True  # the file's first chunk (with ``last``: the whole file)


Unit = list[Chunk]  # the chunks of consecutive files (or one chunk of a big file): one task of a worker


def _chars(block: Block | ParseError) -> int:
    return len(block.raw) if isinstance(block, ParseError) else sum(len(line) + 1 for line in block.lines)


def read_chunks(path: Path, size: int = DEFAULT_CHUNK, max_chars: int = CHUNK_CHARS) -> Iterator[Chunk]:
    """The file in chunks of at most ``size`` hand blocks and about ``max_chars`` characters of text; at
    least one chunk, the last one marked, whatever the file holds (an unreadable file is one chunk of one
    ParseError)."""
    reader = LogReader(path)
    blocks: list[Block | ParseError] = []
    chars = 0
    first = True
    for block in reader:
        if len(blocks) == size or chars >= max_chars:
            yield Chunk(reader.name, blocks, False, chars=chars, first=first)
            blocks, chars, first = [], 0, False
        blocks.append(block)
        chars += _chars(block)
    yield Chunk(reader.name, blocks, True, reader.stamp, chars, first)


def read_units(paths: Iterable[Path], size: int = DEFAULT_CHUNK,
               max_chars: int = CHUNK_CHARS) -> Iterator[Unit]:
    """The files' chunks in order, packed into units of at least ``size`` blocks or ``max_chars``
    characters (the last unit may hold less): a small file joins the files before it in one unit, a big
    one is cut into chunks of its own, each a unit once full."""
    unit: Unit = []
    blocks = chars = 0
    for path in paths:
        for chunk in read_chunks(path, size, max_chars):
            unit.append(chunk)
            blocks += len(chunk.blocks)
            chars += chunk.chars
            if blocks >= size or chars >= max_chars:
                yield unit
                unit, blocks, chars = [], 0, 0
    if unit:
        yield unit
