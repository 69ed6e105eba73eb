"""The progress bar of ``studbook import``: by bytes read, with hands/s and the time left.

A bar by files stood still at ``0/1 files`` for the whole of one big file; each chunk of a file now
moves it by the text it held, and a file's last chunk tops it up to the file's size in bytes (text is
not bytes where a file is UTF-16 or has multi-byte characters), so the bar ends full.
"""

from __future__ import annotations

import time
from collections import Counter
from collections.abc import Sequence
from pathlib import Path
from types import TracebackType

from rich.console import Console
from rich.progress import BarColumn
from rich.progress import DownloadColumn
from rich.progress import Progress
from rich.progress import TextColumn
from rich.progress import TimeElapsedColumn
from rich.progress import TimeRemainingColumn

from studbook.analytics.worker import ChunkResult


def _size(path: Path) -> int:
    try:
        return path.stat().st_size
    except OSError:
        return 0  # the reader reports it


class ImportProgress:
    """Shown on a terminal only (on stderr); elsewhere every call does nothing visible."""

    def __init__(self, files: Sequence[Path], console: Console | None = None) -> None:
        console = console or Console(stderr=True)
        self.sizes = {str(path): _size(path) for path in files}
        self.progress = Progress(
            TextColumn("importing"), BarColumn(), DownloadColumn(),
            TextColumn("{task.fields[hands]:,} hands"), TextColumn("{task.fields[rate]:,.0f} hands/s"),
            TimeElapsedColumn(), TextColumn("left"), TimeRemainingColumn(),
            console=console, disable=not console.is_terminal)
        self.task = self.progress.add_task("import", total=sum(self.sizes.values()), hands=0, rate=0.0)
        self.read: Counter[str] = Counter()  # bytes advanced so far, by file
        self.hands = 0
        self.started = time.perf_counter()

    def __enter__(self) -> ImportProgress:
        self.progress.start()
        return self

    def __exit__(self, kind: type[BaseException] | None, error: BaseException | None,
                 trace: TracebackType | None) -> None:
        self.progress.stop()

    def chunk(self, result: ChunkResult) -> None:
        """A chunk was imported: move by its text, or to the end of its file."""
        left = self.sizes.get(result.path, 0) - self.read[result.path]
        step = left if result.last else min(result.chars, left)
        self.read[result.path] += step
        self.hands += result.hands
        self.progress.update(self.task, advance=step, hands=self.hands,
                             rate=self.hands / (time.perf_counter() - self.started))

    def unchanged(self, paths: Sequence[Path]) -> None:
        """Files not read again: done at once."""
        self.progress.update(self.task, advance=sum(self.sizes.get(str(path), 0) for path in paths))
