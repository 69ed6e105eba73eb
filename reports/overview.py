"""The database overview (``studbook report`` without ``--player``): players, volume, games, violations."""

from __future__ import annotations

from datetime import timedelta
from pathlib import Path

import duckdb
import plotly.graph_objects as go
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
    """The hands the filters select (any player), as a sub-query of ``hands``, each with its worst
    finding as ``studbook audit`` counts hands: ``error``, ``warning`` (and no error), ``info`` (notes
    only), or NULL."""
    return f"""(SELECT h.*, w.worst FROM hands AS h
                SEMI JOIN {seat_rows(filters, 'site, hand_id')} USING (site, hand_id)
                LEFT JOIN (SELECT site, hand_id, CASE WHEN bool_or(severity = 'error') THEN 'error'
                                                      WHEN bool_or(severity = 'warning') THEN 'warning'
                                                      ELSE 'info' END AS worst
                           FROM violations GROUP BY site, hand_id) AS w USING (site, hand_id))"""


def overview_data(con: duckdb.DuckDBPyConnection, filters: Filters) -> dict[str, pl.DataFrame]:
    """Each section's rows; tests compare them with the page and with the views."""
    hands = _hands(filters)
    return {
        "totals": _frame(con, f"""
            SELECT (SELECT count(*) FROM {hands}) AS hands,
                   (SELECT count(DISTINCT (identity, identity_site))
                    FROM {seat_rows(filters, 'identity, identity_site')}) AS players,
                   (SELECT count(DISTINCT site) FROM {hands}) AS sites,
                   (SELECT count(*) FILTER (WHERE worst = 'error') FROM {hands}) AS hands_with_errors,
                   (SELECT count(*) FILTER (WHERE worst = 'warning') FROM {hands}) AS hands_with_warnings,
                   (SELECT count(*) FILTER (WHERE worst = 'info') FROM {hands}) AS hands_with_notes,
                   (SELECT count(*) FROM rejected) AS rejected_blocks,
                   (SELECT min(start_utc) FROM {hands}) AS first_hand,
                   (SELECT max(start_utc) FROM {hands}) AS last_hand""", filters),
        "players": _frame(con, f"""
            SELECT identity AS player, identity_site AS site, count(*) AS hands,
                   string_agg(DISTINCT variant, ', ' ORDER BY variant) AS games,
                   string_agg(DISTINCT site, ', ' ORDER BY site) AS sites,
                   round(100 * sum(in_bets(net, big_bet)) / count(*), 2) AS big_bets_per_100
            FROM {seat_rows(filters)} GROUP BY identity, identity_site
            ORDER BY hands DESC, player COLLATE NOCASE, player, site""", filters),
        "days": _frame(con, f"""
            SELECT CAST(start_utc AS DATE) AS day, count(*) AS hands FROM {hands}
            WHERE start_utc IS NOT NULL GROUP BY day ORDER BY day""", filters),
        "games": _frame(con, f"""
            SELECT variant AS game, structure, stakes, unit, count(*) AS hands,
                   money(sum(total_pot), max(decimals)) AS total_pots,
                   count(*) FILTER (WHERE worst = 'error') AS with_errors,
                   count(*) FILTER (WHERE worst = 'warning') AS with_warnings,
                   count(*) FILTER (WHERE worst = 'info') AS with_notes
            FROM {hands} GROUP BY ALL ORDER BY hands DESC, game, stakes""", filters),
        "violations": _frame(con, f"""
            SELECT code, severity, rule, count(*) AS violations, count(DISTINCT (site, hand_id)) AS hands
            FROM violations SEMI JOIN {hands} USING (site, hand_id)
            GROUP BY code, severity, rule
            ORDER BY CASE severity WHEN 'error' THEN 0 WHEN 'warning' THEN 1 ELSE 2 END, violations DESC,
                     code""", filters),
    }


def _totals(totals: dict) -> Html:
    return table(["", "count"], numeric=(1,), rows=[
        ["hands", f"{totals['hands']:,}"], ["players", f"{totals['players']:,}"], ["sites", totals["sites"]],
        ["hands with rule errors", f"{totals['hands_with_errors']:,}"],
        ["hands with warnings (no error)", f"{totals['hands_with_warnings']:,}"],
        ["hands with notes only (information, no fault)", f"{totals['hands_with_notes']:,}"],
        ["rejected blocks (did not parse)", f"{totals['rejected_blocks']:,}"],
        ["first hand (UTC)", totals["first_hand"] or "–"], ["last hand (UTC)", totals["last_hand"] or "–"]])


