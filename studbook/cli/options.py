"""The options more than one command takes: ``--db``, ``--lake``, ``--rule``, ``--game``, ``--since``,
``--format`` and ``--force``.

Each is written once here, so two commands that take it say the same; where a command's help must say
more (what ``--rule`` changes in an import, which games ``--game`` filters), its variant sits beside
the common one.
"""

from __future__ import annotations

from datetime import datetime
from pathlib import Path
from typing import Annotated

import typer

from studbook.analytics import output
from studbook.analytics.export import EXPORTERS
from studbook.rules.variants import VARIANTS

Db = Annotated[Path, typer.Option("--db", help="The DuckDB database file.", dir_okay=False)]
Strict = Annotated[bool, typer.Option(
    "--strict", help="Reject every hand with a line the site's format is not known to write (by default such "
    "a line is left out, with a warning, where it moves no money and the hand's money closes without it).")]
LakeOption = Annotated[str | None, typer.Option(
    "--lake", help="Read a Parquet lake that import --lake wrote (a folder or fsspec URL) instead of --db.")]
ReplayLake = Annotated[str | None, typer.Option(
    "--lake", help="Find the hand in a Parquet lake that import --lake wrote (a folder or fsspec URL), "
                   "instead of SOURCE.")]
AnalyseLake = Annotated[str | None, typer.Option(
    "--lake", help="Analyse the hands of a Parquet lake that import --lake wrote (a folder or fsspec URL), "
                   "its decisions written into it as shards, instead of --db.")]
ImportLake = Annotated[str | None, typer.Option(
    "--lake", help="Store the hands as Parquet files in this folder or fsspec URL (s3://...) instead of a "
                   "DuckDB file: each file is a task on a Dask cluster, for more hands than one writer "
                   "keeps up with (docs/lake.md).")]
SchedulerOption = Annotated[str | None, typer.Option(
    "--scheduler", help="With --lake: the Dask scheduler to run on, tcp://HOST:PORT.")]
WorkersOption = Annotated[int | None, typer.Option(
    "--workers", min=1, help="With --lake and no --scheduler: worker processes of a local Dask cluster "
                             "(default: one per CPU).")]

Force = Annotated[bool, typer.Option(
    "--force", help="Replace the output file even if this command did not write it (never a hand-history "
                    "log, a database or an input).")]

RuleOptions = Annotated[list[str] | None, typer.Option("--rule", help="House rule KEY=VALUE (repeatable).")]
ImportRule = Annotated[list[str] | None, typer.Option("--rule", help="House rule KEY=VALUE for the replay.")]
ReplayRule = Annotated[list[str] | None, typer.Option(
    "--rule", help="House rule KEY=VALUE for the replay; from a database, instead of its import's rules.")]
SimulateRule = Annotated[list[str] | None, typer.Option(
    "--rule", help="House rule KEY=VALUE (repeatable). A studbook log states it; PokerStars logs "
                   "cannot, so replay them with the same --rule.")]

Game = Annotated[str, typer.Option("--game", "-g", help=f"{', '.join(VARIANTS)}.")]
ShowdownGame = Annotated[
    str, typer.Option("--game", "-g", help="stud, stud8, razz, razz27 (2-7 Razz), stud5 or descubierto.")
]
RulebookGame = Annotated[str | None, typer.Option("--game", "-g", help=f"One of {', '.join(VARIANTS)}.")]
GameFilter = Annotated[str | None, typer.Option("--game", help=f"Only this game: {', '.join(VARIANTS)}.")]
Since = Annotated[datetime | None, typer.Option(
    "--since", help='Only hands from this time on (UTC): YYYY-MM-DD or "YYYY-MM-DD HH:MM:SS".',
    formats=["%Y-%m-%d", "%Y-%m-%d %H:%M:%S"])]
KINDS = ("cash", "tournament")
KindFilter = Annotated[str | None, typer.Option(
    "--kind", help="Only cash hands, or only tournament hands (in chips, big bets of their level).")]

HAND_FORMATS = ("pokerstars", "json", "studbook", "phh")  # studbook.writers, from hand-history files
EXPORT_FORMATS = [*EXPORTERS, *HAND_FORMATS]
POKERSTARS_GAMES = ("stud", "stud8", "razz")  # the games simulate writes as PokerStars logs by default
Format = Annotated[str, typer.Option("--format", help=f"Output format: {' | '.join(output.FORMATS)}.")]
ExportFormat = Annotated[str, typer.Option("--format", help=f"Export format: {' | '.join(EXPORT_FORMATS)}.")]
SimulateFormat = Annotated[str | None, typer.Option(
    "--format", help=f"pokerstars or studbook; default pokerstars for {', '.join(POKERSTARS_GAMES)}, "
                     "else studbook.")]
