"""``studbook alias add|list|remove``: join one person's players across sites (analytics/aliases.py)."""

from __future__ import annotations

from contextlib import closing
from pathlib import Path
from typing import TYPE_CHECKING
from typing import Annotated

import typer

from studbook.analytics import output
from studbook.analytics.aliases import add
from studbook.analytics.aliases import listing
from studbook.analytics.aliases import remove
from studbook.analytics.db import DEFAULT_DB
from studbook.analytics.db import DatabaseError
from studbook.analytics.db import open_existing
from studbook.analytics.db import open_for_import
from studbook.cli.errors import user_errors
from studbook.cli.help_format import HelpTyper
from studbook.cli.options import Db
from studbook.cli.options import Format

if TYPE_CHECKING:
    import duckdb

alias_app = HelpTyper(help="Join one person's players across sites and name changes.", no_args_is_help=True,
                      rich_markup_mode=None)
Members = Annotated[list[str], typer.Argument(help="Players as SITE:PLAYER, e.g. pokerstars:Hero.")]


def _open_to_write(db: Path) -> duckdb.DuckDBPyConnection:
    if not db.is_file():
        raise DatabaseError(f"no database at {db}: run studbook import PATH... --db {db} first")
    return open_for_import(db)


@alias_app.command("add")
def alias_add(name: Annotated[str, typer.Argument(help="The alias: any name.")], members: Members,
              db: Db = Path(DEFAULT_DB)) -> None:
    """Join players of any sites under NAME: stats, players and reports then count them as one."""
    with user_errors(), closing(_open_to_write(db)) as con:
        add(con, name, members)
    typer.echo(f"alias {name}: {', '.join(members)}")


@alias_app.command("list")
def alias_list(db: Db = Path(DEFAULT_DB), fmt: Format = "table") -> None:
    """Every alias with its players and their hands."""
    with user_errors(), closing(open_existing(db)) as con:
        frame = listing(con)
    output.write(frame, fmt)


@alias_app.command("remove")
def alias_remove(name: Annotated[str, typer.Argument(help="The alias.")],
                 members: Annotated[list[str] | None, typer.Argument(
                     help="Only these players (SITE:PLAYER); without them, the whole alias.")] = None,
                 db: Db = Path(DEFAULT_DB)) -> None:
    """Take players out of an alias, or remove it."""
    with user_errors(), closing(_open_to_write(db)) as con:
        count = remove(con, name, members or [])
    typer.echo(f"alias {name}: {count} player(s) removed")
