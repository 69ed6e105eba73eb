"""``studbook import``: files are read as units of hand blocks, which go to worker processes; their
results come back in input order to one writer.

Each step holds a bounded number of hands: a file is read a chunk at a time and small files are packed
into units of about a thousand blocks (analytics/reading.py); at most ``2 * jobs`` units are out with the
workers; the writer, a thread of the importing process, stages each unit's rows in DuckDB as it comes and
commits a pass of ``batch_size`` hands at a time, the per-seat facts of the pass's new hands worked out in
one set-based run (analytics/load.py). DuckDB's memory is capped (analytics/db.py) and the parsers' line
caches are bounded, so memory does not grow with the input. With one job the units are parsed in this
process while the writer thread stages and commits (a writer process instead was measured no faster:
docs/performance.md, "Where an import's time goes").

How many jobs: a worker process costs its start-up (Python, the parsers) before its first hand, so more
jobs pay only on input large enough; :func:`pick_jobs` takes one below :data:`PARALLEL_BYTES` of input,
else one per PARALLEL_BYTES (two at least) up to the cores or ``--jobs``, and says why.

A file whose content an earlier import into the same database read whole, with no rejected block,
is not read again (its hands are all stored): re-importing a folder of years of logs reads only the
new and grown files. ``reread`` reads every file anyway.

Results are consumed in input order and committed in passes of whole units, so a killed import has
committed a prefix of the input and a re-run reaches the same final contents as a clean import (the
first unit that holds a hand is always the one that stores it). Ctrl-C (KeyboardInterrupt) stops the
reading and the workers at once, lets the writer finish the step it is in, forgets the pass not yet
committed, and the summary says the import was interrupted.
"""

from __future__ import annotations

import multiprocessing
import os
import signal
import sys
import threading
from collections import Counter
from collections import deque
from collections.abc import Callable
from collections.abc import Iterable
from collections.abc import Iterator
from collections.abc import Sequence
from concurrent.futures import Future
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures import ThreadPoolExecutor
from contextlib import closing
from contextlib import contextmanager
from dataclasses import dataclass
from dataclasses import field
from pathlib import Path
from typing import TYPE_CHECKING

from studbook.analytics.db import DEFAULT_BATCH
from studbook.analytics.db import DEFAULT_CHUNK
from studbook.analytics.db import open_for_import
from studbook.interrupts import interruptible

# The parsers, the rows and DuckDB are loaded by run_import, while DuckDB opens the database meanwhile.
if TYPE_CHECKING:
    import duckdb

    from studbook.analytics.load import BatchOutcome
    from studbook.analytics.load import Loader
    from studbook.analytics.reading import Unit
    from studbook.analytics.worker import UnitResult

SHOWN_NAMES = 5  # rejected blocks and files with no hand history named in a summary; the rest are counted


@dataclass(slots=True)
class ImportSummary:
    """Every block found is imported, already present, skipped (not stud) or rejected; a file with no
    hand history at all is skipped whole."""

    files: int = 0
    unchanged: int = 0  # files not read: an earlier import read the same content whole
    unchanged_blocks: int = 0  # the hand blocks that import found in them
    no_history: int = 0  # files read whole that hold no hand history (no hand header): skipped
    found: int = 0
    imported: int = 0
    already_present: int = 0
    skipped: int = 0
    rejected: int = 0
    hands_with_violations: int = 0  # of the hands imported
    hands_with_errors: int = 0  # of the hands read (imported or already present), as audit counts them
    hands_with_warnings_only: int = 0
    violations: Counter[str] = field(default_factory=Counter)  # hands imported, by violation code
    stack_breaks: int = 0  # stacks of the imported hands that do not carry on from the hand before (L7)
    first_rejects: list[str] = field(default_factory=list)  # the first few, as file:line:column: hand: why
    no_history_files: list[str] = field(default_factory=list)  # the first few
    jobs: int = 1  # worker processes used (1: this process)
    jobs_reason: str = ""  # why that many, when studbook chose
    interrupted: bool = False  # Ctrl-C stopped it: what is counted is what was stored before

    def add_unit(self, result: UnitResult) -> None:
        from studbook.grammar.records import ParseError

        for part in result.parts:
            self.files += part.last
            if part.no_history:
                self.no_history += 1
                if len(self.no_history_files) < SHOWN_NAMES:
                    self.no_history_files.append(part.path)
                continue
            self.found += part.found
            self.skipped += part.skipped
            self.rejected += part.rejected
        wanted = SHOWN_NAMES - len(self.first_rejects)
        rejected = result.tables.get("rejected")
        if wanted > 0 and rejected is not None and rejected.num_rows:
            for row in rejected.slice(0, wanted).to_pylist():
                self.first_rejects.append(str(ParseError(row["file"], row["line"], row["col"], row["hand_id"],
                                                         row["site"], row["error"])))

    def add_batch(self, outcome: BatchOutcome) -> None:
        self.imported += outcome.imported
        self.already_present += outcome.already_present
        self.rejected += outcome.rejected
        self.hands_with_violations += outcome.hands_with_violations
        self.hands_with_errors += outcome.hands_with_errors
        self.hands_with_warnings_only += outcome.hands_with_warnings_only
        self.violations.update(outcome.violations)


