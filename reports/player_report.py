"""One player's report: headline stats, results over time, play by street, starting hands, play by door
card, showdowns, decision EV, violations.

Every number comes from the analytics views (``player_stats_for``, ``player_street_stats_for``,
``seat_facts``), so the report and ``studbook stats`` agree; the queries here only order, group or
accumulate those rows for the figures.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

import duckdb
import polars as pl

from studbook.analytics.stat_names import ROUND_OF
from studbook.analytics.stat_names import Rounds
from studbook.reports import figures
from studbook.reports.decision_ev import decision_section
from studbook.reports.decision_ev import decision_streets
from studbook.reports.filters import CONDITION
from studbook.reports.filters import Filters
from studbook.reports.filters import alias_note
from studbook.reports.filters import seat_rows
from studbook.reports.html import Html
from studbook.reports.html import document
from studbook.reports.html import h
from studbook.reports.html import table
from studbook.reports.units import unit_money
from studbook.reports.up_cards import RANKS
from studbook.reports.up_cards import first_round_by_door
from studbook.reports.up_cards import first_round_section
from studbook.reports.up_cards import showdown_section
from studbook.reports.up_cards import showdowns
from studbook.reports.violations import violations_section
from studbook.rules.house import Rules
from studbook.rules.variants import VARIANTS

# (label, player_stats_for column, kind, hands behind it as an aggregate over seat_facts). A label names
# the streets of the games shown (headline_labels): {s0} ... {s4} a betting round, {later} the rounds after
# the first, {opening} the first-in action.
HEADLINE: tuple[tuple[str, str, str, str], ...] = (
    ("Net won", "net", "money", "count(*)"),
    ("Big bets / 100 hands", "big_bets_per_100", "rate", "count(*)"),
    ("Small bets / 100 hands", "small_bets_per_100", "rate", "count(*)"),
    ("Showdown net", "showdown_net", "money", "count_if(showdown)"),
    ("Non-showdown net", "non_showdown_net", "money", "count_if(NOT showdown)"),
    ("All-in EV net", "ev_net", "money", "count(*)"),
    ("All-in EV big bets / 100 hands", "ev_big_bets_per_100", "rate", "count(*)"),
    ("Luck (net less all-in EV net)", "luck", "money", "count(ev_collected)"),
    ("VPIP", "vpip", "pct", "count_if(vpip_chance)"),
    ("Aggression on {s0}", "aggression_3rd", "pct", "count_if(vpip_chance)"),
    ("{opening}", "complete_first_in", "pct", "count_if(rfi_chance)"),
    ("Bring-in completes", "bringin_complete", "pct", "count_if(is_bringin)"),
    ("Bring-in folds to a completion", "bringin_fold", "pct", "count(bringin_vs_complete)"),
    ("Bring-in defends a completion", "bringin_defend", "pct", "count(bringin_vs_complete)"),
    ("Steal", "steal", "pct", "count_if(steal_chance)"),
    ("Steal success", "steal_success", "pct", "count_if(steal)"),
    ("Door-card steal", "door_steal", "pct", "count_if(door_steal_chance)"),
    ("Bring-in folds to a steal", "fold_to_steal", "pct", "count(bringin_vs_steal)"),
    ("Bring-in re-steals", "resteal", "pct", "count(bringin_vs_steal)"),
    ("Saw {s1}", "saw_4th", "pct", "count(*)"),
    ("Saw {s2}", "saw_5th", "pct", "count(*)"),
    ("Saw {s3}", "saw_6th", "pct", "count(*)"),
    ("Saw {s4}", "saw_7th", "pct", "count_if(betting_rounds > 4)"),
    ("Aggression factor ({later})", "aggression_factor", "rate", "count_if(s1_saw)"),
    ("Aggression frequency ({later})", "aggression_frequency", "pct", "count_if(s1_saw)"),
    ("Fold to a bet ({later})", "fold_to_bet", "pct", "count_if(later_faced_aggr > 0)"),
    ("Went to showdown, of the hands that saw {s1}", "wtsd", "pct", "count_if(s1_saw)"),
    ("Won at showdown", "won_at_showdown", "pct", "count_if(showdown)"),
    ("Won money, of the hands that saw {s1}", "won_saw_4th", "pct", "count_if(s1_saw)"),
    ("Stud8 scoops", "scoop", "pct", "count(hilo_result)"),
    ("Stud8 high only", "high_only", "pct", "count(hilo_result)"),
    ("Stud8 low only", "low_only", "pct", "count(hilo_result)"),
    ("Stud8 split", "split", "pct", "count(hilo_result)"),
)
OPENING_LABELS = {"complete": "Complete first in", "bet": "Bet first in",
                  "open": "Open first in (complete, or bet in a game without a bring-in)"}
GROUPS = ("GROUP BY GROUPING SETS ((variant, unit), (unit)) "
          "HAVING grouping(variant) = 0 OR count(DISTINCT variant) > 1")  # as player_stats_for groups
GAME = "CASE WHEN grouping(variant) = 1 THEN 'all' ELSE variant END AS game"
HI_LO_GAMES = [name for name, variant in VARIANTS.items() if variant.hi_lo]  # stud8


@dataclass(frozen=True, slots=True)
class PlayerData:
    """What the report shows, as frames: the tests check these against the page and the views."""

    stats: pl.DataFrame  # player_stats_for rows, with the hands behind each stat (``n_<column>``)
    curve: pl.DataFrame  # one row per hand in order: hand, unit, net_money, cumulative columns
    sessions: pl.DataFrame
    streets: pl.DataFrame
    start_classes: pl.DataFrame
    door_cards: pl.DataFrame
    door_actions: pl.DataFrame  # up_cards.first_round_by_door
    showdowns: pl.DataFrame  # up_cards.showdowns: the latest, with the hole cards known
    decisions: pl.DataFrame | None  # decision_ev.decision_streets; None when the database was not analysed


def _frame(con: duckdb.DuckDBPyConnection, sql: str, filters: Filters) -> pl.DataFrame:
    return con.sql(sql, params=filters.params).pl()


def _stats(con: duckdb.DuckDBPyConnection, filters: Filters) -> pl.DataFrame:
    stats = _frame(con, "SELECT * FROM player_stats_for($player, $game, $since, only_kind := $kind)", filters)
    counts = ", ".join(f"{expr} AS n_{column}" for _, column, _, expr in HEADLINE)
    behind = _frame(con, f"SELECT {GAME}, unit, {counts} FROM seat_facts WHERE {CONDITION} {GROUPS}", filters)
    return stats.join(behind, on=["game", "unit"], how="left").join(
        _intervals(con, filters), on=["game", "unit"], how="left", maintain_order="left")


def _intervals(con: duckdb.DuckDBPyConnection, filters: Filters) -> pl.DataFrame:
    """Each headline rate's 95% Wilson interval (``low_<column>``, ``high_<column>``), from the times it
    happened and its chances as ``rate_counts`` counts them (docs/stats.md: How sure a rate is)."""
    rates = [column for _, column, kind, _ in HEADLINE if kind == "pct"]
    picks = ", ".join(f"list_filter(counts, lambda r: r.stat = '{column}')[1] AS {column}"
                      for column in rates)
    bounds = ", ".join(f"wilson_low({column}.k, {column}.n) AS low_{column}, "
                       f"wilson_high({column}.k, {column}.n) AS high_{column}" for column in rates)
    return _frame(con, f"SELECT game, unit, {bounds} FROM (SELECT game, unit, {picks} FROM "
                       "rate_counts($player, $game, $since, only_kind := $kind))", filters)


def _curve(con: duckdb.DuckDBPyConnection, filters: Filters) -> pl.DataFrame:
    """Cumulative net per hand in big bets (all hands) and in money (per unit), and the same with each
    all-in's expectation for its result (``all-in EV``)."""
    hands = _frame(con, f"""
        SELECT row_number() OVER (ORDER BY start_utc NULLS LAST, site, hand_id) AS hand, unit,
               net / pow(10, decimals) AS net_money, net / big_bet AS net_bb, showdown,
               (coalesce(ev_collected, collected) - committed) / pow(10, decimals) AS ev_money,
               (coalesce(ev_collected, collected) - committed) / big_bet AS ev_bb
        FROM {seat_rows(filters)} ORDER BY hand""", filters)
    return hands.with_columns(
        pl.col("net_bb").cum_sum().alias("total_bb"),
        (pl.col("net_bb") * pl.col("showdown")).cum_sum().alias("showdown_bb"),
        (pl.col("net_bb") * ~pl.col("showdown")).cum_sum().alias("non-showdown_bb"),
        pl.col("net_money").cum_sum().over("unit").alias("total_money"),
        (pl.col("net_money") * pl.col("showdown")).cum_sum().over("unit").alias("showdown_money"),
        (pl.col("net_money") * ~pl.col("showdown")).cum_sum().over("unit").alias("non-showdown_money"),
        pl.col("ev_bb").cum_sum().alias(f"{figures.EV_LINE}_bb"),
        pl.col("ev_money").cum_sum().over("unit").alias(f"{figures.EV_LINE}_money"),
    )


