"""File problems are one line each, never a traceback: symlink loops, nested values asked for as CSV."""

from __future__ import annotations

from pathlib import Path

from helpers.hostile_log import HAND_ID
from helpers.hostile_log import LOG
from helpers.importing import import_into
from helpers.importing import runner

from studbook.cli import app


def test_a_symlink_loop_is_rejected_with_its_reason_and_the_rest_imported(tmp_path: Path) -> None:
    logs = tmp_path / "logs"
    logs.mkdir()
    (logs / "hand.txt").write_text(LOG, encoding="utf-8")
    (logs / "a").symlink_to("b")
    (logs / "b").symlink_to("a")
    db = tmp_path / "loop.duckdb"
    counts = import_into(db, logs)
    assert (counts["imported"], counts["rejected (parse errors)"]) == (1, 2)
    result = runner.invoke(app, ["rejects", "--db", str(db), "--format", "csv"])
    assert result.stdout.count("Too many levels of symbolic links") == 2
    named = runner.invoke(app, ["import", str(logs / "a"), "--db", str(db)])  # named on its own
    assert named.exit_code == 0 and named.exception is None


def test_csv_of_a_list_column_is_one_line(tmp_path: Path) -> None:
    (tmp_path / "hand.txt").write_text(LOG, encoding="utf-8")
    db = tmp_path / "q.duckdb"
    import_into(db, tmp_path / "hand.txt")
    result = runner.invoke(app, ["query", "SELECT [1, 2] AS l, 3 AS n", "--db", str(db), "--format", "csv"])
    assert result.exit_code == 2
    assert result.stderr.splitlines() == ["error: CSV cannot hold the lists or structs of column l: "
                                          "use --format json"]


def test_a_hand_whose_counts_the_seats_table_cannot_hold_is_one_reject_and_the_rest_imported(
        tmp_path: Path) -> None:
    """A player checking 130 times on one street (no game allows it; a hostile or broken log) is more than
    the seats table's per-round counts hold: that hand is rejected, saying why, and its file's other hand
    is imported. The facts SQL works out a whole batch at once, so it must never see such a hand."""
    fourth = LOG.index("denny501: checks\n")
    flooded = LOG[:fourth] + "denny501: checks\n" * 130 + LOG[fourth:]
    other = LOG.replace(HAND_ID, "35874487285")
    (tmp_path / "flood.txt").write_text(flooded + "\n\n\n" + other, encoding="utf-8")
    db = tmp_path / "flood.duckdb"
    counts = import_into(db, tmp_path / "flood.txt")
    assert (counts["imported"], counts["rejected (parse errors)"]) == (1, 1)
    result = runner.invoke(app, ["rejects", "--db", str(db), "--format", "csv"])
    assert "denny501 makes more than 127 checks on one street" in result.stdout
    assert HAND_ID in result.stdout
