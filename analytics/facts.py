"""Per-seat and per-street facts of one replayed hand: the flags and counts every stat is a sum of.

A stat in ``stats.sql`` is ``SUM(flag) / SUM(chance)`` over these columns (stats.md 2.4 design
note), so everything that needs the order of actions is decided here, once, at import time.
Street index s0..s4 counts betting rounds: s0 is 3rd street (2nd in five card stud).

This runs for every imported hand, so a seat's columns come out as a tuple in ``SEAT_COLUMNS``
order, and its 45 per-street columns as one byte each (``ROUND_COLUMNS``): most of them are
zero, and a chunk turns each into an Arrow column with one strided copy (analytics/rows.py).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from studbook.analytics.starting_hands import classify
from studbook.analytics.third_street import AGGRESSIVE, ThirdStreet, third_street
from studbook.cards import ALL_CARDS, Card
from studbook.events import Deal, Muck, Show, StreetStart
from studbook.hand import Hand
from studbook.results import ActionRecord, PotResult, Replay, SeatResult
from studbook.rules.variants import VARIANTS, Variant, stud

ROUNDS = 5  # betting rounds of the seven-card games; five card stud uses s0..s3
# What one player did on one betting round; the flags are 0/1, the rest are counts.
ROUND_FACTS = ("saw", "bets", "completes", "raises", "calls", "checks", "folded",
               "faced_aggr",  # acted after another player's bet or raise
               "fold_to_aggr")
ROUND_FLAGS = frozenset({"saw", "folded", "faced_aggr", "fold_to_aggr"})
ROUND_COLUMNS = tuple(f"s{index}_{fact}" for index in range(ROUNDS) for fact in ROUND_FACTS)
NO_ROUNDS = bytes(len(ROUND_COLUMNS))  # a seat that was not dealt in
_SAW, _FOLDED, _FACED, _FOLD_TO = (ROUND_FACTS.index(fact) for fact in ("saw", "folded", "faced_aggr",
                                                                        "fold_to_aggr"))
_COUNTED = {"bet": ROUND_FACTS.index("bets"), "complete": ROUND_FACTS.index("completes"),
            "raise": ROUND_FACTS.index("raises"), "call": ROUND_FACTS.index("calls"),
            "check": ROUND_FACTS.index("checks")}

SEAT_COLUMNS = (  # the seats columns but the key and ROUND_COLUMNS, in the order of a seat's tuple
    "seat", "player", "stack", "sitting_out", "dealt", "forced_all_in", "ante",
    "is_bringin", "bringin_amount", "bringin_completed", "bringin_vs_complete", "bringin_vs_steal",
    "door_card", "door_rank", "hole_cards", "start_class", "position",
    "vpip_chance", "vpip", "rfi_chance", "rfi", "steal_chance", "steal", "steal_success",
    "door_steal_chance", "door_steal", "door_steal_success",
    "committed", "collected", "net", "rules_collected", "rules_net", "showdown", "won_at_showdown",
    "won_hi", "won_lo", "hilo_result", "high_name", "low_name", "shown_cards", "folded_street",
)
# Card is an int 0..51, so these index by card; a Card's properties work each value out per call.
CARD_TEXT: tuple[str, ...] = tuple(str(card) for card in ALL_CARDS)
CARD_RANK: tuple[int, ...] = tuple(card.rank for card in ALL_CARDS)
CARD_SUIT: tuple[str, ...] = tuple(card.suit for card in ALL_CARDS)
_NO_THIRD = ThirdStreet()  # for a seat not dealt in; never changed
_NO_WINS: dict[str | None, int] = {}


@dataclass(slots=True)
class Cards:
    """The cards one player is known to hold, in the order they became known."""

    hole: list[Card] = field(default_factory=list)  # first-street down cards
    door: Card | None = None
    up: list[Card] = field(default_factory=list)
    shown: tuple[Card, ...] = ()


_NO_CARDS = Cards()  # for a seat with no known cards; never changed


@dataclass(slots=True)
class Dealing:
    """What a hand's events show, gathered in one pass: what the seats, cards and hands rows need."""

    known: dict[str, Cards] = field(default_factory=dict)  # players dealt to or showing
    deals: list[Deal | StreetStart] = field(default_factory=list)  # in order
    shown: dict[str, tuple[Card, ...]] = field(default_factory=dict)  # the last cards shown or mucked face up
    community: set[Card] = field(default_factory=set)
    streets: set[int] = field(default_factory=set)  # dealt or marked


