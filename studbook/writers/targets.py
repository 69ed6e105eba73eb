"""What each command writes, told by content, and the files no command replaces: hand-history logs.

A command replaces a file only when the file's content shows it is of the kind the command writes (a
studbook HTML page, a JSON export of hands, a Parquet table), or with ``--force``; a hand-history log
(any file in which a site's reader finds a hand) is never replaced, whatever the options: it may be
the only copy of a player's history. A log written by ``simulate`` or ``export`` reads as any other
log, so it is kept too: remove it to write it again.
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from contextlib import AbstractContextManager
from pathlib import Path
from typing import TextIO

from studbook.grammar import Block
from studbook.grammar import read_blocks
from studbook.outputs import HTML_MARK
from studbook.outputs import Kind
from studbook.outputs import Sniff
from studbook.outputs import check_output
from studbook.outputs import output_file as _output_file

_HTML_HEAD = 2_000  # characters: the mark is in the page's <head>, before its title


def is_hand_history(head: bytes, name: str) -> bool:
    """Whether a site's reader finds a hand in the file that begins with ``head``."""
    return any(isinstance(item, Block) and item.dialect is not None for item in read_blocks(head, name))


def _html_page(head: bytes, name: str) -> bool:
    start = head[:_HTML_HEAD].decode("utf-8", "replace")
    return start.startswith("<!DOCTYPE html>") and HTML_MARK in start


def _json_hands(head: bytes, name: str) -> bool:
    """The first line is a hand as ``export --format json`` writes it."""
    first, newline, _ = head.partition(b"\n")
    if not newline:
        return False
    try:
        record = json.loads(first)
    except ValueError:
        return False
    return isinstance(record, dict) and {"site", "hand_id", "variant", "events"} <= record.keys()


def _parquet(head: bytes, name: str) -> bool:
    return head.startswith(b"PAR1")


def _never(head: bytes, name: str) -> bool:
    return False


HTML_PAGE = Kind("a studbook HTML page", _html_page)
JSON_HANDS = Kind("a JSON export of hands", _json_hands)
PARQUET = Kind("a Parquet file", _parquet)
LOG = Kind("", _never)  # a log studbook wrote cannot be told from a site's, and is kept as one
KEPT: tuple[tuple[str, Sniff], ...] = (("a hand-history log", is_hand_history),)
# The kind of file each hand format of export and simulate writes.
HAND_FORMAT_KINDS = {"pokerstars": LOG, "studbook": LOG, "phh": LOG, "json": JSON_HANDS}


def output_file(path: Path, kind: Kind, inputs: Iterable[Path] = (),
                force: bool = False) -> AbstractContextManager[TextIO]:
    """:func:`studbook.outputs.output_file` that never replaces a hand-history log."""
    return _output_file(path, inputs, kind, force, KEPT)


def write_text(path: Path, text: str, kind: Kind, inputs: Iterable[Path] = (), force: bool = False) -> None:
    """:func:`output_file` for a whole text at once (a report page)."""
    with output_file(path, kind, inputs, force) as stream:
        stream.write(text)


def check_target(path: Path, kind: Kind, inputs: Iterable[Path] = (), force: bool = False) -> None:
    """The checks of :func:`output_file` alone: before a long piece of work whose result goes to
    ``path``, or for a file another library writes (a Parquet table)."""
    check_output(path, inputs, kind, force, KEPT)


__all__ = ["HAND_FORMAT_KINDS", "HTML_PAGE", "JSON_HANDS", "KEPT", "LOG", "PARQUET", "check_target",
           "is_hand_history", "output_file", "write_text"]
