"""`studbook import` through the CLI, and a database's contents, for the import tests."""

from __future__ import annotations

from pathlib import Path

import duckdb
from typer.testing import CliRunner

from studbook.analytics.db import DATA_TABLES
from studbook.cli import app

runner = CliRunner()


def import_into(db: Path, *paths: Path | str, extra: tuple[str, ...] = ()) -> dict[str, int]:
    return import_counts(["import", *map(str, paths), "--db", str(db), *extra])


def import_counts(args: list[str]) -> dict[str, int]:
    """Run ``studbook ARGS`` (an import), which must succeed, and read its summary's counts."""
    result = runner.invoke(app, args)
    assert result.exit_code == 0, result.output
    return summary_counts(result.stdout)


def summary_counts(summary: str) -> dict[str, int]:
    """The counts of an import's printed summary, by label."""
    counts = {}
    for line in summary.splitlines():
        label, _, number = line.strip().rpartition("  ")
        if number.strip().replace(",", "").isdigit():
            counts[label.strip()] = int(number.replace(",", ""))
    return counts


def _hashable(value: object) -> object:
    return tuple(value) if isinstance(value, list) else value


def table_rows(con: duckdb.DuckDBPyConnection) -> dict[str, list[tuple]]:
    """Every row of every table of ``con``, in a canonical order; lists as tuples, so rows can be compared
    as sets."""
    tables = {name: con.sql(f"FROM {name}").fetchall() for name in DATA_TABLES}
    return {name: sorted((tuple(map(_hashable, row)) for row in rows), key=repr)
            for name, rows in tables.items()}


def contents(db: Path) -> dict[str, list[tuple]]:
    """Every row of every table of the database at ``db`` (:func:`table_rows`)."""
    con = duckdb.connect(str(db), read_only=True)
    try:
        return table_rows(con)
    finally:
        con.close()
