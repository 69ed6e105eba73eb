"""PHH, the Poker Hand History standard (TOML): ``.phhs`` files of hands and ``.phh`` files of one.

PHH is TOML, so a hand is read with :mod:`tomllib`, not a grammar. The reader (grammar/reader.py)
splits a ``.phhs`` file at its table headers (``[1]``, ``[2]``, ...: pokerkit numbers them so) and
takes a ``.phh`` file whole (:attr:`PhhDialect.whole_file_suffixes`); each block becomes one
:class:`~studbook.hand.Hand` whose events say what the ``actions`` array says, at the lines that say it.
Stud (``F7S``), stud hi/lo (``F7S/8``) and razz (``FR``) are read; a hand of another PHH game is
skipped and counted like a hold'em hand in a site's log.

The events are those a site's log would give: antes from ``antes`` (a short stack posts what it has),
a deal per ``d dh``, ``cbr`` as a completion, bet or raise by what was bet before, ``cc`` as a check
or call. What PHH leaves to the rules is written out as a log writes it, so the audit can check it:
the uncalled part of the last bet comes back, and ``winnings`` are the award lines. The fields
studbook's own export adds (studbook/writers/phh.py: ``_site``, ``_rake``, ``_pots``, ...) are read
back, so a log exported to PHH audits the same.
"""

from __future__ import annotations

import re
import tomllib
from datetime import datetime
from datetime import time
from decimal import Decimal
from decimal import InvalidOperation
from pathlib import Path
from typing import Any
from zoneinfo import ZoneInfo
from zoneinfo import ZoneInfoNotFoundError

from studbook import events as ev
from studbook.cards import CardError
from studbook.cards import parse_card
from studbook.events import Street
from studbook.grammar.dialect import GAME_NOT_IN_HEADER
from studbook.grammar.dialect import Dialect
from studbook.grammar.dialect import HandSyntaxError
from studbook.grammar.dialect import register
from studbook.grammar.records import Block
from studbook.hand import Hand
from studbook.hand import Seat
from studbook.hand import Source
from studbook.hand import Summary

GAMES = {"F7S": "stud", "F7S/8": "stud8", "FR": "razz"}
DEALT = {3: (2, 1), 4: (0, 1), 5: (0, 1), 6: (0, 1), 7: (1, 0)}  # cards down, up on each street
_TABLE = re.compile(r"\[\s*(?P<hand_id>[^\[\]\s][^\[\]]*?)\s*\]\s*$")
_VARIANT_LINE = re.compile(r"""\s*variant\s*=\s*["'](?P<code>[^"']*)["']""")
_TOML_POSITION = re.compile(r"at line (\d+), column (\d+)")
_HAND_LINE = re.compile(r"""\s*hand\s*=\s*(?:(?P<number>\d+)|["'](?P<name>[^"']*)["'])\s*(?:#.*)?$""")


class PhhDialect(Dialect):
    """PHH hands: a ``.phhs`` table per hand, or a whole ``.phh`` file."""

    name = "phh"
    header = _TABLE
    whole_file_suffixes = (".phh",)

    def hand_id(self, header_line: str) -> str | None:
        match = self.header.match(header_line)
        return match.group("hand_id").strip("\"'") if match else None

    def block_hand_id(self, block: Block) -> str | None:
        """The hand's ``hand`` field, else its table's name, else (a ``.phh`` file) the file's name."""
        for line in block.lines:
            match = _HAND_LINE.match(line)
            if match:
                return match["number"] or match["name"]
        return self.hand_id(block.lines[0]) or Path(block.file).stem

    def variant(self, header_line: str) -> str | None:
        return GAME_NOT_IN_HEADER  # the game is a field of the hand: see other_game

    def other_game(self, block: Block) -> str | None:
        for line in block.lines:
            match = _VARIANT_LINE.match(line)
            if match:
                code = match["code"]
                return None if code in GAMES else f"PHH {code}"
        return None

    def game_name(self, header_line: str) -> str:
        return "PHH"

    def parse(self, block: Block) -> Hand:
        return _HandReader(block, self.hand_id(block.lines[0]), self.block_hand_id(block)).hand()


