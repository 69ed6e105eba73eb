"""PokerStars stud logs: every corpus hand parses, and chosen hands carry exact values."""

from __future__ import annotations

from datetime import UTC
from datetime import datetime
from pathlib import Path

from helpers.parsing import OLD_STYLE_HAND
from helpers.parsing import events_of
from helpers.parsing import parse_text

from studbook.cards import parse_cards
from studbook.events import Bet
from studbook.events import BringIn
from studbook.events import Call
from studbook.events import Collect
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
from studbook.hand import Hand
from studbook.hand import Seat
from studbook.hand import SummarySeat

# Independent of the grammar: a PokerStars header line, and which of them announce a stud game.


def parse(path: Path) -> list[Hand | ParseError | Skipped]:
    return list(parse_file(path))


def hand_in(corpus: Path, name: str, hand_id: str | None = None) -> Hand:
    hands = [h for h in parse(corpus / "pokerstars" / name) if isinstance(h, Hand)]
    return next(h for h in hands if hand_id in (None, h.hand_id))


def test_corpus_totals(corpus: Path) -> None:
    results = [r for path in sorted((corpus / "pokerstars").glob("*.txt")) for r in parse(path)]
    assert len(results) == 33 and all(isinstance(r, Hand) for r in results)


def test_seats_antes_bring_in_and_side_pot(corpus: Path) -> None:
    """Salm IX (UTF-8 with BOM, CRLF, CET): an all-in bet on 4th makes a side pot."""
    hand = hand_in(corpus, "cash-HH20110417 Salm IX - $0.04-$0.08 Ante $0.01 - USD Limit Stud.txt")
    assert (hand.hand_id, hand.variant, hand.structure) == ("60974484959", "stud", "limit")
    assert hand.currency == "USD"
    assert (hand.small_bet, hand.big_bet, hand.ante, hand.bring_in) == (4, 8, None, None)
    assert (hand.table, hand.max_seats, hand.tournament_id, hand.game_label) == ("Salm IX", 8, None, None)
    assert [(s.seat, s.player, s.stack) for s in hand.seats] == [
        (1, "roditopgrdk", 159), (2, "pirklepump", 137), (3, "yaoenqi001", 99), (4, "ranchim", 104),
        (5, "Perla993", 98), (6, "steffen780", 240), (7, "Tumim", 429), (8, "Spacemasa", 11)]
    assert events_of(hand, PostAnte)[0] == PostAnte(11, "roditopgrdk", 1)
    assert len(events_of(hand, PostAnte)) == 8 and {e.amount for e in events_of(hand, PostAnte)} == {1}
    assert events_of(hand, BringIn) == [BringIn(28, "Tumim", 2)]
    assert Bet(44, "Spacemasa", 8, all_in=True) in hand.events
    assert events_of(hand, Note) == [Note(43, "pair_on_board", "Pair on board - a double bet is allowed")]
    assert events_of(hand, Collect) == [Collect(70, "ranchim", 61, "side"),
                                        Collect(72, "ranchim", 42, "main")]
    summary = hand.summary
    assert (summary.total_pot, summary.main_pot, summary.side_pots, summary.rake) == (108, 42, (61,), 5)
    assert summary.seats[3] == SummarySeat(
        78, 4, "ranchim", "won", 103, parse_cards("Tc Kh As Jd Qd 2s 9c"),
        "showed [Tc Kh As Jd Qd 2s 9c] and won ($1.03) with a straight, Ten to Ace")
    assert summary.seats[7].outcome == "mucked"
    assert summary.seats[7].cards == parse_cards("Ts 8c Qh Qs 7c Td 4c")


def test_cet_time_with_et_in_brackets(corpus: Path) -> None:
    hand = hand_in(corpus, "cash-HH20110417 Salm IX - $0.04-$0.08 Ante $0.01 - USD Limit Stud.txt")
    assert hand.start_time.replace(tzinfo=None) == datetime(2011, 4, 18, 2, 21, 35)
    assert hand.start_time.utcoffset().total_seconds() == 2 * 3600  # CET in summer time
    assert hand.start_time_utc == datetime(2011, 4, 18, 0, 21, 35, tzinfo=UTC)


