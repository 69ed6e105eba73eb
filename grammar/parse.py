"""Files to parse results: every hand block becomes a Hand, a Skipped or a ParseError."""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from pathlib import Path

from studbook.grammar.blocks import Block, split_blocks
from studbook.grammar.decode import DecodeError, decode_bytes
from studbook.grammar.dialect import HandSyntaxError
from studbook.hand import Hand


@dataclass(frozen=True, slots=True)
class ParseError:
    """A block that could not be turned into a Hand; ``line`` is a line of the original file."""

    file: str
    line: int
    column: int
    hand_id: str | None
    site: str | None
    message: str
    raw: str = ""

    def __str__(self) -> str:
        hand = f"hand {self.hand_id}" if self.hand_id else "no hand id"
        return f"{self.file}:{self.line}:{self.column}: {hand}: {self.message}"


@dataclass(frozen=True, slots=True)
class Skipped:
    """A well-formed block of a game studbook does not handle (hold'em in an 8-Game file)."""

    file: str
    line: int
    hand_id: str | None
    site: str
    game: str


ParseResult = Hand | ParseError | Skipped


def parse_block(block: Block) -> ParseResult:
    """Parse one block, never raising for bad input."""
    dialect = block.dialect
    if dialect is None:
        return ParseError(block.file, block.first_line, 1, None, None,
                          f"no hand header recognised (unknown site or format): {block.lines[0][:80]!r}",
                          block.text)
    header = block.lines[0]
    hand_id = dialect.hand_id(header)
    if dialect.variant(header) is None:
        return Skipped(block.file, block.first_line, hand_id, dialect.name, dialect.game_name(header))
    try:
        return dialect.parse(block)
    except HandSyntaxError as error:
        return ParseError(block.file, block.first_line + error.line - 1, error.column, hand_id,
                          dialect.name, error.message, block.text)


def read_blocks(path: Path) -> Iterator[Block | ParseError]:
    """The hand blocks of one file, or one ParseError when the file itself is unreadable."""
    name = str(path)
    try:
        data = path.read_bytes()
    except OSError as error:
        yield ParseError(name, 0, 0, None, None, f"cannot read file: {error.strerror}")
        return
    if not data.strip():
        yield ParseError(name, 1, 1, None, None, "empty file: no hands")
        return
    try:
        decoded = decode_bytes(data)
    except DecodeError as error:
        yield ParseError(name, 1, 1, None, None, str(error))
        return
    yield from split_blocks(name, decoded.lines)


def parse_file(path: Path) -> Iterator[ParseResult]:
    for item in read_blocks(path):
        yield item if isinstance(item, ParseError) else parse_block(item)


COMPANION_SUFFIXES = (".hp", ".hands", ".gt", ".json", ".xml", ".py", ".pyc", ".duckdb", ".parquet")


def expand_paths(paths: Iterable[str | Path]) -> list[Path]:
    """Files named, files under folders (recursive, sorted), and glob patterns.

    Inside folders, files that are clearly not text hand histories (fpdb's companion files,
    XML exports, databases) are left out; a file named explicitly is always read.
    """
    found: list[Path] = []
    for entry in paths:
        path = Path(entry)
        if path.is_dir():
            found.extend(sorted(p for p in path.rglob("*")
                                if p.is_file() and not p.name.startswith(".")
                                and not p.name.endswith(COMPANION_SUFFIXES)
                                and p.name.lower() != "readme.md"))
        elif path.exists():
            found.append(path)
        else:
            matches = sorted(Path().glob(str(entry))) if any(c in str(entry) for c in "*?[") else []
            found.extend(matches or [path])  # a missing path is reported by read_blocks
    return found
