"""While an import holds the database, the other commands say so in one line, naming its process; a
lock released within a moment is waited for."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
from helpers.hostile_log import LOG
from helpers.importing import import_into
from helpers.importing import runner

from studbook.cli import app

HOLD = ("import duckdb, sys, time; con = duckdb.connect(sys.argv[1]); print('held', flush=True); "
        "time.sleep(float(sys.argv[2]))")


@pytest.fixture
def db(tmp_path: Path) -> Path:
    (tmp_path / "hand.txt").write_text(LOG, encoding="utf-8")
    import_into(tmp_path / "locked.duckdb", tmp_path / "hand.txt")
    return tmp_path / "locked.duckdb"


def hold(db: Path, seconds: float) -> subprocess.Popen:
    holder = subprocess.Popen([sys.executable, "-c", HOLD, str(db), str(seconds)], stdout=subprocess.PIPE,
                              text=True)
    assert holder.stdout is not None and holder.stdout.readline() == "held\n"
    return holder


def test_readers_and_a_second_import_name_the_holder(db: Path) -> None:
    holder = hold(db, 30)
    try:
        for args in (["stats"], ["query", "SELECT 1"], ["report", "-o", str(db.parent / "r.html")],
                     ["import", str(db.parent / "hand.txt")]):
            result = runner.invoke(app, [*args, "--db", str(db)])
            assert result.exit_code == 2, args
            assert result.stderr.splitlines() == [
                f"error: {db} is locked by process {holder.pid} (a studbook import, or a read while one "
                "runs): try again when it is done"]
    finally:
        holder.kill()
        holder.wait()


def test_a_lock_released_within_a_moment_is_waited_for(db: Path) -> None:
    holder = hold(db, 0.5)
    try:
        result = runner.invoke(app, ["query", "SELECT count(*) AS n FROM hands", "--db", str(db),
                                     "--format", "csv"])
        assert result.exit_code == 0 and result.stdout == "n\n1\n"
    finally:
        holder.wait()
