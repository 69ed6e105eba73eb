"""How a simulated player decides: a seeded, rough-but-plausible stud strategy.

The rules engine says what is legal (:class:`~studbook.rules.machine.Choices`); this module only
picks among those choices, from a crude hand strength, the player's style and chance. It aims at
the look of real play (folds on third street, completions, raises to the cap, check-raises, bluffs,
all-ins), not at winning.
"""

from __future__ import annotations

from dataclasses import dataclass
from random import Random

from studbook.cards import Card
from studbook.rules.evaluate import high
from studbook.rules.evaluate import low_a5
from studbook.rules.machine import Choices
from studbook.rules.variants import Variant

# (kind for Table.act, amount): the chips a bring-in, call, check (0) or fold (0) puts in; the street
# total a completion, bet or raise reaches.
Decision = tuple[str, int]


@dataclass(frozen=True, slots=True)
class Style:
    """A player's habits: how often he plays on and how often he bets rather than calls."""

    loose: float  # the higher, the weaker the hands he goes on with (above 1: nearly any)
    aggressive: float  # 0..1: the share of strong decisions made as bets and raises

    @classmethod
    def draw(cls, rng: Random, passive_table: bool = False) -> Style:
        """A random style; at a passive table (micro stakes, play chips) nearly everyone just calls,
        so eight players now and then reach seventh street together."""
        if passive_table:
            return cls(loose=rng.uniform(1.0, 1.3), aggressive=rng.uniform(0.0, 0.08))
        return cls(loose=rng.uniform(0.1, 0.7), aggressive=rng.uniform(0.15, 0.75))


def strength(variant: Variant, cards: list[Card]) -> float:
    """0..1, how good ``cards`` look for ``variant``: pairs and high cards, a smooth low, or in a hi/lo
    game the better of the two (a low counts only with enough small cards)."""
    if variant.low_game:
        return _low_strength(cards)
    high_part = _high_strength(cards)
    if variant.hi_lo:
        small = len({card.rank for card in cards if card.rank <= 8 or card.rank == 14})
        low_part = _low_strength(cards) if small >= min(len(cards), 3) else 0.0
        return max(high_part, 0.9 * low_part)
    return high_part


def _high_strength(cards: list[Card]) -> float:
    key = high(cards)
    kind, top = key >> 20 & 15, key >> 16 & 15
    bonus = 0.35 if len(cards) <= 4 else 0.0  # a pair is worth more early
    return min(1.0, (kind + top / 15) / 3.2 + bonus * (kind == 1))


def _low_strength(cards: list[Card]) -> float:
    value = -low_a5(cards)
    pairs, top = value >> 20 & 15, value >> 16 & 15
    return max(0.0, 1.0 - (top - 1) / 12 - 0.35 * pairs)


class Policy:
    """One decision at a time for whoever the table says is due."""

    def __init__(self, rng: Random) -> None:
        self.rng = rng

    def decide(self, choices: Choices, style: Style, power: float, *, pot: int, big_bet: bool,
               short_bring_in: bool, heads_up: bool) -> Decision:
        """``power`` is :func:`strength` of the player's cards; ``pot`` the chips in the middle, to
        size the bets of a ``big_bet`` (no-limit, pot-limit) game; ``short_bring_in`` when the bet
        faced is a bring-in all-in for less than the full bring-in: the others then complete or
        fold, since a log without the bring-in amount could not tell a call of the full one."""
        rng = self.rng
        power = min(1.0, max(0.0, power + rng.gauss(0.0, 0.12)))
        aggressive = choices.aggressive
        if choices.bring_in:
            if aggressive and power > 0.75 and rng.random() < style.aggressive:
                return self.raise_to(choices, pot, big_bet)
            return "bring-in", choices.bring_in
        strong = power > 0.62 - 0.15 * style.aggressive
        wants_raise = aggressive and strong and rng.random() < style.aggressive
        if choices.call:
            if short_bring_in:
                return self.raise_to(choices, pot, big_bet) if aggressive and power > 0.3 else ("fold", 0)
            bluff = aggressive and rng.random() < 0.04 * style.aggressive
            if wants_raise or bluff:
                return self.raise_to(choices, pot, big_bet)
            price = choices.call / max(pot + choices.call, 1)
            threshold = 0.55 - 0.45 * style.loose + 0.6 * price - (0.15 if heads_up else 0.0)
            if power < threshold and choices.fold:
                return "fold", 0
            return "call", choices.call
        if wants_raise or (aggressive and rng.random() < 0.06 * style.aggressive):  # a bet, or a bluff
            return self.raise_to(choices, pot, big_bet)
        if choices.check:
            return "check", 0
        if aggressive:  # a forced opener (F2 highcard_forced) must bet
            return self.raise_to(choices, pot, big_bet)
        return "fold", 0

    def raise_to(self, choices: Choices, pot: int, big_bet: bool) -> Decision:
        """A completion, bet or raise: the usual size in limit (sometimes the big one of an open
        pair), a share of the pot in no-limit, all-in when that is all the player has."""
        kind, totals = choices.aggressive, choices.totals
        assert kind is not None
        if big_bet:
            least, most = totals
            target = least + int(self.rng.uniform(0.3, 1.1) * pot)
            if self.rng.random() < 0.05:
                target = most  # a shove
            return kind, max(least, min(most, target))
        if len(totals) > 1 and self.rng.random() < 0.4:
            return kind, totals[1]  # the big bet of an open pair, or all-in for less
        return kind, totals[0]
