"""Decision EV (studbook/decisions.py) on hands built by hand, against values worked out apart from the
equity engine: counted by hand, by the brute-force oracle (pokerkit's evaluators), or pokerkit's own Monte
Carlo within its error."""

from __future__ import annotations

import math
from fractions import Fraction

import pytest
from helpers.decision_hands import QUADS
from helpers.equity_oracle import brute_force
from helpers.equity_oracle import pokerkit_sampled
from helpers.handscript import build

from studbook.decisions import decisions
from studbook.decisions import value_decision
from studbook.equity import parse_holding
from studbook.replay import replay
from studbook.rules.variants import VARIANTS


def _by_seq(script: str) -> dict[int, object]:
    return {decision.seq: decision for decision in decisions(replay(build(script.format(hand_id="q"))))}


def test_sixth_street_values_are_the_ones_counted_by_hand() -> None:
    """B wins only with 6h, one of 38 unseen cards (C's folded 7s 8s are out): A's bet and B's call."""
    found = decisions(replay(build(QUADS.format(hand_id="q"))))
    sixth = {decision.player: decision for decision in found if decision.street == 6}
    bet, call = sixth["A"], sixth["B"]
    assert (bet.action, bet.amount, bet.pot_before, bet.pot_after, bet.to_call) == ("bet", 20, 90, 110, 0)
    assert (call.action, call.amount, call.pot_before, call.pot_after, call.to_call) == \
        ("call", 20, 110, 130, 20)
    assert [str(card) for card in call.dead] == ["7s", "8s"]
    assert call.value.method == "exact" and call.value.samples == 38 * 37
    assert call.value.equity == pytest.approx(1 / 38, abs=1e-12)
    assert call.value.ev == pytest.approx(130 / 38 - 20, abs=1e-9)
    assert bet.value.equity == pytest.approx(37 / 38, abs=1e-12)
    assert bet.value.ev == pytest.approx(37 * 110 / 38 - 20, abs=1e-9)
    assert (bet.best, call.best) == ("raise", "fold")


def test_the_folded_cards_are_out_of_the_deck() -> None:
    """The same spot with C's up cards back in the deck: 40 unseen cards, B's equity 1/40."""
    found = decisions(replay(build(QUADS.format(hand_id="q"))))
    spot = next(d for d in found if d.street == 6 and d.player == "B")
    value = value_decision(VARIANTS["stud"], spot.holding, [held for _, held in spot.opponents], (), None,
                           "call", 20, 110, 20)
    assert value.equity == pytest.approx(1 / 40, abs=1e-12)


def test_a_fold_is_the_call_it_gave_up_turned_round() -> None:
    """B folds on 7th street facing 20 with no chance: the fold saved the 20 the call would have lost."""
    fold = next(d for d in decisions(replay(build(QUADS.format(hand_id="q")))) if d.action == "fold")
    assert (fold.street, fold.to_call, fold.pot_before, fold.value.equity) == (7, 20, 150, 0.0)
    assert fold.value.ev == 20.0 and fold.best == "fold" and fold.choice == "fold"
    call = value_decision(VARIANTS["stud"], fold.holding, [held for _, held in fold.opponents], fold.dead,
                          None, "call", 20, 150, 20)
    assert call.ev == -fold.value.ev


def test_only_known_hands_are_valued_and_the_bring_in_is_not() -> None:
    """C's cards are never known and the bring-in is forced: neither is a decision."""
    found = decisions(replay(build(QUADS.format(hand_id="q"))))
    assert {d.player for d in found} == {"A", "B"}
    assert "bring-in" not in {d.action for d in found}
    assert [d.seq for d in found] == sorted(d.seq for d in found)


def test_exact_equity_agrees_with_a_brute_force_over_every_deal() -> None:
    """5th street, heads-up, both hands known and a dead card: the oracle's exact fractions."""
    me, him = parse_holding("[7c 7d] Ks Qh 2c"), parse_holding("[Jh Js] 9s 8s 3d")
    dead = parse_holding("Kc Td").cards
    value = value_decision(VARIANTS["stud"], parse_holding("[7c 7d] Ks Qh 2c 5h"),
                           [parse_holding("[Jh Js] 9s 8s 3d 4c")], dead, None, "call", 20, 100, 20)
    expected = brute_force("stud", [(*me.cards, parse_holding("5h").cards[0]),
                                    (*him.cards, parse_holding("4c").cards[0])], dead)
    assert value.method == "exact"
    assert Fraction(value.equity).limit_denominator(10_000) == expected[0]
    assert value.ev == pytest.approx(float(expected[0]) * 120 - 20)


