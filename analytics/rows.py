"""Rows of every table for replayed hands and rejected blocks, named as in schema.sql: what the log and
the replay say, nothing derived from it. The per-seat facts the stats read (VPIP, steals, streets
seen, showdowns, starting-hand classes, ...) are worked out from these rows by DuckDB as each batch
loads (analytics/facts.sql), so the seats and hands rows here hold only their raw columns.

A hand's rows are tuples in the order of their table's ``COLUMNS``, because building a dict per row
and reading it back column by column costs more than building the rows. A chunk gathers the tuples
(:class:`Columns`) and turns each table into Arrow columns once. Only the ``hands`` row carries the
hand's key (site, hand_id); the rows of the other tables carry the hand's index in its chunk
(``hand_idx``), and the writer gives each new hand's rows its key, so the key is not repeated in
every row that travels from a worker to the writer.
"""

from __future__ import annotations

from collections.abc import Iterator
from collections.abc import Mapping
from dataclasses import dataclass
from dataclasses import field
from datetime import UTC
from functools import cache
from typing import Any
from typing import Final

import pyarrow as pa

from studbook.analytics.db import arrow_schemas
from studbook.cards import ALL_CARDS
from studbook.cards import Card
from studbook.events import UNKNOWN_LINE
from studbook.events import Deal
from studbook.events import Muck
from studbook.events import Note
from studbook.events import Show
from studbook.events import StreetStart
from studbook.grammar.parse import ParseError
from studbook.hand import Hand
from studbook.money import format_amount
from studbook.results import Replay
from studbook.results import SeatResult
from studbook.rules.variants import VARIANTS
from studbook.tournaments import buy_in_of
from studbook.tournaments import finisher
from studbook.tournaments import place_of

Row = dict[str, Any]
Values = tuple[Any, ...]
HAND_TABLES: Final = ("hands", "seats", "actions", "cards", "awards", "violations", "tournament_places")
HAND_INDEX: Final = "hand_idx"  # position of a hand in its chunk; the writer makes it unique per batch
KEY = ("site", "hand_id")
COLUMNS: Final[dict[str, tuple[str, ...]]] = {  # what each table's tuples hold, in order
    "hands": (
        "site", "hand_id", "variant", "game_label", "structure", "small_bet", "big_bet", "ante", "bring_in",
        "currency", "unit", "decimals", "stakes", "start_local", "time_zone", "start_utc", "table_name",
        "max_seats", "tournament_id", "level", "home_game", "first_street", "betting_rounds", "streets_dealt",
        "total_pot", "rake", "logged_total_pot", "logged_rake", "violations", "errors", "rules", "file",
        "first_line", "last_line", "buy_in", "fee", "buy_in_currency"),
    "seats": ("seat", "player", "stack", "sitting_out", "dealt_cards", "committed", "collected",
              "rules_collected", "rules_net", "high_name", "low_name", "shown_cards", "ev_collected"),
    "actions": ("seq", "line", "street", "street_index", "player", "action", "amount", "to_amount", "pot",
                "stack", "all_in", "expected_actor", "violations"),
    "cards": ("player", "seq", "street", "face", "source", "card", "rank", "suit"),
    "awards": ("pot", "pot_amount", "eligible", "eligible_players", "reason", "half", "player", "amount",
               "hand_name"),
    "violations": ("seq", "code", "severity", "line", "rule", "message"),
    "tournament_places": ("player", "place", "prize"),
    "rejected": ("file", "line", "col", "site", "hand_id", "error", "raw"),
}
ROUNDS: Final = 5  # betting rounds of the seven-card games; five card stud has four
# Card is an int 0..51, so these index by card; a Card's properties work each value out per call.
CARD_TEXT: Final[tuple[str, ...]] = tuple(str(card) for card in ALL_CARDS)
CARD_RANK: Final[tuple[int, ...]] = tuple(card.rank for card in ALL_CARDS)
CARD_SUIT: Final[tuple[str, ...]] = tuple(card.suit for card in ALL_CARDS)


