"""``studbook import``, ``stats``, ``players``, ``rejects``, ``query`` and ``export``: the database commands.

Problems a user can fix (a missing database, bad SQL, a bad option) end with a one-line message and
exit status 2, never a traceback.
"""

from __future__ import annotations

from contextlib import closing
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING
from typing import Annotated

import typer

from studbook.analytics import output
from studbook.analytics import stats_table
from studbook.analytics.db import DEFAULT_BATCH
from studbook.analytics.db import DEFAULT_CHUNK
from studbook.analytics.db import DEFAULT_DB
from studbook.analytics.db import open_db_or_lake
from studbook.analytics.db import open_existing
from studbook.analytics.export import EXPORTERS
from studbook.analytics.stat_names import Rounds
from studbook.cli.errors import UserError
from studbook.cli.errors import user_errors
from studbook.cli.options import EXPORT_FORMATS
from studbook.cli.options import HAND_FORMATS
from studbook.cli.options import KINDS
from studbook.cli.options import Db
from studbook.cli.options import ExportFormat
from studbook.cli.options import Force
from studbook.cli.options import Format
from studbook.cli.options import GameFilter
from studbook.cli.options import ImportLake
from studbook.cli.options import ImportRule
from studbook.cli.options import KindFilter
from studbook.cli.options import LakeOption
from studbook.cli.options import SchedulerOption
from studbook.cli.options import Since
from studbook.cli.options import Strict
from studbook.cli.options import WorkersOption
from studbook.interrupts import INTERRUPTED
from studbook.rules.variants import VARIANTS

if TYPE_CHECKING:
    import polars as pl

    from studbook.analytics.importer import ImportSummary

STAT_KEY = ("player", "site", "game", "unit")  # site: the player's, or 'alias' for an alias
# The columns of a table of many rows, in this order while they fit: the key stud stats first.
HEADLINE = (*STAT_KEY, "hands", "vpip", "steal", "bringin_defend", "wtsd", "won_at_showdown",
            "big_bets_per_100", "net", "aggression_3rd", "complete_first_in", "saw_4th", "aggression_factor")
TRANSPOSE_UP_TO = 8  # stat rows shown side by side as columns in table form
# A table of more rows than a screen hides the rows of fewer hands than this unless --min-hands says.
BIG_TABLE, BIG_TABLE_MIN_HANDS = 50, 20


def _check_format(fmt: str, known: tuple[str, ...] | list[str] = output.FORMATS) -> None:
    if fmt not in known:
        raise UserError(f"unknown format {fmt!r}: use one of {', '.join(known)}")


def _print_summary(summary: ImportSummary, db: Path, lake: str | None = None) -> None:
    lines = [
        ("files", summary.files + summary.unchanged),
        ("  unchanged, not read", summary.unchanged),
        *((("  with no hand history, skipped", summary.no_history),) if summary.no_history else ()),
        ("hand blocks found", summary.found),
        ("  imported", summary.imported),
        ("  already present", summary.already_present),
        ("  skipped (not stud)", summary.skipped),
        ("  rejected (parse errors)", summary.rejected),
        ("hands with errors", summary.hands_with_errors),  # of those read, as `studbook audit` counts them
        ("hands with warnings only", summary.hands_with_warnings_only),
        *((("stack breaks across hands (L7)", summary.stack_breaks),) if summary.stack_breaks else ()),
        *((("imported hands by violation code", None),) if summary.violations else ()),
        *((f"  {code}", count) for code, count in sorted(summary.violations.items())),
    ]
    width = max(len(label) for label, _ in lines)
    for label, count in lines:
        typer.echo(label if count is None else f"{label:<{width}}  {count:>8,}")
    where = f"--lake {lake}" if lake else f"--db {db}"
    if summary.unchanged:
        typer.echo(f"unchanged: read whole by an earlier import into this {'lake' if lake else 'database'} "
                   f"({summary.unchanged_blocks:,} hand blocks), so not read again; --reread reads them")
    if summary.stack_breaks:
        typer.echo(f"stack breaks: a player starts a hand with other chips than he ended the one before at "
                   f"that table; list them: studbook query \"FROM stack_breaks\" {where}")
    if summary.jobs_reason:
        typer.echo(f"jobs: {summary.jobs_reason}")
    typer.echo(f"lake: {lake}" if lake else f"database: {db}")
    _print_problems(summary, where)


