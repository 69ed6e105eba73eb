"""The ``--lake`` options of the CLI's commands, and the one place that opens a database or a lake for them.

Every read command takes ``--lake DIR`` instead of ``--db FILE`` and runs the same SQL (lake_views.py);
``import`` takes ``--lake`` with ``--scheduler`` or ``--workers`` (lake_import.py).
"""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import duckdb
import typer

from studbook.analytics.db import open_existing

LakeOption = Annotated[str | None, typer.Option(
    "--lake", help="A Parquet lake (folder or fsspec URL) written by import --lake, instead of --db.")]
SchedulerOption = Annotated[str | None, typer.Option(
    "--scheduler", help="With --lake: the Dask scheduler to run on, tcp://HOST:PORT.")]
WorkersOption = Annotated[int | None, typer.Option(
    "--workers", min=1, help="With --lake and no --scheduler: worker processes of a local Dask cluster "
                             "(default: one per CPU).")]


def connect(db: Path, lake: str | None, files: bool = True) -> duckdb.DuckDBPyConnection:
    """The lake's views when ``lake`` is given, else a read-only connection to the database ``db``;
    ``files=False``: the SQL reaches no other file (see :func:`db.open_existing`)."""
    if lake is None:
        return open_existing(db, files=files)
    from studbook.analytics.lake_views import open_lake

    return open_lake(lake, files=files)
