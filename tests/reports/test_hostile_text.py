"""Names that try to deceive or break the layout: bidi overrides are shown as escapes in every page,
and a report of a database without hands says so instead of drawing empty charts."""

from __future__ import annotations

from pathlib import Path

import duckdb
import pytest
from helpers.hostile_log import HAND_ID
from helpers.hostile_log import renamed
from typer.testing import CliRunner

from studbook.analytics.importer import run_import
from studbook.cli import app
from studbook.reports.filters import Filters
from studbook.reports.overview import overview_page
from studbook.reports.player_report import player_page
from studbook.reports.replayer import replayer_page
from studbook.reports.source import load_hand

RTL = "\u202eliveDdaoR"


@pytest.fixture(scope="module")
def bidi_db(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("bidi")
    (folder / "bidi.txt").write_text(renamed(RTL, "\u2066Hero\u2069"), encoding="utf-8")
    run_import([folder / "bidi.txt"], folder / "bidi.duckdb")
    return folder / "bidi.duckdb"


def test_bidi_controls_are_visible_in_every_page(bidi_db: Path) -> None:
    con = duckdb.connect(str(bidi_db), read_only=True)
    try:
        found = load_hand(bidi_db, HAND_ID)
        pages = [player_page(con, Filters(RTL), bidi_db), overview_page(con, Filters(), bidi_db),
                 replayer_page(found.replay, found.log)]
    finally:
        con.close()
    for page in pages:
        assert "\u202e" not in page and "\u2066" not in page
        assert "\\u202eliveDdaoR" in page


def test_report_of_an_empty_database_says_there_are_no_hands(tmp_path: Path) -> None:
    (tmp_path / "junk.txt").write_text("not a hand\n", encoding="utf-8")
    db = tmp_path / "empty.duckdb"
    run_import([tmp_path / "junk.txt"], db)
    result = CliRunner().invoke(app, ["report", "--db", str(db), "-o", str(tmp_path / "o.html")])
    assert result.exit_code == 0, result.output
    page = (tmp_path / "o.html").read_text(encoding="utf-8")
    assert "There are no hands in" in page and "plotly" not in page.lower()
