"""What the parsers remember between hands: readings that depend on their text alone.

A table's lines repeat (the same names, verbs, amounts and cards), so the fast path remembers how each
line reads, and the handlers what each amount and each bracket of cards is. :class:`Memo` is a plain
dict that is emptied when full: on the compiled build it costs a dict lookup, where a
``functools.lru_cache`` costs a call through Python's generic protocol (it has no vectorcall on 3.11)
and its bookkeeping, more than it saved there (docs/performance.md, "The parse"). Emptied
rather than evicted one by one, it keeps 60% of a stud log's lines against 62.5% for a least recently
used cache of the same size.
"""

from __future__ import annotations

from typing import Generic
from typing import TypeVar

Key = TypeVar("Key")
Value = TypeVar("Value")


class Memo(Generic[Key, Value]):
    """Up to ``size`` values by key (0: none kept), all forgotten at once when full. Read it with
    ``memo.values.get(key)``: a dict's own ``get``, which costs pure Python no call of ours.

    >>> memo: Memo[str, int] = Memo(2)
    >>> memo.put("a", 1); memo.put("b", 2); memo.values.get("a")
    1
    >>> memo.put("c", 3); memo.values
    {'c': 3}
    """

    def __init__(self, size: int) -> None:
        self.size = size
        self.values: dict[Key, Value] = {}

    def put(self, key: Key, value: Value) -> None:
        if self.size:
            if len(self.values) >= self.size:
                self.values.clear()
            self.values[key] = value

    def clear(self) -> None:
        self.values.clear()
