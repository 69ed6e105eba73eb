"""``studbook report`` and ``studbook replay``: the HTML pages.

Mistakes a user can fix (no database, an unknown player, a hand that is not there, a bad rule) end
with a one-line message and exit status 2, as the database commands do.
"""

from __future__ import annotations

import difflib
import re
from pathlib import Path
from typing import TYPE_CHECKING
from typing import Annotated

import typer

from studbook.analytics.db import DEFAULT_DB
from studbook.analytics.db import open_db_or_lake
from studbook.cli.errors import UserError
from studbook.cli.errors import user_errors
from studbook.cli.options import KINDS
from studbook.cli.options import Db
from studbook.cli.options import Force
from studbook.cli.options import GameFilter
from studbook.cli.options import KindFilter
from studbook.cli.options import LakeOption
from studbook.cli.options import ReplayLake
from studbook.cli.options import ReplayRule
from studbook.cli.options import Since
from studbook.reports.filters import CONDITION
from studbook.reports.filters import Filters
from studbook.rules.house import Rules
from studbook.rules.house import rules_text
from studbook.rules.variants import VARIANTS

if TYPE_CHECKING:
    import duckdb

    from studbook.reports.review import DecisionEV
    from studbook.results import Replay


def _write(path: Path, page: str, source: Path | None, force: bool) -> None:
    from studbook.writers.targets import HTML_PAGE  # the readers that tell a log, only when writing
    from studbook.writers.targets import write_text

    write_text(path, page, HTML_PAGE, [source] if source is not None else [], force)
    typer.echo(f"wrote {path}")


def _check_player(con: duckdb.DuckDBPyConnection, filters: Filters) -> None:
    """A report needs hands of one player: say so, and suggest names, rather than draw empty figures; a
    name on several sites must be told apart (SITE:NAME) or joined (an alias)."""
    found = con.sql(f"SELECT DISTINCT identity_site || ':' || identity FROM seat_facts WHERE {CONDITION} "
                    "ORDER BY 1", params=filters.params).fetchall()
    if len(found) > 1:
        players = ", ".join(row[0] for row in found)
        raise UserError(f"{filters.player!r} is more than one player: {players}; give one as SITE:NAME, "
                          "or join them with studbook alias add")
    if found:
        return
    names = [row[0] for row in con.execute("SELECT player FROM players").fetchall()]
    if filters.player in names:
        raise UserError(f"no hands of player {filters.player!r} in {filters.describe()}")
    close = difflib.get_close_matches(filters.player, names, n=3)
    hint = f"; did you mean {', '.join(close)}?" if close else ""
    raise UserError(f"no hands of player {filters.player!r}{hint}")


def report_command(
    player: Annotated[str | None, typer.Option("--player", help="Report on this player; without it, "
                                                                "an overview of the database.")] = None,
    game: GameFilter = None,
    since: Since = None,
    kind: KindFilter = None,
    output: Annotated[Path, typer.Option("--output", "-o", dir_okay=False, help="HTML file to write.")]
    = Path("report.html"),
    force: Force = False,
    db: Db = Path(DEFAULT_DB),
    rule: ReplayRule = None,
    lake: LakeOption = None,
) -> None:
    """Write an HTML report (opens offline): one player's stats, results and violations, or an overview."""
    with user_errors():
        if game is not None and game not in VARIANTS:
            raise UserError(f"unknown game {game!r}: use one of {', '.join(VARIANTS)}")
        if kind is not None and kind not in KINDS:
            raise UserError(f"unknown kind {kind!r}: use one of {', '.join(KINDS)}")
        rules = Rules.parse(rule) if rule else None
        filters = Filters(player, game, since, kind)
        from studbook.writers.targets import HTML_PAGE
        from studbook.writers.targets import check_target

        check_target(output, HTML_PAGE, [db], force)  # before the work, not only after it
        # The page builders load polars and plotly (about a second): only the report command needs them.
        from studbook.reports.overview import overview_page
        from studbook.reports.player_report import player_page

        con = open_db_or_lake(db, lake)
        if lake is not None:
            db = Path(lake)  # where the pages say the hands come from
        try:
            if player is None:
                page = overview_page(con, filters, db)
            else:
                _check_player(con, filters)
                page = player_page(con, filters, db, rules)
        finally:
            con.close()
        _write(output, page, db, force)


def _stored_decisions(source: Path | None, lake: str | None, replay: Replay,
                      player: str) -> dict[int, DecisionEV]:
    """The decision EVs ``studbook analyse`` stored for ``player`` in ``hand``: none from a log file."""
    from studbook.outputs import is_database
    from studbook.reports.review import stored_decisions

    if lake is None and source is not None and source.is_dir():
        lake = str(source)  # a lake folder given as the source, as load_hand takes it
    if lake is None and (source is None or not is_database(source)):
        return {}  # a log file: nothing was analysed
    con = open_db_or_lake(source or Path(), lake)
    try:
        return stored_decisions(con, replay, player)
    finally:
        con.close()


def replay_command(
    hand: Annotated[str, typer.Option("--hand", help="The hand's id, as the log writes it.")],
    source: Annotated[Path | None, typer.Argument(
        help="A hand history file, a studbook .duckdb database or a lake folder (or give --lake).")] = None,
    output: Annotated[Path | None, typer.Option(
        "--output", "-o", dir_okay=False, help="HTML file to write (default: replay-HAND.html).")] = None,
    force: Force = False,
    rule: ReplayRule = None,
    lake: ReplayLake = None,
    review: Annotated[str | None, typer.Option(
        "--review", metavar="PLAYER", help="Review the hand from PLAYER's seat: the others' down cards "
                                          "hidden until shown, and a stop at each of PLAYER's decisions "
                                          "to choose before it is revealed.")] = None,
) -> None:
    """Write an HTML replayer of one hand: step through every action, its verdict, and the ruling.

    From a database the hand is replayed under the house rules of its import unless --rule is given."""
    from studbook.reports.replayer import replayer_page  # the parsers and the replayer: this command's alone
    from studbook.reports.source import load_hand

    with user_errors():
        if (source is None) == (lake is None):
            raise UserError("give a hand history file or database, or --lake DIR")
        found = load_hand(source or Path(), hand, Rules.parse(rule) if rule else None, lake)
        if review is not None and review not in (seated := [s.player for s in found.replay.hand.seats]):
            from studbook.display import visible

            players = ", ".join(visible(name) for name in seated)  # a log's names: no terminal control
            raise UserError(f"{visible(review)!r} is not seated in hand {hand}: the players are {players}")
        decisions = _stored_decisions(source, lake, found.replay, review) if review else None
        name = re.sub(r"[^A-Za-z0-9_-]+", "_", found.replay.hand.hand_id)
        page = replayer_page(found.replay, found.log, review, decisions)
        _write(output or Path(f"{'review' if review else 'replay'}-{name}.html"), page, source, force)
        if found.rules is not None:
            origin = "--rule" if rule else "stored with the hand"
            typer.echo(f"house rules ({origin}): {rules_text(found.rules)}")
