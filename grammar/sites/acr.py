"""Americas Cardroom / Winning Poker Network stud logs: the dialect and its line handlers (``acr.lark``).

Two formats, one grammar (a hand is one or the other from its first line):

* **2016** (``Game started at: ...`` then ``Game ID: ...``): amounts without a currency sign (the
  site plays in US dollars), in brackets; a call or raise gives what the action adds; one line per
  card dealt, the opponents' down cards as ``received a card.``; no marker before the first street,
  and each marker names the street *before* the cards it deals (``*** Third street ***`` deals the
  4th card); the summary gives each player's bets, collection and shown cards, and ``Pot:`` is the
  pot after rake and jackpot fee. The header line holds no hand id nor game: the second line does,
  so a non-stud hand is recognised by :meth:`Acr.parse`.
* **newer** (``Hand #... - 7Stud(Fixed Limit) - $0.04/$0.08 - ... UTC``): PokerStars-like lines
  without the colon; ``raises $ADDED to $TOTAL`` (the first amount is what the action adds, not the
  raise increment); the pot after rake at each street; ``Total pot`` after rake and jackpot fee.

The summary's total pot is kept as the chips put in (pot + rake + jackpot fee) and the rake as
rake + jackpot fee: both are taken from the pot.
"""

from __future__ import annotations

import re
from functools import partial
from typing import Any
from typing import ClassVar

from studbook.cards import Card
from studbook.events import Bet
from studbook.events import Call
from studbook.events import Collect
from studbook.events import Deal
from studbook.events import Event
from studbook.events import Note
from studbook.events import Raise
from studbook.events import Show
from studbook.events import Street
from studbook.grammar.dialect import GAME_NOT_IN_HEADER
from studbook.grammar.dialect import HandSyntaxError
from studbook.grammar.dialect import register
from studbook.grammar.linescan import Handler
from studbook.grammar.linescan import Match
from studbook.grammar.linescan import Rewritten
from studbook.grammar.linescan import required
from studbook.grammar.records import Block
from studbook.grammar.transform import BASE_EXPECTED
from studbook.grammar.transform import FieldError
from studbook.grammar.transform import HandTransformer
from studbook.grammar.transform import SiteDialect
from studbook.grammar.transform import StreetMoney
from studbook.grammar.transform import minor_units
from studbook.hand import Hand
from studbook.hand import Seat
from studbook.hand import SummarySeat
from studbook.money import AmountError

_ACTION = "an action (NAME checks, folds, bets, calls, raises ...)"
_OLD_ACTION = "an action (Player NAME checks, folds, bets (X), calls (X), raises (X) ...)"
_SUMMARY_SEAT = BASE_EXPECTED["SEAT_FOLDED"]
_OLD_SUMMARY_SEAT = "a summary line (Player NAME ... Bets: X. Collects: Y. ...)"

OLD_HEADER = re.compile(r"Game started at: \d{4}/\d{1,2}/\d{1,2} \d{1,2}:\d{1,2}:\d{1,2}$")
OLD_GAME = re.compile(r"Game ID: (?P<hand_id>\d+) .*\((?P<game>[^()]+)\)$")

# The 2016 format's street markers name the street just played.
_OLD_MARKERS = {"OLD_AFTER_THIRD": Street.FOURTH, "OLD_AFTER_FOURTH": Street.FIFTH,
                "OLD_AFTER_FIFTH": Street.SIXTH, "OLD_AFTER_SIXTH": Street.SEVENTH}
_OLD_CARD_LINES = ("OLD_CARD", "OLD_HIDDEN_CARD")


