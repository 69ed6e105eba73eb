"""The one reader (grammar/reader.py): bytes as the sites wrote them give the lines a whole-file decode
gives, numbered as in the original file, whatever its reads cut; the SHA-256 of the bytes read; hand
blocks, a block too large as one error after which the file reads on; all in bounded memory."""

from __future__ import annotations

import hashlib
import re
import tracemalloc
from itertools import islice
from pathlib import Path

import pytest
from helpers.odd_files import ODD_FILES
from helpers.odd_files import UNREADABLE
from helpers.parsing import OLD_STYLE_HAND

from studbook.events import Note
from studbook.grammar import Block
from studbook.grammar import ParseError
from studbook.grammar import parse_block
from studbook.grammar import parse_file
from studbook.grammar import read_blocks
from studbook.grammar import reader
from studbook.grammar.reader import MAX_BLOCK_CHARS
from studbook.grammar.reader import LogReader
from studbook.grammar.reader import file_stamp
from studbook.grammar.reader import split_blocks
from studbook.grammar.records import FileError
from studbook.hand import Hand

LINES = OLD_STYLE_HAND.rstrip("\n").split("\n")  # a real PokerStars hand, 31 lines
HEADER = LINES[0]
READABLE = [name for name in ODD_FILES if name not in UNREADABLE]


def whole_file_lines(data: bytes) -> tuple[str, list[str]]:
    """The encoding and lines of ``data`` decoded at once, as studbook read files before it streamed them
    (grammar/decode.py): whatever its reads cut, the reader must give exactly these."""
    if data.startswith((b"\xff\xfe", b"\xfe\xff")):
        encoding = "utf-16"
    elif data.startswith(b"\xef\xbb\xbf"):
        encoding = "utf-8-sig"
    elif len(data) >= 4 and data[1] == 0 and data[3] == 0 and data[0] != 0:
        encoding = "utf-16-le"
    else:
        try:
            data.decode("utf-8")
            encoding = "utf-8"
        except UnicodeDecodeError:
            encoding = "cp1252"
    text = data.decode(encoding, errors="replace").lstrip("\x00\ufeff")
    return encoding, [line.replace("\x00", "").rstrip() for line in re.split(r"\r\n|\n|\r", text)]


def lines_of(data: bytes) -> tuple[str | None, list[str]]:
    log = LogReader(data)
    lines = list(log.lines())
    return log.encoding, lines


def parse_bytes(tmp_path: Path, data: bytes, name: str = "hands.txt") -> list:
    path = tmp_path / name
    path.write_bytes(data)
    return list(parse_file(path))


def reference(tmp_path: Path) -> Hand:
    [hand] = parse_bytes(tmp_path, OLD_STYLE_HAND.encode(), "reference.txt")
    return hand


# ---- decoding: the lines of a whole-file decode, whatever the reads cut ---------------------------------


@pytest.mark.parametrize("read_bytes", [1, 3, 4096, reader.READ_BYTES])
@pytest.mark.parametrize("name", READABLE)
def test_lines_are_those_of_a_whole_file_decode(name: str, read_bytes: int,
                                                monkeypatch: pytest.MonkeyPatch) -> None:
    """Reads cut \\r\\n pairs, UTF-8 sequences and UTF-16 code units anywhere; nothing changes."""
    monkeypatch.setattr(reader, "READ_BYTES", read_bytes)
    assert lines_of(ODD_FILES[name]) == whole_file_lines(ODD_FILES[name])


@pytest.mark.parametrize(("encoded", "encoding"), [
    (("\ufeff" + OLD_STYLE_HAND).encode("utf-16-le"), "utf-16"),
    (OLD_STYLE_HAND.encode("utf-16"), "utf-16"),
    (b"\xfe\xff" + OLD_STYLE_HAND.encode("utf-16-be"), "utf-16"),
    (OLD_STYLE_HAND.encode("utf-16-le"), "utf-16-le"),
    (OLD_STYLE_HAND.encode("utf-8-sig"), "utf-8-sig"),
    (OLD_STYLE_HAND.encode("utf-8"), "utf-8"),
    (OLD_STYLE_HAND.replace("\n", "\r\n").encode(), "utf-8"),
    (b"\x00" + OLD_STYLE_HAND.encode(), "utf-8"),
], ids=["utf16le-bom", "utf16-native-bom", "utf16be-bom", "utf16le-no-bom", "utf8-bom", "utf8", "crlf",
        "leading-nul"])