@dataclass(slots=True)
class Dealing:
    """What a hand's events deal and show, gathered in one pass."""

    deals: list[Deal | StreetStart] = field(default_factory=list)  # in order
    dealt_to: set[str] = field(default_factory=set)  # players a deal line names
    shown: dict[str, tuple[Card, ...]] = field(default_factory=dict)  # the last cards shown or mucked face up
    community: set[Card] = field(default_factory=set)
    streets: dict[int, None] = field(default_factory=dict)  # dealt or marked, in order


def dealing(hand: Hand) -> Dealing:
    """Every deal, street marker and shown hand of ``hand``, from one pass over its events."""
    found = Dealing()
    deals, streets = found.deals, found.streets
    for event in hand.events:  # ``type(...) is``: 30% faster than isinstance here, pure (no subclasses)
        if type(event) is Deal:
            deals.append(event)
            streets[int(event.street)] = None
            found.dealt_to.add(event.player)
        elif type(event) is StreetStart:
            deals.append(event)
            streets[int(event.street)] = None
            found.community.update(event.community)
        elif (type(event) is Show or type(event) is Muck) and event.cards:
            found.shown[event.player] = event.cards
    return found


def first_street(hand: Hand) -> int:
    """The street of s0: 3rd, or 2nd in the five-card games."""
    variant = VARIANTS.get(hand.variant)
    return int(variant.first_street) if variant else 3


def betting_rounds(hand: Hand) -> int:
    variant = VARIANTS.get(hand.variant)
    return len(variant.streets) if variant else ROUNDS


def _card_text(cards: tuple[Card, ...]) -> str:
    return " ".join([CARD_TEXT[card] for card in cards])


@cache
def _stakes(small_bet: int, big_bet: int, currency: str | None) -> str:
    """Few hands have stakes of their own, and formatting them is dear."""
    return f"{format_amount(small_bet, currency)}/{format_amount(big_bet, currency)}"


def _hand_row(replay: Replay, first: int, found: Dealing, rules: str | None) -> Values:
    hand, actions = replay.hand, replay.actions
    start, summary, source = hand.start_time, hand.summary, hand.source
    ante, bring_in = hand.ante, hand.bring_in
    if ante is None:
        ante = max([a.amount for a in actions if a.action == "ante"], default=None)
    if bring_in is None:
        bring_in = max([a.amount for a in actions if a.action == "bring-in"], default=None)
    return (
        hand.site, hand.hand_id, hand.variant, hand.game_label, hand.structure, hand.small_bet, hand.big_bet,
        ante, bring_in, hand.currency, hand.currency or "chips", hand.decimals,
        _stakes(hand.small_bet, hand.big_bet, hand.currency),
        start.replace(tzinfo=None) if start else None,
        start.tzname() if start else None,
        start.astimezone(UTC).replace(tzinfo=None) if start else None,
        hand.table, hand.max_seats, hand.tournament_id, hand.level, hand.home_game,
        first, betting_rounds(hand), list(found.streets),
        replay.total_pot, replay.rake, summary.total_pot,
        replay.logged_rake if replay.logged_rake is not None else summary.rake,
        len(replay.violations), sum(v.severity == "error" for v in replay.violations), rules,
        source.file, source.first_line, source.last_line, *(buy_in_of(hand.buy_in) or (None, None, None)),
    )


def _card_rows(found: Dealing) -> list[Values]:
    """Cards as dealt (down, up, community), then cards first seen at showdown."""
    rows: list[Values] = []
    seen: dict[str | None, set[Card]] = {}
    for deal in found.deals:
        faces: tuple[tuple[tuple[Card, ...], str], ...]
        if isinstance(deal, Deal):
            player: str | None = deal.player
            faces = ((deal.down, "down"), (deal.up, "up"))
        else:
            player, faces = None, ((deal.community, "community"),)
        known = seen.get(player)
        if known is None:
            known = seen[player] = set()
        street = int(deal.street)
        for cards, face in faces:
            for card in cards:
                if card not in known:
                    known.add(card)
                    rows.append((player, len(known), street, face, "dealt",
                                 CARD_TEXT[card], CARD_RANK[card], CARD_SUIT[card]))
    for player, cards in found.shown.items():
        known = seen.setdefault(player, set())
        for card in cards:
            if card not in found.community and card not in known:
                known.add(card)
                rows.append((player, len(known), None, "down", "shown",
                             CARD_TEXT[card], CARD_RANK[card], CARD_SUIT[card]))
    return rows


