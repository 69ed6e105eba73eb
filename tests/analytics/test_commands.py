"""The read-side commands (stats, players, rejects, query, export) over a database of fixture hands."""

from __future__ import annotations

import io
import json
from pathlib import Path

import duckdb
import polars as pl
import pytest
from helpers.analytics_hands import FIXTURES
from helpers.analytics_hands import fixture_hand
from typer.testing import CliRunner

from studbook.analytics.db import DATA_TABLES
from studbook.analytics.db import open_for_import
from studbook.analytics.load import Loader
from studbook.analytics.worker import chunk_result
from studbook.cli import app
from studbook.grammar import ParseError

runner = CliRunner()


@pytest.fixture(scope="module")
def db(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("cli") / "fixtures.duckdb"
    hands = [(fixture_hand(name, day), "") for day, name in enumerate(FIXTURES, start=1)]
    bad = ParseError("bad.txt", 3, 1, None, None, "no hand header recognised", "garbage")
    con = open_for_import(path)
    Loader(con).write([chunk_result("fixtures.txt", [*hands, (bad, bad.raw)])])
    con.close()
    return path


def run(*args: str) -> tuple[int, str, str]:
    result = runner.invoke(app, list(args))
    return result.exit_code, result.stdout, result.stderr


def test_stats_as_csv_and_json(db: Path) -> None:
    code, out, _ = run("stats", "--db", str(db), "--format", "csv")
    assert code == 0
    frame = pl.read_csv(io.StringIO(out))
    assert {"player", "game", "unit", "hands", "net", "big_bets_per_100", "vpip"} <= set(frame.columns)
    row = frame.filter((pl.col("player") == "A") & (pl.col("game") == "all")).row(0, named=True)
    assert (row["hands"], row["net"], row["big_bets_per_100"]) == (6, 0.54, 45.0)
    code, out, _ = run("stats", "--db", str(db), "--format", "json", "--game", "razz", "--min-hands", "1")
    assert code == 0
    assert sorted(row["player"] for row in json.loads(out)) == ["A", "B", "C"]


def test_stats_filters_and_table_layouts(db: Path) -> None:
    code, out, _ = run("stats", "--db", str(db), "--player", "A", "--since", "2024-03-04")
    assert code == 0
    # One player's few rows are shown side by side: one column per game (player, game and unit on three
    # header lines), one row per stat.
    games = [cell.strip() for cell in next(line for line in out.splitlines() if "stud8" in line).split("┃")]
    assert "stud5" in games and "all" in games and "stud" not in games
    assert any(line.strip().startswith("BB/100") for line in out.splitlines())  # big bets per 100
    code, out, _ = run("stats", "--db", str(db), "--min-hands", "2", "--format", "csv")
    assert set(pl.read_csv(io.StringIO(out))["player"]) == {"A", "B", "C"}
    code, out, _ = run("stats", "--db", str(db), "--streets", "--player", "A", "--game", "stud5")
    assert code == 0 and "2nd" in out and "5th" in out


def test_players_and_rejects(db: Path) -> None:
    code, out, _ = run("players", "--db", str(db), "--format", "csv")
    players = pl.read_csv(io.StringIO(out))
    assert players.row(0, named=True)["player"] == "A" and players.row(0, named=True)["hands"] == 6
    code, out, _ = run("rejects", "--db", str(db), "--format", "json")
    assert json.loads(out) == [{"file": "bad.txt", "line": 3, "col": 1, "site": None, "hand_id": None,
                                "error": "no hand header recognised"}]
    code, out, _ = run("rejects", "--db", str(db), "--raw", "--format", "json")
    assert json.loads(out)[0]["raw"] == "garbage"


def test_query(db: Path) -> None:
    code, out, _ = run("query", "SELECT variant, count(*) AS n FROM hands GROUP BY 1 ORDER BY 1",
                       "--db", str(db), "--format", "csv")
    assert code == 0
    assert out.splitlines() == ["variant,n", "razz,1", "stud,2", "stud5,1", "stud8,2"]
    code, out, _ = run("query", "SELECT 1 AS one", "--db", str(db))
    assert code == 0 and "one" in out


@pytest.mark.parametrize(("args", "message"), [
    (("query", "SELEC nonsense"), "error: Parser Error"),
    (("query", "DELETE FROM hands"), "read-only"),
    (("stats", "--game", "holdem"), "unknown game 'holdem'"),
    (("stats", "--format", "xml"), "unknown format 'xml'"),
    (("export", "--format", "pokerstarz", "--out", "x"), "unknown format 'pokerstarz'"),
])
def test_user_errors_are_one_line_messages(db: Path, args: tuple[str, ...], message: str) -> None:
    code, out, err = run(*args, "--db", str(db))
    assert code == 2 and message in err and "Traceback" not in out + err


def test_missing_database(tmp_path: Path) -> None:
    for command in (["stats"], ["players"], ["rejects"], ["query", "SELECT 1"]):
        code, _, err = run(*command, "--db", str(tmp_path / "none.duckdb"))
        assert code == 2 and "no database at" in err and "studbook import" in err
    assert not (tmp_path / "none.duckdb").exists()


def test_bad_option_values_are_usage_errors(db: Path) -> None:
    code, _, err = run("stats", "--db", str(db), "--since", "yesterday")
    assert code == 2 and "--since" in err


def test_export_parquet(db: Path, tmp_path: Path) -> None:
    code, out, _ = run("export", "--format", "parquet", "--out", str(tmp_path / "pq"), "--db", str(db))
    assert code == 0
    assert sorted(Path(line).name for line in out.splitlines()) == sorted(f"{t}.parquet" for t in DATA_TABLES)
    con = duckdb.connect(str(db), read_only=True)
    for table in DATA_TABLES:
        exported = pl.read_parquet(tmp_path / "pq" / f"{table}.parquet")
        assert exported.height == con.execute(f"SELECT count(*) FROM {table}").fetchall()[0][0]
    con.close()
