"""studbook's own hand log, written by people in English or Spanish (docs/log-format.md).

Each line is one kind of line of grammar/sites/studbook.lark, read like any site's: by the shared fast
path, or by Lark when that path is unsure. The line handlers here check what a grammar cannot see:
the order of the sections, that every actor has a seat, the amounts against the declared currency
and the header's house rules against the rules engine's own validation. Every problem is a
:class:`HandSyntaxError` that names the line and what was expected there; a line the grammar
rejects is explained by grammar/sites/studbook_errors.py.
"""

from __future__ import annotations

import re
from datetime import UTC
from datetime import datetime
from datetime import timedelta
from datetime import timezone
from functools import lru_cache
from typing import Any
from typing import NamedTuple
from zoneinfo import ZoneInfo
from zoneinfo import ZoneInfoNotFoundError

from lark import Lark
from lark.exceptions import UnexpectedInput

from studbook import events as ev
from studbook.cards import Card
from studbook.cards import Cards
from studbook.cards import parse_card
from studbook.events import Street
from studbook.grammar.dialect import HandSyntaxError
from studbook.grammar.dialect import dialects
from studbook.grammar.dialect import register
from studbook.grammar.lines import LineDialect
from studbook.grammar.lines import LineReader
from studbook.grammar.linescan import Match
from studbook.grammar.linescan import field_regexp
from studbook.grammar.linescan import required
from studbook.grammar.memo import Memo
from studbook.grammar.records import Block
from studbook.grammar.sites.studbook_errors import Diagnosis
from studbook.grammar.units import CURRENCIES
from studbook.grammar.units import TIMEZONES
from studbook.grammar.units import betting_structure
from studbook.hand import Hand
from studbook.hand import Seat
from studbook.hand import Source
from studbook.hand import Summary
from studbook.money import AmountError
from studbook.money import parse_amount
from studbook.rules.house import PRESETS
from studbook.rules.house import RuleError
from studbook.rules.house import parse_value
from studbook.rules.variants import VARIANTS

_ID = r'"[^"\n]*"|[^\s·|;•#"]+'
HEADER = re.compile(  # "studbook hand ID ...", or "hand ID ·" / "mano ID |" (a separator must follow)
    rf"(?i:[ \t]*(?:studbook[ \t]+(?=(?:hand|mano)[ \t])|(?=(?:hand|mano)[ \t]+#?(?:{_ID})[ \t]*[·|;•]))"
    rf"(?:hand|mano)[ \t]+#?(?P<hand_id>{_ID}))")

_SUITS = {"♣": "c", "♦": "d", "♥": "h", "♠": "s"}
_ORDINALS = {"second": 2, "segunda": 2, "third": 3, "tercera": 3, "fourth": 4, "cuarta": 4, "fifth": 5,
             "quinta": 5, "sixth": 6, "sexta": 6, "seventh": 7, "septima": 7, "séptima": 7}
_ZONE_OFFSET = re.compile(r"([+-])(\d\d):?(\d\d)")
_DATETIME = re.compile(r"(\d{4})-(\d{1,2})-(\d{1,2})(?:[ T]+(\d{1,2}):(\d\d)(?::(\d\d))?)?\s*(.*)")

# Header items by the field that tells their kind (grammar/sites/studbook.lark, ITEM), in its order.
_ITEM_KINDS = ("variant", "small_bet", "structure_only", "min_bet", "ante", "bring_in", "cap", "deck",
               "tie_break", "currency", "time", "table", "max_seats", "tournament", "level", "game", "site",
               "home", "rule", "preset")
_RULE_ITEMS = {"cap": "max_raises", "deck": "deck_ranks", "tie_break": "board_tie_break", "preset": "preset"}
_TEXT_ITEMS = ("table", "tournament", "level", "game", "site")
_PAYMENTS: dict[str, type[ev.PostAnte | ev.BringIn | ev.Bet | ev.Call]] = {
    "ANTE": ev.PostAnte, "BRING_IN": ev.BringIn, "BET": ev.Bet, "CALL": ev.Call}
