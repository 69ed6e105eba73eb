"""``studbook simulate``: play hands through the rules engine and write them as a hand-history file.

Registered by ``studbook/cli.py``. Hands are written as they are played, so memory stays flat
whatever ``--hands`` is.
"""

from __future__ import annotations

import sys
import time
from pathlib import Path
from typing import Annotated

import typer
from rich.console import Console
from rich.progress import (
    BarColumn,
    MofNCompleteColumn,
    Progress,
    TextColumn,
    TimeElapsedColumn,
    TimeRemainingColumn,
)

from studbook.outputs import OutputError, output_file
from studbook.rules.house import RuleError
from studbook.rules.variants import VARIANTS

GAMES = tuple(VARIANTS)
POKERSTARS_GAMES = ("stud", "stud8", "razz")


def simulate_command(
    out: Annotated[Path, typer.Option("--out", "-o", help="The file to write.", dir_okay=False)],
    game: Annotated[str, typer.Option("--game", "-g", help=f"{', '.join(GAMES)}.")] = "stud",
    hands: Annotated[int, typer.Option("--hands", "-n", min=1, help="How many hands.")] = 1000,
    players: Annotated[int, typer.Option("--players", min=2, help="Players at the table.")] = 6,
    seed: Annotated[int, typer.Option("--seed", help="Same seed, same hands.")] = 0,
    stakes: Annotated[str | None, typer.Option(
        "--stakes", help="SMALL/BIG[/ANTE[/BRING_IN]]: '$0.10/$0.20' (the default) is cash, '10/20' chips; "
                         "descubierto: MIN_BET/MIN_BET/ANTE ('20/20/10').")] = None,
    short_stacks: Annotated[bool, typer.Option(
        "--short-stacks", help="Many short buy-ins: all-ins on the ante, the bring-in, mid-hand.")] = False,
    rule: Annotated[list[str] | None, typer.Option(
        "--rule", help="House rule KEY=VALUE (repeatable). A studbook log states it; PokerStars logs "
                       "cannot, so replay them with the same --rule.")] = None,
    fmt: Annotated[str | None, typer.Option(
        "--format", help=f"pokerstars or studbook; default pokerstars for {', '.join(POKERSTARS_GAMES)}, "
                         "else studbook.")] = None,
) -> None:
    """Play hands through studbook's rules engine with a seeded policy and write their log."""
    from studbook.simulate import Setup, SimulationError, Simulator, Stakes  # the engine, only when used
    from studbook.writers import SEPARATORS, WRITERS

    fmt = fmt or ("pokerstars" if game in POKERSTARS_GAMES else "studbook")
    try:
        setup = Setup(game=game, players=players, seed=seed, short_stacks=short_stacks,
                      rules=tuple(rule or ()), fmt=fmt,
                      stakes=Stakes.parse(stakes, game) if game in GAMES else None)
        simulator = Simulator(setup)
    except (SimulationError, RuleError) as error:
        typer.echo(f"error: {error}", err=True)
        raise typer.Exit(2) from None
    write, separator = WRITERS[fmt], SEPARATORS[fmt]
    started = time.perf_counter()
    console = Console(stderr=True)
    progress = Progress(TextColumn("simulating"), BarColumn(), MofNCompleteColumn(), TextColumn("hands"),
                        TimeElapsedColumn(), TextColumn("left"), TimeRemainingColumn(),
                        console=console, disable=not console.is_terminal)
    try:
        with output_file(out) as stream, progress:
            for index, played in enumerate(progress.track(simulator.hands(hands), total=hands)):
                stream.write(separator + write(played.hand) if index else write(played.hand))
    except OutputError as error:
        typer.echo(f"error: {error}", err=True)
        raise typer.Exit(2) from None
    seconds = time.perf_counter() - started
    print(f"{hands:,} {game} hands written to {out} ({fmt}) in {seconds:.1f} s, "
          f"{hands / seconds:,.0f} hands/s", file=sys.stderr)
