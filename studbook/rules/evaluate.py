"""Hand evaluators for the stud family: table driven, so a replay can afford one call per player per pot.

Every evaluator returns an ``int`` key where LARGER IS BETTER, for lows too, so callers always take
``max``. A key also carries the hand itself, which is how :func:`describe` and :func:`used_cards` work
from the key alone:

* high keys (``high``, ``board_high``, ``descubierto_high``) are ``>= 0``:
  ``strength << 24 | kind << 20 | r1 << 16 | r2 << 12 | r3 << 8 | r4 << 4 | r5``, where ``kind`` is one
  of the constants below, ``strength`` orders kinds where a house rule moves them (0 for standard
  ranks, where ``kind`` already orders), and ``r1..r5`` are the ranks of the cards used in the order
  they are compared (groups first: a pair of eights with K-5-3 is 8,8,K,5,3). Ranks are 2..14; 1 is an
  ace playing low in a straight; partial hands pad with 0.
* low keys (``low8``, ``low_a5``, ``board_low``) are ``< 0``: ``-(kind << 20 | r1 << 16 | ... | r5)``
  with the ace as 1, groups first and the highest first, so a smaller magnitude is a better low.
  ``low8`` gives ``None`` when no low qualifies.
* deuce-to-seven keys (``low27``, ``board_low27``) are ``< 0`` too, with the bit ``_DEUCE_SEVEN`` set
  under the minus: ``-(1 << 24 | kind << 20 | r1 << 16 | ... | r5)``, the negated high key of the same
  cards with the ace HIGH only (A-2-3-4-5 is no straight), so straights and flushes count against.

Tables: one sum of per-card weights (``_WEIGHT``) holds a 3-bit count per rank, the number of cards
and a count per suit, in 59 bits: compiled, that sum stays a machine integer (mypyc's tagged int), where
the former weights, 227 bits wide with a count per card to spot a repeated one, made every addition and
mask a heap-allocated long (a stud replay's showdowns and boards, and the all-in EV's thousands of deals,
went through them). A repeated card is spotted by a 52-bit mask of the cards seen instead. A rank
multiset is keyed by its rank counts and the number of cards, and one dict per evaluator maps the
multisets of 1..7 ranks met so far to their best keys, each found on its first use (:func:`_rank_entry`:
no process pays to build a table of all 76,154 before its first hand). Six- and seven-card entries are
the max over the entries with one card removed, which is the best five by construction. Flushes are
looked up by a 13-bit mask of the flush suit's ranks, in a table built at import.

The hand evaluators (``high``, ``low8``, ``low_a5``, ``low27``, ``descubierto_high``) raise ``ValueError`` for
a list that holds the same card twice or has too few or too many cards (1..7; 1..5 in descubierto).
A good hand pays no extra test for it, only a wider sum: the key they look up also holds bits that
only a repeated card sets, so a bad list misses the table (or memo) and only a miss asks why. The
board ranks (``board_high``, ``board_low``) refuse only an empty board: see :func:`board_high`.
"""

from __future__ import annotations

from collections.abc import Callable
from collections.abc import Sequence
from functools import cache
from functools import lru_cache
from itertools import combinations
from itertools import combinations_with_replacement
from typing import Final

from studbook.cards import RANK_CHARS
from studbook.cards import Card

Evaluator = Callable[[Sequence[Card]], int | None]

HIGH_CARD, PAIR, TWO_PAIR, TRIPS, STRAIGHT, FLUSH, FULL_HOUSE, QUADS, STRAIGHT_FLUSH, FIGURAS = range(10)

_SINGULAR = {1: "Ace", 2: "Deuce", 3: "Three", 4: "Four", 5: "Five", 6: "Six", 7: "Seven", 8: "Eight",
             9: "Nine", 10: "Ten", 11: "Jack", 12: "Queen", 13: "King", 14: "Ace"}
_PLURAL = {rank: "Sixes" if rank == 6 else name + "s" for rank, name in _SINGULAR.items()}
_LOW_CHARS = "?A" + RANK_CHARS[:-1]  # index = low rank 1..13, ace = 1

