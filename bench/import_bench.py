"""Import throughput: hands/s and peak memory of ``studbook import`` on a synthetic corpus.

The corpus's PokerStars and Full Tilt hands are copied with fresh hand ids into FILES files of
HANDS_PER_FILE hands, then imported with one process and with --jobs N; ``--files 1`` makes one
big file, the case that shows whether memory stays flat.

    .venv/bin/python bench/import_bench.py [--files 100] [--hands-per-file 100] [--jobs 2] [--chunk N]
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


# Runs the import as its own child, so the peak RSS it prints is that of this import's largest process.
_WRAPPER = ("import resource, subprocess, sys; subprocess.run(sys.argv[1:], check=True); "
            "print(resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss)")


def timed_import(folder: Path, db: Path, jobs: int, chunk: int | None) -> tuple[float, float, float, str]:
    """Wall-clock and CPU seconds (all processes) of one import, the peak RSS (MB) of its largest
    process, and its summary."""
    started, cpu = time.perf_counter(), _cpu_of_children()
    command = [sys.executable, "-c", _WRAPPER, sys.executable, "-c", "from studbook.cli import main; main()",
               "import", str(folder), "--db", str(db), "--jobs", str(jobs),
               *(("--chunk", str(chunk)) if chunk else ())]
    result = subprocess.run(command, capture_output=True, text=True, check=True)
    summary, _, peak = result.stdout.rstrip().rpartition("\n")
    return time.perf_counter() - started, _cpu_of_children() - cpu, int(peak) / 1024, summary


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--files", type=int, default=100)
    parser.add_argument("--hands-per-file", type=int, default=100)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--chunk", type=int, help="hand blocks per unit of work (studbook's default)")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp) / "histories"
        folder.mkdir()
        hands = write_corpus(folder, args.files, args.hands_per_file)
        size = sum(p.stat().st_size for p in folder.iterdir()) / 1e6
        print(f"{hands:,} hands in {args.files} files ({size:.1f} MB)")
        for jobs in sorted({1, args.jobs}):
            db = Path(tmp) / f"jobs{jobs}.duckdb"
            seconds, cpu, peak, summary = timed_import(folder, db, jobs, args.chunk)
            imported = next(line for line in summary.splitlines() if line.strip().startswith("imported"))
            print(f"--jobs {jobs}: {seconds:6.1f} s, {hands / seconds:5.0f} hands/s wall, "
                  f"{hands / cpu:5.0f} hands per CPU second, largest process {peak:.0f} MB RSS "
                  f"({imported.split()[-1]} imported)")


if __name__ == "__main__":
    main()
