"""Files as a stream of chunks of hand blocks, so an import holds a bounded number of hands at a time.

``studbook.grammar`` reads a file whole (decode, then split), but one file can hold a million
hands. This reader decodes as grammar/decode.py does (a BOM, UTF-16, else UTF-8 when the whole
file is valid UTF-8, else cp1252; a leading NUL; ``\\r\\n``, ``\\n`` and ``\\r`` each end a line; NULs
and trailing blanks dropped) one line at a time, and cuts the lines before a hand header once a
chunk holds ``size`` headers. Every chunk but a file's first starts at a header, so splitting the
chunks gives exactly the blocks, and the line numbers, of splitting the whole file. A file's last
chunk carries the SHA-256 of the bytes read, which is how a later import knows the file unchanged.
"""

from __future__ import annotations

import codecs
import hashlib
import io
from collections.abc import Iterator
from dataclasses import dataclass, replace
from pathlib import Path

from studbook.analytics.db import DEFAULT_CHUNK
from studbook.grammar.blocks import Block, split_blocks
from studbook.grammar.decode import DecodeError, _looks_binary  # the same test as a whole-file read
from studbook.grammar.dialect import detect_dialect
from studbook.grammar.parse import ParseError

_BINARY_SAMPLE = 4096  # characters _looks_binary inspects
_READ = 1 << 20  # bytes per read of a file


@dataclass(frozen=True, slots=True)
class FileStamp:
    """What identifies a file's content: the SHA-256 (hex) and the number of its bytes."""

    sha256: str
    bytes: int


def file_stamp(path: Path) -> FileStamp:
    """The stamp of the file as it is now, read through once."""
    with path.open("rb") as file:
        digest = hashlib.file_digest(file, "sha256")
        return FileStamp(digest.hexdigest(), file.tell())


class _HashingReader(io.RawIOBase):
    """A binary file that hashes what is read from it, so a stamp costs no second read."""

    def __init__(self, raw: io.FileIO) -> None:
        self.raw, self.hash, self.size = raw, hashlib.sha256(), 0

    def readable(self) -> bool:
        return True

    def readinto(self, buffer: memoryview) -> int:  # type: ignore[override]
        count = self.raw.readinto(buffer) or 0
        self.hash.update(memoryview(buffer)[:count])
        self.size += count
        return count

    def close(self) -> None:
        self.raw.close()
        super().close()

    def stamp(self) -> FileStamp:
        return FileStamp(self.hash.hexdigest(), self.size)


@dataclass(frozen=True, slots=True)
class Chunk:
    """Consecutive lines of one file, or the error that stopped the file being read at all."""

    file: str
    first_line: int  # 1-based line of lines[0] in the file
    lines: list[str]
    last: bool  # the file's last chunk
    error: ParseError | None = None
    stamp: FileStamp | None = None  # on the last chunk of a file read to its end

    def blocks(self) -> Iterator[Block | ParseError]:
        """The chunk's hand blocks, numbered by their lines in the whole file."""
        if self.error is not None:
            yield self.error
            return
        offset = self.first_line - 1
        for block in split_blocks(self.file, self.lines):
            yield replace(block, first_line=block.first_line + offset) if offset else block


def _encoding(path: Path) -> str | None:
    """The encoding grammar/decode.py would pick for the whole file; None for a blank file."""
    with path.open("rb") as file:
        data = file.read(4)
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
            data = file.read(_READ)
        if valid:
            try:
                utf8.decode(b"", final=True)
            except UnicodeDecodeError:
                valid = False
    if blank:
        return None
    return "utf-8" if valid else "cp1252"


def _lines(hashing: _HashingReader, encoding: str) -> Iterator[str]:
    """The lines of the file ``hashing`` reads, as grammar/decode.py gives them; raises DecodeError
    for binary data."""
    with io.TextIOWrapper(io.BufferedReader(hashing, _READ), encoding=encoding, errors="replace",
                          newline="") as file:
        head: list[str] = []
        length = 0
        for line in file:  # newline="": any of \r\n, \n, \r ends a line, kept at its end
            if not head:
                line = line.lstrip("\x00\ufeff")  # PartyPoker starts a file with a NUL byte
            head.append(line)
            length += len(line)
            if length >= _BINARY_SAMPLE:
                break
        if _looks_binary("".join(head)[:_BINARY_SAMPLE]):
            raise DecodeError("binary data, not a text hand history")
        for line in head:
            yield line.replace("\x00", "").rstrip()
        for line in file:
            yield line.replace("\x00", "").rstrip()


def read_chunks(path: Path, size: int = DEFAULT_CHUNK) -> Iterator[Chunk]:
    """The file in chunks of at most ``size`` hand blocks (plus any text before the first hand);
    at least one chunk, the last one marked, whatever the file holds."""
    name = str(path)

    def failed(line: int, column: int, message: str) -> Chunk:
        return Chunk(name, line, [], True, ParseError(name, line, column, None, None, message))

    try:
        encoding = _encoding(path)
        if encoding is None:
            yield failed(1, 1, "empty file: no hands")
            return
        lines: list[str] = []
        first, headers = 1, 0
        hashing = _HashingReader(io.FileIO(path))
        for number, line in enumerate(_lines(hashing, encoding), start=1):
            if line and detect_dialect(line) is not None:
                if headers == size:
                    yield Chunk(name, first, lines, False)
                    lines, first, headers = [], number, 0
                headers += 1
            lines.append(line)
    except OSError as error:
        yield failed(0, 0, f"cannot read file: {error.strerror}")
        return
    except DecodeError as error:
        yield failed(1, 1, str(error))
        return
    yield Chunk(name, first, lines, True, stamp=hashing.stamp())
