"""Bovada / Bodog format families: one small, complete hand written for each layout, cash and tournament,
and the informational lines the site writes, read and audited with the money exact."""

from __future__ import annotations

import pytest
from helpers.families import audited
from helpers.families import nets
from helpers.families import one_hand
from helpers.parsing import events_of

from studbook.events import Note
from studbook.events import Raise

LATER = """\
{header}
Seat+1: $2 in chips
Seat+3 [ME]: $2 in chips
Seat+5: $2 in chips
Seat+1 : Ante chip $0.01
Seat+3 [ME] : Ante chip $0.01
Seat+5 : Ante chip $0.01
*** 3RD STREET ***
Seat+1 : Card dealt to a spot [5c 7d 2h]
Seat+3 [ME] : Card dealt to a spot [Ah 8c Kd]
Seat+5 : Card dealt to a spot [Tc Jc 9s]
Seat+1 : Bring_in chip $0.02
Seat+3 [ME] : Raises $0.04 to $0.04
Seat+5 : Folds
Seat+1 : Calls $0.02
*** 4TH STREET ***
Seat+1 : Card dealt to a spot [3s]
Seat+3 [ME] : Card dealt to a spot [Kc]
Seat+3 [ME] : Bets $0.04
Seat+1 : Calls $0.04
*** 5TH STREET ***
Seat+1 : Card dealt to a spot [Js]
Seat+3 [ME] : Card dealt to a spot [4h]
Seat+3 [ME] : Bets $0.08
Seat+1 : Folds
Seat+3 [ME] : Return uncalled portion of bet $0.08
Seat+3 [ME] : Does not show [Ah 8c Kd Kc 4h] (One pair)
Seat+3 [ME] : Hand result $0.18
*** SUMMARY ***
Total Pot($0.19) | Rake ($0.01)
Seat+1:  Folded on the 5TH STREET
Seat+3:  $0.18 [Does not show]
Seat+5:  Folded on the 3RD STREET
"""

# The 2012 Bodog layout: one marker, later streets told by the deals, "Raises" giving the street total; a
# tournament's level written "(0/0)".
TOURNAMENT_2012 = """\
Bovada Hand #2633115879: 7CARD Tournament #1378659 TBL#1, Fixed Limit- Level 1 (0/0) - 2012-06-17 22:21:03
Seat+1: 1,500 in chips
Seat+4 [ME]: 1,500 in chips
Seat+5: 1,500 in chips
Seat+4 [ME] : Table enter user
Seat+1 : Ante chip 5
Seat+4 [ME] : Ante chip 5
Seat+5 : Ante chip 5
*** HOLE CARDS ***
Seat+1 : Card dealt to a spot [5c 7d 2h]
Seat+4 [ME] : Card dealt to a spot [Ah 8c Kd]
Seat+5 : Card dealt to a spot [Tc Jc 9s]
Seat+1 : Big blind/Bring in 10
Seat+4 [ME] : Raises 20
Seat+5 : Folds(timeout)
Seat+5 : Sit out
Seat+1 : Call 10
Seat+1 : Card dealt to a spot [3s]
Seat+4 [ME] : Card dealt to a spot [Kc]
Seat+4 [ME] : Bets 20
Seat+1 : Call 20
Seat+5 : Re-join
Seat+1 : Card dealt to a spot [Js]
Seat+4 [ME] : Card dealt to a spot [4h]
Seat+4 [ME] : Bets 40
Seat+1 : Folds
Seat+4 [ME] : Return uncalled portion of bet 40
Seat+4 [ME] : Does not show [Ah 8c Kd Kc 4h] (One pair)
Seat+4 [ME] : Hand Result 95
*** SUMMARY ***
Total Pot(95)
Seat 1:  Folded on the 5TH STREET
Seat 4:  95 [Does not show]
Seat 5:  Folded on the 3rd STREET
"""

