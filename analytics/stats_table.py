"""``studbook stats`` as a table that fits the terminal (or $COLUMNS, 80 by default, in a pipe).

A stats row has about 35 numbers: squeezed into 80 columns, rich would cut every column to three
characters and wrap the numbers. Instead a table shows its key columns (player, game, unit) and as
many of the wanted stats as fit, whole, and says which it left out; a few rows are shown turned on
their side (one column per row), in as many blocks as the width needs. Numbers never wrap; long names
do. ``--columns`` chooses the stats, ``--wide`` shows them all on one line whatever the width.
"""

from __future__ import annotations

import sys
from collections.abc import Sequence
from typing import TYPE_CHECKING

from rich.console import Console
from rich.table import Table
from rich.text import Text

from studbook.analytics.output import rows_table
from studbook.display import cell

if TYPE_CHECKING:
    import polars as pl

WIDE = 100_000  # characters: --wide never wraps
COLUMN_GAP = 3  # a column's padding and its separator, as rich draws a table without edges


class ColumnError(ValueError):
    """--columns names a column the stats do not have."""


def chosen(frame: pl.DataFrame, key: Sequence[str], columns: Sequence[str]) -> pl.DataFrame:
    """The key columns and ``columns``, in the order given; an unknown name is a :class:`ColumnError`."""
    unknown = [name for name in columns if name not in frame.columns]
    if unknown:
        raise ColumnError(f"no stat named {', '.join(unknown)}; the stats are: "
                          + ", ".join(name for name in frame.columns if name not in key))
    return frame.select(*key, *(name for name in columns if name not in key))


def _width(frame: pl.DataFrame, name: str) -> int:
    values = (len(cell(value)) for value in frame[name])
    return max(len(name), *values) if frame.height else len(name)


def _fitting(frame: pl.DataFrame, key: Sequence[str], width: int) -> tuple[list[str], list[str]]:
    """The columns to show (the key, then others in order while they fit) and those left out."""
    used = sum(_width(frame, name) + COLUMN_GAP for name in key)
    shown, left_out = list(key), []
    for name in frame.columns:
        if name in key:
            continue
        needed = _width(frame, name) + COLUMN_GAP
        if used + needed <= width and not left_out:
            shown.append(name)
            used += needed
        else:
            left_out.append(name)
    return shown, left_out


def _head(row: dict, key: Sequence[str]) -> Text:
    return Text("\n").join(cell(row[name]) for name in key)


def _blocks(rows: list[dict], key: Sequence[str], stats: Sequence[str], width: int) -> list[list[dict]]:
    """The rows in runs whose columns fit ``width`` beside the stat names (at least one row a run)."""
    label_width = max(map(len, stats)) + COLUMN_GAP
    blocks: list[list[dict]] = []
    used = width
    for row in rows:
        needed = max(*(len(line) for line in _head(row, key).plain.split("\n")),
                     *(len(cell(row[name])) for name in stats)) + COLUMN_GAP
        if used + needed > width or not blocks:
            blocks.append([])
            used = label_width
        blocks[-1].append(row)
        used += needed
    return blocks


def _side_tables(frame: pl.DataFrame, key: Sequence[str], width: int) -> list[Table]:
    """One column per row, headed by its key values one per line; as many columns per table as fit."""
    stats = [name for name in frame.columns if name not in key]
    tables = []
    for block in _blocks(frame.rows(named=True), key, stats, width):
        table = Table(show_edge=False, header_style="bold")
        table.add_column("")
        for row in block:
            table.add_column(_head(row, key), justify="right", no_wrap=True)
        for name in stats:
            table.add_row(cell(name), *(cell(row[name]) for row in block))
        tables.append(table)
    return tables


def write_stats(frame: pl.DataFrame, key: Sequence[str], *, side_by_side_up_to: int, wide: bool) -> None:
    """Print stats rows to fit the width: up to ``side_by_side_up_to`` rows turned on their side."""
    console = Console(width=WIDE) if wide else Console()
    width = console.width
    if frame.is_empty():
        console.print("(no rows)")
    elif frame.height <= side_by_side_up_to:
        for table in _side_tables(frame, key, width):
            console.print(table)
    else:
        shown, left_out = _fitting(frame, key, width)
        console.print(rows_table(frame.select(shown)))
        if left_out:
            print(f"{len(left_out)} more columns do not fit in {width} characters: {', '.join(left_out)} "
                  "(--columns chooses, --wide shows all)", file=sys.stderr)
