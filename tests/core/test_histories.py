"""The sample sessions shipped in histories/: they parse, audit with no violation at all, carry the
stacks from hand to hand, show every house-rule situation they are there to show, and broken copies
of their hands are caught with the right violation code.

- descubierto-2024-11-15.txt: a Spanish home evening of poker descubierto (docs/rules.md Z1-Z19), five
  players with 32 cards, then seven with the full deck.
- stud8-2024-11-21.txt: an English Stud8 home tournament under the Spanish house card (docs/rules.md T1-T11,
  preset stud8-card), six-handed.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Callable
from collections.abc import Iterator
from itertools import groupby
from pathlib import Path

import pytest
from helpers.paths import HISTORIES
from typer.testing import CliRunner

from studbook.cards import Card
from studbook.cli import app
from studbook.events import BringIn
from studbook.events import Collect
from studbook.events import Deal
from studbook.events import Note
from studbook.events import PostAnte
from studbook.grammar import parse_block
from studbook.grammar import parse_file
from studbook.grammar.reader import split_blocks
from studbook.hand import Hand
from studbook.replay import replay
from studbook.results import ActionRecord
from studbook.results import Replay
from studbook.rules.evaluate import board_high
from studbook.rules.house import Rules
from studbook.rules.house import rules_for
from studbook.rules.pots import PotResult
from studbook.rules.variants import VARIANTS

DESCUBIERTO = HISTORIES / "descubierto-2024-11-15.txt"
STUD8 = HISTORIES / "stud8-2024-11-21.txt"


@pytest.fixture(scope="module")
def hands() -> dict[str, list[Hand]]:
    found: dict[str, list[Hand]] = {}
    for path in sorted(HISTORIES.glob("*.txt")):
        results = list(parse_file(path))
        assert all(isinstance(item, Hand) for item in results), [str(r) for r in results]
        found[path.name] = results
    return found


@pytest.fixture(scope="module")
def replays(hands: dict[str, list[Hand]]) -> dict[str, list[Replay]]:
    return {name: [replay(hand) for hand in found] for name, found in hands.items()}


def clean(result: Replay) -> Replay:
    assert result.violations == [], (result.hand.hand_id, result.violations)
    return result


def streets(result: Replay) -> dict[int, list[ActionRecord]]:
    """The betting actions of a replay (no antes), street by street."""
    records = [a for a in result.actions if a.action != "ante"]
    return {street: list(group) for street, group in groupby(records, key=lambda a: a.street)}


def find(results: list[Replay], test: Callable[[Replay], bool]) -> Replay:
    found = [r for r in results if test(r)]
    assert found, "no hand of the history shows this"
    return found[0]


# -- every history --------------------------------------------------------------------------------


def test_the_histories_hold_the_two_sessions(hands: dict[str, list[Hand]]) -> None:
    assert {DESCUBIERTO.name, STUD8.name} <= set(hands)
    assert len(hands[DESCUBIERTO.name]) >= 40 and len(hands[STUD8.name]) >= 30
    for found in hands.values():
        ids = [hand.hand_id for hand in found]
        assert len(set(ids)) == len(ids)
    every = [hand.hand_id for found in hands.values() for hand in found]
    assert len(set(every)) == len(every), "hand ids are unique across files: the DuckDB key is (site, id)"


def test_every_hand_audits_with_no_violation(replays: dict[str, list[Replay]]) -> None:
    problems = [
        f"{r.hand.source.file}:{v.line}: {r.hand.hand_id}: {v.severity} {v.code} {v.message}"
        for results in replays.values()
        for r in results
        for v in r.violations
    ]
    assert problems == []


def test_studbook_audit_of_the_folder_exits_0() -> None:
    result = CliRunner().invoke(app, ["audit", str(HISTORIES)])
    assert result.exit_code == 0, result.output[-2000:]
    # more than one file: only the hands with problems are shown, and there are none
    assert result.output.splitlines() == [
        "109 hands audited: 0 with errors, 0 with warnings only, 0 unreadable",
        "109 hands without errors or warnings not shown (--all shows them)"]


@pytest.mark.parametrize("history", [DESCUBIERTO.name, STUD8.name])
def test_sessions_are_dated_in_order(hands: dict[str, list[Hand]], history: str) -> None:
    times = [hand.start_time for hand in hands[history]]
    assert all(t is not None and t.tzinfo is not None for t in times)
    assert times == sorted(times) and len(set(times)) == len(times)


@pytest.mark.parametrize("history", [DESCUBIERTO.name, STUD8.name])
def test_stacks_carry_over_from_hand_to_hand(
    hands: dict[str, list[Hand]], replays: dict[str, list[Replay]], history: str
) -> None:
    """Each seat starts a hand with what it ended the last one with, plus a noted rebuy (recompra); a
    player who leaves the tournament has lost every chip."""
    found = hands[history]
    for before, after, result in zip(found, found[1:], replays[history], strict=False):
        ended = {seat.player: seat.starting_stack + seat.net for seat in result.seats}
        rebuys = Counter(
            {e.player: int(e.text) for e in after.events if isinstance(e, Note) and e.kind == "recompra"}
        )
        for seat in after.seats:
            if seat.player in ended:
                assert seat.stack == ended[seat.player] + rebuys[seat.player], (after.hand_id, seat)
        for player, stack in ended.items():
            if after.seat_of(player) is None:
                assert stack == 0, (before.hand_id, player)


# -- the descubierto evening ----------------------------------------------------------------------


def deck_size(hand: Hand) -> int:
    return rules_for(VARIANTS[hand.variant], hand.site, hand.rules).deck_size


def test_descubierto_evening_is_spanish_with_two_decks(hands: dict[str, list[Hand]]) -> None:
    found = hands[DESCUBIERTO.name]
    text = DESCUBIERTO.read_text()
    assert all(hand.variant == "descubierto" and hand.structure == "no-limit" for hand in found)
    assert text.count("\nmano ") == len(found) and "pone ante" in text and "destape" in text
    assert all(4 <= len(hand.seats) <= 7 and hand.ante for hand in found)
    sizes = [deck_size(hand) for hand in found]
    assert set(sizes) == {32, 52} and sizes == sorted(sizes), "32 cards first, then the full deck"
    assert all(5 * len(hand.seats) <= size for hand, size in zip(found, sizes, strict=True))
    assert {len(hand.seats) for hand in found if deck_size(hand) == 52} == {7}


def test_descubierto_a_checked_round_ends_the_hand(replays: dict[str, list[Replay]]) -> None:
    """Z13: everybody checks before the last card and the best cards so far take the pot."""
    early = [
        r
        for r in replays[DESCUBIERTO.name]
        if r.pots and r.pots[0].reason == "all checked" and max(streets(r)) < 5
    ]
    assert len(early) >= 3
    streets_ended = {max(streets(r)) for r in early}
    assert 2 in streets_ended
    for result in early:
        last = streets(result)[max(streets(result))]
        assert {a.action for a in last} <= {"check", "fold"} and [a.action for a in last].count("check") >= 2


def test_descubierto_figuras_win_a_showdown(replays: dict[str, list[Replay]]) -> None:
    """Z17: five cards all J/Q/K/A with a pair beat two pair."""
    result = find(
        replays[DESCUBIERTO.name],
        lambda r: any(
            w.hand_name.startswith("figuras") and len(p.eligible) > 1 for p in r.pots for w in p.winners
        ),
    )
    beaten = [s.high_name for s in result.seats if s.showed and not s.collected]
    assert beaten and all(
        not name.startswith(("three", "a straight", "a flush", "a full")) for name in beaten
    )


def test_descubierto_flush_beats_full_house_with_32_cards(replays: dict[str, list[Replay]]) -> None:
    """Z19: at 40 cards or fewer a flush beats a full house; the standard ranking would turn the ruling."""
    result = find(
        replays[DESCUBIERTO.name],
        lambda r: (
            any(s.high_name.startswith("a flush") and s.collected for s in r.seats)
            and any(s.high_name.startswith("a full house") and s.showed for s in r.seats)
        ),
    )
    assert deck_size(result.hand) == 32
    standard = replay(result.hand, Rules.parse(["flush_beats_full_at_or_below=0"]))
    winners = {w.player for p in standard.pots for w in p.winners}
    full = next(s.player for s in result.seats if s.high_name.startswith("a full house"))
    assert full in winners and "award-mismatch" in {v.code for v in standard.violations}


def test_descubierto_raises_of_any_size(replays: dict[str, list[Replay]]) -> None:
    """Z10: a raise smaller than the last one is legal here, and would not be under the no-limit rule N2."""
    small = [
        r
        for r in replays[DESCUBIERTO.name]
        if "raise-amount"
        in {v.code for v in replay(r.hand, Rules.parse(["min_raise=previous_raise"])).violations}
    ]
    assert len(small) >= 2


def test_descubierto_side_pots_from_all_ins(replays: dict[str, list[Replay]]) -> None:
    """C22: a short stack all in, two bigger stacks play on for a side pot, and the pots are judged apart."""
    with_side = [
        r for r in replays[DESCUBIERTO.name] if any(p.index > 0 and len(p.eligible) > 1 for p in r.pots)
    ]
    assert len(with_side) >= 2
    for result in with_side:
        main, side = result.pots[0], result.pots[1]
        assert set(side.eligible) < set(main.eligible) and any(a.all_in for a in result.actions)


def test_descubierto_folds_when_a_check_is_free(replays: dict[str, list[Replay]]) -> None:
    """Z8: folding with nothing to call is allowed (no fold-when-check warning, unlike S3)."""
    free_folds = 0
    for result in replays[DESCUBIERTO.name]:
        for records in streets(result).values():
            level = 0
            for action in records:
                if action.action == "fold" and action.to == level:
                    free_folds += 1
                level = max(level, action.to)
    assert free_folds >= 2


def test_descubierto_awards_may_be_left_out(replays: dict[str, list[Replay]]) -> None:
    """docs/log-format.md: a hand without award lines is judged by the rules, and is not an error."""
    silent = [r for r in replays[DESCUBIERTO.name] if not any(isinstance(e, Collect) for e in r.hand.events)]
    assert silent
    for result in silent:
        assert sum(s.collected for s in result.seats) == result.total_pot
        assert all(s.logged_collected == s.collected for s in result.seats)


# -- the Stud8 tournament -------------------------------------------------------------------------


def test_stud8_is_the_house_card_six_handed(hands: dict[str, list[Hand]]) -> None:
    found = hands[STUD8.name]
    assert len(found[0].seats) == 6 and all(len(hand.seats) <= 6 for hand in found)
    for hand in found:
        rules = rules_for(VARIANTS["stud8"], hand.site, hand.rules)
        assert (rules.max_raises, rules.board_tie_break, rules.max_players) == (3, "suit", 6)
        assert rules.bringin_shift_when_allin_for_ante == "left_player_posts"
        assert hand.variant == "stud8" and hand.structure == "limit" and hand.tournament_id
    assert len({hand.level for hand in found}) >= 4


def showdown_pots(results: list[Replay]) -> Iterator[tuple[Replay, PotResult]]:
    for result in results:
        for pot in result.pots:
            if pot.reason == "showdown":
                yield result, pot


def test_stud8_splits_quarters_and_scoops(replays: dict[str, list[Replay]]) -> None:
    """H8, T9: high and low halves to different players; two equal lows share a quarter each; no low
    at all gives the high hand the whole pot."""
    pots = list(showdown_pots(replays[STUD8.name]))
    split = [
        p
        for _, p in pots
        if {w.half for w in p.winners} == {"hi", "lo"} and len({w.player for w in p.winners}) > 1
    ]
    assert len(split) >= 3
    quartered = [p for p in split if [w.half for w in p.winners].count("lo") == 2]
    assert quartered
    lows = [w for w in quartered[0].winners if w.half == "lo"]
    assert lows[0].hand_name == lows[1].hand_name and abs(lows[0].amount - lows[1].amount) <= 1
    high = next(w for w in quartered[0].winners if w.half == "hi")
    assert high.amount == quartered[0].amount - quartered[0].amount // 2
    no_low = [
        (r, p)
        for r, p in pots
        if {w.half for w in p.winners} == {"hi"}
        and len([s for s in r.seats if s.showed and s.player in p.eligible]) > 1
    ]
    assert no_low
    for result, pot in no_low:
        assert sum(w.amount for w in pot.winners) == pot.amount
        assert not any(s.low_name for s in result.seats if s.player in pot.eligible)


def test_stud8_a_round_is_capped_at_three_raises(replays: dict[str, list[Replay]]) -> None:
    """T3: a bet and three raises with three players in, and nobody raises again."""
    capped = [
        result
        for result in replays[STUD8.name]
        for street, records in streets(result).items()
        if street >= 4
        and [a.action for a in records].count("raise") == 3
        and len({a.player for a in records}) >= 3
    ]
    assert capped
    two = replay(capped[0].hand, Rules.parse(["max_raises=2"]))
    assert "raise-cap" in {v.code for v in two.violations}


def up_cards(hand: Hand) -> dict[str, list[Card]]:
    """Each player's up cards in the order dealt."""
    ups: dict[str, list[Card]] = {}
    for event in hand.events:
        if isinstance(event, Deal):
            ups.setdefault(event.player, []).extend(event.up)
    return ups


