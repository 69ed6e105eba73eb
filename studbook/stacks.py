"""Stacks checked across hands: each player starts a hand with what they had at the end of their last one.

No single hand can show a missing hand or a mis-recorded stack; a run of hands at one table can. For each
player, the stack at the end of a hand (starting stack - committed + what the log's award lines give) must
be the stack they start their next hand at that table (and tournament) with. A stack that grew is
explained by a note that the player added chips (a top-up, deposit, re-buy or add-on) in either hand, or by
the player's absence from hands of that table in between (they left and bought in again), or by their
having ended with nothing (they must buy in again to play); a stack that shrank never is. A break is a
``stack-continuity`` warning citing rule L7.

Pure functions over small records, so ``audit`` keeps one :class:`HandStacks` per hand, not the replay.
"""

from __future__ import annotations

import re
from collections import defaultdict
from collections.abc import Iterable
from dataclasses import dataclass
from datetime import datetime
from typing import Final

from studbook.events import Note
from studbook.money import format_amount
from studbook.results import Replay
from studbook.results import Violation

CODE: Final = "stack-continuity"
RULE: Final = "L7"
# How the sites' notes say a player added chips: Full Tilt "X adds $5", Bovada "Table deposit",
# PokerStars "X re-buys and receives 1500 chips" / "X takes the add-on", and the plain words.
_ADDS_CHIPS: Final = re.compile(r"\b(adds|deposit|re-?buys?|add-?on|tops? ?up|topped up|buys? in)\b",
                                re.IGNORECASE)


@dataclass(frozen=True, slots=True)
class SeatStacks:
    player: str
    start: int
    end: int
    added: bool  # a note says the player added chips in this hand


@dataclass(frozen=True, slots=True)
class HandStacks:
    """What the check needs of one hand: where it is, its table and order, and each seat's stacks."""

    site: str
    table: str
    tournament_id: str | None
    hand_id: str
    start_time: datetime | None
    file: str
    line: int
    currency: str | None
    seats: tuple[SeatStacks, ...]


@dataclass(frozen=True, slots=True)
class StackBreak:
    hand: HandStacks
    previous: HandStacks
    player: str
    expected: int
    found: int

    @property
    def violation(self) -> Violation:
        return Violation(CODE, "warning", self.hand.line, break_message(self), RULE)


def adds_chips(note: Note) -> bool:
    """Whether a note tells that a player added chips (an add-on, re-buy, top-up or deposit)."""
    return bool(_ADDS_CHIPS.search(note.text))


def hand_stacks(replay: Replay) -> HandStacks:
    """The stacks of a replayed hand: each seat's start, and its end by the log's own awards."""
    hand = replay.hand
    adders = {event.player for event in hand.events
              if isinstance(event, Note) and event.player is not None and adds_chips(event)}
    added_text = [event.text.lstrip() for event in hand.events
                  if isinstance(event, Note) and event.player is None and adds_chips(event)]
    results = {result.player: result for result in replay.seats}
    seats = []
    for seat in hand.seats:  # a player sitting out too: their stack carries over unchanged
        result = results.get(seat.player)
        end = seat.stack if result is None else seat.stack - result.committed + result.logged_collected
        added = seat.player in adders or any(text.startswith(seat.player + " ") for text in added_text)
        seats.append(SeatStacks(seat.player, seat.stack, end, added))
    return HandStacks(hand.site, hand.table, hand.tournament_id, hand.hand_id, hand.start_time,
                      hand.source.file, hand.source.first_line, hand.currency, tuple(seats))


def _order(hand: HandStacks) -> tuple[bool, float, bool, int, str]:
    """Start time first (a hand without one goes last), then the hand id, by number where it is one."""
    when = hand.start_time.timestamp() if hand.start_time is not None else 0.0
    number = int(hand.hand_id) if hand.hand_id.isdigit() else 0
    return hand.start_time is None, when, not hand.hand_id.isdigit(), number, hand.hand_id


def stack_breaks(hands: Iterable[HandStacks]) -> list[StackBreak]:
    """Every break of stack continuity among ``hands`` (any order; a hand given twice counts once)."""
    tables: dict[tuple[str, str, str | None], dict[str, HandStacks]] = defaultdict(dict)
    for hand in hands:
        tables[hand.site, hand.table, hand.tournament_id].setdefault(hand.hand_id, hand)
    found: list[StackBreak] = []
    for by_id in tables.values():
        last: dict[str, tuple[int, HandStacks, SeatStacks]] = {}
        for index, hand in enumerate(sorted(by_id.values(), key=_order)):
            for seat in hand.seats:
                before = last.get(seat.player)
                last[seat.player] = index, hand, seat
                if before is None:
                    continue
                previous_index, previous, previous_seat = before
                expected = previous_seat.end
                if seat.start == expected:
                    continue
                bought = expected == 0 or seat.added or previous_seat.added or index - previous_index > 1
                if seat.start > expected and bought:
                    continue
                found.append(StackBreak(hand, previous, seat.player, expected, seat.start))
    found.sort(key=lambda item: (item.hand.file, item.hand.line, item.player))
    return found


def break_message(item: StackBreak) -> str:
    """The warning's text: both hands (file:line and id) and the amounts expected and found."""
    def money(amount: int) -> str:
        return format_amount(amount, item.hand.currency)

    previous = item.previous
    hand = item.hand
    return (f"{item.player} starts hand {hand.hand_id} ({hand.file}:{hand.line}) with {money(item.found)}, "
            f"but ended hand "
            f"{previous.hand_id} ({previous.file}:{previous.line}) at this table with {money(item.expected)}")