def _sessions(con: duckdb.DuckDBPyConnection, filters: Filters) -> pl.DataFrame:
    """Hands grouped into sessions: a gap of more than 30 minutes starts a new one (docs/stats.md)."""
    return _frame(con, f"""
        WITH timed AS (
            SELECT site, hand_id, start_utc, net, big_bet, unit, decimals,
                   lag(start_utc) OVER (ORDER BY start_utc, site, hand_id) AS previous
            FROM {seat_rows(filters)} WHERE start_utc IS NOT NULL),
        numbered AS (
            SELECT *, sum(CASE WHEN previous IS NULL OR start_utc - previous > INTERVAL 30 MINUTE
                               THEN 1 ELSE 0 END)
                          OVER (ORDER BY start_utc, site, hand_id ROWS UNBOUNDED PRECEDING) AS session
            FROM timed)
        SELECT session, min(start_utc) AS started, max(start_utc) AS ended, count(*) AS hands,
               CAST(round(sum(in_bets(net, big_bet)), 2) AS DOUBLE) AS net_bb,
               CASE WHEN count(DISTINCT unit) = 1 THEN money(sum(net), max(decimals)) END AS net_money,
               any_value(unit) AS unit
        FROM numbered GROUP BY session ORDER BY session""", filters)


def _streets(con: duckdb.DuckDBPyConnection, filters: Filters) -> pl.DataFrame:
    return _frame(con, "SELECT game, street, hands, saw_pct, aggression_frequency, fold_to_bet "
                       "FROM player_street_stats_for($player, $game, $since, only_kind := $kind)", filters)


