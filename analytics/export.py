"""``studbook export``: the stored tables in other formats. One function per format in ``EXPORTERS``,
so a new format is one entry (hand-history writers can register theirs here)."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

from studbook.analytics.db import DATA_TABLES
from studbook.outputs import OutputError

if TYPE_CHECKING:  # every command's options name the formats: duckdb loads with a database
    import duckdb

Exporter = Callable[["duckdb.DuckDBPyConnection", Path], list[Path]]


def _quoted(path: Path) -> str:
    return "'" + str(path).replace("'", "''") + "'"


def export_parquet(con: duckdb.DuckDBPyConnection, out: Path) -> list[Path]:
    """One Parquet file per table, named after it, for any engine to read."""
    if out.exists() and not out.is_dir():
        raise OutputError(f"{out} is a file: parquet writes one file per table into a folder; give a folder")
    out.mkdir(parents=True, exist_ok=True)
    written = []
    for table in DATA_TABLES:
        target = out / f"{table}.parquet"
        con.execute(f"COPY {table} TO {_quoted(target)} (FORMAT parquet)")
        written.append(target)
    return written


EXPORTERS: dict[str, Exporter] = {"parquet": export_parquet}
