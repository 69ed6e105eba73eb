"""Import throughput: hands/s and peak memory of ``studbook import`` on a synthetic corpus.

The corpus's PokerStars and Full Tilt hands are copied with fresh hand ids into FILES files of
HANDS_PER_FILE hands, then imported with one process and with --jobs N.

    .venv/bin/python bench/import_bench.py [--files 100] [--hands-per-file 100] [--jobs 2]
"""

from __future__ import annotations

import argparse
import itertools
import re
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from studbook.grammar import expand_paths
from studbook.grammar.parse import parse_block, read_blocks
from studbook.hand import Hand

CORPUS = Path(__file__).resolve().parent.parent.parent / "shared" / "corpus"
HAND_NUMBER = re.compile(r"#(\d+)")


def stud_blocks() -> list[list[str]]:
    """The lines of every corpus block that parses into a Hand."""
    blocks = []
    for path in expand_paths([CORPUS / "pokerstars", CORPUS / "fulltilt"]):
        for block in read_blocks(path):
            if not hasattr(block, "dialect") or not isinstance(parse_block(block), Hand):
                continue
            blocks.append(block.lines)
    return blocks


def write_corpus(folder: Path, files: int, per_file: int) -> int:
    source = itertools.cycle(stud_blocks())
    serial = itertools.count(1)
    for number in range(files):
        hands = []
        for _ in range(per_file):
            lines = list(next(source))
            lines[0] = HAND_NUMBER.sub(lambda m: f"#{m.group(1)}{next(serial):08d}", lines[0], count=1)
            hands.append("\n".join(lines))
        (folder / f"bench-{number:04d}.txt").write_text("\n\n\n".join(hands) + "\n", encoding="utf-8")
    return files * per_file


def _cpu_of_children() -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def timed_import(folder: Path, db: Path, jobs: int) -> tuple[float, float, str]:
    """Wall-clock and CPU seconds (all processes) of one import, and its summary."""
    started, cpu = time.perf_counter(), _cpu_of_children()
    command = [sys.executable, "-c", "from studbook.cli import main; main()", "import", str(folder),
               "--db", str(db), "--jobs", str(jobs)]
    result = subprocess.run(command, capture_output=True, text=True, check=True)
    return time.perf_counter() - started, _cpu_of_children() - cpu, result.stdout


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--files", type=int, default=100)
    parser.add_argument("--hands-per-file", type=int, default=100)
    parser.add_argument("--jobs", type=int, default=2)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp) / "histories"
        folder.mkdir()
        hands = write_corpus(folder, args.files, args.hands_per_file)
        size = sum(p.stat().st_size for p in folder.iterdir()) / 1e6
        print(f"{hands:,} hands in {args.files} files ({size:.1f} MB)")
        for jobs in sorted({1, args.jobs}):
            seconds, cpu, summary = timed_import(folder, Path(tmp) / f"jobs{jobs}.duckdb", jobs)
            imported = next(line for line in summary.splitlines() if line.strip().startswith("imported"))
            peak = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024
            print(f"--jobs {jobs}: {seconds:6.1f} s, {hands / seconds:5.0f} hands/s wall, "
                  f"{hands / cpu:5.0f} hands per CPU second, largest process so far {peak:.0f} MB RSS "
                  f"({imported.split()[-1]} imported)")


if __name__ == "__main__":
    main()
