"""What the site dialects share: whole-line tokens in, a :class:`Hand` out.

Each site grammar turns a hand into one token per line (one terminal per line kind) and a few
structural rules. A terminal's capturing groups are its fields (see ``common.lark``): the
transformer compiles every terminal's own regexp once and unpacks the groups of each token.

The transformer runs *inline* in Lark's LALR parser, so no parse tree is built. LALR reduces
rules left to right, which is what makes this work: the header and the seat list have been read
before the first ante, and a street marker has set the street before its deal lines are read.
Each rule callback simply handles its tokens in order; the grammar has already checked the order.
"""

from __future__ import annotations

import re
import threading
from collections.abc import Callable, Iterable
from datetime import datetime
from functools import cached_property, lru_cache
from typing import ClassVar
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
from studbook.grammar.blocks import Block
from studbook.grammar.dialect import GRAMMAR_DIR, Dialect, HandSyntaxError
from studbook.grammar.linescan import LineScanner, NotRegular
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

Cards = tuple[Card, ...]

# Amounts repeat all the time within a table ("$0.02", "$0.04"): parse each text once.
_amount = lru_cache(maxsize=8192)(parse_amount)

_POT_PART = re.compile(r" (Main|Side) pot(?:-\d+)? (\S+)\.")
_CARD_BRACKETS = re.compile(r"\[([^\]]*)\](?: \[([^\]]*)\])?")


@lru_cache(maxsize=4096)  # most brackets hold one card or a player's own few: each text is read once
def _cards(text: str) -> Cards:
    """The cards of ``Ah Kd`` (CardError when one is not a card; errors are not cached)."""
    return tuple(map(parse_card, text.split(" ")))


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
    when = _naive(date, time).replace(tzinfo=ZoneInfo(TIMEZONES[zone]))
    if et_date is None or et_time is None:
        return when
    eastern = _naive(et_date, et_time, field=3).replace(tzinfo=_EASTERN)
    for candidate in (when, when.replace(fold=1)):  # an hour that repeats when DST ends
        if candidate == eastern:
            return candidate
    raise FieldError(f"local time {date} {time} {zone} is not the ET time in brackets, {et_date} {et_time}",
                     field=3)


def _naive(date: str, time: str, field: int = 0) -> datetime:
    year, month, day = date.split("/")
    hour, minute, second = time.split(":")
    try:
        return datetime(int(year), int(month), int(day), int(hour), int(minute), int(second))
    except ValueError as error:
        raise FieldError(f"bad date or time {date} {time}: {error}", field) from None


def split_deal(variant: str, street: Street, first: Cards, second: Cards) -> tuple[Cards, Cards, Cards]:
    """(down, up, shown_before) of one ``Dealt to`` line, from the street layout of the variant.

    On a variant's first street every card in the line is new (Full Tilt brackets the down
    cards apart: ``[5s 2h] [Th]``); an opponent's line shows only the up card. On later streets
    a second bracket holds the new card and the first repeats the cards shown before.
    """
    layout = LAYOUTS[variant]
    down, up = layout[street]
    if street == min(layout):
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
        self.seats: dict[str, Seat] = {}
        self.seat_numbers: dict[int, Seat] = {}
        self.by_length: list[str] = []  # seat names, longest first, for prefix resolution
        self.street: Street | None = None
        self.events: list[Event] = []
        self.summary: dict[str, object] = {}
        self.summary_seats: list[SummarySeat] = []

    def set_money(self, currency: str | None) -> None:
        self.currency = currency
        self.decimals = 2 if currency else 0

    def add_seat(self, seat: Seat) -> None:
        if seat.player in self.seats or seat.seat in self.seat_numbers:
            raise FieldError(f"seat {seat.seat} ({seat.player}) is listed twice")
        self.seats[seat.player] = self.seat_numbers[seat.seat] = seat
        self.by_length = sorted(self.seats, key=len, reverse=True)

    def seated_prefix(self, text: str, separator: str) -> str | None:
        """The longest seat name that starts ``text`` followed by ``separator``."""
        for name in self.by_length:
            if text.startswith(name) and text.startswith(separator, len(name)):
                return name
        return None


Handler = Callable[[Token, re.Match[str]], None]


