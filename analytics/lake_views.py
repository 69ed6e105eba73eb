"""The tables of a studbook database as DuckDB views over a lake's Parquet, for every read command.

An in-memory DuckDB gets one view per table of schema.sql, named and typed as in a database, then the
same stats.sql on top, so ``stats``, ``players``, ``query`` and the reports run the same SQL on a lake
as on a database. Only committed shards count (their manifest row is there: lake_store.py). A hand
stored by several shards (one hand in two files) is the copy of the first file by name and line, and
its other tables' rows come from that copy only, as a database keeps one copy of it. A rejected block
is one row per (file, line), gone once a hand starts at that line, as in a database. The decisions of
``studbook analyse --lake`` (lake_analyse.py) are those of the first shard that analysed a hand, and
decisions.sql's ``decision_streets`` view sums them, as in a database.
"""

from __future__ import annotations

import duckdb
import pyarrow as pa

from studbook.analytics.db import DECISION_TABLES
from studbook.analytics.db import arrow_schemas
from studbook.analytics.db import sql_file
from studbook.analytics.lake_shards import PARTITIONED
from studbook.analytics.lake_shards import lake_schema
from studbook.analytics.lake_store import MANIFEST
from studbook.analytics.lake_store import MANIFEST_SCHEMA
from studbook.analytics.lake_store import PARTITION_KEYS
from studbook.analytics.lake_store import Lake
from studbook.analytics.upcards import lake_views as lake_upcards

_KEPT = """
CREATE VIEW lake_kept AS SELECT site, hand_id, shard FROM lake_hands
QUALIFY row_number() OVER (PARTITION BY site, hand_id ORDER BY file, first_line, shard) = 1
"""

_REJECTED = """
CREATE VIEW rejected AS SELECT {columns} FROM lake_rejected AS r
WHERE NOT EXISTS (FROM lake_hands AS h WHERE h.file = r.file AND h.first_line = r.line)
QUALIFY row_number() OVER (PARTITION BY file, line ORDER BY shard DESC) = 1
"""

_ANALYSED_KEPT = """
CREATE VIEW lake_analysed_kept AS SELECT site, hand_id, shard FROM lake_analysed_hands
QUALIFY row_number() OVER (PARTITION BY site, hand_id ORDER BY shard) = 1
"""

_IMPORTED_FILES = """
CREATE VIEW imported_files AS
SELECT sha256, bytes, file, blocks, rejected, imported_utc FROM lake_manifest WHERE sha256 IS NOT NULL
"""


def _quoted(text: str) -> str:
    return "'" + text.replace("'", "''") + "'"


def _raw_view(con: duckdb.DuckDBPyConnection, lake: Lake, table: str, by_name: bool) -> None:
    """``lake_TABLE``: every committed row of a table, with its partition columns and its ``shard``;
    ``by_name``: shards of an older schema are among them (the columns they lack read as NULL)."""
    partitioned = table in PARTITIONED
    pattern = lake.location(table, *("*" for _ in PARTITION_KEYS), "*.parquet") if partitioned \
        else lake.location(table, "*.parquet")
    hive = ", hive_partitioning = true, hive_types = {'site': 'VARCHAR', 'month': 'VARCHAR'}" if partitioned \
        else ", hive_partitioning = false"
    source = f"read_parquet({_quoted(pattern)}, filename = true{hive})"
    if by_name:  # every column of today's schema, NULL where no shard has it yet
        con.register(f"lake_{table}_columns", pa.schema(lake_schema(table)).empty_table())
        source = (f"(SELECT * FROM read_parquet({_quoted(pattern)}, filename = true{hive}, "
                  f"union_by_name = true) UNION ALL BY NAME SELECT * FROM lake_{table}_columns)")
    try:
        con.execute(f"""
            CREATE VIEW lake_{table} AS SELECT * EXCLUDE (filename) FROM (
                SELECT *, parse_filename(filename, true) AS shard FROM {source})
            WHERE shard IN (SELECT shard FROM lake_manifest)""")
    except duckdb.IOException:  # no file yet: no hand with a violation, say, or no rejected block
        schema = lake_schema(table)
        extra = [pa.field(name, pa.string()) for name in (*PARTITION_KEYS, "shard")[0 if partitioned else 2:]]
        con.register(f"lake_{table}", pa.schema([*schema, *extra]).empty_table())


def create_views(con: duckdb.DuckDBPyConnection, lake: Lake) -> None:
    """The lake's tables as views named and typed as in a database."""
    manifest = lake.location(MANIFEST, "*.parquet")
    try:
        con.execute(f"CREATE VIEW lake_manifest AS SELECT * FROM read_parquet({_quoted(manifest)})")
    except duckdb.IOException:
        con.register("lake_manifest", MANIFEST_SCHEMA.empty_table())
    by_name = lake.has_older_shards()
    for table in (*PARTITIONED, "rejected", *DECISION_TABLES):
        _raw_view(con, lake, table, by_name)
    con.execute(_KEPT)
    columns = {table: ", ".join(f'"{name}"' for name in schema.names)
               for table, schema in arrow_schemas().items()}
    con.execute(f"CREATE VIEW hands AS SELECT {columns['hands']} FROM lake_hands SEMI JOIN lake_kept "
                "USING (site, hand_id, shard)")
    for table in PARTITIONED[1:]:
        con.execute(f"CREATE VIEW {table} AS SELECT {columns[table]} FROM lake_{table} "
                    "SEMI JOIN lake_kept USING (site, hand_id, shard)")
    con.execute(_REJECTED.format(columns=columns["rejected"]))
    con.execute(_ANALYSED_KEPT)  # a hand two passes analysed (run at once) counts once
    for table in DECISION_TABLES:
        con.execute(f"CREATE VIEW {table} AS SELECT {columns[table]} FROM lake_{table} "
                    "SEMI JOIN lake_analysed_kept USING (site, hand_id, shard)")
    con.execute(_IMPORTED_FILES)
    # Aliases are kept in a database (studbook alias): a lake's players are its sites' screen names.
    con.execute("CREATE TABLE aliases (alias VARCHAR, site VARCHAR, player VARCHAR)")


def open_lake(url: str, files: bool = True) -> duckdb.DuckDBPyConnection:
    """An in-memory DuckDB with the lake's tables and the stats views, as :func:`db.open_existing` gives
    for a database; with ``files=False`` (``studbook query``) a local lake's SQL reaches no file outside
    the lake's folder (DuckDB's ``allowed_directories`` with external access off)."""
    lake = Lake.at(url)
    lake.check()
    con = duckdb.connect()
    con.execute("SET enable_progress_bar = false")
    if not lake.local:
        con.register_filesystem(lake.fs)
    create_views(con, lake)
    lake_upcards(con)
    con.execute(sql_file("stats.sql"))
    con.execute(sql_file("stacks.sql"))  # the stack_breaks view (rule L7)
    con.execute(sql_file("tournaments.sql"))
    con.execute(sql_file("decisions.sql"))  # its tables are the views above; decision_streets over them
    if not files and lake.local:
        con.execute("SET allowed_directories = [?]", [str(lake.root).rstrip("/") + "/"])
        con.execute("SET enable_external_access = false")
    return con
