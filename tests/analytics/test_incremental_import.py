"""A re-import reads only what is new: a file whose exact content an earlier import into the same
database read whole, with no rejected block, is not read again; a grown, edited or partly rejected
file is, and `--reread` reads them all. Skipping changes nothing in the database."""

from __future__ import annotations

import hashlib
import shutil
from pathlib import Path

import duckdb
import pytest
from helpers.importing import contents
from helpers.importing import import_into
from helpers.importing import runner
from helpers.odd_files import ODD_FILES
from helpers.odd_files import UNREADABLE

from studbook.analytics.db import SCHEMA_VERSION
from studbook.analytics.reading import read_chunks
from studbook.cli import app
from studbook.simulate import Setup
from studbook.simulate import Simulator
from studbook.writers import SEPARATORS
from studbook.writers import WRITERS

BROKEN = "PokerStars Hand #1: this is not a hand line\n"


def simulated(seed: int, hands: int) -> list[str]:
    """PokerStars texts of simulated stud hands (hand ids differ between seeds)."""
    played = Simulator(Setup(game="stud", players=6, seed=seed, fmt="pokerstars")).hands(hands)
    return [WRITERS["pokerstars"](hand.hand) for hand in played]


def write(path: Path, texts: list[str]) -> Path:
    path.write_text(SEPARATORS["pokerstars"].join(texts), encoding="utf-8")
    return path


@pytest.fixture
def logs(tmp_path: Path) -> Path:
    """A folder of three clean files of 30 hands each."""
    folder = tmp_path / "logs"
    folder.mkdir()
    for index in range(3):
        write(folder / f"table-{index}.txt", simulated(seed=40 + index, hands=30))
    return folder


def recorded(db: Path) -> list[tuple]:
    with duckdb.connect(str(db), read_only=True) as con:
        return con.execute("SELECT sha256, bytes, file, blocks, rejected FROM imported_files ORDER BY file"
                           ).fetchall()


def test_a_second_import_reads_no_unchanged_file_and_changes_nothing(logs: Path, tmp_path: Path) -> None:
    db = tmp_path / "db.duckdb"
    first = import_into(db, logs)
    assert (first["files"], first["unchanged, not read"], first["imported"]) == (3, 0, 90)
    assert [row[1:] for row in recorded(db)] == [
        (path.stat().st_size, str(path), 30, 0) for path in sorted(logs.iterdir())]
    assert [row[0] for row in recorded(db)] == [
        hashlib.sha256(path.read_bytes()).hexdigest() for path in sorted(logs.iterdir())]
    before = contents(db)
    again = import_into(db, logs)
    assert (again["files"], again["unchanged, not read"], again["hand blocks found"]) == (3, 3, 0)
    assert contents(db) == before


def test_reread_reads_every_file(logs: Path, tmp_path: Path) -> None:
    db = tmp_path / "db.duckdb"
    import_into(db, logs)
    before = contents(db)
    again = import_into(db, logs, extra=("--reread",))
    assert (again["unchanged, not read"], again["hand blocks found"], again["already present"]) == (0, 90, 90)
    assert contents(db) == before
    assert len(recorded(db)) == 3  # a file read again replaces its record


def test_a_grown_file_is_read_again_and_only_its_new_hands_are_new(logs: Path, tmp_path: Path) -> None:
    db = tmp_path / "db.duckdb"
    grown = logs / "table-0.txt"
    texts = simulated(seed=40, hands=30)
    write(grown, texts[:20])
    import_into(db, logs)
    write(grown, texts)  # the site appended ten hands
    again = import_into(db, logs)
    assert (again["unchanged, not read"], again["hand blocks found"]) == (2, 30)
    assert (again["imported"], again["already present"]) == (10, 20)
    assert import_into(db, logs)["unchanged, not read"] == 3


def test_the_content_is_the_key_not_the_path(logs: Path, tmp_path: Path) -> None:
    db = tmp_path / "db.duckdb"
    import_into(db, logs)
    moved = tmp_path / "moved"
    shutil.copytree(logs, moved)
    (moved / "table-1.txt").rename(moved / "renamed.txt")
    edited = moved / "table-2.txt"
    edited.write_text(edited.read_text(encoding="utf-8").replace("Seat 1:", "Seat 1: ", 1), encoding="utf-8")
    again = import_into(db, moved)
    assert (again["unchanged, not read"], again["hand blocks found"]) == (2, 30)


