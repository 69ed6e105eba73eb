"""Playing cards as small ints, so evaluators can index tables with them.

A card's code is ``(rank - 2) * 4 + suit`` with ranks 2..14 (ace high) and suits in the
bring-in order of rules.md C2: clubs < diamonds < hearts < spades.

>>> card = parse_card("Ah")
>>> card.rank, card.suit, str(card)
(14, 'h', 'Ah')
>>> str(parse_card("10d"))
'Td'
>>> [str(c) for c in parse_cards("Kc 8s 2d")]
['Kc', '8s', '2d']
"""

from __future__ import annotations

RANK_CHARS = "23456789TJQKA"
SUIT_CHARS = "cdhs"


class CardError(ValueError):
    """Text that is not a card."""


class Card(int):
    """A card; an ``int`` subclass so sets, sorting and table lookups stay cheap."""

    __slots__ = ()

    def __new__(cls, rank: int, suit: str) -> Card:
        if not 2 <= rank <= 14 or suit not in SUIT_CHARS:
            raise CardError(f"no such card: rank {rank}, suit {suit!r}")
        return super().__new__(cls, (rank - 2) * 4 + SUIT_CHARS.index(suit))

    @property
    def rank(self) -> int:
        """2..14, ace high."""
        return int(self) // 4 + 2

    @property
    def suit(self) -> str:
        """One of ``c d h s``."""
        return SUIT_CHARS[int(self) % 4]

    @property
    def suit_order(self) -> int:
        """0 for clubs up to 3 for spades (rules.md C2)."""
        return int(self) % 4

    def __str__(self) -> str:
        return RANK_CHARS[self.rank - 2] + self.suit

    def __repr__(self) -> str:
        return f"Card({str(self)!r})"

    def __reduce__(self):  # pickling for worker processes
        return (Card, (self.rank, self.suit))


def _build_lookup() -> dict[str, Card]:
    table: dict[str, Card] = {}
    for rank_index, rank_char in enumerate(RANK_CHARS):
        for suit in SUIT_CHARS:
            card = Card(rank_index + 2, suit)
            for rank_text in (rank_char, rank_char.lower()) + (("10",) if rank_char == "T" else ()):
                for suit_text in (suit, suit.upper()):
                    table[rank_text + suit_text] = card
    return table


# Every way a card may be written (``Ah``, ``ah``, ``AH``, ``10d``...) to its Card: the 52 cards are built
# once, and reading a card is one lookup (the compiled parsers look up here rather than call parse_card,
# a call into this interpreted module for every card).
CARDS_BY_TEXT = _build_lookup()
Cards = tuple[Card, ...]  # cards as the parsers read them
ALL_CARDS: tuple[Card, ...] = tuple(sorted(set(CARDS_BY_TEXT.values())))


def parse_card(text: str) -> Card:
    """Parse ``Ah``, ``td``, ``10d``; raise :class:`CardError` otherwise."""
    try:
        return CARDS_BY_TEXT[text]
    except KeyError:
        raise CardError(f"not a card: {text!r}") from None


def parse_cards(text: str) -> tuple[Card, ...]:
    """Parse a space- or comma-separated list of cards."""
    return tuple(parse_card(part) for part in text.replace(",", " ").split())


def format_cards(cards: tuple[Card, ...] | list[Card]) -> str:
    """``Ah Kd`` form of a card list."""
    return " ".join(str(card) for card in cards)