# The weight of a card, summed over a hand, in fields from bit 0:
#   0..38    a 3-bit count per rank (rank index 0 = deuce .. 12 = ace)
#   39..42   the number of cards
#   43..58   a 4-bit count per suit (a nibble + 3 reaches 8 only at five cards: a flush)
# With at most 7 cards no field carries into the next. The key of a rank table (``_RANKS``) is the rank
# counts and the number of cards; a table holds only multisets whose rank counts add up to that number
# (1..7), so a list of more than seven cards misses every table, even where its count field wrapped
# past 15. :func:`_weigh` gives -1 for a list with a card twice, which misses every table too.
_COUNT_AT: Final = 39
_SUITS_AT: Final = 43
_RANK_ONE: Final = [1 << 3 * index for index in range(13)]
_ONE_CARD: Final = 1 << _COUNT_AT
_RANKS: Final = (1 << _SUITS_AT) - 1  # rank counts and number of cards
_LOW8_KEY: Final = (1 << 21) - 1 | 7 << 36 | 15 << _COUNT_AT  # the same for ranks A..8
_WEIGHT: Final = [_RANK_ONE[code >> 2] + _ONE_CARD + (1 << _SUITS_AT + 4 * (code & 3)) for code in range(52)]
_BIT: Final = [1 << code for code in range(52)]  # each card's bit of the mask of cards seen


def _weigh(cards: Sequence[Card]) -> int:
    """The sum of the cards' weights, or -1 when a card is there twice (see :func:`_check`): the mask of
    the cards seen then has fewer bits than there are cards. Two plain statements a card and one test at
    the end (pure Python pays for every statement). Pure, the mask costs: a 7-card high() takes about
    1.5 us against 0.8-1.3 with the former wide weights (docs/performance.md)."""
    total = seen = 0
    for card in cards:
        total += _WEIGHT[card]
        seen |= _BIT[card]
    return total if seen.bit_count() == len(cards) else -1


def _flush(total: int) -> int:
    """Non-zero when a suit has five cards or more (a nibble + 3 reaches 8)."""
    return ((total >> _SUITS_AT) + 0x3333) & 0x8888


def _pack(ranks: Sequence[int]) -> int:
    """Five 4-bit ranks, first rank most significant, missing ones 0."""
    packed = 0
    for index in range(5):
        packed = packed << 4 | (ranks[index] if index < len(ranks) else 0)
    return packed


def _grouped(ranks: Sequence[int]) -> tuple[int, list[int]]:
    """Kind from the pair structure alone, and the ranks groups first (count, then rank, descending)."""
    counts: dict[int, int] = {}
    for rank in ranks:
        counts[rank] = counts.get(rank, 0) + 1
    groups = sorted(counts.items(), key=lambda item: (item[1], item[0]), reverse=True)
    first = groups[0][1]
    second = groups[1][1] if len(groups) > 1 else 0
    if first == 4:
        kind = QUADS
    elif first == 3:
        kind = FULL_HOUSE if second >= 2 else TRIPS
    elif first == 2:
        kind = TWO_PAIR if second == 2 else PAIR
    else:
        kind = HIGH_CARD
    return kind, [rank for rank, count in groups for _ in range(count)]


def _straight(ranks: Sequence[int], lowest: int = 2) -> list[int] | None:
    """Five distinct ranks (descending) as a straight, the ace playing low below ``lowest`` if needed."""
    if len(ranks) != 5 or len(set(ranks)) != 5:
        return None
    if ranks[0] - ranks[4] == 4:
        return list(ranks)
    if list(ranks) == [14, lowest + 3, lowest + 2, lowest + 1, lowest]:
        return [*ranks[1:], 1]
    return None


def _score_high(ranks: Sequence[int]) -> int:
    """Up to five ranks as a high hand ignoring suits (flushes come from the flush table)."""
    ranks = sorted(ranks, reverse=True)
    straight = _straight(ranks)
    if straight:
        return STRAIGHT << 20 | _pack(straight)
    kind, ordered = _grouped(ranks)
    return kind << 20 | _pack(ordered)


