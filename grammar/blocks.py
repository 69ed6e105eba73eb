"""Split decoded lines into hand blocks, each tagged with its dialect and first line.

A block starts at a line that some dialect recognises as a hand header and runs to the next
header; blank lines around it are trimmed. Non-blank text before the first header (or a file
with no header at all) becomes a block with no dialect, so it is reported, never dropped; only
``#`` comment lines (allowed in studbook's own log format) may stand before the first hand.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

from studbook.grammar.dialect import Dialect, detect_dialect


@dataclass(frozen=True, slots=True)
class Block:
    file: str
    first_line: int  # 1-based line number of lines[0] in the original file
    lines: list[str]
    dialect: Dialect | None

    @property
    def last_line(self) -> int:
        return self.first_line + len(self.lines) - 1

    @property
    def text(self) -> str:
        return "\n".join(self.lines)


def _trimmed(file: str, start: int, lines: list[str], dialect: Dialect | None) -> Block | None:
    end = len(lines)
    while end and not lines[end - 1]:
        end -= 1
    begin = 0
    while begin < end and not lines[begin]:
        begin += 1
    if begin == end or dialect is None and all(not line or line.startswith("#") for line in lines):
        return None  # blank lines, or comments before the first hand of a hand-written log
    return Block(file, start + begin, lines[begin:end], dialect)


def split_blocks(file: str, lines: list[str]) -> Iterator[Block]:
    """Yield the hand blocks of one file's lines."""
    start = 0
    current: Dialect | None = None
    for index, line in enumerate(lines):
        dialect = detect_dialect(line) if line else None
        if dialect is None:
            continue
        if index > start:
            block = _trimmed(file, start + 1, lines[start:index], current)
            if block:
                yield block
        start, current = index, dialect
    block = _trimmed(file, start + 1, lines[start:], current)
    if block:
        yield block
