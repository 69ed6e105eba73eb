"""Stud equity: each player's expected share of a pot, dealing the cards still to come under the variant.

Every player ends with the variant's full hand (seven cards, five in the five-card games); what a
player is not known to hold is dealt from the cards nobody is known to hold (the deck less every
known and dead card). Each deal's pot goes as a showdown would split it: the best hand by each of the
variant's evaluators (:mod:`studbook.rules.evaluate`), equal hands sharing, and in stud8 a half no low
qualifies for going to the high hand (H8). A player's equity is the mean share over the deals.

When the deals are few enough (:data:`EXACT_LIMIT`) every one is counted ("exact"); otherwise
``samples`` deals are drawn from a seeded generator ("sampled"), so the same question always gets the
same answer, with the standard error of each equity.

>>> from studbook.rules.variants import VARIANTS
>>> result = equities(VARIANTS["stud"], [parse_holding("[Ah As] Kd Qc Jh 2s"),
...                                      parse_holding("[Kc Ks] Qh 7c 7d 3s")])
>>> result.method, result.samples, [round(hand.equity, 4) for hand in result.hands]
('exact', 1560, [0.3468, 0.6532])
>>> result = equities(VARIANTS["stud8"], [parse_holding("[As 2s] 3d"), parse_holding("[Kh Kd] Ks")],
...                   samples=2000)
>>> result.method, result.samples, [round(hand.equity, 2) for hand in result.hands]
('sampled', 2000, [0.31, 0.69])
>>> [round(hand.outcomes["low"], 2) for hand in result.hands], round(result.hands[0].std_error, 3)
([0.45, 0.0], 0.007)
"""

from __future__ import annotations

import math
import re
from collections.abc import Iterable
from collections.abc import Sequence
from dataclasses import dataclass
from itertools import combinations
from random import Random
from typing import Final

from studbook.cards import Card
from studbook.cards import CardError
from studbook.cards import format_cards
from studbook.cards import parse_card
from studbook.rules.evaluate import Evaluator
from studbook.rules.house import Rules
from studbook.rules.house import deck
from studbook.rules.house import rules_for
from studbook.rules.variants import Variant

EXACT_LIMIT: Final = 250_000  # deals counted one by one in about a second (4 µs each); more are sampled
DEFAULT_SAMPLES: Final = 4_000  # a standard error of at most 0.8% per equity
DEFAULT_SEED: Final = 0


class EquityError(ValueError):
    """A question with no answer: a repeated card, too many cards, or not enough cards left to deal."""


@dataclass(frozen=True, slots=True)
class Holding:
    """The cards known for one player: down cards (in brackets in a log) and up cards."""

    down: tuple[Card, ...]
    up: tuple[Card, ...]

    @property
    def cards(self) -> tuple[Card, ...]:
        return self.down + self.up

    def __str__(self) -> str:
        down = f"[{format_cards(self.down)}]" if self.down else ""
        return " ".join(part for part in (down, format_cards(self.up)) if part)


_TOKEN = re.compile(r"\[([^\[\]]*)\]|([^\s\[\]]+)|(\S)")


def parse_holding(text: str) -> Holding:
    """``"[Ah Kd] Qs"``: down cards in brackets, up cards bare, as logs write them.

    >>> str(parse_holding("[As 2s] 3d 5c [7h]"))
    '[As 2s 7h] 3d 5c'
    >>> parse_holding("[Ah Kd Qs")
    Traceback (most recent call last):
    ...
    studbook.equity.EquityError: unbalanced brackets in '[Ah Kd Qs'
    """
    down: list[Card] = []
    up: list[Card] = []
    for match in _TOKEN.finditer(text):
        bracketed, bare, stray = match.groups()
        if stray is not None:
            raise EquityError(f"unbalanced brackets in {text!r}")
        try:
            if bracketed is not None:
                down.extend(parse_card(part) for part in bracketed.replace(",", " ").split())
            else:
                up.extend(parse_card(part) for part in bare.split(","))
        except CardError as error:
            raise EquityError(f"{error} in {text!r}") from None
    return Holding(tuple(down), tuple(up))


