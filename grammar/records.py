"""What the reader hands on: the blocks of a log, the errors of a block or a file, and a file's stamp.

They sit apart from the reader so the dialects can name a :class:`Block` without importing the reader,
which imports the dialect registry.
"""

from __future__ import annotations

from dataclasses import dataclass
from dataclasses import fields
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from studbook.grammar.dialect import Dialect


def field_values(instance: FileStamp | Block | ParseError) -> tuple[object, ...]:
    """A record's fields in order, which its ``__reduce__`` pickles it by (for worker processes): compiled
    by mypyc, a frozen class cannot be unpickled field by field, as pickle does by default."""
    return tuple(getattr(instance, field.name) for field in fields(instance))


@dataclass(frozen=True, slots=True)
class FileStamp:
    """What identifies a file's content: the SHA-256 (hex) and the number of its bytes."""

    sha256: str
    bytes: int

    def __reduce__(self) -> tuple[type[FileStamp], tuple[object, ...]]:
        return FileStamp, field_values(self)


@dataclass(frozen=True, slots=True)
class Block:
    """The lines of one hand, numbered as in the file; ``dialect`` None for text before any header.
    An XML game's lines are its element written out again; ``context`` is then the XML its dialect
    needs from outside the element (grammar/xmlread.py)."""

    file: str
    first_line: int  # 1-based line number of lines[0] in the original file
    lines: list[str]
    dialect: Dialect | None
    context: str = ""

    @property
    def last_line(self) -> int:
        return self.first_line + len(self.lines) - 1

    def __reduce__(self) -> tuple[type[Block], tuple[object, ...]]:
        return Block, field_values(self)

    @property
    def text(self) -> str:
        return "\n".join(self.lines)


@dataclass(frozen=True, slots=True)
class ParseError:
    """A file or block that could not be turned into a Hand; ``line`` is a line of the original file."""

    file: str
    line: int
    column: int
    hand_id: str | None
    site: str | None
    message: str
    raw: str = ""

    def __reduce__(self) -> tuple[type[ParseError], tuple[object, ...]]:
        return ParseError, field_values(self)

    def __str__(self) -> str:
        hand = f"hand {self.hand_id}" if self.hand_id else "no hand id"
        return f"{self.file}:{self.line}:{self.column}: {hand}: {self.message}"


@dataclass(frozen=True, slots=True)
class FileError(ParseError):
    """The file itself could not be read (missing, a folder, empty, binary): it holds no hand block."""
