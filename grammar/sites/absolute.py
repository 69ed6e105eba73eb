"""Absolute Poker stud logs: the dialect and its line handlers (``absolute.lark``).

Absolute writes ``Stage #N: Seven Card Hi/Lo  Normal $0.02/$0.04 - 2009-03-18 19:10:00 (ET)`` (Normal
is fixed limit), ``NAME - Verb AMOUNT`` actions, and on every street each player's cards so far as
``NAME - Pocket [H H Js 10d]`` (``H``: a card not seen; a folded player's line comes back unchanged).
A raise is written as what it adds (``Raises $0.08``, as fpdb reads it) and an all-in as
``All-In $X`` / ``All-In(Raise) $X``, told apart here by the bets before it. The summary's
``Total Pot($0.43) | Rake ($0.04)`` is the pot before rake; ``won Total ($0.19)`` each player's award.
The site writes no returned uncalled bet. Without a ``Table:`` line the table is ``unknown``.
"""

from __future__ import annotations

import re
from typing import ClassVar

from studbook.cards import Card
from studbook.events import Bet
from studbook.events import Call
from studbook.events import Collect
from studbook.events import Deal
from studbook.events import Event
from studbook.events import Raise
from studbook.events import Street
from studbook.grammar.dialect import register
from studbook.grammar.linescan import Match
from studbook.grammar.linescan import Rewritten
from studbook.grammar.linescan import required
from studbook.grammar.records import Block
from studbook.grammar.transform import FieldError
from studbook.grammar.transform import HandTransformer
from studbook.grammar.transform import SiteDialect
from studbook.grammar.transform import StreetMoney
from studbook.grammar.transform import local_time
from studbook.grammar.units import betting_structure
from studbook.rules.variants import VARIANTS

_ACTION = "an action (NAME - Checks, Folds, Bets, Calls, Raises ...)"


