"""``make bench``: how fast studbook reads, replays and imports simulated hands, side by side.

One run measures both builds, pure Python and the mypyc-compiled hot path (docs/compiled.md),
each in a child process of its own (``STUDBOOK_PURE``), on the same simulated logs (PokerStars text for
stud, stud8 and razz, studbook logs for stud5 and descubierto; generated once into bench/.data/ and reused):

* the floor: reading the files and splitting them into hand blocks;
* parse only, and parse with the parsers' caches off (what the line and amount caches gain);
  parse + replay (one core, in this process);
* ``studbook import --jobs 1`` and ``--jobs 2`` into a fresh DuckDB file (the real CLI, a subprocess),
  with the peak RSS of its largest process, and the peak again on a fifth of the input (flat?);
  then the same import again, where every file is unchanged and none is read again;
* ``studbook import --lake --workers 1`` and ``--workers 2``: the same files as tasks on a local Dask
  cluster of one and two worker processes writing a Parquet lake (cluster start-up included);
* the shape of the input: 200 files of 20 hands (a poker client writes a file a table session) imported
  with ``--jobs 1``, ``--jobs 2``, the jobs studbook picks, and a lake on two workers; 10,000 files of one
  hand (peak RSS); the real logs of ``STUDBOOK_CORPUS`` with one and two jobs, when it is set;
* the per-seat facts: CPU us a hand of facts.sql and the views the writer inserts from, a pass of
  20,000 hands at a time, and the fixed cost of a pass;
* start-up (wall, median of 5): ``studbook --version``, ``--help``, and ``studbook import`` of one hand
  into a new database; with Python writing its bytecode, as a user's does (the environment's
  PYTHONDONTWRITEBYTECODE is left out of the commands timed);
* pokerkit, the peer, against studbook on the same simulated seven card hands (``--pokerkit-hands`` a
  game), each game in a fresh process of its own (:func:`peers`), in CPU seconds: pokerkit replays each
  hand's events (tests/helpers/pokerkit_bridge.py builds its state, deals, acts; pokerkit shows and pays),
  studbook reads the hands' PokerStars text from a file, splits, parses and replays it. Both sides first
  play the same 10 hands untimed (imports, grammar, evaluator tables: a process's one-off cost), then
  take turns of 50 timed hands; studbook parses every timed hand once, cold, as an import does. The
  collector is frozen after the warm-up, as an import freezes what it loaded (analytics/importer.py).
  Hands pokerkit refuses are left out of both timings and counted;
* ``studbook equity`` on a heads-up third-street all-in in stud8, and how much slower the all-in EV makes an
  import of short-stacked sessions (bench/equity_bench.py);
* decisions a second that ``studbook analyse`` values (bench/decision_bench.py);
* what the stats worked out when read cost (wall, median of 3, on a database of the simulated hands):
  ``studbook stats``, ``stats --intervals`` (its population fit reads every player) and the up-card
  tables ``stats --by door|liveness|start-class``.

The table is printed and written as JSON to bench/results/ (a timestamped file and latest.json).

    .venv/bin/python bench/run.py [--hands 10000] [--pokerkit-hands 400]
    .venv/bin/python bench/run.py --million   # only: 1M hands (200,000 a game) with --jobs 2, compiled
    .venv/bin/python bench/run.py --peer      # only: the peer on both builds, to bench/results/*-peer.json

The million-hand import is a run of its own (its input takes about 1.5 GB and 10 minutes to simulate
once); the main table shows the newest one measured, or extrapolates from ``--jobs 2`` when there is none.
"""

from __future__ import annotations

import argparse
import gc
import json
import os
import platform
import shutil
import subprocess
import sys
import time
import warnings
from collections.abc import Callable
from collections.abc import Iterable
from collections.abc import Iterator
from concurrent.futures import ProcessPoolExecutor
from contextlib import contextmanager
from dataclasses import replace
from datetime import UTC
from datetime import datetime
from multiprocessing import get_context
from pathlib import Path
from tempfile import TemporaryDirectory

import decision_bench
import equity_bench

from studbook import events as ev
from studbook.grammar import ParseError
from studbook.grammar import parse_block
from studbook.grammar import read_blocks
from studbook.grammar import transform
from studbook.grammar.dialect import dialects
from studbook.grammar.lines import LineDialect
from studbook.grammar.linescan import LineScanner
from studbook.grammar.sites import studbook as studbook_format
from studbook.hand import Hand
from studbook.replay import replay
from studbook.rules.variants import VARIANTS
from studbook.simulate import Setup
from studbook.simulate import Simulated
from studbook.simulate import Simulator
from studbook.writers import SEPARATORS
from studbook.writers import WRITERS

