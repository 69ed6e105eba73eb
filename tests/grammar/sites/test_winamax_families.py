"""Winamax's format families beyond the corpus, each a small complete hand written for the test: the
2011 tournament client (a free or ticket buy-in, a pot rounded to thousands), a decimal-comma buy-in and
a fast-fold table, each read with the money right."""

from __future__ import annotations

from helpers.parsing import events_of
from helpers.parsing import parse_text

from studbook.events import BringIn
from studbook.events import Collect
from studbook.events import Note
from studbook.events import Raise
from studbook.events import UncalledReturn
from studbook.hand import Hand
from studbook.replay import replay
from studbook.tournaments import buy_in_of


def only_hand(text: str) -> Hand:
    [hand] = parse_text(text)
    assert isinstance(hand, Hand), hand
    return hand


def tourney(buy_in: str, total: str) -> str:
    return f"""\
Winamax Poker - Tournament "Freeroll 150€" buyIn: {buy_in} level: 4 - HandId: #155123-41-1299355010 - \
7-Card Stud fixed limit (20/400/800) - 2011/03/05 20:00:10 UTC
Table: 'Freeroll 150€(5142226)#3' 8-max (real money)
Seat 1: Ann (5000)
Seat 2: Bob (2600)
Seat 5: Cy (4000)
*** ANTE/BLINDS ***
Ann posts ante 20
Bob posts ante 20
Cy posts ante 20
*** 3rd STREET ***
Dealt to Ann [Ah Kd Qs]
Dealt to Bob [X X 2c]
Dealt to Cy [X X 9h]
Bob brings in 200
Cy folds
Ann raises 400 to 400
Bob calls 200
*** 4th STREET ***
Dealt to Ann [Ah Kd Qs] [7c]
Dealt to Bob [X X 2c] [8d]
Ann bets 400
Bob calls 400
*** 5th STREET ***
Dealt to Ann [Ah Kd Qs 7c] [Jd]
Dealt to Bob [X X 2c 8d] [3h]
Ann bets 800
Bob folds
Ann collected 2460 from pot
*** SUMMARY ***
Total pot {total} | No rake
Seat 1: Ann won 2460
Seat 2: Bob folded on the 5th street
Seat 5: Cy folded on the 3rd street
"""


def check_tourney(hand: Hand) -> None:
    assert (hand.currency, hand.tournament_id, hand.level, hand.ante) == (None, "5142226", "4", 20)
    assert (hand.small_bet, hand.big_bet) == (400, 800)
    assert events_of(hand, BringIn) == [BringIn(14, "Bob", 200)]
    # Ann's 800 on 5th street is nobody's: given back out of her collect line
    assert events_of(hand, UncalledReturn) == [UncalledReturn(28, "Ann", 800)]
    assert events_of(hand, Collect) == [Collect(28, "Ann", 1660, "pot")]
    result = replay(hand)
    assert (result.total_pot, result.rake) == (1660, 0)
    assert {s.player: s.net for s in result.seats} == {"Ann": 840, "Bob": -820, "Cy": -20}
    assert [v for v in result.violations if v.severity != "info"] == []


def test_2011_freeroll_with_a_total_rounded_to_thousands() -> None:
    """``Total pot 2.46k`` is not the pot to the chip: no total is stated, the line is kept as a note."""
    hand = only_hand(tourney("Gratuit", "2.46k"))
    check_tourney(hand)
    assert hand.summary.total_pot is None and hand.summary.rake == 0
    assert any(n.text == "Total pot 2.46k | No rake" for n in events_of(hand, Note))


def test_ticket_and_decimal_comma_buy_ins() -> None:
    read = {"Ticket only": None, "Free": None, "0,90€ + 0,10€": (90, 10, "EUR"), "1.80-0.20": None}
    for buy_in in ("Ticket only", "Free", "0,90€ + 0,10€", "1.80-0.20"):
        hand = only_hand(tourney(buy_in, "2460"))
        check_tourney(hand)
        assert hand.buy_in == buy_in and buy_in_of(hand.buy_in) == read[buy_in]  # as written; a price read
        assert hand.summary.total_pot == 1660  # the log's 2460 less the 800 given back


FAST = """\
Winamax Poker - Go Fast "Buzau" - HandId: #8123456-77-1478990787 - Razz fixed limit (0.50€/2€/4€) - \
2016/11/12 22:46:27 UTC
Table: 'Buzau' 6-max (real money)
Seat 1: Ann (100€)
Seat 3: Bob (40.50€)
*** ANTE/BLINDS ***
Ann posts ante 0.50€
Bob posts ante 0.50€
*** 3rd STREET ***
Dealt to Ann [2h 3d 4s]
Dealt to Bob [X X Kc]
Bob brings in 1€
Ann raises 1€ to 2€
Bob folds
Ann collected 3.95€ from pot
*** SUMMARY ***
Total pot 3.95€ | Rake 0.05€
Seat 1: Ann won 3.95€
Seat 3: Bob folded on the 3rd street
"""


def test_fast_fold_table_in_euros() -> None:
    hand = only_hand(FAST)
    facts = (hand.variant, hand.currency, hand.ante, hand.small_bet, hand.big_bet)
    assert facts == ("razz", "EUR", 50, 200, 400)
    # Winamax writes the completion as a raise; the excess nobody called is in Ann's collect line
    assert events_of(hand, Raise) == [Raise(12, "Ann", 200, 100)]
    assert events_of(hand, UncalledReturn) == [UncalledReturn(14, "Ann", 100)]
    assert events_of(hand, Collect) == [Collect(14, "Ann", 295, "pot")]
    result = replay(hand)
    assert (result.total_pot, result.rake) == (300, 5)
    assert {s.player: s.net for s in result.seats} == {"Ann": 145, "Bob": -150}
    assert [v for v in result.violations if v.severity != "info"] == []
