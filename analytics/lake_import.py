"""``studbook import --lake``: files are tasks on a Dask cluster, which write their shards of the lake.

The client only plans and counts. It skips the files whose content the lake's manifest already holds
(hashing only those whose byte size matches a manifest row, as ``import --db`` does), packs the other
files into tasks of a few MB (:func:`file_tasks`; many small files make one task), submits them
(:func:`lake_shards.import_files`) to an existing scheduler or to a local cluster of worker processes, and
hears each task's counts as it completes. The workers read the files and write
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
from studbook.analytics.importer import input_bytes
from studbook.analytics.importer import known_contents
from studbook.analytics.importer import sigint_ignored
from studbook.analytics.lake_shards import import_files
from studbook.analytics.lake_store import Lake
from studbook.analytics.lake_store import LakeError
from studbook.analytics.lake_store import shard_name
from studbook.analytics.lake_views import open_lake
from studbook.analytics.load import BatchOutcome
from studbook.analytics.worker import UnitResult

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
        with sigint_ignored():  # the workers start with Ctrl-C ignored, and leave it to this process
            cluster = local_cluster(workers)
        with cluster, Client(cluster) as client:
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


# Input a task reads at most, where there are files enough to give every worker two tasks or more: a task
# pays a fixed cost (its units' facts planned, its shards published), so small files go many to a task,
# and the tasks stay many enough for the workers to share them out evenly.
TASK_BYTES = 4 << 20


def file_tasks(paths: Sequence[Path], workers: int) -> list[list[str]]:
    """Consecutive files packed into tasks of about the same size: at least two tasks a worker where the
    files allow, none of more than TASK_BYTES unless one file is."""
    sizes = [input_bytes([path]) for path in paths]
    target = max(1, min(TASK_BYTES, sum(sizes) // (2 * workers)))
    tasks: list[list[str]] = []
    task: list[str] = []
    held = 0
    for path, size in zip(paths, sizes, strict=True):
        task.append(str(path))
        held += size
        if held >= target:
            tasks.append(task)
            task, held = [], 0
    if task:
        tasks.append(task)
    return tasks


def run_lake_import(files: Sequence[Path], lake_url: str, scheduler: str | None = None,
                    workers: int | None = None, rule_args: tuple[str, ...] = (),
                    chunk_size: int = DEFAULT_CHUNK, on_unit: Callable[[UnitResult], None] | None = None,
                    reread: bool = False,
                    on_unchanged: Callable[[Sequence[Path]], None] | None = None,
                    on_error: Callable[[str], None] | None = None, strict: bool = False) -> ImportSummary:
    """Import ``files`` into the lake at ``lake_url`` on a Dask cluster; ``on_unit`` hears each task's
    files' counts as it completes, ``on_unchanged`` which files are not read, ``on_error`` of each file
    whose task failed (the others are imported all the same). Ctrl-C cancels the tasks: ``interrupted``
    in the summary, which counts the hands of the shards committed until then."""
    lake = Lake.at(lake_url)
    lake.create()
    summary = ImportSummary()
    known, before = committed(lake)
    unchanged = {} if reread else known_contents(known, files)
    summary.unchanged, summary.unchanged_blocks = len(unchanged), sum(unchanged.values())
    if on_unchanged and unchanged:
        on_unchanged(list(unchanged))
    to_read = [path for path in files if path not in unchanged]
    run: set[str] = set()
    hands = 0
    if not to_read:
        return summary
    with dask_client(scheduler, workers) as client:
        summary.jobs = max(1, len(client.scheduler_info()["workers"]))
        tasks = file_tasks(to_read, summary.jobs)
        prefix = f"studbook-import-{uuid.uuid4().hex[:12]}"
        keys = [f"{prefix}-{index}" for index in range(len(tasks))]
        target = lake.root if lake.local else lake_url  # a folder as an absolute path, for every worker
        futures = client.map(import_files, tasks, lake_url=target, rule_args=rule_args,
                             chunk_size=chunk_size, strict=strict, key=keys)
        paths_of = {future.key: paths for future, paths in zip(futures, tasks, strict=True)}
        try:
            for future in as_completed(futures):
                try:
                    result: UnitResult = future.result()
                except Exception as error:  # raised by the task, or cancelled: the scheduler is gone
                    if on_error:
                        for path in paths_of[future.key]:
                            on_error(f"{path}: not imported: {type(error).__name__}: {error}")
                    continue
                future.release()
                summary.add_unit(result)
                hands += result.hands
                run.update(shard_name(part.path, part.stamp) for part in result.parts)
                if on_unit:
                    on_unit(result)
        except KeyboardInterrupt:
            client.cancel(futures)
            summary.interrupted = True
    if summary.interrupted:  # the shards of the tasks cut short that were published too, now none runs
        run = committed(lake)[1] - before
    summary.add_batch(run_outcome(lake, run, before, hands) if run else BatchOutcome())
    return summary
