"""The replay's records write their own ``__init__`` (studbook/results.py says why): they must still behave
as the dataclasses they are, and on a compiled build that ``__init__`` must be the compiled one."""

from __future__ import annotations

import dataclasses
from types import FunctionType

import pytest
from helpers.paths import ROOT

from studbook import BUILD
from studbook.cards import parse_cards
from studbook.grammar.parse import parse_file
from studbook.hand import Hand
from studbook.results import ActionRecord
from studbook.results import Replay
from studbook.results import SeatResult
from studbook.results import Violation
from studbook.rules.machine import Player
from studbook.rules.pots import Pot
from studbook.rules.pots import PotResult
from studbook.rules.pots import Winner

HISTORIES = ROOT / "histories"
RECORDS = (ActionRecord, Winner, PotResult, SeatResult, Replay, Player, Pot)


def test_records_compare_hash_and_print_by_their_fields() -> None:
    wrong = Violation("wrong-actor", "error", 12, "Bob acts; Ann was due", "C3")
    record = ActionRecord(12, 3, "Bob", "call", 10, 10, 40, 90, expected_actor="Ann", violations=(wrong,))
    same = ActionRecord(12, 3, "Bob", "call", 10, 10, 40, 90, False, "Ann", (wrong,))
    assert record == same and hash(record) == hash(same) and len({record, same}) == 1
    assert record != dataclasses.replace(same, amount=11)
    assert repr(record).startswith("ActionRecord(line=12, street=3, player='Bob', action='call', amount=10,")
    assert [field.name for field in dataclasses.fields(ActionRecord)][-3:] == [
        "all_in", "expected_actor", "violations"]
    seat = SeatResult(2, "Ann", 100, 30, 0, 0, -30)
    assert (seat.folded_on, seat.showed, seat.high_name, seat.low_name) == (None, (), "", "")
    shown = dataclasses.replace(seat, showed=tuple(parse_cards("Ah Kd")), high_name="Ace high")
    assert shown.showed == tuple(parse_cards("Ah Kd")) and shown.seat == 2 and shown != seat
    pot = PotResult(0, 42, ("Ann", "Bob"), (Winner("Ann", 42),))
    assert pot.reason == "" and pot.winners[0] == Winner("Ann", 42, None, "")
    assert Pot(42, ("Ann", "Bob")) == Pot(42, ("Ann", "Bob")) != Pot(41, ("Ann", "Bob"))


def test_each_record_gets_lists_of_its_own() -> None:
    hand = next(parse_file(HISTORIES / "stud8-2024-11-21.txt"))
    assert isinstance(hand, Hand)
    first, second = Replay(hand), Replay(hand)
    first.actions.append(ActionRecord(1, 3, "Ann", "ante", 1, 0, 1, 499))
    first.violations.append(Violation("x", "info", 1, "x"))
    assert second.actions == [] and second.violations == [] and second.seats == [] and second.pots == []
    assert (first.rake, first.logged_rake, first.total_pot, first.rules) == (0, None, 0, None)
    ann, bob = Player("Ann", 1, 500), Player("Bob", 2, 0, all_in=True)
    ann.up.extend(parse_cards("Ah"))
    assert bob.up == [] and bob.all_in and not ann.all_in
    assert (ann.committed, ann.bet, ann.folded, ann.acted, ann.seen) == (0, 0, False, False, 0)


@pytest.mark.skipif(not BUILD.compiled, reason="pure Python runs: no compiled __init__ to check")
def test_compiled_records_build_natively() -> None:
    """A dataclass-generated ``__init__`` is a Python function even in a compiled module, twice as slow."""
    generated = [record.__name__ for record in RECORDS if isinstance(record.__init__, FunctionType)]
    assert generated == []
