"""The events and the hand's records write their own ``__init__`` (mypyc compiles a written one, never the
one ``dataclasses`` generates): each must take exactly its dataclass fields, in order, with their defaults,
and the classes stay frozen dataclasses that compare, hash and ``replace`` as before."""

from __future__ import annotations

import dataclasses
import itertools
from datetime import UTC
from datetime import datetime
from typing import Any

import pytest

from studbook import events as ev
from studbook import hand as hand_module
from studbook.cards import ALL_CARDS

RECORDS = [
    ev.Paying, ev.Chipless, ev.PostAnte, ev.StreetStart, ev.Deal, ev.BringIn, ev.Check, ev.Fold, ev.Bet,
    ev.Call, ev.Raise, ev.Complete, ev.UncalledReturn, ev.Show, ev.Muck, ev.Collect, ev.Note,
    hand_module.Seat, hand_module.SummarySeat, hand_module.Summary, hand_module.Source, hand_module.Hand,
]
_numbers = itertools.count(101)


# Fields by the kind of value they hold (by name: the compiled build keeps no annotations to read). A
# tuple field gets one card: only the wiring is checked, and the compiled build checks a tuple's type,
# not its items.
TUPLES = {"community", "down", "up", "shown_before", "cards", "side_pots", "board", "seats", "events",
          "rules", "inferred"}
TEXTS = {"player", "description", "pot", "half", "kind", "text", "outcome", "file", "site", "hand_id",
         "variant", "structure", "currency", "table", "tournament_id", "level", "game_label", "buy_in"}
FLAGS = {"all_in", "sitting_out", "home_game"}


def sample(name: str) -> Any:
    """A value for the field that no default has, and differs from field to field."""
    number = next(_numbers)
    if name in TUPLES:
        return (ALL_CARDS[number % 52],)
    if name in TEXTS:
        return f"text{number}"
    if name in FLAGS:
        return True
    others: dict[str, Any] = {
        "street": ev.Street.FIFTH, "start_time": datetime(2024, 1, 2, tzinfo=UTC),
        "source": hand_module.Source("log.txt", number, number + 9),
        "summary": hand_module.Summary(total_pot=number),
    }
    return others.get(name, number)


def default(field: dataclasses.Field) -> Any:
    if field.default_factory is not dataclasses.MISSING:
        return field.default_factory()
    return field.default


@pytest.mark.parametrize("record", RECORDS, ids=lambda record: record.__name__)
def test_the_written_init_takes_the_fields_in_order_with_their_defaults(record: type) -> None:
    fields = dataclasses.fields(record)
    values = {field.name: sample(field.name) for field in fields}
    by_name = record(**values)
    assert [getattr(by_name, name) for name in values] == list(values.values())
    assert record(*values.values()) == by_name  # positional: the fields' order
    required = {field.name: values[field.name] for field in fields
                if field.default is dataclasses.MISSING and field.default_factory is dataclasses.MISSING}
    bare = record(**required)
    assert {field.name: getattr(bare, field.name) for field in fields} == {
        field.name: values[field.name] if field.name in required else default(field) for field in fields}


@pytest.mark.parametrize("record", RECORDS, ids=lambda record: record.__name__)
def test_records_stay_frozen_comparable_and_replaceable(record: type) -> None:
    fields = dataclasses.fields(record)
    values = {field.name: sample(field.name) for field in fields}
    one, same = record(**values), record(**values)
    assert one == same and hash(one) == hash(same)
    first = fields[0].name
    with pytest.raises(dataclasses.FrozenInstanceError):
        setattr(one, first, values[first])
    changed = dataclasses.replace(one, **{first: sample(fields[0].name)})
    assert changed != one and getattr(changed, first) != values[first]
    assert all(getattr(changed, field.name) == values[field.name] for field in fields[1:])
    assert repr(one).startswith(f"{record.__name__}({first}=")


def test_events_that_share_their_fields_stay_apart() -> None:
    """A bet is no call though both are a Paying with the same fields, as before they shared a base."""
    assert ev.Bet(1, "Ann", 20) != ev.Call(1, "Ann", 20)
    assert ev.Check(1, "Ann") != ev.Fold(1, "Ann")
    assert repr(ev.Call(1, "Ann", 20)) == "Call(line=1, player='Ann', amount=20, all_in=False)"
    assert type(dataclasses.replace(ev.BringIn(1, "Ann", 5), amount=10)) is ev.BringIn