ROOT = Path(__file__).resolve().parent.parent
DATA = ROOT / "bench" / ".data"
RESULTS = ROOT / "bench" / "results"
GAMES = {"stud": "pokerstars", "stud8": "pokerstars", "razz": "pokerstars", "stud5": "studbook",
         "descubierto": "studbook"}
PEER_GAMES = ("stud", "stud8", "razz")  # pokerkit has no five card stud
PER_FILE = 2000  # hands per file, so --jobs has files to share out
SEED = 7
TARGETS = {"peer_ratio": 20, "import_jobs1_hands_per_s": 1700, "import_jobs1_vs_pure": 2,
           "million_jobs2_s": 360, "peak_rss_mb": 400, "small_files_jobs2_speedup": 1.4,
           "small_files_lake2_vs_jobs1": 1.0, "facts_us_per_hand": 40, "version_s": 0.3, "help_s": 0.3,
           "one_hand_s": 0.6}


# -- the input -------------------------------------------------------------------------------------


def setup(game: str) -> Setup:
    return Setup(game=game, players=7 if GAMES[game] == "pokerstars" else 6, seed=SEED, fmt=GAMES[game],
                 short_stacks=False)


def generate(game: str, hands: int, per_file: int = PER_FILE) -> Path:
    """``hands`` hands of ``game`` in files of ``per_file`` hands, made once and kept in bench/.data/."""
    by = "" if per_file == PER_FILE else f"-by{per_file}"
    folder = DATA / f"{game}-{GAMES[game]}-seed{SEED}-{hands}{by}"
    done = DATA / f"{folder.name}.complete"  # beside the folder: the import reads all inside it
    if done.exists():
        return folder
    shutil.rmtree(folder, ignore_errors=True)
    folder.mkdir(parents=True)
    write, separator = WRITERS[GAMES[game]], SEPARATORS[GAMES[game]]
    started = time.perf_counter()
    stream = Simulator(setup(game)).hands(hands)
    for part in range(0, hands, per_file):
        with (folder / f"{game}-{part // per_file:05d}.txt").open("w", encoding="utf-8", newline="\n") as out:
            for index in range(min(per_file, hands - part)):
                text = write(next(stream).hand)
                out.write(separator + text if index else text)
    seconds = time.perf_counter() - started
    done.write_text(f"{hands} hands in {seconds:.1f} s\n", encoding="utf-8")
    print(f"  simulated {hands:,} {game} hands in {seconds:.1f} s ({hands / seconds:,.0f} hands/s)")
    return folder


def files_of(folders: Iterable[Path]) -> list[Path]:
    return sorted(path for folder in folders for path in folder.glob("*.txt"))


# -- in-process stages -----------------------------------------------------------------------------


def stage(files: list[Path], work: Callable[[object], object],
          clock: Callable[[], float] = time.perf_counter) -> tuple[int, float]:
    """Hands seen and seconds (wall, or by ``clock``) for one pass over ``files`` doing ``work`` on each
    block."""
    count = 0
    started = clock()
    for path in files:
        for block in read_blocks(path):
            if isinstance(block, ParseError):
                raise SystemExit(f"unreadable bench input {path}: {block}")
            work(block)
            count += 1
    return count, clock() - started


def parse_and_replay(block) -> None:
    hand = parse_block(block)
    if not isinstance(hand, Hand):
        raise SystemExit(f"bench input does not parse: {hand}")
    result = replay(hand)
    if result.has_errors:
        raise SystemExit(f"bench hand {hand.hand_id} breaks a rule: {result.violations}")


@contextmanager
def caches_off() -> Iterator[None]:
    """The parsers without their memory (grammar/memo.py): every line classified afresh by the fast path,
    every amount and card read again; to measure what remembering gains."""
    memos = [dialect.scanner.readings for dialect in dialects()
             if isinstance(dialect, LineDialect) and isinstance(dialect.scanner, LineScanner)]
    memos += [transform.AMOUNTS, transform.CARDS_READ, studbook_format.MONEY, studbook_format.CARD_SPELLINGS,
              studbook_format.DEALT, studbook_format.SHOWN]
    sizes = [memo.size for memo in memos]
    for memo in memos:
        memo.size = 0
        memo.clear()
    try:
        yield
    finally:
        for memo, size in zip(memos, sizes, strict=True):
            memo.size = size


# -- the real CLI ----------------------------------------------------------------------------------


_WRAPPER = ("import resource, subprocess, sys; code = subprocess.run(sys.argv[1:]).returncode; "
            "print(resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss); sys.exit(code)")


def user_environment() -> dict[str, str]:
    """This process's environment as a user's shell has it: Python writes its bytecode (and Lark its
    parsers, grammar/larkcache.py) as it does by default, so a start-up is timed as a user meets it."""
    return {name: value for name, value in os.environ.items() if name != "PYTHONDONTWRITEBYTECODE"}


