"""All-in EV: what each player could expect to collect when the betting ended with cards still to come.

A hand qualifies when, at the end of a betting round before the last street, two or more players are
still in and at most one of them has chips left (no more betting is possible), and the cards each of
them held then are known: dealt face up, dealt to the log's owner, or shown at the end. Then each pot
of the replay (:attr:`studbook.results.Replay.pots`: its side pots, eligible players and amounts after
rake) is shared by equity (:func:`studbook.equity.equities`) among its eligible players, with the up
cards of the players who had folded by then (and a side pot's, the cards of the players still in who
cannot win it) out of the deck.

Expected amounts are whole units: each player gets the floor of equity × pot, and the units left go
one each to the largest remainders (equal remainders: first eligible first), so a pot's expectations
add up to the pot after rake, as its awards do.

A hand without such a moment (no all-in, an all-in on the last street, a hand that was not shown
down) has no all-in EV: its expected result is its result.

:func:`studbook.replay.replay` works it out once per hand and its result carries it
(:attr:`studbook.results.Replay.all_in`), so the rows stored and the audit read the same one.
"""

from __future__ import annotations

import math
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
from studbook.results import Replay
from studbook.rules.house import Rules
from studbook.rules.variants import VARIANTS
from studbook.rules.variants import Variant

# Drawn deals per pot when the deals cannot all be counted: import does this for every all-in, and the
# standard error it leaves on one hand (at most 1/(2*sqrt(n)) of the pot) averages out over many.
SAMPLES: Final = 300
EXACT_LIMIT: Final = 2_000  # counted deals per pot: a heads-up all-in on 6th street (1,560 deals), a few ms


@dataclass(frozen=True, slots=True)
class PotEquity:
    """One pot at the all-in: who could win it, each one's share and what each could expect."""

    index: int  # 0 = main pot, as in Replay.pots
    amount: int  # after rake
    eligible: tuple[str, ...]
    equity: tuple[float, ...]  # per eligible player
    expected: tuple[int, ...]  # per eligible player: whole units adding up to ``amount``
    method: str  # "exact", "sampled", or "uncontested" (one player eligible)
    samples: int
    std_error: float  # the largest standard error of ``equity`` (0 when counted or uncontested)


@dataclass(frozen=True, slots=True)
class AllIn:
    """The moment no more betting was possible, and what each player could expect from there."""

    street: int  # the street whose betting round ended it (cards of later streets were to come)
    line: int  # the log line of the action that ended the betting
    cards: dict[str, Holding]  # what each player still in held then
    dead: tuple[Card, ...]  # up cards of the players who had folded
    pots: tuple[PotEquity, ...]

    def expected(self) -> dict[str, int]:
        """What each player could expect to collect from all the pots."""
        totals: dict[str, int] = {}
        for pot in self.pots:
            for player, amount in zip(pot.eligible, pot.expected, strict=True):
                totals[player] = totals.get(player, 0) + amount
        return totals


def share_out(amount: int, equity: Sequence[float]) -> tuple[int, ...]:
    """``amount`` in whole units by ``equity`` (which adds up to 1): floors, then the largest remainders.

    >>> share_out(101, [0.5, 0.5]), share_out(100, [1 / 3, 1 / 3, 1 / 3]), share_out(7, [0.9, 0.1])
    ((51, 50), (34, 33, 33), (6, 1))
    """
    exact = [amount * share for share in equity]
    shares = [math.floor(value) for value in exact]
    order = sorted(range(len(exact)), key=lambda index: shares[index] - exact[index])  # largest remainder
    for index in order[:amount - sum(shares)]:
        shares[index] += 1
    return tuple(shares)


