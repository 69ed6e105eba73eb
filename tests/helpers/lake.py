"""`studbook import --lake` through the CLI, and a lake's tables as the read commands see them."""

from __future__ import annotations

from pathlib import Path

from helpers.importing import import_counts
from helpers.importing import table_rows
from studbook.analytics.lake_views import open_lake


def import_into_lake(lake: Path, scheduler: str, *paths: Path | str,
                     extra: tuple[str, ...] = ()) -> dict[str, int]:
    return import_counts(["import", *map(str, paths), "--lake", str(lake), "--scheduler", scheduler, *extra])


def lake_contents(lake: Path | str) -> dict[str, list[tuple]]:
    """Every row of every table view of the lake, in a canonical order (as helpers.importing.contents)."""
    con = open_lake(str(lake))
    try:
        return table_rows(con)
    finally:
        con.close()


def lake_files(lake: Path) -> dict[str, int]:
    """Every file in the lake, with its modification time in nanoseconds."""
    return {str(path.relative_to(lake)): path.stat().st_mtime_ns
            for path in lake.rglob("*") if path.is_file()}
