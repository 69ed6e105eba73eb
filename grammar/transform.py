"""What the site dialects share: whole-line tokens in, a :class:`Hand` out.

Each site grammar turns a hand into one token per line (one terminal per kind of line, see
``base.lark``). A terminal's named fields are what its handler reads: :class:`HandTransformer`
holds the handlers of the kinds of line most sites write alike and the field helpers (players
against the seat list, amounts in the hand's currency, cards, times), so a site module only adds
its header and its own kinds of line. How a block reaches the handlers (the fast path, or Lark)
is grammar/lines.py.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from datetime import datetime
from functools import partial
from typing import Any
from typing import ClassVar
from zoneinfo import ZoneInfo

from lark.exceptions import UnexpectedInput
from lark.exceptions import UnexpectedToken

from studbook.cards import CARDS_BY_TEXT
from studbook.cards import CardError
from studbook.cards import Cards
from studbook.cards import parse_card
from studbook.events import Bet
from studbook.events import BringIn
from studbook.events import Call
from studbook.events import Check
from studbook.events import Complete
from studbook.events import Deal
from studbook.events import Event
from studbook.events import Fold
from studbook.events import Muck
from studbook.events import Note
from studbook.events import PostAnte
from studbook.events import Raise
from studbook.events import Show
from studbook.events import Street
from studbook.events import StreetStart
from studbook.events import UncalledReturn
from studbook.grammar.dialect import GAME_NOT_IN_HEADER
from studbook.grammar.dialect import BadCard
from studbook.grammar.dialect import HandSyntaxError
from studbook.grammar.lines import LineDialect
from studbook.grammar.lines import LineReader
from studbook.grammar.linescan import Handler
from studbook.grammar.linescan import Match
from studbook.grammar.linescan import required
from studbook.grammar.memo import Memo
from studbook.grammar.records import Block
from studbook.grammar.units import CURRENCIES
from studbook.grammar.units import TIMEZONES
from studbook.grammar.units import betting_structure
from studbook.hand import Hand
from studbook.hand import Seat
from studbook.hand import Source
from studbook.hand import Summary
from studbook.hand import SummarySeat
from studbook.money import AmountError
from studbook.money import parse_amount
from studbook.rules.variants import VARIANTS
from studbook.rules.variants import Variant

_EASTERN = ZoneInfo("America/New_York")

# How an error message names the kinds of line base.lark gives every site, after the site's own table
# (HandTransformer.expected), which names its other kinds and may name these its own way.
BASE_EXPECTED: dict[str, str] = {
    "SHOW_DOWN": "the showdown (*** SHOW DOWN ***)", "SUMMARY": "the summary (*** SUMMARY ***)",
    "TOTAL_POT": "the total pot (Total pot AMOUNT | Rake AMOUNT)",
    **dict.fromkeys(("SEAT_FOLDED", "SEAT_COLLECTED", "SEAT_WON", "SEAT_LOST", "SEAT_MUCKED",
                     "SEAT_SITTING_OUT"), "a summary seat line (Seat N: NAME ...)"),
    "$END": "the end of the hand",
}

# Street marker terminals of both grammars.
MARKER_STREETS = {
    "SECOND": Street.SECOND, "THIRD": Street.THIRD, "FOURTH": Street.FOURTH,
    "FIFTH": Street.FIFTH, "SIXTH": Street.SIXTH, "SEVENTH": Street.SEVENTH, "RIVER": Street.SEVENTH,
}


# A table's amounts repeat ("$0.02", "$0.04") and so do its brackets of cards (one up card, a player's own
# few): each text is read once (grammar/memo.py). An amount's text decides its currency (its sign), which
# is checked at every use, so the text alone is the key.
AMOUNTS: Memo[str, int] = Memo(8192)
CARDS_READ: Memo[str, Cards] = Memo(4096)


def minor_units(text: str, currency: str | None) -> int:
    """A written amount in minor units of ``currency`` (None: chips); AmountError when its sign is not the
    currency's or it is not an amount (errors are not remembered)."""
    if CURRENCIES.get(text[0]) != currency:
        problem = (f"has no {currency} sign in a {currency} hand" if text[0] not in CURRENCIES
                   else f"is not in the hand's {currency or 'chips'}")
        raise AmountError(f"amount {text!r} {problem}")
    amount = AMOUNTS.values.get(text)
    if amount is None:
        amount = parse_amount(text, 2 if currency else 0)
        AMOUNTS.put(text, amount)
    return amount