@dataclass(slots=True)
class SeatRows:
    """A hand's seats rows (``SEAT_COLUMNS`` tuples, ``ROUND_COLUMNS`` bytes per seat, in seat order)
    and the hands columns worked out on the way."""

    rows: list[tuple[Any, ...]]
    rounds: bytes
    players_dealt: int
    showdown: bool
    last_street: int  # the last street dealt, marked or acted on


def _card_text(cards: tuple[Card, ...] | list[Card]) -> str:
    return " ".join([CARD_TEXT[card] for card in cards])


def first_street(hand: Hand) -> int:
    """The street of s0: 3rd, or 2nd in the five-card games."""
    variant = VARIANTS.get(hand.variant)
    return int(variant.first_street) if variant else 3


def betting_rounds(hand: Hand) -> int:
    variant = VARIANTS.get(hand.variant)
    return len(variant.streets) if variant else ROUNDS


def dealing(hand: Hand, first: int) -> Dealing:
    """Every card dealt or shown and every street dealt or marked, from one pass over the events."""
    found = Dealing()
    known, deals, streets = found.known, found.deals, found.streets
    for event in hand.events:
        kind = type(event)
        if kind is Deal:
            deals.append(event)
            streets.add(int(event.street))
            player = event.player
            cards = known.get(player) or known.setdefault(player, Cards())
            if event.street == first:
                cards.hole.extend(event.down)
                if event.up and cards.door is None:
                    cards.door = event.up[0]
            cards.up.extend(event.up)
        elif kind is StreetStart:
            deals.append(event)
            streets.add(int(event.street))
            found.community.update(event.community)
        elif (kind is Show or kind is Muck) and event.cards:
            found.shown[event.player] = event.cards
            (known.get(event.player) or known.setdefault(event.player, Cards())).shown = event.cards
    return found


def _hole_cards(cards: Cards, down_on_first: int, community: set[Card]) -> list[Card]:
    """First-street down cards: dealt to us, or the first shown cards that were never face up.

    Sites list shown cards in the order dealt, so the first unexposed ones are the hole cards.
    """
    if len(cards.hole) >= down_on_first or not cards.shown:
        return cards.hole
    exposed = set(cards.up) | community
    return [card for card in cards.shown if card not in exposed][:down_on_first]


def street_facts(actions: list[ActionRecord], first: int, reached: set[int],
                 dealt: list[str]) -> tuple[dict[str, bytearray], dict[str, int]]:
    """Each dealt player's ``ROUND_COLUMNS`` bytes, and the street each player folded on; a round was
    seen if the hand reached it before he folded."""
    facts = {player: bytearray(NO_ROUNDS) for player in dealt}
    width = len(ROUND_FACTS)
    last_aggressor: dict[int, str] = {}
    folded_at: dict[str, int] = {}
    for action in actions:
        index, kind, player = action.street - first, action.action, action.player
        row = facts.get(player)
        if row is None or kind == "ante" or kind == "bring-in" or not 0 <= index < ROUNDS:
            continue
        base = index * width
        facing = last_aggressor.get(index, player) != player
        if facing:
            row[base + _FACED] = 1
        if kind == "fold":
            row[base + _FOLDED] = 1
            if facing:
                row[base + _FOLD_TO] = 1
            folded_at.setdefault(player, action.street)
        else:
            row[base + _COUNTED[kind]] += 1
        if kind in AGGRESSIVE:
            last_aggressor[index] = player
    seen = [(street, index * width + _SAW) for index, street in enumerate(range(first, first + ROUNDS))
            if street in reached]
    for player, row in facts.items():
        folded = folded_at.get(player)
        for street, column in seen:
            if folded is None or folded >= street:
                row[column] = 1
    return facts, folded_at


