"""``studbook import --lake``: every file is a task on a Dask cluster, which writes its shard of the lake.

The client only plans and counts. It skips the files whose content the lake's manifest already holds
(hashing only those whose byte size matches a manifest row, as ``import --db`` does), submits one task
per other file (:func:`lake_shards.import_file`) to an existing scheduler or to a local cluster of
worker processes, and hears each file's counts as it completes. The workers read the files and write
the lake themselves, so both must be at the same path (or URL) on every machine. Dask runs a task
again elsewhere when its worker dies; the rerun overwrites the same shard names.

Whether a hand was new or already present is known once every shard is in: one query over the lake
counts the hands of this run's shards that no shard committed before the run holds.
"""

from __future__ import annotations

import logging
import uuid
from collections import Counter
from collections.abc import Callable
from collections.abc import Iterator
from collections.abc import Sequence
from contextlib import contextmanager
from pathlib import Path

import duckdb
from distributed import Client
from distributed import LocalCluster
from distributed import as_completed

from studbook.analytics.db import DEFAULT_CHUNK
from studbook.analytics.importer import ImportSummary
from studbook.analytics.importer import known_contents
from studbook.analytics.lake_shards import import_file
from studbook.analytics.lake_store import Lake
from studbook.analytics.lake_store import LakeError
from studbook.analytics.lake_store import shard_name
from studbook.analytics.lake_views import open_lake
from studbook.analytics.load import BatchOutcome
from studbook.analytics.worker import ChunkResult

CONNECT_TIMEOUT = 10  # seconds to reach a scheduler before saying it cannot be reached


def local_cluster(workers: int | None) -> LocalCluster:
    """A cluster of ``workers`` processes on this machine (default: one per CPU) over TCP on 127.0.0.1, one
    thread each (parse and replay hold the GIL), with no dashboard and no log (failed files are reported
    by the client, one line each)."""
    return LocalCluster(n_workers=workers, threads_per_worker=1, processes=True, host="127.0.0.1",
                        protocol="tcp", dashboard_address=None, silence_logs=logging.CRITICAL,
                        scheduler_kwargs={"dashboard_address": "127.0.0.1:0"})  # its HTTP port: any free one


@contextmanager
def dask_client(scheduler: str | None, workers: int | None) -> Iterator[Client]:
    """A client of the scheduler at ``scheduler``, or of a :func:`local_cluster` that lives as long as it."""
    if scheduler is None:
        with local_cluster(workers) as cluster, Client(cluster) as client:
            yield client
        return
    try:
        client = Client(scheduler, timeout=CONNECT_TIMEOUT)
    except (OSError, ValueError) as error:  # a refused or timed-out connection, or a malformed address
        raise LakeError(f"cannot reach the Dask scheduler at {scheduler}: {error}") from None
    with client:
        yield client


def committed(lake: Lake) -> tuple[dict[int, dict[str, int]], set[str]]:
    """The contents the lake holds (hand blocks by SHA-256, by byte size), and every shard committed."""
    manifest = lake.manifest().to_pylist()
    known: dict[int, dict[str, int]] = {}
    for row in manifest:
        if row["sha256"] is not None:
            known.setdefault(row["bytes"], {})[row["sha256"]] = row["blocks"]
    return known, {row["shard"] for row in manifest}


_OUTCOME = """
WITH new AS (
    SELECT DISTINCT site, hand_id FROM lake_hands WHERE shard IN (SELECT unnest($run))
    EXCEPT SELECT site, hand_id FROM lake_hands WHERE shard IN (SELECT unnest($before)))
SELECT coalesce(code, '*'), count(DISTINCT (site, hand_id))
FROM violations SEMI JOIN new USING (site, hand_id)
GROUP BY ROLLUP (code)
UNION ALL SELECT '#', count(*) FROM new
"""


# As ``audit`` counts them: the hands the run read (new or already in the lake), by their shard's copy.
_SEVERITIES = """
SELECT count(*) FILTER (errors > 0), count(*) FILTER (errors = 0 AND warnings > 0) FROM (
    SELECT count_if(severity = 'error') AS errors, count_if(severity = 'warning') AS warnings
    FROM lake_violations WHERE shard IN (SELECT unnest($run)) GROUP BY shard, site, hand_id)
"""


def run_outcome(lake: Lake, run: set[str], before: set[str], hands: int) -> BatchOutcome:
    """What the run added: the hands of its ``run`` shards that no shard of ``before`` holds, those of
    them with violations, by code; ``hands`` is every hand the run read; and the hands it read with
    errors and with warnings only."""
    con = open_lake(lake.url)
    try:
        counts = dict(con.execute(_OUTCOME, {"run": sorted(run), "before": sorted(before)}).fetchall())
        errors, warnings_only = con.execute(_SEVERITIES, {"run": sorted(run)}).fetchall()[0]
    except duckdb.Error as error:
        raise LakeError(f"cannot count what {lake.url} gained: {error}") from None
    finally:
        con.close()
    imported, with_violations = counts.pop("#"), counts.pop("*", 0)
    return BatchOutcome(imported, hands - imported, with_violations, errors, warnings_only, Counter(counts))


def run_lake_import(files: Sequence[Path], lake_url: str, scheduler: str | None = None,
                    workers: int | None = None, rule_args: tuple[str, ...] = (),
                    chunk_size: int = DEFAULT_CHUNK, on_chunk: Callable[[ChunkResult], None] | None = None,
                    reread: bool = False,
                    on_unchanged: Callable[[Sequence[Path]], None] | None = None,
                    on_error: Callable[[str], None] | None = None, strict: bool = False) -> ImportSummary:
    """Import ``files`` into the lake at ``lake_url`` on a Dask cluster; ``on_chunk`` hears each file's
    counts as it completes, ``on_unchanged`` which files are not read, ``on_error`` of each file whose
    task failed (the others are imported all the same)."""
    lake = Lake.at(lake_url)
    lake.create()
    summary = ImportSummary()
    known, before = committed(lake)
    unchanged = {} if reread else known_contents(known, files)
    summary.unchanged, summary.unchanged_blocks = len(unchanged), sum(unchanged.values())
    if on_unchanged and unchanged:
        on_unchanged(list(unchanged))
    to_read = [str(path) for path in files if path not in unchanged]
    run: set[str] = set()
    hands = 0
    if not to_read:
        return summary
    with dask_client(scheduler, workers) as client:
        prefix = f"studbook-import-{uuid.uuid4().hex[:12]}"
        keys = [f"{prefix}-{index}" for index in range(len(to_read))]
        target = lake.root if lake.local else lake_url  # a folder as an absolute path, for every worker
        futures = client.map(import_file, to_read, lake_url=target, rule_args=rule_args,
                             chunk_size=chunk_size, strict=strict, key=keys)
        path_of = {future.key: path for future, path in zip(futures, to_read, strict=True)}
        for future in as_completed(futures):
            try:
                result: ChunkResult = future.result()
            except Exception as error:  # raised by the task, or its future cancelled: the scheduler is gone
                if on_error:
                    on_error(f"{path_of[future.key]}: not imported: {type(error).__name__}: {error}")
                continue
            future.release()
            summary.add_chunk(result)
            hands += result.hands
            run.add(shard_name(result.path, result.stamp))
            if on_chunk:
                on_chunk(result)
    summary.add_batch(run_outcome(lake, run, before, hands) if run else BatchOutcome())
    return summary
