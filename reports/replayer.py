"""The HTML hand replayer: one self-contained page to audit a disputed hand step by step.

The page embeds the steps of :mod:`studbook.reports.replay_steps` and the ruling as JSON and lets
``replayer.js`` draw them with text nodes only, so nothing a log says can become markup. Each cited
rule's title and text come along (:func:`studbook.rulebook.notes`) for the tooltips, so the page
explains its verdicts offline. With ``review`` the page is a review of one player's hand instead
(:mod:`studbook.reports.review`).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from studbook import rulebook
from studbook.hand import Hand
from studbook.money import format_amount
from studbook.reports.html import Html
from studbook.reports.html import document
from studbook.reports.html import h
from studbook.reports.html import json_script
from studbook.reports.replay_steps import StepBuilder
from studbook.reports.replay_steps import violation_dict
from studbook.reports.review import DecisionEV
from studbook.reports.review import review_data
from studbook.results import Replay
from studbook.rules.variants import VARIANTS


@dataclass(frozen=True, slots=True)
class LogExcerpt:
    """The hand's lines as the log has them, so each step can point at its line."""

    first_line: int
    lines: list[str]


def _money(hand: Hand, amount: int) -> str:
    return format_amount(amount, hand.currency, hand.decimals)


def _facts(hand: Hand) -> list[list[str]]:
    game = f"{VARIANTS[hand.variant].label}, {hand.structure} " \
           f"{_money(hand, hand.small_bet)}/{_money(hand, hand.big_bet)}"
    facts = [["Site", hand.site], ["Hand", hand.hand_id], ["Game", game]]
    if hand.game_label:
        facts.append(["Mixed game", hand.game_label])
    for name, amount in (("Ante", hand.ante), ("Bring-in", hand.bring_in)):
        if amount is not None:
            facts.append([name, _money(hand, amount)])
    facts.append(["Table", hand.table])
    if hand.tournament_id:
        facts.append(["Tournament", hand.tournament_id + (f", level {hand.level}" if hand.level else "")])
    if hand.start_time:
        facts.append(["Started", hand.start_time.isoformat(sep=" ")])
    facts.append(["Source", f"{hand.source.file}:{hand.source.first_line}"])
    return facts


def _ruling(replay: Replay) -> dict[str, Any]:
    hand = replay.hand
    pots = [{
        "name": "Main pot" if pot.index == 0 else f"Side pot {pot.index}",
        "amount": _money(hand, pot.amount), "reason": pot.reason, "eligible": list(pot.eligible),
        "winners": [{"player": w.player, "amount": _money(hand, w.amount), "half": w.half or "",
                     "hand": w.hand_name} for w in pot.winners],
    } for pot in replay.pots]
    results = [{
        "seat": s.seat, "player": s.player, "committed": _money(hand, s.committed),
        "collected": _money(hand, s.collected), "logged": _money(hand, s.logged_collected),
        "net": _money(hand, s.net), "high": s.high_name, "low": s.low_name,
        "agrees": s.collected == s.logged_collected,
    } for s in replay.seats]
    return {
        "pots": pots, "results": results, "rake": _money(hand, replay.rake),
        "loggedRake": None if replay.logged_rake is None else _money(hand, replay.logged_rake),
        "total": _money(hand, replay.total_pot),
        "agrees": all(r["agrees"] for r in results) and replay.logged_rake in (None, replay.rake),
        "violations": [violation_dict(v) for v in replay.violations],
    }


def _final_step(replay: Replay, last: dict[str, Any]) -> dict[str, Any]:
    """The table after the awards: every seat's stack as the rules leave it."""
    results = {s.player: s for s in replay.seats}
    seats = []
    for seat, state in zip(replay.hand.seats, last["seats"], strict=True):
        result = results.get(seat.player)
        stack = _money(replay.hand, result.starting_stack + result.net) if result else state["stack"]
        seats.append({**state, "stack": stack, "bet": ""})
    texts = [f"{w.player} wins {_money(replay.hand, w.amount)}"
             + (f" ({w.half})" if w.half else "") + (f" with {w.hand_name}" if w.hand_name else "")
             for pot in replay.pots for w in pot.winners]
    return {**last, "kind": "ruling", "label": "Ruling", "texts": texts or ["No awards"], "lines": [],
            "actor": None, "expected": None, "violations": [], "seats": seats, "pots": []}


def replayer_data(replay: Replay, log: LogExcerpt | None = None, review: str | None = None,
                  decisions: Mapping[int, DecisionEV] | None = None) -> dict[str, Any]:
    """Everything the replayer page shows, as JSON-ready data; with ``review``, a review of that seated
    player's hand, each of their decisions with its EV where ``decisions`` has it (by the action's seq)."""
    hand = replay.hand
    steps = StepBuilder(replay).build()
    steps.append(_final_step(replay, steps[-1]))
    by_line = {line: index for index, step in enumerate(steps) for line in step["lines"]}
    for violation in replay.violations:
        target = steps[by_line.get(violation.line, len(steps) - 1)]
        entry = violation_dict(violation)
        if entry not in target["violations"]:
            target["violations"].append(entry)
    data = {
        "title": f"{hand.site} hand {hand.hand_id}",
        "facts": _facts(hand),
        "seats": [{"seat": seat.seat, "player": seat.player} for seat in hand.seats],
        "steps": steps,
        "ruling": _ruling(replay),
        "log": None if log is None else {"first": log.first_line, "lines": log.lines},
        "rules": rulebook.notes(violation.rule for violation in replay.violations),
        "review": None,
    }
    return data if review is None else review_data(data, hand, review, decisions)


def replayer_section(element_id: str) -> Html:
    """The element the script draws a replay into."""
    return h("section", h("noscript", "The replayer needs JavaScript."), class_="replayer", id=element_id)


def replayer_page(replay: Replay, log: LogExcerpt | None = None, review: str | None = None,
                  decisions: Mapping[int, DecisionEV] | None = None) -> str:
    """A whole self-contained page replaying one hand, or reviewing it from ``review``'s seat."""
    data = replayer_data(replay, log, review, decisions)
    body = Html(replayer_section("replayer") + json_script("replay-data", data)
                + Html('<script>document.addEventListener("DOMContentLoaded", () => '
                       'Replayer.mount(document.getElementById("replayer"), '
                       'JSON.parse(document.getElementById("replay-data").textContent)));</script>'))
    return document(f"{'Review' if review else 'Replay'}: {data['title']}", body,
                    styles=("report.css", "replayer.css"),
                    scripts=("replayer.js",))
