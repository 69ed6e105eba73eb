"""Bovada / Bodog / Ignition stud logs: the dialect and its site-specific line handlers (``bovada.lark``).

Bovada writes anonymous seats (``Seat+3``; the log's owner ``Seat+3 [ME]``) and, since nobody is
named, every player's cards as they are dealt (``Card dealt to a spot [7h 8c Jc]``). The 2012 Bodog
layout has one ``*** HOLE CARDS ***`` marker: a later street starts where a player is dealt a second
time. The header gives no stakes in a cash game: they are read from the bets of the hand (see
:meth:`BovadaTransformer.stakes`). Times are Eastern time, as fpdb reads them.

Amounts: ``Calls $5`` and ``All-in $x`` are the chips the action puts in, ``Raises $7.50 to $10``
the chips and the street total; the 2012 layout's ``Raises $0.10`` (no ``to``) is the total, as fpdb
reads it. ``Hand result`` lines are the awards after rake.
"""

from __future__ import annotations

import re
from dataclasses import replace
from datetime import datetime
from functools import partial
from typing import ClassVar
from zoneinfo import ZoneInfo

from lark.exceptions import UnexpectedInput

from studbook.cards import Card
from studbook.events import Bet
from studbook.events import BringIn
from studbook.events import Call
from studbook.events import Collect
from studbook.events import Complete
from studbook.events import Deal
from studbook.events import Event
from studbook.events import Muck
from studbook.events import Note
from studbook.events import PostAnte
from studbook.events import Raise
from studbook.events import Show
from studbook.events import Street
from studbook.events import StreetStart
from studbook.grammar.dialect import HandSyntaxError
from studbook.grammar.dialect import register
from studbook.grammar.linescan import Handler
from studbook.grammar.linescan import Match
from studbook.grammar.linescan import Rewritten
from studbook.grammar.linescan import required
from studbook.grammar.records import Block
from studbook.grammar.transform import FieldError
from studbook.grammar.transform import HandTransformer
from studbook.grammar.transform import SiteDialect
from studbook.grammar.transform import StreetMoney
from studbook.grammar.transform import split_deal
from studbook.grammar.units import betting_structure
from studbook.hand import Hand
from studbook.hand import SummarySeat
from studbook.money import AmountError
from studbook.money import parse_amount
from studbook.rules.variants import VARIANTS
from studbook.stakes import from_forced_bets
from studbook.stakes import nice_round_up
from studbook.stakes import paired

EASTERN = ZoneInfo("America/New_York")
_BRACKETS = re.compile(r"\[[^\]]*\]")
_SUMMARY_AMOUNT = re.compile(r"(?:^|\s)(?:HI |LO )?([$]?\d[\d,]*(?:\.\d+)?)(?=\s|$)")
_WHO = re.compile(r"(Seat\+\d+)(?: *\[ME\])? *: ")
_LABELS = ("[Does not show]", "[Mucked]")
_ZERO = re.compile(r"[$]?0(?:\.0+)?")
_FILE_STAKES = re.compile(r"RING - \$?(?P<small>[\d.,]+)-\$?(?P<big>[\d.,]+)")

_ACTION = "an action (Seat+N : Checks, Folds, Bets, Calls, Raises, All-in ...)"
_STREET = "a street (*** HOLE CARDS ***, *** 4TH STREET *** ...)"


