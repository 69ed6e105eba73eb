"""`studbook analyse --lake` (analytics/lake_analyse.py): the decision EV pass over a lake, its batches
committed shards of the lake, the same rows as over a database of the same logs, incremental and safe to
stop, and every reader of decisions (report, review) working on the lake. The lakes are written by the
import's task run in this process (no cluster), as the fsspec test of test_lake.py does."""

from __future__ import annotations

from pathlib import Path

import duckdb
import pytest
from helpers.decision_hands import quads_log
from helpers.importing import import_into
from helpers.lake import lake_files
from helpers.paths import HISTORIES
from typer.testing import CliRunner

from studbook.analytics import decision_pass
from studbook.analytics.lake_shards import import_files
from studbook.analytics.lake_store import MANIFEST
from studbook.analytics.lake_store import Lake
from studbook.analytics.lake_views import open_lake
from studbook.cli import app
from studbook.reports.decision_ev import NOT_ANALYSED

runner = CliRunner()
STUD8 = HISTORIES / "stud8-2024-11-21.txt"
STUD8_HANDS = 36
TABLES = {
    "decisions": "SELECT * FROM decisions ORDER BY site, hand_id, seq",
    "analysed_hands": "SELECT * FROM analysed_hands ORDER BY site, hand_id",
    "decision_streets": "SELECT * FROM decision_streets ORDER BY ALL",
}


def lake_of(folder: Path, *paths: Path) -> Path:
    """A lake of ``paths``, each file's shard written by one import task run in this process."""
    lake = folder / "lake"
    Lake.at(str(lake)).create()
    import_files([str(path) for path in paths], str(lake))
    return lake


def cli(*args: str, code: int = 0, answers: str | None = None) -> str:
    result = runner.invoke(app, list(args), input=answers)
    assert result.exit_code == code, result.output
    return result.output


FEW = ("--samples", "100")  # the fewest deals a sampled decision may draw: the tests' passes stay quick


def analyse(lake: Path, *extra: str) -> str:
    return cli("analyse", "--lake", str(lake), "--jobs", "1", *FEW, *extra)


def lake_rows(lake: Path) -> dict[str, list[tuple]]:
    con = open_lake(str(lake))
    try:
        return {name: con.sql(sql).fetchall() for name, sql in TABLES.items()}
    finally:
        con.close()


@pytest.fixture(scope="module")
def logs(tmp_path_factory: pytest.TempPathFactory) -> list[Path]:
    folder = tmp_path_factory.mktemp("lake-analyse-logs")
    return [STUD8, quads_log(folder)]


@pytest.fixture(scope="module")
def analysed_lake(logs: list[Path], tmp_path_factory: pytest.TempPathFactory) -> Path:
    lake = lake_of(tmp_path_factory.mktemp("analysed-lake"), *logs)
    analyse(lake)
    return lake


def test_a_lake_analysed_holds_the_rows_of_a_database_analysed(logs: list[Path], analysed_lake: Path,
                                                               tmp_path: Path) -> None:
    db = tmp_path / "h.duckdb"
    import_into(db, *logs)
    cli("analyse", "--db", str(db), "--jobs", "1", *FEW)
    with duckdb.connect(str(db), read_only=True) as con:
        expected = {name: con.sql(sql).fetchall() for name, sql in TABLES.items()}
    assert lake_rows(analysed_lake) == expected
    assert len(expected["decisions"]) > STUD8_HANDS and len(expected["analysed_hands"]) == STUD8_HANDS + 1
    # the replayer's review of a hand shows the same decision EVs from either
    pages = [tmp_path / "from-db.html", tmp_path / "from-lake.html"]
    cli("replay", str(db), "--hand", "77", "--review", "B", "-o", str(pages[0]))
    cli("replay", "--lake", str(analysed_lake), "--hand", "77", "--review", "B", "-o", str(pages[1]))
    assert pages[0].read_bytes() == pages[1].read_bytes() and b'"evBigBets"' in pages[1].read_bytes()


def test_xml_hands_are_read_again_from_their_logs(corpus: Path, tmp_path: Path) -> None:
    """An XML game's stored lines need their session: the pass reads the hand from its log, in a lake as
    in a database."""
    logs = [corpus / "ipoker" / "cash-5-StudL-USD-0.05-0.10-201111.Sample.with.showdown.xml",
            corpus / "merge" / "cash-7-Stud-USD-0.50-1.00-201102.Sample.txt"]
    lake = lake_of(tmp_path, *logs)
    analyse(lake)
    db = tmp_path / "x.duckdb"
    import_into(db, *logs)
    cli("analyse", "--db", str(db), "--jobs", "1", *FEW)
    with duckdb.connect(str(db), read_only=True) as con:
        expected = {name: con.sql(sql).fetchall() for name, sql in TABLES.items()}
    found = lake_rows(lake)
    assert found == expected and found["decisions"]
    assert {status for *_, status in found["analysed_hands"]} == {"analysed"}


