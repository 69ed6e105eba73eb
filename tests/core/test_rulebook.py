"""The rulebook keeps step with the engine: every rule id a verdict can cite, every violation code and
every ``--rule`` setting is in it, and docs/rules.md is the book as the code prints it."""

from __future__ import annotations

import ast
import re
from collections.abc import Iterator

import pytest
from helpers.paths import ROOT

from studbook import rulebook
from studbook.grammar import SITES
from studbook.rules.house import PRESETS
from studbook.rules.variants import BRING_IN_RULE_IDS
from studbook.rules.variants import VARIANTS
from studbook.sites import SITE_DEFAULTS

ENGINE = (
    "studbook/replay.py", "studbook/awards.py", "studbook/rules/machine.py", "studbook/rules/variants.py"
)
RULE_ID = re.compile(r"(?:R27-\d|[A-Z]\d{1,2}[ab]?)")
# Where each emitter takes its code and its rule, by position: Violation(code, severity, line,
# message, rule), Issue(code, rule, message, severity), self.flag(code, line, message, rule, severity).
EMITTERS = {"Violation": (0, 4), "Issue": (0, 1), "flag": (0, 3)}


def emit_calls(tree: ast.AST) -> Iterator[tuple[int, ast.expr, ast.expr | None]]:
    """(line, code argument, rule argument or None) of every call that makes a violation."""
    for node in ast.walk(tree):
        if not isinstance(node, ast.Call):
            continue
        func = node.func
        name = func.id if isinstance(func, ast.Name) else func.attr if isinstance(func, ast.Attribute) else ""
        if name not in EMITTERS:
            continue
        code_at, rule_at = EMITTERS[name]
        rule = next((k.value for k in node.keywords if k.arg == "rule"), None)
        if rule is None and len(node.args) > rule_at:
            rule = node.args[rule_at]
        yield node.lineno, node.args[code_at], rule


def _engine_trees() -> dict[str, ast.AST]:
    return {path: ast.parse((ROOT / path).read_text(encoding="utf-8")) for path in ENGINE}


def test_the_scan_sees_the_engines_verdicts() -> None:
    """The scan below finds what it must, so the checks built on it cannot pass on nothing."""
    found = {(ast.literal_eval(code), ast.literal_eval(rule))
             for tree in _engine_trees().values() for _, code, rule in emit_calls(tree)
             if isinstance(code, ast.Constant) and isinstance(rule, ast.Constant)}
    expected = {("show-order", "C27"), ("ante-amount", "C4"), ("rake-mismatch", "L4"),
                ("unknown-player", "L3")}
    assert expected <= found
    assert len(found) > 30


def test_every_violation_the_engine_emits_cites_a_rule() -> None:
    missing = [f"{path}:{line}" for path, tree in _engine_trees().items()
               for line, _, rule in emit_calls(tree)
               if rule is None or isinstance(rule, ast.Constant) and rule.value is None]
    assert missing == []


def test_every_rule_id_in_the_engine_is_in_the_rulebook() -> None:
    """Rule ids are literals in the engine (also where a rule is chosen, as in ``turn_rule``) or data of
    the variants: all of them must be rules of the book."""
    constants = [node.value for tree in _engine_trees().values() for node in ast.walk(tree)
                 if isinstance(node, ast.Constant) and isinstance(node.value, str)]
    cited = {text for text in constants if RULE_ID.fullmatch(text)}
    cited |= set(BRING_IN_RULE_IDS.values()) | {variant.showdown_rule for variant in VARIANTS.values()}
    cited |= set(rulebook.option_rules().values())
    assert {"C27", "S5", "Z13", "R27-3", "H8"} <= cited
    assert sorted(cited - set(rulebook.by_id())) == []