_POT_PART = re.compile(r" (Main|Side) pot(?:-\d+)? (\S+)\.")
_CARD_BRACKETS = re.compile(r"\[(?P<cards>[^\]]*)\](?: \[(?P<new_cards>[^\]]*)\])?")


def _cards(text: str) -> Cards:
    """The cards of ``Ah Kd`` (CardError when one is not a card; errors are not remembered)."""
    cards = CARDS_READ.values.get(text)
    if cards is None:
        try:
            cards = tuple([CARDS_BY_TEXT[part] for part in text.split(" ")])
        except KeyError:
            raise CardError(f"not a card in {text!r}") from None
        CARDS_READ.put(text, cards)
    return cards


def _is_card(text: str) -> bool:
    try:
        parse_card(text)
    except CardError:
        return False
    return True


class FieldError(ValueError):
    """A field of a line that the grammar accepted but whose value is wrong (raised by helpers);
    ``field`` names the line's field at fault."""

    def __init__(self, message: str, field: str = "date") -> None:
        super().__init__(message)
        self.field = field


def local_time(date: str, time: str, zone: str, et_date: str | None, et_time: str | None) -> datetime:
    """The header's local time with its zone; the bracketed ET time, when written, must agree."""
    if zone not in TIMEZONES:
        raise FieldError(f"unknown time zone {zone!r}", field="zone")
    when = _aware(date, time, ZoneInfo(TIMEZONES[zone]))
    if et_date is None or et_time is None:
        return when
    eastern = _aware(et_date, et_time, _EASTERN, field="et_date")
    for candidate in (when, when.replace(fold=1)):  # an hour that repeats when DST ends
        if candidate == eastern:
            return candidate
    raise FieldError(f"local time {date} {time} {zone} is not the ET time in brackets, {et_date} {et_time}",
                     field="et_date")


def _aware(date: str, time: str, zone: ZoneInfo, field: str = "date") -> datetime:
    year, month, day = date.split("/")
    hour, minute, second = time.split(":")
    try:
        return datetime(int(year), int(month), int(day), int(hour), int(minute), int(second), tzinfo=zone)
    except ValueError as error:
        raise FieldError(f"bad date or time {date} {time}: {error}", field) from None


def split_deal(variant: Variant, street: Street, first: Cards, second: Cards) -> tuple[Cards, Cards, Cards]:
    """(down, up, shown_before) of one ``Dealt to`` line, from the variant's street layout.

    On a variant's first street every card in the line is new (Full Tilt brackets the down
    cards apart: ``[5s 2h] [Th]``); an opponent's line shows only the up card. On later streets
    a second bracket holds the new card and the first repeats the cards shown before.
    """
    spec = variant.spec(street)
    assert spec is not None  # on_street refuses a street the variant does not deal
    down, up = spec.down, spec.up
    shown: Cards
    if street == variant.first_street:
        new, shown = first + second, ()
        if len(new) == up:
            return (), new, ()
    else:
        new, shown = (second, first) if second else (first, ())
    if len(new) != down + up:
        raise FieldError(f"{street.label} street deals {down + up} card(s) to a player, not {len(new)}")
    return new[:down], new[down:], shown


