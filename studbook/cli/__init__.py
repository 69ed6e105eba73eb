"""The ``studbook`` command line: thin typer wrappers around the library, all in this package.

User errors (bad paths, bad options, malformed logs) are reported as messages and exit
codes, never as Python tracebacks (:mod:`studbook.cli.errors`). A command imports what it alone needs
(polars, plotly, the importer, the equity and simulation engines) inside its function, so that
``studbook --help`` starts fast.
"""

from __future__ import annotations

from typing import Annotated

import typer

from studbook.cli import database
from studbook.cli import hands
from studbook.cli import reports
from studbook.cli import serve
from studbook.cli.alias import alias_app
from studbook.cli.analyse import analyse_command
from studbook.cli.equity import equity_command
from studbook.cli.errors import interrupted_queries
from studbook.cli.help_format import HelpTyper
from studbook.cli.review import review_command
from studbook.cli.rules import rules_command
from studbook.cli.simulate import simulate_command

app = HelpTyper(
    help="Read stud poker hand histories, audit every action, store and report on them.",
    no_args_is_help=True,
    pretty_exceptions_enable=False,
    rich_markup_mode=None,  # help texts are plain: "[/BRING_IN]" is an option's syntax, not markup
    add_completion=False,
)


def _version(shown: bool) -> None:
    if shown:
        from studbook import BUILD
        from studbook import __version__

        typer.echo(f"studbook {__version__}, {BUILD.describe()}")
        raise typer.Exit()


@app.callback()
def _options(version: Annotated[bool, typer.Option(
        "--version", callback=_version, is_eager=True,
        help="Print the version and which build runs (compiled or pure Python).")] = False) -> None:
    """Read stud poker hand histories, audit every action, store and report on them."""


def main() -> None:
    with interrupted_queries():
        app()


# The order here is the order of `studbook --help`.
app.command()(hands.parse)
app.command()(hands.showdown)
app.command()(hands.audit)
app.command("import")(database.import_command)
app.command("analyse")(analyse_command)
app.command("stats")(database.stats_command)
app.command("players")(database.players_command)
app.command("rejects")(database.rejects_command)
app.command("query")(database.query_command)
app.command("export")(database.export_command)
app.add_typer(alias_app, name="alias")
app.command("report")(reports.report_command)
app.command("replay")(reports.replay_command)
app.command("review")(review_command)
app.command("serve")(serve.serve_command)
app.command("simulate")(simulate_command)
app.command("equity")(equity_command)
app.command("rules")(rules_command)
