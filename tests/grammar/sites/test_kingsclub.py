"""KingsClub stud logs: every corpus hand parses and audits, both street layouts, 2-7 razz (R27-*)."""

from __future__ import annotations

import re
from dataclasses import replace
from datetime import UTC
from datetime import datetime
from pathlib import Path

import pytest
from helpers.parsing import events_of
from helpers.parsing import parse_text
from helpers.paths import corpus_cases
from helpers.paths import corpus_dir

from studbook.cards import parse_cards
from studbook.events import BringIn
from studbook.events import Call
from studbook.events import Collect
from studbook.events import Deal
from studbook.events import Raise
from studbook.events import Show
from studbook.events import Street
from studbook.events import StreetStart
from studbook.events import UncalledReturn
from studbook.grammar import ParseError
from studbook.grammar import parse_block
from studbook.grammar import parse_file
from studbook.grammar.reader import LogReader
from studbook.grammar.reader import read_blocks
from studbook.hand import Hand
from studbook.replay import replay
from studbook.writers import WRITERS
from studbook.writers.pokerstars_text import WriterError

# The summary's "Seat N: NAME (STACK) +NET": the site's own net per player.
NET = re.compile(r"^Seat \d+: (.+) \([\d,.]+\) ([+-][\d,.]+)$")


def corpus_files() -> list[str]:
    folder = corpus_dir()
    return sorted(p.name for p in (folder / "kingsclub").glob("*.txt")) if folder else []


def hand_in(corpus: Path, name: str) -> Hand:
    (hand,) = [h for h in parse_file(corpus / "kingsclub" / name) if isinstance(h, Hand)]
    return hand


def cents(text: str) -> int:
    sign = -1 if text.startswith("-") else 1
    whole, _, fraction = text.lstrip("+-").replace(",", "").partition(".")
    return sign * (int(whole) * 100 + int(fraction.ljust(2, "0") or 0))


def test_seven_distinct_stud_hands(corpus: Path) -> None:
    ids = {hand_in(corpus, name).hand_id for name in corpus_files()}
    assert len(ids) == 7


# The site's convention each corpus hand follows (KC1, information): KingsClub's first raise after a
# completion goes to bring-in + small bet (16.58 + 22 = 38.58), not two small bets (44), which C16 would
# call an error. Line 31: "Player5 raises to 38.58"; "Player3 raises to 77.16" (33.16 + 44, not 88); after a
# short all-in "bet" of 225 (not a completion), "Player4 raises to 625": the bring-in plus a small bet,
# where the completion is to 500. No corpus hand breaks a rule.
CONVENTION = {
    "cash-2-7 Razz-USD-22-44-202101.txt": [("site-convention", "KC1", 31)],
    "cash-7-Stud-USD-44-88-202010.txt": [("site-convention", "KC1", 25)],
    "cash-Razz-USD-500-100-202101.multi.pot.failure.txt": [("site-convention", "KC1", 31)],
}
# Warnings: the log's omissions, not rule breaks. The 2-7 hand awards only the main pot ("Player2 wins
# pot (5,613.25)", line 54); Player1's side pot of 2,674.50 is on no line, but his net (-450.50 on
# 3,125 put in) shows it, and the nets are the log's awards.
WARNINGS = {
    "cash-2-7 Razz-USD-500-1000-202102.multi.pot.failure.txt": [("collect-missing", 54)],
}


@pytest.mark.parametrize("name", corpus_cases(corpus_files()))
def test_audit(corpus: Path, name: str) -> None:
    result = replay(hand_in(corpus, name))
    assert [v for v in result.violations if v.severity == "error"] == []
    conventions = [(v.code, v.rule, v.line) for v in result.violations if v.code == "site-convention"]
    assert conventions == CONVENTION.get(name, [])
    warnings = [(v.code, v.line) for v in result.violations if v.severity == "warning"]
    assert [w for w in warnings if w[0] != "show-order"] == WARNINGS.get(name, [])