def test_a_second_pass_adds_nothing(analysed_lake: Path) -> None:
    before = lake_files(analysed_lake)
    assert analyse(analysed_lake) == f"0 hands analysed: 0 decisions valued in the lake {analysed_lake}\n"
    assert lake_files(analysed_lake) == before


def quads_lake(folder: Path, *hand_ids: str) -> Path:
    """A lake of QUADS hands (tests/helpers/decision_hands.py), each in a log of its own: 10 decisions a
    hand, valued in a blink."""
    return lake_of(folder, *(quads_log(folder, hand_id) for hand_id in hand_ids))


def test_after_an_import_only_the_new_hands_are_valued(tmp_path: Path) -> None:
    lake = quads_lake(tmp_path, "77", "78")
    first = analyse(lake, "--jobs", "2", "--batch", "1")  # two shards, from two worker processes
    assert first == f"2 hands analysed: 20 decisions valued in the lake {lake}\n"
    manifest = Lake.at(str(lake)).manifest().column("shard").to_pylist()
    assert sum(shard.startswith("analysed-") for shard in manifest) == 2
    import_files([str(quads_log(tmp_path, "79"))], str(lake))
    assert analyse(lake) == f"1 hands analysed: 10 decisions valued in the lake {lake}\n"
    assert {row[1] for row in lake_rows(lake)["decisions"]} == {"77", "78", "79"}


def test_a_shard_without_its_manifest_row_does_not_count(monkeypatch: pytest.MonkeyPatch,
                                                         tmp_path: Path) -> None:
    """A pass killed between moving a shard's parts into place and committing it (Ctrl-C waits for the
    shard; a kill does not): the parts do not count, and the next pass writes the same shard again."""
    lake = quads_lake(tmp_path, "77")
    publish = Lake.publish

    def stopped_before_the_commit(self: Lake, staged: str, final: str) -> None:
        if f"/{MANIFEST}/" in final:
            raise KeyboardInterrupt
        publish(self, staged, final)

    monkeypatch.setattr(Lake, "publish", stopped_before_the_commit)
    cli("analyse", "--lake", str(lake), "--jobs", "1", code=130)
    monkeypatch.undo()
    (parts,) = list((lake / "decisions").glob("analysed-*.parquet"))  # moved into place, not committed
    assert lake_rows(lake) == {name: [] for name in TABLES}
    assert analyse(lake) == f"1 hands analysed: 10 decisions valued in the lake {lake}\n"
    assert list((lake / "decisions").glob("analysed-*.parquet")) == [parts]  # the same shard, committed
    assert len(lake_rows(lake)["decisions"]) == 10


def test_ctrl_c_is_one_line_and_keeps_the_shards_committed(monkeypatch: pytest.MonkeyPatch,
                                                           tmp_path: Path) -> None:
    lake = quads_lake(tmp_path, "77", "78", "79")
    batches = 0
    analyse_batch = decision_pass.analyse_batch

    def second_batch_interrupted(*args: object) -> tuple[list, list]:
        nonlocal batches
        batches += 1
        if batches == 2:
            raise KeyboardInterrupt
        return analyse_batch(*args)  # type: ignore[arg-type]

    monkeypatch.setattr(decision_pass, "analyse_batch", second_batch_interrupted)
    result = runner.invoke(app, ["analyse", "--lake", str(lake), "--jobs", "1", "--batch", "1"])
    assert result.exit_code == 130
    assert result.stderr == (f"interrupted: 1 of 3 hands analysed in the lake {lake}; the same command "
                             "again goes on from there\n")
    monkeypatch.undo()
    assert lake_rows(lake)["analysed_hands"] == [("studbook", "77", 10, "analysed")]
    assert analyse(lake) == f"2 hands analysed: 20 decisions valued in the lake {lake}\n"


def test_the_report_and_review_read_an_analysed_lake(analysed_lake: Path, tmp_path: Path) -> None:
    page = tmp_path / "marta.html"
    cli("report", "--lake", str(analysed_lake), "--player", "Marta", "-o", str(page))
    html = page.read_text(encoding="utf-8")
    assert NOT_ANALYSED not in html and "Put in with the best of it (BB)" in html
    told = cli("review", "--lake", str(analysed_lake), "--player", "B", "--street", "6", answers="f\n")
    assert "B call $0.20: equity 2.6%" in told


def test_a_lake_never_analysed_says_run_analyse(tmp_path: Path) -> None:
    lake = quads_lake(tmp_path, "77")
    assert lake_rows(lake) == {name: [] for name in TABLES}
    page = tmp_path / "b.html"
    cli("report", "--lake", str(lake), "--player", "B", "-o", str(page))
    assert NOT_ANALYSED in page.read_text(encoding="utf-8")
    said = cli("review", "--lake", str(lake), "--player", "B", code=2)
    assert said == f"error: {lake} has no decision EV yet: run `studbook analyse --lake {lake}` first\n"


def test_no_lake_is_one_line(tmp_path: Path) -> None:
    said = cli("analyse", "--lake", str(tmp_path / "none"), code=2)
    assert said.startswith("error: no lake at ") and said.count("\n") == 1
