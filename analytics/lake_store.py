"""The layout of a lake: a folder or any fsspec URL holding one Parquet shard of every table per file read.

```
LAKE/studbook-lake.json                          what this is (format version), written by the first import
LAKE/hands/site=SITE/month=YYYY-MM/SHARD.parquet  hands, seats, actions, cards, awards, violations: hive
LAKE/rejected/SHARD.parquet                         partitions by the hand's site and UTC month
LAKE/decisions/analysed-HASH.parquet              decisions and analysed_hands: a shard per batch of
LAKE/analysed_hands/analysed-HASH.parquet           ``studbook analyse --lake`` (lake_analyse.py)
LAKE/_manifest/SHARD.parquet                      one row per file read or batch analysed: the shard's
                                                    commit record
LAKE/_staging/TOKEN/...                           a task's files while it writes them
```

A shard is named by the SHA-256 of the file's content (``unread`` for a file not read to its end) and of
its path, so reading the same file again writes the same names, and a copy of it elsewhere (whose rows
name another file) has its own. A task writes its
files under ``_staging`` and moves them into place when the file is done, its manifest row last: a
shard counts (lake_views.py) only once its manifest row is there, so a task killed half-way leaves
nothing that counts, and its rerun overwrites what it had moved.
"""

from __future__ import annotations

import hashlib
import json
import posixpath
from dataclasses import dataclass
from typing import Any

import fsspec
import pyarrow as pa
import pyarrow.dataset as ds
from fsspec.core import url_to_fs
from fsspec.implementations.local import LocalFileSystem

from studbook.analytics.db import SCHEMA_VERSION
from studbook.analytics.db import DatabaseError
from studbook.grammar.records import FileStamp

LAKE_FORMAT = 1
# Schema versions of lakes this studbook reads and imports into as they are: since them, the schema only
# added columns, which an older shard's rows read as NULL, and tables, which its shards lack (schema 7's
# buy-ins and finishing places).
LAKE_UPGRADABLE = (6,)
MARKER = "studbook-lake.json"
MANIFEST = "_manifest"
STAGING = "_staging"
PARTITION_KEYS = ("site", "month")  # hive partitions of the hand tables; `site` is not in the files
NO_MONTH = "unknown"  # the month partition of a hand with no start time
MANIFEST_SCHEMA = pa.schema([
    ("shard", pa.string()),
    ("sha256", pa.string()),  # null: the file was not read to its end, so it is read again next time;
    # or the shard is a batch of the analyse pass, which read no file (``file`` null too)
    ("bytes", pa.int64()),
    ("file", pa.string()),
    ("blocks", pa.int32()),
    ("hands", pa.int32()),
    ("rejected", pa.int32()),
    ("imported_utc", pa.timestamp("us")),
    ("parts", pa.list_(pa.string())),  # the shard's files in the lake: a rewrite removes those it drops
])


class LakeError(DatabaseError):
    """A lake that cannot be used as asked: not there, not a studbook lake, not writable."""


def shard_name(path: str, stamp: FileStamp | None) -> str:
    """The shard of a file: its content's SHA-256 (when it was read to its end) and its path's."""
    return f"{stamp.sha256 if stamp else 'unread'}-{_path_hash(path)[:16]}"


def _path_hash(path: str) -> str:
    return hashlib.sha256(path.encode("utf-8", "surrogateescape")).hexdigest()


def staging_token(path: str) -> str:
    """Where a task stages one file's shard: the same for a rerun of the task, which clears it first."""
    return _path_hash(path)[:32]


@dataclass(frozen=True, slots=True)
class Lake:
    """A lake's filesystem and root path, opened from a folder or URL."""

    url: str
    fs: fsspec.AbstractFileSystem
    root: str

    @classmethod
    def at(cls, url: str) -> Lake:
        try:
            fs, root = url_to_fs(url)
        except (ImportError, ValueError) as error:  # an unknown protocol, or its driver not installed
            raise LakeError(f"cannot open the lake {url}: {error}") from None
        return cls(url, fs, root.rstrip("/") or "/")

    @property
    def local(self) -> bool:
        return isinstance(self.fs, LocalFileSystem)

    def path(self, *parts: str) -> str:
        return posixpath.join(self.root, *parts)

    def location(self, *parts: str) -> str:
        """A path inside the lake as DuckDB reads it: plain when local, with the protocol otherwise."""
        path = self.path(*parts)
        return path if self.local else self.fs.unstrip_protocol(path)

    def create(self) -> None:
        """Make the lake (or check the one there) before an import writes into it. A lake of an older
        schema this studbook reads (:data:`LAKE_UPGRADABLE`) is marked with the schema its new shards
        are written in, and the oldest one its shards have."""
        marker = self.path(MARKER)
        if self.fs.exists(marker):
            found = self.check()
            if found["schema_version"] != SCHEMA_VERSION:
                self._mark(oldest_schema=found["schema_version"])
            return
        if self.fs.exists(self.root) and self.fs.ls(self.root):
            raise LakeError(f"{self.url} is not empty and not a studbook lake: import into a new folder")
        self.fs.makedirs(self.root, exist_ok=True)
        self._mark()

    def _mark(self, **older: int) -> None:
        with self.fs.open(self.path(MARKER), "w") as stream:
            json.dump({"studbook_lake": LAKE_FORMAT, "schema_version": SCHEMA_VERSION, **older}, stream)

    def check(self) -> dict[str, Any]:
        """The marker of a lake this studbook can read, or a LakeError that says why not."""
        marker = self.path(MARKER)
        if not self.fs.exists(marker):
            if not self.fs.exists(self.root):
                raise LakeError(f"no lake at {self.url}: "
                                f"run `studbook import PATH... --lake {self.url}` first")
            raise LakeError(f"{self.url} is not a studbook lake (no {MARKER})")
        with self.fs.open(marker, "r") as stream:
            found: dict[str, Any] = json.load(stream)
        version = found.get("schema_version")
        if found.get("studbook_lake") != LAKE_FORMAT or (version != SCHEMA_VERSION
                                                          and version not in LAKE_UPGRADABLE):
            raise LakeError(f"{self.url} is a lake of another studbook version ({found}): import into a new "
                            "lake")
        return found

    def has_older_shards(self) -> bool:
        """Whether some shards were written in an older schema: a table is then read by its columns'
        names, the ones an older shard lacks as NULL."""
        found = self.check()
        return found.get("oldest_schema", found["schema_version"]) != SCHEMA_VERSION

    def manifest(self) -> pa.Table:
        """Every committed shard's manifest row."""
        folder = self.path(MANIFEST)
        if not self.fs.exists(folder):
            return MANIFEST_SCHEMA.empty_table()
        return ds.dataset(folder, schema=MANIFEST_SCHEMA, format="parquet", filesystem=self.fs).to_table()

    def publish(self, staged: str, final: str) -> None:
        """Move a staged file into place (a rename on a local or POSIX filesystem; copy and delete on an
        object store, where each object appears whole)."""
        self.fs.makedirs(posixpath.dirname(final), exist_ok=True)
        self.fs.mv(staged, final)

    def remove(self, path: str) -> None:
        if self.fs.exists(path):
            self.fs.rm(path, recursive=True)