def _fields(block: Block, table: str | None) -> dict[str, Any]:
    """The hand's fields: the one table of a ``.phhs`` block, or a ``.phh`` file's top level."""
    try:
        document = tomllib.loads(block.text, parse_float=Decimal)
    except tomllib.TOMLDecodeError as error:
        position = _TOML_POSITION.search(str(error))
        line, column = (int(position[1]), int(position[2])) if position else (len(block.lines), 1)
        raise HandSyntaxError(line, column, f"not TOML: {str(error).split(' (at ')[0]}") from None
    if table is not None and isinstance(document.get(table), dict):
        return document[table]
    return document


class _HandReader:
    """One PHH hand into a Hand: the fields checked, the actions played into events."""

    def __init__(self, block: Block, table: str | None, hand_id: str | None) -> None:
        self.block = block
        self.hand_id = hand_id
        self.table = table if _TABLE.match(block.lines[0]) else None
        self.fields = _fields(block, self.table)
        self.next_line = 1  # block-relative line to look for the next action from

    # -- where things are, what they are -------------------------------------------------------

    def line_of(self, text: str) -> int:
        """The block-relative line where ``text`` stands first (a field's name); else the first line."""
        return next((number for number, line in enumerate(self.block.lines, start=1) if text in line), 1)

    def error(self, message: str, field: str = "") -> HandSyntaxError:
        return HandSyntaxError(self.line_of(f"{field} ") if field else 1, 1, message)

    def need(self, name: str, kind: type | tuple[type, ...]) -> Any:
        value = self.fields.get(name)
        if value is None:
            raise self.error(f"PHH field {name!r} is missing")
        if not isinstance(value, kind) or isinstance(value, bool):
            raise self.error(f"PHH field {name!r} has the wrong type: {value!r}", name)
        return value

    def optional(self, name: str, kind: type) -> Any:
        """A field the standard leaves optional, None when absent; of type ``kind`` when present."""
        value = self.fields.get(name)
        if value is not None and (not isinstance(value, kind) or isinstance(value, bool)):
            raise self.error(f"PHH field {name!r} has the wrong type: {value!r}", name)
        return value

    def amount(self, value: Any, field: str) -> int:
        """An amount in studbook's units: chips, or cents of a currency (PHH writes currency units
        unless studbook's own ``_amounts_in = "cents"`` says otherwise)."""
        if isinstance(value, bool) or not isinstance(value, int | Decimal) or not Decimal(value).is_finite():
            raise self.error(f"PHH field {field!r}: {value!r} is no amount", field)
        scaled = Decimal(value) * (100 if self.fields.get("currency") and not self.in_cents else 1)
        if scaled != scaled.to_integral_value() or scaled < 0:
            unit = "cent" if self.fields.get("currency") else "chip"
            raise self.error(f"PHH field {field!r}: {value} is not a whole number of {unit}s", field)
        return int(scaled)

    @property
    def in_cents(self) -> bool:
        return self.fields.get("_amounts_in") == "cents"

    def amounts(self, name: str, count: int) -> list[int]:
        values = self.need(name, list)
        if len(values) != count:
            raise self.error(f"PHH field {name!r} has {len(values)} values for {count} players", name)
        return [self.amount(value, name) for value in values]

    # -- the hand ------------------------------------------------------------------------------

    def hand(self) -> Hand:
        fields = self.fields
        code = self.need("variant", str)
        if code not in GAMES:
            raise self.error(f"PHH variant {code!r} is no stud game", "variant")
        stacks = self.need("starting_stacks", list)
        count = len(stacks)
        if count < 2:
            raise self.error("PHH field 'starting_stacks' needs two players or more", "starting_stacks")
        names = [name or f"p{i}" for i, name in enumerate(fields.get("players") or [""] * count, start=1)]
        seats = fields.get("seats") or list(range(1, count + 1))
        if (len(names) != count or len(seats) != count or len(set(names)) != count
                or not all(isinstance(name, str) for name in names)
                or not all(isinstance(seat, int) and not isinstance(seat, bool) for seat in seats)):
            raise self.error(f"PHH fields 'players' and 'seats' must name {count} different players",
                             "players")
        stacks = self.amounts("starting_stacks", count)
        antes = self.amounts("antes", count)
        bring_in = self.amount(self.need("bring_in", (int, Decimal)), "bring_in")
        small_bet = self.amount(self.need("small_bet", (int, Decimal)), "small_bet")
        big_bet = self.amount(self.need("big_bet", (int, Decimal)), "big_bet")
        play = _Play(self, names, stacks, bring_in, small_bet)
        events = play.events(antes, self.need("actions", list), self.winnings(names))
        last = self.block.last_line
        level = fields.get("level", fields.get("_level"))
        return Hand(
            site=self.optional("_site", str) or "phh",
            hand_id=str(fields.get("hand", self.hand_id)),
            variant=GAMES[code],
            structure="limit",
            small_bet=small_bet,
            big_bet=big_bet,
            currency=self.optional("currency", str),
            start_time=self.start_time(),
            table=str(fields.get("table", "")),
            seats=tuple(Seat(seat, name, stack)
                        for seat, name, stack in zip(seats, names, stacks, strict=True)),
            events=tuple(events),
            source=Source(self.block.file, self.block.first_line, last),
            summary=self.summary(),
            ante=antes[0] if len(set(antes)) == 1 else None,
            bring_in=None if fields.get("_bring_in_unstated") else bring_in,
            max_seats=self.optional("seat_count", int),
            tournament_id=self.optional("_tournament", str),
            level=None if level is None else str(level),
            rules=tuple(tuple(rule.split("=", 1)) for rule in fields.get("_rules", ()) if "=" in rule),
        )

    def winnings(self, names: list[str]) -> list[tuple[str, int]]:
        if self.fields.get("winnings") is None:
            return []
        won = self.amounts("winnings", len(names))
        return [(name, amount) for name, amount in zip(names, won, strict=True) if amount]

    def summary(self) -> Summary:
        fields = self.fields
        pots = [self.amount(pot, "_pots") for pot in fields.get("_pots", ())]
        return Summary(
            total_pot=self.amount(fields["_total_pot"], "_total_pot") if "_total_pot" in fields else None,
            rake=self.amount(fields["_rake"], "_rake") if "_rake" in fields else None,
            main_pot=pots[0] if pots else None,
            side_pots=tuple(pots[1:]),
        )

    def start_time(self) -> datetime | None:
        """The hand's start, when the file gives the day and the time: in ``time_zone``, else UTC."""
        fields = self.fields
        when, year, month, day = (fields.get(key) for key in ("time", "year", "month", "day"))
        if not (isinstance(when, time) and isinstance(year, int) and isinstance(month, int)
                and isinstance(day, int)):
            return None
        try:
            zone = ZoneInfo(str(fields.get("time_zone", "UTC")))
            return datetime(year, month, day, when.hour, when.minute, when.second, tzinfo=zone)
        except (ZoneInfoNotFoundError, ValueError) as error:
            raise self.error(f"PHH time: {error}", "time_zone") from None


