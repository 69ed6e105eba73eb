"""The writer makes few DuckDB calls (analytics/load.py, facts.py): each call of the writer thread is a time
it may have to wait for the GIL while the main thread parses (docs/performance.md), so a unit is staged in
one call and a pass's facts and inserts run as one script; and the facts leave none of their temp tables
behind, in the database's connection or in a lake task's."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import duckdb
from helpers.simulated_logs import simulated_log

from studbook.analytics import facts
from studbook.analytics.db import open_for_import
from studbook.analytics.load import Loader
from studbook.analytics.reading import read_chunks
from studbook.analytics.worker import process_unit

QUERIES = ("execute", "sql", "query")
FACT_TABLES = "SELECT table_name FROM duckdb_tables() WHERE temporary AND table_name LIKE 'fact%'"


class CountingConnection:
    """Forwards to a DuckDB connection and counts the statements and scripts it is given."""

    def __init__(self, con: duckdb.DuckDBPyConnection) -> None:
        self.con = con
        self.calls: Counter[str] = Counter()

    def __getattr__(self, name: str) -> object:
        attribute = getattr(self.con, name)
        if name in QUERIES:
            def counted(*args: object, **kwargs: object) -> object:
                self.calls[name] += 1
                return attribute(*args, **kwargs)
            return counted
        return attribute


def test_a_unit_is_staged_in_one_call_and_a_pass_stored_in_four(tmp_path: Path) -> None:
    log = simulated_log(tmp_path / "stud8.txt", "stud8", 30, seed=3)
    results = [process_unit([chunk]) for chunk in read_chunks(log, 10)]
    database = CountingConnection(open_for_import(tmp_path / "db.duckdb"))
    loader = Loader(database)  # type: ignore[arg-type]
    loader.stage(results[0])  # the first unit also makes the staging tables and the facts' views
    database.calls.clear()
    for result in results[1:]:
        loader.stage(result)
    assert sum(database.calls.values()) == 2
    outcome = loader.commit()
    assert outcome is not None and outcome.imported == 30 and outcome.rejected == 0
    # BEGIN, the facts with the inserts and the outcome query, COMMIT, and the staging emptied
    assert sum(database.calls.values()) == 2 + 4
    assert database.con.sql("SELECT count(*) FROM hands WHERE players_dealt > 0").fetchall() == [(30,)]
    assert database.con.sql(FACT_TABLES).fetchall() == []
    assert database.con.sql("SELECT count(*) FROM staged_hands").fetchall() == [(0,)]


def test_nothing_of_the_facts_is_stored_in_the_database(tmp_path: Path) -> None:
    """The facts' tables, views and macros are temporary objects of the import's connection: the file
    holds the tables and views of schema.sql, stats.sql and stacks.sql alone."""
    log = simulated_log(tmp_path / "stud8.txt", "stud8", 5, seed=3)
    db = tmp_path / "db.duckdb"
    empty = tmp_path / "empty.duckdb"
    open_for_import(empty).close()
    con = open_for_import(db)
    Loader(con).write([process_unit(read_chunks(log, 10))])
    con.close()
    catalog = ("SELECT 'table ' || table_name FROM duckdb_tables() UNION ALL SELECT 'view ' || view_name "
               "FROM duckdb_views() WHERE NOT internal UNION ALL SELECT 'macro ' || function_name FROM "
               "duckdb_functions() WHERE NOT internal ORDER BY 1")
    with duckdb.connect(str(db), read_only=True) as after:
        made = after.sql(catalog).fetchall()
    with duckdb.connect(str(empty), read_only=True) as before:
        assert made == before.sql(catalog).fetchall()


def test_the_facts_of_a_lake_task_leave_no_temp_table_behind(tmp_path: Path) -> None:
    log = simulated_log(tmp_path / "stud8.txt", "stud8", 5, seed=3)
    (result,) = [process_unit([chunk]) for chunk in read_chunks(log, 10)]
    con = facts.connection()
    found = facts.with_facts(con, result.tables)
    assert found["seats"].num_rows == result.tables["seats"].num_rows > 0
    assert con.sql(FACT_TABLES).fetchall() == []
