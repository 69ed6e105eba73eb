"""Full Tilt stud logs: every corpus hand parses, and chosen hands carry exact values."""

from __future__ import annotations

from datetime import UTC
from datetime import datetime
from datetime import timedelta
from pathlib import Path

import pytest
from helpers.parsing import events_of
from helpers.parsing import parse_text

from studbook.cards import parse_cards
from studbook.events import BringIn
from studbook.events import Call
from studbook.events import Collect
from studbook.events import Complete
from studbook.events import Deal
from studbook.events import Fold
from studbook.events import Muck
from studbook.events import Note
from studbook.events import PostAnte
from studbook.events import Raise
from studbook.events import Show
from studbook.events import Street
from studbook.events import StreetStart
from studbook.events import UncalledReturn
from studbook.grammar import ParseError
from studbook.grammar import Skipped
from studbook.grammar import parse_file
from studbook.grammar.reader import LogReader
from studbook.hand import Hand
from studbook.hand import Seat
from studbook.hand import SummarySeat

# Independent of the grammar: a Full Tilt header line, and which of them announce a stud game.


def hand_in(corpus: Path, name: str, hand_id: str | None = None) -> Hand:
    hands = [h for h in parse_file(corpus / "fulltilt" / name) if isinstance(h, Hand)]
    return next(h for h in hands if hand_id in (None, h.hand_id))


def encoding_of(path: Path) -> str | None:
    reader = LogReader(path)
    list(reader)
    return reader.encoding


def test_corpus_totals(corpus: Path) -> None:
    results = [r for path in sorted((corpus / "fulltilt").glob("*.txt")) for r in parse_file(path)]
    assert len(results) == 23 and all(isinstance(r, Hand) for r in results)


def test_header_ante_names_with_spaces_and_labelled_halves(corpus: Path) -> None:
    hand = hand_in(corpus, "cash-ftp-stud-hilo-ring-001.txt")
    assert (hand.site, hand.hand_id, hand.variant) == ("fulltilt", "6367428246", "stud8")
    assert hand.currency == "USD"
    assert (hand.small_bet, hand.big_bet, hand.ante, hand.bring_in) == (1500, 3000, 300, None)
    assert (hand.table, hand.max_seats, hand.tournament_id) == ("Mountain Mesa", None, None)
    assert hand.seats[:3] == (Seat(1, "Player_8", 44600, True), Seat(2, "Play er9", 30350),
                              Seat(3, "P layer10", 61300, True))
    assert hand.seats[4] == Seat(5, "Player1 2", 54350, True)
    assert events_of(hand, PostAnte) == [PostAnte(10, "Player15", 300), PostAnte(11, "Player_11", 300),
                                         PostAnte(12, "Player13", 300), PostAnte(13, "Play er9", 300)]
    assert Note(19, "bring_in_card", "Play er9 is low with [2s]", "Play er9") in hand.events
    assert [e for e in hand.events if 20 <= e.line <= 24] == [
        BringIn(20, "Play er9", 500), Fold(21, "Player_11"), Complete(22, "Player13", 1500),
        Fold(23, "Player15"), Call(24, "Play er9", 1000)]
    assert StreetStart(40, Street.SEVENTH) in hand.events
    assert Show(44, "Play er9", parse_cards("5c 4h 2s 6c Ac 2c 2h"),
                "three of a kind, Twos, for high and 6,5,4,2,A, for low") in hand.events
    assert Muck(45, "Player13") in hand.events
    assert events_of(hand, Collect) == [Collect(46, "Play er9", 12500, "pot", "hi"),
                                        Collect(47, "Play er9", 12500, "pot", "lo")]
    assert (hand.summary.total_pot, hand.summary.rake) == (25200, 200)
    assert hand.summary.seats[1] == SummarySeat(51, 2, "Play er9", "collected", 25000, (), "collected ($250)")
    assert [s.outcome for s in hand.summary.seats] == ["sitting_out", "collected", "sitting_out", "folded",
                                                       "sitting_out", "mucked", "sitting_out", "folded"]


