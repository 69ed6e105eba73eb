"""The single writer: loads batches of chunks into DuckDB, one transaction per batch.

A batch is inserted from Arrow tables with set-based SQL, never row by row. A hand whose key
(site, hand_id) is already stored, or that appeared earlier in the same batch, is left out with
all its rows, so importing a hand again changes nothing; a rejected block is keyed by (file,
line). The per-seat facts of a batch's hands come worked out by the workers (``--jobs N``) or are
worked out here from their rows first, in SQL, in an in-memory DuckDB of their own (analytics/facts.py:
their temp tables never share the database's memory limit), and the rows of a hand's other tables get
its key here, from its ``hands`` row. Because a batch commits whole or not at all and batches commit in
the order of the input, a killed import leaves a prefix of the input's chunks behind, and re-running it
loads exactly what is missing. A file read to its end is recorded in ``imported_files`` by the batch
that holds its last chunk, so the record never outlives a rolled-back batch. A batch whose facts or
insert fail is stored in parts instead (analytics/isolate.py): its hands in halves, the hands that fail
alone rejected, then its rejected blocks with the records of its files.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from dataclasses import field
from datetime import UTC
from datetime import datetime
from functools import cache

import duckdb
import pyarrow as pa
import pyarrow.compute as pc

from studbook.analytics import facts
from studbook.analytics.isolate import STEP_ERRORS
from studbook.analytics.isolate import hand_range
from studbook.analytics.isolate import in_halves
from studbook.analytics.isolate import rejects
from studbook.analytics.rows import HAND_INDEX
from studbook.analytics.rows import HAND_TABLES
from studbook.analytics.worker import ChunkResult


@dataclass(slots=True)
class BatchOutcome:
    """What one committed batch added: new hands, hands already stored, and the new hands with
    violations (in all, and by code); as ``audit`` counts them, the hands read (new or already
    stored) with errors and with warnings only; and the hands it rejected."""

    imported: int = 0
    already_present: int = 0
    hands_with_violations: int = 0
    hands_with_errors: int = 0
    hands_with_warnings_only: int = 0
    violations: Counter[str] = field(default_factory=Counter)
    rejected: int = 0  # hands the facts or the insert failed on, stored as rejected blocks


def _concat(results: Sequence[ChunkResult], name: str) -> pa.Table:
    """One table of a batch, with each chunk's hand index shifted to be unique in the batch."""
    parts, offset = [], 0
    for result in results:
        table = result.tables[name]
        if name != "rejected":
            column = table.schema.get_field_index(HAND_INDEX)
            shifted = pc.add(table.column(column), pa.scalar(offset, pa.int32()))
            table = table.set_column(column, HAND_INDEX, shifted)
        parts.append(table)
        offset += result.hands
    return pa.concat_tables(parts)


# The batch's new hands: a few KB, replaced by the next batch's rather than dropped (one call less).
_NEW_HANDS = f"""
CREATE OR REPLACE TEMP TABLE batch_new AS
SELECT {HAND_INDEX}, site, hand_id FROM batch_hands AS b
WHERE NOT EXISTS (FROM hands AS h WHERE h.site = b.site AND h.hand_id = b.hand_id)
QUALIFY row_number() OVER (PARTITION BY site, hand_id ORDER BY {HAND_INDEX}) = 1
"""

_INSERT_HANDS = f"""
INSERT INTO hands BY NAME
SELECT * EXCLUDE ({HAND_INDEX}) FROM batch_hands WHERE {HAND_INDEX} IN (SELECT {HAND_INDEX} FROM batch_new)
"""

_INSERT_ROWS = """
INSERT INTO {table} BY NAME
SELECT n.site, n.hand_id, b.* EXCLUDE ({index}) FROM batch_{table} AS b JOIN batch_new AS n USING ({index})
"""

_NEW_REJECTS = """
INSERT INTO rejected BY NAME
SELECT * FROM batch_rejected AS b
WHERE NOT EXISTS (FROM rejected AS r WHERE r.file = b.file AND r.line = b.line)
QUALIFY row_number() OVER (PARTITION BY file, line) = 1
"""

# A block that once failed and now parses (a newer studbook, or the whole of a file once cut mid-hand) is no
# longer a reject: a reject is at the line of its error, anywhere in the hand, or names the hand's id.
_NOW_PARSED = """
DELETE FROM rejected AS r WHERE EXISTS (
    FROM batch_hands AS b WHERE b.file = r.file
    AND (r.line BETWEEN b.first_line AND b.last_line OR (b.site, b.hand_id) = (r.site, r.hand_id)))
"""

# One statement for the files of a batch: a statement a file was 5 ms a file.
_RECORD_FILES = "INSERT OR REPLACE INTO imported_files SELECT * FROM batch_files"
FILE_SCHEMA = pa.schema([("sha256", pa.string()), ("bytes", pa.int64()), ("file", pa.string()),
                         ("blocks", pa.int32()), ("rejected", pa.int32()),
                         ("imported_utc", pa.timestamp("us"))])

# What a batch added, in one row: the new hands; the new hands with violations by code ('*': any code);
# and, as audit counts them, the hands read with errors and with warnings only.
_OUTCOME = f"""
SELECT (SELECT count(*) FROM batch_new),
       (SELECT map(list(coalesce(code, '*')), list(hands)) FROM (
           SELECT code, count(DISTINCT {HAND_INDEX}) AS hands FROM batch_violations
           WHERE {HAND_INDEX} IN (SELECT {HAND_INDEX} FROM batch_new) GROUP BY ROLLUP (code))),
       count(*) FILTER (errors > 0), count(*) FILTER (errors = 0 AND warnings > 0)
FROM (SELECT count_if(severity = 'error') AS errors, count_if(severity = 'warning') AS warnings
      FROM batch_violations GROUP BY {HAND_INDEX})
"""


