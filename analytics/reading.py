"""Files as chunks of hand blocks: the unit of work a worker process of ``studbook import`` gets.

The reader (grammar/reader.py) streams a file's blocks; this groups them ``size`` at a time, so an
import holds a bounded number of hands however large a file is, and the chunks of one big file go to
different workers like the chunks of different files. A file's last chunk carries the stamp of the
bytes read (none when the file could not be read), which is how a later import knows it unchanged.
"""

from __future__ import annotations

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


def _chars(block: Block | ParseError) -> int:
    return len(block.raw) if isinstance(block, ParseError) else sum(len(line) + 1 for line in block.lines)


def read_chunks(path: Path, size: int = DEFAULT_CHUNK, max_chars: int = CHUNK_CHARS) -> Iterator[Chunk]:
    """The file in chunks of at most ``size`` hand blocks and about ``max_chars`` characters of text; at
    least one chunk, the last one marked, whatever the file holds (an unreadable file is one chunk of one
    ParseError)."""
    reader = LogReader(path)
    blocks: list[Block | ParseError] = []
    chars = 0
    for block in reader:
        if len(blocks) == size or chars >= max_chars:
            yield Chunk(reader.name, blocks, False, chars=chars)
            blocks, chars = [], 0
        blocks.append(block)
        chars += _chars(block)
    yield Chunk(reader.name, blocks, True, reader.stamp, chars)
