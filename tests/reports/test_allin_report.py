"""The player report's all-in EV: a dashed cumulative line beside the net lines, and the headline rows."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import duckdb
import polars as pl
import pytest
from helpers.allin_hands import RIVER
from helpers.allin_hands import SIDE_POT
from helpers.allin_hands import SIXTH_STREET
from helpers.allin_hands import allin_hand

from studbook.analytics.db import open_for_import
from studbook.analytics.load import Loader
from studbook.analytics.worker import chunk_result
from studbook.reports import figures
from studbook.reports.filters import Filters
from studbook.reports.player_report import player_data
from studbook.reports.player_report import player_page


@pytest.fixture
def db(tmp_path: Path) -> Iterator[Path]:
    path = tmp_path / "ev.duckdb"
    con = open_for_import(path)
    hands = [allin_hand(SIXTH_STREET, "sixth", 1), allin_hand(SIDE_POT, "side", 2),
             allin_hand(RIVER, "river", 3)]
    Loader(con).write([chunk_result("ev.txt", [(hand, "") for hand in hands])])
    con.close()
    yield path


def test_the_ev_line_ends_at_the_ev_net_and_is_drawn_dashed(db: Path) -> None:
    con = duckdb.connect(str(db), read_only=True)
    data = player_data(con, Filters("A"))
    ev = con.sql("SELECT sum(coalesce(ev_collected, collected) - committed) FROM seats WHERE player = 'A'")
    expected = ev.fetchall()[0][0]
    curve = data.curve
    assert curve[f"{figures.EV_LINE}_money"].tail(1).item() == pytest.approx(expected / 100)
    assert curve[f"{figures.EV_LINE}_bb"].tail(1).item() == pytest.approx(expected / 20)
    assert curve["total_money"].tail(1).item() != pytest.approx(expected / 100)  # A ran above expectation
    row = data.stats.filter(pl.col("game") == "stud").row(0, named=True)
    assert float(row["ev_net"]) == pytest.approx(expected / 100)
    assert row["n_luck"] == 2  # two of A's three hands had an all-in with cards to come
    page = player_page(con, Filters("A"), db)
    con.close()
    assert "All-in EV net" in page and "Luck (net less all-in EV net)" in page
    assert '"name":"all-in EV (where it differs from the total)"' in page and '"dash":"dash"' in page