def test_stud8_suit_decides_who_acts_first(replays: dict[str, list[Replay]]) -> None:
    """T5: equal boards, and the highest suit of the highest card acts first, not the first in position."""
    decided = []
    for result in replays[STUD8.name]:
        by_position = replay(result.hand, Rules.parse(["board_tie_break=position"]))
        if any(v.code == "wrong-actor" and v.rule == "S5" for v in by_position.violations):
            decided.append(result)
    assert decided
    result = decided[0]
    ups = up_cards(result.hand)
    for street, records in streets(result).items():
        if street == 3:
            continue
        first = records[0].player
        live = {a.player for a in records}
        tied = [p for p in live if board_high(ups[p][: street - 2]) == board_high(ups[first][: street - 2])]
        if len(tied) > 1:
            lead = board_high(ups[first][: street - 2]) >> 16 & 15  # the pair's rank, else the top card
            suits = {p: max(c.suit_order for c in ups[p][: street - 2] if c.rank == lead) for p in tied}
            assert suits[first] == max(suits.values())
            return
    pytest.fail("no tied boards found")


def test_stud8_short_all_in_on_the_ante_moves_the_bring_in_left(replays: dict[str, list[Replay]]) -> None:
    """T10/C12b: the low card is all in with (less than) the ante; the player on his left brings in."""
    for result in replays[STUD8.name]:
        hand = result.hand
        short = [
            e for e in hand.events if isinstance(e, PostAnte) and e.all_in and e.amount < (hand.ante or 0)
        ]
        if not short:
            continue
        doors = {player: cards[0] for player, cards in up_cards(hand).items()}
        by_card = sorted(doors, key=lambda p: (doors[p].rank, doors[p].suit_order))
        if by_card[0] != short[0].player:
            continue
        names = [s.player for s in sorted(hand.seats, key=lambda s: s.seat)]
        left = names[(names.index(by_card[0]) + 1) % len(names)]
        bring_in = next(e for e in hand.events if isinstance(e, BringIn))
        assert bring_in.player == left != by_card[1], "whatever his door card, not the next lowest"
        freely = replay(hand, Rules.parse(["bringin_shift_when_allin_for_ante=left_player_acts_freely"]))
        assert "unexpected-bring-in" in {v.code for v in freely.violations}
        return
    pytest.fail("no low card all in for the ante")


