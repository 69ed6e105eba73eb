"""Opening a studbook database: create or check the schema, refresh the views, fail with a clear message."""

from __future__ import annotations

from functools import cache
from importlib.resources import files
from pathlib import Path
from typing import TYPE_CHECKING

import duckdb

if TYPE_CHECKING:
    import pyarrow as pa

SCHEMA_VERSION = 4  # 2: hands.rules; 3: imported_files; 4: seats.ev_collected
# Versions this studbook brings up to SCHEMA_VERSION in place: what is new is a table or a column that
# schema.sql adds when missing (the seats of hands imported before version 4 have no all-in EV, so their
# expectation is their result). Reading needs nothing of the newer tables; the views an import made stay.
UPGRADABLE = (2, 3)
DEFAULT_DB = "studbook.duckdb"
DEFAULT_BATCH = 5000  # hands (and rejected blocks) per import transaction, rounded up to whole chunks
DEFAULT_CHUNK = 1000  # hand blocks per unit of work of an import: what bounds its memory
# DuckDB keeps the table blocks it writes cached, up to 80% of RAM by default, so an import's memory
# would grow with the database; a limit makes it write them out (intermediates spill). Measured on
# the writer alone: 64MB peaks about 55 MB below 128MB, for 7% more of its CPU time.
# DuckDB checkpoints (folds the write-ahead log into the file) when the log passes 16MB by default,
# every ~20k hands; each costs more than the log it saves. 256MB (~300k hands, 0.8 KB of log per
# hand) cut the writer's CPU from about 220 to 150 us per hand, with the same peak memory. One
# thread: the writer is fed one batch at a time, and with --jobs the workers have the other cores.
IMPORT_SETTINGS = {"memory_limit": "64MB", "checkpoint_threshold": "256MB", "threads": 1}
DATA_TABLES = ("hands", "seats", "actions", "cards", "awards", "violations", "rejected")


class DatabaseError(Exception):
    """A problem the user can fix: no database, a locked or foreign file, a bad query."""


def sql_file(name: str) -> str:
    return files("studbook.analytics").joinpath(name).read_text(encoding="utf-8")


@cache
def arrow_schemas() -> dict[str, pa.Schema]:
    """The Arrow schema of every table, read from schema.sql so the loader and DDL never disagree."""
    con = duckdb.connect()
    con.execute(sql_file("schema.sql"))
    return {name: con.sql(f"SELECT * FROM {name} LIMIT 0").to_arrow_table().schema for name in DATA_TABLES}


def _connect(path: Path, read_only: bool) -> duckdb.DuckDBPyConnection:
    try:
        con = duckdb.connect(str(path), read_only=read_only)
    except duckdb.Error as error:
        raise DatabaseError(f"cannot open {path}: {error}") from None
    # DuckDB's own progress bar would print into the output of a long query or import, even in a pipe.
    con.execute("SET enable_progress_bar = false")
    return con


def _check_version(con: duckdb.DuckDBPyConnection, path: Path) -> int:
    """The database's schema version, when this studbook can use it."""
    try:
        found = con.execute("SELECT max(version) FROM schema_version").fetchall()[0][0]
    except duckdb.CatalogException:
        raise DatabaseError(f"{path} is not a studbook database (no schema_version table)") from None
    if found != SCHEMA_VERSION and found not in UPGRADABLE:
        raise DatabaseError(f"{path} has schema version {found}; this studbook needs {SCHEMA_VERSION}: "
                            "import into a new database")
    return found


def open_for_import(path: Path) -> duckdb.DuckDBPyConnection:
    """Open or create the database, with the tables of schema.sql and the current views."""
    con = _connect(path, read_only=False)
    for name, value in IMPORT_SETTINGS.items():
        con.execute(f"SET {name} = '{value}'")
    con.execute("BEGIN")
    try:
        con.execute(sql_file("schema.sql"))
        con.execute("INSERT INTO schema_version SELECT ? WHERE NOT EXISTS (FROM schema_version)",
                    [SCHEMA_VERSION])
        if _check_version(con, path) != SCHEMA_VERSION:  # schema.sql just added what was missing
            con.execute("UPDATE schema_version SET version = ?", [SCHEMA_VERSION])
        con.execute(sql_file("stats.sql"))
    except DatabaseError:
        con.close()
        raise
    except duckdb.Error as error:
        con.close()
        raise DatabaseError(f"cannot set up {path} as a studbook database: {error}") from None
    con.execute("COMMIT")
    return con


def open_existing(path: Path) -> duckdb.DuckDBPyConnection:
    """A read-only connection to a database that ``studbook import`` made."""
    if not path.is_file():
        raise DatabaseError(f"no database at {path}: run `studbook import PATH... --db {path}` first")
    con = _connect(path, read_only=True)
    try:
        _check_version(con, path)
    except DatabaseError:
        con.close()  # an open read-only handle would stop this process opening the file to write
        raise
    return con
