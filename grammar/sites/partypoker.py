"""PartyPoker stud logs: the dialect and its line handlers (``partypoker.lark``).

PartyPoker writes a hand's number up to three times before the game line (``Game #N starts.``,
``#Game No : N``, ``***** Hand History for Game N *****``); a hand starts at the first of the first
two (saved files may leave out ``Game #N starts.``).
Its amounts are bracketed (``[$0.05 USD]``, ``[10]`` in tournaments) and are what the action
ADDS on the street, so this module keeps each player's street total to turn ``raises [$2 USD]``
and ``completes [$0.50 USD]`` into the street totals studbook's events carry. The log writes no
all-in flag (the stacks tell), no uncalled-bet line (the winner's ``wins`` amount includes his
uncalled bet, which is given back here as an UncalledReturn before his award) and no summary.
Only the hero's own cards are dealt in the log; the others appear when shown.
"""

from __future__ import annotations

import re
from dataclasses import replace
from datetime import datetime
from typing import ClassVar
from zoneinfo import ZoneInfo

from studbook.cards import Card
from studbook.cards import CardError
from studbook.cards import parse_card
from studbook.events import Bet
from studbook.events import BringIn
from studbook.events import Call
from studbook.events import Collect
from studbook.events import Complete
from studbook.events import Muck
from studbook.events import Note
from studbook.events import Raise
from studbook.events import UncalledReturn
from studbook.grammar.dialect import BadCard
from studbook.grammar.dialect import register
from studbook.grammar.linescan import Match
from studbook.grammar.linescan import Rewritten
from studbook.grammar.linescan import required
from studbook.grammar.records import Block
from studbook.grammar.transform import ChipsAddedTransformer
from studbook.grammar.transform import SiteDialect
from studbook.grammar.units import TIMEZONES
from studbook.hand import Hand
from studbook.rules.variants import VARIANTS

# The lines that carry a hand's number before its game line, in the order written. A hand starts at
# the first of the first two ("***** Hand History for Game N *****" alone starts none: every
# PartyPoker log writes "#Game No : N" before it, and fpdb's test logs show no other form).
_TITLES = (re.compile(r"Game #(?P<hand_id>\d+) starts\.\s*$"), re.compile(r"#Game No : (?P<hand_id>\d+)\s*$"))
_HAND_TITLE = re.compile(r"\*{5} Hand History [Ff]or Game (?P<hand_id>\w+) \*{5}(?: \([\w ]+\))?\s*$")

_MONTHS = {name: number for number, names in enumerate(
    (("January", "Jan"), ("February", "Feb"), ("March", "Mar"), ("April", "Apr"), ("May",), ("June", "Jun"),
     ("July", "Jul"), ("August", "Aug"), ("September", "Sep", "Sept"), ("October", "Oct"),
     ("November", "Nov"), ("December", "Dec")), start=1) for name in names}
_WHEN = re.compile(r"(?:[A-Z][a-z]+(?:, ?| ))?(?P<month>[A-Z][a-z]+) (?P<day>\d{1,2}),? "
                   r"(?P<hour>\d{1,2}):(?P<minute>\d{2}):"
                   r"(?P<second>\d{2}) (?P<zone>[A-Z]{2,5}) (?P<year>\d{4})")
STRUCTURES = {"NL": "no-limit", "PL": "pot-limit", "FL": "limit", None: "limit"}
_CARD = re.compile(r"[^\s,]+")
# Zones the clients write that grammar/units.py does not know: the Mac client's local abbreviations
# (ICT in Bangkok) and German and Russian clients' own (MESZ, YEKST)
_ZONES = {"ICT": "Asia/Bangkok", "MEZ": "Europe/Berlin", "MESZ": "Europe/Berlin",
          "YEKT": "Asia/Yekaterinburg", "YEKST": "Asia/Yekaterinburg"}
# "$0,25": the Mac client writes a decimal comma (a thousands comma is followed by three digits)
_DECIMAL_COMMA = re.compile(r"([$€£]?\d+),(\d{1,2})")

_ACTION = "an action (NAME checks, folds, bets [AMOUNT], calls, raises, completes, is all-In ...)"


def title_hand_id(line: str) -> str | None:
    """The hand number of a title line (no state)."""
    for title in (*_TITLES, _HAND_TITLE):
        found = title.match(line)
        if found is not None:
            return found["hand_id"]
    return None


