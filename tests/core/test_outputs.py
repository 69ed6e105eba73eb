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


# -- replacing an existing file: only one the command wrote, or with --force; a log never ----------------

# Each command that writes a file, with LOG, DB and OUT standing for the fixture log, database and target.
WRITING = {
    "report": ["report", "--db", "DB", "-o", "OUT"],
    "replay": ["replay", "LOG", "--hand", HAND_ID, "-o", "OUT"],
    "simulate": ["simulate", "-n", "2", "-o", "OUT"],
    "export pokerstars": ["export", "--format", "pokerstars", "LOG", "--out", "OUT"],
    "export studbook": ["export", "--format", "studbook", "LOG", "--out", "OUT"],
    "export phh": ["export", "--format", "phh", "LOG", "--out", "OUT"],
    "export json": ["export", "--format", "json", "LOG", "--out", "OUT"],
}
# The commands that can tell their own earlier file by its content, and so replace it.
OWN_KIND = {"report", "replay", "export json"}


def command(name: str, log: Path, db: Path, out: Path, *more: str) -> list[str]:
    named = {"LOG": str(log), "DB": str(db), "OUT": str(out)}
    return [named.get(arg, arg) for arg in WRITING[name]] + [*more]


@pytest.mark.parametrize("name", sorted(WRITING))
def test_a_hand_history_log_is_never_replaced(name: str, log: Path, db: Path, tmp_path: Path) -> None:
    other = tmp_path / "other-log.txt"  # a log that is not an input of the command
    other.write_text(LOG, encoding="utf-8")
    for force in ((), ("--force",)):
        message = refused(command(name, log, db, other, *force), other)
        assert f"{other} is a hand-history log: studbook never writes over one" in message


@pytest.mark.parametrize("name", sorted(WRITING))
def test_a_file_the_command_did_not_write_is_replaced_only_with_force(name: str, log: Path, db: Path,
                                                                     tmp_path: Path) -> None:
    notes = tmp_path / "notes.html"
    notes.write_text("<html><body>my own notes</body></html>\n", encoding="utf-8")
    message = refused(command(name, log, db, notes), notes)
    assert f"{notes} already exists" in message and "--force replaces it" in message
    result = runner.invoke(app, command(name, log, db, notes, "--force"))
    assert result.exit_code == 0, result.output
    assert "my own notes" not in notes.read_text(encoding="utf-8")


@pytest.mark.parametrize("name", sorted(WRITING))
def test_an_empty_file_is_written(name: str, log: Path, db: Path, tmp_path: Path) -> None:
    empty = tmp_path / "empty.out"
    empty.touch()
    assert runner.invoke(app, command(name, log, db, empty)).exit_code == 0
    assert empty.stat().st_size > 0


@pytest.mark.parametrize("name", sorted(OWN_KIND))
def test_a_command_replaces_its_own_earlier_file(name: str, log: Path, db: Path, tmp_path: Path) -> None:
    out = tmp_path / "out.file"
    assert runner.invoke(app, command(name, log, db, out)).exit_code == 0
    out.write_text(out.read_text(encoding="utf-8") + "\n", encoding="utf-8")  # so a rewrite shows
    before = out.read_text(encoding="utf-8")
    result = runner.invoke(app, command(name, log, db, out))
    assert result.exit_code == 0, result.output
    assert out.read_text(encoding="utf-8") == before[:-1]


@pytest.mark.parametrize("name", sorted(set(WRITING) - OWN_KIND))
def test_a_log_the_command_wrote_is_kept_as_any_log(name: str, log: Path, db: Path, tmp_path: Path) -> None:
    """Its own log cannot be told from a site's: it is kept as one, and the message says how to go on."""
    out = tmp_path / "written.txt"
    assert runner.invoke(app, command(name, log, db, out)).exit_code == 0
    assert "remove it yourself" in refused(command(name, log, db, out), out)


def test_parquet_replaces_parquet_files_only(db: Path, log: Path, tmp_path: Path) -> None:
    lake = tmp_path / "tables"
    args = ["export", "--format", "parquet", "--db", str(db), "--out", str(lake)]
    assert runner.invoke(app, args).exit_code == 0
    assert runner.invoke(app, args).exit_code == 0  # its own Parquet files, written again
    seats = lake / "seats.parquet"
    seats.write_text("not parquet\n", encoding="utf-8")
    assert "is not a Parquet file" in refused(args, seats)
    assert not (lake / "hands.parquet").exists() or (lake / "hands.parquet").read_bytes()[:4] == b"PAR1"
    assert runner.invoke(app, [*args, "--force"]).exit_code == 0
    assert seats.read_bytes()[:4] == b"PAR1"
    hands = lake / "hands.parquet"
    hands.write_text(LOG, encoding="utf-8")
    assert "is a hand-history log" in refused([*args, "--force"], hands)


def test_a_report_is_refused_before_the_work(db: Path, log: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The check comes first: a refused report builds no page."""
    import studbook.reports.overview as overview

    def build(*args: object) -> str:
        raise AssertionError("the page was built")

    monkeypatch.setattr(overview, "overview_page", build)
    refused(["report", "--db", str(db), "-o", str(log)], log)
