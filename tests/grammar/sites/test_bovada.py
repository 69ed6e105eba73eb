"""Bovada / Bodog / Ignition stud logs: every corpus hand parses, replays clean and round-trips through
the PokerStars writer; constructed hands cover what the corpus lacks (tournaments, all-ins, timeouts,
side pots, sit-outs)."""

from __future__ import annotations

from datetime import UTC
from datetime import datetime
from pathlib import Path

from helpers.parsing import events_of
from helpers.parsing import parse_text
from helpers.tournament_hands import BOVADA_TOURNAMENT

from studbook.cards import parse_cards
from studbook.events import Bet
from studbook.events import BringIn
from studbook.events import Call
from studbook.events import Collect
from studbook.events import Deal
from studbook.events import Muck
from studbook.events import Note
from studbook.events import PostAnte
from studbook.events import Raise
from studbook.events import Show
from studbook.events import Street
from studbook.events import StreetStart
from studbook.grammar import ParseError
from studbook.grammar import parse_file
from studbook.grammar.sites.bovada import nice_round_up
from studbook.hand import Hand
from studbook.replay import replay


def hands_of(corpus: Path) -> list[Hand]:
    return [
        h
        for path in sorted((corpus / "bovada").glob("*.txt"))
        for h in parse_file(path)
        if isinstance(h, Hand)
    ]


def hand_in(corpus: Path, hand_id: str) -> Hand:
    return next(h for h in hands_of(corpus) if h.hand_id == hand_id)


def test_corpus_totals(corpus: Path) -> None:
    assert len({h.hand_id for h in hands_of(corpus)}) == 6


def test_2012_bodog_layout_streets_from_the_deals(corpus: Path) -> None:
    hand = hand_in(corpus, "2604291577")
    assert (hand.site, hand.variant, hand.structure, hand.currency, hand.table) == (
        "bovada",
        "stud",
        "limit",
        "USD",
        "1178621",
    )
    assert hand.start_time == datetime(2012, 5, 7, 7, 40, 46, tzinfo=UTC)
    assert hand.start_time.utcoffset().total_seconds() == -4 * 3600  # Eastern daylight time
    assert (hand.small_bet, hand.big_bet) == (5, 10)  # read from the bets: the header has no stakes
    assert [s.player for s in hand.seats] == ["Seat+1", "Seat+3", "Seat+5"]
    assert Note(39, "hero", "Seat+3 [ME]: $0.56 in chips", "Seat+3") in hand.events
    assert events_of(hand, StreetStart) == [
        StreetStart(44, Street.THIRD),
        StreetStart(51, Street.FOURTH),
        StreetStart(58, Street.FIFTH),
        StreetStart(66, Street.SIXTH),
    ]
    assert Deal(45, Street.THIRD, "Seat+1", parse_cards("Qc 7c"), parse_cards("3d")) in hand.events
    assert Deal(51, Street.FOURTH, "Seat+1", (), parse_cards("3c")) in hand.events
    assert Bet(55, "Seat+3", 10) in hand.events  # "D bets": the double bet of an open pair (Ks Kc)
    assert Muck(72, "Seat+5") in hand.events and events_of(hand, Collect) == [Collect(73, "Seat+5", 57)]
    assert (hand.summary.total_pot, hand.summary.rake) == (59, 2)


def test_showdown_shows_every_card_and_summary_adds_the_missing_one(corpus: Path) -> None:
    hand = hand_in(corpus, "2604291699")
    assert Show(113, "Seat+5", parse_cards("9d 8s Jd 5c Td Ac Js"), "One pair") in hand.events
    # the summary's first bracket leaves out Ac; the best five hold it
    assert hand.summary.seats[2].cards == parse_cards("9d 8s Jd 5c Td Js Ac")
    assert [(s.outcome, s.amount) for s in hand.summary.seats] == [
        ("folded", None),
        ("won", 45),
        ("lost", None),
    ]


def test_sitting_out_seat_is_not_dealt_in(corpus: Path) -> None:
    hand = hand_in(corpus, "2604291787")
    assert [s.sitting_out for s in hand.seats] == [False, True, False]
    assert [n.kind for n in events_of(hand, Note)] == ["hero", "sitting_out", "leave", "leave"]