def _run_import(command: list[str]) -> tuple[float, list[str]]:
    started = time.perf_counter()
    done = subprocess.run(command, capture_output=True, text=True, check=False, env=user_environment())
    seconds = time.perf_counter() - started
    if done.returncode != 0:
        raise SystemExit(f"studbook import failed:\n{done.stderr}")
    return seconds, done.stdout.strip().splitlines()


def timed_import(folders: list[Path], jobs: int | None, name: str, again: bool = False,
                 lake: bool = False) -> dict[str, float]:
    """Wall seconds and the peak RSS (MB) of the largest process of one ``studbook import`` into a new
    database with ``jobs`` (None: as studbook picks them; with ``lake``, a new lake written by ``jobs``
    local Dask workers); with ``again``, also the seconds of the same import run a second time (nothing
    new)."""
    db = DATA / f"{name}.duckdb"
    for stale in (db, Path(f"{db}.wal")):
        stale.unlink(missing_ok=True)
    shutil.rmtree(DATA / name, ignore_errors=True)
    into = ["--lake", str(DATA / name), "--workers", str(jobs)] if lake else \
        ["--db", str(db), *(["--jobs", str(jobs)] if jobs else [])]
    command = [sys.executable, "-c", _WRAPPER, sys.executable, "-c", "from studbook.cli import main; main()",
               "import", *map(str, folders), *into]
    seconds, lines = _run_import(command)
    imported = next(int(line.split()[-1].replace(",", "")) for line in lines
                    if line.strip().startswith("imported"))
    found = {"hands": imported, "seconds": seconds, "peak_rss_mb": int(lines[-1]) / 1024}
    if again:
        found["again_seconds"] = _run_import(command)[0]
    db.unlink(missing_ok=True)
    shutil.rmtree(DATA / name, ignore_errors=True)
    return found


