"""``seat_facts`` narrowed to the rows a page is about, for one request's connection.

The report's queries, the views and the macros they call (``player_stats_for``, ``hand_player_street``)
each read the ``seat_facts`` view and select one player's rows (or a table's players): on a big database
each is a scan of every seat joined to its hand. A temporary table named ``seat_facts``, holding only
the rows the page selects anyway, stands before the view in DuckDB's search path for this connection
alone: the same SQL then answers the same from far fewer rows, and the database is scanned once rather
than once a query. The tests compare pages built both ways (tests/reports/serve/test_narrow.py).

The screen names are bound as one list (``player = ANY($names)``): DuckDB makes that a semi join and
pushes its filter into the scan of the seats, so only the matching seats' columns are read. An ``IN``
list of parameters is instead checked after every seat has been read whole and joined to its hand.
"""

from __future__ import annotations

from typing import Any

import duckdb

from studbook.reports.filters import CONDITION
from studbook.reports.filters import Filters


def player_condition(con: duckdb.DuckDBPyConnection, player: str) -> tuple[str, dict[str, Any]]:
    """SQL over ``seat_facts`` selecting the seats of a player as ``--player`` names one (NAME, SITE:NAME or
    an alias), and its parameters. ``player_matches`` decides; before it, the screen names the name can
    stand for (itself, what follows a colon in it, an alias's members) are listed, a test DuckDB makes
    as it reads the seats, before it joins them to their hands: on a big database, most of the work."""
    names = {player, *(player[index + 1:] for index, char in enumerate(player) if char == ":")}
    names.update(row[0] for row in con.execute("SELECT player FROM aliases WHERE alias = ?",
                                               [player]).fetchall())
    return ("player = ANY($screen_names) AND player_matches($player, site, player, identity)",
            {"screen_names": sorted(names), "player": player})


def narrow_seat_facts(con: duckdb.DuckDBPyConnection, condition: str, params: dict[str, Any]) -> None:
    """Make ``seat_facts`` the view's rows that meet ``condition`` (SQL over its columns, with ``params``
    bound), until ``con`` (a request's cursor) is closed."""
    catalog = con.execute("SELECT current_database()").fetchall()[0][0].replace('"', '""')
    con.execute(f'CREATE TEMP TABLE seat_facts AS SELECT * FROM "{catalog}".main.seat_facts '
                f"WHERE {condition}", params)


def narrow_to_player(con: duckdb.DuckDBPyConnection, filters: Filters) -> None:
    """The seats the report of ``filters`` shows: of its player (NAME, SITE:NAME or an alias), in its game,
    kind and dates (:data:`~studbook.reports.filters.CONDITION`, which every query of the report applies)."""
    names, params = player_condition(con, filters.player or "")
    narrow_seat_facts(con, f"{names} AND {CONDITION}", {**filters.params, **params})


def narrow_to_seats(con: duckdb.DuckDBPyConnection, site: str, players: list[str], game: str,
                    unit: str) -> None:
    """The seats of these players of one site, in one game and money unit."""
    narrow_seat_facts(con, "site = $site AND player = ANY($players) AND variant = $game AND unit = $unit",
                      {"site": site, "game": game, "unit": unit, "players": players})
