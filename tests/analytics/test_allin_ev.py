"""All-in EV (studbook/allin.py) and its columns: seats.ev_collected, and ev_net, ev_big_bets_per_100 and
luck in the stats. The expectations are checked against the equity oracle of tests/helpers/equity_oracle.py.
"""

from __future__ import annotations

from collections.abc import Iterator
from decimal import Decimal
from pathlib import Path

import duckdb
import pytest
from helpers.allin_hands import RIVER
from helpers.allin_hands import SIDE_POT
from helpers.allin_hands import SIXTH_STREET
from helpers.allin_hands import allin_hand
from helpers.equity_oracle import brute_force
from helpers.importing import import_into
from typer.testing import CliRunner

from studbook.allin import all_in
from studbook.allin import share_out
from studbook.analytics.db import SCHEMA_VERSION
from studbook.analytics.db import open_for_import
from studbook.analytics.load import Loader
from studbook.analytics.rows import hand_rows
from studbook.analytics.worker import chunk_result
from studbook.cards import parse_cards
from studbook.cli import app
from studbook.equity import Holding
from studbook.replay import replay
from studbook.simulate import Setup
from studbook.simulate import Simulator


def test_a_sixth_street_all_in_is_counted_over_every_river_card() -> None:
    replayed = replay(allin_hand(SIXTH_STREET, "sixth"))
    assert not replayed.has_errors, replayed.violations
    found = all_in(replayed)
    assert found is not None
    assert (found.street, found.line) == (6, 24)  # the line of A's call
    assert found.cards == {"A": Holding(parse_cards("3c 3d"), parse_cards("2c Ac Ad Ah")),
                           "B": Holding(parse_cards("9c 8c"), parse_cards("9d 9s 4s 4c"))}
    assert found.dead == parse_cards("Kd Qd")
    [pot] = found.pots
    assert (pot.amount, pot.eligible, pot.method, pot.samples) == (108, ("A", "B"), "exact", 38 * 37)
    oracle = brute_force("stud", [found.cards["A"].cards, found.cards["B"].cards], parse_cards("Kd Qd"))
    assert oracle[1] == pytest.approx(1 / 38 * 36 / 37)  # B needs the 9h, and A not the As
    assert pot.equity == pytest.approx(tuple(map(float, oracle)), abs=1e-12)
    assert sum(pot.expected) == 108
    for amount, share in zip(pot.expected, oracle, strict=True):
        assert abs(amount - 108 * share) < 1
    assert found.expected() == {"A": pot.expected[0], "B": pot.expected[1]}


def test_side_pots_are_shared_among_their_own_players_and_add_up_to_the_pot_after_rake() -> None:
    replayed = replay(allin_hand(SIDE_POT, "side"))
    assert not replayed.has_errors, replayed.violations
    found = all_in(replayed)
    assert found is not None and found.street == 5
    main, side = found.pots
    assert (main.amount, set(main.eligible), side.amount, set(side.eligible)) == (60, {"A", "B", "C"}, 40,
                                                                                  {"B", "C"})
    assert (main.method, side.method) == ("sampled", "sampled")
    assert sum(main.expected) == 60 and sum(side.expected) == 40
    assert sum(main.equity) == pytest.approx(1) and sum(side.equity) == pytest.approx(1)
    assert sum(found.expected().values()) == replayed.total_pot - replayed.rake
    # Heads-up in the side pot, B's nines full needs quads against C's kings full: a few percent.
    assert side.equity[side.eligible.index("B")] < 0.1
    assert 0 < side.std_error < 0.03


def test_no_expectation_without_cards_to_come_or_without_the_cards() -> None:
    river = replay(allin_hand(RIVER, "river"))
    assert not river.has_errors, river.violations
    assert all_in(river) is None  # a river all-in's expectation is its result
    mucked = replay(allin_hand(SIXTH_STREET.replace("show B 9c 8c 9d 9s 4s 4c 2d", "muck B"), "mucked"))
    assert all_in(mucked) is None  # B's down cards were never seen
    no_all_in = replay(allin_hand(SIXTH_STREET.replace("A call 10!\nreturn B 10", "A fold"), "folded"))
    assert all_in(no_all_in) is None
    unwritten = replay(allin_hand(SIXTH_STREET.replace("ups A:Ah B:4c", "ups A:Ah"), "unwritten"))
    assert all_in(unwritten) is None  # B's 6th street card was seen at the table but not in the log


def test_seat_rows_carry_the_expectation_of_the_players_in_the_all_in() -> None:
    rows = {row["player"]: row for row in hand_rows(replay(allin_hand(SIXTH_STREET, "sixth")))["seats"]}
    found = all_in(replay(allin_hand(SIXTH_STREET, "sixth")))
    assert found is not None
    assert (rows["A"]["ev_collected"], rows["B"]["ev_collected"]) == tuple(found.pots[0].expected)
    assert rows["C"]["ev_collected"] is None  # folded before: his result was certain
    river = hand_rows(replay(allin_hand(RIVER, "river")))["seats"]
    assert [row["ev_collected"] for row in river] == [None, None, None]


