"""What the site dialects share: whole-line tokens in, a :class:`Hand` out.

Each site grammar turns a hand into one token per line (one terminal per line kind) and a few
structural rules. A terminal's capturing groups are its fields (see ``common.lark``): the
transformer compiles every terminal's own regexp once and unpacks the groups of each token.

The transformer runs *inline* in Lark's LALR parser, so no parse tree is built. LALR reduces
rules left to right, which is what makes this work: the header and the seat list have been read
before the first ante, and a street marker has set the street before its deal lines are read.
Each rule callback simply handles its tokens in order; the grammar has already checked the order.
The fast path (``linescan.py``) calls the same line handlers without Lark, in the same order.
"""

from __future__ import annotations

import re
import threading
from collections.abc import Callable, Iterable
from dataclasses import fields
from datetime import datetime
from functools import cached_property, lru_cache, partial
from typing import ClassVar, TypeVar
from zoneinfo import ZoneInfo

from lark import Lark, Token, Transformer
from lark.exceptions import UnexpectedInput, UnexpectedToken

from studbook.cards import Card, CardError, parse_card
from studbook.events import (
    Bet,
    BringIn,
    Call,
    Check,
    Complete,
    Deal,
    Event,
    Fold,
    Muck,
    Note,
    PostAnte,
    Raise,
    Show,
    Street,
    StreetStart,
    UncalledReturn,
)
from studbook.grammar.dialect import GRAMMAR_DIR, Dialect, HandSyntaxError
from studbook.grammar.linescan import Handler, LineScanner, NotRegular
from studbook.grammar.reader import Block
from studbook.hand import Hand, Seat, Source, Summary, SummarySeat
from studbook.money import AmountError, parse_amount

# The abbreviations the sites print, as IANA zones (DST included: PokerStars writes "CET" and
# "ET" all year round for the local civil time).
TIMEZONES: dict[str, str] = {
    "ET": "America/New_York", "EST": "America/New_York", "EDT": "America/New_York",
    "CT": "America/Chicago", "MT": "America/Denver", "PT": "America/Los_Angeles",
    "AT": "America/Halifax", "NT": "America/St_Johns", "AKT": "America/Anchorage",
    "HST": "Pacific/Honolulu", "BRT": "America/Sao_Paulo", "ART": "America/Argentina/Buenos_Aires",
    "UTC": "UTC", "GMT": "UTC", "WET": "Europe/Lisbon", "CET": "Europe/Paris",
    "CEST": "Europe/Paris", "EET": "Europe/Helsinki", "EEST": "Europe/Helsinki",
    "MSK": "Europe/Moscow", "IST": "Asia/Kolkata", "CCT": "Asia/Shanghai", "JST": "Asia/Tokyo",
    "AWST": "Australia/Perth", "ACST": "Australia/Darwin", "AEST": "Australia/Sydney",
    "AET": "Australia/Sydney", "NZT": "Pacific/Auckland",
}
_EASTERN = ZoneInfo("America/New_York")

CURRENCIES = {"$": "USD", "€": "EUR", "£": "GBP"}
STRUCTURES = {"limit": "limit", "fixed limit": "limit", "pot limit": "pot-limit", "no limit": "no-limit"}

# Street marker terminals of both grammars.
MARKER_STREETS = {
    "SECOND": Street.SECOND, "THIRD": Street.THIRD, "FOURTH": Street.FOURTH,
    "FIFTH": Street.FIFTH, "SIXTH": Street.SIXTH, "SEVENTH": Street.SEVENTH, "RIVER": Street.SEVENTH,
}

# Cards dealt per street as (down, up), by variant.
_SEVEN_CARD = {Street.THIRD: (2, 1), Street.FOURTH: (0, 1), Street.FIFTH: (0, 1),
               Street.SIXTH: (0, 1), Street.SEVENTH: (1, 0)}
_FIVE_CARD = {Street.SECOND: (1, 1), Street.THIRD: (0, 1), Street.FOURTH: (0, 1), Street.FIFTH: (0, 1)}
LAYOUTS: dict[str, dict[Street, tuple[int, int]]] = {
    "stud": _SEVEN_CARD, "stud8": _SEVEN_CARD, "razz": _SEVEN_CARD, "stud5": _FIVE_CARD,
}
_FIRST_STREET = {variant: min(layout) for variant, layout in LAYOUTS.items()}