def test_every_code_emitted_is_in_the_replay_table_of_codes() -> None:
    table = (ROOT / "studbook/replay.py").read_text(encoding="utf-8").split('"""')[1]
    listed = set(re.findall(r"^([a-z][a-z-]+)(?: / ([a-z-]+))?\s", table, re.M))
    listed_codes = {code for pair in listed for code in pair if code}
    emitted = {code.value for tree in _engine_trees().values() for _, code, _ in emit_calls(tree)
               if isinstance(code, ast.Constant)}
    assert "show-order" in emitted and emitted - listed_codes == set()


def test_rules_the_texts_refer_to_exist() -> None:
    known = rulebook.by_id()
    for rule in known.values():
        for cited in re.findall(r"\b(R27-\d|[A-Z]\d{1,2})\b", rule.text):
            assert cited in known, f"{rule.id} refers to {cited}"


def test_the_book_is_well_formed() -> None:
    ids = [rule.id for section in rulebook.sections() for rule in section.rules]
    assert len(ids) == len(set(ids)) and len(ids) > 90
    for section in rulebook.sections():
        assert section.rules and section.intro and set(section.games) <= set(VARIANTS)
        for rule in section.rules:
            assert rule.title and rule.text and rule.source and "\n" not in rule.text
    assert set(rulebook.preset_titles()) == set(PRESETS)


def test_every_setting_is_documented_with_its_choices_and_defaults() -> None:
    document = (ROOT / "docs" / "rules.md").read_text(encoding="utf-8")
    for key, rule in rulebook.option_rules().items():
        assert rule in rulebook.by_id()
        assert f"Setting `--rule {key}`" in document and f"| `{key}` | {rule} |" in document
    assert "site pokerstars `never`" in document  # a site's default, as its dialect declares it
    assert "game stud5 `4`" in document  # a game's default, read from the variant
    assert "preset wsop-la `4`" in document
    assert "pokerstars" in SITE_DEFAULTS and "pokerstars" in SITES


def test_docs_rules_md_is_the_book_as_generated() -> None:
    document = (ROOT / "docs" / "rules.md").read_text(encoding="utf-8")
    assert document == rulebook.markdown(), "regenerate: studbook rules --markdown > docs/rules.md"


@pytest.mark.parametrize(("name", "rule_id"), [
    ("C27", "C27"), ("c27", "C27"), ("max_raises", "C17"), ("max-raises", "C17"), ("r27-3", "R27-3"),
    ("deck_ranks", "Z1"),
])
def test_find_by_id_or_setting(name: str, rule_id: str) -> None:
    assert rulebook.find(name).id == rule_id


def test_find_names_a_close_setting() -> None:
    with pytest.raises(rulebook.UnknownRule, match=r"did you mean max_raises\?"):
        rulebook.find("max_raise")


def test_label_and_notes() -> None:
    assert rulebook.label("C27") == "C27 show order at showdown"
    assert rulebook.label("X9") == "X9"
    notes = rulebook.notes(["Z13", None, "Z13", "X9"])
    assert list(notes) == ["Z13"] and notes["Z13"]["title"] == "all check: best cards win"
    assert notes["Z13"]["text"].startswith("If every player checks in a round")


def test_settings_say_where_each_value_comes_from() -> None:
    by_key = {s.key: s for s in rulebook.settings(VARIANTS["stud5"], "pokerstars", "wsop-la",
                                                  ["board_tie_break=suit"])}
    assert (by_key["big_bet_from_street"].value, by_key["big_bet_from_street"].origin) == ("4", "game stud5")
    assert (by_key["max_raises"].value, by_key["max_raises"].origin) == ("4", "preset wsop-la")
    assert (by_key["board_tie_break"].value, by_key["board_tie_break"].origin) == ("suit", "--rule")
    assert (by_key["completion_counts_as_raise"].value, by_key["completion_counts_as_raise"].origin) == (
        "false", "default")
    at_site = {s.key: s for s in rulebook.settings(VARIANTS["stud"], "pokerstars", None, [])}
    headsup = at_site["headsup_uncapped"]
    assert (headsup.value, headsup.origin) == ("never", "site pokerstars")
