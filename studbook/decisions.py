"""Decision EV: each bet, completion, raise, call and fold valued by the player's equity at that moment.

A decision is valued when the acting player's cards are known then: dealt to the log's owner, or shown
at the end (a shown hand's down cards are taken in the order the show writes them, as the all-in EV
does). Its equity (:func:`studbook.equity.equities`) is against the players still in at that moment:
their up cards as dealt so far, their down cards where the hand shows them, else dealt from the cards
nobody is known to hold; every card known to be out (the up and down cards of the players who had
folded, and everyone's cards above) is out of the deck. The rest of the hand is dealt as if it were
checked down: no more chips go in.

The EV of a decision is in chips (the hand's minor units), a float because it is an expectation:

* a bet, completion, raise or call: ``equity × pot after the action − amount put in``; what the action
  is expected to win over folding instead;
* a fold: ``−(equity × (pot before + to call) − to call)``; what the cheapest way to stay in (a call,
  or a check when nothing was owed) was expected to win over the fold, with the sign turned: negative
  when the fold gave up a profitable call, positive when it saved chips.

So a call's EV and a fold's EV in the same spot are opposites, and a positive EV is a choice between
staying in and folding that the equity bears out. The whole pot is shared by equity, side pots not
apart (the all-in EV, :mod:`studbook.allin`, splits them).

The bring-in is left out: it is forced, and completing instead is a completion, valued as one. Checks
put nothing in and are not decisions here.

In a hi/lo game the equity is the mean of the two halves' (``equity_hi``, ``equity_lo``), a low half no
hand qualifies for going to the high hand (H8); ``scoop`` is how often the player takes both.

When the deals left are few (:data:`EXACT_LIMIT`) every one is counted, else :data:`SAMPLES` are drawn
from a generator seeded by the hand and the action, so a decision always gets the same value; its
``std_error`` is the EV's, in chips.

>>> from studbook.equity import parse_holding
>>> from studbook.rules.variants import VARIANTS
>>> value = value_decision(VARIANTS["stud"], parse_holding("[Ah As] Kd Qc Jh 2s"),
...                        [parse_holding("[Kc Ks] Qh 7c 7d 3s")], (), None, "call", 20, 100, 20)
>>> value.method, round(value.equity, 4), round(value.ev, 2)  # 0.3468 × 120 − 20
('exact', 0.3468, 21.62)
>>> fold = value_decision(VARIANTS["stud"], parse_holding("[Ah As] Kd Qc Jh 2s"),
...                       [parse_holding("[Kc Ks] Qh 7c 7d 3s")], (), None, "fold", 0, 100, 20)
>>> round(fold.ev, 2)  # the call it gave up, turned round
-21.62
"""

from __future__ import annotations

import zlib
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final

from studbook.cards import Card
from studbook.equity import EquityError
from studbook.equity import Holding
from studbook.equity import equities
from studbook.events import Deal
from studbook.events import Muck
from studbook.events import Show
from studbook.events import StreetStart
from studbook.results import ActionRecord
from studbook.results import Replay
from studbook.rules.house import Rules
from studbook.rules.variants import VARIANTS
from studbook.rules.variants import Variant

DECISIONS: Final = ("complete", "bet", "raise", "call", "fold")  # the actions valued
AGGRESSIVE: Final = ("complete", "bet", "raise")
EXACT_LIMIT: Final = 2_000  # counted deals per decision: heads-up on 6th street with both hands known
SAMPLES: Final = 500  # drawn deals otherwise: a standard error of at most 2.2 points of equity


@dataclass(frozen=True, slots=True)
class Value:
    """What one decision was worth: the equity then, and the EV of the action taken."""

    equity: float
    equity_hi: float | None  # hi/lo games: the mean share of each half
    equity_lo: float | None
    scoop: float | None  # hi/lo games: how often the player takes the whole pot
    ev: float  # chips, see the module docstring
    std_error: float  # of ``ev``, chips: 0 when every deal was counted
    method: str  # "exact" or "sampled"
    samples: int

    def call_ev(self, pot_before: int, to_call: int) -> float:
        """What staying in by the cheapest way (a call, or a free check) was expected to win over folding."""
        return self.equity * (pot_before + to_call) - to_call


