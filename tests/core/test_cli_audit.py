"""`studbook audit`: tables, rulings, JSON and exit codes on real and broken logs."""

from __future__ import annotations

import json
from pathlib import Path

from helpers.paths import HISTORIES
from typer.testing import CliRunner

from studbook.cli import app

runner = CliRunner()
HILO = "pokerstars/cash-7-StudHL-USD-0.04-0.08-200911.txt"


def test_clean_hand_rules_and_names_the_split(corpus: Path) -> None:
    result = runner.invoke(app, ["audit", str(corpus / HILO), "--hand", "35874576282"])
    assert result.exit_code == 0, result.output
    assert "u.pressure wins $0.37 of the high half with two pair, Queens and Sixes" in result.output
    assert "gashpor wins $0.36 of the low half with 8,7,5,4,2" in result.output
    assert "The log's awards agree with the rules." in result.output
    assert result.output.rstrip().endswith(
        "1 hands audited: 0 with errors, 0 with warnings only, 0 unreadable")


def test_json_has_the_documented_keys(corpus: Path) -> None:
    result = runner.invoke(app, ["audit", "--json", str(corpus / HILO)])
    assert result.exit_code == 0, result.output
    objects = [json.loads(line) for line in result.output.splitlines()]
    assert len(objects) == 7
    split = next(o for o in objects if o["hand_id"] == "35874576282")
    assert {"file", "line", "hand_id", "variant", "violations", "seats", "pots", "rake"} <= split.keys()
    assert split["variant"] == "stud8" and split["rake"] == 3
    winners = split["pots"][0]["winners"]
    assert [(w["player"], w["amount"], w["half"]) for w in winners] == [
        ("u.pressure", 37, "hi"),
        ("gashpor", 36, "lo"),
    ]
    nets = {seat["player"]: seat["net"] for seat in split["seats"]}
    assert nets["u.pressure"] == 18 and nets["rdiezchang"] == -19
    assert sum(seat["committed"] for seat in split["seats"]) == 76


def test_broken_copy_exits_1_with_the_violation(corpus: Path, tmp_path: Path) -> None:
    text = (corpus / HILO).read_bytes().decode()
    start = text.index("PokerStars Game #35874576282")
    hand = text[start : text.index("\n\n\n", start)]
    broken = hand.replace("rdiezchang: calls $0.08", "rdiezchang: calls $0.06", 1)
    assert broken != hand
    log = tmp_path / "broken.txt"
    log.write_text(broken)
    result = runner.invoke(app, ["audit", "--json", str(log)])
    assert result.exit_code == 1
    codes = {v["code"] for v in json.loads(result.output)["violations"]}
    assert "call-amount" in codes


def test_unknown_hand_id_and_missing_file(corpus: Path, tmp_path: Path) -> None:
    result = runner.invoke(app, ["audit", str(corpus / HILO), "--hand", "1"])
    assert result.exit_code == 1 and "no hand with id 1 found" in result.output
    missing = runner.invoke(app, ["audit", str(tmp_path / "nope.txt")])
    assert missing.exit_code == 1 and "cannot read file" in missing.output
    assert missing.exception is None or isinstance(missing.exception, SystemExit)


def test_a_hand_the_replay_cannot_handle_is_named_and_the_rest_audited(monkeypatch) -> None:
    """An internal failure on one hand is an error line naming file, line and hand, not a traceback,
    and the other hands of the file are still audited."""
    import studbook.replay

    history = HISTORIES / "descubierto-2024-11-15.txt"
    real_replay = studbook.replay.replay

    def failing_on_one(hand, rules=None):
        if hand.hand_id == "1115-02":
            raise IndexError("list index out of range")
        return real_replay(hand, rules)

    monkeypatch.setattr(studbook.replay, "replay", failing_on_one)
    result = runner.invoke(app, ["audit", str(history)])
    assert result.exit_code == 1
    assert "Traceback" not in result.output
    assert f"error: {history}:" in result.stderr
    assert "hand 1115-02: cannot replay: IndexError: list index out of range" in result.stderr
    assert result.stdout.rstrip().endswith(
        "47 hands audited: 0 with errors, 0 with warnings only, 1 unreadable")


# -- many files: the hands with problems, then a count ------------------------------------------------


def two_files(tmp_path: Path) -> tuple[Path, Path]:
    """A clean log of 36 hands and a log of one hand that breaks a rule (a $0.06 bet in a $0.08 limit)."""
    from helpers.hostile_log import LOG

    clean, broken = tmp_path / "clean.txt", tmp_path / "broken.txt"
    clean.write_text((HISTORIES / "stud8-2024-11-21.txt").read_text(encoding="utf-8"), encoding="utf-8")
    broken.write_text(LOG, encoding="utf-8")
    return clean, broken


def hands_shown(output: str) -> list[str]:
    return [line.split(" · ")[0] for line in output.splitlines() if " hand " in line and " · " in line]


def test_a_folder_shows_only_the_hands_with_problems_and_a_count(tmp_path: Path) -> None:
    two_files(tmp_path)
    result = runner.invoke(app, ["audit", str(tmp_path)])
    assert result.exit_code == 1
    assert hands_shown(result.output) == ["pokerstars hand 35874487284"]
    assert result.output.splitlines()[-3:] == [
        "37 hands audited: 1 with errors, 0 with warnings only, 0 unreadable",
        "hands by code: bet-amount 1 (error)",
        "36 hands without errors or warnings not shown (--all shows them)"]


def test_all_shows_every_hand_and_problems_filters_one_file(tmp_path: Path) -> None:
    clean, broken = two_files(tmp_path)
    every = runner.invoke(app, ["audit", "--all", str(clean), str(broken)])
    assert len(hands_shown(every.output)) == 37
    assert every.output.splitlines()[-1] == (
        "37 hands audited: 1 with errors, 0 with warnings only, 0 unreadable")
    one = runner.invoke(app, ["audit", str(clean)])  # one file: every hand, as before
    assert len(hands_shown(one.output)) == 36
    filtered = runner.invoke(app, ["audit", "--problems", str(clean)])
    assert hands_shown(filtered.output) == [] and filtered.exit_code == 0
    assert filtered.output.splitlines()[-1] == (
        "36 hands without errors or warnings not shown (--all shows them)")


def test_json_of_many_files_is_every_hand_unless_problems(tmp_path: Path) -> None:
    clean, broken = two_files(tmp_path)
    every = runner.invoke(app, ["audit", "--json", str(clean), str(broken)])
    assert len(every.output.splitlines()) == 37
    problems = runner.invoke(app, ["audit", "--json", "--problems", str(tmp_path)])
    assert [json.loads(line)["hand_id"] for line in problems.output.splitlines()] == ["35874487284"]


def test_a_hand_of_another_game_is_counted_as_skipped(tmp_path: Path) -> None:
    from helpers.odd_files import HOLDEM

    log = tmp_path / "holdem.txt"
    log.write_text(HOLDEM, encoding="utf-8")
    result = runner.invoke(app, ["audit", str(log)])
    assert result.exit_code == 0
    assert result.output.splitlines()[-1] == (
        "0 hands audited: 0 with errors, 0 with warnings only, 0 unreadable, 1 skipped (not stud)")
