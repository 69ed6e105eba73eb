"""Everleaf Gaming stud logs: the dialect and its site-specific line handlers (``everleaf.lark``).

Everleaf writes three header lines (``Everleaf Gaming Game #N``, ``***** Hand history for game #N
*****``, then the stakes, game and time), amounts in brackets with a space after the sign and the
currency code (``[$ 0.01 USD]``, ``[€ 0.01 EUR]``; files are cp1252, where the euro is byte 0x80),
``posts bring-in $0.02.`` and ``completes to $0.05.``, raises as the chips put in (``raises [$ 0.20
USD]``), ``does not show cards``, and no summary: the awards are the ``wins`` lines, the rake what
they leave of the pot. Times are UTC (as fpdb reads them). A tournament is written in chips; its id
is in the file name (``TID_<tournament>-<table>``), as fpdb reads it.

The game is on the third line, not the first: a hand of another game is recognised in :meth:`Everleaf.parse`.
"""

from __future__ import annotations

import re
from datetime import UTC
from datetime import datetime
from typing import ClassVar

from studbook import events as ev
from studbook.cards import Card
from studbook.events import BringIn
from studbook.events import Collect
from studbook.events import Complete
from studbook.events import Deal
from studbook.events import Event
from studbook.events import Muck
from studbook.events import Raise
from studbook.events import Show
from studbook.events import UncalledReturn
from studbook.grammar.dialect import GAME_NOT_IN_HEADER
from studbook.grammar.dialect import register
from studbook.grammar.linescan import Match
from studbook.grammar.linescan import required
from studbook.grammar.records import Block
from studbook.grammar.transform import FieldError
from studbook.grammar.transform import HandTransformer
from studbook.grammar.transform import SiteDialect
from studbook.grammar.transform import StreetMoney
from studbook.grammar.transform import minor_units
from studbook.grammar.transform import split_deal
from studbook.grammar.units import CURRENCIES
from studbook.grammar.units import betting_structure
from studbook.hand import Hand
from studbook.money import CURRENCY_SYMBOLS
from studbook.money import AmountError
from studbook.rules.variants import VARIANTS

_TOURNAMENT_FILE = re.compile(r"TID_(?P<tournament>\d+)-(?P<table>\d+)")
_HALVES = {"high": "hi", "low": "lo", None: None}
_SEAT_CURRENCY = re.compile(r"Seat \d+: .+ \(\s*[$€ˆ]?\s*\d[\d,]*(?:\.\d+)?\s*(?P<code>USD|EURO|EUR|GBP)\b")
_CODES = {"USD": "USD", "EURO": "EUR", "EUR": "EUR", "GBP": "GBP"}
_ACTION = "an action (NAME checks, folds, NAME: bets [AMOUNT], calls [AMOUNT], raises [AMOUNT] ...)"
_STREET = "a street (** Dealing down cards **, **** dealing 4th street **** ...)"


