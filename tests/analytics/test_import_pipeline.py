"""The import's writer thread (analytics/importer.py ``written``): the next unit is gathered while one is
written, outcomes come back in the input's order, one unit at most is written at a time, and a writer's
error reaches the import; and an import keeps Python's switch interval short while it runs, so the
writer gets the GIL back soon."""

from __future__ import annotations

import sys
import threading
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest

from studbook.analytics.importer import run_import
from studbook.analytics.importer import written
from studbook.simulate import Setup
from studbook.simulate import Simulator
from studbook.writers import SEPARATORS
from studbook.writers import WRITERS


class RecordingLoader:
    """Stands in for analytics/load.py's Loader: records the order of events between writing and
    gathering; each unit is a pass of its own; the first unit's staging waits (up to 5 s) until the
    second unit is being gathered."""

    def __init__(self, fail_on: int | None = None) -> None:
        self.second_gathered = threading.Event()
        self.events: list[str] = []
        self.writing = 0
        self.most_at_once = 0
        self.lock = threading.Lock()
        self.fail_on = fail_on
        self.staged: list[int] = []
        self.full = False

    def stage(self, unit: int) -> None:
        with self.lock:
            self.writing += 1
            self.most_at_once = max(self.most_at_once, self.writing)
        if unit == 1:
            self.events.append("first write overlapped the second unit"
                               if self.second_gathered.wait(5) else "first write alone")
        if unit == self.fail_on:
            raise OSError("No space left on device")
        self.staged.append(unit)
        self.full = True
        with self.lock:
            self.writing -= 1

    def commit(self) -> str | None:
        if not self.staged:
            return None
        unit, self.staged, self.full = self.staged[0], [], False
        self.events.append(f"wrote {unit}")
        return f"outcome {unit}"

    def units(self, count: int) -> Iterator[int]:
        for number in range(1, count + 1):
            if number == 2:
                self.second_gathered.set()
            yield number


def test_the_next_unit_is_gathered_while_one_is_written_and_outcomes_keep_the_input_order() -> None:
    loader = RecordingLoader()
    outcomes = list(written(ThreadPoolExecutor(1), loader, loader.units(4)))  # type: ignore[arg-type]
    assert outcomes == ["outcome 1", "outcome 2", "outcome 3", "outcome 4"]
    assert loader.events == ["first write overlapped the second unit", "wrote 1", "wrote 2", "wrote 3",
                             "wrote 4"]
    assert loader.most_at_once == 1


def test_no_units_write_nothing() -> None:
    loader = RecordingLoader()
    assert list(written(ThreadPoolExecutor(1), loader, iter([]))) == []  # type: ignore[arg-type]
    assert loader.events == []


def test_a_writers_error_reaches_the_import_and_no_later_unit_is_written() -> None:
    loader = RecordingLoader(fail_on=2)
    seen = []
    with pytest.raises(OSError, match="No space left"):
        for outcome in written(ThreadPoolExecutor(1), loader, loader.units(5)):  # type: ignore[arg-type]
            seen.append(outcome)
    assert seen == ["outcome 1"]
    assert not {"wrote 3", "wrote 4", "wrote 5"} & set(loader.events)


def test_an_import_keeps_the_switch_interval_short_while_it_runs_and_restores_it(tmp_path: Path) -> None:
    seen: list[float] = []
    log = tmp_path / "one.txt"
    log.write_text("".join(hand_texts(2)), encoding="utf-8")
    before = sys.getswitchinterval()
    summary = run_import([log], tmp_path / "db.duckdb",
                         on_unit=lambda _: seen.append(sys.getswitchinterval()))
    assert summary.imported == 2
    assert seen and all(interval < before for interval in seen)
    assert sys.getswitchinterval() == before


def hand_texts(count: int) -> list[str]:
    played = Simulator(Setup(game="stud", players=5, seed=1)).hands(count)
    return [WRITERS["pokerstars"](hand.hand) + SEPARATORS["pokerstars"] for hand in played]


def test_ctrl_c_while_the_writer_prepares_waits_for_it_before_the_database_closes(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The writer thread makes the staging tables while the main thread looks at the files: Ctrl-C then
    must not close the connection under the writer's query."""
    from studbook.analytics import importer
    from studbook.analytics.load import Loader

    preparing, prepared = threading.Event(), threading.Event()
    slow_prepare = Loader.prepare

    def prepare(self: Loader) -> None:
        preparing.set()
        threading.Event().wait(0.3)
        slow_prepare(self)
        prepared.set()

    def interrupted(*_: object) -> dict[Path, int]:
        preparing.wait(5)
        raise KeyboardInterrupt

    monkeypatch.setattr(Loader, "prepare", prepare)
    monkeypatch.setattr(importer, "unchanged_files", interrupted)
    log = tmp_path / "one.txt"
    log.write_text("".join(hand_texts(2)), encoding="utf-8")
    summary = run_import([log], tmp_path / "db.duckdb")
    assert summary.interrupted and summary.imported == 0
    assert prepared.is_set()
