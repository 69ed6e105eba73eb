"""``studbook import``: files go to worker processes, their results come back in file order to one writer.

Results are consumed in the order of the file list and committed in batches of whole files, so a
killed import has committed a prefix of the files and a re-run reaches the same final contents
as a clean import (the first file that holds a hand is always the one that stores it).
"""

from __future__ import annotations

import multiprocessing
from collections import Counter, deque
from collections.abc import Callable, Iterable, Iterator, Sequence
from concurrent.futures import Future, ProcessPoolExecutor
from dataclasses import dataclass, field
from itertools import islice
from pathlib import Path

from studbook.analytics.db import DEFAULT_BATCH, open_for_import
from studbook.analytics.load import BatchOutcome, Loader
from studbook.analytics.worker import FileResult, process_file


@dataclass(slots=True)
class ImportSummary:
    """Every block found is imported, already present, skipped (not stud) or rejected."""

    files: int = 0
    found: int = 0
    imported: int = 0
    already_present: int = 0
    skipped: int = 0
    rejected: int = 0
    hands_with_violations: int = 0  # of the hands imported
    violations: Counter[str] = field(default_factory=Counter)  # hands imported, by violation code

    def add_file(self, result: FileResult) -> None:
        self.files += 1
        self.found += result.found
        self.skipped += result.skipped
        self.rejected += result.rejected

    def add_batch(self, outcome: BatchOutcome) -> None:
        self.imported += outcome.imported
        self.already_present += outcome.already_present
        self.hands_with_violations += outcome.hands_with_violations
        self.violations.update(outcome.violations)


def file_results(paths: Sequence[Path], jobs: int, rule_args: tuple[str, ...]) -> Iterator[FileResult]:
    """Process files in order; with ``jobs`` > 1 in worker processes, at most 2 * jobs files ahead."""
    if jobs <= 1:
        for path in paths:
            yield process_file(str(path), rule_args)
        return
    # spawn: the parent holds DuckDB's threads, which a forked child must not inherit.
    with ProcessPoolExecutor(jobs, mp_context=multiprocessing.get_context("spawn")) as pool:
        queue = iter(paths)
        pending: deque[Future[FileResult]] = deque(
            pool.submit(process_file, str(path), rule_args) for path in islice(queue, 2 * jobs))
        while pending:
            result = pending.popleft().result()
            pending.extend(pool.submit(process_file, str(path), rule_args) for path in islice(queue, 1))
            yield result


def batches(results: Iterable[FileResult], size: int) -> Iterator[list[FileResult]]:
    """Group whole files until a batch holds at least ``size`` hands and rejected blocks."""
    batch: list[FileResult] = []
    rows = 0
    for result in results:
        batch.append(result)
        rows += result.hands + result.rejected
        if rows >= size:
            yield batch
            batch, rows = [], 0
    if batch:
        yield batch


def run_import(files: Sequence[Path], db: Path, jobs: int = 1, rule_args: tuple[str, ...] = (),
               batch_size: int = DEFAULT_BATCH,
               on_file: Callable[[FileResult], None] | None = None) -> ImportSummary:
    """Import ``files`` into the database at ``db``, ``batch_size`` hands (and rejected blocks) per
    transaction; ``on_file`` hears about each file as it is processed."""
    summary = ImportSummary()
    con = open_for_import(db)
    try:
        loader = Loader(con)
        for batch in batches(_observed(file_results(files, jobs, rule_args), summary, on_file), batch_size):
            summary.add_batch(loader.write(batch))
    finally:
        con.close()
    return summary


def _observed(results: Iterable[FileResult], summary: ImportSummary,
              on_file: Callable[[FileResult], None] | None) -> Iterator[FileResult]:
    for result in results:
        summary.add_file(result)
        if on_file:
            on_file(result)
        yield result
