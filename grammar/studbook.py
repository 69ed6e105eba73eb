"""studbook's own hand log, written by people in English or Spanish (docs/log-format.md).

Lark turns each line into keyword tokens (grammar/studbook.lark); this module checks what a
grammar cannot see: the order of the sections, that every actor has a seat, the amounts against
the declared currency and the header's house rules against the rules engine's own validation.
Every problem is a :class:`HandSyntaxError` that names the line and what was expected there.
"""

from __future__ import annotations

import re
from datetime import UTC, datetime, timedelta, timezone
from functools import cached_property, lru_cache
from typing import Any
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

from lark import Token, Tree
from lark.exceptions import UnexpectedCharacters, UnexpectedInput, UnexpectedToken

from studbook import events as ev
from studbook.cards import Card, parse_card
from studbook.events import Street
from studbook.grammar.blocks import Block
from studbook.grammar.dialect import Dialect, HandSyntaxError, dialects, register
from studbook.grammar.transform import CURRENCIES, TIMEZONES
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

_PAYMENTS = {"ante": ev.PostAnte, "bring_in": ev.BringIn, "bet": ev.Bet, "call": ev.Call}
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


class _Hand:
    """Builds one Hand from the parse tree of one block."""

    def __init__(self, block: Block) -> None:
        self.block = block
        self.facts: dict[str, Tree] = {}
        self.rules: dict[str, str] = {}
        self.stated_rules: set[str] = set()
        self.currency: str | None = None
        self.seats: list[Seat] = []
        self.seated: set[str] = set()  # the seats' player names, for player()
        self.events: list[ev.Event] = []
        self.phase = _ANTES
        self.street: Street | None = None
        self.acted = False
        self.totals: dict[str, int] = {}

    # ---- helpers
    def fail(self, token: Token, message: str) -> HandSyntaxError:
        return HandSyntaxError(token.line or 1, token.column or 1, message)

    def line(self, token: Token) -> int:
        return self.block.first_line + (token.line or 1) - 1

    def amount(self, token: Token) -> int:
        signs = {CURRENCIES[char] for char in token if char in CURRENCIES}
        if signs and self.currency is None:
            raise self.fail(token, f"amount {token!s} has a currency sign but the header declares no "
                                   f"currency (add e.g. 'currency {signs.pop()}')")
        if signs and signs != {self.currency}:
            raise self.fail(token, f"amount {token!s} is not in the hand's currency {self.currency}")
        try:
            return written_amount(str(token), 2 if self.currency else 0)
        except AmountError as error:
            raise self.fail(token, str(error)) from None

    def card(self, token: Token) -> Card:
        return _card(str(token))

    def player(self, token: Token) -> str:
        name = _unquote(str(token))
        if name in self.seated:
            return name
        names = [seat.player for seat in self.seats]
        folded = [seated for seated in names if seated.casefold() == name.casefold()]
        if len(folded) == 1:
            return folded[0]
        raise self.fail(token, f"unknown player {name!r}: expected one of the seated players "
                               f"({', '.join(names)})")

    # ---- header
    def header(self, items: list[Tree]) -> None:
        for item in items:
            first = next(item.scan_values(lambda value: isinstance(value, Token)))
            if item.data in ("cap", "deck", "tie_break", "rule", "preset"):
                self.rule(item)
                continue
            key = "stakes" if item.data == "min_bet" else str(item.data)
            if key == "structure" and len(item.children) > 1:
                self.once(first, "stakes", item.children[1])
            self.once(first, key, item)
        if "variant" not in self.facts:
            raise HandSyntaxError(1, 1, "the header must name the variant: stud, stud8, razz, stud5 or "
                                        "descubierto (e.g. 'studbook hand 12 · stud · limit 10/20')")
        if "currency" in self.facts:
            code = str(self.value("currency"))
            self.currency = CURRENCIES.get(code, code.upper())

    def once(self, token: Token, key: str, item: Tree) -> None:
        if key in self.facts:
            raise self.fail(token, f"the header states the {key.replace('_', ' ')} twice")
        self.facts[key] = item

    def value(self, key: str) -> Token:
        """The last token of a header item (its value)."""
        token = self.facts[key].children[-1]
        assert isinstance(token, Token)
        return token

    def rule(self, item: Tree) -> None:
        """A house rule, checked by the rules engine; a preset's rules yield to stated ones."""
        token = item.children[-1]
        assert isinstance(token, Token)
        key, raw = _RULE_ITEMS.get(str(item.data), ""), str(token)
        if item.data == "rule":
            key, _, raw = (part.strip() for part in raw.partition("="))
            key = key.replace("-", "_")
        elif item.data == "tie_break":
            raw = "suit" if raw.lower() in ("suit", "palo") else "position"
        if key == "preset":
            if raw.lower() not in PRESETS:
                raise self.fail(token, f"unknown preset {raw!r}: expected one of {', '.join(PRESETS)}")
            for name, value in PRESETS[raw.lower()].items():
                if name not in self.stated_rules:
                    self.rules[name] = str(value).lower() if isinstance(value, bool) else str(value)
            return
        try:
            value = parse_value(key, raw)
        except RuleError as error:
            raise self.fail(token, str(error)) from None
        if key in self.stated_rules:
            raise self.fail(token, f"the header states the rule {key} twice")
        self.stated_rules.add(key)
        self.rules[key] = str(4 * (15 - value)) if key == "deck_ranks" else raw

    def start_time(self) -> datetime | None:
        if "time" not in self.facts:
            return None
        token = self.value("time")
        year, month, day, hour, minute, second, zone = _DATETIME.fullmatch(str(token)).groups()
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
            raise self.fail(token, f"bad date or time zone {str(token)!r}: {error}; expected e.g. "
                                   f"'2024-03-01 21:30 Europe/Madrid' or '2024-03-01 21:30 +01:00'") from None

    def text(self, key: str) -> str | None:
        return _unquote(str(self.value(key)).strip()) if key in self.facts else None

    def money(self, key: str) -> int | None:
        return self.amount(self.value(key)) if key in self.facts else None

    # ---- seats
    def seat(self, line: Tree) -> None:
        number, name, stack, *status = line.children[1:]
        assert isinstance(name, Token) and isinstance(number, Token) and isinstance(stack, Token)
        player = _unquote(str(name))
        if any(seat.seat == int(number) for seat in self.seats):
            raise self.fail(number, f"seat {number} is listed twice")
        if any(seat.player == player for seat in self.seats):
            raise self.fail(name, f"player {player!r} has two seats")
        self.seats.append(Seat(int(number), player, self.amount(stack), bool(status)))
        self.seated.add(player)

    # ---- body
    def body(self, line: Tree) -> None:
        if line.data == "player_line":  # most lines; they need no first token
            self.player_line(line.children[0], line.children[1])
            return
        first = next(token for token in line.scan_values(lambda value: isinstance(value, Token)))
        if line.data == "street_line":
            self.street_line(line, first)
        elif line.data == "showdown_line":
            self.need_street(first, "the showdown")
            if self.phase == _FINAL:
                raise self.fail(first, "showdown after the showdown or the awards: expected awards "
                                       "('wins 120' / 'gana 120')")
            self.phase = _FINAL
        elif line.data == "note_line":
            self.note(line)
        else:
            self.summary(line)

    def need_street(self, token: Token, what: str) -> None:
        if self.street is None:
            raise self.fail(token, f"{what} before the first street: expected a street line such as "
                                   f"'3rd street' / '3ª calle' first")

    def street_line(self, line: Tree, first: Token) -> None:
        token = next(t for t in line.children if isinstance(t, Token) and t.type == "KW_STREET")
        digits = re.search(r"[2-7]", token)
        number = int(digits.group()) if digits else _ORDINALS[str(token).split()[0].lower()]
        variant = VARIANTS[canonical_variant(str(self.value("variant")))]
        expected = variant.first_street if self.street is None else self.street + 1
        if self.phase == _FINAL:
            raise self.fail(first, "a street after the showdown or the awards: streets come before them")
        if number != expected:
            last = variant.last_street
            wanted = f"{Street(expected).label} street" if expected <= last else "the showdown or awards"
            raise self.fail(token, f"{token!s}: expected {wanted} ({variant.label} deals "
                                   f"{variant.first_street.label} to {last.label} street)")
        self.street, self.phase = Street(number), _STREETS
        cards = tuple(self.card(t) for t in line.children if isinstance(t, Token) and t.type == "CARD")
        self.events.append(ev.StreetStart(self.line(first), self.street, cards))

    def note(self, line: Tree) -> None:
        head, *rest = line.children
        tokens = {t.type: t for t in rest if isinstance(t, Token)}
        names = [t for t in rest if isinstance(t, Token) and t.type in ("WORD", "QUOTED")]
        assert isinstance(head, Token)
        self.events.append(ev.Note(self.line(head), str(tokens.get("KIND", "other")).lower(),
                                   str(tokens.get("REST", "")).strip(),
                                   _unquote(str(names[0])) if names else None))

    def summary(self, line: Tree) -> None:
        for item in line.children:
            if isinstance(item, Tree):
                keyword, amount = item.children
                assert isinstance(keyword, Token) and isinstance(amount, Token)
                if item.data in self.totals:
                    raise self.fail(keyword, f"{keyword!s} is stated twice")
                self.need_street(keyword, str(keyword))
                self.totals[str(item.data)] = self.amount(amount)
                self.phase = _FINAL

    def player_line(self, name: Token, action: Tree) -> None:
        player, line, kind = self.player(name), self.line(name), str(action.data)
        tokens = list(action.scan_values(lambda value: isinstance(value, Token)))
        amounts = [self.amount(t) for t in tokens if t.type == "AMOUNT"]
        all_in = any(t.type == "KW_ALLIN" for t in tokens)
        self.check_order(name, kind)
        event: ev.Event
        if kind in _PAYMENTS:
            event = _PAYMENTS[kind](line, player, amounts[0], all_in)
        elif kind in ("check", "fold"):
            event = (ev.Check if kind == "check" else ev.Fold)(line, player)
        elif kind == "raise":
            event = ev.Raise(line, player, amounts[-1], amounts[0] if len(amounts) == 2 else None, all_in)
        elif kind == "complete":
            event = ev.Complete(line, player, amounts[0], all_in)
        elif kind == "uncalled":
            event = ev.UncalledReturn(line, player, amounts[0])
        elif kind == "deal":
            event = self.deal(line, player, action)
        elif kind == "show":
            described = [str(t) for t in tokens if t.type in ("DESCRIPTION", "QUOTED")]
            text = described[0] if described else ""
            description = text[1:-1] if text[:1] == "(" else _unquote(text)
            event = ev.Show(line, player, self.cards(tokens), description)
        elif kind == "muck":
            event = ev.Muck(line, player, self.cards(tokens))
        else:
            event = self.collect(line, player, tokens, amounts[0])
        self.events.append(event)

    def check_order(self, name: Token, kind: str) -> None:
        """Antes before the betting; deals and actions on a street, before the showdown and awards."""
        if kind == "ante":
            if self.acted or self.phase == _FINAL:
                raise self.fail(name, "an ante after the betting began: antes come before the first action")
            return
        self.need_street(name, f"'{kind.replace('_', ' ')}'")
        if kind in _BETTING:
            if self.phase == _FINAL:
                raise self.fail(name, f"'{kind.replace('_', ' ')}' after the showdown or the awards: "
                                      f"expected 'shows', 'mucks', 'wins' / 'muestra', 'tira', 'gana'")
            self.acted = self.acted or kind != "deal"
        elif kind == "collect":
            self.phase = _FINAL

    def cards(self, tokens: list[Token]) -> tuple[Card, ...]:
        return tuple(self.card(t) for t in tokens if t.type == "CARD")

    def deal(self, line: int, player: str, action: Tree) -> ev.Deal:
        up: list[Card] = []
        down: list[Card] = []
        before: list[Card] = []
        for part in action.children:
            if isinstance(part, Tree):
                cards = [self.card(t) for t in part.children if isinstance(t, Token) and t.type == "CARD"]
                (down if part.data == "down" else before).extend(cards)
            else:
                up.append(self.card(part))
        assert self.street is not None
        return ev.Deal(line, self.street, player, tuple(down), tuple(up), tuple(before))

    def collect(self, line: int, player: str, tokens: list[Token], amount: int) -> ev.Collect:
        pot, half = "pot", None
        for token in tokens:
            words = str(token).lower()
            if token.type == "KW_POT" and ("main" in words or "principal" in words):
                pot = "main"
            elif token.type == "KW_POT" and words not in ("pot", "bote"):
                number = re.search(r"\d+", words)
                pot = f"side-{number.group()}" if number else "side"
            elif token.type == "KW_HALF":
                half = "hi" if words.strip("() \t").startswith(("h", "alt")) else "lo"
        return ev.Collect(line, player, amount, pot, half)

    # ---- result
    def hand(self, tree: Tree) -> Hand:
        head, *lines = tree.children
        assert isinstance(head, Tree)
        hand_token = head.children[1]
        assert isinstance(hand_token, Token)
        header_items = [c for c in head.children if isinstance(c, Tree)]
        for line in lines:
            if isinstance(line, Tree) and line.data == "header_line":
                header_items.extend(c for c in line.children if isinstance(c, Tree))
        self.header(header_items)
        for line in lines:
            if isinstance(line, Tree) and line.data == "seat_line":
                self.seat(line)
            elif isinstance(line, Tree) and line.data != "header_line":
                self.body(line)
        if self.street is None:
            raise HandSyntaxError(len(self.block.lines), 1, "no street: expected a street line such as "
                                                            "'3rd street' / '3ª calle' after the seats")
        return self.result(hand_token)

    def result(self, hand_token: Token) -> Hand:
        variant = canonical_variant(str(self.value("variant")))
        structure = VARIANTS[variant].structure
        if "structure" in self.facts:
            structure = canonical_structure(str(self.facts["structure"].children[0]))
        small_bet = big_bet = 0
        if "stakes" in self.facts:
            stakes = self.facts["stakes"]
            amounts = [t for t in stakes.scan_values(lambda v: isinstance(v, Token) and v.type == "AMOUNT")]
            small_bet, big_bet = self.amount(amounts[0]), self.amount(amounts[-1])
        elif structure == "limit":
            raise HandSyntaxError(1, 1, "a limit game needs its stakes: expected e.g. 'limit 10/20' or "
                                        "'stakes 10/20' / 'apuestas 10/20'")
        max_seats = re.search(r"\d+", str(self.value("max_seats"))) if "max_seats" in self.facts else None
        hand_id = str(hand_token)
        return Hand(
            site=(self.text("site") or "studbook").lower(), hand_id=_unquote(hand_id.lstrip("#")),
            variant=variant, structure=structure, small_bet=small_bet, big_bet=big_bet,
            currency=self.currency, start_time=self.start_time(), table=self.text("table") or "",
            seats=tuple(self.seats), events=tuple(self.events),
            source=Source(self.block.file, self.block.first_line, self.block.last_line),
            summary=Summary(total_pot=self.totals.get("total_pot"), rake=self.totals.get("rake")),
            ante=self.money("ante"), bring_in=self.money("bring_in"),
            max_seats=int(max_seats.group()) if max_seats else None,
            tournament_id=self.text("tournament"), level=self.text("level"), game_label=self.text("game"),
            home_game="home" in self.facts, rules=tuple(self.rules.items()))


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

    def parse(self, block: Block) -> Hand:
        text = block.text + "\n"
        try:
            tree = self.parser.parse(text)
        except UnexpectedInput as error:
            raise syntax_error(error, text, self.keyword) from None
        return _Hand(block).hand(tree)


def quote_name(name: str) -> str:
    """A player name as the grammar reads it back: bare when it is one plain word, else quoted."""
    dialect = next(d for d in dialects() if isinstance(d, StudbookDialect))
    bare = re.fullmatch(r'[^\s"#:\[\]()·|;•\\]+', name) and not dialect.keyword.match(name)
    return name if bare else quote(name)


def quote(text: str) -> str:
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"') + '"'