def test_hi_lo_split_is_two_unlabelled_collections(corpus: Path) -> None:
    hand = hand_in(corpus, "cash-7-StudHL-USD-0.04-0.08-200911.Cardtest.txt")
    assert hand.variant == "stud8"
    assert events_of(hand, Collect) == [Collect(82, "gashpor", 40, "pot"), Collect(83, "Hero", 40, "pot")]
    assert events_of(hand, Show)[1] == Show(81, "Hero", parse_cards("7c 3s 5h Qc Kc 6d 4d"),
                                            "HI: a straight, Three to Seven; LO: 7,6,5,4,3")
    assert (hand.summary.total_pot, hand.summary.rake) == (84, 4)


def test_community_card_on_the_river(corpus: Path) -> None:
    hand = hand_in(corpus, "cash-7-Stud-USD-0.04-0.08-200907.Missing.Showdown.Card.txt")
    assert StreetStart(87, Street.SEVENTH, parse_cards("6h")) in hand.events
    assert hand.summary.board == parse_cards("6h")
    shown = parse_cards("7s Qs 6c 7h 3s Qh")  # six cards: the community card is left out
    assert events_of(hand, Show) == [Show(99, "Player3", shown, "two pair, Queens and Sevens")]
    assert not [e for e in events_of(hand, Deal) if e.street == Street.SEVENTH]
    assert hand.start_time_utc == datetime(2009, 7, 16, 0, 36, 31, tzinfo=UTC)


def test_name_with_brackets(corpus: Path) -> None:
    """PC [Mittel] in a tournament: names are resolved against the seat list, not by a regex."""
    hand = hand_in(corpus, "tour-Razz-8max-USD-200-15-201009.bracket.in.alias.txt")
    assert (hand.variant, hand.currency, hand.tournament_id, hand.level) == ("razz", None, "2010090015", "IV")
    assert (hand.small_bet, hand.big_bet, hand.table) == (50, 100, "2010090015 98")
    assert hand.seats[-1] == Seat(8, "PC [Mittel]", 6428)
    pc = "PC [Mittel]"
    mittel = [e for e in hand.events if getattr(e, "player", None) == pc]
    assert mittel[:4] == [PostAnte(18, pc, 10), Deal(27, Street.THIRD, pc, up=parse_cards("5c")),
                          Raise(29, pc, to=50, by=35), Call(37, pc, 100)]
    assert Deal(45, Street.FOURTH, pc, up=parse_cards("9s"), shown_before=parse_cards("5c")) in mittel
    assert mittel[-2:] == [Show(72, pc, parse_cards("4c 2s 5c 9s 4s 9d As"), "Lo: 9,5,4,2,A"),
                           Collect(73, pc, 1145, "pot")]
    assert Note(39, "capped", "Betting is capped") in hand.events
    assert hand.summary.seats[-1].player == "PC [Mittel]" and hand.summary.seats[-1].amount == 1145


def test_bring_in_seat_completing_with_a_bet(corpus: Path) -> None:
    """Hero has the lowest door card but bets the full small bet: no bring-in line at all."""
    hand = hand_in(corpus, "cash-7-Stud-USD-0.04-0.08-200911.txt", "35874081088")
    assert events_of(hand, BringIn) == []
    assert Deal(162, Street.THIRD, "Hero", parse_cards("5h 5c"), parse_cards("2s")) in hand.events
    assert [e for e in hand.events if 167 <= e.line <= 171] == [
        Bet(167, "Hero", 4), Call(168, "Nikolay Zem", 4), Fold(169, "trs2758"), Call(170, "RoadDevil", 4),
        Raise(171, "MasterTrini1", to=8, by=4)]


def test_completion_written_as_a_raise(corpus: Path) -> None:
    hand = hand_in(corpus, "cash-Razz-USD-0.04-0.08-200911.txt", "35874780027")
    assert events_of(hand, BringIn) == [BringIn(454, "HIWAII2", 2)]
    assert hand.events[hand.events.index(BringIn(454, "HIWAII2", 2)) + 1] == Raise(455, "Hero", to=4, by=2)