class _Play:
    """The ``actions`` array played into events, with each player's chips and street total."""

    def __init__(self, reader: _HandReader, names: list[str], stacks: list[int], bring_in: int,
                 small_bet: int) -> None:
        self.reader = reader
        self.small_bet = small_bet
        self.names = names
        self.chips = dict(zip(names, stacks, strict=True))
        self.bring_in = bring_in
        self.held = dict.fromkeys(names, 0)  # cards dealt so far
        self.committed = dict.fromkeys(names, 0)
        self.street = 0
        self.bets: dict[str, int] = {}
        self.out: list[ev.Event] = []

    def line(self, number: int) -> int:
        return self.reader.block.first_line + number - 1

    def events(self, antes: list[int], actions: list[Any], winnings: list[tuple[str, int]]) -> list[ev.Event]:
        ante_line = self.line(self.reader.line_of("antes"))
        for name, ante in zip(self.names, antes, strict=True):
            paid = min(ante, self.chips[name])
            if paid:
                self.pay(name, paid)
                self.out.append(ev.PostAnte(ante_line, name, paid, not self.chips[name]))
        text = self.reader.block.text
        position = max(text.find("actions"), 0)  # each action is looked for after the one before it
        number = text.count("\n", 0, position) + 1
        for action in actions:
            if not isinstance(action, str):
                raise HandSyntaxError(number, 1, f"a PHH action is a string, not {action!r}")
            found = text.find(action, position) if action.strip() else -1
            if found >= 0:
                number += text.count("\n", position, found)
                position = found + len(action)
            try:
                self.act(action, self.line(number))
            except (ValueError, KeyError, CardError) as error:
                raise HandSyntaxError(number, 1, f"PHH action {action!r}: {error}") from None
        self.return_uncalled()
        award_line = self.line(self.reader.line_of("winnings"))
        self.out.extend(ev.Collect(award_line, name, amount) for name, amount in winnings)
        return self.out

    def pay(self, name: str, amount: int) -> None:
        self.chips[name] -= amount
        self.committed[name] += amount

    def player(self, label: str) -> str:
        if not label.startswith("p") or not label[1:].isdigit() or not 1 <= int(label[1:]) <= len(self.names):
            raise ValueError(f"no player {label!r}")
        return self.names[int(label[1:]) - 1]

    def act(self, action: str, line: int) -> None:
        words, _, comment = action.partition("#")
        match words.split():
            case []:
                if comment.strip():
                    self.out.append(ev.Note(line, "other", comment.strip()))
            case ["d", "dh", label, cards]:
                self.deal(self.player(label), cards, line)
            case ["d", "db", _]:
                raise ValueError("a board card: studbook's stud games deal none in PHH")
            case [label, "pb"]:
                name = self.player(label)
                paid = self.to(name, self.bets.get(name, 0) + self.bring_in)
                self.out.append(ev.BringIn(line, name, paid, not self.chips[name]))
            case [label, "f"]:
                self.out.append(ev.Fold(line, self.player(label)))
            case [label, "cc"]:
                name = self.player(label)
                before, level = self.bets.get(name, 0), max(self.bets.values(), default=0)
                if level > before:
                    paid = self.to(name, level)
                    self.out.append(ev.Call(line, name, paid, not self.chips[name]))
                else:
                    self.out.append(ev.Check(line, name))
            case [label, "cbr", amount]:
                self.raise_to(self.player(label), self.reader.amount(_number(amount), "actions"), line)
            case [label, "sm", *shown]:
                name = self.player(label)
                if not shown:
                    self.out.append(ev.Muck(line, name))
                elif shown != ["-"]:
                    known = tuple(parse_card(card) for card in _cards(shown[0]) if card != "??")
                    self.out.append(ev.Show(line, name, known))
            case _:
                raise ValueError("not an action of PHH's stud games")

    def deal(self, name: str, text: str, line: int) -> None:
        cards = _cards(text)
        held = self.held[name] + len(cards)
        if held not in DEALT or self.held[name] + sum(DEALT[held]) != held:
            raise ValueError(f"{len(cards)} cards to a player holding {self.held[name]}")
        self.held[name] = held
        if held > self.street:
            self.street, self.bets = held, {}
            self.out.append(ev.StreetStart(line, Street(held)))
        downs = DEALT[held][0]
        known = [parse_card(card) if card != "??" else None for card in cards]
        down = tuple(card for card in known[:downs] if card is not None)
        up = tuple(card for card in known[downs:] if card is not None)
        self.out.append(ev.Deal(line, Street(held), name, down, up))

    def to(self, name: str, total: int) -> int:
        """``name`` brings his street total up to ``total`` (as far as his chips go): what he paid."""
        before = self.bets.get(name, 0)
        paid = min(total - before, self.chips[name])
        self.pay(name, paid)
        self.bets[name] = before + paid
        return paid

    def raise_to(self, name: str, total: int, line: int) -> None:
        level = max(self.bets.values(), default=0)
        before = self.bets.get(name, 0)
        paid = self.to(name, total)
        all_in = not self.chips[name]
        if self.street == Street.THIRD and level < self.small_bet:
            self.out.append(ev.Complete(line, name, before + paid, all_in))
        elif level:
            self.out.append(ev.Raise(line, name, before + paid, all_in=all_in))
        else:
            self.out.append(ev.Bet(line, name, paid, all_in))

    def return_uncalled(self) -> None:
        """The part of the last bet nobody matched goes back, as PHH leaves to the reader (C23)."""
        ranked = sorted(self.committed.items(), key=lambda item: item[1], reverse=True)
        if ranked[0][1] > ranked[1][1]:
            name, excess = ranked[0][0], ranked[0][1] - ranked[1][1]
            self.committed[name] -= excess
            self.out.append(ev.UncalledReturn(self.out[-1].line if self.out else self.line(1), name, excess))


def _number(text: str) -> Decimal:
    try:
        return Decimal(text)
    except InvalidOperation:
        raise ValueError(f"{text!r} is no amount") from None


def _cards(text: str) -> list[str]:
    """``AcKd??`` as ``["Ac", "Kd", "??"]``."""
    if len(text) % 2:
        raise ValueError(f"cards {text!r} are not two characters each")
    return [text[i:i + 2] for i in range(0, len(text), 2)]


register(PhhDialect)