class AcrTransformer(HandTransformer):
    games: ClassVar[dict[str, str]] = {
        # newer format
        "7stud": "stud", "7stud h/l": "stud8", "7stud hi/lo": "stud8", "7studhilow": "stud8",
        "7stud hilow": "stud8", "7stud hilo": "stud8", "razz": "razz",
        # 2016 format
        "seven cards stud": "stud", "seven cards stud hilow": "stud8", "seven cards stud hi/lo": "stud8",
        "seven card stud": "stud", "seven card stud hilow": "stud8", "seven card stud hi/lo": "stud8",
    }
    notes: ClassVar[dict[str, str]] = {
        "CONNECTION": "connection", "SITTING_OUT": "sitting_out", "TIMED_OUT": "timeout", "JOINS": "join",
        "LEAVES": "leave", "CHAT": "chat", "POT": "pot", "OLD_NOTE": "other",
    }
    expected: ClassVar[dict[str, str]] = {
        "HEADER": "an ACR hand header (Hand #N - 7Stud(Fixed Limit) - ...)",
        "TABLE": "the table line (NAME 8-max)", "SEAT": "a seat (Seat N: NAME ($STACK))",
        "ANTE": "an ante (NAME posts ante AMOUNT)",
        **{name: f"{number} street (*** {number} STREET ***)" for name, number in (
            ("THIRD", "3rd"), ("FOURTH", "4th"), ("FIFTH", "5th"), ("SIXTH", "6th"), ("SEVENTH", "7th"))},
        "POT": "the pot so far (Main pot AMOUNT | Rake AMOUNT)",
        "DEAL": "a deal (Dealt to NAME [cards])", "BRING_IN": "a bring-in (NAME brings in AMOUNT)",
        **dict.fromkeys(("CHECK", "FOLD", "BET", "CALL", "RAISE"), _ACTION),
        "UNCALLED": "an uncalled bet (Uncalled bet (AMOUNT) returned to NAME)",
        **dict.fromkeys(("SHOW", "MUCK"), "a show or muck (NAME shows [cards] (...))"),
        "COLLECT": "a collection (NAME collected AMOUNT from main pot)",
        **dict.fromkeys(("CONNECTION", "SITTING_OUT", "TIMED_OUT", "JOINS", "LEAVES", "CHAT", "OLD_NOTE"),
                        "a table note (connection, sitting out ...)"),
        "SHOW_DOWN": "the showdown (*** SHOW DOWN ***)", "SUMMARY": "the summary (*** SUMMARY ***)",
        "TOTAL_POT": "the total pot (Total pot AMOUNT | Rake AMOUNT)",
        **dict.fromkeys(("SEAT_FOLDED", "SEAT_COLLECTED", "SEAT_WON", "SEAT_LOST", "SEAT_MUCKED",
                         "SEAT_NOT_SHOWN", "SEAT_SITTING_OUT"), _SUMMARY_SEAT),
        "OLD_START": "an ACR hand header (Game started at: ...)", "OLD_GAME": "the game line (Game ID: ...)",
        "OLD_SEAT": "a seat (Seat N: NAME (STACK).)", "OLD_ANTE": "an ante (Player NAME ante (AMOUNT))",
        **dict.fromkeys(_OLD_CARD_LINES, "a card dealt (Player NAME received card: [card])"),
        "OLD_BRING_IN": "a bring-in (Player NAME bring in (AMOUNT))",
        **dict.fromkeys(("OLD_CHECK", "OLD_FOLD", "OLD_BET", "OLD_CALL", "OLD_RAISE", "OLD_ALL_IN"),
                        _OLD_ACTION),
        "OLD_MUCK": "a muck (Player NAME mucks cards)", "OLD_SHOW": "a show (Player NAME shows [cards])",
        **{name: f"a street marker (*** {word} street ***)" for name, word in (
            ("OLD_AFTER_THIRD", "Third"), ("OLD_AFTER_FOURTH", "Fourth"), ("OLD_AFTER_FIFTH", "Fifth"),
            ("OLD_AFTER_SIXTH", "Sixth"))},
        "OLD_SUMMARY": "the summary (------ Summary ------)", "OLD_POT": "the pot (Pot: AMOUNT. Rake AMOUNT)",
        **dict.fromkeys(("OLD_SEAT_SHOWS", "OLD_SEAT_MUCKS", "OLD_SEAT_NO_SHOW"), _OLD_SUMMARY_SEAT),
        "OLD_END": "the end of the hand (Game ended at: ...)",
    }

    def __init__(self, site: str) -> None:
        super().__init__(site)
        self.street_money = StreetMoney()
        self.cards_dealt: dict[str, list[tuple[int, Card | None]]] = {}  # 2016 format: this street's
        self.old = False
        self.at_showdown = False

    def handler(self, terminal: str) -> Handler:
        """Every kind of line but a dealt card first closes the deal of the 2016 format's street."""
        if terminal in _OLD_MARKERS:
            inner: Handler = partial(self.on_street, _OLD_MARKERS[terminal])
        else:
            inner = super().handler(terminal)
        if terminal in _OLD_CARD_LINES:
            return inner

        def closing(line: int, match: Match) -> object:
            if self.cards_dealt:
                self.close_deal()
            return inner(line, match)
        return closing

    def begin(self, block: Block) -> None:
        super().begin(block)
        self.street_money = StreetMoney()
        self.cards_dealt = {}
        self.old = False
        self.at_showdown = False

    def finish(self) -> Hand:
        if self.cards_dealt:
            self.close_deal()
        return super().finish()

    # ---- amounts ------------------------------------------------------------------------------

    def money(self, line: int, match: Match, field: str = "amount") -> int:
        """The 2016 format writes dollars without the sign; tournaments may write chips as ``1,500.00``."""
        text = self.written(line, match, field)
        if self.old:
            text = "$" + text
        elif self.hand.currency is None and text.endswith(".00"):
            text = text[:-3]
        try:
            return minor_units(text, self.hand.currency)
        except AmountError as error:
            raise self.error(line, match, field, str(error)) from None

    # ---- headers ------------------------------------------------------------------------------

    def on_header(self, line: int, match: Match) -> None:
        """Cash (``$0.04/$0.08``) or tournament (``Tournament #N - ... Level 1 (10/20)``, chips)."""
        tournament = match["tournament"]
        self.hand.set_money(None if tournament else self.currency_of(match["small_bet"]))
        self.header_facts(line, match, hand_id=match["hand_id"], currency=self.hand.currency,
                          small_bet=self.money(line, match, "small_bet"),
                          big_bet=self.money(line, match, "big_bet"), tournament_id=tournament,
                          level=match["level"], table="")

    def on_table(self, line: int, match: Match) -> None:
        max_seats = match["max_seats"]
        self.hand.facts.update(table=match["table"], max_seats=int(max_seats) if max_seats else None)

    def on_old_start(self, line: int, match: Match) -> None:
        """``Game started at: 2016/8/2 11:17:19``: the time of the hand; the rest is on the next line."""
        self.old = True
        self.hand.set_money(Acr.currency)
        self.hand.facts["date"] = (match["date"], match["time"])

    def on_old_game(self, line: int, match: Match) -> None:
        """``Game ID: 693977667 1/2 (PRR) Leyak (Seven Cards Stud)``: id, stakes, table, game. The time
        is the site's (Eastern time, as fpdb reads it)."""
        date, time = self.hand.facts.pop("date")
        fields: dict[str, str | None] = {"structure": "limit", "date": _padded_date(date), "time": time,
                                         "zone": "ET"}
        self.header_facts(line, Rewritten(match, fields), hand_id=match["hand_id"], currency=Acr.currency,
                          small_bet=self.money(line, match, "small_bet"),
                          big_bet=self.money(line, match, "big_bet"), table=match["table"])

    def on_old_seat(self, line: int, match: Match) -> None:
        try:
            self.hand.add_seat(Seat(int(required(match, "seat")), required(match, "player"),
                                    self.money(line, match, "stack")))
        except FieldError as error:
            raise self.error(line, match, "seat", str(error)) from None

    # ---- streets and actions: each player's street total is kept for raises and all-ins -----------

    def on_street(self, street: Street, line: int, match: Match) -> None:
        self.street_money = StreetMoney()
        super().on_street(street, line, match)

    def emit(self, event: Event) -> None:
        self.street_money.record(event)
        super().emit(event)

    def on_raise(self, line: int, match: Match) -> None:
        """``raises $0.20 to $0.30``: the first amount is what the action adds, so only the total is kept."""
        self.emit(Raise(self.hand.offset + line, self.player(line, match), self.money(line, match, "to"),
                        None, bool(match["all_in"])))

    def raise_by_adding(self, line: int, match: Match, all_in: bool = False) -> None:
        """A raise written as what it adds (the 2016 format): the street total is what the player had in
        plus that."""
        player = self.player(line, match)
        to = self.street_money.put.get(player, 0) + self.money(line, match)
        self.emit(Raise(self.hand.offset + line, player, to, None, all_in))

    def on_old_ante(self, line: int, match: Match) -> None:
        self.on_ante(line, match)

    def on_old_bring_in(self, line: int, match: Match) -> None:
        self.on_bring_in(line, match)

    def on_old_check(self, line: int, match: Match) -> None:
        self.on_check(line, match)

    def on_old_fold(self, line: int, match: Match) -> None:
        self.on_fold(line, match)

    def on_old_bet(self, line: int, match: Match) -> None:
        self.on_bet(line, match)

    def on_old_call(self, line: int, match: Match) -> None:
        self.on_call(line, match)

    def on_old_raise(self, line: int, match: Match) -> None:
        self.raise_by_adding(line, match)

    def on_old_all_in(self, line: int, match: Match) -> None:
        """``Player X allin (5)``: a call when it reaches no further than the street's highest total, a bet
        when nobody has put chips in on the street, else a raise."""
        player = self.player(line, match)
        amount = self.money(line, match)
        to = self.street_money.put.get(player, 0) + amount
        highest = self.street_money.top
        offset = self.hand.offset + line
        if to <= highest:
            self.emit(Call(offset, player, amount, True))
        elif highest == 0:
            self.emit(Bet(offset, player, amount, True))
        else:
            self.emit(Raise(offset, player, to, None, True))

    def on_old_muck(self, line: int, match: Match) -> None:
        self.on_muck(line, match)

    def on_old_show(self, line: int, match: Match) -> None:
        self.emit(Show(self.hand.offset + line, self.player(line, match), self.cards(line, match)))

    # ---- the 2016 format's deals: one line per card, gathered into one Deal per player ----------

    def on_old_card(self, line: int, match: Match) -> None:
        self.deal_card(line, match, self.cards(line, match))

    def on_old_hidden_card(self, line: int, match: Match) -> None:
        self.deal_card(line, match, (None,))

    def deal_card(self, line: int, match: Match, cards: tuple[Card | None, ...]) -> None:
        hand = self.hand
        player = self.player(line, match)
        if hand.street is None:  # the first street has no marker: its first card starts it
            self.on_street(hand.variant.first_street, line, match)
        self.cards_dealt.setdefault(player, []).extend((hand.offset + line, card) for card in cards)

    def close_deal(self) -> None:
        """The street's cards, player by player: down cards first, then up, as the variant deals them."""
        hand = self.hand
        street = hand.street
        assert street is not None
        spec = hand.variant.spec(street)
        assert spec is not None
        for player, dealt in self.cards_dealt.items():
            if len(dealt) != spec.down + spec.up:
                line = dealt[-1][0] - hand.offset
                raise HandSyntaxError(line, 1, f"{street.label} street deals {spec.down + spec.up} card(s) "
                                               f"to a player, not {len(dealt)} to {player}")
            down = tuple(card for _, card in dealt[:spec.down] if card is not None)
            up = tuple(card for _, card in dealt[spec.down:] if card is not None)
            if len(up) != spec.up:
                line = dealt[-1][0] - hand.offset
                raise HandSyntaxError(line, 1, f"{player}'s up card on {street.label} street is not shown")
            hand.events.append(Deal(dealt[0][0], street, player, down, up))
        self.cards_dealt = {}

    # ---- the newer format's summary ------------------------------------------------------------

    def on_total_pot(self, line: int, match: Match) -> None:
        """``Total pot $8.96 | Rake $0.08 | JP Fee $0.02``: the pot after rake and fee."""
        self.pot_after_rake(line, match)

    def pot_after_rake(self, line: int, match: Match) -> None:
        rake = self.money(line, match, "rake") + (self.money(line, match, "jp_fee") if match["jp_fee"] else 0)
        self.hand.summary.update(total_pot=self.money(line, match) + rake, rake=rake)

    def on_collect(self, line: int, match: Match) -> None:
        """``collected $4.18 from main pot`` (or ``side pot-1``): the halves of a split are not labelled."""
        pot = required(match, "pot").replace(" pot", "")
        self.emit(Collect(self.hand.offset + line, self.player(line, match), self.money(line, match), pot))

    def on_seat_won(self, line: int, match: Match) -> None:
        self.summary_seat(line, match, "won", self.money(line, match), cards=True)

    def on_seat_not_shown(self, line: int, match: Match) -> None:
        self.summary_seat(line, match, "collected", self.money(line, match))

    # ---- the 2016 format's summary: awards and shown cards are only here -------------------------

    def on_old_summary(self, line: int, match: Match) -> None:
        """The summary marker; its lines follow."""

    def on_old_pot(self, line: int, match: Match) -> None:
        """``Pot: 8.15. Rake 0.11. JP fee 0.04``: the pot after rake and fee."""
        self.pot_after_rake(line, match)

    def old_summary_seat(self, line: int, match: Match, outcome: str, cards: tuple[Card, ...] = ()) -> None:
        """``*Player NAME ... Bets: X. Collects: Y. Wins|Loses: Z.``: the award is a Collect too, and shown
        cards a Show (the body of the hand writes neither)."""
        hand = self.hand
        player = self.player(line, match)
        collected = self.money(line, match)
        number = hand.seats[player].seat
        if cards:
            description = required(match, "description") + required(match, "low")
            self.emit(Show(hand.offset + line, player, cards, description.strip()))
        if collected:
            self.emit(Collect(hand.offset + line, player, collected))
            outcome = "won" if cards else "collected"
        text = match.string[match.end("player") + 1:-1]
        hand.summary_seats.append(SummarySeat(hand.offset + line, number, player, outcome,
                                              collected if collected else None, cards, text))

    def on_old_seat_shows(self, line: int, match: Match) -> None:
        self.old_summary_seat(line, match, "lost", self.cards(line, match))

    def on_old_seat_mucks(self, line: int, match: Match) -> None:
        self.old_summary_seat(line, match, "mucked")

    def on_old_seat_no_show(self, line: int, match: Match) -> None:
        self.old_summary_seat(line, match, "folded")

    def on_old_end(self, line: int, match: Match) -> None:
        """``Game ended at: ...``: the end of the hand."""

    def on_show_down(self, line: int, match: Match) -> None:
        """The showdown marker; the pots it repeats are the final ones, after rake."""
        self.at_showdown = True

    def on_note(self, kind: str, line: int, match: Match) -> None:
        if kind != "pot":
            super().on_note(kind, line, match)
            return
        self.emit(Note(self.hand.offset + line, kind, match.string[:-1]))
        if self.at_showdown:  # "Main pot $8.36 | Rake $0.10", "Side pot(1) $0.60 | Rake $0.00"
            summary = self.hand.summary
            amount = self.money(line, match)
            if match.string.startswith("Main"):
                summary["main_pot"] = amount
            else:
                summary["side_pots"] = (*summary.get("side_pots", ()), amount)


