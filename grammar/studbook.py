"""studbook's own hand log, written by people in English or Spanish (docs/log-format.md).

Each line becomes keyword tokens (grammar/studbook.lark): exactly as Lark lexes them, by the fast
path of grammar/studscan.py, or by Lark itself when that path is unsure (it then also explains any
syntax error). From those tokens, line by line, this module checks what a grammar cannot see: the
order of the sections, that every actor has a seat, the amounts against the declared currency and
the header's house rules against the rules engine's own validation.
Every problem is a :class:`HandSyntaxError` that names the line and what was expected there.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from datetime import UTC, datetime, timedelta, timezone
from functools import cached_property, lru_cache
from typing import Any, NamedTuple
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

from lark import Lark, Token, Tree
from lark.exceptions import UnexpectedCharacters, UnexpectedInput, UnexpectedToken

from studbook import events as ev
from studbook.cards import Card, parse_card
from studbook.events import Street
from studbook.grammar.dialect import GRAMMAR_DIR, Dialect, HandSyntaxError, dialects, register
from studbook.grammar.reader import Block
from studbook.grammar.studscan import Line, StudbookScanner, Tok
from studbook.grammar.transform import CURRENCIES, TIMEZONES, slot_setter
from studbook.hand import Hand, Seat, Source, Summary
from studbook.money import AmountError, parse_amount
from studbook.rules.variants import PRESETS, VARIANTS, RuleError, parse_value

_ID = r'"[^"\n]*"|[^\s·|;•#"]+'
HEADER = re.compile(  # "studbook hand ID ...", or "hand ID ·" / "mano ID |" (a separator must follow)
    rf"(?i:[ \t]*(?:studbook[ \t]+(?=(?:hand|mano)[ \t])|(?=(?:hand|mano)[ \t]+#?(?:{_ID})[ \t]*[·|;•]))"
    rf"(?:hand|mano)[ \t]+#?(?P<hand_id>{_ID}))")

_SUITS = {"♣": "c", "♦": "d", "♥": "h", "♠": "s"}
_ORDINALS = {"second": 2, "segunda": 2, "third": 3, "tercera": 3, "fourth": 4, "cuarta": 4, "fifth": 5,
             "quinta": 5, "sixth": 6, "sexta": 6, "seventh": 7, "septima": 7, "séptima": 7}
_ZONE_OFFSET = re.compile(r"([+-])(\d\d):?(\d\d)")
_DATETIME = re.compile(r"(\d{4})-(\d{1,2})-(\d{1,2})(?:[ T]+(\d{1,2}):(\d\d)(?::(\d\d))?)?\s*(.*)")

_RULE_ITEMS = {"cap": "max_raises", "deck": "deck_ranks", "tie_break": "board_tie_break", "preset": "preset"}

# Event constructors that set the slots directly (transform.slot_setter): events are most of a parse.
_check, _fold, _raise, _complete = map(slot_setter, (ev.Check, ev.Fold, ev.Raise, ev.Complete))
_deal, _street_start, _uncalled = map(slot_setter, (ev.Deal, ev.StreetStart, ev.UncalledReturn))
_show, _muck, _collect, _seat = map(slot_setter, (ev.Show, ev.Muck, ev.Collect, Seat))
_PAYMENTS = dict(zip(("ante", "bring_in", "bet", "call"),
                     map(slot_setter, (ev.PostAnte, ev.BringIn, ev.Bet, ev.Call)), strict=True))
_BETTING = ("deal", "bring_in", "check", "fold", "bet", "call", "raise", "complete")

# Phases of a hand body, in order: antes, then streets, then showdown and awards.
_ANTES, _STREETS, _FINAL = 1, 2, 3


def _unquote(text: str) -> str:
    return re.sub(r"\\(.)", r"\1", text[1:-1]) if text.startswith('"') else text


@lru_cache(maxsize=256)  # asked for every street line; the spellings are few
def canonical_variant(text: str) -> str:
    """The studbook variant named by any spelling KW_VARIANT accepts (``stud hi/lo`` is stud8)."""
    words = text.lower()
    for variant, pattern in (("descubierto", "descubierto"), ("razz", "razz"), ("stud5", r"five|5|cinco"),
                             ("stud8", r"hi|8|alt|h/l")):
        if re.search(pattern, words):
            return variant
    return "stud"


def canonical_structure(text: str) -> str:
    words = text.lower()
    if "pot" in words or "bote" in words:
        return "pot-limit"
    return "no-limit" if words.startswith(("no", "sin")) else "limit"


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


@lru_cache(maxsize=256)  # a few spellings of 52 cards: each is read once
def _card(text: str) -> Card:
    """The card of a CARD token (``Ah``, ``10d``, ``a♥``)."""
    return parse_card(text[:-1].upper() + _SUITS.get(text[-1], text[-1].lower()))


# Header items by their first token, as the grammar aliases them.
_ITEMS = {"KW_VARIANT": "variant", "KW_STRUCTURE": "structure", "KW_STAKES": "stakes", "AMOUNT": "stakes",
          "KW_MINBET": "min_bet", "KW_ANTE": "ante", "KW_BRINGIN": "bring_in", "KW_CAP": "cap",
          "KW_DECK": "deck",
          "KW_TIEBREAK": "tie_break", "KW_CURRENCY": "currency", "DATETIME": "time", "KW_TABLE": "table",
          "MAXSEATS": "max_seats", "KW_MAX": "max_seats", "KW_TOURNAMENT": "tournament", "KW_LEVEL": "level",
          "KW_GAME": "game", "KW_SITE": "site", "KW_HOME": "home", "KW_RULE": "rule", "RULE_KV": "rule",
          "KW_PRESET": "preset"}
# Player actions by the token after the name.
_ACTIONS_BY_TOKEN = {"COLON": "deal", "KW_ANTE": "ante", "KW_BRINGIN": "bring_in", "KW_CHECK": "check",
                     "KW_FOLD": "fold", "KW_BET": "bet", "KW_CALL": "call", "KW_RAISE": "raise",
                     "KW_COMPLETE": "complete", "KW_RETURN": "uncalled", "KW_SHOW": "show", "KW_MUCK": "muck",
                     "KW_WIN": "collect"}
_SUMMARY_ITEMS = {"KW_TOTAL": "total_pot", "KW_RAKE": "rake"}
_BODY_STARTS = frozenset(("WORD", "QUOTED", "KW_DECOR", "KW_STREET", "KW_SHOWDOWN", "KW_NOTE", "KW_TOTAL",
                          "KW_RAKE"))  # the first tokens of body lines (header items start otherwise)
_PUNCTUATION = frozenset(("COLON", "SLASH", "LSQB", "RSQB", "LPAR", "RPAR"))  # not in Lark's tree

Item = tuple[str, list[Tok]]  # a header item: its alias in the grammar, its tokens without the "/"


def _items(tokens: Sequence[Tok]) -> list[Item]:
    """The header items of a head or header line: the runs of tokens between separators."""
    items: list[Item] = []
    current: list[Tok] = []
    for token in (*tokens, None):
        if token is None or token.type == "SEP":
            if current:
                items.append((_ITEMS[current[0].type], current))
            current = []
        elif token.type != "SLASH":
            current.append(token)
    return items


class _Action(NamedTuple):
    """A player line as read once: its kind, the player as written and its event's fields after the
    line and the player (a deal's street comes from the hand)."""

    kind: str
    name: str
    make: Callable[..., ev.Event]
    fields: tuple[Any, ...]


class Memo(NamedTuple):
    """What player and seat lines mean, by their text, for one currency (it decides how amounts read)."""

    actions: dict[str, _Action]
    seats: dict[str, Seat]


class _Header(NamedTuple):
    """A header as read once: the facts the body reads and the Hand's fields it gives."""

    facts: dict[str, list[Tok]]
    fact_lines: dict[str, int]
    currency: str | None
    decimals: int
    fields: dict[str, Any]


class Memos:
    """What the fast path's lines mean, read once since a log's lines repeat from hand to hand: headers
    by their tokens but the hand's id, player and seat lines by their text (the fast path's tokens
    depend on a line's text alone), for each currency."""

    def __init__(self) -> None:
        self.headers: dict[tuple[Any, ...], _Header] = {}
        self.lines: dict[str | None, Memo] = {}


_MEMO_SIZE = 4096  # headers, or lines per currency, remembered before starting over: 50,000 cost
# about 70 MB of an import's memory for no measurable speed over 2,048 (descubierto, 10k hands)


def tree_lines(tree: Tree) -> list[Line]:
    """The tokens of each line of a tree parsed with all tokens kept: what the fast path gives."""
    lines: dict[int, list[Tok]] = {}
    for token in tree.scan_values(lambda value: isinstance(value, Token)):
        if token.type != "_NL":
            lines.setdefault(token.line, []).append(Tok(token.type, token.value, token.column))
    return [(number, tuple(tokens)) for number, tokens in lines.items()]


class _Hand:
    """Builds one Hand from the tokens of each line of one block (``number`` is the block's line)."""

    def __init__(self, block: Block, memos: Memos | None = None) -> None:
        self.block = block
        self.texts = block.lines
        self.base = block.first_line - 1  # a block line's number in the file, less one
        self.memos = Memos() if memos is None else memos
        self.memo = Memo({}, {})  # set by read_header() once the currency is known
        self.fields: dict[str, Any] | None = None  # the Hand's fields from the header, when they read
        self.facts: dict[str, list[Tok]] = {}
        self.fact_lines: dict[str, int] = {}  # the line of each header item
        self.rules: dict[str, str] = {}
        self.stated_rules: set[str] = set()
        self.currency: str | None = None
        self.decimals = 0
        self.seats: list[Seat] = []
        self.seated: dict[str, str] = {}  # the seats' player names, for player()
        self.seat_numbers: set[int] = set()
        self.events: list[ev.Event] = []
        self.phase = _ANTES
        self.street: Street | None = None
        self.acted = False
        self.totals: dict[str, int] = {}

    # ---- helpers
    def fail(self, number: int, token: Tok, message: str) -> HandSyntaxError:
        return HandSyntaxError(number, token.column, message)

    def line(self, number: int) -> int:
        return self.base + number

    def amount(self, number: int, token: Tok) -> int:
        text = token.value
        # most amounts have no sign: the set is built only for those that do (asked on every new line)
        signs = set() if CURRENCIES.keys().isdisjoint(text) else {CURRENCIES[c] for c in text
                                                                  if c in CURRENCIES}
        if signs and self.currency is None:
            raise self.fail(number, token, f"amount {text} has a currency sign but the header declares no "
                                           f"currency (add e.g. 'currency {signs.pop()}')")
        if signs and signs != {self.currency}:
            raise self.fail(number, token, f"amount {text} is not in the hand's currency {self.currency}")
        try:
            return written_amount(text, self.decimals)
        except AmountError as error:
            raise self.fail(number, token, str(error)) from None

    def player(self, number: int, token: Tok) -> str:
        name = _unquote(token.value)
        if name in self.seated:
            return name
        names = [seat.player for seat in self.seats]
        folded = [seated for seated in names if seated.casefold() == name.casefold()]
        if len(folded) == 1:
            return folded[0]
        raise self.fail(number, token, f"unknown player {name!r}: expected one of the seated players "
                                       f"({', '.join(names)})")

    # ---- header
    def header(self, items: list[tuple[int, Item]]) -> None:
        for number, (alias, tokens) in items:
            if alias in ("cap", "deck", "tie_break", "rule", "preset"):
                self.rule(number, alias, tokens[-1])
                continue
            key = "stakes" if alias == "min_bet" else alias
            if key == "structure" and len(tokens) > 1:
                self.once(number, tokens[0], "stakes", tokens[1:])
            self.once(number, tokens[0], key, tokens)
        if "variant" not in self.facts:
            raise HandSyntaxError(1, 1, "the header must name the variant: stud, stud8, razz, stud5 or "
                                        "descubierto (e.g. 'studbook hand 12 · stud · limit 10/20')")
        if "currency" in self.facts:
            code = self.value("currency").value
            self.currency = CURRENCIES.get(code, code.upper())
            self.decimals = 2

    def once(self, number: int, token: Tok, key: str, tokens: list[Tok]) -> None:
        if key in self.facts:
            raise self.fail(number, token, f"the header states the {key.replace('_', ' ')} twice")
        self.facts[key] = tokens
        self.fact_lines[key] = number

    def value(self, key: str) -> Tok:
        """The last token of a header item (its value)."""
        return self.facts[key][-1]

    def rule(self, number: int, alias: str, token: Tok) -> None:
        """A house rule, checked by the rules engine; a preset's rules yield to stated ones."""
        key, raw = _RULE_ITEMS.get(alias, ""), token.value
        if alias == "rule":
            key, _, raw = (part.strip() for part in raw.partition("="))
            key = key.replace("-", "_")
        elif alias == "tie_break":
            raw = "suit" if raw.lower() in ("suit", "palo") else "position"
        if key == "preset":
            if raw.lower() not in PRESETS:
                raise self.fail(number, token,
                                f"unknown preset {raw!r}: expected one of {', '.join(PRESETS)}")
            for name, value in PRESETS[raw.lower()].items():
                if name not in self.stated_rules:
                    self.rules[name] = str(value).lower() if isinstance(value, bool) else str(value)
            return
        try:
            value = parse_value(key, raw)
        except RuleError as error:
            raise self.fail(number, token, str(error)) from None
        if key in self.stated_rules:
            raise self.fail(number, token, f"the header states the rule {key} twice")
        self.stated_rules.add(key)
        self.rules[key] = str(4 * (15 - value)) if key == "deck_ranks" else raw

    def start_time(self) -> datetime | None:
        if "time" not in self.facts:
            return None
        token, number = self.value("time"), self.fact_lines["time"]
        year, month, day, hour, minute, second, zone = _DATETIME.fullmatch(token.value).groups()
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
            raise self.fail(number, token, f"bad date or time zone {token.value!r}: {error}; expected e.g. "
                                           f"'2024-03-01 21:30 Europe/Madrid' or '2024-03-01 21:30 +01:00'"
                            ) from None

    def text(self, key: str) -> str | None:
        return _unquote(self.value(key).value.strip()) if key in self.facts else None

    def money(self, key: str) -> int | None:
        return self.amount(self.fact_lines[key], self.value(key)) if key in self.facts else None

    # ---- seats
    def seat(self, line: int, tokens: Sequence[Tok]) -> None:
        """``seat N: NAME STACK (sitting out)?``: the grammar fixes where each token is."""
        number, name = tokens[1], tokens[3]
        seats = self.memo.seats
        seat = seats.get(self.texts[line - 1])
        seat_number, player = (int(number.value), _unquote(name.value)) if seat is None else (seat.seat,
                                                                                             seat.player)
        if seat_number in self.seat_numbers:
            raise self.fail(line, number, f"seat {number.value} is listed twice")
        if player in self.seated:
            raise self.fail(line, name, f"player {player!r} has two seats")
        if seat is None:
            seat = _seat(seat_number, player, self.amount(line, tokens[4]), len(tokens) > 5)
            if len(seats) >= _MEMO_SIZE:
                seats.clear()
            seats[self.texts[line - 1]] = seat
        self.seats.append(seat)
        self.seated[player] = player
        self.seat_numbers.add(seat_number)

    # ---- body
    def body(self, number: int, tokens: Sequence[Tok]) -> None:
        first = tokens[0]
        kind = first.type
        if kind == "KW_NOTE":
            self.note(number, tokens)
        elif kind in _SUMMARY_ITEMS:
            self.summary(number, tokens)
        elif any(token.type == "KW_SHOWDOWN" for token in tokens):
            self.need_street(number, first, "the showdown")
            if self.phase == _FINAL:
                raise self.fail(number, first, "showdown after the showdown or the awards: expected awards "
                                               "('wins 120' / 'gana 120')")
            self.phase = _FINAL
        else:
            self.street_line(number, tokens)

    def need_street(self, number: int, token: Tok, what: str) -> None:
        if self.street is None:
            raise self.fail(number, token, f"{what} before the first street: expected a street line such as "
                                           f"'3rd street' / '3ª calle' first")

    def street_line(self, line: int, tokens: Sequence[Tok]) -> None:
        first = tokens[0]
        token = next(t for t in tokens if t.type == "KW_STREET")
        digits = re.search(r"[2-7]", token.value)
        number = int(digits.group()) if digits else _ORDINALS[token.value.split()[0].lower()]
        variant = VARIANTS[canonical_variant(self.value("variant").value)]
        expected = variant.first_street if self.street is None else self.street + 1
        if self.phase == _FINAL:
            raise self.fail(line, first,
                            "a street after the showdown or the awards: streets come before them")
        if number != expected:
            last = variant.last_street
            wanted = f"{Street(expected).label} street" if expected <= last else "the showdown or awards"
            raise self.fail(line, token, f"{token.value}: expected {wanted} ({variant.label} deals "
                                         f"{variant.first_street.label} to {last.label} street)")
        self.street, self.phase = Street(number), _STREETS
        cards = tuple(_card(t.value) for t in tokens if t.type == "CARD")
        self.events.append(ev.StreetStart(self.line(line), self.street, cards))

    def note(self, line: int, tokens: Sequence[Tok]) -> None:
        rest = [t for t in tokens[1:] if t.type not in _PUNCTUATION]
        by_type = {t.type: t.value for t in rest}
        names = [t for t in rest if t.type in ("WORD", "QUOTED")]
        player = _unquote(names[0].value) if names else None
        self.events.append(ev.Note(self.line(line), by_type.get("KIND", "other").lower(),
                                   by_type.get("REST", "").strip(), player))

    def summary(self, line: int, tokens: Sequence[Tok]) -> None:
        for keyword, amount in zip(tokens, tokens[1:], strict=False):
            item = _SUMMARY_ITEMS.get(keyword.type)
            if item is None:
                continue
            if item in self.totals:
                raise self.fail(line, keyword, f"{keyword.value} is stated twice")
            self.need_street(line, keyword, keyword.value)
            self.totals[item] = self.amount(line, amount)
            self.phase = _FINAL

    def player_line(self, number: int, tokens: Sequence[Tok]) -> None:
        """A player's line: the player must be seated, the line must come in order (check_order)."""
        name, text, actions = tokens[0], self.texts[number - 1], self.memo.actions
        action = actions.get(text)
        player = self.seated.get(action.name if action else _unquote(name.value)) or self.player(number, name)
        if action is None:
            action = self.read_action(number, tokens)
            if len(actions) >= _MEMO_SIZE:
                actions.clear()
            actions[text] = action
        kind = action.kind
        self.check_order(number, name, kind)
        if kind == "deal":
            self.events.append(_deal(self.base + number, self.street, player, *action.fields))
        else:
            self.events.append(action.make(self.base + number, player, *action.fields))

    def read_action(self, number: int, tokens: Sequence[Tok]) -> _Action:
        """What a player line does, read from its tokens (an amount's error names its token)."""
        name = _unquote(tokens[0].value)
        kind = _ACTIONS_BY_TOKEN[tokens[1].type]
        amounts = [self.amount(number, t) for t in tokens if t.type == "AMOUNT"]
        all_in = any(t.type == "KW_ALLIN" for t in tokens)
        if kind in _PAYMENTS:
            return _Action(kind, name, _PAYMENTS[kind], (amounts[0], all_in))
        if kind in ("check", "fold"):
            return _Action(kind, name, _check if kind == "check" else _fold, ())
        if kind == "raise":
            by = amounts[0] if len(amounts) == 2 else None
            return _Action(kind, name, _raise, (amounts[-1], by, all_in))
        if kind == "complete":
            return _Action(kind, name, _complete, (amounts[0], all_in))
        if kind == "uncalled":
            return _Action(kind, name, _uncalled, (amounts[0],))
        if kind == "deal":  # player_line gives the street
            return _Action(kind, name, _deal, self.dealt(tokens))
        if kind == "show":
            described = [t.value for t in tokens[1:] if t.type in ("DESCRIPTION", "QUOTED")]
            text = described[0] if described else ""
            description = text[1:-1] if text[:1] == "(" else _unquote(text)
            return _Action(kind, name, _show, (self.cards(tokens), description))
        if kind == "muck":
            return _Action(kind, name, _muck, (self.cards(tokens),))
        return _Action(kind, name, _collect, (amounts[0], *self.pot(tokens)))

    def check_order(self, number: int, name: Tok, kind: str) -> None:
        """Antes before the betting; deals and actions on a street, before the showdown and awards."""
        if kind == "ante":
            if self.acted or self.phase == _FINAL:
                raise self.fail(number, name,
                                "an ante after the betting began: antes come before the first action")
            return
        if self.street is None:
            self.need_street(number, name, f"'{kind.replace('_', ' ')}'")
        if kind in _BETTING:
            if self.phase == _FINAL:
                raise self.fail(number, name,
                                f"'{kind.replace('_', ' ')}' after the showdown or the awards: "
                                f"expected 'shows', 'mucks', 'wins' / 'muestra', 'tira', 'gana'")
            self.acted = self.acted or kind != "deal"
        elif kind == "collect":
            self.phase = _FINAL

    @staticmethod
    def cards(tokens: Sequence[Tok]) -> tuple[Card, ...]:
        return tuple(_card(t.value) for t in tokens if t.type == "CARD")

    @staticmethod
    def dealt(tokens: Sequence[Tok]) -> tuple[tuple[Card, ...], tuple[Card, ...], tuple[Card, ...]]:
        """``: [down] (shown before) up``: a bracket's cards go down, a parenthesis's were shown before;
        the fields of a Deal after its player."""
        up: list[Card] = []
        down: list[Card] = []
        before: list[Card] = []
        group = up
        for token in tokens:
            kind = token.type
            if kind == "CARD":
                group.append(_card(token.value))
            elif kind in ("LSQB", "LPAR"):
                group = down if kind == "LSQB" else before
            elif kind in ("RSQB", "RPAR"):
                group = up
        return tuple(down), tuple(up), tuple(before)

    @staticmethod
    def pot(tokens: Sequence[Tok]) -> tuple[str, str | None]:
        """The pot and the half of a ``wins`` line: the fields of a Collect after its amount."""
        pot, half = "pot", None
        for token in tokens[1:]:
            words = token.value.lower()
            if token.type == "KW_POT" and ("main" in words or "principal" in words):
                pot = "main"
            elif token.type == "KW_POT" and words not in ("pot", "bote"):
                number = re.search(r"\d+", words)
                pot = f"side-{number.group()}" if number else "side"
            elif token.type == "KW_HALF":
                half = "hi" if words.strip("() \t").startswith(("h", "alt")) else "lo"
        return pot, half

    # ---- result
    def hand(self, lines: list[Line]) -> Hand:
        (_, head), *rest = lines
        body = next((index for index, (_, tokens) in enumerate(rest)
                     if tokens[0].type == "KW_SEAT" or tokens[0].type in _BODY_STARTS), len(rest))
        self.read_header(head, rest[:body])
        for number, tokens in rest[body:]:
            kind = tokens[0].type
            if kind in ("WORD", "QUOTED"):  # most lines
                self.player_line(number, tokens)
            elif kind == "KW_SEAT":
                self.seat(number, tokens)
            else:
                self.body(number, tokens)
        if self.street is None:
            raise HandSyntaxError(len(self.block.lines), 1, "no street: expected a street line such as "
                                                            "'3rd street' / '3ª calle' after the seats")
        return self.result(head[1])

    def read_header(self, head: tuple[Tok, ...], lines: list[Line]) -> None:
        """The head line and header lines, as read before when only the hand's id differs; the fields
        of a header that fails to give them are read again by result(), after the body's errors."""
        key = (head[2:], *lines)
        known = self.memos.headers.get(key)
        if known is None:
            items = [(1, item) for item in _items(head[2:])]
            for number, tokens in lines:
                items.extend((number, item) for item in _items(tokens))
            self.header(items)
            try:
                self.fields = self.header_fields()
            except HandSyntaxError:
                pass
            else:
                if len(self.memos.headers) >= _MEMO_SIZE:
                    self.memos.headers.clear()
                self.memos.headers[key] = _Header(self.facts, self.fact_lines, self.currency, self.decimals,
                                                  self.fields)
        else:
            self.facts, self.fact_lines, self.currency, self.decimals, self.fields = known
        by_currency = self.memos.lines
        self.memo = by_currency.get(self.currency) or by_currency.setdefault(self.currency, Memo({}, {}))

    def header_fields(self) -> dict[str, Any]:
        """The Hand's fields that the header gives, in the order their errors are reported."""
        variant = canonical_variant(self.value("variant").value)
        structure = VARIANTS[variant].structure
        if "structure" in self.facts:
            structure = canonical_structure(self.facts["structure"][0].value)
        small_bet = big_bet = 0
        if "stakes" in self.facts:
            number = self.fact_lines["stakes"]
            amounts = [t for t in self.facts["stakes"] if t.type == "AMOUNT"]
            small_bet, big_bet = self.amount(number, amounts[0]), self.amount(number, amounts[-1])
        elif structure == "limit":
            raise HandSyntaxError(1, 1, "a limit game needs its stakes: expected e.g. 'limit 10/20' or "
                                        "'stakes 10/20' / 'apuestas 10/20'")
        max_seats = re.search(r"\d+", self.value("max_seats").value) if "max_seats" in self.facts else None
        return dict(
            site=(self.text("site") or "studbook").lower(), variant=variant, structure=structure,
            small_bet=small_bet, big_bet=big_bet, currency=self.currency, start_time=self.start_time(),
            table=self.text("table") or "", ante=self.money("ante"), bring_in=self.money("bring_in"),
            max_seats=int(max_seats.group()) if max_seats else None,
            tournament_id=self.text("tournament"), level=self.text("level"), game_label=self.text("game"),
            home_game="home" in self.facts, rules=tuple(self.rules.items()))

    def result(self, hand_token: Tok) -> Hand:
        fields = self.header_fields() if self.fields is None else self.fields
        return Hand(
            hand_id=_unquote(hand_token.value.lstrip("#")), seats=tuple(self.seats),
            events=tuple(self.events),
            source=Source(self.block.file, self.block.first_line, self.block.last_line),
            summary=Summary(total_pot=self.totals.get("total_pot"), rake=self.totals.get("rake")), **fields)


# ---- syntax errors: what was found, and what the line could have said there
_ACTIONS = ("an action: checks, bets, calls, raises to, completes to, brings in, folds, antes, shows, mucks, "
            "wins, takes back / pasa, apuesta, ve, sube a, completa a, entra con, no va, pone ante, muestra, "
            "tira, gana, recupera; or ':' and the cards dealt")
_BODY_START = ("a player, a street ('3rd street' / '3ª calle'), 'showdown' / 'destape', 'note' / 'nota' or "
               "'total pot' / 'bote total'")
_HEADER_ITEM = ("a header item (variant, limit 10/20, no-limit, stakes, min bet, ante, bring-in, cap, deck, "
                "tie-break, currency, date, table, 8-max, tournament, level, game, site, home game, "
                "rule KEY=VALUE, preset)")
_SAY = {
    "_NL": "the end of the line", "$END": "the end of the hand", "SEP": "'·' or '|'",
    "HAND_ID": "the hand number", "QUOTED": "a quoted text", "WORD": "a player name",
    "AMOUNT": "an amount (20, 1,500, 0.25)", "INT": "a number", "CARD": "a card (Ah, Td, 10d)",
    "UNKNOWN": "Xx (an unknown down card)", "DESCRIPTION": "a description in parentheses",
    "KW_SEAT": "a seat line ('seat 1: Ana 1000' / 'asiento 1: Ana 1000')", "KW_TO": "'to' / 'a'",
    "KW_ALLIN": "'all-in' / 'resto'", "KW_SITOUT": "'(sitting out)' / '(ausente)'",
    "KW_COMMUNITY": "'community' / 'comunitaria'", "KW_POT": "'main pot', 'side pot' / 'bote principal'",
    "KW_FROM": "'from' / 'del'", "KW_HALF": "'(high)', '(low)' / '(alta)', '(baja)'", "KIND": "a note kind",
    "REST": "the note's text", "DECK": "a deck size (32) or its lowest rank (7-A)",
    "TIE": "suit, position / palo, posición", "CURRENCY": "a currency (USD, EUR, $, €)", "PRESET": "a preset",
    "TEXT": "a text", "LSQB": "'['", "RSQB": "']'", "LPAR": "'('", "RPAR": "')'", "COLON": "':'",
    "SLASH": "'/'", "KW_DECOR": "'***'", "KW_MAX": "'max'",
}


def _expected(names: set[str]) -> str:
    said: list[str] = []
    if "KW_CHECK" in names:
        said.append(_ACTIONS)
    if "KW_STREET" in names:
        said.append(_BODY_START)
    if "KW_VARIANT" in names:
        said.append(_HEADER_ITEM)
    covered = "KW_CHECK" in names or "KW_STREET" in names or "KW_VARIANT" in names
    for name in sorted(names):
        if name in _SAY and not (covered and name in ("WORD", "QUOTED", "COLON", "KW_DECOR", "KW_MAX")):
            said.append(_SAY[name])
    return "; or ".join(dict.fromkeys(said)) or "something else"


def syntax_error(error: UnexpectedInput, text: str, keyword: re.Pattern[str]) -> HandSyntaxError:
    """A Lark error as a HandSyntaxError naming what was found and what was expected instead."""
    lines = text.split("\n")
    line, column = max(error.line, 1), max(error.column, 1)
    source = lines[line - 1] if line <= len(lines) else ""
    rest = ""
    if isinstance(error, UnexpectedCharacters):
        rest = text[error.pos_in_stream:]
    elif isinstance(error, UnexpectedToken) and error.token.type not in ("_NL", "$END"):
        rest = str(error.token)
    found = re.match(r"[^\s\[\]()·|;•]*", rest).group() or rest[:1]
    # LALR merges states, so the error's own list is too wide: ask the parser what it accepts.
    parser = getattr(error, "interactive_parser", None)
    expected = set(parser.accepts()) if parser else set(getattr(error, "expected", None) or ())
    wanted = _expected(expected)
    body = bool(expected & {"KW_CHECK", "KW_STREET"})
    if body and re.match(r"(?i)\s*(seat|asiento)\s+\d+\s*:", source):
        message = "seat line out of place: seat lines come right after the header, before antes and streets"
    elif body and re.match(r"(?i)\s*(?:[·|;•]\s*)?(?:table|mesa|stakes|apuestas|cap|tope|deck|baraja|currency"
                           r"|moneda|tie-?break|desempate|rule|regla|\d{4}-\d)", source):
        message = "header line out of place: header items go on the first lines, before the seats"
    elif not found:
        message = f"the line ends too early: expected {wanted}"
    elif "CARD" in expected and not re.match(r"[\[\]()]", found):
        message = f"bad card {found!r}: expected {wanted}"
    elif "AMOUNT" in expected and re.match(r"[$€£\d]", found):
        message = f"bad amount {found!r}: expected an amount such as 20, 1,500 or 0.25"
    elif expected == {"AMOUNT"} and re.match(r"(?i)\s*(seat|asiento)\b", source):
        message = (f"unexpected {found!r}: expected the stack after the name; a name with spaces goes in "
                   f"double quotes (seat 1: \"Ana María\" 1000)")
    elif found[0].isalpha() and not keyword.match(found):
        message = f"unknown word {found!r}: expected {wanted}"
    else:
        message = f"unexpected {found!r}: expected {wanted}"
    return HandSyntaxError(line, column, message)


@register
class StudbookDialect(Dialect):
    """The studbook format: blocks start with ``studbook hand N`` or ``hand N ·`` / ``mano N ·``."""

    name = "studbook"
    header = HEADER
    grammar_file = "studbook.lark"

    @cached_property
    def keyword(self) -> re.Pattern[str]:
        """Any keyword at the start of a text: a name that starts with one must be quoted."""
        terminals = [t.pattern.to_regexp() for t in self.parser.terminals if t.name.startswith("KW_")]
        return re.compile("|".join(f"(?:{pattern})" for pattern in terminals))

    @cached_property
    def _variant_word(self) -> re.Pattern[str]:
        return re.compile(self.parser.get_terminal("KW_VARIANT").pattern.to_regexp())

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

    @cached_property
    def parser(self) -> Lark:
        """The LALR parser; its trees keep every token, so :func:`tree_lines` gives the fast path's lines."""
        return Lark.open(str(GRAMMAR_DIR / self.grammar_file), parser="lalr", propagate_positions=False,
                         maybe_placeholders=False, keep_all_tokens=True)

    @cached_property
    def scanner(self) -> StudbookScanner:
        """The fast path (grammar/studscan.py)."""
        return StudbookScanner(self.parser)

    @cached_property
    def memos(self) -> Memos:
        """The fast path's lines already read."""
        return Memos()

    def parse(self, block: Block) -> Hand:
        lines = self.scanner.tokens(block.lines)
        if lines is None:  # Lark reads the hand, or says what is wrong with it
            return _Hand(block).hand(tree_lines(self.lark_tree(block)))
        return _Hand(block, self.memos).hand(lines)

    def lark_tree(self, block: Block) -> Tree:
        """The hand parsed by Lark (the slow path), a syntax error as a HandSyntaxError."""
        text = block.text + "\n"
        try:
            return self.parser.parse(text)
        except UnexpectedInput as error:
            raise syntax_error(error, text, self.keyword) from None


def quote_name(name: str) -> str:
    """A player name as the grammar reads it back: bare when it is one plain word, else quoted."""
    dialect = next(d for d in dialects() if isinstance(d, StudbookDialect))
    bare = re.fullmatch(r'[^\s"#:\[\]()·|;•\\]+', name) and not dialect.keyword.match(name)
    return name if bare else quote(name)


def quote(text: str) -> str:
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"') + '"'
