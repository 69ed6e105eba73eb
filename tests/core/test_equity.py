"""studbook/equity.py and `studbook equity` against an independent computation
(tests/helpers/equity_oracle.py).

Spots are dealt at random (seeded): each player gets the cards of some street, and enough dead cards
leave the deck small where every arrangement is to be counted by the slow oracle.
"""

from __future__ import annotations

import json
import math
import re
from random import Random

import pytest
from helpers.equity_oracle import POKERKIT_HANDS
from helpers.equity_oracle import brute_force
from helpers.equity_oracle import pokerkit_sampled
from typer.testing import CliRunner

from studbook.cards import ALL_CARDS
from studbook.cards import Card
from studbook.cards import parse_cards
from studbook.cli import app
from studbook.equity import EquityError
from studbook.equity import Holding
from studbook.equity import equities
from studbook.equity import parse_holding
from studbook.rules.house import Rules
from studbook.rules.house import deck
from studbook.rules.house import rules_for
from studbook.rules.variants import VARIANTS

runner = CliRunner()


def _spot(game: str, seed: int, players: int, held: int, dead: int,
          rules: Rules | None = None) -> tuple[list[Holding], list[Card]]:
    """``players`` holdings of ``held`` cards each (the first down, the rest up, as dealt), and ``dead``
    cards."""
    cards = sorted(deck(rules or Rules()))
    Random(seed).shuffle(cards)
    downs = VARIANTS[game].streets[0].down
    holdings = []
    for player in range(players):
        own = tuple(cards[player * held:(player + 1) * held])
        holdings.append(Holding(own[:downs], own[downs:]))
    return holdings, cards[players * held:players * held + dead]


# (game, players, cards held, dead cards): few enough arrangements for the oracle's brute force.
EXACT_SPOTS = [("stud", 2, 6, 0), ("stud", 3, 6, 20), ("stud", 2, 5, 32), ("stud8", 2, 6, 0),
               ("stud8", 3, 6, 20), ("stud8", 2, 5, 32), ("razz", 2, 6, 0), ("razz", 3, 6, 18),
               ("razz27", 2, 6, 0), ("razz27", 2, 5, 32), ("stud5", 2, 4, 0), ("stud5", 2, 3, 36),
               ("descubierto", 2, 4, 0), ("descubierto", 2, 3, 16)]


@pytest.mark.parametrize(("game", "players", "held", "dead"), EXACT_SPOTS)
def test_exact_equities_match_a_brute_force_over_every_deal(game: str, players: int, held: int,
                                                            dead: int) -> None:
    rules = Rules.parse(["deck_ranks=32"]) if game == "descubierto" else None
    for seed in range(2):
        holdings, dead_cards = _spot(game, seed, players, held, dead, rules)
        result = equities(VARIANTS[game], holdings, dead_cards, rules_for(VARIANTS[game], None, user=rules))
        assert result.method == "exact"
        expected = brute_force(game, [h.cards for h in holdings], dead_cards, rules)
        assert [hand.equity for hand in result.hands] == pytest.approx(list(map(float, expected)), abs=1e-12)
        assert math.fsum(hand.equity for hand in result.hands) == pytest.approx(1.0)


@pytest.mark.parametrize("game", sorted(POKERKIT_HANDS))
def test_sampled_third_street_agrees_with_pokerkit_calculate_equities(game: str) -> None:
    """Third-street all-ins are far too many deals to count: both sides sample, and must agree within
    four standard errors of the difference (pokerkit's bounded by a share's largest spread, 1/2)."""
    samples = 400
    holdings, dead = _spot(game, 7, 3, 2 if game in ("stud5",) else 3, 4)
    ours = equities(VARIANTS[game], holdings, dead, samples=4000)
    assert ours.method == "sampled" and ours.samples == 4000
    theirs = pokerkit_sampled(game, [h.cards for h in holdings], dead, samples, seed=3)
    for hand, other in zip(ours.hands, theirs, strict=True):
        assert 0 < hand.std_error < 0.01
        assert abs(hand.equity - other) <= 4 * math.hypot(hand.std_error, 0.5 / math.sqrt(samples))


