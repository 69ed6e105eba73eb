"""``seat_facts`` narrowed to a page's rows (reports/serve/narrow.py) gives what the report code would
show over the whole database: the player report of every player (every frame its figures and tables are
drawn from, and its violations with their replays), with an alias among them, and the live table's
stats of each player."""

from __future__ import annotations

import shutil
from pathlib import Path

import duckdb
import pytest
from helpers.hostile_log import EVIL

from studbook.analytics.aliases import add
from studbook.analytics.db import open_for_import
from studbook.reports.filters import Filters
from studbook.reports.player_report import player_data
from studbook.reports.serve.live import newest_table
from studbook.reports.serve.live import opponents_stats
from studbook.reports.serve.live import seated
from studbook.reports.serve.narrow import narrow_to_player
from studbook.reports.serve.narrow import narrow_to_seats
from studbook.reports.violations import violations_section


@pytest.fixture(scope="module")
def aliased_db(site_db: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The app's test database with an alias joining a player of two sites."""
    db = tmp_path_factory.mktemp("aliased") / "aliased.duckdb"
    shutil.copy(site_db, db)
    con = open_for_import(db)
    try:
        add(con, "Both", ["studbook:Maite", "pokerstars:Hero"])
    finally:
        con.close()
    return db


def reports(db: Path, filters: Filters) -> tuple[list[object], list[object]]:
    """What the report shows (its frames and its violations section, from which player_page draws the
    page), over the whole database and over ``seat_facts`` narrowed to the player."""
    con = duckdb.connect(str(db), read_only=True)
    try:
        narrowed = con.cursor()
        narrow_to_player(narrowed, filters)
        assert narrowed.execute("SELECT count(*) FROM seat_facts").fetchall() < \
            con.execute("SELECT count(*) FROM seat_facts").fetchall()
        return [shown(con, filters, db) for con in (con, narrowed)]  # type: ignore[return-value]
    finally:
        con.close()


def shown(con: duckdb.DuckDBPyConnection, filters: Filters, db: Path) -> list[object]:
    data = player_data(con, filters)
    frames = [None if frame is None else frame.to_dicts()  # decisions: None unless analysed
              for frame in (getattr(data, name) for name in data.__slots__)]
    return [*frames, violations_section(con, filters, db)]


def players(db: Path) -> list[str]:
    con = duckdb.connect(str(db), read_only=True)
    try:
        return [name if site == "alias" else f"{site}:{name}"
                for name, site in con.execute("SELECT player, site FROM players").fetchall()]
    finally:
        con.close()


def test_player_reports_are_the_same_narrowed(aliased_db: Path) -> None:
    names = players(aliased_db)
    assert "Both" in names and "Luis" not in names
    # the alias, the players of most and fewest hands, a name of two sites, a name the alias holds, markup
    for name in ["Both", names[0], names[-1], "Luis", "Hero", f"pokerstars:{EVIL}"]:
        whole, narrowed = reports(aliased_db, Filters(name))
        assert narrowed == whole and whole[0], name


def test_filtered_reports_are_the_same_narrowed(aliased_db: Path) -> None:
    for filters in (Filters("Both", "stud8"), Filters("studbook:Luis", kind="cash"), Filters("Luis", "razz")):
        whole, narrowed = reports(aliased_db, filters)
        assert narrowed == whole, filters


def test_live_stats_are_player_stats_for_of_each_opponent(aliased_db: Path) -> None:
    con = duckdb.connect(str(aliased_db), read_only=True)
    try:
        table = newest_table(con)
        assert table is not None
        opponents = [player for _, player, user in seated(con, table) if not user]
        expected = {}
        for player in opponents:
            rows = con.execute("SELECT * FROM player_stats_for(?, ?, NULL, only_site := ?) WHERE unit = ?",
                               [f"{table.site}:{player}", table.variant, table.site, table.unit]).fetchall()
            names = [column[0] for column in con.description]
            expected[player] = dict(zip(names, rows[0], strict=True))
        narrowed = con.cursor()
        narrow_to_seats(narrowed, table.site, opponents, table.variant, table.unit)
        found = opponents_stats(narrowed, table)
    finally:
        con.close()
    assert sorted(found) == sorted(opponents) and len(opponents) >= 2
    for player in opponents:
        assert {name: found[player][name] for name in expected[player]} == expected[player], player
        assert found[player]["n_saw_4th"] == expected[player]["hands"]  # saw 4th: of every hand
