"""The Sessions page: one player's hands by day (UTC) and table, with the net and big bets won at each, each
a link to its hands. Without a player named, the player with the most hands: on a tracker's own
database, the user.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import duckdb

from studbook.reports.html import Html
from studbook.reports.html import h
from studbook.reports.serve.cache import Cached
from studbook.reports.serve.layout import PAGE_SIZE
from studbook.reports.serve.layout import field
from studbook.reports.serve.layout import filter_form
from studbook.reports.serve.layout import link
from studbook.reports.serve.layout import page
from studbook.reports.serve.layout import pager
from studbook.reports.serve.narrow import player_condition
from studbook.reports.serve.params import Params
from studbook.reports.serve.scope import Choices
from studbook.reports.serve.scope import Scope
from studbook.reports.units import unit_money

MAX_PAGE = 1_000_000


@dataclass(frozen=True, slots=True)
class SessionsQuery:
    scope: Scope
    player: str | None
    page: int

    @classmethod
    def read(cls, params: Params, choices: Choices) -> SessionsQuery:
        query = cls(Scope.read(params, choices), params.text("player"),
                    params.integer("page", 1, MAX_PAGE) or 1)
        params.done()
        return query

    def filters(self, player: str) -> dict[str, Any]:
        return {**self.scope.query(), "player": player}


def most_hands(con: duckdb.DuckDBPyConnection) -> str | None:
    """The player (SITE:NAME, or an alias) with the most hands."""
    rows = con.execute("SELECT player, site FROM players LIMIT 1").fetchall()
    if not rows:
        return None
    player, site = rows[0]
    return player if site == "alias" else f"{site}:{player}"


def session_rows(con: duckdb.DuckDBPyConnection, player: str, query: SessionsQuery, cached: Cached
                 ) -> tuple[list[dict[str, Any]], int]:
    """One page of sessions and how many there are: the player's sessions are worked out once (until the
    database changes), then paged in SQL."""
    scope = query.scope
    matches, named = player_condition(con, player)
    sessions = cached(("sessions", player, scope), lambda: con.sql(f"""
        SELECT CAST(f.start_utc AS DATE) AS day, f.site, t.table_name, f.variant, f.stakes, f.unit,
               count(*) AS hands, min(f.start_utc) AS started, max(f.start_utc) AS ended,
               money(sum(f.net), max(f.decimals)) AS net,
               CAST(round(sum(in_bets(f.net, f.big_bet)), 2) AS DOUBLE) AS net_bb
        FROM seat_facts AS f JOIN hands AS t USING (site, hand_id)
        WHERE {matches} AND {scope.condition("f")}
        GROUP BY ALL""", params={**scope.bound(), **named}).to_arrow_table())
    con.register("player_sessions", sessions)
    rows = con.execute(f"""
        SELECT *, count(*) OVER () AS total_rows FROM player_sessions
        ORDER BY day DESC NULLS LAST, started DESC, site, table_name
        LIMIT {PAGE_SIZE} OFFSET $offset""", {"offset": (query.page - 1) * PAGE_SIZE}).fetchall()
    names = [column[0] for column in con.description or ()]
    con.unregister("player_sessions")
    found = [dict(zip(names, row, strict=True)) for row in rows]
    return found, found[0]["total_rows"] if found else 0


def _table(rows: list[dict[str, Any]], player: str) -> Html:
    headers = ("day (UTC)", "site", "table", "game", "stakes", "from", "to", "hands", "net", "big bets", "")
    body = []
    for row in rows:
        hands = link("/hands", {"player": player, "site": row["site"], "table": row["table_name"],
                                "game": row["variant"], "stakes": row["stakes"], "since": row["day"],
                                "until": row["day"]})
        sign = "won" if row["net_bb"] > 0 else "lost" if row["net_bb"] < 0 else ""
        body.append(h("tr", h("td", row["day"] or "–"), h("td", row["site"]),
                      h("td", row["table_name"] or ""),
                      h("td", row["variant"]), h("td", row["stakes"]),
                      h("td", f"{row['started']:%H:%M}" if row["started"] else ""),
                      h("td", f"{row['ended']:%H:%M}" if row["ended"] else ""),
                      h("td", f"{row['hands']:,}", class_="num"),
                      h("td", unit_money(row["net"], row["unit"]), class_=f"num {sign}"),
                      h("td", row["net_bb"], class_=f"num {sign}"),
                      h("td", h("a", "hands", href=hands, class_="session-hands"))))
    return h("table", h("thead", h("tr", *(h("th", name) for name in headers))), h("tbody", *body),
             class_="sessions")


def sessions_page(con: duckdb.DuckDBPyConnection, query: SessionsQuery, choices: Choices, source: str,
                  cached: Cached) -> str:
    player = query.player or cached("most-hands", lambda: most_hands(con))
    fields = [field("player", "player", query.player, placeholder=player or ""), *query.scope.fields(choices)]
    body: list[Html] = [h("h1", "Sessions"), filter_form("/sessions", fields)]
    if player is None:
        body.append(h("p", "There are no hands in the database yet.", class_="empty"))
    else:
        rows, total = session_rows(con, player, query, cached)
        note = "" if query.player else " (the player with the most hands; name another above)"
        body += [h("p", f"Sessions of {player}{note}: hands by day and table.", class_="note"),
                 pager("/sessions", query.filters(player), query.page, total, "sessions"),
                 _table(rows, player),
                 pager("/sessions", query.filters(player), query.page, total, "sessions")]
    return page("Sessions", body, source, active="/sessions")
