"""Junk in a log never sinks an import: a block too large to be a hand is one reject with its first line
and size, a large junk block keeps only the start of its text, and chunks and batches are bounded in
characters as well as blocks (200 MB of 900 KB blocks once overflowed DuckDB's memory)."""

from __future__ import annotations

from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import duckdb
from helpers.hostile_log import LOG
from helpers.importing import import_into

from studbook.analytics.db import open_for_import
from studbook.analytics.importer import written
from studbook.analytics.isolate import RAW_KEPT_CHARS
from studbook.analytics.load import Loader
from studbook.analytics.reading import read_chunks
from studbook.analytics.worker import UnitResult
from studbook.analytics.worker import chunk_result
from studbook.grammar import ParseError

JUNK = "lorem ipsum dolor sit amet consectetur adipiscing elit sed do eiusmod\n"


def rejects(db: Path) -> list[tuple]:
    with duckdb.connect(str(db), read_only=True) as con:
        return con.execute("SELECT line, error, length(raw), raw FROM rejected ORDER BY line").fetchall()


def test_a_huge_block_is_one_reject_and_the_rest_is_imported(tmp_path: Path) -> None:
    log = tmp_path / "junk.txt"
    log.write_text("JUNK START\n" + JUNK * 25_000 + "\n" + LOG, encoding="utf-8")  # 1.7 MB, one block
    counts = import_into(tmp_path / "j.duckdb", log)
    assert (counts["imported"], counts["rejected (parse errors)"]) == (1, 1)
    [(line, error, size, _)] = rejects(tmp_path / "j.duckdb")
    assert line == 1 and "block too large to be a hand: lines 1 to 25001" in error and "JUNK START" in error
    assert size == 0  # its text is not kept


def test_a_large_junk_block_keeps_the_start_of_its_text(tmp_path: Path) -> None:
    log = tmp_path / "junk.txt"
    log.write_text(JUNK * 3_000 + "\n" + LOG, encoding="utf-8")  # 210 KB: under the reader's cap
    import_into(tmp_path / "j.duckdb", log)
    [(_, _, size, raw)] = rejects(tmp_path / "j.duckdb")
    assert raw.startswith(JUNK * 10) and raw.endswith("more characters not kept]")
    assert RAW_KEPT_CHARS < size < RAW_KEPT_CHARS + 100


def test_chunks_are_bounded_in_characters(tmp_path: Path) -> None:
    log = tmp_path / "junk.txt"
    log.write_text((JUNK * 100 + "\n") * 30, encoding="utf-8")  # 30 blocks of 7 KB
    chunks = list(read_chunks(log, size=1000, max_chars=20_000))
    assert [len(chunk.blocks) for chunk in chunks] == [3] * 10
    assert chunks[-1].last and not any(chunk.last for chunk in chunks[:-1])


def junk_units(count: int) -> list[UnitResult]:
    """``count`` units of one rejected block of 600 characters each, from files of their own."""
    raw = "x" * 600
    return [chunk_result(f"f{index}.txt", [(ParseError(f"f{index}.txt", 1, 1, None, None, "junk", raw), raw)])
            for index in range(count)]


def test_passes_are_bounded_in_rejected_characters(tmp_path: Path) -> None:
    con = open_for_import(tmp_path / "j.duckdb")
    try:
        with ThreadPoolExecutor(1) as writer:
            by_chars = list(written(writer, Loader(con, 5000, max_raw_chars=1000), junk_units(10)))
            by_rows = list(written(writer, Loader(con, 3), junk_units(10)))
        assert len(by_chars) == 5 and len(by_rows) == 4  # 2 units a pass; 3, 3, 3 and 1
        assert con.execute("SELECT count(*) FROM rejected").fetchall() == [(10,)]
    finally:
        con.close()