def written_cards(line: int, match: Match, field: str, text: str | None = None) -> tuple[Card, ...]:
    """Cards written ``3h 8c 7c`` or ``Ad, Qd, Ah``, each checked where it stands; none without the field.
    ``text`` stands for the field's text when the caller has blanked some of it (columns kept)."""
    written = match[field] if field in match.re.groupindex else None
    if written is None:
        return ()
    text, start = written if text is None else text, match.start(field)
    cards = []
    for token in _CARD.finditer(text):
        try:
            cards.append(parse_card(token[0]))
        except CardError:
            raise BadCard(line, start + token.start() + 1,
                          f"{token[0]!r} is not a card (rank 2-9TJQKA, suit cdhs)") from None
    return tuple(cards)


def zoned_time(text: str) -> datetime:
    """``Monday, April 25, 14:20:12 EDT 2011`` (or ``Mon Jul 12 13:38:32 EDT 2010``) in its zone."""
    found = _WHEN.fullmatch(text)
    if found is None:
        raise ValueError(f"unreadable date {text!r}")
    zone = TIMEZONES.get(found["zone"]) or _ZONES.get(found["zone"])
    month = _MONTHS.get(found["month"])
    if zone is None:
        raise ValueError(f"unknown time zone {found['zone']!r}")
    if month is None:
        raise ValueError(f"unknown month {found['month']!r}")
    return datetime(int(found["year"]), month, int(found["day"]), int(found["hour"]), int(found["minute"]),
                    int(found["second"]), tzinfo=ZoneInfo(zone))


