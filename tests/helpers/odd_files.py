"""Files as the sites write them, for the reader's tests and the import's: BOMs, UTF-16 with and
without one, UTF-8 or else cp1252 (decided on the whole file), the three line endings, NULs, blank
and binary files, text before the first hand."""

from __future__ import annotations

from helpers.paths import HISTORIES

HAND = (HISTORIES / "stud8-2024-11-21.txt").read_text(encoding="utf-8")
HOLDEM = ("PokerStars Hand #164954570000:  8-Game (Hold'em Limit, $400/$800 USD) - 2017/01/21 16:55:03 ET\n"
          "Table 'Educatio' 6-max Seat #1 is the button\nSeat 1: Hero ($51125.64 in chips)\n")

ODD_FILES = {
    "utf8-bom": b"\xef\xbb\xbf" + HAND.encode(),
    "utf16": HAND.encode("utf-16"),
    "utf16-be": b"\xfe\xff" + HAND.encode("utf-16-be"),
    "utf16-le-no-bom": HAND.encode("utf-16-le"),
    "cp1252-at-the-end": (HAND + "\nNote caf\xe9\n").encode("cp1252"),
    "cp1252-undefined-bytes": HAND.encode() + b"\n\x81\x8d\xff\n",
    "utf8": HAND.replace("Luis", "Lu\u00efs").encode(),
    "crlf": HAND.replace("\n", "\r\n").encode(),
    "cr": HAND.replace("\n", "\r").encode(),
    "mixed-endings": HAND.replace("\n\n", "\r\n\r").encode(),
    "crlf-across-a-read": ("x" * 8191 + "\r\n" + HAND).encode(),
    "nuls": HAND.replace("seat", "se\x00at").encode(),
    "nul-between-cr-and-lf": HAND.replace("\n\n", "\r\x00\n").encode(),
    "leading-nul": b"\x00\x00" + HAND.encode(),
    "empty": b"",
    "blank": b" \n\r\n\t \n",
    "only-a-nul": b"\x00",
    "binary": bytes(range(256)) * 40,
    "no-final-newline": HAND.rstrip().encode(),
    "trailing-blank-lines": (HAND + "\n\n\n   \n").encode(),
    "text-before-the-first-hand": ("exported by some tool\n\n" + HAND).encode(),
    "comments-before-the-first-hand": ("# my club's log\n#\n\n" + HAND).encode(),
    "a-skipped-hand": (HOLDEM + "\n\n" + HAND).encode(),
}
UNREADABLE = ("empty", "blank", "binary")  # the files the reader gives one error for, and no stamp
