"""A database for the app's tests: the sample logs of histories/, a hostile hand whose names are markup
and bidi controls (and Luis, a name of the sample home games too), and a block that cannot be read; and
the app serving it, one per test module."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from helpers.hostile_log import renamed
from helpers.paths import HISTORIES
from helpers.serving import BROKEN
from helpers.serving import RTL
from helpers.serving import Served

from studbook.analytics.importer import run_import


@pytest.fixture(scope="module")
def site_db(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("serve-db")
    (folder / "hostile.txt").write_text(renamed(RTL, "Luis"), encoding="utf-8")
    (folder / "broken.txt").write_text(BROKEN, encoding="utf-8")
    db = folder / "site.duckdb"
    run_import([*sorted(HISTORIES.glob("*.txt")), folder / "hostile.txt", folder / "broken.txt"], db)
    return db


@pytest.fixture(scope="module")
def served(site_db: Path) -> Iterator[Served]:
    app = Served(site_db)
    yield app
    app.close()