@dataclass(frozen=True, slots=True)
class Decision:
    """One valued action of a replayed hand, with the state the player acted in."""

    seq: int  # the action's index in Replay.actions (actions.seq in the database)
    line: int
    street: int
    street_index: int  # 0 = the first street (s0)
    player: str
    action: str  # complete | bet | raise | call | fold
    amount: int  # put in by the action
    pot_before: int
    pot_after: int
    to_call: int  # what the player owed before acting (0: could check)
    holding: Holding  # the player's cards then
    opponents: tuple[tuple[str, Holding], ...]  # the players still in, and their cards known then
    dead: tuple[Card, ...]  # cards known to be out: the folded players'
    value: Value

    @property
    def best(self) -> str:
        """The choice the equity favours (:func:`best_choice`)."""
        return best_choice(self.value.equity, self.pot_before, self.to_call, len(self.opponents))

    @property
    def choice(self) -> str:
        return choice_of(self.action)


def best_choice(equity: float, pot_before: int, to_call: int, opponents: int) -> str:
    """The choice the equity favours: ``fold`` when staying in loses chips over folding, ``raise`` when
    the equity is above the fair share 1/(opponents + 1) (each chip put in and matched by every player
    still in wins more than it costs), else ``call`` (a call, or a check when nothing is owed).

    >>> best_choice(0.1, 10, 10, 1), best_choice(0.3, 100, 10, 1), best_choice(0.6, 100, 10, 1)
    ('fold', 'call', 'raise')
    """
    if to_call and equity * (pot_before + to_call) - to_call < 0:
        return "fold"
    return "raise" if equity > 1 / (opponents + 1) else "call"


def choice_of(action: str) -> str:
    """An action as a choice: ``fold``, ``call`` (a call or a check) or ``raise`` (a bet, completion or
    raise)."""
    return "raise" if action in AGGRESSIVE else "call" if action == "check" else action


def owed(actions: Sequence[ActionRecord]) -> list[int]:
    """What each action's player owed just before it (0: could check), within the stack he had."""
    found = []
    street, totals = 0, dict[str, int]()
    for record in actions:
        if record.street != street:
            street, totals = record.street, {}
        found.append(max(0, min(max(totals.values(), default=0) - totals.get(record.player, 0),
                                record.stack + record.amount)))  # the stack before the action
        if record.action not in ("ante", "fold", "check"):
            totals[record.player] = record.to
    return found


def value_decision(variant: Variant, holding: Holding, opponents: Sequence[Holding], dead: Sequence[Card],
                   rules: Rules | None, action: str, amount: int, pot_before: int, to_call: int,
                   seed: int = 0, samples: int = SAMPLES) -> Value:
    """The equity and EV of ``action`` (see the module docstring); raises EquityError when the cards
    cannot be dealt (more players than the deck serves)."""
    result = equities(variant, [holding, *opponents], dead, rules, samples=samples, exact_limit=EXACT_LIMIT,
                      seed=seed)
    mine = result.hands[0]
    equity = mine.equity
    if action == "fold":
        stake = pot_before + to_call
        ev = -(equity * stake - to_call)
    else:
        stake = pot_before + amount
        ev = equity * stake - amount
    hi, lo = mine.halves if mine.halves else (None, None)
    scoop = mine.outcomes["scoop"] if variant.hi_lo else None
    return Value(equity, hi, lo, scoop, ev, mine.std_error * stake, result.method, result.samples)