def _score_low(ranks: Sequence[int]) -> int:
    """Up to five ranks as an ace-to-five low: pairs count against, straights and flushes do not."""
    kind, ordered = _grouped([1 if rank == 14 else rank for rank in ranks])
    return -(kind << 20 | _pack(ordered))


# Set under the minus of every deuce-to-seven key: describe() and used_cards() tell them from ace-to-five.
_DEUCE_SEVEN: Final = 1 << 24


def _key_27(ranks: Sequence[int], suited: bool = False) -> int:
    """Up to five ranks as a deuce-to-seven low (R27-2): the high hand with the ace high only, negated.

    Five different ranks in a row are a straight (never A-2-3-4-5); ``suited`` five cards a flush."""
    ranks = sorted(ranks, reverse=True)
    straight = len(ranks) == 5 and len(set(ranks)) == 5 and ranks[0] - ranks[4] == 4
    if suited and len(ranks) == 5:
        kind, ordered = (STRAIGHT_FLUSH if straight else FLUSH), ranks
    elif straight:
        kind, ordered = STRAIGHT, ranks
    else:
        kind, ordered = _grouped(ranks)
    return -(_DEUCE_SEVEN | kind << 20 | _pack(ordered))


def _ranks_of(key: int) -> list[int]:
    """The rank indexes (0 = deuce) of a rank table's key, ascending, each as often as it counts."""
    return [index for index in range(13) for _ in range(key >> 3 * index & 7)]


def _rank_entry(table: dict[int, int], score: Callable[[Sequence[int]], int], key: int) -> int:
    """A rank table's entry for ``key`` (the rank counts and number of cards of 1..7 good cards), which
    the table does not hold yet (its callers looked), found and kept: up to five ranks scored by ``score``,
    six or seven the best of the entries one card smaller (the best five by construction; each rank
    removed once, a rank twice gives the same one).

    A table is filled as hands need it, not built whole on the first call: a process that replays one
    hand pays for the few entries its showdowns use (0.1-0.2 ms), where building a table of every
    multiset (76,154) cost every process 100-145 ms compiled and 155-200 ms pure (docs/performance.md).
    Filling a whole table this way costs more, 137-175 ms compiled and 250-290 pure, but spread over
    the many hands that would need it; a first replay of 2,000 simulated hands got faster in both."""
    found: int | None = None
    if key >> _COUNT_AT <= 5:
        found = score([index + 2 for index in _ranks_of(key)])
    else:
        smaller = key - _ONE_CARD
        for index in range(13):
            if key >> 3 * index & 7:
                other = table.get(smaller - _RANK_ONE[index])  # mostly there: no call
                if other is None:
                    other = _rank_entry(table, score, smaller - _RANK_ONE[index])
                if found is None or other > found:
                    found = other
        assert found is not None  # a hand of six or seven cards has a rank
    table[key] = found
    return found


def _build_flush_table() -> list[int]:
    """Best straight flush or flush for each 13-bit mask of one suit's ranks (0 where under five)."""
    table = [0] * 8192
    straights = [(0b11111 << low, [low + 6, low + 5, low + 4, low + 3, low + 2]) for low in range(8, -1, -1)]
    straights.append((0b1000000001111, [5, 4, 3, 2, 1]))
    for mask in range(8192):
        if mask.bit_count() < 5:
            continue
        for bits, ranks in straights:
            if mask & bits == bits:
                table[mask] = STRAIGHT_FLUSH << 20 | _pack(ranks)
                break
        else:
            top = [index + 2 for index in range(12, -1, -1) if mask >> index & 1][:5]
            table[mask] = FLUSH << 20 | _pack(top)
    return table


def _build_low8_table() -> dict[int, int | None]:
    """Best eight-or-better low (None if none) of every good hand, by what ``_LOW8_KEY`` keeps of its
    weight sum: the counts of ranks A..8 and the number of cards."""
    table: dict[int, int | None] = {}
    for size in range(8):
        for combo in combinations_with_replacement((12, 0, 1, 2, 3, 4, 5, 6), size):  # A, 2..8
            if any(combo[index] == combo[index + 4] for index in range(size - 4)):
                continue
            lows = sorted({1 if index == 12 else index + 2 for index in combo})  # different ranks, ace 1
            value = -_pack(lows[4::-1]) if len(lows) >= 5 else None
            for count in range(max(size, 1), 8):  # the other cards are nines or higher
                table[sum(_RANK_ONE[index] for index in combo) + count * _ONE_CARD] = value
    return table


