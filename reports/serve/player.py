"""The Player page: ``studbook report --player`` itself (reports/player_report.py), under the app's
navigation and filters, plotly.js served once by the app rather than inlined in each page.

A name on several sites must be told apart (SITE:NAME) or joined by an alias, as ``report`` asks: the
page lists them, each a link.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date
from datetime import datetime
from datetime import time
from pathlib import Path
from typing import Any

import duckdb

from studbook.reports.filters import CONDITION
from studbook.reports.filters import Filters
from studbook.reports.html import Html
from studbook.reports.html import h
from studbook.reports.player_report import player_page
from studbook.reports.serve.cache import Cached
from studbook.reports.serve.layout import field
from studbook.reports.serve.layout import filter_form
from studbook.reports.serve.layout import link
from studbook.reports.serve.layout import nav_bar
from studbook.reports.serve.layout import page
from studbook.reports.serve.layout import select
from studbook.reports.serve.narrow import narrow_to_player
from studbook.reports.serve.params import BadParameter
from studbook.reports.serve.params import Params
from studbook.reports.serve.scope import KINDS
from studbook.rules.variants import VARIANTS

PLOTLY_URL = "/static/plotly.min.js"
STYLE = '<link rel="stylesheet" href="/static/serve.css">'


class NoSuchPlayer(LookupError):
    """No hands of the player named, with these filters."""


@dataclass(frozen=True, slots=True)
class PlayerQuery:
    filters: Filters

    @classmethod
    def read(cls, params: Params) -> PlayerQuery:
        player = params.text("player")
        if player is None:
            raise BadParameter("player: name the player (NAME, SITE:NAME or an alias)")
        since = params.day("since")
        query = cls(Filters(player, params.choice("game", VARIANTS), None if since is None else
                            _midnight(since), params.choice("kind", KINDS)))
        params.done()
        return query

    def links(self) -> dict[str, Any]:
        f = self.filters
        return {"player": f.player, "game": f.game, "kind": f.kind,
                "since": f.since.date() if f.since else None}


def _midnight(day: date) -> datetime:
    return datetime.combine(day, time())


def _form(query: PlayerQuery) -> Html:
    f = query.filters
    return filter_form("/player", [
        field("player", "player", f.player, required=True),
        select("game", "game", [(name, name) for name in VARIANTS], f.game),
        select("kind", "kind", [(name, name) for name in KINDS], f.kind),
        field("since", "from", f.since.date() if f.since else None, "date")])


def _matches(con: duckdb.DuckDBPyConnection, filters: Filters) -> list[tuple[str, str]]:
    """The players the name stands for: (site or 'alias', name)."""
    return con.execute(f"SELECT DISTINCT identity_site, identity FROM seat_facts WHERE {CONDITION} "
                       "ORDER BY 1, 2", filters.params).fetchall()


def _choose(query: PlayerQuery, found: list[tuple[str, str]], source: str) -> str:
    items = [h("li", h("a", f"{site}:{name}" if site != "alias" else f"{name} (alias)",
                       href=link("/player", {**query.links(),
                                             "player": name if site == "alias" else f"{site}:{name}"})))
             for site, name in found]
    body = [h("h1", f"{query.filters.player} is more than one player"), _form(query),
            h("p", "Choose one, or join them under an alias on the Players page:"), h("ul", *items)]
    return page(query.filters.player or "player", body, source, active="/")


def player_view(con: duckdb.DuckDBPyConnection, query: PlayerQuery, db: str, source: str,
                cached: Cached) -> str:
    """The report page, or the list of players the name stands for; :class:`NoSuchPlayer` when none."""
    found = cached(("player-names", query.filters), lambda: _matches(con, query.filters))
    if not found:
        raise NoSuchPlayer(f"no hands of player {query.filters.player!r} ({query.filters.describe()})")
    if len(found) > 1:
        return _choose(query, found, source)

    def report() -> str:
        narrow_to_player(con, query.filters)
        return player_page(con, query.filters, Path(db), plotlyjs=PLOTLY_URL)

    head = nav_bar(source, "/") + _form(query) + h("p", h("a", "this player's hands", href=link(
        "/hands", {"player": query.filters.player, "game": query.filters.game, "kind": query.filters.kind,
                   "since": query.links()["since"]})), " · ", h("a", "sessions", href=link(
                       "/sessions", {"player": query.filters.player})), class_="note")
    page_text: str = cached(("player", query.filters), report)
    page_text = page_text.replace("</head>", STYLE + "</head>", 1)
    return page_text.replace("<body>", f'<body class="report">{head}', 1)
