"""Winamax stud logs: every corpus hand parses, audits as explained, exports and re-parses; constructed
hands cover what the corpus lacks (tournaments, mixed tables, side pots, all-ins, notes, errors)."""

from __future__ import annotations

from dataclasses import replace
from datetime import UTC
from datetime import datetime
from pathlib import Path

import pytest
from helpers.parsing import events_of
from helpers.parsing import parse_text
from helpers.paths import corpus_cases
from helpers.paths import corpus_dir

from studbook import events as ev
from studbook.cards import parse_cards
from studbook.events import BringIn
from studbook.events import Call
from studbook.events import Collect
from studbook.events import Deal
from studbook.events import Note
from studbook.events import PostAnte
from studbook.events import Raise
from studbook.events import Street
from studbook.events import UncalledReturn
from studbook.grammar import ParseError
from studbook.grammar import Skipped
from studbook.grammar import parse_file
from studbook.grammar.parse import parse_block
from studbook.grammar.reader import read_blocks
from studbook.hand import Hand
from studbook.hand import Seat
from studbook.replay import replay
from studbook.writers import WRITERS

# Independent of the grammar: a Winamax header, and the stud games it may name.

NEGATIVE_BET = "cash-7-Stud-6max-EUR-25-50-201611._8games_.negative.bet.txt"
STUD = "cash-7-Stud-6max-EUR-25-50-201611._8games_.txt"
PLAY = "cash-7-Stud-6max-play-0.5-0.10-201606.export.txt"
HILO = "cash-7-StudHL-6max-EUR-25-50-201611._8games_.txt"
RAZZ = "cash-Razz-6max-EUR-25-50-201611._8games_.txt"


def corpus_files() -> list[str]:
    folder = corpus_dir()
    return sorted(p.name for p in (folder / "winamax").glob("*.txt")) if folder else []


def hand_in(corpus: Path, name: str) -> Hand:
    hands = [h for h in parse_file(corpus / "winamax" / name) if isinstance(h, Hand)]
    assert len(hands) == 1
    return hands[0]


def violations(hand: Hand) -> list[tuple[int, str, str, str]]:
    return [(v.line, v.severity, v.code, v.rule) for v in replay(hand).violations]


def plain(hand: Hand) -> list[ev.Event]:
    return [replace(event, line=0) for event in hand.events]


# ---- the corpus ---------------------------------------------------------------------------------


def test_corpus_totals(corpus: Path) -> None:
    results = [r for path in sorted((corpus / "winamax").glob("*.txt")) for r in parse_file(path)]
    assert len(results) == 5 and all(isinstance(r, Hand) for r in results)
    assert len({r.hand_id for r in results}) == 5


def test_header_table_seats_and_deals_with_unseen_cards(corpus: Path) -> None:
    hand = hand_in(corpus, STUD)
    assert (hand.site, hand.hand_id) == ("winamax", "9250793470")
    assert (hand.variant, hand.structure) == ("stud", "limit")
    assert (hand.currency, hand.ante, hand.small_bet, hand.big_bet) == ("EUR", 500, 2500, 5000)
    assert hand.start_time == datetime(2016, 11, 12, 22, 46, 27, tzinfo=UTC)
    assert hand.start_time_utc == datetime(2016, 11, 12, 22, 46, 27, tzinfo=UTC)
    assert (hand.table, hand.max_seats, hand.tournament_id, hand.level) == ("Pampelune", 6, None, None)
    assert hand.seats == (Seat(1, "Hero", 174922), Seat(4, "Player0", 42606))
    assert events_of(hand, PostAnte) == [PostAnte(6, "Hero", 500), PostAnte(7, "Player0", 500)]
    assert Deal(9, Street.THIRD, "Hero", parse_cards("4h Ac"), parse_cards("Qd")) in hand.events
    assert Deal(10, Street.THIRD, "Player0", (), parse_cards("9h")) in hand.events
    assert Deal(16, Street.FOURTH, "Player0", (), parse_cards("Kh"), parse_cards("9h")) in hand.events
    # 7th street: the opponent's down card is "[X]", nothing known is dealt (line 30 is no event)
    assert [e.line for e in events_of(hand, Deal, "Player0")] == [10, 16, 20, 25]
    seventh = Deal(31, Street.SEVENTH, "Hero", parse_cards("Th"), (), parse_cards("4h Ac Qd 3h Qh 5h"))
    assert seventh in hand.events
    assert [e for e in hand.events if 11 <= e.line <= 13] == [
        BringIn(11, "Player0", 1000), Raise(12, "Hero", 2500, 2500), Call(13, "Player0", 1500)]
    assert events_of(hand, Collect) == [Collect(38, "Hero", 45800)]
    # Winamax's total pot is after rake; studbook's is what was put in
    assert (hand.summary.total_pot, hand.summary.rake) == (46000, 200)
    assert [s.outcome for s in hand.summary.seats] == ["won", "lost"]


