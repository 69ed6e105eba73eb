"""The single writer: stages the units the workers give, then stores them a pass at a time, each pass one
transaction with the per-seat facts of all its new hands worked out at once.

A unit's rows are appended, set-based from its Arrow tables, to temporary tables of the import's own
connection (:meth:`Loader.stage`; DuckDB keeps them in its memory and spills them to disk past its limit),
each hand numbered in the pass. A pass ends when it holds ``batch_size`` hands and rejected blocks (or
that much rejected text), or when the input does; then one script (:meth:`Loader.commit`): the staged
hands whose key (site, hand_id) is not stored yet, each the first of its key in the pass, get their
per-seat facts from facts.sql run once over all of them, in the database's connection, where their rows
already are (DuckDB plans that script in about 100 ms whatever the number of hands: paid once a pass,
not once a unit); then their rows go into every table, the rejected blocks and the records of the files
read to their end with them. Importing a hand again changes nothing.

Because a pass commits whole or not at all and passes commit in the order of the input, a killed import
leaves a prefix of the input's units behind, and re-running it loads exactly what is missing. A file read
to its end is recorded in ``imported_files`` by the pass that holds its last chunk, so the record never
outlives a rolled-back pass. A pass whose facts or insert fail is stored in parts instead
(analytics/isolate.py): its hands in halves, the hands that fail alone rejected, then its rejected
blocks with the records of its files.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from dataclasses import field
from datetime import UTC
from datetime import datetime
from functools import cache
from typing import TYPE_CHECKING

import duckdb
import pyarrow as pa

from studbook.analytics import facts
from studbook.analytics import upcards
from studbook.analytics.db import BATCH_RAW_CHARS
from studbook.analytics.db import DEFAULT_BATCH
from studbook.analytics.isolate import in_halves
from studbook.analytics.isolate import kept_raw
from studbook.analytics.isolate import step_errors
from studbook.analytics.rows import HAND_INDEX
from studbook.analytics.rows import HAND_TABLES
from studbook.analytics.rows import chunk_schemas

if TYPE_CHECKING:
    from studbook.analytics.worker import FilePart
    from studbook.analytics.worker import UnitResult


@dataclass(slots=True)
class BatchOutcome:
    """What one committed pass added: new hands, hands already stored, and the new hands with
    violations (in all, and by code); as ``audit`` counts them, the hands read (new or already
    stored) with errors and with warnings only; and the hands it rejected."""

    imported: int = 0
    already_present: int = 0
    hands_with_violations: int = 0
    hands_with_errors: int = 0
    hands_with_warnings_only: int = 0
    violations: Counter[str] = field(default_factory=Counter)
    rejected: int = 0  # hands the facts or the insert failed on, stored as rejected blocks


STAGED = (*HAND_TABLES, "hand_logs", "rejected")  # a unit's tables: unit_<name>, staged in staged_<name>
FILE_SCHEMA = pa.schema([("sha256", pa.string()), ("bytes", pa.int64()), ("file", pa.string()),
                         ("blocks", pa.int32()), ("rejected", pa.int32()),
                         ("imported_utc", pa.timestamp("us"))])


@cache
def _schemas() -> dict[str, pa.Schema]:
    schemas = chunk_schemas()
    return {**{name: schemas[name] for name in (*HAND_TABLES, "rejected")},
            "hand_logs": pa.schema([("text", pa.string()), (HAND_INDEX, pa.int32())])}


@cache
def _make_staging() -> str:
    """The pass's staging tables, the list of its new hands, and the facts' inputs: views of the staged
    rows of the new hands (facts.sql reads ``batch_<name>``)."""
    statements = [f"CREATE OR REPLACE TEMP TABLE staged_{name} AS FROM unit_{name}" for name in STAGED]
    statements.append(f"CREATE OR REPLACE TEMP TABLE batch_new ({HAND_INDEX} INTEGER, site VARCHAR, "
                      "hand_id VARCHAR)")
    statements.append("CREATE OR REPLACE TEMP TABLE import_new (site VARCHAR, hand_id VARCHAR)")
    statements.extend(f"CREATE OR REPLACE TEMP VIEW batch_{name} AS FROM staged_{name} "
                      f"SEMI JOIN batch_new USING ({HAND_INDEX})" for name in facts.INPUTS)
    return ";\n".join(statements)


def _stage_sql(offset: int) -> str:
    """A unit's rows appended to the staging tables, its hands numbered from ``offset``."""
    shifted = f"* REPLACE ({HAND_INDEX} + {offset} AS {HAND_INDEX})"
    return ";\n".join(f"INSERT INTO staged_{name} SELECT {'*' if name == 'rejected' else shifted} "
                       f"FROM unit_{name}" for name in STAGED)


