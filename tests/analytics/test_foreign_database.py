"""``import`` writes only into a new database, an empty file or a studbook database, never into
another program's DuckDB file (the read commands refuse that file too)."""

from __future__ import annotations

from pathlib import Path

import duckdb
from helpers.hostile_log import LOG
from helpers.importing import import_into
from helpers.importing import runner

from studbook.cli import app


def log(tmp_path: Path) -> Path:
    path = tmp_path / "hand.txt"
    path.write_text(LOG, encoding="utf-8")
    return path


def test_another_programs_database_is_left_alone(tmp_path: Path) -> None:
    db = tmp_path / "shop.duckdb"
    with duckdb.connect(str(db)) as con:
        con.execute("CREATE TABLE customers (name VARCHAR)")
    before = db.read_bytes()
    result = runner.invoke(app, ["import", str(log(tmp_path)), "--db", str(db)])
    assert result.exit_code == 2
    assert result.stderr.splitlines() == [
        f"error: {db} is a database of another program (it holds customers): "
        "studbook imports only into a new database or one it made"]
    assert db.read_bytes() == before
    assert runner.invoke(app, ["players", "--db", str(db)]).exit_code == 2  # as the read commands say


def test_an_empty_file_or_a_log_as_database(tmp_path: Path) -> None:
    empty = tmp_path / "new.duckdb"
    empty.touch()
    assert import_into(empty, log(tmp_path))["imported"] == 1
    assert runner.invoke(app, ["players", "--db", str(empty)]).exit_code == 0  # now a studbook database
    text = log(tmp_path)
    result = runner.invoke(app, ["import", str(text), "--db", str(text)])
    assert result.exit_code == 2 and len(result.stderr.splitlines()) == 1
    assert text.read_text(encoding="utf-8") == LOG
