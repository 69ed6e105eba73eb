"""Hands to and from plain JSON-ready dicts (cards as text, times as ISO 8601).

Used by ``studbook parse --json`` and the JSON writer; ``hand_from_dict`` inverts
``hand_to_dict`` exactly, so a JSON export can be read back.
"""

from __future__ import annotations

import dataclasses
from datetime import datetime
from typing import Any

from studbook import events as ev
from studbook.cards import Card
from studbook.cards import parse_card
from studbook.hand import Hand
from studbook.hand import Seat
from studbook.hand import Source
from studbook.hand import Summary
from studbook.hand import SummarySeat

EVENT_TYPES: dict[str, type] = {
    cls.__name__: cls
    for cls in (ev.PostAnte, ev.StreetStart, ev.Deal, ev.BringIn, ev.Check, ev.Fold, ev.Bet, ev.Call,
                ev.Raise, ev.Complete, ev.UncalledReturn, ev.Show, ev.Muck, ev.Collect, ev.Note)
}


def _plain(value: Any) -> Any:
    if isinstance(value, Card):
        return str(value)
    if isinstance(value, tuple | list):
        return [_plain(item) for item in value]
    if isinstance(value, datetime):
        return value.isoformat()
    if dataclasses.is_dataclass(value):
        return {f.name: _plain(getattr(value, f.name)) for f in dataclasses.fields(value)}
    return value


def event_to_dict(event: ev.Event) -> dict[str, Any]:
    return {"type": type(event).__name__, **_plain(event)}


# Facts most hands do not have (stakes read from the bets, a tournament's buy-in): written only where a hand
# has them, so a hand without them is written as before.
_ONLY_WHEN_SET = ("inferred", "buy_in")


def hand_to_dict(hand: Hand) -> dict[str, Any]:
    data = _plain(hand)
    for key in _ONLY_WHEN_SET:
        if not data[key]:
            del data[key]
    data["events"] = [event_to_dict(event) for event in hand.events]
    data["start_time_utc"] = hand.start_time_utc.isoformat() if hand.start_time else None
    return data


_CARD_FIELDS = {"down", "up", "shown_before", "community", "cards", "board"}


def _cards(values: list[str]) -> tuple[Card, ...]:
    return tuple(parse_card(text) for text in values)


def _revive(cls: type, data: dict[str, Any]) -> Any:
    kwargs = {}
    for f in dataclasses.fields(cls):
        if f.name not in data:
            continue
        value = data[f.name]
        if f.name in _CARD_FIELDS:
            value = _cards(value)
        elif f.name == "street":
            value = ev.Street(value)
        elif isinstance(value, list):
            value = tuple(value)
        kwargs[f.name] = value
    return cls(**kwargs)


def event_from_dict(data: dict[str, Any]) -> ev.Event:
    return _revive(EVENT_TYPES[data["type"]], data)


def hand_from_dict(data: dict[str, Any]) -> Hand:
    summary = dict(data.get("summary") or {})
    summary["seats"] = [_revive(SummarySeat, seat) for seat in summary.get("seats", [])]
    fields = {f.name for f in dataclasses.fields(Hand)}
    kwargs = {key: value for key, value in data.items() if key in fields}
    kwargs.update(
        seats=tuple(_revive(Seat, seat) for seat in data["seats"]),
        events=tuple(event_from_dict(event) for event in data["events"]),
        source=_revive(Source, data["source"]),
        summary=_revive(Summary, summary),
        start_time=datetime.fromisoformat(data["start_time"]) if data.get("start_time") else None,
        rules=tuple(tuple(pair) for pair in data.get("rules", ())),
        inferred=tuple(data.get("inferred", ())),
    )
    return Hand(**kwargs)
