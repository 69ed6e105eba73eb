"""The Hands page: the stored hands, newest first, filtered and paged in SQL, each a link to its replay.

Filters: the shared ones (game, site, kind, stakes, dates), a player (as ``--player`` takes one), the
table, the last street reached, the pot in big bets, the audit's verdict (clean, warnings, errors) and
a rule the audit cited.
"""

from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal
from typing import Any

import duckdb

from studbook import rulebook
from studbook.reports.html import Html
from studbook.reports.html import h
from studbook.reports.serve.cache import Cached
from studbook.reports.serve.layout import PAGE_SIZE
from studbook.reports.serve.layout import field
from studbook.reports.serve.layout import filter_form
from studbook.reports.serve.layout import link
from studbook.reports.serve.layout import page
from studbook.reports.serve.layout import pager
from studbook.reports.serve.layout import select
from studbook.reports.serve.narrow import player_condition
from studbook.reports.serve.params import Params
from studbook.reports.serve.scope import Choices
from studbook.reports.serve.scope import Scope
from studbook.reports.units import unit_money

VERDICTS = ("clean", "warnings", "errors")
STREETS = {str(street): f"{street}{'nd' if street == 2 else 'rd' if street == 3 else 'th'}"
           for street in range(2, 8)}
MAX_POT_BB = 1_000_000
MAX_PAGE = 1_000_000
WARNED = "(SELECT site, hand_id FROM violations WHERE severity = 'warning')"
VERDICT_SQL = {
    "errors": "h.errors > 0",
    "warnings": f"h.errors = 0 AND (h.site, h.hand_id) IN {WARNED}",
    "clean": f"h.errors = 0 AND (h.site, h.hand_id) NOT IN {WARNED}",
}


@dataclass(frozen=True, slots=True)
class HandsQuery:
    scope: Scope
    player: str | None
    table: str | None
    street: int | None  # the last street reached
    min_pot: Decimal | None  # in big bets
    max_pot: Decimal | None
    verdict: str | None
    rule: str | None
    page: int

    @classmethod
    def read(cls, params: Params, choices: Choices) -> HandsQuery:
        street = params.choice("street", STREETS)
        query = cls(Scope.read(params, choices), params.text("player"), params.text("table"),
                    int(street) if street else None, params.number("min_pot", MAX_POT_BB),
                    params.number("max_pot", MAX_POT_BB), params.choice("verdict", VERDICTS),
                    params.choice("rule", rulebook.by_id()), params.integer("page", 1, MAX_PAGE) or 1)
        params.done()
        return query

    def filters(self) -> dict[str, Any]:
        return {**self.scope.query(), "player": self.player, "table": self.table, "street": self.street,
                "min_pot": self.min_pot, "max_pot": self.max_pot, "verdict": self.verdict, "rule": self.rule}

    def where(self) -> tuple[str, dict[str, Any]]:
        """The SQL condition over ``hands AS h`` and its bound parameters: only the filters given, so no
        sub-query runs for a filter left empty. A player's hands are the relation ``player_hands``
        (:func:`hand_rows` registers it)."""
        parts, params = [self.scope.condition("h")], self.scope.bound()
        if self.player is not None:
            parts.append("(h.site, h.hand_id) IN (SELECT site, hand_id FROM player_hands)")
        for value, name, sql in (
                (self.table, "table", "h.table_name = $table"),
                (self.street, "street", "h.last_street = $street"),
                (self.min_pot, "min_pot", "h.total_pot >= $min_pot * h.big_bet"),
                (self.max_pot, "max_pot", "h.total_pot <= $max_pot * h.big_bet"),
                (self.rule, "rule",
                 "(h.site, h.hand_id) IN (SELECT site, hand_id FROM violations WHERE rule = $rule)")):
            if value is not None:
                parts.append(sql)
                params[name] = value
        if self.verdict:
            parts.append(VERDICT_SQL[self.verdict])
        return " AND ".join(parts), params


def hand_link(site: str, hand_id: str) -> str:
    return link("/hand", {"site": site, "id": hand_id})


def rule_link(rule_id: str) -> Html:
    """A cited rule: its id and title, linked to its text on the Rules page."""
    return h("a", rulebook.label(rule_id), href=f"/rules#rule-{rule_id}", class_="rule")


def player_hands(con: duckdb.DuckDBPyConnection, player: str) -> Any:
    """The (site, hand id) of every hand of a player, as an Arrow table."""
    matches, named = player_condition(con, player)
    return con.sql(f"SELECT DISTINCT site, hand_id FROM seat_facts WHERE {matches}",
                   params=named).to_arrow_table()


ORDER = "h.start_utc DESC NULLS LAST, h.site, h.hand_id DESC"  # newest first; the key of a page's rows
# Past this many rows, a page starts at its first hand's sort key (found once for the filters) instead of
# skipping the rows before it: an OFFSET keeps every skipped row in DuckDB's top-N, 0.5 s at a million.
OFFSET_ROWS = 1_000
AT_OR_AFTER = """CASE WHEN $from_start IS NULL THEN h.start_utc IS NULL AND {same_start}
    ELSE h.start_utc IS NULL OR h.start_utc < $from_start OR (h.start_utc = $from_start AND {same_start}) END
""".format(same_start="(h.site > $from_site OR (h.site = $from_site AND h.hand_id <= $from_id))")


