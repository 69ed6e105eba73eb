"""The fast path (grammar/linescan.py) against Lark's own parser, for every text dialect.

Every real corpus hand, every hand in histories/, simulated studbook logs in English and Spanish, and
copies damaged line by line are parsed twice: as ``parse_block`` does it, and with the fast path off
so Lark reads every block. The results (hands, or errors with their line, column and message) must be
the same, and so must a parse where the fast path breaks down (it raises, or cannot be built): then
Lark reads the hand, and the failure is logged once.
"""

from __future__ import annotations

import logging
import random
from collections.abc import Iterator
from pathlib import Path

import pytest
from helpers.paths import HISTORIES
from lark.exceptions import UnexpectedInput

from studbook.grammar.anchors import literal_runs
from studbook.grammar.anchors import required_words
from studbook.grammar.dialect import dialects
from studbook.grammar.lines import LineDialect
from studbook.grammar.lines import tokens_in_order
from studbook.grammar.linescan import LineScanner
from studbook.grammar.linescan import ignored_terminals
from studbook.grammar.linescan import line_terminals
from studbook.grammar.parse import ParseResult
from studbook.grammar.parse import parse_block
from studbook.grammar.reader import read_blocks
from studbook.grammar.records import Block
from studbook.simulate import Setup
from studbook.simulate import Simulator
from studbook.writers import write_studbook

STUDBOOK = next(dialect for dialect in dialects() if dialect.name == "studbook")
# The dialects a whole-line grammar reads: every one but PHH, which is TOML (grammar/phh.py).
LINE_DIALECTS = [dialect for dialect in dialects() if isinstance(dialect, LineDialect)]


def blocks_of(name: str, data: bytes) -> list[Block]:
    return [block for block in read_blocks(data, name) if isinstance(block, Block)
            and isinstance(block.dialect, LineDialect) and block.dialect.other_game(block) is None]


def corpus_blocks(corpus: Path) -> list[Block]:
    """The stud hands of every text log of the corpus that a dialect reads."""
    return [block for path in sorted(corpus.rglob("*.txt"))
            for block in blocks_of(path.name, path.read_bytes())]


def studbook_blocks() -> list[Block]:
    found = [block for path in sorted(HISTORIES.glob("*.txt"))
             for block in blocks_of(path.name, path.read_bytes())]
    for game in ("stud", "stud8", "razz", "stud5", "descubierto"):
        for language in ("en", "es"):
            hands = Simulator(Setup(game=game, players=7, seed=3, fmt="studbook")).hands(12)
            text = "\n\n".join(write_studbook(played.hand, language) for played in hands)
            found += blocks_of(f"{game}-{language}.txt", text.encode())
    return found


# The same dialects without a fast path: Lark reads every block.
BY_LARK = {dialect.name: type(dialect)(fast_path=None) for dialect in LINE_DIALECTS}


def by_lark(block: Block, strict: bool = False) -> ParseResult:
    assert block.dialect is not None
    return parse_block(Block(block.file, block.first_line, block.lines, BY_LARK[block.dialect.name]), strict)


def fast(block: Block) -> bool:
    """Whether the fast path reads the block."""
    dialect = block.dialect
    assert isinstance(dialect, LineDialect)
    dialect.reader.begin(block)
    return dialect._scanned(block)


def damaged(blocks: list[Block], copies: int, seed: int) -> Iterator[Block]:
    """Copies of random blocks with one to three random line edits (the header line stays)."""
    rng = random.Random(seed)
    for _ in range(copies):
        block = rng.choice(blocks)
        lines = list(block.lines)
        for _ in range(rng.randint(1, 3)):
            index = rng.randrange(1, len(lines))
            edit = rng.randrange(5)
            if edit == 0 and len(lines) > 2:
                del lines[index]
            elif edit == 1 and index + 1 < len(lines):
                lines[index], lines[index + 1] = lines[index + 1], lines[index]
            elif edit == 2:
                extra = [lines[index], "", "  # a comment", "nota: hola", "seat 9: Zed 100"]
                lines.insert(index, rng.choice(extra))
            elif lines[index]:
                column = rng.randrange(len(lines[index]))
                typo = rng.choice(["x", "$", "[", "]", " ", ":", "0", "*", " foo ", " 1,5,0 ", " Zz ", " ·"])
                lines[index] = lines[index][:column] + typo + lines[index][column + 1:]
        yield Block(block.file, block.first_line, lines, block.dialect)