# -- broken copies --------------------------------------------------------------------------------


def text_of(hand: Hand) -> list[str]:
    lines = Path(hand.source.file).read_text().split("\n")
    return lines[hand.source.first_line - 1 : hand.source.last_line]


def audit_lines(lines: list[str]) -> set[str]:
    (block,) = split_blocks("broken.txt", lines)
    parsed = parse_block(block)
    assert isinstance(parsed, Hand), parsed
    return {v.code for v in replay(parsed).violations}


def edit(hand: Hand, line: int, pattern: str, replacement: str) -> list[str]:
    """The hand's lines with the first match of ``pattern`` on file line ``line`` replaced."""
    lines = text_of(hand)
    index = line - hand.source.first_line
    changed = re.sub(pattern, replacement, lines[index], count=1)
    assert changed != lines[index]
    lines[index] = changed
    return lines


def test_broken_raise_past_the_cap(replays: dict[str, list[Replay]]) -> None:
    """T3: after a bet and three raises the next player may only call or fold."""
    for result in replays[STUD8.name]:
        for street, records in streets(result).items():
            raises = [i for i, a in enumerate(records) if a.action == "raise"]
            if (
                len(raises) == 3
                and raises[-1] + 1 < len(records)
                and records[raises[-1] + 1].action == "call"
            ):
                answer, capped = records[raises[-1] + 1], records[raises[-1]]
                unit = result.hand.big_bet if street >= 5 else result.hand.small_bet
                raised = f"{answer.player} raises to {capped.to + unit}"
                assert "raise-cap" in audit_lines(edit(clean(result).hand, answer.line, ".+", raised))
                return
    pytest.fail("no capped round")