class EverleafTransformer(HandTransformer):
    games: ClassVar[dict[str, str]] = {
        "7 card stud": "stud",
        "7 card stud hi/lo": "stud8",
        "7 card stud hi-lo": "stud8",
        "stud hi/lo": "stud8",
        "7 card stud hilo": "stud8",
        "razz": "razz",
    }
    notes: ClassVar[dict[str, str]] = {
        "BUTTON": "other",
        "SITTING_OUT": "sitting_out",
        "JOINS": "join",
        "LEAVES": "leave",
        "CONNECTION": "connection",
        "TIMED_OUT": "timeout",
    }
    expected: ClassVar[dict[str, str]] = {
        "HEADER": "an Everleaf hand header",
        "HISTORY": "***** Hand history for game #N *****",
        "STAKES": "the stakes, game and time ($0.05/$0.10 7 Card Stud - 2011/07/08 - 00:08:53)",
        "TABLE": "the table (Table NAME)",
        "PLAYER_COUNT": "Total number of players: N",
        "SEAT": "a seat (Seat N: NAME (  $ STACK USD ))",
        "ANTE": "an ante (NAME: posts ante [$ AMOUNT USD])",
        **dict.fromkeys(("THIRD", "FOURTH", "FIFTH", "SIXTH", "RIVER"), _STREET),
        "DEAL": "a deal (Dealt to NAME [ cards ])",
        "BRING_IN": "a bring-in (NAME posts bring-in AMOUNT.)",
        **dict.fromkeys(("COMPLETE", "CHECK", "FOLD", "BET", "CALL", "RAISE"), _ACTION),
        **dict.fromkeys(("SHOW", "MUCK", "NO_SHOW"), "a show (NAME shows [ cards ] ...)"),
        "WIN": "an award (NAME wins $ AMOUNT USD from main pot)",
        **dict.fromkeys(notes, "a table note (joins, leaves, is sitting out ...)"),
    }

    def __init__(self, site: str) -> None:
        super().__init__(site)
        self.money_on_street = StreetMoney()

    def begin(self, block: Block) -> None:
        super().begin(block)
        self.money_on_street = StreetMoney()

    def emit(self, event: Event) -> None:
        self.hand.events.append(event)
        self.money_on_street.record(event)

    def money(self, line: int, match: Match, field: str = "amount") -> int:
        """``$ 0.01``, ``€0.05`` (``ˆ`` where a euro was misdecoded), ``1,500`` chips; ``0.01`` with no
        sign in a hand whose seats are written in ``EURO`` or ``USD`` is in that currency."""
        text = self.written(line, match, field).replace(" ", "").replace("ˆ", "€")
        if self.hand.currency and text[0].isdigit():
            text = CURRENCY_SYMBOLS[self.hand.currency] + text
        try:
            return minor_units(text, self.hand.currency)
        except AmountError as error:
            raise self.error(line, match, field, str(error)) from None

    # ---- header ----------------------------------------------------------------------------------

    def on_header(self, line: int, match: Match) -> None:
        self.hand.facts["hand_id"] = match["hand_id"]

    def on_history(self, line: int, match: Match) -> None:
        if match["history_id"] != self.hand.facts["hand_id"]:
            raise self.error(
                line,
                match,
                "history_id",
                f"game #{match['history_id']} is not hand #{self.hand.facts['hand_id']}",
            )

    def on_stakes(self, line: int, match: Match) -> None:
        """Small and big bet, the game (limit: no NL/PL), the time (UTC); no sign: chips (a tournament)."""
        hand = self.hand
        game = required(match, "game")
        variant = self.games.get(game.lower())
        if variant is None:
            raise self.error(line, match, "game", f"{game!r} is not a stud game")
        sign = required(match, "small_bet")[0].replace("ˆ", "€")
        hand.set_money(CURRENCIES.get(sign) or self.seat_currency())
        year, month, day = map(int, required(match, "date").split("/"))
        hour, minute, second = map(int, required(match, "time").split(":"))
        try:
            start = datetime(
                year, month, day, hour, minute, second, tzinfo=datetime.now().astimezone().tzinfo
            )
            start = start.replace(tzinfo=UTC)
        except ValueError as error:
            raise self.error(line, match, "date", f"bad date or time: {error}") from None
        structure = {"NL": "no limit", "PL": "pot limit"}.get(match["structure"] or "", "limit")
        tournament = _TOURNAMENT_FILE.search(hand.block.file) if hand.currency is None else None
        hand.variant = VARIANTS[variant]
        hand.facts.update(
            variant=variant,
            structure=betting_structure(structure),
            start_time=start,
            currency=hand.currency,
            small_bet=self.money(line, match, "small_bet"),
            big_bet=self.money(line, match, "big_bet"),
            max_seats=int(match["max_seats"]) if match["max_seats"] else None,
            tournament_id=tournament["tournament"] if tournament else None,
        )

    def seat_currency(self) -> str | None:
        """The currency code of the first seat line (``Seat 5: NAME (   2.50 EURO )``), for stakes written
        without a sign; None (chips) when the seats carry none."""
        for text in self.hand.block.lines:
            found = _SEAT_CURRENCY.match(text)
            if found:
                return _CODES.get(found["code"])
        return None

    def on_table(self, line: int, match: Match) -> None:
        self.hand.facts["table"] = match["table"]

    def on_player_count(self, line: int, match: Match) -> None:
        """``Total number of players: 4``: the seat lines say it again."""

    # ---- actions ---------------------------------------------------------------------------------

    def on_bring_in(self, line: int, match: Match) -> None:
        self.emit(BringIn(self.hand.offset + line, self.player(line, match), self.money(line, match)))

    def on_complete(self, line: int, match: Match) -> None:
        self.emit(Complete(self.hand.offset + line, self.player(line, match), self.money(line, match)))

    def on_raise(self, line: int, match: Match) -> None:
        """``raises [$ 0.20 USD]``: the chips put in (call and raise), so the street total is what the
        player had in plus that."""
        player = self.player(line, match)
        to = self.money_on_street.put.get(player, 0) + self.money(line, match)
        self.emit(Raise(self.hand.offset + line, player, to))

    def on_street(self, street: ev.Street, line: int, match: Match) -> None:
        super().on_street(street, line, match)
        self.money_on_street.new_street()

    def on_deal(self, line: int, match: Match) -> None:
        """``Dealt to NAME [ 5d, 8d, Kd ]``: on 3rd street the player's three; later the new card, or
        (as at PokerStars) all the cards held, the last one new."""
        hand = self.hand
        name = self.player(line, match)
        cards = self._cards(line, match)
        street = self.dealing_street(line, match)
        spec = hand.variant.spec(street)
        first: tuple[Card, ...] = cards
        second: tuple[Card, ...] = ()
        if street != hand.variant.first_street and spec and len(cards) > spec.down + spec.up:
            cut = len(cards) - spec.down - spec.up
            first, second = cards[:cut], cards[cut:]
        try:
            down, up, shown = split_deal(hand.variant, street, first, second)
        except FieldError as error:
            raise self.error(line, match, "cards", str(error)) from None
        self.emit(Deal(hand.offset + line, street, name, down, up, shown))

    def _cards(self, line: int, match: Match) -> tuple[Card, ...]:
        text = required(match, "cards").replace(",", " ")
        return self.cards_at(line, " ".join(text.split()), match.start("cards")) if text.strip() else ()

    def on_show(self, line: int, match: Match) -> None:
        self.emit(
            Show(
                self.hand.offset + line,
                self.player(line, match),
                self._cards(line, match),
                match["description"] or "",
            )
        )

    def on_muck(self, line: int, match: Match) -> None:
        self.emit(Muck(self.hand.offset + line, self.player(line, match), self._cards(line, match)))

    def on_no_show(self, line: int, match: Match) -> None:
        self.emit(Muck(self.hand.offset + line, self.player(line, match), ()))

    def on_win(self, line: int, match: Match) -> None:
        """``wins $ 0.98 USD from main pot [with ...]``; ``wins high (...)`` names a half."""
        pot = (
            (match["pot"] or "pot")
            .replace(" pot", "")
            .replace("the", "pot")
            .replace(" ", "")
            .replace("#", "-")
        )
        pot = "pot" if pot in ("pot", "main") and not match["pot"] else pot
        if pot.startswith("side") and pot != "side" and not pot.startswith("side-"):
            pot = "side-" + pot[4:]
        self.emit(
            Collect(
                self.hand.offset + line,
                self.player(line, match),
                self.money(line, match),
                pot,
                _HALVES[match["half"]],
            )
        )

    def finish(self) -> Hand:
        self.hand.facts.setdefault("table", "")
        self.return_uncalled()
        return super().finish()

    def return_uncalled(self) -> None:
        """Everleaf writes no uncalled-bet line: the last bet nobody called is left out of the ``wins``
        amount. It is given back (an UncalledReturn at the first show, muck or award line after the
        last action) when one player is left in."""
        events = self.hand.events
        street = StreetMoney()
        folded: set[str] = set()
        players = {e.player for e in events if isinstance(e, Deal | ev.PostAnte)}
        last_action = -1
        for index, event in enumerate(events):
            if isinstance(event, ev.StreetStart):
                street.new_street()
            elif isinstance(event, ev.ACTION_TYPES):
                street.record(event)
                if isinstance(event, ev.Fold):
                    folded.add(event.player)
                last_action = index
        live = players - folded
        if len(live) != 1 or not street.put:
            return
        (winner,) = live
        others = max((amount for player, amount in street.put.items() if player != winner), default=0)
        excess = street.put.get(winner, 0) - others
        if excess <= 0:
            return
        at = next(
            (i for i in range(last_action + 1, len(events)) if type(events[i]) in (Show, Muck, Collect)),
            len(events),
        )
        line = events[at].line if at < len(events) else events[-1].line
        events.insert(at, UncalledReturn(line, winner, excess))


class Everleaf(SiteDialect):
    name = "everleaf"
    header = re.compile(r"Everleaf Gaming Game #(?P<hand_id>\d+)")
    reader_class = EverleafTransformer
    header_terminals = ("HEADER",)
    display_name = "Everleaf"
    # No card is dealt before the showdown: everleaf/cash-7-Stud-USD-0.05-0.10.201107.txt (its "** Dealing
    # down cards **" line is all). A missing up card is the log's silence, not a misdeal: the replay notes
    # it (info) and takes the bring-in and each opener from the log.
    hides_boards = True

    def variant(self, header_line: str) -> str | None:
        """The header line names no game (the stakes line does: see ``game``): a damaged hand is read."""
        return GAME_NOT_IN_HEADER if self.header.match(header_line) else None

    def game_name(self, header_line: str) -> str:
        return "unknown"


register(Everleaf)