KNOCKOUT_2012 = """\
Bovada Hand #2633133863: 7CARD Tournament #1378659 TBL#1, Fixed Limit- Level 1 (0/0) - 2012-06-17 23:21:03
Seat+1: 35 in chips
Seat+4 [ME]: 1,500 in chips
Seat+1 : Ante chip 5
Seat+4 [ME] : Ante chip 5
*** HOLE CARDS ***
Seat+1 : Card dealt to a spot [5c 7d 2h]
Seat+4 [ME] : Card dealt to a spot [Ah 8c Kd]
Seat+1 : Big blind/Bring in 10
Seat+4 [ME] : Raises 20
Seat+1 : All-in(raise) 30
Seat+4 [ME] : Call 10
Seat+1 : Card dealt to a spot [3s]
Seat+4 [ME] : Card dealt to a spot [Kc]
Seat+1 : Card dealt to a spot [Js]
Seat+4 [ME] : Card dealt to a spot [4h]
Seat+1 : Card dealt to a spot [6s]
Seat+4 [ME] : Card dealt to a spot [Qh]
Seat+1 : Card dealt to a spot [9d]
Seat+4 [ME] : Card dealt to a spot [Th]
Seat+4 [ME] : Showdown [Kd Kc Ah Qh Th] (One pair)
Seat+1 : Mucks [5c 7d 2h 3s Js 6s 9d] (High Card)
Seat+4 [ME] : Hand Result 70
Seat+1 : Ranking 2
Seat+1 : Stand
*** SUMMARY ***
Total Pot(70)
Seat 1:   [Mucked] [5c 7d 2h 3s Js 6s 9d ]
Seat 4:  70  with One pair [Ah 8c Kd Kc 4h Qh Th-Kd Kc Ah Qh Th]
"""


HEADERS = {
    "Bovada, later layout": "Bovada Hand #3000000001 TBL#2027664 7CARD Fixed Limit - 2014-04-01 13:11:08",
    "Bodog, hand number with a C":
        "Bodog Hand #C3000000002: TBL#2027664 7CARD Fixed Limit - 2012-09-19 13:11:08",
    "Bodog UK": "Bodog UK Hand #3000000003 TBL#2027664 7CARD Fixed Limit - 2012-09-19 13:11:08",
}


@pytest.mark.parametrize("family", HEADERS)
def test_cash_family_reads_and_audits(family: str) -> None:
    hand = one_hand(LATER.format(header=HEADERS[family]))
    assert (hand.currency, hand.small_bet, hand.big_bet, hand.tournament_id) == ("USD", 4, 8, None)
    result = audited(hand, rake_logged=False)
    assert nets(result) == {"Seat+1": -9, "Seat+3": 9, "Seat+5": -1} and result.rake == 1


def test_2012_tournament_level_zero_stakes_come_from_the_bets() -> None:
    """A level written ``(0/0)`` states no stakes: the bets give 20/40, as in a cash hand."""
    hand = one_hand(TOURNAMENT_2012)
    assert (hand.currency, hand.tournament_id, hand.level, hand.small_bet, hand.big_bet) == (
        None, "1378659", "1", 20, 40)
    kinds = [note.kind for note in events_of(hand, Note) if note.kind != "hero"]
    assert kinds == ["join", "timeout", "sitting_out", "join"]
    assert nets(audited(hand, rake_logged=False)) == {"Seat+1": -45, "Seat+4": 50, "Seat+5": -5}


def test_2012_all_in_raise_is_the_street_total_and_the_loser_mucked() -> None:
    """``All-in(raise) 30`` goes to 30 (like the layout's ``Raises``); ``[Mucked] [cards]`` in the summary
    is a muck, and ``Ranking``/``Stand`` are notes."""
    hand = one_hand(KNOCKOUT_2012)
    assert [(e.player, e.to, e.all_in) for e in events_of(hand, Raise)] == [
        ("Seat+4", 20, False), ("Seat+1", 30, True)]
    assert [s.outcome for s in hand.summary.seats] == ["mucked", "won"]
    assert [note.kind for note in events_of(hand, Note) if note.kind != "hero"] == ["tournament", "leave"]
    assert nets(audited(hand, rake_logged=False)) == {"Seat+1": -35, "Seat+4": 35}
