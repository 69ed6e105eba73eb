"""What the XML dialects share (iPoker, Merge): a block's element back from its text, and a hand built from
elements into the same events a text log gives.

A block's XML was written by grammar/xmlread.py from the file's own element, so it is parsed again with the
same hardened parser; an element's ``sourceline`` counts from the block's first line, which is the line of
the ``<game>`` start tag in the file. Both sites write most actions by the chips they add, so the street
totals of raises, completions and all-ins come from a :class:`StreetMoney` as for PartyPoker.
"""

from __future__ import annotations

import re
from dataclasses import replace
from typing import ClassVar

from lxml import etree

from studbook.cards import Card
from studbook.cards import CardError
from studbook.cards import parse_card
from studbook.events import UNKNOWN_LINE
from studbook.events import Bet
from studbook.events import BringIn
from studbook.events import Call
from studbook.events import Check
from studbook.events import Complete
from studbook.events import Deal
from studbook.events import Event
from studbook.events import Fold
from studbook.events import Note
from studbook.events import PostAnte
from studbook.events import Raise
from studbook.events import Street
from studbook.events import StreetStart
from studbook.events import UncalledReturn
from studbook.grammar.dialect import GAME_NOT_IN_HEADER
from studbook.grammar.dialect import Dialect
from studbook.grammar.dialect import HandSyntaxError
from studbook.grammar.records import Block
from studbook.grammar.transform import StreetMoney
from studbook.grammar.xmlread import Element
from studbook.grammar.xmlread import hardened_parser
from studbook.hand import Hand
from studbook.hand import Seat
from studbook.money import AmountError
from studbook.money import parse_amount
from studbook.rules.variants import Variant


def fault(element: Element, message: str) -> HandSyntaxError:
    """An error at an element of a block (its start tag's line, block-relative)."""
    return HandSyntaxError(element.sourceline or 1, 1, f"<{element.tag}>: {message}")


def attribute(element: Element, name: str) -> str:
    """An attribute the element must have."""
    value = element.get(name)
    if value is None:
        raise fault(element, f"no {name}= attribute")
    return value


def integer(element: Element, name: str) -> int:
    """An attribute that must be a whole number (a seat, an order, a pot's number)."""
    text = attribute(element, name)
    if not text.isdigit():
        raise fault(element, f"{name}={text!r} is not a number")
    return int(text)


class XmlDialect(Dialect):
    """A site whose hands are ``<game>`` elements: it claims its own, and parses a block's XML again; a
    site module says which attribute names its games, and reads a game with its context."""

    kind = "xml"
    tag_attribute: ClassVar[str]  # the attribute of <game> that names the hand and tells the site

    def __init_subclass__(cls, **kwargs: object) -> None:
        super().__init_subclass__(**kwargs)
        cls.header = re.compile(rf'<game {cls.tag_attribute}="(?P<hand_id>[^"]+)"')

    def claims(self, game: Element) -> bool:
        return game.get(self.tag_attribute) is not None

    def other_game(self, block: Block) -> str | None:
        return self.game_not_read(*self.elements(block))

    def parse(self, block: Block) -> Hand:
        return self.read(block, *self.elements(block))

    def game_not_read(self, game: Element, context: Element) -> str | None:
        """The game as the site names it when it is no stud game studbook reads, else None."""
        raise NotImplementedError

    def read(self, block: Block, game: Element, context: Element) -> Hand:
        """The hand of a ``<game>`` and its context."""
        raise NotImplementedError

    def variant(self, header_line: str) -> str | None:
        return GAME_NOT_IN_HEADER  # the game is read from the elements (other_game)

    def game_name(self, header_line: str) -> str:
        return header_line

    @staticmethod
    def elements(block: Block) -> tuple[Element, Element]:
        """The block's ``<game>`` and its context (wrapped in one ``<context>`` element)."""
        parser = hardened_parser()
        try:
            game = etree.fromstring(block.text, parser)
            context = etree.fromstring(f"<context>{block.context}</context>", parser)
        except etree.XMLSyntaxError as error:  # only a block made by hand, not by the reader
            line, column = error.position
            raise HandSyntaxError(line, column, f"not well-formed XML: {error.msg}") from None
        return game, context


