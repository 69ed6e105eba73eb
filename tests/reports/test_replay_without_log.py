"""Replays and reports come from the database: a log moved or deleted after its import does not matter
(``hand_logs`` keeps each hand's lines); a database imported before that re-reads the log."""

from __future__ import annotations

import json
import re
from pathlib import Path

import duckdb
from helpers.hostile_log import EVIL
from helpers.hostile_log import HAND_ID
from helpers.hostile_log import LOG
from helpers.importing import import_into
from typer.testing import CliRunner

from studbook.cli import app
from studbook.reports.filters import Filters
from studbook.reports.player_report import player_page

runner = CliRunner()


def replay_data(page: Path) -> dict:
    return json.loads(re.search(r'id="replay-data">(.*?)</script>', page.read_text(), re.S).group(1))


def test_replay_and_report_after_the_log_is_gone(tmp_path: Path) -> None:
    log, db = tmp_path / "hand.txt", tmp_path / "h.duckdb"
    log.write_text(LOG, encoding="utf-8")
    import_into(db, log)
    result = runner.invoke(app, ["replay", str(log), "--hand", HAND_ID, "-o", str(tmp_path / "log.html")])
    assert result.exit_code == 0
    log.unlink()
    result = runner.invoke(app, ["replay", str(db), "--hand", HAND_ID, "-o", str(tmp_path / "db.html")])
    assert result.exit_code == 0, result.output
    from_log, from_db = replay_data(tmp_path / "log.html"), replay_data(tmp_path / "db.html")
    assert from_db["steps"] == from_log["steps"] and from_db["log"] == from_log["log"]
    assert from_db["ruling"]["violations"] and from_db["log"]["first"] == 1
    with duckdb.connect(str(db), read_only=True) as con:
        page = player_page(con, Filters(EVIL), db)
    assert 'href="#replay-0"' in page  # the violated hand's replay is embedded, log or no log


def test_a_database_without_stored_lines_reads_the_log(tmp_path: Path) -> None:
    log, db = tmp_path / "hand.txt", tmp_path / "old.duckdb"
    log.write_text(LOG, encoding="utf-8")
    import_into(db, log)
    with duckdb.connect(str(db)) as con:
        con.execute("DROP TABLE hand_logs")  # as a database imported before hand_logs
    result = runner.invoke(app, ["replay", str(db), "--hand", HAND_ID, "-o", str(tmp_path / "old.html")])
    assert result.exit_code == 0, result.output
    log.unlink()
    result = runner.invoke(app, ["replay", str(db), "--hand", HAND_ID, "-o", str(tmp_path / "gone.html")])
    assert result.exit_code == 2 and "is no longer there" in result.stderr


def test_an_xml_game_is_replayed_from_its_log(tmp_path: Path, corpus: Path) -> None:
    """An XML game's stored lines need its session's context to parse: its replay reads the log file."""
    log = next(path for path in sorted((corpus / "merge").iterdir()) if path.suffix in (".txt", ".xml"))
    db = tmp_path / "merge.duckdb"
    import_into(db, log)
    con = duckdb.connect(str(db), read_only=True)
    (hand_id,) = con.execute("SELECT hand_id FROM hands ORDER BY first_line LIMIT 1").fetchone()
    con.close()
    from_db = runner.invoke(app, ["replay", str(db), "--hand", hand_id, "-o", str(tmp_path / "db.html")])
    assert from_db.exit_code == 0, from_db.output
    from_log = runner.invoke(app, ["replay", str(log), "--hand", hand_id, "-o", str(tmp_path / "log.html")])
    assert from_log.exit_code == 0, from_log.output
    replayed = replay_data(tmp_path / "db.html")
    assert replayed["steps"] and replayed == replay_data(tmp_path / "log.html")
