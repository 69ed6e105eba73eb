"""The Players page: ``player_stats_for`` (what ``studbook stats`` prints) filtered, sorted and paged in SQL,
each row a link to the player's report, and the aliases that join players.

The app never writes the database, so an alias is made by the ``studbook alias`` command: the page
ticks players and writes the command that joins them (:func:`alias_command_page`).
"""

from __future__ import annotations

import shlex
from dataclasses import dataclass
from typing import Any

import duckdb

from studbook.analytics.aliases import listing
from studbook.analytics.stat_names import ROUND_OF
from studbook.analytics.stat_names import Rounds
from studbook.reports.html import Html
from studbook.reports.html import h
from studbook.reports.serve.cache import Cached
from studbook.reports.serve.layout import PAGE_SIZE
from studbook.reports.serve.layout import field
from studbook.reports.serve.layout import filter_form
from studbook.reports.serve.layout import link
from studbook.reports.serve.layout import page
from studbook.reports.serve.layout import pager
from studbook.reports.serve.layout import sort_header
from studbook.reports.serve.params import BadParameter
from studbook.reports.serve.params import Params
from studbook.reports.serve.scope import Choices
from studbook.reports.serve.scope import Scope
from studbook.reports.units import unit_money

KEY = ("player", "site", "game", "unit")
# The columns shown, as `studbook stats` shows a table too wide for every stat: the key, then these.
STATS = ("hands", "net", "big_bets_per_100", "vpip", "aggression_3rd", "steal", "saw_4th", "wtsd",
         "won_at_showdown", "aggression_factor")
LABELS = {"big_bets_per_100": "BB/100", "won_at_showdown": "won at SD", "aggression_factor": "AF"}
MAX_PAGE = 1_000_000


@dataclass(frozen=True, slots=True)
class PlayersQuery:
    scope: Scope
    name: str | None  # part of the player's name
    min_hands: int
    sort: str
    descending: bool
    page: int

    @classmethod
    def read(cls, params: Params, choices: Choices) -> PlayersQuery:
        scope = Scope.read(params, choices)
        sort = params.choice("sort", (*KEY, *STATS)) or "hands"
        order = params.choice("order", ("asc", "desc"))
        query = cls(scope, params.text("name"), params.integer("min_hands", 0, 10**9) or 0, sort,
                    order != "asc" if order else sort not in KEY, params.integer("page", 1, MAX_PAGE) or 1)
        params.done()
        return query

    def filters(self) -> dict[str, Any]:
        return {**self.scope.query(), "name": self.name, "min_hands": self.min_hands or None}

    def links(self) -> dict[str, Any]:
        return {**self.filters(), "sort": self.sort, "order": "desc" if self.descending else "asc"}


def player_link(row: dict[str, Any], scope: Scope) -> str:
    """The player's report with the filters it takes (an alias by its name, a player as SITE:NAME)."""
    who = row["player"] if row["site"] == "alias" else f"{row['site']}:{row['player']}"
    game = row["game"] if row["game"] != "all" else scope.game
    return link("/player", {"player": who, "game": game, "kind": scope.kind, "since": scope.since})


def column_label(name: str, rounds: Rounds) -> tuple[str, str | None]:
    """A column's header for the games shown, and the help its title gives: the stats of a betting round
    are named by that round's street in those games (``saw 3rd`` in five card stud), as ``stats`` does.

    >>> column_label("saw_4th", Rounds.of(["stud5"])), column_label("aggression_3rd", Rounds.of(["stud"]))
    (('saw 3rd', 'saw 3rd street'), ('3rd aggr.', 'aggression on 3rd street'))
    >>> column_label("saw_4th", Rounds.of(["stud", "stud5"]))[0], column_label("vpip", Rounds.of([]))
    ('saw round2', ('vpip', None))
    """
    if name not in ROUND_OF:
        return LABELS.get(name, name), None
    street = rounds.street(ROUND_OF[name])
    phrase = rounds.phrase(ROUND_OF[name])
    if name.startswith("aggression_"):
        return f"{street} aggr.", f"aggression on {phrase}"
    return f"saw {street}", f"saw {phrase}"


def _cell(row: dict[str, Any], column: str) -> Any:
    value = row[column]
    if value is None:
        return "–"
    if column == "net":
        return unit_money(value, row["unit"])
    if column == "hands":
        return f"{value:,}"
    return value


