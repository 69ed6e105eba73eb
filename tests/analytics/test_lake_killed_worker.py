"""A Dask scheduler and two workers started as real processes (`dask scheduler`, `dask worker`); one worker
is killed with SIGKILL in the middle of `studbook import --lake`: the import completes, with every hand
once and nothing left half-written."""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from distributed import Client
from helpers.importing import runner
from helpers.importing import summary_counts
from helpers.lake import lake_contents

from studbook.analytics.lake_views import open_lake
from studbook.cli import app

BIN = Path(sys.executable).parent
FILES, HANDS = 4, 30


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


@pytest.fixture
def cluster() -> Iterator[str]:
    """A scheduler and two single-threaded workers without nannies (a killed worker stays dead), stopped
    and reaped at the end whatever happens."""
    address = f"tcp://127.0.0.1:{_free_port()}"
    quiet = {"stdout": subprocess.DEVNULL, "stderr": subprocess.DEVNULL}
    processes = [subprocess.Popen([BIN / "dask", "scheduler", "--host", "127.0.0.1", "--port",
                                   address.rsplit(":", 1)[1], "--no-dashboard"], **quiet)]
    try:
        processes += [subprocess.Popen([BIN / "dask", "worker", address, "--nthreads", "1", "--no-nanny",
                                        "--host", "127.0.0.1", "--no-dashboard"], **quiet) for _ in range(2)]
        with Client(address, timeout=60) as client:
            client.wait_for_workers(2, timeout=60)
        yield address
    finally:
        for process in processes:
            process.kill()
            process.wait()


def test_a_worker_killed_mid_import_leaves_every_hand_once(cluster: str, tmp_path: Path) -> None:
    logs = tmp_path / "logs"
    logs.mkdir()
    for seed in range(FILES):  # hand ids differ between seeds
        result = runner.invoke(app, ["simulate", "--hands", str(HANDS), "--seed", str(seed),
                                     "-o", str(logs / f"table-{seed}.txt")])
        assert result.exit_code == 0, result.output
    lake = tmp_path / "lake"
    importing = subprocess.Popen([BIN / "studbook", "import", logs, "--lake", lake, "--scheduler", cluster,
                                  "--chunk", "1"], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        killed = _kill_a_busy_worker(cluster, lake)
        out, err = importing.communicate(timeout=240)
    finally:
        importing.kill()
    assert importing.returncode == 0, err
    assert killed
    assert summary_counts(out)["imported"] == FILES * HANDS
    con = open_lake(str(lake))
    try:
        every, distinct = con.execute("SELECT count(*), count(DISTINCT (site, hand_id)) FROM lake_hands"
                                      ).fetchall()[0]
    finally:
        con.close()
    assert every == distinct == FILES * HANDS
    assert len(lake_contents(lake)["hands"]) == FILES * HANDS
    assert len(list((lake / "_manifest").iterdir())) == FILES
    assert not [path for path in (lake / "_staging").rglob("*") if path.is_file()]


def _staged(lake: Path) -> bool:
    """Whether a task has staged a Parquet file (the folders come and go as the tasks write)."""
    try:
        return any(path.suffix == ".parquet" for path in (lake / "_staging").rglob("*"))
    except FileNotFoundError:
        return False


def _kill_a_busy_worker(scheduler: str, lake: Path) -> bool:
    """SIGKILL a worker once it is writing a file's shard (its staged files are there); whether it did."""
    with Client(scheduler, timeout=30) as client:
        deadline = time.monotonic() + 120
        while time.monotonic() < deadline:
            staged = _staged(lake)
            busy = [address for address, keys in client.processing().items() if keys]
            if staged and busy:
                os.kill(client.run(os.getpid, workers=busy[:1])[busy[0]], signal.SIGKILL)
                return True
            time.sleep(0.02)
    return False