@dataclass(frozen=True, slots=True)
class HandEquity:
    """One player's expected share of the pot, and how often each outcome came.

    ``outcomes`` are fractions of the deals: ``win`` (the whole pot alone) and ``tie`` (a share) in a
    one-part game; ``scoop``, ``high`` (the high half alone), ``low`` (the low half alone) and
    ``split`` (any other share: ties, quarters) in a hi/lo game.

    ``halves`` (hi/lo games only): the mean share of the high half and of the low half, a low half no
    hand qualifies for counting as won by the high hand it goes to (H8), so ``equity`` is their mean."""

    holding: Holding
    equity: float
    std_error: float  # of ``equity``: 0 when every deal was counted
    outcomes: dict[str, float]
    halves: tuple[float, float] | None = None


@dataclass(frozen=True, slots=True)
class Equities:
    method: str  # "exact": every deal counted; "sampled": ``samples`` deals drawn with ``seed``
    samples: int  # deals counted or drawn
    seed: int | None
    hands: tuple[HandEquity, ...]


def deal_count(left: int, needs: Sequence[int]) -> int:
    """How many different deals give each player ``needs[i]`` of ``left`` cards (a multinomial).

    >>> deal_count(40, [1, 1]), deal_count(46, [4, 4])
    (1560, 18265297050)
    """
    total = 1
    for need in needs:
        total *= math.comb(left, need)
        left -= need
    return total


def _check(variant: Variant, holdings: Sequence[Holding], dead: Sequence[Card],
           cards: frozenset[Card]) -> None:
    """Refuse a repeated card, a card outside the deck, and more cards than the variant deals."""
    downs = sum(spec.down for spec in variant.streets)
    ups = sum(spec.up for spec in variant.streets)
    for number, holding in enumerate(holdings, start=1):
        if len(holding.down) > downs or len(holding.up) > ups:
            raise EquityError(f"hand {number} ({holding}) has {len(holding.down)} down and {len(holding.up)} "
                              f"up cards; {variant.name} deals {downs} down and {ups} up")
    where: dict[Card, str] = {}
    listed = [(card, f"hand {number}") for number, holding in enumerate(holdings, start=1)
              for card in holding.cards] + [(card, "the dead cards") for card in dead]
    for card, place in listed:
        if card not in cards:
            raise EquityError(f"{card} ({place}) is not in the {len(cards)}-card deck")
        if card in where:
            raise EquityError(f"{card} appears twice: in {where[card]} and in {place}")
        where[card] = place


class _Tally:
    """How often each pattern of winners came up: a deal costs one dict update, and the shares,
    outcomes and errors come from the few patterns at the end."""

    def __init__(self, hi_lo: bool) -> None:
        self.hi_lo = hi_lo
        self.patterns: dict[tuple[tuple[bool, ...] | None, ...], int] = {}

    def add(self, columns: Iterable[Sequence[int | None]]) -> None:
        """One deal: per part (evaluator), every player's key (None: no qualifying low)."""
        pattern = []
        for column in columns:
            best: int | None = None  # one plain pass: compiled, a native loop (no max(), no map)
            for key in column:
                if key is not None and (best is None or key > best):
                    best = key
            pattern.append(None if best is None else tuple([key == best for key in column]))
        winners = tuple(pattern)
        patterns = self.patterns
        patterns[winners] = patterns.get(winners, 0) + 1

    def _outcome(self, player: int, parts: list[tuple[bool, ...]], share: float) -> str:
        """What a deal gave a player with a share of it: see :class:`HandEquity`."""
        if not self.hi_lo:
            return "win" if share == 1 else "tie"
        if share == 1:
            return "scoop"
        if len(parts) == 2:
            high, low = parts
            if high[player] and sum(high) == 1 and not low[player]:
                return "high"
            if low[player] and sum(low) == 1 and not high[player]:
                return "low"
        return "split"

    def result(self, holdings: Sequence[Holding], method: str, deals: int, seed: int | None) -> Equities:
        players = len(holdings)
        total = [0.0] * players
        squares = [0.0] * players
        names = ("scoop", "high", "low", "split") if self.hi_lo else ("win", "tie")
        counts = [dict.fromkeys(names, 0) for _ in range(players)]
        halves = [[0.0, 0.0] for _ in range(players)]
        for pattern, times in self.patterns.items():
            parts = [winners for winners in pattern if winners is not None]
            for player in range(players):
                share = sum(1 / (len(parts) * sum(winners)) for winners in parts if winners[player])
                if self.hi_lo:
                    high = pattern[0]
                    low = pattern[-1] if pattern[-1] is not None else high  # no low: the high hand's half
                    if high is not None and high[player]:
                        halves[player][0] += times / sum(high)
                    if low is not None and low[player]:
                        halves[player][1] += times / sum(low)
                if share:
                    total[player] += share * times
                    squares[player] += share * share * times
                    counts[player][self._outcome(player, parts, share)] += times
        hands = []
        for player, holding in enumerate(holdings):
            mean = total[player] / deals
            error = 0.0
            if method == "sampled" and deals > 1:
                error = math.sqrt(max(squares[player] / deals - mean * mean, 0.0) / (deals - 1))
            outcomes = {name: count / deals for name, count in counts[player].items()}
            hi, lo = halves[player]
            hands.append(HandEquity(holding, mean, error, outcomes,
                                    (hi / deals, lo / deals) if self.hi_lo else None))
        return Equities(method, deals, seed, tuple(hands))


