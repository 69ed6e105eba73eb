"""``studbook stats --intervals`` and ``--by``: rates with their chances and 95% interval, one row a rate.

A rate over 12 chances reads like one over 1,200 in the stats table; these tables say how sure each is.
Each row is one rate of one player (and door rank, liveness bucket or starting class): how many chances
it had, the rate, its 95% Wilson interval, and where the chances are few (under ``enough_chances()`` of
stats.sql) the empirical-Bayes estimate, marked ``*``. They come from the macros of ``stats.sql``, so the
reports and ``studbook query`` read the same numbers.
"""

from __future__ import annotations

import textwrap
from typing import TYPE_CHECKING

from studbook.analytics.stat_names import Rounds

if TYPE_CHECKING:
    import duckdb
    import polars as pl

BY = ("door", "liveness", "start-class")  # what --by groups rates by
# The macro of each table and who its rows are (the columns before the numbers).
_MACROS = {
    "intervals": ("player_rates_for(?, ?, ?, only_kind := ?)", ("player", "site", "game", "unit", "stat")),
    "door": ("door_rank_rates_for(?, ?, ?)", ("player", "site", "game", "stat", "door")),
    "liveness": ("liveness_rates_for(?, ?, ?)",
                 ("player", "site", "game", "liveness_known", "liveness_bucket")),
    "start-class": ("start_class_hilo_for(?, ?)", ("player", "site", "start_class", "stat")),
}
SHRUNK_NOTE = ("* fewer than {chances} chances: the estimate is shrunk toward the database's players "
               "(empirical Bayes: a beta prior fitted to the players with enough chances); "
               "rate is as counted")
INTERVAL_NOTE = "n: chances; 95%: the Wilson score interval of the rate"
LIVENESS_NOTE = ("n: first streets with a draw; continued: saw the 2nd round; won: won money; known false: "
                 "from the door card alone (hole cards unknown)")
NOTE_WIDTH = 79  # notes wrap to fit a terminal of 80 columns


def rates(con: duckdb.DuckDBPyConnection, table: str, player: str | None, game: str | None,
          since: str | None, kind: str | None = None) -> tuple[pl.DataFrame, tuple[str, ...]]:
    """The rows of ``table`` (``intervals`` or one of :data:`BY`) and its key columns; ``kind`` (cash or
    tournament hands) filters ``intervals`` only."""
    macro, key = _MACROS[table]
    params = {"start-class": [player, since], "intervals": [player, game, since, kind]}.get(
        table, [player, game, since])
    frame = con.sql(f"SELECT * FROM {macro}", params=params).pl()
    if "stat" in frame.columns and "game" in frame.columns and not frame.is_empty():
        rounds = Rounds.of(frame["game"].to_list())
        frame = frame.with_columns(frame["stat"].map_elements(lambda name: rounds.column(name) or name,
                                                              return_dtype=frame["stat"].dtype))
    return frame, tuple(name for name in key if name in frame.columns)


def interval(low: float | None, high: float | None) -> str:
    """A 95% interval as the table writes it.

    >>> interval(2.5, 41.0), interval(None, None)
    ('2.5-41.0', '')
    """
    return "" if low is None or high is None else f"{low:.1f}-{high:.1f}"


def for_table(frame: pl.DataFrame, key: tuple[str, ...],
              chances: int) -> tuple[pl.DataFrame, tuple[str, ...], list[str]]:
    """The rows as the table shows them, its key columns, and the notes that explain them: n, rate and
    the interval as text, the estimate only where it is shrunk (marked ``*``); a liveness bucket's two
    rates (continued, won) on two lines."""
    import polars as pl

    if "continued" in frame.columns:  # liveness: two rates a row, over its hands, one line each
        frame = pl.concat([
            frame.select(*key, pl.lit(stat).alias("stat"), pl.col("hands").alias("n"),
                         pl.col(f"{stat}_rate").alias("rate"), pl.col(f"{stat}_low").alias("rate_low"),
                         pl.col(f"{stat}_high").alias("rate_high"))
            for stat in ("continued", "won")]).sort([*key[:3], "liveness_known", "stat"], descending=[
                False, False, False, True, False], maintain_order=True)
        frame = frame.rename({"liveness_known": "known", "liveness_bucket": "bucket"})
        key = (*key[:3], "known", "bucket", "stat")
        notes = [LIVENESS_NOTE]
    else:
        notes = []
    bounds = pl.struct("rate_low", "rate_high")
    columns = [*key, "n", "rate", bounds.map_elements(lambda row: interval(row["rate_low"], row["rate_high"]),
                                                      return_dtype=pl.String).alias("95%")]
    notes.append(INTERVAL_NOTE)
    if "shrunk" in frame.columns:
        columns.append(pl.when(pl.col("shrunk")).then(pl.format("{}*", pl.col("estimate")))
                       .otherwise(pl.lit("")).alias("estimate"))
        if frame["shrunk"].any():
            notes.append(SHRUNK_NOTE.format(chances=chances))
    return frame.select(columns), key, [textwrap.fill(note, NOTE_WIDTH) for note in notes]