_BETTING = frozenset(("DEAL", "BRING_IN", "CHECK", "FOLD", "BET", "CALL", "RAISE", "COMPLETE"))

# Phases of a hand body, in order: antes, then streets, then showdown and awards.
_ANTES, _STREETS, _FINAL = 1, 2, 3


def _unquote(text: str) -> str:
    return re.sub(r"\\(.)", r"\1", text[1:-1]) if text.startswith('"') else text


@lru_cache(maxsize=256)  # asked for every hand; the spellings are few
def canonical_variant(text: str) -> str:
    """The studbook variant named by any spelling KW_VARIANT accepts (``stud hi/lo`` is stud8)."""
    words = text.lower()
    for variant, pattern in (("descubierto", "descubierto"), ("razz27", r"2-?7|deuce"), ("razz", "razz"),
                             ("stud5", r"five|5|cinco"),
                             ("stud8", r"hi|8|alt|h/l")):
        if re.search(pattern, words):
            return variant
    return "stud"


@lru_cache(maxsize=8192)  # a table's amounts repeat ("0.02", "0.05"): each text is read once
def written_amount(text: str, decimals: int) -> int:
    """Minor units of ``1,500``, ``1.500``, ``0,25``, ``1.234,56``: a last separator followed by
    other than three digits (or after the other separator) is the decimal mark."""
    number = text.strip("$€£")
    last = max(number.rfind("."), number.rfind(","))
    integer, fraction = number, ""
    if last >= 0 and (len(number) - last != 4 or ({".", ","} - {number[last]}) & set(number[:last])):
        integer, fraction = number[:last], number[last + 1:]
    groups = re.split(r"[.,]", integer)
    if len(groups) > 1 and (len(set(re.findall(r"[.,]", integer))) > 1 or not 1 <= len(groups[0]) <= 3
                            or groups[0] == "0" or any(len(group) != 3 for group in groups[1:])):
        raise AmountError(f"bad amount {text!r}: thousands go in groups of three (1,500 or 1.500)")
    if fraction and not decimals:
        raise AmountError(f"bad amount {text!r}: chips are whole numbers (declare a currency for cents)")
    return parse_amount("".join(groups) + (f".{fraction}" if fraction else ""), decimals)


# A table's amounts repeat ("0.02", "0.05"), and the cards are a few spellings of 52: each text is read once
# per currency (grammar/memo.py: a dict, cheaper than an lru_cache on the compiled build).
MONEY: Memo[tuple[str, str | None], int] = Memo(8192)
CARD_SPELLINGS: Memo[str, Card] = Memo(256)
# The cards of a deal, show or muck line by their text, as read (brackets apart, or in the order written):
# the same few repeat (an up card, a player's hand shown again on a later line); 2,000 descubierto hands
# write 25,000 such texts, 4,925 of them different (stud5: 31,000, 14,000 different).
DEALT: Memo[str, tuple[Cards, Cards, Cards]] = Memo(8192)
SHOWN: Memo[str, Cards] = Memo(4096)


def written_money(text: str, currency: str | None) -> int:
    """:func:`written_amount` of a hand in ``currency`` (None: chips): a currency sign must be the hand's
    (errors are not remembered)."""
    amount = MONEY.values.get((text, currency))
    if amount is not None:
        return amount
    # most amounts have no sign: the set is built only for those that do
    signs = set() if CURRENCIES.keys().isdisjoint(text) else {CURRENCIES[c] for c in text if c in CURRENCIES}
    if signs and currency is None:
        raise AmountError(f"amount {text} has a currency sign but the header declares no currency (add e.g. "
                          f"'currency {signs.pop()}')")
    if signs and signs != {currency}:
        raise AmountError(f"amount {text} is not in the hand's currency {currency}")
    amount = written_amount(text, 2 if currency else 0)
    MONEY.put((text, currency), amount)
    return amount