def test_broken_first_actor_under_the_suit_tie_break(replays: dict[str, list[Replay]]) -> None:
    """T5: the tied player first in position acts before the one with the higher suit."""
    for result in replays[STUD8.name]:
        by_position = replay(result.hand, Rules.parse(["board_tie_break=position"]))
        wrong = [v for v in by_position.violations if v.code == "wrong-actor" and v.rule == "S5"]
        if not wrong:
            continue
        records = next(r for r in streets(result).values() if r[0].line == wrong[0].line)
        first, second = (a.line - result.hand.source.first_line for a in records[:2])
        lines = text_of(clean(result).hand)
        lines[first], lines[second] = lines[second], lines[first]
        assert "wrong-actor" in audit_lines(lines)
        return
    pytest.fail("no tie decided by suit")


@pytest.mark.parametrize("history", [DESCUBIERTO.name, STUD8.name])
def test_broken_award(replays: dict[str, list[Replay]], history: str) -> None:
    """Ten chips more than the rules give, in either language."""
    result = next(r for r in replays[history] if any(isinstance(e, Collect) for e in r.hand.events))
    collect = next(e for e in clean(result).hand.events if isinstance(e, Collect))
    lines = edit(result.hand, collect.line, rf"\b{collect.amount}\b", str(collect.amount + 10))
    assert "award-mismatch" in audit_lines(lines)