@cache
def _store_sql() -> str:
    """The inserts of a batch and its outcome query as one script, whose last statement gives the outcome:
    one call to DuckDB rather than 15; each call ends with a wait for the GIL when another thread holds it
    (the writer of ``--jobs N`` is a thread; docs/performance.md, "Where an import's time goes")."""
    rows = [_INSERT_ROWS.format(table=name, index=HAND_INDEX) for name in (*HAND_TABLES[1:], "hand_logs")]
    statements = [_NEW_HANDS, _INSERT_HANDS, *rows, _NEW_REJECTS, _NOW_PARSED, _RECORD_FILES, _OUTCOME]
    return ";\n".join(statement.strip() for statement in statements)


class Loader:
    """Writes batches of :class:`ChunkResult` into an open database."""

    def __init__(self, con: duckdb.DuckDBPyConnection) -> None:
        self.con = con
        self.facts: duckdb.DuckDBPyConnection | None = None  # made when a batch comes without its facts
        self.blocks: Counter[str] = Counter()  # of the files whose last chunk is still to come
        self.rejected: Counter[str] = Counter()

    def _finished_files(self, results: Sequence[ChunkResult], failed: Counter[str]) -> pa.Table:
        """The ``imported_files`` rows of the files whose last chunk is in this batch, one per content
        (a file given twice, or two copies of one file, is one row: the last); ``failed`` counts the hands
        of each file that the writer rejected."""
        records = []
        now = datetime.now(UTC).replace(tzinfo=None)
        self.rejected.update(failed)
        for result in results:
            self.blocks[result.path] += result.found
            self.rejected[result.path] += result.rejected
            if result.last:
                blocks, rejected = self.blocks.pop(result.path), self.rejected.pop(result.path)
                stamp = result.stamp
                if stamp is not None:
                    records.append((stamp.sha256, stamp.bytes, result.path, blocks, rejected, now))
        unique = list({record[0]: record for record in records}.values())
        return pa.Table.from_pylist([dict(zip(FILE_SCHEMA.names, record, strict=True)) for record in unique],
                                    schema=FILE_SCHEMA)

    def write(self, results: Sequence[ChunkResult]) -> BatchOutcome:
        """Insert a batch of chunks in one transaction and say what was new. When the facts or the insert
        fail, the batch is stored in parts: the hands they fail on alone are rejected (analytics/isolate.py),
        the others stored, and the rejected blocks and the files read go in last."""
        tables = {name: _concat(results, name) for name in (*HAND_TABLES, "hand_logs", "rejected")}
        with_facts = all(result.with_facts for result in results)
        hands = sum(result.hands for result in results)
        before = (Counter(self.blocks), Counter(self.rejected))
        try:
            outcome = self._store(tables, self._finished_files(results, Counter()), with_facts)
        except STEP_ERRORS as error:
            self.blocks, self.rejected = before
            outcome = self._store_isolating(results, tables, with_facts, error)
        outcome.already_present = hands - outcome.imported - outcome.rejected
        return outcome

    def _store_isolating(self, results: Sequence[ChunkResult], tables: dict[str, pa.Table], with_facts: bool,
                         error: Exception) -> BatchOutcome:
        hands = sum(result.hands for result in results)
        stored, failed = in_halves(0, hands, lambda start, stop: self._store(
            hand_range(tables, start, stop), FILE_SCHEMA.empty_table(), with_facts), error)
        failed_blocks = rejects(tables, failed, "cannot be stored")
        rest = {**hand_range(tables, 0, 0), "rejected": pa.concat_tables([tables["rejected"], failed_blocks])}
        files = self._finished_files(results, Counter(failed_blocks.column("file").to_pylist()))
        outcome = _sum([*stored, self._store(rest, files, with_facts)])
        outcome.rejected = len(failed)
        return outcome

    def _store(self, tables: dict[str, pa.Table], files: pa.Table, with_facts: bool) -> BatchOutcome:
        """Store hands (their facts worked out first unless ``with_facts``), rejected blocks and the
        records of the files read, in one transaction; what was new (``already_present`` is the caller's)."""
        con = self.con
        if not with_facts:
            if self.facts is None:
                self.facts = facts.connection()
            tables = facts.with_facts(self.facts, tables)
        names = (*HAND_TABLES, "hand_logs", "rejected")
        for name in names:
            con.register(f"batch_{name}", tables[name])
        con.register("batch_files", files)
        con.execute("BEGIN")
        try:
            imported, codes, errors, warnings_only = con.execute(_store_sql()).fetchall()[0]
            con.execute("COMMIT")
        except BaseException:
            con.execute("ROLLBACK")
            raise
        finally:
            for name in (*names, "files"):
                con.unregister(f"batch_{name}")
        violations = Counter(codes or {})
        with_violations = violations.pop("*", 0)
        return BatchOutcome(imported, 0, with_violations, errors, warnings_only, violations)


def _sum(outcomes: Sequence[BatchOutcome]) -> BatchOutcome:
    total = BatchOutcome()
    for outcome in outcomes:
        total.imported += outcome.imported
        total.hands_with_violations += outcome.hands_with_violations
        total.hands_with_errors += outcome.hands_with_errors
        total.hands_with_warnings_only += outcome.hands_with_warnings_only
        total.violations.update(outcome.violations)
    return total
