"""``studbook simulate``: play hands through the rules engine and write them as a hand-history file.

Hands are written as they are played, so memory stays flat whatever ``--hands`` is.
"""

from __future__ import annotations

import sys
import time
from pathlib import Path
from typing import Annotated

import typer
from rich.console import Console
from rich.progress import BarColumn
from rich.progress import MofNCompleteColumn
from rich.progress import Progress
from rich.progress import TextColumn
from rich.progress import TimeElapsedColumn
from rich.progress import TimeRemainingColumn

from studbook.cli.errors import user_errors
from studbook.cli.options import POKERSTARS_GAMES
from studbook.cli.options import Force
from studbook.cli.options import Game
from studbook.cli.options import SimulateFormat
from studbook.cli.options import SimulateRule
from studbook.rules.variants import VARIANTS

GAMES = tuple(VARIANTS)


def simulate_command(
    out: Annotated[Path, typer.Option("--out", "-o", help="The file to write.", dir_okay=False)],
    game: Game = "stud",
    hands: Annotated[int, typer.Option("--hands", "-n", min=1, help="How many hands.")] = 1000,
    players: Annotated[int, typer.Option("--players", min=2, help="Players at the table.")] = 6,
    seed: Annotated[int, typer.Option("--seed", help="Same seed, same hands.")] = 0,
    stakes: Annotated[str | None, typer.Option(
        "--stakes", help="SMALL/BIG[/ANTE[/BRING_IN]]: '$0.10/$0.20' (the default) is cash, '10/20' chips; "
                         "descubierto: MIN_BET/MIN_BET/ANTE ('20/20/10').")] = None,
    short_stacks: Annotated[bool, typer.Option(
        "--short-stacks", help="Many short buy-ins: all-ins on the ante, the bring-in, mid-hand.")] = False,
    rule: SimulateRule = None,
    fmt: SimulateFormat = None,
    force: Force = False,
) -> None:
    """Play hands through studbook's rules engine with a seeded policy and write their log."""
    from studbook.simulate import Setup  # the engine, only when used
    from studbook.simulate import Simulator  # the engine, only when used
    from studbook.simulate import Stakes  # the engine, only when used
    from studbook.writers import SEPARATORS
    from studbook.writers import WRITERS
    from studbook.writers.targets import HAND_FORMAT_KINDS
    from studbook.writers.targets import output_file

    fmt = fmt or ("pokerstars" if game in POKERSTARS_GAMES else "studbook")
    with user_errors():
        setup = Setup(game=game, players=players, seed=seed, short_stacks=short_stacks,
                      rules=tuple(rule or ()), fmt=fmt,
                      stakes=Stakes.parse(stakes, game) if game in GAMES else None)
        simulator = Simulator(setup)
    write, separator = WRITERS[fmt], SEPARATORS[fmt]
    started = time.perf_counter()
    console = Console(stderr=True)
    progress = Progress(TextColumn("simulating"), BarColumn(), MofNCompleteColumn(), TextColumn("hands"),
                        TimeElapsedColumn(), TextColumn("left"), TimeRemainingColumn(),
                        console=console, disable=not console.is_terminal)
    with user_errors(), output_file(out, HAND_FORMAT_KINDS[fmt], force=force) as stream, progress:
        for index, played in enumerate(progress.track(simulator.hands(hands), total=hands)):
            stream.write(separator + write(played.hand) if index else write(played.hand))
    seconds = time.perf_counter() - started
    print(f"{hands:,} {game} hands written to {out} ({fmt}) in {seconds:.1f} s, "
          f"{hands / seconds:,.0f} hands/s", file=sys.stderr)