_FLUSH: Final = _build_flush_table()
# Rank tables, filled as hands need them (:func:`_rank_entry`); the low8 table on its first use.
# Read as plain dicts: a cached builder call would cost more per hand than the lookup itself.
_HIGH: Final[dict[int, int]] = {}
_LOW: Final[dict[int, int]] = {}
_LOW8: Final[dict[int, int | None]] = {}
_LOW27: Final[dict[int, int]] = {}


def _check(name: str, cards: Sequence[Card], most: int = 7) -> None:
    """Raise ValueError when ``cards`` hold the same card twice or are not 1..``most`` cards.

    Evaluators call it only off their fast path (a table or memo miss, a flush)."""
    seen: set[Card] = set()
    for card in cards:
        if card in seen:
            listed = " ".join(map(str, cards))
            raise ValueError(f"{name}() got the same card twice: {card} in {listed}") from None
        seen.add(card)
    if not 1 <= len(cards) <= most:
        raise ValueError(f"{name}() takes 1 to {most} cards, got {len(cards)}") from None


def _on_miss(table: dict[int, int], score: Callable[[Sequence[int]], int], key: int, name: str,
             cards: Sequence[Card]) -> int:
    """A rank table's answer after a miss: refuse a bad list (:func:`_check`), or find the entry."""
    _check(name, cards)
    return _rank_entry(table, score, key)


def high(cards: Sequence[Card]) -> int:
    """Best five-card high hand of 1..7 cards (A-2-3-4-5 the lowest straight); larger key is better.

    >>> from studbook.cards import parse_cards
    >>> describe(high(parse_cards("7s Qs 6c 7h 3s Qh")))
    'two pair, Queens and Sevens'
    >>> high(parse_cards("Ah 2c 3d 4s 5c")) < high(parse_cards("2h 3c 4d 5s 6c"))
    True
    >>> high(parse_cards("Ah Ah Kd Qc Js"))
    Traceback (most recent call last):
    ...
    ValueError: high() got the same card twice: Ah in Ah Ah Kd Qc Js
    """
    total = _weigh(cards)
    flush = _flush(total)
    if flush:
        if len(cards) > 7:  # the flush table would not notice
            _check("high", cards)
        # With at most 7 cards a flush rules out quads and full houses, so the flush table decides.
        suit = flush.bit_length() // 4 - 1
        mask = 0
        for card in cards:
            if card & 3 == suit:
                mask |= 1 << (card >> 2)
        return _FLUSH[mask]
    try:
        return _HIGH[total & _RANKS]
    except KeyError:  # a bad list, or the first call
        return _on_miss(_HIGH, _score_high, total & _RANKS, "high", cards)


def low8(cards: Sequence[Card]) -> int | None:
    """Best eight-or-better low (H6, H7) of 1..7 cards: five different ranks 8 or lower, ace low, or None.

    >>> from studbook.cards import parse_cards
    >>> describe(low8(parse_cards("7h 2h 4c Jc 5h 7s 8c")))
    '8,7,5,4,2'
    >>> low8(parse_cards("9c 5d 4h 3s 2c Kd Kh")) is None
    True
    >>> low8(parse_cards("2c 2c 3d 4h 5s 6c 7d"))
    Traceback (most recent call last):
    ...
    ValueError: low8() got the same card twice: 2c in 2c 2c 3d 4h 5s 6c 7d
    """
    total = _weigh(cards)
    try:
        return _LOW8[total & _LOW8_KEY]
    except KeyError:  # a bad list, or the first call
        _check("low8", cards)
        if not _LOW8:
            _LOW8.update(_build_low8_table())
        return _LOW8[total & _LOW8_KEY]