def _print_problems(summary: ImportSummary, where: str) -> None:
    """On stderr: the first rejected blocks, one line each, and how to see them all; the files that hold no
    hand history."""
    for line in summary.first_rejects:
        typer.echo(line, err=True)
    more = summary.rejected - len(summary.first_rejects)
    if summary.rejected:
        rest = f"{more:,} more rejected {_plural(more, 'block')}; " if more else ""
        typer.echo(f"{rest}studbook rejects {where} lists every rejected block with its reason", err=True)
    if summary.no_history:
        count, names = summary.no_history, ", ".join(summary.no_history_files)
        others = count - len(summary.no_history_files)
        typer.echo(f"skipped {count:,} {_plural(count, 'file')} with no hand history in "
                   f"{'it' if count == 1 else 'them'}: {names}{f' and {others:,} more' if others else ''}",
                   err=True)


def _plural(count: int, noun: str) -> str:
    return noun if count == 1 else f"{noun}s"


def _interrupted(stored: int, db: Path, lake: str | None) -> typer.Exit:
    """The one line Ctrl-C ends an import with, and its exit status (128 + SIGINT, as a shell reports it)."""
    into = f"the lake {lake}" if lake else str(db)
    typer.echo(f"interrupted: {stored:,} new {_plural(stored, 'hand')} stored in {into}; the same import "
               "again goes on from there", err=True)
    return typer.Exit(INTERRUPTED)


def _absolute(path: Path) -> Path:
    """The file's real path; a symlink loop has none, and its own path names it."""
    try:
        return path.resolve()
    except (OSError, RuntimeError):  # RuntimeError: Python before 3.13 on a symlink loop
        return path.absolute()


def import_command(
    paths: Annotated[list[str], typer.Argument(help="Files, folders (recursive) or glob patterns.")],
    db: Db = Path(DEFAULT_DB),
    jobs: Annotated[int | None, typer.Option(
        "--jobs", "-j", min=1, help="Worker processes for parse and replay (default: as many as the input "
                                    "keeps busy, up to one per core; the summary says how many).")] = None,
    rule: ImportRule = None,
    batch: Annotated[int, typer.Option("--batch", min=1, help="Hands per transaction (whole chunks).")]
    = DEFAULT_BATCH,
    chunk: Annotated[int, typer.Option("--chunk", min=1, help="Hand blocks per unit of work (memory).")]
    = DEFAULT_CHUNK,
    reread: Annotated[bool, typer.Option("--reread", help="Read files an earlier import read whole, too.")]
    = False,
    watch: Annotated[bool, typer.Option("--watch", help="Keep running: import new hands as they are written "
                                                         "(Ctrl-C ends).")] = False,
    interval: Annotated[float, typer.Option("--interval", min=0.05, help="Seconds between looks (--watch).")]
    = 2.0,
    lake: ImportLake = None,
    scheduler: SchedulerOption = None,
    workers: WorkersOption = None,
    strict: Strict = False,
) -> None:
    """Import hand histories into DuckDB: parse, replay and store every hand; re-importing adds nothing.

    A file whose exact content an earlier import into the same database read whole, with no rejected
    block, is not read again. With --watch it keeps importing what is written to the files until Ctrl-C.
    With --lake, files are tasks on a Dask cluster that write a Parquet lake.
    """
    try:
        summary, failed = _import(paths, db, jobs, rule, batch, chunk, reread, watch, interval, lake,
                                   scheduler, workers, strict)
    except KeyboardInterrupt:  # before or after the import proper: nothing of it was stored
        raise _interrupted(0, db, lake) from None
    if summary.interrupted:
        raise _interrupted(summary.imported, db, lake)
    _print_summary(summary, db, lake)
    if failed:
        typer.echo("\n".join(f"error: {message}" for message in failed), err=True)
        raise typer.Exit(1)


