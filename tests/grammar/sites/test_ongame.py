"""OnGame stud logs: every corpus hand parses, R5-... hand ids and GMT offsets are kept, raises become
street totals, the summary's pots, rake and nets agree with the replay, and every hand audits clean."""

from __future__ import annotations

from dataclasses import replace
from datetime import UTC
from datetime import datetime
from datetime import timedelta
from pathlib import Path

import pytest
from helpers.parsing import events_of
from helpers.parsing import parse_text
from helpers.paths import corpus_cases
from helpers.paths import corpus_dir

from studbook import events as ev
from studbook.events import Bet
from studbook.events import BringIn
from studbook.events import Collect
from studbook.events import Deal
from studbook.events import Raise
from studbook.events import Show
from studbook.events import Street
from studbook.events import UncalledReturn
from studbook.grammar import ParseError
from studbook.grammar import Skipped
from studbook.grammar import parse_file
from studbook.grammar.parse import parse_block
from studbook.grammar.reader import read_blocks
from studbook.hand import Hand
from studbook.money import parse_amount
from studbook.replay import replay
from studbook.tournaments import buy_in_of
from studbook.writers import WRITERS

SITE = "ongame"


def corpus_files() -> list[str]:
    folder = corpus_dir()
    return sorted(p.name for p in (folder / SITE).glob("*.txt")) if folder else []


def hands_in(corpus: Path, name: str) -> list[Hand]:
    return [h for h in parse_file(corpus / SITE / name) if isinstance(h, Hand)]


def test_the_corpus_has_six_distinct_stud_hands(corpus: Path) -> None:
    ids = {h.hand_id for name in corpus_files() for h in hands_in(corpus, name)}
    assert len(ids) == 6 and all(i.startswith("R5-") for i in ids)


def test_header_facts_and_times(corpus: Path) -> None:
    first = hands_in(corpus, "cash-7-Stud-USD-0.10-0.20-201009.Sample.txt")[0]
    assert (first.hand_id, first.variant, first.structure) == ("R5-82086688-607", "stud", "limit")
    assert first.currency == "USD"
    assert (first.small_bet, first.big_bet, first.ante, first.table) == (10, 20, 2, "Milwaukee")
    assert first.start_time.utcoffset() == timedelta(hours=1)  # GMT+0100
    assert first.start_time_utc == datetime(2010, 9, 13, 21, 31, 30, tzinfo=UTC)
    cet = hands_in(corpus, "cash-7-Stud-USD-1.00-2.00-201212.big.bring.txt")[0]
    assert cet.start_time_utc == datetime(2012, 12, 4, 18, 48, 34, tzinfo=UTC)  # CET in December: UTC+1
    hilo = hands_in(corpus, "cash-7-StudHL-USD-0.25-0.50-201008.All.streets.txt")[0]
    assert hilo.variant == "stud8" and hilo.start_time_utc == datetime(2010, 8, 28, 17, 33, 38, tzinfo=UTC)


def test_cards_raises_and_the_big_bring_in(corpus: Path) -> None:
    hand = hands_in(corpus, "cash-7-Stud-USD-1.00-2.00-201212.big.bring.txt")[0]
    assert events_of(hand, Deal, "Player0")[0] == Deal(14, Street.THIRD, "Player0", (), (ev_card("7d"),))
    assert events_of(hand, Bet)[0] == Bet(15, "Hero", 100)  # "big bring in $1": the completion
    assert events_of(hand, Raise)[0] == Raise(16, "Player0", 200)
    hilo = hands_in(corpus, "cash-7-StudHL-USD-0.25-0.50-201008.All.streets.txt")[0]
    assert events_of(hilo, BringIn) == [BringIn(32, "Hero", 12)]
    # "raises $1 to $1.37": $1 added to nothing on 5th street; $1.37 is Hero's bets of the whole hand
    assert events_of(hilo, Raise) == [Raise(51, "Hero", 100)]


def ev_card(text: str):  # type: ignore[no-untyped-def]
    from studbook.cards import parse_card

    return parse_card(text)


def test_summary_pots_rake_and_shown_hands(corpus: Path) -> None:
    hand = hands_in(corpus, "cash-7-Stud-USD-0.10-0.20-201009.Sample.txt")[0]
    assert (hand.summary.total_pot, hand.summary.rake) == (235, 11)
    assert events_of(hand, Collect) == [Collect(71, "Hero", 224, "main")]
    assert [(s.line, s.player, len(s.cards)) for s in events_of(hand, Show)] == [(74, "Hero", 7)]
    assert [s.outcome for s in hand.summary.seats] == ["other"] * 5


@pytest.mark.parametrize("name", corpus_cases(corpus_files()))
def test_every_hand_audits_clean_and_nets_are_the_logs(corpus: Path, name: str) -> None:
    """No violation at all; the replay's awards, rake and total pot are the summary's, and each
    player's net is the summary's ``net:``."""
    for hand in hands_in(corpus, name):
        result = replay(hand)
        assert result.violations == [], (hand.hand_id, result.violations)
        assert (result.total_pot, result.rake) == (hand.summary.total_pot, hand.summary.rake)
        logged = {s.player: net(s.text) for s in hand.summary.seats}
        assert {s.player: s.net for s in result.seats} == logged, hand.hand_id


def net(text: str) -> int:
    """The ``net: -$0.77`` of a summary seat line, in cents."""
    written = text.split("net: ")[1].split(",")[0]
    return -parse_amount(written[2:], 2) if written.startswith("-") else parse_amount(written.lstrip("+$"), 2)