@pytest.mark.parametrize("game", sorted(VARIANTS))
def test_exact_and_sampled_answers_agree_within_the_stated_error(game: str) -> None:
    user = Rules.parse(["deck_ranks=32"] if game == "descubierto" else [])
    rules = rules_for(VARIANTS[game], None, user=user)
    held = VARIANTS[game].cards_per_player - 2  # two cards each to come, from a deck thinned by dead cards
    holdings, dead = _spot(game, 11, 2, held, 8 if game == "descubierto" else 16, rules)
    exact = equities(VARIANTS[game], holdings, dead, rules)
    sampled = equities(VARIANTS[game], holdings, dead, rules, exact_limit=0, samples=3000, seed=5)
    assert (exact.method, sampled.method) == ("exact", "sampled")
    for precise, drawn in zip(exact.hands, sampled.hands, strict=True):
        assert precise.std_error == 0
        assert abs(precise.equity - drawn.equity) <= 4 * drawn.std_error + 1e-12
    again = equities(VARIANTS[game], holdings, dead, rules, exact_limit=0, samples=3000, seed=5)
    assert again == sampled  # a fixed seed: the same answer every time


def test_complete_hands_get_their_showdown_share() -> None:
    """Nothing to come: one deal, the showdown itself (a river all-in's equity is its result)."""
    hands = [parse_holding("[As Ah 9c] Kc Kd 7s Qd"), parse_holding("[8c 6d 2c] 4h 3s Jd Jh"),
             parse_holding("[8d 6c 2d] 4s 3h Qc Qs")]
    result = equities(VARIANTS["stud8"], hands)
    assert (result.method, result.samples) == ("exact", 1)
    assert [hand.equity for hand in result.hands] == [0.5, 0.25, 0.25]
    assert [hand.outcomes for hand in result.hands] == [
        {"scoop": 0, "high": 1, "low": 0, "split": 0}, {"scoop": 0, "high": 0, "low": 0, "split": 1},
        {"scoop": 0, "high": 0, "low": 0, "split": 1}]


def test_stud8_outcomes_add_up_to_the_equity() -> None:
    hands = [parse_holding("[As 2s] 3d 4c 9h Kd"), parse_holding("[Kh Ks] 7d 7c 5h 6s")]
    result = equities(VARIANTS["stud8"], hands)
    for hand in result.hands:
        parts = hand.outcomes
        assert hand.equity >= parts["scoop"] + 0.5 * (parts["high"] + parts["low"])
        assert hand.equity <= parts["scoop"] + 0.5 * (parts["high"] + parts["low"]) + 0.75 * parts["split"]
    # Only the first hand can make a low: with one of the 12 cards left that pair none of A-2-3-4 up to 8.
    assert result.hands[0].outcomes["low"] + result.hands[0].outcomes["scoop"] == pytest.approx(12 / 40)
    assert result.hands[1].outcomes["low"] == 0


@pytest.mark.parametrize(("hands", "dead", "message"), [
    (["[Ah Kd] Qs", "[Ah 2c] 3c"], "", "Ah appears twice: in hand 1 and in hand 2"),
    (["[Ah Kd] Qs", "[3h 2c] 3c"], "Qs", "Qs appears twice: in hand 1 and in the dead cards"),
    (["[Ah Kd 2d 3d] Qs", "[3h 2c] 3c"], "", "hand 1 ([Ah Kd 2d 3d] Qs) has 4 down and 1 up cards"),
    (["[Ah Kd] Qs 2s 3s 4s 5s", "[3h 2c] 3c"], "", "has 2 down and 5 up cards; stud deals 3 down and 4 up"),
    (["[Ah Kd] Qs"], "", "equity needs two hands or more"),
])
def test_bad_questions_are_refused(hands: list[str], dead: str, message: str) -> None:
    with pytest.raises(EquityError, match=re.escape(message)):
        equities(VARIANTS["stud"], [parse_holding(text) for text in hands], parse_cards(dead))


