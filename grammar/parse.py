"""Files to parse results: every hand block becomes a Hand, a Skipped or a ParseError."""

from __future__ import annotations

import glob
from collections.abc import Iterable
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

from studbook.events import UNKNOWN_CARD
from studbook.events import UNKNOWN_LINE
from studbook.events import UNKNOWN_SHOW
from studbook.events import Note
from studbook.grammar.dialect import HandSyntaxError
from studbook.grammar.reader import read_blocks
from studbook.grammar.records import Block
from studbook.grammar.records import ParseError
from studbook.hand import Hand
from studbook.stakes import with_stakes


@dataclass(frozen=True, slots=True)
class Skipped:
    """A well-formed block of a game studbook does not handle (hold'em in an 8-Game file)."""

    file: str
    line: int
    hand_id: str | None
    site: str
    game: str


ParseResult = Hand | ParseError | Skipped


def parse_block(block: Block, strict: bool = False) -> ParseResult:
    """Parse one block, never raising for bad input. ``strict``: every line must be one the site's
    grammar reads; else a line it does not read is left out where the hand's money closes without it
    (:func:`parse_open`)."""
    dialect = block.dialect
    if dialect is None:
        return ParseError(block.file, block.first_line, 1, None, None,
                          f"no hand header recognised: site or format not supported; the block starts "
                          f"{block.lines[0][:80]!r}",
                          block.text)
    hand_id = dialect.block_hand_id(block)
    try:
        other = dialect.other_game(block)
        if other is not None:
            return Skipped(block.file, block.first_line, hand_id, dialect.name, other)
        hand = dialect.parse(block) if strict else dialect.parse_open(block)
    except HandSyntaxError as error:
        return ParseError(block.file, block.first_line + error.line - 1, error.column, hand_id,
                          dialect.name, error.message, block.text)
    hand = with_stakes(hand)
    return closed(hand, block, hand_id, dialect.awards_required, strict)


def closed(hand: Hand, block: Block, hand_id: str | None, awards_required: bool, strict: bool
           ) -> ParseResult:
    """``hand`` if it has no line left out or its money closes without them; else the error the hand
    gives when read strictly, which then names the lines left out and why the money does not close.
    Read strictly, a hand whose format kept a part it does not know as a note (an XML element) is an
    error too."""
    left_out = [event for event in hand.events
                if isinstance(event, Note) and event.kind in (UNKNOWN_LINE, UNKNOWN_CARD, UNKNOWN_SHOW)]
    if not left_out:
        return hand
    first = left_out[0]
    if strict:
        return ParseError(block.file, first.line, 1, hand_id, hand.site,
                          f"unrecognised {first.text!r}: strict reading rejects what the format does not "
                          "know", block.text)
    from studbook.closing import money_gaps  # the rules engine, loaded only for a hand with lines left out
    from studbook.replay import replay

    gaps = money_gaps(replay(hand), awards_required)
    if not gaps:
        return hand
    lines = ", ".join(str(note.line) for note in left_out)
    because = (f"the unknown line(s) {lines} are the likely cause: the hand's money does not close "
               f"without them ({'; '.join(gaps)})")
    assert block.dialect is not None  # a hand was read from the block
    try:
        block.dialect.parse(block)  # the closed world's error, where the format raises one
    except HandSyntaxError as error:
        return ParseError(block.file, block.first_line + error.line - 1, error.column, hand_id, hand.site,
                          f"{error.message}; {because}", block.text)
    return ParseError(block.file, first.line, 1, hand_id, hand.site,
                      f"unrecognised {first.text!r}; {because}", block.text)


def parse_file(path: Path, strict: bool = False) -> Iterator[ParseResult]:
    """Every block of one log parsed, in file order (the log is streamed, see grammar/reader.py)."""
    for item in read_blocks(path):
        yield item if isinstance(item, ParseError) else parse_block(item, strict)


COMPANION_SUFFIXES = (".hp", ".hands", ".gt", ".json", ".py", ".pyc", ".duckdb", ".parquet")


def expand_paths(paths: Iterable[str | Path]) -> list[Path]:
    """Files named, files under folders (recursive, sorted), and glob patterns.

    Inside folders, files that are clearly not text hand histories (fpdb's companion files,
    XML exports, databases) are left out; a file named explicitly is always read.
    """
    found: list[Path] = []
    for entry in paths:
        path = Path(entry)
        if path.is_dir():
            # A dangling or looping symlink is kept, so the reader names it rather than skip it unseen.
            found.extend(sorted(p for p in path.rglob("*")
                                if (p.is_file() or p.is_symlink() and not p.exists())
                                and not p.name.startswith(".")
                                and not p.name.endswith(COMPANION_SUFFIXES)
                                and p.name.lower() != "readme.md"))
        elif path.exists():
            found.append(path)
        else:
            pattern = str(entry)  # relative or absolute, ``**`` across folders
            wild = any(c in pattern for c in "*?[")
            matches = sorted(map(Path, glob.glob(pattern, recursive=True))) if wild else []
            found.extend(matches or [path])  # a missing path is reported by read_blocks
    return found
