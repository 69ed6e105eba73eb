"""How fast ``studbook serve`` answers each page on a big database: the 95th percentile must stay under
300 ms at a million simulated hands (docs/serve.md).

The database is built once and kept in bench/.data/ (``serve-HANDS.duckdb``): ``studbook simulate`` writes
the hands, a fifth of them for each game, in files of 10,000, and ``studbook import --jobs 2`` stores
them (the real command line, in child processes). Then ``studbook serve`` starts on it (a child process
on a free port) and each page is asked for ``--runs`` times in turn, after one untimed request; the
time is the whole answer read by a client on this machine. The table is printed and written as JSON to
bench/results/ (``<stamp>-serve-HANDS.json``).

    .venv/bin/python bench/serve_bench.py [--hands 100000] [--runs 20]
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import re
import shutil
import statistics
import subprocess
import sys
import time
import urllib.error
import urllib.parse
import urllib.request
from concurrent.futures import ThreadPoolExecutor
from datetime import UTC
from datetime import datetime
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
DATA = ROOT / "bench" / ".data"
RESULTS = ROOT / "bench" / "results"
GAMES = ("stud", "stud8", "razz", "stud5", "descubierto")
PER_FILE = 10_000
SEED = 11
TARGET_MS = 300.0
STUDBOOK = [sys.executable, "-c", "from studbook.cli import main; main()"]


def _run(command: list[str]) -> None:
    done = subprocess.run(command, capture_output=True, text=True, check=False)
    if done.returncode != 0:
        raise SystemExit(f"failed: {' '.join(command)}\n{done.stderr}")


def build(hands: int) -> Path:
    """The database of ``hands`` simulated hands, made once (a marker file says it is complete)."""
    db = DATA / f"serve-{hands}.duckdb"
    done = DATA / f"serve-{hands}.complete"
    if done.exists() and db.exists():
        return db
    logs = DATA / f"serve-{hands}-logs"
    shutil.rmtree(logs, ignore_errors=True)
    logs.mkdir(parents=True)
    db.unlink(missing_ok=True)
    started = time.perf_counter()
    jobs = []
    for index, game in enumerate(GAMES):
        share = hands // len(GAMES) + (1 if index < hands % len(GAMES) else 0)
        for part, first in enumerate(range(0, share, PER_FILE)):
            count = min(PER_FILE, share - first)
            jobs.append([*STUDBOOK, "simulate", "--game", game, "--hands", str(count),
                         "--players", "7" if game in ("stud", "stud8", "razz") else "6",
                         "--seed", str(SEED * 1000 + part), "--out", str(logs / f"{game}-{part:03d}.txt")])
    with ThreadPoolExecutor(max_workers=os.cpu_count() or 2) as pool:
        list(pool.map(_run, jobs))
    simulated = time.perf_counter() - started
    print(f"  simulated {hands:,} hands in {simulated:.0f} s")
    _run([*STUDBOOK, "import", str(logs), "--db", str(db), "--jobs", "2"])
    print(f"  imported them in {time.perf_counter() - started - simulated:.0f} s")
    shutil.rmtree(logs)
    done.write_text(f"{hands} hands\n", encoding="utf-8")
    return db