def test_hi_lo_split_and_no_rake_line(corpus: Path) -> None:
    hand = hand_in(corpus, "2844383701")
    assert (hand.variant, hand.small_bet, hand.big_bet) == ("stud8", 500, 1000)
    assert events_of(hand, Collect) == [Collect(74, "Seat+2", 7350), Collect(75, "Seat+5", 7350)]
    assert Raise(35, "Seat+5", 1000) in hand.events
    assert (hand.summary.total_pot, hand.summary.rake) == (15000, None)
    result = replay(hand)
    assert result.rake == 300 and {w.half for p in result.pots for w in p.winners} == {"hi", "lo"}


def test_completion_by_the_bring_in_seat_is_a_bet(corpus: Path) -> None:
    hand = hand_in(corpus, "2633952287")
    assert not events_of(hand, BringIn) and Bet(24, "Seat+1", 25) in hand.events
    assert (hand.small_bet, hand.big_bet) == (25, 50)


def test_every_corpus_hand_replays_clean(corpus: Path) -> None:
    for hand in hands_of(corpus):
        result = replay(hand)
        assert result.violations == [], (hand.hand_id, result.violations)
        for seat in result.seats:
            assert seat.net == seat.logged_collected - seat.committed
        assert (
            sum(s.collected for s in result.seats) + result.rake == result.total_pot == hand.summary.total_pot
        )
        if hand.summary.rake is not None:
            assert result.rake == hand.summary.rake




def test_tournament_all_in_timeouts_and_side_pot() -> None:
    (hand,) = parse_text(BOVADA_TOURNAMENT)
    assert isinstance(hand, Hand), hand
    assert (hand.tournament_id, hand.level, hand.table, hand.currency) == ("9018578", "2", "3", None)
    assert (hand.small_bet, hand.big_bet) == (40, 80)
    assert BringIn(12, "Seat+2", 20, all_in=True) in hand.events
    assert Raise(14, "Seat+1", 40) in hand.events
    assert [n.kind for n in events_of(hand, Note)][1:] == ["timeout", "timeout", "tournament", "sitting_out"]
    assert Collect(31, "Seat+1", 40, "side") in hand.events and Collect(41, "Seat+2", 90) in hand.events
    assert [e for e in events_of(hand, PostAnte)] == [
        PostAnte(5, "Seat+1", 10),
        PostAnte(6, "Seat+2", 10),
        PostAnte(7, "Seat+4", 10),
    ]


def test_all_in_reads_as_call_bet_or_raise() -> None:
    text = BOVADA_TOURNAMENT.replace(
        "Seat+4 : Calls 20\nSeat+1 : Raises (timeout) 40 to 40\nSeat+4 : Calls 20",
        "Seat+4 : Calls 20\nSeat+1 : All-in(raise) 40 to 40\nSeat+4 : All-in 20",
    )
    (hand,) = parse_text(text)
    assert isinstance(hand, Hand), hand
    assert Raise(14, "Seat+1", 40, all_in=True) in hand.events and Call(15, "Seat+4", 20, True) in hand.events


def test_a_line_that_could_move_chips_rejects_the_hand() -> None:
    (error,) = parse_text(BOVADA_TOURNAMENT.replace("Seat+4 : Calls 20\nSeat+1", "Seat+4 : Pays 20\nSeat+1"))
    assert isinstance(error, ParseError)
    assert (error.line, error.column) == (13, 10)
    assert error.message.startswith("unknown action 'Pays 20' by Seat+4")


def test_other_games_are_skipped() -> None:
    (skipped,) = parse_text(
        "Bovada Hand #2902249427 TBL#8747464 OMAHA HiLo Pot Limit - 2014-08-05 01:25:39\n"
        "Seat 1: UTG ($2.91 in chips)\n"
    )
    assert type(skipped).__name__ == "Skipped" and skipped.game == "OMAHA HiLo"


def test_unstated_stakes_without_a_bet_come_from_the_bring_in() -> None:
    assert [nice_round_up(n) for n in (4, 5, 20, 50, 7)] == [5, 5, 25, 50, 10]
