"""`audit --ev`: each decision's equity and EV under the ruling (studbook/audit.py over
studbook/decisions.py), on the hand of tests/helpers/decision_hands.py whose values are counted by hand."""

from __future__ import annotations

from pathlib import Path

from helpers.decision_hands import quads_log
from typer.testing import CliRunner

from studbook.cli import app

runner = CliRunner()


def test_ev_lines_follow_the_ruling_street_by_street(tmp_path: Path) -> None:
    result = runner.invoke(app, ["audit", str(quads_log(tmp_path)), "--ev"])
    assert result.exit_code == 0, result.output
    lines = result.stdout.splitlines()
    at = lines.index("Decision EV (equity against the players still in, the cards seen out of the deck):")
    assert at > next(i for i, line in enumerate(lines) if "No violations." in line)
    streets = [line.strip() for line in lines[at:] if line.strip().endswith(" street")]
    assert streets == ["3rd street", "4th street", "5th street", "6th street", "7th street"]
    # B wins only with 6h of 38 unseen cards: 130/38 - 20 = -16.6 cents; A's bet 37/38 x 110 - 20 = 87.1
    assert ("    line 31: B calls $0.20 with [2h 3h] 5h 4h 9c 9d: equity 2.6% against 1, pot $1.30, "
            "EV -$0.17 (exact)") in lines
    assert ("    line 30: A bets $0.20 with [As Ah] Ad Ac Kd Qc: equity 97.4% against 1, pot $1.10, "
            "EV $0.87 (exact)") in lines
    assert ("    line 35: B folds facing $0.20 with [2h 3h Jc] 5h 4h 9c 9d: equity 0.0% against 1, "
            "pot $1.50, EV $0.20 (exact)") in lines
    sampled = [line for line in lines if "line 13: B calls $0.05" in line]
    assert len(sampled) == 1 and "(500 deals, EV ± $0.00)" in sampled[0]
    assert "C " not in " ".join(line for line in lines[at:] if line.startswith("    line"))  # never known


def test_without_ev_no_decision_lines(tmp_path: Path) -> None:
    result = runner.invoke(app, ["audit", str(quads_log(tmp_path))])
    assert result.exit_code == 0, result.output
    assert "Decision EV" not in result.stdout
