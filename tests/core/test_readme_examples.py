"""The README's examples run, as written, on files in the repository, and print what it shows."""

from __future__ import annotations

import re
import shlex
from pathlib import Path

import pytest
from helpers.paths import ROOT
from typer.testing import CliRunner

from studbook.cli import app

README = (ROOT / "README.md").read_text(encoding="utf-8")


def examples() -> list[tuple[str, list[str]]]:
    """Each ``$ studbook ...`` line of a code block, with the output lines shown after it."""
    found = []
    for block in re.findall(r"```\w*\n(.*?)```", README, re.S):
        lines = block.splitlines()
        for index, line in enumerate(lines):
            if line.startswith("$ studbook "):
                shown = []
                for after in lines[index + 1:]:
                    if after.startswith("$ ") or not after.strip():
                        break
                    shown.append(after.rstrip())
                found.append((line[2:], shown))
    return found


def test_the_readme_has_examples_and_no_path_outside_the_repository() -> None:
    assert len(examples()) >= 4
    assert "shared/corpus/" not in "".join(command for command, _ in examples())
    assert ".venv/bin/studbook" not in README and "source .venv/bin/activate" in README


@pytest.mark.parametrize(("command", "shown"), examples(), ids=[command for command, _ in examples()])
def test_an_example_prints_what_the_readme_shows(command: str, shown: list[str],
                                                 monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.chdir(ROOT)
    args = shlex.split(command)[1:]
    for index, arg in enumerate(args):
        if arg in ("-o", "--out", "--db"):
            args[index + 1] = str(tmp_path / Path(args[index + 1]).name)
    result = CliRunner().invoke(app, args)
    assert result.exit_code in (0, 1)
    assert result.exception is None or isinstance(result.exception, SystemExit)
    printed = [line.rstrip() for line in result.output.splitlines()]
    missing = [line for line in shown if line != "..." and line not in printed]
    assert not missing, missing


def test_make_test_says_why_tests_are_skipped() -> None:
    makefile = (ROOT / "Makefile").read_text(encoding="utf-8")
    runs = [line for line in makefile.splitlines() if "-m pytest" in line]
    assert len(runs) >= 3  # the compiled pass, the pure pass, Python 3.13's
    assert all("pytest -rs" in line for line in runs), runs
