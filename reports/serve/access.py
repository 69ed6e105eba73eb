"""The app's read-only way into the database, held only while requests are being answered.

DuckDB lets one process write a database file, and no other process read it meanwhile: an import holds
the file's lock from start to end, ``import --watch`` for each batch. So the app opens the database when
a request comes, read-only and with DuckDB's external access off (its SQL reaches no other file), each
request reading through a cursor of its own, and closes it once no request has come for ``LINGER``
seconds: requests in a row find DuckDB's cache warm, and an import waiting for the lock (it tries for two
seconds, analytics/db.py) gets it between them. While an import holds the lock, a request waits as every
read command does and then answers that the database is busy
(:class:`~studbook.analytics.db.DatabaseBusy`): the page says so and tries again.

A lake (Parquet files) has no lock: its views are made once and kept. Some are Arrow tables registered
on its connection (a table with no file yet), which a cursor would not see, so requests take turns on
that connection, and what a request made there for itself (temporary tables) goes when it ends.
"""

from __future__ import annotations

import os
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import duckdb

from studbook.analytics.db import open_db_or_lake

LINGER = 0.25  # seconds the database stays open after the last request


class Source:
    """The database file, or the lake, that the app shows."""

    def __init__(self, db: Path, lake: str | None = None, linger: float = LINGER) -> None:
        self.db = db
        self.lake = lake
        self.linger = linger
        self._con: duckdb.DuckDBPyConnection | None = None
        self._users = 0
        self._idle = 0  # counts the times the last user left: a timer closes only if none came since
        self._lock = threading.Lock()
        self._lake_turn = threading.Lock()

    @property
    def name(self) -> str:
        """Where the hands come from, as pages name it."""
        return self.lake if self.lake is not None else str(self.db)

    def check(self) -> None:
        """Open and close once, so a file that is no studbook database fails at start, not at each page."""
        with self.reading():
            pass

    @contextmanager
    def reading(self) -> Iterator[duckdb.DuckDBPyConnection]:
        """A read-only connection for one request: a cursor of the shared one; a lake's connection itself,
        in turn."""
        if self.lake is not None:
            with self._lake_turn:
                with self._lock:
                    if self._con is None:
                        self._con = open_db_or_lake(self.db, self.lake, files=False)
                try:
                    yield self._con
                finally:
                    for name, in self._con.execute("SELECT table_name FROM duckdb_tables() WHERE temporary"
                                                   ).fetchall():
                        self._con.execute(f'DROP TABLE temp.main."{name}"')
            return
        with self._lock:
            if self._con is None:
                self._con = open_db_or_lake(self.db, self.lake, files=False)
            self._users += 1
            cursor = self._con.cursor()
        try:
            yield cursor
        finally:
            cursor.close()
            with self._lock:
                self._users -= 1
                if self._users == 0:
                    self._idle += 1
                    timer = threading.Timer(self.linger, self._close_if_idle, [self._idle])
                    timer.daemon = True
                    timer.start()

    def _close_if_idle(self, idle: int) -> None:
        with self._lock:
            if self._users == 0 and self._idle == idle and self._con is not None:
                self._con.close()
                self._con = None

    def version(self) -> tuple[int, ...]:
        """What changes when an import writes: the size and time of the file and of its write-ahead log
        (a lake: of its folder). Read from the file system, so asking costs no lock."""
        if self.lake is not None:
            paths = [Path(self.lake)]
        else:
            paths = [self.db, self.db.with_name(self.db.name + ".wal")]
        stamp: list[int] = []
        for path in paths:
            try:
                found = os.stat(path)
                stamp += [found.st_size, found.st_mtime_ns]
            except OSError:
                stamp += [-1, -1]
        return tuple(stamp)

    def close(self) -> None:
        with self._lock:
            if self._con is not None:
                self._con.close()
                self._con = None
