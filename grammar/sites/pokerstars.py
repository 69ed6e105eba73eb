"""PokerStars stud logs: the dialect and its site-specific line handlers (``pokerstars.lark``).

Actions are ``Name: verb``. A completion is written as a raise (``raises $0.02 to $0.04``) or,
by the bring-in seat, as ``bets``: both stay Raise/Bet here (the replayer knows the bring-in).
Ante and bring-in amounts are never in the header, only in the action lines.
"""

from __future__ import annotations

import re
from typing import Any
from typing import ClassVar

from studbook.cards import Card
from studbook.events import Collect
from studbook.grammar.dialect import register
from studbook.grammar.linescan import Match
from studbook.grammar.linescan import required
from studbook.grammar.transform import HandTransformer
from studbook.grammar.transform import SiteDialect

_ACTION = "an action (NAME: checks, folds, bets, calls, raises ...)"


class PokerStarsTransformer(HandTransformer):
    games: ClassVar[dict[str, str]] = {
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
    reader_class = PokerStarsTransformer
    header_terminals = ("TOURNAMENT_HEADER", "CASH_HEADER")
    display_name = "PokerStars"
    # Each default is backed by the corpus log that shows it (paths under ../shared/corpus/). Re-derive
    # with tests/core/test_replay_corpus.py, which replays those hands under the opposite options.
    house_defaults: ClassVar[dict[str, Any]] = {
        # "Betting is capped" after a bet and three raises: pokerstars/cash-7-Stud-USD-0.04-0.08-200911.txt
        # line 630 (5th street, hand 35874289931) and cash-Razz-USD-0.04-0.08-200911.txt line 489 (river,
        # hand 35874780027); after the completion and three raises: tour-Razz-8max-USD-200-15-201009
        # .bracket.in.alias.txt line 39 (C10: the completion is not a raise).
        "max_raises": 3,
        # Both capped rounds above are heads-up: the 5th street one became heads-up by a fold, the Razz
        # river began heads-up. So neither the RRoP nor the WSOP-LA heads-up exception applies (C18).
        "headsup_uncapped": "never",
        # "Pair on board - a double bet is allowed", then a big bet on 4th street: cash-7-Stud-USD-0.04-0.08
        # -200911.txt line 699 (hand 35874334277) and cash-HH20110417 Salm IX ... Limit Stud.txt line 44.
        "open_pair_double_bet": True,
        # The one tie of boards in the corpus: Razz hand 35874817957 (cash-Razz-USD-0.04-0.08-200911.txt
        # lines 539 and 548), As6s (seat 1) and Ac6h (seat 3) on 4th and 5th street: seat 1 acts first.
        # That is the position rule counted from seat 1 (a suit rule with the lowest suit first would
        # pick seat 3; one with the highest suit first cannot be told apart here).
        "board_tie_break": "position",
        # After a checked last round the hands are written in seat order from seat 1, not from the round's
        # first actor: pokerstars/cash-7-Stud-USD-0.04-0.08-200911.txt lines 343-347 and 488-489 (hands
        # 35874153086, 35874220204) and cash-Razz-USD-0.04-0.08-200911.txt line 375 (hand 35874721245);
        # after a bet the bettor shows first, as the rules say (hands 35874576282, 35874780027).
        "show_order": "seat_when_checked",
    }
    conventions: ClassVar[dict[str, str]] = {"show_order": "PS1"}


register(PokerStars)
