"""Opening a studbook database: create or check the schema, refresh the views, fail with a clear message."""

from __future__ import annotations

import re
import time
from functools import cache
from importlib.resources import files
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # duckdb loads when a database is opened: every command imports this module at start
    import duckdb
    import pyarrow as pa

SCHEMA_VERSION = 8  # 2: hands.rules; 3: imported_files; 4: seats.ev_collected; 5: aliases, hand_logs;
# 6: the raw columns the per-seat facts are worked out of in SQL (analytics/facts.sql); 7: tournaments'
# buy-ins (hands.buy_in, fee, buy_in_currency) and finishing places (tournament_places); 8: the up-card
# facts stored (upcard_facts, analytics/upcards.py)
# Versions this studbook brings up to SCHEMA_VERSION in place: what is new is a table or a column that
# schema.sql adds when missing (the seats of hands imported before version 4 have no all-in EV, so their
# expectation is their result; hands imported before version 5 have no stored log lines, so their replay
# reads the log file; hands imported before version 6 keep the facts they were stored with, and NULL in
# the raw columns those were worked out of; the up-card facts of the hands stored before version 8 are
# worked out when it is brought up to date). Reading needs nothing of the newer tables; the views an
# import made stay.
UPGRADABLE = (2, 3, 4, 5, 6, 7)
DEFAULT_DB = "studbook.duckdb"
DEFAULT_BATCH = 10_000  # hands (and rejected blocks) per import transaction, a pass of whole units: the
# per-seat facts of a pass's new hands are worked out in one run of facts.sql, whose planning (~100 ms) is
# paid once a pass (analytics/load.py); a pass is staged in DuckDB, within its memory limit below. On
# 20,000 simulated hands with one job at 128MB (pure Python, interleaved runs): passes of 5,000 hands took
# 51 s, of 10,000 33-39 s, of 20,000 55 s (the facts of a larger pass spill out of the limit), peak RSS
# 322-333 MB all three
DEFAULT_CHUNK = 1000  # hand blocks per unit of work of an import: what bounds its memory
# ... and characters: a block of junk can be 1 MB of text (grammar/reader.py), and a chunk or a batch of
# many such blocks must not hold gigabytes (DuckDB's 64MB limit made a batch of 200 MB of rejects fail).
CHUNK_CHARS = 8 << 20  # text of the blocks of one chunk
BATCH_RAW_CHARS = 8 << 20  # raw text of the rejected blocks of one batch
# DuckDB keeps the table blocks it writes cached, up to 80% of RAM by default, so an import's memory
# would grow with the database; a limit makes it write them out (the staged pass and intermediates
# spill). The writer stages a pass and works out its facts in this connection: on 20,000 simulated hands
# in passes of 20,000 with one job (pure Python, interleaved runs) 96MB peaked at 297 MB RSS and took
# 55-62 s, 128MB 322 MB and 47 s, 160MB 349 MB and 40-46 s.
# DuckDB checkpoints (folds the write-ahead log into the file) when the log passes 16MB by default;
# each costs more than the log it saves. 256MB cut the writer's CPU from about 220 to 150 us per hand,
# with the same peak memory. A hand writes ~6.7 KB of log (20,000 simulated hands of the five games:
# 133 MB), so that is a checkpoint every ~38,000 hands, and the last one runs when the import closes
# the database, after the parse is done (~1.2 s for those 20,000 hands). One thread: the writer is fed
# one unit at a time, and with --jobs the workers have the other cores.
IMPORT_SETTINGS = {"memory_limit": "128MB", "checkpoint_threshold": "256MB", "threads": 1}
DATA_TABLES = ("hands", "seats", "actions", "cards", "awards", "violations", "rejected", "hand_logs",
               "tournament_places")
DECISION_TABLES = ("decisions", "analysed_hands")  # decisions.sql: filled by `studbook analyse`
# An import holds the database file's lock from start to end; a reader (or a second import) waits this
# long for it, in case the import is about to end, then says who holds it.
LOCK_WAIT, LOCK_RETRY = 2.0, 0.25  # seconds
LOCK_HOLDER = re.compile(r"Could not set lock on file .*\(PID (\d+)\)")


class DatabaseError(Exception):
    """A problem the user can fix: no database, a locked or foreign file, a bad query."""


class DatabaseBusy(DatabaseError):
    """Another process (an import) holds the database's lock still after the wait: a reader that can wait
    longer (``studbook serve``) tells this apart from a database it cannot use."""


def sql_file(name: str) -> str:
    return files("studbook.analytics").joinpath(name).read_text(encoding="utf-8")


@cache
def arrow_schemas() -> dict[str, pa.Schema]:
    """The Arrow schema of every table, read from schema.sql and decisions.sql so the loader, the lake and
    the DDL never disagree."""
    import duckdb

    con = duckdb.connect()
    con.execute(sql_file("schema.sql"))
    con.execute(sql_file("decisions.sql"))
    return {name: con.sql(f"SELECT * FROM {name} LIMIT 0").to_arrow_table().schema
            for name in (*DATA_TABLES, *DECISION_TABLES)}


