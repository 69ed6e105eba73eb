"""The registry of dialects: each detects its own headers, names its writer, and that writer's output
is read back by the same dialect."""

from __future__ import annotations

import tomllib
from pathlib import Path

from studbook.grammar import SITES
from studbook.grammar.dialect import GRAMMAR_DIR
from studbook.grammar.dialect import detect_dialect
from studbook.grammar.dialect import dialect_named
from studbook.grammar.dialect import dialects
from studbook.grammar.dialect import xml_dialects
from studbook.grammar.lines import LineDialect
from studbook.grammar.parse import parse_block
from studbook.grammar.reader import read_blocks
from studbook.grammar.records import Block
from studbook.hand import Hand
from studbook.money import CURRENCY_SYMBOLS
from studbook.rules.house import Rules
from studbook.sites import FACTS
from studbook.sites import SITES_HIDING_BOARDS
from studbook.sites import display_name
from studbook.writers import WRITERS

ROOT = Path(__file__).resolve().parents[2]
HISTORIES = ROOT / "histories"


def first_hands(corpus: Path) -> dict[str, Hand]:
    """A parsed hand of each site that has a writer."""
    found: dict[str, Hand] = {}
    paths = [*sorted((corpus / "pokerstars").glob("*.txt")), *sorted(HISTORIES.glob("*.txt"))]
    for path in paths:
        for block in read_blocks(path):
            if isinstance(block, Block) and block.dialect and block.dialect.name not in found:
                hand = parse_block(block)
                if isinstance(hand, Hand):
                    found[block.dialect.name] = hand
    return found


def test_each_site_module_registers_one_dialect_once() -> None:
    """Text dialects are found by their headers, XML dialects (iPoker, Merge) by the XML reader."""
    names = [dialect.name for dialect in (*dialects(), *xml_dialects())]
    assert len(names) == len(set(names)) == len(SITES)
    assert {"fulltilt", "pokerstars", "studbook"} <= {dialect.name for dialect in dialects()}
    assert {dialect.name for dialect in xml_dialects()} == {"ipoker", "merge"}
    assert all(dialect_named(name).name == name for name in names)


def test_a_writer_named_by_a_dialect_writes_what_that_dialect_reads(corpus: Path) -> None:
    hands = first_hands(corpus)
    writers = {dialect.name: dialect.writer for dialect in dialects() if dialect.writer}
    assert writers == {"pokerstars": "pokerstars", "studbook": "studbook"}
    for name, writer in writers.items():
        text = WRITERS[writer](hands[name])
        block = next(block for block in read_blocks(text.encode(), "written.txt") if isinstance(block, Block))
        assert detect_dialect(block.lines[0]) is dialect_named(name)
        again = parse_block(block)
        assert isinstance(again, Hand) and again.hand_id == hands[name].hand_id


# The formats studbook reads that are no site: each has a page of its own.
FORMAT_PAGES = {"studbook": "log-format.md", "phh": "reading.md"}


def test_every_registered_dialect_is_compiled_and_documented() -> None:
    """A site is its module in grammar/sites/, in the list mypyc compiles, with a page in docs/sites/ (the
    formats that are no site, on their own page)."""
    with (ROOT / "pyproject.toml").open("rb") as file:
        compiled = set(tomllib.load(file)["tool"]["mypy"]["modules"])
    for dialect in (*dialects(), *xml_dialects()):
        module = type(dialect).__module__
        assert module == f"studbook.grammar.sites.{module.rsplit('.', 1)[-1]}", module
        assert module in compiled, f"{module} is not compiled"
        page = ROOT / "docs" / FORMAT_PAGES.get(dialect.name, f"sites/{dialect.name}.md")
        assert page.is_file(), f"{dialect.name} has no page {page}"
        if dialect.name not in FORMAT_PAGES:
            assert "## Format families" in page.read_text(encoding="utf-8"), page


def test_each_site_follows_the_steps_of_adding_one() -> None:
    """docs/reading.md, "Adding a site": a text site's grammar is ``<name>.lark`` on ``base.lark`` and its
    reader names its hands' site; every site's facts are installed for the core (studbook/sites.py)."""
    for dialect in (*dialects(), *xml_dialects()):
        facts = FACTS[dialect.name]
        assert (facts.display_name, facts.hides_boards, facts.currency) == (
            dialect.display_name or dialect.name, dialect.hides_boards, dialect.currency)
        assert facts.house_defaults is dialect.house_defaults
        Rules().override(dict(dialect.house_defaults))  # raises on an unknown option or a bad value
        assert (dialect.name in SITES_HIDING_BOARDS) == dialect.hides_boards
        assert facts.currency in (None, *CURRENCY_SYMBOLS)
        if isinstance(dialect, LineDialect):
            grammar = Path(str(GRAMMAR_DIR)) / (dialect.grammar_file or f"{dialect.name}.lark")
            text = grammar.read_text(encoding="utf-8")
            assert dialect.name == "studbook" or "%import .base (" in text, grammar
            assert dialect.reader.site == dialect.name
    assert {"everleaf", "partypoker"} == SITES_HIDING_BOARDS
    assert display_name("pokerstars") == "PokerStars" and display_name("no such site") == "no such site"
