"""``studbook analyse``: the decision EV of every hand not yet analysed, stored in ``decisions``.

A pass of its own after the import, because valuing a decision deals hundreds of hands: the import stays
as fast as it was. Each hand is parsed again from the lines the database keeps (``hand_logs``) and
replayed under the house rules it was imported with, then :func:`studbook.decisions.decisions` values it.
Hands go to ``--jobs`` worker processes in batches; each batch's rows and its hands' ``analysed_hands``
rows are written in one transaction, so an interrupted pass keeps what it wrote and the next one goes on
from there. A hand without stored lines (imported before the database kept them, or an XML game whose
lines need their session) is read again from its log file where that is still there, else marked
``no-log``; one whose lines no longer parse, ``unreadable``.
"""

from __future__ import annotations

import multiprocessing
import signal
import threading
from collections.abc import Callable
from collections.abc import Generator
from collections.abc import Iterator
from concurrent.futures import Future
from concurrent.futures import ProcessPoolExecutor
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING
from typing import Any
from typing import Final

if TYPE_CHECKING:
    from studbook.hand import Hand

BATCH: Final = 200  # hands per unit of work and per transaction: a few seconds of one worker's time

Row = tuple[Any, ...]
Pending = tuple[str, str, str, int, str | None, str | None]  # site, hand_id, file, first_line, rules, text


@dataclass(slots=True)
class AnalyseSummary:
    pending: int = 0  # hands not yet analysed when the pass began
    analysed: int = 0  # of those, analysed and stored
    decisions: int = 0
    no_log: int = 0
    unreadable: int = 0
    interrupted: bool = False


def _stored_hand(hand: Pending) -> Hand | str:
    """The hand parsed from its stored lines, or why not: ``no-log`` or ``unreadable``."""
    from studbook.grammar import parse_block
    from studbook.grammar.dialect import detect_dialect
    from studbook.grammar.records import Block
    from studbook.hand import Hand

    _, _, file, first_line, _, text = hand
    dialect = detect_dialect(text.split("\n", 1)[0]) if text is not None else None
    if text is None or dialect is None:
        return "no-log"
    parsed = parse_block(Block(file, first_line, text.split("\n"), dialect))
    return parsed if isinstance(parsed, Hand) else "unreadable"


def _from_files(hands: list[Pending], db: Path) -> dict[tuple[str, str], Hand]:
    """Hands without stored lines, read again from their logs where those are still there (a relative
    path from the working folder, then from the database's), each file read once for all its hands."""
    from studbook.grammar import parse_block
    from studbook.grammar.reader import LogReader
    from studbook.grammar.records import Block
    from studbook.hand import Hand

    found: dict[tuple[str, str], Hand] = {}
    by_file: dict[str, dict[int, tuple[str, str]]] = {}
    for site, hand_id, file, first_line, _, _ in hands:
        by_file.setdefault(file, {})[first_line] = (site, hand_id)
    for file, wanted in by_file.items():
        places = [Path(file)] if Path(file).is_absolute() else [Path(file), db.parent / file]
        path = next((place for place in places if place.is_file()), None)
        if path is None:
            continue
        for block in LogReader(path):
            if not isinstance(block, Block) or block.first_line not in wanted:
                continue
            parsed = parse_block(block)
            if isinstance(parsed, Hand) and (parsed.site, parsed.hand_id) == wanted[block.first_line]:
                found[wanted[block.first_line]] = parsed
    return found


def analyse_rows(hand: Hand, rules: str | None, samples: int) -> list[Row]:
    """One hand's ``decisions`` rows."""
    from studbook.decisions import decisions
    from studbook.replay import replay
    from studbook.rules.house import rules_from_text

    rows = []
    for found in decisions(replay(hand, rules_from_text(rules)), samples):
        value = found.value
        rows.append((hand.site, hand.hand_id, found.seq, found.street, found.street_index, found.player,
                     found.action, found.amount, found.pot_after, len(found.opponents), value.equity,
                     value.equity_hi, value.equity_lo, value.scoop, value.ev, value.std_error, value.method))
    return rows


def load_hands(hands: list[Pending], db: Path) -> dict[tuple[str, str], Hand | str]:
    """Each hand parsed from its stored lines or its log, or why it cannot be: ``no-log``, ``unreadable``."""
    parsed = {(hand[0], hand[1]): _stored_hand(hand) for hand in hands}
    unstored = [hand for hand in hands if parsed[hand[0], hand[1]] == "no-log"]
    if unstored:
        parsed.update(_from_files(unstored, db))
    return parsed


def pending_hands(con: Any, keys: list[tuple[str, str]]) -> list[Pending]:
    """The hands ``keys`` (site, hand id) with what :func:`load_hands` needs of them, in key order."""
    return con.execute(
        "SELECT h.site, h.hand_id, h.file, h.first_line, h.rules, l.text FROM hands AS h "
        "LEFT JOIN hand_logs AS l USING (site, hand_id) "
        "SEMI JOIN (SELECT key[1] AS site, key[2] AS hand_id FROM "
        "(SELECT unnest(?::VARCHAR[][]) AS key)) USING (site, hand_id) ORDER BY site, hand_id",
        [[list(key) for key in keys]]).fetchall()


def analyse_batch(hands: list[Pending], samples: int, db: Path) -> tuple[list[Row], list[Row]]:
    """A batch's ``decisions`` rows and ``analysed_hands`` rows."""
    parsed = load_hands(hands, db)
    decisions: list[Row] = []
    marks: list[Row] = []
    for site, hand_id, _, _, rules, _ in hands:
        found = parsed[site, hand_id]
        rows = analyse_rows(found, rules, samples) if not isinstance(found, str) else []
        decisions += rows
        marks.append((site, hand_id, len(rows), found if isinstance(found, str) else "analysed"))
    return decisions, marks


