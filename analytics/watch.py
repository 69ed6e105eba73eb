"""``studbook import --watch DIR``: keep importing the hands a poker client writes while it plays.

Every ``interval`` seconds the folder is looked at again. A file is read from where the last look
stopped (a byte offset and the line number there), so a site that appends to today's file costs only
its new hands. While a file is still growing its last hand block is held back, since the site may be
in the middle of writing it: it is read once a next hand's header follows it or the file has stopped
growing for one interval. A file that shrinks, or whose first bytes or inode change, was truncated or
rotated and is read again from its start; the database's (site, hand id) key keeps hands read twice
from being stored twice. A removed file is forgotten.

An XML log (iPoker, Merge) cannot be read from the middle: its games are elements of one document, which
a client may rewrite whole with each hand. Such a file is read whole each time it changes, and only
the games that start after the last one taken are new; while it grows, what follows its last complete
game (a game being written, an unclosed tag) waits like a text file's last hand.

The database is open only while a batch is written (open, write, close), so ``stats``, ``report`` and
``query`` work on it meanwhile; when one of them holds it just then, the batch waits for the next look.
Ctrl-C (SIGINT) ends the loop after the batch in hand; the command then says how many hands it stored.
"""

from __future__ import annotations

import signal
import threading
import time
from collections.abc import Callable
from collections.abc import Iterator
from collections.abc import Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from dataclasses import field
from dataclasses import replace
from pathlib import Path
from typing import BinaryIO

from studbook.analytics.db import DatabaseError
from studbook.analytics.db import open_for_import
from studbook.analytics.importer import ImportSummary
from studbook.analytics.importer import unchanged_files
from studbook.analytics.load import Loader
from studbook.analytics.reading import Chunk
from studbook.analytics.worker import UnitResult
from studbook.analytics.worker import process_unit
from studbook.grammar import expand_paths
from studbook.grammar.reader import DecodeError
from studbook.grammar.reader import LogReader
from studbook.grammar.reader import line_starts
from studbook.grammar.records import Block
from studbook.grammar.records import ParseError
from studbook.grammar.xmlread import looks_like_xml

TAIL_BYTES = 16 << 20  # read at most this much per look (more is read at the next, at once): bounded memory
HEAD_BYTES = 256  # a file's first bytes: when they change, the file was rewritten or rotated


@dataclass(slots=True)
class Tail:
    """How far one file has been read and imported."""

    offset: int = 0  # bytes done: up to the start of the block held back, if any (an XML log: always 0)
    line: int = 1  # the line number at ``offset`` (0: not counted yet); an XML log: games before it are done
    size: int = -1  # the size and modification time at the last look
    mtime_ns: int = 0
    inode: tuple[int, int] = (0, 0)  # (device, inode)
    head: bytes = b""


@dataclass(slots=True)
class Look:
    """What one look at the folder read: the new hand blocks and what happened to files."""

    chunks: list[Chunk] = field(default_factory=list)
    tails: dict[Path, Tail] = field(default_factory=dict)  # each file's state once this look is stored
    seen: dict[Path, Tail] = field(default_factory=dict)  # each file as seen, read up to where it was
    removed: list[Path] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)  # files truncated, rotated or removed
    more: bool = False  # there was more to read than one look reads


