"""``studbook parse``, ``showdown`` and ``audit``: the commands that read hands or cards and store nothing."""

from __future__ import annotations

import json
import sys
from collections import Counter
from typing import TYPE_CHECKING
from typing import Annotated

import typer

from studbook.cli.options import RuleOptions
from studbook.cli.options import ShowdownGame
from studbook.cli.options import Strict
from studbook.hand import Hand

if TYPE_CHECKING:
    from pathlib import Path

    from studbook.grammar import ParseResult
    from studbook.results import Replay
    from studbook.stacks import HandStacks

Paths = Annotated[list[str], typer.Argument(help="Files, folders (searched recursively) or glob patterns.")]
JsonFlag = Annotated[
    bool, typer.Option("--json", help="Write one JSON object per hand block instead of text.")
]


def _echo_json(obj: dict) -> None:
    sys.stdout.write(json.dumps(obj, ensure_ascii=False) + "\n")


def parse(paths: Paths, as_json: JsonFlag = False, strict: Strict = False) -> None:
    """Parse hand histories and report, per file, hands found, parsed, skipped and errors."""
    from studbook.grammar import ParseError
    from studbook.grammar import Skipped
    from studbook.grammar import expand_paths
    from studbook.grammar import parse_file
    from studbook.grammar.records import FileError

    totals: Counter[str] = Counter()
    for path in expand_paths(paths):
        counts: Counter[str] = Counter()
        errors: list[ParseError] = []
        unreadable: FileError | None = None  # a missing, empty or binary file: no hand block in it
        for result in parse_file(path, strict):
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
                counts["unknown"] += has_unknown_lines(result)
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
                f"{counts['skipped']} skipped (not stud), {counts['errors']} errors{_unknown(counts)}"
            )
            for error in errors:
                typer.echo(f"  {error}")
    if not as_json:
        files = f"{totals['files']} files"
        if totals["unreadable"]:
            files += f" ({totals['unreadable']} unreadable)"
        typer.echo(
            f"total: {files}, {totals['blocks']} found, {totals['parsed']} parsed, "
            f"{totals['skipped']} skipped (not stud), {totals['errors']} errors{_unknown(totals)}"
        )
    raise typer.Exit(1 if totals["errors"] or totals["unreadable"] else 0)


def has_unknown_lines(hand: Hand) -> bool:
    """Whether the reader left a line of the hand out (an ``unknown-line`` note)."""
    from studbook.events import UNKNOWN_LINE
    from studbook.events import Note

    return any(isinstance(event, Note) and event.kind == UNKNOWN_LINE for event in hand.events)


def _unknown(counts: Counter[str]) -> str:
    """The count of hands kept with lines left out, where there are any."""
    return f" ({counts['unknown']} parsed with unknown lines left out)" if counts["unknown"] else ""


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


def _rules(options: list[str] | None):
    from studbook.rules.house import RuleError
    from studbook.rules.house import Rules

    try:
        return Rules.parse(options or [])
    except RuleError as error:
        raise typer.BadParameter(str(error), param_hint="--rule") from None


def showdown(
    hands: Annotated[list[str], typer.Argument(help='One quoted hand per argument, e.g. "Ac Ad Kh Qs Jc".')],
    game: ShowdownGame = "stud",
    rule: RuleOptions = None,
) -> None:
    """Rank the given hands under a variant's rules and name them."""
    from studbook.cards import CardError
    from studbook.cards import format_cards
    from studbook.cards import parse_cards
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
    if len(parsed) > 1 and all(len(cards) == 1 for cards in parsed):
        together = " ".join(hands)
        typer.echo(f"note: each argument is a hand, so these are {len(parsed)} hands of one card each; "
                   f'to rank one hand, quote its cards together: "{together}"', err=True)
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


