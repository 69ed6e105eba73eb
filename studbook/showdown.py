"""Rank hands under a variant's rules: the quick answer to "which hand wins?" at a table.

>>> from studbook.cards import parse_cards
>>> result = rank_hands("descubierto", [parse_cards("Ac Ad Kh Qs Jc"), parse_cards("Ah Kc Qd Jd Js"),
...                                      parse_cards("Qh Qc Tc Td As")])
>>> [(entry.index, entry.names[0]) for entry in result.entries]
[(0, 'figuras, A-A-K-Q-J'), (1, 'figuras, A-K-Q-J-J'), (2, 'two pair, Queens and Tens')]
>>> result.winners
(('high', (0,)),)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from studbook.cards import Card
from studbook.rules import evaluate
from studbook.rules.house import Rules
from studbook.rules.house import rules_for
from studbook.rules.variants import VARIANTS


@dataclass(frozen=True, slots=True)
class RankedHand:
    index: int  # position of the hand in the input
    cards: tuple[Card, ...]
    keys: tuple[int | None, ...]  # one per evaluator; None when no low qualifies
    names: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class ShowdownResult:
    parts: tuple[str, ...]  # the variant's (Variant.parts): "high", "low", or "high" and "low"
    entries: tuple[RankedHand, ...]  # best first by the first part
    winners: tuple[tuple[str, tuple[int, ...]], ...]  # per part, the indexes of the winning hands


def rank_hands(game: str, hands: Sequence[Sequence[Card]], rules: Rules | None = None) -> ShowdownResult:
    """Evaluate every hand with the variant's evaluators and name the winners of each part."""
    variant = VARIANTS[game]
    evaluators = variant.evaluators(rules_for(variant, None, user=rules))
    parts = variant.parts
    entries = []
    for index, cards in enumerate(hands):
        keys = tuple(evaluator(cards) for evaluator in evaluators)
        names = tuple("no low" if key is None else evaluate.describe(key) for key in keys)
        entries.append(RankedHand(index, tuple(cards), keys, names))
    winners = []
    for part_index, part in enumerate(parts):
        keys = [entry.keys[part_index] for entry in entries if entry.keys[part_index] is not None]
        if keys:
            best = max(keys)
            winners.append((part, tuple(e.index for e in entries if e.keys[part_index] == best)))
    ordered = sorted(entries, key=lambda e: (e.keys[0] is not None, e.keys[0] or 0), reverse=True)
    return ShowdownResult(parts, tuple(ordered), tuple(winners))
