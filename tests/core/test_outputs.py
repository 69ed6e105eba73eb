"""Files a command writes: never over an input or a database, into folders made for them, and never
left half written when the disk is full."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from helpers.hostile_log import HAND_ID
from helpers.hostile_log import LOG
from helpers.importing import import_into
from typer.testing import CliRunner

from studbook.cli import app

runner = CliRunner()


@pytest.fixture
def log(tmp_path: Path) -> Path:
    path = tmp_path / "hand.txt"
    path.write_text(LOG, encoding="utf-8")
    return path


@pytest.fixture
def db(tmp_path: Path, log: Path) -> Path:
    import_into(tmp_path / "hands.duckdb", log)
    return tmp_path / "hands.duckdb"


def refused(args: list[str], target: Path) -> str:
    before = target.read_bytes()
    result = runner.invoke(app, args)
    assert result.exit_code == 2, result.output
    assert target.read_bytes() == before
    assert len(result.stderr.strip().splitlines()) == 1
    return result.stderr


def test_export_refuses_to_write_over_its_input(log: Path) -> None:
    message = refused(["export", "--format", "studbook", str(log), "--out", str(log)], log)
    assert "is also an input" in message
    refused(["export", "--format", "json", str(log.parent), "--out", str(log)], log)  # found in a folder


def test_report_replay_and_simulate_refuse_to_write_over_a_database(db: Path, log: Path,
                                                                    tmp_path: Path) -> None:
    assert "is also an input" in refused(["report", "--db", str(db), "-o", str(db)], db)
    other = tmp_path / "other.db"  # a database by its content, whatever its name
    other.write_bytes(db.read_bytes())
    assert "is a database" in refused(["report", "--db", str(db), "-o", str(other)], other)
    assert "is a database" in refused(["simulate", "-n", "2", "-o", str(other)], other)
    assert "is also an input" in refused(["replay", str(log), "--hand", HAND_ID, "-o", str(log)], log)


def test_outputs_go_into_folders_made_for_them(db: Path, log: Path, tmp_path: Path) -> None:
    new = tmp_path / "new" / "deeper"
    for args in (["report", "--db", str(db), "-o", str(new / "r.html")],
                 ["replay", str(db), "--hand", HAND_ID, "-o", str(new / "p.html")],
                 ["simulate", "-n", "2", "-o", str(new / "s.txt")],
                 ["export", "--format", "json", str(log), "--out", str(new / "e.json")],
                 ["export", "--format", "parquet", "--db", str(db), "--out", str(new / "lake")]):
        assert runner.invoke(app, args).exit_code == 0, args
    assert sorted(path.name for path in new.iterdir()) == ["e.json", "lake", "p.html", "r.html", "s.txt"]


def test_parquet_into_an_existing_file_is_one_line(db: Path, log: Path) -> None:
    args = ["export", "--format", "parquet", "--db", str(db), "--out", str(log)]
    assert "give a folder" in refused(args, log)


@pytest.mark.skipif(not Path("/dev/full").exists(), reason="no /dev/full on this system")
@pytest.mark.parametrize("command", [["simulate", "-n", "50"], ["export", "--format", "json", "LOG"],
                                     ["report", "--db", "DB"]])
def test_a_full_disk_is_one_line(command: list[str], log: Path, db: Path) -> None:
    args = [{"LOG": str(log), "DB": str(db)}.get(arg, arg) for arg in command]
    result = runner.invoke(app, [*args, "-o" if command[0] != "export" else "--out", "/dev/full"])
    assert result.exit_code == 2
    assert result.stderr.strip().splitlines() == [
        "error: cannot write /dev/full: no space left on the device"]


@pytest.mark.skipif(sys.platform == "win32", reason="needs a POSIX file size limit")
def test_a_write_that_fails_leaves_no_partial_file(tmp_path: Path) -> None:
    """A file size limit makes the write fail halfway, as a full disk would."""
    out = tmp_path / "big.txt"
    script = ("import resource, signal, sys; signal.signal(signal.SIGXFSZ, signal.SIG_IGN); "
              "resource.setrlimit(resource.RLIMIT_FSIZE, (20000, 20000)); "
              "from studbook.cli import main; sys.argv = ['studbook', *sys.argv[1:]]; main()")
    result = subprocess.run([sys.executable, "-c", script, "simulate", "-n", "200", "-o", str(out)],
                            capture_output=True, text=True, env={**os.environ, "PYTHONWARNINGS": "ignore"})
    assert result.returncode == 2, result.stderr
    assert result.stderr.strip().splitlines() == [f"error: cannot write {out}: File too large"]
    assert not out.exists()