class Watcher:
    """The folder's files and how far each has been imported into ``db``."""

    def __init__(self, paths: Sequence[str | Path], db: Path, rule_args: tuple[str, ...] = (),
                 echo: Callable[[str], None] = print, strict: bool = False) -> None:
        self.paths = list(paths)
        self.db = db
        self.rule_args = rule_args
        self.strict = strict  # a line the site's format does not know rejects its hand
        self.echo = echo
        self.tails: dict[Path, Tail] = {}
        self.summary = ImportSummary()
        self.files_read: set[str] = set()
        self.started = False

    def start(self) -> None:
        """Open (or create) the database once, so a database that cannot be used fails at once, and skip
        the files an earlier import read whole."""
        con = open_for_import(self.db)
        try:
            files = self.files()
            unchanged = unchanged_files(con, files)
        finally:
            con.close()
        for path in unchanged:
            self.tails[path] = _tail_at_end(path)
        self.summary.unchanged, self.summary.unchanged_blocks = len(unchanged), sum(unchanged.values())
        self.started = True

    def files(self) -> list[Path]:
        return [path.resolve() for path in expand_paths(self.paths) if path.is_file()]

    def look(self) -> Look:
        """Read what is new in the files, at most ``TAIL_BYTES`` in all (``more`` says when that cut the
        look short); nothing is stored yet."""
        look = Look()
        files = self.files()
        look.removed = sorted(set(self.tails) - set(files))
        look.notes.extend(f"{gone.name}: removed" for gone in look.removed)
        budget = TAIL_BYTES
        for path in files:
            if budget <= 0:
                look.more = True
                break
            try:
                budget -= self.look_at(path, look, budget)
            except OSError as error:  # removed or unreadable between the listing and the read
                look.notes.append(f"{path.name}: cannot read: {error.strerror}")
        return look

    def look_at(self, path: Path, look: Look, budget: int) -> int:
        """Read into ``look`` what is new in ``path`` (``budget`` bytes at most; an XML log whole); how many
        bytes were read."""
        stat = path.stat()
        tail = self.tails.get(path, Tail())
        with path.open("rb") as file:
            head = file.read(HEAD_BYTES)
            xml = _opens_xml(head)
            done = tail.size if xml else tail.offset  # an XML log that shrinks was rewritten
            replaced = (stat.st_dev, stat.st_ino) != tail.inode or not head.startswith(tail.head)
            rewritten = tail.size >= 0 and (stat.st_size < done or replaced)
            if rewritten:
                look.notes.append(f"{path.name}: truncated or replaced, read again from its start")
                tail = Tail()
            growing = (stat.st_size, stat.st_mtime_ns) != (tail.size, tail.mtime_ns)
            if xml:
                tail = replace(tail, offset=0)
            elif tail.line == 0:
                tail = replace(tail, line=_line_at(file, tail.offset))
            file.seek(tail.offset)
            data = file.read(stat.st_size - tail.offset if xml else min(stat.st_size - tail.offset, budget))
        new = Tail(tail.offset, tail.line, stat.st_size, stat.st_mtime_ns, (stat.st_dev, stat.st_ino), head)
        look.seen[path] = replace(new)
        if data.strip(b" \t\r\n\x00"):
            held_back = growing or tail.offset + len(data) < stat.st_size
            if xml:
                blocks, new.line = _new_games(path, data, tail.line, held_back)
            else:
                blocks, new.offset, new.line = _complete_blocks(path, data, tail, held_back)
            if blocks:
                look.chunks.append(Chunk(str(path), blocks, False))
            look.more = look.more or tail.offset + len(data) < stat.st_size
        look.tails[path] = new
        return len(data)

    def store(self, look: Look) -> bool:
        """Write the look's hands in one batch; False when the database is busy (another command holds
        it), so the same hands are read again at the next look."""
        results = [process_unit(look.chunks, self.rule_args, self.strict)] if look.chunks else []
        if results:
            try:
                con = open_for_import(self.db)
            except DatabaseError as error:
                self.echo(f"{time.strftime('%H:%M:%S')}  database busy, trying again: {error}")
                self.tails.update(look.seen)  # read again, but as seen: not growing if unchanged
                return False
            try:
                outcome = Loader(con).write(results)
            finally:
                con.close()
            for result in results:
                self.summary.add_unit(result)
                self.files_read.update(part.path for part in result.parts)
            self.summary.add_batch(outcome)
            self.echo(_batch_line(results, outcome.imported, outcome.already_present))
        for note in look.notes:
            self.echo(f"{time.strftime('%H:%M:%S')}  {note}")
        for path in look.removed:
            del self.tails[path]
        self.tails.update(look.tails)
        self.summary.files = len(self.files_read)
        return True

    def run(self, interval: float, stop: threading.Event) -> ImportSummary:
        """Look and store until ``stop`` is set; a look that had more to read looks again at once."""
        if not self.started:
            self.start()
        while not stop.is_set():
            look = self.look()
            if not (self.store(look) and look.more):
                stop.wait(interval)
        return self.summary


def _tail_at_end(path: Path) -> Tail:
    """A file read whole before: its line number at the end is counted only if it grows (an XML log that
    changes is read again whole, and the games it held are found already present)."""
    stat = path.stat()
    with path.open("rb") as file:
        head = file.read(HEAD_BYTES)
    return Tail(stat.st_size, 0, stat.st_size, stat.st_mtime_ns, (stat.st_dev, stat.st_ino), head)


