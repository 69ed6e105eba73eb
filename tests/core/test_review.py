"""`studbook review` (studbook/review.py, analytics/review_hands.py): the hand told from the player's seat
without spoilers, the questions read from piped input, the tally against the equity's choice, and the
ways it ends (input over, q, Ctrl-C)."""

from __future__ import annotations

import os
import select
import signal
import subprocess
import time
from pathlib import Path

import pytest
from helpers.decision_hands import quads_log
from helpers.importing import import_into
from helpers.interrupting import STUDBOOK
from typer.testing import CliRunner

from studbook.cli import app

runner = CliRunner()
PROMPT = "[f]old, [c]all/check or [r]aise/bet? "


def tally(asked: str, agreed: str, player: str, same: str) -> str:
    return (f"review: {asked} answered: yours matched the equity's choice {agreed}, the player's {player}; "
            f"you chose as the player did {same}")


@pytest.fixture(scope="module")
def db(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("review")
    path = folder / "q.duckdb"
    import_into(path, quads_log(folder))
    result = runner.invoke(app, ["analyse", "--db", str(path), "--jobs", "1"])
    assert result.exit_code == 0, result.output
    return path


def review(db: Path, answers: str, *extra: str, player: str = "B"):
    return runner.invoke(app, ["review", "--db", str(db), "--player", player, *extra], input=answers)


def test_each_decision_asked_then_revealed_with_a_tally(db: Path) -> None:
    """B's five decisions are all folds by the equity (a 2-6 straight flush draw against four aces):
    answering call, then fold four times agrees four times; B called four times and folded once."""
    result = review(db, "c\nf\nf\nf\nf\n")
    assert result.exit_code == 0, result.output
    out = result.stdout
    assert out.count(PROMPT) == 5
    assert ("  B call $0.20: equity 2.6% against 1, EV -$0.17 (every deal counted); the equity favours "
            "fold, you chose fold") in out
    assert out.rstrip().endswith(tally("5 decisions", "4 times (80%)", "1 (20%)", "2 times"))


def test_the_others_down_cards_stay_hidden(db: Path) -> None:
    """From B's seat A's down cards (As Ah, never shown) appear nowhere; B's own do, and A's up cards."""
    out = review(db, "f\n" * 5).stdout
    assert "As" not in out and "Ah" not in out
    assert "   A: [?? ??] Ad" in out and "   you: [2h 3h] 5h" in out
    assert "   A: [?? ?? ??] Ad Ac Kd Qc" in out  # 7th street: three down cards, still hidden


def test_what_is_told_before_a_question_gives_nothing_away(db: Path) -> None:
    """Before the first question: no equity, no EV, nothing B did on that decision."""
    out = review(db, "").stdout
    before = out.split(PROMPT)[0]
    assert "equity" not in before and "EV" not in before and "B call" not in before
    assert "review: no decision answered" in out


def test_input_over_ends_with_the_tally_so_far(db: Path) -> None:
    result = review(db, "r\n")
    assert result.exit_code == 0
    assert result.stdout.rstrip().endswith(tally("1 decision", "0 times (0%)", "0 (0%)", "0 times"))


def test_a_word_that_is_no_choice_is_asked_again_and_q_ends(db: Path) -> None:
    result = review(db, "maybe\nf\nq\n")
    assert result.exit_code == 0
    assert result.stdout.count(PROMPT) == 3
    assert "review: 1 decision answered: yours matched the equity's choice once" in result.stdout


def test_street_and_worst_limit_the_questions(db: Path) -> None:
    sixth = review(db, "f\n" * 5, "--street", "6").stdout
    assert sixth.count(PROMPT) == 1 and "B call $0.20: equity 2.6%" in sixth
    worst = review(db, "f\n" * 5, "--worst", "1").stdout  # B's 6th-street call: -16.6 cents, the lowest
    assert worst.count(PROMPT) == 1 and "EV -$0.17" in worst
    both = review(db, "f\n" * 9, "--biggest", "1", player="A").stdout
    assert both.count(PROMPT) == 5 and "you are A" in both


def test_a_player_without_decisions_is_one_line(db: Path) -> None:
    result = review(db, "", player="C")
    assert result.exit_code == 2
    assert result.output.startswith("error: no analysed decision of 'C' in ")


def test_a_database_never_analysed_is_one_line(tmp_path: Path) -> None:
    path = tmp_path / "n.duckdb"
    import_into(path, quads_log(tmp_path))
    result = review(path, "")
    assert result.exit_code == 2 and "run `studbook analyse --db" in result.output


def _until(fd: int, text: str, times: int) -> str:
    """What the process writes to ``fd`` until ``text`` has come ``times`` times (within a minute)."""
    seen = b""
    deadline = time.monotonic() + 60
    while seen.decode(errors="replace").count(text) < times:
        assert time.monotonic() < deadline, seen
        ready, _, _ = select.select([fd], [], [], 0.5)
        if ready:
            chunk = os.read(fd, 4096)
            assert chunk, seen  # it ended first
            seen += chunk
    return seen.decode()


def test_ctrl_c_at_a_question_prints_the_tally(db: Path) -> None:
    process = subprocess.Popen([*STUDBOOK, "review", "--db", str(db), "--player", "B"],
                               stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                               text=True, start_new_session=True)
    try:
        assert process.stdin is not None and process.stdout is not None
        process.stdin.write("f\n")
        process.stdin.flush()
        seen = _until(process.stdout.fileno(), PROMPT, 2)  # answered the first question, waits at the second
        os.killpg(process.pid, signal.SIGINT)
        out, err = process.communicate(timeout=60)
        out = seen + out
    finally:
        if process.poll() is None:
            os.killpg(process.pid, signal.SIGKILL)
            process.wait()
    assert process.returncode == 130, (out, err)
    assert "Traceback" not in err and err == ""
    assert out.count(PROMPT) == 2
    assert out.rstrip().endswith(tally("1 decision", "once (100%)", "0 (0%)", "0 times"))