def low_a5(cards: Sequence[Card]) -> int:
    """Best ace-to-five low of 1..7 cards (razz, R5): pairs count against, straights/flushes ignored.

    With fewer than five cards the key ranks what is there (PokerStars' "Lo: 3,3,5,4").

    >>> from studbook.cards import parse_cards
    >>> describe(low_a5(parse_cards("6h 8h 3d Ad Ac Kh 8c")))
    'K,8,6,3,A'
    >>> low_a5(parse_cards("Kc Qd Jh Ts 9c")) > low_a5(parse_cards("5c 5d 4h 3s 2c"))
    True
    >>> low_a5(parse_cards("5d 5d"))
    Traceback (most recent call last):
    ...
    ValueError: low_a5() got the same card twice: 5d in 5d 5d
    """
    total = _weigh(cards)
    try:
        return _LOW[total & _RANKS]
    except KeyError:  # a bad list, or the first call
        return _on_miss(_LOW, _score_low, total & _RANKS, "low_a5", cards)


def low27(cards: Sequence[Card]) -> int:
    """Best deuce-to-seven low of 1..7 cards (2-7 razz, R27-2): aces high only, straights and flushes
    count against the hand, pairs too; the best is 7-5-4-3-2 of two suits or more. No qualifier.

    With fewer than five cards the key ranks what is there, pairs and the highest card first.

    >>> from studbook.cards import parse_cards
    >>> describe(low27(parse_cards("7h 5c 4d 3s 2c Ah Kd")))
    '7,5,4,3,2'
    >>> describe(low27(parse_cards("Ac 2d 3h 4s 5c")))  # no wheel: ace high
    'A,5,4,3,2'
    >>> describe(low27(parse_cards("8h 7h 5h 4h 3h")))  # one suit: a flush, the worst of these
    'a flush, Eight high'
    >>> low27(parse_cards("8h 7h 5h 4h 3h")) < low27(parse_cards("Ac 2d 3h 4s 5c")) < low27(
    ...     parse_cards("8c 7h 5h 4h 3h"))
    True
    >>> low27(parse_cards("4d 4d"))
    Traceback (most recent call last):
    ...
    ValueError: low27() got the same card twice: 4d in 4d 4d
    """
    total = _weigh(cards)
    if _flush(total):  # five of a suit: the lowest five may avoid the flush
        _check("low27", cards)
        return _low27_suited(tuple(cards))
    try:
        return _LOW27[total & _RANKS]
    except KeyError:  # a bad list, or the first call
        return _on_miss(_LOW27, _key_27, total & _RANKS, "low27", cards)


@lru_cache(maxsize=4096)  # five or more of a suit: every five of them (at most 21), a few hands in 100
def _low27_suited(cards: tuple[Card, ...]) -> int:
    return max(_key_27([card.rank for card in five], len({card & 3 for card in five}) == 1)
               for five in combinations(cards, 5))


def _board(table: dict[int, int], up_cards: Sequence[Card], name: str,
           score: Callable[[list[int]], int]) -> int:
    """A board's rank by the multiset of its ranks (all a board's rank depends on), scored once by
    ``score`` from the ranks and kept in ``table``."""
    if len(up_cards) > 7:  # past what the key can count: ranked, not kept
        return score([card.rank for card in up_cards])
    total = 0
    for card in up_cards:  # a card listed twice counts twice here (no _weigh)
        total += _WEIGHT[card]
    key = total & _RANKS
    found = table.get(key)
    if found is None:
        if not up_cards:
            raise ValueError(f"{name}() takes 1 or more cards, got 0")
        found = table[key] = score([card.rank for card in up_cards])
    return found


def _score_board_high(ranks: list[int]) -> int:
    kind, ordered = _grouped(sorted(ranks, reverse=True))
    return kind << 20 | _pack(ordered)


def _score_board_low27(ranks: list[int]) -> int:
    kind, ordered = _grouped(sorted(ranks, reverse=True))
    return -(_DEUCE_SEVEN | kind << 20 | _pack(ordered))


