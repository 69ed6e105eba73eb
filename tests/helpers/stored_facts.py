"""Hands loaded into an in-memory database the way `studbook import` loads them, and their stored
per-seat facts read back (the facts are worked out in SQL as a batch loads: analytics/facts.sql)."""

from __future__ import annotations

from typing import Any

import duckdb

from studbook.analytics.db import sql_file
from studbook.analytics.load import Loader
from studbook.analytics.worker import chunk_result
from studbook.hand import Hand


def stored(*hands: Hand) -> duckdb.DuckDBPyConnection:
    """A database holding ``hands`` (replayed and loaded in one batch)."""
    con = duckdb.connect()
    con.execute(sql_file("schema.sql"))
    result = chunk_result("hands.txt", [(hand, "") for hand in hands])
    assert result.rejected == 0
    Loader(con).write([result])
    return con


def rows(con: duckdb.DuckDBPyConnection, sql: str) -> list[dict[str, Any]]:
    relation = con.sql(sql)
    return [dict(zip(relation.columns, row, strict=True)) for row in relation.fetchall()]


def seat_facts(*hands: Hand) -> list[dict[str, Any]]:
    """The stored seats rows of ``hands``, by hand and seat."""
    con = stored(*hands)
    try:
        return rows(con, "SELECT * FROM seats ORDER BY site, hand_id, seat")
    finally:
        con.close()
