"""PartyPoker stud logs: every corpus hand parses, amounts written as what an action adds become
street totals, the uncalled bet inside an award is given back, times are zoned, and the audit's
findings are only what a log without the opponents' up cards cannot settle."""

from __future__ import annotations

import ast
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
from studbook.events import BringIn
from studbook.events import Call
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
from studbook.grammar.parse import parse_block
from studbook.grammar.reader import read_blocks
from studbook.hand import Hand
from studbook.replay import replay
from studbook.writers import WRITERS

SITE = "partypoker"
# What the replay notes (info) because the log deals no opponent's up card: the missing up cards, and
# that the bring-in and each street's opener are taken from the log, not judged from the boards.
UNSEEN_BOARD = {"up-card-unknown", "door-card-unknown", "opener-unknown"}


def corpus_files() -> list[str]:
    folder = corpus_dir()
    return sorted(p.name for p in (folder / SITE).glob("*.txt")) if folder else []


def hand_in(corpus: Path, name: str) -> Hand:
    return next(h for h in parse_file(corpus / SITE / name) if isinstance(h, Hand))


def test_the_corpus_has_four_distinct_stud_hands(corpus: Path) -> None:
    ids = {h.hand_id for name in corpus_files() for h in parse_file(corpus / SITE / name)}
    assert len(ids) == 4


def test_cash_header_nul_byte_and_zone(corpus: Path) -> None:
    """The file starts with a NUL byte and "Game #... starts.": one hand, from its first line."""
    hand = hand_in(corpus, "cash-7-Stud-USD-1-2-201104.txt")
    assert (hand.hand_id, hand.variant, hand.structure) == ("10399817763", "stud", "limit")
    assert hand.currency == "USD"
    assert (hand.small_bet, hand.big_bet, hand.table, hand.max_seats) == (50, 100, "Table 136419", 8)
    assert hand.source.first_line == 1 and hand.tournament_id is None
    assert hand.start_time.utcoffset().total_seconds() == -4 * 3600  # EDT
    assert hand.start_time_utc == datetime(2011, 4, 25, 18, 20, 12, tzinfo=UTC)


def test_eest_and_est_times(corpus: Path) -> None:
    hilo = hand_in(corpus, "cash-7-StudHL-USD-0.50-1.00-201008.txt")
    assert hilo.variant == "stud8" and hilo.start_time_utc == datetime(2010, 8, 30, 17, 20, 17, tzinfo=UTC)
    big = hand_in(corpus, "cash-7-StudHL-USD-10-20.201202.wins.lo.pot.txt")
    assert big.start_time_utc == datetime(2012, 2, 27, 14, 51, 26, tzinfo=UTC)  # EST: UTC-5
    assert (big.small_bet, big.big_bet, big.structure) == (1000, 2000, "limit")


def test_tournament_header(corpus: Path) -> None:
    hand = hand_in(corpus, "tour-7-Stud-USD-MTT-6.00-201205.txt")
    assert (hand.tournament_id, hand.level, hand.currency) == ("69784932", "2", None)
    assert (hand.small_bet, hand.big_bet, hand.ante) == (60, 120, 10)
    assert hand.table == "Regular (2629813) Table #2"
    notes = {n.text for n in events_of(hand, Note) if n.kind == "tournament"}
    assert notes >= {"buy-in $6", "Stakes-Antes(60/120-10)"}
    assert events_of(hand, PostAnte)[0] == PostAnte(17, "Hero", 10)


def test_added_amounts_become_street_totals(corpus: Path) -> None:
    """"completes [$10 USD]", "raises [$17 USD]" after a $3 bring-in: to $10, then to $20."""
    hand = hand_in(corpus, "cash-7-StudHL-USD-10-20.201202.wins.lo.pot.txt")
    assert events_of(hand, BringIn) == [BringIn(16, "Player0", 300)]
    assert events_of(hand, Complete) == [Complete(17, "Player1", 1000)]
    assert events_of(hand, Raise) == [Raise(18, "Player0", 2000)]
    assert events_of(hand, Call)[0] == Call(19, "Player1", 1000)
    tour = hand_in(corpus, "tour-7-Stud-USD-MTT-6.00-201205.txt")
    # 4th street: a double bet of 120, raised by 240 (to 240), re-raised by 240 (to 360)
    assert [(r.player, r.to) for r in events_of(tour, Raise)][:2] == [("Player6", 240), ("Player4", 360)]


def test_the_uncalled_bet_in_an_award_is_given_back(corpus: Path) -> None:
    """Player8's river bet is not called; "wins $13.20 USD" counts it: $1 back, $12.20 won."""
    hand = hand_in(corpus, "cash-7-Stud-USD-1-2-201104.txt")
    assert events_of(hand, UncalledReturn) == [UncalledReturn(54, "Player8", 100)]
    assert events_of(hand, Collect) == [Collect(54, "Player8", 1220, "pot")]
    assert events_of(hand, Muck) == [Muck(53, "Player8", ())]
    result = replay(hand)
    assert result.total_pot == 1280 and result.rake == 60
    assert {s.player: s.net for s in result.seats}["Player8"] == 1320 - 705


