"""Everleaf Gaming format families: one small, complete hand written for each layout and currency the
site wrote, read and audited with the money exact (Everleaf writes no summary: the awards are the pot)."""

from __future__ import annotations

import pytest
from helpers.families import audited
from helpers.families import one_hand
from helpers.parsing import events_of

from studbook.events import Collect
from studbook.events import Complete
from studbook.events import StreetStart
from studbook.events import UncalledReturn

# The 2011 layout: signed amounts with their code, "**** dealing 4th street ****".
LAYOUT_2011 = """\
Everleaf Gaming Game #285997460
***** Hand history for game #285997460 *****
{s}0.05/{s}0.10 7 Card Stud - 2011/07/08 - 00:08:53
Table Clarkdale 20
Total number of players: 3
Seat 1: Alice (  {s} 2 {code} )
Seat 3: Bob (  {s} 2 {code} )
Seat 5: Carol (  {s} 2 {code} )
Alice: posts ante [{s} 0.01 {code}]
Bob: posts ante [{s} 0.01 {code}]
Carol: posts ante [{s} 0.01 {code}]
** Dealing down cards **
Dealt to Alice [ 5c, 7d, 2h ]
Alice posts bring-in {s}0.02.
Bob completes to {s}0.05.
Carol folds
Alice calls [{s} 0.03 {code}]
**** dealing 4th street ****
Dealt to Alice [ 5c, 7d, 2h, 3s ]
Bob: bets [{s} 0.05 {code}]
Alice calls [{s} 0.05 {code}]
**** dealing 5th street ****
Dealt to Alice [ 5c, 7d, 2h, 3s, Js ]
Bob: bets [{s} 0.10 {code}]
Alice folds
Bob does not show cards
Bob wins {s} 0.22 {code} from main pot
"""

# The later layout: stakes and amounts without a sign (or a euro sign), seats in EURO, "** Dealing 4th
# Street **", each deal ending with a full stop and naming the new card only.
LAYOUT_LATER = """\
Everleaf Gaming Game #295679510
***** Hand history for game #295679510 *****
{s}0.05/{s}0.10 7 Card Stud - 2011/08/12 - 13:09:06
Table Harjavalta
Total number of players: 3
Seat 1: Alice (   {t}2.00 EURO )
Seat 3: Bob (   {t}2.00 EURO )
Seat 5: Carol (   {t}2.00 EURO )
Alice: posts ante [{t}0.01 EURO]
Bob: posts ante [{t}0.01 EURO]
Carol: posts ante [{t}0.01 EURO]
** Dealing down cards **
Dealt to Alice [ 5c, 7d, 2h ].
Dealt to Bob [ Kd ].
Dealt to Carol [ 9s ].
Alice posts bring-in {s}0.02.
Bob completes to {s}0.05.
Carol folds
Alice calls [{t}0.03 EURO]
** Dealing 4th Street **
Dealt to Alice [ 3s ].
Dealt to Bob [ Kc ].
Bob: bets [{t}0.05 EURO]
Alice calls [{t}0.05 EURO]
** Dealing 5th Street **
Dealt to Alice [ Js ].
Dealt to Bob [ 4h ].
Bob: bets [{t}0.10 EURO]
Alice folds
Bob does not show cards
Bob wins  {t}0.22 EURO from main pot
"""


FAMILIES = {
    "2011 dollars": (LAYOUT_2011.format(s="$", code="USD"), "USD"),
    "2011 euros": (LAYOUT_2011.format(s="€", code="EUR"), "EUR"),
    "later layout, no sign": (LAYOUT_LATER.format(s="", t=" "), "EUR"),
    "later layout, euro sign": (LAYOUT_LATER.format(s="€", t="€ "), "EUR"),
}


@pytest.mark.parametrize("family", FAMILIES)
def test_family_reads_and_audits(family: str) -> None:
    text, currency = FAMILIES[family]
    hand = one_hand(text)
    assert (hand.currency, hand.small_bet, hand.big_bet, hand.tournament_id) == (currency, 5, 10, None)
    assert [e.street.label for e in events_of(hand, StreetStart)] == ["3rd", "4th", "5th"]
    assert events_of(hand, Complete)[0].to == 5
    assert [(e.player, e.amount) for e in events_of(hand, UncalledReturn)] == [("Bob", 10)]
    assert [(e.player, e.amount) for e in events_of(hand, Collect)] == [("Bob", 22)]
    result = audited(hand, pot_logged=False, rake_logged=False)
    assert {s.player: s.net for s in result.seats} == {"Alice": -11, "Bob": 11, "Carol": -1}
    assert (result.total_pot, result.rake) == (23, 1)


def test_tournament_in_chips_named_by_its_file() -> None:
    text = (LAYOUT_2011.format(s="", code="Chips").replace("0.05/0.10", "20/40").replace(" 0.01 ", " 5 ")
            .replace("0.02.", "10.").replace("0.05.", "20.").replace(" 0.03 ", " 10 ")
            .replace(" 0.05 ", " 20 ")
            .replace(" 0.10 ", " 40 ").replace(" 0.22 ", " 95 ").replace("  2 Chips", "  1500 Chips"))
    hand = one_hand(text, "TID_123456789-4.txt")
    assert (hand.currency, hand.tournament_id, hand.small_bet, hand.big_bet) == (None, "123456789", 20, 40)
    result = audited(hand, pot_logged=False, rake_logged=False)
    assert {s.player: s.net for s in result.seats} == {"Alice": -45, "Bob": 50, "Carol": -5}