def board_high(up_cards: Sequence[Card]) -> int:
    """Exposed-board rank for the first actor in high games (C31): pairs, trips, quads and kickers only.

    Meant for the 1..4 up cards of a board; straights and flushes never count. Unlike the hand
    evaluators it ranks a card listed twice as listed (and a board of more than four cards): the
    replay ranks the boards of a broken log as they were dealt and reports the repeat itself
    (duplicate-card, C1). Only an empty board raises ValueError.

    >>> from studbook.cards import parse_cards
    >>> board_high(parse_cards("7s 7d")) > board_high(parse_cards("As Ks"))
    True
    >>> board_high(())
    Traceback (most recent call last):
    ...
    ValueError: board_high() takes 1 or more cards, got 0
    """
    return _board(_BOARD_HIGH, up_cards, "board_high", _score_board_high)


def board_low(up_cards: Sequence[Card]) -> int:
    """Exposed-board rank for razz (R3): ace low, unpaired beats paired, lower is better (key: larger).

    Takes boards as :func:`board_high` does.

    >>> from studbook.cards import parse_cards
    >>> board_low(parse_cards("Kc Qd")) > board_low(parse_cards("2c 2d"))
    True
    """
    return _board(_BOARD_LOW, up_cards, "board_low", _score_low)


def board_low27(up_cards: Sequence[Card]) -> int:
    """Exposed-board rank for 2-7 razz (R27-4): aces HIGH, unpaired beats paired, compared from the
    highest card down, lower is better (key: larger). Up cards never make a straight or flush.

    Takes boards as :func:`board_high` does.

    >>> from studbook.cards import parse_cards
    >>> [board_low27(parse_cards(text)) for text in ("Kc Qd", "Ac 2d", "2c 2d")] == sorted(
    ...     board_low27(parse_cards(text)) for text in ("Kc Qd", "Ac 2d", "2c 2d"))[::-1]
    True
    """
    return _board(_BOARD_LOW27, up_cards, "board_low27", _score_board_low27)


# Boards ranked so far, by rank multiset and count (a replay ranks every live board on every street).
_BOARD_HIGH: Final[dict[int, int]] = {}
_BOARD_LOW: Final[dict[int, int]] = {}
_BOARD_LOW27: Final[dict[int, int]] = {}


_ACE_STRAIGHT: Final = -1  # a straight with an ace in it, when a house rule ranks it apart (Z19)


@cache
def _descubierto_strength(flush_above_full: bool, ace_straights_above_flush: bool) -> dict[int, int]:
    """Strength of each kind under the descubierto options (a kind's place from the bottom)."""
    order = [HIGH_CARD, PAIR, TWO_PAIR, FIGURAS, TRIPS, STRAIGHT, FLUSH, FULL_HOUSE, QUADS, STRAIGHT_FLUSH]
    if flush_above_full:
        order[6:8] = [FULL_HOUSE, FLUSH]
    if ace_straights_above_flush:
        order.insert(order.index(FLUSH) + 1, _ACE_STRAIGHT)
    return {kind: strength for strength, kind in enumerate(order)}


def descubierto_high(
    cards: Sequence[Card],
    deck_size: int = 52,
    *,
    figuras_includes_two_pair: bool = True,
    flush_beats_full_at_or_below: int = 40,
    ace_straights_above_flush: bool = False,
    ace_low_straight: str = "lowest_in_deck",
) -> int:
    """Poker descubierto rank of 1..5 cards (rules.md Z13, Z16-Z19); larger key is better, no suits.

    The deck of ``deck_size`` cards (28..52) keeps the highest ranks. With ``ace_low_straight``
    ``"lowest_in_deck"`` the ace-low straight is A plus the deck's four lowest ranks (A-7-8-9-T with
    32 cards); with ``"a2345"`` it is A-2-3-4-5 only. "Figuras" (five cards all J/Q/K/A that are no
    better than two pair; one pair only unless ``figuras_includes_two_pair``) ranks between trips
    and two pair and compares card by card from the highest. A flush beats a full house when
    ``deck_size <= flush_beats_full_at_or_below``; ``ace_straights_above_flush`` puts straights
    holding an ace just above the flush. Fewer than five cards rank by pairs and kickers.

    >>> from studbook.cards import parse_cards
    >>> describe(descubierto_high(parse_cards("Ac Ad Kh Qs Jc")))
    'figuras, A-A-K-Q-J'
    >>> describe(descubierto_high(parse_cards("Ac 7d 8h 9s Tc"), 32))
    'a straight, Ace to Ten'
    >>> descubierto_high(parse_cards("Ac Kd Kd"))
    Traceback (most recent call last):
    ...
    ValueError: descubierto_high() got the same card twice: Kd in Ac Kd Kd
    """
    return descubierto_evaluator(deck_size, figuras_includes_two_pair, flush_beats_full_at_or_below,
                                 ace_straights_above_flush, ace_low_straight)(cards)


