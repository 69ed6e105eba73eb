"""The layers of studbook, read from the source with ``ast``: a module imports from its own layer or those
below it, never above, and only the command line imports typer.

Low to high: the core (cards, money, events, hands, the rules engine, replay, equity); the site
grammars that read logs into hands (each site registers its facts with the core); the hand-history
writers and the simulator that writes through them (they borrow the grammars' currencies, time zones and
quoting), and the rulebook and the audit's tables, which list every site's defaults and conventions;
storage and statistics; the HTML
reports (they read the database); the command line over all of them. Every import counts, those inside
functions and under ``TYPE_CHECKING`` too.
"""

from __future__ import annotations

import ast
import tomllib
from pathlib import Path

import pytest
from helpers.paths import ROOT

LAYERS = {  # package prefix: layer, low to high; a module not named here is core
    "studbook.grammar": 1,
    "studbook.writers": 2,
    "studbook.simulate": 2,
    "studbook.rulebook": 2,
    "studbook.audit": 2,
    "studbook.analytics": 3,
    "studbook.reports": 4,
    "studbook.cli": 5,
    "studbook.__main__": 5,  # the command's entry: it loads the command line
}
NAMES = ("core", "grammar", "writers", "analytics", "reports", "cli")
CLI_ONLY = ("typer", "click")


def layer(module: str) -> int:
    found = [prefix for prefix in LAYERS if module == prefix or module.startswith(prefix + ".")]
    return LAYERS[max(found, key=len)] if found else 0


def sources() -> dict[str, Path]:
    """Every module of the installed packages, by import name, through pyproject.toml's package-dir."""
    with (ROOT / "pyproject.toml").open("rb") as file:
        package_dir = tomllib.load(file)["tool"]["setuptools"]["package-dir"]
    modules = {}
    for package, folder in package_dir.items():
        for path in (ROOT / folder).rglob("*.py"):
            parts = path.relative_to(ROOT / folder).with_suffix("").parts
            if "compiled" in parts or "__pycache__" in parts:
                continue
            name = ".".join((package, *parts[:-1], *(() if parts[-1] == "__init__" else parts[-1:])))
            modules.setdefault(name, path)  # studbook.grammar is mapped to grammar/, not studbook/grammar/
    return modules


def imported(path: Path, known: set[str]) -> list[tuple[int, str]]:
    """(line, module) of every import in the file; ``from studbook import events`` names studbook.events."""
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), str(path))):
        if isinstance(node, ast.Import):
            found += [(node.lineno, alias.name) for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            assert node.level == 0 and node.module, f"{path}:{node.lineno}: a relative import"
            for alias in node.names:
                child = f"{node.module}.{alias.name}"
                found.append((node.lineno, child if child in known else node.module))
    return found


MODULES = sources()


def test_the_packages_are_all_read() -> None:
    counts = {name: sum(layer(module) == number for module in MODULES) for number, name in enumerate(NAMES)}
    assert all(count > 1 for count in counts.values()), counts


@pytest.mark.parametrize("module", sorted(MODULES))
def test_no_module_imports_from_a_layer_above_it(module: str) -> None:
    own = layer(module)
    above = [f"{MODULES[module]}:{line}: {target} ({NAMES[layer(target)]})"
             for line, target in imported(MODULES[module], set(MODULES))
             if target.split(".")[0] == "studbook" and layer(target) > own]
    assert not above, f"{module} ({NAMES[own]}) imports from above: " + "; ".join(above)


@pytest.mark.parametrize("module", sorted(MODULES))
def test_only_the_command_line_imports_typer(module: str) -> None:
    if layer(module) == LAYERS["studbook.cli"]:
        return
    found = [f"{MODULES[module]}:{line}: {target}" for line, target in imported(MODULES[module], set(MODULES))
             if target.split(".")[0] in CLI_ONLY]
    assert not found, "; ".join(found)