def test_negative_bet_is_a_raise_by_the_bring_in_seat(corpus: Path) -> None:
    """``Player0 brings in 10€`` then ``raises -6.10€ to 18.90€``: Winamax leaves the bring-in out of
    both figures when the bring-in seat raises (fpdb reads it so too). Player0 puts in the rest of
    the stack, 18.90€, a raise to 28.90€ (3.90€ more than Player1's 25€), which Player1 calls (3.90€)."""
    hand = hand_in(corpus, NEGATIVE_BET)
    assert hand.hand_id == "92507931578"
    assert [e for e in hand.events if 14 <= e.line <= 18] == [
        BringIn(14, "Player0", 1000), Raise(15, "Player1", 2500, 2500), ev.Fold(16, "Hero"),
        Raise(17, "Player0", 2890, 390), Call(18, "Player1", 390)]
    assert events_of(hand, Collect) == [Collect(34, "Player0", 7030)]
    assert (hand.summary.total_pot, hand.summary.rake) == (7280, 250)
    # The only finding: the log never says Player0 is all-in (33.90€ = 5€ ante + 28.90€). No error.
    assert violations(hand) == [(17, "warning", "all-in-mismatch", "C21")]


def test_uncalled_bet_is_given_back_out_of_the_collect(corpus: Path) -> None:
    """Razz: Player0's last 50€ bet is not called; Winamax writes ``collected 258€`` (and ``Total pot
    258€``) with those 50€ inside. Read: 50€ returned, 208€ collected, 210€ put in (2€ rake)."""
    hand = hand_in(corpus, RAZZ)
    assert hand.variant == "razz"
    assert events_of(hand, UncalledReturn) == [UncalledReturn(29, "Player0", 5000)]
    assert events_of(hand, Collect) == [Collect(29, "Player0", 20800)]
    assert (hand.summary.total_pot, hand.summary.rake) == (21000, 200)
    assert hand.summary.seats[0].amount == 20800
    assert violations(hand) == []


def test_hi_lo_halves_of_an_uncontested_pot(corpus: Path) -> None:
    """Hero folds on 7th: Winamax still writes ``from pot(HI)`` and ``from pot(LO)``, 114€ each, the
    uncalled 50€ shared between them, and two summary lines for the seat. Nobody contests the pot,
    so it is not split: two unlabelled collects of 89€, one summary seat of 178€."""
    hand = hand_in(corpus, HILO)
    assert hand.variant == "stud8"
    assert events_of(hand, UncalledReturn) == [UncalledReturn(35, "Player0", 5000)]
    assert events_of(hand, Collect) == [Collect(35, "Player0", 8900), Collect(36, "Player0", 8900)]
    assert [(s.line, s.outcome, s.amount) for s in hand.summary.seats] == [(39, "collected", 17800)]
    assert (hand.summary.total_pot, hand.summary.rake) == (18000, 200)
    assert violations(hand) == []


def test_play_money_export_is_chips_in_hundredths(corpus: Path) -> None:
    hand = hand_in(corpus, PLAY)
    assert (hand.hand_id, hand.variant, hand.currency) == ("8835086564", "stud", None)
    assert (hand.ante, hand.small_bet, hand.big_bet) == (1, 5, 10)
    assert (hand.table, hand.max_seats) == ("Ceské Budejovice", 6)
    assert hand.seats[0] == Seat(2, "Player0", 205)
    assert BringIn(11, "Player1", 2) in hand.events
    assert [e.street for e in events_of(hand, ev.StreetStart)] == [Street.THIRD, Street.FOURTH, Street.FIFTH,
                                                                    Street.SIXTH, Street.SEVENTH]
    assert events_of(hand, Deal) == []  # this export writes no deal at all
    assert (hand.summary.total_pot, hand.summary.rake) == (69, 4)