def test_a_file_with_a_rejected_block_is_read_every_time(logs: Path, tmp_path: Path) -> None:
    """A newer studbook may parse the rejected block, and the import then stores it."""
    db = tmp_path / "db.duckdb"
    write(logs / "table-1.txt", [*simulated(seed=41, hands=30), BROKEN])
    first = import_into(db, logs)
    assert first["rejected (parse errors)"] == 1
    again = import_into(db, logs)
    assert (again["unchanged, not read"], again["hand blocks found"]) == (2, 31)
    assert again["rejected (parse errors)"] == 1


def test_a_file_is_recorded_only_with_its_last_hands(tmp_path: Path) -> None:
    """Passes commit a prefix of the input: a file is recorded by the pass holding its last chunk."""
    from studbook.analytics import importer
    from studbook.analytics.load import Loader

    path = write(tmp_path / "big.txt", simulated(seed=7, hands=50))
    db = tmp_path / "db.duckdb"
    real_commit, commits = Loader.commit, []

    def failing_commit(self: Loader) -> object:
        commits.append(self.hands)
        if len(commits) == 3:
            raise RuntimeError("killed")
        return real_commit(self)

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(Loader, "commit", failing_commit)
        with pytest.raises(RuntimeError):
            importer.run_import([path], db, batch_size=10, chunk_size=10)
    assert recorded(db) == []
    with duckdb.connect(str(db), read_only=True) as con:
        assert con.execute("SELECT count(*) FROM hands").fetchall()[0][0] == 20
    summary = importer.run_import([path], db, batch_size=10, chunk_size=10)
    assert (summary.unchanged, summary.imported, summary.already_present) == (0, 30, 20)
    assert [row[3:] for row in recorded(db)] == [(50, 0)]


@pytest.mark.parametrize("jobs", ["1", "2"])
def test_an_import_out_of_memory_says_so_in_one_line_and_importing_again_finishes_it(
        tmp_path: Path, jobs: str) -> None:
    from studbook.analytics.load import Loader

    path = write(tmp_path / "big.txt", simulated(seed=7, hands=50))
    db = tmp_path / "db.duckdb"
    real_commit, commits = Loader.commit, []

    def starved_commit(self: Loader) -> object:  # the writer runs in the importing process
        commits.append(self.hands)
        if len(commits) == 3:
            raise MemoryError
        return real_commit(self)

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(Loader, "commit", starved_commit)
        result = runner.invoke(app, ["import", str(path), "--db", str(db), "--jobs", jobs, "--batch", "10",
                                     "--chunk", "10"])
    assert result.exit_code == 2
    assert result.stderr.splitlines() == [
        f"error: out of memory importing into {db}: the hands stored before stay, and importing again goes "
        "on from them; a smaller --batch or --chunk holds fewer hands at once"]
    assert "Traceback" not in result.output
    with duckdb.connect(str(db), read_only=True) as con:
        assert con.execute("SELECT count(*) FROM hands").fetchall()[0][0] == 20
    assert import_into(db, path)["imported"] == 30


@pytest.mark.parametrize("name", ODD_FILES)
def test_the_last_chunk_stamps_the_bytes_it_read(name: str, tmp_path: Path) -> None:
    path = tmp_path / f"{name}.txt"
    path.write_bytes(ODD_FILES[name])
    for size in (1, 1000):
        *_, last = read_chunks(path, size)
        if name in UNREADABLE:  # empty, blank or binary: never recorded, always read again
            assert last.stamp is None
        else:
            assert last.stamp is not None
            assert (last.stamp.sha256, last.stamp.bytes) == (hashlib.sha256(ODD_FILES[name]).hexdigest(),
                                                            len(ODD_FILES[name]))


def test_a_version_2_database_is_read_and_upgraded_in_place(logs: Path, tmp_path: Path) -> None:
    """Version 3 only adds imported_files: a version 2 database is read as it is, and an import adds the
    table (then knows no file yet)."""
    from studbook.cli import app

    db = tmp_path / "v2.duckdb"
    import_into(db, logs)
    with duckdb.connect(str(db)) as con:  # as studbook left it before imported_files
        con.execute("DROP TABLE imported_files")
        con.execute("UPDATE schema_version SET version = 2")
    query = ["query", "SELECT count(*) AS n FROM hands", "--db", str(db), "--format", "csv"]
    queried = runner.invoke(app, query)
    assert (queried.exit_code, queried.stdout.split()) == (0, ["n", "90"])
    again = import_into(db, logs)
    assert (again["unchanged, not read"], again["already present"]) == (0, 90)
    with duckdb.connect(str(db), read_only=True) as con:
        assert con.execute("SELECT version FROM schema_version").fetchall() == [(SCHEMA_VERSION,)]
    assert import_into(db, logs)["unchanged, not read"] == 3
