"""Lines the reader left out of kept hands, listed once each with how often (``rejects --unknown-lines``),
so a user sees what the reader learned nothing about."""

from __future__ import annotations

from pathlib import Path

from helpers.importing import import_into, runner
from helpers.paths import HISTORIES

from studbook.cli import app

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