def player_label(player: str, site: str) -> str:
    """A player as the overview names him: a name on its site, or an alias (a name on several sites is
    several players)."""
    return f"{player} ({'alias' if site == 'alias' else site})"


def players_figure(players: pl.DataFrame) -> go.Figure:
    """Hands of the players with the most, one bar each, most first, each labelled with its site."""
    top = players.head(TOP_PLAYERS)
    labels = [player_label(r["player"], r["site"]) for r in top.to_dicts()]
    return figures.count_bars(labels, top["hands"].to_list(), "Hands per player, most first",
                              "player (site, or alias)", "hands")


def _players(players: pl.DataFrame, embed: figures.Embedder) -> list[Html]:
    top = players.head(TOP_PLAYERS)
    chart = players_figure(players)
    rows = [[r["player"], f"alias ({r['sites']})" if r["site"] == "alias" else r["site"], f"{r['hands']:,}",
             r["games"], f"{r['big_bets_per_100']:.2f}"] for r in top.to_dicts()]
    return [h("h2", "Players"),
            h("p", f"The {top.height} players with the most hands of {players.height}. A player is a name on "
                   "one site, or an alias joining several; studbook report --player SITE:NAME (or ALIAS) "
                   "reports on one.", class_="note"),
            embed(chart, "fig-players"),
            table(["player", "site", "hands", "games", "big bets / 100"], rows, numeric=(2, 4))]


def _volume(days: pl.DataFrame, embed: figures.Embedder) -> list[Html]:
    if not days.height:
        return [h("h2", "Volume"), h("p", "No hand has a start time.", class_="note")]
    period = "day"
    if days["day"].max() - days["day"].min() > MONTHLY_AFTER:  # single days would be slivers on the axis
        period = "month"
        days = days.group_by(pl.col("day").dt.truncate("1mo")).agg(pl.col("hands").sum()).sort("day")
    chart = figures.volume(days["day"].to_list(), days["hands"].to_list(), period)
    return [h("h2", "Volume"), embed(chart, "fig-volume")]


def game_labels(rows: list[dict]) -> list[str]:
    """``stud8 $0.10/$0.20`` for each row of the games table, its betting structure named when it is not
    limit, and its unit where two rows would read the same: a bar for each row, none merged."""
    labels = [f"{r['game']} {r['stakes']}" + ("" if r["structure"] == "limit" else f" {r['structure']}")
              for r in rows]
    return [f"{label} {row['unit']}" if labels.count(label) > 1 else label
            for label, row in zip(labels, rows, strict=True)]


def _games(games: pl.DataFrame, embed: figures.Embedder) -> list[Html]:
    rows = games.to_dicts()
    chart = figures.count_bars(game_labels(rows), games["hands"].to_list(), "Hands per game and stakes",
                               "game", "hands")
    cells = [[r["game"], r["structure"], r["stakes"], r["unit"], f"{r['hands']:,}",
              unit_money(r["total_pots"], r["unit"]), f"{r['with_errors']:,}", f"{r['with_warnings']:,}",
              f"{r['with_notes']:,}"] for r in rows]
    headers = ["game", "structure", "stakes", "unit", "hands", "total of the pots", "hands with errors",
               "with warnings (no error)", "with notes only"]
    return [h("h2", "Games"), embed(chart, "fig-games"), table(headers, cells, numeric=(4, 5, 6, 7, 8))]


def _violations(violations: pl.DataFrame, embed: figures.Embedder) -> list[Html]:
    title = h("h2", "Rule violations and notes")
    if not violations.height:
        return [title, h("p", "No violations and no notes.", class_="agrees")]
    chart = figures.severity_bars(violations, "Findings by code: errors, warnings and notes")
    rows = [[r["code"], r["severity"], rule_cell(r["rule"]), f"{r['violations']:,}", f"{r['hands']:,}"]
            for r in violations.to_dicts()]
    return [title, h("p", "Errors break a rule; warnings are what a rule warns of; notes (severity info) "
                          "are no fault: what a log leaves unknown, or a site's own convention. They are "
                          "counted apart, as studbook audit counts them.", class_="note"),
            embed(chart, "fig-violations"),
            table(["code", "severity", "rule", "found", "hands"], rows, numeric=(3, 4))]


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