class StreetMoney:
    """What each player has put in on the current street, and has behind: for the sites that write an
    action by the chips it adds (or the street total), so it can be read as a bet, call, raise or
    completion, and an uncalled bet the site does not write can be given back."""

    def __init__(self) -> None:
        self.put: dict[str, int] = {}
        self.behind: dict[str, int] = {}
        self.acted = False  # any chips (or a bring-in) on this street yet

    def seat(self, player: str, stack: int) -> None:
        self.behind[player] = stack

    def new_street(self) -> None:
        self.put = {}
        self.acted = False

    def pay(self, player: str, added: int) -> int:
        """Put ``added`` in for ``player``; the player's street total."""
        self.behind[player] = self.behind.get(player, 0) - added
        self.acted = True
        total = self.put[player] = self.put.get(player, 0) + added
        return total

    def record(self, event: Event) -> None:
        """What an event puts in, for the sites that read the events they emit."""
        if isinstance(event, BringIn | Bet | Call):
            self.put[event.player] = self.put.get(event.player, 0) + event.amount
            self.acted = True
        elif isinstance(event, Raise | Complete):
            self.put[event.player] = event.to
            self.acted = True

    def all_in(self, player: str) -> bool:
        return self.behind.get(player, 1) <= 0

    @property
    def top(self) -> int:
        """The street's highest total so far."""
        return max(self.put.values(), default=0)

    def uncalled(self) -> tuple[str, int] | None:
        """The street's largest total beyond every other player's, and who put it in."""
        if not self.put:
            return None
        leader = max(self.put, key=self.put.__getitem__)
        others = max((total for player, total in self.put.items() if player != leader), default=0)
        due = self.put[leader] - others
        return (leader, due) if due > 0 else None


class HandState:
    """What is known of the hand being parsed: header facts, seats, events, summary."""

    def __init__(self, block: Block) -> None:
        self.block = block
        self.offset = block.first_line - 1  # block-relative line + offset = line of the file
        self.facts: dict[str, Any] = {}  # Hand's header fields by name, of their several types
        self.variant: Variant = VARIANTS["stud"]  # until the header names the game
        self.currency: str | None = None
        self.decimals = 0
        self.seats: dict[str, Seat] = {}
        self.seat_numbers: dict[int, Seat] = {}
        self.street: Street | None = None
        self.events: list[Event] = []
        self.summary: dict[str, Any] = {}  # Summary's fields by name
        self.summary_seats: list[SummarySeat] = []

    def set_money(self, currency: str | None) -> None:
        self.currency = currency
        self.decimals = 2 if currency else 0

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


