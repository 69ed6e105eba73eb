"""Any parsed Hand as a studbook log (docs/log-format.md), in English or Spanish.

Used to transcribe a site's hand into the format people edit by hand (a disputed hand, a home
game), so it writes every event the log format can hold: parsing the output gives back the same
seats, events and header facts (only the line numbers differ).
"""

from __future__ import annotations

import re
from datetime import datetime
from zoneinfo import ZoneInfo

from studbook import events as ev
from studbook.cards import format_cards
from studbook.grammar.sites.studbook import quote
from studbook.grammar.sites.studbook import quote_name
from studbook.hand import Hand

# One word per keyword and language; the grammar accepts these and more (docs/log-format.md).
WORDS: dict[str, dict[str, str]] = {
    "en": {
        "hand": "studbook hand", "limit": "limit", "pot-limit": "pot-limit", "no-limit": "no-limit",
        "ante": "ante", "bring-in": "bring-in", "currency": "currency", "table": "table",
        "tournament": "tournament", "level": "level", "game": "game", "site": "site", "home": "home game",
        "cap": "cap", "deck": "deck", "tie-break": "tie-break", "suit": "suit", "position": "position",
        "rule": "rule", "seat": "seat", "sitting out": "(sitting out)", "street": "{n} street",
        "community": "community", "showdown": "*** showdown ***", "note": "note", "antes": "antes",
        "brings in": "brings in", "checks": "checks", "folds": "folds", "bets": "bets", "calls": "calls",
        "raises": "raises", "to": "to", "completes": "completes to", "all-in": "all-in",
        "takes back": "takes back", "shows": "shows", "mucks": "mucks", "wins": "wins", "from": "from",
        "main": "main pot", "side": "side pot", "hi": "(high)", "lo": "(low)", "total pot": "total pot",
        "rake": "rake", "2": "2nd", "3": "3rd", "4": "4th", "5": "5th", "6": "6th", "7": "7th",
    },
    "es": {
        "hand": "mano", "limit": "límite", "pot-limit": "límite al bote", "no-limit": "sin límite",
        "ante": "ante", "bring-in": "entrada", "currency": "moneda", "table": "mesa",
        "tournament": "torneo", "level": "nivel", "game": "juego", "site": "sala", "home": "partida casera",
        "cap": "tope", "deck": "baraja", "tie-break": "desempate", "suit": "palo", "position": "posición",
        "rule": "regla", "seat": "asiento", "sitting out": "(ausente)", "street": "{n} calle",
        "community": "comunitaria", "showdown": "*** destape ***", "note": "nota", "antes": "pone ante",
        "brings in": "entra con", "checks": "pasa", "folds": "no va", "bets": "apuesta", "calls": "ve",
        "raises": "sube", "to": "a", "completes": "completa a", "all-in": "resto",
        "takes back": "recupera", "shows": "muestra", "mucks": "tira", "wins": "gana", "from": "del",
        "main": "bote principal", "side": "bote lateral", "hi": "(alta)", "lo": "(baja)",
        "total pot": "bote total", "rake": "comisión", "2": "2ª", "3": "3ª", "4": "4ª", "5": "5ª",
        "6": "6ª", "7": "7ª",
    },
}
_BARE_ID = re.compile(r'[^\s·|;•#"]+')
_BARE_TEXT = re.compile(r'[^\s·|;•#"](?:[^·|;•#\n"]|#(?=\d))*(?<!\s)')
_BARE_DESCRIPTION = re.compile(r"(?:[^()\n]|\([^()\n]*\))*")


def write_studbook(hand: Hand, language: str = "en") -> str:
    """The hand as a studbook log; ``language`` is ``"en"`` or ``"es"`` (keywords only)."""
    if language not in WORDS:
        raise ValueError(f"language must be one of {', '.join(WORDS)}, not {language!r}")
    writer = _Writer(hand, WORDS[language], decimal_mark="," if language == "es" else ".")
    return "\n".join(writer.lines()) + "\n"