# The new hands of the hand range [start, stop) of the pass: not stored yet, and the first of their key.
_NEW_HANDS = f"""
INSERT INTO batch_new
SELECT {HAND_INDEX}, site, hand_id FROM staged_hands AS b
WHERE {HAND_INDEX} >= $start AND {HAND_INDEX} < $stop
  AND NOT EXISTS (FROM hands AS h WHERE h.site = b.site AND h.hand_id = b.hand_id)
QUALIFY row_number() OVER (PARTITION BY site, hand_id ORDER BY {HAND_INDEX}) = 1
"""

_INSERT_HANDS = f"""
INSERT INTO hands BY NAME
SELECT b.* EXCLUDE ({HAND_INDEX}), f.* EXCLUDE ({HAND_INDEX})
FROM batch_hands AS b JOIN fact_hands_dealt AS f USING ({HAND_INDEX})
"""

_INSERT_SEATS = f"""
INSERT INTO seats BY NAME
SELECT n.site, n.hand_id, f.* EXCLUDE ({HAND_INDEX})
FROM fact_seats AS f JOIN batch_new AS n USING ({HAND_INDEX})
"""

_INSERT_ROWS = """
INSERT INTO {table} BY NAME
SELECT n.site, n.hand_id, b.* EXCLUDE ({index}) FROM staged_{table} AS b JOIN batch_new AS n USING ({index})
"""

# The up-card facts of the pass's new hands (analytics/upcards.py), from their rows: the seats and hands
# just stored (with their facts), the actions, cards and awards as staged.
_PASS_UPCARDS = {
    "seats": "SELECT s.* FROM seats AS s SEMI JOIN batch_new USING (site, hand_id)",
    "hands": "SELECT h.* FROM hands AS h SEMI JOIN batch_new USING (site, hand_id)",
    **{name: f"SELECT n.site, n.hand_id, b.* EXCLUDE ({HAND_INDEX}) FROM staged_{name} AS b "
             f"JOIN batch_new AS n USING ({HAND_INDEX})" for name in ("actions", "cards", "awards")}}
_INSERT_UPCARDS = "INSERT INTO upcard_facts SELECT * FROM upcards_computed"

_NEW_REJECTS = """
INSERT INTO rejected BY NAME
SELECT * FROM staged_rejected AS b
WHERE NOT EXISTS (FROM rejected AS r WHERE r.file = b.file AND r.line = b.line)
QUALIFY row_number() OVER (PARTITION BY file, line) = 1
"""

# A block that once failed and now parses (a newer studbook, or the whole of a file once cut mid-hand) is no
# longer a reject: a reject is at the line of its error, anywhere in the hand, or names the hand's id.
_NOW_PARSED = f"""
DELETE FROM rejected AS r WHERE EXISTS (
    FROM staged_hands AS b WHERE b.{HAND_INDEX} >= $start AND b.{HAND_INDEX} < $stop AND b.file = r.file
    AND (r.line BETWEEN b.first_line AND b.last_line OR (b.site, b.hand_id) = (r.site, r.hand_id)))
"""

# One statement for the files of a pass: a statement a file was 5 ms a file.
_RECORD_FILES = "INSERT OR REPLACE INTO imported_files SELECT * FROM pass_files"

# What a range of the pass added, in one row: the new hands; the new hands with violations by code ('*': any
# code); and, as audit counts them, the hands of the range (new or stored) with errors and with warnings only.
_OUTCOME = f"""
SELECT (SELECT count(*) FROM batch_new),
       (SELECT map(list(coalesce(code, '*')), list(hands)) FROM (
           SELECT code, count(DISTINCT {HAND_INDEX}) AS hands FROM staged_violations
           WHERE {HAND_INDEX} IN (SELECT {HAND_INDEX} FROM batch_new) GROUP BY ROLLUP (code))),
       count(*) FILTER (errors > 0), count(*) FILTER (errors = 0 AND warnings > 0)
FROM (SELECT count_if(severity = 'error') AS errors, count_if(severity = 'warning') AS warnings
      FROM staged_violations WHERE {HAND_INDEX} >= $start AND {HAND_INDEX} < $stop GROUP BY {HAND_INDEX})
"""


