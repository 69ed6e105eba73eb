"""The one reader every command goes through: a log's bytes → decoded lines → hand blocks.

Whatever the site wrote: a BOM, UTF-16 with or without one, UTF-8 when the whole file is valid
UTF-8, else cp1252; a leading NUL (PartyPoker); ``\\r\\n``, ``\\n`` and a lone ``\\r`` each end exactly
one line, so line ``n`` here is line ``n`` in any editor; NULs and trailing blanks mean nothing.

The file is streamed, never held whole: a first pass decides the encoding (UTF-8 or cp1252 needs
every byte seen), the second decodes ``READ_BYTES`` bytes at a time and stamps the SHA-256 of the bytes
it reads. A block starts at a line some dialect recognises as a hand header and runs to the next;
a block of more than :data:`MAX_BLOCK_CHARS` characters is no hand: it becomes one
:class:`ParseError`, its lines counted but not kept, and the file is read on. A log whose first markup
is XML (iPoker, Merge) is read by grammar/xmlread.py instead, one block per ``<game>`` element.

Where a line starts in the bytes (:meth:`LogReader.byte_offset`, for ``import --watch``, which reads a
growing file on from where a hand starts) is found from the line breaks in the bytes themselves, counted
as the lines are, so no line is encoded again to be looked for.
"""

from __future__ import annotations

import codecs
import hashlib
import io
import re
from collections.abc import Callable
from collections.abc import Iterable
from collections.abc import Iterator
from itertools import chain
from pathlib import Path
from typing import BinaryIO
from typing import Final

from studbook.grammar.dialect import Dialect
from studbook.grammar.dialect import detect_dialect
from studbook.grammar.dialect import whole_file_dialect
from studbook.grammar.records import Block
from studbook.grammar.records import FileError
from studbook.grammar.records import FileStamp
from studbook.grammar.records import ParseError

# The largest real hands (a long tournament hand with chat) are a few tens of KB; a block a hundred
# times that is junk, a corrupt file or a missing header, and is rejected without being held.
MAX_BLOCK_CHARS = 1 << 20
READ_BYTES = 1 << 20  # bytes per read of a file (tests read a byte at a time)
_BINARY_SAMPLE = 4096  # characters at the start of the text that tell a binary file


# A line break as the reader counts them (\r\n, \n or \r), in the bytes of each encoding: in UTF-8 and
# cp1252 these bytes are never part of another character; in UTF-16 a break is one code unit (two with
# \r\n), at an even offset, which is checked, since the bytes of other characters can look like one.
_BREAKS: Final = re.compile(rb"\r\n|\n|\r")
_BREAKS_LE: Final = re.compile(rb"\r\x00\n\x00|\n\x00|\r\x00")
_BREAKS_BE: Final = re.compile(rb"\x00\r\x00\n|\x00\n|\x00\r")


class DecodeError(ValueError):
    """A file with no text to read: binary data, or nothing but blanks."""


def file_stamp(path: Path) -> FileStamp:
    """The stamp of the file as it is now, read through once (without decoding it)."""
    with path.open("rb") as file:
        digest = hashlib.file_digest(file, "sha256")
        return FileStamp(digest.hexdigest(), file.tell())


def _looks_binary(text: str) -> bool:
    """More than 1% control characters other than whitespace: a binary file, not a log with a stray NUL."""
    controls = sum(1 for ch in text if ord(ch) < 32 and ch not in "\r\n\t\f\v")
    return controls > len(text) // 100 + 2


def _encoding(stream: BinaryIO) -> str | None:
    """The encoding of the whole stream, read through once; None when it holds only ASCII blanks."""
    data = stream.read(4)
    if data.startswith((b"\xff\xfe", b"\xfe\xff")):
        return "utf-16"
    if data.startswith(b"\xef\xbb\xbf"):
        return "utf-8-sig"
    if len(data) >= 4 and data[1] == 0 and data[3] == 0 and data[0] != 0:
        return "utf-16-le"  # UTF-16 without a BOM
    utf8 = codecs.getincrementaldecoder("utf-8")()
    blank = valid = True
    while data and (blank or valid):
        blank = blank and not data.strip()
        try:
            utf8.decode(data)
        except UnicodeDecodeError:
            valid = False
        data = stream.read(READ_BYTES)
    if valid:
        try:
            utf8.decode(b"", final=True)
        except UnicodeDecodeError:
            valid = False
    if blank:
        return None
    return "utf-8" if valid else "cp1252"


def line_starts(data: bytes, encoding: str | None) -> Iterator[int]:
    """The byte offset in ``data``, text in ``encoding`` (as :class:`LogReader` names it), at which each line
    after the first starts, in order."""
    pattern, unit = _BREAKS, 1
    if encoding == "utf-16-le" or encoding == "utf-16" and not data.startswith(b"\xfe\xff"):
        pattern, unit = _BREAKS_LE, 2
    elif encoding == "utf-16":
        pattern, unit = _BREAKS_BE, 2
    for found in pattern.finditer(data):
        if found.start() % unit == 0:
            yield found.end()