def page_starts(con: duckdb.DuckDBPyConnection, where: str, params: dict[str, Any]) -> list[tuple[Any, ...]]:
    """The sort key (start, site, hand id) of the first hand of every page the filters select: one sort of
    them, kept until the database changes, after which any page is a top-50 from its key."""
    return con.execute(f"""
        SELECT start_utc, site, hand_id FROM (
            SELECT h.start_utc, h.site, h.hand_id, row_number() OVER (ORDER BY {ORDER}) - 1 AS row_index
            FROM hands AS h WHERE {where})
        WHERE row_index % {PAGE_SIZE} = 0 ORDER BY row_index""", params).fetchall()


def hand_rows(con: duckdb.DuckDBPyConnection, query: HandsQuery, cached: Cached
              ) -> tuple[list[dict[str, Any]], int]:
    """One page of hands and how many the filters select; a player's hands are found once (until the
    database changes) for every page and filter, and so are the pages' first keys of a page far from the
    first (:func:`page_starts`)."""
    if query.player is not None:
        con.register("player_hands", cached(("player-hands", query.player),
                                            lambda: player_hands(con, query.player or "")))
    where, params = query.where()
    total = con.execute(f"SELECT count(*) FROM hands AS h WHERE {where}", params).fetchall()[0][0]
    offset = (query.page - 1) * PAGE_SIZE
    if offset > OFFSET_ROWS and offset < total:
        starts = cached(("hand-pages", *query.filters().items()), lambda: page_starts(con, where, params))
        start, site, hand_id = starts[query.page - 1]
        where = f"{where} AND {AT_OR_AFTER}"
        params = {**params, "from_start": start, "from_site": site, "from_id": hand_id}
        offset = 0
    rows = con.execute(f"""
        WITH shown AS (
            SELECT h.site, h.hand_id, h.start_utc, h.variant, h.stakes, h.unit, h.table_name, h.players_dealt,
                   h.last_street, money(h.total_pot, h.decimals) AS pot,
                   round(h.total_pot / h.big_bet, 1) AS pot_bb, h.errors, h.violations
            FROM hands AS h WHERE {where}
            ORDER BY {ORDER}
            LIMIT {PAGE_SIZE} OFFSET $offset),
        cited AS (
            SELECT site, hand_id, count_if(severity = 'warning') AS warnings,
                   list(DISTINCT rule ORDER BY rule) FILTER (WHERE rule IS NOT NULL) AS rules
            FROM violations SEMI JOIN shown USING (site, hand_id) GROUP BY site, hand_id)
        SELECT shown.*, coalesce(cited.warnings, 0) AS warnings, coalesce(cited.rules, []) AS rules
        FROM shown LEFT JOIN cited USING (site, hand_id)
        ORDER BY start_utc DESC NULLS LAST, site, hand_id DESC""", {**params, "offset": offset}).fetchall()
    names = [column[0] for column in con.description or ()]
    if query.player is not None:
        con.unregister("player_hands")
    return [dict(zip(names, row, strict=True)) for row in rows], total


def verdict(row: dict[str, Any]) -> Html:
    if row["errors"]:
        return h("span", f"{row['errors']} error{'s' if row['errors'] > 1 else ''}", class_="verdict error")
    if row["warnings"]:
        return h("span", f"{row['warnings']} warning{'s' if row['warnings'] > 1 else ''}",
                 class_="verdict warning")
    return h("span", "clean", class_="verdict clean")


def _table(rows: list[dict[str, Any]]) -> Html:
    headers = ("started (UTC)", "site", "hand", "game", "stakes", "table", "players", "last street", "pot",
               "pot (BB)", "verdict", "rules cited")
    body = [h("tr", h("td", f"{row['start_utc']:%Y-%m-%d %H:%M:%S}" if row["start_utc"] else "–"),
              h("td", row["site"]),
              h("td", h("a", row["hand_id"], href=hand_link(row["site"], row["hand_id"]), class_="hand")),
              h("td", row["variant"]), h("td", row["stakes"]), h("td", row["table_name"] or ""),
              h("td", row["players_dealt"], class_="num"), h("td", STREETS[str(row["last_street"])]),
              h("td", unit_money(row["pot"], row["unit"]), class_="num"),
              h("td", row["pot_bb"], class_="num"),
              h("td", verdict(row)), h("td", *(rule_link(rule) for rule in row["rules"])))
            for row in rows]
    return h("table", h("thead", h("tr", *(h("th", name) for name in headers))), h("tbody", *body),
             class_="hands")


def hands_page(con: duckdb.DuckDBPyConnection, query: HandsQuery, choices: Choices, source: str,
               cached: Cached) -> str:
    rows, total = hand_rows(con, query, cached)
    rules = [(rule_id, rulebook.label(rule_id)) for rule_id in rulebook.by_id()]
    fields = [*query.scope.fields(choices), field("player", "player", query.player),
              field("table", "table", query.table),
              select("street", "last street", list(STREETS.items()),
                     str(query.street) if query.street else None),
              field("min_pot", "pot from (BB)", query.min_pot, "number", min="0", step="any"),
              field("max_pot", "to (BB)", query.max_pot, "number", min="0", step="any"),
              select("verdict", "verdict", [(name, name) for name in VERDICTS], query.verdict),
              select("rule", "rule cited", rules, query.rule)]
    body = [h("h1", "Hands"), filter_form("/hands", fields),
            pager("/hands", query.filters(), query.page, total, "hands"), _table(rows),
            pager("/hands", query.filters(), query.page, total, "hands")]
    return page("Hands", body, source, active="/hands")
