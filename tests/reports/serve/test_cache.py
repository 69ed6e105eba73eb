"""Answers kept until the database changes: worked out once however many ask at the same time, and
again once an import wrote."""

from __future__ import annotations

import threading
import time
from concurrent.futures import ThreadPoolExecutor

from studbook.reports.serve.cache import Results


def test_an_answer_is_worked_out_once_for_requests_that_ask_together() -> None:
    results, calls, lock = Results(), [], threading.Lock()

    def compute() -> int:
        with lock:
            calls.append(1)
        time.sleep(0.2)
        return 42

    with ThreadPoolExecutor(4) as pool:
        answers = list(pool.map(lambda _: results.get((1,), "key", compute), range(4)))
    assert answers == [42] * 4 and len(calls) == 1


def test_a_new_version_of_the_database_is_asked_again() -> None:
    results = Results()
    assert results.get((1,), "key", lambda: "old") == "old"
    assert results.get((1,), "key", lambda: "never") == "old"
    assert results.get((2,), "key", lambda: "new") == "new"


def test_the_least_recently_used_answer_goes_first() -> None:
    results = Results(kept=2)
    for key in ("a", "b"):
        results.get((1,), key, lambda key=key: key)
    results.get((1,), "a", lambda: "again")  # a is used: b is now the oldest
    results.get((1,), "c", lambda: "c")
    assert results.get((1,), "a", lambda: "again") == "a"
    assert results.get((1,), "b", lambda: "again") == "again"
