"""The worker processes of ``import --jobs 2``: a killed import (kill -9, or TERM) leaves no worker and
no resource tracker behind, and the workers run at a lower priority than the import's writer."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from studbook.analytics.importer import WORKER_NICENESS
from studbook.simulate import Setup, Simulator
from studbook.writers import SEPARATORS, WRITERS

pytestmark = pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="reads processes from /proc")


def children(pid: int) -> set[int]:
    found = set()
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                if int((entry / "stat").read_text().rsplit(")", 1)[1].split()[1]) == pid:
                    found.add(int(entry.name))
            except (OSError, IndexError):
                continue  # gone meanwhile
    return found


def niceness(pid: int) -> int | None:
    try:
        return int((Path("/proc") / str(pid) / "stat").read_text().rsplit(")", 1)[1].split()[16])
    except OSError:
        return None  # gone meanwhile


def alive(pid: int) -> bool:
    try:
        return (Path("/proc") / str(pid) / "stat").read_text().rsplit(")", 1)[1].split()[0] != "Z"
    except OSError:
        return False


def wait_for(condition, seconds: float) -> bool:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if condition():
            return True
        time.sleep(0.05)
    return condition()


@pytest.fixture(scope="module")
def logs(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Ten copies of 200 hands: work enough for the import to be killed in the middle of it."""
    folder = tmp_path_factory.mktemp("orphans")
    played = Simulator(Setup(game="stud", players=6, seed=11, fmt="pokerstars")).hands(200)
    text = SEPARATORS["pokerstars"].join(WRITERS["pokerstars"](hand.hand) for hand in played)
    for index in range(10):
        (folder / f"copy-{index}.txt").write_text(text, encoding="utf-8")
    return folder


def start_import(logs: Path, db: Path) -> subprocess.Popen[bytes]:
    script = "import sys; from studbook.cli import main; sys.argv = ['studbook', *sys.argv[1:]]; main()"
    command = [sys.executable, "-c", script, "import", str(logs), "--db", str(db), "--jobs", "2",
               "--chunk", "5"]
    return subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)


@pytest.mark.parametrize("how", [signal.SIGKILL, signal.SIGTERM])
def test_workers_die_with_their_parent(logs: Path, tmp_path: Path, how: signal.Signals) -> None:
    parent = start_import(logs, tmp_path / "k.duckdb")
    try:
        assert wait_for(lambda: len(children(parent.pid)) >= 3, 60), "the workers never started"
        helpers = children(parent.pid)  # two workers and multiprocessing's resource tracker
        os.kill(parent.pid, how)
        parent.wait()
        assert wait_for(lambda: not any(map(alive, helpers)), 20), [p for p in helpers if alive(p)]
    finally:
        parent.kill()
        parent.wait()


def test_workers_yield_to_the_writer(logs: Path, tmp_path: Path) -> None:
    """The writer, a thread of the importing process, keeps its priority; the workers run below it."""
    parent = start_import(logs, tmp_path / "n.duckdb")
    try:
        assert wait_for(lambda: len(children(parent.pid)) >= 3, 60), "the workers never started"
        own = niceness(parent.pid)
        assert own is not None
        expected = min(own + WORKER_NICENESS, 19)  # 19: the lowest priority there is

        def found() -> list[int]:  # a worker lowers its own priority as it starts
            return sorted(nice for nice in map(niceness, children(parent.pid)) if nice is not None)

        # the two workers, not multiprocessing's resource tracker
        assert wait_for(lambda: found().count(expected) == 2, 60), (expected, found())
    finally:
        parent.kill()
        parent.wait()
