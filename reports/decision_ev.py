"""A player's decision EV by street, from the ``decisions`` table that ``studbook analyse`` fills.

Each row of ``decisions`` is one bet, completion, raise, call or fold whose hole cards were known, with
the player's equity at that moment (the dead cards removed) and the action's EV in chips (the hand's
smallest unit, a DOUBLE). The report sums them per game and street in big bets, since one player's hands
may be played for several units. A database that was never analysed has no such table: the report says
how to make one instead of showing an empty section.
"""

from __future__ import annotations

import duckdb
import polars as pl

from studbook.analytics.stat_names import ordinal
from studbook.reports import figures
from studbook.reports.filters import Filters
from studbook.reports.filters import seat_rows
from studbook.reports.html import Html
from studbook.reports.html import h
from studbook.reports.html import table
from studbook.reports.review import analysed

UNDERDOG = 0.2  # a call with less equity than this is "a call as an underdog of less than 20%"
NOT_ANALYSED = "Decision EV is not in this database: run `studbook analyse` to see decision EV."


def decision_streets(con: duckdb.DuckDBPyConnection, filters: Filters) -> pl.DataFrame | None:
    """Per game and street of the player's analysed decisions: how many, the calls as an underdog (equity
    under :data:`UNDERDOG`), the money put in with the best of it (more equity than a fair share, one over
    the players in the pot, as the ``decision_streets`` view counts it) and with the worst of it (less),
    and the sum of the EVs, all in big bets; ``ev_error_bb`` is the standard error of
    that sum (the Monte Carlo errors in quadrature, 0 where exact). None when nothing was analysed."""
    if not analysed(con):
        return None
    return con.sql(f"""
        SELECT s.variant AS game, d.street_index, d.street, count(*) AS decisions,
               count_if(d.action = 'call' AND d.equity < {UNDERDOG}) AS calls_as_underdog,
               coalesce(sum(d.amount / s.big_bet) FILTER (d.equity > 1 / (d.opponents + 1)), 0)
                   AS put_in_best_bb,
               coalesce(sum(d.amount / s.big_bet) FILTER (d.equity < 1 / (d.opponents + 1)), 0)
                   AS put_in_worst_bb,
               sum(d.ev / s.big_bet) AS decision_ev_bb,
               sqrt(sum(pow(coalesce(d.std_error, 0) / s.big_bet, 2))) AS ev_error_bb
        FROM decisions AS d
        JOIN {seat_rows(filters, "site, hand_id, player, variant, big_bet")} AS s
            USING (site, hand_id, player)
        GROUP BY ALL ORDER BY game, d.street_index""", params=filters.params).pl()


def decision_section(frame: pl.DataFrame | None, embed: figures.Embedder) -> list[Html]:
    if frame is None:
        return [h("p", NOT_ANALYSED, class_="note")]
    if frame.is_empty():
        return [h("p", "None of the player's decisions has been analysed (hole cards unknown, or hands "
                       "imported since): run `studbook analyse` to see decision EV.", class_="note")]
    frame = frame.with_columns(pl.col("street").map_elements(ordinal, return_dtype=pl.String))
    rows = [[row["game"], f"{row['street']} street", f"{row['decisions']:,}", f"{row['calls_as_underdog']:,}",
             f"{row['put_in_best_bb']:.2f}", f"{row['put_in_worst_bb']:.2f}",
             f"{row['decision_ev_bb']:+.2f} ± {1.96 * row['ev_error_bb']:.2f}"] for row in frame.to_dicts()]
    headers = ["Game", "Street", "Decisions", f"Calls as an underdog (< {UNDERDOG:.0%})",
               "Put in with the best of it (BB)", "Put in with the worst of it (BB)", "Decision EV (BB)"]
    return [
        h("p", "Each bet, completion, raise, call and fold whose hole cards were known, valued with the "
               "player's equity at that moment against the hands still live, every card seen removed. "
               "With the best of it: more equity than a fair share (one over the players in the pot); "
               "with the worst of it: less. Amounts in big bets (BB); "
               "± is 95% of the Monte Carlo error.", class_="note"),
        table(headers, rows, numeric=range(2, len(headers)), class_="decisions"),
        embed(figures.decision_ev_bars(frame), "fig-decision-ev"),
    ]