def test_every_encoding_gives_the_same_hand(tmp_path: Path, encoded: bytes, encoding: str) -> None:
    found, lines = lines_of(encoded)
    assert found == encoding and lines[:len(LINES)] == LINES
    [hand] = parse_bytes(tmp_path, encoded)
    expected = reference(tmp_path)
    assert (hand.events, hand.seats, hand.summary) == (expected.events, expected.seats, expected.summary)
    assert (hand.source.first_line, hand.source.last_line) == (1, 31)


def test_cp1252_and_trailing_spaces(tmp_path: Path) -> None:
    """An EUR sign is byte 0x80 in cp1252; the sites' trailing spaces mean nothing."""
    text = OLD_STYLE_HAND.replace("Hero: bets $400\n", 'Hero: bets $400 \nJosé said, "5€ ¡olé!" \n')
    data = text.encode("cp1252")
    assert b"\x80" in data and lines_of(data)[0] == "cp1252"
    [hand] = parse_bytes(tmp_path, data)
    assert Note(19, "chat", 'José said, "5€ ¡olé!"', "José") in hand.events


def test_cp1252_when_a_byte_far_into_the_file_is_not_utf8(tmp_path: Path) -> None:
    """UTF-8 or cp1252 is decided on the whole file, not its first read: a café written in cp1252 three
    reads in makes the whole file cp1252, its first hand included."""
    hands = (OLD_STYLE_HAND + "\n\n") * (3 * reader.READ_BYTES // len(OLD_STYLE_HAND) + 1)
    data = ("Dealer said, \u00a1hola!\n\n" + hands).encode("utf-8") + "caf\xe9\n".encode("cp1252")
    assert len(data) > 3 * reader.READ_BYTES
    encoding, lines = lines_of(data)
    assert encoding == "cp1252" and (lines[0], lines[-2]) == ("Dealer said, \u00c2\u00a1hola!", "caf\xe9")
    assert lines == whole_file_lines(data)[1]
    first, block = islice(read_blocks(data), 2)
    assert isinstance(first, Block) and first.dialect is None and isinstance(block, Block)
    hand = parse_block(block)
    assert isinstance(hand, Hand) and hand.source.first_line == 3


def test_mixed_line_endings_keep_the_file_line_numbers(tmp_path: Path) -> None:
    endings = ["\r\n", "\n", "\r"]
    data = "".join(line + endings[i % 3] for i, line in enumerate(LINES)).encode()
    assert lines_of(data)[1][:len(LINES)] == LINES
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


@pytest.mark.parametrize(("site", "name", "encoding"), [
    ("fulltilt", "cash-Razz-USD-0.10-0.20-201012.CCT.and.ET.timeformat.txt", "utf-16"),
    ("fulltilt", "tour-Razz-USD-HUSNG-2-201102.Villain.allin.on.bringing.txt", "utf-16"),
    ("pokerstars", "cash-HH20110417 Salm IX - $0.04-$0.08 Ante $0.01 - USD Limit Stud.txt", "utf-8-sig"),
    ("pokerstars", "tour-Razz-8max-USD-200-15-201009.bracket.in.alias.txt", "utf-8"),
])
def test_corpus_encodings(corpus: Path, site: str, name: str, encoding: str) -> None:
    data = (corpus / site / name).read_bytes()
    found, lines = lines_of(data)
    assert found == encoding
    assert lines[0].startswith(("PokerStars Game #", "PokerStars Hand #", "Full Tilt Poker Game #"))
    assert len(lines) == len(re.split(r"\r\n|\r|\n", data.decode(encoding)))


def test_a_nul_filled_region_is_blank(tmp_path: Path) -> None:
    """A log preallocated and zero-filled before a crash: megabytes of NULs are a blank line, not a
    line too long for any block."""
    hands = OLD_STYLE_HAND * 5  # enough text first that the NULs do not look like a binary file's
    data = hands.encode() + b"\x00" * (3 * MAX_BLOCK_CHARS) + b"\n\n" + OLD_STYLE_HAND.encode()
    results = parse_bytes(tmp_path, data)
    assert len(results) == 6 and all(isinstance(result, Hand) for result in results)
    assert results[-1].source.first_line == 5 * len(LINES) + 3


# ---- what cannot be read ----------------------------------------------------------------------------


def test_binary_data_is_not_text(tmp_path: Path) -> None:
    assert parse_bytes(tmp_path, bytes(range(256)) * 8, "a.png") == [
        FileError(str(tmp_path / "a.png"), 1, 1, None, None, "binary data, not a text hand history")]


@pytest.mark.parametrize("data", [b"", b" \r\n\t\n"], ids=["empty", "blank"])
def test_an_empty_file_has_no_hands(tmp_path: Path, data: bytes) -> None:
    assert parse_bytes(tmp_path, data) == [
        FileError(str(tmp_path / "hands.txt"), 1, 1, None, None, "empty file: no hands")]


def test_an_unreadable_file_is_one_error(tmp_path: Path) -> None:
    for path, why in ((tmp_path / "missing.txt", "No such file or directory"), (tmp_path, "Is a directory")):
        log = LogReader(path)
        assert list(log) == [FileError(str(path), 0, 0, None, None, f"cannot read file: {why}")]
        assert log.error is not None and log.stamp is None


# ---- the stamp ------------------------------------------------------------------------------------------


@pytest.mark.parametrize("name", ODD_FILES)
def test_the_stamp_is_the_sha256_and_size_of_the_bytes_read(name: str, tmp_path: Path,
                                                            monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / f"{name}.txt"
    path.write_bytes(ODD_FILES[name])
    expected = (hashlib.sha256(ODD_FILES[name]).hexdigest(), len(ODD_FILES[name]))
    for read_bytes in (7, reader.READ_BYTES):
        monkeypatch.setattr(reader, "READ_BYTES", read_bytes)
        for log in (LogReader(path), LogReader(ODD_FILES[name], "bytes.txt")):
            blocks = list(log)
            if name in UNREADABLE:
                assert log.stamp is None and blocks == [log.error]
            else:
                assert log.stamp is not None and (log.stamp.sha256, log.stamp.bytes) == expected
                assert log.error is None
    assert (file_stamp(path).sha256, file_stamp(path).bytes) == expected


# ---- hand blocks ----------------------------------------------------------------------------------------


def test_blocks_are_trimmed_and_numbered_as_in_the_file() -> None:
    text = f"\n\n{OLD_STYLE_HAND}\n\n\n{OLD_STYLE_HAND}\n  \n".encode()
    first, second = read_blocks(text, "hands.txt")
    assert isinstance(first, Block) and isinstance(second, Block)
    assert (first.file, first.first_line, first.last_line, first.lines) == ("hands.txt", 3, 33, LINES)
    assert (second.first_line, second.last_line, second.lines) == (37, 67, LINES)
    assert first.dialect is second.dialect is not None and first.dialect.name == "pokerstars"


def test_an_unknown_sites_text_is_reported_not_dropped(tmp_path: Path) -> None:
    """Text no dialect recognises, before the first hand or in a file of its own, is a block of its own,
    which parses to an error that quotes it; only '#' comments may stand before the first hand."""
    unknown = "***** Hand History for Game 4071209436 *****\n$0.10/$0.20 7 Card Stud - Monday\n"
    results = parse_bytes(tmp_path, (unknown + "\n" + OLD_STYLE_HAND).encode())
    assert [type(result) for result in results] == [ParseError, Hand]
    assert (results[0].line, results[0].raw) == (1, unknown.rstrip("\n"))
    assert ("no hand header recognised: site or format not supported; the block starts '***** Hand History"
            in results[0].message)
    assert results[1].source.first_line == 4
    [alone] = parse_bytes(tmp_path, unknown.encode())
    assert isinstance(alone, ParseError) and "not supported" in alone.message
    assert [type(r) for r in parse_bytes(tmp_path, ("# my log\n#\n\n" + OLD_STYLE_HAND).encode())] == [Hand]
    commented = parse_bytes(tmp_path, ("# my log\n" + unknown + OLD_STYLE_HAND).encode())
    assert [type(r) for r in commented] == [ParseError, Hand] and commented[0].line == 1


def test_split_blocks_reads_lines_given_as_a_list() -> None:
    blocks = list(split_blocks("x.txt", ["", "# note", *LINES, "", *LINES]))
    assert [(block.first_line, block.last_line) for block in blocks] == [(3, 33), (35, 65)]


# ---- too large: one error, not held, and the file reads on -----------------------------------------------


def too_large_hand(hand_id: str) -> str:
    chat = "".join(f'Player0 said, "line {n} of a chat that goes on and on and on"\n'
                   for n in range(MAX_BLOCK_CHARS // 50))
    return HEADER.replace("15043388146", hand_id) + "\n" + chat


def test_a_block_too_large_is_one_error_and_the_next_hand_parses(tmp_path: Path) -> None:
    big = too_large_hand("999")
    data = (OLD_STYLE_HAND + "\n" + big + "\r\n\r\n" + OLD_STYLE_HAND.replace("\n", "\r\n")).encode()
    first, error, last = parse_bytes(tmp_path, data)
    assert isinstance(first, Hand) and isinstance(error, ParseError) and isinstance(last, Hand)
    big_lines = big.count("\n")
    assert (error.file, error.line, error.column) == (str(tmp_path / "hands.txt"), 33, 1)
    assert (error.hand_id, error.site, error.raw) == ("999", "pokerstars", "")
    header = HEADER.replace("15043388146", "999")
    assert error.message == (f"block too large to be a hand: lines 33 to {32 + big_lines}, over "
                             f"{MAX_BLOCK_CHARS:,} characters; it starts {header[:80]!r}")
    assert last.source.first_line == 32 + big_lines + 3
    assert [e.line for e in last.events] == [e.line + last.source.first_line - 1 for e in first.events]


@pytest.mark.parametrize("where", ["in a hand", "before the first hand", "alone"])
def test_a_line_too_long_is_its_blocks_error(tmp_path: Path, where: str) -> None:
    """Three million characters without a line break: one error for its block, whose line is known."""
    long = "x" * (3 * MAX_BLOCK_CHARS) + "\n"
    text = {"in a hand": OLD_STYLE_HAND + long + "\n" + OLD_STYLE_HAND,
            "before the first hand": "junk\n" + long + "\n" + OLD_STYLE_HAND,
            "alone": long}[where]
    results = parse_bytes(tmp_path, text.encode())
    errors = [result for result in results if isinstance(result, ParseError)]
    assert len(errors) == 1 and "block too large to be a hand" in errors[0].message
    assert errors[0].line == 1
    unknown = "no hand header recognised (unknown site or format), block too large"
    assert errors[0].message.startswith(unknown) == (where != "in a hand")
    if where != "alone":
        hand = results[-1]
        assert isinstance(hand, Hand) and hand.source.first_line == text[:text.rindex(HEADER)].count("\n") + 1


@pytest.mark.parametrize("shape", ["lines", "one line", "between hands"])
def test_a_big_junk_file_is_read_in_bounded_memory(tmp_path: Path, shape: str) -> None:
    """Thirty MB of junk is never held: the reader keeps a read, a piece of text and one block at most."""
    path = tmp_path / "junk.txt"
    junk_line = "?? " + "junk " * 11 + "\n"  # 60 characters
    count = 31_000_000 // len(junk_line)
    with path.open("w", encoding="utf-8", newline="") as out:
        out.write(OLD_STYLE_HAND if shape == "between hands" else "")
        if shape == "one line":
            out.writelines(junk_line[:-1] for _ in range(count))
            out.write("\n")
        else:
            out.writelines(junk_line for _ in range(count))
        out.write("\n" + OLD_STYLE_HAND)
    assert path.stat().st_size > 30_000_000
    tracemalloc.start()
    try:
        results = [(type(block), block.line if isinstance(block, ParseError) else block.first_line)
                   for block in read_blocks(path)]
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    last_line = 2 + (1 if shape == "one line" else count)
    expected = {"lines": [(ParseError, 1), (Block, last_line)],
                "one line": [(ParseError, 1), (Block, last_line)],
                "between hands": [(ParseError, 1), (Block, last_line + len(LINES))]}[shape]
    assert results == expected
    assert peak < 16 * 2**20, f"peak {peak / 2**20:.1f} MB"  # 10 MB measured; a whole-file read: 100+


def test_an_unknown_sites_hands_are_each_counted(tmp_path: Path) -> None:
    """A file of a site studbook does not read is still cut into its hands where blank lines part them:
    40 hands are 40 blocks found and 40 rejected, each quoting its own header."""
    hands = [f"Some Poker Network Game #{1000 + index}\nSeat 1: Ann ($1)\nAnn folds" for index in range(40)]
    results = parse_bytes(tmp_path, "\n\n\n".join(hands).encode())
    assert len(results) == 40 and all(isinstance(result, ParseError) for result in results)
    assert [result.line for result in results[:3]] == [1, 6, 11]
    for index, result in enumerate(results):
        assert f"not supported; the block starts 'Some Poker Network Game #{1000 + index}'" in result.message


# ---- where a block starts in the bytes, for a reader that goes on from there (import --watch) ----------

# Three hands, the middle one with a character that is two bytes in UTF-8 and a character beyond the
# BMP (four bytes in UTF-8, two code units in UTF-16), and a UTF-16 code unit whose bytes look like a
# line break in the wrong place (U+0A0D).
SAID = "Hero said, \"José 🂡\u0a0d\"\nHero: bets $400\n"
THREE = [OLD_STYLE_HAND,
         OLD_STYLE_HAND.replace("Hero: bets $400\n", SAID).replace("#15043388146", "#15043388147"),
         OLD_STYLE_HAND.replace("#15043388146", "#15043388148")]


@pytest.mark.parametrize("newline", ["\n", "\r\n", "\r"])
@pytest.mark.parametrize(("codec", "prefix", "encoding"), [
    ("utf-8", b"", "utf-8"), ("utf-8", b"\xef\xbb\xbf", "utf-8-sig"), ("utf-16-le", b"\xff\xfe", "utf-16"),
    ("utf-16-be", b"\xfe\xff", "utf-16"), ("utf-16-le", b"", "utf-16-le"), ("cp1252", b"", "cp1252")])
def test_a_block_s_byte_offset_is_where_its_header_starts(newline: str, codec: str, prefix: bytes,
                                                          encoding: str) -> None:
    texts = [text.replace("\n", newline) for text in THREE]
    if codec == "cp1252":
        texts = [text.replace("🂡\u0a0d", "€") for text in texts]
    data = prefix + "".join(texts).encode(codec)
    log = LogReader(data)
    blocks = list(log)
    assert log.encoding == encoding and len(blocks) == 3
    starts = [len(prefix) * (index > 0) + len("".join(texts[:index]).encode(codec)) for index in range(3)]
    assert [log.byte_offset(block.first_line) for block in blocks] == [0, *starts[1:]]
    assert [data[start:].startswith(texts[index][:10].encode(codec))
            for index, start in enumerate(starts)] == [prefix == b"", True, True]
    if codec != "utf-16-be":  # text read on from there, as the watcher does (big-endian needs its mark)
        read_on = LogReader(data[starts[2]:], "tail", blocks[2].first_line)
        last = blocks[2]
        assert [(block.first_line, block.lines) for block in read_on] == [(last.first_line, last.lines)]
