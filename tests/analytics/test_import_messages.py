"""What ``studbook import`` tells the user besides its counts: the first rejected blocks as
``file:line:column: hand ID: message`` with the count of the rest and how to list them all; the files
that hold no hand history at all, skipped and counted rather than rejected; how many jobs it chose and
why; and the stack breaks (rule L7) of the hands it stored, with how to list them."""

from __future__ import annotations

from pathlib import Path

import duckdb
import pytest
from helpers.hostile_log import HAND_ID
from helpers.hostile_log import LOG
from helpers.importing import runner
from helpers.importing import summary_counts

from studbook.analytics.importer import PARALLEL_BYTES
from studbook.analytics.importer import pick_jobs
from studbook.cli import app

BROKEN = 7


def broken_hands(count: int) -> list[str]:
    """Hands cut after their seats by a line no PokerStars log has: each a rejected block."""
    head = LOG.split("*** 3rd STREET ***")[0]
    return [head.replace(HAND_ID, str(1000 + index)) + "this is not a hand line\n" for index in range(count)]


def test_the_first_rejects_are_named_on_stderr_and_the_rest_counted(tmp_path: Path) -> None:
    log = tmp_path / "mixed.txt"
    log.write_text("\n\n".join([LOG, *broken_hands(BROKEN)]), encoding="utf-8")
    db = tmp_path / "r.duckdb"
    result = runner.invoke(app, ["import", str(log), "--db", str(db)])
    assert result.exit_code == 0, result.output
    counts = summary_counts(result.stdout)
    assert (counts["imported"], counts["rejected (parse errors)"]) == (1, BROKEN)
    with duckdb.connect(str(db), read_only=True) as con:
        stored = con.execute("SELECT file, line, col, hand_id, error FROM rejected ORDER BY line").fetchall()
    expected = [f"{file}:{line}:{col}: hand {hand}: {error}" for file, line, col, hand, error in stored[:5]]
    assert result.stderr.splitlines() == [
        *expected, f"2 more rejected blocks; studbook rejects --db {db} lists every rejected block with its "
                   "reason"]
    assert stored[0][4].startswith("unrecognised line 'this is not a hand line'")


def test_one_reject_is_named_with_how_to_list_the_rejects(tmp_path: Path) -> None:
    log = tmp_path / "one.txt"
    log.write_text("\n\n".join([LOG, *broken_hands(1)]), encoding="utf-8")
    result = runner.invoke(app, ["import", str(log), "--db", str(tmp_path / "r.duckdb")])
    lines = result.stderr.splitlines()
    assert len(lines) == 2 and lines[0].startswith(f"{log}:") and ": hand 1000: unrecognised line" in lines[0]
    assert lines[1] == (f"studbook rejects --db {tmp_path / 'r.duckdb'} lists every rejected block with its "
                        "reason")


def test_files_with_no_hand_history_are_skipped_and_counted_not_rejected(tmp_path: Path) -> None:
    folder = tmp_path / "notes"
    folder.mkdir()
    for index in range(7):
        (folder / f"note{index}.txt").write_text(f"shopping list {index}\n\nmilk\neggs\n", encoding="utf-8")
    (folder / "blank.txt").write_text("\n \n", encoding="utf-8")
    (folder / "image.png").write_bytes(bytes(range(256)) * 8)
    (folder / "hand.txt").write_text(LOG, encoding="utf-8")
    db = tmp_path / "n.duckdb"
    result = runner.invoke(app, ["import", str(folder), "--db", str(db)])
    assert result.exit_code == 0, result.output
    counts = summary_counts(result.stdout)
    assert counts["files"] == 10 and counts["with no hand history, skipped"] == 9
    assert (counts["hand blocks found"], counts["imported"], counts["rejected (parse errors)"]) == (1, 1, 0)
    shown = sorted(str(path) for path in folder.iterdir() if path.name != "hand.txt")[:5]
    assert result.stderr.splitlines() == [f"skipped 9 files with no hand history in them: {', '.join(shown)} "
                                          "and 4 more"]
    with duckdb.connect(str(db), read_only=True) as con:
        assert con.execute("SELECT count(*) FROM rejected").fetchall() == [(0,)]