def stats_rows(con: duckdb.DuckDBPyConnection, query: PlayersQuery, cached: Cached
               ) -> tuple[list[dict[str, Any]], int]:
    """One page of rows and how many there are in all: the stats of the scope are worked out once (until
    the database changes), then filtered, sorted and paged in SQL."""
    scope = query.scope
    stats = cached(("players", scope), lambda: con.sql(
        f"SELECT * FROM player_stats_for(NULL, {scope.macro_args()})", params=scope.bound()).to_arrow_table())
    con.register("scope_stats", stats)
    order = "DESC" if query.descending else "ASC"
    rows = con.execute(f"""
        SELECT *, count(*) OVER () AS total_rows FROM scope_stats
        WHERE hands >= $min_hands AND ($name IS NULL OR contains(lower(player), lower($name)))
        ORDER BY {query.sort} {order} NULLS LAST, player, site, game, unit
        LIMIT {PAGE_SIZE} OFFSET $offset""",
        {"min_hands": query.min_hands, "name": query.name, "offset": (query.page - 1) * PAGE_SIZE}).fetchall()
    names = [column[0] for column in con.description or ()]
    con.unregister("scope_stats")
    found = [dict(zip(names, row, strict=True)) for row in rows]
    return found, found[0]["total_rows"] if found else 0


def _table(rows: list[dict[str, Any]], query: PlayersQuery) -> Html:
    rounds = Rounds.of([query.scope.game] if query.scope.game else [row["game"] for row in rows])
    headers = [h("th", "")]
    for name in (*KEY, *STATS):
        label, title = column_label(name, rounds)
        headers.append(sort_header(label, name, query.sort, query.descending, "/", query.filters(),
                                   numeric=name in STATS, title=title))
    body = []
    for row in rows:
        tick = h("input", type="checkbox", name="member", value=f"{row['site']}:{row['player']}",
                 form="alias-form", title="to join under an alias") if row["site"] != "alias" else ""
        cells = [h("td", tick), h("td", h("a", row["player"], href=player_link(row, query.scope),
                                          class_="player"))]
        cells += [h("td", _cell(row, name)) for name in KEY[1:]]
        cells += [h("td", _cell(row, name), class_="num") for name in STATS]
        body.append(h("tr", *cells))
    return h("table", h("thead", h("tr", *headers)), h("tbody", *body), class_="players")


def _aliases(con: duckdb.DuckDBPyConnection) -> list[Html]:
    aliases = listing(con).to_dicts()
    form = h("form", h("label", "join the ticked players under the alias",
                       h("input", type="text", name="name", required=True)),
             h("button", "Show the command", type="submit"), id="alias-form", method="get",
             action="/alias-command", class_="filters")
    parts = [h("h2", "Aliases"), h("p", "An alias counts one person's players on several sites, or under "
                                        "several names, as one.", class_="note"), form]
    if aliases:
        rows = [h("tr", h("td", h("a", row["alias"], href=link("/player", {"player": row["alias"]}))),
                  h("td", row["site"]), h("td", row["player"]), h("td", f"{row['hands']:,}", class_="num"))
                for row in aliases]
        parts.append(h("table", h("thead", h("tr", *(h("th", name) for name in ("alias", "site", "player",
                                                                                "hands")))),
                       h("tbody", *rows), class_="aliases"))
    return parts


def players_page(con: duckdb.DuckDBPyConnection, query: PlayersQuery, choices: Choices, source: str,
                 cached: Cached) -> str:
    rows, total = stats_rows(con, query, cached)
    fields = [*query.scope.fields(choices), field("name", "name", query.name),
              field("min_hands", "min. hands", query.min_hands or None, "number", min="0")]
    body = [h("h1", "Players"),
            filter_form("/", fields, {"sort": query.sort, "order": "desc" if query.descending else "asc"}),
            pager("/", query.links(), query.page, total, "rows"), _table(rows, query),
            pager("/", query.links(), query.page, total, "rows"), *_aliases(con)]
    return page("Players", body, source, active="/")


def alias_command_page(params: Params, source: str, db: str) -> str:
    """The ``studbook alias add`` command that joins the ticked players: the app itself writes nothing."""
    name = params.text("name")
    members = params.many("member")
    params.done()
    if not name:
        raise BadParameter("name: give the alias a name")
    if not members:
        raise BadParameter("member: tick at least one player to join")
    command = shlex.join(["studbook", "alias", "add", name, *members, "--db", db])
    body = [h("h1", "Join players under an alias"),
            h("p", "The app only reads the database; run this command (while no import runs) and reload:"),
            h("pre", command, class_="command"),
            h("p", "studbook alias remove NAME takes an alias away again.", class_="note"),
            h("a", "back to the players", href="/")]
    return page("Alias", body, source, active="/")
