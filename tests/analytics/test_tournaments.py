"""Tournaments as data: each tournament's buy-in and fee from its hands' headers, and each player's
finishing place and prize from the log's ranking lines (``tournaments``, ``tournament_results``)."""

from __future__ import annotations

from pathlib import Path

import duckdb
import pytest
from helpers.importing import import_into

from studbook.tournaments import buy_in_of, place_of

# Two hands of one PokerStars $10+$1 tournament: the first's level written (0/0), the second stating it
# and followed by two players' finishing lines.
LOG = """\
PokerStars Game #29356803849: TOURNAMENT #169962475, $10+$1 7 CARD STUD HI/LO LIMIT - LEVEL I (0/0) - \
2009/06/14 11:45:00 ET
Table '169962475 2' 8-max
Seat 1: Player0 (2500 in chips)
Seat 2: Player1 (2500 in chips)
Seat 3: Player2 (2500 in chips)
Seat 4: Player3 (2500 in chips)
Seat 5: Player4 (2500 in chips)
Seat 6: Player5 (2500 in chips)
Seat 7: Player6 (2500 in chips) is sitting out
Seat 8: Hero (2500 in chips)
Player0: posts the ante 5
Player1: posts the ante 5
Player2: posts the ante 5
Player3: posts the ante 5
Player4: posts the ante 5
Player5: posts the ante 5
Player6: posts the ante 5
Hero: posts the ante 5
*** 3rd STREET ***
Dealt to Player0 [Kc]
Dealt to Player1 [6c]
Dealt to Player2 [Ah]
Dealt to Player3 [Td]
Dealt to Player4 [9h]
Dealt to Player5 [2h]
Dealt to Player6 [Ac]
Dealt to Hero [9s 5d 5s]
Player5: brings in for 10
Player6: folds
Hero: folds
Player0: folds
Player1: calls 10
Player2: calls 10
Player3: calls 10
Player4: calls 10
*** 4th STREET ***
Dealt to Player1 [6c] [Qd]
Dealt to Player2 [Ah] [6h]
Dealt to Player3 [Td] [4h]
Dealt to Player4 [9h] [Jh]
Dealt to Player5 [2h] [2d]
Player5: bets 25
Player1: calls 25
Player2: calls 25
Player3: folds
Player4: calls 25
*** 5th STREET ***
Dealt to Player1 [6c Qd] [4c]
Dealt to Player2 [Ah 6h] [Ks]
Dealt to Player4 [9h Jh] [8c]
Dealt to Player5 [2h 2d] [Tc]
Player5: checks
Player1: checks
Player2: checks
Player4: checks
*** 6th STREET ***
Dealt to Player1 [6c Qd 4c] [Js]
Dealt to Player2 [Ah 6h Ks] [7h]
Dealt to Player4 [9h Jh 8c] [8s]
Dealt to Player5 [2h 2d Tc] [5h]
Player4: bets 50
Player5: calls 50
Player1: folds
Player2: calls 50
*** RIVER ***
Player4: bets 50
Player5: folds
Player2: calls 50
*** SHOW DOWN ***
Player4: shows [9c 3d 9h Jh 8c 8s As] (HI: two pair, Nines and Eights)
Player2: shows [3s Jc Ah 6h Ks 7h 5c] (HI: high card Ace; LO: 7,6,5,3,A)
Player4 collected 220 from pot
Player2 collected 220 from pot
*** SUMMARY ***
Total pot 440 | Rake 0
Seat 1: Player0 folded on the 3rd Street (didn't bet)
Seat 2: Player1 folded on the 6th Street
Seat 3: Player2 showed [3s Jc Ah 6h Ks 7h 5c] and won (220) with HI: high card Ace; LO: 7,6,5,3,A
Seat 4: Player3 folded on the 4th Street
Seat 5: Player4 showed [9c 3d 9h Jh 8c 8s As] and won (220) with HI: two pair, Nines and Eights
Seat 6: Player5 folded on the River
Seat 7: Player6 folded on the 3rd Street (didn't bet)
Seat 8: Hero folded on the 3rd Street (didn't bet)


PokerStars Game #29356803850: TOURNAMENT #169962475, $10+$1 7 CARD STUD HI/LO LIMIT - LEVEL I (25/50) - \
2009/06/14 11:47:00 ET
Table '169962475 2' 8-max
Seat 1: Player0 (2500 in chips)
Seat 2: Player1 (2500 in chips)
Seat 3: Player2 (2500 in chips)
Seat 4: Player3 (2500 in chips)
Seat 5: Player4 (2500 in chips)
Seat 6: Player5 (2500 in chips)
Seat 7: Player6 (2500 in chips) is sitting out
Seat 8: Hero (2500 in chips)
Player0: posts the ante 5
Player1: posts the ante 5
Player2: posts the ante 5
Player3: posts the ante 5
Player4: posts the ante 5
Player5: posts the ante 5
Player6: posts the ante 5
Hero: posts the ante 5
*** 3rd STREET ***
Dealt to Player0 [Kc]
Dealt to Player1 [6c]
Dealt to Player2 [Ah]
Dealt to Player3 [Td]
Dealt to Player4 [9h]
Dealt to Player5 [2h]
Dealt to Player6 [Ac]
Dealt to Hero [9s 5d 5s]
Player5: brings in for 10
Player6: folds
Hero: folds
Player0: folds
Player1: calls 10
Player2: calls 10
Player3: calls 10
Player4: calls 10
*** 4th STREET ***
Dealt to Player1 [6c] [Qd]
Dealt to Player2 [Ah] [6h]
Dealt to Player3 [Td] [4h]
Dealt to Player4 [9h] [Jh]
Dealt to Player5 [2h] [2d]
Player5: bets 25
Player1: calls 25
Player2: calls 25
Player3: folds
Player4: calls 25
*** 5th STREET ***
Dealt to Player1 [6c Qd] [4c]
Dealt to Player2 [Ah 6h] [Ks]
Dealt to Player4 [9h Jh] [8c]
Dealt to Player5 [2h 2d] [Tc]
Player5: checks
Player1: checks
Player2: checks
Player4: checks
*** 6th STREET ***
Dealt to Player1 [6c Qd 4c] [Js]
Dealt to Player2 [Ah 6h Ks] [7h]
Dealt to Player4 [9h Jh 8c] [8s]
Dealt to Player5 [2h 2d Tc] [5h]
Player4: bets 50
Player5: calls 50
Player1: folds
Player2: calls 50
*** RIVER ***
Player4: bets 50
Player5: folds
Player2: calls 50
*** SHOW DOWN ***
Player4: shows [9c 3d 9h Jh 8c 8s As] (HI: two pair, Nines and Eights)
Player2: shows [3s Jc Ah 6h Ks 7h 5c] (HI: high card Ace; LO: 7,6,5,3,A)
Player4 collected 220 from pot
Player2 collected 220 from pot
Player5 finished the tournament in 3rd place and received $12.50
Player4 wins the tournament and receives $30.00 - congratulations!
*** SUMMARY ***
Total pot 440 | Rake 0
Seat 1: Player0 folded on the 3rd Street (didn't bet)
Seat 2: Player1 folded on the 6th Street
Seat 3: Player2 showed [3s Jc Ah 6h Ks 7h 5c] and won (220) with HI: high card Ace; LO: 7,6,5,3,A
Seat 4: Player3 folded on the 4th Street
Seat 5: Player4 showed [9c 3d 9h Jh 8c 8s As] and won (220) with HI: two pair, Nines and Eights
Seat 6: Player5 folded on the River
Seat 7: Player6 folded on the 3rd Street (didn't bet)
Seat 8: Hero folded on the 3rd Street (didn't bet)
"""


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
