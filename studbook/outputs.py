"""The files a command writes: never over one of its inputs or a database, into a folder made for them,
and never left half written.

``export --out same.txt same.txt`` would truncate its input before reading it, and ``report -o
x.duckdb`` would replace a database with a web page: :func:`check_output` refuses both. A write that
fails (a full disk, a file too large) removes what it wrote and says so in one line
(:class:`OutputError`), so no command leaves a truncated report or log behind.
"""

from __future__ import annotations

import errno
from collections.abc import Iterable
from collections.abc import Iterator
from contextlib import contextmanager
from contextlib import suppress
from pathlib import Path
from typing import TextIO

DUCKDB_MAGIC = b"DUCK"  # bytes 8..12 of every DuckDB file


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


def check_output(path: Path, inputs: Iterable[Path] = ()) -> None:
    """Refuse to write ``path`` when it is a folder, one of ``inputs`` or a database."""
    if path.is_dir():
        raise OutputError(f"{path} is a folder: give the name of a file to write")
    if not path.exists():
        return
    if any(_same_file(path, source) for source in inputs):
        raise OutputError(f"{path} is also an input of this command: refusing to write over it")
    if path.is_file() and is_database(path):
        raise OutputError(f"{path} is a database: refusing to write over it")


def failure(path: Path, error: OSError) -> OutputError:
    """The one-line message for a write of ``path`` that failed."""
    if error.errno == errno.ENOSPC:
        return OutputError(f"cannot write {path}: no space left on the device")
    return OutputError(f"cannot write {path}: {error.strerror or error}")


@contextmanager
def output_file(path: Path, inputs: Iterable[Path] = ()) -> Iterator[TextIO]:
    """``path`` open for writing UTF-8 text, checked by :func:`check_output`, its folder created; when
    a write fails, the partial file is removed and :class:`OutputError` says why."""
    check_output(path, inputs)
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


def write_text(path: Path, text: str, inputs: Iterable[Path] = ()) -> None:
    """:func:`output_file` for a whole text at once (a report page)."""
    with output_file(path, inputs) as stream:
        stream.write(text)