def test_all_in_on_the_bring_in(corpus: Path) -> None:
    """Heads-up razz: the sitting-out Villain antes, brings in all-in, and the cards are turned up."""
    name = "tour-Razz-USD-HUSNG-2-201102.Villain.allin.on.bringing.txt"
    assert encoding_of(corpus / "fulltilt" / name) == "utf-16"
    hand = hand_in(corpus, name)
    assert (hand.variant, hand.currency, hand.tournament_id, hand.table) == ("razz", None, "220338000", "1")
    assert (hand.small_bet, hand.big_bet, hand.ante) == (80, 160, 15)
    assert hand.seats == (Seat(1, "Villain", 24, sitting_out=True), Seat(2, "Hero", 976))
    assert list(hand.events[:10]) == [
        PostAnte(4, "Villain", 15), PostAnte(5, "Hero", 15), StreetStart(6, Street.THIRD),
        Deal(7, Street.THIRD, "Villain", up=parse_cards("Kc")),
        Deal(8, Street.THIRD, "Hero", parse_cards("5d 6s"), parse_cards("2s")),
        Note(9, "bring_in_card", "Villain is high with [Kc]", "Villain"),
        BringIn(10, "Villain", 9, all_in=True), Call(11, "Hero", 9),
        Show(12, "Villain", parse_cards("As 7c Kc")), Show(13, "Hero", parse_cards("5d 6s 2s"))]
    assert Deal(24, Street.SEVENTH, "Villain", down=parse_cards("Tc"),
                shown_before=parse_cards("As 7c Kc Js 4s 7d")) in hand.events
    assert events_of(hand, Collect) == [Collect(28, "Hero", 48)]
    assert hand.summary.seats[0].outcome == "lost" and hand.summary.seats[1].amount == 48


def test_five_card_stud_streets_and_side_pot(corpus: Path) -> None:
    hand = hand_in(corpus, "tour-5-Stud-USD-MTT-100-201303.txt")
    assert (hand.variant, hand.tournament_id, hand.ante, hand.small_bet, hand.big_bet) == (
        "stud5", "251332389", 150, 800, 1600)
    assert events_of(hand, StreetStart) == [StreetStart(16, Street.SECOND), StreetStart(38, Street.THIRD),
                                            StreetStart(44, Street.FOURTH), StreetStart(50, Street.FIFTH)]
    assert Note(16, "pot", "Total Pot: 1,050, 7 Players") in hand.events
    assert Deal(21, Street.SECOND, "Hero", parse_cards("6s"), parse_cards("6h")) in hand.events
    fifth = Deal(53, Street.FIFTH, "Player4", up=parse_cards("2d"), shown_before=parse_cards("Js 9h 4c"))
    assert fifth in hand.events
    assert [e for e in hand.events if e.line in (26, 34, 36, 55, 56)] == [
        Complete(26, "Player0", 800), Raise(34, "Player4", 1345, all_in=True), Raise(36, "Player0", 2145),
        Call(55, "Player0", 255, all_in=True), UncalledReturn(56, "Player1", 1345)]
    assert events_of(hand, Collect) == [Collect(61, "Player1", 6910, "side"),
                                        Collect(63, "Player1", 5335, "main")]
    assert (hand.summary.total_pot, hand.summary.main_pot, hand.summary.side_pots) == (12245, 5335, (6910,))
    assert hand.summary.seats[0].cards == parse_cards("Ks Kc Tc Qd 3d")
    hero_notes = [n.kind for n in events_of(hand, Note, "Hero")]
    assert hero_notes == ["timeout", "timeout", "sitting_out", "sitting_out"]


