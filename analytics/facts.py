"""Per-seat facts in SQL: what the stats are sums of, worked out by DuckDB from the rows of what happened.

A stat in ``stats.sql`` is ``SUM(flag) / SUM(chance)`` over the seats columns (docs/stats.md, "How a
stat is computed"). The worker only records what the log and the replay say (analytics/rows.py); ``facts.sql``
derives the facts of many hands set-based, in a few SQL statements over all of them. DuckDB binds and
optimises every statement each time it runs (a prepared statement too), some 100 ms for the script
whatever the hands, so the facts are worked out as seldom as possible: by the database's writer once
per pass of an import, over every new hand of the pass, in the database's own connection, where the
hands' rows already are (analytics/load.py, :func:`script`); by a lake's task once per unit of work,
in an in-memory DuckDB (:func:`with_facts`), so a lake and a database hold the same facts from one SQL
source. The views of ``facts_views.sql`` are made once per connection and only the tables of
``facts.sql`` are made each time. Everything made here is temporary: nothing of it is stored in a
database. What a game's variant record decides (the down cards of the first street, the starting-hand
groups, hi/lo, the worth of each door card) reaches the SQL as two small tables made from
:data:`~studbook.rules.variants.VARIANTS`, so a new variant with the same shape needs no change here.
"""

from __future__ import annotations

import re
import threading
from functools import cache

import duckdb
import pyarrow as pa

from studbook.analytics.db import arrow_schemas
from studbook.analytics.db import sql_file
from studbook.analytics.rows import HAND_INDEX
from studbook.analytics.rows import chunk_schemas
from studbook.cards import ALL_CARDS
from studbook.rules.variants import VARIANTS
from studbook.rules.variants import Variant

INPUTS = ("hands", "seats", "actions", "cards", "awards")  # the batch_... tables facts.sql reads
# The starting-hand groups of docs/stats.md by the evaluators that award the pot (Variant.hands): with two
# cards hidden on the first street, and with one.
_TWO_DOWN = {("high",): "stud", ("high", "low8"): "stud8", ("low_a5",): "razz"}
_ONE_DOWN = {("high",): "five", ("descubierto_high",): "five"}


def start_groups(variant: Variant) -> str | None:
    """Which groups of start_classes.sql class ``variant``'s starting hands; None: docs/stats.md has none."""
    groups = {2: _TWO_DOWN, 1: _ONE_DOWN}.get(variant.streets[0].down, {})
    return groups.get(variant.hands)


def prepare(con: duckdb.DuckDBPyConnection, views: bool = True) -> None:
    """Make the variant tables, the starting-hand classes and the views that ``facts.sql`` uses, as
    temporary objects of ``con``, from the variant records of the studbook that runs. Without ``views``
    the caller makes them with its first run of :func:`script` (:func:`views_script`), where the
    ``batch_...`` inputs are its own (the database's writer); else the inputs are Arrow tables registered
    for each run (:func:`with_facts`)."""
    variants = pa.table({
        "variant": list(VARIANTS),
        "down_on_first": pa.array([variant.streets[0].down for variant in VARIANTS.values()], pa.int8()),
        "start_groups": pa.array([start_groups(variant) for variant in VARIANTS.values()], pa.string()),
        "hi_lo": [variant.hi_lo for variant in VARIANTS.values()]})
    door_worth = pa.table({
        "variant": [name for name in VARIANTS for _ in ALL_CARDS],
        "card": [str(card) for _ in VARIANTS for card in ALL_CARDS],
        "worth": pa.array([variant.door_worth[card] for variant in VARIANTS.values() for card in ALL_CARDS],
                          pa.int32())})
    for name, table in (("variant_facts", variants), ("variant_door_worth", door_worth)):
        con.register(f"{name}_rows", table)
        con.execute(f"CREATE OR REPLACE TEMP TABLE {name} AS FROM {name}_rows")
        con.unregister(f"{name}_rows")
    con.execute(sql_file("start_classes.sql"))
    if not views:
        return
    _register(con, {name: schema.empty_table() for name, schema in chunk_schemas().items() if name in INPUTS})
    try:
        derive(con)
        con.execute(views_script())
        clear(con)
    finally:
        _unregister(con)


