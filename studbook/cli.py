"""The ``studbook`` command line: thin typer wrappers around the library.

User errors (bad paths, bad options, malformed logs) are reported as messages and exit
codes, never as Python tracebacks.
"""

from __future__ import annotations

import json
import sys
from collections import Counter
from typing import TYPE_CHECKING, Annotated

import typer

from studbook.hand import Hand
from studbook.help_format import HelpTyper

if TYPE_CHECKING:
    from pathlib import Path

    from studbook.grammar import ParseResult

app = HelpTyper(
    help="Read stud poker hand histories, audit every action, store and report on them.",
    no_args_is_help=True,
    pretty_exceptions_enable=False,
    rich_markup_mode=None,  # help texts are plain: "[/BRING_IN]" is an option's syntax, not markup
    add_completion=False,
)


def _version(shown: bool) -> None:
    if shown:
        from studbook import BUILD, __version__

        typer.echo(f"studbook {__version__}, {BUILD.describe()}")
        raise typer.Exit()


@app.callback()
def _options(version: Annotated[bool, typer.Option(
        "--version", callback=_version, is_eager=True,
        help="Print the version and which build runs (compiled or pure Python).")] = False) -> None:
    """Read stud poker hand histories, audit every action, store and report on them."""


Paths = Annotated[list[str], typer.Argument(help="Files, folders (searched recursively) or glob patterns.")]
JsonFlag = Annotated[
    bool, typer.Option("--json", help="Write one JSON object per hand block instead of text.")
]


def _echo_json(obj: dict) -> None:
    sys.stdout.write(json.dumps(obj, ensure_ascii=False) + "\n")


@app.command()
def parse(paths: Paths, as_json: JsonFlag = False) -> None:
    """Parse hand histories and report, per file, hands found, parsed, skipped and errors."""
    from studbook.grammar import ParseError, Skipped, expand_paths, parse_file
    from studbook.grammar.reader import FileError

    totals: Counter[str] = Counter()
    for path in expand_paths(paths):
        counts: Counter[str] = Counter()
        errors: list[ParseError] = []
        unreadable: FileError | None = None  # a missing, empty or binary file: no hand block in it
        for result in parse_file(path):
            if as_json:
                _echo_json(_parse_record(path, result))
            if isinstance(result, FileError):  # last: after any blocks read before a read error
                unreadable = result
                counts["unreadable"] += 1
                errors.append(result)
                continue
            counts["blocks"] += 1
            if isinstance(result, Hand):
                counts["parsed"] += 1
            elif isinstance(result, Skipped):
                counts["skipped"] += 1
            else:
                counts["errors"] += 1
                errors.append(result)
        totals.update(counts)
        totals["files"] += 1
        if unreadable and not counts["blocks"] and not as_json:
            typer.echo(f"{path}: {unreadable.message}")
        elif not as_json:
            typer.echo(
                f"{path}: {counts['blocks']} found, {counts['parsed']} parsed, "
                f"{counts['skipped']} skipped (not stud), {counts['errors']} errors"
            )
            for error in errors:
                typer.echo(f"  {error}")
    if not as_json:
        files = f"{totals['files']} files"
        if totals["unreadable"]:
            files += f" ({totals['unreadable']} unreadable)"
        typer.echo(
            f"total: {files}, {totals['blocks']} found, {totals['parsed']} parsed, "
            f"{totals['skipped']} skipped (not stud), {totals['errors']} errors"
        )
    raise typer.Exit(1 if totals["errors"] or totals["unreadable"] else 0)


def _parse_record(path: Path, result: ParseResult) -> dict:
    """The ``parse --json`` object of one block; built only for --json, since converting a whole hand to
    a dict costs as much as parsing it."""
    from studbook.grammar import Skipped
    from studbook.serialize import hand_to_dict

    record = {"file": str(path), "line": getattr(result, "line", None), "hand_id": result.hand_id,
              "site": result.site, "variant": None}
    if isinstance(result, Hand):
        record.update(line=result.source.first_line, variant=result.variant, hand=hand_to_dict(result))
    elif isinstance(result, Skipped):
        record["skipped"] = result.game
    else:
        record["error"] = {"line": result.line, "column": result.column, "message": result.message}
    return record


RuleOptions = Annotated[list[str] | None, typer.Option("--rule", help="House rule KEY=VALUE (repeatable).")]


def _rules(options: list[str] | None):
    from studbook.rules.house import RuleError, Rules

    try:
        return Rules.parse(options or [])
    except RuleError as error:
        raise typer.BadParameter(str(error), param_hint="--rule") from None