def _results_by(con: duckdb.DuckDBPyConnection, filters: Filters, category: str, order: str) -> pl.DataFrame:
    return _frame(con, f"""
        SELECT variant AS game, {category} AS category, count(*) AS hands,
               round(100 * sum(in_bets(net, big_bet)) / count(*), 2) AS bb_per_100
        FROM {seat_rows(filters)} WHERE {category} IS NOT NULL
        GROUP BY ALL ORDER BY game, {order}""", filters)


def player_data(con: duckdb.DuckDBPyConnection, filters: Filters) -> PlayerData:
    return PlayerData(
        stats=_stats(con, filters), curve=_curve(con, filters), sessions=_sessions(con, filters),
        streets=_streets(con, filters),
        start_classes=_results_by(con, filters, "start_class", "hands DESC, category"),
        door_cards=_results_by(con, filters, f"substr({RANKS}, door_rank - 1, 1)",
                               "min(door_rank) DESC"),
        door_actions=first_round_by_door(con, filters), showdowns=showdowns(con, filters),
        decisions=decision_streets(con, filters),
    )


# -- the page -------------------------------------------------------------------------------------------

def _cell(value: object, kind: str, unit: str, hands: int | None,
          interval: tuple[float | None, float | None] = (None, None)) -> str:
    """``23.5% (120) [16.8–31.9]``: the value, the hands behind it and, for a rate, its 95% interval."""
    if value is None:
        return "–"
    text = unit_money(value, unit) if kind == "money" else f"{value}%" if kind == "pct" else f"{value}"
    text = f"{text} ({hands:,})" if hands is not None else text
    low, high = interval
    return f"{text} [{low}–{high}]" if low is not None and high is not None else text


def headline_labels(games: list[str]) -> dict[str, str]:
    """Each headline stat's label, by column, in the words of ``games``: their own streets, or betting
    rounds named per game where their streets differ; a round none of them has gets no label."""
    rounds = Rounds.of(games)
    words = {f"s{index}": rounds.phrase(index) for index in range(5) if rounds.has_round(index)}
    words |= {"later": rounds.later(), "opening": OPENING_LABELS[rounds.opening()]}
    return {column: label.format(**words) for label, column, _, _ in HEADLINE
            if column not in ROUND_OF or rounds.has_round(ROUND_OF[column])}


def headline_table(stats: pl.DataFrame) -> Html:
    """Stats down, one column per game (and all games), each value with the hands behind it."""
    columns = stats.to_dicts()
    labels = headline_labels([c["game"] for c in columns])
    headers = ["", *(f"{c['game']} ({c['unit']})" for c in columns)]
    rows = [["Hands", *(f"{c['hands']:,}" for c in columns)]]
    for _, column, kind, _ in HEADLINE:
        if column not in labels or all(c[column] is None for c in columns):
            continue
        rows.append([labels[column], *(_cell(c[column], kind, c["unit"], c[f"n_{column}"],
                                             (c.get(f"low_{column}"), c.get(f"high_{column}")))
                                       for c in columns)])
    return table(headers, rows, numeric=range(1, len(headers)), class_="headline")