def _import(paths: list[str], db: Path, jobs: int | None, rule: list[str] | None, batch: int, chunk: int,
            reread: bool, watch: bool, interval: float, lake: str | None, scheduler: str | None,
            workers: int | None, strict: bool) -> tuple[ImportSummary, list[str]]:
    """The import the command asks for: its summary, and the files whose lake task failed."""
    from studbook.analytics.importer import run_import  # the parsing and replay stack, only when importing
    from studbook.cli.import_progress import ImportProgress
    from studbook.grammar import expand_paths
    from studbook.rules.house import Rules

    with user_errors():
        rule_args = tuple(rule or ())
        Rules.parse(rule_args)
        if lake is None and (scheduler or workers) or lake is not None and (jobs is not None or watch):
            raise UserError("--scheduler and --workers go with --lake; --jobs and --watch go with --db")
        files = [_absolute(path) for path in expand_paths(paths)]
        # A dangling or looping symlink goes on to the reader, which rejects it with its reason.
        missing = [str(path) for path in files if not path.exists() and not path.is_symlink()]
        if missing:
            raise UserError(f"no such file or folder: {', '.join(missing)}")
        if watch:
            from studbook.analytics.watch import watch as watch_folders

            return watch_folders(paths, db, interval, rule_args, typer.echo, strict=strict), []
        failed: list[str] = []  # files whose lake task failed
        with ImportProgress(files) as progress:
            if lake is None:
                try:
                    summary = run_import(files, db, jobs, rule_args, batch, chunk, on_unit=progress.unit,
                                         reread=reread, on_unchanged=progress.unchanged, strict=strict)
                except MemoryError:  # a pass commits whole or not at all: those before it are stored
                    raise UserError(f"out of memory importing into {db}: the hands stored before stay, and "
                                    "importing again goes on from them; a smaller --batch or --chunk "
                                    "holds fewer hands at once") from None
            else:
                from studbook.analytics.lake_import import run_lake_import

                summary = run_lake_import(files, lake, scheduler, workers, rule_args, chunk, progress.unit,
                                          reread, progress.unchanged, failed.append, strict)
    return summary, failed


def _min_hands(frame: pl.DataFrame, asked: int | None, fmt: str) -> tuple[int, str | None]:
    """The --min-hands to apply, and the note that says a default hid rows: a table of many rows hides
    the rows of few hands; data for programs (csv, json) keeps every row unless asked."""
    if asked is not None:
        return asked, None
    if fmt != "table" or frame.height <= BIG_TABLE:
        return 0, None
    hidden = frame.filter(frame["hands"] < BIG_TABLE_MIN_HANDS).height
    if not hidden:
        return BIG_TABLE_MIN_HANDS, None
    return BIG_TABLE_MIN_HANDS, (f"{hidden:,} of {frame.height:,} rows have fewer than {BIG_TABLE_MIN_HANDS} "
                                 f"hands and are not shown (the default for more than {BIG_TABLE} rows; "
                                 "--min-hands 0 shows every row)")


def _street_names(full: pl.DataFrame, shown: pl.DataFrame) -> dict[str, str | None]:
    """Each stat column's name for the games behind the rows shown (an overall row counts its player's
    games): their own streets and first-in action, or betting rounds where games are mixed."""
    keys = [name for name in ("player", "site", "unit") if name in full.columns]
    behind = full.join(shown.select(keys).unique(), on=keys, how="semi") if keys else full
    rounds = Rounds.of(behind["game"].to_list() if "game" in behind.columns else [])
    return {name: rounds.column(name) for name in full.columns}