def decisions(replay: Replay, samples: int = SAMPLES) -> list[Decision]:
    """Every decision of a replayed hand whose player's cards are known then, valued; see the module
    docstring. A hand of an unknown variant has none, nor the streets from a community card on."""
    variant = VARIANTS.get(replay.hand.variant)
    if variant is None or replay.rules is None:
        return []
    cards = HandCards(replay, variant)
    found = []
    folded: set[str] = set()
    first = int(variant.first_street)
    base = zlib.crc32(f"{replay.hand.site}:{replay.hand.hand_id}".encode())
    for seq, (record, due) in enumerate(zip(replay.actions, owed(replay.actions), strict=True)):
        if record.action in DECISIONS and record.street < cards.community_from:
            decision = _decision(replay, variant, cards, record, seq, first, due, folded,
                                 (base + seq) & 0x7FFFFFFF, samples)
            if decision is not None:
                found.append(decision)
        if record.action == "fold":
            folded.add(record.player)
    return found


def _decision(replay: Replay, variant: Variant, cards: HandCards, record: ActionRecord, seq: int, first: int,
              owed: int, folded: set[str], seed: int, samples: int) -> Decision | None:
    street = record.street
    holding = cards.known(record.player, street, complete=True)
    if holding is None:
        return None
    live = [player for player in cards.players if player not in folded and player != record.player]
    if not live:
        return None
    opponents = tuple((player, cards.known(player, street, complete=False) or Holding((), ()))
                      for player in live)
    dead = tuple(card for player in cards.players if player in folded for card in cards.dealt(player, street))
    pot_before = record.pot - record.amount
    try:
        value = value_decision(variant, holding, [held for _, held in opponents], dead, replay.rules,
                               record.action, record.amount, pot_before, owed, seed, samples)
    except EquityError:
        return None
    return Decision(seq, record.line, street, street - first, record.player, record.action, record.amount,
                    pot_before, record.pot, owed, holding, opponents, dead, value)


class HandCards:
    """What the log says each player was dealt, street by street, and showed."""

    def __init__(self, replay: Replay, variant: Variant) -> None:
        self.variant = variant
        self.players: list[str] = []  # in the order first dealt or acting
        self.deals: dict[str, list[Deal]] = {}
        self.shown: dict[str, tuple[Card, ...]] = {}
        self.community_from = 99  # the street of a community card: the equity engine deals none
        for event in replay.hand.events:
            if isinstance(event, Deal):
                self.deals.setdefault(event.player, []).append(event)
                self._add(event.player)
            elif isinstance(event, StreetStart) and event.community:
                self.community_from = min(self.community_from, int(event.street))
            elif isinstance(event, Show | Muck) and event.cards:
                self.shown[event.player] = event.cards
        for seat in replay.hand.summary.seats:
            if seat.cards:
                self.shown.setdefault(seat.player, seat.cards)
        for record in replay.actions:
            self._add(record.player)

    def _add(self, player: str) -> None:
        if player not in self.deals:
            self.deals[player] = []
        if player not in self.players:
            self.players.append(player)

    def dealt(self, player: str, street: int) -> tuple[Card, ...]:
        """The cards the log deals ``player`` up to ``street``, down and up."""
        return tuple(card for deal in self.deals[player] if deal.street <= street
                     for card in (*deal.down, *deal.up))

    def known(self, player: str, street: int, complete: bool) -> Holding | None:
        """``player``'s cards known at ``street``: dealt, with down cards the show fills in; None when
        ``complete`` and some are unknown."""
        down = [card for deal in self.deals[player] if deal.street <= street for card in deal.down]
        up = [card for deal in self.deals[player] if deal.street <= street for card in deal.up]
        every_up = {card for deal in self.deals[player] for card in deal.up}
        due_down = sum(spec.down for spec in self.variant.streets if spec.street <= street)
        due_up = sum(spec.up for spec in self.variant.streets if spec.street <= street)
        if len(down) < due_down:
            shown = self.shown.get(player, ())
            hidden = [card for card in shown if card not in every_up and card not in down]
            down += hidden[:due_down - len(down)]
        if complete and (len(down) < due_down or len(up) < due_up):
            return None
        return Holding(tuple(down[:due_down]), tuple(up[:due_up]))
