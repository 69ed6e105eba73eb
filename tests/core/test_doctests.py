"""Every doctest of studbook, each module imported by its one name (``studbook.grammar.lines``, never
``grammar.lines`` by its path), so a module is never loaded twice. A module the build runs compiled has
no Python source for doctest to read: its doctests run in the pure pass of ``make test``."""

from __future__ import annotations

import doctest
import pkgutil
import tomllib
from importlib import import_module

import pytest
from helpers.paths import ROOT

from studbook import BUILD


def packages() -> list[str]:
    """The packages pyproject.toml installs."""
    with (ROOT / "pyproject.toml").open("rb") as file:
        return list(tomllib.load(file)["tool"]["setuptools"]["packages"])


def modules() -> list[str]:
    """Every module of those packages, by import name."""
    found = []
    for name in packages():
        found.append(name)
        package = import_module(name)
        found += [f"{name}.{info.name}" for info in pkgutil.iter_modules(package.__path__) if not info.ispkg]
    return sorted(found)


@pytest.mark.parametrize("name", modules())
def test_doctests(name: str) -> None:
    module = import_module(name)
    if BUILD.compiled and name in BUILD.files:
        pytest.skip("compiled: its doctests run in the pure pass")
    result = doctest.testmod(module, optionflags=doctest.ELLIPSIS)
    assert result.failed == 0, f"{result.failed} of {result.attempted} examples failed in {name}"


def test_the_walk_finds_every_kind_of_module() -> None:
    """The mapped folders are walked by their import names, the sites and the command line included."""
    names = set(modules())
    assert {"studbook.replay", "studbook.grammar.lines", "studbook.grammar.sites.pokerstars",
            "studbook.analytics.facts", "studbook.reports.html", "studbook.cli.hands"} <= names
    assert not any(name.startswith(("grammar.", "analytics.", "reports.")) for name in names)
