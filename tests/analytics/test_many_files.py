"""An import's memory does not grow with the number of files: a batch holds at most BATCH_CHUNKS chunks
(a file is at least one), where 10,000 one-line files in one batch once peaked at 807 MB."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from studbook.analytics.importer import batches
from studbook.analytics.worker import ChunkResult

PEAK_RSS = """
import resource, sys
from studbook.cli import main
sys.argv = ['studbook', *sys.argv[1:]]
try:
    main()
except SystemExit:
    pass
print(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss, file=sys.stderr)
"""


def test_a_batch_holds_a_bounded_number_of_chunks() -> None:
    results = [ChunkResult(f"f{index}", rejected=1) for index in range(450)]
    assert [len(batch) for batch in batches(results, 5000)] == [200, 200, 50]


def peak_kb(folder: Path, db: Path) -> int:
    done = subprocess.run([sys.executable, "-c", PEAK_RSS, "import", str(folder), "--db", str(db)],
                          capture_output=True, text=True, check=True)
    return int(done.stderr.split()[-1])


@pytest.mark.skipif(sys.platform not in ("linux", "darwin"), reason="ru_maxrss in KB on Linux")
def test_peak_memory_does_not_grow_with_the_number_of_files(tmp_path: Path) -> None:
    peaks = []
    for count in (200, 1000):
        folder = tmp_path / f"files-{count}"
        folder.mkdir()
        for index in range(count):
            (folder / f"{index}.txt").write_text(f"a line that is no hand {index}\n", encoding="utf-8")
        peaks.append(peak_kb(folder, tmp_path / f"{count}.duckdb"))
    # KB: five times the files, at most 30 MB more (100 MB more when they all went in one batch)
    assert peaks[1] < peaks[0] + 30_000, peaks
