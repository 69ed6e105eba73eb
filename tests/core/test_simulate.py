"""``studbook simulate``: deterministic, playing what real tables play, stacks carried over, and a CLI.

The round trip through the log formats and the replayer is tests/core/test_roundtrip.py; here the hands
themselves are looked at: every situation the issue lists occurs in a few thousand hands.
"""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest
from typer.testing import CliRunner

from studbook import events as ev
from studbook.cli import app
from studbook.hand import Hand
from studbook.simulate import Setup
from studbook.simulate import Simulated
from studbook.simulate import SimulationError
from studbook.simulate import Simulator
from studbook.simulate import Stakes
from studbook.writers import write_pokerstars


def play(count: int, **setup) -> list[Simulated]:
    return list(Simulator(Setup(**setup)).hands(count))


def streets_of(hand: Hand) -> list[list[ev.Event]]:
    """The events of each street (antes before the first one are left out)."""
    rounds: list[list[ev.Event]] = []
    for event in hand.events:
        if isinstance(event, ev.StreetStart):
            rounds.append([])
        elif rounds:
            rounds[-1].append(event)
    return rounds


def situations(hands: list[Simulated]) -> Counter[str]:
    """What happened, hand by hand: each key counts the hands where it did."""
    seen: Counter[str] = Counter()
    for played in hands:
        hand, found = played.hand, set()
        stacks = {seat.player: seat.stack for seat in hand.seats}
        paid: Counter[str] = Counter()
        for event in hand.events:
            kind = type(event).__name__
            if getattr(event, "all_in", False):
                found.add({"PostAnte": "all-in on the ante", "BringIn": "all-in on the bring-in"}.get(
                    kind, "all-in mid-hand"))
            if isinstance(event, ev.Collect) and event.pot != "pot":
                found.add("side pot")
            if isinstance(event, ev.StreetStart) and event.community:
                found.add("community card")
            if isinstance(event, ev.Note):
                found.add(f"note {event.kind}")
            if isinstance(event, ev.Show):
                found.add("showdown")
            if isinstance(event, ev.PostAnte | ev.BringIn | ev.Call | ev.Bet):
                paid[event.player] += event.amount
        rounds = streets_of(hand)
        for street in rounds:
            checked: set[str] = set()
            actions = [e for e in street if isinstance(e, ev.ACTION_TYPES)]
            for before, after in zip(actions, actions[1:], strict=False):
                if isinstance(before, ev.BringIn) and isinstance(after, ev.Raise | ev.Complete):
                    found.add("bring-in completed")
            for event in actions:
                if isinstance(event, ev.Check):
                    checked.add(event.player)
                elif isinstance(event, ev.Raise) and event.player in checked:
                    found.add("check-raise")
            if actions and all(isinstance(e, ev.Check) for e in actions) and street is rounds[-1]:
                found.add("all checked")
        if any(isinstance(e, ev.UncalledReturn) for e in hand.events) and not any(
                isinstance(e, ev.Show) for e in hand.events):
            found.add("everyone folded to a bet")
        winners = {e.player for e in hand.events if isinstance(e, ev.Collect)}
        if len(winners) > 1 and hand.variant == "stud8" and len(hand.summary.side_pots) == 0:
            found.add("split pot")
        if any(amount == stacks[player] for player, amount in paid.items()):
            found.add("a stack all in")
        seen.update(found)
    return seen


@pytest.fixture(scope="module")
def stud_hands() -> list[Simulated]:
    return play(1500, game="stud", players=8, seed=11, short_stacks=True)


def test_the_same_seed_plays_the_same_hands() -> None:
    first = [write_pokerstars(s.hand) for s in play(40, game="stud8", seed=3)]
    again = [write_pokerstars(s.hand) for s in play(40, game="stud8", seed=3)]
    other = [write_pokerstars(s.hand) for s in play(40, game="stud8", seed=4)]
    assert first == again and first != other


