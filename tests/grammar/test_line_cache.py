"""What the parsers remember (grammar/memo.py): the fast path's line readings (``LineScanner.classify``),
the same as ``read_line``, bounded by the memo's size, none at size 0, and a line no kind reads whole is
not kept; amounts and cards by their text, each still checked where it is used."""

from __future__ import annotations

import pytest

from studbook.grammar import transform
from studbook.grammar.dialect import HandSyntaxError
from studbook.grammar.dialect import dialect_named
from studbook.grammar.lines import LineDialect
from studbook.grammar.linescan import LineScanner
from studbook.grammar.parse import parse_block
from studbook.grammar.records import Block
from studbook.grammar.sites import studbook
from studbook.hand import Hand
from studbook.money import AmountError

LINES = [
    "Ann: folds",
    "Bob: checks",
    "Ann: bets $0.20",
    "Bob: calls $0.20",
    "*** 3rd STREET ***",
]


def scanner(cache_size: int) -> LineScanner:
    """A PokerStars fast path of its own (the registered one keeps its readings across tests)."""
    dialect = dialect_named("pokerstars")
    assert isinstance(dialect, LineDialect)
    reader = dialect.reader
    return LineScanner(dialect.parser, reader.regexps, reader.handlers, cache_size=cache_size)


def test_a_remembered_reading_is_the_one_read_line_gives() -> None:
    scan = scanner(16)
    for line in LINES:
        first, again = scan.classify(line), scan.classify(line)
        assert first is not None and again is not None
        kind, match = first
        assert again[0] is kind and again[1] is match  # the second time from memory
        fresh = scan.read_line(line)
        assert fresh is not None and kind is fresh[0] and match.groupdict() == fresh[1].groupdict()
    assert set(scan.readings.values) == set(LINES)


def test_the_memory_never_holds_more_than_cache_size_lines() -> None:
    scan = scanner(3)
    sizes = []
    for line in LINES * 2:
        assert scan.classify(line) is not None
        sizes.append(len(scan.readings.values))
    assert sizes == [1, 2, 3, 1, 2, 3, 1, 2, 3, 1]  # emptied when full, then filled again
    assert set(scan.readings.values) == {LINES[-1]}


def test_no_memory_at_size_zero_and_no_memory_of_lines_left_to_lark() -> None:
    off = scanner(0)
    assert [off.classify(line) is not None for line in LINES] == [True] * len(LINES)
    assert off.readings.values == {}
    on = scanner(16)
    assert on.classify("Ann: juggles the chips") is None
    assert on.readings.values == {}


def test_amounts_and_cards_are_remembered_by_their_text_and_checked_at_every_use() -> None:
    """An amount's sign is checked against the hand's currency each time, remembered or not."""
    assert transform.minor_units("$0.25", "USD") == 25
    assert transform.AMOUNTS.values.get("$0.25") == 25
    with pytest.raises(AmountError):
        transform.minor_units("$0.25", None)  # the same text in a hand of chips
    with pytest.raises(AmountError):
        transform.minor_units("25", "USD")
    assert transform.minor_units("25", None) == 25
    cards = transform.HandTransformer.cards_at(1, "Ah Kd", 0)
    assert [str(card) for card in cards] == ["Ah", "Kd"]
    assert transform.CARDS_READ.values.get("Ah Kd") == cards
    with pytest.raises(HandSyntaxError, match="'Kx' is not a card"):
        transform.HandTransformer.cards_at(1, "Ah Kx", 0)
    assert transform.CARDS_READ.values.get("Ah Kx") is None


STUDBOOK_HAND = """studbook hand 7 · stud5 · limit 10/20 · ante 1
seat 1: Ann 100
seat 2: Bob 100
Ann antes 1
Bob antes 1
2nd street
Ann: [Ah] Kd
Bob: [2c] 9s
Ann bets 10
Bob calls 10
3rd street
Ann: (Kd) Qs
Bob: (9s) 9d
Ann checks
Bob checks
showdown
Ann shows [Ah] Kd Qs
Bob mucks 2c 9s 9d
Ann wins 22
"""


def test_studbook_cards_are_remembered_by_their_text_and_read_the_same(monkeypatch: pytest.MonkeyPatch
                                                                        ) -> None:
    """A deal's, show's or muck's cards read from memory are the ones read afresh."""
    dialect = dialect_named("studbook")

    def parse() -> object:
        return parse_block(Block("hand.txt", 1, STUDBOOK_HAND.splitlines(), dialect))

    studbook.DEALT.clear()
    studbook.SHOWN.clear()
    remembered = parse()
    assert isinstance(remembered, Hand) and len(remembered.events) > 10
    assert studbook.DEALT.values.get(" (Kd) Qs") == ((), (studbook._card("Qs"),), (studbook._card("Kd"),))
    assert studbook.SHOWN.values.get(" 2c 9s 9d") is not None
    assert parse() == remembered  # from memory
    monkeypatch.setattr(studbook.DEALT, "size", 0)
    monkeypatch.setattr(studbook.SHOWN, "size", 0)
    studbook.DEALT.clear()
    studbook.SHOWN.clear()
    assert parse() == remembered and studbook.DEALT.values == {} == studbook.SHOWN.values
