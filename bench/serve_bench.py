"""How fast ``studbook serve`` answers each page on a big database: the 95th percentile must stay under
300 ms at a million simulated hands (docs/serve.md).

The database is built once and kept in bench/.data/ (``serve-HANDS.duckdb``): ``studbook simulate`` writes
the hands, a fifth of them for each game, in files of 10,000, and ``studbook import --jobs 2`` stores
them (the real command line, in child processes). Then ``studbook serve`` starts on it (a child process
on a free port) and each page is asked for ``--runs`` times in turn, after one untimed request; the
time is the whole answer read by a client on this machine. The live table is kept until the database
changes, so it is also asked with the database file's time moved on before each request, as an import's
write moves it: then each answer is worked out anew, as the first after a new hand is. The table is
printed and written as JSON to bench/results/ (``<stamp>-serve-HANDS.json``).

    .venv/bin/python bench/serve_bench.py [--hands 100000] [--runs 20] [--copies K]

``--copies K`` times a database of K x HANDS hands made of K copies of the HANDS one (which it builds
first if needed), each copy's hands renamed and moved on in time past the one before, so every player
has K times the hands and sessions: minutes to make, where simulating and importing a million hands
takes two hours. Its pages read the same tables and views, sized as K times as many hands.
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
import urllib.parse
import urllib.request
from concurrent.futures import ThreadPoolExecutor
from datetime import UTC
from datetime import datetime
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
DATA = ROOT / "bench" / ".data"
RESULTS = ROOT / "bench" / "results"
GAMES = {"stud": 7, "stud8": 7, "razz": 7, "stud5": 6, "descubierto": 6}  # players a table, as bench/run.py
PER_FILE = 10_000
SEED = 11
TARGET_MS = 300.0
ANEW = "live table after an import wrote"  # asked with the database's time moved on before each request
STUDBOOK = [sys.executable, "-c", "from studbook.cli import main; main()"]


def _run(command: list[str]) -> None:
    done = subprocess.run(command, capture_output=True, text=True, check=False)
    if done.returncode != 0:
        raise SystemExit(f"failed: {' '.join(command)}\n{done.stderr}")


def simulate(hands: int, logs: Path) -> None:
    """``hands`` hands, a fifth of them a game, into files of ``PER_FILE`` hands, two at a time."""
    shutil.rmtree(logs, ignore_errors=True)
    logs.mkdir(parents=True)
    jobs = []
    for index, game in enumerate(GAMES):
        share = hands // len(GAMES) + (1 if index < hands % len(GAMES) else 0)
        for part, first in enumerate(range(0, share, PER_FILE)):
            count = min(PER_FILE, share - first)
            jobs.append([*STUDBOOK, "simulate", "--game", game, "--hands", str(count),
                         "--players", str(GAMES[game]),
                         "--seed", str(SEED * 1000 + part), "--out", str(logs / f"{game}-{part:03d}.txt")])
    with ThreadPoolExecutor(max_workers=os.cpu_count() or 2) as pool:
        list(pool.map(_run, jobs))


def build(hands: int) -> Path:
    """The database of ``hands`` simulated hands, made once (a marker file says it is complete). A run
    stopped part way goes on from where it was: simulated logs are kept until their import is done
    (their own marker says they are whole), and an import into the same database adds only what it
    lacks."""
    db = DATA / f"serve-{hands}.duckdb"
    done = DATA / f"serve-{hands}.complete"
    if done.exists() and db.exists():
        return db
    logs = DATA / f"serve-{hands}-logs"
    simulated = DATA / f"serve-{hands}-logs.complete"
    started = time.perf_counter()
    if not simulated.exists():
        db.unlink(missing_ok=True)
        simulate(hands, logs)
        simulated.write_text(f"{hands} hands in {time.perf_counter() - started:.0f} s\n", encoding="utf-8")
        print(f"  simulated {hands:,} hands in {time.perf_counter() - started:.0f} s")
        started = time.perf_counter()
    _run([*STUDBOOK, "import", str(logs), "--db", str(db), "--jobs", "2"])
    print(f"  imported them in {time.perf_counter() - started:.0f} s")
    shutil.rmtree(logs)
    simulated.unlink()
    done.write_text(f"{hands} hands\n", encoding="utf-8")
    return db


def copies(source: Path, times: int) -> Path:
    """The database of ``times`` copies of ``source`` (see the module's docstring), made once. Every table
    keyed by hand gets each copy's rows with the hand's id prefixed by the copy's number and its times
    moved on by the span of the source's hands (and a day) a copy; the rest (the files, the rejected
blocks, keyed by file and line) is there once. A new import
    of nothing then adds what a newer studbook's schema has beyond the source's."""
    import duckdb

    hands = int(source.stem.rsplit("-", 1)[1]) * times
    db = DATA / f"serve-{hands}.duckdb"
    done = DATA / f"serve-{hands}.complete"
    if done.exists() and db.exists():
        return db
    started = time.perf_counter()
    db.unlink(missing_ok=True)
    shutil.copyfile(source, db)
    con = duckdb.connect(str(db))
    try:
        con.execute(f"ATTACH '{source}' AS source (READ_ONLY)")
        days = con.execute("SELECT date_diff('day', min(start_utc), max(start_utc)) + 1 FROM source.hands"
                           ).fetchall()[0][0]
        keyed = [name for name, in con.execute(
            "SELECT table_name FROM information_schema.columns WHERE table_catalog = 'source' "
            "AND column_name = 'hand_id' AND table_name IN (SELECT table_name FROM "
            "information_schema.tables WHERE table_catalog = 'source' AND table_type = 'BASE TABLE') "
            "AND table_name <> 'rejected'"
        ).fetchall()]
        for copy in range(1, times):
            for table in keyed:
                moved = ("hand_id", "start_local", "start_utc") if table == "hands" else ("hand_id",)
                replaced = ", ".join(f"'{copy}' || hand_id AS hand_id" if column == "hand_id" else
                                     f"{column} + INTERVAL {copy * days} DAY AS {column}" for column in moved)
                con.execute(f'INSERT INTO "{table}" SELECT * REPLACE ({replaced}) FROM source."{table}" '
                            "WHERE hand_id IS NOT NULL")
            con.execute("CHECKPOINT")
            print(f"  copy {copy + 1} of {times} made ({time.perf_counter() - started:.0f} s)", flush=True)
    finally:
        con.close()
    empty = DATA / "empty-logs"
    empty.mkdir(exist_ok=True)
    _run([*STUDBOOK, "import", str(empty), "--db", str(db)])
    done.write_text(f"{hands} hands: {times} copies of {source.name}\n", encoding="utf-8")
    return db


def start(db: Path) -> tuple[subprocess.Popen, str]:
    """``studbook serve`` on any free port; its address once it listens."""
    process = subprocess.Popen([*STUDBOOK, "serve", "--db", str(db), "--port", "0"], stdout=subprocess.PIPE,
                               stderr=subprocess.PIPE, text=True)
    assert process.stdout is not None
    line = process.stdout.readline()
    found = re.search(r"http://\S+/", line)
    if found is None:
        process.kill()
        error = process.stderr.read() if process.stderr else ""
        raise SystemExit(f"studbook serve did not start: {line}{error}")
    return process, found[0]


def fetch(url: str, touched: Path | None = None) -> float:
    """Seconds to the whole answer; a page that is not 200 stops the bench. ``touched``: a file whose time
    is moved on first (not timed), so the app takes the database for changed."""
    if touched is not None:
        stamp = touched.stat()
        os.utime(touched, ns=(stamp.st_atime_ns, stamp.st_mtime_ns + 1_000_000))
    started = time.perf_counter()
    with urllib.request.urlopen(url, timeout=600) as answer:
        answer.read()
        if answer.status != 200:
            raise SystemExit(f"{url}: status {answer.status}")
    return time.perf_counter() - started


def pages(db: Path) -> dict[str, str]:
    """The pages timed, with what they show picked from the database: a player of median hands, the
    player of the most hands (the simulated hero), a hand."""
    import duckdb

    con = duckdb.connect(str(db), read_only=True)
    try:
        opponent, = con.execute("SELECT site || ':' || player FROM players ORDER BY hands "
                                "LIMIT 1 OFFSET (SELECT count(*) // 2 FROM players)").fetchall()[0]
        hero, = con.execute("SELECT site || ':' || player FROM players LIMIT 1").fetchall()[0]
        site, hand = con.execute("SELECT site, hand_id FROM hands ORDER BY hand_id LIMIT 1").fetchall()[0]
    finally:
        con.close()
    q = urllib.parse.urlencode
    return {
        "players": "/", "players sorted by VPIP": "/?sort=vpip&order=desc", "players page 20": "/?page=20",
        "players of razz, 50+ hands": "/?game=razz&min_hands=50",
        "player (median hands)": f"/player?{q({'player': opponent})}",
        "player (most hands, stud)": f"/player?{q({'player': hero, 'game': 'stud'})}",
        "sessions": "/sessions", "sessions page 5": "/sessions?page=5",
        "hands": "/hands", "hands page 200": "/hands?page=200",
        "hands of a player": f"/hands?{q({'player': opponent})}",
        "hands: razz, 7th street, 10+ BB pots": "/hands?game=razz&street=7&min_pot=10",
        "hand replay": f"/hand?{q({'site': site, 'id': hand})}",
        "rejects and imports": "/imports", "live table": "/live",
        "live table refresh": "/live/table?version=0",
        ANEW: "/live/table?version=0",
        "rules": "/rules",
    }


def measure(db: Path, runs: int) -> dict[str, dict[str, float]]:
    process, base = start(db)
    found = {}
    try:
        for name, path in pages(db).items():
            touched = db if name == ANEW else None
            first = fetch(base + path.lstrip("/"), touched)
            times = sorted(fetch(base + path.lstrip("/"), touched) for _ in range(runs))
            p95 = times[min(len(times) - 1, round(0.95 * (len(times) - 1)))]
            found[name] = {"first_ms": first * 1000, "p50_ms": statistics.median(times) * 1000,
                           "p95_ms": p95 * 1000, "max_ms": times[-1] * 1000}
            print(f"  {name:<38} first {first * 1000:8.1f}  p50 {found[name]['p50_ms']:8.1f}  "
                  f"p95 {found[name]['p95_ms']:8.1f} ms")
    finally:
        process.send_signal(2)
        process.wait(timeout=30)
    return found


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=100_000, help="simulated hands (default 100,000)")
    parser.add_argument("--runs", type=int, default=20, help="timed requests of each page (default 20)")
    parser.add_argument("--copies", type=int, default=1, help="K copies of the HANDS database (see above)")
    args = parser.parse_args()
    DATA.mkdir(parents=True, exist_ok=True)
    db = build(args.hands)
    if args.copies > 1:
        db = copies(db, args.copies)
        args.hands *= args.copies
    print(f"studbook serve on {args.hands:,} simulated hands ({db.stat().st_size / 1e6:,.0f} MB): "
          f"first request, then {args.runs} more")
    found = measure(db, args.runs)
    over = [name for name, times in found.items() if times["p95_ms"] > TARGET_MS]
    print(f"95th percentile over {TARGET_MS:.0f} ms: {', '.join(over) if over else 'none'}")
    stamp = datetime.now(UTC).strftime("%Y%m%dT%H%M%SZ")
    RESULTS.mkdir(parents=True, exist_ok=True)
    out = RESULTS / f"{stamp}-serve-{args.hands}.json"
    out.write_text(json.dumps({"hands": args.hands, "copies": args.copies, "runs": args.runs, "pages": found,
                               "machine": {"cpus": os.cpu_count(), "load_average": os.getloadavg(),
                                           "python": platform.python_version()}}, indent=2) + "\n",
                   encoding="utf-8")
    print(f"written: {out.relative_to(ROOT)}")


if __name__ == "__main__":
    main()
