"""What a terminal's regexp says its lines hold (grammar/anchors.py), and the fast path's use of it: a word
is only ever one that every match holds, and a line whose case folds beyond ASCII is still read."""

from __future__ import annotations

import pytest

from studbook.grammar.anchors import NO_WORDS
from studbook.grammar.anchors import required_words
from studbook.grammar.dialect import dialect_named
from studbook.grammar.lines import LineDialect
from studbook.grammar.linescan import LineScanner


@pytest.mark.parametrize(("regexp", "words"), [
    (r"Seat \d+: .+", (("Seat ",), False)),
    (r"(?:folds|fold|no va)\n", (("fold", "no va"), False)),  # a line with "folds" holds "fold"
    (r"x(?i:(?:Pasa|PASO))", (("pasa", "paso"), True)),  # case-blind: in lower case
    (r"(?i:abc)|def", (("abc", "def"), True)),  # one blind alternative makes all of them lower case
    (r"(?:abc)?d", (("d",), False)),  # an optional group holds nothing
    (r"(?:abc){0,2}d", (("d",), False)),
    (r"(?:abc)+d", (("abc",), False)),
    (r"ab?cd", (("cd",), False)),  # the quantified character may be absent
    (r"(?=abc)\w+", NO_WORDS),  # a lookahead's text is not consumed by the match
    (r"(?i)abc", NO_WORDS),  # a flag for the whole regexp is not followed
    (r"(?x:a b)", NO_WORDS),  # verbose: blanks are not text
    (r"(?i:señor)", (("se",), True)),  # a non-ASCII letter folds beyond lower(): it ends the word
    (r"a|", NO_WORDS),  # an empty alternative holds nothing
    (r"(?i:a(?-i:BC))", (("BC",), False)),  # case-sensitive again inside: the longest word wins
])
def test_required_words(regexp: str, words: tuple[tuple[str, ...], bool]) -> None:
    assert required_words(regexp) == words


def studbook_scanner() -> LineScanner:
    dialect = dialect_named("studbook")
    assert isinstance(dialect, LineDialect) and isinstance(dialect.scanner, LineScanner)
    return dialect.scanner


@pytest.mark.parametrize(("line", "kind"), [
    ("Ann checks", "CHECK"),
    ("Ann CHECKS", "CHECK"),
    ("Ann checkſ", "CHECK"),  # the long s folds to s in a case-blind regexp, not in lower()
    ("Ann pasa", "CHECK"),
    ("seat 1: Ann 100", "SEAT_LINE"),
    ("\u212aen checks", "CHECK"),  # a Kelvin sign in a name
])
def test_case_blind_lines_are_read_whatever_their_case(line: str, kind: str) -> None:
    read = studbook_scanner().read_line(line)
    assert read is not None and read[0].terminal == kind


def test_a_line_without_any_word_of_a_kind_is_not_read_as_that_kind() -> None:
    scanner = studbook_scanner()
    assert scanner.read_line("Ann juggles") is None
    read = scanner.read_line("Ann checks 20")
    assert read is None or read[0].terminal != "CHECK"
