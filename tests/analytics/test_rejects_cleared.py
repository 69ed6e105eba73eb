"""Old rejects do not outlive the fix: a block that now imports clears its reject."""

from __future__ import annotations

from pathlib import Path

import duckdb
from helpers.hostile_log import LOG
from helpers.importing import import_into


def rejects(db: Path) -> list[tuple]:
    with duckdb.connect(str(db), read_only=True) as con:
        return con.execute("SELECT line, hand_id FROM rejected").fetchall()


def test_a_log_cut_mid_hand_then_imported_whole(tmp_path: Path) -> None:
    log, db = tmp_path / "table.txt", tmp_path / "cut.duckdb"
    log.write_text("\n".join(LOG.splitlines()[:30]) + "\n", encoding="utf-8")
    assert import_into(db, log)["rejected (parse errors)"] == 1
    assert [hand for _, hand in rejects(db)] == ["35874487284"]
    assert rejects(db)[0][0] > 1  # the reject is at the line of its error, not the hand's first line
    log.write_text(LOG, encoding="utf-8")
    assert import_into(db, log)["imported"] == 1
    assert rejects(db) == []


def test_a_reject_of_another_file_stays(tmp_path: Path) -> None:
    cut, whole, db = tmp_path / "cut.txt", tmp_path / "whole.txt", tmp_path / "two.duckdb"
    cut.write_text("\n".join(LOG.splitlines()[:30]) + "\n", encoding="utf-8")
    whole.write_text(LOG, encoding="utf-8")
    import_into(db, cut, whole)
    assert len(rejects(db)) == 1  # the cut copy is still a bad block of its own file
