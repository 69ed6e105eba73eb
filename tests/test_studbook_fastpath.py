"""The studbook format's fast path (grammar/studscan.py) against Lark: the same tokens, events and errors."""

from __future__ import annotations

import random
import re
from collections.abc import Iterator
from pathlib import Path

import pytest

from studbook.grammar.dialect import HandSyntaxError, detect_dialect
from studbook.grammar.reader import Block, split_blocks
from studbook.grammar.studbook import StudbookDialect, _Hand, tree_lines
from studbook.grammar.studscan import _first_chars
from studbook.hand import Hand
from studbook.simulate import Setup, Simulator
from studbook.writers import write_studbook

DIALECT = detect_dialect("studbook hand 1")
assert isinstance(DIALECT, StudbookDialect)
HISTORIES = Path(__file__).resolve().parent.parent / "histories"


def blocks_of(name: str, text: str) -> list[Block]:
    return [block for block in split_blocks(name, text.split("\n")) if block.dialect is DIALECT]


def simulated() -> Iterator[Block]:
    for game in ("stud", "stud8", "razz", "stud5", "descubierto"):
        for language in ("en", "es"):
            hands = Simulator(Setup(game=game, players=7, seed=3, fmt="studbook")).hands(15)
            text = "\n\n".join(write_studbook(played.hand, language) for played in hands)
            yield from blocks_of(f"{game}-{language}.txt", text)


def histories() -> Iterator[Block]:
    for path in sorted(HISTORIES.glob("*.txt")):
        yield from blocks_of(path.name, path.read_text(encoding="utf-8"))


def by_lark(block: Block) -> Hand | HandSyntaxError:
    try:
        return _Hand(block).hand(tree_lines(DIALECT.lark_tree(block)))
    except HandSyntaxError as error:
        return error


def by_dialect(block: Block) -> Hand | HandSyntaxError:
    try:
        return DIALECT.parse(block)
    except HandSyntaxError as error:
        return error


def same(first: Hand | HandSyntaxError, second: Hand | HandSyntaxError) -> bool:
    if isinstance(first, HandSyntaxError) and isinstance(second, HandSyntaxError):
        return (first.line, first.column, first.message) == (second.line, second.column, second.message)
    return first == second


BLOCKS = [*histories(), *simulated()]


def test_there_are_blocks_of_both_kinds() -> None:
    assert len(BLOCKS) > 150 and any(block.file.endswith("-es.txt") for block in BLOCKS)


@pytest.mark.parametrize("block", BLOCKS, ids=lambda block: f"{block.file}:{block.first_line}")
def test_fast_path_gives_larks_tokens_and_hand(block: Block) -> None:
    lines = DIALECT.scanner.tokens(block.lines)
    assert lines is not None  # well-formed hands never need Lark
    assert lines == tree_lines(DIALECT.lark_tree(block))
    assert same(by_dialect(block), by_lark(block))


def damaged(block: Block, rng: random.Random) -> Block:
    """A copy with one line changed: a character dropped or doubled, a word inserted, lines swapped."""
    lines = list(block.lines)
    index = rng.randrange(len(lines))
    line = lines[index]
    where = rng.randrange(len(line) + 1)
    change = rng.randrange(5)
    if change == 0 and line:
        lines[index] = line[:where] + line[where + 1:]
    elif change == 1 and line:
        lines[index] = line[:where] + line[where - 1:where] + line[where:]
    elif change == 2:
        word = rng.choice([" foo ", " 1,5,0 ", " Zz ", " : ", " # note", " ·", " [", " a "])
        lines[index] = line[:where] + word + line[where:]
    elif change == 3 and index + 1 < len(lines):
        lines[index], lines[index + 1] = lines[index + 1], line
    else:
        lines.insert(index, rng.choice(["", "   # a comment", "nota: hola", "Ana checks", "seat 9: Zed 100"]))
    return Block(block.file, block.first_line, lines, block.dialect)


def test_damaged_hands_give_larks_errors_or_hands() -> None:
    rng = random.Random(11)
    for block in BLOCKS:
        for _ in range(8):
            copy = damaged(block, rng)
            assert same(by_dialect(copy), by_lark(copy)), "\n".join(copy.lines)


def small_hand(hand_id: str, header: str, stack: str, bring_in: str) -> Block:
    lines = [f"studbook hand {hand_id} · stud · {header}", f"seat 1: Ana {stack}", f"seat 2: Bruno {stack}",
             "*** 3rd street ***", "Ana: [Kd Kc] 9h", "Bruno: [Xx Xx] Ah", f"Ana brings in {bring_in}",
             "Bruno folds", f"Ana wins {bring_in}"]
    return Block("memo.txt", 1, lines, DIALECT)


def test_lines_read_before_are_read_again_by_each_hands_currency() -> None:
    """The fast path remembers what a line means per currency, and a header but the hand's id."""
    cash = small_hand("1", "limit 0.10/0.20 · currency USD", "0.50", "0.05")
    chips = small_hand("2", "limit 10/20", "0.50", "0.05")
    again = small_hand("3", "limit 0.10/0.20 · currency USD", "0.50", "0.05")
    first, error, third = (by_dialect(block) for block in (cash, chips, again))
    assert same(first, by_lark(cash)) and same(error, by_lark(chips)) and same(third, by_lark(again))
    assert isinstance(first, Hand) and isinstance(third, Hand) and isinstance(error, HandSyntaxError)
    assert (first.hand_id, third.hand_id, first.seats[0].stack) == ("1", "3", 50)


def test_each_terminal_starts_only_with_the_characters_the_lexers_try_it_on() -> None:
    """The fast path tries at a position only the terminals that can start with its character: a
    terminal's match must never start with another (case folding included: 'ſ' is an 's', 'K' a 'k')."""
    texts = {line for block in BLOCKS[:60] for line in block.lines}
    texts |= {"ſeat 1: Kaſ 1000", "Kaſ raiſes 20 to 40", "ﬁve card stud", "\tAna: [Ah] 9h", "1.500€ Ⅻ"}
    for terminal in DIALECT.parser.terminals:
        regexp = re.compile(terminal.pattern.to_regexp())
        starts = _first_chars(terminal.pattern.to_regexp(), 0)
        for text in texts:
            for pos in range(len(text)):
                if regexp.match(text, pos):
                    assert starts is None or starts(text[pos]), (terminal.name, text, pos)


def test_folded_and_blank_spellings_give_larks_tokens() -> None:
    """Characters that fold to ASCII letters, tabs and odd blanks: the first-character dispatch and the
    blanks skipped after a token still give what Lark gives."""
    lines = ["studbook hand 7 · stud · limit 10/20", "ſeat 1: Ana 1000",
             "seat 2:\tBruno  1000 \t(sitting out)", "seat 3: Kaſ 1000", "*** 3rd street ***",
             "Ana:\t[Kd  Kc]\t9h ", "Kaſ: [Xx Xx] Ah",
             "Ana brings in 5", "Kaſ raiſes to 10", "Ana folds", "Kaſ wins 15"]
    for index in range(len(lines)):
        block = Block("fold.txt", 1, [*lines[:index], lines[index].upper(), *lines[index + 1:]], DIALECT)
        assert same(by_dialect(block), by_lark(block)), index
        fast = DIALECT.scanner.tokens(block.lines)
        assert fast is None or fast == tree_lines(DIALECT.lark_tree(block))
