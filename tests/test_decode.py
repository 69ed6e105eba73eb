"""Bytes as the sites wrote them: every encoding and line ending gives the same hand, and line
numbers are those of the original file."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from test_pokerstars import OLD_STYLE_HAND

from studbook.events import Note
from studbook.grammar import ParseError, parse_file
from studbook.grammar.decode import DecodeError, decode_bytes
from studbook.hand import Hand

LINES = OLD_STYLE_HAND.rstrip("\n").split("\n")  # a real PokerStars hand, 31 lines


def parse_bytes(tmp_path: Path, data: bytes, name: str = "hands.txt") -> list:
    path = tmp_path / name
    path.write_bytes(data)
    return list(parse_file(path))


def reference(tmp_path: Path) -> Hand:
    [hand] = parse_bytes(tmp_path, OLD_STYLE_HAND.encode(), "reference.txt")
    return hand


@pytest.mark.parametrize(("encoded", "encoding"), [
    (("\ufeff" + OLD_STYLE_HAND).encode("utf-16-le"), "utf-16"),
    (OLD_STYLE_HAND.encode("utf-16"), "utf-16"),
    (OLD_STYLE_HAND.encode("utf-8-sig"), "utf-8-sig"),
    (OLD_STYLE_HAND.encode("utf-8"), "utf-8"),
    (OLD_STYLE_HAND.replace("\n", "\r\n").encode(), "utf-8"),
    (b"\x00" + OLD_STYLE_HAND.encode(), "utf-8"),
], ids=["utf16le-bom", "utf16-native-bom", "utf8-bom", "utf8", "crlf", "leading-nul"])
def test_every_encoding_gives_the_same_hand(tmp_path: Path, encoded: bytes, encoding: str) -> None:
    assert decode_bytes(encoded).encoding == encoding
    assert decode_bytes(encoded).lines[:len(LINES)] == LINES
    [hand] = parse_bytes(tmp_path, encoded)
    expected = reference(tmp_path)
    assert (hand.events, hand.seats, hand.summary) == (expected.events, expected.seats, expected.summary)
    assert (hand.source.first_line, hand.source.last_line) == (1, 31)


def test_cp1252_and_trailing_spaces(tmp_path: Path) -> None:
    """An EUR sign is byte 0x80 in cp1252; the sites' trailing spaces mean nothing."""
    text = OLD_STYLE_HAND.replace("Hero: bets $400\n", 'Hero: bets $400 \nJosé said, "5€ ¡olé!" \n')
    data = text.encode("cp1252")
    assert b"\x80" in data and decode_bytes(data).encoding == "cp1252"
    [hand] = parse_bytes(tmp_path, data)
    assert Note(19, "chat", 'José said, "5€ ¡olé!"', "José") in hand.events


def test_mixed_line_endings_keep_the_file_line_numbers(tmp_path: Path) -> None:
    endings = ["\r\n", "\n", "\r"]
    data = "".join(line + endings[i % 3] for i, line in enumerate(LINES)).encode()
    assert decode_bytes(data).lines[:len(LINES)] == LINES
    [hand] = parse_bytes(tmp_path, data)
    assert [e.line for e in hand.events] == [e.line for e in reference(tmp_path).events]
    for event in hand.events:
        assert getattr(event, "player", "") in LINES[event.line - 1]


def test_error_lines_refer_to_the_original_file(tmp_path: Path) -> None:
    """Two hands in CRLF, LF and lone CR: the bad line's number is the one an editor shows."""
    bad = LINES[:18] + ["Hero: jumps $400"] + LINES[18:]
    lines = LINES + ["", ""] + bad
    data = "".join(line + ("\r\n", "\r", "\n")[i % 3] for i, line in enumerate(lines)).encode()
    first, error = parse_bytes(tmp_path, data)
    assert isinstance(first, Hand) and isinstance(error, ParseError)
    raw_lines = re.split(rb"\r\n|\r|\n", data)  # "\r" then an empty "\n" line is one CRLF
    assert (error.line, error.column) == (raw_lines.index(b"Hero: jumps $400") + 1, 7)
    assert error.line > len(LINES) + 18


def test_binary_data_is_not_text() -> None:
    with pytest.raises(DecodeError, match="binary"):
        decode_bytes(bytes(range(256)) * 8)


@pytest.mark.parametrize(("site", "name", "encoding"), [
    ("fulltilt", "cash-Razz-USD-0.10-0.20-201012.CCT.and.ET.timeformat.txt", "utf-16"),
    ("fulltilt", "tour-Razz-USD-HUSNG-2-201102.Villain.allin.on.bringing.txt", "utf-16"),
    ("pokerstars", "cash-HH20110417 Salm IX - $0.04-$0.08 Ante $0.01 - USD Limit Stud.txt", "utf-8-sig"),
    ("pokerstars", "tour-Razz-8max-USD-200-15-201009.bracket.in.alias.txt", "utf-8"),
])
def test_corpus_encodings(corpus: Path, site: str, name: str, encoding: str) -> None:
    data = (corpus / site / name).read_bytes()
    decoded = decode_bytes(data)
    assert decoded.encoding == encoding
    assert decoded.lines[0].startswith(("PokerStars Game #", "PokerStars Hand #", "Full Tilt Poker Game #"))
    assert len(decoded.lines) == len(re.split(r"\r\n|\r|\n", data.decode(encoding)))
