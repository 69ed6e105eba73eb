"""Pots and awards: layering (C22), hi/lo halves (H8-H10), odd chips (C29, C30)."""

from __future__ import annotations

from functools import partial

import pytest
from hypothesis import given
from hypothesis import strategies as st

from studbook.cards import parse_cards
from studbook.rules.evaluate import descubierto_high
from studbook.rules.evaluate import high
from studbook.rules.evaluate import low8
from studbook.rules.evaluate import low_a5
from studbook.rules.pots import Pot
from studbook.rules.pots import PotResult
from studbook.rules.pots import award_pots
from studbook.rules.pots import build_pots

HILO = (high, low8)


def paid(results: list[PotResult]) -> list[tuple[str, int, str | None]]:
    return [(w.player, w.amount, w.half) for result in results for w in result.winners]


def test_layers_with_several_all_ins_and_folded_chips() -> None:
    contributions = {"A": 30, "B": 80, "C": 150, "D": 150, "E": 100, "F": 10}
    pots = build_pots(contributions, {"A", "B", "C", "D"})
    assert pots == [
        Pot(160, ("A", "B", "C", "D")),  # 4 x 30 + E's 30 + F's ante 10
        Pot(200, ("B", "C", "D")),  # 3 x 50 + E's 50
        Pot(160, ("C", "D")),  # 2 x 70 + E's last 20
    ]


def test_equal_all_ins_make_one_layer() -> None:
    pots = build_pots({"A": 40, "B": 40, "C": 100, "D": 100, "E": 5}, {"A", "B", "C", "D"})
    assert pots == [Pot(165, ("A", "B", "C", "D")), Pot(120, ("C", "D"))]


def test_single_live_player_and_edge_cases() -> None:
    assert build_pots({"A": 10, "B": 30, "C": 10}, {"B"}) == [Pot(50, ("B",))]
    # Folded chips above every live total (a log without its uncalled return) land in the last pot.
    assert build_pots({"A": 20, "B": 50, "C": 20}, {"A", "C"}) == [Pot(90, ("A", "C"))]
    assert build_pots({"A": 0, "B": 0}, {"A", "B"}) == [Pot(0, ("A", "B"))]
    assert build_pots({"A": 0, "B": 0, "C": 5}, {"A", "B"}) == [Pot(5, ("A", "B"))]
    with pytest.raises(ValueError):
        build_pots({"A": 10}, set())


@given(st.dictionaries(st.sampled_from("ABCDEFGH"), st.integers(0, 500), min_size=1), st.data())
def test_layers_conserve_chips_and_cap_winnings(contributions: dict[str, int], data: st.DataObject) -> None:
    live = data.draw(st.sets(st.sampled_from(sorted(contributions)), min_size=1))
    pots = build_pots(contributions, live)
    assert sum(pot.amount for pot in pots) == sum(contributions.values())
    for earlier, later in zip(pots, pots[1:], strict=False):
        assert set(later.eligible) < set(earlier.eligible)
    top = max(contributions[p] for p in live)
    for player in live:
        reachable = sum(pot.amount for pot in pots if player in pot.eligible)
        if contributions[player] < top:  # C21: nobody wins more from an opponent than he put in himself
            assert reachable == sum(min(total, contributions[player]) for total in contributions.values())
        else:
            assert reachable == sum(contributions.values())


# H10 / V6: A has the best high, B and C tie for low with 8-6-4-3-2.
SHOWN = {
    "A": parse_cards("As Ah Kc Kd 7s 9c Qd"),
    "B": parse_cards("8c 6d 4h 3s 2c Jd Jh"),
    "C": parse_cards("8d 6c 4s 3h 2d Qc Qs"),
}


@pytest.mark.parametrize(("amount", "b", "c"), [(100, 25, 25), (101, 25, 25), (103, 26, 25)])
def test_quartering(amount: int, b: int, c: int) -> None:
    results = award_pots([Pot(amount, ("A", "B", "C"))], SHOWN, "ABC", HILO)
    assert paid(results) == [("A", amount - b - c, "hi"), ("B", b, "lo"), ("C", c, "lo")]
    assert results[0].reason == "showdown"
    assert [w.hand_name for w in results[0].winners] == ["two pair, Aces and Kings", "8,6,4,3,2", "8,6,4,3,2"]


@pytest.mark.parametrize(("rule", "odd"), [
    ("position", "C"),  # C is first clockwise from the dealer in this order
    ("suit_high_best5", "C"),  # top card of the low: 8d beats 8c
    ("suit_all_cards", "B"),  # lowest card of a low hand: 2c is below 2d
])
def test_odd_chip_in_a_tied_low_half(rule: str, odd: str) -> None:
    results = award_pots([Pot(103, ("A", "B", "C"))], SHOWN, "ACB", HILO, odd_chip_rule=rule)
    lows = {player: amount for player, amount, half in paid(results) if half == "lo"}
    assert lows == {"B": 26 if odd == "B" else 25, "C": 26 if odd == "C" else 25}