def equities(
    variant: Variant,
    holdings: Sequence[Holding],
    dead: Iterable[Card] = (),
    rules: Rules | None = None,
    *,
    samples: int = DEFAULT_SAMPLES,
    exact_limit: int = EXACT_LIMIT,
    seed: int = DEFAULT_SEED,
) -> Equities:
    """Each holding's share of the pot under ``variant``, with ``dead`` cards out of the deck; see the
    module docstring. ``rules`` are the options in force (:func:`~studbook.rules.house.rules_for`):
    the deck and descubierto's ranking; None: the variant's defaults."""
    rules = rules or rules_for(variant, None)
    dead = tuple(dead)
    cards = deck(rules)
    if len(holdings) < 2:
        raise EquityError("equity needs two hands or more")
    _check(variant, holdings, dead, cards)
    known = {card for holding in holdings for card in holding.cards} | set(dead)
    left = sorted(cards - known)
    full = variant.cards_per_player
    needs = [full - len(holding.cards) for holding in holdings]
    if sum(needs) > len(left):
        raise EquityError(f"impossible deal: the hands need {sum(needs)} more cards and only {len(left)} "
                          f"are left in the {len(cards)}-card deck")
    evaluators = variant.evaluators(rules)
    tally = _Tally(variant.hi_lo)
    count = deal_count(len(left), needs)
    if count <= exact_limit:
        _enumerate(tally, holdings, needs, left, evaluators)
        return tally.result(holdings, "exact", count, None)
    _sample(tally, holdings, needs, left, evaluators, samples, seed)
    return tally.result(holdings, "sampled", samples, seed)


def _enumerate(tally: _Tally, holdings: Sequence[Holding], needs: Sequence[int], left: list[Card],
               evaluators: Sequence[Evaluator]) -> None:
    """Every deal once. A player's keys depend on his own new cards only, so each player's keys are
    worked out once per set of new cards, and a deal costs a look-up per player."""
    tables = []
    for holding, need in zip(holdings, needs, strict=True):
        own = list(holding.cards)
        tables.append({combo: tuple(evaluate(own + list(combo)) for evaluate in evaluators)
                       for combo in combinations(left, need)})
    last = len(tables) - 1

    def deal(player: int, rest: tuple[Card, ...], keys: list[tuple[int | None, ...]]) -> None:
        table, need = tables[player], needs[player]
        for combo in combinations(rest, need):
            keys.append(table[combo])
            if player == last:
                tally.add(list(zip(*keys, strict=True)))
            else:
                deal(player + 1, tuple(card for card in rest if card not in combo) if need else rest, keys)
            keys.pop()

    deal(0, tuple(left), [])


def _sample(tally: _Tally, holdings: Sequence[Holding], needs: Sequence[int], left: list[Card],
            evaluators: Sequence[Evaluator], samples: int, seed: int) -> None:
    """``samples`` deals drawn uniformly (each one the new cards of every player at once)."""
    draw = Random(seed).sample
    total = sum(needs)
    own = [list(holding.cards) for holding in holdings]
    starts = [sum(needs[:index]) for index in range(len(needs))]
    players = range(len(holdings))
    for _ in range(samples):
        drawn = draw(left, total)
        hands = [own[player] + drawn[starts[player]:starts[player] + needs[player]] for player in players]
        tally.add([[evaluate(hand) for hand in hands] for evaluate in evaluators])
