"""``studbook analyse --lake``: the decision EV pass of analytics/decision_pass.py over a lake's hands,
its rows written as shards of the lake.

The hands not yet analysed are read through the lake's views (lake_views.py: ``hands`` with their
``hand_logs`` lines, less ``analysed_hands``) and valued by the same batches and ``--jobs`` worker
processes as a database's (:func:`decision_pass.analyse_pending`). Each batch becomes one shard, its
``decisions`` and ``analysed_hands`` rows staged and published as an import publishes a file's shard
(lake_shards.StagedShard): moved into place, then committed by its manifest row, so an interrupted pass
leaves no shard half there and the next one goes on from the first hand not committed. A shard is named
by its hands, so a batch published but not committed is written again over the same names.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable
from datetime import UTC
from datetime import datetime
from pathlib import Path

import pyarrow as pa

from studbook.analytics.db import arrow_schemas
from studbook.analytics.decision_pass import BATCH
from studbook.analytics.decision_pass import AnalyseSummary
from studbook.analytics.decision_pass import Row
from studbook.analytics.decision_pass import analyse_pending
from studbook.analytics.lake_shards import StagedShard
from studbook.analytics.lake_store import Lake
from studbook.analytics.lake_views import open_lake

SHARD_PREFIX = "analysed-"  # an analyse shard's name, beside the import's SHA-256 names of files


def analyse_shard_name(marks: list[Row]) -> str:
    """The shard of a batch: the hash of its hands' keys, the same when the batch is analysed again.

    >>> analyse_shard_name([("pokerstars", "1"), ("pokerstars", "2")])[:9]
    'analysed-'
    >>> first, again, other = (analyse_shard_name([("a", hand)]) for hand in ("1", "1", "2"))
    >>> first == again != other
    True
    """
    keys = "\n".join(f"{site}\t{hand_id}" for site, hand_id, *_ in marks)
    return SHARD_PREFIX + hashlib.sha256(keys.encode("utf-8", "surrogateescape")).hexdigest()[:32]


def _lake_writer(lake: Lake) -> Callable[[list[Row], list[Row]], None]:
    """Writes a batch as one committed shard of the ``decisions`` and ``analysed_hands`` tables."""
    schemas = arrow_schemas()

    def write(decisions: list[Row], marks: list[Row]) -> None:
        shard = analyse_shard_name(marks)
        staged = StagedShard(lake, shard)
        for table, rows in (("decisions", decisions), ("analysed_hands", marks)):
            if rows:
                schema = schemas[table]
                staged.write(table, pa.Table.from_pylist([dict(zip(schema.names, row, strict=True))
                                                          for row in rows], schema))
        staged.publish(shard, {"shard": shard, "sha256": None, "bytes": None, "file": None, "blocks": 0,
                               "hands": len(marks), "rejected": 0,
                               "imported_utc": datetime.now(UTC).replace(tzinfo=None)})
    return write


def run_lake_analyse(url: str, jobs: int, samples: int, batch: int = BATCH,
                     progress: Callable[[int, int], None] | None = None) -> AnalyseSummary:
    """Analyse every hand of the lake at ``url`` not analysed yet, a committed shard a batch;
    ``progress(done, pending)`` after each. Ctrl-C ends it with ``interrupted`` set: the shards committed
    stay."""
    lake = Lake.at(url)
    con = open_lake(url)  # checks the lake is one
    try:
        base = Path(lake.root) if lake.local else Path()
        return analyse_pending(con, base, _lake_writer(lake), jobs, samples, batch, progress)
    finally:
        con.close()
