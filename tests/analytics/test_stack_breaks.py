"""The ``stack_breaks`` view (rule L7): stacks checked across hands stored by separate imports."""

from __future__ import annotations

from pathlib import Path

import duckdb
import pytest
from helpers.importing import import_into

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