def _decoded(stream: BinaryIO, encoding: str, seen: Callable[[bytes], object]) -> Iterator[str]:
    """The stream's text, ``READ_BYTES`` bytes at a time, each read shown to ``seen`` (which hashes it)."""
    decoder = codecs.getincrementaldecoder(encoding)(errors="replace")
    while data := stream.read(READ_BYTES):
        seen(data)
        yield decoder.decode(data)
    yield decoder.decode(b"", final=True)


def _text_start(pieces: Iterator[str]) -> str:
    """The text's first piece(s), without the leading NULs and BOMs, refused when it is binary."""
    head = ""
    for piece in pieces:
        head = head + piece if head else piece.lstrip("\x00\ufeff")
        if len(head) >= _BINARY_SAMPLE:
            break
    if _looks_binary(head[:_BINARY_SAMPLE]):
        raise DecodeError("binary data, not a text hand history")
    return head


def _split(text: str) -> tuple[list[str], str]:
    """``text`` cut at each ``\\r\\n``, ``\\n`` or ``\\r``: the lines it ends, NULs and trailing blanks
    dropped, and what follows the last break as it is (a line the next piece of text may go on)."""
    if "\r" in text:  # replacing \r\n first, then \r, cuts where the alternation \r\n|\n|\r would
        text = text.replace("\r\n", "\n").replace("\r", "\n")
    lines = text.split("\n")
    rest = lines.pop()
    if "\x00" in text:
        return [line.replace("\x00", "").rstrip() for line in lines], rest
    return [line.rstrip() for line in lines], rest


def _bounded(rest: str) -> str:
    """A line not ended yet, cut to MAX_BLOCK_CHARS + 1 characters but over MAX_BLOCK_CHARS once its NULs
    and trailing blanks are dropped exactly when the whole line would be (a NUL-filled region is blank)."""
    rest = rest.replace("\x00", "")
    stripped = rest.rstrip()
    if len(stripped) > MAX_BLOCK_CHARS:
        return stripped[:MAX_BLOCK_CHARS] + stripped[-1]
    return rest[:MAX_BLOCK_CHARS + 1]


def _line_lists(pieces: Iterator[str]) -> Iterator[list[str]]:
    """The lines of a text given in pieces, a list per piece, as cutting the whole text would give them.

    A line too long for any block is kept only as far as it takes to make its block too large (see
    :func:`_bounded`), so a file without line breaks streams too."""
    rest = ""  # the text after the last line break so far
    for piece in chain((_text_start(pieces),), pieces):
        text = rest + piece
        cr = text.endswith("\r")  # maybe the first half of a \r\n split across two pieces
        lines, rest = _split(text[:-1] if cr else text)
        if len(rest) > MAX_BLOCK_CHARS:
            rest = _bounded(rest)
        if cr:
            rest += "\r"
        yield lines
    lines, rest = _split(rest)
    lines.append(rest.replace("\x00", "").rstrip())
    yield lines


class LogReader:
    """One log, from a path or bytes: iterate it for its hand blocks, then read its stamp.

    Each iteration reads the source anew. A source that cannot be read yields, last, one
    :class:`FileError` (``cannot read file``, ``empty file``, ``binary data``), also kept as ``error``,
    and leaves ``stamp`` None; a source read to its end sets ``stamp``, the SHA-256 and size of the
    bytes read.
    """

    def __init__(self, source: Path | bytes, name: str | None = None, first_line: int = 1) -> None:
        self.source = source
        self.first_line = first_line  # the number of the source's first line (a file's tail: not 1)
        self.name = name if name is not None else str(source) if isinstance(source, Path) else "<bytes>"
        self.encoding: str | None = None  # known once the first pass is done
        self.stamp: FileStamp | None = None
        self.error: ParseError | None = None  # what stopped the source being read, also yielded

    def _open(self) -> BinaryIO:
        return io.BytesIO(self.source) if isinstance(self.source, bytes) else self.source.open("rb")

    def lines(self) -> Iterator[str]:
        """The decoded lines, line 1 first; raises OSError, or DecodeError for a file with no text."""
        return chain.from_iterable(self._line_lists())

    def _line_lists(self) -> Iterator[list[str]]:
        self.stamp = None
        with self._open() as stream:
            self.encoding = _encoding(stream)
        if self.encoding is None:
            raise DecodeError("empty file: no hands")
        digest = hashlib.sha256()
        with self._open() as stream:
            yield from _line_lists(_decoded(stream, self.encoding, digest.update))
            self.stamp = FileStamp(digest.hexdigest(), stream.tell())

    def byte_offset(self, line: int) -> int:
        """Where the line numbered ``line`` (as the blocks number it) starts in the source, in bytes; the
        source's end if it has fewer lines. Known once the source has been read (its encoding found)."""
        if line <= self.first_line:
            return 0
        with self._open() as stream:
            data = stream.read()
        number = self.first_line
        for start in line_starts(data, self.encoding):
            number += 1
            if number == line:
                return start
        return len(data)

    def __iter__(self) -> Iterator[Block | ParseError]:
        self.error = None
        try:
            yield from _blocks(self.name, self.lines(), self.first_line)
            return
        except OSError as error:
            self.error = FileError(self.name, 0, 0, None, None, f"cannot read file: {error.strerror}")
        except DecodeError as undecodable:  # not ``error`` again: mypyc types a name once per function
            self.error = FileError(self.name, 1, 1, None, None, str(undecodable))
        yield self.error