def audit(
    paths: Paths,
    hand: Annotated[list[str] | None, typer.Option("--hand", help="Only the hand(s) with this id.")] = None,
    rule: RuleOptions = None,
    as_json: Annotated[bool, typer.Option("--json", help="Write one JSON object per hand.")] = False,
    explain: Annotated[bool, typer.Option("--explain", help="Print each broken rule's text.")] = False,
    problems: Annotated[bool | None, typer.Option(
        "--problems/--all", help="Show only the hands with errors or warnings, then a count by code; or "
        "every hand. Default: --problems for more than one file, except with --json.")] = None,
    strict: Strict = False,
    ev: Annotated[bool, typer.Option("--ev", help="Under the ruling, each decision's equity and EV "
                                                  "(docs/decision-ev.md).")] = False,
) -> None:
    """Replay hands through the rules engine: a street-by-street table and a ruling per hand.

    Each violation cites its rule (studbook rules ID, docs/rules.md). Exits with status 1 when any
    hand breaks a rule (error severity) or cannot be parsed.
    """
    from rich.console import Console

    from studbook.audit import print_replay
    from studbook.audit import replay_to_json
    from studbook.grammar import ParseError
    from studbook.grammar import Skipped
    from studbook.grammar import expand_paths
    from studbook.grammar import parse_file
    from studbook.replay import replay
    from studbook.stacks import hand_stacks

    rules = _rules(rule)
    stacks: list[HandStacks] = []  # each hand's stacks, checked across hands at the end
    wanted = set(hand or ())
    console = Console(highlight=False, width=None if sys.stdout.isatty() else 140)
    files = expand_paths(paths)
    only_problems = problems if problems is not None else len(files) > 1 and not as_json
    tally = _AuditTally()
    for path in files:
        for result in parse_file(path, strict):
            if wanted and result.hand_id not in wanted:
                continue
            if isinstance(result, ParseError):
                tally.failed += 1
                typer.echo(f"error: {result}", err=True)
                continue
            if isinstance(result, Skipped):
                tally.skipped += 1
                continue
            tally.found += 1
            try:
                replayed = replay(result, rules)
            except Exception as error:  # a studbook bug: name the hand, go on with the rest (as import does)
                tally.failed += 1
                typer.echo(f"error: {result.source.file}:{result.source.first_line}: hand {result.hand_id}: "
                           f"cannot replay: {type(error).__name__}: {error}", err=True)
                continue
            stacks.append(hand_stacks(replayed))
            shown = tally.add(replayed) or not only_problems
            if shown and as_json:
                _echo_json(replay_to_json(replayed))
            elif shown:
                print_replay(replayed, console, explain)
                if ev:
                    _print_decisions(replayed)
    if wanted and not tally.found and not tally.failed and not tally.skipped:
        typer.echo(f"no hand with id {', '.join(sorted(wanted))} found", err=True)
        raise typer.Exit(1)
    _stack_breaks(stacks, as_json)
    if not as_json:
        for line in tally.summary(only_problems):
            typer.echo(line)
    raise typer.Exit(1 if tally.with_errors or tally.failed else 0)


def _print_decisions(replayed: Replay) -> None:
    from studbook.audit import decision_lines
    from studbook.decisions import decisions

    for line in decision_lines(replayed, decisions(replayed)):
        typer.echo(line)
    typer.echo()


class _AuditTally:
    """What ``audit`` counts: hands by verdict, and the hands with each error and warning code."""

    def __init__(self) -> None:
        self.found = self.audited = self.with_errors = self.warnings_only = self.failed = self.skipped = 0
        self.codes: Counter[tuple[str, str]] = Counter()  # (severity, code): hands

    def add(self, replayed: Replay) -> bool:
        """Count a replayed hand; whether it has errors or warnings."""
        self.audited += 1
        self.with_errors += replayed.has_errors
        self.warnings_only += replayed.has_warnings_only
        self.codes.update({(v.severity, v.code) for v in replayed.violations if v.severity != "info"})
        return replayed.has_errors or replayed.has_warnings_only

    def summary(self, only_problems: bool) -> list[str]:
        skipped = f", {self.skipped} skipped (not stud)" if self.skipped else ""
        lines = [f"{self.audited} hands audited: {self.with_errors} with errors, {self.warnings_only} with "
                 f"warnings only, {self.failed} unreadable{skipped}"]
        if only_problems:
            ordered = sorted(self.codes.items(), key=lambda item: (item[0][0] != "error", item[0][1]))
            codes = ", ".join(f"{code} {count} ({severity})" for (severity, code), count in ordered)
            if codes:
                lines.append(f"hands by code: {codes}")
            clean = self.audited - self.with_errors - self.warnings_only
            lines.append(f"{clean} hands without errors or warnings not shown (--all shows them)")
        return lines


def _stack_breaks(stacks: list[HandStacks], as_json: bool) -> None:
    """The warnings no single hand shows: stacks that do not carry over between hands (L7), one line
    each (or one ``audit --json`` object each: the hand's keys, ``across_hands`` and the hand before, so a
    reader can tell it from a hand's own object, and its one violation)."""
    from studbook.stacks import stack_breaks

    found = stack_breaks(stacks)
    for item in found:
        violation = item.violation
        if as_json:
            hand, previous = item.hand, item.previous
            _echo_json({"file": hand.file, "line": hand.line, "hand_id": hand.hand_id, "site": hand.site,
                        "across_hands": True, "previous": {"file": previous.file, "line": previous.line,
                                                           "hand_id": previous.hand_id},
                        "violations": [{"code": violation.code, "severity": violation.severity,
                                        "line": violation.line, "message": violation.message,
                                        "rule": violation.rule}]})
        else:
            typer.echo(f"{violation.severity}: {violation.code} [{violation.rule}]: {violation.message}")
    if found and not as_json:
        typer.echo(f"{len(found)} stack breaks across hands (rule L7)")