def _curve_figures(curve: pl.DataFrame, embed: figures.Embedder) -> list[Html]:
    def lines(frame: pl.DataFrame, suffix: str) -> pl.DataFrame:
        return frame.select("hand", *(pl.col(f"{name}_{suffix}").alias(name)
                                      for name in (*figures.LINE_COLOURS, figures.EV_LINE)))

    parts = [embed(figures.cumulative_net(lines(curve, "bb"), "Cumulative net in big bets", "big bets"),
                   "fig-net-bb")]
    for index, unit in enumerate(curve["unit"].unique(maintain_order=True).to_list()):
        own = unit_curve(curve, unit)
        title = f"Cumulative net in {unit} (its {own.height:,} hands)"
        chart = figures.cumulative_net(lines(own, "money"), title, unit)
        parts.append(embed(chart, f"fig-net-money-{index}"))
    return parts


def unit_curve(curve: pl.DataFrame, unit: str) -> pl.DataFrame:
    """The hands played for ``unit``, numbered 1 on among themselves: a chart in one currency runs over
    its own hands, not over their places among all the player's hands."""
    own = curve.filter(pl.col("unit") == unit)
    return own.with_columns(pl.int_range(1, own.height + 1, dtype=pl.Int64).alias("hand"))


def _session_labels(sessions: pl.DataFrame) -> pl.DataFrame:
    labels = []
    for row in sessions.to_dicts():
        minutes = (row["ended"] - row["started"]).total_seconds() / 60
        rate = row["hands"] * 60 / (minutes + 5)  # docs/stats.md, "The report": five minutes of padding
        money = f", {unit_money(row['net_money'], row['unit'])}" if row["net_money"] is not None else ""
        labels.append(f"{row['started']:%Y-%m-%d %H:%M} to {row['ended']:%H:%M} UTC, {row['hands']} hands "
                      f"({rate:.0f}/hour), {row['net_bb']} big bets{money}")
    return sessions.with_columns(pl.Series("label", labels, dtype=pl.String))


def _hilo(stats: pl.DataFrame, embed: figures.Embedder) -> Html | None:
    """How the pots of the first hi/lo stats row were won, when the player won any."""
    hi_lo = stats.filter(pl.col("game").is_in(HI_LO_GAMES)).to_dicts()
    if not hi_lo or not hi_lo[0]["n_scoop"]:
        return None
    row = hi_lo[0]
    shares = {"scoop": row["scoop"], "high only": row["high_only"], "low only": row["low_only"],
              "split": row["split"]}
    return embed(figures.hilo_shares(shares, row["n_scoop"]), "fig-hilo")


def player_page(con: duckdb.DuckDBPyConnection, filters: Filters, db: Path,
                rules: Rules | None = None, plotlyjs: str | None = None) -> str:
    """The whole report page for ``filters.player``; plotly.js inline, or from the URL ``plotlyjs``."""
    data = player_data(con, filters)
    embed = figures.Embedder(plotlyjs)
    named = alias_note(con, filters.player) if filters.player else None
    body: list[Html] = [
        h("h1", f"Player report: {filters.player}"),
        h("p", f"{filters.describe()} · database {db}", class_="note"),
        *([h("p", named, class_="note alias")] if named else []),
        h("h2", "Headline"),
        h("p", "Each value is followed by the number of hands behind it; a rate, by its 95% interval too "
               "[low–high]: where the player's true rate lies, given so few hands.", class_="note"),
        headline_table(data.stats),
        h("h2", "Results over time"),
        *_curve_figures(data.curve, embed),
    ]
    if data.sessions.height:
        body.append(embed(figures.sessions(_session_labels(data.sessions)), "fig-sessions"))
    body += [h("h2", "Play by street"), embed(figures.street_bars(data.streets), "fig-streets"),
             h("h2", "Starting hands")]
    for frame, name, title, div in (
            (data.start_classes, "starting hand", "Results by starting hand", "fig-start"),
            (data.door_cards, "door card", "Results by door card", "fig-door")):
        body.append(embed(figures.result_bars(frame, name, title), div) if frame.height else
                    h("p", f"No {name}s known.", class_="note"))
    body += [h("h2", "Play by door card"), *first_round_section(data.door_actions, embed),
             h("h2", "Showdowns"), *showdown_section(data.showdowns),
             h("h2", "Decision EV by street"), *decision_section(data.decisions, embed)]
    hilo = _hilo(data.stats, embed)
    if hilo is not None:
        body += [h("h2", "Stud hi/lo results"), hilo]
    body.append(violations_section(con, filters, db, rules))
    return document(f"studbook: {filters.player}", Html("".join(body)),
                    styles=("report.css", "replayer.css"), scripts=("replayer.js", "report.js"))
