"""The up-card facts of each seat (analytics/upcards.sql) worked out where their rows are: by the
database's writer for the hands of each pass it stores, into the ``upcard_facts`` table, and by a lake
when it is read. Stored once, the stats that read them (``seat_upcards``, ``rate_counts``, the priors of
``rate_priors``) cost a scan of a table instead of the windows and joins of every hand in the database.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from studbook.analytics.db import sql_file

if TYPE_CHECKING:
    import duckdb

# The inputs of upcards.sql, each a view of the caller's: the stored tables' columns, seats with their
# per-seat facts.
INPUTS = ("seats", "hands", "actions", "cards", "awards")
_WHOLE = {name: f"SELECT * FROM {name}" for name in INPUTS}
FILL_STEP = 20_000  # hands a step of filling a database's up-card facts: a pass's worth, within 128MB


def prepare(con: duckdb.DuckDBPyConnection, inputs: dict[str, str]) -> None:
    """Make upcards.sql's input views from ``inputs`` (a SELECT for each of :data:`INPUTS`) and its
    ``upcards_computed`` view over them, as temporary objects of ``con``."""
    con.execute(";\n".join(f"CREATE OR REPLACE TEMP VIEW upcard_{name} AS {inputs[name]}" for name in INPUTS))
    con.execute(sql_file("upcards.sql"))


def fill_stored(con: duckdb.DuckDBPyConnection, hands_a_step: int = FILL_STEP) -> None:
    """Store the up-card facts of every hand of the database that has none: the hands imported before
    the facts were stored (they would otherwise count in no up-card stat), once, when the import that
    brings the database up to date opens it; ``hands_a_step`` at a time, within the import's memory."""
    missing = "FROM hands ANTI JOIN (SELECT DISTINCT site, hand_id FROM upcard_facts) USING (site, hand_id)"
    con.execute("CREATE OR REPLACE TEMP TABLE upcard_step (site VARCHAR, hand_id VARCHAR)")
    prepare(con, {name: f"SELECT t.* FROM {name} AS t SEMI JOIN upcard_step USING (site, hand_id)"
                  for name in INPUTS})
    steps = -(-con.execute(f"SELECT count(*) {missing}").fetchall()[0][0] // hands_a_step)
    for step in range(steps):
        con.execute("DELETE FROM upcard_step")
        con.execute(f"INSERT INTO upcard_step SELECT site, hand_id {missing} "
                    "WHERE hash(site, hand_id) % ? = ?", [steps, step])
        con.execute("INSERT INTO upcard_facts SELECT * FROM upcards_computed")
    con.execute("DROP TABLE upcard_step")


def lake_views(con: duckdb.DuckDBPyConnection) -> None:
    """A lake's ``upcard_facts``: worked out from all its hands when read."""
    prepare(con, _WHOLE)
    con.execute("CREATE OR REPLACE VIEW upcard_facts AS SELECT * FROM upcards_computed")