@pytest.mark.parametrize("name", corpus_cases(corpus_files()))
def test_nets_and_rake_agree_with_the_summary(corpus: Path, name: str) -> None:
    """The engine's nets equal the site's '+NET' summary; the rake and awards agree with the log."""
    hand = hand_in(corpus, name)
    result = replay(hand)
    logged = {}
    for line in LogReader(corpus / "kingsclub" / name).lines():
        found = NET.match(line)
        if found:
            logged[found.group(1)] = cents(found.group(2))
    assert {seat.player: seat.net for seat in result.seats} == logged
    assert [s.collected for s in result.seats] == [s.logged_collected for s in result.seats]
    assert result.logged_rake == hand.summary.rake
    assert result.rake == (hand.summary.rake or 0)  # no rake line: the nets leave no rake


def test_older_layout_shifts_the_street_markers(corpus: Path) -> None:
    """Older logs deal 3rd street unmarked; '*** 3RD STREET ***' then opens 4th, '*** 6TH ***' 7th."""
    hand = hand_in(corpus, "cash-2-7 Razz-USD-22-44-202101.txt")
    assert [(e.line, e.street) for e in events_of(hand, StreetStart)] == [
        (18, Street.THIRD), (34, Street.FOURTH), (39, Street.FIFTH), (44, Street.SIXTH), (49, Street.SEVENTH)]
    assert events_of(hand, Deal, "Hero")[0] == Deal(24, Street.THIRD, "Hero", parse_cards("5h Qs"),
                                                    parse_cards("Ah"))
    assert events_of(hand, Deal, "Player0")[0] == Deal(18, Street.THIRD, "Player0", (), parse_cards("4d"))
    assert events_of(hand, Deal, "Player0")[-1] == Deal(50, Street.SEVENTH, "Player0", (), ())
    newer = hand_in(corpus, "cash-7-StudHL-USD-44-88-202203.fixed.streets.txt")
    assert [e.street for e in events_of(newer, StreetStart)] == [3, 4, 5, 6, 7]


def test_header_facts_amounts_and_time(corpus: Path) -> None:
    hand = hand_in(corpus, "cash-2-7 Razz-USD-500-1000-202102.multi.pot.failure.txt")
    assert (hand.site, hand.hand_id, hand.variant, hand.structure) == (
        "kingsclub", "3703449", "razz27", "limit")
    assert (hand.small_bet, hand.big_bet, hand.currency, hand.table) == (
        50000, 100000, "USD", "Bobbys Room Mix 2")
    # ET, as fpdb reads KingsClub: 09:28:49 EST is 14:28:49 UTC
    assert hand.start_time_utc == datetime(2021, 2, 21, 14, 28, 49, tzinfo=UTC)
    assert hand.seats[2].stack == 2302575
    # "calls 1,662.75, and is all in": the street total, so 162.75 more after a 1,500 raise
    assert events_of(hand, Call, "Player2") == [Call(23, "Player2", 16275, True)]
    assert events_of(hand, Raise, "Hero")[-1] == Raise(22, "Hero", 200000, None, False)
    assert events_of(hand, Show, "Player2")[0].cards == parse_cards("2c 3h 4s Kd 6s Jh")
    assert events_of(hand, Collect) == [Collect(54, "Player2", 561325, "pot")]


def test_uncalled_bets_are_returned_though_never_written(corpus: Path) -> None:
    hand = hand_in(corpus, "cash-2-7 Razz-USD-22-44-202101.txt")
    assert events_of(hand, UncalledReturn) == [UncalledReturn(54, "Player0", 4400)]


def test_2_7_razz_rules_confirmed_by_the_logs(corpus: Path) -> None:
    """R27-3: Hero's Ah is the highest door (ace high) and brings in (40091899 line 25); R27-4: Player5's
    8c-2s opens 4th street before Jc-4d (line 36), Player0's J-5-4 before K-8-2 on 5th (line 41): the
    engine finds no one acting out of turn in either 2-7 hand."""
    hand = hand_in(corpus, "cash-2-7 Razz-USD-22-44-202101.txt")
    assert events_of(hand, BringIn) == [BringIn(25, "Hero", 1658)]
    codes = {v.code for v in replay(hand).violations}
    assert not codes & {"wrong-bring-in", "wrong-actor", "out-of-turn"}
    other = hand_in(corpus, "cash-2-7 Razz-USD-500-1000-202102.multi.pot.failure.txt")
    assert not {v.code for v in replay(other).violations} & {"wrong-bring-in", "wrong-actor", "out-of-turn"}