def _opens_xml(head: bytes) -> bool:
    """Whether a log whose first bytes are ``head`` is XML, as the reader decides it (its first non-blank
    line opens markup)."""
    try:
        first = next((line for line in LogReader(head).lines() if line), "")
    except (OSError, DecodeError):
        return False
    return looks_like_xml(first)


def _line_at(file: BinaryIO, offset: int) -> int:
    """The number of the line at byte ``offset`` of ``file``, counted as the reader counts lines."""
    file.seek(0)
    data = file.read(offset)
    try:
        return sum(1 for _ in LogReader(data).lines()) if data else 1
    except DecodeError:
        return 1


def _new_games(path: Path, data: bytes, after: int, held_back: bool) -> tuple[list[Block | ParseError], int]:
    """The games of a whole XML log that start on line ``after`` or later (and its errors there), and the
    line to take games from next time. With ``held_back`` (still written) what follows the last
    complete game waits: a game cut off or a tag half written is not an error yet."""
    found = [item for item in LogReader(data, str(path)) if _line_of(item) >= after]
    if held_back:
        ends = [index for index, item in enumerate(found) if isinstance(item, Block)]
        found = found[:ends[-1] + 1] if ends else []
    return found, (_line_of(found[-1]) + 1 if found else after)


def _line_of(item: Block | ParseError) -> int:
    return item.first_line if isinstance(item, Block) else item.line


def _complete_blocks(path: Path, data: bytes, tail: Tail,
                     held_back: bool) -> tuple[list[Block | ParseError], int, int]:
    """The blocks of ``data`` (the file's bytes from ``tail.offset``) that are surely whole, and the offset
    and line number to read from next time. With ``held_back`` the last block waits: the file is still
    being written, or ``data`` stops short of its end."""
    reader = LogReader(data, str(path), tail.line)
    blocks = list(reader)
    if not held_back or not blocks or not isinstance(blocks[-1], Block):
        breaks = sum(1 for _ in line_starts(data, reader.encoding))
        return blocks, tail.offset + len(data), tail.line + breaks
    last = blocks[-1]
    return blocks[:-1], tail.offset + reader.byte_offset(last.first_line), last.first_line


def _batch_line(results: list[UnitResult], imported: int, present: int) -> str:
    parts = [part for result in results for part in result.parts]
    files = sorted({Path(part.path).name for part in parts})
    found = sum(part.found for part in parts)
    rejected = sum(part.rejected for part in parts)
    skipped = sum(part.skipped for part in parts)
    extra = "".join(f", {count} {what}" for count, what in ((present, "already present"),
                                                             (skipped, "skipped (not stud)"),
                                                             (rejected, "rejected")) if count)
    return (f"{time.strftime('%H:%M:%S')}  +{_counted(imported, 'hand')} ({_counted(found, 'block')}{extra}) "
            f"from {', '.join(files)}")


def _counted(count: int, noun: str) -> str:
    return f"{count:,} {noun}" if count == 1 else f"{count:,} {noun}s"


@contextmanager
def _sigint_sets(stop: threading.Event, interrupted: threading.Event) -> Iterator[None]:
    """In the main thread, Ctrl-C sets ``stop`` (the batch in hand is finished) and ``interrupted`` instead
    of raising."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return

    def stopped(signum: int, frame: object) -> None:
        interrupted.set()
        stop.set()

    before = signal.signal(signal.SIGINT, stopped)
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, before)


def watch(paths: Sequence[str | Path], db: Path, interval: float, rule_args: tuple[str, ...] = (),
          echo: Callable[[str], None] = print, stop: threading.Event | None = None,
          strict: bool = False) -> ImportSummary:
    """Import ``paths`` (folders are searched recursively) and keep importing what is written to them
    until ``stop`` is set or Ctrl-C (then ``interrupted`` in the summary); the summary of everything
    imported."""
    stop = stop or threading.Event()
    interrupted = threading.Event()
    watcher = Watcher(paths, db, rule_args, echo, strict)
    with _sigint_sets(stop, interrupted):
        watcher.start()
        echo(f"watching {', '.join(map(str, paths))} every {interval:g} s; Ctrl-C ends")
        summary = watcher.run(interval, stop)
    summary.interrupted = interrupted.is_set()
    return summary
