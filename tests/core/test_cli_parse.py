"""`studbook parse`: per-file counts, located errors, JSON lines and exit codes."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from helpers.paths import HISTORIES
from typer.testing import CliRunner

from studbook import serialize
from studbook.cli import app

runner = CliRunner()
RAZZ = "pokerstars/cash-Razz-USD-0.04-0.08-200911.txt"


def test_real_logs_parse_with_exit_0(corpus: Path) -> None:
    result = runner.invoke(app, ["parse", str(corpus / "pokerstars"), str(corpus / "fulltilt")])
    assert result.exit_code == 0, result.output
    assert f"{corpus / RAZZ}: 9 found, 9 parsed, 0 skipped (not stud), 0 errors" in result.output
    assert (
        result.output.splitlines()[-1]
        == "total: 21 files, 56 found, 56 parsed, 0 skipped (not stud), 0 errors"
    )


def test_the_text_summary_builds_no_json(monkeypatch: pytest.MonkeyPatch) -> None:
    """Without --json no hand is converted to a dict: that conversion costs as much as parsing."""
    histories = HISTORIES

    def refuse(hand: object) -> dict:
        raise AssertionError("hand_to_dict called without --json")

    monkeypatch.setattr(serialize, "hand_to_dict", refuse)
    result = runner.invoke(app, ["parse", str(histories)])
    assert result.exit_code == 0, result.output
    assert result.output.splitlines()[-1] == (
        "total: 3 files, 109 found, 109 parsed, 0 skipped (not stud), 0 errors")
    assert runner.invoke(app, ["parse", "--json", str(histories)]).exit_code != 0  # the spy does refuse


def test_a_broken_hand_is_located_and_the_rest_still_parse(corpus: Path, tmp_path: Path) -> None:
    lines = (corpus / RAZZ).read_bytes().decode().split("\n")
    target = next(i for i, line in enumerate(lines) if line.startswith("Dealt to") and i > 100)
    lines.insert(target, "this line is garbage")
    log = tmp_path / "razz.txt"
    log.write_text("\n".join(lines))
    result = runner.invoke(app, ["parse", "--strict", str(log)])
    assert result.exit_code == 1
    assert "9 found, 8 parsed, 0 skipped (not stud), 1 errors" in result.output
    error = next(line for line in result.output.splitlines() if line.startswith(f"  {log}:"))
    assert error.startswith(f"  {log}:{target + 1}:1: hand ")
    assert "garbage" in error and "expected" in error


def test_json_lines_have_the_documented_keys(corpus: Path, tmp_path: Path) -> None:
    log = tmp_path / "two.txt"
    good = (
        (corpus / "pokerstars/cash-7-StudHL-USD-400-800-201701.3bet.fix.txt").read_bytes().decode("utf-8-sig")
    )
    log.write_text(good + "\n\n\n" + good.split("*** 4th STREET ***")[0].replace("calls", "jumps"))
    result = runner.invoke(app, ["parse", "--json", str(log)])
    assert result.exit_code == 1
    first, second = (json.loads(line) for line in result.output.splitlines())
    assert {"file", "line", "hand_id", "site", "variant", "hand"} <= first.keys()
    assert first["hand"]["seats"][0] == {"seat": 1, "player": "Hero", "stack": 5112564, "sitting_out": False}
    assert first["variant"] == "stud8" and first["hand_id"] == "164954571644"
    assert {"file", "line", "hand_id", "site", "variant", "error"} <= second.keys()
    assert second["error"]["line"] > first["line"] and "jumps" in second["error"]["message"]


def test_missing_and_empty_files_are_errors_not_tracebacks(tmp_path: Path) -> None:
    empty = tmp_path / "empty.txt"
    empty.write_text("")
    result = runner.invoke(app, ["parse", str(empty), str(tmp_path / "missing.txt")])
    assert result.exit_code == 1
    assert "empty file" in result.output and "cannot read file" in result.output
    assert not isinstance(result.exception, Exception) or isinstance(result.exception, SystemExit)


def test_glob_patterns_absolute_and_recursive(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A pattern the shell left unexpanded (quoted, or Windows) is expanded here, absolute ones too; a
    pattern that matches nothing is one "no such file" line, not a traceback."""
    (tmp_path / "a" / "b").mkdir(parents=True)
    for name in ("a/one.txt", "a/b/two.txt"):
        (tmp_path / name).write_bytes((HISTORIES / "stud8-2024-11-21.txt").read_bytes())
    absolute = runner.invoke(app, ["parse", str(tmp_path / "a" / "*.txt")])
    assert absolute.exit_code == 0, absolute.output
    assert f"{tmp_path / 'a' / 'one.txt'}: 36 found, 36 parsed" in absolute.output
    assert absolute.output.splitlines()[-1].startswith("total: 1 files")
    monkeypatch.chdir(tmp_path)
    recursive = runner.invoke(app, ["parse", "a/**/*.txt"])
    assert recursive.exit_code == 0 and recursive.output.splitlines()[-1].startswith("total: 2 files")
    missing = runner.invoke(app, ["parse", str(tmp_path / "none" / "*.txt")])
    assert missing.exit_code == 1 and "No such file or directory" in missing.output
    assert "Traceback" not in missing.output


def test_missing_and_empty_files_hold_no_hand(tmp_path: Path) -> None:
    empty = tmp_path / "empty.txt"
    empty.write_text("")
    missing = tmp_path / "missing.txt"
    result = runner.invoke(app, ["parse", str(empty), str(missing)])
    assert result.exit_code == 1
    assert result.output.splitlines() == [
        f"{empty}: empty file: no hands",
        f"{missing}: cannot read file: No such file or directory",
        "total: 2 files (2 unreadable), 0 found, 0 parsed, 0 skipped (not stud), 0 errors"]


def test_a_harmless_unknown_line_is_left_out_and_counted(corpus: Path, tmp_path: Path) -> None:
    """The same line read in the open world: the hand is kept, the summary counts it, and the audit names
    the line with its rule (L6); --strict rejects it as before."""
    lines = (corpus / RAZZ).read_bytes().decode().split("\n")
    target = next(i for i, line in enumerate(lines) if line.startswith("Dealt to") and i > 100)
    lines.insert(target, "this line is garbage")
    log = tmp_path / "razz.txt"
    log.write_text("\n".join(lines))
    result = runner.invoke(app, ["parse", str(log)])
    assert result.exit_code == 0, result.output
    assert result.output.splitlines()[-1] == (
        "total: 1 files, 9 found, 9 parsed, 0 skipped (not stud), 0 errors "
        "(1 parsed with unknown lines left out)")
    audit = runner.invoke(app, ["audit", "--json", str(log)])
    records = [json.loads(line) for line in audit.output.splitlines()]
    found = [(v["code"], v["severity"], v["rule"], v["line"]) for record in records
             for v in record["violations"] if v["code"] == "unknown-line"]
    assert found == [("unknown-line", "warning", "L6", target + 1)]
    assert runner.invoke(app, ["audit", "--strict", str(log)]).exit_code == 1
