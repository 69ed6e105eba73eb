"""Americas Cardroom / Winning Poker Network format families: one small, complete hand written for each
era, kind of game and kind of line the site has written, read and audited with the money exact."""

from __future__ import annotations

import pytest
from helpers.families import audited
from helpers.families import nets
from helpers.families import one_hand
from helpers.parsing import events_of

from studbook.events import Muck
from studbook.events import Raise

BODY = """\
{header}
{table}
Seat 1: Alice ({stack})
Seat 3: Bob ({stack})
Seat 5: Carol ({stack})
Alice posts ante {ante}
Bob posts ante {ante}
Carol posts ante {ante}
*** 3rd STREET ***
Main pot {p3} | Rake {zero}
Dealt to Alice [5c 7d 2h]
Dealt to Bob [Kd]
Dealt to Carol [9s]
Alice brings in {bring}
Bob {raises} {small} to {small}
Carol folds
Alice calls {bring}
*** 4th STREET ***
Main pot {p4} | Rake {zero}
Dealt to Alice [5c 7d 2h] [3s]
Dealt to Bob [Kd] [Kc]
Bob bets {small}
Alice calls {small}
*** 5th STREET ***
Main pot {p5} | Rake {rake}
Dealt to Alice [5c 7d 2h 3s] [Js]
Dealt to Bob [Kd Kc] [4h]
Bob bets {big}
Alice folds
Uncalled bet ({big}) returned to Bob
Bob does not show
Bob collected {won} from main pot
*** SUMMARY ***
Total pot {won} | Rake {rake}
Seat 1: Alice folded on the 5th Street
Seat 3: Bob did not show and won {won}
Seat 5: Carol folded on the 3rd Street
"""

# Money: ante 1, bring-in 2, bets 4/8, rake 1 (cents); chips (written "20.00" in tournaments): 5, 10, 20/40.
MONEY = {"stack": "$2", "ante": "$0.01", "bring": "$0.02", "small": "$0.04", "big": "$0.08", "p3": "$0.03",
         "p4": "$0.11", "p5": "$0.18", "won": "$0.18", "rake": "$0.01", "zero": "$0.00"}
CHIPS = {"stack": "1,500.00", "ante": "5.00", "bring": "10.00", "small": "20.00", "big": "40.00",
         "p3": "15.00",          "p4": "55.00", "p5": "95.00", "won": "95.00", "rake": "0.00", "zero": "0.00"}
MONEY_NETS = {"Alice": -9, "Bob": 9, "Carol": -1}
CHIPS_NETS = {"Alice": -45, "Bob": 50, "Carol": -5}


FAMILIES = {
    "2019 cash": ("Hand #85198832 - 7Stud(Fixed Limit) - $0.04/$0.08 - 2019/07/28 16:15:58 UTC",
                  "Gorham 8-max", True, "raises", {"currency": "USD", "max_seats": 8, "table": "Gorham"}),
    "2023 hi/lo cash": ("Hand #1903647457 - 7Stud H/L(Fixed Limit) - $0.04/$0.08 - 2023/10/22 02:49:52 UTC",
                        "Crainville 8-max", True, "raises", {"variant": "stud8"}),
    "the last raise of a round: caps": ("Hand #85198833 - 7Stud(Fixed Limit) - $0.04/$0.08 - 2019/07/28 "
                                        "16:15:58 UTC", "Gorham 8-max", True, "caps", {"variant": "stud"}),
    "tournament, chips written with cents": (
        "Game Hand #1903647460 - Tournament #12345678 - 7Stud(Fixed Limit) - Level 3 (20.00/40.00) - "
        "2023/10/22 02:49:52 UTC", "Stud Daily 8-max", False, "raises",
        {"tournament_id": "12345678", "level": "3", "currency": None, "small_bet": 20}),
    "guaranteed tournament": (
        "Game Hand #1903647461 - $1,000 GTD Tournament #12345679 - 7Stud H/L(Fixed Limit) - Level 1 "
        "(20.00/40.00) - 2023/10/22 02:49:52 UTC", "Stud Daily 8-max", False, "raises",
        {"tournament_id": "12345679", "variant": "stud8"}),
}


@pytest.mark.parametrize("family", FAMILIES)
def test_family_reads_and_audits(family: str) -> None:
    header, table, money, verb, facts = FAMILIES[family]
    hand = one_hand(BODY.format(header=header, table=table, raises=verb, **(MONEY if money else CHIPS)))
    for name, value in facts.items():
        assert getattr(hand, name) == value, name
    result = audited(hand)
    assert nets(result) == (MONEY_NETS if money else CHIPS_NETS)
    assert [(e.player, e.to) for e in events_of(hand, Raise)] == [("Bob", 4 if money else 20)]


OLD = """\
Game started at: 2016/8/2 11:17:44
Game ID: 693977839 1/2 (PRR) Leyak (Seven Cards Stud)
Seat 1: Alice (10).
Seat 5: Bob (50).
Player Alice ante (0.15)
Player Bob ante (0.15)
Player Alice received card: [Js]
Player Alice received card: [5s]
Player Bob received a card.
Player Bob received a card.
Player Alice received card: [Ac]
Player Bob received card: [8d]
Player Bob bring in (0.40)
Player Alice raises (1)
Player Bob caps (1.60)
Player Alice calls (1)
*** Third street ***
Player Alice received card: [9h]
Player Bob received card: [Qd]
Player Alice bets (1)
Player Bob folds
Uncalled bet (1) returned to Alice
Player Alice mucks (does not show: [Js 5s Ac 9h])
------ Summary ------
Pot: 4. Rake 0.20. JP fee 0.10
*Player Alice mucks (does not show cards). Bets: 2.15. Collects: 4. Wins: 1.85.
Player Bob does not show cards.Bets: 2.15. Collects: 0. Loses: 2.15.
Game ended at: 2016/8/2 11:18:15
"""


def test_2016_format_caps_and_a_hidden_muck() -> None:
    """``caps (X)`` adds X like ``raises (X)``; ``mucks (does not show: [...])`` keeps the cards hidden."""
    hand = one_hand(OLD)
    assert [(e.player, e.to) for e in events_of(hand, Raise)] == [("Alice", 100), ("Bob", 200)]
    assert [e.player for e in events_of(hand, Muck)] == ["Alice"]
    result = audited(hand)
    assert nets(result) == {"Alice": 185, "Bob": -215} and result.rake == 30