@pytest.fixture(scope="module")
def site_blocks(corpus: Path) -> list[Block]:
    return corpus_blocks(corpus)


OURS = studbook_blocks()


def test_there_are_blocks_of_every_kind(site_blocks: list[Block]) -> None:
    assert {block.dialect.name for block in site_blocks} >= {"pokerstars", "fulltilt"}
    assert len(OURS) > 150 and any(block.file.endswith("-es.txt") for block in OURS)


def test_corpus_hands_take_the_fast_path_and_match_lark(site_blocks: list[Block]) -> None:
    assert sum(map(fast, site_blocks)) > 0.8 * len(site_blocks) > 0
    for block in site_blocks:
        assert parse_block(block) == by_lark(block), f"{block.file}:{block.first_line}"


def test_studbook_hands_all_take_the_fast_path_and_match_lark() -> None:
    assert all(map(fast, OURS))
    for block in OURS:
        assert parse_block(block) == by_lark(block), f"{block.file}:{block.first_line}"


def test_lark_alone_reads_no_hand_by_the_fast_path(site_blocks: list[Block]) -> None:
    """The dialects ``by_lark`` compares with have no fast path at all."""
    assert all(dialect.scanner is None for dialect in BY_LARK.values())
    assert not any(map(fast, [Block(b.file, b.first_line, b.lines, BY_LARK[b.dialect.name])
                              for b in [*site_blocks[:20], *OURS[:20]]]))


def test_each_line_gets_the_terminal_lark_gives_it(site_blocks: list[Block]) -> None:
    """The fast path's pick of terminal, line by line, is the token Lark's parser reduces."""
    for block in [*site_blocks, *OURS[:80]]:
        dialect = block.dialect
        assert isinstance(dialect, LineDialect) and dialect.scanner is not None
        try:
            tree = dialect.parser.parse(block.text + "\n", start=dialect.starts[0])
        except UnexpectedInput:  # a hand that breaks its grammar (a log cut off) has no tokens to compare
            continue
        lark = [(token.line, token.type) for token in tokens_in_order(tree.children)]
        ignored = ignored_terminals(dialect.parser)
        read = [(number, dialect.classify(line)) for number, line in enumerate(block.lines, 1)]
        picked = [(number, kind[0]) for number, kind in read if kind and kind[0] not in ignored]
        assert picked == lark, f"{block.file}:{block.first_line}"


def test_damaged_hands_give_larks_errors_or_hands(site_blocks: list[Block]) -> None:
    errors = 0
    for block in [*damaged(site_blocks, 300, seed=7), *damaged(OURS, 300, seed=11)]:
        result = parse_block(block, strict=True)
        assert result == by_lark(block, strict=True), "\n".join(block.lines)
        assert parse_block(block) == by_lark(block), "\n".join(block.lines)
        errors += not hasattr(result, "events")
    assert errors > 200  # the edits really break hands, so the errors themselves are compared


def test_a_hand_that_lacks_a_line_is_its_own_error_not_a_fast_path_failure(
        site_blocks: list[Block], caplog: pytest.LogCaptureFixture) -> None:
    """A hand's own fault (a street's marker missing before its deals, any line cut out) is told to the user
    as that fault alone: the fast path gives way to Lark without a warning of its own."""
    firsts = list({block.file: block for block in reversed(site_blocks)}.values())
    with caplog.at_level(logging.WARNING, logger="studbook.grammar.lines"):
        for block in firsts:
            for index in range(1, len(block.lines)):
                cut = Block(block.file, block.first_line, block.lines[:index] + block.lines[index + 1:],
                            block.dialect)
                assert parse_block(cut) == by_lark(cut), f"{block.file}:{block.first_line + index}"
    assert len(firsts) > 40 and caplog.records == []


class BrokenScan:
    """A fast path that reads lines as the real one does but breaks down reading a hand."""

    def __init__(self, *grammar: object) -> None:
        self.classify = LineScanner(*grammar).classify

    def scan(self, lines: list[str]) -> bool:
        raise RuntimeError("a fast path broken by an upgrade")