def _award_rows(replay: Replay) -> list[Values]:
    rows: list[Values] = []
    for pot in replay.pots:
        common = (pot.index, pot.amount, len(pot.eligible), list(pot.eligible), pot.reason)
        for winner in pot.winners:
            rows.append((*common, winner.half, winner.player, winner.amount, winner.hand_name or None))
        if not pot.winners:
            rows.append((*common, None, None, 0, None))
    return rows


def _expected(replay: Replay) -> dict[str, int]:
    """Each player's all-in EV (the replay's, studbook/allin.py): what he could expect to collect; none
    without one."""
    found = replay.all_in
    return found.expected() if found else {}


def _seat_rows(replay: Replay, found: Dealing) -> list[Values]:
    """One row per seat, in the log's order: the seat, the replay's money, what the player showed and his
    all-in EV. The log's awards are what changed hands; the replay's verdict is kept beside them."""
    results = {result.player: result for result in replay.seats}
    expected = _expected(replay)
    rows = []
    for seat in replay.hand.seats:
        player = seat.player
        result = results.get(player) or SeatResult(seat.seat, player, seat.stack, 0, 0, 0, 0)
        shown = found.shown.get(player)
        rows.append((seat.seat, player, seat.stack, seat.sitting_out, player in found.dealt_to,
                     result.committed, result.logged_collected, result.collected, result.net,
                     result.high_name or None, result.low_name or None, _card_text(shown) if shown else None,
                     expected.get(player)))
    return rows


class HandRows(Mapping[str, list[Row]]):
    """One hand's rows of every table: ``tables`` holds them as :class:`Columns` takes them (tuples in
    ``COLUMNS`` order); read as a mapping, each table's rows are dicts keyed by column, for tests and
    for reading one hand."""

    __slots__ = ("tables",)

    def __init__(self, tables: dict[str, list[Values]]) -> None:
        self.tables = tables

    def __getitem__(self, table: str) -> list[Row]:
        return [dict(zip(COLUMNS[table], values, strict=True)) for values in self.tables[table]]

    def __iter__(self) -> Iterator[str]:
        return iter(self.tables)

    def __len__(self) -> int:
        return len(self.tables)


def hand_rows(replay: Replay, rules: str | None = None) -> HandRows:
    """Rows for every hand table; the ``hands`` row holds the hand's key (site, hand_id) and ``rules``,
    the text (:func:`studbook.rules.house.rules_text`) of the house rules it was replayed under."""
    hand = replay.hand
    first = first_street(hand)
    check_round_counts(replay)
    found = dealing(hand)
    return HandRows({
        "hands": [_hand_row(replay, first, found, rules)],
        "seats": _seat_rows(replay, found),
        "actions": [
            (seq, a.line, a.street, a.street - first, a.player, a.action, a.amount, a.to, a.pot, a.stack,
             a.all_in, a.expected_actor, len(a.violations))
            for seq, a in enumerate(replay.actions)
        ],
        "cards": _card_rows(found),
        "awards": _award_rows(replay),
        "violations": [(seq, v.code, v.severity, v.line, v.rule, v.message)
                       for seq, v in enumerate(replay.violations)],
        "tournament_places": _place_rows(hand),
    })


def _place_rows(hand: Hand) -> list[Values]:
    """The finishing places the hand's tournament notes write; prizes in the buy-in's currency."""
    if hand.tournament_id is None:
        return []
    bought = buy_in_of(hand.buy_in)
    decimals = 2 if bought is not None and bought[2] is not None else 0
    found: dict[str, tuple[int | None, int | None]] = {}  # a prize may come on a line of its own
    players = [seat.player for seat in hand.seats]
    for event in hand.events:
        if type(event) is not Note or not isinstance(event, Note):
            continue
        # a finishing line of a format that does not know it is kept as an unknown line: read it too
        player = (event.player if event.kind == "tournament"
                  else finisher(event.text, players) if event.kind == UNKNOWN_LINE else None)
        read = place_of(event.text, decimals) if player else None
        if player and read is not None:
            place, prize = found.get(player, (None, None))
            found[player] = (read[0] if read[0] is not None else place,
                             read[1] if read[1] is not None else prize)
    return [(player, place, prize) for player, (place, prize) in found.items() if place is not None]


