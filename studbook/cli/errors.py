"""Mistakes a user can fix end every command the same way: ``error: ...`` on stderr and exit status 2,
never a traceback."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

import typer

from studbook.interrupts import INTERRUPTED
from studbook.interrupts import interruptible


class UserError(Exception):
    """A mistake in the command line itself, or a report that cannot be made as asked."""


def _user_error_types() -> tuple[type[Exception], ...]:
    """Looked up when an error is raised: the equity and simulation engines load only when their
    command runs, not at every start."""
    import duckdb

    from studbook.analytics import output
    from studbook.analytics import stats_table
    from studbook.analytics.aliases import AliasError
    from studbook.analytics.db import DatabaseError
    from studbook.cards import CardError
    from studbook.equity import EquityError
    from studbook.outputs import OutputError
    from studbook.reports.source import HandNotFound
    from studbook.rules.house import RuleError
    from studbook.simulate import SimulationError

    return (UserError, DatabaseError, RuleError, OutputError, output.FormatError, stats_table.ColumnError,
            AliasError, HandNotFound, CardError, EquityError, SimulationError, duckdb.Error, OSError)


@contextmanager
def user_errors() -> Iterator[None]:
    try:
        yield
    except Exception as error:
        if not isinstance(error, _user_error_types()):
            raise
        typer.echo(f"error: {error}", err=True)
        raise typer.Exit(2) from None


@contextmanager
def interrupted_queries() -> Iterator[None]:
    """Ctrl-C during a DuckDB query of a command that does not handle it (opening a database, a report's
    query) ends the command as Ctrl-C does anywhere else, with status 130 and no traceback."""
    try:
        with interruptible():
            yield
    except KeyboardInterrupt:
        raise SystemExit(INTERRUPTED) from None
