"""Merge's XML logs: every seven-card stud game of the corpus is a hand (22 distinct), the other games of
the HORSE files are skipped and counted, amounts become street totals, a tournament's balances are after
the ante, every hand audits without an error, the awards are the log's winners, the PokerStars export
round-trips, and fpdb's companion rows for the cash sample agree."""

from __future__ import annotations

from collections import Counter
from dataclasses import replace
from datetime import UTC
from datetime import datetime
from pathlib import Path

import pytest
from helpers.parsing import events_of
from helpers.paths import corpus_cases
from helpers.xmllogs import assert_fpdb_agrees
from helpers.xmllogs import assert_round_trip
from helpers.xmllogs import changed
from helpers.xmllogs import corpus_names
from helpers.xmllogs import games
from helpers.xmllogs import hand_in as first_hand

from studbook.events import Collect
from studbook.events import Complete
from studbook.events import Muck
from studbook.events import Note
from studbook.events import PostAnte
from studbook.events import Raise
from studbook.events import Show
from studbook.events import UncalledReturn
from studbook.grammar import ParseError
from studbook.grammar import Skipped
from studbook.grammar import parse_file
from studbook.grammar.reader import LogReader
from studbook.hand import Hand
from studbook.money import parse_amount
from studbook.replay import replay

SITE = "merge"
SAMPLE = "cash-7-Stud-USD-0.50-1.00-201102.Sample.txt"
TOURNAMENT = "tour-HORSE-Tournament-Freeroll.201107.xml"
# Warnings the corpus earns: in hand 36487050-15 Player0 folds on 5th street facing no bet (S3).
EXPECTED_WARNINGS = {("36487050-15", "fold-when-check")}


def corpus_files() -> list[str]:
    return corpus_names(SITE)


def hand_in(corpus: Path, name: str, hand_id: str | None = None) -> Hand:
    return first_hand(corpus / SITE / name, hand_id)


@pytest.mark.parametrize("name", corpus_cases(corpus_files()))
def test_every_game_is_a_hand_or_skipped(corpus: Path, name: str) -> None:
    path = corpus / SITE / name
    written = sum(line.count("<game id=") for line in LogReader(path).lines())
    results = list(parse_file(path))
    assert [r for r in results if isinstance(r, ParseError)] == []
    assert len(results) == written > 0
    for result in results:
        assert isinstance(result, Skipped) == ('numholecards="7"' not in "".join(
            line for line in LogReader(path).lines() if f'id="{result.hand_id}"' in line))


def test_22_distinct_stud_games_and_the_rest_skipped(corpus: Path) -> None:
    results = [r for name in corpus_files() for r in parse_file(corpus / SITE / name)]
    assert len({r.hand_id for r in results if isinstance(r, Hand)}) == 22
    assert Counter(r.variant for r in results if isinstance(r, Hand)) == {"stud8": 12, "stud": 5, "razz": 5}
    skipped = [r for r in results if isinstance(r, Skipped)]
    assert len(skipped) == 14 and {s.site for s in skipped} == {"merge"}
    assert {s.game for s in skipped} == {"HORSE Tournament game 23 (2 hole cards)",
                                         "HORSE Tournament game 37 (4 hole cards)"}


def test_the_game_element_and_the_description_give_the_facts(corpus: Path) -> None:
    hand = hand_in(corpus, SAMPLE)
    assert (hand.site, hand.hand_id, hand.variant) == ("merge", "31423297-107", "stud")
    assert hand.structure == "limit"
    assert (hand.small_bet, hand.big_bet, hand.currency, hand.table) == (50, 100, "USD", "Hudson (31423297)")
    assert hand.start_time_utc == datetime(2011, 2, 4, 20, 22, 44, tzinfo=UTC)
    assert [(s.seat, s.player) for s in hand.seats][:4] == [(1, "Player1"), (2, "Player2"), (3, "Player3"),
                                                            (4, "Hero")]  # seat="3" is the 4th seat
    assert hand.source.first_line == 2 and events_of(hand, PostAnte)[0] == PostAnte(13, "Player5", 5)
    no_limit = hand_in(corpus, "cash-NL7-StudHL-0.01-0.02-0.10-201204.xml")
    assert (no_limit.structure, no_limit.small_bet, no_limit.big_bet) == ("no-limit", 10, 10)
    assert no_limit.max_seats == 2
    horse = hand_in(corpus, "cash-HORSE-8max-USD-0.25-0.50-201409.new.format.txt")
    assert (horse.variant, horse.game_label, horse.currency) == ("stud8", "HORSE", "USD")  # balance="6.36"


