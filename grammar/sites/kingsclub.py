"""KingsClub stud logs: the dialect and its site-specific line handlers (``kingsclub.lark``).

KingsClub writes ``#ID: Limit GAME - SMALL/BIG`` and the local time on the next line with no zone
(Eastern time, as fpdb reads it); amounts have no currency sign (ring games are USD, tournaments
chips: fpdb's reading). Actions are ``NAME verb`` (only the ante has a colon); a completion is
``bets``; raises go ``to`` a street total. Every street's cards are one bracket, an opponent's down
cards written ``X``. Older logs deal 3rd street without a marker and label the later streets one too
low; the first deal before any marker says which layout a hand uses. The summary gives each seat's
final stack and net, the rake and the pots won; it states no total pot.
"""

from __future__ import annotations

import re
from datetime import datetime
from functools import lru_cache
from typing import Any
from typing import ClassVar
from zoneinfo import ZoneInfo

from studbook.cards import Card
from studbook.cards import CardError
from studbook.cards import parse_card
from studbook.events import Bet
from studbook.events import BringIn
from studbook.events import Call
from studbook.events import Collect
from studbook.events import Deal
from studbook.events import Raise
from studbook.events import Show
from studbook.events import Street
from studbook.events import StreetStart
from studbook.events import UncalledReturn
from studbook.grammar.dialect import HandSyntaxError
from studbook.grammar.dialect import register
from studbook.grammar.linescan import Match
from studbook.grammar.linescan import required
from studbook.grammar.records import Block
from studbook.grammar.transform import HandTransformer
from studbook.grammar.transform import SiteDialect
from studbook.grammar.units import CURRENCIES
from studbook.grammar.units import betting_structure
from studbook.hand import Hand
from studbook.money import AmountError
from studbook.money import parse_amount
from studbook.rules.variants import VARIANTS

ZONE = ZoneInfo("America/New_York")  # no zone is written; fpdb reads KingsClub times as ET

_ACTION = "an action (NAME checks, folds, bets, calls, raises to ...)"


@lru_cache(maxsize=8192)
def _amount(text: str, decimals: int, currency: str | None) -> int:
    """A written amount (no sign, or the hand's own) in minor units."""
    if text[0] in CURRENCIES and CURRENCIES[text[0]] != currency:
        raise AmountError(f"amount {text!r} is not in the hand's {currency or 'chips'}")
    return parse_amount(text, decimals)