_STACK_BREAKS = """
SELECT count(*) FROM stack_breaks AS b
WHERE EXISTS (FROM import_new AS n WHERE n.site = b.site AND n.hand_id IN (b.hand_id, b.previous_hand_id))
"""


@cache
def _store_script(rest: bool, views: bool) -> str:
    """One script that stores the new hands of the range [$start, $stop) of the pass with their facts, and
    with ``rest`` the rejected blocks and the files' records too; its last statement gives the outcome;
    with ``views``, the facts' views are made first (the connection's first pass). One call to DuckDB
    rather than twenty: each call of the writer thread ends with a wait for the GIL while another thread
    parses (docs/performance.md, "Where an import's time goes")."""
    rows = [_INSERT_ROWS.format(table=name, index=HAND_INDEX) for name in (*HAND_TABLES[2:], "hand_logs")]
    made = [facts.views_script()] if views else []
    statements = ["DELETE FROM batch_new", _NEW_HANDS, facts.script(), *made, _INSERT_HANDS, _INSERT_SEATS,
                  *rows, _INSERT_UPCARDS, _NOW_PARSED,
                  "INSERT INTO import_new SELECT site, hand_id FROM batch_new"]
    if rest:
        statements += [_NEW_REJECTS, _RECORD_FILES]
    statements += [facts.clear_script(), _OUTCOME]
    return ";\n".join(statement.strip().rstrip(";") for statement in statements)


def _store_sql(start: int, stop: int, rest: bool, views: bool) -> str:
    """:func:`_store_script` for the range [start, stop) (DuckDB takes parameters in a script's last
    statement only)."""
    return _store_script(rest, views).replace("$start", str(start)).replace("$stop", str(stop))


