"""An import's memory does not grow with the number of files (10,000 one-line files in one batch once peaked
at 807 MB), and small files are packed into units of work of about a thousand blocks, so a worker's fixed
cost is paid per unit, not per file."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from studbook.analytics.reading import read_units

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


def test_small_files_are_packed_into_units_and_a_big_one_cut_into_several(tmp_path: Path) -> None:
    files = []
    for index in range(45):
        files.append(tmp_path / f"{index:02d}.txt")
        files[-1].write_text(f"a line that is no hand {index}\n\nanother block\n", encoding="utf-8")
    big = tmp_path / "big.txt"
    big.write_text("".join(f"block {index}\n\n" for index in range(25)), encoding="utf-8")
    units = list(read_units([*files[:20], big, *files[20:]], size=10))
    shape = [[(chunk.file.rsplit("/", 1)[-1], len(chunk.blocks)) for chunk in unit] for unit in units]
    assert shape[:2] == [[(f"{index:02d}.txt", 2) for index in range(5)],
                         [(f"{index:02d}.txt", 2) for index in range(5, 10)]]
    assert [(name, blocks) for unit in shape for name, blocks in unit if name == "big.txt"] == [
        ("big.txt", 10), ("big.txt", 10), ("big.txt", 5)]
    # at least 10 blocks a unit: the big file's last 5 blocks and three small files make 11
    assert [sum(blocks for _, blocks in unit) for unit in shape] == [10] * 6 + [11] + [10] * 4 + [4]
    chunks = [chunk for unit in units for chunk in unit]
    in_order = [str(path) for path in [*files[:20], big, *files[20:]]]
    assert [chunk.file for chunk in chunks if chunk.last] == in_order


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
