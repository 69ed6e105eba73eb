"""Which build runs: the hot path compiled by mypyc, or pure Python.

``setup.py`` compiles the modules listed in pyproject.toml (``[tool.mypy] modules``) from the very same
source into ``studbook/compiled/<python>/``, apart from the sources, with a manifest (``build.json``) of
the SHA-256 of every source it compiled. :func:`install` (run by ``studbook/__init__.py`` before any other
module) puts those extension modules in front of the sources only while every source still has the hash it was
compiled from: a compiled module never runs in place of an edited source. It is all or nothing, because
compiled modules call each other natively: one changed source and the whole process runs pure Python,
saying so once on stderr. ``STUDBOOK_PURE=1`` chooses pure Python.
"""

from __future__ import annotations

import hashlib
import importlib.util
import json
import os
import sys
from collections.abc import Mapping
from collections.abc import Sequence
from dataclasses import dataclass
from dataclasses import field
from importlib.abc import MetaPathFinder
from importlib.machinery import EXTENSION_SUFFIXES
from importlib.machinery import ModuleSpec
from pathlib import Path
from types import ModuleType

COMPILED = Path(__file__).resolve().parent / "compiled" / sys.implementation.cache_tag
MANIFEST = "build.json"
PURE_VARIABLE = "STUDBOOK_PURE"


@dataclass(frozen=True)
class Build:
    """The build this process runs: the compiled extension files by module name, or why there are none."""

    files: Mapping[str, Path] = field(default_factory=dict)
    sources: tuple[Path, ...] = ()  # the source files of the compiled modules
    reason: str = "no compiled build is installed"  # why pure Python, when ``files`` is empty
    stale: bool = False  # compiled once, but a source changed since

    @property
    def compiled(self) -> bool:
        return bool(self.files)

    def describe(self) -> str:
        """``compiled (mypyc, 31 modules)`` or ``pure Python (<why>)``, as ``studbook --version`` shows it."""
        if self.compiled:
            modules = sum(1 for name in self.files if not name.endswith("__mypyc"))
            return f"compiled (mypyc, {modules} modules)"
        return f"pure Python ({self.reason})"


def digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def inspect(folder: Path = COMPILED, environ: Mapping[str, str] = os.environ) -> Build:
    """The build to run from ``folder``: compiled only when its manifest lists extension files for this
    Python and every source they were compiled from is unchanged."""
    if environ.get(PURE_VARIABLE, "") not in ("", "0"):
        return Build(reason=f"{PURE_VARIABLE} is set")
    try:
        manifest = json.loads((folder / MANIFEST).read_text(encoding="utf-8"))
    except FileNotFoundError:
        return Build()
    except (OSError, ValueError) as error:
        return Build(reason=f"unreadable {folder / MANIFEST}: {error}")
    if not manifest.get("modules"):
        return Build(reason=manifest.get("reason") or "no module was compiled")
    if manifest.get("suffix") not in EXTENSION_SUFFIXES:
        return Build(reason=f"compiled for another Python ({manifest.get('suffix')})")
    names = [*manifest["modules"], manifest["library"]]
    files = {name: folder / (name + manifest["suffix"]) for name in names}
    missing = [name for name, path in files.items() if not path.is_file()]
    if missing:
        return Build(reason=f"compiled module {missing[0]} is missing", stale=True)
    sources = []
    for built in manifest["modules"].values():
        source = (folder / built["source"]).resolve()
        if not source.is_file() or digest(source) != built["sha256"]:
            return Build(reason=f"{source} changed since it was compiled", stale=True)
        sources.append(source)
    return Build(files, tuple(sources))


class CompiledFinder(MetaPathFinder):
    """Finds the compiled extension of each module of a fresh build, ahead of its source."""

    def __init__(self, files: Mapping[str, Path]) -> None:
        self.files = files

    def find_spec(self, fullname: str, path: Sequence[str] | None,
                  target: ModuleType | None = None) -> ModuleSpec | None:
        file = self.files.get(fullname)
        return None if file is None else importlib.util.spec_from_file_location(fullname, file)


_BUILD: Build | None = None


def install() -> Build:
    """Decide this process's build once; put a fresh compiled build in front of the sources, or tell on
    stderr why a compiled build is not used."""
    global _BUILD
    if _BUILD is None:
        _BUILD = inspect()
        if _BUILD.compiled:
            sys.meta_path.insert(0, CompiledFinder(_BUILD.files))
        elif _BUILD.stale:
            print(f"studbook: running pure Python: {_BUILD.reason} (make venv compiles it again)",
                  file=sys.stderr)
    return _BUILD