TEXT = """#1: Limit Razz - 1/2
2021-01-02 15:48:40
Table 'T'
Seat 1: A (100)
Seat 2: B (100)
A: posts ante 0.25
B: posts ante 0.25
*** 3RD STREET ***
Dealt to A: [X X Tc]
Dealt to B: [9d 3h 6d]
A brings in for 0.50
B bets 1
A {verb}
*** SUMMARY ***
Seat 1: A (99.25) -0.75
Seat 2: B (100.75) +0.75
B wins pot (2)
"""


def test_a_line_that_could_move_chips_is_rejected_with_its_place() -> None:
    (hand,) = parse_text(TEXT.format(verb="folds"))
    assert isinstance(hand, Hand) and hand.variant == "razz"
    (error,) = parse_text(TEXT.format(verb="shoves 99"))
    assert isinstance(error, ParseError) and (error.line, error.column) == (13, 3)
    assert "unknown action 'shoves 99' by A" in str(error)


@pytest.mark.parametrize(("nets", "wins", "found"), [
    # B's uncalled 0.50 goes back: he wins 1.50, 0.75 of it A's
    ("-0.75 +0.75", "B wins pot (1.50)", []),  # the nets and the award line agree
    ("-0.75 +0.75", "", [("collect-missing", "warning")]),  # B's win is on no line: his net shows it
    ("-0.75 +0.75", "B wins pot (2)", [("collect-mismatch", "error")]),  # a line beyond the net
    ("+0.75 -0.75", "A wins pot (1.50)", [("award-mismatch", "error")] * 2),  # A folded: the log is wrong
])
def test_the_summary_nets_are_the_logs_awards(nets: str, wins: str, found: list) -> None:
    net_a, net_b = nets.split()
    summary = f"Seat 1: A (99.25) {net_a}\nSeat 2: B (100.75) {net_b}\n" + (f"{wins}\n" if wins else "")
    text = TEXT.format(verb="folds")
    (hand,) = parse_text(text[: text.index("Seat 1: A (99.25)")] + summary)
    assert [s.net for s in hand.summary.seats] == [75 if n[0] == "+" else -75 for n in (net_a, net_b)]
    result = replay(hand)
    assert [(v.code, v.severity) for v in result.violations] == found
    assert result.rake == 0  # no rake line, and the nets leave none


def test_other_games_are_skipped() -> None:
    text = "#5: No Limit Holdem - 1/2\n2021-01-02 15:48:40\nTable 'T'\nSeat 1: A (100)\n"
    (result,) = parse_text(text)
    assert not isinstance(result, Hand | ParseError)


def played(hand: Hand) -> list:
    """The hand's events without their lines, what a raise adds (PokerStars writes it, KingsClub does not:
    it follows from the street totals) and deals of no card (a hidden card of another player)."""
    return [replace(event, line=0, by=None) if isinstance(event, Raise) else replace(event, line=0)
            for event in hand.events if not (isinstance(event, Deal) and not event.down + event.up)]


@pytest.mark.parametrize("name", corpus_cases(corpus_files()))
def test_pokerstars_export_reparses_to_the_same_hand(corpus: Path, name: str) -> None:
    """Every KingsClub hand PokerStars' format can hold reads back the same; 2-7 Razz it cannot hold."""
    hand = hand_in(corpus, name)
    if hand.variant == "razz27":
        with pytest.raises(WriterError, match="razz27"):
            WRITERS["pokerstars"](hand)
        return
    text = WRITERS["pokerstars"](hand)
    [back] = [parse_block(block) for block in read_blocks(text.encode("utf-8"), "export.txt")]
    assert isinstance(back, Hand), back
    assert played(back) == played(hand)
    assert back.seats == hand.seats
    assert (back.variant, back.small_bet, back.big_bet, back.hand_id) == (
        hand.variant, hand.small_bet, hand.big_bet, hand.hand_id)
    # KingsClub writes no total pot, nor a rake line where there is none; PokerStars writes both
    assert back.summary.rake == (hand.summary.rake or 0)
    assert back.start_time_utc == hand.start_time_utc
    assert [(seat.player, seat.net) for seat in replay(back).seats] == [
        (seat.player, seat.net) for seat in replay(hand).seats]
