"""Every test skipped at collection names its reason in words, also where the corpus is absent (an empty
parametrize list is skipped by pytest as "got empty parameter set", which says nothing to a reader of
``make test``)."""

from __future__ import annotations

import os
import subprocess
import sys

from helpers.paths import ROOT

# Collects the suite in a child pytest and prints the reason of every skip mark set at collection.
COLLECT = """
import sys
import pytest

class Reasons:
    def pytest_collection_modifyitems(self, items):
        for item in items:
            for mark in item.iter_markers("skip"):
                reason = mark.kwargs.get("reason", mark.args[0] if mark.args else "")
                print("SKIP", item.nodeid, "::", reason)

sys.exit(pytest.main(["--collect-only", "-q", "-p", "no:cacheprovider", "tests"], plugins=[Reasons()]))
"""


def test_collection_skips_give_a_reason_in_words() -> None:
    env = {**os.environ, "STUDBOOK_CORPUS": str(ROOT / "no-corpus-here")}
    result = subprocess.run([sys.executable, "-c", COLLECT], cwd=ROOT, env=env, capture_output=True,
                            text=True)
    assert result.returncode == 0, result.stdout[-2000:] + result.stderr[-2000:]
    skips = [line for line in result.stdout.splitlines() if line.startswith("SKIP ")]
    assert skips, "the corpus is absent: its cases should be skipped, saying so"
    unexplained = [line for line in skips if "got empty parameter set" in line or line.endswith(":: ")]
    assert unexplained == []