Cards = tuple[Card, ...]

# Amounts repeat all the time within a table ("$0.02", "$0.04"): parse each text once.
_amount = lru_cache(maxsize=8192)(parse_amount)
# The amounts already read for a hand's currency (None: chips), each written amount to its minor units;
# whether a written amount is right depends on that currency alone.
_CHECKED_AMOUNTS: dict[str | None, dict[str, int]] = {}
_CHECKED_AMOUNTS_SIZE = 8192

_POT_PART = re.compile(r" (Main|Side) pot(?:-\d+)? (\S+)\.")
_CARD_BRACKETS = re.compile(r"\[([^\]]*)\](?: \[([^\]]*)\])?")


@lru_cache(maxsize=4096)  # most brackets hold one card or a player's own few: each text is read once
def _cards(text: str) -> Cards:
    """The cards of ``Ah Kd`` (CardError when one is not a card; errors are not cached)."""
    return tuple(map(parse_card, text.split(" ")))


T = TypeVar("T")


def slot_setter(cls: type[T]) -> Callable[..., T]:
    """A constructor of the frozen, slotted dataclass ``cls`` that takes every field, in order, and
    sets the slots directly: the same object as ``cls(...)`` in about half the time, since a frozen
    dataclass's ``__init__`` goes through ``object.__setattr__`` for each field (events are most
    of what a parse allocates)."""
    if hasattr(cls, "__post_init__") or not hasattr(cls, "__slots__") or not all(f.init for f in fields(cls)):
        raise TypeError(f"{cls.__name__} needs its own __init__")
    names = [field.name for field in fields(cls)]
    scope: dict[str, object] = {"new": object.__new__, "cls": cls}
    scope.update((f"set_{name}", getattr(cls, name).__set__) for name in names)
    body = "".join(f"    set_{name}(made, {name})\n" for name in names)
    exec(f"def make({', '.join(names)}):\n    made = new(cls)\n{body}    return made\n", scope)
    return scope["make"]  # type: ignore[return-value]


_post_ante, _bring_in, _check, _fold = map(slot_setter, (PostAnte, BringIn, Check, Fold))
_bet, _call, _raise, _complete = map(slot_setter, (Bet, Call, Raise, Complete))
_deal, _street_start, _uncalled = map(slot_setter, (Deal, StreetStart, UncalledReturn))
_show, _muck, _note = map(slot_setter, (Show, Muck, Note))
_seat, _summary_seat = slot_setter(Seat), slot_setter(SummarySeat)


def _is_card(text: str) -> bool:
    try:
        parse_card(text)
    except CardError:
        return False
    return True


class FieldError(ValueError):
    """A field of a line that the grammar accepted but whose value is wrong (raised by helpers);
    ``field`` says which of the helper's inputs is at fault."""

    def __init__(self, message: str, field: int = 0) -> None:
        super().__init__(message)
        self.field = field


def local_time(date: str, time: str, zone: str, et_date: str | None, et_time: str | None) -> datetime:
    """The header's local time with its zone; the bracketed ET time, when written, must agree."""
    if zone not in TIMEZONES:
        raise FieldError(f"unknown time zone {zone!r}", field=2)
    when = _aware(date, time, ZoneInfo(TIMEZONES[zone]))
    if et_date is None or et_time is None:
        return when
    eastern = _aware(et_date, et_time, _EASTERN, field=3)
    for candidate in (when, when.replace(fold=1)):  # an hour that repeats when DST ends
        if candidate == eastern:
            return candidate
    raise FieldError(f"local time {date} {time} {zone} is not the ET time in brackets, {et_date} {et_time}",
                     field=3)


def _aware(date: str, time: str, zone: ZoneInfo, field: int = 0) -> datetime:
    year, month, day = date.split("/")
    hour, minute, second = time.split(":")
    try:
        return datetime(int(year), int(month), int(day), int(hour), int(minute), int(second), tzinfo=zone)
    except ValueError as error:
        raise FieldError(f"bad date or time {date} {time}: {error}", field) from None