def test_a_file_with_some_hands_keeps_its_junk_as_rejects(tmp_path: Path) -> None:
    """Text with no hand header is no hand history only when the whole file is such text."""
    log = tmp_path / "hands-and-notes.txt"
    log.write_text("my notes for today\n\n" + LOG, encoding="utf-8")
    result = runner.invoke(app, ["import", str(log), "--db", str(tmp_path / "j.duckdb")])
    counts = summary_counts(result.stdout)
    assert (counts["imported"], counts["rejected (parse errors)"]) == (1, 1)
    assert "with no hand history, skipped" not in counts


@pytest.mark.parametrize(("requested", "size", "cores", "jobs", "said"), [
    (None, 100_000, 2, 1, "1, for 98 kB of input (more pay from 3.0 MB); --jobs N sets the most"),
    (None, 8 << 20, 2, 2, "2, for 8.0 MB of input on 2 cores; --jobs N sets the most"),
    (None, 8 << 20, 8, 3, "3, for 8.0 MB of input on 8 cores; --jobs N sets the most"),
    (None, 8 << 20, 1, 1, "1, for 8.0 MB of input on 1 core; --jobs N sets the most"),
    (2, 100_000, 8, 1, "1, not 2: 98 kB of input is too little for more (more pay from 3.0 MB)"),
    (2, 8 << 20, 8, 2, ""),  # as asked: nothing to say
])
def test_jobs_are_picked_by_the_size_of_the_input_and_said(requested: int | None, size: int, cores: int,
                                                           jobs: int, said: str) -> None:
    assert pick_jobs(requested, size, cores) == (jobs, said)


def test_more_jobs_than_one_only_from_the_size_where_they_pay() -> None:
    assert pick_jobs(None, PARALLEL_BYTES - 1, 4)[0] == 1
    assert pick_jobs(None, PARALLEL_BYTES, 4)[0] == 2
    assert pick_jobs(8, 100 * PARALLEL_BYTES, 4)[0] == 8


def test_the_summary_says_how_many_jobs_and_why(tmp_path: Path) -> None:
    (tmp_path / "hand.txt").write_text(LOG, encoding="utf-8")
    result = runner.invoke(app, ["import", str(tmp_path / "hand.txt"), "--db", str(tmp_path / "j.duckdb")])
    [line] = [line for line in result.stdout.splitlines() if line.startswith("jobs: ")]
    assert line.startswith("jobs: 1, for ") and line.endswith("; --jobs N sets the most")
    asked = runner.invoke(app, ["import", str(tmp_path / "hand.txt"), "--db", str(tmp_path / "k.duckdb"),
                                "--jobs", "2", "--reread"])
    assert [line for line in asked.stdout.splitlines() if line.startswith("jobs: ")] == [
        f"jobs: 1, not 2: {round(len(LOG) / 1024)} kB of input is too little for more (more pay from 3.0 MB)"]


FIRST = "winamax/cash-7-Stud-6max-EUR-25-50-201611._8games_.txt"  # hand 9250793470, table Pampelune
SECOND = "winamax/cash-7-StudHL-6max-EUR-25-50-201611._8games_.txt"  # hand 9250793554, the next there


def test_the_stack_breaks_of_the_hands_stored_are_counted_with_how_to_list_them(corpus: Path,
                                                                                tmp_path: Path) -> None:
    db = tmp_path / "stacks.duckdb"
    first = runner.invoke(app, ["import", str(corpus / FIRST), "--db", str(db)])
    assert "stack breaks" not in first.stdout
    second = runner.invoke(app, ["import", str(corpus / SECOND), "--db", str(db)])
    assert summary_counts(second.stdout)["stack breaks across hands (L7)"] == 2  # two players, one hand
    assert (f'list them: studbook query "FROM stack_breaks" --db {db}') in second.stdout
    again = runner.invoke(app, ["import", str(corpus / SECOND), "--db", str(db), "--reread"])
    assert "stack breaks" not in again.stdout  # they concern no hand this import stored
