"""Absolute Poker stud logs: the corpus hand parses, audits clean and survives a PokerStars round trip;
constructed hands cover raises, all-ins, skipped games and rejected lines."""

from __future__ import annotations

from dataclasses import replace
from datetime import UTC
from datetime import datetime
from pathlib import Path

from helpers.parsing import events_of
from helpers.parsing import parse_text

from studbook import events as ev
from studbook.cards import parse_cards
from studbook.events import Bet
from studbook.events import BringIn
from studbook.events import Call
from studbook.events import Collect
from studbook.events import Deal
from studbook.events import Fold
from studbook.events import Raise
from studbook.events import Show
from studbook.events import Street
from studbook.grammar import ParseError
from studbook.grammar import Skipped
from studbook.grammar import parse_file
from studbook.grammar.parse import parse_block
from studbook.grammar.reader import read_blocks
from studbook.hand import Hand
from studbook.replay import replay
from studbook.writers import write_pokerstars

NAME = "cash-7-StudHL-USD-0.02-0.04-200903.River.with.mucked.txt"


def corpus_hand(corpus: Path) -> Hand:
    [hand] = parse_file(corpus / "absolute" / NAME)
    assert isinstance(hand, Hand)
    return hand


def test_header_seats_and_eastern_time(corpus: Path) -> None:
    hand = corpus_hand(corpus)
    assert (hand.site, hand.hand_id, hand.variant) == ("absolute", "1300000000", "stud8")
    assert hand.structure == "limit"  # "Normal"
    assert (hand.currency, hand.small_bet, hand.big_bet, hand.tournament_id) == ("USD", 2, 4, None)
    assert hand.start_time_utc == datetime(2009, 3, 18, 23, 10, tzinfo=UTC)  # 19:10 EDT
    assert [(s.seat, s.player, s.stack) for s in hand.seats][:2] == [(1, "PLAYER1", 17), (2, "PLAYER2", 36)]


def test_pocket_lines_deal_the_new_cards_only(corpus: Path) -> None:
    """``Pocket [H H Js 10d]``: H is a card nobody saw; a folded player's unchanged line deals nothing."""
    hand = corpus_hand(corpus)
    assert Deal(20, Street.THIRD, "Hero", parse_cards("Tc 5c"), parse_cards("7s")) in hand.events
    assert Deal(17, Street.THIRD, "PLAYER1", (), parse_cards("Js")) in hand.events
    assert Deal(32, Street.FOURTH, "PLAYER1", (), parse_cards("Td"), parse_cards("Js")) in hand.events
    assert Deal(64, Street.SEVENTH, "PLAYER1", (), (), parse_cards("Js Td Kh 2c")) in hand.events
    assert not [e for e in events_of(hand, Deal, "Hero") if e.street > Street.THIRD]
    assert [e for e in hand.events if 24 <= e.line <= 26] == [
        BringIn(24, "PLAYER7", 1), Call(25, "PLAYER1", 1), Fold(26, "PLAYER2")]
    assert Show(75, "PLAYER1", parse_cards("Jh 3h Js Td Kh 2c 2h"), "Two Pair, jacks and twos") in hand.events


def test_audits_clean_and_the_awards_rake_and_pot_agree(corpus: Path) -> None:
    hand = corpus_hand(corpus)
    result = replay(hand)
    assert [v for v in result.violations if v.severity == "error"] == []
    assert events_of(hand, Collect) == [Collect(78, "PLAYER3", 19, "main"),
                                        Collect(79, "PLAYER6", 20, "main")]
    assert (hand.summary.total_pot, hand.summary.rake) == (43, 4)
    assert (result.total_pot, result.rake) == (43, 4)
    assert all(s.collected == s.logged_collected for s in result.seats)
    assert [(s.player, s.outcome, s.amount) for s in hand.summary.seats if s.amount] == [
        ("PLAYER3", "won", 19), ("PLAYER6", "won", 20)]


def same_play(hand: Hand) -> list[ev.Event]:
    found = []
    for event in hand.events:
        if isinstance(event, ev.Note) or (isinstance(event, ev.Deal) and not (event.down or event.up)):
            continue  # a card nobody saw is no line in PokerStars text
        if isinstance(event, ev.Complete | ev.Raise):
            event = ev.Raise(0, event.player, event.to, None, event.all_in)
        found.append(replace(event, line=0))
    return found


