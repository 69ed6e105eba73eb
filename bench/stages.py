"""Microseconds per hand of each stage of an import, per game, on the simulated logs of bench/.data/.

A quick measuring stick for optimising one stage: parse, replay, rows (the analytics derivation)
and chunk (all three plus the Arrow tables, what a worker does). Each is the best of ``--repeat``
runs over the same hands, so the parsers' line caches are warm; "parse 1st" is the first pass,
cold, as an import sees its input (run one game per process for a clean first pass).
``--profile STAGE`` prints the cProfile table of one stage for the first game named.

    .venv/bin/python bench/stages.py [stud stud8 razz stud5 descubierto] [--hands 2000] [--profile parse]
"""

from __future__ import annotations

import argparse
import cProfile
import pstats
import time
from collections.abc import Callable
from pathlib import Path

from studbook.analytics.reading import read_chunks
from studbook.analytics.rows import hand_rows
from studbook.analytics.worker import process_unit
from studbook.grammar.parse import parse_block
from studbook.replay import replay

DATA = Path(__file__).resolve().parent / ".data"
GAMES = ("stud", "stud8", "razz", "stud5", "descubierto")


def stages(game: str, hands: int) -> tuple[dict[str, Callable[[], object]], int, float]:
    """The four stages as calls over the same input, each fed by the one before, its hand count, and
    the CPU seconds of the first parse."""
    folders = sorted(DATA.glob(f"{game}-*-seed7-{hands}"))
    if not folders:
        raise SystemExit(f"no simulated {game} logs of {hands} hands in {DATA}: run `make bench` once")
    chunks = [chunk for path in sorted(folders[0].glob("*.txt")) for chunk in read_chunks(path, 1000)]
    blocks = [block for chunk in chunks for block in chunk.blocks]
    started = time.process_time()
    parsed = [parse_block(block) for block in blocks]
    first_parse = time.process_time() - started
    replayed = [replay(hand) for hand in parsed]
    return {
        "parse": lambda: [parse_block(block) for block in blocks],
        "replay": lambda: [replay(hand) for hand in parsed],
        "rows": lambda: [hand_rows(result) for result in replayed],
        "chunk": lambda: [process_unit([chunk]) for chunk in chunks],
    }, len(blocks), first_parse


def best_of(work: Callable[[], object], repeat: int) -> float:
    """The fastest of ``repeat`` runs, in CPU seconds (the least disturbed by other processes)."""
    times = []
    for _ in range(repeat):
        started = time.process_time()
        work()
        times.append(time.process_time() - started)
    return min(times)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("games", nargs="*", default=list(GAMES))
    parser.add_argument("--hands", type=int, default=2000)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--profile", choices=("parse", "replay", "rows", "chunk"))
    args = parser.parse_args()
    if args.profile:
        work, _, _ = stages(args.games[0], args.hands)
        profiler = cProfile.Profile()
        profiler.runcall(work[args.profile])
        pstats.Stats(profiler).sort_stats("tottime").print_stats(40)
        return
    heading = "".join(f"{name + ' us':>13}" for name in ("parse 1st", "parse", "replay", "rows", "chunk"))
    print(f"{'game':<12}{'hands':>7}{heading}")
    for game in args.games:
        work, count, first_parse = stages(game, args.hands)
        seconds = [first_parse] + [best_of(run, args.repeat) for run in work.values()]
        cells = [second / count * 1e6 for second in seconds]
        print(f"{game:<12}{count:>7}" + "".join(f"{cell:>13.0f}" for cell in cells))


if __name__ == "__main__":
    main()