class DescubiertoHigh:
    """:func:`descubierto_high` bound to a deck and the Z17/Z19 options (what a variant's evaluators hold):
    one positional call, where a ``functools.partial`` with five keywords had each call bind them, and the
    keys found so far kept by rank multiset and all-one-suit in one int (a replay ranks every shown hand
    twice, for the pot and for the seat's hand name; the all-in EV ranks some 600 deals a pot)."""

    def __init__(self, deck_size: int, figuras_includes_two_pair: bool, flush_beats_full_at_or_below: int,
                 ace_straights_above_flush: bool, ace_low_straight: str) -> None:
        self.deck_size = deck_size
        self.figuras_includes_two_pair = figuras_includes_two_pair
        self.flush_beats_full_at_or_below = flush_beats_full_at_or_below
        self.ace_straights_above_flush = ace_straights_above_flush
        self.ace_low_straight = ace_low_straight
        self.found: dict[int, int] = {}

    def __call__(self, cards: Sequence[Card]) -> int:
        total = _weigh(cards)
        suited = _flush(total) != 0  # five of a suit: all five, if the cards are good
        memo = (total & _RANKS) << 1 | suited
        found = self.found.get(memo)
        if found is None:  # only good cards and options are stored, so bad ones always come here
            _check("descubierto_high", cards, 5)
            if self.deck_size % 4 or not 28 <= self.deck_size <= 52:
                raise ValueError("descubierto decks have 28 to 52 cards in whole ranks, "
                                 f"got {self.deck_size}")
            if self.ace_low_straight not in ("lowest_in_deck", "a2345"):
                raise ValueError("ace_low_straight is 'lowest_in_deck' or 'a2345', "
                                 f"not {self.ace_low_straight!r}")
            found = self.found[memo] = _descubierto_key(
                cards, suited, self.deck_size, self.figuras_includes_two_pair,
                self.flush_beats_full_at_or_below, self.ace_straights_above_flush, self.ace_low_straight)
        return found


def descubierto_evaluator(deck_size: int = 52, figuras_includes_two_pair: bool = True,
                          flush_beats_full_at_or_below: int = 40, ace_straights_above_flush: bool = False,
                          ace_low_straight: str = "lowest_in_deck") -> DescubiertoHigh:
    """The :class:`DescubiertoHigh` of these options, one per process (so its keys found are kept)."""
    options = (deck_size, figuras_includes_two_pair, flush_beats_full_at_or_below, ace_straights_above_flush,
               ace_low_straight)
    found = _DESCUBIERTO.get(options)
    if found is None:
        found = _DESCUBIERTO[options] = DescubiertoHigh(*options)
    return found


_DESCUBIERTO: Final[dict[tuple[int, bool, int, bool, str], DescubiertoHigh]] = {}


