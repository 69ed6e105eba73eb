"""Query results to the terminal or to other programs: a rich table, CSV or JSON (polars' writers)."""

from __future__ import annotations

import sys
from typing import TYPE_CHECKING

from rich.console import Console
from rich.table import Table

from studbook.display import cell

if TYPE_CHECKING:
    import polars as pl

FORMATS = ("table", "csv", "json")
# A spreadsheet runs a cell that starts with one of these as a formula (OWASP "CSV injection").
FORMULA_START = r"^[=+\-@\t\r]"


class FormatError(Exception):
    """Values the asked format cannot hold."""


def _csv_safe(frame: pl.DataFrame) -> pl.DataFrame:
    """Text cells a spreadsheet would run as a formula, quoted with a leading ``'``; numbers as they are."""
    import polars as pl

    text = [name for name, dtype in frame.schema.items() if dtype == pl.String]
    return frame.with_columns(
        pl.when(pl.col(name).str.contains(FORMULA_START)).then("'" + pl.col(name)).otherwise(pl.col(name))
        .alias(name) for name in text)


def rows_table(frame: pl.DataFrame) -> Table:
    """One row per row of ``frame``; numbers never wrap, text folds."""
    table = Table(show_edge=False, header_style="bold")
    for name, dtype in frame.schema.items():
        numeric = dtype.is_numeric()
        table.add_column(cell(name), justify="right" if numeric else "left", no_wrap=numeric, overflow="fold")
    for row in frame.iter_rows():
        table.add_row(*map(cell, row))
    return table


def _console() -> Console:
    """The terminal's width on a terminal; elsewhere (a pipe, a file) as wide as the table needs."""
    console = Console()
    return console if console.is_terminal else Console(width=10_000)


def write(frame: pl.DataFrame, fmt: str) -> None:
    """Print ``frame`` as ``fmt`` (``studbook stats`` draws its tables with analytics/stats_table.py)."""
    if fmt == "csv":
        nested = [name for name, dtype in frame.schema.items() if dtype.is_nested()]
        if nested:
            raise FormatError(f"CSV cannot hold the lists or structs of column {', '.join(nested)}: "
                              "use --format json")
        sys.stdout.write(_csv_safe(frame).write_csv())
    elif fmt == "json":
        sys.stdout.write(frame.write_json() + "\n")
    elif frame.is_empty():
        _console().print("(no rows)")
    else:
        _console().print(rows_table(frame))