def test_cct_time_with_et_in_brackets(corpus: Path) -> None:
    name = "cash-Razz-USD-0.10-0.20-201012.CCT.and.ET.timeformat.txt"
    assert encoding_of(corpus / "fulltilt" / name) == "utf-16"
    hand = hand_in(corpus, name)
    assert hand.start_time.replace(tzinfo=None) == datetime(2010, 12, 7, 17, 10, 10)
    assert hand.start_time.utcoffset() == timedelta(hours=8)
    assert hand.start_time_utc == datetime(2010, 12, 7, 9, 10, 10, tzinfo=UTC)
    assert (hand.variant, hand.small_bet, hand.big_bet, hand.ante) == ("razz", 10, 20, 2)


def test_et_time(corpus: Path) -> None:
    hand = hand_in(corpus, "cash-7-Stud-USD-3-6-20106.Steal.from.Button.Failure.txt")
    assert hand.start_time_utc == datetime(2010, 6, 11, 16, 18, 37, tzinfo=UTC)


def test_table_notes_and_seats_that_do_not_play(corpus: Path) -> None:
    hand = hand_in(corpus, "cash-7-Stud-USD-3-6-20106.Steal.from.Button.Failure.txt")
    assert (hand.ante, hand.small_bet, hand.big_bet) == (50, 300, 600)
    assert hand.seats[7] == Seat(8, "FILL A RACK", 12850)
    assert events_of(hand, Note)[1:4] == [
        Note(29, "leave", "FILL A RACK stands up", "FILL A RACK"),
        Note(30, "timeout", "chasrigg has 15 seconds left to act", "chasrigg"),
        Note(31, "other", "shasatipu adds $316", "shasatipu")]  # not seated: a note needs no seat
    assert hand.summary.seats[5] == SummarySeat(52, 6, "arjun1111", "collected", 950, (),
                                                "collected ($9.50), mucked")

    listed = hand_in(corpus, "cash-Razz-USD-0.10-0.20-201012.Player6.listed.but.doesnt.act.txt")
    assert listed.seats[5] == Seat(6, "Player6", 54)
    player6 = [e for e in listed.events if getattr(e, "player", None) == "Player6"]
    assert player6 == [Note(17, "sitting_out", "Player6 is sitting out", "Player6"),
                       Note(27, "leave", "Player6 stands up", "Player6")]
    assert listed.summary.seats[5] == SummarySeat(60, 6, "Player6", "sitting_out", text="is sitting out")


def test_timer_line_without_a_name(corpus: Path) -> None:
    """``5 seconds left to act`` names nobody; Player2 is seated but neither antes nor is dealt in."""
    hand = hand_in(corpus, "cash-7-StudHL-USD-2-4-201006.Steal.examples.txt", "11111111633")
    assert Note(449, "timeout", "5 seconds left to act") in hand.events
    assert not events_of(hand, PostAnte, "Player2") and not events_of(hand, Deal, "Player2")
    assert hand.variant == "stud"  # the file name says StudHL; the hands are Stud Hi


# ---- constructed hands: forms the corpus does not hold ------------------------------------------

ANTE_ALL_IN = """\
Full Tilt Poker Game #28333848000: $2 + $0.10 Heads Up Sit & Go (220338000), Table 1 (heads up) - \
80/160 Ante 15 - Limit Razz - 05:52:00 ET - 2011/02/19
Seat 1: Villain (6)
Seat 2: Hero (1,000)
Villain antes 6, and is all in
Hero antes 15
Uncalled bet of 9 returned to Hero
*** 3RD STREET ***
Dealt to Villain [Kc]
Dealt to Hero [5d 6s] [2s]
Villain shows [As 7c Kc]
*** 4TH STREET ***
Dealt to Villain [As 7c Kc] [Js]
Dealt to Hero [5d 6s 2s] [Td]
*** 5TH STREET ***
Dealt to Villain [As 7c Kc Js] [4s]
Dealt to Hero [5d 6s 2s Td] [Jh]
*** 6TH STREET ***
Dealt to Villain [As 7c Kc Js 4s] [7d]
Dealt to Hero [5d 6s 2s Td Jh] [2h]
*** 7TH STREET ***
Dealt to Villain [As 7c Kc Js 4s 7d] [Tc]
Dealt to Hero [5d 6s 2s Td Jh 2h] [Qc]
Villain shows [As 7c Kc Js 4s 7d Tc] J,T,7,4,A
Hero shows [5d 6s 2s Td Jh 2h Qc] J,T,6,5,2
Hero wins the pot (12) with J,T,6,5,2
*** SUMMARY ***
Total pot 12 | Rake 0
Seat 1: Villain showed [As 7c Kc Js 4s 7d Tc] and lost with J,T,7,4,A
Seat 2: Hero showed [5d 6s 2s Td Jh 2h Qc] and won (12) with J,T,6,5,2
"""


