"""Which build runs (studbook/native.py): a compiled module is used only while its source is unchanged."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from importlib.machinery import EXTENSION_SUFFIXES
from pathlib import Path

from helpers.paths import ROOT

from studbook import BUILD
from studbook.native import PURE_VARIABLE
from studbook.native import CompiledFinder
from studbook.native import digest
from studbook.native import inspect

SUFFIX = EXTENSION_SUFFIXES[0]


def compiled_folder(root: Path, sources: dict[str, str]) -> Path:
    """A compiled/ folder beside a package of ``sources`` (module name -> text), laid out as a wheel
    lays it out, with an extension file for each module and a manifest of their hashes."""
    package, folder = root / "studbook", root / "studbook" / "compiled"
    folder.mkdir(parents=True)
    modules = {}
    for name, text in sources.items():
        source = package / f"{name.rpartition('.')[2]}.py"
        source.write_text(text, encoding="utf-8")
        (folder / (name + SUFFIX)).write_bytes(b"")
        modules[name] = {"source": os.path.relpath(source, folder), "sha256": digest(source)}
    (folder / ("lib__mypyc" + SUFFIX)).write_bytes(b"")
    manifest = {"suffix": SUFFIX, "library": "lib__mypyc", "modules": modules, "reason": ""}
    (folder / "build.json").write_text(json.dumps(manifest), encoding="utf-8")
    return folder


def test_a_fresh_build_is_compiled(tmp_path: Path) -> None:
    folder = compiled_folder(tmp_path, {"studbook.events": "x = 1\n", "studbook.money": "y = 2\n"})
    build = inspect(folder, environ={})
    assert build.compiled and not build.stale
    assert set(build.files) == {"studbook.events", "studbook.money", "lib__mypyc"}
    assert build.describe() == "compiled (mypyc, 2 modules)"


def test_an_edited_source_is_never_shadowed(tmp_path: Path) -> None:
    folder = compiled_folder(tmp_path, {"studbook.events": "x = 1\n", "studbook.money": "y = 2\n"})
    (tmp_path / "studbook" / "money.py").write_text("y = 3\n", encoding="utf-8")
    build = inspect(folder, environ={})
    assert not build.compiled and build.stale
    assert "money.py changed since it was compiled" in build.describe()


def test_a_missing_extension_falls_back(tmp_path: Path) -> None:
    folder = compiled_folder(tmp_path, {"studbook.events": "x = 1\n"})
    (folder / ("lib__mypyc" + SUFFIX)).unlink()
    assert inspect(folder, environ={}).describe() == "pure Python (compiled module lib__mypyc is missing)"


def test_pure_python_on_request_or_without_a_build(tmp_path: Path) -> None:
    folder = compiled_folder(tmp_path, {"studbook.events": "x = 1\n"})
    assert inspect(folder, environ={PURE_VARIABLE: "1"}).describe() == f"pure Python ({PURE_VARIABLE} is set)"
    assert inspect(folder, environ={PURE_VARIABLE: "0"}).compiled
    nowhere = inspect(tmp_path / "nowhere", environ={})
    assert nowhere.describe() == "pure Python (no compiled build is installed)"


def test_the_build_says_why_it_compiled_nothing(tmp_path: Path) -> None:
    folder = tmp_path / "compiled"
    folder.mkdir()
    manifest = {"suffix": SUFFIX, "library": "lib__mypyc", "modules": {}, "reason": "no C compiler found"}
    (folder / "build.json").write_text(json.dumps(manifest), encoding="utf-8")
    assert inspect(folder, environ={}).describe() == "pure Python (no C compiler found)"


def test_another_pythons_build_is_not_loaded(tmp_path: Path) -> None:
    folder = compiled_folder(tmp_path, {"studbook.events": "x = 1\n"})
    manifest = json.loads((folder / "build.json").read_text(encoding="utf-8"))
    (folder / "build.json").write_text(json.dumps({**manifest, "suffix": ".cpython-27.so"}), encoding="utf-8")
    assert not inspect(folder, environ={}).compiled


def test_the_finder_answers_for_compiled_modules_only(tmp_path: Path) -> None:
    folder = compiled_folder(tmp_path, {"studbook.events": "x = 1\n"})
    finder = CompiledFinder(inspect(folder, environ={}).files)
    spec = finder.find_spec("studbook.events", None)
    assert spec is not None and spec.origin == str(folder / ("studbook.events" + SUFFIX))
    assert finder.find_spec("studbook.cards", None) is None


def test_this_process_runs_the_build_it_says() -> None:
    """Under ``make test`` the compiled run really loads the compiled replay, and the pure run does not."""
    import studbook.replay

    assert studbook.replay.__file__.endswith(SUFFIX) == BUILD.compiled
    if os.environ.get(PURE_VARIABLE, "") not in ("", "0"):
        assert not BUILD.compiled


def test_version_names_the_build() -> None:
    studbook = Path(sys.executable).parent / "studbook"
    result = subprocess.run([str(studbook), "--version"], capture_output=True, text=True, cwd=ROOT,
                            check=False)
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == f"studbook 0.1.0, {BUILD.describe()}"


def test_pure_python_is_chosen_by_the_environment() -> None:
    env = {**os.environ, PURE_VARIABLE: "1"}
    code = "import studbook, studbook.replay; print(studbook.BUILD.describe(), studbook.replay.__file__)"
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env, check=True)
    assert result.stdout.split()[:4] == ["pure", "Python", f"({PURE_VARIABLE}", "is"]
    assert result.stdout.strip().endswith("replay.py")
