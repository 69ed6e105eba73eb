"""``studbook analyse``: the decision EV pass over a database's hands (analytics/decision_pass.py) or a
lake's (analytics/lake_analyse.py)."""

from __future__ import annotations

import os
import sys
from pathlib import Path
from typing import Annotated

import typer

from studbook.analytics.db import DEFAULT_DB
from studbook.cli.errors import UserError
from studbook.cli.errors import user_errors
from studbook.cli.options import AnalyseLake
from studbook.cli.options import Db
from studbook.interrupts import INTERRUPTED


def _progress(done: int, pending: int) -> None:
    """How far the pass is, on one line of a terminal rewritten after each batch."""
    typer.echo(f"\ranalysed {done:,} of {pending:,} hands", err=True, nl=False)


def _end_progress() -> None:
    if sys.stderr.isatty():
        typer.echo("\r\033[K", err=True, nl=False)


def analyse_command(
    db: Db = Path(DEFAULT_DB),
    jobs: Annotated[int | None, typer.Option(
        "--jobs", "-j", min=1, help="Worker processes (default: one per core).")] = None,
    samples: Annotated[int, typer.Option(
        "--samples", min=100, help="Deals drawn per decision where they cannot all be counted.")] = 500,
    batch: Annotated[int, typer.Option("--batch", min=1, help="Hands per transaction (with --lake: per "
                                                              "shard).")] = 200,
    lake: AnalyseLake = None,
) -> None:
    """Work out the EV of every decision of the hands not analysed yet.

    Each bet, completion, raise, call and fold of a player whose cards are known is valued by the equity
    then against the players still in, with the dead cards out (docs/decision-ev.md), into the decisions
    table and the decision_streets view. A second run analyses only new hands; Ctrl-C keeps what was
    stored. With --lake, each batch is a shard of the lake's decisions and analysed_hands."""
    workers = jobs or os.cpu_count() or 1
    progress = _progress if sys.stderr.isatty() else None
    where = f"the lake {lake}" if lake is not None else str(db)
    try:
        with user_errors():
            if lake is not None:
                from studbook.analytics.lake_analyse import run_lake_analyse  # with the parsers and engine

                summary = run_lake_analyse(lake, workers, samples, batch, progress)
            else:
                from studbook.analytics.decision_pass import run_analyse  # the parsers, replay and engine

                if not db.is_file():
                    raise UserError(f"no database at {db}: run `studbook import PATH... --db {db}` first")
                summary = run_analyse(db, workers, samples, batch, progress)
    except KeyboardInterrupt:  # before the pass proper: nothing of it was stored
        _end_progress()
        typer.echo(f"interrupted: nothing analysed in {where}", err=True)
        raise typer.Exit(INTERRUPTED) from None
    _end_progress()
    done = summary.analysed + summary.no_log + summary.unreadable
    if summary.interrupted:
        typer.echo(f"interrupted: {done:,} of {summary.pending:,} hands analysed in {where}; the same "
                   "command again goes on from there", err=True)
        raise typer.Exit(INTERRUPTED)
    skipped = ""
    if summary.no_log or summary.unreadable:
        skipped = f" ({summary.no_log:,} with no lines left to read, {summary.unreadable:,} unreadable)"
    typer.echo(f"{done:,} hands analysed{skipped}: {summary.decisions:,} decisions valued in {where}")
