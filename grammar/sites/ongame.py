"""OnGame network stud logs: the dialect and its line handlers (``ongame.lark``).

Hand ids are the network's own (``R5-82086688-607``: table and hand), kept as written. The game and
stakes are on the ``Table:`` line; times are ``GMT+0100`` offsets or zone names. Every player's up
cards are dealt in the log (``[-, -, Kh]``); the cards shown at the end are only in the summary's
seat lines. A raise is ``raises $1 to $1.37``: what it adds, then the player's bets of the whole
hand (antes left out), so the street total is kept here. The summary states each pot before rake
(``Main pot: $2.35 won by Hero ($2.24)``) and the rake; each award is a Collect.
"""

from __future__ import annotations

import re
from datetime import datetime
from datetime import timedelta
from datetime import timezone
from typing import ClassVar
from zoneinfo import ZoneInfo

from studbook.cards import Card
from studbook.events import Bet
from studbook.events import Call
from studbook.events import Check
from studbook.events import Collect
from studbook.events import Raise
from studbook.events import Show
from studbook.events import StreetStart
from studbook.events import UncalledReturn
from studbook.grammar.dialect import HandSyntaxError
from studbook.grammar.dialect import register
from studbook.grammar.linescan import Match
from studbook.grammar.linescan import required
from studbook.grammar.records import Block
from studbook.grammar.sites.partypoker import written_cards
from studbook.grammar.transform import ChipsAddedTransformer
from studbook.grammar.transform import SiteDialect
from studbook.grammar.transform import minor_units
from studbook.grammar.units import TIMEZONES
from studbook.hand import Hand
from studbook.money import AmountError
from studbook.rules.variants import VARIANTS

_MONTHS = {name: number for number, name in enumerate(
    ("Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"), start=1)}
_WHEN = re.compile(r"[A-Z][a-z]{2} (?P<month>[A-Z][a-z]{2}) (?P<day>\d{1,2}) "
                   r"(?P<hour>\d{1,2}):(?P<minute>\d{2}):"
                   r"(?P<second>\d{2}) (?P<zone>GMT(?P<sign>[-+])(?P<hh>\d{2}):?(?P<mm>\d{2})|[A-Z]{2,5}) "
                   r"(?P<year>\d{4})")
_WINNER = re.compile(r"(?P<player>.+?) \((?P<amount>[$€£]?\d[\d,]*(?:\.\d+)?)(?: (?P<half>High|Low|Hi|Lo))?\)"
                     r"(?:, |$)")
STRUCTURES = {"no_limit": "no-limit", "no limit": "no-limit", "pot_limit": "pot-limit",
              "pot limit": "pot-limit",
              "limit": "limit"}
_ACTION = "an action (NAME checks, folds, bets, calls, raises AMOUNT to TOTAL ...)"


def ongame_time(text: str) -> datetime:
    """``Mon Sep 13 22:31:30 GMT+0100 2010`` (a fixed offset) or ``Tue Dec 04 19:48:34 CET 2012``."""
    found = _WHEN.fullmatch(text)
    if found is None:
        raise ValueError(f"unreadable date {text!r}")
    if found["sign"]:
        offset = timedelta(hours=int(found["hh"]), minutes=int(found["mm"]))
        zone: timezone | ZoneInfo = timezone(offset if found["sign"] == "+" else -offset)
    else:
        name = TIMEZONES.get(found["zone"])
        if name is None:
            raise ValueError(f"unknown time zone {found['zone']!r}")
        zone = ZoneInfo(name)
    month = _MONTHS.get(found["month"])
    if month is None:
        raise ValueError(f"unknown month {found['month']!r}")
    return datetime(int(found["year"]), month, int(found["day"]), int(found["hour"]), int(found["minute"]),
                    int(found["second"]), tzinfo=zone)