def _hilo(player: str, pots: list[PotResult]) -> str | None:
    """Hi/lo result for a winner: scoop (alone on every share of every pot he could win), high
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


def _start_class(variant: Variant | None, player: str, hole: list[Card], door: Card,
                 doors: dict[str, Card]) -> str | None:
    if variant is None:
        return None
    return classify(variant, hole, door, [other for p, other in doors.items() if p != player])


def _won(pots: list[PotResult]) -> dict[str, dict[str | None, int]]:
    """What each winner was awarded, by half (hi, lo, or None for a pot that is not split)."""
    won: dict[str, dict[str | None, int]] = {}
    for pot in pots:
        for winner in pot.winners:
            halves = won.setdefault(winner.player, {})
            halves[winner.half] = halves.get(winner.half, 0) + winner.amount
    return won


def seat_rows(replay: Replay, first: int, found: Dealing) -> SeatRows:
    """One row per seat of the hand, in seat order; ``found`` is :func:`dealing` of the hand."""
    hand, actions = replay.hand, replay.actions
    variant = VARIANTS.get(hand.variant)
    down_on_first = variant.streets[0].down if variant else 2
    cards, community = found.known, found.community
    reached = found.streets.union([action.street for action in actions])
    actors = {action.player for action in actions}
    forced_all_in: set[str] = set()
    antes: dict[str, int] = {}
    first_round: list[ActionRecord] = []
    for action in actions:
        player, kind = action.player, action.action
        if kind == "ante":
            antes[player] = antes.get(player, 0) + action.amount
        elif action.street == first:
            first_round.append(action)
        if action.all_in and (kind == "ante" or kind == "bring-in"):
            forced_all_in.add(player)
    dealt = [s.player for s in hand.seats if s.player in cards or s.player in actors]
    doors = {player: c.door for player, c in cards.items() if c.door is not None}
    # An unknown variant is read as stud: two down cards (above) and its door order.
    third = third_street(first_round, dealt, forced_all_in, doors, (variant or stud).door_worth)
    streets, folded = street_facts(actions, first, reached, dealt)
    live = [player for player in dealt if player not in folded]
    showdown = set(live) if len(live) > 1 else set()
    results = {s.player: s for s in replay.seats}
    won = _won(replay.pots)
    hi_lo = variant is not None and variant.hi_lo

    rows, rounds = [], bytearray()
    players_dealt = 0
    for seat in hand.seats:
        player = seat.player
        known = cards.get(player, _NO_CARDS)
        door, shown = known.door, known.shown
        hole = _hole_cards(known, down_on_first, community) if shown else known.hole
        t = third.get(player, _NO_THIRD)
        result = results.get(player) or SeatResult(seat.seat, player, seat.stack, 0, 0, 0, 0)
        at_showdown = player in showdown
        wins = won.get(player, _NO_WINS)
        is_dealt = player in streets
        players_dealt += is_dealt
        # Money: the log's awards, which is what changed hands, and the replay's verdict beside it.
        rows.append((
            seat.seat, player, seat.stack, seat.sitting_out, is_dealt, player in forced_all_in,
            antes.get(player, 0),
            t.is_bringin, t.bringin_amount, t.bringin_completed, t.bringin_vs_complete, t.bringin_vs_steal,
            CARD_TEXT[door] if door is not None else None, CARD_RANK[door] if door is not None else None,
            _card_text(hole) if hole else None,
            _start_class(variant, player, hole, door, doors) if hole and door is not None else None,
            t.position,
            t.vpip_chance, t.vpip, t.rfi_chance, t.rfi, t.steal_chance, t.steal, t.steal_success,
            t.door_steal_chance, t.door_steal, t.door_steal_success,
            result.committed, result.logged_collected, result.logged_collected - result.committed,
            result.collected, result.net, at_showdown, at_showdown and result.logged_collected > 0,
            wins.get("hi", 0), wins.get("lo", 0), _hilo(player, replay.pots) if hi_lo else None,
            result.high_name or None, result.low_name or None, _card_text(shown) if shown else None,
            folded.get(player),
        ))
        rounds += streets.get(player, NO_ROUNDS)
    return SeatRows(rows, bytes(rounds), players_dealt, bool(showdown), max(reached, default=first))


def round_values(rounds: bytes) -> dict[str, Any]:
    """One seat's ``ROUND_COLUMNS`` bytes as its columns: the flags as booleans, the counts as ints."""
    return {column: bool(value) if fact in ROUND_FLAGS else value
            for column, fact, value in zip(ROUND_COLUMNS, ROUND_FACTS * ROUNDS, rounds, strict=True)}


def seat_facts(replay: Replay) -> list[dict[str, Any]]:
    """One dict per seat of the hand, keyed by the ``seats`` column names (without site and hand_id)."""
    first = first_street(replay.hand)
    seats = seat_rows(replay, first, dealing(replay.hand, first))
    width = len(ROUND_COLUMNS)
    return [dict(zip(SEAT_COLUMNS, row, strict=True)) | round_values(seats.rounds[i * width:(i + 1) * width])
            for i, row in enumerate(seats.rows)]