def _connect(path: Path, read_only: bool, files: bool = True) -> duckdb.DuckDBPyConnection:
    """``files=False`` turns DuckDB's external access off: SQL can read and write no file but the
    database (no COPY TO, read_csv, ATTACH or extension loading). Only then is a config given: DuckDB
    refuses a second connection in one process to the same file with a different one."""
    import duckdb

    config = {} if files else {"enable_external_access": False}
    waited = 0.0
    while True:
        try:
            con = duckdb.connect(str(path), read_only=read_only, config=config)
            break
        except duckdb.IOException as error:
            holder = LOCK_HOLDER.search(str(error))
            if holder is None:
                raise DatabaseError(f"cannot open {path}: {error}") from None
            if waited >= LOCK_WAIT:
                raise DatabaseBusy(f"{path} is locked by process {holder[1]} (a studbook import, or a read "
                                    "while one runs): try again when it is done") from None
            time.sleep(LOCK_RETRY)
            waited += LOCK_RETRY
        except duckdb.Error as error:
            raise DatabaseError(f"cannot open {path}: {error}") from None
    # DuckDB's own progress bar would print into the output of a long query or import, even in a pipe.
    con.execute("SET enable_progress_bar = false")
    return con


def _check_version(con: duckdb.DuckDBPyConnection, path: Path) -> int:
    """The database's schema version, when this studbook can use it."""
    import duckdb

    try:
        found = con.execute("SELECT max(version) FROM schema_version").fetchall()[0][0]
    except duckdb.CatalogException:
        raise DatabaseError(f"{path} is not a studbook database (no schema_version table)") from None
    if found != SCHEMA_VERSION and found not in UPGRADABLE:
        raise DatabaseError(f"{path} has schema version {found}; this studbook needs {SCHEMA_VERSION}: "
                            "import into a new database")
    return found


def _check_not_foreign(con: duckdb.DuckDBPyConnection, path: Path) -> None:
    """A database with tables and no ``schema_version`` belongs to another program: leave it alone."""
    names = [row[0] for row in con.execute(
        "SELECT table_name FROM duckdb_tables() WHERE database_name = current_database() UNION "
        "SELECT view_name FROM duckdb_views() WHERE database_name = current_database() AND NOT internal "
        "ORDER BY 1").fetchall()]
    if names and "schema_version" not in names:
        shown = ", ".join(names[:5]) + (", ..." if len(names) > 5 else "")
        raise DatabaseError(f"{path} is a database of another program (it holds {shown}): "
                            "studbook imports only into a new database or one it made")


def open_for_import(path: Path) -> duckdb.DuckDBPyConnection:
    """Open or create the database, with the tables of schema.sql and the current views. An empty file
    (``touch studbook.duckdb``) is a new database; another program's database is refused."""
    import duckdb

    if path.is_file() and path.stat().st_size == 0:
        path.unlink()  # DuckDB calls a 0-byte file invalid; it holds nothing to lose
    con = _connect(path, read_only=False)
    for name, value in IMPORT_SETTINGS.items():
        con.execute(f"SET {name} = '{value}'")
    con.execute("BEGIN")
    try:
        _check_not_foreign(con, path)
        con.execute(sql_file("schema.sql"))
        con.execute("INSERT INTO schema_version SELECT ? WHERE NOT EXISTS (FROM schema_version)",
                    [SCHEMA_VERSION])
        if (found := _check_version(con, path)) != SCHEMA_VERSION:  # schema.sql just added what was missing
            if found < 8:
                from studbook.analytics.upcards import fill_stored

                fill_stored(con)
            con.execute("UPDATE schema_version SET version = ?", [SCHEMA_VERSION])
        con.execute(sql_file("stats.sql"))
        con.execute(sql_file("stacks.sql"))  # the stack_breaks view (rule L7)
        con.execute(sql_file("tournaments.sql"))
        con.execute(sql_file("decisions.sql"))  # filled by `studbook analyse`, not by the import
    except DatabaseError:
        con.close()
        raise
    except duckdb.Error as error:
        con.close()
        raise DatabaseError(f"cannot set up {path} as a studbook database: {error}") from None
    con.execute("COMMIT")
    return con


def open_existing(path: Path, files: bool = True) -> duckdb.DuckDBPyConnection:
    """A read-only connection to a database that ``studbook import`` made; with ``files=False`` its SQL
    cannot touch any other file either (``studbook query``)."""
    if not path.is_file():
        raise DatabaseError(f"no database at {path}: run `studbook import PATH... --db {path}` first")
    con = _connect(path, read_only=True, files=files)
    try:
        _check_version(con, path)
    except DatabaseError:
        con.close()  # an open read-only handle would stop this process opening the file to write
        raise
    return con


def open_db_or_lake(db: Path, lake: str | None, files: bool = True) -> duckdb.DuckDBPyConnection:
    """The lake's views when ``lake`` is given, else a read-only connection to the database ``db``: every
    read command and the replay take either. ``files=False``: the SQL reaches no other file (see
    :func:`open_existing`)."""
    if lake is None:
        return open_existing(db, files=files)
    from studbook.analytics.lake_views import open_lake

    return open_lake(lake, files=files)