def test_all_in_on_the_ante_and_the_excess_returned_before_third_street() -> None:
    [hand] = parse_text(ANTE_ALL_IN)
    assert (hand.max_seats, hand.seats[1].stack) == (2, 1000)
    assert list(hand.events[:4]) == [PostAnte(4, "Villain", 6, all_in=True), PostAnte(5, "Hero", 15),
                                     UncalledReturn(6, "Hero", 9), StreetStart(7, Street.THIRD)]
    assert events_of(hand, Collect) == [Collect(25, "Hero", 12)]


def test_table_attributes_give_the_seat_count() -> None:
    text = ANTE_ALL_IN.replace("Table 1 (heads up)", "Table 1 (6 max)")
    [hand] = parse_text(text)
    assert (hand.max_seats, hand.table) == (6, "1")


def test_non_stud_hand_is_skipped() -> None:
    holdem = ("Full Tilt Poker Game #33286946295: Table Fiery (6 max) - $0.10/$0.25 - No Limit Hold'em - "
              "21:53:53 ET - 2011/09/28\nSeat 1: Hero ($25)\n\n\n")
    results = parse_text(holdem + ANTE_ALL_IN)
    assert results[0] == Skipped("constructed.txt", 1, "33286946295", "fulltilt", "Hold'em")
    assert isinstance(results[1], Hand) and results[1].events[0].line == 8


def test_connection_emote_and_no_low_lines_are_notes_wherever_they_stand() -> None:
    """Lines that cannot move chips or cards are notes, between the seats too."""
    lines = ANTE_ALL_IN.splitlines()
    lines[2:2] = ["Hero adds 100"]
    lines[5:5] = ["Villain has been disconnected", "Villain has reconnected", "Hero is feeling confused"]
    lines.insert(lines.index("*** SUMMARY ***"), "No low hand qualified")
    [hand] = parse_text("\n".join(lines) + "\n")
    notes = [(note.kind, note.player, note.text) for note in events_of(hand, Note)]
    assert notes == [("other", "Hero", "Hero adds 100"),
                     ("connection", "Villain", "Villain has been disconnected"),
                     ("connection", "Villain", "Villain has reconnected"),
                     ("emote", "Hero", "Hero is feeling confused"), ("no_low", None, "No low hand qualified")]
    assert [seat.player for seat in hand.seats] == ["Villain", "Hero"]


@pytest.mark.parametrize(("words", "pot", "half"), [
    ("the high side pot", "side", "hi"), ("the low main pot", "main", "lo"), ("the side pot", "side", None),
    ("the low pot", "pot", "lo"), ("the pot", "pot", None)])
def test_awards_name_their_half_and_their_pot(words: str, pot: str, half: str | None) -> None:
    text = ANTE_ALL_IN.replace("Hero wins the pot (12)", f"Hero wins {words} (12)")
    [hand] = parse_text(text)
    assert events_of(hand, Collect) == [Collect(25, "Hero", 12, pot, half)]


def test_a_line_that_could_move_chips_still_rejects_the_hand() -> None:
    text = ANTE_ALL_IN.replace("Hero antes 15", "Hero antes 15\nHero pays the dealer 15")
    [error] = parse_text(text)
    assert isinstance(error, ParseError) and (error.line, error.column) == (6, 6)
    assert error.message.startswith("unknown action 'pays the dealer 15' by Hero; expected an ante")
