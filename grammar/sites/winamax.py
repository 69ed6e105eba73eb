"""Winamax stud logs: the dialect and its site-specific line handlers (``winamax.lark``).

What Winamax writes its own way (docs/sites/winamax.md):

* ``HandId: #9250793-1578-1479092164``: table session, hand number at the table, Unix time. The hand
  id kept is fpdb's, ``92507931578`` (digits only: every writer can write it back);
* the currency sign after the amount (``2417.80€``); play money has no sign and two decimals, read
  as chips in hundredths (``0.05`` is 5 chips); tournament chips are whole;
* the stakes ``(ante/small bet/big bet)`` in the header, the time in UTC;
* a raise by the bring-in seat on 3rd street leaves the bring-in out of both figures
  (``brings in 10€`` then ``raises -6.10€ to 18.90€`` is a raise to 28.90€, as fpdb reads it);
* no ``Uncalled bet`` line: the excess stays in the bettor's ``collected`` line (or a ``side pot``
  of its own), and in the summary's ``Total pot``, which is after rake. The reader gives back the
  uncalled bet as an :class:`UncalledReturn` on the bettor's collect line, takes it out of that
  collect and summary seat, and states the total pot before rake as studbook means it.
"""

from __future__ import annotations

import re
from dataclasses import replace
from typing import ClassVar

from studbook.cards import Card
from studbook.events import Bet
from studbook.events import BringIn
from studbook.events import Call
from studbook.events import Collect
from studbook.events import Complete
from studbook.events import Deal
from studbook.events import Event
from studbook.events import Fold
from studbook.events import PostAnte
from studbook.events import Raise
from studbook.events import Street
from studbook.events import StreetStart
from studbook.events import UncalledReturn
from studbook.grammar.dialect import register
from studbook.grammar.linescan import Match
from studbook.grammar.linescan import required
from studbook.grammar.transform import BASE_EXPECTED
from studbook.grammar.transform import FieldError
from studbook.grammar.transform import HandTransformer
from studbook.grammar.transform import SiteDialect
from studbook.grammar.transform import split_deal
from studbook.hand import Hand
from studbook.hand import SummarySeat
from studbook.money import AmountError
from studbook.money import parse_amount

_TOURNAMENT_TABLE = re.compile(r"\((\d+)\)#(\d+)$")
_HALVES = {"HI": "hi", "LO": "lo", None: None}
_ACTION = "an action (NAME checks, folds, bets, calls, raises ...)"
_SUMMARY_SEAT = BASE_EXPECTED["SEAT_FOLDED"]


def winamax_hand_id(written: str) -> str:
    """fpdb's hand id of ``a-b-c``: the table session (at most 14 digits) then the hand number."""
    session, number, _ = written.split("-")
    return f"{int(session[:14])}{int(number)}"


def uncalled_bet(events: list[Event]) -> tuple[str, int] | None:
    """The bet nobody matched at the end of the events: the top contributor's excess over the next
    (as the replayer counts it, C23), or None."""
    committed: dict[str, int] = {}
    street: dict[str, int] = {}
    for event in events:
        if isinstance(event, StreetStart):
            street = {}
        elif isinstance(event, PostAnte):
            committed[event.player] = committed.get(event.player, 0) + event.amount
        elif isinstance(event, (BringIn, Bet, Call)):
            street[event.player] = street.get(event.player, 0) + event.amount
            committed[event.player] = committed.get(event.player, 0) + event.amount
        elif isinstance(event, (Raise, Complete)):
            added = event.to - street.get(event.player, 0)
            street[event.player] = event.to
            committed[event.player] = committed.get(event.player, 0) + added
        elif isinstance(event, UncalledReturn):
            committed[event.player] = committed.get(event.player, 0) - event.amount
    ranked = sorted(committed.items(), key=lambda item: item[1], reverse=True)
    if len(ranked) < 2 or ranked[0][1] <= ranked[1][1]:
        return None
    return ranked[0][0], ranked[0][1] - ranked[1][1]


def _shares(amount: int, parts: int) -> list[int]:
    """``amount`` in ``parts`` near-equal shares, the odd chips to the first."""
    base, odd = divmod(amount, parts)
    return [base + (1 if index < odd else 0) for index in range(parts)]


