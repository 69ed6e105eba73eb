"""Stacks checked across hands (rule L7): the pure check over written hands, and ``audit`` over two files."""

from __future__ import annotations

import dataclasses
import json
from datetime import UTC
from datetime import datetime
from datetime import timedelta
from pathlib import Path

from helpers.handscript import build
from typer.testing import CliRunner

from studbook.cli import app
from studbook.hand import Hand
from studbook.replay import replay
from studbook.stacks import HandStacks
from studbook.stacks import hand_stacks
from studbook.stacks import stack_breaks

runner = CliRunner()
START = datetime(2024, 5, 1, 12, 0, tzinfo=UTC)

# B completes, A calls from the bring-in, then folds to B's bet (returned): A 100 - 11 = 89,
# B 100 - 11 + 22 = 111, C 100 - 1 = 99.
HAND = """
stud 10/20 ante=1 bi=3 currency=USD
seats {seats}
antes
street 3
doors A:2c B:7h C:Kd
A bi 3
B complete 10
C fold
A call 7
street 4
ups A:3c B:8h
A check
B bet 10
A fold
return B 10
collect B 22
{extra}
total 22 rake 0
"""


def written(number: int, seats: str, table: str = "Ursa", tournament: str | None = None,
            extra: str = "") -> Hand:
    hand = build(HAND.format(seats=seats, extra=extra))
    return dataclasses.replace(hand, hand_id=str(1000 + number), table=table, tournament_id=tournament,
                               start_time=START + timedelta(minutes=number))


def stacks(*hands: Hand) -> list[HandStacks]:
    return [hand_stacks(replay(hand)) for hand in hands]


def found(*hands: Hand) -> list[tuple[str, str, str, int, int]]:
    return [(item.hand.hand_id, item.previous.hand_id, item.player, item.expected, item.found)
            for item in stack_breaks(stacks(*hands))]


def test_the_end_of_a_hand_is_its_start_less_committed_plus_collected() -> None:
    (one,) = stacks(written(1, "A:100 B:100 C:100"))
    assert [(seat.player, seat.start, seat.end) for seat in one.seats] == [
        ("A", 100, 89), ("B", 100, 111), ("C", 100, 99)]


def test_continuous_stacks_are_no_break_in_any_order_of_input() -> None:
    first, second = written(1, "A:100 B:100 C:100"), written(2, "A:89 B:111 C:99")
    assert found(first, second) == [] and found(second, first) == []


def test_a_break_names_both_hands_and_the_amounts_as_money() -> None:
    first, second = written(1, "A:100 B:100 C:100"), written(2, "A:89 B:120 C:90")
    shrunk = stack_breaks(stacks(second, first))[1]
    assert found(first, second) == [("1002", "1001", "B", 111, 120), ("1002", "1001", "C", 99, 90)]
    violation = shrunk.violation
    assert (violation.code, violation.severity, violation.rule, violation.line) == (
        "stack-continuity", "warning", "L7", 1)
    assert violation.message == (
        "C starts hand 1002 (script:1) with $0.90, but ended hand 1001 (script:1) at this table with $0.99")


def test_a_note_that_the_player_added_chips_explains_a_larger_stack_only() -> None:
    first = written(1, "A:100 B:100 C:100", extra="note B adds $0.09")
    assert found(first, written(2, "A:89 B:120 C:99")) == []
    assert found(first, written(2, "A:89 B:100 C:99")) == [("1002", "1001", "B", 111, 100)]
    other = written(1, "A:100 B:100 C:100", extra="note BB adds $0.09")  # another player's note
    assert found(other, written(2, "A:89 B:120 C:99")) == [("1002", "1001", "B", 111, 120)]


def test_a_player_back_after_missing_hands_may_have_bought_in_again() -> None:
    first, without_c = written(1, "A:100 B:100 C:100"), written(2, "A:89 B:111")
    back_richer = found(first, without_c, written(3, "A:78 B:122 C:150"))
    back_poorer = found(first, without_c, written(3, "A:78 B:122 C:50"))
    assert back_richer == []
    assert back_poorer == [("1003", "1001", "C", 99, 50)]


def test_a_tournament_table_is_not_the_cash_table_of_the_same_name() -> None:
    cash = written(1, "A:100 B:100 C:100")
    tournament = written(2, "A:5000 B:5000 C:5000", tournament="777")
    assert found(cash, tournament, written(3, "A:89 B:111 C:99")) == []
    assert found(tournament, written(3, "A:4000 B:5011 C:4999", tournament="777")) == [
        ("1003", "1002", "A", 4989, 4000)]


AUDIT_FILES = ("winamax/cash-7-Stud-6max-EUR-25-50-201611._8games_.txt",
               "winamax/cash-7-StudHL-6max-EUR-25-50-201611._8games_.txt")


def test_audit_checks_stacks_across_files(corpus: Path) -> None:
    paths = [str(corpus / name) for name in AUDIT_FILES]
    for path in paths:  # one hand each: nothing to compare with
        assert "stack-continuity" not in runner.invoke(app, ["audit", path]).output
    result = runner.invoke(app, ["audit", *reversed(paths)])
    assert result.exit_code == 0, result.output
    first, second = paths
    lines = [line for line in result.output.splitlines() if "stack-continuity" in line]
    assert lines == [
        f"warning: stack-continuity [L7]: Hero starts hand 9250793554 ({second}:1) with €2,026.03, but ended "
        f"hand 9250793470 ({first}:1) at this table with €1,977.22",
        f"warning: stack-continuity [L7]: Player0 starts hand 9250793554 ({second}:1) with €572.00, "
        f"but ended hand 9250793470 ({first}:1) at this table with €196.06",
    ]
    assert "2 stack breaks across hands (rule L7)" in result.output
    as_json = runner.invoke(app, ["audit", "--json", *paths])
    breaks = [json.loads(line) for line in as_json.output.splitlines() if "stack-continuity" in line]
    assert [(b["hand_id"], b["violations"][0]["rule"]) for b in breaks] == [("9250793554", "L7")] * 2
    assert [(b["across_hands"], b["previous"]["hand_id"]) for b in breaks] == [(True, "9250793470")] * 2