def _end_of_betting(replay: Replay, last_street: int) -> tuple[int, int, set[str]] | None:
    """The street and line where a round ended with 2+ players in and at most one with chips, before
    the last street; and the players who had folded by then."""
    actions = replay.actions
    # Nobody ever without chips: every player still in could bet at the end of every round. Most hands,
    # and this test costs a tenth of the walk below.
    if all(action.stack > 0 for action in actions) and all(seat.stack > 0 for seat in replay.hand.seats):
        return None
    stacks = {seat.player: seat.stack for seat in replay.hand.seats}
    folded: set[str] = set()
    dealt: set[str] = set()
    for index, action in enumerate(actions):
        dealt.add(action.player)
        stacks[action.player] = action.stack
        if action.action == "fold":
            folded.add(action.player)
        round_over = index + 1 == len(actions) or actions[index + 1].street != action.street
        if not round_over or action.street >= last_street:
            continue
        live = dealt - folded
        if len(live) >= 2 and sum(stacks[player] > 0 for player in live) <= 1:
            return action.street, action.line, folded
    return None


def _cards_then(replay: Replay, variant: Variant, street: int, players: set[str],
                folded: set[str]) -> tuple[dict[str, Holding], list[Card]] | None:
    """What each player still in held at the end of ``street`` (None when someone's are not known: his
    down cards never shown, or up cards the log does not write), and the up cards of the players who
    had folded."""
    down: dict[str, list[Card]] = {player: [] for player in players}
    up: dict[str, list[Card]] = {player: [] for player in players}
    every_up: dict[str, set[Card]] = {player: set() for player in players}
    shown: dict[str, tuple[Card, ...]] = {}
    dead: list[Card] = []
    for event in replay.hand.events:
        if isinstance(event, Deal):
            if event.player in players:
                every_up[event.player].update(event.up)
                if event.street <= street:
                    down[event.player].extend(event.down)
                    up[event.player].extend(event.up)
            elif event.player in folded and event.street <= street:
                dead.extend(event.up)
        elif isinstance(event, Show | Muck) and event.cards and event.player in players:
            shown[event.player] = event.cards
    for seat in replay.hand.summary.seats:
        if seat.cards and seat.player in players:
            shown.setdefault(seat.player, seat.cards)
    held = {}
    due = sum(spec.down for spec in variant.streets if spec.street <= street)
    ups_due = sum(spec.up for spec in variant.streets if spec.street <= street)
    for player in players:
        if len(up[player]) < ups_due:
            return None
        cards = down[player]
        if len(cards) < due:  # the down cards come from the show: those never dealt face up, in order
            hidden = [card for card in shown.get(player, ())
                      if card not in every_up[player] and card not in cards]
            cards = cards + hidden[:due - len(cards)]
        if len(cards) < due:
            return None
        held[player] = Holding(tuple(cards), tuple(up[player]))
    return held, dead


def all_in(replay: Replay) -> AllIn | None:
    """The all-in moment of a replayed hand and each pot's equities then (under the rules it was
    replayed by: the deck and descubierto's ranking count); None when there is none."""
    variant = VARIANTS.get(replay.hand.variant)
    if variant is None or replay.rules is None or not replay.pots:
        return None
    found = _end_of_betting(replay, int(variant.last_street))
    if found is None:
        return None
    rules = replay.rules
    street, line, folded = found
    live = {player for pot in replay.pots for player in pot.eligible}
    known = _cards_then(replay, variant, street, live, folded)
    if known is None:
        return None
    held, dead = known
    pots = []
    try:
        for pot in replay.pots:
            pots.append(_pot_equity(pot.index, pot.amount, pot.eligible, held, dead, variant, rules))
    except EquityError:  # cards a deal could not give (8 players on 7th street): no expectation
        return None
    return AllIn(street, line, held, tuple(dead), tuple(pots))


def _pot_equity(index: int, amount: int, eligible: tuple[str, ...], held: dict[str, Holding],
                dead: list[Card], variant: Variant, rules: Rules) -> PotEquity:
    if len(eligible) == 1:
        return PotEquity(index, amount, eligible, (1.0,), (amount,), "uncontested", 0, 0.0)
    others = [card for player, holding in held.items() if player not in eligible for card in holding.cards]
    result = equities(variant, [held[player] for player in eligible], [*dead, *others], rules,
                      samples=SAMPLES, exact_limit=EXACT_LIMIT)
    shares = tuple(hand.equity for hand in result.hands)
    return PotEquity(index, amount, eligible, shares, share_out(amount, shares), result.method,
                     result.samples, max(hand.std_error for hand in result.hands))
