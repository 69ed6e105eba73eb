"""Answers that cost a whole scan of the database, kept until it changes.

A tracker's database changes only when an import writes, and the app knows when (the file's size and
time, :meth:`~studbook.reports.serve.access.Source.version`): an answer computed once serves every later
request until then, so paging, sorting and going back cost no new scan. A few answers are kept, the
least recently used dropped first.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Callable
from collections.abc import Hashable
from typing import Any

KEPT = 16  # a rendered player report is up to a few MB
Cached = Callable[[Hashable, Callable[[], Any]], Any]  # a page's way to the answers, its version bound


class Results:
    def __init__(self, kept: int = KEPT) -> None:
        self.kept = kept
        self._version: Hashable = None
        self._answers: OrderedDict[Hashable, Any] = OrderedDict()
        self._computing: dict[Hashable, threading.Lock] = {}
        self._lock = threading.Lock()

    def get(self, version: Hashable, key: Hashable, compute: Callable[[], Any]) -> Any:
        """The answer for ``key`` in the database as of ``version``, computed when not kept; a request
        that asks while another computes it waits for that answer (the first page, asked while the
        app works it out as it starts)."""
        with self._lock:
            if version != self._version:
                self._answers.clear()
                self._version = version
            if key in self._answers:
                self._answers.move_to_end(key)
                return self._answers[key]
            computing = self._computing.setdefault((version, key), threading.Lock())
        with computing:
            with self._lock:
                if version == self._version and key in self._answers:
                    return self._answers[key]
            answer = compute()
            with self._lock:
                self._computing.pop((version, key), None)
                if version == self._version:
                    self._answers[key] = answer
                    while len(self._answers) > self.kept:
                        self._answers.popitem(last=False)
        return answer