def split_deal(variant: str, street: Street, first: Cards, second: Cards) -> tuple[Cards, Cards, Cards]:
    """(down, up, shown_before) of one ``Dealt to`` line, from the street layout of the variant.

    On a variant's first street every card in the line is new (Full Tilt brackets the down
    cards apart: ``[5s 2h] [Th]``); an opponent's line shows only the up card. On later streets
    a second bracket holds the new card and the first repeats the cards shown before.
    """
    down, up = LAYOUTS[variant][street]
    if street == _FIRST_STREET[variant]:
        new, shown = first + second, ()
        if len(new) == up:
            return (), new, ()
    else:
        new, shown = (second, first) if second else (first, ())
    if len(new) != down + up:
        raise FieldError(f"{street.label} street deals {down + up} card(s) to a player, not {len(new)}")
    return new[:down], new[down:], shown


class HandState:
    """What is known of the hand being parsed: header facts, seats, events, summary."""

    def __init__(self, block: Block) -> None:
        self.block = block
        self.offset = block.first_line - 1  # block-relative line + offset = line of the file
        self.facts: dict[str, object] = {}
        self.variant = ""
        self.currency: str | None = None
        self.decimals = 0
        self.amounts = _CHECKED_AMOUNTS.setdefault(None, {})
        self.seats: dict[str, Seat] = {}
        self.seat_numbers: dict[int, Seat] = {}
        self.street: Street | None = None
        self.events: list[Event] = []
        self.summary: dict[str, object] = {}
        self.summary_seats: list[SummarySeat] = []

    def set_money(self, currency: str | None) -> None:
        self.currency = currency
        self.decimals = 2 if currency else 0
        self.amounts = _CHECKED_AMOUNTS.setdefault(currency, {})

    def add_seat(self, seat: Seat) -> None:
        if seat.player in self.seats or seat.seat in self.seat_numbers:
            raise FieldError(f"seat {seat.seat} ({seat.player}) is listed twice")
        self.seats[seat.player] = self.seat_numbers[seat.seat] = seat

    def seated_prefix(self, text: str, separator: str) -> str | None:
        """The longest seat name that starts ``text`` followed by ``separator`` (rarely needed:
        names holding a bracket, and error messages)."""
        for name in sorted(self.seats, key=len, reverse=True):
            if text.startswith(name) and text.startswith(separator, len(name)):
                return name
        return None


Match = re.Match[str]


