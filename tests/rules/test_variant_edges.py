"""Variant data at the edges: what differs between games comes from the ``Variant``
records, so a new game needs a record (and its evaluator) and no edit to facts, simulation or reports.

Outside ``studbook/rules/`` no code compares a variant's name (``variant == "razz"`` in a test is a
fixture's business; the grammar maps a site's game labels to names, which is data). A table
keyed by variant name is fine when its values are literal data, such as a site's game labels; one
whose values are functions or named objects (code, or a copy of what a Variant holds) is a decision.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from dataclasses import replace

import pytest
from helpers.paths import ROOT
from helpers.stored_facts import seat_facts

from studbook.rules.variants import VARIANTS
from studbook.showdown import rank_hands
from studbook.simulate import Setup
from studbook.simulate import Simulator
from studbook.simulate_policy import strength
from studbook.writers.pokerstars_text import show_description

EDGES = ("studbook", "grammar", "analytics", "reports", "bench")
RULES = ROOT / "studbook" / "rules"


def _names(node: ast.AST) -> set[str]:
    """The variant names a literal spells: one string, or a tuple, list or set of them."""
    items = node.elts if isinstance(node, ast.Tuple | ast.List | ast.Set) else [node]
    return {item.value for item in items if isinstance(item, ast.Constant) and item.value in VARIANTS}


def _is_data(node: ast.AST) -> bool:
    try:
        ast.literal_eval(node)
    except ValueError:
        return False
    return True


def decisions(tree: ast.AST) -> Iterator[tuple[int, str]]:
    """(line, what) for every place the code decides by a variant name."""
    for node in ast.walk(tree):
        if isinstance(node, ast.Compare) and any(_names(side) for side in (node.left, *node.comparators)):
            yield node.lineno, "compares with a variant name"
        elif isinstance(node, ast.MatchValue) and _names(node.value):
            yield node.lineno, "matches a variant name"
        elif isinstance(node, ast.Dict) and any(key is not None and _names(key) for key in node.keys):
            if not all(_is_data(value) for value in node.values):
                yield node.lineno, "maps variant names to code or named objects"


def test_the_check_finds_decisions_and_lets_data_tables_be() -> None:
    code = """
low = hand.variant == "razz"
five = variant in ("stud5", "descubierto")
classify = {"stud": _stud, "razz": _razz}[variant]
match game:
    case "stud8":
        pass
LABELS = {"stud": "7 Card Stud", "razz": ("Razz", 8)}
fine = variant.hi_lo and hand.variant in LABELS and name == "studbook"
"""
    assert [line for line, _ in decisions(ast.parse(code))] == [2, 3, 4, 6]


def test_no_code_outside_the_rules_decides_by_variant_name() -> None:
    found = []
    for top in EDGES:
        for path in sorted((ROOT / top).rglob("*.py")):
            if RULES in path.parents or ".venv" in path.parts:
                continue
            for line, what in decisions(ast.parse(path.read_text(encoding="utf-8"), str(path))):
                found.append(f"{path.relative_to(ROOT)}:{line}: {what}")
    assert found == []


@pytest.mark.parametrize("game", list(VARIANTS))
def test_a_variant_under_another_name_reads_the_same(game: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """A copy of a record registered under a new name gets the facts, shown-hand words, showdown and
    strength of the original: nothing at the edges looks at the name."""
    twin = replace(VARIANTS[game], name=f"{game}_twin")
    monkeypatch.setitem(VARIANTS, twin.name, twin)
    hands = list(Simulator(Setup(game=game, seed=3, fmt="studbook", short_stacks=True)).hands(40))
    assert seat_facts(*[replace(played.hand, variant=twin.name) for played in hands]) == seat_facts(
        *[played.hand for played in hands])
    for played in hands:
        for cards in played.cards.values():
            assert show_description(twin.name, cards) == show_description(game, cards)
            assert strength(twin, list(cards)) == strength(VARIANTS[game], list(cards))
        shown = [cards for cards in played.cards.values() if len(cards) == twin.cards_per_player]
        if shown:
            assert rank_hands(twin.name, shown) == rank_hands(game, shown)