def test_play_money_export_without_deals_is_judged_on_what_it_shows(corpus: Path) -> None:
    """The 2016 play-money export writes no ``Dealt to`` line: no up card is in the log, only what
    the showdown reveals of Player0 and Player2 (Player1 folds on 5th unseen). A log that deals no
    card at all cannot be held to the card rules: the replay notes the missing up cards (S1, lines 11,
    15, 19, 25) and takes the bring-in and each opener from the log (C7, S5, C32), then finds no
    error. The chips agree."""
    hand = hand_in(corpus, PLAY)
    found = violations(hand)
    assert {severity for _, severity, _, _ in found} == {"info"}
    assert {(line, code, rule) for line, _, code, rule in found} == {
        (11, "up-card-unknown", "S1"), (11, "door-card-unknown", "C7"),
        (15, "up-card-unknown", "S1"), (15, "opener-unknown", "S5"),
        (19, "up-card-unknown", "S1"), (19, "opener-unknown", "S5"),
        (25, "up-card-unknown", "S1"), (25, "opener-unknown", "S5"), (29, "opener-unknown", "C32")}
    result = replay(hand)
    assert {s.player: s.net for s in result.seats} == {"Player0": 32, "Player1": -3, "Player2": -33}


@pytest.mark.parametrize("name", corpus_cases(corpus_files()))
def test_replay_awards_are_the_logs_collects(corpus: Path, name: str) -> None:
    hand = hand_in(corpus, name)
    result = replay(hand)
    logged: dict[str, int] = {}
    for collect in events_of(hand, Collect):
        logged[collect.player] = logged.get(collect.player, 0) + collect.amount
    assert {s.player: s.collected for s in result.seats if s.collected} == logged
    assert result.total_pot == hand.summary.total_pot
    assert result.total_pot - sum(logged.values()) == hand.summary.rake
    assert [v for v in result.violations if v.code in ("award-mismatch", "collect-mismatch",
                                                       "total-pot-mismatch", "rake-mismatch")] == []


@pytest.mark.parametrize("name", corpus_cases(corpus_files()))
def test_pokerstars_export_reparses_to_the_same_hand(corpus: Path, name: str) -> None:
    hand = hand_in(corpus, name)
    text = WRITERS["pokerstars"](hand)
    again = [parse_block(block) for block in read_blocks(text.encode("utf-8"), "export.txt")]
    assert len(again) == 1 and isinstance(again[0], Hand), again
    back = again[0]
    assert plain(back) == plain(hand)
    assert back.seats == hand.seats
    assert (back.variant, back.currency, back.small_bet, back.big_bet, back.hand_id) == (
        hand.variant, hand.currency, hand.small_bet, hand.big_bet, hand.hand_id)
    assert (back.summary.total_pot, back.summary.rake) == (hand.summary.total_pot, hand.summary.rake)
    assert back.start_time_utc == hand.start_time_utc


# ---- constructed hands: what the corpus does not show ---------------------------------------------

CASH = "Winamax Poker - CashGame - HandId: #9250793-"
MIXED_TABLE = f"""\
{CASH}469-1478990700 - Holdem fixed limit (25€/50€) - 2016/11/12 22:45:00 UTC
Table: 'Pampelune' 6-max (real money) Seat #1 is the button
Seat 1: Hero (1749.22€)
Seat 4: Player0 (426.06€)
*** ANTE/BLINDS ***
Player0 posts small blind 10€
Hero posts big blind 25€
Dealt to Hero [Ah Kd]
*** PRE-FLOP ***
Player0 folds
Hero collected 35€ from pot
*** SUMMARY ***
Total pot 35€ | No rake
Seat 1: Hero (big blind) won 35€

{CASH}470-1478990787 - 7-Card Stud fixed limit (5€/25€/50€) - 2016/11/12 22:46:27 UTC
Table: 'Pampelune' 6-max (real money)
Seat 1: Hero (1749.22€)
Seat 4: Player0 (426.06€)
*** ANTE/BLINDS ***
Hero posts ante 5€
Player0 posts ante 5€
*** 3rd STREET ***
Dealt to Hero [4h Ac Qd]
Dealt to Player0 [X X 9h]
Player0 brings in 10€
Hero folds
Player0 collected 20€ from pot
*** SUMMARY ***
Total pot 20€ | No rake
Seat 4: Player0 won 20€

{CASH}471-1478990800 - 2-7 Triple Draw fixed limit (25€/50€) - 2016/11/12 22:47:00 UTC
Table: 'Pampelune' 6-max (real money) Seat #4 is the button
"""


def test_mixed_table_skips_and_counts_other_games() -> None:
    results = parse_text(MIXED_TABLE, "8games.txt")
    assert [type(r).__name__ for r in results] == ["Skipped", "Hand", "Skipped"]
    assert [r.game for r in results if isinstance(r, Skipped)] == ["Holdem", "2-7 Triple Draw"]
    assert [r.hand_id for r in results] == ["9250793469", "9250793470", "9250793471"]
    hand = results[1]
    assert isinstance(hand, Hand)
    # everyone folds to the bring-in: it is returned, the antes are won
    assert events_of(hand, UncalledReturn) == [UncalledReturn(28, "Player0", 1000)]
    assert events_of(hand, Collect) == [Collect(28, "Player0", 1000)]
    assert (hand.summary.total_pot, hand.summary.rake) == (1000, 0)
    assert violations(hand) == []