def stats_command(
    db: Db = Path(DEFAULT_DB),
    player: Annotated[str | None, typer.Option(
        "--player", help="Only this player: a name (on any site), SITE:NAME or an alias. Rows are of the "
        "names asked for: SITE:NAME of an alias counts that name's hands, not the alias's.")] = None,
    game: GameFilter = None,
    since: Since = None,
    kind: KindFilter = None,
    min_hands: Annotated[int | None, typer.Option(
        "--min-hands", min=0, show_default=False,
        help=f"Hide rows with fewer hands. Default: a table of more than {BIG_TABLE} rows hides those of "
        f"fewer than {BIG_TABLE_MIN_HANDS} hands (and says so below it); otherwise none.")] = None,
    streets: Annotated[bool, typer.Option("--streets", help="Per-street stats instead, each game by its own "
                                                            "streets.")] = False,
    fmt: Format = "table",
    columns: Annotated[str | None, typer.Option(
        "--columns", help="The stats to show, by name, separated by commas (e.g. hands,vpip,wtsd).")] = None,
    wide: Annotated[bool, typer.Option("--wide", help="Every stat on one line, whatever the width.")] = False,
    intervals: Annotated[bool, typer.Option(
        "--intervals", help="Every rate on a line of its own: its chances, the rate, its 95% interval, and "
        "where the chances are few an estimate shrunk toward the database's players (marked *).")] = False,
    by: Annotated[str | None, typer.Option(
        "--by", help="Rates with their chances and 95% interval by the player's door card (door), by the "
        "liveness of his first street (liveness), or stud8 results by starting class (start-class).")] = None,
    lake: LakeOption = None,
) -> None:
    """Player statistics per game (and overall): VPIP, steals, bring-in defence, showdowns, big bets/100, ...

    Columns that count streets name the streets of the games shown: 3rd to 7th street in the seven-card
    games, 2nd to 5th in the five-card games (stud5, descubierto), the betting round (saw_round2) where
    both are shown. A table fits the terminal: what it leaves out is said below it. --intervals and --by
    say how sure each rate is (docs/stats.md)."""
    if intervals or by:
        table = "intervals" if intervals and not by else by
        _rates_command(db, _Asked(player, game, since, kind), fmt, table, lake,
                       not_for_rates={"--streets": streets, "--columns": columns, "--wide": wide,
                                      "--min-hands": min_hands is not None})
        return
    with user_errors():
        _check_format(fmt)
        if game is not None and game not in VARIANTS:
            raise UserError(f"unknown game {game!r}: use one of {', '.join(VARIANTS)}")
        if kind is not None and kind not in KINDS:
            raise UserError(f"unknown kind {kind!r}: use one of {', '.join(KINDS)}")
        macro = "player_street_stats_for" if streets else "player_stats_for"
        # the kind is passed only when given: a database imported before it has the three-argument macros
        by_kind, params = (", only_kind := ?", [kind]) if kind else ("", [])
        import duckdb  # loaded with the database, as open_db_or_lake does
        import polars as pl

        from studbook.reports.filters import alias_note as alias_note_of
        notes: list[str] = []
        with closing(open_db_or_lake(db, lake)) as con:
            try:
                full = con.sql(f"SELECT * FROM {macro}(?, ?, ?{by_kind})",
                               params=[player, game, since, *params]).pl()
            except duckdb.BinderError:
                if not kind:
                    raise
                raise UserError(f"{db} was imported by an older studbook: import into it again (a file "
                                "already imported is enough) to filter by --kind") from None
            alias_note = alias_note_of(con, player) if player else None
        least, hidden = _min_hands(full, min_hands, fmt)
        frame = full.filter(pl.col("hands") >= least)
        notes += [note for note in (hidden, alias_note) if note]
        # a database imported before players had sites has no site column until its next import
        key = tuple(name for name in (("player", "site", "game", "street") if streets else STAT_KEY)
                    if name in frame.columns)
        names = _street_names(full, frame)
        if names:
            frame = frame.select(pl.col(name).alias(shown) for name, shown in names.items() if shown)
        if columns:
            aliases = {name: shown for name, shown in names.items() if shown and shown != name}
            frame = stats_table.chosen(frame, key, [name.strip() for name in columns.split(",")], aliases)
        elif fmt == "table" and not streets and (wide or frame.height > TRANSPOSE_UP_TO):
            shown = [names.get(name, name) for name in HEADLINE]
            headline = [name for name in shown if name in frame.columns]
            rest = [name for name in frame.columns if name not in headline] if wide else []
            frame = frame.select(*headline, *rest)
    if fmt != "table":
        output.write(frame, fmt)
        for note in notes:
            typer.echo(note, err=True)
    else:
        stats_table.write_stats(frame, key, side_by_side_up_to=0 if streets else TRANSPOSE_UP_TO, wide=wide,
                                chosen_columns=bool(columns), notes=notes)


@dataclass(frozen=True)
class _Asked:
    """The rows a stats command was asked for: --player, --game, --since, --kind."""

    player: str | None
    game: str | None
    since: str | None
    kind: str | None