@pytest.mark.parametrize(("rule", "odd"), [
    ("position", "P"),
    ("suit_high_best5", "Q"),  # the straights' top cards: 9d beats 9c
    ("suit_all_cards", "P"),  # every card counts: P's Ks beats Q's Kc
])
def test_odd_chip_in_a_tied_high_pot(rule: str, odd: str) -> None:
    shown = {"P": parse_cards("5c 6d 7h 8s 9c Ks 2c"), "Q": parse_cards("5d 6c 7s 8h 9d Kc 2d")}
    results = award_pots([Pot(51, ("P", "Q"))], shown, "PQ", odd_chip_rule=rule)
    assert {p: a for p, a, _ in paid(results)} == {p: 26 if p == odd else 25 for p in "PQ"}
    assert results[0].winners[0].hand_name == "a straight, Five to Nine"


def test_no_player_gets_two_odd_chips() -> None:
    shown = {"A": parse_cards("As Kd Qh Jc 9s 3d 2c"), "B": parse_cards("Ah Kc Qs Jd 9h 4d 2d"),
             "C": parse_cards("Ad Ks Qc Jh 9d 4c 2h")}
    results = award_pots([Pot(101, ("A", "B", "C"))], shown, "CAB", odd_chip_rule="suit_all_cards")
    assert sorted(paid(results)) == [("A", 34, None), ("B", 34, None), ("C", 33, None)]  # As, Ah, then Ad


def test_smallest_unit() -> None:
    shown = {"P": parse_cards("5c 6d 7h 8s 9c Ks 2c"), "Q": parse_cards("5d 6c 7s 8h 9d Kc 2d")}
    assert paid(award_pots([Pot(105, ("P", "Q"))], shown, "PQ", unit=5)) == [("P", 55, None), ("Q", 50, None)]
    # A pot that is not a whole number of units (rake taken in cents): the rest goes out a unit at a time.
    assert paid(award_pots([Pot(107, ("P", "Q"))], shown, "QP", unit=5)) == [("Q", 55, None), ("P", 52, None)]
    # The odd unit between halves goes to high (H9).
    results = award_pots([Pot(105, ("A", "B"))], SHOWN, "AB", HILO, unit=5)
    assert paid(results) == [("A", 55, "hi"), ("B", 50, "lo")]


def test_no_low_scoops_and_one_player_can_scoop_both_halves() -> None:
    shown = {"A": parse_cards("As Ah Kc Kd 7s 9c Qd"), "B": parse_cards("9d 6d 4h 3s 2c Jd Jh")}
    assert paid(award_pots([Pot(101, ("A", "B"))], shown, "AB", HILO)) == [("A", 101, "hi")]  # V6, H8
    shown = {"A": parse_cards("Ac 2d 3h 4s 5c Kd Kh"), "B": parse_cards("8d 6d 4d 3d 2d Jd Jh")}
    results = award_pots([Pot(101, ("A", "B"))], shown, "AB", HILO)
    assert paid(results) == [("B", 51, "hi"), ("A", 50, "lo")]
    shown["B"] = parse_cards("8d 6c 7h 3d Js Jd Jh")
    assert paid(award_pots([Pot(101, ("A", "B"))], shown, "AB", HILO)) == [("A", 51, "hi"), ("A", 50, "lo")]


def test_side_pots_are_judged_separately() -> None:
    contributions = {"A": 20, "B": 60, "C": 60, "D": 35}
    pots = build_pots(contributions, {"A", "B", "C"})
    shown = {"A": parse_cards("Ac Ad Ah 2c 3d 9s Ts"), "B": parse_cards("Kc Kd 5h 5s 7c 8d Qh"),
             "C": parse_cards("Qc Qd 4h 4s 7d 8h 2h")}
    results = award_pots(pots, shown, "ABCD")
    assert [(r.amount, r.eligible) for r in results] == [(80, ("A", "B", "C")), (95, ("B", "C"))]
    assert paid(results) == [("A", 80, None), ("B", 95, None)]


def test_razz_descubierto_and_who_did_not_show() -> None:
    shown = {"A": parse_cards("7c 5d 4h 3s 2c Kd Kh"), "B": parse_cards("7d 6c 3h 2s Ac Qd Qh")}
    results = award_pots([Pot(60, ("A", "B"))], shown, "AB", (low_a5,))
    assert paid(results) == [("A", 60, None)] and results[0].winners[0].hand_name == "7,5,4,3,2"  # V7
    rule = partial(descubierto_high, deck_size=32)
    shown = {"A": parse_cards("Ac Ad Kh Qs Jc"), "B": parse_cards("Ah Kc Qd Jd Js")}
    results = award_pots([Pot(40, ("A", "B"))], shown, "AB", (rule,))
    assert paid(results) == [("A", 40, None)] and results[0].winners[0].hand_name == "figuras, A-A-K-Q-J"
    # A mucked hand cannot win a contested pot; a lone eligible player needs no cards at all.
    pots = [Pot(50, ("A", "B", "C")), Pot(30, ("C",)), Pot(10, ("D", "E"))]
    results = award_pots(pots, {"A": shown["B"]}, "ABCDE")
    assert [(r.reason, paid([r])) for r in results] == [
        ("showdown", [("A", 50, None)]),
        ("uncontested", [("C", 30, None)]),
        ("no hand shown", []),
    ]


def test_bad_arguments() -> None:
    with pytest.raises(ValueError):
        award_pots([Pot(10, ("A", "B"))], SHOWN, "AB", odd_chip_rule="dealer")
    with pytest.raises(ValueError):
        award_pots([Pot(10, ("A", "B"))], SHOWN, "AB", (high, low8, low_a5))