TOURNEY = 'Winamax Poker - Tournament "Stud Party" buyIn: 4.50€ + 0.50€ level: 7 - HandId: #600123456-12-'
TOURNAMENT = f"""\
{TOURNEY}1478990000 - Razz fixed limit (20/100/200) - 2016/11/12 22:30:00 UTC
Table: 'Stud Party(600123456)#003' 8-max (real money)
Seat 1: Hero (1520)
Seat 2: Villain (180)
Seat 3: Third (2000)
*** ANTE/BLINDS ***
Hero posts ante 20
Villain posts ante 20
Third posts ante 20
*** 3rd STREET ***
Dealt to Hero [2c 3d 5h]
Dealt to Villain [X X Kc]
Dealt to Third [X X 4s]
Villain brings in 50
Third raises 100 to 100
Hero raises 100 to 200
Villain calls 110 and is all-in
Third is disconnected
Third calls 100
*** 4th STREET ***
Dealt to Hero [2c 3d 5h] [6c]
Dealt to Villain [X X Kc] [Qd]
Dealt to Third [X X 4s] [Js]
Hero bets 100
Third folds
*** 5th STREET ***
Dealt to Hero [2c 3d 5h 6c] [7s]
Dealt to Villain [X X Kc Qd] [Kd]
*** 6th STREET ***
Dealt to Hero [2c 3d 5h 6c 7s] [8d]
Dealt to Villain [X X Kc Qd Kd] [9s]
*** 7th STREET ***
Dealt to Hero [2c 3d 5h 6c 7s 8d] [Tc]
Dealt to Villain [X X Kc Qd Kd 9s] [X]
*** SHOW DOWN ***
Hero shows [2c 3d 5h 6c 7s 8d Tc] (7-6-5-3-2)
Villain shows [Ah Jh Kc Qd Kd 9s 4c] (Q-J-9-4-A)
Hero collected 80 from side pot 1
Hero collected 100 from side pot 2
Hero collected 540 from main pot
*** SUMMARY ***
Total pot 720 | No rake
Seat 1: Hero showed [2c 3d 5h 6c 7s 8d Tc] and won 720 with 7-6-5-3-2
Seat 2: Villain showed [Ah Jh Kc Qd Kd 9s 4c] and lost with Q-J-9-4-A
"""


def test_tournament_side_pots_all_in_and_a_note() -> None:
    [hand] = parse_text(TOURNAMENT)
    assert isinstance(hand, Hand)
    assert (hand.hand_id, hand.variant, hand.currency) == ("60012345612", "razz", None)
    assert (hand.tournament_id, hand.level, hand.table, hand.max_seats) == (
        "600123456", "7", "Stud Party(600123456)#003", 8)
    assert (hand.ante, hand.small_bet, hand.big_bet) == (20, 100, 200)
    assert Call(17, "Villain", 110, all_in=True) in hand.events
    assert Note(18, "connection", "Third is disconnected", "Third") in hand.events
    # Hero's 4th-street bet nobody calls: Winamax's "side pot 2" of 100 is that bet, given back
    assert events_of(hand, UncalledReturn) == [UncalledReturn(39, "Hero", 100)]
    assert [(c.amount, c.pot) for c in events_of(hand, Collect)] == [(80, "side-1"), (540, "main")]
    assert hand.summary.total_pot == 620
    assert hand.summary.seats[0].amount == 620
    assert violations(hand) == []


def test_a_line_that_could_move_chips_rejects_the_hand_where_it_stands() -> None:
    text = MIXED_TABLE.split("\n\n")[1].replace("Hero folds", "Hero completes to 25€")
    [error] = parse_text(text + "\n", "bad.txt")
    assert isinstance(error, ParseError)
    assert (error.line, error.column) == (12, 6)
    assert "completes to 25€" in error.message and "Hero" in error.message


def test_amounts_must_be_in_the_hands_money() -> None:
    text = MIXED_TABLE.split("\n\n")[1].replace("Hero posts ante 5€", "Hero posts ante 5")
    [error] = parse_text(text + "\n", "bad.txt")
    assert isinstance(error, ParseError)
    assert error.line == 6 and "has no € in a EUR hand" in error.message


def test_a_negative_raise_by_another_seat_is_rejected() -> None:
    text = TOURNAMENT.replace("Hero raises 100 to 200", "Hero raises -100 to 200")
    [error] = parse_text(text, "bad.txt")
    assert isinstance(error, ParseError)
    assert error.line == 16 and "no raise" in error.message