# A worker process pays its start-up (Python, studbook, the parsers: about 0.6 s of CPU) before its first
# hand, while one job parses in this process at once; below this much input a second process costs more
# than it saves (docs/performance.md, "How many jobs"). Workers start side by side, so past it every core
# helps.
PARALLEL_BYTES = 3 << 20


def available_cores() -> int:
    """The cores this process may run on."""
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # not on Linux
        return os.cpu_count() or 1


def input_bytes(paths: Sequence[Path]) -> int:
    total = 0
    for path in paths:
        try:
            total += path.stat().st_size
        except OSError:
            continue  # the reader reports it
    return total


def pick_jobs(requested: int | None, size: int, cores: int) -> tuple[int, str]:
    """How many worker processes an import of ``size`` bytes uses (1: none, this process), and what the
    summary says of it: up to ``requested`` (``--jobs``, else the ``cores``); one below
    :data:`PARALLEL_BYTES` of input; else one per PARALLEL_BYTES, two at least."""
    most = requested if requested is not None else cores
    jobs = 1 if size < PARALLEL_BYTES else min(most, max(2, round(size / PARALLEL_BYTES)))
    of, pay = f"{_size(size)} of input", f"more pay from {_size(PARALLEL_BYTES)}"
    if requested is None:
        why = f"({pay})" if jobs == 1 and cores > 1 else f"on {_count(cores, 'core')}"
        return jobs, f"{jobs}, for {of} {why}; --jobs N sets the most"
    if jobs < requested:
        return jobs, f"{jobs}, not {requested}: {of} is too little for more ({pay})"
    return jobs, ""


def _size(size: int) -> str:
    return f"{size / (1 << 20):.1f} MB" if size >= 1 << 20 else f"{max(1, round(size / 1024))} kB"


def _count(count: int, noun: str) -> str:
    return f"{count} {noun}" if count == 1 else f"{count} {noun}s"


def unit_results(paths: Sequence[Path], jobs: int, rule_args: tuple[str, ...],
                 chunk_size: int = DEFAULT_CHUNK, strict: bool = False) -> Iterator[UnitResult]:
    """Process the files' units in order; with ``jobs`` > 1 in worker processes, at most 2 * jobs units
    ahead of the one being yielded (``strict``: see :func:`~studbook.grammar.parse_block`). Closed early
    (Ctrl-C), it stops the workers at once."""
    from studbook.analytics.reading import read_units
    from studbook.analytics.rows import chunk_schemas
    from studbook.analytics.worker import process_unit
    from studbook.analytics.worker import start_worker

    units = read_units(paths, chunk_size)
    if jobs <= 1:
        for unit in units:
            yield process_unit(unit, rule_args, strict)
        return
    # spawn: the parent holds DuckDB's threads, which a forked child must not inherit.
    others = set(multiprocessing.active_children())  # not the pool's: left alone when it is stopped
    pool = ProcessPoolExecutor(jobs, mp_context=multiprocessing.get_context("spawn"),
                               initializer=start_worker, initargs=(os.getpid(), chunk_schemas()))
    pending: deque[Future[UnitResult]] = deque()
    stopped = False
    try:
        for number, unit in enumerate(units):
            if len(pending) >= 2 * jobs:
                yield pending.popleft().result()
            pending.append(_submit(pool, unit, rule_args, strict, spawns=number < jobs))
        while pending:
            yield pending.popleft().result()
    except BaseException:
        stopped = True
        raise
    finally:
        _stop(pool, stopped, others)


def _submit(pool: ProcessPoolExecutor, unit: Unit, rule_args: tuple[str, ...], strict: bool,
            spawns: bool) -> Future[UnitResult]:
    """Hand a unit to the pool. The first ``jobs`` submissions start the workers: Ctrl-C is ignored
    meanwhile, so the workers start with it ignored (an ignored signal stays ignored in a new program) and
    a Ctrl-C at the terminal, which reaches every process of the command, leaves them to this one."""
    from studbook.analytics.worker import process_unit

    if not spawns:
        return pool.submit(process_unit, unit, rule_args, strict)
    with sigint_ignored():
        return pool.submit(process_unit, unit, rule_args, strict)


