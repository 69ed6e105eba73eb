"""The writer makes few DuckDB calls a batch (analytics/load.py, facts.py): each call of the writer thread is
a time it may have to wait for the GIL while the main thread parses (docs/performance.md), so the
facts and the insert run as scripts, and the facts leave none of their temp tables behind."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import duckdb
import pytest
from helpers.simulated_logs import simulated_log

from studbook.analytics import facts
from studbook.analytics.db import open_for_import
from studbook.analytics.load import Loader
from studbook.analytics.reading import read_chunks
from studbook.analytics.worker import process_chunk

QUERIES = ("execute", "sql", "query")


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


def test_a_batch_is_worked_out_and_stored_in_six_calls(tmp_path: Path,
                                                       monkeypatch: pytest.MonkeyPatch) -> None:
    log = simulated_log(tmp_path / "stud8.txt", "stud8", 30, seed=3)
    results = [process_chunk(chunk) for chunk in read_chunks(log, 10)]
    made: list[CountingConnection] = []
    real_connection = facts.connection

    def counting_facts() -> duckdb.DuckDBPyConnection:
        made.append(CountingConnection(real_connection()))
        return made[-1]  # type: ignore[return-value]

    monkeypatch.setattr(facts, "connection", counting_facts)
    database = CountingConnection(open_for_import(tmp_path / "db.duckdb"))
    outcome = Loader(database).write(results)  # type: ignore[arg-type]
    assert outcome.imported == 30 and outcome.rejected == 0
    assert sum(database.calls.values()) == 3  # BEGIN, the inserts with the outcome query, COMMIT
    assert sum(made[0].calls.values()) == 3  # the facts with the hands' query, the seats, the drops
    assert database.con.sql("SELECT count(*) FROM hands WHERE players_dealt > 0").fetchall() == [(30,)]


def test_the_facts_leave_no_temp_table_behind(tmp_path: Path) -> None:
    log = simulated_log(tmp_path / "stud8.txt", "stud8", 5, seed=3)
    (result,) = [process_chunk(chunk) for chunk in read_chunks(log, 10)]
    con = facts.connection()
    found = facts.with_facts(con, result.tables)
    assert found["seats"].num_rows == result.tables["seats"].num_rows > 0
    assert con.sql("SELECT table_name FROM duckdb_tables() WHERE temporary").fetchall() == []