def _rates_command(db: Path, asked: _Asked, fmt: str, table: str | None, lake: str | None,
                   not_for_rates: dict[str, object]) -> None:
    """``stats --intervals`` and ``stats --by``: one row a rate, with its chances and 95% interval."""
    from studbook.analytics import rate_table

    with user_errors():
        _check_format(fmt)
        if table not in ("intervals", *rate_table.BY):
            raise UserError(f"unknown --by {table!r}: use one of {', '.join(rate_table.BY)}")
        options = {**not_for_rates, "--kind": table != "intervals" and asked.kind}
        unused = [name for name, given in options.items() if given]
        if unused:
            option = "--intervals" if table == "intervals" else "--by"
            raise UserError(f"{', '.join(unused)} does not apply to {option}, which shows every rate of "
                            "the rows asked for")
        if asked.game is not None and asked.game not in VARIANTS:
            raise UserError(f"unknown game {asked.game!r}: use one of {', '.join(VARIANTS)}")
        if asked.kind is not None and asked.kind not in KINDS:
            raise UserError(f"unknown kind {asked.kind!r}: use one of {', '.join(KINDS)}")
        import duckdb

        with closing(open_db_or_lake(db, lake)) as con:
            try:
                frame, key = rate_table.rates(con, table, asked.player, asked.game, asked.since, asked.kind)
                chances = con.sql("SELECT enough_chances()").fetchall()[0][0]
            except duckdb.CatalogException:
                raise UserError(f"{db} was imported by an older studbook: import into it again (a file "
                                "already imported is enough) to see rates with their intervals") from None
    if fmt != "table":
        output.write(frame, fmt)
        return
    shown, key, notes = rate_table.for_table(frame, key, chances)
    stats_table.write_stats(shown, key, side_by_side_up_to=0, wide=False, chosen_columns=True, notes=notes)


def players_command(db: Db = Path(DEFAULT_DB), fmt: Format = "table", lake: LakeOption = None) -> None:
    """Players in the database, with hands, games and sites."""
    _query_view("SELECT * FROM players", db, fmt, lake)


def rejects_command(
    db: Db = Path(DEFAULT_DB),
    raw: Annotated[bool, typer.Option("--raw", help="Include each block's text.")] = False,
    fmt: Format = "table",
    lake: LakeOption = None,
    unknown: Annotated[bool, typer.Option(
        "--unknown-lines", help="Instead, each line left out of a kept hand (unknown to its site's format), "
        "once, with how often and where it was first seen.")] = False,
) -> None:
    """Blocks that could not be imported, with file, line and the reason."""
    if unknown:
        sql = "SELECT * FROM unknown_lines"
    else:
        sql = "SELECT * FROM rejected ORDER BY file, line" if raw else "SELECT * FROM rejects"
    _query_view(sql, db, fmt, lake)


def query_command(
    sql: Annotated[str, typer.Argument(help="Any SQL over the tables and views (read-only).")],
    db: Db = Path(DEFAULT_DB),
    fmt: Format = "table",
    lake: LakeOption = None,
    allow_files: Annotated[bool, typer.Option(
        "--allow-files", help="Let the SQL read and write other files (COPY, read_csv, ATTACH).")] = False,
) -> None:
    """Run any SQL against the database: "SELECT * FROM player_stats WHERE hands > 100", for example.

    The SQL can change nothing: the database is opened read-only, and no other file can be read or
    written unless --allow-files is given (with --lake, no file outside the lake's folder)."""
    _query_view(sql, db, fmt, lake, files=allow_files)


def _query_view(sql: str, db: Path, fmt: str, lake: str | None = None, files: bool = True) -> None:
    with user_errors():
        _check_format(fmt)
        with closing(open_db_or_lake(db, lake, files=files)) as con:
            result = con.sql(sql)
            if result is None:
                raise UserError("the statement returned no rows to show")
            frame = result.pl()
        output.write(frame, fmt)


def export_command(
    fmt: ExportFormat,
    paths: Annotated[list[str] | None, typer.Argument(
        help="Hand-history files to convert (formats pokerstars, json, studbook, phh).")] = None,
    out: Annotated[Path | None, typer.Option(
        "--out", help="Folder to write into (parquet); the file to write (hand formats; else stdout).")]
    = None,
    force: Force = False,
    db: Db = Path(DEFAULT_DB),
) -> None:
    """Export the stored tables (Parquet: one file per table), or convert hand histories (FILE...)."""
    if fmt in HAND_FORMATS:
        from studbook.writers import export_hands  # the writers, only when converting

        raise typer.Exit(export_hands(fmt, paths or [], out, force))
    with user_errors():
        _check_format(fmt, EXPORT_FORMATS)
        if out is None or paths:
            raise UserError("parquet exports the database: give --out FOLDER and no FILE")
        with closing(open_existing(db)) as con:
            written = EXPORTERS[fmt](con, out, force)
    for path in written:
        typer.echo(str(path))
