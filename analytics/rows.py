"""Rows of every table for one replayed hand, or for one rejected block, named as in schema.sql."""

from __future__ import annotations

from datetime import UTC
from typing import Any

from studbook.analytics.facts import betting_rounds, first_street, known_cards, reached_streets, seat_facts
from studbook.events import Deal, StreetStart
from studbook.grammar.parse import ParseError
from studbook.money import format_amount
from studbook.results import Replay

Row = dict[str, Any]
HAND_TABLES = ("hands", "seats", "actions", "cards", "awards", "violations")


def _hand_row(replay: Replay, seats: list[Row]) -> Row:
    hand = replay.hand
    start, first = hand.start_time, first_street(hand)
    antes = [a.amount for a in replay.actions if a.action == "ante"]
    bring_ins = [a.amount for a in replay.actions if a.action == "bring-in"]
    return {
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
    hand = replay.hand
    rows: list[Row] = []
    seen: dict[str | None, set[int]] = {}

    def add(player: str | None, card: Any, street: int | None, face: str, source: str) -> None:
        known = seen.setdefault(player, set())
        if card in known:
            return
        known.add(card)
        rows.append({"player": player, "seq": len(known), "street": street, "face": face, "source": source,
                     "card": str(card), "rank": card.rank, "suit": card.suit})

    for event in hand.events:
        if isinstance(event, Deal):
            for face, cards in (("down", event.down), ("up", event.up)):
                for card in cards:
                    add(event.player, card, int(event.street), face, "dealt")
        elif isinstance(event, StreetStart):
            for card in event.community:
                add(None, card, int(event.street), "community", "dealt")
    community = seen.get(None, set())
    for player, cards in known_cards(hand, first_street(hand)).items():
        for card in cards.shown:
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
    """Rows for every hand table, each carrying the hand's key (site, hand_id)."""
    hand = replay.hand
    first = first_street(hand)
    seats = seat_facts(replay)
    tables = {
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
    key = {"site": hand.site, "hand_id": hand.hand_id}
    return {name: [{**key, **row} for row in rows] for name, rows in tables.items()}


def rejected_row(error: ParseError) -> Row:
    return {"file": error.file, "line": error.line, "col": error.column, "site": error.site,
            "hand_id": error.hand_id, "error": error.message, "raw": error.raw}
