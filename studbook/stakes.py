"""Stakes a header leaves out or writes as 0, read from the hand's own bets.

A tournament level written ``(0/0)``, or a header with no stakes at all, would otherwise have every bet
judged against 0 and every result divided by a big bet of 0. The completion, or a bet or first raise on
3rd or 4th street, gives the small bet; a bet on 5th street or later the big one; the other is twice or
half of it. With no bet at all (nothing to judge) the bring-in doubled, rounded up to 1, 2.5 or 5 times a
power of ten, stands in. The hand then names what was read in :attr:`Hand.inferred`, for the audit to say.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import replace
from decimal import ROUND_CEILING
from decimal import Decimal

from studbook.events import Bet
from studbook.events import BringIn
from studbook.events import Complete
from studbook.events import Event
from studbook.events import PostAnte
from studbook.events import Raise
from studbook.events import Street
from studbook.events import StreetStart
from studbook.hand import Hand


def nice_round_up(amount: int) -> int:
    """The smallest 1, 2.5 or 5 times a power of ten at least ``amount`` (minor units)."""
    if amount <= 0:
        return 1
    power = 1
    while power * 10 <= amount:
        power *= 10
    for step in (Decimal(1), Decimal("2.5"), Decimal(5), Decimal(10)):
        value = int((step * power).to_integral_value(ROUND_CEILING))
        if value >= amount:
            return value
    return 10 * power  # pragma: no cover


def bets_seen(events: tuple[Event, ...]) -> tuple[int | None, int | None]:
    """The smallest full small bet and big bet the hand's betting shows (all-in amounts say nothing)."""
    small: int | None = None
    big: int | None = None
    street = Street.THIRD
    opened = False  # a bet, completion or raise already made on this street
    for event in events:
        kind = type(event)
        if kind is StreetStart:
            assert isinstance(event, StreetStart)
            street, opened = event.street, False
            continue
        amount: int | None = None
        if kind is Complete:
            assert isinstance(event, Complete)
            amount = None if event.all_in else event.to
        elif kind is Bet:
            assert isinstance(event, Bet)
            amount = None if event.all_in or opened else event.amount
        elif kind is Raise:
            assert isinstance(event, Raise)
            # the first raise on 3rd street after only the bring-in is the completion
            amount = None if event.all_in or opened or street > Street.THIRD else event.to
        else:
            continue
        opened = True
        if amount is None or amount <= 0:
            continue
        if street >= Street.FIFTH:
            big = amount if big is None else min(big, amount)
        else:
            small = amount if small is None else min(small, amount)
    return small, big


def paired(small: int | None, big: int | None) -> tuple[int, int] | None:
    """Both bets from either (the big bet is twice the small), or None when neither was seen."""
    if small and big:
        return small, big
    if small:
        return small, 2 * small
    if big:
        return big // 2, big
    return None


def from_forced_bets(events: Iterable[Event]) -> tuple[int, int]:
    """Stakes for a hand with no bet to read them from (nothing to judge): the bring-in doubled (else two
    antes doubled), rounded up to 1, 2.5 or 5 times a power of ten."""
    forced: int | None = None
    ante: int | None = None
    for event in events:
        if forced is None and type(event) is BringIn:
            assert isinstance(event, BringIn)
            forced = event.amount
        elif ante is None and type(event) is PostAnte:
            assert isinstance(event, PostAnte)
            ante = event.amount
    if forced is None:
        forced = 2 * (1 if ante is None else ante)
    small = nice_round_up(2 * forced)
    return small, 2 * small


def inferred_stakes(events: tuple[Event, ...]) -> tuple[int, int]:
    """Small and big bet from the bets of a hand; from its bring-in (else its ante) when it has none."""
    return paired(*bets_seen(events)) or from_forced_bets(events)


def with_stakes(hand: Hand) -> Hand:
    """``hand`` itself when its header states both bets; else (fixed limit) a copy whose bets come from
    its events (a bring-in or ante written as 0 is left to the events too), naming them as inferred."""
    if hand.small_bet > 0 and hand.big_bet > 0 or hand.structure != "limit":
        return hand  # pot and no limit: a bet of any size is no measure of the stakes
    small, big = inferred_stakes(hand.events)
    if hand.small_bet > 0:  # one bet stated: the other is twice or half of it
        small, big = hand.small_bet, 2 * hand.small_bet
    elif hand.big_bet > 0:
        small, big = hand.big_bet // 2, hand.big_bet
    stated = (("small_bet", hand.small_bet), ("big_bet", hand.big_bet))
    inferred = [name for name, amount in stated if amount <= 0]
    ante, bring_in = hand.ante, hand.bring_in
    if ante == 0:
        ante = None
        inferred.append("ante")
    if bring_in == 0:
        bring_in = None
        inferred.append("bring_in")
    return replace(hand, small_bet=small, big_bet=big, ante=ante, bring_in=bring_in, inferred=tuple(inferred))
