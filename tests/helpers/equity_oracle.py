"""An equity oracle for the tests, built apart from studbook/equity.py.

:func:`brute_force` deals every ordered arrangement of the cards left (itertools.permutations) and
ranks the hands with pokerkit's evaluators, or, for descubierto (which pokerkit lacks), with
``studbook.showdown.rank_hands``; shares are exact Fractions, split as a showdown splits: each part
the variant has goes to its best qualifying hands, equal hands sharing, and a part nobody qualifies
for goes to the others. :func:`pokerkit_sampled` asks pokerkit's own ``calculate_equities``, which
deals the cards each player still lacks just as stud does (``hole_dealing_count`` = the full hand,
no board).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from fractions import Fraction
from functools import cache
from itertools import permutations

from pokerkit import Card as PkCard
from pokerkit import EightOrBetterLowHand
from pokerkit import RegularLowHand
from pokerkit import StandardHighHand
from pokerkit import StandardLowHand
from pokerkit import calculate_equities

from studbook.cards import ALL_CARDS
from studbook.cards import Card
from studbook.rules.house import Rules
from studbook.rules.house import deck
from studbook.rules.house import rules_for
from studbook.rules.variants import VARIANTS
from studbook.showdown import rank_hands

POKERKIT_HANDS = {
    "stud": (StandardHighHand,),
    "stud8": (StandardHighHand, EightOrBetterLowHand),
    "razz": (RegularLowHand,),
    "razz27": (StandardLowHand,),
    "stud5": (StandardHighHand,),
}


def pk_cards(cards: Sequence[Card]) -> tuple[PkCard, ...]:
    return tuple(PkCard.parse("".join(map(str, cards))))


@cache
def _pokerkit_hand(hand_type: type, cards: tuple[Card, ...]):
    return hand_type.from_game_or_none(pk_cards(cards))


def _winners_pokerkit(game: str, hands: list[tuple[Card, ...]]) -> list[list[int]]:
    parts = []
    for hand_type in POKERKIT_HANDS[game]:
        ranked = [_pokerkit_hand(hand_type, tuple(sorted(cards))) for cards in hands]
        qualified = [hand for hand in ranked if hand is not None]
        if qualified:
            best = max(qualified)
            parts.append([index for index, hand in enumerate(ranked) if hand is not None and hand == best])
    return parts


def _winners_showdown(game: str, hands: list[tuple[Card, ...]], rules: Rules | None) -> list[list[int]]:
    return [list(indexes) for _, indexes in rank_hands(game, hands, rules).winners]


def brute_force(game: str, known: Sequence[Sequence[Card]], dead: Sequence[Card] = (),
                rules: Rules | None = None) -> list[Fraction]:
    """Each player's exact share over every arrangement of the cards left."""
    variant = VARIANTS[game]
    cards = deck(rules_for(variant, None, user=rules))
    taken = {card for hand in known for card in hand} | set(dead)
    left = [card for card in ALL_CARDS if card in cards and card not in taken]
    needs = [variant.cards_per_player - len(hand) for hand in known]
    totals = [Fraction(0)] * len(known)
    deals = 0
    for drawn in permutations(left, sum(needs)):
        hands, start = [], 0
        for hand, need in zip(known, needs, strict=True):
            hands.append((*hand, *drawn[start:start + need]))
            start += need
        parts = (_winners_pokerkit(game, hands) if game in POKERKIT_HANDS
                 else _winners_showdown(game, hands, rules))
        for winners in parts:
            for index in winners:
                totals[index] += Fraction(1, len(parts) * len(winners))
        deals += 1
    return [total / deals for total in totals]


def pokerkit_sampled(game: str, known: Sequence[Sequence[Card]], dead: Sequence[Card], samples: int,
                     seed: int) -> list[float]:
    """pokerkit's own Monte Carlo answer (its ``random`` seeded with ``seed``), without the dead cards."""
    random.seed(seed)
    full = VARIANTS[game].cards_per_player
    ranges = [(pk_cards(hand),) for hand in known]
    cards = pk_cards([card for card in ALL_CARDS if card not in set(dead)])
    return calculate_equities(ranges, (), full, 0, cards, POKERKIT_HANDS[game], sample_count=samples)
