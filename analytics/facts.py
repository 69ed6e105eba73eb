"""Per-seat and per-street facts of one replayed hand: the flags and counts every stat is a sum of.

A stat in ``stats.sql`` is ``SUM(flag) / SUM(chance)`` over these columns (stats.md 2.4 design
note), so everything that needs the order of actions is decided here, once, at import time.
Street index s0..s4 counts betting rounds: s0 is 3rd street (2nd in five card stud).
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from studbook.analytics.starting_hands import classify
from studbook.analytics.third_street import AGGRESSIVE, ThirdStreet, third_street
from studbook.cards import ALL_CARDS, Card
from studbook.events import Deal, Muck, Show, StreetStart
from studbook.hand import Hand
from studbook.results import ActionRecord, PotResult, Replay, SeatResult
from studbook.rules.variants import VARIANTS

ROUNDS = 5  # betting rounds of the seven-card games; five card stud uses s0..s3


_ROUND_FACTS: dict[str, Any] = {  # what one player did on one betting round, valued as if nothing
    "saw": False, "bets": 0, "completes": 0, "raises": 0, "calls": 0, "checks": 0, "folded": False,
    "faced_aggr": False,  # acted after another player's bet or raise
    "fold_to_aggr": False,
}
_COUNTED = {"bet": "bets", "complete": "completes", "raise": "raises", "call": "calls", "check": "checks"}
_ROUND_COLUMNS = tuple({fact: f"s{index}_{fact}" for fact in _ROUND_FACTS} for index in range(ROUNDS))
_NO_ROUNDS = {column: _ROUND_FACTS[fact] for columns in _ROUND_COLUMNS for fact, column in columns.items()}
CARD_TEXT = {card: str(card) for card in ALL_CARDS}  # str(card) works it out each time


@dataclass(slots=True)
class Cards:
    """The cards one player is known to hold, in the order they became known."""

    hole: list[Card] = field(default_factory=list)  # first-street down cards
    door: Card | None = None
    up: list[Card] = field(default_factory=list)
    shown: tuple[Card, ...] = ()


def _card_text(cards: Iterable[Card]) -> str | None:
    return " ".join([CARD_TEXT[card] for card in cards]) or None


def first_street(hand: Hand) -> int:
    """The street of s0: 3rd, or 2nd in the five-card games."""
    variant = VARIANTS.get(hand.variant)
    return int(variant.first_street) if variant else 3


def betting_rounds(hand: Hand) -> int:
    variant = VARIANTS.get(hand.variant)
    return len(variant.streets) if variant else ROUNDS


def reached_streets(hand: Hand, actions: Iterable[ActionRecord]) -> set[int]:
    """Streets the hand got to: dealt, marked or acted on."""
    streets = {int(e.street) for e in hand.events if isinstance(e, Deal | StreetStart)}
    return streets | {a.street for a in actions}


def known_cards(hand: Hand, first: int) -> dict[str, Cards]:
    known: dict[str, Cards] = defaultdict(Cards)
    for event in hand.events:
        if isinstance(event, Deal):
            cards = known[event.player]
            if event.street == first:
                cards.hole.extend(event.down)
                if event.up and cards.door is None:
                    cards.door = event.up[0]
            cards.up.extend(event.up)
        elif isinstance(event, Show | Muck) and event.cards:
            known[event.player].shown = event.cards
    return known


def _hole_cards(cards: Cards, down_on_first: int, community: set[Card]) -> list[Card]:
    """First-street down cards: dealt to us, or the first shown cards that were never face up.

    Sites list shown cards in the order dealt, so the first unexposed ones are the hole cards.
    """
    if len(cards.hole) >= down_on_first or not cards.shown:
        return cards.hole
    exposed = set(cards.up) | community
    return [card for card in cards.shown if card not in exposed][:down_on_first]


def street_facts(actions: Iterable[ActionRecord], first: int, reached: set[int],
                 dealt: Iterable[str]) -> tuple[dict[str, dict[str, Any]], dict[str, int]]:
    """Each dealt player's s0..s4 columns, and the street each player folded on; a round was seen
    if the hand reached it before he folded. Columns, not objects: they go straight into the row."""
    facts = {player: dict(_NO_ROUNDS) for player in dealt}
    last_aggressor: dict[int, str] = {}
    folded_at: dict[str, int] = {}
    for action in actions:
        index = action.street - first
        if action.action in ("ante", "bring-in") or action.player not in facts or not 0 <= index < ROUNDS:
            continue
        row, columns = facts[action.player], _ROUND_COLUMNS[index]
        facing = last_aggressor.get(index, action.player) != action.player
        if facing:
            row[columns["faced_aggr"]] = True
        if action.action == "fold":
            row[columns["folded"]] = True
            if facing:
                row[columns["fold_to_aggr"]] = True
            folded_at.setdefault(action.player, action.street)
        else:
            row[columns[_COUNTED[action.action]]] += 1
        if action.action in AGGRESSIVE:
            last_aggressor[index] = action.player
    for player, row in facts.items():
        for street, columns in enumerate(_ROUND_COLUMNS, start=first):
            row[columns["saw"]] = street in reached and folded_at.get(player, street) >= street
    return facts, folded_at


def _hilo(player: str, pots: list[PotResult]) -> str | None:
    """stud8 result for a winner: scoop (alone on every share of every pot he could win), high
    (a whole pot nobody's low qualified for counts as high), low, or split (a share shared with
    someone, or parts of both halves without scooping)."""
    won = [(pot, w) for pot in pots for w in pot.winners if w.player == player and w.amount > 0]
    if not won:
        return None
    mine = [pot for pot in pots if player in pot.eligible]
    if all(w.player == player for pot in mine for w in pot.winners):
        return "scoop"
    halves = {w.half or "hi" for _, w in won}
    shared = any(other.player != player and other.half == w.half for pot, w in won for other in pot.winners)
    if shared or len(halves) == 2:
        return "split"
    return "high" if halves == {"hi"} else "low"


def _card_columns(variant: str, player: str, known: Cards, hole: list[Card],
                  doors: dict[str, Card]) -> dict[str, Any]:
    door = known.door
    if door is not None and hole:
        start_class = classify(variant, hole, door, [other for p, other in doors.items() if p != player])
    else:
        start_class = None
    return {
        "door_card": CARD_TEXT[door] if door is not None else None,
        "door_rank": door.rank if door is not None else None,
        "hole_cards": _card_text(hole),
        "start_class": start_class,
        "shown_cards": _card_text(known.shown),
    }


def _result_columns(result: SeatResult, at_showdown: bool, won: dict[str | None, int]) -> dict[str, Any]:
    """Money (the log's awards, which is what changed hands) and the replay's verdict beside it."""
    return {
        "committed": result.committed, "collected": result.logged_collected,
        "net": result.logged_collected - result.committed,
        "rules_collected": result.collected, "rules_net": result.net,
        "showdown": at_showdown, "won_at_showdown": at_showdown and result.logged_collected > 0,
        "won_hi": won.get("hi", 0), "won_lo": won.get("lo", 0),
        "high_name": result.high_name or None, "low_name": result.low_name or None,
    }


def seat_facts(replay: Replay) -> list[dict[str, Any]]:
    """One dict per seat of the hand, keyed by the ``seats`` column names (without site and hand_id)."""
    hand, actions = replay.hand, replay.actions
    first = first_street(hand)
    variant = VARIANTS.get(hand.variant)
    down_on_first = variant.streets[0].down if variant else 2
    cards = known_cards(hand, first)
    community = {c for e in hand.events if isinstance(e, StreetStart) for c in e.community}
    actors = {a.player for a in actions}
    dealt = [s.player for s in hand.seats if s.player in cards or s.player in actors]
    forced_all_in = {a.player for a in actions if a.all_in and a.action in ("ante", "bring-in")}
    antes: dict[str, int] = defaultdict(int)
    for action in actions:
        if action.action == "ante":
            antes[action.player] += action.amount
    doors = {player: c.door for player, c in cards.items() if c.door is not None}
    first_round = [a for a in actions if a.street == first and a.action != "ante"]
    third = third_street(first_round, dealt, forced_all_in, doors, low_game=hand.variant == "razz")
    streets, folded = street_facts(actions, first, reached_streets(hand, actions), dealt)
    live = [player for player in dealt if player not in folded]
    showdown = set(live) if len(live) > 1 else set()
    results = {s.player: s for s in replay.seats}
    won: dict[str, dict[str | None, int]] = defaultdict(lambda: defaultdict(int))
    for pot in replay.pots:
        for winner in pot.winners:
            won[winner.player][winner.half] += winner.amount

    rows = []
    for seat in hand.seats:
        player = seat.player
        known = cards.get(player) or Cards()
        rows.append({
            "seat": seat.seat, "player": player, "stack": seat.stack, "sitting_out": seat.sitting_out,
            "dealt": player in streets, "forced_all_in": player in forced_all_in,
            "ante": antes.get(player, 0), "folded_street": folded.get(player),
            "hilo_result": _hilo(player, replay.pots) if hand.variant == "stud8" else None,
            **vars(third.get(player) or ThirdStreet()),  # its fields are seats columns
            **_card_columns(hand.variant, player, known, _hole_cards(known, down_on_first, community), doors),
            **_result_columns(results.get(player) or SeatResult(seat.seat, player, seat.stack, 0, 0, 0, 0),
                              player in showdown, won.get(player, {})),
            **streets.get(player, _NO_ROUNDS),
        })
    return rows