def _card(text: str) -> Card:
    """The card of a CARD piece (``Ah``, ``10d``, ``a♥``)."""
    card = CARD_SPELLINGS.values.get(text)
    if card is None:
        card = parse_card(text[:-1].upper() + _SUITS.get(text[-1], text[-1].lower()))
        CARD_SPELLINGS.put(text, card)
    return card


class Value(NamedTuple):
    """A value as written in the log: its line (in the block), column (1-based) and text."""

    line: int
    column: int
    text: str


def _field(line: int, match: Match, field: str, offset: int = 0) -> Value:
    """The value of a field of a line (``offset``: where the text ``match`` read starts in the line)."""
    return Value(line, offset + match.start(field) + 1, required(match, field))


class _Hand:
    """What one hand's lines have said so far, and the checks that need more than one line."""

    def __init__(self, block: Block) -> None:
        self.block = block
        self.base = block.first_line - 1  # a block line's number in the file, less one
        self.hand_id = ""
        self.items: list[tuple[str, int, re.Match[str], int]] = []  # header items: kind, line, match, offset
        self.facts: dict[str, list[Value]] = {}  # header facts: their values
        self.rules: dict[str, str] = {}
        self.stated_rules: set[str] = set()
        self.currency: str | None = None
        self.decimals = 0
        self.fields: dict[str, Any] | None = None  # the Hand's fields from the header, when they read
        self.header_read = False
        self.seats: list[Seat] = []
        self.seated: dict[str, str] = {}  # the seats' player names, for player()
        self.seat_numbers: set[int] = set()
        self.events: list[ev.Event] = []
        self.phase = _ANTES
        self.street: Street | None = None
        self.acted = False
        self.totals: dict[str, int] = {}

    # ---- helpers
    @staticmethod
    def fail(value: Value, message: str) -> HandSyntaxError:
        return HandSyntaxError(value.line, value.column, message)

    def amount(self, value: Value) -> int:
        try:
            return written_money(value.text, self.currency)
        except AmountError as error:
            raise self.fail(value, str(error)) from None

    def amount_at(self, line: int, match: Match, field: str) -> int:
        """The amount of a field of a line (its Value is made only for an error)."""
        try:
            return written_money(required(match, field), self.currency)
        except AmountError as error:
            raise self.fail(_field(line, match, field), str(error)) from None

    def player(self, value: Value) -> str:
        name = _unquote(value.text)
        if name in self.seated:
            return name
        names = [seat.player for seat in self.seats]
        folded = [seated for seated in names if seated.casefold() == name.casefold()]
        if len(folded) == 1:
            return folded[0]
        raise self.fail(value, f"unknown player {name!r}: expected one of the seated players "
                               f"({', '.join(names)})")

    # ---- header
    def read_header(self) -> None:
        """The header's items, once its lines are all read (at the first seat): each fact once, the
        house rules through the rules engine. The Hand's fields that the header gives are read now
        when they can be, else again by :meth:`result`, after the body's errors."""
        for kind, line, match, offset in self.items:
            start = Value(line, offset + match.start() + 1, match[0])
            if kind in _RULE_ITEMS or kind == "rule":
                self.rule(kind, _field(line, match, kind, offset))
            elif kind == "small_bet":
                amounts = [_field(line, match, "small_bet", offset), _field(line, match, "big_bet", offset)]
                self.once(start, "stakes", amounts)
                if match["structure"]:
                    self.once(start, "structure", [_field(line, match, "structure", offset)])
            elif kind == "min_bet":
                self.once(start, "stakes", [_field(line, match, "min_bet", offset)])
            elif kind == "structure_only":
                self.once(start, "structure", [_field(line, match, kind, offset)])
            else:
                self.once(start, kind, [_field(line, match, kind, offset)])
        if "variant" not in self.facts:
            raise HandSyntaxError(1, 1, "the header must name the variant: stud, stud8, razz, stud5 or "
                                        "descubierto (e.g. 'studbook hand 12 · stud · limit 10/20')")
        if "currency" in self.facts:
            code = self.value("currency").text
            self.currency = CURRENCIES.get(code, code.upper())
            self.decimals = 2
        self.header_read = True
        try:
            self.fields = self.header_fields()
        except HandSyntaxError:
            pass

    def once(self, start: Value, key: str, values: list[Value]) -> None:
        if key in self.facts:
            raise self.fail(start, f"the header states the {key.replace('_', ' ')} twice")
        self.facts[key] = values

    def value(self, key: str) -> Value:
        """The last value of a header fact."""
        return self.facts[key][-1]

    def rule(self, kind: str, value: Value) -> None:
        """A house rule, checked by the rules engine; a preset's rules yield to stated ones."""
        key, raw = _RULE_ITEMS.get(kind, ""), value.text
        if kind == "rule":
            key, _, raw = (part.strip() for part in raw.partition("="))
            key = key.replace("-", "_")
        elif kind == "tie_break":
            raw = "suit" if raw.lower() in ("suit", "palo") else "position"
        if key == "preset":
            if raw.lower() not in PRESETS:
                raise self.fail(value, f"unknown preset {raw!r}: expected one of {', '.join(PRESETS)}")
            for name, setting in PRESETS[raw.lower()].items():
                if name not in self.stated_rules:
                    self.rules[name] = str(setting).lower() if isinstance(setting, bool) else str(setting)
            return
        try:
            parsed = parse_value(key, raw)
        except RuleError as error:
            raise self.fail(value, str(error)) from None
        if key in self.stated_rules:
            raise self.fail(value, f"the header states the rule {key} twice")
        self.stated_rules.add(key)
        self.rules[key] = str(4 * (15 - parsed)) if key == "deck_ranks" else raw

    def start_time(self) -> datetime | None:
        if "time" not in self.facts:
            return None
        value = self.value("time")
        written = _DATETIME.fullmatch(value.text)
        assert written is not None, value  # the grammar's time item is a date first
        year, month, day, hour, minute, second, zone = written.groups()
        offset = _ZONE_OFFSET.fullmatch(zone)
        try:
            if not zone or zone.upper() == "Z":
                tz: Any = UTC
            elif offset:
                sign, hours, minutes = offset.groups()
                tz = timezone((1 if sign == "+" else -1) * timedelta(hours=int(hours), minutes=int(minutes)))
            else:
                tz = ZoneInfo(TIMEZONES.get(zone.upper(), zone))
            return datetime(int(year), int(month), int(day), int(hour or 0), int(minute or 0),
                            int(second or 0), tzinfo=tz)
        except (ZoneInfoNotFoundError, ValueError) as error:
            raise self.fail(value, f"bad date or time zone {value.text!r}: {error}; expected e.g. "
                                   f"'2024-03-01 21:30 Europe/Madrid' or '2024-03-01 21:30 +01:00'") from None

    def text(self, key: str) -> str | None:
        return _unquote(self.value(key).text.strip()) if key in self.facts else None

    def money(self, key: str) -> int | None:
        return self.amount(self.value(key)) if key in self.facts else None

    def header_fields(self) -> dict[str, Any]:
        """The Hand's fields that the header gives, in the order their errors are reported."""
        variant = canonical_variant(self.value("variant").text)
        structure = VARIANTS[variant].structure
        if "structure" in self.facts:
            structure = betting_structure(self.value("structure").text)
        small_bet = big_bet = 0
        if "stakes" in self.facts:
            stakes = self.facts["stakes"]
            small_bet, big_bet = self.amount(stakes[0]), self.amount(stakes[-1])
        elif structure == "limit":
            raise HandSyntaxError(1, 1, "a limit game needs its stakes: expected e.g. 'limit 10/20' or "
                                        "'stakes 10/20' / 'apuestas 10/20'")
        max_seats = re.search(r"\d+", self.value("max_seats").text) if "max_seats" in self.facts else None
        return dict(
            site=(self.text("site") or "studbook").lower(), variant=variant, structure=structure,
            small_bet=small_bet, big_bet=big_bet, currency=self.currency, start_time=self.start_time(),
            table=self.text("table") or "", ante=self.money("ante"), bring_in=self.money("bring_in"),
            max_seats=int(max_seats.group()) if max_seats else None,
            tournament_id=self.text("tournament"), level=self.text("level"), game_label=self.text("game"),
            home_game="home" in self.facts, rules=tuple(self.rules.items()))

    # ---- body
    def need_street(self, value: Value, what: str) -> None:
        if self.street is None:
            raise self.fail(value, self.no_street(what))

    @staticmethod
    def no_street(what: str) -> str:
        return (f"{what} before the first street: expected a street line such as '3rd street' / '3ª calle' "
                f"first")

    def out_of_order(self, kind: str) -> str | None:
        """Why a player's line cannot come here, if it cannot: antes before the betting; deals and actions
        on a street, before the showdown and awards (the line counts as come when it can)."""
        if kind == "ANTE":
            if self.acted or self.phase == _FINAL:
                return "an ante after the betting began: antes come before the first action"
            return None
        if self.street is None:
            return self.no_street(f"'{_said(kind)}'")
        if kind in _BETTING:
            if self.phase == _FINAL:
                return (f"'{_said(kind)}' after the showdown or the awards: expected 'shows', 'mucks', "
                        f"'wins' / 'muestra', 'tira', 'gana'")
            self.acted = self.acted or kind != "DEAL"
        elif kind == "COLLECT":
            self.phase = _FINAL
        return None

    def result(self, hand_id: str) -> Hand:
        if self.street is None:
            raise HandSyntaxError(len(self.block.lines), 1, "no street: expected a street line such as "
                                                            "'3rd street' / '3ª calle' after the seats")
        fields = self.header_fields() if self.fields is None else self.fields
        return Hand(hand_id=hand_id, seats=tuple(self.seats), events=tuple(self.events),
                    source=Source(self.block.file, self.block.first_line, self.block.last_line),
                    summary=Summary(total_pot=self.totals.get("total_pot"), rake=self.totals.get("rake")),
                    **fields)