def test_hi_lo_halves_and_shown_cards(corpus: Path) -> None:
    hand = hand_in(corpus, "cash-7-StudHL-USD-10-20.201202.wins.lo.pot.txt")
    assert events_of(hand, Collect) == [Collect(43, "Player0", 9050, "main"),
                                        Collect(44, "Player1", 9050, "main", "lo")]
    assert [len(s.cards) for s in events_of(hand, Show)] == [7, 7]
    assert any(n.kind == "other" and "for low" in n.text for n in events_of(hand, Note))
    nolow = hand_in(corpus, "cash-7-StudHL-USD-0.50-1.00-201008.txt")
    assert [n.kind for n in events_of(nolow, Note)][-1] == "no_low"
    assert events_of(nolow, Muck)[0].player == "strandalleen" and len(events_of(nolow, Muck)[0].cards) == 7


@pytest.mark.parametrize("name", corpus_cases(corpus_files()))
def test_audit_finds_only_what_the_missing_boards_leave_open(corpus: Path, name: str) -> None:
    """PartyPoker deals no opponent's card in the log, so the replay cannot see the boards: it notes
    that (UNSEEN_BOARD, info) and finds no error and no warning. Chips agree: the awards are the log's,
    nothing is uncalled or missing, the pot is the chips put in."""
    for hand in parse_file(corpus / SITE / name):
        result = replay(hand)
        assert [v for v in result.violations if v.severity != "info"] == [], hand.hand_id
        assert {v.code for v in result.violations} <= UNSEEN_BOARD, hand.hand_id
        won = {c.player: 0 for c in events_of(hand, Collect)}
        for collect in events_of(hand, Collect):
            won[collect.player] += collect.amount
        assert result.total_pot - result.rake == sum(won.values())
        assert 0 <= result.rake <= result.total_pot // 20 + 5  # PartyPoker's rake: about 5%


def test_the_bring_in_and_openers_come_from_the_log_where_boards_are_unseen(corpus: Path) -> None:
    """Hand 9581478205: YMAN1 brings in. The log shows only Hero's door card (3c), which cannot tell
    who holds the lowest: the bring-in stands (door-card-unknown), and the later streets are opened
    by whoever the log has act first, each noted under its own rule (S5, then C32 on 7th street)."""
    hand = hand_in(corpus, "cash-7-StudHL-USD-0.50-1.00-201008.txt")
    result = replay(hand)
    assert not [v for v in result.violations if v.code == "wrong-bring-in"]
    (bring_in,) = [a for a in result.actions if a.action == "bring-in"]
    assert (bring_in.line, bring_in.player, bring_in.violations) == (26, "YMAN1", ())
    noted = [(v.line, v.code, v.rule) for v in result.violations if v.code != "up-card-unknown"]
    assert noted == [(26, "door-card-unknown", "C7"), (36, "opener-unknown", "S5"),
                     (41, "opener-unknown", "S5"), (45, "opener-unknown", "S5"),
                     (49, "opener-unknown", "C32")]


def test_fpdb_read_only_the_antes_and_the_award(corpus: Path) -> None:
    """fpdb's expected rows (.hp) for hand 10399817763 have no action at all (every street0VPI False,
    every player -5 but Player8 +13.15): fpdb counted each ante and Player8's "wins $13.20" and none
    of the bring-in, bets, calls and raises. So each of our nets differs from fpdb's by exactly the
    chips the player put in beyond his ante; Player7, seated without an ante, is 0 in both."""
    path = corpus / SITE / "cash-7-Stud-USD-1-2-201104.txt"
    expected = ast.literal_eval(path.with_name(path.name + ".hp").read_text(encoding="utf-8"))
    hand = hand_in(corpus, path.name)
    nets = {s.player: s.net for s in replay(hand).seats}
    paid = {p: 0 for p in nets}
    for event in hand.events:
        if isinstance(event, (PostAnte, BringIn, Call, ev.Bet)):
            paid[event.player] += event.amount
    totals: dict[tuple[int, str], int] = {}
    for event in hand.events:  # raises and completions carry street totals
        if isinstance(event, ev.StreetStart):
            totals = {}
        elif isinstance(event, (BringIn, Call, ev.Bet)):
            totals[(0, event.player)] = totals.get((0, event.player), 0) + event.amount
        elif isinstance(event, (Raise, Complete)):
            paid[event.player] += event.to - totals.get((0, event.player), 0)
            totals[(0, event.player)] = event.to
    antes = {e.player: e.amount for e in events_of(hand, PostAnte)}
    assert set(expected) == set(nets)
    assert not any(row["street0VPI"] or row["street1Seen"] for row in expected.values())
    for player, row in expected.items():
        assert row["totalProfit"] == nets[player] + paid[player] - antes.get(player, 0), player