@cache
def views_script() -> str:
    """``facts_views.sql``, made once a connection: DuckDB checks a view against the tables it reads when
    it is made, so it runs after :func:`script` (for the writer, in its first pass; here, of an empty
    batch)."""
    return sql_file("facts_views.sql")


def derive(con: duckdb.DuckDBPyConnection) -> None:
    """Run :func:`script` on ``con``; the variant tables of :func:`prepare` must be there."""
    con.execute(script())


def clear(con: duckdb.DuckDBPyConnection) -> None:
    """Drop the tables :func:`derive` made, to free their memory; the views stay for the next batch."""
    con.execute(clear_script())


@cache
def clear_script() -> str:
    """One script that drops every temp table ``facts.sql`` makes (those it drops itself too, if they
    exist): one call rather than a query of the catalog and a call a table (load.py says why calls
    count)."""
    made = dict.fromkeys(re.findall(r"CREATE OR REPLACE TEMP TABLE (\w+)", script()))
    return "".join(f"DROP TABLE IF EXISTS {name};\n" for name in made)


def _register(con: duckdb.DuckDBPyConnection, tables: dict[str, pa.Table]) -> None:
    for name in INPUTS:
        con.register(f"batch_{name}", tables[name])


def _unregister(con: duckdb.DuckDBPyConnection) -> None:
    for name in INPUTS:
        con.unregister(f"batch_{name}")


def connection() -> duckdb.DuckDBPyConnection:
    """An in-memory DuckDB ready for :func:`with_facts`, on one thread: a lake task works one unit at a
    time, and the other workers have the other cores. Its memory is the facts' alone (5,000 hands peak
    near 60 MB)."""
    con = duckdb.connect(config={"threads": 1, "memory_limit": "96MB"})
    prepare(con)
    return con


_this_thread = threading.local()


def shared_connection() -> duckdb.DuckDBPyConnection:
    """This thread's facts database, kept for the whole process, for a process that works out the facts of
    many units (a lake import's Dask worker): making and preparing one takes about 60 ms. One per thread:
    what :func:`prepare` makes is temporary, its connection's own."""
    con: duckdb.DuckDBPyConnection | None = getattr(_this_thread, "con", None)
    if con is None:
        con = _this_thread.con = connection()
    return con


@cache
def _with_facts_schema(table: str) -> pa.Schema:
    """A unit's ``hands`` or ``seats`` table with its facts: the stored columns (``seats`` without the
    hand's key, which the chunk's ``hands`` row holds) and the hand index."""
    stored = arrow_schemas()[table]
    fields = [field for field in stored if table == "hands" or field.name not in ("site", "hand_id")]
    return pa.schema([*fields, pa.field(HAND_INDEX, pa.int32())])


_HANDS_WITH_FACTS = f"""
SELECT b.*, f.* EXCLUDE ({HAND_INDEX}) FROM batch_hands AS b JOIN fact_hands_dealt AS f USING ({HAND_INDEX})
"""


def with_facts(con: duckdb.DuckDBPyConnection, tables: dict[str, pa.Table]) -> dict[str, pa.Table]:
    """A unit's tables (analytics/worker.py) with the facts in its ``hands`` and ``seats`` tables, as a
    database stores them; ``con`` is a :func:`connection`.

    Three calls: the facts script with the hands' query last (a script's last statement gives its
    result), the seats, and the drops, not twelve. Each result is read whole in one Arrow table, which
    DuckDB holds at once (a few MB at 2,000 hands), not in reads of 8,192 rows: peak RSS of an import of
    20,000 simulated hands that worked out its facts so was the same (357-364 MB both ways, two runs each)."""
    _register(con, tables)
    try:
        found = {"hands": con.sql(f"{script()};\n{_HANDS_WITH_FACTS}").to_arrow_table(),
                 "seats": con.sql("FROM fact_seats").to_arrow_table()}
        clear(con)
    finally:
        _unregister(con)
    return {**tables, **{name: table.select(_with_facts_schema(name).names).cast(_with_facts_schema(name))
                         for name, table in found.items()}}


@cache
def script() -> str:
    """``facts.sql``: the fact_... tables of the hands of the batch_... inputs, which the views
    ``fact_seats`` and ``fact_hands_dealt`` read."""
    return sql_file("facts.sql")