def _said(kind: str) -> str:
    """How a message names a kind of line (``BRING_IN``: bring in)."""
    return kind.lower().replace("_", " ")


def _first(line: int, match: Match) -> Value:
    """The first word of a line, where an error about the whole line points."""
    text = match.string
    return Value(line, len(text) - len(text.lstrip(" \t")) + 1, text.strip())


class StudbookReader(LineReader):
    """The line handlers of the studbook format."""

    def __init__(self, site: str) -> None:
        super().__init__(site)
        self.hand = _Hand(Block("", 1, [], None))
        self._diagnosis: Diagnosis | None = None

    def bind(self, parser: Lark) -> None:
        """Besides the lines' regexps: the pieces read inside a line (items, cards)."""
        super().bind(parser)
        flags = parser.options.g_regex_flags
        self.item = self._items(parser, "ITEM", flags)
        self.summary_item = self._items(parser, "SUMMARY_ITEM", flags)
        card, unknown = (parser.get_terminal(name).pattern.to_regexp() for name in ("CARD", "UNKNOWN"))
        self.card_piece = re.compile(rf"(?P<card>{card})|(?P<unknown>{unknown})|[\[\]()]", flags)

    @staticmethod
    def _items(parser: Lark, name: str, flags: int) -> re.Pattern[str]:
        """An item piece, then the blanks and the separator (or the end of the items) after it."""
        separator = parser.get_terminal("SEP").pattern.to_regexp()
        item = field_regexp(parser.get_terminal(name), flags).pattern
        return re.compile(rf"(?:{item})[ \t]*(?:(?:{separator})[ \t]*|$)", flags)

    def begin(self, block: Block) -> None:
        self.hand = _Hand(block)

    def finish(self) -> Hand:
        return self.hand.result(self.hand.hand_id)

    def syntax_error(self, error: UnexpectedInput, text: str, expected: set[str]) -> HandSyntaxError:
        if self._diagnosis is None:  # built for the first hand that needs it
            self._diagnosis = Diagnosis(self.regexps)
        return self._diagnosis.explain(error, text, expected)

    @staticmethod
    def split(match: Match, field: str, piece: re.Pattern[str]) -> list[tuple[re.Match[str], int]]:
        """The items of a field, each with the column (0-based) where the field starts."""
        text, offset = required(match, field), match.start(field)
        found, position = [], 0
        while position < len(text):
            item = piece.match(text, position)
            assert item is not None, text  # the line's own regexp read these items
            found.append((item, offset))
            position = item.end()
        return found

    # ---- header and seats
    def on_head(self, line: int, match: Match) -> None:
        self.hand.hand_id = _unquote(required(match, "hand_id").lstrip("#"))
        if match["items"]:
            self.header_items(line, match)

    def on_header_line(self, line: int, match: Match) -> None:
        self.header_items(line, match)

    def header_items(self, line: int, match: Match) -> None:
        for item, offset in self.split(match, "items", self.item):
            kind = next(kind for kind in _ITEM_KINDS if item[kind] is not None)
            self.hand.items.append((kind, line, item, offset))

    def on_seat_line(self, line: int, match: Match) -> None:
        """``seat N: NAME STACK (sitting out)?``."""
        hand = self.hand
        if not hand.header_read:
            hand.read_header()
        seat, player = required(match, "seat"), _unquote(required(match, "player"))
        seat_number = int(seat)
        if seat_number in hand.seat_numbers:  # a field's Value is made only for an error
            raise hand.fail(_field(line, match, "seat"), f"seat {seat} is listed twice")
        if player in hand.seated:
            raise hand.fail(_field(line, match, "player"), f"player {player!r} has two seats")
        hand.seats.append(Seat(seat_number, player, hand.amount_at(line, match, "stack"),
                               match["sitting_out"] is not None))
        hand.seated[player] = player
        hand.seat_numbers.add(seat_number)

    # ---- streets, showdown, notes, summary
    def on_street_line(self, line: int, match: Match) -> None:
        hand, first = self.hand, _first(line, match)
        street_word = _field(line, match, "street")
        digits = re.search(r"[2-7]", street_word.text)
        number = int(digits.group()) if digits else _ORDINALS[street_word.text.split()[0].lower()]
        variant = VARIANTS[canonical_variant(hand.value("variant").text)]
        expected = variant.first_street if hand.street is None else hand.street + 1
        if hand.phase == _FINAL:
            raise hand.fail(first, "a street after the showdown or the awards: streets come before them")
        if number != expected:
            last = variant.last_street
            wanted = f"{Street(expected).label} street" if expected <= last else "the showdown or awards"
            raise hand.fail(street_word, f"{street_word.text}: expected {wanted} ({variant.label} deals "
                                         f"{variant.first_street.label} to {last.label} street)")
        hand.street, hand.phase = Street(number), _STREETS
        cards = self.cards(match["community"] or "")[1]
        hand.events.append(ev.StreetStart(hand.base + line, hand.street, cards))

    def on_showdown_line(self, line: int, match: Match) -> None:
        hand, first = self.hand, _first(line, match)
        hand.need_street(first, "the showdown")
        if hand.phase == _FINAL:
            raise hand.fail(first, "showdown after the showdown or the awards: expected awards "
                                   "('wins 120' / 'gana 120')")
        hand.phase = _FINAL

    def on_note_line(self, line: int, match: Match) -> None:
        player = match["player"]
        self.hand.events.append(ev.Note(self.hand.base + line, (match["kind"] or "other").lower(),
                                        (match["text"] or "").strip(), _unquote(player) if player else None))

    def on_summary_line(self, line: int, match: Match) -> None:
        hand = self.hand
        for item, offset in self.split(match, "items", self.summary_item):
            key = "total_pot" if item["total_pot"] else "rake"
            keyword, amount = _field(line, item, key, offset), _field(line, item, key + "_amount", offset)
            if key in hand.totals:
                raise hand.fail(keyword, f"{keyword.text} is stated twice")
            hand.need_street(keyword, keyword.text)
            hand.totals[key] = hand.amount(amount)
            hand.phase = _FINAL

    # ---- a player's lines
    def acting(self, line: int, match: Match) -> str:
        """The seated player of a player's line (checked first)."""
        hand = self.hand
        return hand.seated.get(required(match, "player")) or hand.player(_field(line, match, "player"))

    def ordered(self, line: int, match: Match, kind: str, event: ev.Event) -> None:
        """Add a player's event once its fields have read, if the line comes in order."""
        hand = self.hand
        problem = hand.out_of_order(kind)
        if problem is not None:
            raise hand.fail(_field(line, match, "player"), problem)
        hand.events.append(event)

    def paying(self, kind: str, line: int, match: Match) -> None:
        player = self.acting(line, match)
        amount = self.hand.amount_at(line, match, "amount")
        self.ordered(line, match, kind, _PAYMENTS[kind](self.hand.base + line, player, amount,
                                                        match["all_in"] is not None))

    def on_ante(self, line: int, match: Match) -> None:
        self.paying("ANTE", line, match)

    def on_bring_in(self, line: int, match: Match) -> None:
        self.paying("BRING_IN", line, match)

    def on_bet(self, line: int, match: Match) -> None:
        self.paying("BET", line, match)

    def on_call(self, line: int, match: Match) -> None:
        self.paying("CALL", line, match)

    def on_check(self, line: int, match: Match) -> None:
        self.ordered(line, match, "CHECK", ev.Check(self.hand.base + line, self.acting(line, match)))

    def on_fold(self, line: int, match: Match) -> None:
        self.ordered(line, match, "FOLD", ev.Fold(self.hand.base + line, self.acting(line, match)))

    def on_raise(self, line: int, match: Match) -> None:
        """``raises 20 to 40`` or ``raises to 40``: the street total comes after "to"."""
        player, hand = self.acting(line, match), self.hand
        by = hand.amount_at(line, match, "amount") if match["amount"] else None
        to = hand.amount_at(line, match, "to")
        all_in = match["all_in"] is not None
        self.ordered(line, match, "RAISE", ev.Raise(hand.base + line, player, to, by, all_in))

    def on_complete(self, line: int, match: Match) -> None:
        player = self.acting(line, match)
        to = self.hand.amount_at(line, match, "to")
        self.ordered(line, match, "COMPLETE", ev.Complete(self.hand.base + line, player, to,
                                                          match["all_in"] is not None))

    def on_uncalled(self, line: int, match: Match) -> None:
        player = self.acting(line, match)
        amount = self.hand.amount_at(line, match, "amount")
        self.ordered(line, match, "UNCALLED", ev.UncalledReturn(self.hand.base + line, player, amount))

    def on_deal(self, line: int, match: Match) -> None:
        """``: [down] (shown before) up``: a bracket's cards go down, a parenthesis's were shown before."""
        player, hand = self.acting(line, match), self.hand
        problem = hand.out_of_order("DEAL")
        if problem is not None:
            raise hand.fail(_field(line, match, "player"), problem)
        down, up, before = self.cards(required(match, "cards"))
        assert hand.street is not None  # out_of_order wants a street first
        hand.events.append(ev.Deal(hand.base + line, hand.street, player, down, up, before))

    def on_show(self, line: int, match: Match) -> None:
        player = self.acting(line, match)
        shown = self.all_cards(required(match, "cards"))
        text = match["description"] or ""
        description = text[1:-1] if text[:1] == "(" else _unquote(text)
        self.ordered(line, match, "SHOW", ev.Show(self.hand.base + line, player, shown, description))

    def on_muck(self, line: int, match: Match) -> None:
        player = self.acting(line, match)
        shown = self.all_cards(required(match, "cards"))
        self.ordered(line, match, "MUCK", ev.Muck(self.hand.base + line, player, shown))

    def on_collect(self, line: int, match: Match) -> None:
        """``wins 120 from side pot 2 (high)``: the amount, the pot and the half."""
        player = self.acting(line, match)
        amount = self.hand.amount_at(line, match, "amount")
        pot, half = "pot", None
        words = (match["pot"] or "").lower()
        if "main" in words or "principal" in words:
            pot = "main"
        elif words not in ("", "pot", "bote"):
            number = re.search(r"\d+", words)
            pot = f"side-{number.group()}" if number else "side"
        if match["half"]:
            half = "hi" if match["half"].lower().strip("() \t").startswith(("h", "alt")) else "lo"
        self.ordered(line, match, "COLLECT", ev.Collect(self.hand.base + line, player, amount, pot, half))

    def cards(self, text: str) -> tuple[Cards, Cards, Cards]:
        """(in brackets, plain, in parentheses): down cards, up cards, cards shown before; an unknown
        card (``Xx``) is left out."""
        dealt = DEALT.values.get(text)
        if dealt is None:
            dealt = self.read_cards(text)
            DEALT.put(text, dealt)
        return dealt

    def read_cards(self, text: str) -> tuple[Cards, Cards, Cards]:
        down: list[Card] = []
        up: list[Card] = []
        before: list[Card] = []
        group = up
        for piece in self.card_piece.finditer(text):
            card = piece["card"]
            if card is not None:
                group.append(_card(card))
            elif piece["unknown"] is None:
                bracket = piece[0]
                group = down if bracket == "[" else before if bracket == "(" else up
        return tuple(down), tuple(up), tuple(before)

    def all_cards(self, text: str) -> Cards:
        """The cards of a show or muck, in the order written, brackets or not."""
        shown = SHOWN.values.get(text)
        if shown is None:
            shown = tuple([_card(piece["card"]) for piece in self.card_piece.finditer(text) if piece["card"]])
            SHOWN.put(text, shown)
        return shown


