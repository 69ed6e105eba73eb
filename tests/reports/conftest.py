"""Fixtures shared by the report tests: a database of the real corpus, and one of a hostile hand.

Module-scoped, as they were in the modules that defined them: each test module builds its own."""

from __future__ import annotations

from pathlib import Path

import pytest
from helpers.hostile_log import LOG

from studbook.analytics.importer import run_import
from studbook.grammar import expand_paths


@pytest.fixture(scope="module")
def corpus_db(corpus: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    db = tmp_path_factory.mktemp("corpus-db") / "corpus.duckdb"
    run_import([path.resolve() for path in expand_paths([corpus])], db)
    return db


@pytest.fixture(scope="module")
def hostile_db(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("hostile")
    (folder / "hostile.txt").write_text(LOG, encoding="utf-8")
    db = folder / "hostile.duckdb"
    run_import([folder / "hostile.txt"], db)
    return db
