"""The Live table: while ``import --watch`` stores the hands a poker client writes, the table of the newest
hand and each player at it with their key stud stats in that game, each with the hands behind it.

The user is the player whose down cards the log deals (only the hand's own player's are written); the
others are the opponents. The stats are ``player_stats_for``'s, over the player's hands of this site,
game and money unit; the hands behind each are counted as the player report counts them
(``HEADLINE`` of reports/player_report.py). The page asks the app every few seconds whether the
database changed (a look at the file, no query) and redraws the table when it did (serve.js).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import duckdb

from studbook.reports.html import Html
from studbook.reports.html import h
from studbook.reports.player_report import HEADLINE
from studbook.reports.serve.hands import hand_link
from studbook.reports.serve.layout import link
from studbook.reports.serve.layout import page
from studbook.reports.serve.narrow import narrow_to_seats
from studbook.reports.serve.params import Params
from studbook.reports.units import unit_money

# The stats a player at a stud table is read by, as player_stats_for names them.
KEY_STATS = ("big_bets_per_100", "vpip", "aggression_3rd", "steal", "fold_to_steal", "bringin_fold",
             "saw_4th",
             "wtsd", "won_at_showdown", "aggression_factor")
REFRESH_SECONDS = 2
_HEADLINE = {column: (label, kind, hands) for label, column, kind, hands in HEADLINE}


@dataclass(frozen=True, slots=True)
class Table:
    """The newest hand's table."""

    site: str
    hand_id: str
    table_name: str | None
    variant: str
    stakes: str
    unit: str
    start_utc: Any


def read_version(params: Params) -> str | None:
    version = params.text("version")
    params.done()
    return version


def newest_table(con: duckdb.DuckDBPyConnection) -> Table | None:
    rows = con.execute("SELECT site, hand_id, table_name, variant, stakes, unit, start_utc FROM hands "
                       "ORDER BY start_utc DESC NULLS LAST, hand_id DESC LIMIT 1").fetchall()
    return Table(*rows[0]) if rows else None


def seated(con: duckdb.DuckDBPyConnection, table: Table) -> list[tuple[int, str, bool]]:
    """(seat, player, is the user) of everyone dealt in the newest hand."""
    return con.execute("""
        SELECT s.seat, s.player, s.player IN (SELECT player FROM cards WHERE site = $site AND hand_id = $id
                                              AND face = 'down' AND source = 'dealt' AND player IS NOT NULL)
        FROM seats AS s WHERE s.site = $site AND s.hand_id = $id AND s.dealt ORDER BY s.seat""",
                       {"site": table.site, "id": table.hand_id}).fetchall()


def opponents_stats(con: duckdb.DuckDBPyConnection, table: Table) -> dict[str, dict[str, Any]]:
    """Each opponent's stats row of this site, game and unit, with the hands behind each (``n_COLUMN``),
    by name; ``seat_facts`` holds only their seats there (:func:`narrow_to_seats`), so one row of
    ``player_stats_for`` is one player's (or the alias they belong to)."""
    params = {"game": table.variant, "site": table.site, "unit": table.unit}
    stats = _dicts(con, "SELECT * FROM player_stats_for(NULL, $game, NULL, only_site := $site) "
                        "WHERE unit = $unit",
                   params)
    by_identity = {(row["player"], row["site"]): row for row in stats}
    counts = ", ".join(f"{_HEADLINE[column][2]} AS n_{column}" for column in KEY_STATS)
    behind = _dicts(con, f"SELECT player AS name, identity, identity_site, {counts} FROM seat_facts "
                         "GROUP BY ALL", {})
    return {row["name"]: {**by_identity.get((row["identity"], row["identity_site"]), {}), **row}
            for row in behind}


def _dicts(con: duckdb.DuckDBPyConnection, sql: str, params: dict[str, Any]) -> list[dict[str, Any]]:
    rows = con.execute(sql, params).fetchall()
    names = [column[0] for column in con.description or ()]
    return [dict(zip(names, row, strict=True)) for row in rows]


def _cell(row: dict[str, Any], column: str, unit: str) -> Html:
    value, hands = row.get(column), row.get(f"n_{column}") or 0
    kind = _HEADLINE[column][1]
    if value is None:
        text = "–"
    else:
        text = unit_money(value, unit) if kind == "money" else f"{value}%" if kind == "pct" else f"{value}"
    return h("td", h("span", text, class_="value"), h("span", f" ({hands:,})", class_="behind"),
             class_="num", title=f"over {hands:,} hands")


def live_table(con: duckdb.DuckDBPyConnection, version: str) -> Html:
    """The table's section, whole: what the page shows first and what each refresh replaces."""
    table = newest_table(con)
    if table is None:
        return h("section", h("p", "No hand yet: start studbook import --watch (or serve --watch DIR) "
                                   "and play.",
                              class_="empty"), id="live", data_version=version)
    head = [h("th", "seat"), h("th", "player"), h("th", "hands", class_="num"),
            *(h("th", _HEADLINE[column][0], class_="num") for column in KEY_STATS)]
    players = seated(con, table)
    narrow_to_seats(con, table.site, [player for _, player, is_user in players if not is_user], table.variant,
                    table.unit)
    stats = opponents_stats(con, table)
    body = []
    for seat, player, is_user in players:
        target = link("/player", {"player": f"{table.site}:{player}", "game": table.variant})
        who = h("a", player, href=target,
                class_="player")
        if is_user:
            body.append(h("tr", h("td", seat, class_="num"), h("td", who, " (you)"),
                          h("td", "your own report: follow your name", colspan=len(KEY_STATS) + 1,
                            class_="muted"),
                          class_="user"))
            continue
        row = stats.get(player, {})
        body.append(h("tr", h("td", seat, class_="num"), h("td", who),
                      h("td", f"{row.get('hands') or 0:,}", class_="num"),
                      *(_cell(row, column, table.unit) for column in KEY_STATS), class_="opponent"))
    started = f"{table.start_utc:%Y-%m-%d %H:%M:%S} UTC" if table.start_utc else "no start time"
    caption = [h("h2", f"{table.site} · {table.table_name or 'table'} · {table.variant} {table.stakes}"),
               h("p", "newest hand ", h("a", table.hand_id, href=hand_link(table.site, table.hand_id),
                                        class_="newest-hand"), f", {started}", class_="note")]
    return h("section", *caption, h("table", h("thead", h("tr", *head)), h("tbody", *body), class_="live"),
             h("p", "Each stat is over this player's hands of this site, game and money unit; the number in "
                    "brackets is the hands behind it.", class_="note"), id="live", data_version=version)


def live_page(params: Params, section: Callable[[], Html], source: str) -> str:
    """The page around the table's ``section`` (:func:`live_table`, which the app keeps until the database
    changes: the page and every refresh of this version share it)."""
    params.done()
    body = [h("h1", "Live table"),
            h("p", f"Refreshed within {REFRESH_SECONDS} seconds of each hand an import stores.",
              class_="note", id="live-status", data_refresh=REFRESH_SECONDS),
            section()]
    return page("Live table", body, source, active="/live", scripts=("serve.js",))