class GameBuilder:
    """The events of one XML game, in the order of play: each action's line is its element's line in the
    file, and amounts written as chips added become the street totals studbook's events carry."""

    def __init__(self, block: Block, variant: Variant, currency: str | None) -> None:
        self.offset = block.first_line - 1
        self.variant = variant
        self.currency = currency
        self.decimals = 2 if currency else 0
        self.events: list[Event] = []
        self.seats: dict[str, Seat] = {}
        self.ledger = StreetMoney()
        self.street: Street | None = None
        self.folded: set[str] = set()
        self.returned: dict[str, int] = {}  # uncalled bets given back, by player
        self.dealt: set[str] = set()

    def at(self, element: Element) -> int:
        """The line of the element in the file."""
        return self.offset + (element.sourceline or 1)

    def parse(self, text: str) -> int:
        """A written amount in the hand's minor units."""
        return parse_amount(text, self.decimals)

    def money(self, element: Element, name: str) -> int:
        """An attribute's amount in the hand's minor units (``$1,440``, ``€0.05``, ``10.00`` chips)."""
        return self.written(element, attribute(element, name), f"{name}=")

    def written(self, element: Element, text: str, what: str) -> int:
        """An amount written in an element's text or attribute (``what`` names where), as one error at the
        element when it is not an amount (``$-1``, ``$1e308``)."""
        try:
            return self.parse(text)
        except AmountError as error:
            raise fault(element, f"{what}{text!r}: {error}") from None

    def seat(self, element: Element, number: int, player: str, stack: int) -> None:
        if player in self.seats or any(seat.seat == number for seat in self.seats.values()):
            raise fault(element, f"seat {number} ({player}) is listed twice")
        self.seats[player] = Seat(number, player, stack)
        self.ledger.seat(player, stack)

    def player(self, element: Element, name: str) -> str:
        if name not in self.seats:
            raise fault(element, f"{name!r} is not seated at this game")
        return name

    @staticmethod
    def card(element: Element, text: str) -> Card:
        try:
            return parse_card(text)
        except CardError:
            raise fault(element, f"{text!r} is not a card") from None

    # ---- streets and deals -----------------------------------------------------------------

    def start_street(self, element: Element, cards_held: int) -> None:
        """The street on which each player comes to hold ``cards_held`` cards (stud's numbering)."""
        try:
            street: Street | None = Street(cards_held)
        except ValueError:
            street = None
        if street is None or self.variant.spec(street) is None:
            raise fault(element, f"{self.variant.name} has no street with {cards_held} cards")
        self.return_uncalled(self.at(element))
        self.street = street
        self.ledger.new_street()
        self.events.append(StreetStart(self.at(element), street))

    def return_uncalled(self, line: int) -> None:
        """The street's bet that nobody matched (the others folded or are all in) goes back to its bettor:
        neither site writes it, and both count it in the bettor's win."""
        due = self.ledger.uncalled()
        if due is not None:
            player, amount = due
            self.ledger.pay(player, -amount)
            self.returned[player] = self.returned.get(player, 0) + amount
            self.events.append(UncalledReturn(line, player, amount))

    def deal(self, element: Element, player: str, new: list[Card | None]) -> None:
        """The cards new to a player on this street, None for one the log hides (a down card)."""
        assert self.street is not None
        spec = self.variant.spec(self.street)
        assert spec is not None
        if len(new) != spec.down + spec.up:
            raise fault(element, f"{self.street.label} street deals {spec.down + spec.up} card(s), "
                                 f"not {len(new)}")
        down = tuple(card for card in new[:spec.down] if card is not None)
        if None in new[spec.down:]:
            raise fault(element, f"an up card of {player} is not written")
        up = tuple(card for card in new[spec.down:] if card is not None)
        self.dealt.add(player)
        if down or up:  # an opponent's hidden 7th street card is no line of a text log either
            self.events.append(Deal(self.at(element), self.street, player, down, up))

    # ---- actions: amounts are the chips each adds, unless said otherwise -----------------------

    def ante(self, element: Element, player: str, added: int) -> None:
        self.ledger.pay(player, added)
        self.ledger.put.pop(player, None)  # antes are not bets of the street
        self.events.append(PostAnte(self.at(element), player, added, self.ledger.all_in(player)))

    def bring_in(self, element: Element, player: str, added: int) -> None:
        self.ledger.pay(player, added)
        self.events.append(BringIn(self.at(element), player, added, self.ledger.all_in(player)))

    def bet(self, element: Element, player: str, added: int) -> None:
        self.ledger.pay(player, added)
        self.events.append(Bet(self.at(element), player, added, self.ledger.all_in(player)))

    def call(self, element: Element, player: str, added: int) -> None:
        self.ledger.pay(player, added)
        self.events.append(Call(self.at(element), player, added, self.ledger.all_in(player)))

    def raise_to(self, element: Element, player: str, to: int, complete: bool = False) -> None:
        """A raise (or completion) to a street total."""
        self.ledger.pay(player, to - self.ledger.put.get(player, 0))
        at, all_in = self.at(element), self.ledger.all_in(player)
        event = Complete(at, player, to, all_in) if complete else Raise(at, player, to, None, all_in)
        self.events.append(event)

    def all_in(self, element: Element, player: str, added: int) -> None:
        """All in for the chips added: a bring-in, call, bet or raise, by what stands on the street."""
        top = self.ledger.top
        first = not any(isinstance(event, (BringIn, Bet, Call, Raise, Complete)) for event in self.events)
        total = self.ledger.put.get(player, 0) + added
        if first and self.street == self.variant.first_street:
            self.bring_in(element, player, added)
        elif total <= top:
            self.call(element, player, added)
        elif top == 0:
            self.bet(element, player, added)
        else:
            self.raise_to(element, player, total)

    def unknown(self, element: Element) -> None:
        """An element the site's format is not known to write, kept as an ``unknown-line`` note with its
        own text: left out, it must still let the money close (the replay warns of it)."""
        text = etree.tostring(element, encoding="unicode", with_tail=False)
        self.events.append(Note(self.at(element), UNKNOWN_LINE, " ".join(text.split())))

    def check(self, element: Element, player: str) -> None:
        self.events.append(Check(self.at(element), player))

    def fold(self, element: Element, player: str) -> None:
        self.folded.add(player)
        self.events.append(Fold(self.at(element), player))

    def live(self) -> list[str]:
        """The players dealt in who have not folded, in seat order."""
        return [player for player in self.seats if player in self.dealt and player not in self.folded]

    def seat_list(self) -> tuple[Seat, ...]:
        """The seats, a player dealt no card sitting out."""
        return tuple(seat if seat.player in self.dealt else replace(seat, sitting_out=True)
                     for seat in self.seats.values())

    def inferred_stakes(self) -> tuple[int, int]:
        """The small and big bet of a limit game whose log states none (a tournament's level), from its
        first bet not all in: a completion or bet of the first two streets is a small bet, a bet later a
        big bet (twice the small). With no such bet, four times the bring-in (iPoker's first tournament
        levels: bring-in 15, small bet 60): only the bring-in's being below the small bet depends on it
        then."""
        street = self.variant.first_street
        for event in self.events:
            if isinstance(event, StreetStart):
                street = event.street
            elif isinstance(event, Complete | Bet) and not event.all_in:
                amount = event.to if isinstance(event, Complete) else event.amount
                if street <= self.variant.first_street + 1:
                    return amount, 2 * amount
                return amount // 2, amount
        bring_in = next((event.amount for event in self.events if isinstance(event, BringIn)), 0)
        return 4 * bring_in, 8 * bring_in