class OnGameTransformer(ChipsAddedTransformer):
    games: ClassVar[dict[str, str]] = {
        "seven_card_stud": "stud", "seven_card_stud_hi_lo": "stud8", "razz": "razz",
    }
    notes: ClassVar[dict[str, str]] = {
        "USER": "other", "BUTTON": "other", "CHAT": "chat", "SITS_OUT": "sitting_out",
        "SITS_IN": "sitting_out",
        "JOINS": "join", "LEAVES": "leave", "DISCONNECTED": "connection", "RECONNECTED": "connection",
        "TIMED_OUT": "timeout",
    }
    expected: ClassVar[dict[str, str]] = {
        "HEADER": "an OnGame hand header (***** History for hand ID *****)",
        "START_HAND": "the start time (Start hand: DATE)",
        "TABLE": "the table line (Table: NAME [N] (LIMIT GAME $SB/$BB, ante: $A, Real money))",
        "PLAYERS": "the player count (Players in round: N)", "SEAT": "a seat (Seat N: NAME ($STACK))",
        "ANTE": "an ante (NAME posts ante AMOUNT)",
        "THIRD": "3rd street (Dealing pocket cards)", "FOURTH": "4th street (Dealing 4th street)",
        "FIFTH": "5th street (Dealing 5th street)", "SIXTH": "6th street (Dealing 6th street)",
        "RIVER": "the river (Dealing river)", "DEAL": "a deal (Dealing to NAME: [cards])",
        **dict.fromkeys(("BRING_IN", "BIG_BRING_IN"), "a bring-in (NAME small bring in AMOUNT)"),
        **dict.fromkeys(("CHECK", "FOLD", "BET", "CALL", "RAISE"), _ACTION),
        "SHOW": "a show (NAME shows [cards])", "SUMMARY": "the summary (Summary:)",
        "POT": "a pot (Main pot: AMOUNT won by NAME (AMOUNT))", "RAKE_TAKEN": "the rake (Rake taken: AMOUNT)",
        "SEAT_RESULT": "a summary seat line (Seat N: NAME (STACK), net: AMOUNT)",
        "END": "the end line (***** End of hand ID *****)",
        **dict.fromkeys(notes, "a table note (chat, sits out ...)"),
    }

    def begin(self, block: Block) -> None:
        super().begin(block)
        self.paid = 0  # every chip put in, antes included
        self.folded: set[str] = set()
        self.shows: list[Show] = []

    # ---- header ----------------------------------------------------------------------------------

    def on_header(self, line: int, match: Match) -> None:
        facts = self.hand.facts
        facts["hand_id"] = match["hand_id"]
        facts["tournament_id"] = match["tournament"]
        facts["buy_in"] = match["buy_in"]

    def on_start_hand(self, line: int, match: Match) -> None:
        try:
            self.hand.facts["start_time"] = ongame_time(required(match, "when"))
        except ValueError as error:
            raise self.error(line, match, "when", str(error)) from None

    def on_table(self, line: int, match: Match) -> None:
        """Game, structure, stakes and ante; ``Real money`` with a currency sign, else chips."""
        hand = self.hand
        hand.set_money(self.currency_of(match["small_bet"]))
        game = required(match, "game")
        variant = self.games.get(game.lower())
        if variant is None:
            raise self.error(line, match, "game", f"{game!r} is not a stud game")
        hand.variant = VARIANTS[variant]
        ante = self.money(line, match, "ante") if match["ante"] else None
        structure = STRUCTURES.get(required(match, "structure").lower(), "limit")
        hand.facts.update(variant=variant, structure=structure,
                          table=match["table"], currency=hand.currency, ante=ante,
                          small_bet=self.money(line, match, "small_bet"),
                          big_bet=self.money(line, match, "big_bet"))

    def on_players(self, line: int, match: Match) -> None:
        """``Players in round: 2 (5)``: the players dealt in, and the seats taken at the table."""

    def added(self, line: int, match: Match) -> tuple[str, int, int, bool]:
        """Also every chip put in, antes included (the summary's pot is checked against it)."""
        found = super().added(line, match)
        self.paid += found[1]
        return found

    def on_big_bring_in(self, line: int, match: Match) -> None:
        """``big bring in $1``: the bring-in player opens for the small bet, a completion (a bet, as
        PokerStars writes it; the replay knows the bring-in)."""
        player, added, _, all_in = self.added(line, match)
        self.emit(Bet(self.hand.offset + line, player, added, all_in))

    def on_fold(self, line: int, match: Match) -> None:
        super().on_fold(line, match)
        self.folded.add(required(match, "player"))

    def on_show(self, line: int, match: Match) -> None:
        self.emit(Show(self.hand.offset + line, self.player(line, match), self.cards(line, match),
                       match["description"] or ""))

    # ---- streets, cards ------------------------------------------------------------------------

    @staticmethod
    def cards(line: int, match: Match, field: str = "cards") -> tuple[Card, ...]:
        """``Jh, 9d, Ac``; a hidden card ``-`` is left out (``[-, -, Kh]`` deals one known up card)."""
        text = match[field] if field in match.re.groupindex else None
        if text is None:
            return ()
        if "-" in text:
            known = re.sub(r"(?<![^\s,])-(?![^\s,])", " ", text)
            if len(known) == len(text):
                return written_cards(line, match, field, known)
        return written_cards(line, match, field)

    # ---- summary -------------------------------------------------------------------------------

    def on_summary(self, line: int, match: Match) -> None:
        """The betting is over: an uncalled bet is given back here (OnGame writes no line for it)."""
        due = self.ledger.uncalled()
        if due is not None:
            self.emit(UncalledReturn(self.hand.offset + line, *due))
            self.paid -= due[1]

    def on_pot(self, line: int, match: Match) -> None:
        """``Main pot: $2.35 won by Hero ($2.24)``; ``Side pot 1: ...``; split pots list each winner,
        hi/lo halves may be labelled ``($1.20 High)``."""
        at = self.hand.offset + line
        pot = required(match, "pot").lower().replace(" pot", "")
        pot = pot.replace("side ", "side-")
        amount = self.money(line, match)
        start = match.start("winners")
        summary = self.hand.summary
        summary["total_pot"] = summary.get("total_pot", 0) + amount
        text, position = required(match, "winners"), 0
        while position < len(text):
            found = _WINNER.match(text, position)
            if found is None:
                raise HandSyntaxError(line, start + position + 1, f"unreadable winner {text[position:]!r}")
            player = found["player"]
            if player not in self.hand.seats:
                raise HandSyntaxError(line, start + position + 1, f"{player!r} is not in the seat list")
            try:
                won = self.money_text_currency(found["amount"])
            except AmountError as error:
                raise HandSyntaxError(line, start + found.start("amount") + 1, str(error)) from None
            half = {"High": "hi", "Hi": "hi", "Low": "lo", "Lo": "lo"}.get(found["half"] or "")
            self.emit(Collect(at, player, won, pot, half))
            position = found.end()

    def money_text_currency(self, text: str) -> int:
        return minor_units(text, self.hand.currency)

    def on_rake_taken(self, line: int, match: Match) -> None:
        self.hand.summary["rake"] = self.money(line, match, "rake")

    def on_seat_result(self, line: int, match: Match) -> None:
        """``Seat 2: Hero ($3.47), net: +$1.47, [Jh, 9d, ...] (TWO_PAIR JACK, NINE)``: the cards are the
        player's whole hand (shown, or the user's own)."""
        hand, name = self.hand, match["player"]
        cards = self.summary_seat(line, match, "other", cards=True).cards
        live = [player for player in hand.seats if player not in self.folded]
        if cards and name in live and len(live) > 1:  # OnGame writes the showdown's hands here only
            self.shows.append(Show(hand.offset + line, name, cards, match["description"] or ""))

    def finish(self) -> Hand:
        """The hands the summary shows, as Show events: the last bettor or raiser of the last street
        first (C27), else its first actor, then the others in seat order."""
        events = self.hand.events
        last_street = max((index for index, event in enumerate(events) if isinstance(event, StreetStart)),
                          default=0)
        actions = [event for event in events[last_street:] if isinstance(event, (Bet, Raise, Call, Check))]
        aggressors = [event.player for event in actions if isinstance(event, (Bet, Raise))]
        first = aggressors[-1] if aggressors else actions[0].player if actions else None
        order = sorted(self.shows, key=lambda show: show.player != first)
        events.extend(order)
        self.shows = []
        return super().finish()

    def on_end(self, line: int, match: Match) -> None:
        if match["end_id"] != self.hand.facts.get("hand_id"):
            raise self.error(line, match, "end_id", f"end of hand {match['end_id']} closes hand "
                             f"{self.hand.facts.get('hand_id')}")



class OnGame(SiteDialect):
    name = "ongame"
    header = re.compile(r"\*{5} History for hand (?P<hand_id>[A-Z0-9][-A-Z0-9]*)[ (]")
    reader_class = OnGameTransformer
    header_terminals = ("HEADER",)
    display_name = "OnGame"

    def variant(self, header_line: str) -> str | None:
        """The game is on the ``Table:`` line, which the reader does not give here: every OnGame block is
        read, and a game that is not stud is reported by its table line."""
        return "stud"

    def game_name(self, header_line: str) -> str:
        return header_line


register(OnGame)