@contextmanager
def sigint_ignored() -> Iterator[None]:
    """Ctrl-C ignored for a while in this process (when it is the main thread's to handle): a process
    started meanwhile starts with it ignored too."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    before = signal.signal(signal.SIGINT, signal.SIG_IGN)
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, before)


def _stop(pool: ProcessPoolExecutor, at_once: bool, others: set[multiprocessing.process.BaseProcess]) -> None:
    """Shut the pool down; ``at_once`` (an error or Ctrl-C): drop the units not started and end the workers
    (this process's children but ``others``) in the middle of theirs, whose results nobody will read."""
    if at_once:
        pool.shutdown(wait=False, cancel_futures=True)
        for child in set(multiprocessing.active_children()) - others:
            child.terminate()
    pool.shutdown(wait=True)


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
    from studbook.grammar.reader import file_stamp

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


def run_import(files: Sequence[Path], db: Path, jobs: int | None = 1, rule_args: tuple[str, ...] = (),
               batch_size: int = DEFAULT_BATCH, chunk_size: int = DEFAULT_CHUNK,
               on_unit: Callable[[UnitResult], None] | None = None, reread: bool = False,
               on_unchanged: Callable[[Sequence[Path]], None] | None = None, strict: bool = False
               ) -> ImportSummary:
    """Import ``files`` into the database at ``db``, ``batch_size`` hands (and rejected blocks) per
    transaction, in units of ``chunk_size`` hand blocks, with ``jobs`` worker processes (None: as many as
    pay, :func:`pick_jobs`); ``on_unit`` hears about each unit, and ``on_unchanged`` which files are not
    read (all of them read with ``reread``). Ctrl-C ends it early: ``interrupted`` in the summary, which
    counts the hands stored until then."""
    summary = ImportSummary()
    loader: Loader | None = None
    try:
        with interruptible(), ThreadPoolExecutor(1, thread_name_prefix="studbook-writer") as writer:
            opening = writer.submit(open_for_import, db)  # DuckDB makes the tables while the parsers load
            from studbook.analytics.load import Loader
            from studbook.analytics.worker import collecting_less

            con = opening.result()
            try:
                loader = Loader(con, batch_size)
                writer.submit(loader.prepare)  # the facts' views, while the files are looked at
                with closing(con.cursor()) as looking:  # DuckDB takes one call at a time a connection
                    unchanged = {} if reread else unchanged_files(looking, files)
                summary.unchanged, summary.unchanged_blocks = len(unchanged), sum(unchanged.values())
                if on_unchanged and unchanged:
                    on_unchanged(list(unchanged))
                to_read = [path for path in files if path not in unchanged]
                summary.jobs, summary.jobs_reason = pick_jobs(jobs, input_bytes(to_read), available_cores())
                with collecting_less(), writer_prompt():
                    read = unit_results(to_read, summary.jobs, rule_args, chunk_size, strict)
                    steps = written(writer, loader, _observed(read, summary, on_unit))
                    try:
                        for outcome in steps:
                            summary.add_batch(outcome)
                    finally:
                        steps.close()  # on Ctrl-C: once the writer's step in hand is done
                if summary.imported:
                    summary.stack_breaks = writer.submit(loader.stack_breaks).result()
            finally:
                writer.shutdown()  # on Ctrl-C: the writer's step in hand ends before its connection closes
                con.close()
    except KeyboardInterrupt:  # what the writer committed is stored, the rest of its pass is not
        summary.interrupted, summary.imported = True, loader.imported if loader is not None else 0
    return summary


def written(writer: ThreadPoolExecutor, loader: Loader, results: Iterable[UnitResult]
            ) -> Iterator[BatchOutcome]:
    """Each committed pass's outcome, in order, the next unit gathered while one is staged or a pass
    committed.

    The ``writer`` is a thread of its own: DuckDB lets go of the GIL while it inserts and works out the
    facts, so the next units are parsed and replayed meanwhile (with ``--jobs 1``, in this process). One
    step at most is being written, so commits keep the input's order and memory holds two units. Closed
    early (Ctrl-C), it waits for the step in hand to end; what was staged and not committed is dropped
    with the connection (the staging tables are temporary)."""
    writing: Future[BatchOutcome | None] | None = None
    try:
        for result in results:
            if writing is not None and (outcome := writing.result()) is not None:
                yield outcome
            writing = writer.submit(_stage, loader, result)
        if writing is not None and (outcome := writing.result()) is not None:
            yield outcome
        writing = writer.submit(loader.commit)
        if (outcome := writing.result()) is not None:
            yield outcome
    except BaseException:
        if writing is not None:
            _wait_quietly(writing)
        raise


def _stage(loader: Loader, result: UnitResult) -> BatchOutcome | None:
    """Stage a unit; commit the pass when it is full, and say what it stored."""
    loader.stage(result)
    return loader.commit() if loader.full else None


def _wait_quietly(step: Future[BatchOutcome | None]) -> None:
    """Wait for the writer's step in hand, whose error (if any) the caller has seen or no longer needs."""
    try:
        step.result()
    except BaseException:  # noqa: BLE001 - the import is already ending with its own error or Ctrl-C
        return


def _observed(results: Iterable[UnitResult], summary: ImportSummary,
              on_unit: Callable[[UnitResult], None] | None) -> Iterator[UnitResult]:
    for result in results:
        summary.add_unit(result)
        if on_unit:
            on_unit(result)
        yield result
