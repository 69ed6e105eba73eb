"""``studbook import``: files are read as chunks of hand blocks, which go to worker processes; their
results come back in input order to one writer.

Each step holds a bounded number of hands: a file is read a chunk at a time (analytics/reading.py),
at most ``2 * jobs`` chunks are out with the workers, and a batch holds about ``batch_size`` hands. While
the writer stores one batch, the next is gathered (two batches in memory at most). DuckDB's cache is
capped (analytics/db.py) and the parsers' line caches are bounded, so memory does not grow with the
input: peak RSS of --jobs 1 was 304 MB at 50k simulated hands and 314 MB at 200k (all five games).
The chunks of one big file go to different workers like the chunks of different files. With more than
one job the workers also work out their chunks' per-seat facts (analytics/worker.py), so the writer, a
thread of the importing process, holds no facts database (peak RSS of --jobs 2 on 200k simulated hands:
416 MB with the facts in the writer, 370 MB in the workers). With one job the chunks are parsed in this
process and the writer thread works out each batch's facts and stores it while the next is parsed (a
writer process instead was measured no faster: docs/performance.md, "Where an import's time goes").

A file whose content an earlier import into the same database read whole, with no rejected block,
is not read again (its hands are all stored): re-importing a folder of years of logs reads only the
new and grown files. ``reread`` reads every file anyway.

Results are consumed in input order and committed in batches of whole chunks, so a killed import
has committed a prefix of the input and a re-run reaches the same final contents as a clean
import (the first chunk that holds a hand is always the one that stores it).
"""

from __future__ import annotations

import gc
import multiprocessing
import os
import sys
import threading
import time
from collections import Counter
from collections import deque
from collections.abc import Callable
from collections.abc import Iterable
from collections.abc import Iterator
from collections.abc import Sequence
from concurrent.futures import Future
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures import ThreadPoolExecutor
from contextlib import contextmanager
from dataclasses import dataclass
from dataclasses import field
from itertools import islice
from pathlib import Path

import duckdb

from studbook.analytics.db import BATCH_CHUNKS
from studbook.analytics.db import BATCH_RAW_CHARS
from studbook.analytics.db import DEFAULT_BATCH
from studbook.analytics.db import DEFAULT_CHUNK
from studbook.analytics.db import open_for_import
from studbook.analytics.load import BatchOutcome
from studbook.analytics.load import Loader
from studbook.analytics.reading import read_chunks
from studbook.analytics.worker import ChunkResult
from studbook.analytics.worker import process_chunk
from studbook.grammar.reader import file_stamp


@dataclass(slots=True)
class ImportSummary:
    """Every block found is imported, already present, skipped (not stud) or rejected."""

    files: int = 0
    unchanged: int = 0  # files not read: an earlier import read the same content whole
    unchanged_blocks: int = 0  # the hand blocks that import found in them
    found: int = 0
    imported: int = 0
    already_present: int = 0
    skipped: int = 0
    rejected: int = 0
    hands_with_violations: int = 0  # of the hands imported
    hands_with_errors: int = 0  # of the hands read (imported or already present), as audit counts them
    hands_with_warnings_only: int = 0
    violations: Counter[str] = field(default_factory=Counter)  # hands imported, by violation code

    def add_chunk(self, result: ChunkResult) -> None:
        self.files += result.last
        self.found += result.found
        self.skipped += result.skipped
        self.rejected += result.rejected

    def add_batch(self, outcome: BatchOutcome) -> None:
        self.imported += outcome.imported
        self.already_present += outcome.already_present
        self.rejected += outcome.rejected
        self.hands_with_violations += outcome.hands_with_violations
        self.hands_with_errors += outcome.hands_with_errors
        self.hands_with_warnings_only += outcome.hands_with_warnings_only
        self.violations.update(outcome.violations)


