"""PokerStars stud logs: the dialect and its site-specific line handlers (``pokerstars.lark``).

Actions are ``Name: verb``. A completion is written as a raise (``raises $0.02 to $0.04``) or,
by the bring-in seat, as ``bets``: both stay Raise/Bet here (the replayer knows the bring-in).
Ante and bring-in amounts are never in the header, only in the action lines.
"""

from __future__ import annotations

import re
from typing import ClassVar

from studbook.cards import Card
from studbook.events import Collect
from studbook.grammar.dialect import register
from studbook.grammar.linescan import Match, required
from studbook.grammar.transform import HandTransformer, SiteDialect

_ACTION = "an action (NAME: checks, folds, bets, calls, raises ...)"
_SUMMARY_SEAT = "a summary seat line (Seat N: NAME ...)"


class PokerStarsTransformer(HandTransformer):
    site = "pokerstars"
    variants: ClassVar[dict[str, str]] = {
        "7 card stud": "stud", "7 card stud hi/lo": "stud8", "razz": "razz", "5 card stud": "stud5",
    }
    notes: ClassVar[dict[str, str]] = {
        "CHAT": "chat", "JOINS": "join", "LEAVES": "leave", "REMOVED": "leave", "CONNECTION": "connection",
        "SITTING_OUT": "sitting_out", "TIMED_OUT": "timeout", "CAPPED": "capped",
        "PAIR_ON_BOARD": "pair_on_board", "NO_LOW": "no_low", "TOURNAMENT": "tournament",
    }
    expected: ClassVar[dict[str, str]] = {
        "CASH_HEADER": "a PokerStars hand header", "TOURNAMENT_HEADER": "a PokerStars hand header",
        "TABLE": "the table line (Table 'NAME' 8-max)", "SEAT": "a seat (Seat N: NAME (STACK in chips))",
        "ANTE": "an ante (NAME: posts the ante AMOUNT)",
        "THIRD": "3rd street (*** 3rd STREET ***)", "FOURTH": "4th street (*** 4th STREET ***)",
        "FIFTH": "5th street (*** 5th STREET ***)", "SIXTH": "6th street (*** 6th STREET ***)",
        "RIVER": "the river (*** RIVER ***)",
        "DEAL": "a deal (Dealt to NAME [cards])", "BRING_IN": "a bring-in (NAME: brings in for AMOUNT)",
        **dict.fromkeys(("CHECK", "FOLD", "BET", "CALL", "RAISE"), _ACTION),
        "UNCALLED": "an uncalled bet (Uncalled bet (AMOUNT) returned to NAME)",
        **dict.fromkeys(("SHOW", "MUCK"), "a show or muck (NAME: shows [cards] (...))"),
        "COLLECT": "a collection (NAME collected AMOUNT from pot)",
        **dict.fromkeys(notes, "a table note (chat, joins, leaves ...)"),
        "SHOW_DOWN": "the showdown (*** SHOW DOWN ***)", "SUMMARY": "the summary (*** SUMMARY ***)",
        "TOTAL_POT": "the total pot (Total pot AMOUNT | Rake AMOUNT)", "BOARD": "the board (Board [card])",
        **dict.fromkeys(("SEAT_FOLDED", "SEAT_COLLECTED", "SEAT_WON", "SEAT_LOST", "SEAT_MUCKED",
                         "SEAT_SITTING_OUT"), _SUMMARY_SEAT),
        "$END": "the end of the hand",
    }

    def on_cash_header(self, line: int, match: Match) -> None:
        """Ring game (or home-game ring): $ or an ISO code means real money, else play chips."""
        self.hand.set_money(self.currency_of(match["small_bet"], match["iso"]))
        self.read_header(line, match, tournament_id=None, level=None)

    def on_tournament_header(self, line: int, match: Match) -> None:
        """Tournament: chips, and a level whose small/big bets are in brackets (not the ante)."""
        self.hand.set_money(None)
        self.read_header(line, match, tournament_id=match["tournament"], level=match["level"],
                         buy_in=match["buy_in"])

    def read_header(self, line: int, match: Match, **facts: object) -> None:
        """What both header kinds say."""
        self.header_facts(line, match, hand_id=match["hand_id"], currency=self.hand.currency,
                          small_bet=self.money(line, match, "small_bet"),
                          big_bet=self.money(line, match, "big_bet"),
                          game_label=match["mix"], home_game=bool(match["home"]), **facts)

    def on_table(self, line: int, match: Match) -> None:
        max_seats = match["max_seats"]
        self.hand.facts.update(table=match["table"], max_seats=int(max_seats) if max_seats else None)

    def on_collect(self, line: int, match: Match) -> None:
        """``collected $X from pot|main pot|side pot-2``; the halves of a split are not labelled."""
        pot = required(match, "pot").replace(" pot", "")  # pot, main, side, side-2
        self.emit(Collect(self.hand.offset + line, self.player(line, match), self.money(line, match), pot))

    def on_board(self, line: int, match: Match) -> None:
        self.hand.summary["board"] = self.cards(line, match)

    def community(self, line: int, match: Match) -> tuple[Card, ...]:
        """``*** RIVER *** [6h]``: one card for everyone when the deck runs short."""
        return self.cards(line, match) if "cards" in match.re.groupindex else ()


class PokerStars(SiteDialect):
    name = "pokerstars"
    writer = "pokerstars"
    header = re.compile(r"(?:PokerStars|POKERSTARS)(?: Home Game)? (?:Game|Hand|GAME|Zoom Hand) "
                        r"#(?P<hand_id>[0-9A-Za-z][0-9A-Za-z-]*):")
    grammar_file = "pokerstars.lark"
    reader_class = PokerStarsTransformer
    header_terminals = ("TOURNAMENT_HEADER", "CASH_HEADER")


register(PokerStars)