def test_chat_and_table_notes(corpus: Path) -> None:
    notes = [e for path in ("cash-Razz-USD-0.04-0.08-200911.txt", "cash-7-StudHL-USD-0.04-0.08-200911.txt")
             for h in parse(corpus / "pokerstars" / path) for e in events_of(h, Note)]
    assert Note(29, "connection", "kurczakkr2 is disconnected", "kurczakkr2") in notes
    assert Note(400, "chat", 'kobreli said, "this.is.lucky"', "kobreli") in notes
    assert Note(27, "connection", "poconoman is connected", "poconoman") in notes
    assert Note(86, "leave", "poconoman was removed from the table for failing to post", "poconoman") in notes
    assert {n.kind for n in notes} >= {"join", "leave", "no_low", "connection", "chat"}


def test_mixed_game_cash_header(corpus: Path) -> None:
    hand = hand_in(corpus, "cash-7-StudHL-USD-400-800-201701.3bet.fix.txt")
    assert (hand.game_label, hand.variant, hand.small_bet, hand.big_bet) == ("8-Game", "stud8", 40000, 80000)
    assert (hand.table, hand.max_seats, hand.seats[0].stack) == ("Educatio", 6, 5112564)
    assert events_of(hand, Raise) == [Raise(11, "Hero", to=40000, by=28000),
                                      Raise(12, "Player0", to=80000, by=40000),
                                      Raise(13, "Hero", to=120000, by=40000)]
    assert UncalledReturn(25, "Hero", 80000) in hand.events


def test_upper_case_tournament_export(corpus: Path) -> None:
    """The PT2 export: TOURNAMENT #... 7 CARD STUD HI/LO LIMIT - LEVEL I; a sitting-out seat antes."""
    hand = hand_in(corpus, "tour-7-StudHL-USD-10-1-200906.PT2.export.txt")
    assert (hand.variant, hand.tournament_id, hand.level, hand.currency) == ("stud8", "169962475", "I", None)
    assert (hand.small_bet, hand.big_bet, hand.table) == (25, 50, "169962475 2")
    assert hand.seats[6] == Seat(7, "Player6", 2500, sitting_out=True)
    assert PostAnte(17, "Player6", 5) in hand.events
    assert events_of(hand, Collect) == [Collect(72, "Player4", 220, "pot"),
                                        Collect(73, "Player2", 220, "pot")]


# ---- constructed hands: forms the corpus does not hold ------------------------------------------

TOURNAMENT_HAND = """\
PokerStars Hand #91733835979: Tournament #664712833, $2.00+$0.20 USD Triple Stud (7 Card Stud Limit) - \
Level XXXI (250/500) - 2013/01/03 16:27:43 EET [2013/01/03 9:27:43 ET]
Table '664712833 3' 8-max
Seat 2: Hero (4000 in chips)
Seat 5: Player5 (40 in chips)
Hero: posts the ante 50
Player5: posts the ante 40 and is all-in
Uncalled bet (10) returned to Hero
*** 3rd STREET ***
Dealt to Hero [Ad Ac 2c]
Dealt to Player5 [Kh]
*** 4th STREET ***
Dealt to Hero [Ad Ac 2c] [5c]
Dealt to Player5 [Kh] [Kd]
*** 5th STREET ***
Dealt to Hero [Ad Ac 2c 5c] [7c]
Dealt to Player5 [Kh Kd] [8s]
*** 6th STREET ***
Dealt to Hero [Ad Ac 2c 5c 7c] [9c]
Dealt to Player5 [Kh Kd 8s] [3s]
*** RIVER ***
Dealt to Hero [Ad Ac 2c 5c 7c 9c] [Jc]
*** SHOW DOWN ***
Hero: shows [Ad Ac 2c 5c 7c 9c Jc] (a flush, Ace high)
Player5: shows [4d 6h Kh Kd 8s 3s Qd] (a pair of Kings)
Hero collected 80 from main pot
Player5 finished the tournament in 2nd place
Hero wins the tournament and receives $7.20 - congratulations!
*** SUMMARY ***
Total pot 80 | Rake 0
Seat 2: Hero showed [Ad Ac 2c 5c 7c 9c Jc] and won (80) with a flush, Ace high
Seat 5: Player5 showed [4d 6h Kh Kd 8s 3s Qd] and lost with a pair of Kings
"""


