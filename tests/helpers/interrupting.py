"""An import stopped by Ctrl-C as a terminal sends it: SIGINT to the command and every process it started."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path

from studbook.simulate import Setup
from studbook.simulate import Simulator
from studbook.writers import SEPARATORS
from studbook.writers import WRITERS

STUDBOOK = [sys.executable, "-c",
            "import sys; from studbook.cli import main; sys.argv = ['studbook', *sys.argv[1:]]; main()"]
COPIES, HANDS = 6, 400  # files, and hands in each
LINE = "interrupted: {stored:,} new hands stored in {into}; the same import again goes on from there"


def write_logs(folder: Path, copies: int = COPIES) -> Path:
    """``copies`` files of HANDS simulated hands, each copy with hand ids of its own: input enough for two
    jobs."""
    played = Simulator(Setup(game="stud", players=7, seed=5, fmt="pokerstars")).hands(HANDS)
    text = SEPARATORS["pokerstars"].join(WRITERS["pokerstars"](hand.hand) for hand in played)
    for index in range(copies):
        copy = text.replace("Hand #", f"Hand #{index + 1}")
        (folder / f"table-{index}.txt").write_text(copy, encoding="utf-8")
    return folder


def interrupted(command: list[str], ready: Callable[[], bool]) -> subprocess.CompletedProcess[str]:
    """Run ``studbook COMMAND`` in a process group of its own and send the group SIGINT once ``ready``."""
    process = subprocess.Popen([*STUDBOOK, *command], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                               text=True, start_new_session=True)
    try:
        deadline = time.monotonic() + 180
        while not ready():
            assert process.poll() is None, f"it ended first: {process.communicate()}"
            assert time.monotonic() < deadline, "it never got going"
            time.sleep(0.05)
        os.killpg(process.pid, signal.SIGINT)
        out, err = process.communicate(timeout=120)
    finally:
        if process.poll() is None:
            os.killpg(process.pid, signal.SIGKILL)
            process.wait()
    return subprocess.CompletedProcess(process.args, process.returncode, out, err)
