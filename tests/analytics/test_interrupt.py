"""Ctrl-C in an import, as a terminal sends it (SIGINT to the command and every process it started), ends it
with one line on stderr: that it was interrupted, how many hands it stored, that the same import again
goes on; exit status 130; no traceback from any process. (``--lake``: tests/analytics/test_lake.py;
``--watch``: tests/analytics/test_watch.py.)"""

from __future__ import annotations

import os
import subprocess
from collections.abc import Callable
from pathlib import Path

import duckdb
import pytest
from helpers.importing import summary_counts
from helpers.interrupting import COPIES
from helpers.interrupting import HANDS
from helpers.interrupting import LINE
from helpers.interrupting import STUDBOOK
from helpers.interrupting import interrupted
from helpers.interrupting import write_logs

from studbook.analytics.importer import PARALLEL_BYTES

pytestmark = pytest.mark.skipif(not hasattr(os, "killpg"), reason="sends SIGINT to a process group")
HAND_LOG = 200 * 5_000  # bytes of write-ahead log a pass of 200 hands writes, at least (the tables: 60 KB)


@pytest.fixture(scope="module")
def logs(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = write_logs(tmp_path_factory.mktemp("interrupted"))
    assert sum(path.stat().st_size for path in folder.iterdir()) > PARALLEL_BYTES  # two jobs' worth
    return folder


def committed(db: Path) -> Callable[[], bool]:
    """Whether the import into ``db`` has committed a pass of hands (by its write-ahead log)."""
    wal = Path(f"{db}.wal")
    return lambda: wal.exists() and wal.stat().st_size > HAND_LOG


def stored(db: Path) -> int:
    with duckdb.connect(str(db), read_only=True) as con:
        return con.execute("SELECT count(*) FROM hands").fetchall()[0][0]


def test_one_job(logs: Path, tmp_path: Path) -> None:
    db = tmp_path / "one.duckdb"
    done = interrupted(["import", str(logs), "--db", str(db), "--jobs", "1", "--batch", "200",
                        "--chunk", "200"], committed(db))
    assert done.returncode == 130 and not done.stdout
    hands = stored(db)
    assert 0 < hands < COPIES * HANDS
    assert done.stderr.splitlines() == [LINE.format(stored=hands, into=db)]
    again = subprocess.run([*STUDBOOK, "import", str(logs), "--db", str(db)], capture_output=True, text=True,
                           check=True)
    assert summary_counts(again.stdout)["imported"] == COPIES * HANDS - hands
    assert stored(db) == COPIES * HANDS


def test_two_jobs(logs: Path, tmp_path: Path) -> None:
    db = tmp_path / "two.duckdb"
    done = interrupted(["import", str(logs), "--db", str(db), "--jobs", "2", "--batch", "200",
                        "--chunk", "200"], committed(db))
    assert done.returncode == 130 and not done.stdout
    hands = stored(db)
    assert 0 < hands < COPIES * HANDS
    assert done.stderr.splitlines() == [LINE.format(stored=hands, into=db)]
