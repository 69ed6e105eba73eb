"""The writer of ``import --jobs 1`` as a process of its own: the main process parses, this one works out the
facts of each batch and stores it (analytics/load.py), and neither waits for the other's GIL.

A writer thread shared the GIL with the parse: DuckDB's Python client takes the GIL back after every step
of a query (to check for Ctrl-C) and at the end of every call, and whenever the thread holding it was
descheduled, the other waited too. On this 2-core machine under the other helpers' load, 20,000 simulated
hands took 25-30 s to import with the writer thread against 12 s to parse alone (README, "Speed and
memory"). The batches reach this process pickled (their Arrow tables travel as buffers, as a worker's
chunks do with ``--jobs N``) and the outcomes come back the same way.

The functions here run in the writer process, one batch at a time, in the order submitted: the process
holds one :class:`Loader` on the database for the whole import, since a loader carries the counts of the
files whose last chunk is still to come.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from studbook.analytics.db import open_for_import
from studbook.analytics.load import BatchOutcome, Loader
from studbook.analytics.worker import ChunkResult

_loader: Loader | None = None


def store(db: Path, batch: Sequence[ChunkResult]) -> BatchOutcome:
    """Store one batch in the database at ``db``, opened by the first batch: an error opening it reaches
    the import as the error of that batch."""
    global _loader
    if _loader is None:
        _loader = Loader(open_for_import(db))
    return _loader.write(batch)


def close() -> None:
    """Close the database (DuckDB folds its write-ahead log into the file) once the last batch is stored."""
    global _loader
    if _loader is not None:
        _loader.con.close()
        _loader = None
