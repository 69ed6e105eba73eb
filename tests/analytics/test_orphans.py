"""A killed ``import --jobs 2`` (kill -9, or TERM) leaves no worker and no resource tracker behind."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from studbook.simulate import Setup
from studbook.simulate import Simulator
from studbook.writers import SEPARATORS
from studbook.writers import WRITERS

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


@pytest.mark.parametrize("how", [signal.SIGKILL, signal.SIGTERM])
def test_workers_die_with_their_parent(logs: Path, tmp_path: Path, how: signal.Signals) -> None:
    script = "import sys; from studbook.cli import main; sys.argv = ['studbook', *sys.argv[1:]]; main()"
    command = [sys.executable, "-c", script, "import", str(logs), "--db", str(tmp_path / "k.duckdb"),
               "--jobs", "2", "--chunk", "5"]
    parent = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        assert wait_for(lambda: len(children(parent.pid)) >= 3, 60), "the workers never started"
        helpers = children(parent.pid)  # two workers and multiprocessing's resource tracker
        os.kill(parent.pid, how)
        parent.wait()
        assert wait_for(lambda: not any(map(alive, helpers)), 20), [p for p in helpers if alive(p)]
    finally:
        parent.kill()
        parent.wait()