@app.command()
def showdown(
    hands: Annotated[list[str], typer.Argument(help='One quoted hand per argument, e.g. "Ac Ad Kh Qs Jc".')],
    game: Annotated[
        str, typer.Option("--game", "-g", help="stud, stud8, razz, razz27 (2-7 Razz), stud5 or descubierto.")
    ] = "stud",
    rule: RuleOptions = None,
) -> None:
    """Rank the given hands under a variant's rules and name them."""
    from studbook.cards import CardError, format_cards, parse_cards
    from studbook.rules.variants import VARIANTS
    from studbook.showdown import rank_hands

    if game not in VARIANTS:
        raise typer.BadParameter(
            f"unknown game {game!r}; choose from {', '.join(VARIANTS)}", param_hint="--game"
        )
    try:
        parsed = [parse_cards(text) for text in hands]
    except CardError as error:
        raise typer.BadParameter(str(error), param_hint="HANDS") from None
    seen = [card for cards in parsed for card in cards]
    if len(seen) != len(set(seen)):
        duplicates = sorted({str(card) for card in seen if seen.count(card) > 1})
        raise typer.BadParameter(f"a card appears twice: {', '.join(duplicates)}", param_hint="HANDS")
    try:
        result = rank_hands(game, parsed, _rules(rule))
    except ValueError as error:
        raise typer.BadParameter(str(error), param_hint="HANDS") from None
    for entry in result.entries:
        names = "; ".join(f"{part}: {name}" for part, name in zip(result.parts, entry.names, strict=True))
        typer.echo(f"#{entry.index + 1}  {format_cards(entry.cards):<22} {names}")
    won = dict(result.winners)
    for part in result.parts:
        if part not in won:
            typer.echo(f"{part}: no hand qualifies; the high hand takes the whole pot")
            continue
        indexes = won[part]
        who = " and ".join(f"#{i + 1}" for i in indexes)
        typer.echo(f"{part}: {who} {'split' if len(indexes) > 1 else 'wins'}")


@app.command()
def audit(
    paths: Paths,
    hand: Annotated[list[str] | None, typer.Option("--hand", help="Only the hand(s) with this id.")] = None,
    rule: RuleOptions = None,
    as_json: Annotated[bool, typer.Option("--json", help="Write one JSON object per hand.")] = False,
    explain: Annotated[bool, typer.Option("--explain", help="Print each broken rule's text.")] = False,
) -> None:
    """Replay hands through the rules engine: a street-by-street table and a ruling per hand.

    Each violation cites its rule (studbook rules ID, docs/rules.md). Exits with status 1 when any
    hand breaks a rule (error severity) or cannot be parsed.
    """
    from rich.console import Console

    from studbook.audit import print_replay, replay_to_json
    from studbook.grammar import ParseError, expand_paths, parse_file
    from studbook.replay import replay

    rules = _rules(rule)
    wanted = set(hand or ())
    console = Console(highlight=False, width=None if sys.stdout.isatty() else 140)
    found = audited = with_errors = warnings_only = failed = 0
    for path in expand_paths(paths):
        for result in parse_file(path):
            if isinstance(result, ParseError):
                if not wanted or result.hand_id in wanted:
                    failed += 1
                    typer.echo(f"error: {result}", err=True)
                continue
            if not isinstance(result, Hand) or wanted and result.hand_id not in wanted:
                continue
            found += 1
            try:
                replayed = replay(result, rules)
            except Exception as error:  # a studbook bug: name the hand, go on with the rest (as import does)
                failed += 1
                typer.echo(f"error: {result.source.file}:{result.source.first_line}: hand {result.hand_id}: "
                           f"cannot replay: {type(error).__name__}: {error}", err=True)
                continue
            audited += 1
            with_errors += replayed.has_errors
            warnings_only += replayed.has_warnings_only
            if as_json:
                _echo_json(replay_to_json(replayed))
            else:
                print_replay(replayed, console, explain)
    if wanted and not found and not failed:
        typer.echo(f"no hand with id {', '.join(sorted(wanted))} found", err=True)
        raise typer.Exit(1)
    if not as_json:
        typer.echo(f"{audited} hands audited: {with_errors} with errors, {warnings_only} with warnings only, "
                   f"{failed} unreadable")
    raise typer.Exit(1 if with_errors or failed else 0)


def main() -> None:
    app()


from studbook.analytics import commands as analytics  # noqa: E402  (registration only, issue #4)

app.command("import")(analytics.import_command)
app.command("stats")(analytics.stats_command)
app.command("players")(analytics.players_command)
app.command("rejects")(analytics.rejects_command)
app.command("query")(analytics.query_command)
app.command("export")(analytics.export_command)

from studbook.analytics.commands_alias import alias_app  # noqa: E402  (registration only, issue #15)

app.add_typer(alias_app, name="alias")

from studbook.reports import commands as reports  # noqa: E402  (registration only, issue #5)

app.command("report")(reports.report_command)
app.command("replay")(reports.replay_command)

from studbook.commands_simulate import simulate_command  # noqa: E402  (registration only, issue #6)

app.command("simulate")(simulate_command)

from studbook.commands_equity import equity_command  # noqa: E402  (registration only, issue #19)

app.command("equity")(equity_command)

from studbook.commands_rules import rules_command  # noqa: E402  (registration only, issue #20)

app.command("rules")(rules_command)
