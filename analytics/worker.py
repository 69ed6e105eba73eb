"""A unit of hand blocks in, Arrow tables out: the task of a worker process in ``studbook import``.

A unit is the blocks of one or more files, a thousand or so (analytics/reading.py); its hands are parsed
and replayed one at a time and their rows travel back as Arrow tables (cheap to pickle), numbered across
the unit, with what each file's part of the unit held (:class:`FilePart`). The per-seat facts are the
writer's, worked out once over a whole pass of hands (analytics/load.py), except in a lake, where each
task works out its own (:func:`add_facts`). Every block is accounted for: a hand, a block of a game
studbook does not handle (skipped), a rejected block with its raw text, or a block of a file that holds
no hand history at all (that file is skipped whole and named).
"""

from __future__ import annotations

import gc
import os
import signal
import threading
import time
from collections.abc import Iterable
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from dataclasses import field
from dataclasses import replace
from functools import cache
from typing import TYPE_CHECKING

import pyarrow as pa

from studbook.analytics.isolate import kept_raw
from studbook.analytics.reading import Chunk
from studbook.analytics.rows import HAND_INDEX
from studbook.analytics.rows import Columns
from studbook.analytics.rows import HandRows
from studbook.analytics.rows import hand_rows
from studbook.analytics.rows import use_schemas
from studbook.grammar import ParseError
from studbook.grammar import ParseResult
from studbook.grammar import Skipped
from studbook.grammar import parse_block
from studbook.grammar.records import Block
from studbook.grammar.records import FileError
from studbook.grammar.records import FileStamp
from studbook.hand import Hand
from studbook.replay import replay
from studbook.rules.house import Rules
from studbook.rules.house import rules_text

if TYPE_CHECKING:
    import duckdb


@dataclass(slots=True)
class FilePart:
    """What one file's blocks in a unit gave: a small file whole, or one chunk of a big one."""

    path: str
    last: bool = True  # the file's last chunk
    found: int = 0  # hand blocks
    hands: int = 0
    skipped: int = 0
    rejected: int = 0
    stamp: FileStamp | None = None  # the file's, on its last chunk when it was read to its end
    chars: int = 0  # of the chunk's text, for the progress of an import
    no_history: bool = False  # a whole file with no hand header in it (notes, a spreadsheet): skipped


@dataclass(slots=True)
class UnitResult:
    """What one unit gave: each file part's counts and the rows of all its hands, to load."""

    parts: list[FilePart] = field(default_factory=list)
    tables: dict[str, pa.Table] = field(default_factory=dict)
    rejected_chars: int = 0  # of the rejected blocks' raw text, which the loader stores
    with_facts: bool = False  # its hands and seats tables hold the per-seat facts (:func:`add_facts`)

    @property
    def found(self) -> int:
        return sum(part.found for part in self.parts)

    @property
    def hands(self) -> int:
        return sum(part.hands for part in self.parts)

    @property
    def skipped(self) -> int:
        return sum(part.skipped for part in self.parts)

    @property
    def rejected(self) -> int:
        return sum(part.rejected for part in self.parts)


@cache
def _rules(rule_args: tuple[str, ...]) -> Rules | None:
    return Rules.parse(rule_args) if rule_args else None


def _hand_or_reject(hand: Hand, raw: str, rules: Rules | None, text: str | None) -> HandRows | ParseError:
    """Rows of a replayed hand, stored with ``text``, its rules as :func:`rules_text` writes them; a hand
    the replay or the derivation cannot handle becomes a reject, because one bad hand never fails its
    file (docs/design.md, the pipeline's first rule)."""
    stage = "cannot replay"
    try:
        replayed = replay(hand, rules)
        stage = "cannot derive its rows"
        return hand_rows(replayed, text)
    except Exception as error:
        return ParseError(hand.source.file, hand.source.first_line, 1, hand.hand_id, hand.site,
                          f"{stage}: {type(error).__name__}: {error}", raw)


def holds_no_hand(block: Block | ParseError) -> bool:
    """A block of text no site's hand header starts, or a file with no text at all (empty, blank or
    binary); not a file that could not be read (line 0), which is an error to report."""
    if isinstance(block, Block):
        return block.dialect is None
    if isinstance(block, FileError):
        return block.line > 0
    return block.site is None


def parsed_blocks(chunk: Chunk, strict: bool = False) -> Iterator[tuple[ParseResult, str]]:
    """Each block of the chunk parsed, with its raw text."""
    for block in chunk.blocks:
        if isinstance(block, ParseError):
            yield block, block.raw
        else:
            yield parse_block(block, strict), block.text


