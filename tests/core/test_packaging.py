"""The package-dir mapping works in a built wheel, not only in the editable checkout."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest
from helpers.paths import ROOT

# What a wheel is built from: the packages and the files pyproject.toml names. Built from a copy, as pip
# would write its build/ and egg-info into the project, where `make test` compiles at the same time.
SOURCES = ("pyproject.toml", "setup.py", "README.md", "studbook", "grammar", "analytics", "reports")
NOT_SOURCES = shutil.ignore_patterns("__pycache__", "compiled")


@pytest.fixture(scope="module")
def wheel(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out, project = tmp_path_factory.mktemp("wheel"), tmp_path_factory.mktemp("project")
    for name in SOURCES:
        source = ROOT / name
        if source.is_dir():
            shutil.copytree(source, project / name, ignore=NOT_SOURCES)
        else:
            shutil.copyfile(source, project / name)
    result = subprocess.run(
        [
            sys.executable,
            "-m",
            "pip",
            "wheel",
            "--no-deps",
            "--no-build-isolation",
            "-q",
            "-w",
            str(out),
            str(project),
        ],
        capture_output=True,
        text=True,
        env={**os.environ, "STUDBOOK_PURE": "1"},  # the layout only: compiling takes minutes (make test does)
    )
    assert result.returncode == 0, result.stderr
    return next(out.glob("studbook-*.whl"))


def test_wheel_contains_mapped_packages_and_grammars(wheel: Path) -> None:
    names = set(zipfile.ZipFile(wheel).namelist())
    for module in (
        "studbook/grammar/__init__.py",
        "studbook/analytics/__init__.py",
        "studbook/reports/__init__.py",
        "studbook/grammar/sites/pokerstars.lark",
        "studbook/grammar/sites/fulltilt.lark",
        "studbook/grammar/sites/base.lark",
        "studbook/grammar/sites/studbook.lark",
        "studbook/analytics/schema.sql",
        "studbook/reports/replayer.js",
        "studbook/reports/report.css",
        "studbook/rulebook.toml",
    ):
        assert module in names, module


def test_wheel_imports_and_parses(wheel: Path, tmp_path: Path) -> None:
    target = tmp_path / "site"
    subprocess.run(
        [sys.executable, "-m", "pip", "install", "-q", "--no-deps", "--target", str(target), str(wheel)],
        check=True,
        capture_output=True,
    )
    code = (
        "import studbook.grammar, studbook.analytics, studbook.reports, pathlib;"
        "from studbook.grammar.dialect import dialects; from studbook.grammar.lines import LineDialect;"
        "print(studbook.grammar.__file__);"
        "grammars = [d.parser for d in dialects() if isinstance(d, LineDialect)];"
        "assert len(grammars) == len(dialects()) - 1; print('grammars ok');"  # PHH is TOML: no grammar
        "from studbook.rulebook import label; print(label('C27'))"
    )
    env = {"PYTHONPATH": str(target), "PATH": "/usr/bin:/bin"}
    result = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, env=env, cwd=tmp_path
    )
    assert result.returncode == 0, result.stderr
    assert str(target) in result.stdout
    assert "grammars ok" in result.stdout
    assert "C27 show order at showdown" in result.stdout


def test_a_pure_wheel_says_why_it_is_pure(wheel: Path) -> None:
    built = f"studbook/compiled/{sys.implementation.cache_tag}/build.json"
    manifest = json.loads(zipfile.ZipFile(wheel).read(built))
    assert manifest["modules"] == {} and manifest["reason"] == "STUDBOOK_PURE is set"
    assert not [name for name in zipfile.ZipFile(wheel).namelist() if name.endswith(".so")]
