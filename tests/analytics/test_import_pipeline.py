"""The import's writer thread (analytics/importer.py ``written``): the next batches are gathered while one
is written, outcomes come back in the input's order, one batch at most is written at a time, and a
writer's error reaches the import with no later batch written; and an import keeps Python's switch
interval short while it runs, so the writer gets the GIL back soon."""

from __future__ import annotations

import sys
import threading
from collections.abc import Iterator
from pathlib import Path

import pytest

from studbook.analytics.importer import run_import, written
from studbook.simulate import Setup, Simulator
from studbook.writers import SEPARATORS, WRITERS


class RecordingLoader:
    """Stands in for analytics/load.py's Loader: records the order of events between writing and
    gathering. The write of batch N waits (up to ``timeout`` seconds) until batch ``waits[N]`` is being
    gathered."""

    def __init__(self, fail_on: int | None = None, waits: dict[int, int] | None = None,
                 timeout: float = 5) -> None:
        self.waits = {1: 2} if waits is None else waits
        self.timeout = timeout
        self.gathered = {number: threading.Event() for number in range(1, 10)}
        self.events: list[str] = []
        self.writing = 0
        self.most_at_once = 0
        self.lock = threading.Lock()
        self.fail_on = fail_on

    def write(self, batch: list[int]) -> str:
        with self.lock:
            self.writing += 1
            self.most_at_once = max(self.most_at_once, self.writing)
        number = batch[0]
        try:
            if number in self.waits:
                later = self.waits[number]
                self.events.append(f"write {number} overlapped batch {later}"
                                   if self.gathered[later].wait(self.timeout) else f"write {number} alone")
            if number == self.fail_on:
                raise OSError("No space left on device")
        finally:
            with self.lock:
                self.writing -= 1
        self.events.append(f"wrote {number}")
        return f"outcome {number}"

    def batches(self, count: int) -> Iterator[list[int]]:
        for number in range(1, count + 1):
            self.gathered[number].set()
            yield [number]


def test_the_next_batches_are_gathered_while_one_is_written_and_outcomes_keep_the_input_order() -> None:
    loader = RecordingLoader(waits={1: 3})  # one batch waits to be written while the third is gathered
    outcomes = list(written(loader, loader.batches(4)))
    assert outcomes == ["outcome 1", "outcome 2", "outcome 3", "outcome 4"]
    assert loader.events == ["write 1 overlapped batch 3", "wrote 1", "wrote 2", "wrote 3", "wrote 4"]
    assert loader.most_at_once == 1


def test_no_batches_write_nothing() -> None:
    loader = RecordingLoader()
    assert list(written(loader, iter([]))) == []
    assert loader.events == []


def test_a_writers_error_reaches_the_import_and_no_later_batch_is_written() -> None:
    # the second write fails once the third batch waits behind it and the fourth is being gathered
    loader = RecordingLoader(fail_on=2, waits={2: 4})
    seen = []
    with pytest.raises(OSError, match="No space left"):
        for outcome in written(loader, loader.batches(5)):
            seen.append(outcome)
    assert seen == ["outcome 1"]
    assert loader.events == ["wrote 1", "write 2 overlapped batch 4"]


def test_an_import_that_stops_while_a_batch_is_written_writes_none_of_those_waiting() -> None:
    loader = RecordingLoader(waits={1: 9}, timeout=0.5)  # no ninth batch: the first write takes 0.5 s

    def stopping() -> Iterator[list[int]]:
        yield [1]
        yield [2]
        raise RuntimeError("the third batch could not be read")

    with pytest.raises(RuntimeError, match="third batch"):
        list(written(loader, stopping()))
    assert loader.events == ["write 1 alone", "wrote 1"]


def test_an_import_keeps_the_switch_interval_short_while_it_runs_and_restores_it(tmp_path: Path) -> None:
    seen: list[float] = []
    log = tmp_path / "one.txt"
    log.write_text("".join(hand_texts(2)), encoding="utf-8")
    before = sys.getswitchinterval()
    summary = run_import([log], tmp_path / "db.duckdb",
                         on_chunk=lambda _: seen.append(sys.getswitchinterval()))
    assert summary.imported == 2
    assert seen and all(interval < before for interval in seen)
    assert sys.getswitchinterval() == before


def hand_texts(count: int) -> list[str]:
    played = Simulator(Setup(game="stud", players=5, seed=1)).hands(count)
    return [WRITERS["pokerstars"](hand.hand) + SEPARATORS["pokerstars"] for hand in played]
