"""Bytes to lines, whatever the site wrote: BOMs, UTF-16, cp1252, CRLF, mixed endings, NULs.

Line numbers are those of the original file: each line ending (CRLF, LF or a lone CR) ends
exactly one line, so line ``n`` here is line ``n`` in any editor.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

_LINE_BREAK = re.compile(r"\r\n|\n|\r")


class DecodeError(ValueError):
    """A file that is not text (binary data, an unknown encoding)."""


@dataclass(frozen=True, slots=True)
class DecodedText:
    lines: list[str]  # trailing whitespace removed; the sites' trailing spaces mean nothing
    encoding: str


def _looks_binary(text: str) -> bool:
    sample = text[:4096]
    if not sample:
        return False
    controls = sum(1 for ch in sample if ord(ch) < 32 and ch not in "\r\n\t\f\v")
    return controls > len(sample) // 100 + 2


def decode_bytes(data: bytes) -> DecodedText:
    """Decode a hand-history file; raise :class:`DecodeError` for binary data."""
    if data.startswith(b"\xff\xfe") or data.startswith(b"\xfe\xff"):
        encoding = "utf-16"
        text = data.decode("utf-16", errors="replace")
    elif data.startswith(b"\xef\xbb\xbf"):
        encoding = "utf-8-sig"
        text = data.decode("utf-8-sig", errors="replace")
    elif len(data) >= 4 and data[1] == 0 and data[3] == 0 and data[0] != 0:
        encoding = "utf-16-le"  # UTF-16 without a BOM
        text = data.decode("utf-16-le", errors="replace")
    else:
        try:
            encoding, text = "utf-8", data.decode("utf-8")
        except UnicodeDecodeError:
            encoding, text = "cp1252", data.decode("cp1252", errors="replace")
    text = text.lstrip("\x00\ufeff")  # PartyPoker starts a file with a NUL byte
    if _looks_binary(text):
        raise DecodeError("binary data, not a text hand history")
    lines = [line.replace("\x00", "").rstrip() for line in _LINE_BREAK.split(text)]
    return DecodedText(lines=lines, encoding=encoding)
