"""``stats`` is readable at 80 and 120 columns and in a pipe: the key stud stats first, whole numbers, the
columns that fit named, who a row is abbreviated where room is short, ``--columns`` to choose, ``--wide``
for everything, and a big table that hides the rows of few hands says so."""

from __future__ import annotations

import csv
import io
import re
from pathlib import Path

import polars as pl
import pytest
from helpers.importing import import_into
from helpers.importing import runner
from helpers.paths import HISTORIES

from studbook.analytics.stats_table import write_stats
from studbook.cli import app
from studbook.simulate import Setup
from studbook.simulate import Simulator
from studbook.writers import SEPARATORS
from studbook.writers import WRITERS

NUMBER = re.compile(r"-?\$?\d[\d,]*(\.\d+)?")
KEY_STATS = ["VPIP", "steal", "BI def", "WTSD", "W$SD", "BB/100"]


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


@pytest.fixture(scope="module")
def demo(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The shipped histories, as `make demo` imports them: two sites, two games, chips and dollars."""
    path = tmp_path_factory.mktemp("demo") / "demo.duckdb"
    import_into(path, HISTORIES)
    return path


@pytest.fixture(scope="module")
def big(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Over fifty stats rows: short-stacked stud brings many players, a few of them with few hands."""
    folder = tmp_path_factory.mktemp("big")
    result = runner.invoke(app, ["simulate", "-o", str(folder / "stud.txt"), "-g", "stud", "-n", "600",
                                 "--short-stacks", "--seed", "1"])
    assert result.exit_code == 0, result.output
    import_into(folder / "big.duckdb", folder / "stud.txt")
    return folder / "big.duckdb"


def stats(db: Path, *args: str, columns: int = 80) -> tuple[str, str]:
    result = runner.invoke(app, ["stats", "--db", str(db), *args], env={"COLUMNS": str(columns)})
    assert result.exit_code == 0, result.output
    return result.stdout, result.stderr


def cells(line: str) -> list[str]:
    return [cell.strip() for cell in re.split("[│┃]", line)]


def table(out: str) -> tuple[list[str], list[list[str]], list[str]]:
    """The header, the rows (each a list of cells) and the titles of the groups of a row table."""
    lines = out.splitlines()
    header = next(cells(line) for line in lines if "┃" in line)
    rows = [cells(line) for line in lines if "│" in line]
    titles = [line.strip() for line in lines if line.strip() and not set(line) & set("│┃━╇")]
    return header, rows, titles


@pytest.mark.parametrize("width", [80, 120])
def test_every_row_fits_and_no_number_wraps(db: Path, width: int) -> None:
    out, err = stats(db, columns=width)
    assert max(map(len, out.splitlines())) <= width
    header, rows, titles = table(out)
    assert header[:2] == ["player", "hands"]  # one site, one unit: said below the table
    assert "every row: site pokerstars" in err
    assert titles == ["stud, USD", "razz, USD", "all games, USD"]  # a group per game and unit
    assert len(rows) > 8 and all(len(row) == len(header) and row[0] for row in rows)  # one line a row
    assert all(NUMBER.fullmatch(value) for row in rows for value in row[1:] if value)
    assert "more columns do not fit" in err and "--columns" in err


def test_the_key_stud_stats_come_first_at_80_columns(demo: Path) -> None:
    out, err = stats(demo, "--min-hands", "20")  # as `make demo` shows it
    header, rows, titles = table(out)
    assert max(map(len, out.splitlines())) <= 80
    assert header == ["player", "site", "hands", *KEY_STATS]
    assert titles == ["stud8, USD", "stud8, chips", "descubierto, chips"]
    assert {row[1] for row in rows} == {"ps", "sb"}  # abbreviated, and spelt out below
    assert "ps = pokerstars, sb = studbook" in err
    wide, err = stats(demo, "--min-hands", "20", "--wide")
    header, rows, _ = table(wide)
    assert {row[1] for row in rows} == {"pokerstars", "studbook"} and "ps = " not in err
    assert header[:9] == ["player", "site", "hands", *KEY_STATS]


def test_more_room_shows_more_columns(db: Path) -> None:
    narrow = table(stats(db, columns=80)[0])[0]
    wide = table(stats(db, columns=120)[0])[0]
    assert narrow == wide[:len(narrow)] and len(wide) > len(narrow)


def test_columns_and_wide(db: Path) -> None:
    out, err = stats(db, "--columns", "vpip,wtsd")
    assert table(out)[0] == ["player", "VPIP", "WTSD"] and err == "every row: site pokerstars\n"
    out, _ = stats(db, "--wide")
    assert "scoop" in table(out)[0] and max(map(len, out.splitlines())) > 200
    result = runner.invoke(app, ["stats", "--db", str(db), "--columns", "vpip,nothing"])
    assert result.exit_code == 2 and "no stat named nothing" in result.stderr


def test_a_big_table_hides_the_rows_of_few_hands_and_says_so(big: Path) -> None:
    every = list(csv.DictReader(io.StringIO(stats(big, "--format", "csv")[0])))
    few = [row for row in every if int(row["hands"]) < 20]
    assert len(every) > 50 and few, "data for programs keeps every row"
    out, err = stats(big)
    _, rows, _ = table(out)
    assert len(rows) == len(every) - len(few) and all(int(row[1]) >= 20 for row in rows)
    assert f"{len(few)} of {len(every)} rows have fewer than 20 hands and are not shown" in err
    assert "--min-hands 0 shows every row" in err
    out, err = stats(big, "--min-hands", "0")
    assert len(table(out)[1]) == len(every) and "not shown" not in err


def test_players_sort_without_regard_to_case(big: Path) -> None:
    every = [row["player"] for row in csv.DictReader(io.StringIO(stats(big, "--format", "csv")[0]))]
    assert any(name[0].islower() for name in every) and any(name[0].isupper() for name in every)
    assert every == sorted(every, key=str.casefold)
    shown = [row[0] for row in table(stats(big, "--min-hands", "0")[0])[1]]
    assert shown == sorted(shown, key=str.casefold)


def test_amounts_print_as_the_audit_writes_them(demo: Path) -> None:
    """Chips whole with thousands separated (the audit's 1,990), dollars in cents with their sign."""
    out, _ = stats(demo, "--player", "studbook:Dani", "--columns", "net")
    assert [cells(line)[1] for line in out.splitlines() if cells(line)[0] == "net"] == ["-1,500"]
    out, _ = stats(demo, "--player", "pokerstars:Arbelvan", "--columns", "net")
    assert [cells(line)[1] for line in out.splitlines() if cells(line)[0] == "net"] == ["-$1.85"]
    audit = runner.invoke(app, ["audit", str(HISTORIES / "stud8-2024-11-21.txt")])
    assert re.search(r"\b\d,\d{3}\b", audit.stdout) and not re.search(r"\b\d{4}\.00\b", audit.stdout)


def test_a_few_rows_side_by_side_in_blocks_that_fit(monkeypatch: pytest.MonkeyPatch,
                                                    capsys: pytest.CaptureFixture[str]) -> None:
    frame = pl.DataFrame({"player": ["Hero"] * 4, "game": ["stud", "razz", "stud8", "all"],
                          "unit": ["USD"] * 4, "hands": [1200, 30, 7, 1237],
                          "vpip": [25.5, 31.0, None, 25.7]})
    monkeypatch.setenv("COLUMNS", "30")
    write_stats(frame, ("player", "game", "unit"), side_by_side_up_to=8, wide=False)
    out = capsys.readouterr().out
    assert max(map(len, out.splitlines())) <= 30
    assert out.count("VPIP") == 2  # two blocks
    hands = [cells(line)[1:] for line in out.splitlines() if cells(line)[0] == "hands"]
    assert len(hands) == 2 and sum(hands, []) == ["1200", "30", "7", "1237"]