@pytest.mark.parametrize("name", ["pokerstars", "fulltilt", "studbook"])
def test_a_fast_path_that_raises_falls_back_to_lark_and_is_logged_once(
        name: str, site_blocks: list[Block], caplog: pytest.LogCaptureFixture) -> None:
    blocks = [block for block in [*site_blocks, *OURS] if block.dialect.name == name][:40]
    expected = [parse_block(block) for block in blocks]
    broken = next(type(dialect)(fast_path=BrokenScan) for dialect in LINE_DIALECTS if dialect.name == name)
    with caplog.at_level(logging.WARNING, logger="studbook.grammar.lines"):
        again = [parse_block(Block(block.file, block.first_line, block.lines, broken)) for block in blocks]
    assert again == expected
    assert all(record.exc_info is None for record in caplog.records)  # one line for the user, no traceback
    where = f"{blocks[0].file}:{blocks[0].first_line}"
    assert [record.message for record in caplog.records] == [
        f"{name}: the fast path failed on {where} (RuntimeError: a fast path broken by an upgrade); "
        f"Lark reads such hands"]


def test_a_fast_path_that_cannot_be_built_leaves_every_hand_to_lark(
        site_blocks: list[Block], caplog: pytest.LogCaptureFixture) -> None:
    blocks = [block for block in [*site_blocks[:30], *OURS[:30]]]
    expected = [parse_block(block) for block in blocks]

    def unbuildable(*grammar: object) -> LineScanner:
        raise AttributeError("a Lark without the attributes this fast path reads")

    fresh = {dialect.name: type(dialect)(fast_path=unbuildable) for dialect in LINE_DIALECTS}
    with caplog.at_level(logging.WARNING, logger="studbook.grammar.lines"):
        again = [parse_block(Block(block.file, block.first_line, block.lines, fresh[block.dialect.name]))
                 for block in blocks]
    assert again == expected
    assert all(dialect.scanner is None for dialect in fresh.values())
    assert {record.message for record in caplog.records} == {
        f"{name}: building the fast path failed (AttributeError: a Lark without the attributes this fast "
        f"path reads); Lark reads every hand" for name in fresh}


def test_literals_and_words_of_each_terminal_are_in_every_line_it_reads(site_blocks: list[Block]) -> None:
    """The fast path skips a terminal for a line that lacks its prefix, its longest literal or every one of
    its case-blind words: each must be in every line the terminal reads, damaged lines too."""
    blocks = [*site_blocks, *OURS, *damaged(site_blocks, 200, seed=3), *damaged(OURS, 200, seed=4)]
    blind_kinds = 0
    for dialect in LINE_DIALECTS:
        lines = {line + "\n" for block in blocks if block.dialect is dialect for line in block.lines}
        kinds = line_terminals(dialect.parser)
        for terminal in dialect.parser.terminals:
            if terminal.name not in kinds:
                continue
            runs = literal_runs(terminal.pattern.to_regexp())
            words, lower = required_words(terminal.pattern.to_regexp())
            blind_kinds += lower
            regexp = dialect.reader.regexps[terminal.name]
            for line in lines:
                if regexp.fullmatch(line):
                    assert line.startswith(runs[0]), (terminal.name, line)
                    assert all(run in line for run in runs), (terminal.name, line)
                    if not lower or line.isascii():  # case-blind words are looked for in ASCII lines
                        among = line.lower() if lower else line
                        assert any(word in among for word in words), (terminal.name, line)
    assert blind_kinds >= 15  # studbook's kinds of line are known by their case-blind keywords


def test_every_terminal_names_its_fields_once() -> None:
    """Fields are read by name: every capturing group of every terminal is a named field (a name used twice
    in one terminal would stop it building, see field_regexp), and every kind of line has its handler."""
    for dialect in LINE_DIALECTS:
        kinds = line_terminals(dialect.parser)
        for name in kinds - ignored_terminals(dialect.parser):
            assert name in dialect.reader.handlers
        for name, regexp in dialect.reader.regexps.items():
            assert len(regexp.groupindex) == regexp.groups, f"{dialect.name} {name}: a group without a name"


def test_studbook_is_one_of_the_line_dialects() -> None:
    assert isinstance(STUDBOOK, LineDialect) and STUDBOOK.scanner is not None
    assert {dialect.name for dialect in dialects()} - {dialect.name for dialect in LINE_DIALECTS} == {"phh"}