class HandTransformer(LineReader):
    """The line handlers of the site dialects: one per kind of line.

    A handler ``on_<terminal>`` receives the line number of the token (in the block, 1-based) and
    the match of the terminal's own regexp, whose fields it reads by name. Subclasses add the site's
    header handlers, name the note terminals and describe the terminals for error messages. One
    instance serves one hand at a time (see LineDialect).
    """

    notes: ClassVar[dict[str, str]]  # note terminal -> Note.kind
    games: ClassVar[dict[str, str]]  # lower-case game name as the site writes it -> studbook variant
    expected: ClassVar[dict[str, str]]  # terminal -> how an error message names it (else BASE_EXPECTED)

    def __init__(self, site: str) -> None:
        super().__init__(site)
        self.hand = HandState(Block("", 1, [], None))

    def handler(self, terminal: str) -> Handler:
        """Notes and street markers share one handler each; other lines have their own."""
        if terminal in self.notes:
            return partial(self.on_note, self.notes[terminal])
        if terminal in MARKER_STREETS:
            return partial(self.on_street, MARKER_STREETS[terminal])
        return super().handler(terminal)

    def begin(self, block: Block) -> None:
        self.hand = HandState(block)

    def finish(self) -> Hand:
        hand, block = self.hand, self.hand.block
        summary = Summary(seats=tuple(hand.summary_seats), **hand.summary)
        return Hand(site=self.site, seats=tuple(hand.seats.values()), events=tuple(hand.events),
                    source=Source(block.file, block.first_line, block.last_line), summary=summary,
                    **hand.facts)

    # ---- field helpers: each reads a named field of a line ----------------------------------

    @staticmethod
    def error(line: int, match: Match, field: str | None, message: str) -> HandSyntaxError:
        """An error pointing at one field of a line (block-relative line, 1-based column)."""
        start = match.start(field) if field and match.start(field) >= 0 else 0
        return HandSyntaxError(line, start + 1, message)

    def dealing_street(self, line: int, match: Match) -> Street:
        """The street a deal line belongs to. Lark reads a deal only after a street's marker, but the fast
        path runs a line's handler before it checks the order of the lines: a deal before any marker is a
        fault of the hand there, and Lark then reads the hand and names the line out of place."""
        street = self.hand.street
        if street is None:
            raise self.error(line, match, None, "a deal before the first street's marker")
        return street

    def player(self, line: int, match: Match, field: str = "player") -> str:
        name = match[field]
        if name is None or name not in self.hand.seats:
            raise self.error(line, match, field, f"{name!r} is not in the seat list")
        return name

    def money(self, line: int, match: Match, field: str = "amount") -> int:
        """An amount in the hand's minor units; its currency sign must be the hand's."""
        try:
            return minor_units(self.written(line, match, field), self.hand.currency)
        except AmountError as error:
            raise self.error(line, match, field, str(error)) from None

    def written(self, line: int, match: Match, field: str) -> str:
        """The text of a field the line leaves out where the grammar allows it, but this handler needs."""
        text = match[field]
        if text is None:
            raise self.error(line, match, field, f"no {field} is written")
        return text

    @staticmethod
    def cards(line: int, match: Match, field: str = "cards") -> Cards:
        """The cards of a bracket field, each checked where it stands; none when the field is absent."""
        text = match[field]
        if text is None:
            return ()
        try:
            return _cards(text)
        except CardError:
            raise HandTransformer.bad_card(line, text, match.start(field)) from None

    @staticmethod
    def cards_at(line: int, text: str, start: int) -> Cards:
        """Cards written ``Ah Kd`` from column ``start`` (0-based) of a line."""
        try:
            return _cards(text)
        except CardError:
            raise HandTransformer.bad_card(line, text, start) from None

    @staticmethod
    def bad_card(line: int, text: str, start: int) -> BadCard:
        """The error for the first word of ``text`` (at column ``start``, 0-based) that is not a card."""
        parts = text.split(" ")
        bad = next(index for index, part in enumerate(parts) if not _is_card(part))
        column = start + sum(len(part) + 1 for part in parts[:bad]) + 1
        return BadCard(line, column, f"{parts[bad]!r} is not a card (rank 2-9TJQKA, suit cdhs)")

    def header_facts(self, line: int, match: Match, **facts: object) -> None:
        """Record what every header says: the game (field ``game``), the betting structure
        (``structure``) and the start time (``date``, ``time``, ``zone``, and ``et_date``,
        ``et_time`` where the site writes the ET time too)."""
        game, structure = required(match, "game"), required(match, "structure")
        variant = self.games.get(game.lower())
        if variant is None:
            raise self.error(line, match, "game", f"{game!r} is not a stud game")
        fields = match.re.groupindex  # the ET time is a field of some sites' headers only
        try:
            start_time = local_time(required(match, "date"), required(match, "time"), required(match, "zone"),
                                    match["et_date"] if "et_date" in fields else None,
                                    match["et_time"] if "et_time" in fields else None)
        except FieldError as error:
            raise self.error(line, match, error.field, str(error)) from None
        self.hand.variant = VARIANTS[variant]
        self.hand.facts.update(facts, variant=variant, start_time=start_time,
                               structure=betting_structure(structure))

    @staticmethod
    def currency_of(*texts: str | None) -> str | None:
        """USD/EUR/GBP from a currency sign or an ISO code; None when the stakes are chips."""
        for text in texts:
            if text and text[0] in CURRENCIES:
                return CURRENCIES[text[0]]
            if text in CURRENCIES.values():
                return text
        return None

    # ---- seats and actions: fields read left to right, so the first bad one is reported -------

    def emit(self, event: Event) -> None:
        self.hand.events.append(event)

    def on_seat(self, line: int, match: Match) -> None:
        try:
            self.hand.add_seat(Seat(int(required(match, "seat")), required(match, "player"),
                                    self.money(line, match, "stack"), bool(match["sitting_out"])))
        except FieldError as error:
            raise self.error(line, match, "seat", str(error)) from None

    def _paying(self, make: type[PostAnte | BringIn | Bet | Call | Complete], line: int, match: Match
                ) -> None:
        """An ante, bring-in, bet, call or complete line: player, amount, and the all-in flag where the
        site writes one. Through :meth:`emit`, which a site may extend (to keep its street totals)."""
        all_in = "all_in" in match.re.groupindex and bool(match["all_in"])
        self.emit(make(self.hand.offset + line, self.player(line, match), self.money(line, match), all_in))

    def on_ante(self, line: int, match: Match) -> None:
        self._paying(PostAnte, line, match)

    def on_bring_in(self, line: int, match: Match) -> None:
        self._paying(BringIn, line, match)

    def on_check(self, line: int, match: Match) -> None:
        hand = self.hand
        hand.events.append(Check(hand.offset + line, self.player(line, match)))

    def on_fold(self, line: int, match: Match) -> None:
        hand = self.hand
        hand.events.append(Fold(hand.offset + line, self.player(line, match)))

    def on_bet(self, line: int, match: Match) -> None:
        self._paying(Bet, line, match)

    def on_call(self, line: int, match: Match) -> None:
        self._paying(Call, line, match)

    def on_raise(self, line: int, match: Match) -> None:
        """``raises $2 to $4``: the increment (``amount``), then the street total (``to``)."""
        by, to = self.money(line, match), self.money(line, match, "to")
        hand = self.hand
        hand.events.append(Raise(hand.offset + line, self.player(line, match), to, by, bool(match["all_in"])))

    def on_raise_to(self, line: int, match: Match) -> None:
        """``raises to $4``: the street total only."""
        hand = self.hand
        hand.events.append(Raise(hand.offset + line, self.player(line, match), self.money(line, match, "to"),
                                 None, bool(match["all_in"])))

    def on_complete(self, line: int, match: Match) -> None:
        self._paying(Complete, line, match)

    def on_uncalled(self, line: int, match: Match) -> None:
        """``Uncalled bet (AMOUNT) returned to NAME``: the amount comes first."""
        hand = self.hand
        hand.events.append(UncalledReturn(hand.offset + line, self.player(line, match),
                                          self.money(line, match)))

    def on_show(self, line: int, match: Match) -> None:
        hand = self.hand
        hand.events.append(Show(hand.offset + line, self.player(line, match), self.cards(line, match),
                                match["description"] or ""))

    def on_muck(self, line: int, match: Match) -> None:
        hand = self.hand
        hand.events.append(Muck(hand.offset + line, self.player(line, match), ()))

    def on_note(self, kind: str, line: int, match: Match) -> None:
        """Chat, joins, timeouts...: kept as written; the player, if named, need not be seated."""
        player = match["player"] if "player" in match.re.groupindex else None
        hand = self.hand
        hand.events.append(Note(hand.offset + line, kind, match.string[:-1], player))

    # ---- streets and deals -----------------------------------------------------------------

    def on_street(self, street: Street, line: int, match: Match) -> None:
        hand = self.hand
        if hand.variant.spec(street) is None:
            raise HandSyntaxError(line, 1, f"{hand.variant.name} has no {street.label} street")
        hand.street = street
        hand.events.append(StreetStart(hand.offset + line, street, self.community(line, match)))

    def community(self, line: int, match: Match) -> Cards:
        """The community card a street marker deals, if the site writes one there."""
        return ()

    def on_deal(self, line: int, match: Match) -> None:
        hand = self.hand
        name = match["player"]
        if name in hand.seats:
            first, second = self.cards(line, match), self.cards(line, match, "new_cards")
        else:  # "Dealt to PC [Mittel] [5c]": the name itself holds a bracket
            name, first, second = self.resolve_deal(line, match)
        street = self.dealing_street(line, match)
        try:
            down, up, shown = split_deal(hand.variant, street, first, second)
        except FieldError as error:
            raise self.error(line, match, "cards", str(error)) from None
        hand.events.append(Deal(hand.offset + line, street, name, down, up, shown))

    def resolve_deal(self, line: int, match: Match) -> tuple[str, Cards, Cards]:
        """Player and cards of a ``Dealt to`` line, by the longest seat name it starts with."""
        start = match.start("player")
        body = match.string[start:-1]
        name = self.hand.seated_prefix(body, " [")
        brackets = _CARD_BRACKETS.fullmatch(body, len(name) + 1) if name else None
        if name is None or brackets is None:
            raise self.error(line, match, "player", f"no seated player is dealt in {body!r}")
        first, second = (self.cards_at(line, brackets[group], start + brackets.start(group))
                         if brackets[group] else () for group in ("cards", "new_cards"))
        return name, first, second

    # ---- summary ---------------------------------------------------------------------------

    def on_show_down(self, line: int, match: Match) -> None:
        """The showdown marker starts no street; the Show/Muck/Collect lines carry the facts."""

    def on_summary(self, line: int, match: Match) -> None:
        """The summary marker; its lines follow."""

    def on_total_pot(self, line: int, match: Match) -> None:
        parts = [(kind, self.money_text(line, match, amount)) for kind, amount in
                 _POT_PART.findall(required(match, "parts"))]
        self.hand.summary.update(
            total_pot=self.money(line, match), rake=self.money(line, match, "rake"),
            main_pot=next((amount for kind, amount in parts if kind == "Main"), None),
            side_pots=tuple(amount for kind, amount in parts if kind == "Side"))

    def money_text(self, line: int, match: Match, text: str) -> int:
        """An amount found inside the pot parts of a total line."""
        try:
            return parse_amount(text, self.hand.decimals)
        except AmountError as error:
            raise self.error(line, match, "parts", str(error)) from None

    def summary_seat(self, line: int, match: Match, outcome: str, amount: int | None = None,
                     cards: bool = False, net: int | None = None) -> SummarySeat:
        """A ``Seat N: NAME ...`` summary line: the seat number decides who NAME must be."""
        number, name = int(required(match, "seat")), required(match, "player")
        hand = self.hand
        seat = hand.seat_numbers.get(number)
        if seat is None or seat.player != name:
            who = f"seat {number} is {seat.player!r}" if seat else f"there is no seat {number}"
            raise self.error(line, match, "player", f"summary names {name!r} but {who}")
        text = match.string[match.end("player") + 1:-1]
        shown = self.cards(line, match) if cards else ()
        seat_line = SummarySeat(hand.offset + line, number, name, outcome, amount, shown, text, net)
        hand.summary_seats.append(seat_line)
        return seat_line

    def on_seat_folded(self, line: int, match: Match) -> None:
        self.summary_seat(line, match, "folded")

    def on_seat_collected(self, line: int, match: Match) -> None:
        self.summary_seat(line, match, "collected", self.money(line, match))

    def on_seat_won(self, line: int, match: Match) -> None:
        self.summary_seat(line, match, "won", self.money(line, match), cards=True)

    def on_seat_lost(self, line: int, match: Match) -> None:
        self.summary_seat(line, match, "lost", cards=True)

    def on_seat_mucked(self, line: int, match: Match) -> None:
        self.summary_seat(line, match, "mucked", cards=True)

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

    def expected_table(self) -> dict[str, str]:
        """The site's names of its kinds of line, then base.lark's it leaves to :data:`BASE_EXPECTED`."""
        own = self.expected
        return {**own, **{name: phrase for name, phrase in BASE_EXPECTED.items() if name not in own}}

    def describe(self, terminals: Iterable[str]) -> str:
        """Friendly names of terminals, each once, in the order the dialect lists them."""
        wanted = set(terminals)
        table = self.expected_table()
        names = dict.fromkeys(phrase for name, phrase in table.items() if name in wanted)
        names.update(dict.fromkeys(name.lower() for name in sorted(wanted - set(table))))
        phrases = list(names) or ["nothing"]
        return phrases[0] if len(phrases) == 1 else ", ".join(phrases[:-1]) + " or " + phrases[-1]


