"""Render a Replay for people (street-by-street table and ruling) and for machines (JSON).

The ruling answers what a floor manager is asked about a disputed hand: who should have acted,
what each pot was, who wins each part and why, and whether the log's awards agree.
"""

from __future__ import annotations

from itertools import groupby
from typing import Any

from rich.console import Console
from rich.console import Group
from rich.table import Table
from rich.text import Text

from studbook import rulebook
from studbook.allin import AllIn
from studbook.awards import HOME_FORMAT
from studbook.decisions import Decision
from studbook.display import cell
from studbook.display import visible
from studbook.events import Collect
from studbook.events import Street
from studbook.money import format_amount
from studbook.results import Replay
from studbook.results import Violation

_SEVERITY_STYLE = {"error": "bold red", "warning": "yellow", "info": "dim"}


def replay_to_json(replay: Replay) -> dict[str, Any]:
    """The ``audit --json`` object of one hand (amounts in minor units)."""
    hand = replay.hand
    return {
        "file": hand.source.file,
        "line": hand.source.first_line,
        "hand_id": hand.hand_id,
        "site": hand.site,
        "variant": hand.variant,
        "violations": [
            {"code": v.code, "severity": v.severity, "line": v.line, "message": v.message, "rule": v.rule}
            for v in replay.violations
        ],
        "seats": [
            {
                "seat": s.seat,
                "player": s.player,
                "committed": s.committed,
                "collected": s.collected,
                "logged_collected": s.logged_collected,
                "net": s.net,
            }
            for s in replay.seats
        ],
        "pots": [
            {
                "amount": p.amount,
                "eligible": list(p.eligible),
                "reason": p.reason,
                "winners": [
                    {"player": w.player, "amount": w.amount, "half": w.half, "hand": w.hand_name}
                    for w in p.winners
                ],
            }
            for p in replay.pots
        ],
        "total_pot": replay.total_pot,
        "rake": replay.rake,
        "logged_rake": replay.logged_rake,
        "all_in": _all_in_json(replay.all_in),
    }


def _all_in_json(found: AllIn | None) -> dict[str, Any] | None:
    """The all-in EV of ``audit --json``: equities and expected amounts (minor units) per pot."""
    if found is None:
        return None
    return {
        "street": found.street,
        "line": found.line,
        "dead": [str(card) for card in found.dead],
        "pots": [
            {
                "index": pot.index,
                "amount": pot.amount,
                "method": pot.method,
                "samples": pot.samples,
                "std_error": pot.std_error,
                "players": [
                    {"player": player, "cards": str(found.cards[player]), "equity": equity,
                     "expected": expected}
                    for player, equity, expected in zip(pot.eligible, pot.equity, pot.expected, strict=True)
                ],
            }
            for pot in found.pots
        ],
    }


def _verdict(violations: tuple[Violation, ...]) -> Text:
    if not violations:
        return Text("ok", style="green")
    text = Text()
    for violation in violations:
        text.append(f"{violation.code}", style=_SEVERITY_STYLE[violation.severity])
        text.append(f" {visible(violation.message)}\n")
    text.rstrip()
    return text


def _street_tables(replay: Replay) -> list[Table]:
    money = _money(replay)
    tables = []
    for street, records in groupby(replay.actions, key=lambda record: record.street):
        title = f"{Street(street).label} street"
        table = Table(title=title, title_justify="left", expand=False)
        for column in ("line", "actor", "action", "amount", "to", "pot", "stack", "verdict"):
            table.add_column(
                column, justify="right" if column in ("line", "amount", "to", "pot", "stack") else "left"
            )
        for record in records:
            actor = record.player
            if record.expected_actor and record.expected_actor != record.player:
                actor += f" (expected {record.expected_actor})"
            action = record.action + (" all-in" if record.all_in else "")
            table.add_row(
                str(record.line),
                cell(actor),
                action,
                money(record.amount) if record.amount else "",
                money(record.to) if record.to else "",
                money(record.pot),
                money(record.stack),
                _verdict(record.violations),
            )
        tables.append(table)
    return tables


def _money(replay: Replay):
    currency = replay.hand.currency
    return lambda amount: format_amount(amount, currency)


def ruling_lines(replay: Replay) -> list[str]:
    """The ruling in sentences: pots, winners and why, and whether the log agrees."""
    money = _money(replay)
    lines = []
    for pot in replay.pots:
        name = "Main pot" if pot.index == 0 else f"Side pot {pot.index}"
        lines.append(f"{name} {money(pot.amount)} ({pot.reason}; eligible: {', '.join(pot.eligible)})")
        for winner in pot.winners:
            half = {"hi": "high half", "lo": "low half"}.get(winner.half or "", "")
            why = f" with {winner.hand_name}" if winner.hand_name else ""
            lines.append(
                f"  {winner.player} wins {money(winner.amount)}{' of the ' + half if half else ''}{why}"
            )
    lines.append(rake_line(replay))
    disagreements = [s for s in replay.seats if s.collected != s.logged_collected]
    if not any(isinstance(event, Collect) for event in replay.hand.events):
        lines.append("The log states no awards; the awards above are the rules'.")
    elif disagreements:
        for seat in disagreements:
            lines.append(
                f"The log gives {seat.player} {money(seat.logged_collected)}; "
                f"the rules give {money(seat.collected)}"
            )
    else:
        lines.append("The log's awards agree with the rules.")
    return lines + all_in_lines(replay)


