"""The app's read-only way into the database, held no longer than one request.

DuckDB lets one process write a database file, and no other process read it meanwhile: an import holds
the file's lock from start to end, ``import --watch`` for each batch. So the app opens the database for
each request, read-only and with DuckDB's external access off (its SQL reaches no other file), and closes
it when the page is built; requests that overlap share one open database. While an import holds the
lock, a request waits for it as every read command does (analytics/db.py) and then answers that the
database is busy (:class:`~studbook.analytics.db.DatabaseBusy`): the page says so and tries again.

A lake (Parquet files) has no lock: its views are made once and each request reads through a cursor.
"""

from __future__ import annotations

import os
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import duckdb

from studbook.analytics.db import open_db_or_lake


class Source:
    """The database file, or the lake, that the app shows."""

    def __init__(self, db: Path, lake: str | None = None) -> None:
        self.db = db
        self.lake = lake
        self._lake_con: duckdb.DuckDBPyConnection | None = None
        self._lock = threading.Lock()

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
        """A read-only connection for one request."""
        if self.lake is not None:
            with self._lock:
                if self._lake_con is None:
                    self._lake_con = open_db_or_lake(self.db, self.lake, files=False)
                cursor = self._lake_con.cursor()
            try:
                yield cursor
            finally:
                cursor.close()
            return
        con = open_db_or_lake(self.db, None, files=False)
        try:
            yield con
        finally:
            con.close()

    def version(self) -> tuple[int, ...]:
        """What changes when an import writes: the size and time of the file and of its write-ahead log
        (a lake: of its manifest folder). Read from the file system, so asking costs no lock."""
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
            if self._lake_con is not None:
                self._lake_con.close()
                self._lake_con = None