class Gathered:
    """The rows of a unit's hands and rejected blocks, gathered part by part."""

    def __init__(self, rules: Rules | None) -> None:
        self.rules = rules
        self.text = rules_text(rules)
        self.columns = Columns()
        self.logs: list[str] = []  # each stored hand's raw text, in the order of its rows (hand_logs)
        self.result = UnitResult()

    def add(self, part: FilePart, blocks: Iterable[tuple[ParseResult, str]]) -> None:
        """Replay the hands among ``blocks`` of one file's part and gather their rows, counting each block
        once."""
        for parsed, raw in blocks:
            part.found += 1
            if isinstance(parsed, Skipped):
                part.skipped += 1
                continue
            outcome = (_hand_or_reject(parsed, raw, self.rules, self.text) if isinstance(parsed, Hand)
                       else parsed)
            if isinstance(outcome, ParseError):
                outcome = replace(outcome, raw=kept_raw(outcome.raw))
                part.rejected += 1
                self.result.rejected_chars += len(outcome.raw)
                self.columns.add_rejected(outcome)
            else:
                self.columns.add_hand(outcome)
                self.logs.append(raw)
                part.hands += 1
        self.result.parts.append(part)

    def add_chunk(self, chunk: Chunk, strict: bool) -> None:
        """A chunk's blocks; a whole file none of whose blocks holds a hand is skipped, not rejected."""
        part = FilePart(chunk.file, chunk.last, stamp=chunk.stamp, chars=chunk.chars)
        whole = chunk.first and chunk.last
        if whole and chunk.blocks and all(holds_no_hand(block) for block in chunk.blocks):
            part.no_history = True  # its blocks are no hand blocks: none is counted
            self.result.parts.append(part)
            return
        self.add(part, parsed_blocks(chunk, strict))

    def done(self) -> UnitResult:
        self.result.tables = {**self.columns.tables(), "hand_logs": _hand_logs(self.logs)}
        return self.result


def chunk_result(path: str, blocks: Iterable[tuple[ParseResult, str]], rules: Rules | None = None,
                 last: bool = True) -> UnitResult:
    """Replay the hands among ``blocks`` of the file ``path`` and gather the rows of every table, counting
    each block once; each hand's row records ``rules`` so later replays from the database use them too."""
    gathered = Gathered(rules)
    gathered.add(FilePart(path, last), blocks)
    return gathered.done()


def _hand_logs(texts: list[str]) -> pa.Table:
    return pa.table({"text": pa.array(texts, pa.string()),
                     HAND_INDEX: pa.array(range(len(texts)), pa.int32())})


def process_unit(unit: Iterable[Chunk], rule_args: tuple[str, ...] = (), strict: bool = False) -> UnitResult:
    """Parse and replay every block of the chunks of ``unit`` (what a worker process runs); ``strict``: a
    line the site's format does not know rejects its hand."""
    gathered = Gathered(_rules(rule_args))
    for chunk in unit:
        gathered.add_chunk(chunk, strict)
    return gathered.done()


def add_facts(result: UnitResult, con: duckdb.DuckDBPyConnection) -> None:
    """Work out the per-seat facts of the unit's hands (analytics/facts.py) on ``con``, a facts connection,
    into its tables; a hand the facts SQL fails on becomes a rejected block (analytics/isolate.py)."""
    from studbook.analytics import facts
    from studbook.analytics.isolate import hand_range
    from studbook.analytics.isolate import in_halves
    from studbook.analytics.isolate import rejects
    from studbook.analytics.isolate import step_errors
    from studbook.analytics.isolate import without_hands

    tables = result.tables
    try:
        result.tables = facts.with_facts(con, tables)
    except step_errors() as error:
        def part(start: int, stop: int) -> dict[str, pa.Table]:
            return facts.with_facts(con, hand_range(tables, start, stop))

        hands = result.hands
        done, failed = in_halves(0, hands, part, error)
        done = done or [part(0, 0)]
        kept = without_hands({name: pa.concat_tables([piece[name] for piece in done]) for name in done[0]},
                             hands, failed)
        failed_blocks = rejects(tables, failed, "cannot work out its facts")
        result.tables = {**kept, "rejected": pa.concat_tables([tables["rejected"], failed_blocks])}
        by_path = {part.path: part for part in result.parts}
        for file in failed_blocks.column("file").to_pylist():
            by_path[file].hands -= 1
            by_path[file].rejected += 1
        result.rejected_chars += sum(len(raw) for raw in failed_blocks.column("raw").to_pylist())
    result.with_facts = True


# Python's cycle collector runs every 700 new objects by default and rescans the survivors. An import
# makes millions of short-lived objects that reference counting frees (hands are not cyclic), so the
# collector mostly rescans what is loaded (grammars, caches). Measured on 10k simulated hands with
# --jobs 1, five runs each: median 650 hands/s as Python sets it, 740 with these thresholds.
_IMPORT_GC_THRESHOLD = (50_000, 50, 100)


PARENT_POLL = 0.5  # seconds between a worker's looks at whether the import that started it is alive


def start_worker(parent: int, schemas: dict[str, pa.Schema]) -> None:
    """A worker process: it leaves Ctrl-C to the import, takes the tables' ``schemas`` from it (so it never
    starts DuckDB), collects less (below) and exits as soon as its parent is gone. A killed import (kill
    -9, or TERM, which Python does not catch) cannot tell its workers; without this they and
    multiprocessing's resource tracker would wait for work forever."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    use_schemas(schemas)
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
