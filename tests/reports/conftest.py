"""Fixtures shared by the report tests: a database of the real corpus, one of a hostile hand, and a
headless Chromium for the browser tests.

Module-scoped, as they were in the modules that defined them: each test module builds its own."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from helpers.chromium import BINARY
from helpers.chromium import Chromium
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


@pytest.fixture(scope="module")
def browser(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Chromium]:
    """One Chromium for a test module (which skips where Chromium is not installed)."""
    assert BINARY is not None
    chromium = Chromium(BINARY, tmp_path_factory.mktemp("chromium-profile"))
    yield chromium
    chromium.close()