class KingsClubTransformer(HandTransformer):
    games: ClassVar[dict[str, str]] = {
        "seven card stud": "stud", "seven card stud hi-lo": "stud8", "seven card stud hi/lo": "stud8",
        "razz": "razz", "2-7 razz": "razz27",
    }
    notes: ClassVar[dict[str, str]] = {
        "SITS_OUT": "sitting_out", "RETURNED": "sitting_out", "JOINS": "join", "LEAVES": "leave",
        "CONNECTION": "connection", "TIMED_OUT": "timeout", "CASHED_OUT": "other", "TOURNAMENT": "tournament",
    }
    expected: ClassVar[dict[str, str]] = {
        "HEADER": "a KingsClub hand header (#ID: Limit GAME - SMALL/BIG)",
        "WHEN": "the date line (YYYY-MM-DD HH:MM:SS)", "TABLE": "the table line (Table 'NAME')",
        "SEAT": "a seat (Seat N: NAME (STACK))", "ANTE": "an ante (NAME: posts ante AMOUNT)",
        **{name: f"{number} street (*** {number.upper()} STREET ***)" for name, number in (
            ("THIRD", "3rd"), ("FOURTH", "4th"), ("FIFTH", "5th"), ("SIXTH", "6th"), ("SEVENTH", "7th"))},
        "DEAL": "a deal (Dealt to NAME: [cards])", "BRING_IN": "a bring-in (NAME brings in for AMOUNT)",
        **dict.fromkeys(("CHECK", "FOLD", "BET", "CALL", "RAISE", "RAISE_TO"), _ACTION),
        "UNCALLED": "an uncalled bet (Uncalled bet (AMOUNT) returned to NAME)",
        **dict.fromkeys(("SHOW", "MUCK"), "a show or muck (NAME shows [cards])"),
        "WIN": "a pot award (NAME wins pot (AMOUNT))",
        **dict.fromkeys(notes, "a table note (sits out, joins, leaves ...)"),
        "SUMMARY": "the summary (*** SUMMARY ***)",
        "SUMMARY_SEAT": "a summary seat line (Seat N: NAME (STACK) +NET)",
        "RAKE_LINE": "the rake (Rake AMOUNT)",
    }

    def begin(self, block: Block) -> None:
        super().begin(block)
        self.shift = 0  # 1 in the older layout: each marker names the street before the one it opens
        self.totals: dict[str, int] = {}  # each player's chips in on this street ("calls" states a total)
        self.returned = False  # the street's uncalled bet was written

    def finish(self) -> Hand:
        """KingsClub never writes an uncalled bet's return (the summary's nets show it): the last
        street's top total above the next one goes back, before the pots are won."""
        self._return_uncalled()
        return super().finish()

    def _return_uncalled(self) -> None:
        if self.returned or not self.totals:
            return
        ranked = sorted(self.totals.items(), key=lambda item: item[1], reverse=True)
        top, amount = ranked[0]
        excess = amount - (ranked[1][1] if len(ranked) > 1 else 0)
        if excess > 0:
            events = self.hand.events
            at = next((i for i, event in enumerate(events) if isinstance(event, Collect)), len(events))
            line = events[at - 1].line if at else self.hand.offset + 1
            events.insert(at, UncalledReturn(line, top, excess))
        self.totals = {}

    def _to(self, line: int, match: Match, field: str) -> tuple[str, int, int]:
        """(player, street total, chips put in) of an action that states the street total."""
        name, to = self.player(line, match), self.money(line, match, field)
        before = self.totals.get(name, 0)
        self.totals[name] = to
        return name, to, to - before

    def on_bring_in(self, line: int, match: Match) -> None:
        name, amount = self.player(line, match), self.money(line, match)
        self.totals[name] = self.totals.get(name, 0) + amount
        self.emit(BringIn(self.hand.offset + line, name, amount, bool(match["all_in"])))

    def on_bet(self, line: int, match: Match) -> None:
        """``bets X``: X is the street total (a completion by the bring-in seat says its total too)."""
        name, _, paid = self._to(line, match, "amount")
        self.emit(Bet(self.hand.offset + line, name, paid, bool(match["all_in"])))

    def on_call(self, line: int, match: Match) -> None:
        """``calls 1,500``: the street total called, not the chips added (38.58 after a 16.58 bring-in)."""
        name, _, paid = self._to(line, match, "amount")
        self.emit(Call(self.hand.offset + line, name, paid, bool(match["all_in"])))

    def on_raise_to(self, line: int, match: Match) -> None:
        name, to, _ = self._to(line, match, "to")
        self.emit(Raise(self.hand.offset + line, name, to, None, bool(match["all_in"])))

    def on_raise(self, line: int, match: Match) -> None:
        name, to, _ = self._to(line, match, "to")
        self.emit(Raise(self.hand.offset + line, name, to, self.money(line, match), bool(match["all_in"])))

    def on_uncalled(self, line: int, match: Match) -> None:
        super().on_uncalled(line, match)
        self.returned = True

    def money(self, line: int, match: Match, field: str = "amount") -> int:
        try:
            return _amount(match[field], self.hand.decimals, self.hand.currency)
        except AmountError as error:
            raise self.error(line, match, field, str(error)) from None

    # ---- header ------------------------------------------------------------------------------

    def on_header(self, line: int, match: Match) -> None:
        """The game and stakes; money waits for the table line (a tournament table is T<id>)."""
        game = required(match, "game")
        variant = self.games.get(game.lower())
        if variant is None:
            raise self.error(line, match, "game", f"{game!r} is not a stud game")
        self.hand.variant = VARIANTS[variant]
        self.header = match
        self.header_line = line
        self.hand.facts.update(hand_id=match["hand_id"], variant=variant,
                               structure=betting_structure(required(match, "structure")))

    def on_when(self, line: int, match: Match) -> None:
        try:
            when = datetime.strptime(f"{match['date']} {match['time']}", "%Y-%m-%d %H:%M:%S")
        except ValueError as error:
            raise self.error(line, match, "date", f"bad date or time: {error}") from None
        self.hand.facts["start_time"] = when.replace(tzinfo=ZONE)

    def on_table(self, line: int, match: Match) -> None:
        tournament = match["tournament"]
        self.hand.set_money(None if tournament or match["play_money"] else KingsClub.currency)
        max_seats = match["max_seats"]
        header, at = self.header, self.header_line
        self.hand.facts.update(
            table=match["table"], max_seats=int(max_seats) if max_seats else None, tournament_id=tournament,
            currency=self.hand.currency, small_bet=self.money(at, header, "small_bet"),
            big_bet=self.money(at, header, "big_bet"))

    # ---- streets and cards -----------------------------------------------------------------

    def on_street(self, street: Street, line: int, match: Match) -> None:
        if self.shift:
            if street == Street.SEVENTH:
                raise HandSyntaxError(line, 1, "a 7th street marker after an unmarked 3rd street")
            street = Street(street + 1)
        self._return_uncalled()
        self.returned = False
        super().on_street(street, line, match)

    def on_deal(self, line: int, match: Match) -> None:
        """``Dealt to NAME: [X X 4d]``: the street's cards, down cards first, X for one not seen."""
        hand = self.hand
        if hand.street is None:  # the older layout: 3rd street has no marker
            self.shift = 1
            hand.street = Street.THIRD
            self.emit(StreetStart(hand.offset + line, Street.THIRD))
        name = self.player(line, match)
        spec = hand.variant.spec(hand.street)
        assert spec is not None
        text, start = required(match, "cards"), match.start("cards")
        words = text.split(" ")
        if len(words) != spec.down + spec.up:
            raise self.error(line, match, "cards", f"{hand.street.label} street deals {spec.down + spec.up} "
                             f"card(s) to a player, not {len(words)}")
        down: list[Card] = []
        up: list[Card] = []
        column = start
        for index, word in enumerate(words):
            is_up = index >= spec.down
            if word == "X" and not is_up:
                pass
            else:
                try:
                    (up if is_up else down).append(parse_card(word))
                except CardError:
                    raise self.bad_card(line, word, column) from None
            column += len(word) + 1
        self.emit(Deal(hand.offset + line, hand.street, name, tuple(down), tuple(up)))

    def on_show(self, line: int, match: Match) -> None:
        """``NAME shows [6c 5h X]``: the cards shown (X, one not shown, is left out)."""
        text, start = required(match, "cards"), match.start("cards")
        cards, column = [], start
        for word in text.split(" "):
            if word != "X":
                try:
                    cards.append(parse_card(word))
                except CardError:
                    raise self.bad_card(line, word, column) from None
            column += len(word) + 1
        self.emit(Show(self.hand.offset + line, self.player(line, match), tuple(cards),
                       match["description"] or ""))

    # ---- awards and summary ----------------------------------------------------------------

    def on_win(self, line: int, match: Match) -> None:
        """``wins pot (X)``, ``wins side pot 1 (X)``, ``wins (X) from pot``."""
        pot = (match["pot"] or "pot").replace(" pot", "").replace(" ", "-")  # pot, main, side, side-1
        self.emit(Collect(self.hand.offset + line, self.player(line, match), self.money(line, match), pot))

    def on_summary_seat(self, line: int, match: Match) -> None:
        """``Seat 1: NAME (2,086.96) +259.64``: the final stack and the net; the seat must be NAME's."""
        self.money(line, match, "stack")
        net = self.money(line, match, "net") * (-1 if match["sign"] == "-" else 1)
        self.summary_seat(line, match, "other", net=net)

    def on_rake_line(self, line: int, match: Match) -> None:
        self.hand.summary["rake"] = self.money(line, match, "rake")


class KingsClub(SiteDialect):
    name = "kingsclub"
    header = re.compile(r"#(?P<hand_id>\d+): (?:Fixed |Pot |No )?Limit ")
    reader_class = KingsClubTransformer
    header_terminals = ("HEADER",)
    display_name = "KingsClub"
    currency = "USD"
    house_defaults: ClassVar[dict[str, Any]] = {
        # A 3rd-street raise over the completion goes to the bring-in plus the small bet: kingsclub/cash-2-7
        # Razz-USD-22-44-202101.txt line 31 (bring-in 16.58, bets 22, raises to 38.58), cash-7-Stud-USD-44-88
        # -202010.txt line 25 (33.16, 44, 77.16) and, over a short all-in bet of 225, cash-Razz-USD-500-100
        # -202101.multi.pot.failure.txt line 31 (bring-in 125, raises to 625).
        "raise_over_bring_in": True,
    }
    conventions: ClassVar[dict[str, str]] = {"raise_over_bring_in": "KC1"}


register(KingsClub)