def read_blocks(source: Path | bytes, name: str | None = None) -> Iterator[Block | ParseError]:
    """The hand blocks of one log, or one ParseError when the log itself cannot be read."""
    return iter(LogReader(source, name))


def _blocks(file: str, lines: Iterator[str], first_line: int) -> Iterator[Block | ParseError]:
    """The blocks of a text log, or of an XML log by its first non-blank line (a whole file only: text
    read on from ``first_line`` > 1, as ``import --watch`` does, is split as text)."""
    from studbook.grammar.xmlread import looks_like_xml  # it builds on this module's Block
    from studbook.grammar.xmlread import xml_blocks  # it builds on this module's Block

    head = []
    for line in lines:
        head.append(line)
        if line:
            break
    if first_line == 1 and head and looks_like_xml(head[-1]):
        return xml_blocks(file, chain(head, lines))
    return split_blocks(file, chain(head, lines), first_line)


def split_blocks(file: str, lines: Iterable[str], first_line: int = 1) -> Iterator[Block | ParseError]:
    """The hand blocks of a file's decoded lines (the first is line ``first_line``), blank lines around
    each trimmed.

    Non-blank text before the first header (or a file with no header at all) becomes blocks with no
    dialect, so it is reported, never dropped: a site studbook does not read is still cut into its hands
    where blank lines part them, as the sites write them, so each is counted. Only ``#`` comment lines
    (allowed in studbook's own log format) may stand before the first hand. A block over MAX_BLOCK_CHARS
    is a ParseError. A file of a format that holds one hand per file (PHH's ``.phh``) is one block.
    """
    whole = whole_file_dialect(file)
    kept: list[str] = []  # the block's lines up to its last non-blank one, until it is too large
    first = last = 0  # line numbers of the block's first and last non-blank lines; 0: no block yet
    dialect: Dialect | None = None
    size = 0  # characters of the block, counting a line break after each line
    comments_only = True  # the text before the first header is only '#' lines so far
    header = ""
    for number, line in enumerate(lines, start=first_line):
        if not line:
            continue
        found = detect_dialect(line) if whole is None else None if first else whole
        if found is not None and found is dialect and first == last and found.continues_header(header, line):
            found = None  # the rest of the header the block began with
        if found is not None:
            if first:
                yield from _finished(file, first, last, kept, dialect, header, size, comments_only)
            kept, first, last, dialect, size, header = [line], number, number, found, len(line) + 1, line
            continue
        if first and dialect is None and number - last > 1:  # a blank line parts an unknown site's hands
            yield from _finished(file, first, last, kept, dialect, header, size, comments_only)
            first = 0
        if not first:
            kept, first, last, size, header = [line], number, number, len(line) + 1, line
            comments_only = line.startswith("#")
            continue
        if dialect is None and comments_only:
            comments_only = line.startswith("#")
        size += number - last + len(line)  # the blank lines between count one each
        if size <= MAX_BLOCK_CHARS:
            if number - last > 1:
                kept.extend([""] * (number - last - 1))
            kept.append(line)
        elif kept:
            kept = []  # too large: only its size and line numbers are kept from here on
        last = number
    if first:
        yield from _finished(file, first, last, kept, dialect, header, size, comments_only)


def _finished(file: str, first: int, last: int, kept: list[str], dialect: Dialect | None, header: str,
              size: int, comments_only: bool) -> Iterator[Block | ParseError]:
    """What :func:`split_blocks` makes of the lines ``first`` to ``last``: a block, a ParseError for a
    block too large, or nothing for comments before the first hand of a hand-written log."""
    if dialect is None and comments_only:
        return
    if size <= MAX_BLOCK_CHARS:
        yield Block(file, first, kept, dialect)
        return
    message = (f"block too large to be a hand: lines {first} to {last}, over {MAX_BLOCK_CHARS:,} characters; "
               f"it starts {header[:80]!r}")
    if dialect is None:
        unknown = "no hand header recognised (unknown site or format)"
        yield ParseError(file, first, 1, None, None, f"{unknown}, {message}")
    else:
        yield ParseError(file, first, 1, dialect.hand_id(header), dialect.name, message)
