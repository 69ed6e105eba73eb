"""Tournaments as data: each tournament's buy-in and fee from its hands' headers, and each player's
finishing place and prize from the log's ranking lines (``tournaments``, ``tournament_results``)."""

from __future__ import annotations

from pathlib import Path

import duckdb
import pytest
from helpers.importing import import_into
from helpers.tournament_hands import ZERO_LEVEL

from studbook.tournaments import buy_in_of, place_of

# Two hands of one PokerStars $10+$1 tournament: the first's level written (0/0), the second stating it
# and followed by two players' finishing lines.
_SECOND = ZERO_LEVEL.replace("#29356803849", "#29356803850").replace("LEVEL I (0/0)", "LEVEL I (25/50)") \
    .replace("11:45:00", "11:47:00").replace("*** SUMMARY ***", "\n".join((
        "Player5 finished the tournament in 3rd place and received $12.50",
        "Player4 wins the tournament and receives $30.00 - congratulations!", "*** SUMMARY ***")))
LOG = ZERO_LEVEL + "\n\n" + _SECOND


@pytest.mark.parametrize(("text", "read"), [
    ("$10+$1", (1000, 100, "USD")),
    ("$200+$15 USD", (20000, 1500, "USD")),
    ("€5+€0.50", (500, 50, "EUR")),
    ("$10+$10+$2", (2000, 200, "USD")),  # a bounty counts in the buy-in; the last part is the fee
    ("50+5", (50, 5, None)),  # chips
    ("Freeroll", None),
    (None, None),
])
def test_buy_in_and_fee_in_minor_units(text: str | None, read: tuple[int, int, str | None] | None) -> None:
    assert buy_in_of(text) == read


@pytest.mark.parametrize(("text", "decimals", "read"), [
    ("finished the tournament in 3rd place and received $12.50", 2, (3, 1250)),
    ("finished the tournament in 11th place", 2, (11, None)),
    ("wins the tournament and receives $30.00 - congratulations!", 2, (1, 3000)),
    ("wins the tournament and receives 1,500 - congratulations!", 0, (1, 1500)),
    ("wins the $5 bounty for eliminating Tom", 2, None),
])
def test_finishing_place_and_prize(text: str, decimals: int, read: tuple[int, int | None] | None) -> None:
    assert place_of(text, decimals) == read


@pytest.fixture(scope="module")
def db(tmp_path_factory: pytest.TempPathFactory) -> duckdb.DuckDBPyConnection:
    folder = tmp_path_factory.mktemp("tournament")
    log = folder / "tour.txt"
    log.write_text(LOG)
    import_into(folder / "t.duckdb", log)
    con = duckdb.connect(str(folder / "t.duckdb"), read_only=True)
    yield con
    con.close()


def test_the_tournament_and_its_buy_in(db: duckdb.DuckDBPyConnection) -> None:
    assert db.sql("SELECT site, tournament_id, game, buy_in, fee, currency, start_utc::VARCHAR "
                  "FROM tournaments").fetchall() == [
        ("pokerstars", "169962475", "stud8", 1000, 100, "USD", "2009-06-14 15:45:00")]


def test_finishing_places_and_prizes(db: duckdb.DuckDBPyConnection) -> None:
    assert db.sql("SELECT site, tournament_id, player, position, prize, currency FROM tournament_results "
                  "ORDER BY position").fetchall() == [
        ("pokerstars", "169962475", "Player4", 1, 3000, "USD"),
        ("pokerstars", "169962475", "Player5", 3, 1250, "USD")]


def test_each_level_stored_with_stakes_the_inferred_one_said_as_info(db: duckdb.DuckDBPyConnection) -> None:
    assert db.sql("SELECT hand_id, small_bet, big_bet, stakes FROM hands ORDER BY hand_id").fetchall() == [
        ("29356803849", 25, 50, "25/50"), ("29356803850", 25, 50, "25/50")]
    assert db.sql("SELECT hand_id, code, severity, rule FROM violations").fetchall() == [
        ("29356803849", "stakes-inferred", "info", "L8")]


def test_a_real_pokerstars_tournament_header_gives_its_buy_in(corpus: Path, tmp_path: Path) -> None:
    import_into(tmp_path / "c.duckdb", corpus / "pokerstars")
    con = duckdb.connect(str(tmp_path / "c.duckdb"), read_only=True)
    try:
        assert con.sql("SELECT tournament_id, game, buy_in, fee, currency FROM tournaments "
                       "ORDER BY tournament_id").fetchall() == [
            ("169962475", "stud8", 1000, 100, "USD"), ("2010090015", "razz", 20000, 1500, "USD")]
    finally:
        con.close()