class ChipsAddedTransformer(HandTransformer):
    """The handlers of a site that writes each action by the chips it adds (PartyPoker, OnGame): the
    street totals, raises' totals and who is all in come from a :class:`StreetMoney` of the hand."""

    def begin(self, block: Block) -> None:
        super().begin(block)
        self.ledger = StreetMoney()

    def on_seat(self, line: int, match: Match) -> None:
        try:
            seat = Seat(int(required(match, "seat")), required(match, "player"),
                        self.money(line, match, "stack"))
            self.hand.add_seat(seat)
        except ValueError as error:
            raise self.error(line, match, "seat", str(error)) from None
        self.ledger.seat(seat.player, seat.stack)

    def added(self, line: int, match: Match) -> tuple[str, int, int, bool]:
        """(player, chips added, street total after, all in) of an action line; all in when the line says
        so or the player has nothing behind."""
        player, added = self.player(line, match), self.money(line, match)
        total = self.ledger.pay(player, added)
        said = "all_in" in match.re.groupindex and bool(match["all_in"])
        return player, added, total, said or self.ledger.all_in(player)

    def on_ante(self, line: int, match: Match) -> None:
        player, added, _, all_in = self.added(line, match)
        self.ledger.put.pop(player, None)  # antes are not bets of the street
        self.emit(PostAnte(self.hand.offset + line, player, added, all_in))

    def on_bring_in(self, line: int, match: Match) -> None:
        player, added, _, all_in = self.added(line, match)
        self.emit(BringIn(self.hand.offset + line, player, added, all_in))

    def on_complete(self, line: int, match: Match) -> None:
        player, _, total, all_in = self.added(line, match)
        self.emit(Complete(self.hand.offset + line, player, total, all_in))

    def on_bet(self, line: int, match: Match) -> None:
        player, added, _, all_in = self.added(line, match)
        self.emit(Bet(self.hand.offset + line, player, added, all_in))

    def on_call(self, line: int, match: Match) -> None:
        player, added, _, all_in = self.added(line, match)
        self.emit(Call(self.hand.offset + line, player, added, all_in))

    def on_raise(self, line: int, match: Match) -> None:
        """``raises $1 to $1.37``: the street total is the player's chips so far plus the first amount."""
        player, _, total, all_in = self.added(line, match)
        self.emit(Raise(self.hand.offset + line, player, total, None, all_in))

    def on_street(self, street: Street, line: int, match: Match) -> None:
        super().on_street(street, line, match)
        self.ledger.new_street()


