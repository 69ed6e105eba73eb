"""The stats views over the fixture hands, against numbers worked out by hand (see
helpers/analytics_hands.py).

All fixtures are cash hands in cents with a big bet of 20, so BB/100 = 100 * sum(net / 20) / hands.
"""

from __future__ import annotations

from collections.abc import Iterator
from decimal import Decimal
from pathlib import Path

import duckdb
import pytest
from helpers.analytics_hands import FIXTURES
from helpers.analytics_hands import fixture_hand
from helpers.handscript import build

from studbook.analytics.db import DATA_TABLES
from studbook.analytics.db import open_for_import
from studbook.analytics.load import Loader
from studbook.analytics.worker import UnitResult
from studbook.analytics.worker import chunk_result
from studbook.grammar import ParseError


def fixtures_result() -> UnitResult:
    hands = [fixture_hand(name, day) for day, name in enumerate(FIXTURES, start=1)]
    return chunk_result("fixtures.txt", [(hand, "") for hand in hands])


@pytest.fixture
def con(tmp_path: Path) -> Iterator[duckdb.DuckDBPyConnection]:
    con = open_for_import(tmp_path / "stats.duckdb")
    outcome = Loader(con).write([fixtures_result()])
    assert (outcome.imported, outcome.already_present) == (len(FIXTURES), 0)
    yield con
    con.close()


def stats(con: duckdb.DuckDBPyConnection, sql: str = "SELECT * FROM player_stats") -> dict[tuple, dict]:
    rows = con.sql(sql).pl().rows(named=True)
    return {(row["player"], row["game"]): row for row in rows}


def test_stud_stats_of_the_stealer_who_folds_and_the_one_who_steals(con: duckdb.DuckDBPyConnection) -> None:
    a = stats(con)["A", "stud"]
    # A: -72 in the re-raised steal, +9 in the door-card steal.
    assert (a["hands"], a["net"], a["unit"]) == (2, Decimal("-0.63"), "USD")
    assert a["big_bets_per_100"] == pytest.approx(-157.5)  # 100 * (-72/20 + 9/20) / 2
    assert a["small_bets_per_100"] == pytest.approx(-315.0)
    assert (a["vpip"], a["aggression_3rd"], a["complete_first_in"]) == (100.0, 100.0, 100.0)
    assert (a["steal"], a["steal_success"], a["door_steal"], a["door_steal_success"]) == (100.0,) * 4
    assert (a["saw_4th"], a["saw_5th"], a["saw_6th"], a["saw_7th"]) == (50.0, 50.0, 50.0, 0.0)
    # 4th-7th: bet, bet and call, check-fold: AF (1 + 1) / 1, AFq 2 / (2 + 1 call + 1 fold).
    assert (a["aggression_factor"], a["aggression_frequency"], a["fold_to_bet"]) == (2.0, 50.0, 50.0)
    assert (a["wtsd"], a["won_at_showdown"], a["won_saw_4th"]) == (0.0, None, 0.0)
    assert (a["showdown_net"], a["non_showdown_net"]) == (None, Decimal("-0.63"))
    assert (a["scoop"], a["high_only"]) == (None, None)


def test_stud_stats_of_the_bring_in_and_the_winner(con: duckdb.DuckDBPyConnection) -> None:
    table = stats(con)
    b, d = table["B", "stud"], table["D", "stud"]
    assert (b["bringin_complete"], b["bringin_fold"], b["bringin_defend"]) == (0.0, 100.0, 0.0)
    # Only the door-card steal reached B without a caller in between.
    assert (b["fold_to_steal"], b["resteal"], b["vpip"], b["net"]) == (100.0, 0.0, 0.0, Decimal("-0.14"))
    assert (d["hands"], d["net"], d["big_bets_per_100"]) == (1, Decimal("0.78"), 390.0)
    assert (d["steal"], d["steal_success"], d["door_steal"]) == (100.0, 0.0, None)
    assert d["complete_first_in"] == 100.0
    # D: call on 4th, raise on 5th, bet on 6th; faced a bet on 4th and 5th and never folded.
    assert (d["aggression_factor"], d["aggression_frequency"], d["fold_to_bet"]) == (2.0, 66.7, 0.0)
    assert (d["won_saw_4th"], d["wtsd"]) == (100.0, 0.0)
    assert table["C", "stud"]["steal"] == 0.0


