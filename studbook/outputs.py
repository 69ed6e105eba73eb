"""The files a command writes: never over one of its inputs, a database or a file it did not write,
into a folder made for them, and never left half written.

``export --out same.txt same.txt`` would truncate its input before reading it, and ``report -o
x.duckdb`` would replace a database with a web page: :func:`check_output` refuses both. An existing file
is replaced only when its content shows that the command wrote it (its :class:`Kind`), or with
``--force``; some files (``kept``: hand-history logs, named by the caller) are never replaced. A write
that fails (a full disk, a file too large) removes what it wrote and says so in one line
(:class:`OutputError`), so no command leaves a truncated report or log behind.
"""

from __future__ import annotations

import errno
from collections.abc import Callable
from collections.abc import Iterable
from collections.abc import Iterator
from contextlib import contextmanager
from contextlib import suppress
from dataclasses import dataclass
from pathlib import Path
from typing import TextIO

DUCKDB_MAGIC = b"DUCK"  # bytes 8..12 of every DuckDB file
# Written in the head of every HTML page studbook makes: how a later run knows the page is its own.
HTML_MARK = '<meta name="generator" content="studbook">'
HEAD_BYTES = 1 << 20  # what is read of an existing file to tell what it is

Sniff = Callable[[bytes, str], bool]  # (a file's first bytes, its name): whether it is of some kind


@dataclass(frozen=True, slots=True)
class Kind:
    """What a command writes: its name in messages, and how to tell a file of that kind by its first
    bytes (and name), so that the command replaces its own earlier output and nothing else."""

    name: str  # "a studbook HTML page"; empty where no content tells the kind (a log)
    ours: Sniff


class OutputError(Exception):
    """A file the command cannot or must not write; the message says which and why."""


def is_database(path: Path) -> bool:
    """Whether ``path`` is a DuckDB database file (by its header, whatever its name)."""
    with path.open("rb") as stream:
        return stream.read(12)[8:12] == DUCKDB_MAGIC


def _same_file(path: Path, other: Path) -> bool:
    try:
        return path.samefile(other)
    except OSError:
        return False


def _head(path: Path) -> bytes:
    try:
        with path.open("rb") as stream:
            return stream.read(HEAD_BYTES)
    except OSError as error:
        raise OutputError(f"cannot read {path} to tell what it is: {error.strerror or error}") from None


def check_output(path: Path, inputs: Iterable[Path] = (), kind: Kind | None = None, force: bool = False,
                 kept: Iterable[tuple[str, Sniff]] = ()) -> None:
    """Refuse to write ``path`` when it is a folder, one of ``inputs``, a database or a file ``kept``
    names (``(what it is, how to tell)``); an existing non-empty file that is not of ``kind`` only with
    ``force``. Devices (``/dev/null``) are written as they are."""
    if path.is_dir():
        raise OutputError(f"{path} is a folder: give the name of a file to write")
    if not path.exists():
        return
    if any(_same_file(path, source) for source in inputs):
        raise OutputError(f"{path} is also an input of this command: refusing to write over it")
    if not path.is_file():
        return
    if is_database(path):
        raise OutputError(f"{path} is a database: refusing to write over it")
    head = _head(path)
    if not head:
        return  # an empty file: nothing in it to lose
    if kind is not None and kind.ours(head, path.name):
        return
    for what, sniff in kept:
        if sniff(head, path.name):
            raise OutputError(f"{path} is {what}: studbook never writes over one (not even with --force); "
                              "give another name, or remove it yourself")
    if not force:
        what = f" and is not {kind.name}" if kind is not None and kind.name else ""
        raise OutputError(f"{path} already exists{what}: refusing to replace it (--force replaces it)")


def failure(path: Path, error: OSError) -> OutputError:
    """The one-line message for a write of ``path`` that failed."""
    if error.errno == errno.ENOSPC:
        return OutputError(f"cannot write {path}: no space left on the device")
    return OutputError(f"cannot write {path}: {error.strerror or error}")


@contextmanager
def output_file(path: Path, inputs: Iterable[Path] = (), kind: Kind | None = None, force: bool = False,
                kept: Iterable[tuple[str, Sniff]] = ()) -> Iterator[TextIO]:
    """``path`` open for writing UTF-8 text, checked by :func:`check_output`, its folder created; when
    a write fails, the partial file is removed and :class:`OutputError` says why."""
    check_output(path, inputs, kind, force, kept)
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        with path.open("w", encoding="utf-8", newline="\n") as stream:
            yield stream
    except OSError as error:
        _remove_partial(path)
        raise failure(path, error) from None
    except BaseException:  # interrupted: no half-written file either
        _remove_partial(path)
        raise


def _remove_partial(path: Path) -> None:
    if path.is_file():  # what was written is a truncated copy; a device (/dev/full) stays
        with suppress(OSError):
            path.unlink()
