"""``make bench`` runs bench/run.py, which no other test imports: each bench script must at least load and
take its options, so a change of the modules it reaches fails here and not on the next measurement."""

from __future__ import annotations

import subprocess
import sys

import pytest
from helpers.paths import ROOT


@pytest.mark.parametrize("script", ["run.py", "stages.py", "serve_bench.py", "decision_bench.py"])
def test_a_bench_script_loads_and_prints_its_options(script: str) -> None:
    result = subprocess.run([sys.executable, str(ROOT / "bench" / script), "--help"], capture_output=True,
                            text=True, cwd=ROOT, timeout=120)
    assert result.returncode == 0, result.stderr
    assert result.stdout.startswith("usage:")
