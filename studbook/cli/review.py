"""``studbook review``: a player's hands told from the player's seat, asking at each decision
(studbook/review.py)."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Annotated

import typer

from studbook.analytics.db import DEFAULT_DB
from studbook.cli.errors import UserError
from studbook.cli.errors import user_errors
from studbook.cli.options import Db
from studbook.cli.options import LakeOption


def _ask(prompt: str) -> str:
    """A line of the user's (EOFError when the input ends), the prompt on stdout."""
    typer.echo(prompt, nl=False)
    line = sys.stdin.readline()
    if not line:
        typer.echo()
        raise EOFError
    return line


def review_command(
    player: Annotated[str, typer.Option("--player", help="The player to review: a name, SITE:NAME or an "
                                                         "alias.")],
    db: Db = Path(DEFAULT_DB),
    biggest: Annotated[int | None, typer.Option("--biggest", min=1, help="Only the N biggest pots.")] = None,
    street: Annotated[int | None, typer.Option("--street",
                                               help="Only the decisions on this street, 2 to 7 (3 for 3rd).")]
    = None,
    worst: Annotated[int | None, typer.Option("--worst", min=1,
                                              help="Only the N decisions of the worst EV.")] = None,
    lake: LakeOption = None,
) -> None:
    """Step through a player's hands without spoilers, choosing at each decision.

    Each hand is told from the player's seat (the others' down cards hidden until shown); at each of the
    player's decisions you choose (f, c or r; q ends), then see what the player did, the equity and the
    EV; a tally of your choices against the choice the equity favours ends it. Needs studbook analyse
    first (docs/decision-ev.md)."""
    from studbook.analytics.db import open_db_or_lake  # the parsers, replay and DuckDB: this command's alone
    from studbook.analytics.review_hands import review_hands
    from studbook.reports.review import analysed
    from studbook.review import Stop
    from studbook.review import Tally
    from studbook.review import review

    with user_errors():
        if street is not None and not 2 <= street <= 7:
            raise UserError(f"--street {street}: streets are 2 to 7")
        source = f"--lake {lake}" if lake is not None else f"--db {db}"
        con = open_db_or_lake(db, lake)
        try:
            if not analysed(con):
                raise UserError(f"{lake or db} has no decision EV yet: run `studbook analyse {source}` first")
            hands = review_hands(con, Path(lake) if lake is not None else db, player, biggest, street, worst)
        finally:
            con.close()
        if not hands:
            raise UserError(f"no analysed decision of {player!r} in {lake or db} (run `studbook analyse "
                            f"{source}` after an import)")
    tally = Tally()
    status = 0
    try:
        review(hands, typer.echo, _ask, tally)
    except (EOFError, Stop):
        pass
    except KeyboardInterrupt:
        typer.echo()
        status = 130
    for line in tally.lines():
        typer.echo(line)
    raise typer.Exit(status)