class _Writer:
    def __init__(self, hand: Hand, words: dict[str, str], decimal_mark: str) -> None:
        self.hand, self.words, self.mark = hand, words, decimal_mark

    def money(self, amount: int) -> str:
        if not self.hand.decimals:
            return str(amount)
        whole, cents = divmod(amount, 100)
        return f"{whole}{self.mark}{cents:02d}"

    def lines(self) -> list[str]:
        hand, say = self.hand, self.words
        lines = [" · ".join(self.head())]
        facts = self.facts()
        rules = [self.rule(key, value) for key, value in hand.rules]
        lines.extend(" · ".join(items) for items in (facts, rules) if items)
        for seat in hand.seats:
            out = f" {say['sitting out']}" if seat.sitting_out else ""
            name = quote_name(seat.player)
            lines.append(f"{say['seat']} {seat.seat}: {name} {self.money(seat.stack)}{out}")
        showdown = self.showdown_index()
        for index, event in enumerate(hand.events):
            if index == showdown:
                lines.append(say["showdown"])
            lines.append(self.event(event))
        totals = [f"{say[key]} {self.money(value)}" for key, value in
                  (("total pot", hand.summary.total_pot), ("rake", hand.summary.rake)) if value is not None]
        if totals:
            lines.append(" · ".join(totals))
        return lines

    def head(self) -> list[str]:
        hand, say = self.hand, self.words
        bare = _BARE_ID.fullmatch(hand.hand_id) and not hand.hand_id.startswith("#")
        hand_id = hand.hand_id if bare else quote(hand.hand_id)
        structure = say[hand.structure]
        if hand.small_bet or hand.big_bet or hand.structure == "limit":
            structure += f" {self.money(hand.small_bet)}/{self.money(hand.big_bet)}"
        items = [f"{say['hand']} {hand_id}", hand.variant, structure]
        if hand.ante is not None:
            items.append(f"{say['ante']} {self.money(hand.ante)}")
        if hand.bring_in is not None:
            items.append(f"{say['bring-in']} {self.money(hand.bring_in)}")
        if hand.currency:
            items.append(f"{say['currency']} {hand.currency}")
        return items

    def facts(self) -> list[str]:
        hand, say = self.hand, self.words
        items = [f"{say[key]} {_text(value)}" for key, value in
                 (("table", hand.table), ("tournament", hand.tournament_id), ("level", hand.level),
                  ("game", hand.game_label)) if value]
        if hand.start_time:
            items.append(_time(hand.start_time))
        if hand.max_seats:
            items.append(f"{hand.max_seats}-max")
        if hand.site != "studbook":
            items.append(f"{say['site']} {_text(hand.site)}")
        if hand.home_game:
            items.append(say["home"])
        return items

    def rule(self, key: str, value: str) -> str:
        say = self.words
        if key == "max_raises":
            return f"{say['cap']} {value}"
        if key == "deck_ranks":
            return f"{say['deck']} {value}"
        if key == "board_tie_break":
            return f"{say['tie-break']} {say[value]}"
        return f"{say['rule']} {key}={value}"

    def showdown_index(self) -> int | None:
        """Where the showdown marker goes: before the first show or muck after the last deal or
        action, unless an award comes first (a player who takes the pot and does not show)."""
        events = self.hand.events
        dealt_or_acted = (ev.StreetStart, ev.Deal, *ev.ACTION_TYPES)
        last = max((i for i, event in enumerate(events) if isinstance(event, dealt_or_acted)), default=-1)
        endings = ev.Show | ev.Muck | ev.Collect
        first = next((i for i in range(last + 1, len(events)) if isinstance(events[i], endings)), None)
        return first if first is not None and not isinstance(events[first], ev.Collect) else None

    def event(self, event: ev.Event) -> str:
        say = self.words
        if isinstance(event, ev.StreetStart):
            line = "*** " + say["street"].format(n=say[str(int(event.street))]) + " ***"
            return line + (f" {say['community']} {format_cards(event.community)}" if event.community else "")
        if isinstance(event, ev.Note):
            who = f" {quote_name(event.player)}" if event.player else ""
            return f"{say['note']} {event.kind}{who}: {event.text}".rstrip()
        name = quote_name(event.player)
        all_in = f" {say['all-in']}" if getattr(event, "all_in", False) else ""
        if isinstance(event, ev.Deal):
            parts = [f"({format_cards(event.shown_before)})" if event.shown_before else "",
                     f"[{format_cards(event.down)}]" if event.down else "", format_cards(event.up)]
            return f"{name}: {' '.join(part for part in parts if part)}".rstrip()
        if isinstance(event, ev.PostAnte):
            return f"{name} {say['antes']} {self.money(event.amount)}{all_in}"
        if isinstance(event, ev.BringIn):
            return f"{name} {say['brings in']} {self.money(event.amount)}{all_in}"
        if isinstance(event, ev.Check | ev.Fold):
            return f"{name} {say['checks' if isinstance(event, ev.Check) else 'folds']}"
        if isinstance(event, ev.Bet | ev.Call):
            verb = say["bets" if isinstance(event, ev.Bet) else "calls"]
            return f"{name} {verb} {self.money(event.amount)}{all_in}"
        if isinstance(event, ev.Raise):
            by = f" {self.money(event.by)}" if event.by is not None else ""
            return f"{name} {say['raises']}{by} {say['to']} {self.money(event.to)}{all_in}"
        if isinstance(event, ev.Complete):
            return f"{name} {say['completes']} {self.money(event.to)}{all_in}"
        if isinstance(event, ev.UncalledReturn):
            return f"{name} {say['takes back']} {self.money(event.amount)}"
        if isinstance(event, ev.Show | ev.Muck):
            verb = say["shows" if isinstance(event, ev.Show) else "mucks"]
            described = _description(event.description) if isinstance(event, ev.Show) else ""
            return " ".join(part for part in (name, verb, format_cards(event.cards), described) if part)
        return f"{name} {say['wins']} {self.money(event.amount)}{self.pot(event)}"

    def pot(self, event: ev.Collect) -> str:
        say = self.words
        kind, _, number = event.pot.partition("-")
        if kind not in ("main", "side", "pot"):
            raise ValueError(f"pot {event.pot!r} has no studbook spelling")
        pot = f" {say['from']} {say[kind]}{' ' + number if number else ''}" if kind != "pot" else ""
        return pot + (f" {say[event.half]}" if event.half else "")


def _text(text: str) -> str:
    return text if _BARE_TEXT.fullmatch(text) else quote(text)


def _description(text: str) -> str:
    if not text:
        return ""
    return f"({text})" if _BARE_DESCRIPTION.fullmatch(text) else quote(text)


def _time(when: datetime) -> str:
    zone = when.tzinfo
    stamp = when.strftime("%Y-%m-%d %H:%M:%S" if when.second else "%Y-%m-%d %H:%M")
    if isinstance(zone, ZoneInfo):
        return f"{stamp} {zone.key}"
    offset = when.utcoffset()
    if not offset:
        return f"{stamp} UTC"
    minutes = int(offset.total_seconds()) // 60
    return f"{stamp} {'+' if minutes >= 0 else '-'}{abs(minutes) // 60:02d}:{abs(minutes) % 60:02d}"
