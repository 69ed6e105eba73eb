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

Exporter = Callable[["duckdb.DuckDBPyConnection", Path, bool], list[Path]]  # (database, out, force)


def _quoted(path: Path) -> str:
    return "'" + str(path).replace("'", "''") + "'"


def export_parquet(con: duckdb.DuckDBPyConnection, out: Path, force: bool = False) -> list[Path]:
    """One Parquet file per table, named after it, for any engine to read; a file of that name that is
    not Parquet is replaced only with ``force`` (a hand-history log never)."""
    from studbook.writers.targets import PARQUET  # the site readers, only when exporting
    from studbook.writers.targets import check_target

    if out.exists() and not out.is_dir():
        raise OutputError(f"{out} is a file: parquet writes one file per table into a folder; give a folder")
    targets = [out / f"{table}.parquet" for table in DATA_TABLES]
    for target in targets:
        check_target(target, PARQUET, force=force)
    out.mkdir(parents=True, exist_ok=True)
    written = []
    for table, target in zip(DATA_TABLES, targets, strict=True):
        con.execute(f"COPY {table} TO {_quoted(target)} (FORMAT parquet)")
        written.append(target)
    return written


EXPORTERS: dict[str, Exporter] = {"parquet": export_parquet}
