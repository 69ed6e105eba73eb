"""The HTML replayer's steps and page, on a hand built by hand so every field is known.

The hand is stud8 with a short stack (named like an XSS payload) all-in on 4th street, a side pot,
a showdown, a wrong-actor violation and a log that over-pays one player.
"""

from __future__ import annotations

import json
import re
from datetime import UTC
from datetime import datetime

import pytest

from studbook import events as ev
from studbook.cards import parse_cards
from studbook.events import Street
from studbook.hand import Hand
from studbook.hand import Seat
from studbook.hand import Source
from studbook.reports.replay_steps import StepBuilder
from studbook.reports.replayer import LogExcerpt
from studbook.reports.replayer import replayer_data
from studbook.reports.replayer import replayer_page
from studbook.results import ActionRecord
from studbook.results import Replay
from studbook.results import SeatResult
from studbook.results import Violation
from studbook.rules.pots import PotResult
from studbook.rules.pots import Winner

EVIL = "<img src=x onerror=alert(1)>"
WRONG_ACTOR = Violation("wrong-actor", "error", 21, f"{EVIL} should act first: K-K showing", "C31")
OVERPAID = Violation("award-mismatch", "error", 40, "the log gives Alice 1 more than the rules", None)


def _events() -> tuple[ev.Event, ...]:
    cards = parse_cards
    return (
        ev.PostAnte(5, "Alice", 1), ev.PostAnte(6, EVIL, 1), ev.PostAnte(7, "Bob", 1),
        ev.StreetStart(8, Street.THIRD),
        ev.Deal(9, Street.THIRD, "Alice", down=cards("As 2s"), up=cards("3s")),
        ev.Deal(10, Street.THIRD, EVIL, up=cards("Kd")),
        ev.Deal(11, Street.THIRD, "Bob", up=cards("2c")),
        ev.BringIn(12, "Bob", 2), ev.Complete(13, "Alice", 4), ev.Raise(14, EVIL, 8, by=4),
        ev.Call(15, "Bob", 6), ev.Call(16, "Alice", 4),
        ev.StreetStart(17, Street.FOURTH),
        ev.Deal(18, Street.FOURTH, "Alice", up=cards("4h"), shown_before=cards("As 2s 3s")),
        ev.Deal(19, Street.FOURTH, EVIL, up=cards("Kc")),
        ev.Deal(20, Street.FOURTH, "Bob", up=cards("9d")),
        ev.Check(21, "Alice"), ev.Bet(22, EVIL, 5, all_in=True), ev.Call(23, "Bob", 5),
        ev.Call(24, "Alice", 5),
        ev.StreetStart(25, Street.FIFTH),
        ev.Deal(26, Street.FIFTH, "Alice", up=cards("5c")),
        ev.Deal(27, Street.FIFTH, EVIL, up=cards("7h")),
        ev.Deal(28, Street.FIFTH, "Bob", up=cards("9h")),
        ev.Bet(29, "Bob", 8), ev.Raise(30, "Alice", 16, by=8), ev.Call(31, "Bob", 8),
        ev.Note(32, "chat", "</script><script>alert(2)</script>", player="Bob"),
        ev.StreetStart(33, Street.SEVENTH),
        ev.Deal(34, Street.SEVENTH, "Alice", down=cards("9s")),
        ev.Check(35, "Bob"), ev.Check(36, "Alice"),
        ev.Show(37, "Alice", cards("As 2s 3s 4h 5c 9s"), "HI: a straight; LO: 5,4,3,2,A"),
        ev.Show(38, EVIL, cards("Ks Qd Kd Kc 7h"), "HI: three of a kind, Kings"),
        ev.Muck(39, "Bob"),
        ev.Collect(40, "Alice", 55, "main"),
        ev.Collect(41, "Alice", 64, "side"),
    )


def _records(hand: Hand) -> list[ActionRecord]:
    """What the replayer would record: stacks and pots after each action, by plain arithmetic."""
    stacks = {seat.player: seat.stack for seat in hand.seats}
    street_total: dict[str, int] = {}
    pot, street, records = 0, 0, []
    for event in hand.events:
        if isinstance(event, ev.StreetStart):
            street, street_total = int(event.street), {}
        if not isinstance(event, ev.ACTION_TYPES + (ev.PostAnte,)):
            continue
        before = street_total.get(event.player, 0)
        match event:
            case ev.Complete(to=to) | ev.Raise(to=to):
                amount = to - before
            case ev.PostAnte(amount=amount) | ev.BringIn(amount=amount) | ev.Bet(amount=amount) \
                    | ev.Call(amount=amount):
                pass
            case _:
                amount = 0
        kind = type(event).__name__
        name = {"PostAnte": "ante", "BringIn": "bring-in"}.get(kind, kind.lower())
        if name != "ante":
            street_total[event.player] = before + amount
        stacks[event.player] -= amount
        pot += amount
        violations = (WRONG_ACTOR,) if event.line == WRONG_ACTOR.line else ()
        records.append(ActionRecord(event.line, street, event.player, name, amount,
                                    street_total.get(event.player, 0), pot, stacks[event.player],
                                    getattr(event, "all_in", False),
                                    EVIL if event.line == WRONG_ACTOR.line else event.player, violations))
    return records


