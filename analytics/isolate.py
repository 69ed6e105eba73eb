"""Finding the hands a set-based step fails on: the rest of the pass is stored, those are rejected.

The per-seat facts (analytics/facts.py) and the insert (analytics/load.py) each work on a whole unit or
pass at once, so one hand they cannot handle (a number out of a column's range, DuckDB out of memory on
it) fails all the others with it. :func:`in_halves` runs the step again on halves of the hands that
failed, down to single hands: a pass of 10,000 hands with one bad hand takes about 28 more runs, and
only when something fails. Each failing hand becomes a rejected block that names its file, line and
hand, as a parse error does (docs/design.md: one bad hand never fails its file).
"""

from __future__ import annotations

from bisect import bisect_left
from collections.abc import Callable
from functools import cache
from typing import TypeVar

import pyarrow as pa

from studbook.analytics.rows import HAND_INDEX
from studbook.analytics.rows import chunk_schemas

T = TypeVar("T")
Failure = tuple[int, str]  # a hand's index and why it failed


@cache
def step_errors() -> tuple[type[Exception], ...]:
    """What a step fails with on a hand: DuckDB's errors, and Arrow's when a fact does not fit its column.
    (DuckDB is loaded here, not with this module: a worker process keeps rejects' text without it.)"""
    import duckdb

    return (duckdb.Error, pa.ArrowException)


def in_halves(start: int, stop: int, attempt: Callable[[int, int], T],
             error: Exception) -> tuple[list[T], list[Failure]]:
    """``attempt`` over each half of the hands ``start`` to ``stop - 1``, a range it failed on with
    ``error`` (one of :func:`step_errors`), and over halves of any half that fails too: what the ranges
    that passed gave, in order, and each hand that fails alone, with why."""
    if stop - start <= 1:
        return [], [(start, _one_line(error))] if stop > start else []
    middle = (start + stop) // 2
    first, first_failed = _attempted(start, middle, attempt)
    second, second_failed = _attempted(middle, stop, attempt)
    return first + second, first_failed + second_failed


def _attempted(start: int, stop: int, attempt: Callable[[int, int], T]) -> tuple[list[T], list[Failure]]:
    if start >= stop:
        return [], []
    try:
        return [attempt(start, stop)], []
    except step_errors() as error:
        return in_halves(start, stop, attempt, error)


def _one_line(error: Exception) -> str:
    text = " ".join(str(error).split())
    return f"{type(error).__name__}: {text}"


def _in_range(table: pa.Table, start: int, stop: int) -> pa.Table:
    import pyarrow.compute as pc

    index = table.column(HAND_INDEX)
    return table.filter(pc.and_(pc.greater_equal(index, start), pc.less(index, stop)))


def hand_range(tables: dict[str, pa.Table], start: int, stop: int) -> dict[str, pa.Table]:
    """The rows of the hands ``start`` to ``stop - 1`` (by hand index) of a chunk's or a batch's tables;
    no rejected blocks."""
    return {name: _in_range(table, start, stop) if HAND_INDEX in table.schema.names else table.slice(0, 0)
            for name, table in tables.items()}


def without_hands(tables: dict[str, pa.Table], hands: int, failed: list[Failure]) -> dict[str, pa.Table]:
    """A chunk's tables less the ``failed`` hands, the others numbered 0, 1, ... again in their order."""
    import pyarrow.compute as pc

    gone = sorted(index for index, _ in failed)
    removed = set(gone)
    renumbered = pa.array([None if index in removed else index - bisect_left(gone, index)
                           for index in range(hands)], pa.int32())
    kept = {}
    for name, table in tables.items():
        if HAND_INDEX not in table.schema.names:
            kept[name] = table
            continue
        column = table.schema.get_field_index(HAND_INDEX)
        numbers = pc.take(renumbered, table.column(column))
        kept[name] = table.set_column(column, HAND_INDEX, numbers).filter(pc.is_valid(numbers))
    return kept


def rejects(tables: dict[str, pa.Table], failed: list[Failure], stage: str) -> pa.Table:
    """The rejected blocks of the ``failed`` hands: each at its file and first line, with its hand id, why,
    and its raw text (its ``hand_logs`` row) as a reject keeps it."""
    import pyarrow.compute as pc

    indexes = pa.array([index for index, _ in failed], pa.int32())
    hands = tables["hands"].filter(pc.is_in(tables["hands"].column(HAND_INDEX), indexes)).to_pylist()
    logs = tables["hand_logs"].filter(pc.is_in(tables["hand_logs"].column(HAND_INDEX), indexes)).to_pylist()
    hand_of = {hand[HAND_INDEX]: hand for hand in hands}
    text_of = {log[HAND_INDEX]: log["text"] for log in logs}
    rows = [{"file": hand_of[index]["file"], "line": hand_of[index]["first_line"], "col": 1,
             "site": hand_of[index]["site"], "hand_id": hand_of[index]["hand_id"], "error": f"{stage}: {why}",
             "raw": kept_raw(text_of.get(index) or "")} for index, why in failed]
    return pa.Table.from_pylist(rows, schema=chunk_schemas()["rejected"])


# The raw text a rejected block keeps: any real hand, even a long tournament hand with chat (tens of KB).
# Junk can come in blocks of up to 1 MB (grammar/reader.py); hundreds of those overflowed DuckDB's memory.
RAW_KEPT_CHARS = 64 << 10


def kept_raw(raw: str) -> str:
    """``raw`` as a reject keeps it: whole, or its start and how much was left out."""
    if len(raw) <= RAW_KEPT_CHARS:
        return raw
    return f"{raw[:RAW_KEPT_CHARS]}\n[... {len(raw) - RAW_KEPT_CHARS:,} more characters not kept]"
