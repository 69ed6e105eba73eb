"""Some files in, each file's shard of every lake table out: the task a Dask worker runs for ``import
--lake``.

The rows come from the same code as ``import --db`` (analytics/reading.py, analytics/worker.py): the
files are read in units of about a thousand blocks (many small files make one unit, a big file several),
each unit parsed and replayed by :func:`process_unit`, its per-seat facts worked out at once by the same
SQL as the database's (analytics/facts.py: DuckDB plans that SQL in about 100 ms, paid once a unit, not
once a file), and its tables streamed into one staged Parquet file per file, table and partition, so
memory stays bounded however large a file. The writer of the database gives each hand's rows its key
from the ``hands`` row; here the task does, and adds the partition. A hand met again in the same file is
written once; hands met in other files are left to the views (lake_views.py). A file's shard is
published (lake_store.py) as soon as its last chunk is written.
"""

from __future__ import annotations

import posixpath
from datetime import UTC
from datetime import datetime
from pathlib import Path
from typing import IO

import pyarrow as pa
import pyarrow.compute as pc
import pyarrow.parquet as pq

from studbook.analytics import facts
from studbook.analytics.db import DEFAULT_CHUNK
from studbook.analytics.db import arrow_schemas
from studbook.analytics.lake_store import MANIFEST
from studbook.analytics.lake_store import MANIFEST_SCHEMA
from studbook.analytics.lake_store import NO_MONTH
from studbook.analytics.lake_store import STAGING
from studbook.analytics.lake_store import Lake
from studbook.analytics.lake_store import shard_name
from studbook.analytics.lake_store import staging_token
from studbook.analytics.reading import read_units
from studbook.analytics.rows import HAND_INDEX
from studbook.analytics.rows import HAND_TABLES
from studbook.analytics.worker import FilePart
from studbook.analytics.worker import UnitResult
from studbook.analytics.worker import add_facts
from studbook.analytics.worker import collecting_less
from studbook.analytics.worker import process_unit

PARTITIONED = (*HAND_TABLES, "hand_logs")  # each hand's rows, and its lines for a replay without the log


def lake_schema(table: str) -> pa.Schema:
    """A table's columns as its lake files hold them: as stored, less the ``site`` of the partition path."""
    schema = arrow_schemas()[table]
    return schema.remove(schema.get_field_index("site")) if table in PARTITIONED else schema


class StagedShard:
    """One file's shard while it is written: a Parquet writer per table and partition, under ``_staging``."""

    def __init__(self, lake: Lake, token: str) -> None:
        self.lake = lake
        self.stage = lake.path(STAGING, token)
        lake.remove(self.stage)  # what a killed earlier run of this task left
        self.writers: dict[str, pq.ParquetWriter] = {}  # by path relative to the stage
        self.streams: list[IO[bytes]] = []

    def write(self, part: str, table: pa.Table) -> None:
        """Append rows to the part file ``part`` (``hands/site=.../month=...`` or ``rejected``)."""
        if part not in self.writers:
            path = posixpath.join(self.stage, part + ".parquet")
            self.lake.fs.makedirs(posixpath.dirname(path), exist_ok=True)
            self.streams.append(self.lake.fs.open(path, "wb"))
            self.writers[part] = pq.ParquetWriter(self.streams[-1], table.schema)
        self.writers[part].write_table(table)

    def publish(self, shard: str, record: dict[str, object]) -> list[str]:
        """Move every part into place as ``PART/SHARD.parquet``, drop the parts an earlier write of the
        same shard had and this one has not, and commit with the manifest row; the parts written."""
        for writer in self.writers.values():
            writer.close()
        for stream in self.streams:
            stream.close()
        lake = self.lake
        parts = sorted(posixpath.join(part, shard + ".parquet") for part in self.writers)
        manifest = posixpath.join(MANIFEST, shard + ".parquet")
        stale = set(_earlier_parts(lake, manifest)) - set(parts)
        for part in self.writers:
            lake.publish(posixpath.join(self.stage, part + ".parquet"), lake.path(part, shard + ".parquet"))
        staged_manifest = posixpath.join(self.stage, MANIFEST + ".parquet")
        with lake.fs.open(staged_manifest, "wb") as stream:
            pq.write_table(pa.Table.from_pylist([{**record, "parts": parts}], MANIFEST_SCHEMA), stream)
        lake.publish(staged_manifest, lake.path(manifest))
        for part in stale:
            lake.remove(lake.path(part))
        lake.remove(self.stage)
        return parts


def _earlier_parts(lake: Lake, manifest: str) -> list[str]:
    path = lake.path(manifest)
    if not lake.fs.exists(path):
        return []
    with lake.fs.open(path, "rb") as stream:
        return [part for parts in pq.read_table(stream).column("parts").to_pylist() for part in parts or ()]