def chunk_results(paths: Sequence[Path], jobs: int, rule_args: tuple[str, ...],
                  chunk_size: int = DEFAULT_CHUNK, strict: bool = False) -> Iterator[ChunkResult]:
    """Process the files' chunks in order; with ``jobs`` > 1 in worker processes, at most 2 * jobs
    chunks ahead of the one being yielded (``strict``: see :func:`~studbook.grammar.parse_block`)."""
    chunks = (chunk for path in paths for chunk in read_chunks(path, chunk_size))
    if jobs <= 1:
        for chunk in chunks:
            yield process_chunk(chunk, rule_args, strict=strict)
        return
    # spawn: the parent holds DuckDB's threads, which a forked child must not inherit.
    with ProcessPoolExecutor(jobs, mp_context=multiprocessing.get_context("spawn"),
                             initializer=_start_worker, initargs=(os.getpid(),)) as pool:
        pending: deque[Future[ChunkResult]] = deque(
            pool.submit(process_chunk, chunk, rule_args, True, strict) for chunk in islice(chunks, 2 * jobs))
        while pending:
            result = pending.popleft().result()
            pending.extend(pool.submit(process_chunk, chunk, rule_args, True, strict)
                           for chunk in islice(chunks, 1))
            yield result


# Python's cycle collector runs every 700 new objects by default and rescans the survivors. An import
# makes millions of short-lived objects that reference counting frees (hands are not cyclic), so the
# collector mostly rescans what is loaded (grammars, caches). Measured on 10k simulated hands with
# --jobs 1, five runs each: median 650 hands/s as Python sets it, 740 with these thresholds.
_IMPORT_GC_THRESHOLD = (50_000, 50, 100)


PARENT_POLL = 0.5  # seconds between a worker's looks at whether the import that started it is alive


def _start_worker(parent: int) -> None:
    """A worker process: it collects less (below) and exits as soon as its parent is gone. A killed
    import (kill -9, or TERM, which Python does not catch) cannot tell its workers; without this they
    and multiprocessing's resource tracker would wait for work forever."""
    _collect_less()

    def watch() -> None:
        while os.getppid() == parent:
            time.sleep(PARENT_POLL)
        os._exit(1)

    threading.Thread(target=watch, name="parent-watch", daemon=True).start()


def _collect_less() -> None:
    """Freeze what is loaded so far out of the collector's reach and let it run far less often."""
    gc.freeze()
    gc.set_threshold(*_IMPORT_GC_THRESHOLD)


@contextmanager
def collecting_less() -> Iterator[None]:
    """:func:`_collect_less` for the length of an import in this process, then as it was."""
    before = gc.get_threshold()
    _collect_less()
    try:
        yield
    finally:
        gc.set_threshold(*before)
        gc.unfreeze()


# The writer thread gets the GIL back from DuckDB (and Arrow) some 900 times a 2,000-hand batch; while the
# main thread parses, each time it waits for Python's switch interval (5 ms by default), so the writes
# overlapped almost nothing of the parse. Measured on 12,000 simulated hands with --jobs 1 (compiled,
# three interleaved pairs): 10.3-11.5 s as Python sets it, 9.1-10.4 s with this interval (~7% more CPU).
_IMPORT_SWITCH_INTERVAL = 0.0002  # seconds


@contextmanager
def writer_prompt() -> Iterator[None]:
    """A short switch interval for the length of an import in this process, so its writer thread gets the
    GIL back soon after DuckDB lets it go; then as it was."""
    before = sys.getswitchinterval()
    sys.setswitchinterval(_IMPORT_SWITCH_INTERVAL)
    try:
        yield
    finally:
        sys.setswitchinterval(before)


def unchanged_files(con: duckdb.DuckDBPyConnection, paths: Sequence[Path]) -> dict[Path, int]:
    """The files among ``paths`` whose content an earlier import read whole and stored without a rejected
    block (a newer studbook may parse a rejected one), with the hand blocks found in each. Only a file
    with the byte size of such a content is hashed."""
    known: dict[int, dict[str, int]] = {}
    for sha256, size, blocks in con.execute(
            "SELECT sha256, bytes, blocks FROM imported_files WHERE rejected = 0").fetchall():
        known.setdefault(size, {})[sha256] = blocks
    return known_contents(known, paths)