class SiteDialect(LineDialect):
    """A site's text logs: its header terminals name the game in the field ``game``."""

    header_terminals: ClassVar[tuple[str, ...]]  # the terminals of a hand's first line

    def _game(self, header_line: str) -> str | None:
        """The game a header names, when one of the header terminals reads the line."""
        read = self.classify(header_line)
        if read is not None and read[0] in self.header_terminals:
            return read[1]["game"]
        regexps = self.reader.regexps
        for name in self.header_terminals:
            match = regexps[name].match(header_line + "\n")
            if match:
                return match["game"]
        return None

    def game_name(self, header_line: str) -> str:
        return self._game(header_line) or header_line.partition(": ")[2].strip()

    # how far into a hand a site may name its game (PartyPoker: after two title lines and one more)
    _GAME_WITHIN = 6

    def other_game(self, block: Block) -> str | None:
        """The first of the block's first lines that a kind of line with a ``game`` field reads names
        the game; without one, the header line decides (a damaged header is read, not skipped)."""
        reader = self.reader
        assert isinstance(reader, HandTransformer)
        for line in block.lines[:self._GAME_WITHIN]:
            read = self.classify(line)
            if read is not None and "game" in read[1].re.groupindex and read[1]["game"]:
                game = read[1]["game"]
                return None if game.lower() in reader.games else game
        return super().other_game(block)

    def variant(self, header_line: str) -> str | None:
        """The variant of a readable header, None for another game. A header too damaged to
        read is given to :meth:`parse` anyway, so it is reported, not skipped."""
        game = self._game(header_line)
        reader = self.reader
        assert isinstance(reader, HandTransformer)
        return GAME_NOT_IN_HEADER if game is None else reader.games.get(game.lower())
