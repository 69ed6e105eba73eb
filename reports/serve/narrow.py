"""``seat_facts`` narrowed to the rows a page is about, for one request's connection.

The report's queries, the views and the macros they call (``player_stats_for``, ``hand_player_street``)
each read the ``seat_facts`` view and select one player's rows (or a table's players): on a big database
each is a scan of every seat joined to its hand. A temporary table named ``seat_facts``, holding only
the rows the page selects anyway, stands before the view in DuckDB's search path for this connection
alone: the same SQL then answers the same from far fewer rows, and the database is scanned once rather
than once a query. The tests compare pages built both ways (tests/reports/serve/test_narrow.py).
"""

from __future__ import annotations

from typing import Any

import duckdb

# The seats a player name stands for (player_matches in analytics/stats.sql: the name, SITE:NAME, or an
# alias), read from the seats table alone, where DuckDB filters before it joins: a first cut that
# player_matches then makes exact.
PLAYER_SEATS = ("(site, hand_id, player) IN (SELECT site, hand_id, player FROM seats WHERE player = $player "
                "OR site || ':' || player = $player "
                "OR (site, player) IN (SELECT site, player FROM aliases WHERE alias = $player))")


def narrow_seat_facts(con: duckdb.DuckDBPyConnection, condition: str, params: dict[str, Any]) -> None:
    """Make ``seat_facts`` the view's rows that meet ``condition`` (SQL over its columns, with ``params``
    bound), until ``con`` (a request's cursor) is closed."""
    catalog = con.execute("SELECT current_database()").fetchall()[0][0].replace('"', '""')
    con.execute(f'CREATE TEMP TABLE seat_facts AS SELECT * FROM "{catalog}".main.seat_facts '
                f"WHERE {condition}", params)


def narrow_to_player(con: duckdb.DuckDBPyConnection, player: str) -> None:
    """The seats of a player, as ``--player`` names one (NAME, SITE:NAME or an alias)."""
    narrow_seat_facts(con, f"{PLAYER_SEATS} AND player_matches($player, site, player, identity)",
                      {"player": player})


def narrow_to_seats(con: duckdb.DuckDBPyConnection, site: str, players: list[str], game: str,
                    unit: str) -> None:
    """The seats of these players of one site, in one game and money unit."""
    names = {f"p{index}": player for index, player in enumerate(players)}
    listed = ", ".join(f"${name}" for name in names) or "NULL"
    narrow_seat_facts(con, "(site, hand_id, player) IN (SELECT site, hand_id, player FROM seats "
                           f"WHERE site = $site AND player IN ({listed})) "
                           "AND variant = $game AND unit = $unit",
                      {"site": site, "game": game, "unit": unit, **names})