def test_stud_plays_like_a_real_table(stud_hands: list[Simulated]) -> None:
    seen = situations(stud_hands)
    for situation in ("bring-in completed", "check-raise", "showdown", "everyone folded to a bet",
                      "all-in on the ante", "all-in on the bring-in", "all-in mid-hand", "side pot",
                      "note capped", "note pair_on_board", "note join", "note leave", "community card"):
        assert seen[situation], f"no {situation} in {len(stud_hands)} hands: {seen}"


def test_hi_lo_splits_and_no_low() -> None:
    seen = situations(play(600, game="stud8", players=7, seed=2))
    assert seen["split pot"] and seen["note no_low"]


def test_descubierto_all_check_ends_the_hand_and_bets_are_no_limit() -> None:
    hands = play(600, game="descubierto", players=5, seed=1, fmt="studbook", short_stacks=True)
    assert situations(hands)["all checked"]
    sizes = {e.amount for s in hands for e in s.hand.events if isinstance(e, ev.Bet) and not e.all_in}
    assert len(sizes) > 10  # sized to the pot, not fixed steps
    ended_early = [s for s in hands if len(streets_of(s.hand)) < 4 and sum(
        isinstance(e, ev.Show) for e in s.hand.events) > 1]
    assert ended_early  # a checked-through round ended it with a showdown (Z13)


def test_stacks_carry_over_and_the_table_moves_on(stud_hands: list[Simulated]) -> None:
    rebuys = 0
    for before, after in zip(stud_hands, stud_hands[1:], strict=False):
        assert after.hand.start_time > before.hand.start_time
        assert int(after.hand.hand_id) > int(before.hand.hand_id)
        if after.hand.table != before.hand.table:
            continue  # a new session
        left = {s.player: s.stack + before.net.get(s.player, 0) for s in before.hand.seats}
        for seat in after.hand.seats:
            if seat.player in left:
                assert seat.stack >= left[seat.player], (after.hand.hand_id, seat)
                rebuys += seat.stack > left[seat.player]
    assert rebuys
    assert len({s.hand.table for s in stud_hands}) > 1


def test_nets_balance_with_the_rake(stud_hands: list[Simulated]) -> None:
    for played in stud_hands:
        assert sum(played.net.values()) == -(played.hand.summary.rake or 0)


def test_setups_that_cannot_be_played() -> None:
    with pytest.raises(SimulationError, match="PokerStars has no stud5"):
        Simulator(Setup(game="stud5", fmt="pokerstars"))
    with pytest.raises(SimulationError, match="players"):
        Simulator(Setup(game="stud", players=9))
    with pytest.raises(SimulationError, match="bad stakes"):
        Stakes.parse("20/10", "stud")
    assert Stakes.parse("$0.04/$0.08", "razz") == Stakes(4, 8, 1, 2, "USD")
    assert Stakes.parse("10/20/2/5", "stud") == Stakes(10, 20, 2, 5, None)
    assert Stakes.parse(None, "descubierto") == Stakes(20, 20, 10, 0, None)


def test_cli_simulate(tmp_path: Path) -> None:
    runner = CliRunner()
    out = tmp_path / "razz.txt"
    result = runner.invoke(app, ["simulate", "--game", "razz", "--hands", "30", "--seed", "5",
                                 "-o", str(out)])
    assert result.exit_code == 0, result.output
    assert out.read_text(encoding="utf-8").count("PokerStars Hand #") == 30
    audit = runner.invoke(app, ["audit", str(out)])
    assert audit.exit_code == 0 and "30 hands audited: 0 with errors, 0 with warnings only" in audit.output
    bad = runner.invoke(app, ["simulate", "--game", "stud5", "--format", "pokerstars", "-o", str(out)])
    assert bad.exit_code == 2 and "PokerStars has no stud5" in bad.output
    five = tmp_path / "stud5.txt"
    result = runner.invoke(app, ["simulate", "--game", "stud5", "--hands", "20", "--rule", "max_raises=4",
                                 "-o", str(five)])
    assert result.exit_code == 0 and five.read_text(encoding="utf-8").startswith("studbook hand ")