class AbsoluteTransformer(HandTransformer):
    games: ClassVar[dict[str, str]] = {
        "seven card hi/lo": "stud8", "seven card stud hi/lo": "stud8", "7 card stud hi/lo": "stud8",
        "seven card stud": "stud", "seven card": "stud", "7 card stud": "stud", "razz": "razz",
    }
    notes: ClassVar[dict[str, str]] = {
        "SITTING_OUT": "sitting_out", "CONNECTION": "connection", "TIMED_OUT": "timeout", "CHAT": "chat",
    }
    expected: ClassVar[dict[str, str]] = {
        "HEADER": "an Absolute hand header (Stage #N: ...)", "TABLE": "the table (Table: NAME)",
        "SEAT": "a seat (Seat N - NAME ($STACK in chips))", "ANTE": "an ante (NAME - Ante AMOUNT)",
        **{name: f"{number} street (*** {number} STREET ***)" for name, number in (
            ("THIRD", "3rd"), ("FOURTH", "4TH"), ("FIFTH", "5TH"), ("SIXTH", "6TH"))},
        "RIVER": "the river (*** RIVER ***)",
        "POCKET": "a player's cards (NAME - Pocket [cards])",
        "BRING_IN": "a bring-in (NAME - Bring-In AMOUNT)",
        **dict.fromkeys(("COMPLETE", "CHECK", "FOLD", "BET", "CALL", "RAISE", "ALL_IN", "ALL_IN_RAISE"),
                        _ACTION),
        **dict.fromkeys(("SHOW", "MUCK"), "a show or muck (NAME - Shows [cards] (...))"),
        "COLLECT": "a collection (NAME Collects AMOUNT from main pot)",
        **dict.fromkeys(notes, "a table note (sitting out, connection ...)"),
        "SHOW_DOWN": "the showdown (*** SHOW DOWN ***)", "SUMMARY": "the summary (*** SUMMARY ***)",
        "TOTAL_POT": "the total pot (Total Pot(AMOUNT) | Rake (AMOUNT))",
    }

    def __init__(self, site: str) -> None:
        super().__init__(site)
        self.street_money = StreetMoney()
        self.held: dict[str, int] = {}  # cards each player has been dealt

    def begin(self, block: Block) -> None:
        super().begin(block)
        self.street_money = StreetMoney()
        self.held = {}

    # ---- header -----------------------------------------------------------------------------------

    def on_header(self, line: int, match: Match) -> None:
        """Cash (``$`` stakes) or tournament (``Tourney ID``, chips); the date is written with dashes."""
        tournament = match["tournament"]
        hand = self.hand
        hand.set_money(None if tournament else self.currency_of(match["small_bet"]) or "USD")
        game = required(match, "game")
        variant = self.games.get(game.lower())
        if variant is None:
            raise self.error(line, match, "game", f"{game!r} is not a stud game")
        try:
            start_time = local_time(required(match, "date").replace("-", "/"), required(match, "time"),
                                    match["zone"] or "ET", None, None)
        except FieldError as error:
            raise self.error(line, match, error.field, str(error)) from None
        small_bet = self.money(line, match, "small_bet")
        big_bet = self.money(line, match, "big_bet") if match["big_bet"] else 2 * small_bet
        ante = self.money(line, match, "ante") if match["ante"] else None
        structure = betting_structure(required(match, "structure").replace("Normal", "Limit"))
        hand.variant = VARIANTS[variant]
        hand.facts.update(hand_id=match["hand_id"], currency=hand.currency, small_bet=small_bet,
                          big_bet=big_bet, ante=ante, tournament_id=tournament, table="unknown",
                          variant=variant, start_time=start_time, structure=structure)

    def money(self, line: int, match: Match, field: str = "amount") -> int:
        """Cash amounts carry the sign (``$0.02``, `` €0.02``); chips do not."""
        text = match[field]
        if self.hand.currency and text and text[0].isdigit():
            sign = "$" if self.hand.currency == "USD" else "€"
            return super().money(line, Rewritten(match, {field: sign + text}), field)
        return super().money(line, match, field)

    def on_table(self, line: int, match: Match) -> None:
        self.hand.facts["table"] = match["table"]

    # ---- streets, cards and actions ----------------------------------------------------------------

    def on_street(self, street: Street, line: int, match: Match) -> None:
        self.street_money = StreetMoney()
        super().on_street(street, line, match)

    def emit(self, event: Event) -> None:
        self.street_money.record(event)
        super().emit(event)

    def on_pocket(self, line: int, match: Match) -> None:
        """``NAME - Pocket [H H Js 10d]``: the cards beyond those already dealt are this street's, down
        cards first as the variant deals them; an unchanged line (a folded player's) deals nothing."""
        hand = self.hand
        player = self.player(line, match)
        written = (match["cards"] or "").split()
        held = self.held.get(player, 0)
        new = written[held:]
        if not new:
            return
        street = self.dealing_street(line, match)
        spec = hand.variant.spec(street)
        assert spec is not None
        if len(new) != spec.down + spec.up:
            dealt = spec.down + spec.up
            raise self.error(line, match, "cards", f"{street.label} street deals {dealt} card(s) to a "
                                                   f"player, not {len(new)}")
        start = match.start("cards")

        def known(texts: list[str]) -> tuple[Card, ...]:
            seen = [text for text in texts if text != "H"]
            return self.cards_at(line, " ".join(seen), start) if seen else ()

        down, up = known(new[:spec.down]), known(new[spec.down:])
        if len(up) != spec.up:
            raise self.error(line, match, "cards", f"{player}'s up card on {street.label} street is hidden")
        self.held[player] = len(written)
        self.emit(Deal(hand.offset + line, street, player, down, up, known(written[:held])))

    def on_raise(self, line: int, match: Match) -> None:
        """``Raises $0.08`` adds to what the player had in on the street; ``to $X`` when written."""
        player = self.player(line, match)
        to = (self.money(line, match, "to") if match["to"]
              else self.street_money.put.get(player, 0) + self.money(line, match))
        self.emit(Raise(self.hand.offset + line, player, to, None, False))

    def on_all_in(self, line: int, match: Match, raising: bool = False) -> None:
        """``All-In $X``: a call when it reaches no further than the street's highest total, a bet when
        nobody has put chips in on the street, else a raise."""
        player = self.player(line, match)
        fields = match.re.groupindex
        amount = self.money(line, match)
        to = (self.money(line, match, "to") if "to" in fields and match["to"]
              else self.street_money.put.get(player, 0) + amount)
        highest = self.street_money.top
        offset = self.hand.offset + line
        if to <= highest:
            self.emit(Call(offset, player, to - self.street_money.put.get(player, 0), True))
        elif highest == 0:
            self.emit(Bet(offset, player, amount, True))
        else:
            self.emit(Raise(offset, player, to, None, True))

    def on_all_in_raise(self, line: int, match: Match) -> None:
        self.on_all_in(line, match, raising=True)

    def on_collect(self, line: int, match: Match) -> None:
        """``NAME Collects $0.19 from main pot``: the halves of a split are not labelled."""
        pot = required(match, "pot")
        kind = "main" if pot.startswith("main") else "pot" if pot == "pot" else "side"
        self.emit(Collect(self.hand.offset + line, self.player(line, match), self.money(line, match), kind))

    # ---- summary ------------------------------------------------------------------------------------

    def on_total_pot(self, line: int, match: Match) -> None:
        """``Total Pot($0.43) | Rake ($0.04)``: the pot before rake."""
        rake = self.money(line, match, "rake") if match["rake"] else None
        self.hand.summary.update(total_pot=self.money(line, match), rake=rake)

    def on_seat_won(self, line: int, match: Match) -> None:
        self.summary_seat(line, match, "won", self.money(line, match))

    def on_seat_lost(self, line: int, match: Match) -> None:
        self.summary_seat(line, match, "lost")

    def on_seat_mucked(self, line: int, match: Match) -> None:
        self.summary_seat(line, match, "mucked")


class Absolute(SiteDialect):
    name = "absolute"
    header = re.compile(r"Stage #C?(?P<hand_id>\d+):")
    reader_class = AbsoluteTransformer
    header_terminals = ("HEADER",)
    display_name = "Absolute Poker"
    deal_kinds = frozenset({"POCKET"})


register(Absolute)