@pytest.fixture
def replay() -> Replay:
    hand = Hand(site="pokerstars", hand_id="4242", variant="stud8", structure="limit", small_bet=4, big_bet=8,
                currency=None, start_time=datetime(2024, 5, 1, 20, 0, tzinfo=UTC), table="Dawn <b>II</b>",
                seats=(Seat(1, "Alice", 200), Seat(2, EVIL, 14), Seat(3, "Bob", 150)), events=_events(),
                source=Source("logs/<evil>.txt", 1, 50), ante=1, bring_in=2)
    main = PotResult(0, 42, ("Alice", EVIL, "Bob"), (Winner("Alice", 21, "hi", "a straight, Five high"),
                                                    Winner("Alice", 21, "lo", "5,4,3,2,A")), "showdown")
    side = PotResult(1, 32, ("Alice", "Bob"), (Winner("Alice", 32, None, "a straight, Five high"),),
                     "showdown")
    seats = [SeatResult(1, "Alice", 200, 30, 74, 75, 44, high_name="a straight, Five high",
                        low_name="5,4,3,2,A"),
             SeatResult(2, EVIL, 14, 14, 0, 0, -14, high_name="three of a kind, Kings"),
             SeatResult(3, "Bob", 150, 30, 0, 0, -30, folded_on=None)]
    return Replay(hand, violations=[WRONG_ACTOR, OVERPAID], actions=_records(hand), seats=seats,
                  pots=[main, side], rake=0, logged_rake=0, total_pot=74)


def test_steps_group_antes_and_deals_and_follow_each_action(replay: Replay) -> None:
    steps = StepBuilder(replay).build()
    labels = [(step["kind"], step["label"]) for step in steps]
    assert labels[:4] == [("start", "Seats"), ("ante", "Antes"), ("deal", "3rd street"),
                          ("action", "3rd street")]
    actions = sum(isinstance(e, ev.ACTION_TYPES) for e in replay.hand.events)
    assert sum(kind == "action" for kind, _ in labels) == actions
    assert steps[0]["pot"] == "0" and [seat["stack"] for seat in steps[0]["seats"]] == ["200", "14", "150"]
    assert steps[1]["texts"] == ["Alice posts the ante 1", f"{EVIL} posts the ante 1", "Bob posts the ante 1"]
    assert steps[1]["pot"] == "3"
    completion = steps[4]
    assert completion["texts"] == ["Alice completes to 4"] and completion["seats"][0]["bet"] == "4"


def test_cards_stay_hidden_until_shown(replay: Replay) -> None:
    steps = StepBuilder(replay).build()
    third = steps[2]["seats"]
    assert third[0]["down"] == ["As", "2s"] and third[0]["up"] == ["3s"]
    assert third[1]["down"] == [None, None] and third[1]["up"] == ["Kd"]
    seventh = next(step for step in steps if step["label"] == "7th street")["seats"]
    assert seventh[2]["down"] == [None, None, None], "Bob gets a 7th-street card though the log has no line"
    shown = next(step for step in steps if step["kind"] == "show" and step["actor"] == EVIL)["seats"][1]
    assert shown["down"] == ["Ks", "Qd"] and shown["shown"].startswith("HI: three of a kind")


def test_all_in_splits_the_pot_into_a_side_pot(replay: Replay) -> None:
    steps = StepBuilder(replay).build()
    after_raise = next(step for step in steps if step["lines"] == [30])
    assert [(p["name"], p["amount"], p["eligible"]) for p in after_raise["pots"]] == [
        ("Main pot", "42", ["Alice", EVIL, "Bob"]), ("Side pot 1", "24", ["Alice", "Bob"])]
    assert after_raise["seats"][1]["allIn"] and after_raise["pot"] == "66"


def test_violations_sit_on_their_step_and_the_ruling(replay: Replay) -> None:
    data = replayer_data(replay)
    wrong = next(step for step in data["steps"] if 21 in step["lines"])
    assert [v["code"] for v in wrong["violations"]] == ["wrong-actor"]
    assert wrong["expected"] == EVIL
    ruling = data["steps"][-1]
    assert ruling["kind"] == "ruling" and [v["code"] for v in ruling["violations"]] == []
    collect = next(step for step in data["steps"] if step["kind"] == "collect")
    assert collect["lines"] == [40, 41] and [v["code"] for v in collect["violations"]] == ["award-mismatch"]
    assert data["ruling"]["agrees"] is False
    assert [s["stack"] for s in ruling["seats"]] == ["244", "0", "120"]
    assert ruling["texts"][0] == "Alice wins 21 (hi) with a straight, Five high"


def test_cited_rules_travel_with_their_text(replay: Replay) -> None:
    """The page carries the title and text of each rule its violations cite, for offline tooltips;
    a violation without a rule adds none."""
    rules = replayer_data(replay)["rules"]
    assert list(rules) == ["C31"]
    assert rules["C31"]["title"] == "ranking the cards showing"
    assert rules["C31"]["text"].startswith("Who opens later streets is decided by the cards showing only")


def test_page_escapes_everything_from_the_log(replay: Replay) -> None:
    lines = [f"line {n}" for n in range(1, 51)]
    lines[31] = "Bob said, \"</script><script>alert(2)</script>\""
    page = replayer_page(replay, LogExcerpt(1, lines))
    assert "<img" not in page and "<b>II" not in page and "<evil>" not in page
    assert "</script><script>alert" not in page
    scripts = re.findall(r'<script type="application/json" id="replay-data">(.*?)</script>', page, re.S)
    data = json.loads(scripts[0])
    assert data["seats"][1]["player"] == EVIL, "the name survives intact as data, shown as text by the script"
    assert data["log"]["lines"][31].endswith("</script><script>alert(2)</script>\"")