def run_analyse(db: Path, jobs: int, samples: int, batch: int = BATCH,
                progress: Callable[[int, int], None] | None = None) -> AnalyseSummary:
    """Analyse every hand of ``db`` not analysed yet; ``progress(done, pending)`` after each batch.
    Ctrl-C ends it with ``interrupted`` set: the batches written stay."""
    from studbook.analytics.db import open_for_import

    con = open_for_import(db)
    try:
        return analyse_pending(con, db, _database_writer(con), jobs, samples, batch, progress)
    finally:
        con.close()


def _database_writer(con: Any) -> Callable[[list[Row], list[Row]], None]:
    """Writes a batch's rows and marks in one transaction: all of them or, interrupted, none."""
    def write(decisions: list[Row], marks: list[Row]) -> None:
        con.execute("BEGIN")
        try:
            if decisions:
                con.executemany(f"INSERT INTO decisions VALUES ({', '.join('?' * len(decisions[0]))})",
                                decisions)
            con.executemany("INSERT INTO analysed_hands VALUES (?, ?, ?, ?)", marks)
            con.execute("COMMIT")
        except BaseException:
            con.execute("ROLLBACK")
            raise
    return write


def analyse_pending(con: Any, base: Path, write: Callable[[list[Row], list[Row]], None], jobs: int,
                    samples: int, batch: int = BATCH, progress: Callable[[int, int], None] | None = None
                    ) -> AnalyseSummary:
    """Analyse the hands of ``con`` (a database or a lake's views) that ``analysed_hands`` lacks, and give
    each batch's rows to ``write``, which stores them whole or not at all; ``base``: where a relative log
    path is tried after the working folder (the parent of the database or lake). Ctrl-C ends it with
    ``interrupted`` set: the batches written stay."""
    from studbook.decisions import SAMPLES
    from studbook.interrupts import interruptible

    samples = samples or SAMPLES
    summary = AnalyseSummary()
    results = None
    try:
        with interruptible():  # Ctrl-C during a query of this process (the hands' lines) stops it too
            keys = con.execute("SELECT site, hand_id FROM hands ANTI JOIN analysed_hands "
                               "USING (site, hand_id) ORDER BY site, hand_id").fetchall()
            summary.pending = len(keys)
            results = _results(con, keys, jobs, samples, base, batch)
            for decisions, marks in results:
                with _ctrl_c_held():  # a batch is written and counted whole
                    write(decisions, marks)
                    summary.analysed += sum(status == "analysed" for *_, status in marks)
                    summary.no_log += sum(status == "no-log" for *_, status in marks)
                    summary.unreadable += sum(status == "unreadable" for *_, status in marks)
                    summary.decisions += len(decisions)
                if progress:
                    progress(summary.analysed + summary.no_log + summary.unreadable, summary.pending)
    except KeyboardInterrupt:
        summary.interrupted = True
        if results is not None:
            results.close()
    return summary


@contextmanager
def _ctrl_c_held() -> Iterator[None]:
    """Ctrl-C pressed during the block acts once it is done: a lake's shard is several files to move, and
    one stopped between them would be written but not counted."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    pressed: list[int] = []
    before = signal.signal(signal.SIGINT, lambda number, _: pressed.append(number))
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, before)
    if pressed:
        raise KeyboardInterrupt


def _batches(con: Any, keys: list[tuple[str, str]], batch: int) -> Iterator[list[Pending]]:
    """The pending hands with their lines, ``batch`` at a time."""
    for start in range(0, len(keys), batch):
        yield pending_hands(con, keys[start:start + batch])


def _results(con: Any, keys: list[tuple[str, str]], jobs: int, samples: int, db: Path, batch: int
             ) -> Generator[tuple[list[Row], list[Row]]]:
    """Each batch's rows, in order: worked out here with one job, else by ``jobs`` worker processes (two
    batches each in hand at most)."""
    if jobs <= 1:
        for hands in _batches(con, keys, batch):
            yield analyse_batch(hands, samples, db)
        return
    from studbook.analytics.importer import sigint_ignored

    # spawn: the parent holds DuckDB's threads, which a forked child must not inherit.
    others = set(multiprocessing.active_children())
    with sigint_ignored():  # the workers start with Ctrl-C ignored: it is this process's to handle
        pool = ProcessPoolExecutor(jobs, mp_context=multiprocessing.get_context("spawn"),
                                   initializer=_ignore_sigint)
    pending: list[Future[tuple[list[Row], list[Row]]]] = []
    stopped = False
    try:
        for number, hands in enumerate(_batches(con, keys, batch)):
            if len(pending) >= 2 * jobs:
                yield pending.pop(0).result()
            if number < jobs:
                with sigint_ignored():
                    pending.append(pool.submit(analyse_batch, hands, samples, db))
            else:
                pending.append(pool.submit(analyse_batch, hands, samples, db))
        while pending:
            yield pending.pop(0).result()
    except BaseException:
        stopped = True
        raise
    finally:
        if stopped:
            pool.shutdown(wait=False, cancel_futures=True)
            for child in set(multiprocessing.active_children()) - others:
                child.terminate()
        pool.shutdown(wait=True)


def _ignore_sigint() -> None:
    signal.signal(signal.SIGINT, signal.SIG_IGN)
