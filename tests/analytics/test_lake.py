"""`studbook import --lake` on a Dask cluster of two worker processes over TCP on 127.0.0.1, and every
read command on the lake: the same tables and stats as `import --db`, idempotent and resumable."""

from __future__ import annotations

import shutil
from collections.abc import Iterator
from pathlib import Path

import pyarrow as pa
import pytest
from helpers.importing import contents
from helpers.importing import import_into
from helpers.importing import runner
from helpers.importing import summary_counts
from helpers.interrupting import COPIES
from helpers.interrupting import HANDS
from helpers.interrupting import LINE
from helpers.interrupting import interrupted
from helpers.interrupting import write_logs
from helpers.lake import import_into_lake
from helpers.lake import lake_contents
from helpers.lake import lake_files
from helpers.paths import HISTORIES

from studbook.analytics import lake_import
from studbook.analytics.lake_shards import StagedShard
from studbook.analytics.lake_shards import import_files
from studbook.analytics.lake_store import Lake
from studbook.analytics.lake_views import open_lake
from studbook.cli import app
from studbook.grammar import expand_paths


@pytest.fixture(scope="module")
def scheduler() -> Iterator[str]:
    """The address of a local cluster of two single-threaded worker processes, for the module's tests."""
    with lake_import.local_cluster(2) as cluster:
        yield cluster.scheduler_address


