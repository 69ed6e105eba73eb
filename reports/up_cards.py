"""What a player does with the cards the table sees: the first betting round by door card, and the hands
shown down with the board they were shown with.

A stud opponent is read by the up cards: the door card is all the table knows of a hand when it decides
to complete, call or fold, and the board a player kept to the showdown says what such a board held. Both
come from the stored facts (``seat_facts``, ``cards``), so the counts agree with ``studbook stats``.
"""

from __future__ import annotations

from decimal import Decimal

import duckdb
import polars as pl

from studbook.analytics.stat_names import Rounds
from studbook.reports import figures
from studbook.reports.filters import Filters
from studbook.reports.filters import seat_rows
from studbook.reports.html import Html
from studbook.reports.html import h
from studbook.reports.html import table
from studbook.reports.units import unit_money

RANKS = "'23456789TJQKA'"
SHOWDOWNS_SHOWN = 50  # the latest showdowns listed; more make a page nobody reads to the end

# What a player did in the first betting round, each hand counted once under its most telling action: a
# completion, bet or raise at any point; else a fold; else a call; else nothing more than the forced
# bring-in, or checks (a game without a bring-in). Columns of first_round_by_door, in the chart's order.
FIRST_ROUND_CLASSES = {"aggressive": "completed, bet or raised", "called": "called (no raise)",
                       "folded": "folded (no raise)", "passive": "bring-in or check only"}


def first_round_by_door(con: duckdb.DuckDBPyConnection, filters: Filters) -> pl.DataFrame:
    """Per game and door card rank: ``hands`` and how many of them fell in each of
    :data:`FIRST_ROUND_CLASSES`; a seat all-in on its ante or bring-in had no decision and is left out."""
    return con.sql(f"""
        SELECT variant AS game, door_rank, substr({RANKS}, door_rank - 1, 1) AS door, count(*) AS hands,
               CAST(count_if(s0_aggr) AS BIGINT) AS aggressive,
               CAST(count_if(NOT s0_aggr AND NOT s0_folded AND s0_calls > 0) AS BIGINT) AS called,
               CAST(count_if(NOT s0_aggr AND s0_folded) AS BIGINT) AS folded,
               CAST(count_if(NOT s0_aggr AND NOT s0_folded AND s0_calls = 0) AS BIGINT) AS passive
        FROM {seat_rows(filters)} WHERE door_rank IS NOT NULL AND NOT forced_all_in
        GROUP BY ALL ORDER BY game, door_rank DESC""", params=filters.params).pl()


def showdowns(con: duckdb.DuckDBPyConnection, filters: Filters, limit: int = SHOWDOWNS_SHOWN) -> pl.DataFrame:
    """The latest ``limit`` hands the player took to a showdown with the hole cards known: the up cards
    in the order dealt, the down cards, the hand named, whether it was mucked, the result; ``total`` is how
    many there are."""
    return con.sql(f"""
        WITH mine AS (
            SELECT site, hand_id, player, start_utc, variant, unit, decimals, high_name, low_name, net,
                   shown_cards
            FROM {seat_rows(filters)} WHERE showdown),
        known AS (  -- a card dealt face down and shown again is one card, at its first place
            SELECT site, hand_id, player, face, card, min(seq) AS seq
            FROM cards JOIN mine USING (site, hand_id, player) WHERE face IN ('up', 'down') GROUP BY ALL)
        SELECT start_utc, site, hand_id, variant AS game, unit, high_name, low_name,
               shown_cards IS NULL AS mucked,
               money(net, decimals) AS net_money,
               string_agg(card, ' ' ORDER BY seq) FILTER (face = 'up') AS board,
               string_agg(card, ' ' ORDER BY seq) FILTER (face = 'down') AS hole,
               count(*) OVER () AS total
        FROM mine JOIN known USING (site, hand_id, player)
        GROUP BY ALL HAVING hole IS NOT NULL
        ORDER BY start_utc DESC NULLS LAST, site, hand_id DESC LIMIT $limit""",
                   params={**filters.params, "limit": limit}).pl()


def first_round_section(frame: pl.DataFrame, embed: figures.Embedder) -> list[Html]:
    games = frame["game"].unique(maintain_order=True).to_list()
    if not games:
        return [h("p", "No door cards known.", class_="note")]
    words = Rounds.of(games).phrase(0)
    return [
        h("p", f"Each hand counted once, under the most telling of the player's actions on {words}: a "
               "completion, bet or raise at any point; else a fold; else a call; else the bring-in or checks "
               "alone. Each door card is followed by the number of hands behind it.", class_="note"),
        embed(figures.door_actions(frame, FIRST_ROUND_CLASSES,
                                   f"What the player did on {words}, by door card"), "fig-door-actions"),
    ]


def _hand_name(high: str | None, low: str | None, mucked: bool) -> str:
    """The hand as the showdown named it, high / low; a hand mucked at the showdown (its cards known to
    its owner's log only) says so.

    >>> _hand_name("two pair, Aces and Queens", "8,7,5,4,2", False), _hand_name(None, None, True)
    ('two pair, Aces and Queens / 8,7,5,4,2', 'mucked')
    """
    return " / ".join(name for name in (high, low) if name) or ("mucked" if mucked else "")


def _result(net: Decimal, unit: str) -> str:
    """The hand's net for the player, in words.

    >>> _result(Decimal("1.20"), "USD"), _result(Decimal("-300"), "chips"), _result(Decimal(0), "EUR")
    ('won $1.20', 'lost 300 chips', 'broke even')
    """
    if not net:
        return "broke even"
    return f"{'won' if net > 0 else 'lost'} {unit_money(abs(net), unit)}"


def showdown_section(frame: pl.DataFrame) -> list[Html]:
    if frame.is_empty():
        return [h("p", "No showdowns with the player's hole cards known.", class_="note")]
    total = frame["total"][0]
    shown = f"The latest {frame.height:,} of {total:,}" if total > frame.height else f"All {total:,}"
    rows = [[f"{row['start_utc']:%Y-%m-%d %H:%M}" if row["start_utc"] else "", row["game"],
             f"{row['site']} {row['hand_id']}", row["board"] or "", row["hole"],
             _hand_name(row["high_name"], row["low_name"], row["mucked"]),
             _result(row["net_money"], row["unit"])]
            for row in frame.to_dicts()]
    return [h("p", f"{shown} hands the player took to a showdown with the hole cards known, latest first; "
                   "the result is the hand's net for the player.", class_="note"),
            table(["When (UTC)", "Game", "Hand", "Board (up cards)", "Hole cards", "Shown hand", "Result"],
                  rows, class_="showdowns")]