def plain(hand: Hand) -> list[ev.Event]:
    """A hand's events as the PokerStars format can write them: no site notes, completions as raises, no
    raise increments, hi/lo halves and muck cards unlabelled (PokerStars writes neither), no line numbers."""
    out = []
    for event in hand.events:
        if isinstance(event, Note):
            continue
        if isinstance(event, Complete):
            event = Raise(event.line, event.player, event.to, None, event.all_in)
        if isinstance(event, Raise):
            event = replace(event, by=None)
        if isinstance(event, (Muck, Show)):
            event = replace(event, cards=()) if isinstance(event, Muck) else replace(event, description="")
        if isinstance(event, Collect):
            event = replace(event, half=None)
        out.append(replace(event, line=0))
    return out


@pytest.mark.parametrize("name", corpus_cases(corpus_files()))
def test_pokerstars_export_round_trip(corpus: Path, name: str) -> None:
    for hand in parse_file(corpus / SITE / name):
        text = WRITERS["pokerstars"](hand)
        again = parse_block(next(b for b in read_blocks(text.encode(), "written.txt")))
        assert isinstance(again, Hand), again
        assert plain(again) == plain(hand)
        facts = ("hand_id", "variant", "small_bet", "big_bet", "currency", "start_time", "tournament_id",
                 "level")
        assert [getattr(again, f) for f in facts] == [getattr(hand, f) for f in facts]
        assert again.summary.rake == replay(hand).rake  # the rake the export states is the replay's


# ---- constructed logs: the format beyond the corpus ---------------------------------------------

HAND = """\
Game #{id} starts.

#Game No : {id}
***** Hand History for Game {id} *****
$2/$4 USD 7 Card Stud - Sunday, July 25, 07:53:52 EDT 2010
Table Table  12345 (Real Money)
Seat 0 is the button
Total number of players : 3/8
Seat 1: Ann ( $10 USD )
Seat 2: Bob ( $3.50 USD )
Seat 4: Cy ( $40 USD )
Ann posts ante [$0.25 USD]
Bob posts ante [$0.25 USD]
Cy posts ante [$0.25 USD]
Bob: good luck
** Dealing **
Dealt to Ann [  Ah 2c 7d ]
Bob opens
Bob bring-ins [$0.50 USD]
Cy completes [$2 USD]
Ann calls [$2 USD]
Bob is all-In  [$2.75 USD]
Cy calls [$0.75 USD]
Ann folds
Bob has left the table.
** Dealing Fourth street **
Dealt to Ann [  5c ]
{fourth}
"""


def constructed(fourth: str, hand_id: str = "9000000001") -> str:
    return HAND.format(id=hand_id, fourth=fourth)


def test_an_all_in_raise_then_a_side_bet_returned() -> None:
    text = constructed("Cy opens\nCy bets [$4 USD]\n"
                       "Cy wins $6.75 USD from the main pot with a pair of Aces.\n"
                       "Cy wins $4 USD")
    [hand] = parse_text(text)
    assert isinstance(hand, Hand), hand
    assert events_of(hand, Raise, "Bob") == [Raise(22, "Bob", 325, None, True)]
    assert events_of(hand, UncalledReturn) == [UncalledReturn(30, "Cy", 400)]
    assert events_of(hand, Collect) == [Collect(30, "Cy", 675, "main")]  # the $4 award is the return
    assert {n.kind for n in events_of(hand, Note)} >= {"chat", "leave", "other"}


def test_two_hands_split_at_any_title_line() -> None:
    first = constructed("Cy opens\nCy checks\nCy wins $10 USD from the side pot #1 with a pair.")
    second = constructed("Cy opens\nCy checks\nCy wins $10 USD", "9000000002")
    second = second.split("\n", 2)[2]  # from "#Game No : ..."
    hands = parse_text(first + "\n" + second)
    assert [h.hand_id for h in hands] == ["9000000001", "9000000002"]
    assert events_of(hands[0], Collect)[0].pot == "side-1"


def test_an_unknown_chip_line_is_rejected_where_it_stands() -> None:
    [error] = parse_text(constructed("Cy opens\nCy posts dead [$1 USD]\nCy wins $10 USD"), "party.txt")
    assert isinstance(error, ParseError)
    assert (error.line, error.column) == (29, 4) and "posts dead" in error.message


def test_a_game_that_is_not_stud_is_skipped_by_its_game_line() -> None:
    """The game is named on the line after the titles: a hand of another game is skipped and counted."""
    text = constructed("Cy wins $10 USD").replace("7 Card Stud", "Texas Hold'em")
    [skipped] = parse_text(text)
    assert isinstance(skipped, Skipped) and (skipped.site, skipped.game) == ("partypoker", "Texas Hold'em")