def test_export_as_pokerstars_reads_back_the_same_hand(corpus: Path) -> None:
    hand = corpus_hand(corpus)
    (block,) = read_blocks(write_pokerstars(hand).encode(), "written.txt")
    back = parse_block(block)
    assert isinstance(back, Hand), back
    assert same_play(back) == same_play(hand)
    assert (back.variant, back.small_bet, back.big_bet, back.currency, back.start_time) == (
        hand.variant, hand.small_bet, hand.big_bet, hand.currency, hand.start_time)
    assert (back.summary.total_pot, back.summary.rake) == (hand.summary.total_pot, hand.summary.rake)


HAND = """\
Stage #1300000001: Seven Card Stud  Normal $1/$2 - 2009-03-18 19:10:00 (ET)
Table: TEST TABLE (Real Money)
Seat 1 - Ann ($20 in chips)
Seat 2 - Bob ($2.90 in chips)
Ann - Ante $0.20
Bob - Ante $0.20
*** 3rd STREET ***
Ann - Pocket [Ah Kh 9s]
Bob - Pocket [H H 2c]
Bob - Bring-In $0.50
Ann - Raises $1
Bob - Raises $1.50
Ann - Calls $1
*** 4TH STREET ***
Ann - Pocket [Ah Kh 9s 9d]
Bob - Pocket [H H 2c 3c]
Ann - Bets $1
Bob - All-In $0.70
*** 5TH STREET ***
Ann - Pocket [Ah Kh 9s 9d Qc]
Bob - Pocket [H H 2c 3c 4c]
*** 6TH STREET ***
Ann - Pocket [Ah Kh 9s 9d Qc Jd]
Bob - Pocket [H H 2c 3c 4c 5d]
*** RIVER ***
Ann - Pocket [Ah Kh 9s 9d Qc Jd H]
Bob - Pocket [H H 2c 3c 4c 5d H]
*** SHOW DOWN ***
Ann - Shows [Ah Kh 9s 9d Qc Jd 8s] (One pair, nines)
Bob - Shows [2d 7h 2c 3c 4c 5d 6s] (Straight, seven high)
Bob Collects $5.70 from main pot
*** SUMMARY ***
Total Pot($5.80) | Rake ($0.10)
Seat 1: Ann HI:lost with One pair, nines [Ah Kh 9s 9d Qc Jd 8s - P:9s,P:9d,P:Ah,P:Kh,P:Qc]
Seat 2: Bob won Total ($5.70) HI:($5.70) with Straight, seven high [2d 7h 2c 3c 4c 5d 6s - B:7h,B:6s]
"""


def test_raises_add_to_the_street_total_and_all_in_facing_a_bet_is_a_call() -> None:
    [hand] = parse_text(HAND)
    assert (hand.table, hand.small_bet, hand.big_bet, hand.variant) == ("TEST TABLE", 100, 200, "stud")
    assert [e for e in hand.events if isinstance(e, Raise | Call | Bet)] == [
        Raise(11, "Ann", 100), Raise(12, "Bob", 200), Call(13, "Ann", 100),
        Bet(17, "Ann", 100), Call(18, "Bob", 70, all_in=True)]
    result = replay(hand)
    assert [v.code for v in result.violations if v.severity == "error"] == ["uncalled-missing"]


def test_uncalled_bet_is_not_written_by_the_site() -> None:
    """Ann's $0.30 over Bob's all-in is never returned in the log: the replay returns it and says so
    (uncalled-missing, C23); the awards and rake still agree."""
    [hand] = parse_text(HAND)
    result = replay(hand)
    [missing] = [v for v in result.violations if v.code == "uncalled-missing"]
    assert (missing.rule, missing.severity) == ("C23", "error")
    assert {s.player: s.collected for s in result.seats} == {"Ann": 0, "Bob": 570}


def test_other_games_are_skipped_and_unknown_lines_rejected() -> None:
    holdem = ("Stage #1571362962: Holdem  No Limit $0.02 - 2009-08-05 15:24:06 (ET)\n"
              "Seat 6 - FETS63 ($0.75 in chips)\n")
    results = parse_text(holdem + "\n" + HAND)
    assert results[0] == Skipped("constructed.txt", 1, "1571362962", "absolute", "Holdem")
    assert isinstance(results[1], Hand)
    [error] = parse_text(HAND.replace("Ann - Bets $1", "Ann - Straddles $1"))
    assert isinstance(error, ParseError) and error.line == 17 and "Straddles" in error.message