def rake_line(replay: Replay) -> str:
    """The rake, where the hand has one; else what the log's awards leave of the pot or add to it.

    A home game's log (studbook's own format) has no rake unless it states one: awards that differ from
    the pot are said to, not called a rake. Awards beyond the pot are no rake in any game."""
    money = _money(replay)
    awarded = sum(seat.logged_collected for seat in replay.seats)
    left, pot = replay.total_pot - awarded, money(replay.total_pot)
    if replay.logged_rake is not None:
        said = replay.logged_rake
        differs = f" (the log says {money(said)})" if said != replay.rake else ""
        return f"Rake {money(replay.rake)}{differs}"
    if left < 0:
        return f"No rake: the log awards {money(-left)} more than the pot of {pot}"
    if replay.hand.site != HOME_FORMAT:
        return f"Rake {money(replay.rake)}"
    if left:
        return f"No rake (a home game): the log awards {money(left)} less than the pot of {pot}"
    return "No rake (a home game)"


def all_in_lines(replay: Replay) -> list[str]:
    """The all-in EV in sentences: when the betting ended with cards to come, and each pot's equities."""
    found = replay.all_in
    if found is None:
        return []
    money = _money(replay)
    lines = [f"All in: the betting ended on {Street(found.street).label} street (line {found.line}) "
             "with cards to come"]
    if found.dead:
        lines.append(f"  dead cards: {' '.join(map(str, found.dead))}")
    for pot in found.pots:
        name = "Main pot" if pot.index == 0 else f"Side pot {pot.index}"
        how = {"exact": f"every one of {pot.samples:,} deals counted",
               "sampled": f"{pot.samples:,} deals drawn, standard error up to "
                          f"{100 * pot.std_error:.1f} points",
               "uncontested": "one player can win it"}[pot.method]
        lines.append(f"  {name} {money(pot.amount)} ({how}):")
        for player, equity, expected in zip(pot.eligible, pot.equity, pot.expected, strict=True):
            lines.append(f"    {player} {100 * equity:.1f}% with {found.cards[player]}: "
                         f"expects {money(expected)}")
    return lines


def decision_lines(replay: Replay, found: list[Decision]) -> list[str]:
    """The decision EV street by street (``audit --ev``): each valued action's equity against the players
    still in, how it was worked out, and its EV (to the nearest unit)."""
    money = _money(replay)
    if not found:
        return ["Decision EV: no decision of a player whose cards are known"]
    lines = ["Decision EV (equity against the players still in, the cards seen out of the deck):"]
    for street, group in groupby(found, key=lambda decision: decision.street):
        lines.append(f"  {Street(street).label} street")
        for decision in group:
            value = decision.value
            how = "exact" if value.method == "exact" else \
                f"{value.samples:,} deals, EV ± {money(round(value.std_error))}"
            halves = ""
            if value.equity_hi is not None and value.equity_lo is not None and value.scoop is not None:
                halves = (f" (high {100 * value.equity_hi:.1f}%, low {100 * value.equity_lo:.1f}%, scoops "
                          f"{100 * value.scoop:.1f}%)")
            facing = decision.action == "fold" and decision.to_call
            owed = f" facing {money(decision.to_call)}" if facing else ""
            put = f" {money(decision.amount)}" if decision.amount else ""
            lines.append(f"    line {decision.line}: {decision.player} {decision.action}s{put}{owed} with "
                         f"{decision.holding}: equity {100 * value.equity:.1f}%{halves} against "
                         f"{len(decision.opponents)}, pot {money(decision.pot_after)}, "
                         f"EV {money(round(value.ev))} ({how})")
    return lines


def render_text(replay: Replay, explain: bool = False) -> Group:
    """A rich renderable: header, the street tables, the ruling and all violations, each with its rule's
    title (``[C27 show order at showdown]``) and, if ``explain``, the rule's text under it."""
    hand = replay.hand
    where = f"{hand.source.file}:{hand.source.first_line}"
    head = Text(visible(f"{hand.site} hand {hand.hand_id} · {hand.variant} · {where}"), style="bold")
    parts: list[Any] = [head, *_street_tables(replay), Text("Ruling", style="bold")]
    parts.extend(cell(line) for line in ruling_lines(replay))
    seats = Table(title="Results", title_justify="left")
    for column in ("seat", "player", "committed", "collected", "net"):
        seats.add_column(column, justify="left" if column == "player" else "right")
    money = _money(replay)
    for seat in replay.seats:
        seats.add_row(
            str(seat.seat), cell(seat.player), money(seat.committed), money(seat.collected), money(seat.net)
        )
    parts.append(seats)
    if replay.violations:
        parts.append(Text(f"{len(replay.violations)} violation(s):", style="bold"))
        for violation in replay.violations:
            rule = f" [{rulebook.label(violation.rule)}]" if violation.rule else ""
            parts.append(
                Text(
                    f"  line {violation.line}: {violation.severity} {violation.code}{rule}: "
                    f"{visible(violation.message)}",
                    style=_SEVERITY_STYLE[violation.severity],
                )
            )
            if explain and violation.rule in rulebook.by_id():
                parts.append(Text(rulebook.wrap(rulebook.by_id()[violation.rule].text, "      ")))
    else:
        parts.append(Text("No violations.", style="green"))
    return Group(*parts)


def print_replay(replay: Replay, console: Console, explain: bool = False) -> None:
    console.print(render_text(replay, explain))
    console.print()