def test_impossible_deal_and_cards_outside_a_stripped_deck() -> None:
    rules = rules_for(VARIANTS["descubierto"], None, user=Rules.parse(["deck_ranks=32"]))
    holdings = [parse_holding(f"[{rank}s] {rank}d") for rank in "AKQJT987"]
    with pytest.raises(EquityError, match="impossible deal: the hands need 24 more cards and only 16 are"):
        equities(VARIANTS["descubierto"], holdings, rules=rules)
    with pytest.raises(EquityError, match=r"2c \(hand 2\) is not in the 32-card deck"):
        equities(VARIANTS["descubierto"], [parse_holding("[As] Kd"), parse_holding("[2c] Kc")], rules=rules)


def test_cli_prints_each_share_and_the_method() -> None:
    result = runner.invoke(app, ["equity", "--game", "stud", "[Ah As] Kd Qc Jh 2s", "[Kc Ks] Qh 7c 7d 3s"])
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    assert lines[0] == "stud: exact, every one of 1,560 deals counted"
    assert lines[2].startswith("#1  [Ah As] Kd Qc Jh 2s") and "34.68%" in lines[2]
    assert lines[3].startswith("#2  [Kc Ks] Qh 7c 7d 3s") and "65.32%" in lines[3]


def test_cli_json_is_the_documented_object() -> None:
    result = runner.invoke(app, ["equity", "-g", "stud8", "[As 2s] 3d", "[Kh Kd] Ks", "--dead", "4h 5c",
                                 "--json", "--samples", "1000"])
    assert result.exit_code == 0, result.output
    answer = json.loads(result.output)
    assert (answer["method"], answer["samples"], answer["seed"]) == ("sampled", 1000, 0)
    assert [hand["cards"] for hand in answer["hands"]] == ["[As 2s] 3d", "[Kh Kd] Ks"]
    assert math.fsum(hand["equity"] for hand in answer["hands"]) == pytest.approx(1.0)
    assert set(answer["hands"][0]) == {"cards", "equity", "std_error", "scoop", "high", "low", "split"}
    direct = equities(VARIANTS["stud8"], [parse_holding("[As 2s] 3d"), parse_holding("[Kh Kd] Ks")],
                      parse_cards("4h 5c"), samples=1000)
    assert [hand["equity"] for hand in answer["hands"]] == [hand.equity for hand in direct.hands]


def test_cli_descubierto_deck_option() -> None:
    result = runner.invoke(app, ["equity", "-g", "descubierto", "--deck", "32", "[As] Kd 7c", "[Qs] Qd 8c"])
    assert result.exit_code == 0, result.output
    assert "exact" in result.output.splitlines()[0]


@pytest.mark.parametrize("args", [
    ["equity", "[Ah Kd] Qs", "[Ah 2c] 3c"],
    ["equity", "[Ah Kd Qs", "[3h 2c] 3c"],
    ["equity", "[Ah Kd] Xx", "[3h 2c] 3c"],
    ["equity", "-g", "omaha", "[Ah Kd] Qs", "[3h 2c] 3c"],
    ["equity", "-g", "descubierto", "--deck", "32", "[2h] Kd", "[3h] Qc"],
    ["equity", "--deck", "33", "[Ah Kd] Qs", "[3h 2c] 3c"],
])
def test_cli_errors_are_one_line_without_traceback(args: list[str]) -> None:
    result = runner.invoke(app, args)
    assert result.exit_code == 2, result.output
    assert "Traceback" not in result.output
    assert not isinstance(result.exception, ValueError | KeyError)


def test_every_card_of_the_deck_is_dealt_evenly() -> None:
    """A lone unknown card against nothing: each card left comes once in the exact count."""
    left = len(ALL_CARDS) - 13
    hands = [parse_holding("[2c 3c] 4c 5c 6c 7c"), parse_holding("[2d 3d] 4d 5d 6d 7d")]
    result = equities(VARIANTS["stud"], hands, parse_cards("Ah"))
    assert result.samples == left * (left - 1)
