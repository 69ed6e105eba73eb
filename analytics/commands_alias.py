"""``studbook alias add|list|remove``: join one person's players across sites (analytics/aliases.py).

``studbook/cli.py`` registers ``alias_app`` as the ``alias`` command group.
"""

from __future__ import annotations

from contextlib import closing
from pathlib import Path
from typing import Annotated

import duckdb
import typer

from studbook.analytics import output
from studbook.analytics.aliases import AliasError, add, listing, remove
from studbook.analytics.db import DEFAULT_DB, DatabaseError, open_existing, open_for_import
from studbook.help_format import HelpTyper

alias_app = HelpTyper(help="Join one person's players across sites and name changes.", no_args_is_help=True,
                      rich_markup_mode=None)
Db = Annotated[Path, typer.Option("--db", help="The DuckDB database file.", dir_okay=False)]
Members = Annotated[list[str], typer.Argument(help="Players as SITE:PLAYER, e.g. pokerstars:Hero.")]


def _fail(error: Exception) -> None:
    typer.echo(f"error: {error}", err=True)
    raise typer.Exit(2)


def _open_to_write(db: Path) -> duckdb.DuckDBPyConnection:
    if not db.is_file():
        raise DatabaseError(f"no database at {db}: run studbook import PATH... --db {db} first")
    return open_for_import(db)


@alias_app.command("add")
def alias_add(name: Annotated[str, typer.Argument(help="The alias: any name.")], members: Members,
              db: Db = Path(DEFAULT_DB)) -> None:
    """Join players of any sites under NAME: stats, players and reports then count them as one."""
    try:
        with closing(_open_to_write(db)) as con:
            add(con, name, members)
    except (AliasError, DatabaseError, duckdb.Error) as error:
        _fail(error)
    typer.echo(f"alias {name}: {', '.join(members)}")


@alias_app.command("list")
def alias_list(db: Db = Path(DEFAULT_DB), fmt: Annotated[str, typer.Option(
        "--format", help=f"Output format: {' | '.join(output.FORMATS)}.")] = "table") -> None:
    """Every alias with its players and their hands."""
    try:
        with closing(open_existing(db)) as con:
            frame = listing(con)
    except (DatabaseError, duckdb.Error) as error:
        _fail(error)
    output.write(frame, fmt)


@alias_app.command("remove")
def alias_remove(name: Annotated[str, typer.Argument(help="The alias.")],
                 members: Annotated[list[str] | None, typer.Argument(
                     help="Only these players (SITE:PLAYER); without them, the whole alias.")] = None,
                 db: Db = Path(DEFAULT_DB)) -> None:
    """Take players out of an alias, or remove it."""
    try:
        with closing(_open_to_write(db)) as con:
            count = remove(con, name, members or [])
    except (AliasError, DatabaseError, duckdb.Error) as error:
        _fail(error)
    typer.echo(f"alias {name}: {count} player(s) removed")