@pytest.mark.parametrize("history", [DESCUBIERTO.name, STUD8.name])
def test_broken_under_award(replays: dict[str, list[Replay]], history: str) -> None:
    """A home game has no rake unless the log writes one: ten chips too few is an error, not rake."""
    result = next(r for r in replays[history] if any(isinstance(e, Collect) for e in r.hand.events))
    collect = next(e for e in clean(result).hand.events if isinstance(e, Collect))
    lines = edit(result.hand, collect.line, rf"\b{collect.amount}\b", str(collect.amount - 10))
    assert "award-mismatch" in audit_lines(lines)


@pytest.mark.parametrize(("history", "check"), [(DESCUBIERTO.name, "pasa"), (STUD8.name, "checks")])
def test_broken_check_facing_a_bet(replays: dict[str, list[Replay]], history: str, check: str) -> None:
    """C14, Z9: once somebody bets, nobody checks."""
    result, call = next(
        (r, a) for r in replays[history] for a in r.actions if a.action == "call" and a.street > 3
    )
    lines = edit(clean(result).hand, call.line, ".+", f"{call.player} {check}")
    assert "check-facing-bet" in audit_lines(lines)


def test_broken_card_outside_the_32_card_deck(replays: dict[str, list[Replay]]) -> None:
    """Z1: 32 cards run from the 7 to the ace (a 9 is one of them), so a 6 cannot be dealt."""
    short = [r for r in replays[DESCUBIERTO.name] if deck_size(r.hand) == 32]
    assert all(
        c.rank >= 7 for r in short for e in r.hand.events if isinstance(e, Deal) for c in e.up + e.down
    )
    result, deal = next(
        (r, e) for r in short for e in clean(r).hand.events if isinstance(e, Deal) and e.street > 2
    )
    card = str(deal.up[0])
    lines = edit(result.hand, deal.line, card, "6" + card[1])
    assert "card-not-in-deck" in audit_lines(lines)


def test_broken_bet_beyond_the_stack(replays: dict[str, list[Replay]]) -> None:
    """Z11: nobody bets more than his stack (the rest) unless the players agreed to exceed it."""
    result, shove = next(
        (r, a)
        for r in replays[DESCUBIERTO.name]
        for a in r.actions
        if a.all_in and a.action in ("bet", "raise") and a.stack == 0
    )
    written = shove.to if shove.action == "raise" else shove.amount
    lines = edit(clean(result).hand, shove.line, r"\d+(?= de resto)", str(written + 100))
    assert "beyond-stack" in audit_lines(lines)
    lines.insert(1, "regla allow_beyond_table_stakes=true")
    assert "beyond-stack" not in audit_lines(lines)


def test_broken_wrong_bring_in(replays: dict[str, list[Replay]]) -> None:
    """S4, H2: the lowest door card brings in, clubs lowest."""
    result = replays[STUD8.name][0]
    hand = clean(result).hand
    bring_in = next(e for e in hand.events if isinstance(e, BringIn))
    other = next(e.player for e in hand.events if isinstance(e, Deal) and e.player != bring_in.player)
    lines = edit(hand, bring_in.line, re.escape(bring_in.player), other)
    assert "wrong-bring-in" in audit_lines(lines)
