"""The Makefile's promises to a new user, run with stand-ins for the tools: ``make demo`` says first that
the compile takes minutes and how to skip it, the compiler's output goes to a log file, and ``make test``
builds the Python 3.13 environment only when asked (CI asks)."""

from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path

import pytest
from helpers.paths import ROOT

pytestmark = pytest.mark.skipif(shutil.which("make") is None, reason="make is not installed")


def make(*args: str, env: dict[str, str] | None = None) -> str:
    # the Makefile as a user's shell runs it: not STUDBOOK_PURE, nor the flags and variables of a make this
    # suite runs in (CI's `make test WITH_PY313=1` exports WITH_PY313 to its recipes)
    environment = {key: value for key, value in os.environ.items()
                   if key not in ("STUDBOOK_PURE", "MAKEFLAGS", "MFLAGS", "MAKELEVEL", "WITH_PY313")}
    result = subprocess.run(["make", "--no-print-directory", "-s", "-C", str(ROOT), *args], text=True,
                            capture_output=True, env={**environment, **(env or {})})
    assert result.returncode == 0, result.stdout + result.stderr
    return result.stdout + result.stderr


def stub_bin(tmp_path: Path) -> Path:
    """A .venv/bin of stand-ins: each tool prints its name and arguments and succeeds."""
    folder = tmp_path / "bin"
    folder.mkdir()
    for name in ("python", "ruff", "studbook", "python3.13"):
        tool = folder / name
        tool.write_text(f'#!/bin/sh\necho "{name} $*"\nif [ "$1" = -m ] && [ "$2" = venv ]; then '
                        'mkdir -p "$3/bin" && cp "$0" "$3/bin/python"; fi\n')
        tool.chmod(0o755)
    return folder


def test_a_first_demo_says_the_compile_takes_minutes_and_how_to_skip_it(tmp_path: Path) -> None:
    said = make("demo-notice", f"STAMP={tmp_path / 'not-installed'}")
    assert "several minutes" in said and "STUDBOOK_PURE=1 make demo skips the compile" in said
    assert make("demo-notice", f"STAMP={tmp_path / 'not-installed'}", env={"STUDBOOK_PURE": "1"}) == ""
    installed = tmp_path / "installed"
    installed.touch()
    assert make("demo-notice", f"STAMP={installed}") == ""


def test_the_compiler_output_goes_to_a_log(tmp_path: Path) -> None:
    log = tmp_path / "build.log"
    said = make("recompile", f"BIN={stub_bin(tmp_path)}", f"BUILD_LOG={log}")
    assert "python setup.py --quiet build_ext --inplace" in log.read_text()
    assert "build_ext" not in said and f"compiler output: {log}" in said


def test_python_3_13_runs_only_when_asked(tmp_path: Path) -> None:
    tools = stub_bin(tmp_path)
    common = [f"BIN={tools}", f"DEPS={tools / 'ruff'}", f"PY313={tools / 'python3.13'}",
              f"VENV313={tmp_path / 'venv-3.13'}"]
    said = make("test-pure", *common)
    assert "make test WITH_PY313=1 runs them under Python 3.13 too" in said
    assert not (tmp_path / "venv-3.13").exists()
    said = make("test-pure", *common, "WITH_PY313=1")
    assert (tmp_path / "venv-3.13").exists() and "tests/grammar" in said.splitlines()[-1]


def test_ci_asks_for_python_3_13() -> None:
    assert "make test WITH_PY313=1" in (ROOT / ".ci" / "run").read_text()
