"""A ``studbook import --watch`` driven look by look in a test, with what it said."""

from __future__ import annotations

from pathlib import Path

from studbook.analytics.watch import Watcher


class Recorder:
    """A watcher of ``folder`` into ``db``, one look and store per :meth:`step`."""

    def __init__(self, folder: Path, db: Path) -> None:
        self.lines: list[str] = []
        self.watcher = Watcher([folder], db, echo=self.lines.append)
        self.watcher.start()

    def step(self) -> list[str]:
        """What one look stored said, its time cut off."""
        before = len(self.lines)
        self.watcher.store(self.watcher.look())
        return [line.split("  ", 1)[1] for line in self.lines[before:]]