def test_stud8_hi_lo_results(con: duckdb.DuckDBPyConnection) -> None:
    table = stats(con)
    a, b = table["A", "stud8"], table["B", "stud8"]
    assert (a["high_only"], a["scoop"], a["low_only"], a["split"]) == (100.0, 0.0, 0.0, 0.0)
    assert (b["scoop"], b["low_only"], b["high_only"], b["split"]) == (50.0, 50.0, 0.0, 0.0)
    assert (a["net"], b["net"]) == (Decimal("0.04"), Decimal("0.18"))
    assert (a["wtsd"], a["won_at_showdown"], a["showdown_net"]) == (100.0, 100.0, Decimal("0.11"))
    assert (a["fold_to_steal"], a["bringin_fold"]) == (100.0, 100.0)
    assert table["C", "stud8"]["won_saw_4th"] == 0.0


def test_razz_and_five_card_stud(con: duckdb.DuckDBPyConnection) -> None:
    table = stats(con)
    razz, five = table["A", "razz"], table["A", "stud5"]
    assert (razz["net"], razz["big_bets_per_100"]) == (Decimal("0.29"), 145.0)
    assert razz["complete_first_in"] is None  # C completed before A acted
    assert (table["C", "razz"]["steal"], table["C", "razz"]["door_steal"]) == (100.0, None)
    assert (five["net"], five["big_bets_per_100"], five["saw_7th"]) == (Decimal("0.84"), 420.0, None)
    assert (five["steal"], five["steal_success"], five["door_steal"]) == (100.0, 0.0, 100.0)
    assert (five["aggression_factor"], five["wtsd"], five["won_at_showdown"]) == (2.0, 100.0, 100.0)


def test_overall_row_only_for_players_of_several_games(con: duckdb.DuckDBPyConnection) -> None:
    table = stats(con)
    everything = table["A", "all"]
    assert (everything["hands"], everything["net"]) == (6, Decimal("0.54"))
    assert everything["big_bets_per_100"] == pytest.approx(45.0)  # 100 * 2.7 big bets / 6 hands
    assert everything["saw_7th"] == 20.0  # one 7th street in five seven-card hands
    assert ("D", "all") not in table and ("B", "all") in table


def test_filters(con: duckdb.DuckDBPyConnection) -> None:
    since = stats(con, "SELECT * FROM player_stats_for('A', NULL, '2024-03-04')")
    assert set(since) == {("A", "stud8"), ("A", "razz"), ("A", "stud5"), ("A", "all")}
    assert since["A", "all"]["hands"] == 4
    razz = stats(con, "SELECT * FROM player_stats_for(NULL, 'razz', NULL)")
    assert set(razz) == {("A", "razz"), ("B", "razz"), ("C", "razz")}


def test_filters_by_site_stakes_and_end(con: duckdb.DuckDBPyConnection) -> None:
    """``studbook serve``'s filters: the hands of a site, of stakes as written, and before a time."""
    def hands(sql: str) -> int:
        return sum(row["hands"] for (_, game), row in stats(con, sql).items() if game != "all")

    before = hands("SELECT * FROM player_stats_for('A', NULL, NULL, until := '2024-03-04')")
    since = hands("SELECT * FROM player_stats_for('A', NULL, '2024-03-04')")
    assert before + since == hands("SELECT * FROM player_stats_for('A', NULL, NULL)")
    assert before == con.sql("SELECT count(*) FROM seat_facts WHERE player = 'A' "
                             "AND start_utc < '2024-03-04'").fetchall()[0][0] > 0
    site, stakes = con.sql("SELECT any_value(site), any_value(stakes) FROM hands").fetchall()[0]
    assert stats(con, f"SELECT * FROM player_stats_for(NULL, NULL, NULL, only_site := '{site}', "
                      f"only_stakes := '{stakes}')") == stats(con)
    assert stats(con, "SELECT * FROM player_stats_for(NULL, NULL, NULL, only_site := 'elsewhere')") == {}
    assert stats(con, "SELECT * FROM player_stats_for(NULL, NULL, NULL, only_stakes := '$1/$2')") == {}


