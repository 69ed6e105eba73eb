"""A lake written by the studbook before tournaments were data (schema 6: no buy-in columns, no finishing
places) is read and imported into as it is: its hands read the new columns as NULL, new shards have them."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pyarrow.parquet as pq
import pytest
from helpers.importing import contents
from helpers.importing import import_into
from helpers.lake import lake_contents
from helpers.paths import HISTORIES
from helpers.tournament_hands import ZERO_LEVEL

from studbook.analytics.db import SCHEMA_VERSION
from studbook.analytics.lake_shards import import_files
from studbook.analytics.lake_store import MARKER
from studbook.analytics.lake_store import Lake
from studbook.analytics.lake_store import LakeError
from studbook.analytics.lake_views import open_lake

NEW_IN_7 = ("buy_in", "fee", "buy_in_currency")


def _lake_of_schema_6(root: Path, logs: list[Path]) -> None:
    """A lake of ``logs`` as schema 6 wrote it: its hands without the buy-in columns, no places table."""
    lake = Lake.at(str(root))
    lake.create()
    for path in logs:
        import_files([str(path)], str(root))
    for shard in (root / "hands").rglob("*.parquet"):
        table = pq.read_table(shard)
        pq.write_table(table.drop_columns(list(NEW_IN_7)), shard)
    shutil.rmtree(root / "tournament_places", ignore_errors=True)
    (root / MARKER).write_text(json.dumps({"studbook_lake": 1, "schema_version": 6}))


def test_a_schema_6_lake_is_read_with_the_new_columns_null(tmp_path: Path) -> None:
    logs = sorted(HISTORIES.glob("*.txt"))
    _lake_of_schema_6(tmp_path / "lake", logs)
    db = tmp_path / "db.duckdb"
    import_into(db, *logs)
    assert lake_contents(tmp_path / "lake") == contents(db)  # these hands have no buy-in: NULL either way


def test_a_schema_6_lake_takes_new_hands_with_their_buy_ins(tmp_path: Path) -> None:
    _lake_of_schema_6(tmp_path / "lake", sorted(HISTORIES.glob("*.txt")))
    tournament = tmp_path / "tournament.txt"
    tournament.write_text(ZERO_LEVEL)
    lake = Lake.at(str(tmp_path / "lake"))
    lake.create()
    import_files([str(tournament)], str(tmp_path / "lake"))
    marker = json.loads((tmp_path / "lake" / MARKER).read_text())
    assert marker == {"studbook_lake": 1, "schema_version": SCHEMA_VERSION, "oldest_schema": 6}
    con = open_lake(str(tmp_path / "lake"))
    try:
        tournaments = con.sql("SELECT tournament_id, buy_in, fee, currency FROM tournaments ORDER BY 1")
        assert tournaments.fetchall() == [
            ("169962475", 1000, 100, "USD"), ("Thursday Hi-Lo", None, None, None)]  # the latter from schema 6
        assert con.sql("SELECT count(*) FROM hands WHERE buy_in IS NULL").fetchall()[0][0] > 0
    finally:
        con.close()


def test_a_lake_of_a_schema_it_cannot_read_is_refused(tmp_path: Path) -> None:
    _lake_of_schema_6(tmp_path / "lake", sorted(HISTORIES.glob("*.txt"))[:1])
    (tmp_path / "lake" / MARKER).write_text(json.dumps({"studbook_lake": 1, "schema_version": 5}))
    with pytest.raises(LakeError, match="a lake of another studbook version"):
        open_lake(str(tmp_path / "lake"))
