"""`audit` shows the equities at an all-in with cards to come (studbook/audit.py over studbook/allin.py)."""

from __future__ import annotations

import json
from pathlib import Path

from helpers.allin_hands import RIVER
from helpers.allin_hands import SIDE_POT
from helpers.allin_hands import SIXTH_STREET
from helpers.allin_hands import allin_hand
from typer.testing import CliRunner

from studbook.audit import replay_to_json
from studbook.audit import ruling_lines
from studbook.cli import app
from studbook.replay import replay

runner = CliRunner()


def test_the_ruling_ends_with_each_pots_equities_and_expectations() -> None:
    lines = ruling_lines(replay(allin_hand(SIXTH_STREET, "sixth")))
    at = lines.index("All in: the betting ended on 6th street (line 24) with cards to come")
    assert lines[at - 1] == "The log's awards agree with the rules."
    assert lines[at + 1:] == [
        "  dead cards: Kd Qd",
        "  Main pot $1.08 (every one of 1,406 deals counted):",
        "    A 97.4% with [3c 3d] 2c Ac Ad Ah: expects $1.05",
        "    B 2.6% with [9c 8c] 9d 9s 4s 4c: expects $0.03",
    ]
    assert not any(line.startswith("All in") for line in ruling_lines(replay(allin_hand(RIVER, "river"))))


def test_json_carries_the_all_in_per_pot() -> None:
    side = replay_to_json(replay(allin_hand(SIDE_POT, "side")))["all_in"]
    assert (side["street"], side["line"], side["dead"]) == (5, 19, ["Jd"])
    main, second = side["pots"]
    assert [p["player"] for p in main["players"]] == ["A", "B", "C"]
    assert sum(p["expected"] for p in main["players"]) == main["amount"] == 60
    assert sum(p["expected"] for p in second["players"]) == second["amount"] == 40
    assert (main["method"], main["samples"]) == ("sampled", 300) and 0 < main["std_error"] < 0.03
    assert replay_to_json(replay(allin_hand(RIVER, "river")))["all_in"] is None


def test_audit_of_a_simulated_short_stack_log_shows_all_ins(tmp_path: Path) -> None:
    log = tmp_path / "short.txt"
    made = runner.invoke(app, ["simulate", "-g", "stud8", "-n", "60", "--short-stacks", "--seed", "5",
                               "-o", str(log)])
    assert made.exit_code == 0, made.output
    audited = runner.invoke(app, ["audit", str(log), "--json"])
    hands = [json.loads(line) for line in audited.stdout.splitlines()]
    found = [hand["all_in"] for hand in hands if hand["all_in"]]
    assert found, "a short-stacked stud8 session has all-ins before the river"
    for moment in found:
        for pot in moment["pots"]:
            assert sum(player["expected"] for player in pot["players"]) == pot["amount"]
    text = runner.invoke(app, ["audit", str(log)])
    assert text.stdout.count("All in: the betting ended on") == len(found)