class HandTransformer(Transformer):
    """Inline LALR transformer shared by the dialects: one handler per line terminal.

    A handler ``on_<terminal>`` receives the line number of the token (in the block, 1-based) and
    the match of the terminal's own regexp. Subclasses add the site's header handlers, name the
    note terminals and describe the terminals for error messages. One instance serves one parse at
    a time (see StudDialect).
    """

    site: ClassVar[str]
    notes: ClassVar[dict[str, str]]  # note terminal -> Note.kind
    variants: ClassVar[dict[str, str]]  # lower-case game name -> studbook variant
    expected: ClassVar[dict[str, str]]  # terminal -> how an error message names it

    def __init__(self) -> None:
        super().__init__(visit_tokens=False)
        self.regexps: dict[str, re.Pattern[str]] = {}
        self.handlers: dict[str, Handler] = {}
        self.hand = HandState(Block("", 1, [], None))

    def bind(self, parser: Lark) -> None:
        """Compile each line terminal's regexp and find its handler."""
        for terminal in parser.terminals:
            name = terminal.name
            self.regexps[name] = re.compile(terminal.pattern.to_regexp())
            if name in self.notes:
                self.handlers[name] = partial(self.on_note, self.notes[name])
            elif name in MARKER_STREETS:
                self.handlers[name] = partial(self.on_street, MARKER_STREETS[name])
            elif name not in parser.ignore_tokens:
                self.handlers[name] = getattr(self, "on_" + name.lower())

    def begin(self, block: Block) -> HandTransformer:
        self.hand = HandState(block)
        return self

    # ---- rule callbacks: the grammar fixed the order, so each just handles its lines ----------

    def _lines(self, tokens: list[Token]) -> None:
        handlers, regexps = self.handlers, self.regexps
        for token in tokens:
            handlers[token.type](token.line, regexps[token.type].match(token.value))

    header = seats = antes = street = showdown = summary = _lines

    def start(self, _sections: list[None]) -> Hand:
        hand, block = self.hand, self.hand.block
        summary = Summary(seats=tuple(hand.summary_seats), **hand.summary)
        return Hand(site=self.site, seats=tuple(hand.seats.values()), events=tuple(hand.events),
                    source=Source(block.file, block.first_line, block.last_line), summary=summary,
                    **hand.facts)

    # ---- field helpers ---------------------------------------------------------------------

    @staticmethod
    def error(line: int, match: Match, group: int, message: str) -> HandSyntaxError:
        """An error pointing at one field of a line (block-relative line, 1-based column)."""
        start = match.start(group) if group and match.start(group) >= 0 else 0
        return HandSyntaxError(line, start + 1, message)

    def player(self, line: int, match: Match, group: int = 1) -> str:
        name = match.group(group)
        if name not in self.hand.seats:
            raise self.error(line, match, group, f"{name!r} is not in the seat list")
        return name

    def money(self, line: int, match: Match, group: int) -> int:
        """An amount in the hand's minor units; its currency sign must be the hand's."""
        text = match.group(group)
        amount = self.hand.amounts.get(text)
        return self.new_money(line, match, group) if amount is None else amount

    def new_money(self, line: int, match: Match, group: int) -> int:
        """:meth:`money` for a written amount not yet read in the hand's currency: checked, then kept."""
        text = match.group(group)
        currency = self.hand.currency
        if CURRENCIES.get(text[0]) != currency:
            problem = (f"has no {currency} sign in a {currency} hand" if text[0] not in CURRENCIES
                       else f"is not in the hand's {currency or 'chips'}")
            raise self.error(line, match, group, f"amount {text!r} {problem}")
        try:
            amount = parse_amount(text, self.hand.decimals)
        except AmountError as error:
            raise self.error(line, match, group, str(error)) from None
        if len(self.hand.amounts) >= _CHECKED_AMOUNTS_SIZE:
            self.hand.amounts.clear()
        self.hand.amounts[text] = amount
        return amount

    @staticmethod
    def cards(line: int, match: Match, group: int) -> Cards:
        """The cards of a bracket field, each checked where it stands."""
        try:
            return _cards(match.group(group))
        except CardError:
            raise HandTransformer.bad_card(line, match.group(group), match.start(group)) from None

    @staticmethod
    def cards_at(line: int, text: str, start: int) -> Cards:
        """Cards written ``Ah Kd`` from column ``start`` (0-based) of a line."""
        try:
            return _cards(text)
        except CardError:
            raise HandTransformer.bad_card(line, text, start) from None

    @staticmethod
    def bad_card(line: int, text: str, start: int) -> HandSyntaxError:
        """The error for the first word of ``text`` (at column ``start``, 0-based) that is not a card."""
        parts = text.split(" ")
        bad = next(index for index, part in enumerate(parts) if not _is_card(part))
        column = start + sum(len(part) + 1 for part in parts[:bad]) + 1
        return HandSyntaxError(line, column, f"{parts[bad]!r} is not a card (rank 2-9TJQKA, suit cdhs)")

    def header_facts(self, line: int, match: Match, game: int, structure: int,
                     when: tuple[int, ...], **facts: object) -> None:
        """Record what every header says: variant, betting structure and start time.

        ``when`` holds the groups of the local date, time and zone, then the ET date and time.
        """
        variant = self.variants.get(match.group(game).lower())
        if variant is None:
            raise self.error(line, match, game, f"{match.group(game)!r} is not a stud game")
        try:
            start_time = local_time(*match.group(*when))
        except FieldError as error:
            raise self.error(line, match, when[error.field], str(error)) from None
        self.hand.variant = variant
        self.hand.facts.update(facts, variant=variant, start_time=start_time,
                               structure=STRUCTURES[match.group(structure).lower()])

    @staticmethod
    def currency_of(*texts: str | None) -> str | None:
        """USD/EUR/GBP from a currency sign or an ISO code; None when the stakes are chips."""
        for text in texts:
            if text and text[0] in CURRENCIES:
                return CURRENCIES[text[0]]
            if text in CURRENCIES.values():
                return text
        return None

    # ---- seats and actions: each builds its event with the fields in the order its class lists
    # them (see slot_setter), reading the fields left to right so the first bad one is reported ----

    def emit(self, event: Event) -> None:
        self.hand.events.append(event)

    def on_seat(self, line: int, match: Match) -> None:
        number, name, _stack, out = match.groups()
        try:
            self.hand.add_seat(_seat(int(number), name, self.money(line, match, 3), bool(out)))
        except FieldError as error:
            raise self.error(line, match, 1, str(error)) from None

    def _paying(self, make: Callable[..., Event], line: int, match: Match) -> None:
        """An ante, bring-in, bet, call or complete line: player (group 1), amount (2), all-in flag (3)."""
        hand = self.hand
        hand.events.append(make(hand.offset + line, self.player(line, match),
                                self.money(line, match, 2), bool(match.group(3))))

    def on_ante(self, line: int, match: Match) -> None:
        self._paying(_post_ante, line, match)

    def on_bring_in(self, line: int, match: Match) -> None:
        self._paying(_bring_in, line, match)

    def on_check(self, line: int, match: Match) -> None:
        hand = self.hand
        hand.events.append(_check(hand.offset + line, self.player(line, match)))

    def on_fold(self, line: int, match: Match) -> None:
        hand = self.hand
        hand.events.append(_fold(hand.offset + line, self.player(line, match)))

    def on_bet(self, line: int, match: Match) -> None:
        self._paying(_bet, line, match)

    def on_call(self, line: int, match: Match) -> None:
        self._paying(_call, line, match)

    def on_raise(self, line: int, match: Match) -> None:
        """``raises $2 to $4``: increment, then street total."""
        by, to = self.money(line, match, 2), self.money(line, match, 3)
        hand = self.hand
        hand.events.append(_raise(hand.offset + line, self.player(line, match), to, by, bool(match.group(4))))

    def on_raise_to(self, line: int, match: Match) -> None:
        """``raises to $4``: the street total only."""
        hand = self.hand
        hand.events.append(_raise(hand.offset + line, self.player(line, match), self.money(line, match, 2),
                                  None, bool(match.group(3))))

    def on_complete(self, line: int, match: Match) -> None:
        self._paying(_complete, line, match)

    def on_uncalled(self, line: int, match: Match) -> None:
        """``Uncalled bet (AMOUNT) returned to NAME``: the amount comes first."""
        hand = self.hand
        hand.events.append(_uncalled(hand.offset + line, self.player(line, match, 2),
                                     self.money(line, match, 1)))

    def on_show(self, line: int, match: Match) -> None:
        hand = self.hand
        hand.events.append(_show(hand.offset + line, self.player(line, match), self.cards(line, match, 2),
                                 match.group(3) or ""))

    def on_muck(self, line: int, match: Match) -> None:
        hand = self.hand
        hand.events.append(_muck(hand.offset + line, self.player(line, match), ()))

    def on_note(self, kind: str, line: int, match: Match) -> None:
        """Chat, joins, timeouts...: kept as written; the player, if named, need not be seated."""
        player = match.group(1) if match.re.groups else None
        hand = self.hand
        hand.events.append(_note(hand.offset + line, kind, match.string[:-1], player))

    # ---- streets and deals -----------------------------------------------------------------

    def on_street(self, street: Street, line: int, match: Match) -> None:
        hand = self.hand
        if street not in LAYOUTS[hand.variant]:
            raise HandSyntaxError(line, 1, f"{hand.variant} has no {street.label} street")
        hand.street = street
        hand.events.append(_street_start(hand.offset + line, street, self.community(line, match)))

    def community(self, line: int, match: Match) -> Cards:
        """The community card a street marker deals, if the site writes one there."""
        return ()

    def on_deal(self, line: int, match: Match) -> None:
        hand = self.hand
        name = match.group(1)
        if name in hand.seats:
            first = self.cards(line, match, 2)
            second = self.cards(line, match, 3) if match.group(3) is not None else ()
        else:  # "Dealt to PC [Mittel] [5c]": the name itself holds a bracket
            name, first, second = self.resolve_deal(line, match)
        street = hand.street
        assert street is not None  # the grammar puts deals after a street marker
        try:
            down, up, shown = split_deal(hand.variant, street, first, second)
        except FieldError as error:
            raise self.error(line, match, 2, str(error)) from None
        hand.events.append(_deal(hand.offset + line, street, name, down, up, shown))

    def resolve_deal(self, line: int, match: Match) -> tuple[str, Cards, Cards]:
        """Player and cards of a ``Dealt to`` line, by the longest seat name it starts with."""
        start = match.start(1)
        body = match.string[start:-1]
        name = self.hand.seated_prefix(body, " [")
        brackets = _CARD_BRACKETS.fullmatch(body, len(name) + 1) if name else None
        if name is None or brackets is None:
            raise self.error(line, match, 1, f"no seated player is dealt in {body!r}")
        first, second = (self.cards_at(line, brackets.group(group), start + brackets.start(group))
                         if brackets.group(group) else () for group in (1, 2))
        return name, first, second

    # ---- summary ---------------------------------------------------------------------------

    def on_show_down(self, line: int, match: Match) -> None:
        """The showdown marker starts no street; the Show/Muck/Collect lines carry the facts."""

    def on_summary(self, line: int, match: Match) -> None:
        """The summary marker; its lines follow."""

    def on_total_pot(self, line: int, match: Match) -> None:
        parts = [(kind, self.money_text(line, match, amount)) for kind, amount in
                 _POT_PART.findall(match.group(2))]
        self.hand.summary.update(
            total_pot=self.money(line, match, 1), rake=self.money(line, match, 3),
            main_pot=next((amount for kind, amount in parts if kind == "Main"), None),
            side_pots=tuple(amount for kind, amount in parts if kind == "Side"))

    def money_text(self, line: int, match: Match, text: str) -> int:
        """An amount found inside a field (the pot parts of a total line)."""
        try:
            return _amount(text, self.hand.decimals)
        except AmountError as error:
            raise self.error(line, match, 2, str(error)) from None

    def summary_seat(self, line: int, match: Match, outcome: str, amount: int | None = None,
                     cards: int | None = None) -> None:
        """A ``Seat N: NAME ...`` summary line: the seat number decides who NAME must be."""
        number, name = int(match.group(1)), match.group(2)
        hand = self.hand
        seat = hand.seat_numbers.get(number)
        if seat is None or seat.player != name:
            who = f"seat {number} is {seat.player!r}" if seat else f"there is no seat {number}"
            raise self.error(line, match, 2, f"summary names {name!r} but {who}")
        text = match.string[match.end(2) + 1:-1]
        shown = self.cards(line, match, cards) if cards and match.group(cards) is not None else ()
        hand.summary_seats.append(_summary_seat(hand.offset + line, number, name, outcome, amount, shown,
                                                text))

    def on_seat_folded(self, line: int, match: Match) -> None:
        self.summary_seat(line, match, "folded")

    def on_seat_collected(self, line: int, match: Match) -> None:
        self.summary_seat(line, match, "collected", self.money(line, match, 3))

    def on_seat_won(self, line: int, match: Match) -> None:
        self.summary_seat(line, match, "won", self.money(line, match, 4), cards=3)

    def on_seat_lost(self, line: int, match: Match) -> None:
        self.summary_seat(line, match, "lost", cards=3)

    def on_seat_mucked(self, line: int, match: Match) -> None:
        self.summary_seat(line, match, "mucked", cards=3)

    def on_seat_sitting_out(self, line: int, match: Match) -> None:
        self.summary_seat(line, match, "sitting_out")

    # ---- errors ----------------------------------------------------------------------------

    def syntax_error(self, error: UnexpectedInput, text: str, expected: set[str]) -> HandSyntaxError:
        """Lark's error as a sentence: the line found, and the kinds of line that would fit."""
        lines = text.split("\n")
        wanted = self.describe(expected)
        if isinstance(error, UnexpectedToken) and error.token.type == "$END":
            last = len(lines) - 1  # the text ends with a newline
            return HandSyntaxError(last, len(lines[last - 1]) + 1,
                                   f"the hand ends too early, after {lines[last - 1]!r}; expected {wanted}")
        found = lines[error.line - 1]
        if isinstance(error, UnexpectedToken):
            message = f"{found!r} is out of place here; expected {wanted}"
            return HandSyntaxError(error.line, error.column, message)
        actor = self.hand.seated_prefix(found, ": ") or self.hand.seated_prefix(found, " ")
        if actor:
            rest = found[len(actor):].lstrip(":").lstrip()
            return HandSyntaxError(error.line, len(found) - len(rest) + 1,
                                   f"unknown action {rest!r} by {actor}; expected {wanted}")
        return HandSyntaxError(error.line, error.column, f"unrecognised line {found!r}; expected {wanted}")

    def describe(self, terminals: Iterable[str]) -> str:
        """Friendly names of terminals, each once, in the order the dialect lists them."""
        wanted = set(terminals)
        names = dict.fromkeys(phrase for name, phrase in self.expected.items() if name in wanted)
        names.update(dict.fromkeys(name.lower() for name in sorted(wanted - set(self.expected))))
        phrases = list(names) or ["nothing"]
        return phrases[0] if len(phrases) == 1 else ", ".join(phrases[:-1]) + " or " + phrases[-1]