@pytest.fixture(scope="module")
def logs(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The shipped histories, simulated stud and stud8 logs, and a copy of one of them (its hands are
    then in two files)."""
    folder = tmp_path_factory.mktemp("lake-logs")
    shutil.copytree(HISTORIES, folder / "histories")
    for game, hands, seed in (("stud", 60, 11), ("stud8", 40, 12)):
        result = runner.invoke(app, ["simulate", "--game", game, "--hands", str(hands), "--seed", str(seed),
                                     "-o", str(folder / f"sim-{game}.txt")])
        assert result.exit_code == 0, result.output
    shutil.copy(folder / "sim-stud.txt", folder / "sim-stud-copy.txt")
    with (folder / "sim-stud8.txt").open("a", encoding="utf-8") as stream:
        stream.write("\n\nPokerStars Hand #1: not a hand line\n")
    return folder


@pytest.fixture(scope="module")
def database(logs: Path, tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, dict[str, int]]:
    db = tmp_path_factory.mktemp("lake-db") / "db.duckdb"
    return db, import_into(db, logs)


def cli(*args: str) -> str:
    result = runner.invoke(app, list(args))
    assert result.exit_code == 0, result.output
    return result.stdout


def log_files(logs: Path) -> int:
    """How many files an import of the folder reads (its README is none)."""
    return len(expand_paths([logs]))


def test_the_lake_holds_what_the_database_holds(logs: Path, database: tuple[Path, dict[str, int]],
                                               scheduler: str, tmp_path: Path) -> None:
    db, db_counts = database
    lake = tmp_path / "lake"
    counts = import_into_lake(lake, scheduler, logs)
    assert counts == db_counts
    assert counts["files"] == log_files(logs) and counts["already present"] == 60
    assert counts["rejected (parse errors)"] == 1
    assert counts["hand blocks found"] == sum(counts[kind] for kind in (
        "imported", "already present", "skipped (not stud)", "rejected (parse errors)"))
    assert lake_contents(lake) == contents(db)
    by_game = "SELECT variant, count(*) AS n FROM hands GROUP BY ALL ORDER BY ALL"
    for command in (["stats"], ["stats", "--streets"], ["stats", "--player", "Luis"], ["players"],
                    ["rejects"], ["query", by_game]):
        assert cli(*command, "--lake", str(lake), "--format", "csv") == \
            cli(*command, "--db", str(db), "--format", "csv"), command
    hands = cli("query", "SELECT count(*) FROM hands", "--lake", str(lake), "--format", "csv")
    assert hands.split() == ["count_star()", str(counts["imported"])]


def test_a_second_run_writes_nothing_and_reread_changes_nothing(logs: Path, scheduler: str,
                                                                tmp_path: Path) -> None:
    lake = tmp_path / "lake"
    first = import_into_lake(lake, scheduler, logs)
    files, tables = lake_files(lake), lake_contents(lake)
    again = import_into_lake(lake, scheduler, logs)
    count = log_files(logs)
    assert (again["files"], again["unchanged, not read"], again["hand blocks found"]) == (count, count, 0)
    assert lake_files(lake) == files
    reread = import_into_lake(lake, scheduler, logs, extra=("--reread",))
    assert reread["hand blocks found"] == first["hand blocks found"]
    assert reread["imported"] == 0 and reread["already present"] == first["hand blocks found"] - 1
    assert set(lake_files(lake)) == set(files)  # the same shard names, written again
    assert lake_contents(lake) == tables


def test_a_shard_without_its_manifest_row_does_not_count_and_the_next_run_completes_it(
        logs: Path, scheduler: str, tmp_path: Path) -> None:
    lake = tmp_path / "lake"
    import_into_lake(lake, scheduler, logs / "sim-stud8.txt", logs / "histories")
    tables = lake_contents(lake)
    manifest = sorted((lake / "_manifest").iterdir())
    manifest[0].unlink()  # as if the task had died between moving its files and committing
    assert len(lake_contents(lake)["hands"]) < len(tables["hands"])
    counts = import_into_lake(lake, scheduler, logs / "sim-stud8.txt", logs / "histories")
    assert counts["files"] - counts["unchanged, not read"] >= 1
    assert lake_contents(lake) == tables


def test_reports_and_replays_from_a_lake(logs: Path, database: tuple[Path, dict[str, int]], scheduler: str,
                                        tmp_path: Path) -> None:
    lake = tmp_path / "lake"
    import_into_lake(lake, scheduler, logs)
    page = tmp_path / "report.html"
    cli("report", "--lake", str(lake), "--player", "Luis", "-o", str(page))
    assert "Luis" in page.read_text(encoding="utf-8")
    from_lake, from_db = tmp_path / "lake.html", tmp_path / "db.html"
    cli("replay", "--lake", str(lake), "--hand", "1115-01", "-o", str(from_lake))
    cli("replay", str(database[0]), "--hand", "1115-01", "-o", str(from_db))
    assert from_lake.read_bytes() == from_db.read_bytes()
    cli("replay", str(lake), "--hand", "1115-01", "-o", str(from_lake))  # as the report's hints write it
    assert from_lake.read_bytes() == from_db.read_bytes()


def test_a_lake_at_an_fsspec_url_is_written_and_read_through_fsspec(tmp_path: Path) -> None:
    """An in-memory filesystem stands for an object store: the tasks run here, in this process."""
    url = "memory://studbook-lake-test"
    lake = Lake.at(url)
    try:
        lake.create()
        for path in sorted(HISTORIES.glob("*.txt")):
            import_files([str(path)], url)
        db = tmp_path / "db.duckdb"
        import_into(db, HISTORIES)
        assert lake_contents(url) == contents(db)
        from_lake = cli("stats", "--lake", url, "--format", "csv")
        assert from_lake == cli("stats", "--db", str(db), "--format", "csv")
    finally:
        lake.remove(lake.root)


def test_a_shard_written_again_drops_the_parts_it_no_longer_has(tmp_path: Path) -> None:
    lake = Lake.at(str(tmp_path / "lake"))
    lake.create()
    rows = pa.table({"file": ["a.txt"], "line": [1]})
    record = {"shard": "s", "file": "a.txt", "blocks": 1, "hands": 0, "rejected": 1}
    first = StagedShard(lake, "token")
    for part in ("rejected", "hands/site=x/month=2024-01"):
        first.write(part, rows)
    assert first.publish("s", record) == ["hands/site=x/month=2024-01/s.parquet", "rejected/s.parquet"]
    again = StagedShard(lake, "token")
    again.write("rejected", rows)
    assert again.publish("s", record) == ["rejected/s.parquet"]
    assert sorted(str(path.relative_to(lake.root)) for path in Path(lake.root).rglob("*.parquet")) == [
        "_manifest/s.parquet", "rejected/s.parquet"]
    assert lake.manifest().column("parts").to_pylist() == [["rejected/s.parquet"]]


def test_a_lake_the_workers_cannot_see_fails_each_file_by_name(scheduler: str) -> None:
    result = runner.invoke(app, ["import", str(HISTORIES), "--lake", "memory://client-only", "--scheduler",
                                 scheduler])  # an in-memory filesystem: the workers' is not the client's
    assert result.exit_code == 1, result.output
    failures = result.stderr.splitlines()
    assert sorted(failures) == [f"error: {path}: not imported: LakeError: no lake at memory://client-only: "
                                "run `studbook import PATH... --lake memory://client-only` first"
                                for path in sorted(HISTORIES.glob("*.txt"))]
    counts = summary_counts(result.stdout)
    assert (counts["files"], counts["hand blocks found"]) == (0, 0)


def test_user_errors_are_one_line(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setattr(lake_import, "CONNECT_TIMEOUT", 1)
    cases = [
        (["import", str(HISTORIES), "--lake", str(tmp_path / "lake"), "--scheduler", "tcp://127.0.0.1:9"],
         "error: cannot reach the Dask scheduler at tcp://127.0.0.1:9: "),
        (["import", str(HISTORIES), "--workers", "2"], "error: --scheduler and --workers go with --lake"),
        (["import", str(HISTORIES), "--lake", str(tmp_path / "lake"), "--jobs", "2"], "error: --scheduler"),
        (["stats", "--lake", str(tmp_path / "nowhere")], "error: no lake at "),
        (["players", "--lake", str(HISTORIES)], "error: "),
        (["import", str(HISTORIES), "--lake", str(HISTORIES)], "error: "),
        (["replay", "--hand", "1"], "error: give a hand history file or database, or --lake DIR"),
    ]
    for args, message in cases:
        result = runner.invoke(app, args)
        assert result.exit_code == 2, (args, result.output)
        assert result.stderr.startswith(message) and result.stderr.count("\n") == 1, (args, result.stderr)


def test_ctrl_c_ends_an_import_on_two_workers_in_one_line(tmp_path: Path) -> None:
    """As tests/analytics/test_interrupt.py, for a lake on a local cluster of two workers: Ctrl-C reaches
    the workers too, and none of them says anything. A lake commits a file at a time: more files than
    the other interrupt tests, so that Ctrl-C after the first comes before the last, on a busy machine too."""
    copies = 4 * COPIES
    logs, lake = write_logs(tmp_path, copies), tmp_path / "lake"

    def shard_committed() -> bool:
        manifest = lake / "_manifest"
        return manifest.is_dir() and any(manifest.iterdir())

    done = interrupted(["import", str(logs), "--lake", str(lake), "--workers", "2"], shard_committed)
    assert done.returncode == 130 and not done.stdout
    con = open_lake(str(lake))
    try:
        hands = con.execute("SELECT count(*) FROM hands").fetchall()[0][0]
    finally:
        con.close()
    assert 0 < hands < copies * HANDS
    assert done.stderr.splitlines() == [LINE.format(stored=hands, into=f"the lake {lake}")]