class Loader:
    """Stages units and commits them in passes into an open database (the import's only writer)."""

    def __init__(self, con: duckdb.DuckDBPyConnection, batch_size: int = DEFAULT_BATCH,
                 max_raw_chars: int = BATCH_RAW_CHARS) -> None:
        self.con = con
        self.batch_size = batch_size
        self.max_raw_chars = max_raw_chars
        self.prepared = False
        self.views = False  # the facts' views made (by the first pass committed)
        self.parts: list[FilePart] = []  # of the units staged in this pass
        self.units = 0
        self.hands = self.rows = self.raw_chars = 0  # staged in this pass
        self.imported = 0  # new hands committed by this loader, in all its passes
        self.blocks: Counter[str] = Counter()  # of the files whose last chunk is still to come
        self.rejected: Counter[str] = Counter()

    def prepare(self) -> None:
        """The staging tables and the facts' temporary tables and views, made once on the connection."""
        self._register({name: schema.empty_table() for name, schema in _schemas().items()})
        try:
            self.con.execute(_make_staging())
            facts.prepare(self.con, views=False)
            upcards.prepare(self.con, _PASS_UPCARDS)
        finally:
            self._unregister()
        self.prepared = True

    def _register(self, tables: dict[str, pa.Table]) -> None:
        for name in STAGED:
            self.con.register(f"unit_{name}", tables[name])

    def _unregister(self) -> None:
        for name in STAGED:
            self.con.unregister(f"unit_{name}")

    def stage(self, result: UnitResult) -> None:
        """Append a unit's rows to the pass."""
        if not self.prepared:
            self.prepare()
        self._register(result.tables)
        try:
            self.con.execute(_stage_sql(self.hands))
        finally:
            self._unregister()
        self.parts.extend(result.parts)
        self.units += 1
        self.hands += result.hands
        self.rows += result.hands + result.rejected
        self.raw_chars += result.rejected_chars

    @property
    def full(self) -> bool:
        """Whether the pass holds enough to be committed: ``batch_size`` hands and rejected blocks, or
        that much rejected text."""
        return self.rows >= self.batch_size or self.raw_chars >= self.max_raw_chars

    def write(self, results: Sequence[UnitResult]) -> BatchOutcome:
        """Stage the units and commit them as one pass."""
        for result in results:
            self.stage(result)
        return self.commit() or BatchOutcome()

    def commit(self) -> BatchOutcome | None:
        """Store the pass in one transaction and say what was new (None: nothing was staged). When the facts
        or the insert fail, the pass is stored in parts: the hands they fail on alone are rejected
        (analytics/isolate.py), the others stored, and the rejected blocks and the files read go in last."""
        if not self.units:
            return None
        before = (Counter(self.blocks), Counter(self.rejected))
        try:
            outcome = self._store(0, self.hands, self._finished_files(Counter()))
        except step_errors() as error:
            self.blocks, self.rejected = before
            outcome = self._store_isolating(error)
        outcome.already_present = self.hands - outcome.imported - outcome.rejected
        self.imported += outcome.imported
        self._clear()
        return outcome

    def stack_breaks(self) -> int:
        """How many rows of the ``stack_breaks`` view (analytics/stacks.sql, rule L7) concern a hand this
        loader stored: the hand, or the one before it at its table (a hand stored between two others can
        break the stack of the one after it)."""
        if not self.prepared:
            return 0
        return self.con.execute(_STACK_BREAKS).fetchall()[0][0]

    def _clear(self) -> None:
        if self.prepared:
            self.con.execute(";\n".join(f"DELETE FROM staged_{name}" for name in STAGED))
        self.parts, self.units = [], 0
        self.hands = self.rows = self.raw_chars = 0

    def _finished_files(self, failed: Counter[str]) -> pa.Table:
        """The ``imported_files`` rows of the files whose last chunk is in this pass, one per content
        (a file given twice, or two copies of one file, is one row: the last); ``failed`` counts the hands
        of each file that the writer rejected."""
        records = []
        now = datetime.now(UTC).replace(tzinfo=None)
        self.rejected.update(failed)
        for part in self.parts:
            self.blocks[part.path] += part.found
            self.rejected[part.path] += part.rejected
            if part.last:
                blocks, rejected = self.blocks.pop(part.path), self.rejected.pop(part.path)
                if part.stamp is not None:
                    records.append((part.stamp.sha256, part.stamp.bytes, part.path, blocks, rejected, now))
        unique = list({record[0]: record for record in records}.values())
        return pa.Table.from_pylist([dict(zip(FILE_SCHEMA.names, record, strict=True)) for record in unique],
                                    schema=FILE_SCHEMA)

    def _store_isolating(self, error: Exception) -> BatchOutcome:
        stored, failed = in_halves(0, self.hands, lambda start, stop: self._store(start, stop, None), error)
        failed_blocks = self._rejects(failed)
        self.con.register("failed_blocks", failed_blocks)
        try:
            self.con.execute("INSERT INTO staged_rejected FROM failed_blocks")
        finally:
            self.con.unregister("failed_blocks")
        files = self._finished_files(Counter(failed_blocks.column("file").to_pylist()))
        outcome = _sum([*stored, self._store(0, 0, files)])
        outcome.rejected = len(failed)
        return outcome

    def _rejects(self, failed: list[tuple[int, str]]) -> pa.Table:
        """The rejected blocks of the ``failed`` hands of the pass: each at its file and first line, with its
        hand id, why, and its raw text as a reject keeps it."""
        why = pa.table({HAND_INDEX: pa.array([index for index, _ in failed], pa.int32()),
                        "why": pa.array([reason for _, reason in failed], pa.string())})
        self.con.register("failed_hands", why)
        try:
            rows = self.con.sql(f"""
                SELECT h.file, h.first_line AS line, 1 AS col, h.site, h.hand_id,
                       'cannot be stored: ' || f.why AS error, coalesce(l.text, '') AS raw
                FROM failed_hands AS f JOIN staged_hands AS h USING ({HAND_INDEX})
                LEFT JOIN staged_hand_logs AS l USING ({HAND_INDEX})
                ORDER BY f.{HAND_INDEX}""").to_arrow_table()
        finally:
            self.con.unregister("failed_hands")
        raw = pa.array([kept_raw(text) for text in rows.column("raw").to_pylist()], pa.string())
        return rows.set_column(rows.schema.get_field_index("raw"), "raw", raw).cast(_schemas()["rejected"])

    def _store(self, start: int, stop: int, files: pa.Table | None) -> BatchOutcome:
        """Store the new hands of the range [start, stop) of the pass and, unless ``files`` is None, its
        rejected blocks and the records of ``files``, in one transaction; what was new (``already_present``
        is the caller's)."""
        con = self.con
        con.register("pass_files", files if files is not None else FILE_SCHEMA.empty_table())
        con.execute("BEGIN")
        try:
            imported, codes, errors, warnings_only = con.execute(
                _store_sql(start, stop, files is not None, not self.views)).fetchall()[0]
            con.execute("COMMIT")
            self.views = True
        except BaseException:
            con.execute("ROLLBACK")
            raise
        finally:
            con.unregister("pass_files")
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