def _partitions(hands: pa.Table) -> pa.Array:
    """Each hand's partition path: ``site=SITE/month=YYYY-MM`` from its UTC start."""
    month = pc.fill_null(pc.strftime(hands.column("start_utc"), format="%Y-%m"), NO_MONTH)
    return pc.binary_join_element_wise("site=", hands.column("site"), "/month=", month, "")


def _new_hands(hands: pa.Table, seen: dict[str, set[tuple[str, str]]]) -> pa.Array:
    """Which hands of a unit their file has not given before (a file may hold a hand twice)."""
    keep = []
    for key in zip(hands.column("file").to_pylist(), hands.column("site").to_pylist(),
                   hands.column("hand_id").to_pylist(), strict=True):
        mine = seen.setdefault(key[0], set())
        keep.append(key[1:] not in mine)
        mine.add(key[1:])
    return pa.array(keep, pa.bool_())


def _keyed(name: str, table: pa.Table, hands: pa.Table) -> pa.Table:
    """A unit's table with each row's hand key in place of its hand index, as the lake stores it."""
    if name != "hands":
        table = table.append_column("hand_id", hands.column("hand_id").take(table.column(HAND_INDEX)))
    return table.select(lake_schema(name).names)


def stage_unit(shards: dict[str, StagedShard], result: UnitResult,
               seen: dict[str, set[tuple[str, str]]]) -> None:
    """Write one unit's rows into the staged shards of their files, partitioned by each row's hand."""
    hands = result.tables["hands"]
    keep, partition, files = _new_hands(hands, seen), _partitions(hands), hands.column("file")
    for name in PARTITIONED:
        table = result.tables[name]
        if not table.num_rows:
            continue
        index = table.column(HAND_INDEX)
        rows_keep, rows_partition, rows_file = keep.take(index), partition.take(index), files.take(index)
        keyed = _keyed(name, table, hands)
        places = pc.unique(pc.filter(pc.binary_join_element_wise(rows_file, rows_partition, "\n"), rows_keep))
        for place in places.to_pylist():
            file, value = place.split("\n")
            mask = pc.and_(rows_keep, pc.and_(pc.equal(rows_file, file), pc.equal(rows_partition, value)))
            shards[file].write(posixpath.join(name, value), keyed.filter(mask))
    rejected = result.tables["rejected"]
    if rejected.num_rows:
        for file in pc.unique(rejected.column("file")).to_pylist():
            shards[file].write("rejected", rejected.filter(pc.equal(rejected.column("file"), file)))


SHOWN_REJECTS = 5  # rejected blocks a task hands back to be named in the summary


def import_files(paths: list[str], lake_url: str, rule_args: tuple[str, ...] = (),
                 chunk_size: int = DEFAULT_CHUNK, strict: bool = False) -> UnitResult:
    """Read, parse and replay the files into their shards of the lake at ``lake_url``: each file's counts,
    and the first few rejected blocks (the rows are in the lake). Run again, it writes the same shards
    over the same names. A lake this worker cannot see (a folder of the client's machine only) fails the
    task rather than write elsewhere."""
    lake = Lake.at(lake_url)
    lake.check()
    shards: dict[str, StagedShard] = {}
    totals: dict[str, FilePart] = {}
    seen: dict[str, set[tuple[str, str]]] = {}
    rejects: list[pa.Table] = []
    with collecting_less():
        for unit in read_units([Path(path) for path in paths], chunk_size):
            for chunk in unit:
                if chunk.file not in shards:
                    shards[chunk.file] = StagedShard(lake, staging_token(chunk.file))
            result = process_unit(unit, rule_args, strict)
            add_facts(result, facts.shared_connection())
            stage_unit(shards, result, seen)
            if sum(table.num_rows for table in rejects) < SHOWN_REJECTS:
                rejects.append(result.tables["rejected"].slice(0, SHOWN_REJECTS))
            for part in result.parts:
                total = _added(totals.setdefault(part.path, FilePart(part.path)), part)
                if part.last:
                    _publish(shards.pop(part.path), total)
                    seen.pop(part.path, None)
    first = pa.concat_tables(rejects).slice(0, SHOWN_REJECTS) if rejects else None
    return UnitResult(list(totals.values()), {"rejected": first} if first is not None else {})


def _added(total: FilePart, part: FilePart) -> FilePart:
    total.found += part.found
    total.hands += part.hands
    total.skipped += part.skipped
    total.rejected += part.rejected
    total.stamp, total.chars, total.no_history = part.stamp, total.chars + part.chars, part.no_history
    return total


def _publish(staged: StagedShard, total: FilePart) -> None:
    """Commit a file's shard with its manifest row."""
    stamp = total.stamp
    shard = shard_name(total.path, stamp)
    staged.publish(shard, {
        "shard": shard, "sha256": stamp.sha256 if stamp else None,
        "bytes": stamp.bytes if stamp else None, "file": total.path, "blocks": total.found,
        "hands": total.hands, "rejected": total.rejected,
        "imported_utc": datetime.now(UTC).replace(tzinfo=None)})
