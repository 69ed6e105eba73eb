"""The database overview (``studbook report`` without ``--player``): players, volume, games, violations."""

from __future__ import annotations

from datetime import timedelta
from pathlib import Path

import duckdb
import polars as pl

from studbook.reports import figures
from studbook.reports.filters import Filters
from studbook.reports.filters import seat_rows
from studbook.reports.html import Html
from studbook.reports.html import document
from studbook.reports.html import h
from studbook.reports.html import table
from studbook.reports.units import unit_money
from studbook.reports.violations import rule_cell

TOP_PLAYERS = 25
MONTHLY_AFTER = timedelta(days=180)  # hands per month rather than per day when the data spans longer


def _frame(con: duckdb.DuckDBPyConnection, sql: str, filters: Filters) -> pl.DataFrame:
    return con.sql(sql, params=filters.params).pl()


def _hands(filters: Filters) -> str:
    """The hands the filters select (any player), as a sub-query of ``hands``."""
    return f"(SELECT * FROM hands SEMI JOIN {seat_rows(filters, 'site, hand_id')} USING (site, hand_id))"


def overview_data(con: duckdb.DuckDBPyConnection, filters: Filters) -> dict[str, pl.DataFrame]:
    """Each section's rows; tests compare them with the page and with the views."""
    hands = _hands(filters)
    return {
        "totals": _frame(con, f"""
            SELECT (SELECT count(*) FROM {hands}) AS hands,
                   (SELECT count(DISTINCT (identity, identity_site))
                    FROM {seat_rows(filters, 'identity, identity_site')}) AS players,
                   (SELECT count(DISTINCT site) FROM {hands}) AS sites,
                   (SELECT count(*) FROM {hands} WHERE violations > 0) AS hands_with_violations,
                   (SELECT count(*) FROM rejected) AS rejected_blocks,
                   (SELECT min(start_utc) FROM {hands}) AS first_hand,
                   (SELECT max(start_utc) FROM {hands}) AS last_hand""", filters),
        "players": _frame(con, f"""
            SELECT identity AS player, count(*) AS hands,
                   string_agg(DISTINCT variant, ', ' ORDER BY variant) AS games,
                   string_agg(DISTINCT site, ', ' ORDER BY site) AS sites,
                   round(100 * sum(in_bets(net, big_bet)) / count(*), 2) AS big_bets_per_100
            FROM {seat_rows(filters)} GROUP BY identity, identity_site ORDER BY hands DESC, player, sites""",
                           filters),
        "days": _frame(con, f"""
            SELECT CAST(start_utc AS DATE) AS day, count(*) AS hands FROM {hands}
            WHERE start_utc IS NOT NULL GROUP BY day ORDER BY day""", filters),
        "games": _frame(con, f"""
            SELECT variant AS game, structure, stakes, unit, count(*) AS hands,
                   money(sum(total_pot), max(decimals)) AS total_pots,
                   count_if(violations > 0) AS with_violations
            FROM {hands} GROUP BY ALL ORDER BY hands DESC, game, stakes""", filters),
        "violations": _frame(con, f"""
            SELECT code, severity, rule, count(*) AS violations, count(DISTINCT (site, hand_id)) AS hands
            FROM violations SEMI JOIN {hands} USING (site, hand_id)
            GROUP BY ALL ORDER BY violations DESC, code""", filters),
    }


def _totals(totals: dict) -> Html:
    return table(["", "count"], numeric=(1,), rows=[
        ["hands", f"{totals['hands']:,}"], ["players", f"{totals['players']:,}"], ["sites", totals["sites"]],
        ["hands with rule violations", f"{totals['hands_with_violations']:,}"],
        ["rejected blocks (did not parse)", f"{totals['rejected_blocks']:,}"],
        ["first hand (UTC)", totals["first_hand"] or "–"], ["last hand (UTC)", totals["last_hand"] or "–"]])


def _players(players: pl.DataFrame, embed: figures.Embedder) -> list[Html]:
    top = players.head(TOP_PLAYERS)
    chart = figures.count_bars(top["player"].to_list(), top["hands"].to_list(), "Hands per player", "player",
                               "hands")
    rows = [[r["player"], f"{r['hands']:,}", r["games"], r["sites"], r["big_bets_per_100"]]
            for r in top.to_dicts()]
    return [h("h2", "Players"),
            h("p", f"The {top.height} players with the most hands of {players.height}; "
                   "studbook report --player NAME reports on one.", class_="note"),
            embed(chart, "fig-players"),
            table(["player", "hands", "games", "sites", "big bets / 100"], rows, numeric=(1, 4))]


def _volume(days: pl.DataFrame, embed: figures.Embedder) -> list[Html]:
    if not days.height:
        return [h("h2", "Volume"), h("p", "No hand has a start time.", class_="note")]
    period = "day"
    if days["day"].max() - days["day"].min() > MONTHLY_AFTER:  # single days would be slivers on the axis
        period = "month"
        days = days.group_by(pl.col("day").dt.truncate("1mo")).agg(pl.col("hands").sum()).sort("day")
    chart = figures.volume(days["day"].to_list(), days["hands"].to_list(), period)
    return [h("h2", "Volume"), embed(chart, "fig-volume")]


def _games(games: pl.DataFrame, embed: figures.Embedder) -> list[Html]:
    rows = games.to_dicts()
    chart = figures.count_bars([f"{r['game']} {r['stakes']}" for r in rows], games["hands"].to_list(),
                               "Hands per game and stakes", "game", "hands")
    cells = [[r["game"], r["structure"], r["stakes"], r["unit"], f"{r['hands']:,}",
              unit_money(r["total_pots"], r["unit"]), f"{r['with_violations']:,}"] for r in rows]
    headers = ["game", "structure", "stakes", "unit", "hands", "total of the pots", "hands with violations"]
    return [h("h2", "Games"), embed(chart, "fig-games"), table(headers, cells, numeric=(4, 5, 6))]


def _violations(violations: pl.DataFrame, embed: figures.Embedder) -> list[Html]:
    if not violations.height:
        return [h("h2", "Rule violations"), h("p", "No violations.", class_="agrees")]
    chart = figures.count_bars(violations["code"].to_list(), violations["violations"].to_list(),
                               "Violations by code", "code", "violations")
    rows = [[r["code"], r["severity"], rule_cell(r["rule"]), f"{r['violations']:,}", f"{r['hands']:,}"]
            for r in violations.to_dicts()]
    return [h("h2", "Rule violations"), embed(chart, "fig-violations"),
            table(["code", "severity", "rule", "violations", "hands"], rows, numeric=(3, 4))]


def overview_page(con: duckdb.DuckDBPyConnection, filters: Filters, db: Path) -> str:
    data = overview_data(con, filters)
    embed = figures.Embedder()
    totals = data["totals"].to_dicts()[0]
    body = [h("h1", "studbook database overview"),
            h("p", f"{filters.describe()} · database {db}", class_="note")]
    if not totals["hands"]:  # nothing to draw: say so rather than show empty charts
        body.append(h("p", f"There are no hands in {db} ({filters.describe()}): "
                           f"studbook import PATH... --db {db} stores some.", class_="empty"))
    else:
        body += [_totals(totals), *_players(data["players"], embed), *_volume(data["days"], embed),
                 *_games(data["games"], embed), *_violations(data["violations"], embed)]
    return document("studbook: database overview", Html("".join(body)))