def test_all_in_on_the_ante_in_a_triple_stud_tournament() -> None:
    [hand] = parse_text(TOURNAMENT_HAND)
    assert (hand.game_label, hand.variant, hand.level) == ("Triple Stud", "stud", "XXXI")
    assert hand.tournament_id == "664712833"
    assert (hand.small_bet, hand.big_bet, hand.currency) == (250, 500, None)
    assert hand.start_time_utc == datetime(2013, 1, 3, 14, 27, 43, tzinfo=UTC)
    assert list(hand.events[:3]) == [PostAnte(5, "Hero", 50), PostAnte(6, "Player5", 40, all_in=True),
                                     UncalledReturn(7, "Hero", 10)]
    assert Collect(25, "Hero", 80, "main") in hand.events
    assert [n.kind for n in events_of(hand, Note)] == ["tournament", "tournament"]


def test_horse_tournament_in_pacific_time() -> None:
    text = TOURNAMENT_HAND.replace(
        TOURNAMENT_HAND.split("\n")[0],
        "PokerStars Hand #241636097024: Tournament #3540610518, $0.98+$0.12 USD HORSE "
        "(7 Card Stud Hi/Lo Limit) - Level V (200/400) - 2023/02/05 10:25:51 PT [2023/02/05 13:25:51 ET]")
    [hand] = parse_text(text)
    assert (hand.game_label, hand.variant, hand.level) == ("HORSE", "stud8", "V")
    assert hand.start_time_utc == datetime(2023, 2, 5, 18, 25, 51, tzinfo=UTC)


def test_home_game_tournament() -> None:
    text = TOURNAMENT_HAND.replace(
        TOURNAMENT_HAND.split("\n")[0],
        "PokerStars Home Game Hand #99632168867: {Dazzle's Room} Tournament #743144019, 100+9 "
        "8-Game (Razz Limit) - Match Round I, Level III (30/60) - 2013/06/05 23:55:07 ET")
    [hand] = parse_text(text)
    assert (hand.home_game, hand.game_label, hand.variant, hand.level) == (True, "8-Game", "razz", "III")
    assert (hand.small_bet, hand.big_bet) == (30, 60)


def test_old_date_style_without_currency_code() -> None:
    [hand] = parse_text(OLD_STYLE_HAND)
    assert (hand.variant, hand.currency, hand.small_bet, hand.big_bet, hand.game_label) == (
        "stud8", "USD", 40000, 80000, None)
    assert hand.start_time_utc == datetime(2008, 2, 4, 3, 4, 15, tzinfo=UTC)
    assert events_of(hand, Muck) == [Muck(27, "Hero")]


def test_non_stud_hands_of_a_mixed_file_are_skipped() -> None:
    holdem = ("PokerStars Hand #164954570000:  8-Game (Hold'em Limit, $400/$800 USD) - "
              "2017/01/21 16:55:03 ET\n"
              "Table 'Educatio' 6-max Seat #1 is the button\nSeat 1: Hero ($51125.64 in chips)\n\n\n")
    omaha = ("PokerStars Home Game Hand #99632168867: {Dazzle's Room} Tournament #743144019, 100+9 8-Game "
             "(Omaha Hi/Lo Limit) - Match Round I, Level III (30/60) - 2013/06/05 23:55:07 ET\n\n\n")
    results = parse_text(holdem + omaha + TOURNAMENT_HAND)
    assert results[:2] == [
        Skipped("constructed.txt", 1, "164954570000", "pokerstars", "Hold'em"),
        Skipped("constructed.txt", 6, "99632168867", "pokerstars", "Omaha Hi/Lo")]
    assert isinstance(results[2], Hand) and results[2].source.first_line == 9
    assert results[2].events[0].line == 13