def startup_import(runs: int = 5) -> float:
    """Median wall seconds of ``studbook import`` of one simulated stud hand into a new database: what a
    process pays before its first hand (imports, the Lark parser, the evaluator's tables, the writer's
    first pass), as a user importing today's few hands waits for it."""
    folder = generate("stud", 1)
    db = DATA / "startup.duckdb"
    command = [sys.executable, "-c", "from studbook.cli import main; main()", "import", str(folder),
               "--db", str(db)]
    times = []
    for _ in range(runs):
        for stale in (db, Path(f"{db}.wal")):
            stale.unlink(missing_ok=True)
        times.append(_run_import(command)[0])
    db.unlink(missing_ok=True)
    return sorted(times)[runs // 2]


def startup_command(args: list[str], runs: int = 5) -> float:
    """Median wall seconds of ``studbook ARGS`` (``--version``, ``--help``): the start of every command."""
    command = [sys.executable, "-c", "from studbook.cli import main; main()", *args]
    times = []
    for _ in range(runs):
        started = time.perf_counter()
        subprocess.run(command, capture_output=True, check=True, env=user_environment())
        times.append(time.perf_counter() - started)
    return sorted(times)[runs // 2]


STATS_READS = {"stats": [], "stats --intervals": ["--intervals"], "stats --by door": ["--by", "door"],
               "stats --by liveness": ["--by", "liveness"], "stats --by start-class": ["--by", "start-class"]}


def stats_reads(folders: list[Path], runs: int = 3) -> dict[str, float]:
    """Median wall seconds of each ``studbook stats`` of :data:`STATS_READS` (CSV, every row) on one
    database of ``folders``: the views of the up cards and the intervals are worked out when read."""
    db = DATA / "stats-reads.duckdb"
    for stale in (db, Path(f"{db}.wal")):
        stale.unlink(missing_ok=True)
    _run_import([sys.executable, "-c", "from studbook.cli import main; main()", "import", *map(str, folders),
                 "--db", str(db)])
    found = {}
    for label, args in STATS_READS.items():
        command = [sys.executable, "-c", "from studbook.cli import main; main()", "stats", "--db", str(db),
                   "--format", "csv", *args]
        times = []
        for _ in range(runs):
            started = time.perf_counter()
            subprocess.run(command, capture_output=True, check=True, env=user_environment())
            times.append(time.perf_counter() - started)
        found[label] = sorted(times)[runs // 2]
    db.unlink(missing_ok=True)
    return found


def facts_per_hand(files: list[Path]) -> dict[str, float]:
    """CPU microseconds a hand of the per-seat facts, as an import works them out: the hands of ``files``
    staged in a new database (untimed), then facts.sql and the two views the writer inserts from, made
    whole (as temp tables: their insert is the writer's), a pass of ``DEFAULT_BATCH`` hands at a time;
    and the fixed cost of one pass (on one hand)."""
    from studbook.analytics import facts
    from studbook.analytics.db import DEFAULT_BATCH
    from studbook.analytics.db import open_for_import
    from studbook.analytics.load import Loader
    from studbook.analytics.reading import read_units
    from studbook.analytics.worker import process_unit

    def run_facts(loader: Loader, hands: int) -> float:
        con = loader.con
        con.execute(f"DELETE FROM batch_new; INSERT INTO batch_new SELECT hand_idx, site, hand_id "
                    f"FROM staged_hands WHERE hand_idx < {hands}")
        started = time.process_time()
        facts.derive(con)
        con.execute(facts.views_script())
        con.execute("CREATE OR REPLACE TEMP TABLE bench_seats AS FROM fact_seats; "
                    "CREATE OR REPLACE TEMP TABLE bench_hands AS FROM fact_hands_dealt")
        seconds = time.process_time() - started
        con.execute("DROP TABLE bench_seats; DROP TABLE bench_hands")
        facts.clear(con)
        return seconds

    db = DATA / "facts.duckdb"
    for stale in (db, Path(f"{db}.wal")):
        stale.unlink(missing_ok=True)
    con = open_for_import(db)
    try:
        seconds = hands = one_hand = 0.0
        loader = Loader(con)
        units = read_units(files)
        for unit in units:
            loader.stage(process_unit(unit))
            if loader.hands >= DEFAULT_BATCH:
                seconds, hands = seconds + run_facts(loader, loader.hands), hands + loader.hands
                loader.commit()
        if loader.hands:  # the last pass, as long as the input leaves it
            one_hand = min(run_facts(loader, 1) for _ in range(3))
            seconds, hands = seconds + run_facts(loader, loader.hands), hands + loader.hands
    finally:
        con.close()
        db.unlink(missing_ok=True)
    return {"hands": hands, "us_per_hand": seconds / hands * 1e6 if hands else 0.0,
            "pass_ms": one_hand * 1e3}


# -- the peer --------------------------------------------------------------------------------------


def complete(played: Simulated) -> Hand:
    """The hand with every card dealt in its deal events (the log hides the others' down cards;
    pokerkit deals them), and the ante and bring-in a PokerStars header leaves out."""
    hand = played.hand
    variant = VARIANTS[hand.variant]
    left = {name: list(cards) for name, cards in played.cards.items()}
    folded: set[str] = set()
    events: list[ev.Event] = []
    for event in hand.events:
        if isinstance(event, ev.Deal):
            continue
        events.append(event)
        if isinstance(event, ev.Fold):
            folded.add(event.player)
        if isinstance(event, ev.StreetStart) and not event.community:
            spec = variant.spec(event.street)
            assert spec is not None
            for seat in hand.seats:
                if seat.player not in folded and left[seat.player]:
                    cards = [left[seat.player].pop(0) for _ in range(spec.down + spec.up)]
                    events.append(ev.Deal(event.line, event.street, seat.player, tuple(cards[:spec.down]),
                                          tuple(cards[spec.down:])))
    bring_in = next((e.amount for e in hand.events if isinstance(e, ev.BringIn) and not e.all_in), None)
    return replace(hand, events=tuple(events), bring_in=bring_in or hand.bring_in)


PEER_WARMUP = 10  # hands each side plays first in a game's process, untimed: imports, grammar, tables
PEER_TURN = 50  # timed hands a side plays before the other takes its turn


def peers(games: Iterable[str], count: int) -> dict[str, dict[str, float]]:
    """:func:`peer` of each game, each in a fresh (spawned) process of its own, on the build that
    ``STUDBOOK_PURE`` names (the environment is inherited): no heap, memo or table left by anything
    measured before."""
    with ProcessPoolExecutor(max_workers=1, mp_context=get_context("spawn"), max_tasks_per_child=1) as pool:
        return {game: pool.submit(peer, game, count).result() for game in games}


def peer(game: str, count: int) -> dict[str, float]:
    """pokerkit and studbook on the same ``count`` hands, in CPU seconds (``time.process_time``: the load
    of other processes on a shared machine does not count): pokerkit replays each hand's events through
    tests/helpers/pokerkit_bridge.py (building its state, dealing, acting, paying out); studbook reads the
    hands' PokerStars text from a file, splits, parses and replays it (:func:`parse_and_replay`).

    Both sides first play the same PEER_WARMUP hands, untimed (not among the timed ones); then they take
    turns of PEER_TURN timed hands each, so both see the same machine. studbook parses each timed hand once,
    as an import sees it: its line memos never saw these lines. Hands pokerkit refuses (a rule it does not
    have, such as the open-pair big bet or a community card) are left out of both timings and counted."""
    sys.path.insert(0, str(ROOT / "tests"))
    from helpers.pokerkit_bridge import pokerkit_payoffs

    from studbook import BUILD

    warnings.filterwarnings("ignore", message="Returning reserved")
    played = list(Simulator(setup(game)).hands(PEER_WARMUP + count))
    timed, refused, theirs, ours = 0, 0, 0.0, 0.0
    with TemporaryDirectory(prefix=f"studbook-peer-{game}-") as folder:
        take_turns(pokerkit_payoffs, game, played[:PEER_WARMUP], Path(folder) / "warm-up.txt")
        gc.collect()
        gc.freeze()  # the collector walks only what the timed turns make, as in an import (importer.py)
        for first in range(PEER_WARMUP, len(played), PEER_TURN):
            turn = played[first:first + PEER_TURN]
            hands, pokerkit_seconds, studbook_seconds = take_turns(pokerkit_payoffs, game, turn,
                                                                   Path(folder) / f"turn-{first}.txt")
            timed, refused, theirs, ours = (timed + hands, refused + len(turn) - hands,
                                            theirs + pokerkit_seconds, ours + studbook_seconds)
    return {"hands": timed, "refused": refused, "pokerkit_s": theirs, "studbook_s": ours,
            "pokerkit_us": theirs / timed * 1e6, "studbook_us": ours / timed * 1e6, "ratio": theirs / ours,
            "compiled": BUILD.compiled}


def take_turns(pokerkit_payoffs: Callable[[Hand], object], game: str, hands: list[Simulated],
               path: Path) -> tuple[int, float, float]:
    """pokerkit on ``hands``, then studbook on the log of those pokerkit took, written to ``path`` in
    between: how many it took, and each side's CPU seconds on them."""
    accepted, theirs = [], 0.0
    for played in hands:
        full = complete(played)
        started = time.process_time()
        try:
            pokerkit_payoffs(full)
        except (ValueError, AssertionError, KeyError, IndexError):
            continue
        theirs += time.process_time() - started
        accepted.append(played.hand)
    path.write_text(SEPARATORS[GAMES[game]].join(map(WRITERS[GAMES[game]], accepted)), encoding="utf-8")
    count, ours = stage([path], parse_and_replay, clock=time.process_time)
    return count, theirs, ours


def print_peers(peers: dict[str, dict[str, float]]) -> None:
    """One line a game: both sides' CPU us a hand, the ratio, the hands left out, the build."""
    for game, found in peers.items():
        print(f"  peer {game:<6} {found['hands']:>5,} hands: pokerkit {found['pokerkit_us']:7.0f} us/hand, "
              f"studbook parse+replay {found['studbook_us']:5.0f} us/hand: {found['ratio']:5.1f}x "
              f"({found['refused']} hands pokerkit refused; {'compiled' if found['compiled'] else 'pure'})")


# -- the run ---------------------------------------------------------------------------------------


BUILDS = {"pure": "1", "compiled": "0"}  # each build's STUDBOOK_PURE (studbook/native.py)


def measure(hands: int, pokerkit_hands: int) -> dict:
    """Every stage on the build this process runs (one child process per build)."""
    from studbook import BUILD

    folders = {game: generate(game, hands) for game in GAMES}
    files = files_of(folders.values())
    rows: dict[str, dict[str, float]] = {}

    def record(label: str, count: int, seconds: float, **extra: float) -> None:
        rows[label] = {"hands": count, "seconds": seconds, "hands_per_s": count / seconds,
                       "us_per_hand": seconds / count * 1e6, **extra}
        print(f"  {label:<28} {count:>9,} hands {seconds:8.1f} s {count / seconds:9,.0f} hands/s")

    print(f"measuring studbook {BUILD.describe()} (one core unless --jobs says otherwise):")
    record("read + split (floor)", *stage(files, lambda block: None))
    record("parse", *stage(files, parse_block))
    with caches_off():
        record("parse, caches off", *stage(files, parse_block))
    record("parse + replay", *stage(files, parse_and_replay))
    for game in GAMES:
        record(f"  parse + replay {game}", *stage(files_of([folders[game]]), parse_and_replay))
    for jobs in (1, 2):
        found = timed_import(list(folders.values()), jobs, f"import-jobs{jobs}", again=jobs == 1)
        record(f"import --jobs {jobs}", int(found["hands"]), found["seconds"],
               peak_rss_mb=found["peak_rss_mb"])
        if "again_seconds" in found:  # every file unchanged: none is read again
            record("re-import, nothing new", int(found["hands"]), found["again_seconds"])
    for workers in (1, 2):
        found = timed_import(list(folders.values()), workers, f"lake-workers{workers}", lake=True)
        record(f"import --lake --workers {workers}", int(found["hands"]), found["seconds"],
               peak_rss_mb=found["peak_rss_mb"])
    fifth = [generate(game, max(hands // 5, 200)) for game in GAMES]
    small = timed_import(fifth, 1, "import-fifth")
    record("import --jobs 1 (a fifth)", int(small["hands"]), small["seconds"],
           peak_rss_mb=small["peak_rss_mb"])
    shapes(record)
    found_facts = facts_per_hand(files)
    print(f"  facts: {found_facts['us_per_hand']:.0f} us/hand over {found_facts['hands']:,.0f} hands, "
          f"{found_facts['pass_ms']:.0f} ms a pass of one hand")
    startup = {"version_s": startup_command(["--version"]), "help_s": startup_command(["--help"]),
               "one_hand_s": startup_import()}
    print(f"  start-up: --version {startup['version_s']:.2f} s, --help {startup['help_s']:.2f} s, "
          f"import of one hand into a new database {startup['one_hand_s']:.2f} s")
    reads = stats_reads(list(folders.values()))
    print("  stats read: " + ", ".join(f"{label} {seconds:.2f} s" for label, seconds in reads.items()))
    found_peers = peers(PEER_GAMES, pokerkit_hands)
    print_peers(found_peers)
    equity = equity_bench.measure(DATA, GAMES, max(hands // 5, 200), SEED)
    decision = decision_bench.measure(max(hands // 50, 40))
    return {"build": BUILD.describe(), "compiled": BUILD.compiled, "stages": rows, "pokerkit": found_peers,
            "equity": equity, "decisions": decision, "facts": found_facts, "startup": startup,
            "stats_reads": reads}


SMALL_FILES = (200, 20)  # files, and hands in each: a folder as a poker client writes one file a table
MANY_FILES = 10_000  # files of one hand each: memory must not grow with the number of files


def shapes(record: Callable[..., None]) -> None:
    """The import of many small files, with one job, two, as many as studbook picks, and a lake on two
    workers; and of ten thousand one-hand files; and the real logs of STUDBOOK_CORPUS when it is set."""
    files, per_file = SMALL_FILES
    small = [generate(game, files * per_file // len(GAMES), per_file) for game in GAMES]
    for jobs in (1, 2, None):
        found = timed_import(small, jobs, f"small-jobs{jobs}")
        record(f"{files} files x {per_file}: " + (f"--jobs {jobs}" if jobs else "jobs picked"),
               int(found["hands"]), found["seconds"], peak_rss_mb=found["peak_rss_mb"])
    found = timed_import(small, 2, "small-lake2", lake=True)
    record(f"{files} files x {per_file}: lake, 2 workers", int(found["hands"]), found["seconds"],
           peak_rss_mb=found["peak_rss_mb"])
    many = [generate(game, MANY_FILES // len(GAMES), 1) for game in GAMES]
    found = timed_import(many, None, "many-files")
    record(f"{MANY_FILES:,} files of 1 hand", int(found["hands"]), found["seconds"],
           peak_rss_mb=found["peak_rss_mb"])
    corpus = os.environ.get("STUDBOOK_CORPUS")
    if corpus and Path(corpus).is_dir():
        for jobs in (1, 2):
            found = timed_import([Path(corpus)], jobs, f"corpus-jobs{jobs}")
            record(f"real logs: --jobs {jobs}", int(found["hands"]), found["seconds"],
                   peak_rss_mb=found["peak_rss_mb"])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=10_000, help="hands per game (default 10,000)")
    parser.add_argument("--million", action="store_true",
                        help="only import 200,000 hands per game (1M in all) with --jobs 2, compiled")
    parser.add_argument("--pokerkit-hands", type=int, default=400, help="hands per game for the peer")
    parser.add_argument("--peer", action="store_true", help="only the peer (pokerkit), on both builds")
    parser.add_argument("--one-build", type=Path, help=argparse.SUPPRESS)  # a child's JSON out
    args = parser.parse_args()
    hands = args.hands
    DATA.mkdir(parents=True, exist_ok=True)
    if args.million:
        million()
        return
    if args.peer:
        peer_only(args.pokerkit_hands)
        return
    if args.one_build:
        args.one_build.write_text(json.dumps(measure(hands, args.pokerkit_hands)), encoding="utf-8")
        return
    print(f"input: {hands:,} hands per game, {len(GAMES)} games (bench/.data/)")
    for game in GAMES:
        generate(game, hands)
        generate(game, max(hands // 5, 200))
    builds = {}
    for build, pure in BUILDS.items():
        out = DATA / f"build-{build}.json"
        subprocess.run([sys.executable, __file__, "--hands", str(hands), "--pokerkit-hands",
                        str(args.pokerkit_hands), "--one-build", str(out)],
                       env={**os.environ, "STUDBOOK_PURE": pure}, check=True)
        builds[build] = json.loads(out.read_text(encoding="utf-8"))
    report(builds, hands)


def peer_only(count: int) -> None:
    """Only the peer, on each build in turn (its processes inherit ``STUDBOOK_PURE``), written to
    bench/results/<stamp>-peer.json."""
    found = {}
    for build, pure in BUILDS.items():
        os.environ["STUDBOOK_PURE"] = pure  # read by each spawned process when it imports studbook
        found[build] = peers(PEER_GAMES, count)
        hands, theirs, ours = peer_totals(found[build])
        print(f"{build} build: {theirs / ours:.1f}x pokerkit on {hands:,} hands")
        print_peers(found[build])
    stamp = datetime.now(UTC).strftime("%Y%m%dT%H%M%SZ")
    RESULTS.mkdir(parents=True, exist_ok=True)
    (RESULTS / f"{stamp}-peer.json").write_text(json.dumps(found, indent=2) + "\n", encoding="utf-8")
    print(f"written: bench/results/{stamp}-peer.json")


MILLION_PER_GAME = 200_000


def million() -> None:
    """``studbook import --jobs 2`` of a million hands into a new database, on the build installed (run
    ``make compiled`` first), written to bench/results/<stamp>-million.json."""
    from studbook import BUILD

    folders = [generate(game, MILLION_PER_GAME) for game in GAMES]
    print(f"import --jobs 2 of {MILLION_PER_GAME * len(GAMES):,} hands, {BUILD.describe()}")
    found = timed_import(folders, 2, "import-million")
    found.update(hands_per_s=found["hands"] / found["seconds"], build=BUILD.describe(),
                 load_average=os.getloadavg())
    print(f"  {found['hands']:,} hands in {found['seconds']:.0f} s ({found['hands_per_s']:,.0f} hands/s), "
          f"peak RSS {found['peak_rss_mb']:.0f} MB (target < {TARGETS['million_jobs2_s']} s)")
    stamp = datetime.now(UTC).strftime("%Y%m%dT%H%M%SZ")
    RESULTS.mkdir(parents=True, exist_ok=True)
    (RESULTS / f"{stamp}-million.json").write_text(json.dumps(found, indent=2) + "\n", encoding="utf-8")
    print(f"written: bench/results/{stamp}-million.json")


def newest_million() -> dict | None:
    """The newest ``--million`` run's result, if any."""
    runs = sorted(RESULTS.glob("*-million.json"))
    return json.loads(runs[-1].read_text(encoding="utf-8")) | {"file": runs[-1].name} if runs else None


def shape_targets(build: dict) -> dict[str, float]:
    """What the scaling rows of ``build`` reached (:func:`shapes`, :func:`facts_per_hand`, start-up)."""
    files, per_file = SMALL_FILES
    stages = build["stages"]
    shape = f"{files} files x {per_file}"
    one = stages[f"{shape}: --jobs 1"]["seconds"]
    return {"small_files_jobs2_speedup": one / stages[f"{shape}: --jobs 2"]["seconds"],
            "small_files_lake2_vs_jobs1": one / stages[f"{shape}: lake, 2 workers"]["seconds"],
            "facts_us_per_hand": build["facts"]["us_per_hand"], "version_s": build["startup"]["version_s"],
            "help_s": build["startup"]["help_s"], "one_hand_s": build["startup"]["one_hand_s"]}


def peer_totals(peers: dict[str, dict[str, float]]) -> tuple[int, float, float]:
    """Hands, pokerkit's seconds and studbook's seconds over the peer games."""
    return (sum(int(p["hands"]) for p in peers.values()), sum(p["pokerkit_s"] for p in peers.values()),
            sum(p["studbook_s"] for p in peers.values()))


def report(builds: dict[str, dict], hands: int) -> None:
    """The two builds side by side, the targets on the compiled one, and the JSON in bench/results/."""
    pure, compiled = builds["pure"], builds["compiled"]
    print(f"\npure: {pure['build']}; compiled: {compiled['build']}")
    heads = ("hands", 10), ("pure h/s", 10), ("compiled h/s", 13), ("x", 6), ("pure MB", 8), ("comp. MB", 9)
    print(f"{'stage':<30}" + "".join(f"{name:>{width}}" for name, width in heads))
    for label, row in pure["stages"].items():
        other = compiled["stages"][label]
        rss = (f"{row['peak_rss_mb']:8.0f}{other['peak_rss_mb']:9.0f}" if "peak_rss_mb" in row else "")
        if row["hands"] == 1:  # the start-up: its seconds say more than a rate under one hand a second
            speeds = f"{row['seconds']:>8.2f} s{other['seconds']:>11.2f} s"
        else:
            speeds = f"{row['hands_per_s']:>10,.0f}{other['hands_per_s']:>13,.0f}"
        print(f"{label:<30}{row['hands']:>10,}{speeds}{other['hands_per_s'] / row['hands_per_s']:>6.1f}{rss}")
    count, theirs, ours = peer_totals(compiled["pokerkit"])
    _, theirs_pure, ours_pure = peer_totals(pure["pokerkit"])
    print(f"{'pokerkit replay (peer)':<30}{count:>10,}{count / theirs_pure:>10,.0f}{count / theirs:>13,.0f}")
    print(f"{'studbook parse+replay, same':<30}{count:>10,}{count / ours_pure:>10,.0f}{count / ours:>13,.0f}"
          f"{ours_pure / ours:>6.1f}")
    stages = compiled["stages"]
    jobs1, jobs2 = stages["import --jobs 1"], stages["import --jobs 2"]
    measured_million = newest_million()
    reached = {
        "peer_ratio": theirs / ours,
        "import_jobs1_hands_per_s": jobs1["hands_per_s"],
        "import_jobs1_vs_pure": jobs1["hands_per_s"] / pure["stages"]["import --jobs 1"]["hands_per_s"],
        "million_jobs2_s": (measured_million["seconds"] if measured_million
                            else 1_000_000 / jobs2["hands_per_s"]),
        "peak_rss_mb": max(row.get("peak_rss_mb", 0) for build in builds.values()
                           for row in build["stages"].values()),
        "stud8_third_street_ms": compiled["equity"]["stud8_third_street_ms"],
        "import_ev_slowdown_pct": compiled["equity"]["slowdown_pct"],
        **shape_targets(compiled),
    }
    print("\ntargets (compiled build):")
    print(f"  parse + replay vs pokerkit   {reached['peer_ratio']:8.1f}x   "
          f"(target >= {TARGETS['peer_ratio']}x)")
    print(f"  import --jobs 1              {reached['import_jobs1_hands_per_s']:8,.0f}    hands/s "
          f"(target >= {TARGETS['import_jobs1_hands_per_s']:,})")
    print(f"  import --jobs 1 vs pure      {reached['import_jobs1_vs_pure']:8.1f}x   "
          f"(target >= {TARGETS['import_jobs1_vs_pure']}x)")
    print(f"  1M hands with --jobs 2       {reached['million_jobs2_s']:8.0f}    s "
          f"({'measured in ' + measured_million['file'] if measured_million else 'extrapolated'}; "
          f"target < {TARGETS['million_jobs2_s']})")
    print(f"  peak RSS of an import        {reached['peak_rss_mb']:8.0f}    MB (a fifth of the input: "
          f"{stages['import --jobs 1 (a fifth)']['peak_rss_mb']:.0f} MB; target < {TARGETS['peak_rss_mb']})")
    print(f"  stud8 third-street equity    {reached['stud8_third_street_ms']:8.1f}    ms (target < 50; pure "
          f"{pure['equity']['stud8_third_street_ms']:.1f})")
    print(f"  import with all-in EV        {reached['import_ev_slowdown_pct']:8.1f}    % slower "
          "(target <= 10)")
    files, per_file = SMALL_FILES
    print(f"  {files} files x {per_file}: --jobs 2   {reached['small_files_jobs2_speedup']:8.2f}x   as fast "
          f"as --jobs 1 (target >= {TARGETS['small_files_jobs2_speedup']}x)")
    print(f"  {files} files x {per_file}: lake on 2  {reached['small_files_lake2_vs_jobs1']:8.2f}x   as fast "
          f"as --jobs 1 (target >= {TARGETS['small_files_lake2_vs_jobs1']}x)")
    print(f"  per-seat facts               {reached['facts_us_per_hand']:8.0f}    us a hand "
          f"(target < {TARGETS['facts_us_per_hand']})")
    print(f"  --version, --help            {reached['version_s']:8.2f}, {reached['help_s']:.2f} s "
          f"(target < {TARGETS['version_s']} each)")
    print(f"  import of one hand, new db   {reached['one_hand_s']:8.2f}    s "
          f"(target < {TARGETS['one_hand_s']})")
    stamp = datetime.now(UTC).strftime("%Y%m%dT%H%M%SZ")
    result = {
        "when": stamp, "hands_per_game": hands, "games": GAMES, "machine": {
            "python": platform.python_version(), "cpus": os.cpu_count(), "load_average": os.getloadavg(),
            "platform": platform.platform()},
        "builds": builds, "targets": {**TARGETS, **equity_bench.TARGETS},
        "reached": reached,
    }
    RESULTS.mkdir(parents=True, exist_ok=True)
    text = json.dumps(result, indent=2) + "\n"
    (RESULTS / f"{stamp}.json").write_text(text, encoding="utf-8")
    (RESULTS / "latest.json").write_text(text, encoding="utf-8")
    print(f"\nwritten: bench/results/{stamp}.json and latest.json")


if __name__ == "__main__":
    main()
