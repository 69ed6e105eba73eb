"""``stats`` names each column that counts streets by the streets of the games it shows: the five-card
games' 2nd to 5th street, seven card stud's 3rd to 7th, the betting round where both are shown; and
descubierto's first-in action is a bet. The numbers are the views' (named for seven card stud's
streets, so a query's columns do not change with the games)."""

from __future__ import annotations

import csv
import io
from pathlib import Path

import duckdb
import pytest
from helpers.importing import import_into
from helpers.importing import runner

from studbook.cli import app

STREET_COLUMNS = {"aggression_3rd", "saw_4th", "saw_5th", "saw_6th", "saw_7th", "won_saw_4th"}


@pytest.fixture(scope="module")
def db(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("names")
    for seed, game in enumerate(("stud", "stud5", "descubierto")):
        result = runner.invoke(app, ["simulate", "-o", str(folder / f"{game}.txt"), "-g", game, "-n", "60",
                                     "--seed", str(seed)])
        assert result.exit_code == 0, result.output
    import_into(folder / "n.duckdb", folder)
    return folder / "n.duckdb"


def csv_rows(db: Path, *args: str) -> list[dict[str, str]]:
    result = runner.invoke(app, ["stats", "--db", str(db), "--format", "csv", *args])
    assert result.exit_code == 0, result.output
    return list(csv.DictReader(io.StringIO(result.stdout)))


def view(db: Path, game: str | None) -> list[dict]:
    con = duckdb.connect(str(db), read_only=True)
    try:
        return con.sql("SELECT * FROM player_stats_for(NULL, ?, NULL)", params=[game]).pl().to_dicts()
    finally:
        con.close()


def same_values(shown: list[dict[str, str]], rows: list[dict], renamed: dict[str, str]) -> None:
    assert len(shown) == len(rows)
    for mine, theirs in zip(shown, rows, strict=True):
        for column, name in renamed.items():
            expected = theirs[column]
            assert mine[name] == ("" if expected is None else str(expected)), (column, name)


@pytest.mark.parametrize("game", ["stud5", "descubierto"])
def test_a_five_card_game_is_told_in_its_own_streets(db: Path, game: str) -> None:
    rows = csv_rows(db, "--game", game)
    columns = set(rows[0])
    assert {"aggression_2nd", "saw_3rd", "saw_4th", "saw_5th", "won_saw_3rd"} <= columns
    assert not {"aggression_3rd", "saw_6th", "saw_7th", "won_saw_4th"} & columns
    opening = "bet_first_in" if game == "descubierto" else "complete_first_in"
    assert opening in columns and not ({"bet_first_in", "complete_first_in"} - {opening}) & columns
    renamed = {"aggression_3rd": "aggression_2nd", "saw_4th": "saw_3rd", "saw_5th": "saw_4th",
               "saw_6th": "saw_5th", "won_saw_4th": "won_saw_3rd", "complete_first_in": opening}
    same_values(rows, view(db, game), renamed)


def test_seven_card_stud_keeps_its_streets(db: Path) -> None:
    rows = csv_rows(db, "--game", "stud")
    assert STREET_COLUMNS | {"complete_first_in"} <= set(rows[0])
    same_values(rows, view(db, "stud"), {name: name for name in STREET_COLUMNS})


def test_mixed_games_are_told_by_betting_round(db: Path) -> None:
    rows = csv_rows(db)
    renamed = {"aggression_3rd": "aggression_round1", "saw_4th": "saw_round2", "saw_5th": "saw_round3",
               "saw_6th": "saw_round4", "saw_7th": "saw_round5", "won_saw_4th": "won_saw_round2",
               "complete_first_in": "open_first_in"}
    assert set(renamed.values()) <= set(rows[0]) and not STREET_COLUMNS & set(rows[0])
    same_values(rows, view(db, None), renamed)


def test_columns_take_the_names_shown_and_the_views_names(db: Path) -> None:
    by_shown = csv_rows(db, "--game", "stud5", "--columns", "saw_4th,saw_3rd")
    assert list(by_shown[0])[-2:] == ["saw_4th", "saw_3rd"]  # 4th street, then 3rd: the names shown
    by_view = csv_rows(db, "--game", "stud5", "--columns", "saw_6th,aggression_3rd")
    assert list(by_view[0])[-2:] == ["saw_5th", "aggression_2nd"]  # the views' names for them
    table = runner.invoke(app, ["stats", "--db", str(db), "--game", "descubierto", "--wide"],
                          env={"COLUMNS": "80"})
    assert "bet_first_in" in table.stdout and "complete_first_in" not in table.stdout
    assert "saw_3rd" in table.stdout and "saw_6th" not in table.stdout and "saw_7th" not in table.stdout


def test_help_says_how_streets_are_named() -> None:
    result = runner.invoke(app, ["stats", "--help"], env={"COLUMNS": "200"})
    assert "2nd to 5th in the five-card games" in " ".join(result.stdout.split())


def test_streets_of_descubierto_count_no_completions(db: Path) -> None:
    """Descubierto has no bring-in to complete: its street rows have no completions column (it would
    always read 0), and each game's rows are named by its own streets."""
    rows = csv_rows(db, "--streets", "--game", "descubierto")
    assert "completes" not in rows[0] and "bets" in rows[0]
    assert {row["street"] for row in rows} == {"2nd", "3rd", "4th", "5th"}
    assert "completes" in csv_rows(db, "--streets", "--game", "stud5")[0]