@pytest.fixture
def con(tmp_path: Path) -> Iterator[duckdb.DuckDBPyConnection]:
    con = open_for_import(tmp_path / "ev.duckdb")
    hands = [allin_hand(SIXTH_STREET, "sixth", 1), allin_hand(SIDE_POT, "side", 2),
             allin_hand(RIVER, "river", 3)]
    outcome = Loader(con).write([chunk_result("ev.txt", [(hand, "") for hand in hands])])
    assert outcome.imported == 3
    yield con
    con.close()


def test_stats_give_ev_net_and_luck(con: duckdb.DuckDBPyConnection) -> None:
    expected = {(hand, player): ev for hand, player, ev in con.sql(
        "SELECT hand_id, player, ev_collected FROM seats").fetchall()}
    assert expected["river", "A"] is None and expected["sixth", "C"] is None
    rows = {row["player"]: row for row in con.sql("SELECT * FROM player_stats").pl().rows(named=True)}
    a = rows["A"]
    # A: +58 (sixth: 108 - 50), +40 (side: 60 - 20), +58 (river); in EV the first two are what A expected.
    ev_a = expected["sixth", "A"] - 50 + expected["side", "A"] - 20 + 58
    assert a["net"] == Decimal("1.56")
    assert a["ev_net"] == Decimal(ev_a) / 100
    assert a["luck"] == a["net"] - a["ev_net"]
    assert a["ev_big_bets_per_100"] == pytest.approx(round(100 * ev_a / 20 / 3, 2))
    assert rows["D"]["luck"] is None and rows["D"]["ev_net"] == rows["D"]["net"]  # in no all-in
    assert rows["B"]["luck"] == rows["B"]["net"] - rows["B"]["ev_net"]
    # Every hand's expectations share out what its pots held after rake, as the awards do.
    per_hand = con.sql("""
        SELECT hand_id, sum(coalesce(ev_collected, collected)) AS ev, any_value(h.total_pot - h.rake) AS pots
        FROM seats JOIN hands AS h USING (site, hand_id) GROUP BY hand_id""").fetchall()
    assert all(ev == pots for _, ev, pots in per_hand)


def test_share_out_hands_every_unit_to_someone() -> None:
    assert share_out(108, [37 / 38, 1 / 38]) == (105, 3)
    assert share_out(1, [0.5, 0.5]) == (1, 0)  # equal remainders: the first eligible player
    assert share_out(0, [0.3, 0.7]) == (0, 0)


@pytest.mark.parametrize("game", ["stud", "stud8", "razz", "stud5", "descubierto"])
def test_simulated_short_stacks_expectations_add_up_to_the_pots(game: str) -> None:
    """Every all-in of a short-stacked simulation: each pot's expectations add up to the pot, and the
    hand's to the pot after rake; the equities of a pot add up to one."""
    found = 0
    for played in Simulator(Setup(game=game, seed=5, short_stacks=True,
                                  fmt="pokerstars" if game in ("stud", "stud8", "razz") else "studbook")
                            ).hands(150):
        replayed = replay(played.hand)
        moment = all_in(replayed)
        if moment is None:
            continue
        found += 1
        for pot in moment.pots:
            assert sum(pot.expected) == pot.amount
            assert sum(pot.equity) == pytest.approx(1)
            assert all(0 <= share <= 1 for share in pot.equity)
        assert sum(moment.expected().values()) == replayed.total_pot - replayed.rake
        for player, holding in moment.cards.items():  # what they held then is what they were dealt
            assert set(holding.cards) <= set(played.cards[player])
    assert found >= 1


def test_a_version_3_database_gains_the_column_on_the_next_import(tmp_path: Path) -> None:
    """A database made before seats.ev_collected: the next import adds the column (NULL for the hands it
    held: their expectation is their result) and stores the new hands' all-in EV."""
    db = tmp_path / "v3.duckdb"
    import_into(db, Path(__file__).parents[2] / "histories" / "stud8-2024-11-21.txt")
    with duckdb.connect(str(db)) as old:  # as studbook left it before the column
        old.execute("ALTER TABLE seats DROP COLUMN ev_collected")
        old.execute("UPDATE schema_version SET version = 3")
    log = tmp_path / "short.txt"
    made = CliRunner().invoke(app, ["simulate", "-g", "stud", "-n", "80", "--short-stacks", "--seed", "5",
                                    "-o", str(log)])
    assert made.exit_code == 0, made.output
    import_into(db, log)
    with duckdb.connect(str(db), read_only=True) as con:
        assert con.execute("SELECT version FROM schema_version").fetchall() == [(SCHEMA_VERSION,)]
        held, new = con.execute("""
            SELECT count(ev_collected) FILTER (WHERE h.file NOT LIKE '%short.txt'),
                   count(ev_collected) FILTER (WHERE h.file LIKE '%short.txt')
            FROM seats JOIN hands AS h USING (site, hand_id)""").fetchall()[0]
        assert held == 0 and new > 0
        assert con.sql("SELECT ev_net FROM player_stats LIMIT 1").fetchall()
