"""Starting-hand classes (stats.md section 3), so reports can group results by what was dealt.

Each game gets the groups its players use: buried/split pairs and three-flushes in stud, the
twelve studhighlow.com types in stud8, low-card counts in razz, the hole card against the board
in five card stud. A hand that fits several groups takes the first in the order listed (stats.md
3.1 precedence: KQJ is three high cards, not a three-straight). Which groups a game uses follows
from its :class:`~studbook.rules.variants.Variant`: the cards hidden on the first street and the
evaluators that award the pot, so a new variant with the same shape needs no code here.

>>> from studbook.cards import parse_cards
>>> from studbook.rules.variants import VARIANTS
>>> def cls(variant, text, others=""):
...     *hole, door = parse_cards(text)
...     return classify(VARIANTS[variant], hole, door, parse_cards(others))
>>> cls("stud", "Kd Qc Jh"), cls("stud", "7c 7d 2s"), cls("stud", "7c 2d 7s")
('three high cards', 'buried pair', 'split pair')
>>> cls("stud8", "Ac 2c 3c"), cls("stud8", "Ah Ad 4c"), cls("razz", "Ac 5d 9h")
('low connected suited', 'aces, low kicker', 'two low, one bad')
>>> cls("stud5", "Kc 7d", "Qs 9h")
'hole card above the board'
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence

from studbook.cards import ALL_CARDS, Card
from studbook.rules.variants import Variant

HIGH = 10  # T or better is a "high card" (stats.md 3.1)
# Rank, ace-low rank and suit of every card, by card (a Card is an int 0..51): a Card's
# properties work them out on every call, and these run for every hand imported.
_RANK: tuple[int, ...] = tuple(card.rank for card in ALL_CARDS)
_LOW: tuple[int, ...] = tuple(1 if card.rank == 14 else card.rank for card in ALL_CARDS)
_SUIT: tuple[str, ...] = tuple(card.suit for card in ALL_CARDS)


def _paired(cards: Sequence[Card]) -> bool:
    return len({_RANK[c] for c in cards}) < len(cards)


def _suited(cards: Sequence[Card]) -> bool:
    return len({_SUIT[c] for c in cards}) == 1


def _span(ranks: Sequence[int]) -> int:
    return max(ranks) - min(ranks)


def _straight_ranks(cards: Sequence[Card], max_span: int) -> bool:
    """Distinct ranks within ``max_span`` of each other, the ace counted high or low."""
    if _paired(cards):
        return False
    return _span([_RANK[c] for c in cards]) <= max_span or _span([_LOW[c] for c in cards]) <= max_span


def _stud(hole: Sequence[Card], door: Card) -> str:
    cards = [*hole, door]
    ranks = [_RANK[c] for c in cards]
    if len(set(ranks)) == 1:
        return "rolled-up trips"
    if _RANK[hole[0]] == _RANK[hole[1]]:
        return "buried pair"
    if _RANK[door] in (_RANK[hole[0]], _RANK[hole[1]]):
        return "split pair"
    if _suited(cards):
        return "three-flush"
    if min(ranks) >= HIGH:
        return "three high cards"
    if _straight_ranks(cards, 4):
        return "three-straight"
    return "two high cards" if sorted(ranks)[-2] >= HIGH else "trash"


def _stud8(hole: Sequence[Card], door: Card) -> str:
    """studhighlow.com's twelve types, in its order (stats.md 3.2)."""
    cards = [*hole, door]
    lows = sorted(_LOW[c] for c in cards)
    all_low = lows[-1] <= 8
    aces = sum(_RANK[c] == 14 for c in cards)
    counts = Counter(_RANK[c] for c in cards)
    pair_rank = next((rank for rank, n in counts.items() if n == 2), None)
    kicker = next((c for c in cards if _RANK[c] != pair_rank), None) if pair_rank else None
    connected = not _paired(cards) and _span(lows) == 2
    if all_low and _suited(cards) and connected:
        return "low connected suited"
    if len(set(lows)) == 1:
        return "trips"
    if pair_rank == 14 and kicker is not None:
        return "aces, low kicker" if _LOW[kicker] <= 8 else "aces, high kicker"
    if aces == 1 and not _paired(cards) and lows[1] <= 5 and lows[2] <= 5:
        return "ace, two wheel cards"
    if all_low and _suited(cards) and not _paired(cards):
        return "low suited"
    if all_low and connected:
        return "low connected"
    if pair_rank is not None and pair_rank > 8:
        return "high pair"
    if pair_rank is not None and kicker is not None:
        return "low pair, low kicker" if _LOW[kicker] <= 8 else "low pair, high kicker"
    if _suited(cards):
        return "high flush"
    return "three low" if all_low else "other"


def _razz(hole: Sequence[Card], door: Card) -> str:
    """The four razz groups of stats.md 3.3."""
    cards = [*hole, door]
    lows = [_LOW[c] for c in cards]
    bad = sum(rank > 8 for rank in lows)
    if _paired(cards):
        return "junk" if bad else "pair"
    if bad == 0:
        return "three low"
    return "two low, one bad" if bad == 1 else "junk"


def _five(hole: Sequence[Card], door: Card, other_doors: Sequence[Card]) -> str:
    """Five card stud's 2nd street (stats.md 3.4): one hole card and the door card."""
    (card,) = hole
    if _RANK[card] == _RANK[door]:
        return "pair"
    if _RANK[card] > max(_RANK[c] for c in (door, *other_doors)):
        return "hole card above the board"
    if min(_RANK[card], _RANK[door]) >= HIGH:
        return "two high cards"
    if _SUIT[card] == _SUIT[door] or _straight_ranks((card, door), 1):
        return "suited or connected"
    return "other"


# Two cards hidden on the first street: the groups follow how the pot is won (Variant.hands).
_TWO_DOWN: dict[tuple[str, ...], Callable[[Sequence[Card], Card], str]] = {
    ("high",): _stud, ("high", "low8"): _stud8, ("low_a5",): _razz}
_ONE_DOWN_HIGH = (("high",), ("descubierto_high",))  # one hidden card, won by a high hand alone


def classify(variant: Variant, hole: Sequence[Card], door: Card,
             other_doors: Sequence[Card] = ()) -> str | None:
    """The starting-hand class of ``hole`` down cards and the ``door`` card, or None when unknown
    (cards missing, or a game whose groups stats.md does not define)."""
    down = variant.streets[0].down
    if len(hole) != down:
        return None
    if down == 2 and variant.hands in _TWO_DOWN:
        return _TWO_DOWN[variant.hands](hole, door)
    if down == 1 and variant.hands in _ONE_DOWN_HIGH:
        return _five(hole, door, other_doors)
    return None