def test_sampled_equity_agrees_with_pokerkit_within_its_error() -> None:
    """3rd street against two hands known and one unknown hand's up card: pokerkit's Monte Carlo."""
    me, known, door = parse_holding("[Ah Kh] Qh"), parse_holding("[9c 9d] 2s"), parse_holding("Jc")
    value = value_decision(VARIANTS["stud"], me, [known, door], (), None, "call", 10, 30, 10, seed=5,
                           samples=3000)
    assert value.method == "sampled"
    theirs = pokerkit_sampled("stud", [me.cards, known.cards, door.cards], (), 3000, seed=7)
    error = math.hypot(value.std_error / 40, 0.5 / math.sqrt(3000))
    assert abs(value.equity - theirs[0]) < 4 * error


def test_stud8_halves_and_scoop_against_the_oracle() -> None:
    """A wheel draw against trips: each half's share and the scoops, exactly."""
    me, him = parse_holding("[As 2d] 3s 4s 9h Kd"), parse_holding("[Th Tc] Ts 8c Qd 6h")
    value = value_decision(VARIANTS["stud8"], me, [him], (), None, "call", 20, 100, 20)
    assert value.method == "exact"
    expected = brute_force("stud8", [me.cards, him.cards])
    assert value.equity == pytest.approx(float(expected[0]), abs=1e-12)
    assert value.equity == pytest.approx((value.equity_hi + value.equity_lo) / 2, abs=1e-12)
    assert 0 < value.scoop <= value.equity_hi
    assert value.equity_lo > value.equity_hi


def test_stud8_with_no_low_possible_is_the_high_hand_game() -> None:
    """Both hands hold three cards above eight: no low can qualify, so each low half goes to the high hand
    (H8) and the stud8 equity is the stud equity, both halves equal, every win a scoop."""
    me, him = parse_holding("[Kh Kd] Qs Js 9c 2d"), parse_holding("[Ah Th] Tc Ts 3c 4d")
    value = value_decision(VARIANTS["stud8"], me, [him], (), None, "call", 20, 100, 20)
    high = brute_force("stud", [me.cards, him.cards])
    assert value.equity == pytest.approx(float(high[0]), abs=1e-12)
    assert value.equity_hi == pytest.approx(value.equity_lo, abs=1e-12)
    assert value.scoop == pytest.approx(value.equity, abs=1e-12)
    assert value.ev == pytest.approx(float(high[0]) * 120 - 20)


def test_stud8_where_lows_qualify_agrees_with_pokerkit() -> None:
    me, him = parse_holding("[As 2d] 3s"), parse_holding("[Kh Kd] Ks")
    value = value_decision(VARIANTS["stud8"], me, [him], (), None, "call", 10, 30, 10, samples=3000)
    theirs = pokerkit_sampled("stud8", [me.cards, him.cards], (), 3000, seed=11)
    error = math.hypot(value.std_error / 40, 0.5 / math.sqrt(3000))
    assert abs(value.equity - theirs[0]) < 4 * error


def test_same_hand_same_values() -> None:
    """The Monte Carlo is seeded by the hand and the action: a second pass gives the same numbers."""
    first = [d.value for d in decisions(replay(build(QUADS.format(hand_id="q"))))]
    again = [d.value for d in decisions(replay(build(QUADS.format(hand_id="q"))))]
    assert first == again and any(value.method == "sampled" for value in first)


def test_no_decision_from_a_community_card_on() -> None:
    """The seventh-street card dealt to all (rule S10): the streets before it are valued, not that one."""
    script = QUADS.replace("street 7\ndeal A 2c /\n", "street 7 2c\n")
    found = decisions(replay(build(script.format(hand_id="q"))))
    assert {d.street for d in found} == {3, 4, 5, 6}