def test_per_street_view(con: duckdb.DuckDBPyConnection) -> None:
    rows = con.sql("SELECT * FROM player_street_stats WHERE player = 'A'").pl().rows(named=True)
    by_street = {(row["game"], row["street"]): row for row in rows}
    assert [street for game, street in by_street if game == "stud5"] == ["2nd", "3rd", "4th", "5th"]
    fourth, fifth, sixth = (by_street["stud", s] for s in ("4th", "5th", "6th"))
    assert (fourth["hands"], fourth["saw"], fourth["saw_pct"], fourth["bets"]) == (2, 1, 50.0, 1)
    def rates(row: dict) -> tuple:
        return row["aggression_factor"], row["aggression_frequency"], row["fold_to_bet"]

    assert rates(fourth) == (None, 100.0, None)  # a bet, no call to divide by, never faced a bet
    assert rates(fifth) == (1.0, 50.0, 0.0)
    assert rates(sixth) == (None, 0.0, 100.0) and sixth["folds"] == 1


def test_hand_player_street_has_one_row_per_street_of_the_game(con: duckdb.DuckDBPyConnection) -> None:
    counts = dict(con.sql("SELECT variant, count(*) FROM hand_player_street WHERE player = 'A' "
                          "GROUP BY variant").fetchall())
    assert counts == {"stud": 10, "stud8": 10, "razz": 5, "stud5": 4}


def test_loading_again_changes_nothing(con: duckdb.DuckDBPyConnection) -> None:
    def contents() -> dict[str, list]:
        return {name: sorted(con.sql(f"SELECT * FROM {name}").fetchall(), key=repr) for name in DATA_TABLES}

    before = contents()
    outcome = Loader(con).write([fixtures_result(), fixtures_result()])
    assert (outcome.imported, outcome.already_present) == (0, 2 * len(FIXTURES))
    assert contents() == before


def test_duplicates_within_a_batch_and_rejects_are_stored_once(tmp_path: Path) -> None:
    con = open_for_import(tmp_path / "dup.duckdb")
    hand = fixture_hand("stud8_scoop")
    bad = ParseError("x.txt", 7, 3, "42", "pokerstars", "expected a seat line", "PokerStars Hand #42: ...")
    first = chunk_result("x.txt", [(hand, ""), (hand, ""), (bad, bad.raw)])
    outcome = Loader(con).write([first, first])
    assert (outcome.imported, outcome.already_present) == (1, 3)
    assert con.execute("SELECT count(*) FROM hands").fetchall()[0][0] == 1
    assert con.execute("SELECT count(*) FROM seats").fetchall()[0][0] == 2
    assert con.sql("SELECT file, line, col, hand_id, error FROM rejected").fetchall() == [
        ("x.txt", 7, 3, "42", "expected a seat line")]


def test_violations_are_stored_and_counted(tmp_path: Path) -> None:
    hand = build("""stud8 10/20 ante=2 bi=5 currency=USD id=v1
seats A:1000 B:1000
antes
street 3
doors A:3h B:Qs
A bi 5
B complete 12
A fold
return B 7
collect B 14
total 14 rake 0
""")
    con = open_for_import(tmp_path / "v.duckdb")
    outcome = Loader(con).write([chunk_result("v.txt", [(hand, "")])])
    assert outcome.violations["complete-amount"] == 1 and outcome.hands_with_violations == 1
    assert con.sql("SELECT code, line FROM violations").fetchall() == [("complete-amount", 7)]
    assert con.execute("SELECT violations, errors FROM hands").fetchall() == [(1, 1)]
    assert con.execute("SELECT violations FROM actions WHERE action = 'complete'").fetchall() == [(1,)]


def test_a_hand_the_replay_cannot_handle_becomes_a_reject(monkeypatch: pytest.MonkeyPatch) -> None:
    def broken(hand, rules=None):
        raise KeyError("boom")

    monkeypatch.setattr("studbook.analytics.worker.replay", broken)
    result = chunk_result("y.txt", [(fixture_hand("stud8_scoop"), "raw text")])
    assert (result.found, result.hands, result.rejected) == (1, 0, 1)
    (row,) = result.tables["rejected"].to_pylist()
    assert row["error"] == "cannot replay: KeyError: 'boom'" and row["raw"] == "raw text"


def test_a_block_that_now_parses_is_no_longer_a_reject(tmp_path: Path) -> None:
    con = open_for_import(tmp_path / "again.duckdb")
    hand = fixture_hand("stud8_scoop")
    failed = ParseError(hand.source.file, hand.source.first_line, 1, None, "test", "older grammar", "raw")
    Loader(con).write([chunk_result(hand.source.file, [(failed, "raw")])])
    assert con.execute("SELECT count(*) FROM rejected").fetchall() == [(1,)]
    Loader(con).write([chunk_result(hand.source.file, [(hand, "")])])
    assert con.execute("SELECT count(*) FROM rejected").fetchall() == [(0,)]
