"""Rows of every table for replayed hands and rejected blocks, named as in schema.sql.

A chunk's rows are gathered column by column (:class:`Columns`), which is the shape Arrow takes,
so no row is copied or transposed on the way. Only the ``hands`` row carries the hand's key
(site, hand_id); the rows of the other tables carry the hand's index in its chunk
(``hand_idx``), and the writer gives each new hand's rows its key, so the key is not repeated
in every row that travels from a worker to the writer.
"""

from __future__ import annotations

from datetime import UTC
from functools import cache
from typing import Any

import pyarrow as pa

from studbook.analytics.db import arrow_schemas
from studbook.analytics.facts import CARD_TEXT, betting_rounds, first_street, reached_streets, seat_facts
from studbook.cards import Card
from studbook.events import Deal, Muck, Show, StreetStart
from studbook.grammar.parse import ParseError
from studbook.money import format_amount
from studbook.results import Replay

Row = dict[str, Any]
HAND_TABLES = ("hands", "seats", "actions", "cards", "awards", "violations")
HAND_INDEX = "hand_idx"  # position of a hand in its chunk; the writer makes it unique per batch
KEY = ("site", "hand_id")


def _hand_row(replay: Replay, seats: list[Row]) -> Row:
    hand = replay.hand
    start, first = hand.start_time, first_street(hand)
    antes = [a.amount for a in replay.actions if a.action == "ante"]
    bring_ins = [a.amount for a in replay.actions if a.action == "bring-in"]
    return {
        "site": hand.site, "hand_id": hand.hand_id,
        "variant": hand.variant, "game_label": hand.game_label, "structure": hand.structure,
        "small_bet": hand.small_bet, "big_bet": hand.big_bet,
        "ante": hand.ante if hand.ante is not None else max(antes, default=None),
        "bring_in": hand.bring_in if hand.bring_in is not None else max(bring_ins, default=None),
        "currency": hand.currency, "unit": hand.currency or "chips", "decimals": hand.decimals,
        "stakes": "/".join(format_amount(amount, hand.currency) for amount in (hand.small_bet, hand.big_bet)),
        "start_local": start.replace(tzinfo=None) if start else None,
        "time_zone": start.tzname() if start else None,
        "start_utc": start.astimezone(UTC).replace(tzinfo=None) if start else None,
        "table_name": hand.table, "max_seats": hand.max_seats, "tournament_id": hand.tournament_id,
        "level": hand.level, "home_game": hand.home_game,
        "first_street": first, "betting_rounds": betting_rounds(hand),
        "players_dealt": sum(seat["dealt"] for seat in seats),
        "last_street": max(reached_streets(hand, replay.actions), default=first),
        "showdown": any(seat["showdown"] for seat in seats),
        "total_pot": replay.total_pot, "rake": replay.rake,
        "logged_total_pot": hand.summary.total_pot,
        "logged_rake": replay.logged_rake if replay.logged_rake is not None else hand.summary.rake,
        "violations": len(replay.violations),
        "errors": sum(v.severity == "error" for v in replay.violations),
        "file": hand.source.file, "first_line": hand.source.first_line, "last_line": hand.source.last_line,
    }


def _card_rows(replay: Replay) -> list[Row]:
    """Cards as dealt (down, up, community), then cards first seen at showdown."""
    rows: list[Row] = []
    seen: dict[str | None, set[Card]] = {}
    shown: dict[str, tuple[Card, ...]] = {}  # the last cards each player showed or mucked face up

    def add(player: str | None, card: Card, street: int | None, face: str, source: str) -> None:
        known = seen.setdefault(player, set())
        if card in known:
            return
        known.add(card)
        rows.append({"player": player, "seq": len(known), "street": street, "face": face, "source": source,
                     "card": CARD_TEXT[card], "rank": card.rank, "suit": card.suit})

    for event in replay.hand.events:
        if isinstance(event, Deal):
            street = int(event.street)
            for card in event.down:
                add(event.player, card, street, "down", "dealt")
            for card in event.up:
                add(event.player, card, street, "up", "dealt")
        elif isinstance(event, StreetStart):
            for card in event.community:
                add(None, card, int(event.street), "community", "dealt")
        elif isinstance(event, Show | Muck) and event.cards:
            shown[event.player] = event.cards
    community = seen.get(None, set())
    for player, cards in shown.items():
        for card in cards:
            if card not in community:
                add(player, card, None, "down", "shown")
    return rows