class StudbookDialect(LineDialect):
    """The studbook format: blocks start with ``studbook hand N`` or ``hand N ·`` / ``mano N ·``."""

    name = "studbook"
    writer = "studbook"
    display_name = "home game"  # a hand written by hand, or by studbook's simulator
    header = HEADER
    reader_class = StudbookReader
    starts = ("start", "pieces")
    loose_kinds = frozenset({"HEADER_LINE"})  # "any · items": a line of prose reads as one
    awards_required = False  # a host may leave the award to the rules

    @property
    def keyword(self) -> re.Pattern[str]:
        """Any keyword at the start of a text: a name that starts with one must be quoted."""
        return self.reader.regexps["KEYWORD"]

    @property
    def _variant_word(self) -> re.Pattern[str]:
        return self.reader.regexps["KW_VARIANT"]

    def hand_id(self, header_line: str) -> str | None:
        match = self.header.match(header_line)
        return _unquote(match.group("hand_id")) if match else None

    def variant(self, header_line: str) -> str | None:
        """The variant named on the first line; '' when it is on a later line (parse() checks)."""
        found = self._variant_word.search(header_line)
        return canonical_variant(found.group()) if found else ""

    def game_name(self, header_line: str) -> str:
        found = self._variant_word.search(header_line)
        return found.group() if found else "stud"


def quote_name(name: str) -> str:
    """A player name as the grammar reads it back: bare when it is one plain word, else quoted."""
    dialect = next(d for d in dialects() if isinstance(d, StudbookDialect))
    bare = re.fullmatch(r'[^\s"#:\[\]()·|;•\\]+', name) and not dialect.keyword.match(name)
    return name if bare else quote(name)


def quote(text: str) -> str:
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"') + '"'


register(StudbookDialect)
