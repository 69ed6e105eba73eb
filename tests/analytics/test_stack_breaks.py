"""The ``stack_breaks`` view (rule L7): stacks checked across hands stored by separate imports."""

from __future__ import annotations

from pathlib import Path

import duckdb
import pytest
from helpers.importing import import_counts
from helpers.importing import import_into
from helpers.importing import runner

from studbook.cli import app

FIRST = "winamax/cash-7-Stud-6max-EUR-25-50-201611._8games_.txt"  # hand 9250793470, table Pampelune
SECOND = "winamax/cash-7-StudHL-6max-EUR-25-50-201611._8games_.txt"  # hand 9250793554, the next there


def breaks(db: Path) -> list[tuple]:
    with duckdb.connect(str(db), read_only=True) as con:
        return con.execute("SELECT hand_id, previous_hand_id, player, expected, found, code, severity, rule "
                           "FROM stack_breaks ORDER BY player").fetchall()


@pytest.mark.parametrize("order", [(FIRST, SECOND), (SECOND, FIRST)])
def test_breaks_are_found_against_hands_of_an_earlier_import(corpus: Path, tmp_path: Path,
                                                             order: tuple[str, str]) -> None:
    db = tmp_path / "stacks.duckdb"
    import_into(db, corpus / order[0])
    assert breaks(db) == []
    import_into(db, corpus / order[1])
    assert breaks(db) == [
        ("9250793554", "9250793470", "Hero", 197722, 202603, "stack-continuity", "warning", "L7"),
        ("9250793554", "9250793470", "Player0", 19606, 57200, "stack-continuity", "warning", "L7"),
    ]
    with duckdb.connect(str(db), read_only=True) as con:
        (message,) = con.execute("SELECT message FROM stack_breaks WHERE player = 'Player0'").fetchone()
    assert message == (f"Player0 starts hand 9250793554 ({corpus / SECOND}:1) with 572.00 EUR, but ended "
                       f"hand 9250793470 ({corpus / FIRST}:1) at this table with 196.06 EUR")


def test_a_lake_finds_the_breaks_a_database_finds(corpus: Path, tmp_path: Path) -> None:
    """The same view over a Parquet lake (analytics/lake_views.py) as over a database, on a site's logs."""
    sql = "SELECT hand_id, previous_hand_id, player, expected, found, rule FROM stack_breaks ORDER BY ALL"
    db, lake = tmp_path / "stacks.duckdb", tmp_path / "lake"
    import_into(db, corpus / "winamax")
    import_counts(["import", str(corpus / "winamax"), "--lake", str(lake), "--workers", "1"])
    from_db = runner.invoke(app, ["query", sql, "--db", str(db), "--format", "csv"])
    from_lake = runner.invoke(app, ["query", sql, "--lake", str(lake), "--format", "csv"])
    assert from_db.exit_code == from_lake.exit_code == 0, from_lake.output
    assert len(from_db.stdout.splitlines()) == 7  # a header and six breaks, two players in three hands
    assert from_lake.stdout == from_db.stdout