def test_a_tournament_balance_is_after_the_ante(corpus: Path) -> None:
    """Hand 36487050-18: Player8's balance is 190 and he antes 10; his all-in raise of 190 on 3rd street
    leaves nothing behind only if he had 200. Every all-in of the tournament ends at 0 so."""
    hand = hand_in(corpus, TOURNAMENT, "36487050-18")
    assert (hand.currency, hand.tournament_id) == (None, "36447024-1")
    assert hand.table == "$200 Freeroll - HORSE - 12:00"
    assert next(s.stack for s in hand.seats if s.player == "Player8") == 200
    result = replay(hand)
    for event in hand.events:
        if getattr(event, "all_in", False):
            seat = next(s for s in result.seats if s.player == event.player)
            assert seat.starting_stack == seat.committed
    assert (hand.small_bet, hand.big_bet) == (100, 200)  # the tournament writes "Limit": from the bets


def test_raises_and_completions_are_to_street_totals(corpus: Path) -> None:
    """The Razz hand: a complete to $0.50, raises to $1, $1.50 and $2 (each a street total), then Hero's
    all-in of the $0.91 he has left over Player1's $0.50 bet: a raise to $0.91."""
    hand = hand_in(corpus, "cash-Razz-USD-0.50-1.00-201111.allIn.txt")
    assert events_of(hand, Complete) == [Complete(20, "Player1", 50)]
    assert [(r.player, r.to, r.all_in) for r in events_of(hand, Raise)] == [
        ("Hero", 100, False), ("Player1", 150, False), ("Hero", 200, False), ("Hero", 91, True)]
    assert [(s.player, len(s.cards)) for s in events_of(hand, Show)] == [("Hero", 7), ("Player1", 7)]


def test_chat_and_players_out_are_notes(corpus: Path) -> None:
    notes = [note for hand in parse_file(corpus / SITE / TOURNAMENT) if isinstance(hand, Hand)
             for note in events_of(hand, Note)]
    assert Note(1145, "chat", "not razz nemore..", "Player1") in notes
    assert {note.kind for note in notes} == {"chat", "tournament"}
    assert all(note.player for note in notes)


def test_shows_and_mucks_reveal_every_card(corpus: Path) -> None:
    hand = hand_in(corpus, SAMPLE)
    assert [(s.line, s.player, len(s.cards)) for s in events_of(hand, Show)] == [(72, "Player5", 7)]
    assert [(m.line, m.player, len(m.cards)) for m in events_of(hand, Muck)] == [(73, "Player6", 7)]
    assert events_of(hand, Collect) == [Collect(78, "Player5", 347)]


@pytest.mark.parametrize("name", corpus_cases(corpus_files()))
def test_every_hand_audits_clean_and_the_awards_are_the_logs(corpus: Path, name: str) -> None:
    warnings = set()
    for _, game, hand in games(corpus / SITE / name):
        if isinstance(hand, Skipped):
            continue
        assert isinstance(hand, Hand), hand
        result = replay(hand)
        assert not result.has_errors, (hand.hand_id, result.violations)
        warnings |= {(hand.hand_id, v.code) for v in result.violations if v.severity == "warning"}
        seats = {element.get("seat"): element.get("nickname") for element in game.iter("player")}
        written: Counter[str] = Counter()
        for winner in game.iter("winner"):  # the awards and the bets given back
            written[seats[winner.get("player")]] += parse_amount(winner.get("amount"), hand.decimals)
        returned: Counter[str] = Counter()
        for event in events_of(hand, UncalledReturn):
            returned[event.player] += event.amount
        for seat in result.seats:
            assert seat.logged_collected + returned[seat.player] == written[seat.player], seat.player
            assert seat.collected == seat.logged_collected
        assert sum(s.collected for s in result.seats) + result.rake == result.total_pot
        if hand.currency is None:
            assert result.rake == 0
        else:
            assert 0 <= result.rake <= result.total_pot // 20 + 1
    assert warnings <= EXPECTED_WARNINGS


def digits(text: str | None) -> str | None:
    return text.split("-")[0] if text else text


@pytest.mark.parametrize("name", corpus_cases(corpus_files()))
def test_pokerstars_export_round_trip(corpus: Path, name: str) -> None:
    """Hand ids such as 31423297-107 come back as they are; a tournament id (36447024-1) the PokerStars
    header reads only as a number, so the test writes it as one (36447024). Everything else comes back the
    same."""
    for hand in parse_file(corpus / SITE / name):
        if isinstance(hand, Skipped):
            continue
        hand = replace(hand, tournament_id=digits(hand.tournament_id))
        assert_round_trip(hand)


def test_fpdb_agrees_on_nets_and_flags(corpus: Path) -> None:
    """fpdb's rows (.hp) of the cash sample: seat, starting stack, net, showdown, won at showdown."""
    assert_fpdb_agrees(corpus / SITE / SAMPLE, hand_in(corpus, SAMPLE))


def test_a_bad_card_is_an_error_at_its_line(tmp_path: Path, corpus: Path) -> None:
    [error] = changed(tmp_path, corpus / SITE / SAMPLE, "null,null,7s", "null,null,7x")
    assert isinstance(error, ParseError)
    assert (error.line, error.hand_id, error.site) == (23, "31423297-107", "merge")
    assert "'7x' is not a card" in error.message
