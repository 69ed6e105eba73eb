"""Lark's built parsers kept beside the grammars, the way Python keeps bytecode beside the modules.

Building a dialect's LALR parser from its ``.lark`` file takes 34-67 ms of CPU a site and 175 ms for
the studbook format, in every process that reads such a log: the CLI, each ``import --jobs`` worker,
each Dask worker, each test process. Lark's own ``cache=`` option pickles the built parser to a file
and loads it in 2-5 ms. Lark keys that file by the grammar's text, the grammar files it imports
(base.lark), the options, and Lark's and Python's versions, and on any mismatch, or a file it cannot
read, it builds the parser and writes the file again.

Where the file goes: ``grammar/sites/__pycache__/<grammar>.<cache tag>.lark-cache`` (for example
``pokerstars.cpython-311.lark-cache``), beside the grammars as a ``.pyc`` is beside its module. The file
is unpickled, so it sits where only those who can write the grammars can write it, never in the shared
temporary folder (Lark's ``cache=True``); one file per interpreter (``sys.implementation.cache_tag``), so
the suite's 3.11 and 3.13 runs never overwrite each other's. As Python does for bytecode, nothing is
read or written when ``sys.dont_write_bytecode`` is set (``PYTHONDONTWRITEBYTECODE``) or the interpreter
has no cache tag.

Lark writes the file in place, not by renaming a finished one, and the pickled tables differ from one
process to the next (they follow hash order), so two processes building at once could leave a file
mixed from both. So each load or build holds an advisory lock (``fcntl.flock``) on ``<file>.lock``
beside it: a process that starts while another writes waits for it, then loads its file. Where there
is no ``fcntl`` (Windows) nothing is cached.

A cache that cannot be used costs only the build: when the folder cannot be made, the lock cannot be
had, or Lark cannot read or write the file (a read-only install, a truncated file), the parser is
built as without a cache, and nothing is printed: Lark catches those failures itself and logs them to
its own logger, whose level Lark sets to CRITICAL.
"""

from __future__ import annotations

import sys
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any
from typing import BinaryIO

from lark import Lark

SUFFIX = ".lark-cache"


def cache_file(grammar: Path) -> Path | None:
    """Where Lark keeps the parser built from ``grammar`` for this interpreter; None where nothing is
    cached (no bytecode written, no cache tag, no ``fcntl``, or the ``__pycache__`` folder cannot be made)."""
    tag = sys.implementation.cache_tag
    if sys.dont_write_bytecode or tag is None or sys.platform == "win32":
        return None
    folder = grammar.parent / "__pycache__"
    try:
        folder.mkdir(exist_ok=True)
    except OSError:  # a read-only install, or something else by that name
        return None
    return folder / f"{grammar.stem}.{tag}{SUFFIX}"


@contextmanager
def locked(path: Path) -> Iterator[bool]:
    """Hold an exclusive advisory lock on ``path`` (made if missing) and say so; False where it cannot be
    had (a read-only folder, a file system without locks), and then nothing is cached."""
    if sys.platform == "win32":  # cache_file() gives None there; this keeps mypy's platform checks happy
        yield False
        return
    import fcntl

    handle = _opened(path)
    if handle is None:
        yield False
        return
    with handle:  # closing it releases the lock
        try:
            fcntl.flock(handle, fcntl.LOCK_EX)
            held = True
        except OSError:
            held = False
        yield held


def _opened(lock: Path) -> BinaryIO | None:
    """The lock file, opened (made if missing); read-only where another user made it (a system-wide
    install that root ran first: a lock needs no write access, and Lark then reads the cache file
    though it cannot rewrite it); None where it cannot be opened at all."""
    try:
        return open(lock, "ab")
    except OSError:
        pass
    try:
        return open(lock, "rb")
    except OSError:
        return None


def open_grammar(grammar: Path, **options: Any) -> Lark:
    """``Lark.open(grammar, **options)``, loaded from this interpreter's cache file when it is current."""
    cache = cache_file(grammar)
    if cache is None:
        return Lark.open(str(grammar), **options)
    with locked(cache.with_name(cache.name + ".lock")) as held:
        return Lark.open(str(grammar), cache=str(cache) if held else False, **options)