class BovadaTransformer(HandTransformer):
    games: ClassVar[dict[str, str]] = {"7card": "stud", "7card hilo": "stud8"}
    notes: ClassVar[dict[str, str]] = {
        "SIT_OUT": "sitting_out",
        "SITS_DOWN": "join",
        "STANDS": "leave",
        "ENTERS": "join",
        "LEAVES": "leave",
        "DEPOSIT": "other",
        "TOURNAMENT": "tournament",
        "DEALER_SPOT": "other",
    }
    expected: ClassVar[dict[str, str]] = {
        "HEADER": "a Bovada hand header",
        "SEAT": "a seat (Seat+N: $STACK in chips)",
        "ANTE": "an ante (Seat+N : Ante chip AMOUNT)",
        **dict.fromkeys(("HOLE_CARDS", "THIRD", "FOURTH", "FIFTH", "SIXTH", "RIVER"), _STREET),
        "DEAL": "a deal (Seat+N : Card dealt to a spot [cards])",
        "BRING_IN": "a bring-in (Seat+N : Bring_in chip AMOUNT)",
        **dict.fromkeys(("CHECK", "FOLD", "BET", "CALL", "RAISE", "ALL_IN"), _ACTION),
        "UNCALLED": "an uncalled bet (Seat+N : Return uncalled portion of bet AMOUNT)",
        **dict.fromkeys(("SHOWDOWN", "NO_SHOW", "MUCK"), "a show (Seat+N : Showdown [cards] (...))"),
        "RESULT": "an award (Seat+N : Hand result AMOUNT)",
        **dict.fromkeys(notes, "a table note (Seat sit out, Table leave user ...)"),
        "SUMMARY": "the summary (*** SUMMARY ***)",
        "POT_TOTAL": "the total pot (Total Pot(AMOUNT) | Rake (AMOUNT))",
        "SUMMARY_SEAT": "a summary seat line (Seat N: ...)",
    }

    def __init__(self, site: str) -> None:
        super().__init__(site)
        self.money_on_street = StreetMoney()
        self.dealt: set[str] = set()
        self.small_seen: int | None = None
        self.big_seen: int | None = None
        self.raises_to_total = False  # the 2012 layout: "Raises $0.10", "All-in(raise) 1054" give the total

    def begin(self, block: Block) -> None:
        super().begin(block)
        self.money_on_street = StreetMoney()
        self.dealt = set()
        self.small_seen = self.big_seen = None
        self.raises_to_total = False

    def handler(self, terminal: str) -> Handler:
        """A ``(timeout)`` on an action line is kept as a ``timeout`` note after the action."""
        handle = super().handler(terminal)
        if terminal in self.notes or terminal in ("SEAT", "HEADER", "SUMMARY_SEAT", "POT_TOTAL"):
            return handle
        return partial(self._with_timeout, handle)

    def _with_timeout(self, handle: Handler, line: int, match: Match) -> None:
        handle(line, match)
        if "timeout" in match.re.groupindex and match["timeout"]:
            self.emit(Note(self.hand.offset + line, "timeout", match.string[:-1], match["player"]))

    def emit(self, event: Event) -> None:
        self.hand.events.append(event)
        self.money_on_street.record(event)

    # ---- header and seats ----------------------------------------------------------------------

    def on_header(self, line: int, match: Match) -> None:
        """Cash (dollars, stakes read from the bets) or tournament (chips, stakes of the level)."""
        hand = self.hand
        game = required(match, "game")
        variant = self.games.get(game.lower())
        if variant is None:
            raise self.error(line, match, "game", f"{game!r} is not a stud game")
        tournament = match["tournament"]
        hand.set_money(None if tournament else Bovada.currency)
        if match["zone"] and match["zone"] not in ("ET", "EST", "EDT"):
            raise self.error(line, match, "zone", f"Bovada writes Eastern time, not {match['zone']!r}")
        year, month, day = map(int, required(match, "date").split("-"))
        hour, minute, second = map(int, required(match, "time").split(":"))
        try:
            start = datetime(year, month, day, hour, minute, second, tzinfo=EASTERN)
        except ValueError as error:
            raise self.error(line, match, "date", f"bad date or time: {error}") from None
        hand.variant = VARIANTS[variant]
        facts: dict[str, object] = {}
        if match["small_bet"] and not _ZERO.fullmatch(required(match, "small_bet")):  # "(0/0)": unstated
            facts.update(
                small_bet=self.money(line, match, "small_bet"), big_bet=self.money(line, match, "big_bet")
            )
        hand.facts.update(
            facts,
            hand_id=match["hand_id"],
            variant=variant,
            structure=betting_structure(required(match, "structure")),
            start_time=start,
            currency=hand.currency,
            table=match["tournament_table"] or match["table"] or "",
            tournament_id=tournament,
            level=match["level"],
        )

    def on_seat(self, line: int, match: Match) -> None:
        """``Seat+3 [ME]: $0.50 in chips``: the seat number is in the name; [ME] is kept as a note."""
        seat = required(match, "player").partition("+")[2]
        super().on_seat(line, Rewritten(match, {"seat": seat, "sitting_out": None}, {"seat": "player"}))
        if match["me"]:
            self.emit(Note(self.hand.offset + line, "hero", match.string[:-1], match["player"]))

    # ---- actions ---------------------------------------------------------------------------------

    def on_bet(self, line: int, match: Match) -> None:
        """``Bets``; ``D bets`` is 4th street's double bet (an open pair)."""
        amount = self.money(line, match)
        street = self.hand.street or Street.THIRD
        if street >= Street.FIFTH or match["double"]:
            self.big_seen = self.big_seen or amount
        else:
            self.small_seen = self.small_seen or amount
        self._paying(Bet, line, match)

    def on_raise(self, line: int, match: Match) -> None:
        """``Raises $7.50 to $10``: to the street total; ``Raises $0.10`` (2012): the total, as fpdb
        reads it."""
        to = self.money(line, match, "to") if match["to"] else self.money(line, match)
        self._raise_to(line, match, to, all_in=False)

    def _raise_to(self, line: int, match: Match, to: int, all_in: bool) -> None:
        street = self.hand.street
        if (
            not all_in
            and street == Street.THIRD
            and self.money_on_street.top < to
            and not self._completed()
        ):
            self.small_seen = self.small_seen or to
        self.emit(Raise(self.hand.offset + line, self.player(line, match), to, None, all_in))

    def _completed(self) -> bool:
        """Whether 3rd street's bring-in has been completed already (a raise is then no completion)."""
        events = self.hand.events
        for event in reversed(events):
            if type(event) is StreetStart:
                return False
            if type(event) in (Raise, Complete, Bet):
                return True
        return False

    def on_all_in(self, line: int, match: Match) -> None:
        """``All-in $x``: the chips put in, read as the ante, bring-in, bet, call or raise they make."""
        hand, street = self.hand, self.money_on_street
        amount = self.money(line, match)
        player = self.player(line, match)
        at = hand.offset + line
        if hand.street is None:
            self.emit(PostAnte(at, player, amount, True))
            return
        before = street.put.get(player, 0)
        if match["to"]:
            self._raise_to(line, match, self.money(line, match, "to"), all_in=True)
        elif match["raise"] and self.raises_to_total:
            self._raise_to(line, match, amount, all_in=True)
        elif match["raise"] or (street.top and before + amount > street.top):
            self._raise_to(line, match, before + amount, all_in=True)
        elif hand.street == Street.THIRD and not street.acted:
            self.emit(BringIn(at, player, amount, True))
        elif street.top == 0:
            self.emit(Bet(at, player, amount, True))
        else:
            self.emit(Call(at, player, amount, True))

    def on_result(self, line: int, match: Match) -> None:
        """``Hand result $x`` (after rake), ``Hand result-Side pot $x``."""
        pot = "side" if match["side"] else "pot"
        self.emit(Collect(self.hand.offset + line, self.player(line, match), self.money(line, match), pot))

    def on_uncalled(self, line: int, match: Match) -> None:
        super().on_uncalled(line, match)

    # ---- streets and cards -----------------------------------------------------------------------

    def on_hole_cards(self, line: int, match: Match) -> None:
        self.raises_to_total = True
        self.on_street(Street.THIRD, line, match)

    def on_street(self, street: Street, line: int, match: Match) -> None:
        super().on_street(street, line, match)
        self.money_on_street.new_street()
        self.dealt = set()

    def on_deal(self, line: int, match: Match) -> None:
        """Every player's new cards; a player dealt twice on a street starts the next one (2012 layout)."""
        hand = self.hand
        name = self.player(line, match)
        if name in self.dealt:
            following = (
                [s.street for s in hand.variant.streets if s.street > hand.street] if hand.street else []
            )
            if not following:
                raise self.error(line, match, "player", f"{name} is dealt a card after the last street")
            self.on_street(following[0], line, match)
        self.dealt.add(name)
        street = self.dealing_street(line, match)
        try:
            down, up, _ = split_deal(hand.variant, street, self.cards(line, match), ())
        except FieldError as error:
            raise self.error(line, match, "cards", str(error)) from None
        self.emit(Deal(hand.offset + line, street, name, down, up))

    def held(self, player: str) -> tuple[Card, ...]:
        """The cards dealt to ``player`` so far, in the order dealt."""
        return tuple(
            card
            for event in self.hand.events
            if type(event) is Deal and event.player == player
            for card in event.down + event.up
        )

    def on_showdown(self, line: int, match: Match) -> None:
        """``Showdown [best five (hi/lo: then the low five)] (One pair)``: the player shows every card
        dealt (all of them are in the log); the five named must be among them."""
        name = self.player(line, match)
        named = self.cards(line, match)
        held = self.held(name)
        missing = [card for card in named if card not in held]
        if missing:
            raise self.error(line, match, "cards", f"{name} was not dealt {' '.join(map(str, missing))}")
        self.emit(
            Show(
                self.hand.offset + line, name, held or tuple(dict.fromkeys(named)), match["description"] or ""
            )
        )

    def on_no_show(self, line: int, match: Match) -> None:
        """``Does not show [cards] (High Card)``: the uncontested winner keeps the cards hidden."""
        self.cards(line, match)
        self.emit(Muck(self.hand.offset + line, self.player(line, match), ()))

    def on_muck(self, line: int, match: Match) -> None:
        self.cards(line, match)
        self.emit(Muck(self.hand.offset + line, self.player(line, match), ()))

    # ---- summary -------------------------------------------------------------------------------

    def on_pot_total(self, line: int, match: Match) -> None:
        """``Total Pot($0.59) | Rake ($0.02)``; the 2014 layout may write no rake (then it is what the
        awards leave of the pot)."""
        rake = self.money(line, match, "rake") if match["rake"] else None
        self.hand.summary.update(total_pot=self.money(line, match), rake=rake)

    def on_summary_seat(self, line: int, match: Match) -> None:
        """``Seat 1:  Folded on the 5TH STREET``, ``Seat+5:  HI $73.50  with Straight [7 cards-best 5]``,
        ``Seat+2:   with One pair [..] LO $73.50 [..]``, ``Seat 3:  $0.09 [Does not show]``,
        ``Seat 5:   lost with One pair [..]``."""
        hand = self.hand
        number, text = int(required(match, "seat")), required(match, "text")
        seat = hand.seat_numbers.get(number)
        if seat is None:
            raise self.error(line, match, "seat", f"there is no seat {number}")
        cards: tuple[Card, ...] = ()
        if text.startswith("Folded"):
            outcome, amount = "folded", None
        else:
            amounts = [
                self._summary_amount(line, match, found)
                for found in _SUMMARY_AMOUNT.findall(_BRACKETS.sub(" ", text))
            ]
            amount = sum(amounts) if amounts else None
            # "[Does not show]" and "[Mucked]" (a tournament's loser: "[Mucked] [7h 2h ... 9h ]") are labels
            first = next((found for found in _BRACKETS.finditer(text) if found.group() not in _LABELS), None)
            if first:
                # "[all cards-best five]": the 2012 layout sometimes leaves a card out of the first
                # part that the best five holds ("[9d 8s Jd 5c Td Js-Js Jd Ac Td 9d]"), so both count
                start = match.start("text") + first.start() + 1
                whole = " ".join(first.group()[1:-1].replace("-", " ").split())
                cards = tuple(dict.fromkeys(self.cards_at(line, whole, start))) if whole else ()
            if "[Mucked]" in text:
                outcome = "mucked"
            elif amount is not None:
                outcome = "won" if cards else "collected"
            else:
                outcome = "lost" if cards else "other"
        hand.summary_seats.append(
            SummarySeat(hand.offset + line, number, seat.player, outcome, amount, cards, text)
        )

    def _summary_amount(self, line: int, match: Match, text: str) -> int:
        try:
            return parse_amount(text.lstrip("$"), self.hand.decimals)
        except AmountError as error:
            raise self.error(line, match, "text", str(error)) from None

    def syntax_error(self, error: UnexpectedInput, text: str, expected: set[str]) -> HandSyntaxError:
        """Lark's error; an unknown action is pointed at past ``Seat+N [ME] : ``."""
        found = super().syntax_error(error, text, expected)
        lines = text.split("\n")
        line = lines[found.line - 1] if 0 < found.line <= len(lines) else ""
        who = _WHO.match(line)
        if who and found.message.startswith("unknown action"):
            rest = line[who.end() :]
            return HandSyntaxError(
                found.line,
                who.end() + 1,
                f"unknown action {rest!r} by {who[1]}; expected {self.describe(expected)}",
            )
        return found

    # ---- the hand --------------------------------------------------------------------------------

    def finish(self) -> Hand:
        """Seats never dealt a card sat the hand out; the stakes come from the bets when unstated."""
        hand = self.hand
        dealt = {event.player for event in hand.events if type(event) is Deal}
        for name, seat in list(hand.seats.items()):
            if name not in dealt and not seat.sitting_out:
                hand.seats[name] = hand.seat_numbers[seat.seat] = replace(seat, sitting_out=True)
        if "small_bet" not in hand.facts and hand.facts.get("tournament_id"):
            hand.facts["small_bet"] = hand.facts["big_bet"] = 0  # studbook/stakes.py reads the level
        elif "small_bet" not in hand.facts:
            hand.facts["small_bet"], hand.facts["big_bet"] = self.stakes()
        return super().finish()

    def stakes(self) -> tuple[int, int]:
        """Small and big bet of a cash hand: the completion or a 3rd/4th street bet gives the small
        bet, a bet from 5th street (or a double bet) the big one, the other is twice or half of it;
        a file named like ``RING - $5-$10`` gives both; else (no bet at all, so nothing to judge) the
        bring-in doubled, rounded up to 1, 2.5 or 5 times a power of ten."""
        seen = paired(self.small_seen, self.big_seen)
        if seen is not None:
            return seen
        named = _FILE_STAKES.search(self.hand.block.file)
        if named:
            try:
                return (
                    parse_amount(named["small"], self.hand.decimals),
                    parse_amount(named["big"], self.hand.decimals),
                )
            except AmountError:
                pass
        return from_forced_bets(self.hand.events)


class Bovada(SiteDialect):
    name = "bovada"
    header = re.compile(r"(?:Bovada|Bodog(?: UK| Canada|88)?|Ignition) Hand #C?(?P<hand_id>\d+)")
    reader_class = BovadaTransformer
    header_terminals = ("HEADER",)
    display_name = "Bovada"
    currency = "USD"


__all__ = ["Bovada", "BovadaTransformer", "HandSyntaxError", "nice_round_up"]


register(Bovada)