def _descubierto_key(
    cards: Sequence[Card],
    suited: bool,
    deck_size: int,
    figuras_includes_two_pair: bool,
    flush_beats_full_at_or_below: int,
    ace_straights_above_flush: bool,
    ace_low_straight: str,
) -> int:
    """The key :func:`descubierto_high` returns, computed from the cards (checked by the caller)."""
    ranks = sorted((card.rank for card in cards), reverse=True)
    kind, ordered = _grouped(ranks)
    if len(cards) == 5:
        if kind == HIGH_CARD:
            straight = _straight(ranks, 15 - deck_size // 4 if ace_low_straight == "lowest_in_deck" else 2)
            if straight:
                kind, ordered = (STRAIGHT_FLUSH if suited else STRAIGHT), straight
            elif suited:
                kind, ordered = FLUSH, ranks
        elif ranks[-1] >= 11 and (kind == PAIR or (kind == TWO_PAIR and figuras_includes_two_pair)):
            kind, ordered = FIGURAS, ranks
    strengths = _descubierto_strength(deck_size <= flush_beats_full_at_or_below, ace_straights_above_flush)
    if ace_straights_above_flush and kind == STRAIGHT and (ordered[0] == 14 or ordered[-1] == 1):
        strength = strengths[_ACE_STRAIGHT]
    else:
        strength = strengths[kind]
    return strength << 24 | kind << 20 | _pack(ordered)


def _unpack(key: int) -> tuple[int, list[int]]:
    """Kind and the non-zero ranks of a high or low key."""
    value = -key if key < 0 else key
    ranks = [value >> shift & 15 for shift in (16, 12, 8, 4, 0)]
    return value >> 20 & 15, [rank for rank in ranks if rank]


@cache  # a replay names every winner and every shown hand; few keys recur
def describe(key: int) -> str:
    """PokerStars' words for a key: "two pair, Queens and Sevens", "a flush, Ace high", "8,7,6,3,A".

    >>> from studbook.cards import parse_cards
    >>> describe(high(parse_cards("Ah Kh Qh Jh Th 2c 2d")))
    'a Royal Flush'
    """
    kind, ranks = _unpack(key)
    if key < 0 and -key & _DEUCE_SEVEN:  # 2-7: like razz, but a straight or a flush is named
        if kind in (STRAIGHT, FLUSH, FULL_HOUSE, QUADS, STRAIGHT_FLUSH):
            return describe(kind << 20 | (-key & 0xFFFFF))
        return ",".join(RANK_CHARS[rank - 2] for rank in ranks)
    if key < 0:
        return ",".join(_LOW_CHARS[rank] for rank in ranks)
    first, last = ranks[0], ranks[-1]
    if kind == HIGH_CARD:
        return f"high card {_SINGULAR[first]}"
    if kind == PAIR:
        return f"a pair of {_PLURAL[first]}"
    if kind == TWO_PAIR:
        return f"two pair, {_PLURAL[first]} and {_PLURAL[ranks[2]]}"
    if kind == TRIPS:
        return f"three of a kind, {_PLURAL[first]}"
    if kind == STRAIGHT:
        return f"a straight, {_SINGULAR[last]} to {_SINGULAR[first]}"
    if kind == FLUSH:
        return f"a flush, {_SINGULAR[first]} high"
    if kind == FULL_HOUSE:
        return f"a full house, {_PLURAL[first]} full of {_PLURAL[last]}"
    if kind == QUADS:
        return f"four of a kind, {_PLURAL[first]}"
    if kind == STRAIGHT_FLUSH:
        if first == 14:
            return "a Royal Flush"
        return f"a straight flush, {_SINGULAR[last]} to {_SINGULAR[first]}"
    return "figuras, " + "-".join(RANK_CHARS[rank - 2] for rank in ranks)


def used_cards(cards: Sequence[Card], key: int) -> tuple[Card, ...]:
    """The cards that make ``key`` out of ``cards``, in key order (for odd chips by suit, C30).

    Where the player holds spare cards of a used rank, the higher suit is taken.

    >>> from studbook.cards import parse_cards
    >>> hand = parse_cards("8c 8s Kd 5h 3c 3d 2s")
    >>> " ".join(map(str, used_cards(hand, high(hand))))
    '8s 8c 3d 3c Kd'
    """
    kind, ranks = _unpack(key)
    ranks = [14 if rank == 1 else rank for rank in ranks]
    pool = sorted(cards, reverse=True)
    if (key >= 0 or -key & _DEUCE_SEVEN) and kind in (FLUSH, STRAIGHT_FLUSH):
        suit = next(suit for suit in range(3, -1, -1)
                    if set(ranks) <= {card.rank for card in pool if card.suit_order == suit})
        pool = [card for card in pool if card.suit_order == suit]
    chosen: list[Card] = []
    for rank in ranks:
        chosen.append(next(card for card in pool if card.rank == rank and card not in chosen))
    return tuple(chosen)
