"""Lines the reader left out of kept hands, listed once each with how often (``rejects --unknown-lines``),
so a user sees what the reader learned nothing about."""

from __future__ import annotations

from pathlib import Path

import pytest
from helpers.importing import import_counts
from helpers.importing import import_into
from helpers.importing import runner
from helpers.paths import HISTORIES

from studbook.analytics.watch import Watcher
from studbook.cli import app
from studbook.grammar import read_blocks

STUD8 = HISTORIES / "pokerstars-stud8-sim.txt"


def with_lines(source: Path, target: Path, inserted: list[tuple[str, int, str]]) -> list[int]:
    """``source`` written to ``target`` with lines inserted: each before the nth line (0: the first) that
    starts with the given text; the inserted lines' numbers in ``target``, in the order given."""
    lines = source.read_text(encoding="utf-8").split("\n")
    numbers: list[int] = []
    for before, nth, line in inserted:
        index = [i for i, text in enumerate(lines) if text.startswith(before)][nth]
        lines.insert(index, line)
        numbers = [n + 1 if n > index else n for n in numbers] + [index + 1]
    target.write_text("\n".join(lines), encoding="utf-8")
    return numbers


def test_each_unknown_line_once_with_its_count(tmp_path: Path) -> None:
    log = tmp_path / "a.txt"
    where = with_lines(STUD8, log, [("*** 4th STREET ***", 0, "Dealer: shuffle up and deal"),
                                    ("*** 5th STREET ***", 0, "~~~"),
                                    ("*** 4th STREET ***", 3, "Dealer: shuffle up and deal")])
    counts = import_into(tmp_path / "db.duckdb", log)
    assert counts["rejected (parse errors)"] == 0
    assert counts["unknown-line"] == 3  # hands: each line is in a hand of its own
    result = runner.invoke(app, ["rejects", "--unknown-lines", "--db", str(tmp_path / "db.duckdb"),
                                 "--format", "csv"])
    assert result.exit_code == 0, result.output
    assert result.stdout.splitlines() == [
        "site,text,times,hands,first_seen",
        f"pokerstars,Dealer: shuffle up and deal,2,2,{log}:{where[0]}",
        f"pokerstars,~~~,1,1,{log}:{where[1]}",
    ]


@pytest.mark.parametrize("how", ["db", "jobs", "watch", "lake"])
def test_strict_rejects_the_hand_on_every_import_path(tmp_path: Path, how: str) -> None:
    """``--strict`` keeps the closed world whichever way hands are imported: the hand with a line the
    format does not know is rejected, the others are imported; without it, every hand is."""
    folder = tmp_path / "logs"
    folder.mkdir()
    with_lines(STUD8, folder / "a.txt", [("*** 4th STREET ***", 0, "~~~")])
    hands = sum(1 for _ in read_blocks(STUD8))
    for strict in (True, False):
        target = tmp_path / f"{how}-{strict}"
        if how == "watch":
            watcher = Watcher([folder], target.with_suffix(".duckdb"), strict=strict)
            watcher.start()
            watcher.store(watcher.look())
            # the file's last hand waits for more to be written, as a hand being played would
            imported, rejected = watcher.summary.imported + 1, watcher.summary.rejected
        else:
            where = ["--lake", str(target), "--workers", "1"] if how == "lake" else ["--db", str(target)]
            jobs = ["--jobs", "2"] if how == "jobs" else []
            counts = import_counts(["import", str(folder), *where, *jobs, *(["--strict"] if strict else [])])
            imported, rejected = counts["imported"], counts["rejected (parse errors)"]
        assert (imported, rejected) == ((hands - 1, 1) if strict else (hands, 0))
