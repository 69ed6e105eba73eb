"""The progress bar of ``studbook import``: by bytes read, with hands/s and the time left.

A bar by files stood still at ``0/1 files`` for the whole of one big file; each file's part of a unit
now moves it by the text it held, and a file's last chunk tops it up to the file's size in bytes (text
is not bytes where a file is UTF-16 or has multi-byte characters), so the bar ends full. The counts never
wrap: the bar gives up its width first, so the line fits an 80-column terminal, and a narrower one cuts
the counts short rather than draw a second line under the first at every refresh.
"""

from __future__ import annotations

import time
from collections import Counter
from collections.abc import Sequence
from pathlib import Path
from types import TracebackType
from typing import TYPE_CHECKING

from rich.console import Console
from rich.progress import BarColumn
from rich.progress import DownloadColumn
from rich.progress import Progress
from rich.progress import TextColumn
from rich.progress import TimeElapsedColumn
from rich.progress import TimeRemainingColumn
from rich.table import Column

if TYPE_CHECKING:
    from studbook.analytics.worker import UnitResult

BAR_WIDTH = 20  # characters of the bar at most; the counts beside it take 50 to 60 more


def _one_line() -> Column:
    return Column(no_wrap=True)


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
            TextColumn("importing", table_column=_one_line()), BarColumn(bar_width=BAR_WIDTH),
            DownloadColumn(table_column=_one_line()),
            TextColumn("{task.fields[hands]:,} hands {task.fields[rate]:,.0f} hands/s",
                       table_column=_one_line()),
            TimeElapsedColumn(table_column=_one_line()), TextColumn("left", table_column=_one_line()),
            TimeRemainingColumn(table_column=_one_line()),
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

    def unit(self, result: UnitResult) -> None:
        """A unit was read: move by each file part's text, or to the end of its file."""
        step = 0
        for part in result.parts:
            left = self.sizes.get(part.path, 0) - self.read[part.path]
            moved = left if part.last else min(part.chars, left)
            self.read[part.path] += moved
            step += moved
            self.hands += part.hands
        self.progress.update(self.task, advance=step, hands=self.hands,
                             rate=self.hands / (time.perf_counter() - self.started))

    def unchanged(self, paths: Sequence[Path]) -> None:
        """Files not read again: done at once."""
        self.progress.update(self.task, advance=sum(self.sizes.get(str(path), 0) for path in paths))