class PartyPokerTransformer(ChipsAddedTransformer):
    games: ClassVar[dict[str, str]] = {"7 card stud": "stud", "7 card stud hi-lo": "stud8"}
    notes: ClassVar[dict[str, str]] = {
        "BUTTON": "other", "OPENS": "other", "FINISHED": "tournament", "CONGRATULATIONS": "tournament",
        "TIME_BANK_WARNING": "timeout", "OPTIONS": "other",
        "SHOW_LOW": "other", "NO_LOW": "no_low", "CHAT": "chat", "JOINED": "join", "LEFT": "leave",
        "SITTING_OUT": "sitting_out", "SITS_IN": "sitting_out", "DISCONNECTED": "connection",
        "RECONNECTED": "connection", "TIME_BANK": "timeout", "TIMED_OUT": "timeout",
        "CONNECTION_LOST": "connection", "TABLE_CLOSED": "connection",
    }
    expected: ClassVar[dict[str, str]] = {
        **dict.fromkeys(("STARTS", "GAME_NO", "HAND_TITLE"),
                        "a title line (***** Hand History for Game N *****)"),
        **dict.fromkeys(("CASH_HEADER", "TOURNAMENT_HEADER", "BUY_IN_HEADER"),
                        "the game line ($0.50/$1 USD 7 Card Stud - DATE)"),
        "TABLE": "the table line (Table NAME (Real Money))", "PLAYERS": "the player count",
        "TOURNAMENT_LEVEL": "the tournament and level (Trny: N Level: N)",
        "STAKES": "the tournament stakes (Stakes-Antes(60/120-10))",
        "SEAT": "a seat (Seat N: NAME ( $STACK USD ))", "ANTE": "an ante (NAME posts ante [AMOUNT])",
        "THIRD": "3rd street (** Dealing **)", "FOURTH": "4th street (** Dealing Fourth street **)",
        "FIFTH": "5th street (** Dealing Fifth street **)",
        "SIXTH": "6th street (** Dealing Sixth street **)",
        "RIVER": "the river (** Dealing River **)", "DEAL": "a deal (Dealt to NAME [cards])",
        "BRING_IN": "a bring-in (NAME bring-ins [AMOUNT])",
        **dict.fromkeys(("COMPLETE", "CHECK", "FOLD", "BET", "DOUBLE_BET", "CALL", "RAISE", "ALL_IN"),
                        _ACTION),
        **dict.fromkeys(("SHOW", "MUCK_SHOWN", "NO_SHOW"), "a show (NAME shows [cards] ...)"),
        "WIN": "an award (NAME wins AMOUNT ...)",
        **dict.fromkeys(notes, "a table note (chat, opens, has joined the table ...)"),
    }

    def begin(self, block: Block) -> None:
        super().begin(block)
        self.returned: tuple[str, int] | None = None  # the uncalled bet given back, not yet taken from a win
        self.awarding = False
        self.started = False  # the hand opened with "Game #N starts."

    # ---- title and header ------------------------------------------------------------------------

    def _title(self, line: int, match: Match, field: str) -> None:
        """Each title line names the hand; they must agree."""
        known = self.hand.facts.get("hand_id")
        if known is not None and known != match[field]:
            raise self.error(line, match, field, f"hand {match[field]} in the title of hand {known}")
        self.hand.facts["hand_id"] = match[field]

    def on_starts(self, line: int, match: Match) -> None:
        self.started = True
        self._title(line, match, "hand_id")

    def on_game_no(self, line: int, match: Match) -> None:
        self._title(line, match, "game_no")

    def on_hand_title(self, line: int, match: Match) -> None:
        """The title agrees with ``Game #N starts.``; after ``#Game No : N`` alone (the Mac client, which
        numbers that line its own way) the title's number is the hand's."""
        if not self.started:
            self.hand.facts.pop("hand_id", None)
        self._title(line, match, "title_no")

    def money(self, line: int, match: Match, field: str = "amount") -> int:
        """An amount, its decimal comma (``$0,25``) read as the point it stands for."""
        text = match[field]
        if text is not None and "," in text:
            decimal = _DECIMAL_COMMA.fullmatch(text)
            if decimal is not None:
                match = Rewritten(match, {field: f"{decimal[1]}.{decimal[2]}"})
        return super().money(line, match, field)

    def game_facts(self, line: int, match: Match, **facts: object) -> None:
        """The game, the betting structure and the start time of a game line."""
        game = required(match, "game")
        variant = self.games.get(game.lower())
        if variant is None:
            raise self.error(line, match, "game", f"{game!r} is not a stud game")
        try:
            start_time = zoned_time(required(match, "when"))
        except ValueError as error:
            raise self.error(line, match, "when", str(error)) from None
        self.hand.variant = VARIANTS[variant]
        self.hand.facts.update(facts, variant=variant, start_time=start_time,
                               structure=STRUCTURES[match["structure"]])

    def on_cash_header(self, line: int, match: Match) -> None:
        """``$0.50/$1 USD 7 Card Stud - ...``: the small and big bet, in the currency of the sign or code."""
        self.hand.set_money(self.currency_of(match["small_bet"], match["iso"]))
        self.game_facts(line, match, currency=self.hand.currency,
                        small_bet=self.money(line, match, "small_bet"),
                        big_bet=self.money(line, match, "big_bet"), tournament_id=None, level=None)

    def on_tournament_header(self, line: int, match: Match) -> None:
        """``... Trny:69784932 Level:2  Stakes-Antes(60/120-10) - ...``: chips; the buy-in also a note."""
        self.hand.set_money(None)
        ante = self.money(line, match, "ante") if match["ante"] else None
        self.game_facts(line, match, currency=None, small_bet=self.money(line, match, "small_bet"),
                        big_bet=self.money(line, match, "big_bet"), ante=ante,
                        tournament_id=match["tournament"], level=match["level"], buy_in=match["buy_in_text"])
        if match["buy_in"]:
            self.emit(Note(self.hand.offset + line, "tournament", f"buy-in {match['buy_in']}"))

    def on_buy_in_header(self, line: int, match: Match) -> None:
        """``FL 7 Card Stud $1 USD Buy-in - ...``: chips; the tournament and its stakes come on their own
        lines (:meth:`on_tournament_level`, :meth:`on_stakes`)."""
        self.hand.set_money(None)
        self.game_facts(line, match, currency=None, tournament_id=None, level=None,
                        buy_in=match["buy_in_text"])
        self.emit(Note(self.hand.offset + line, "tournament", f"buy-in {match['buy_in']}"))

    def on_tournament_level(self, line: int, match: Match) -> None:
        """``Trny: N Level: N``: a note; the hand's tournament and level when its game line has none
        (a level that changes after the game line is the next hand's)."""
        self.on_note("tournament", line, match)
        facts = self.hand.facts
        if facts.get("tournament_id") is None:
            facts.update(tournament_id=match["tournament"], level=match["level"])

    def on_stakes(self, line: int, match: Match) -> None:
        """``Stakes-Antes(60/120-10)``: a note; the hand's stakes when its game line has none."""
        self.on_note("tournament", line, match)
        facts = self.hand.facts
        if facts.get("small_bet") is None:
            facts.update(small_bet=self.money(line, match, "small_bet"),
                         big_bet=self.money(line, match, "big_bet"),
                         ante=self.money(line, match, "ante") if match["ante"] else None)

    def on_table(self, line: int, match: Match) -> None:
        if match["money"] == "Play":
            self.emit(Note(self.hand.offset + line, "other", "play money"))
        self.hand.facts["table"] = " ".join(required(match, "table").split())  # "Table  136419": one space

    def on_players(self, line: int, match: Match) -> None:
        """``Total number of players : 7/8``: the table's seats after the slash."""
        if match["max_seats"]:
            self.hand.facts["max_seats"] = int(match["max_seats"])

    def on_double_bet(self, line: int, match: Match) -> None:
        """``double bets [120]``: a big bet on 4th street after an open pair; a bet like any other."""
        self.on_bet(line, match)

    def on_all_in(self, line: int, match: Match) -> None:
        """``is all-In [$X USD]``: a bring-in, call, bet or raise, by what stands on the street."""
        top = self.ledger.top
        player, added, total, _ = self.added(line, match)
        at = self.hand.offset + line
        first_action = not any(isinstance(event, (BringIn, Bet, Call, Raise, Complete))
                               for event in self.hand.events)
        if first_action and self.hand.street == self.hand.variant.first_street:
            self.emit(BringIn(at, player, added, True))
        elif total <= top:
            self.emit(Call(at, player, added, True))
        elif top == 0:
            self.emit(Bet(at, player, added, True))
        else:
            self.emit(Raise(at, player, total, None, True))

    # ---- streets, cards ------------------------------------------------------------------------

    def community(self, line: int, match: Match) -> tuple[Card, ...]:
        """``** Dealing River ** [ 5c ]``: one card for everyone when the deck runs short."""
        return written_cards(line, match, "community")

    @staticmethod
    def cards(line: int, match: Match, field: str = "cards") -> tuple[Card, ...]:
        return written_cards(line, match, field)

    def on_muck_shown(self, line: int, match: Match) -> None:
        """``doesn't show [ 5h, 9d, ... ]a pair of Nines.``: a loser's cards, revealed but not shown."""
        self.emit(Muck(self.hand.offset + line, self.player(line, match), self.cards(line, match)))

    def on_no_show(self, line: int, match: Match) -> None:
        """``does not show cards.``: a winner nobody called."""
        self.emit(Muck(self.hand.offset + line, self.player(line, match), ()))

    # ---- awards --------------------------------------------------------------------------------

    def on_win(self, line: int, match: Match) -> None:
        """``wins $13.20 USD``, ``wins 2,560 chips from the main pot with ...``, ``wins Lo ($90.50 USD)
        from the side pot #1 with ...``. The first award line gives back the street's uncalled bet
        (PartyPoker writes no line for it); see :meth:`finish` for the award that counts it."""
        at = self.hand.offset + line
        player, amount = self.player(line, match), self.money(line, match)
        if not self.awarding:
            self.awarding = True
            due = self.ledger.uncalled()
            if due is not None:
                self.emit(UncalledReturn(at, *due))
                self.returned = due
        pot = (match["pot"] or "pot").replace(" pot", "")
        number = re.search(r"\d+", pot)
        pot = f"side-{number[0]}" if number else pot
        self.emit(Collect(at, player, amount, pot, "lo" if match["lo"] else None))

    def finish(self) -> Hand:
        """PartyPoker counts an uncalled bet in its bettor's award: that award, his unlabelled ``wins``
        line if he has one, else his first award of at least the bet, is the log's amount less the
        bet given back (an award that was only the bet goes)."""
        if self.returned is not None:
            player, due = self.returned
            events = self.hand.events
            mine = {i: e for i, e in enumerate(events) if isinstance(e, Collect) and e.player == player
                    and e.amount >= due}
            plain = [i for i, award in mine.items() if award.pot == "pot"]
            if plain or mine:
                index = (plain or list(mine))[0]
                award = mine[index]
                if award.amount == due:
                    del events[index]
                else:
                    events[index] = replace(award, amount=award.amount - due)
        return super().finish()


