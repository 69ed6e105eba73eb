"""Ctrl-C where DuckDB runs a query: DuckDB stops the query and reports it as a RuntimeError, not as the
KeyboardInterrupt it is. One place turns it back, for the importer, the analyse pass and the command line
alike."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

QUERY_INTERRUPTED = "Query interrupted"  # DuckDB's message for a query Ctrl-C stopped
INTERRUPTED = 130  # the status of a command Ctrl-C ended, as typer and a shell give it


@contextmanager
def interruptible() -> Iterator[None]:
    """Ctrl-C as a KeyboardInterrupt, also where it stops a DuckDB query of this thread.

    >>> try:
    ...     with interruptible():
    ...         raise RuntimeError(QUERY_INTERRUPTED)
    ... except KeyboardInterrupt:
    ...     print("Ctrl-C")
    Ctrl-C
    """
    try:
        yield
    except RuntimeError as error:
        if str(error) != QUERY_INTERRUPTED:
            raise
        raise KeyboardInterrupt from None