# each a count per player and round in ``seats``
COUNTED: Final = ("bet", "complete", "raise", "call", "check")
MOST_A_ROUND: Final = 127  # those counts are TINYINT (schema.sql)


def check_round_counts(replay: Replay) -> None:
    """ValueError when a player makes one action more often in a betting round than ``seats`` can count:
    a log no game allows (a limit game caps the raises), rejected as one hand, because the facts SQL works
    out a whole batch at once and one number out of range would stop the import."""
    if len(replay.actions) <= MOST_A_ROUND:  # no count can pass it: every hand of a real game
        return
    counts: dict[tuple[str, int, str], int] = {}
    for action in replay.actions:
        if action.action in COUNTED:
            key = (action.player, action.street, action.action)
            counts[key] = count = counts.get(key, 0) + 1
            if count > MOST_A_ROUND:
                raise ValueError(f"{action.player} makes more than {MOST_A_ROUND} {action.action}s on one "
                                 f"street (line {action.line}): studbook counts at most {MOST_A_ROUND}")


def rejected_row(error: ParseError) -> Values:
    return (error.file, error.line, error.column, error.site, error.hand_id, error.message, error.raw)


_SCHEMAS: dict[str, pa.Schema] = {}  # chunk_schemas(), once worked out or given


def chunk_schemas() -> dict[str, pa.Schema]:
    """The tables as a unit's rows travel: the columns of ``COLUMNS``, typed as schema.sql stores them,
    and ``hand_idx`` in the hand tables. Worked out by DuckDB from schema.sql, once a process, unless
    :func:`use_schemas` gave them (a worker process, which then never starts DuckDB)."""
    if not _SCHEMAS:
        stored = arrow_schemas()
        for name, columns in COLUMNS.items():
            schema = pa.schema([stored[name].field(column) for column in columns])
            if name in HAND_TABLES:
                schema = schema.append(pa.field(HAND_INDEX, pa.int32()))
            _SCHEMAS[name] = schema
    return _SCHEMAS


def use_schemas(schemas: dict[str, pa.Schema]) -> None:
    """Take the :func:`chunk_schemas` another process worked out."""
    _SCHEMAS.update(schemas)


def _arrays(schema: pa.Schema, names: tuple[str, ...], rows: list[Values]) -> dict[str, pa.Array]:
    """Rows of tuples as one Arrow array per column, by way of a struct array: Arrow reads the tuples."""
    rows_type = pa.struct([schema.field(name) for name in names])
    return dict(zip(names, pa.array(rows, type=rows_type).flatten(), strict=True))


class Columns:
    """The rows of a chunk's hands and rejected blocks, table by table, as Arrow tables of
    :func:`chunk_schemas` at the end."""

    def __init__(self) -> None:
        self.hands = 0
        self.rows: dict[str, list[Values]] = {name: [] for name in COLUMNS}
        self.index: dict[str, list[int]] = {name: [] for name in HAND_TABLES}  # hand_idx of each row

    def add_hand(self, rows: HandRows) -> None:
        """One hand's :func:`hand_rows`, numbered by its place in the chunk."""
        for table, table_rows in rows.tables.items():
            if table_rows:
                self.rows[table].extend(table_rows)
                self.index[table].extend([self.hands] * len(table_rows))
        self.hands += 1

    def add_rejected(self, error: ParseError) -> None:
        self.rows["rejected"].append(rejected_row(error))

    def tables(self) -> dict[str, pa.Table]:
        tables = {}
        for name, schema in chunk_schemas().items():
            arrays = _arrays(schema, COLUMNS[name], self.rows[name])
            if name in HAND_TABLES:
                arrays[HAND_INDEX] = pa.array(self.index[name], pa.int32())
            tables[name] = pa.Table.from_arrays([arrays[column] for column in schema.names], schema=schema)
        return tables
