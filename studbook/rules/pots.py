"""Main and side pots, and who wins each part of them: pure functions over chip totals and shown cards,
and the records of what each pot gives (:class:`PotResult`, :class:`Winner`), which a replay's result
(:class:`studbook.results.Replay`) carries.

Amounts are ints in the hand's smallest unit (cents or chips).
"""

from __future__ import annotations

from collections.abc import Collection
from collections.abc import Mapping
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final

from studbook.cards import Card
from studbook.rules.evaluate import Evaluator
from studbook.rules.evaluate import describe
from studbook.rules.evaluate import high
from studbook.rules.evaluate import used_cards

ODD_CHIP_RULES: Final = ("position", "suit_high_best5", "suit_all_cards")


@dataclass(slots=True, unsafe_hash=True, init=False)
class Pot:
    """Read-only, as the records below and those of studbook/results.py, and for the same reason not
    ``frozen`` and with an ``__init__`` of its own: mypyc compiles that one (a replay makes two to four
    pots a hand)."""

    amount: int
    eligible: tuple[str, ...]  # live players who can win it, in the order of the contributions given

    def __init__(self, amount: int, eligible: tuple[str, ...]) -> None:
        self.amount, self.eligible = amount, eligible


@dataclass(slots=True, unsafe_hash=True, init=False)
class Winner:
    player: str
    amount: int
    half: str | None = None  # "hi", "lo" or None for a pot that is not split
    hand_name: str = ""  # e.g. "two pair, Queens and Sevens" or "8,6,4,2,A"

    def __init__(self, player: str, amount: int, half: str | None = None, hand_name: str = "") -> None:
        self.player, self.amount, self.half, self.hand_name = player, amount, half, hand_name


@dataclass(slots=True, unsafe_hash=True, init=False)
class PotResult:
    """A main or side pot after uncalled bets are returned, and who wins it."""

    index: int  # 0 = main pot, 1.. = side pots in order of creation
    amount: int
    eligible: tuple[str, ...]
    winners: tuple[Winner, ...]
    reason: str = ""  # "uncontested", "showdown", "all checked" (descubierto Z13) ...

    def __init__(
        self, index: int, amount: int, eligible: tuple[str, ...], winners: tuple[Winner, ...],
        reason: str = "",
    ) -> None:
        self.index, self.amount, self.eligible = index, amount, eligible
        self.winners, self.reason = winners, reason


def build_pots(contributions: Mapping[str, int], live: Collection[str]) -> list[Pot]:
    """Layer everyone's chips by the live players' totals (C22): main pot first, then side pots.

    ``contributions`` holds every player's total in (antes and bets, after uncalled returns),
    folded players included; ``live`` are the players who have not folded. Layers are cut only at
    live totals, so two adjacent layers never have the same eligible players. Folded chips stay in
    the layers they reach; chips above every live total (impossible after uncalled returns) go to
    the last pot.

    >>> build_pots({"A": 50, "B": 100, "C": 100, "D": 70}, {"A", "B", "C"})
    [Pot(amount=200, eligible=('A', 'B', 'C')), Pot(amount=120, eligible=('B', 'C'))]
    """
    levels = sorted({contributions[player] for player in live})
    if not levels:
        raise ValueError("a pot needs at least one live player")
    pots = []
    floor = 0
    for index, level in enumerate(levels):
        top = max(contributions.values()) if index == len(levels) - 1 else level
        amount = sum(min(total, top) - min(total, floor) for total in contributions.values())
        if amount:
            eligible = tuple(p for p, total in contributions.items() if p in live and total >= level)
            pots.append(Pot(amount, eligible))
        floor = top
    return pots or [Pot(0, tuple(p for p in contributions if p in live))]


