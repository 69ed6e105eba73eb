"""A page of hands far from the first starts at its first hand's sort key instead of an OFFSET: every page
is the same either way, hands without a start time last, ties of time in (site, hand id) order, with
and without filters."""

from __future__ import annotations

import shutil
from collections.abc import Hashable
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import duckdb
import pytest

from studbook.reports.serve import hands
from studbook.reports.serve.hands import HandsQuery
from studbook.reports.serve.scope import Scope


@pytest.fixture(scope="module")
def con(site_db: Path, tmp_path_factory: pytest.TempPathFactory) -> Iterator[duckdb.DuckDBPyConnection]:
    """The app's database with ties and gaps in time: a third of the hands at one instant, a third with
    none."""
    copy = tmp_path_factory.mktemp("hand-pages") / "pages.duckdb"
    shutil.copy(site_db, copy)
    with duckdb.connect(str(copy)) as writing:
        writing.execute("UPDATE hands SET start_utc = TIMESTAMP '2024-11-15 20:00:00' "
                        "WHERE hash(hand_id) % 3 = 0")
        writing.execute("UPDATE hands SET start_utc = NULL WHERE hash(hand_id) % 3 = 1")
    connection = duckdb.connect(str(copy), read_only=True)
    yield connection
    connection.close()


def every_page(con: duckdb.DuckDBPyConnection, scope: Scope, player: str | None
               ) -> list[list[tuple[str, str]]]:
    kept: dict[Hashable, Any] = {}

    def cached(key: Hashable, compute: Any) -> Any:
        return kept[key] if key in kept else kept.setdefault(key, compute())

    pages, number = [], 1
    while True:
        query = HandsQuery(scope, player, None, None, None, None, None, None, number)
        rows, total = hands.hand_rows(con, query, cached)
        if not rows:
            assert (number - 1) * hands.PAGE_SIZE >= total
            return pages
        pages.append([(row["site"], row["hand_id"]) for row in rows])
        number += 1


@pytest.mark.parametrize(("scope", "player"), [(Scope(), None), (Scope(game="descubierto"), None),
                                               (Scope(), "Luis")])
def test_every_page_is_the_same_from_its_key_as_by_offset(con: duckdb.DuckDBPyConnection, scope: Scope,
                                                          player: str | None,
                                                          monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(hands, "PAGE_SIZE", 7)  # many pages of a few hands, ties split across them
    by_offset = every_page(con, scope, player)
    assert len(by_offset) >= 3
    monkeypatch.setattr(hands, "OFFSET_ROWS", 0)
    assert every_page(con, scope, player) == by_offset
    listed = [key for page in by_offset for key in page]
    assert len(listed) == len(set(listed))
