"""``studbook import --watch`` on an XML log (iPoker), which a client may rewrite whole with each hand: each
game is imported once, when it is complete, and a game still being written waits (the file cannot be read
on from an offset as text is)."""

from __future__ import annotations

from pathlib import Path

import duckdb
from helpers.watching import Recorder

SESSION = "ipoker/cash-7-StudL-USD-0.05-0.10-201009.txt"  # two games, on lines 18 and 47


def cut_in_second_game(source: bytes) -> bytes:
    """The session as a client has it while it writes the second game: the first whole, the root open."""
    lines = source.split(b"\n")
    second = next(i for i, line in enumerate(lines) if line.lstrip().startswith(b"</game><game"))
    return b"\n".join(lines[:second + 8]) + b"\n"


def stored(db: Path, query: str) -> list[tuple]:
    con = duckdb.connect(str(db), read_only=True)
    try:
        return con.sql(query).fetchall()
    finally:
        con.close()


def test_a_session_rewritten_whole_imports_each_game_once(corpus: Path, tmp_path: Path) -> None:
    source = (corpus / SESSION).read_bytes()
    session, db = tmp_path / "iPoker" / "session.xml", tmp_path / "live.duckdb"
    session.parent.mkdir()
    watcher = Recorder(session.parent, db)
    session.write_bytes(cut_in_second_game(source))
    assert watcher.step() == ["+1 hand (1 block) from session.xml"]  # the second game waits
    session.write_bytes(source)  # the client writes the whole session again, the second game done
    assert watcher.step() == ["+1 hand (1 block) from session.xml"]
    assert watcher.step() == [] and watcher.step() == []
    assert stored(db, "SELECT first_line FROM hands ORDER BY first_line") == [(18,), (47,)]
    assert stored(db, "SELECT count(*) FROM rejected") == [(0,)]
    assert watcher.watcher.summary.imported == 2 and watcher.watcher.summary.already_present == 0


def test_a_game_left_cut_off_is_reported_once_the_file_stops_growing(corpus: Path, tmp_path: Path) -> None:
    session, db = tmp_path / "iPoker" / "session.xml", tmp_path / "live.duckdb"
    session.parent.mkdir()
    watcher = Recorder(session.parent, db)
    session.write_bytes(cut_in_second_game((corpus / SESSION).read_bytes()))
    assert watcher.step() == ["+1 hand (1 block) from session.xml"]
    assert watcher.step() == ["+0 hands (1 block, 1 rejected) from session.xml"]  # it stopped growing
    assert watcher.step() == []
    [(line, error)] = stored(db, "SELECT line, error FROM rejected")
    assert line == 47 and "that game is cut off" in error