def award_pots(
    pots: Sequence[Pot],
    shown: Mapping[str, Sequence[Card]],
    order: Sequence[str],
    evaluators: Sequence[Evaluator] = (high,),
    odd_chip_rule: str = "position",
    unit: int = 1,
) -> list[PotResult]:
    """Award each pot to the best shown hands among its eligible players.

    ``shown`` maps each player who showed to all his cards (muckers are left out and cannot win a
    contested pot); ``order`` is every player clockwise from the dealer's left (C3). ``evaluators``
    is ``(high,)`` for stud, ``(high, low8)`` for stud8 (halves "hi"/"lo"), ``(low_a5,)`` for razz
    or a :class:`~studbook.rules.evaluate.DescubiertoHigh`; an evaluator returning None does not
    qualify. A split pot gives the low half ``amount // (2 * unit) * unit`` and the odd chip to high
    (H9); a half nobody qualifies for goes to the other half (H8). Tied winners share a half in
    multiples of ``unit``; what is left goes out one ``unit`` (an odd chip, C29) at a time by
    ``odd_chip_rule`` (C30): ``position`` (first clockwise from the dealer), ``suit_high_best5``
    (highest card by rank then suit among the five used; ace low in a low half) or
    ``suit_all_cards`` (highest card of all the player's cards, in a low half the lowest one).
    A pot with one eligible player is "uncontested" whatever was shown; a side pot of a hi/lo game that
    one player can win is still awarded by halves when he showed (H8: each half is awarded, as the
    sites' logs write it), and the whole pot otherwise. A pot where no eligible player showed gets no
    winners and reason "no hand shown".

    >>> from studbook.cards import parse_cards
    >>> from studbook.rules.evaluate import low8
    >>> shown = {"A": parse_cards("As Ah Kc Kd 7s 9c Qd"), "B": parse_cards("8c 6d 4h 3s 2c Jd Jh"),
    ...          "C": parse_cards("8d 6c 4s 3h 2d Qc Qs")}
    >>> [(w.player, w.amount, w.half) for w in award_pots(
    ...     [Pot(103, ("A", "B", "C"))], shown, "ABC", (high, low8))[0].winners]
    [('A', 52, 'hi'), ('B', 26, 'lo'), ('C', 25, 'lo')]
    """
    if odd_chip_rule not in ODD_CHIP_RULES:
        raise ValueError(f"odd_chip_rule must be one of {ODD_CHIP_RULES}, not {odd_chip_rule!r}")
    if len(evaluators) not in (1, 2):
        raise ValueError("a pot is won by one hand type or split between two")
    seat = {player: index for index, player in enumerate(order)}
    halves = ("hi", "lo") if len(evaluators) == 2 else (None,)
    keys = {player: [evaluate(cards) for evaluate in evaluators] for player, cards in shown.items()}
    results = []
    for index, pot in enumerate(pots):
        contenders = sorted((p for p in pot.eligible if p in shown), key=seat.__getitem__)
        alone = len(pot.eligible) == 1
        if alone and not (index and contenders and len(halves) == 2):
            winners = [Winner(pot.eligible[0], pot.amount)]
            reason = "uncontested"
        elif not contenders:
            winners, reason = [], "no hand shown"
        else:
            best = []
            for position, half in enumerate(halves):
                qualified = [(key, p) for p in contenders if (key := keys[p][position]) is not None]
                if qualified:
                    top = max(key for key, _ in qualified)
                    best.append((half, top, [p for key, p in qualified if key == top]))
            low_share = pot.amount // (2 * unit) * unit if len(best) == 2 else 0
            shares = [pot.amount - low_share, low_share][: len(best)]
            winners = []
            for (half, key, players), share in zip(best, shares, strict=True):
                ranked = _odd_chip_order(players, key, shown, odd_chip_rule)
                amounts = _split(share, ranked, unit)
                winners += [Winner(p, amounts[p], half, describe(key)) for p in players]
            reason = "uncontested" if alone else "showdown"
        results.append(PotResult(index, pot.amount, pot.eligible, tuple(winners), reason))
    return results


def _odd_chip_order(
    players: list[str], key: int, shown: Mapping[str, Sequence[Card]], rule: str
) -> list[str]:
    """Tied winners (given in seat order) in the order they receive odd chips."""
    if rule == "position" or len(players) == 1:
        return players
    low = key < 0

    def strength(card: Card) -> int:
        """Rank then suit, ace low in a low half: the order suits break ties in."""
        return (1 if low and card.rank == 14 else card.rank) * 4 + card.suit_order

    if rule == "suit_high_best5":
        return sorted(players, key=lambda p: -max(map(strength, used_cards(shown[p], key))))
    if low:
        return sorted(players, key=lambda p: min(map(strength, shown[p])))
    return sorted(players, key=lambda p: -max(map(strength, shown[p])))


def _split(amount: int, ranked: list[str], unit: int) -> dict[str, int]:
    """Equal shares in whole units; the rest one unit each down ``ranked`` (never two to one player)."""
    base = amount // (len(ranked) * unit) * unit
    rest = amount - base * len(ranked)
    shares = {}
    for player in ranked:
        chip = min(unit, rest)
        shares[player] = base + chip
        rest -= chip
    return shares
