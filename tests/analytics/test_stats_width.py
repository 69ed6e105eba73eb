"""``stats`` is readable at 80 and 120 columns and in a pipe: whole numbers, the columns that fit named,
``--columns`` to choose, ``--wide`` for everything."""

from __future__ import annotations

import re
from pathlib import Path

import polars as pl
import pytest
from helpers.importing import import_into
from helpers.importing import runner

from studbook.analytics.stats_table import write_stats
from studbook.cli import app
from studbook.simulate import Setup
from studbook.simulate import Simulator
from studbook.writers import SEPARATORS
from studbook.writers import WRITERS

NUMBER = re.compile(r"-?\d[\d,]*(\.\d+)?")


@pytest.fixture(scope="module")
def db(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Two tables of simulated stud and razz: a dozen players, many stats rows."""
    folder = tmp_path_factory.mktemp("width")
    for seed, game in ((3, "stud"), (4, "razz")):
        hands = Simulator(Setup(game=game, players=6, seed=seed, fmt="pokerstars")).hands(40)
        (folder / f"{game}.txt").write_text(
            SEPARATORS["pokerstars"].join(WRITERS["pokerstars"](h.hand) for h in hands), encoding="utf-8")
    import_into(folder / "w.duckdb", folder)
    return folder / "w.duckdb"


def stats(db: Path, *args: str, columns: int = 80) -> tuple[str, str]:
    result = runner.invoke(app, ["stats", "--db", str(db), *args], env={"COLUMNS": str(columns)})
    assert result.exit_code == 0, result.output
    return result.stdout, result.stderr


def cells(line: str) -> list[str]:
    return [cell.strip() for cell in re.split("[│┃]", line)]


@pytest.mark.parametrize("width", [80, 120])
def test_every_row_fits_and_no_number_wraps(db: Path, width: int) -> None:
    out, err = stats(db, columns=width)
    lines = out.splitlines()
    assert max(map(len, lines)) <= width
    header = cells(lines[0])
    assert header[:5] == ["player", "site", "game", "unit", "hands"]
    rows = [cells(line) for line in lines[2:]]
    assert len(rows) > 8 and all(len(row) == len(header) and row[0] for row in rows)  # one line a row
    assert all(NUMBER.fullmatch(value) for row in rows for value in row[4:] if value)
    assert "more columns do not fit" in err and "--columns" in err


def test_more_room_shows_more_columns(db: Path) -> None:
    narrow = cells(stats(db, columns=80)[0].splitlines()[0])
    wide = cells(stats(db, columns=120)[0].splitlines()[0])
    assert narrow == wide[:len(narrow)] and len(wide) > len(narrow)


def test_columns_and_wide(db: Path) -> None:
    out, err = stats(db, "--columns", "vpip,wtsd")
    assert cells(out.splitlines()[0]) == ["player", "site", "game", "unit", "vpip", "wtsd"] and not err
    out, _ = stats(db, "--wide")
    assert "scoop" in cells(out.splitlines()[0]) and max(map(len, out.splitlines())) > 200
    result = runner.invoke(app, ["stats", "--db", str(db), "--columns", "vpip,nothing"])
    assert result.exit_code == 2 and "no stat named nothing" in result.stderr


def test_a_few_rows_side_by_side_in_blocks_that_fit(monkeypatch: pytest.MonkeyPatch,
                                                    capsys: pytest.CaptureFixture[str]) -> None:
    frame = pl.DataFrame({"player": ["Hero"] * 4, "game": ["stud", "razz", "stud8", "all"],
                          "unit": ["USD"] * 4, "hands": [1200, 30, 7, 1237],
                          "vpip": [25.5, 31.0, None, 25.7]})
    monkeypatch.setenv("COLUMNS", "30")
    write_stats(frame, ("player", "game", "unit"), side_by_side_up_to=8, wide=False)
    out = capsys.readouterr().out
    assert max(map(len, out.splitlines())) <= 30
    assert out.count("vpip") == 2  # two blocks
    hands = [cells(line)[1:] for line in out.splitlines() if cells(line)[0] == "hands"]
    assert len(hands) == 2 and sum(hands, []) == ["1200", "30", "7", "1237"]
