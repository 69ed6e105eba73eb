"""The PokerStars and Full Tilt fast path (grammar/linescan.py) against Lark: the same hands and errors.

Each real corpus hand, and copies damaged line by line (lines dropped, swapped, repeated, a
character changed), is parsed twice: as ``parse_block`` does it, and with the fast path turned off
so Lark reads every block. Skips when the corpus is absent (conftest).
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from pathlib import Path

import pytest

from studbook.grammar.parse import ParseResult, parse_block
from studbook.grammar.reader import Block, read_blocks
from studbook.grammar.transform import StudDialect

SITES = ("pokerstars", "fulltilt")


def corpus_blocks(corpus: Path) -> list[Block]:
    return [block for site in SITES for path in sorted((corpus / site).glob("*.txt"))
            for block in read_blocks(path)
            if isinstance(block, Block) and isinstance(block.dialect, StudDialect)]


def damaged(blocks: list[Block], copies: int, seed: int = 7) -> Iterator[Block]:
    """Copies of random blocks with one to three random line edits."""
    rng = random.Random(seed)
    for _ in range(copies):
        block = rng.choice(blocks)
        lines = list(block.lines)
        for _ in range(rng.randint(1, 3)):
            index = rng.randrange(1, len(lines))  # the header stays, so the block keeps its dialect
            edit = rng.randrange(4)
            if edit == 0 and len(lines) > 2:
                del lines[index]
            elif edit == 1 and index + 1 < len(lines):
                lines[index], lines[index + 1] = lines[index + 1], lines[index]
            elif edit == 2:
                lines.insert(index, lines[index])
            elif lines[index]:
                column = rng.randrange(len(lines[index]))
                lines[index] = lines[index][:column] + rng.choice("x$[] :0*") + lines[index][column + 1:]
        yield Block(block.file, block.first_line, lines, block.dialect)


def by_lark(block: Block, monkeypatch: pytest.MonkeyPatch) -> ParseResult:
    with monkeypatch.context() as patch:
        patch.setattr(block.dialect, "_scanned", lambda _block: False)
        return parse_block(block)


def fast(block: Block) -> bool:
    """Whether the fast path reads the block."""
    block.dialect.transformer(block)
    return block.dialect._scanned(block)


def test_corpus_hands_take_the_fast_path_and_match_lark(corpus: Path,
                                                        monkeypatch: pytest.MonkeyPatch) -> None:
    blocks = corpus_blocks(corpus)
    assert sum(map(fast, blocks)) > 0.8 * len(blocks) > 0
    for block in blocks:
        assert parse_block(block) == by_lark(block, monkeypatch), f"{block.file}:{block.first_line}"


def test_damaged_hands_give_lark_errors(corpus: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    errors = 0
    for block in damaged(corpus_blocks(corpus), 400):
        result = parse_block(block)
        assert result == by_lark(block, monkeypatch), f"{block.file}:{block.first_line} {block.lines}"
        errors += not hasattr(result, "events")
    assert errors > 100  # the edits really break hands, so the errors themselves are compared
