"""Tournaments as data: each tournament's buy-in and fee from its hands' headers, and each player's
finishing place and prize from the log's ranking lines (``tournaments``, ``tournament_results``)."""

from __future__ import annotations

from pathlib import Path

import duckdb
import pytest
from helpers.importing import import_into
from helpers.parsing import parse_text
from helpers.tournament_hands import BOVADA_TOURNAMENT
from helpers.tournament_hands import ZERO_LEVEL

from studbook.tournaments import buy_in_of
from studbook.tournaments import place_of

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
    ("$2 + $0.10", (200, 10, "USD")),  # Full Tilt
    ("$6 USD Buy-in", (600, 0, "USD")), ("$30 Buy-in  + $3 Entry Fee", (3000, 300, "USD")),  # PartyPoker
    ("4.50€ + 0.50€", (450, 50, "EUR")), ("0,90€ + 0,10€", (90, 10, "EUR")),  # Winamax
    ("1.50€", (150, 0, "EUR")),
    ("€0", (0, 0, "EUR")),  # OnGame
    ("$5+$0.50", (500, 50, "USD")),  # iPoker
    ("Ticket only", None), ("1.80-0.20", None),
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
    ("Player Cy finished in 3.", 2, (3, None)),  # PartyPoker
    ("Player Bob finished in 1 place and received $3 USD", 2, (1, 300)),
    ("Congratulations to player Bob for winning tournament $1 Sit & Go", 2, (1, None)),
    ("Ann finishes in 2nd place", 0, (2, None)),  # Full Tilt
    ("Seat+2 [ME] : Ranking 3", 0, (3, None)),  # Bovada: a place, and its prize on a line of its own
    ("Seat+2 [ME] : Prize Cash [$12.50]", 2, (None, 1250)),
])
def test_finishing_place_and_prize(text: str, decimals: int,
                                   read: tuple[int | None, int | None] | None) -> None:
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


def test_a_full_tilt_sit_and_go_header_gives_its_buy_in(corpus: Path) -> None:
    name = "fulltilt/tour-Razz-USD-HUSNG-2-201102.Villain.allin.on.bringing.txt"
    text = (corpus / name).read_text("utf-16")
    for written, read in (("$2 + $0.10", (200, 10, "USD")), ("$10 + $1", (1000, 100, "USD"))):
        [hand] = parse_text(text.replace("$2 + $0.10 Heads Up Sit & Go", f"{written} Sit & Go (Turbo)"))
        assert hand.buy_in == written and buy_in_of(hand.buy_in) == read
    [freeroll] = parse_text(text.replace("$2 + $0.10 Heads Up Sit & Go", "Big Game of the Week"))
    assert freeroll.tournament_id == "220338000" and freeroll.buy_in is None


# Bovada's ranking line and the prize line it writes after it; PartyPoker's finishing lines after a
# corpus tournament hand's last award.
_BOVADA = BOVADA_TOURNAMENT.replace("Seat+2 [ME] : Ranking 3\n",
                                    "Seat+2 [ME] : Ranking 3\nSeat+2 [ME] : Prize Cash [$12.50]\n")
_PARTY_FINISHES = ("Congratulations to player Player6 for winning tournament $6 Stud\n"
                   "Player Player6 finished in 1 place and received $40.00 USD\n"
                   "Player Player4 finished in 2 place and received $20 USD\nPlayer Player1 finished in 9.\n")


def test_other_sites_tournaments_and_results(corpus: Path, tmp_path: Path) -> None:
    party = (corpus / "partypoker/tour-7-Stud-USD-MTT-6.00-201205.txt").read_text()
    (tmp_path / "party.txt").write_text(party.rstrip("\n") + "\n" + _PARTY_FINISHES)
    (tmp_path / "bovada.txt").write_text(_BOVADA)
    (tmp_path / "ipoker.xml").write_text((corpus / "ipoker/tour-7-StudHi-USD-STT-5-201103.txt").read_text())
    import_into(tmp_path / "o.duckdb", tmp_path)
    con = duckdb.connect(str(tmp_path / "o.duckdb"), read_only=True)
    try:
        assert con.sql("SELECT site, tournament_id, game, buy_in, fee, currency FROM tournaments "
                       "ORDER BY site").fetchall() == [
            ("bovada", "9018578", "stud", None, None, None),  # its headers write no buy-in
            ("ipoker", "699476041", "stud", 500, 50, "USD"),
            ("partypoker", "69784932", "stud", 600, 0, "USD")]
        assert con.sql("SELECT site, tournament_id, player, position, prize, currency "
                       "FROM tournament_results ORDER BY site, position").fetchall() == [
            ("bovada", "9018578", "Seat+2", 3, None, None),  # a $ prize of a tournament of no known currency
            ("ipoker", "699476041", "Player11", 5, 1640, "USD"),  # the hero's, from the session's <general>
            ("partypoker", "69784932", "Player6", 1, 4000, "USD"),
            ("partypoker", "69784932", "Player4", 2, 2000, "USD"),
            ("partypoker", "69784932", "Player1", 9, None, "USD")]
    finally:
        con.close()


def test_finishing_lines_a_format_does_not_know_still_give_places(corpus: Path, tmp_path: Path) -> None:
    """Full Tilt's grammar knows no finishing line: kept as unknown lines, they still give the places."""
    name = "fulltilt/tour-Razz-USD-HUSNG-2-201102.Villain.allin.on.bringing.txt"
    text = (corpus / name).read_text("utf-16").replace(
        "*** SUMMARY ***", "Villain finished in 2nd place\nHero wins the tournament\n*** SUMMARY ***")
    (tmp_path / "ft.txt").write_text(text)
    import_into(tmp_path / "ft.duckdb", tmp_path / "ft.txt")
    con = duckdb.connect(str(tmp_path / "ft.duckdb"), read_only=True)
    try:
        assert con.sql("SELECT tournament_id, player, position FROM tournament_results ORDER BY position"
                       ).fetchall() == [("220338000", "Hero", 1), ("220338000", "Villain", 2)]
        assert con.sql("SELECT count(*) FROM violations WHERE code = 'unknown-line'").fetchall() == [(2,)]
    finally:
        con.close()

