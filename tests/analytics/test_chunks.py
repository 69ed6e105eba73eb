"""`studbook import` reads files as chunks of hand blocks: the chunks hold the reader's blocks, all of
them, in order, and a file imported in small chunks (and by two workers) gives the database a
whole-file import gives, with every block accounted for."""

from __future__ import annotations

import pickle
from pathlib import Path

import pytest
from helpers.importing import contents
from helpers.importing import import_into
from helpers.odd_files import HOLDEM
from helpers.odd_files import ODD_FILES
from helpers.paths import HISTORIES

from studbook.analytics.reading import Chunk
from studbook.analytics.reading import read_chunks
from studbook.grammar import Block
from studbook.grammar import ParseError
from studbook.grammar import expand_paths
from studbook.grammar import read_blocks
from studbook.simulate import Setup
from studbook.simulate import Simulator
from studbook.writers import SEPARATORS
from studbook.writers import WRITERS


def chunked(path: Path, size: int) -> list[Chunk]:
    chunks = list(read_chunks(path, size))
    assert chunks and chunks[-1].last and not any(chunk.last for chunk in chunks[:-1])
    return chunks


def blocks_of(chunks: list[Chunk]) -> list[Block | ParseError]:
    return [block for chunk in chunks for block in chunk.blocks]


@pytest.mark.parametrize("name", ODD_FILES)
def test_chunks_hold_the_blocks_the_reader_gives(name: str, tmp_path: Path) -> None:
    path = tmp_path / f"{name}.txt"
    path.write_bytes(ODD_FILES[name])
    whole = list(read_blocks(path))
    for size in (1, 2, 1000):
        assert blocks_of(chunked(path, size)) == whole, size


def test_chunks_of_the_corpus_and_the_histories(corpus: Path) -> None:
    for path in expand_paths([corpus, HISTORIES]):
        whole = list(read_blocks(path))
        for size in (1, 3):
            assert blocks_of(chunked(path, size)) == whole, (path, size)


def test_a_chunk_holds_at_most_its_size_in_hands_and_an_unreadable_file_one_error(tmp_path: Path) -> None:
    chunks = chunked(HISTORIES / "descubierto-2024-11-15.txt", 5)
    sizes = [len(chunk.blocks) for chunk in chunks]
    assert sum(sizes) == 48 and max(sizes) == 5 and len(chunks) == 10
    assert all(chunk.blocks[0].lines[0].startswith("mano ") for chunk in chunks)
    (missing,) = chunked(tmp_path / "nope.txt", 5)
    (error,) = missing.blocks
    assert isinstance(error, ParseError) and error.message.startswith("cannot read file")
    assert missing.stamp is None


def test_a_chunk_travels_to_a_worker_with_its_dialects_by_name() -> None:
    """Pickled for a worker process, a block names its dialect: the worker uses its own, parser built."""
    chunk, *_ = read_chunks(HISTORIES / "descubierto-2024-11-15.txt", 5)
    again = pickle.loads(pickle.dumps(chunk))
    assert again == chunk
    assert all(a.dialect is b.dialect for a, b in zip(again.blocks, chunk.blocks, strict=True))


HANDS = 800  # 22 chunks of 37 hands, 8 batches of 100


@pytest.fixture(scope="module")
def big_file(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Simulated hands with, among them, a block of another game, a broken hand, and hands repeated
    far apart (the second copy is already present whatever the chunks and batches)."""
    played = Simulator(Setup(game="stud", players=7, seed=3, fmt="pokerstars")).hands(HANDS)
    texts = [WRITERS["pokerstars"](hand.hand) for hand in played]
    head = texts[700].split("*** 3rd STREET ***")[0]
    broken = head.replace("Hand #", "Hand #9") + "this is not a hand line\n"
    texts[400:400] = [HOLDEM, broken]
    texts += texts[10:13]
    path = tmp_path_factory.mktemp("big") / "big.txt"
    path.write_text(SEPARATORS["pokerstars"].join(texts), encoding="utf-8")
    return path


def test_a_file_in_small_chunks_imports_like_a_whole_file(big_file: Path, tmp_path: Path) -> None:
    whole = import_into(tmp_path / "whole.duckdb", big_file, extra=("--chunk", "100000"))
    chunks = import_into(tmp_path / "chunks.duckdb", big_file,
                         extra=("--chunk", "37", "--batch", "100", "--jobs", "2"))
    assert chunks == whole
    assert whole["files"] == 1 and whole["hand blocks found"] == HANDS + 5
    assert (whole["imported"], whole["already present"], whole["skipped (not stud)"],
            whole["rejected (parse errors)"]) == (HANDS, 3, 1, 1)
    assert contents(tmp_path / "chunks.duckdb") == contents(tmp_path / "whole.duckdb")


def test_connections_keep_duckdb_progress_bar_off(tmp_path: Path) -> None:
    """DuckDB draws its own bar on stdout for a query over ~2 s, even in a pipe: an import or a
    `stats --format csv > file` would carry it; every studbook connection turns it off."""
    from studbook.analytics.db import open_existing
    from studbook.analytics.db import open_for_import

    path = tmp_path / "bar.duckdb"
    writer = open_for_import(path)
    query = "SELECT current_setting('enable_progress_bar'), current_setting('threads')"
    settings = writer.sql(query).fetchall()
    writer.close()
    reader = open_existing(path)
    assert settings == [(False, 1)]
    assert reader.sql("SELECT current_setting('enable_progress_bar')").fetchall() == [(False,)]
    reader.close()