def plain(hand: Hand) -> list[ev.Event]:
    """Events as the PokerStars format writes them: no notes, no raise increments, no line numbers."""
    out = []
    for event in hand.events:
        if isinstance(event, ev.Note):
            continue
        if isinstance(event, ev.Raise):
            event = replace(event, by=None)
        if isinstance(event, (ev.Show, ev.Muck)):
            event = replace(event, description="") if isinstance(event, ev.Show) else replace(event, cards=())
        out.append(replace(event, line=0))
    return out


@pytest.mark.parametrize("name", corpus_cases(corpus_files()))
def test_pokerstars_export_round_trip(corpus: Path, name: str) -> None:
    """The export keeps OnGame's ids (``PokerStars Hand #R5-82086688-607:``), which studbook's PokerStars
    reader takes: everything comes back the same."""
    for hand in hands_in(corpus, name):
        text = WRITERS["pokerstars"](hand)
        again = parse_block(next(b for b in read_blocks(text.encode(), "written.txt")))
        assert isinstance(again, Hand), again
        assert plain(again) == plain(hand)
        facts = ("hand_id", "variant", "small_bet", "big_bet", "currency", "start_time", "tournament_id")
        assert [getattr(again, f) for f in facts] == [getattr(hand, f) for f in facts]
        assert (again.summary.total_pot, again.summary.rake) == (hand.summary.total_pot, hand.summary.rake)


# ---- constructed logs: the format beyond the corpus ---------------------------------------------

HAND = """\
***** History for hand R5-1000-{n}{tournament} *****
Start hand: Sat Aug 28 20:33:38 GMT+0300 2010
Table: Taegu [1000] (LIMIT SEVEN_CARD_STUD_HI_LO $0.25/$0.50, ante: $0.05, Real money)
User: Ann
Players in round: 3
Seat 1: Ann ($5)
Seat 3: Bob ($0.40)
Seat 5: Cy ($9)
Ann posts ante $0.05
Bob posts ante $0.05
Cy posts ante $0.05
---
Dealing pocket cards
Dealing to Ann: [8d, 8s, 4d]
Dealing to Bob: [-, -, 2c]
Dealing to Cy: [-, -, Kd]
Bob small bring in $0.12
Cy calls $0.12
Bob: nice
Ann raises $0.25 to $0.25
Bob calls $0.13
Cy calls $0.13
---
Dealing 4th street
Dealing to Ann: [3h]
Dealing to Bob: [2h]
Dealing to Cy: [Kh]
Bob bets $0.10 and is all-in
{fourth}
***** End of hand R5-1000-{n} *****
"""


def constructed(fourth: str, n: int = 1, tournament: str = "") -> str:
    return HAND.format(n=n, fourth=fourth, tournament=tournament)


def test_split_pot_and_an_all_in() -> None:
    text = constructed("Cy folds\nAnn calls $0.10\n---\nSummary:\n"
                       "Main pot: $1.20 won by Ann ($0.60), Bob ($0.55)\nRake taken: $0.05\n"
                       "Seat 1: Ann ($4.95), net: -$0.05\nSeat 3: Bob ($0.55), net: +$0.15\n"
                       "Seat 5: Cy ($8.70), net: -$0.30")
    [hand] = parse_text(text)
    assert isinstance(hand, Hand), hand
    assert events_of(hand, Bet, "Bob") == [Bet(28, "Bob", 10, True)]
    assert events_of(hand, Collect) == [Collect(33, "Ann", 60, "main"), Collect(33, "Bob", 55, "main")]
    assert hand.start_time_utc == datetime(2010, 8, 28, 17, 33, 38, tzinfo=UTC)


def test_an_uncalled_bet_is_given_back_at_the_summary() -> None:
    text = constructed("Cy bets $0.25\nAnn folds\n---\nSummary:\nMain pot: $1.22 won by Cy ($1.17)\n"
                       "Rake taken: $0.05")
    [hand] = parse_text(text)
    assert isinstance(hand, Hand), hand
    assert events_of(hand, UncalledReturn) == [UncalledReturn(32, "Cy", 15)]  # $0.25 against Bob's $0.10


def test_tournament_header_and_chips() -> None:
    text = constructed("Cy calls $0.10\nAnn folds\n---\nSummary:\nMain pot: $1.27 won by Cy ($1.27)", 2,
                       ' (TOURNAMENT: "Sunday Stud", T123-45, buy-in: $5)')
    [hand] = parse_text(text)
    assert isinstance(hand, Hand), hand
    assert hand.tournament_id == "T123-45" and hand.hand_id == "R5-1000-2"
    assert hand.buy_in == "$5" and buy_in_of(hand.buy_in) == (500, 0, "USD")


def test_an_unknown_chip_line_is_rejected_where_it_stands() -> None:
    [error] = parse_text(constructed("Cy posts dead $0.25\nAnn folds"), "og.txt")
    assert isinstance(error, ParseError)
    assert (error.line, error.column) == (29, 4) and "posts dead" in error.message


def test_a_mismatched_end_line_is_an_error() -> None:
    text = constructed("Cy calls $0.10\nAnn folds\n---\nSummary:\nMain pot: $1.27 won by Cy ($1.22)")
    [error] = parse_text(text.replace("End of hand R5-1000-1", "End of hand R5-1000-9"))
    assert isinstance(error, ParseError) and "R5-1000-9" in error.message


def test_a_game_that_is_not_stud_is_skipped_by_its_table_line() -> None:
    """OnGame names the game on its Table: line: a hand of another game is skipped and counted."""
    text = constructed("").replace("SEVEN_CARD_STUD_HI_LO", "OMAHA_HI")
    [skipped] = parse_text(text)
    assert isinstance(skipped, Skipped) and (skipped.site, skipped.game) == ("ongame", "OMAHA_HI")