def _padded_date(date: str) -> str:
    """``2016/8/2`` → ``2016/08/02``."""
    year, month, day = date.split("/")
    return f"{year}/{int(month):02d}/{int(day):02d}"


class Acr(SiteDialect):
    name = "acr"
    header = re.compile(r"(?:(?:Game )?Hand #(?P<hand_id>\d+) - |Game started at: \d{4}/\d{1,2}/\d{1,2} )")
    reader_class = AcrTransformer
    header_terminals = ("HEADER",)
    display_name = "Americas Cardroom"
    deal_kinds = frozenset({"DEAL", "OLD_CARD"})
    currency = "USD"  # the sign its later headers write; the 2016 format writes none
    house_defaults: ClassVar[dict[str, Any]] = {
        # Both showdowns of the corpus with two hands shown are written in seat order from seat 1, whoever
        # bet last: acr/cash-7-Stud-HL-8max-USD-1.00-2.00-201608.HH00000000 G0.txt line 46 (hand 693975843,
        # the last bettor in seat 8 shows after seat 5) and cash-7-StudHL-USD-0.10-0.20-202310.txt line 130.
        # (Hand 693978063 of the 2016 stud file writes a muck before the one hand shown: no convention.)
        "show_order": "seat",
    }
    conventions: ClassVar[dict[str, str]] = {"show_order": "ACR1"}

    def variant(self, header_line: str) -> str | None:
        """A 2016 header names no game (the next line does): :meth:`other_game` skips a non-stud one."""
        if OLD_HEADER.match(header_line):
            return GAME_NOT_IN_HEADER
        return super().variant(header_line)

    def block_hand_id(self, block: Block) -> str | None:
        """A 2016 hand's number is on its second line (``Game ID: 693975843 1/2 ...``)."""
        if OLD_HEADER.match(block.lines[0]):
            game = OLD_GAME.match(block.lines[1]) if len(block.lines) > 1 else None
            return game["hand_id"] if game else None
        return super().block_hand_id(block)

    def other_game(self, block: Block) -> str | None:
        """A 2016 hand names its game on its second line (``Game ID: ... (Holdem)``): a hand of another
        game is skipped, not rejected; a second line that is not a game line is left to :meth:`parse`."""
        if not OLD_HEADER.match(block.lines[0]):
            return super().other_game(block)
        game = OLD_GAME.match(block.lines[1]) if len(block.lines) > 1 else None
        reader = self.reader
        assert isinstance(reader, AcrTransformer)
        return game["game"] if game and game["game"].lower() not in reader.games else None


register(Acr)
