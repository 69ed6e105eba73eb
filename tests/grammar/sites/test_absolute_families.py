"""Absolute Poker format families: one small, complete hand written for each kind of header and line the
site wrote, read and audited with the money exact."""

from __future__ import annotations

import pytest
from helpers.families import audited
from helpers.families import one_hand
from helpers.parsing import events_of

from studbook.events import Collect
from studbook.events import Complete
from studbook.events import Deal

BODY = """\
{header}
{table}Seat 1 - Alice ({s}{stack} in chips)
Seat 3 - Bob ({s}{stack} in chips)
Seat 5 - Carol ({s}{stack} in chips)
Alice - Ante {s}{ante}
Bob - Ante {s}{ante}
Carol - Ante {s}{ante}
*** 3rd STREET ***
Alice - Pocket [5c 7d 2h]
Bob - Pocket [H H Kd]
Carol - Pocket [H H 9s]
Alice - Bring-In {s}{bring}
Bob - Completes to {s}{small}
Carol - Folds
Alice - Calls {s}{bring}
*** 4TH STREET ***
Alice - Pocket [5c 7d 2h 3s]
Bob - Pocket [H H Kd Kc]
Carol - Pocket [H H 9s]
Bob - Bets {s}{small}
Alice - Calls {s}{small}
*** 5TH STREET ***
Alice - Pocket [5c 7d 2h 3s Js]
Bob - Pocket [H H Kd Kc 4h]
Bob - Checks
Alice - Checks
*** 6TH STREET ***
Alice - Pocket [5c 7d 2h 3s Js 6d]
Bob - Pocket [H H Kd Kc 4h Qd]
Bob - Checks
Alice - Checks
*** RIVER ***
Alice - Pocket [5c 7d 2h 3s Js 6d 8c]
Bob - Pocket [H H Kd Kc 4h Qd H]
Bob - Checks
Alice - Checks
*** SHOW DOWN ***
Bob - Shows [Ah 9c Kd Kc 4h Qd Th] (One pair, kings)
Alice - Mucks
Bob Collects {s}{won} from main pot
*** SUMMARY ***
Total Pot({s}{pot}) | Rake ({s}{rake})
Seat 1: Alice Mucked
Seat 3: Bob won Total ({s}{won}) HI:with One pair, kings [Ah 9c Kd Kc 4h Qd Th - B:Kd,B:Kc,P:Ah,B:Qd,P:Th]
Seat 5: Carol Folded on the 3rd STREET
"""

MONEY = {"stack": "2", "ante": "0.01", "bring": "0.02", "small": "0.04", "won": "0.18", "pot": "0.19",
         "rake": "0.01"}
CHIPS = {"stack": "1500", "ante": "5", "bring": "10", "small": "20", "won": "95", "pot": "95", "rake": "0"}

FAMILIES = {
    "cash in dollars, zone in brackets": (
        "Stage #1300000001: Seven Card Stud  Normal $0.04/$0.08 - 2009-03-18 19:10:00 (ET)", "", "$",
        {"currency": "USD", "variant": "stud"}),
    "cash with a table line": (
        "Stage #1300000002: Seven Card Hi/Lo  Normal $0.04/$0.08 - 2009-03-18 19:10:00 (ET)",
        "Table: ALPHA AVE (Real Money)\n", "$", {"table": "ALPHA AVE", "variant": "stud8"}),
    "cash in euros": (
        "Stage #1300000003: Seven Card Stud  Normal €0.04/€0.08 - 2009-03-18 19:10:00 (ET)", "", "€",
        {"currency": "EUR"}),
    "single-table tournament": (
        "Stage #1300000004: Tourney ID 4242 Seven Card Stud  Single Tournament  Normal 20/40 - "
        "2009-03-18 19:10:00 (ET)", "", "", {"tournament_id": "4242", "currency": None}),
}


@pytest.mark.parametrize("family", FAMILIES)
def test_family_reads_and_audits(family: str) -> None:
    header, table, sign, facts = FAMILIES[family]
    amounts = MONEY if sign else CHIPS
    hand = one_hand(BODY.format(header=header, table=table, s=sign, **amounts))
    for name, value in facts.items():
        assert getattr(hand, name) == value, name
    assert [(e.player, e.to) for e in events_of(hand, Complete)] == [("Bob", 4 if sign else 20)]
    assert len([e for e in events_of(hand, Deal) if e.player == "Bob"]) == 5
    result = audited(hand, rake_logged=False)
    nets = {s.player: s.net for s in result.seats}
    if sign:
        assert nets == {"Alice": -9, "Bob": 9, "Carol": -1} and result.rake == 1
    else:
        assert nets == {"Alice": -45, "Bob": 50, "Carol": -5} and result.rake == 0
    assert [(e.player, e.amount) for e in events_of(hand, Collect)] == [("Bob", 18 if sign else 95)]