def _award_rows(replay: Replay) -> list[Row]:
    rows = []
    for pot in replay.pots:
        common = {"pot": pot.index, "pot_amount": pot.amount, "eligible": len(pot.eligible),
                  "reason": pot.reason}
        for winner in pot.winners:
            rows.append({**common, "half": winner.half, "player": winner.player, "amount": winner.amount,
                         "hand_name": winner.hand_name or None})
        if not pot.winners:
            rows.append({**common, "half": None, "player": None, "amount": 0, "hand_name": None})
    return rows


def hand_rows(replay: Replay) -> dict[str, list[Row]]:
    """Rows for every hand table; the ``hands`` row holds the hand's key (site, hand_id)."""
    first = first_street(replay.hand)
    seats = seat_facts(replay)
    return {
        "hands": [_hand_row(replay, seats)],
        "seats": seats,
        "actions": [
            {"seq": seq, "line": a.line, "street": a.street, "street_index": a.street - first,
             "player": a.player, "action": a.action, "amount": a.amount, "to_amount": a.to, "pot": a.pot,
             "stack": a.stack, "all_in": a.all_in, "expected_actor": a.expected_actor,
             "violations": len(a.violations)}
            for seq, a in enumerate(replay.actions)
        ],
        "cards": _card_rows(replay),
        "awards": _award_rows(replay),
        "violations": [
            {"seq": seq, "code": v.code, "severity": v.severity, "line": v.line, "rule": v.rule,
             "message": v.message}
            for seq, v in enumerate(replay.violations)
        ],
    }


def rejected_row(error: ParseError) -> Row:
    return {"file": error.file, "line": error.line, "col": error.column, "site": error.site,
            "hand_id": error.hand_id, "error": error.message, "raw": error.raw}


@cache
def chunk_schemas() -> dict[str, pa.Schema]:
    """The tables as a chunk's rows travel: the hand tables with ``hand_idx`` and, but for ``hands``,
    without the key; ``rejected`` as stored."""
    stored = arrow_schemas()
    schemas = {}
    for name in HAND_TABLES:
        schema = stored[name]
        if name != "hands":
            for column in KEY:
                schema = schema.remove(schema.get_field_index(column))
        schemas[name] = schema.append(pa.field(HAND_INDEX, pa.int32()))
    return {**schemas, "rejected": stored["rejected"]}


class Columns:
    """The rows of a chunk's hands and rejected blocks, one list per column of :func:`chunk_schemas`."""

    def __init__(self) -> None:
        self.hands = 0
        self.data: dict[str, dict[str, list[Any]]] = {
            name: {column: [] for column in schema.names} for name, schema in chunk_schemas().items()}

    def _append(self, table: str, rows: list[Row]) -> None:
        """Every row must have every column of ``table`` but ``hand_idx`` (a KeyError otherwise)."""
        for column, values in self.data[table].items():
            if column != HAND_INDEX:
                values.extend([row[column] for row in rows])

    def add_hand(self, rows: dict[str, list[Row]]) -> None:
        """One hand's :func:`hand_rows`, numbered by its place in the chunk."""
        for table, table_rows in rows.items():
            if table_rows:
                self.data[table][HAND_INDEX].extend([self.hands] * len(table_rows))
                self._append(table, table_rows)
        self.hands += 1

    def add_rejected(self, error: ParseError) -> None:
        self._append("rejected", [rejected_row(error)])

    def tables(self) -> dict[str, pa.Table]:
        schemas = chunk_schemas()
        return {name: pa.Table.from_pydict(data, schema=schemas[name]) for name, data in self.data.items()}
