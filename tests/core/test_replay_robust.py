"""The replayer on broken logs: every mutated hand gets a verdict, never an exception.

Simulated hands of every variant are broken at random (events deleted, swapped, repeated, moved,
given to another player or street, amounts changed); then one scripted hand per crash found that
way pins the violation it now gets.
"""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path
from random import Random

from helpers.handscript import build
from typer.testing import CliRunner

from studbook import events as ev
from studbook.cli import app
from studbook.hand import Hand
from studbook.replay import replay
from studbook.simulate import Setup
from studbook.simulate import Simulator

VARIANTS = ("stud", "stud8", "razz", "stud5", "descubierto")
HANDS, MUTANTS = 40, 10  # simulated hands per variant, broken copies of each


def _change_amount(event: ev.Event, rng: Random) -> ev.Event:
    field = "to" if hasattr(event, "to") else "amount"
    value = getattr(event, field)
    return replace(event, **{field: rng.choice((0, 1, value // 2, value + 1, 2 * value, -value))})


def _mutate(hand: Hand, rng: Random) -> Hand:
    """One to three random faults in ``hand``'s events."""
    events = list(hand.events)
    players = [seat.player for seat in hand.seats] + ["Nobody"]
    for _ in range(rng.randint(1, 3)):
        index = rng.randrange(len(events))
        event = events[index]
        fault = rng.randrange(7)
        if fault == 0:
            del events[index]
        elif fault == 1 and index + 1 < len(events):
            events[index], events[index + 1] = events[index + 1], event
        elif fault == 2:
            events.insert(rng.randrange(len(events) + 1), event)
        elif fault == 3:
            events.insert(rng.randrange(len(events)), events.pop(index))
        elif fault == 4 and getattr(event, "player", None):
            events[index] = replace(event, player=rng.choice(players))
        elif fault == 5 and (hasattr(event, "amount") or hasattr(event, "to")):
            events[index] = _change_amount(event, rng)
        elif fault == 6 and hasattr(event, "street"):
            events[index] = replace(event, street=rng.choice(list(ev.Street)))
    if rng.random() < 0.05:
        return replace(hand, events=tuple(events), structure=rng.choice(("limit", "pot-limit", "no-limit")))
    return replace(hand, events=tuple(events))


def test_mutated_hands_of_every_variant_never_raise() -> None:
    rng = Random(20240611)
    replayed = 0
    for variant in VARIANTS:
        players = 8 if variant != "descubierto" else 5
        setup = Setup(game=variant, seed=11, players=players, short_stacks=True, fmt="studbook")
        for played in Simulator(setup).hands(HANDS):
            for _ in range(MUTANTS):
                hand = _mutate(played.hand, rng)
                try:
                    replay(hand)
                except Exception as error:  # name the broken hand that crashed
                    raise AssertionError(
                        f"{variant} hand {hand.hand_id}: {error!r}\n{hand.events}"
                    ) from error
                replayed += 1
    assert replayed == len(VARIANTS) * HANDS * MUTANTS


# B's third-street deal is logged twice: counted twice, his three diamonds looked like a flush the
# evaluator could not rank, and naming his shown hand raised IndexError.
TWICE_DEALT = """
stud 10/20 ante=1 bi=3
seats A:100 B:100 C:100
antes
street 3
deal B Ad Kd / Qd
deal B Ad Kd / Qd
doors A:2c C:Kh
A bi 3
B call 3
C call 3
street 4
ups B:7d C:9c
C check
B check
street 5
ups B:2h C:3c
C check
B check
street 6
ups B:4s C:5c
C check
B check
street 7
deal B 8c
C check
B check
show C Qs Jc Kh 9c 3c 5c 6h
show B Ad Kd Qd 7d 2h 4s 8c
collect C 31
"""


def test_a_deal_logged_twice_is_a_duplicate_card_and_the_shown_hand_is_named() -> None:
    result = replay(build(TWICE_DEALT))
    repeated = TWICE_DEALT.strip("\n").splitlines().index("deal B Ad Kd / Qd") + 2  # its second line
    assert [(v.code, v.rule) for v in result.violations if v.line == repeated] == [
        ("duplicate-card", "C1"),
        ("duplicate-card", "C1"),
        ("duplicate-card", "C1"),
    ]
    seat = next(s for s in result.seats if s.player == "B")
    assert seat.high_name == "high card Ace"


def test_audit_rules_on_a_deal_logged_twice(tmp_path: Path) -> None:
    """The same fault in a studbook log: ``audit`` prints its ruling and exits 1, no traceback."""
    log = tmp_path / "twice.txt"
    log.write_text(
        "studbook hand 1 · stud · limit 10/20 · ante 1 · bring-in 3\n"
        "seat 1: A 100\nseat 2: B 100\n"
        "A antes 1\nB antes 1\n"
        "*** 3rd street ***\nA: [Ad Kd] Qd\nA: [Ad Kd] Qd\nB: 2c\n"
        "B brings in 3\nA calls 3\n"
        "*** 4th street ***\nA: 7d\nB: 9c\nA checks\nB checks\n"
        "*** 5th street ***\nA: 2h\nB: 3c\nA checks\nB checks\n"
        "*** 6th street ***\nA: 4s\nB: 5c\nA checks\nB checks\n"
        "*** 7th street ***\nA: [8c]\nA checks\nB checks\n"
        "A shows [Ad Kd Qd 7d 2h 4s 8c]\nB shows [Qs Jc 2c 9c 3c 5c 6h]\n"
    )
    result = CliRunner().invoke(app, ["audit", str(log)])
    assert result.exception is None or isinstance(result.exception, SystemExit), result.output
    assert result.exit_code == 1
    assert "duplicate-card" in result.output and "Ruling" in result.output
    assert "1 hands audited: 1 with errors, 0 with warnings only, 0 unreadable" in result.output


# A header with stakes of 0/0 (a broken log): a limit raise then has no legal total at all, and
# judging the short all-in raise on line 7 took the max of nothing (ValueError).
ZERO_STAKES = """
stud 0/0
seats A:100 B:200
street 3
doors A:2c B:Kh
A bi 0
B bet 40
A raise 100!
B call 60
"""


def test_a_short_all_in_raise_under_zero_stakes_is_a_raise_amount() -> None:
    result = replay(build(ZERO_STAKES))
    assert [v.code for v in result.violations if v.line == 7] == ["raise-amount"]