def known_contents(known: dict[int, dict[str, int]], paths: Sequence[Path]) -> dict[Path, int]:
    """The files among ``paths`` whose content is in ``known`` (hand blocks by SHA-256, by byte size),
    with its blocks; only a file with the byte size of a known content is hashed."""
    unchanged = {}
    for path in paths:
        try:
            candidates = known.get(path.stat().st_size)
            stamp = file_stamp(path) if candidates else None
        except OSError:
            continue  # the reader reports it
        if stamp is not None and stamp.sha256 in candidates:
            unchanged[path] = candidates[stamp.sha256]
    return unchanged


def batches(results: Iterable[ChunkResult], size: int, max_raw_chars: int = BATCH_RAW_CHARS,
            max_chunks: int = BATCH_CHUNKS) -> Iterator[list[ChunkResult]]:
    """Group whole chunks until a batch holds at least ``size`` hands and rejected blocks,
    ``max_raw_chars`` characters of rejected text or ``max_chunks`` chunks (small files)."""
    batch: list[ChunkResult] = []
    rows = raw_chars = 0
    for result in results:
        batch.append(result)
        rows += result.hands + result.rejected
        raw_chars += result.rejected_chars
        if rows >= size or raw_chars >= max_raw_chars or len(batch) >= max_chunks:
            yield batch
            batch, rows, raw_chars = [], 0, 0
    if batch:
        yield batch


def run_import(files: Sequence[Path], db: Path, jobs: int = 1, rule_args: tuple[str, ...] = (),
               batch_size: int = DEFAULT_BATCH, chunk_size: int = DEFAULT_CHUNK,
               on_chunk: Callable[[ChunkResult], None] | None = None, reread: bool = False,
               on_unchanged: Callable[[Sequence[Path]], None] | None = None, strict: bool = False
               ) -> ImportSummary:
    """Import ``files`` into the database at ``db``, ``batch_size`` hands (and rejected blocks) per
    transaction, in units of ``chunk_size`` hand blocks; ``on_chunk`` hears about each chunk, and
    ``on_unchanged`` which files are not read (all of them read with ``reread``)."""
    summary = ImportSummary()
    con = open_for_import(db)
    try:
        unchanged = {} if reread else unchanged_files(con, files)
        summary.unchanged, summary.unchanged_blocks = len(unchanged), sum(unchanged.values())
        if on_unchanged and unchanged:
            on_unchanged(list(unchanged))
        to_read = [path for path in files if path not in unchanged]
        with collecting_less(), writer_prompt():
            read = chunk_results(to_read, jobs, rule_args, chunk_size, strict)
            results = _observed(read, summary, on_chunk)
            for outcome in written(Loader(con), batches(results, batch_size)):
                summary.add_batch(outcome)
    finally:
        con.close()
    return summary


def written(loader: Loader, batches: Iterable[list[ChunkResult]]) -> Iterator[BatchOutcome]:
    """Each batch's outcome, in order, the next batch gathered while one is written.

    The writer is a thread of its own: DuckDB lets go of the GIL while it inserts and works out a batch, so
    the chunks of the next batch are parsed and replayed meanwhile (with ``--jobs 1``, in this process).
    One batch at most is being written, so commits keep the input's order and memory holds two batches.
    """
    with ThreadPoolExecutor(1, thread_name_prefix="studbook-writer") as writer:
        writing: Future[BatchOutcome] | None = None
        for batch in batches:
            if writing is not None:
                yield writing.result()
            writing = writer.submit(loader.write, batch)
        if writing is not None:
            yield writing.result()


def _observed(results: Iterable[ChunkResult], summary: ImportSummary,
              on_chunk: Callable[[ChunkResult], None] | None) -> Iterator[ChunkResult]:
    for result in results:
        summary.add_chunk(result)
        if on_chunk:
            on_chunk(result)
        yield result