class HandTransformer(Transformer):
    """Inline LALR transformer shared by the dialects: one handler per line terminal.

    A handler ``on_<terminal>`` receives the token and the match of the terminal's own regexp.
    Subclasses add the site's header handlers, name the note terminals and describe the
    terminals for error messages. One instance serves one parse at a time (see StudDialect).
    """

    site: ClassVar[str]
    notes: ClassVar[dict[str, str]]  # note terminal -> Note.kind
    variants: ClassVar[dict[str, str]]  # lower-case game name -> studbook variant
    expected: ClassVar[dict[str, str]]  # terminal -> how an error message names it

    def __init__(self) -> None:
        super().__init__(visit_tokens=False)
        self.regexps: dict[str, re.Pattern[str]] = {}
        self.readers: dict[str, tuple[Handler, Callable[[str], re.Match[str] | None]]] = {}
        self.hand = HandState(Block("", 1, [], None))

    def bind(self, parser: Lark) -> None:
        """Compile each line terminal's regexp and find its handler."""
        for terminal in parser.terminals:
            name = terminal.name
            self.regexps[name] = regexp = re.compile(terminal.pattern.to_regexp())
            if name in self.notes:
                self.readers[name] = (self.on_note, regexp.match)
            elif name in MARKER_STREETS:
                self.readers[name] = (self.on_street, regexp.match)
            elif name not in parser.ignore_tokens:
                self.readers[name] = (getattr(self, "on_" + name.lower()), regexp.match)

    def begin(self, block: Block) -> HandTransformer:
        self.hand = HandState(block)
        return self

    # ---- rule callbacks: the grammar fixed the order, so each just handles its lines ----------

    def _lines(self, tokens: list[Token]) -> None:
        readers = self.readers
        for token in tokens:
            handle, match = readers[token.type]
            handle(token, match(token.value))

    header = seats = antes = street = showdown = summary = _lines

    def start(self, _sections: list[None]) -> Hand:
        hand, block = self.hand, self.hand.block
        summary = Summary(seats=tuple(hand.summary_seats), **hand.summary)
        return Hand(site=self.site, seats=tuple(hand.seats.values()), events=tuple(hand.events),
                    source=Source(block.file, block.first_line, block.last_line), summary=summary,
                    **hand.facts)

    # ---- field helpers ---------------------------------------------------------------------

    @staticmethod
    def error(token: Token, match: re.Match[str], group: int, message: str) -> HandSyntaxError:
        """An error pointing at one field of a line (block-relative line, 1-based column)."""
        start = match.start(group) if group and match.start(group) >= 0 else 0
        return HandSyntaxError(token.line, start + 1, message)

    def player(self, token: Token, match: re.Match[str], group: int = 1) -> str:
        name = match.group(group)
        if name not in self.hand.seats:
            raise self.error(token, match, group, f"{name!r} is not in the seat list")
        return name

    def money(self, token: Token, match: re.Match[str], group: int) -> int:
        """An amount in the hand's minor units; its currency sign must be the hand's."""
        text = match.group(group)
        currency = self.hand.currency
        if CURRENCIES.get(text[0]) != currency:
            problem = (f"has no {currency} sign in a {currency} hand" if text[0] not in CURRENCIES
                       else f"is not in the hand's {currency or 'chips'}")
            raise self.error(token, match, group, f"amount {text!r} {problem}")
        try:
            return _amount(text, self.hand.decimals)
        except AmountError as error:
            raise self.error(token, match, group, str(error)) from None

    def cards(self, token: Token, match: re.Match[str], group: int) -> Cards:
        """The cards of a bracket field, each checked where it stands."""
        return self.cards_at(token, match.group(group), match.start(group))

    @staticmethod
    def cards_at(token: Token, text: str, start: int) -> Cards:
        """Cards written ``Ah Kd`` from column ``start`` (0-based) of a line."""
        try:
            return _cards(text)
        except CardError:
            parts = text.split(" ")
            bad = next(index for index, part in enumerate(parts) if not _is_card(part))
            column = start + sum(len(part) + 1 for part in parts[:bad]) + 1
            message = f"{parts[bad]!r} is not a card (rank 2-9TJQKA, suit cdhs)"
            raise HandSyntaxError(token.line, column, message) from None

    def header_facts(self, token: Token, match: re.Match[str], game: int, structure: int,
                     when: tuple[int, ...], **facts: object) -> None:
        """Record what every header says: variant, betting structure and start time.

        ``when`` holds the groups of the local date, time and zone, then the ET date and time.
        """
        variant = self.variants.get(match.group(game).lower())
        if variant is None:
            raise self.error(token, match, game, f"{match.group(game)!r} is not a stud game")
        try:
            start_time = local_time(*match.group(*when))
        except FieldError as error:
            raise self.error(token, match, when[error.field], str(error)) from None
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

    # ---- seats and actions -----------------------------------------------------------------

    def emit(self, event: Event) -> None:
        self.hand.events.append(event)

    def who(self, token: Token, match: re.Match[str], group: int = 1) -> tuple[int, str]:
        """The file line of a token and the seated player its ``group`` names."""
        return self.hand.offset + token.line, self.player(token, match, group)

    def on_seat(self, token: Token, match: re.Match[str]) -> None:
        number, name, _stack, out = match.groups()
        try:
            self.hand.add_seat(Seat(int(number), name, self.money(token, match, 3), bool(out)))
        except FieldError as error:
            raise self.error(token, match, 1, str(error)) from None

    def on_ante(self, token: Token, match: re.Match[str]) -> None:
        self.emit(PostAnte(*self.who(token, match), self.money(token, match, 2), bool(match.group(3))))

    def on_bring_in(self, token: Token, match: re.Match[str]) -> None:
        self.emit(BringIn(*self.who(token, match), self.money(token, match, 2), bool(match.group(3))))

    def on_check(self, token: Token, match: re.Match[str]) -> None:
        self.emit(Check(*self.who(token, match)))

    def on_fold(self, token: Token, match: re.Match[str]) -> None:
        self.emit(Fold(*self.who(token, match)))

    def on_bet(self, token: Token, match: re.Match[str]) -> None:
        self.emit(Bet(*self.who(token, match), self.money(token, match, 2), bool(match.group(3))))

    def on_call(self, token: Token, match: re.Match[str]) -> None:
        self.emit(Call(*self.who(token, match), self.money(token, match, 2), bool(match.group(3))))

    def on_raise(self, token: Token, match: re.Match[str]) -> None:
        """``raises $2 to $4``: increment, then street total."""
        by, to = self.money(token, match, 2), self.money(token, match, 3)
        self.emit(Raise(*self.who(token, match), to, by, bool(match.group(4))))

    def on_raise_to(self, token: Token, match: re.Match[str]) -> None:
        """``raises to $4``: the street total only."""
        self.emit(Raise(*self.who(token, match), self.money(token, match, 2), None, bool(match.group(3))))

    def on_complete(self, token: Token, match: re.Match[str]) -> None:
        self.emit(Complete(*self.who(token, match), self.money(token, match, 2), bool(match.group(3))))

    def on_uncalled(self, token: Token, match: re.Match[str]) -> None:
        """``Uncalled bet (AMOUNT) returned to NAME``: the amount comes first."""
        self.emit(UncalledReturn(*self.who(token, match, 2), self.money(token, match, 1)))

    def on_show(self, token: Token, match: re.Match[str]) -> None:
        self.emit(Show(*self.who(token, match), self.cards(token, match, 2), match.group(3) or ""))

    def on_muck(self, token: Token, match: re.Match[str]) -> None:
        self.emit(Muck(*self.who(token, match)))

    def on_note(self, token: Token, match: re.Match[str]) -> None:
        """Chat, joins, timeouts...: kept as written; the player, if named, need not be seated."""
        player = match.group(1) if match.re.groups else None
        self.emit(Note(self.hand.offset + token.line, self.notes[token.type], token.value[:-1], player))

    # ---- streets and deals -----------------------------------------------------------------

    def on_street(self, token: Token, match: re.Match[str]) -> None:
        street = MARKER_STREETS[token.type]
        if street not in LAYOUTS[self.hand.variant]:
            raise HandSyntaxError(token.line, 1, f"{self.hand.variant} has no {street.label} street")
        self.hand.street = street
        self.emit(StreetStart(self.hand.offset + token.line, street, self.community(token, match)))

    def community(self, token: Token, match: re.Match[str]) -> Cards:
        """The community card a street marker deals, if the site writes one there."""
        return ()

    def on_deal(self, token: Token, match: re.Match[str]) -> None:
        name = match.group(1)
        if name in self.hand.seats:
            first = self.cards(token, match, 2)
            second = self.cards(token, match, 3) if match.group(3) is not None else ()
        else:  # "Dealt to PC [Mittel] [5c]": the name itself holds a bracket
            name, first, second = self.resolve_deal(token, match)
        assert self.hand.street is not None  # the grammar puts deals after a street marker
        try:
            down, up, shown = split_deal(self.hand.variant, self.hand.street, first, second)
        except FieldError as error:
            raise self.error(token, match, 2, str(error)) from None
        self.emit(Deal(self.hand.offset + token.line, self.hand.street, name, down, up, shown))

    def resolve_deal(self, token: Token, match: re.Match[str]) -> tuple[str, Cards, Cards]:
        """Player and cards of a ``Dealt to`` line, by the longest seat name it starts with."""
        start = match.start(1)
        body = token.value[start:-1]
        name = self.hand.seated_prefix(body, " [")
        brackets = _CARD_BRACKETS.fullmatch(body, len(name) + 1) if name else None
        if name is None or brackets is None:
            raise self.error(token, match, 1, f"no seated player is dealt in {body!r}")
        first, second = (self.cards_at(token, brackets.group(group), start + brackets.start(group))
                         if brackets.group(group) else () for group in (1, 2))
        return name, first, second

    # ---- summary ---------------------------------------------------------------------------

    def on_show_down(self, token: Token, match: re.Match[str]) -> None:
        """The showdown marker starts no street; the Show/Muck/Collect lines carry the facts."""

    def on_summary(self, token: Token, match: re.Match[str]) -> None:
        """The summary marker; its lines follow."""

    def on_total_pot(self, token: Token, match: re.Match[str]) -> None:
        parts = [(kind, self.money_text(token, match, amount)) for kind, amount in
                 _POT_PART.findall(match.group(2))]
        self.hand.summary.update(
            total_pot=self.money(token, match, 1), rake=self.money(token, match, 3),
            main_pot=next((amount for kind, amount in parts if kind == "Main"), None),
            side_pots=tuple(amount for kind, amount in parts if kind == "Side"))

    def money_text(self, token: Token, match: re.Match[str], text: str) -> int:
        """An amount found inside a field (the pot parts of a total line)."""
        try:
            return _amount(text, self.hand.decimals)
        except AmountError as error:
            raise self.error(token, match, 2, str(error)) from None

    def summary_seat(self, token: Token, match: re.Match[str], outcome: str, amount: int | None = None,
                     cards: int | None = None) -> None:
        """A ``Seat N: NAME ...`` summary line: the seat number decides who NAME must be."""
        number, name = int(match.group(1)), match.group(2)
        seat = self.hand.seat_numbers.get(number)
        if seat is None or seat.player != name:
            who = f"seat {number} is {seat.player!r}" if seat else f"there is no seat {number}"
            raise self.error(token, match, 2, f"summary names {name!r} but {who}")
        text = token.value[match.end(2) + 1:-1]
        shown = self.cards(token, match, cards) if cards and match.group(cards) is not None else ()
        line = self.hand.offset + token.line
        self.hand.summary_seats.append(SummarySeat(line, number, name, outcome, amount, shown, text))

    def on_seat_folded(self, token: Token, match: re.Match[str]) -> None:
        self.summary_seat(token, match, "folded")

    def on_seat_collected(self, token: Token, match: re.Match[str]) -> None:
        self.summary_seat(token, match, "collected", self.money(token, match, 3))

    def on_seat_won(self, token: Token, match: re.Match[str]) -> None:
        self.summary_seat(token, match, "won", self.money(token, match, 4), cards=3)

    def on_seat_lost(self, token: Token, match: re.Match[str]) -> None:
        self.summary_seat(token, match, "lost", cards=3)

    def on_seat_mucked(self, token: Token, match: re.Match[str]) -> None:
        self.summary_seat(token, match, "mucked", cards=3)

    def on_seat_sitting_out(self, token: Token, match: re.Match[str]) -> None:
        self.summary_seat(token, match, "sitting_out")

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
    game_groups: ClassVar[dict[str, int]]  # header terminal -> group of the game's name

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

    @property
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

    def transformer(self, block: Block) -> Transformer:
        return self._bound.begin(block)

    @cached_property
    def _scanner(self) -> LineScanner | None:
        """The fast path (grammar/linescan.py), when the grammar is a plain sequence of line kinds."""
        try:
            matchers = {name: regexp.match for name, regexp in self._bound.regexps.items()}
            return LineScanner(self.parser, matchers)
        except NotRegular:
            return None

    def parse(self, block: Block) -> Hand:
        with self._lock:  # the inline transformer holds the state of one hand
            transformer = self.transformer(block)
            tokens = self._scanner.tokens(block.lines) if self._scanner else None
            if tokens is not None:  # the grammar's order holds: the handlers run as Lark would run them
                readers = transformer.readers
                for token, match in tokens:
                    readers[token.type][0](token, match)
                return transformer.start([])
            text = block.text + "\n"
            try:
                return self.parser.parse(text)
            except UnexpectedInput as error:
                raise self._transformer.syntax_error(error, text, self._next_kinds(text, error)) from None

    def _next_kinds(self, text: str, error: UnexpectedInput) -> set[str]:
        try:
            self._checker.parse(text)
        except UnexpectedInput as replayed:
            if replayed.interactive_parser is not None:
                return set(replayed.interactive_parser.accepts())
        return set(getattr(error, "expected", None) or getattr(error, "allowed", None) or ())

    def _game(self, header_line: str) -> str | None:
        """The game a header names, when one of the header terminals reads the line."""
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