class PartyPoker(SiteDialect):
    name = "partypoker"
    header = re.compile(r"(?:Game #(?P<hand_id>\d+) starts\.|#Game No : \d+)")
    reader_class = PartyPokerTransformer
    header_terminals = ("CASH_HEADER", "TOURNAMENT_HEADER")
    display_name = "PartyPoker"
    # Hero's cards alone are dealt: partypoker/cash-7-Stud-USD-1-2-201104.txt ("Dealt to Hero [  3h 8c 7c ]"
    # on 3rd street, line 23; no other player's up card in any hand). A missing up card is the log's
    # silence, not a misdeal: the replay notes it (info) and takes the bring-in and each opener from the log.
    hides_boards = True

    def hand_id(self, header_line: str) -> str | None:
        return title_hand_id(header_line)

    def continues_header(self, header_line: str, line: str) -> bool:
        """``#Game No : N`` right after ``Game #N starts.`` is the same hand's title."""
        return _TITLES[0].match(header_line) is not None and title_hand_id(line) == title_hand_id(header_line)

    def variant(self, header_line: str) -> str | None:
        """The game is on the line after the titles, which the reader does not give here: every
        PartyPoker block is read, and a game that is not stud is reported by its game line."""
        return "stud"

    def game_name(self, header_line: str) -> str:
        return header_line


register(PartyPoker)