class StudDialect(Dialect):
    """A site whose hands a Lark grammar of whole-line terminals and a HandTransformer read."""

    transformer_class: ClassVar[type[HandTransformer]]
    game_groups: ClassVar[dict[str, int]]  # header terminal -> group of the game's name, in Lark's order

    @cached_property
    def _transformer(self) -> HandTransformer:
        return self.transformer_class()

    @cached_property
    def _lock(self) -> threading.Lock:
        return threading.Lock()

    @cached_property
    def parser(self) -> Lark:
        """The LALR parser, the transformer inline; building it binds the transformer."""
        parser = self._lark(transformer=self._transformer)
        self._transformer.bind(parser)
        return parser

    @cached_property
    def _bound(self) -> HandTransformer:
        """The transformer, its terminal regexps compiled."""
        return self.parser.options.transformer

    @cached_property
    def _checker(self) -> Lark:
        """The same grammar without the transformer: replays a failed parse to list exactly the
        line kinds that could have come next (Lark's interactive parser), callbacks left aside."""
        return self._lark(transformer=None)

    def _lark(self, transformer: Transformer | None) -> Lark:
        return Lark.open(str(GRAMMAR_DIR / self.grammar_file), parser="lalr", transformer=transformer,
                         propagate_positions=False, maybe_placeholders=False)

    def transformer(self, block: Block) -> HandTransformer:
        return self._bound.begin(block)

    @cached_property
    def _scanner(self) -> LineScanner | None:
        """The fast path (grammar/linescan.py), when the grammar is a plain sequence of line kinds."""
        try:
            return LineScanner(self.parser, self._bound.regexps, self._bound.handlers)
        except NotRegular:
            return None

    def parse(self, block: Block) -> Hand:
        with self._lock:  # the inline transformer holds the state of one hand
            transformer = self.transformer(block)
            if self._scanned(block):  # the handlers ran as Lark would run them
                return transformer.start([])
            transformer.begin(block)  # whatever the fast path did is discarded
            text = block.text + "\n"
            try:
                return self.parser.parse(text)
            except UnexpectedInput as error:
                raise self._transformer.syntax_error(error, text, self._next_kinds(text, error)) from None

    def _scanned(self, block: Block) -> bool:
        """Whether the fast path read the whole block (its handlers are those of the transformer that
        :meth:`transformer` began). There a handler runs before the order of the lines is checked,
        and Lark reports a fault in the order first: so any exception of a handler also leaves the
        block to Lark, which raises the right error."""
        if self._scanner is None:
            return False
        try:
            return self._scanner.scan(block.lines)
        except Exception:
            return False

    def _next_kinds(self, text: str, error: UnexpectedInput) -> set[str]:
        try:
            self._checker.parse(text)
        except UnexpectedInput as replayed:
            if replayed.interactive_parser is not None:
                return set(replayed.interactive_parser.accepts())
        return set(getattr(error, "expected", None) or getattr(error, "allowed", None) or ())

    def _game(self, header_line: str) -> str | None:
        """The game a header names, when one of the header terminals reads the line (the first in
        ``game_groups``). When the scanner reads it as a header, that is the same terminal (the
        first in Lark's order that matches), and its match is remembered for the parse."""
        scanner = self._scanner
        match = (scanner.cache.get(header_line) or scanner.classify(header_line)) if scanner else None
        if match is not None and scanner.terminal[match.re] in self.game_groups:
            return match.group(self.game_groups[scanner.terminal[match.re]])
        regexps = self._bound.regexps
        for name, group in self.game_groups.items():
            match = regexps[name].match(header_line + "\n")
            if match:
                return match.group(group)
        return None

    def game_name(self, header_line: str) -> str:
        return self._game(header_line) or header_line.partition(": ")[2].strip()

    def variant(self, header_line: str) -> str | None:
        """The variant of a readable header, None for another game. A header too damaged to
        read is given to :meth:`parse` anyway (as "stud"), so it is reported, not skipped."""
        game = self._game(header_line)
        return "stud" if game is None else self._transformer.variants.get(game.lower())
