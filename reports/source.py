"""Find one hand to replay, in a log file or through a studbook database or lake, and replay it.

The database keeps each hand's lines (``hand_logs``), so a hand found there is parsed from them and its
log file is not needed; a database imported before it kept them re-reads the hand from its log (a
relative path is tried from the working folder, then from the database's folder), checked to be the
same hand. Either way it is replayed under the house rules stored with it
(``hands.rules``, the import's ``--rule``), so its verdict is the one the database holds, unless the
user gives rules of their own.
"""

from __future__ import annotations

from collections.abc import Iterator
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path

import duckdb

from studbook.grammar import Block
from studbook.grammar import ParseError
from studbook.grammar import parse_block
from studbook.grammar.dialect import detect_dialect
from studbook.grammar.reader import LogReader
from studbook.hand import Hand
from studbook.outputs import is_database
from studbook.replay import replay
from studbook.reports.replayer import LogExcerpt
from studbook.results import Replay
from studbook.rules.house import Rules
from studbook.rules.house import rules_from_text


class HandNotFound(Exception):
    """The hand asked for is not where it should be; the message says why."""


@dataclass(frozen=True, slots=True)
class FoundHand:
    replay: Replay
    log: LogExcerpt
    rules: Rules | None = None  # the house rules replayed under, given or stored; None: the log's and site's


@dataclass(frozen=True, slots=True)
class StoredHand:
    """A hand found through the database, with the house rules it was imported under."""

    hand: Hand
    log: LogExcerpt
    rules: Rules | None


def _block_hand_id(block: Block) -> str | None:
    return block.dialect.block_hand_id(block) if block.dialect else None


def _blocks(path: Path) -> Iterator[Block | ParseError]:
    """The log's hand blocks (one too large is its ParseError); a log that cannot be read is HandNotFound."""
    reader = LogReader(path)
    for block in reader:
        if block is reader.error:
            raise HandNotFound(str(block))
        yield block


def _hand_of(block: Block) -> tuple[Hand, LogExcerpt]:
    parsed = parse_block(block)
    if not isinstance(parsed, Hand):
        what = f"does not parse: {parsed}" if isinstance(parsed, ParseError) else \
            f"is not a stud game ({parsed.game})"
        raise HandNotFound(f"hand {_block_hand_id(block)} in {block.file} {what}")
    return parsed, LogExcerpt(block.first_line, block.lines)


def find_in_log(path: Path, hand_id: str) -> tuple[Hand, LogExcerpt]:
    """The first hand ``hand_id`` of a log file."""
    hand_id = hand_id.lstrip("#")
    for block in _blocks(path):
        if isinstance(block, ParseError):
            if block.hand_id == hand_id:
                raise HandNotFound(f"hand {hand_id} in {path} cannot be read: {block}")
        elif _block_hand_id(block) == hand_id:
            return _hand_of(block)
    raise HandNotFound(f"no hand {hand_id} in {path}")


def hands_at_lines(path: Path, wanted: Mapping[int, str]) -> dict[int, tuple[Hand, LogExcerpt]]:
    """Hands of one log named by first line and id, as the database records them, reading the file once.

    A hand that is no longer at its line is left out."""
    return {block.first_line: _hand_of(block) for block in _blocks(path)
            if isinstance(block, Block) and wanted.get(block.first_line) == _block_hand_id(block)}


def hand_from_log(file: str, first_line: int, text: str) -> tuple[Hand, LogExcerpt] | None:
    """A hand parsed from the lines the database stores for it (``hand_logs``), numbered as in its log;
    None for lines that need more than themselves (an XML game reads its session's context too)."""
    lines = text.split("\n")
    dialect = detect_dialect(lines[0])
    return _hand_of(Block(file, first_line, lines, dialect)) if dialect else None


def stored_logs(con: duckdb.DuckDBPyConnection, keys: list[tuple[str, str]]) -> dict[tuple[str, str], str]:
    """The stored lines of the hands ``keys`` (site, hand id); none from a database imported before
    hand_logs."""
    try:  # a join, not list_contains: DuckDB then reads only the blocks that hold the keys
        return {(site, hand_id): text for site, hand_id, text in con.execute(
            "SELECT site, hand_id, text FROM hand_logs SEMI JOIN (SELECT key[1] AS site, key[2] AS hand_id "
            "FROM (SELECT unnest(?::VARCHAR[][]) AS key)) USING (site, hand_id)",
            [[list(key) for key in keys]]).fetchall()}
    except duckdb.CatalogException:
        return {}


def find_in_database(db: Path, hand_id: str, lake: str | None = None) -> StoredHand:
    """Look the hand up in the database (or the lake, which ``db`` then names) and parse its stored
    lines (or, for an older database or an XML game, read it again from its log file)."""
    from studbook.analytics.db import open_db_or_lake

    hand_id = hand_id.lstrip("#")
    con = open_db_or_lake(db, lake)
    try:
        rows = con.execute("SELECT site, file, first_line, rules FROM hands WHERE hand_id = ? ORDER BY site",
                           [hand_id]).fetchall()
        logs = stored_logs(con, [(site, hand_id) for site, *_ in rows])
    finally:
        con.close()
    if not rows:
        raise HandNotFound(f"no hand {hand_id} in {db}")
    if len(rows) > 1:
        raise HandNotFound(f"hand {hand_id} is in {db} for several sites: "
                           + ", ".join(f"{site} ({file}:{line})" for site, file, line, _ in rows))
    site, file, line, rules = rows[0]
    stored = hand_from_log(file, line, logs[site, hand_id]) if (site, hand_id) in logs else None
    if stored is not None:
        return StoredHand(*stored, rules_from_text(rules))
    found = hands_at_lines(imported_file(file, db), {line: hand_id})
    if line not in found:
        raise HandNotFound(f"hand {hand_id} is no longer at line {line} of {file}")
    return StoredHand(*found[line], rules_from_text(rules))


def imported_file(file: str, db: Path) -> Path:
    """Where a log the database names is now: as stored, or relative to the database's folder."""
    candidates = [Path(file)] if Path(file).is_absolute() else [Path(file), db.parent / file]
    for path in candidates:
        if path.is_file():
            return path
    raise HandNotFound(f"{file}, a log imported into {db}, is no longer there")


def load_hand(source: Path, hand_id: str, rules: Rules | None = None, lake: str | None = None) -> FoundHand:
    """Parse and replay one hand from a log file, a studbook database or the ``lake`` (then ``source``
    is ignored; a lake folder may be given as ``source`` too); ``rules`` (the user's) win over those
    stored with a hand in the database."""
    if lake is None and source.is_dir():
        lake = str(source)
    if lake is None and not source.is_file():
        raise HandNotFound(f"no such file: {source}")
    if lake is not None or is_database(source):
        stored = find_in_database(source, hand_id, lake)
        hand, log, rules = stored.hand, stored.log, rules if rules is not None else stored.rules
    else:
        hand, log = find_in_log(source, hand_id)
    return FoundHand(replay(hand, rules), log, rules)
