"""The reader's XML path (grammar/xmlread.py): one block per <game> with its context and its lines as in the
file, a game cut off or too large reported while the others are read, and blocks that travel to worker
processes."""

from __future__ import annotations

import pickle
from pathlib import Path

import pytest

from studbook.grammar import Block
from studbook.grammar import ParseError
from studbook.grammar import parse_block
from studbook.grammar import parse_file
from studbook.grammar import read_blocks
from studbook.grammar import xmlread
from studbook.hand import Hand

MERGE_SAMPLE = "merge/cash-7-Stud-USD-0.50-1.00-201102.Sample.txt"


def merge_game(corpus: Path) -> str:
    """The Merge sample's description and game (lines 1 to 80)."""
    return (corpus / MERGE_SAMPLE).read_text(encoding="utf-8").replace("\r\n", "\n").rstrip("\n") + "\n"


def test_each_game_is_a_block_on_its_own_lines_with_the_description_before_it(corpus: Path, tmp_path: Path
                                                                               ) -> None:
    text = merge_game(corpus)
    second = text.replace("31423297-107", "31423297-108").replace("Limit $0.50/$1", "Limit $1/$2")
    path = tmp_path / "two.txt"
    path.write_text(text + "\n" + second)
    blocks = list(read_blocks(path))
    assert [(b.first_line, b.last_line, b.dialect.name) for b in blocks] == [(2, 80, "merge"),
                                                                              (83, 161, "merge")]
    assert ['stakes="Limit $0.50/$1"' in b.context for b in blocks] == [True, False]
    hands = [parse_block(b) for b in blocks]
    assert [(h.hand_id, h.small_bet, h.source.first_line) for h in hands] == [
        ("31423297-107", 50, 2), ("31423297-108", 100, 83)]


def test_a_game_cut_off_at_the_end_is_reported(corpus: Path, tmp_path: Path) -> None:
    text = merge_game(corpus)
    path = tmp_path / "cut.xml"
    path.write_text(text + text.replace("31423297-107", "31423297-108")[:2000])
    first, error = list(parse_file(path))
    assert isinstance(first, Hand)
    assert isinstance(error, ParseError) and error.line == 82 and "cut off" in error.message


def test_a_root_never_closed_loses_nothing(corpus: Path) -> None:
    """The iPoker sample ends without </session>: its game is read, and no error is made up."""
    sample = corpus / "ipoker" / "cash-5-StudL-USD-0.05-0.10-201111.Sample.with.showdown.xml"
    results = list(parse_file(sample))
    assert [type(r).__name__ for r in results] == ["Hand"]


def test_a_game_too_large_is_one_error_and_the_next_is_read(corpus: Path, tmp_path: Path,
                                                           monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(xmlread, "MAX_BLOCK_CHARS", 7000)
    text = merge_game(corpus)
    big = text.replace("</players>", "</players>\n" + "<!-- padding -->\n" * 300)
    path = tmp_path / "big.txt"
    path.write_text(big + text.replace("31423297-107", "31423297-108"))
    error, hand = list(parse_file(path))
    assert isinstance(error, ParseError) and error.line == 2 and "block too large" in error.message
    assert isinstance(hand, Hand) and hand.hand_id == "31423297-108"


def test_blocks_pickle_for_worker_processes(corpus: Path) -> None:
    block = next(iter(read_blocks(corpus / MERGE_SAMPLE)))
    assert isinstance(block, Block)
    again = pickle.loads(pickle.dumps(block))
    assert again == block and again.dialect is block.dialect
    assert parse_block(again) == parse_block(block)


def test_text_logs_are_not_taken_for_xml() -> None:
    assert not xmlread.looks_like_xml("PokerStars Hand #1: 7 Card Stud")
    assert not xmlread.looks_like_xml("< not a tag")
    assert xmlread.looks_like_xml("  <session sessioncode='1'>")