class WinamaxTransformer(HandTransformer):
    games: ClassVar[dict[str, str]] = {
        "7-card stud": "stud", "7stud": "stud", "7-card stud hi/lo": "stud8", "7stud8": "stud8",
        "razz": "razz",
    }
    notes: ClassVar[dict[str, str]] = {
        "CHAT": "chat", "JOINS": "join", "LEAVES": "leave", "CONNECTION": "connection",
        "SITTING_OUT": "sitting_out", "TIMED_OUT": "timeout",
    }
    expected: ClassVar[dict[str, str]] = {
        "HEADER": "a Winamax hand header", "TABLE": "the table line (Table: 'NAME' 6-max (real money))",
        "SEAT": "a seat (Seat N: NAME (STACK))", "ANTE_BLINDS": "the antes (*** ANTE/BLINDS ***)",
        "ANTE": "an ante (NAME posts ante AMOUNT)",
        **{name: f"{number} street (*** {number} STREET ***)" for name, number in (
            ("THIRD", "3rd"), ("FOURTH", "4th"), ("FIFTH", "5th"), ("SIXTH", "6th"), ("SEVENTH", "7th"))},
        "DEAL": "a deal (Dealt to NAME [cards])", "BRING_IN": "a bring-in (NAME brings in AMOUNT)",
        **dict.fromkeys(("CHECK", "FOLD", "BET", "CALL", "RAISE"), _ACTION),
        "UNCALLED": "an uncalled bet (Uncalled bet (AMOUNT) returned to NAME)",
        **dict.fromkeys(("SHOW", "MUCK"), "a show or muck (NAME shows [cards] (...))"),
        "COLLECT": "a collection (NAME collected AMOUNT from pot)",
        **dict.fromkeys(notes, "a table note (joins, leaves, is disconnected ...)"),
        "SHOW_DOWN": "the showdown (*** SHOW DOWN ***)", "SUMMARY": "the summary (*** SUMMARY ***)",
        "TOTAL_POT": "the total pot (Total pot AMOUNT | Rake AMOUNT)", "BOARD": "the board (Board: [card])",
        **dict.fromkeys(("SEAT_WON_UNSHOWN", "SEAT_OTHER"), _SUMMARY_SEAT),
    }

    # ---- amounts: the sign after the number ---------------------------------------------------

    def money(self, line: int, match: Match, field: str = "amount") -> int:
        """An amount in the hand's minor units: ``€`` after the number in a EUR hand, no sign in play
        money (hundredths) or tournament chips; a negative increment only where the grammar allows it."""
        text = self.written(line, match, field)
        euro = text.endswith("€")
        currency = self.hand.currency
        if euro != (currency == "EUR"):
            problem = "has no € in a EUR hand" if currency == "EUR" else "is not in the hand's chips"
            raise self.error(line, match, field, f"amount {text!r} {problem}")
        negative = text.startswith("-")
        try:
            value = parse_amount(text.rstrip("€").lstrip("-"), self.hand.decimals)
        except AmountError as error:
            raise self.error(line, match, field, str(error)) from None
        return -value if negative else value

    # ---- header and table ----------------------------------------------------------------------

    def on_header(self, line: int, match: Match) -> None:
        """Cash (real money in €, play money in hundredths) or a tournament (whole chips)."""
        hand = self.hand
        tournament = match["ring"] is None
        if tournament:
            hand.set_money(None)
        elif required(match, "small_bet").endswith("€"):
            hand.set_money(Winamax.currency)
        else:  # play money: chips written with cents
            hand.set_money(None)
            hand.decimals = 2
        self.play_money = not tournament and hand.currency is None
        self.tournament = tournament
        ante = self.money(line, match, "ante") if match["ante"] else None
        hand_id = winamax_hand_id(required(match, "hand_id"))
        self.header_facts(line, match, hand_id=hand_id, currency=hand.currency,
                          small_bet=self.money(line, match, "small_bet"),
                          big_bet=self.money(line, match, "big_bet"), ante=ante,
                          level=match["level"] if tournament else None,
                          buy_in=match["buy_in"] if tournament else None)

    def on_table(self, line: int, match: Match) -> None:
        """``Table: 'NAME' 6-max (real money)``; a tournament's table is ``NAME(ID)#TABLE``."""
        table, facts = required(match, "table"), self.hand.facts
        money = match["money"]
        if money == "play" and not self.play_money or money == "real" and self.play_money:
            raise self.error(line, match, "money", f"{money} money, but the header's stakes say otherwise")
        found = _TOURNAMENT_TABLE.search(table)
        if found and self.tournament:
            facts["tournament_id"] = found.group(1)
        facts.update(table=table, max_seats=int(required(match, "max_seats")))

    def on_ante_blinds(self, line: int, match: Match) -> None:
        """``*** ANTE/BLINDS ***``: the antes follow."""

    # ---- actions ---------------------------------------------------------------------------------

    def on_raise(self, line: int, match: Match) -> None:
        """``raises 25€ to 25€``; by the bring-in seat on 3rd street both figures leave out the
        bring-in (``raises -6.10€ to 18.90€`` after bringing in 10€ is a raise to 28.90€)."""
        by, to = self.money(line, match), self.money(line, match, "to")
        hand = self.hand
        player = self.player(line, match)
        brought = self.brought_in(player)
        if brought:
            by, to = by + brought, to + brought
        if by <= 0:
            raise self.error(line, match, "amount", f"a raise by {match['amount']} is no raise")
        hand.events.append(Raise(hand.offset + line, player, to, by, bool(match["all_in"])))

    def brought_in(self, player: str) -> int:
        """What ``player`` brought in on the current street when it is 3rd street (else 0)."""
        if self.hand.street != Street.THIRD:
            return 0
        for event in reversed(self.hand.events):
            if isinstance(event, StreetStart):
                return 0
            if isinstance(event, BringIn) and event.player == player:
                return event.amount
        return 0

    def on_deal(self, line: int, match: Match) -> None:
        """``Dealt to NAME [X X 8h] [5c]``: ``X`` is a card nobody sees; a card dealt face down to an
        opponent (``[X]``) deals nothing known, and is no event."""
        hand = self.hand
        name = self.player(line, match)
        first, second = self.cards(line, match, "cards_known"), self.cards(line, match, "new_known")
        hidden_new = match["new_cards"] is not None and not second
        street = self.dealing_street(line, match)
        if hidden_new:  # like PokerStars, which writes no line for it
            return
        try:
            down, up, shown = split_deal(hand.variant, street, first, second)
        except FieldError as error:
            raise self.error(line, match, "cards", str(error)) from None
        hand.events.append(Deal(hand.offset + line, street, name, down, up, shown))

    @staticmethod
    def cards(line: int, match: Match, field: str = "cards") -> tuple[Card, ...]:
        """The cards of a bracket; for a deal's ``*_known`` fields, ``X`` (unseen) is left out."""
        if field in ("cards_known", "new_known"):
            source = "cards" if field == "cards_known" else "new_cards"
            text = match[source]
            if text is None:
                return ()
            words = text.split(" ")
            known = " ".join(word for word in words if word != "X")
            if not known:
                return ()
            column = match.start(source)
            for word in words:  # a bad card is reported at its own column
                if word != "X":
                    HandTransformer.cards_at(line, word, column)
                column += len(word) + 1
            return HandTransformer.cards_at(line, known, match.start(source))
        return HandTransformer.cards(line, match, field)

    def on_collect(self, line: int, match: Match) -> None:
        """``collected 114€ from pot(HI)``, ``from main pot``, ``from side pot 1``."""
        pot = required(match, "pot").replace(" pot", "").replace(" ", "-")  # pot, main, side, side-1
        self.emit(Collect(self.hand.offset + line, self.player(line, match), self.money(line, match), pot,
                          _HALVES[match["half"]]))

    # ---- summary -----------------------------------------------------------------------------------

    def on_total_pot(self, line: int, match: Match) -> None:
        """``Total pot 458€ | Rake 2€`` (or ``| No rake``): Winamax's total is after rake. A total rounded
        to thousands (``6.02k``) states no exact pot: the rake alone is kept, the total as a note."""
        rake = self.money(line, match, "rake") if match["rake"] else 0
        if match["thousands"]:
            self.hand.summary.update(rake=rake)
            self.on_note("other", line, match)
            return
        self.hand.summary.update(total_pot=self.money(line, match) + rake, rake=rake)

    def on_board(self, line: int, match: Match) -> None:
        self.hand.summary["board"] = self.cards(line, match)

    def on_seat_won_unshown(self, line: int, match: Match) -> None:
        self.summary_seat(line, match, "collected", self.money(line, match))

    def on_seat_other(self, line: int, match: Match) -> None:
        self.summary_seat(line, match, "other")

    def summary_seat(self, line: int, match: Match, outcome: str, amount: int | None = None,
                     cards: bool = False, net: int | None = None) -> SummarySeat:
        """A summary seat line; Winamax writes one ``won`` line per half a player takes (``Seat 2:
        Player0 won 114€`` twice), kept as one seat whose amount is their sum."""
        seats = self.hand.summary_seats
        before = len(seats)
        new = super().summary_seat(line, match, outcome, amount, cards, net)
        if new.amount is None or outcome not in ("won", "collected"):
            return new
        for index in range(before):
            seat = seats[index]
            if seat.seat == new.seat and seat.amount is not None and seat.outcome in ("won", "collected"):
                seats[index] = replace(seat, amount=seat.amount + new.amount, cards=seat.cards or new.cards)
                del seats[-1]
                return seats[index]
        return new

    def finish(self) -> Hand:
        self.return_uncalled()
        self.unlabel_uncontested()
        return super().finish()

    def unlabel_uncontested(self) -> None:
        """A hi/lo pot nobody contests is not split, though Winamax writes its (HI) and (LO) halves:
        the last player in collects both, unlabelled."""
        events = self.hand.events
        playing = {event.player for event in events if isinstance(event, (PostAnte, Deal, BringIn))}
        folded = {event.player for event in events if isinstance(event, Fold)}
        if len(playing - folded) != 1:
            return
        for index, event in enumerate(events):
            if isinstance(event, Collect) and event.half:
                events[index] = replace(event, half=None)

    def return_uncalled(self) -> None:
        """Give back the bet nobody called, which Winamax leaves inside the bettor's collect lines."""
        hand = self.hand
        events = hand.events
        if any(isinstance(event, UncalledReturn) for event in events):
            return  # the log wrote it
        due = uncalled_bet(events)
        if due is None:
            return
        player, amount = due
        mine = {index: event for index, event in enumerate(events)
                if isinstance(event, Collect) and event.player == player}
        if not mine:
            return  # nothing to take it from: the audit says what is wrong
        alone = next((index for index, c in mine.items() if c.pot.startswith("side") and c.amount == amount),
                     None)
        if alone is not None:  # "collected 1.29€ from side pot 1": the excess as a pot of its own
            shares = {alone: amount}
        else:
            shares = dict(zip(mine, _shares(amount, len(mine)), strict=True))
            if any(mine[index].amount < share for index, share in shares.items()):
                return
        first = min(shares)
        for index, share in sorted(shares.items(), reverse=True):
            collect = mine[index]
            if collect.amount == share:
                del events[index]
            else:
                events[index] = replace(collect, amount=collect.amount - share)
        events.insert(first, UncalledReturn(mine[first].line, player, amount))
        self.unsummarise(player, list(shares.values()))
        if hand.summary.get("total_pot") is not None:
            hand.summary["total_pot"] = int(hand.summary["total_pot"]) - amount

    def unsummarise(self, player: str, shares: list[int]) -> None:
        """Take the returned shares out of ``player``'s summary seat lines that say what was won."""
        seats = self.hand.summary_seats
        winning = [index for index, seat in enumerate(seats) if seat.player == player
                   and seat.amount is not None and seat.outcome in ("won", "collected")]
        if len(winning) != len(shares):
            shares = [sum(shares)] if winning else []
        for index, share in zip(winning, sorted(shares, reverse=True), strict=False):
            seat: SummarySeat = seats[index]
            assert seat.amount is not None
            left = seat.amount - share
            if left > 0:
                seats[index] = replace(seat, amount=left)
            elif left == 0:
                seats[index] = replace(seat, amount=None, outcome="lost" if seat.cards else "other")


class Winamax(SiteDialect):
    name = "winamax"
    header = re.compile(r"Winamax Poker - .*? - HandId: #(?P<hand_id>\d+-\d+-\d+) - ")
    reader_class = WinamaxTransformer
    header_terminals = ("HEADER",)
    display_name = "Winamax"
    currency = "EUR"

    def hand_id(self, header_line: str) -> str | None:
        match = self.header.match(header_line)
        return winamax_hand_id(match.group("hand_id")) if match else None


__all__ = ["Winamax", "WinamaxTransformer", "uncalled_bet", "winamax_hand_id"]


register(Winamax)
