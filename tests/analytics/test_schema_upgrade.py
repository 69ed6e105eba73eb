"""A database of the schema before the per-seat facts moved into SQL (version 5) is read as it is, and an
import brings it up to version 6: the raw columns the facts are worked out of are added, NULL for the
hands stored before (whose facts are stored), and new hands are stored as in a new database."""

from __future__ import annotations

from pathlib import Path

import duckdb
from helpers.importing import contents
from helpers.importing import import_into
from helpers.importing import runner
from helpers.paths import HISTORIES

from studbook.analytics.db import SCHEMA_VERSION
from studbook.cli import app

NEW_COLUMNS = (("hands", "streets_dealt"), ("seats", "dealt_cards"), ("awards", "eligible_players"))
STATS = ("SELECT player, game, hands, net, vpip, steal, door_steal, saw_4th, wtsd, scoop "
         "FROM player_stats ORDER BY ALL")


def _query(db: Path, sql: str) -> list[tuple]:
    with duckdb.connect(str(db), read_only=True) as con:
        return con.execute(sql).fetchall()


def test_a_version_5_database_gets_the_new_raw_columns_and_keeps_its_facts(tmp_path: Path) -> None:
    db, fresh = tmp_path / "v5.duckdb", tmp_path / "fresh.duckdb"
    first, second = sorted(HISTORIES.glob("*.txt"))[:2]
    import_into(db, first)
    with duckdb.connect(str(db)) as con:  # as studbook left it before version 6
        for table, column in NEW_COLUMNS:
            con.execute(f"ALTER TABLE {table} DROP COLUMN {column}")
        con.execute("UPDATE schema_version SET version = 5")
    before = _query(db, STATS)
    stats = runner.invoke(app, ["stats", "--db", str(db), "--format", "csv"])
    assert stats.exit_code == 0 and len(stats.stdout.splitlines()) > 1

    import_into(db, first, second)
    import_into(fresh, first, second)
    assert _query(db, "SELECT version FROM schema_version") == [(SCHEMA_VERSION,)]
    old_hands = _query(db, "SELECT count(*) FROM hands WHERE streets_dealt IS NULL")[0][0]
    assert old_hands == _query(fresh, f"SELECT count(*) FROM hands WHERE file = '{first}'")[0][0] > 0
    sizes = [{name: len(rows) for name, rows in contents(path).items()} for path in (db, fresh)]
    assert sizes[0] == sizes[1]
    assert _query(db, STATS) == _query(fresh, STATS) != before  # the second file's hands are counted
    # The stored facts of the old hands are the ones a new database works out.
    facts = "SELECT * EXCLUDE (dealt_cards) FROM seats ORDER BY site, hand_id, seat"
    assert _query(db, facts) == _query(fresh, facts)


def test_a_version_6_database_gets_the_tournament_columns_and_places(tmp_path: Path) -> None:
    """Before version 7 a database has no buy-in columns, no tournament_places and no tournaments views;
    it is read as it is, and an import adds them: NULL buy-ins for the hands stored before."""
    db = tmp_path / "v6.duckdb"
    first, second = sorted(HISTORIES.glob("*.txt"))[:2]
    import_into(db, first)
    with duckdb.connect(str(db)) as con:  # as studbook left it before version 7
        con.execute("DROP VIEW tournament_results")
        con.execute("DROP VIEW tournaments")
        con.execute("DROP TABLE tournament_places")
        for column in ("buy_in", "fee", "buy_in_currency"):
            con.execute(f"ALTER TABLE hands DROP COLUMN {column}")
        con.execute("UPDATE schema_version SET version = 6")
    stats = runner.invoke(app, ["stats", "--db", str(db), "--format", "csv"])
    assert stats.exit_code == 0 and len(stats.stdout.splitlines()) > 1

    import_into(db, first, second)
    assert _query(db, "SELECT version FROM schema_version") == [(SCHEMA_VERSION,)] == [(8,)]
    assert _query(db, "SELECT count(*), count(buy_in) FROM hands")[0][1] == 0
    assert _query(db, "SELECT count(*) FROM tournament_places") == [(0,)]
    assert _query(db, "SELECT count(*) FROM tournaments") == [(0,)]  # the view is there; these are cash hands


UPCARD_STATS = ("SELECT player, game, list_sort(list_filter(counts, lambda r: r.stat IN ('double_bet', "
                "'door_resteal', 'fold_to_completion', 'dead_hand_played', 'bricked_bet', 'quarter'))) "
                "FROM rate_counts(NULL, NULL, NULL) ORDER BY ALL")


def test_a_version_7_database_gets_the_up_card_facts_of_its_hands(tmp_path: Path) -> None:
    """Before version 8 the up-card facts were worked out when read; an import stores them for the hands
    stored before as well as its own, the same rows a new database of the same logs holds."""
    db, fresh = tmp_path / "v7.duckdb", tmp_path / "fresh.duckdb"
    first, second = sorted(HISTORIES.glob("*.txt"))[:2]
    import_into(db, first)
    with duckdb.connect(str(db)) as con:  # as studbook left it before version 8: no stored up-card facts
        con.execute("DROP VIEW seat_upcards")
        con.execute("DROP TABLE upcard_facts")
        con.execute("UPDATE schema_version SET version = 7")

    import_into(db, first, second)
    import_into(fresh, first, second)
    assert _query(db, "SELECT version FROM schema_version") == [(8,)]
    stored = "SELECT * FROM upcard_facts ORDER BY ALL"
    assert _query(db, stored) == _query(fresh, stored)
    dealt = _query(db, "SELECT count(*) FROM seats WHERE dealt")
    assert _query(db, "SELECT count(*) FROM upcard_facts") == dealt
    assert _query(db, UPCARD_STATS) == _query(fresh, UPCARD_STATS)
