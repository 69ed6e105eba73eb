"""Per-seat facts of the fixture hands, as the loader stores them (worked out in SQL), checked against
values worked out by hand from each script; and the starting-hand classes of start_classes.sql."""

from __future__ import annotations

import dataclasses
from typing import Any

import duckdb
import pytest
from helpers.analytics_hands import fixture_hand
from helpers.stored_facts import rows
from helpers.stored_facts import seat_facts
from helpers.stored_facts import stored

from studbook.analytics import facts as sql_facts
from studbook.analytics.rows import hand_rows
from studbook.replay import replay
from studbook.rules.variants import VARIANTS


def facts(name: str) -> dict[str, dict[str, Any]]:
    return {row["player"]: row for row in seat_facts(fixture_hand(name))}


def street(row: dict[str, Any], index: int) -> dict[str, Any]:
    prefix = f"s{index}_"
    return {key[len(prefix):]: value for key, value in row.items() if key.startswith(prefix)}


def test_reraised_steal_third_street() -> None:
    seats = facts("stud_reraised_steal")
    a, b, c, d = (seats[p] for p in "ABCD")
    # B (2c) brings in; then C, D, A act: positions 2, 1, 0.
    assert (b["is_bringin"], b["bringin_amount"], b["position"]) == (True, 5, None)
    assert (c["position"], d["position"], a["position"]) == (2, 1, 0)
    # C folds in an unopened pot: a chance to complete first and to steal, not taken.
    assert (c["rfi_chance"], c["rfi"], c["steal_chance"], c["steal"]) == (True, False, True, False)
    # D completes first in from position 1: a steal, which fails (A re-raises). A's Kd is still
    # to act, so it is no door-card steal.
    assert (d["rfi"], d["steal"], d["steal_success"], d["door_steal_chance"]) == (True, True, False, False)
    assert (a["rfi_chance"], a["vpip"], a["s0_raises"], a["s0_faced_aggr"]) == (False, True, 1, True)
    # The bring-in folds to the completion; A's raise came between, so it is not "fold to steal".
    assert (b["bringin_vs_complete"], b["bringin_vs_steal"], b["vpip"]) == ("fold", None, False)
    assert all(row["vpip_chance"] for row in seats.values())
    assert (a["door_card"], a["hole_cards"], a["start_class"]) == ("Kd", "As Ks", "split pair")
    assert c["hole_cards"] is None and c["start_class"] is None


def test_reraised_steal_later_streets_and_money() -> None:
    seats = facts("stud_reraised_steal")
    a, d = seats["A"], seats["D"]
    assert street(a, 1) == dict(saw=True, bets=1, completes=0, raises=0, calls=0, checks=0, folded=False,
                                faced_aggr=False, fold_to_aggr=False)
    assert (street(a, 2)["bets"], street(a, 2)["calls"], street(a, 2)["faced_aggr"]) == (1, 1, True)
    assert street(a, 3) == dict(saw=True, bets=0, completes=0, raises=0, calls=0, checks=1, folded=True,
                                faced_aggr=True, fold_to_aggr=True)
    assert not a["s4_saw"] and not d["s4_saw"] and d["s3_saw"]
    assert (street(d, 2)["raises"], street(d, 3)["bets"], street(d, 1)["calls"]) == (1, 1, 1)
    assert (a["committed"], a["collected"], a["net"], a["folded_street"]) == (72, 0, -72, 6)
    # D's uncalled 20 on 6th street is returned, so it was never committed; rake 3 is out of the pot.
    assert (d["committed"], d["collected"], d["net"]) == (72, 150, 78)
    assert sum(row["net"] for row in seats.values()) == -3
    assert not any(row["showdown"] for row in seats.values())
    assert seats["C"]["s0_saw"] and not seats["C"]["s1_saw"]


def test_door_card_steal_that_wins() -> None:
    seats = facts("stud_door_steal")
    a, b, c = seats["A"], seats["B"], seats["C"]
    assert (a["position"], a["steal"], a["steal_success"]) == (0, True, True)
    assert (a["door_steal_chance"], a["door_steal"], a["door_steal_success"]) == (True, True, True)
    # C's 8c has A's ace still to act: a positional steal chance only.
    assert (c["steal_chance"], c["door_steal_chance"]) == (True, False)
    assert (b["bringin_vs_steal"], b["bringin_vs_complete"]) == ("fold", "fold")
    assert (a["net"], b["net"], c["net"]) == (9, -7, -2)
    assert a["start_class"] == "two high cards"


def test_stud8_split_pot() -> None:
    seats = facts("stud8_split")
    a, b, c = seats["A"], seats["B"], seats["C"]
    # C calls the bring-in (a limp) in an unopened pot; A's completion is then not first in.
    assert (c["rfi_chance"], c["rfi"], c["vpip"]) == (True, False, True)
    assert (a["rfi_chance"], a["steal_chance"], a["vpip"], a["s0_completes"]) == (False, False, True, 1)
    assert (b["bringin_vs_complete"], b["bringin_vs_steal"]) == ("call", None)
    assert (a["showdown"], b["showdown"], c["showdown"]) == (True, True, False)
    assert (a["won_at_showdown"], b["won_at_showdown"]) == (True, True)
    assert (a["won_hi"], a["won_lo"], a["hilo_result"]) == (93, 0, "high")
    assert (b["won_hi"], b["won_lo"], b["hilo_result"]) == (0, 93, "low")
    assert c["hilo_result"] is None
    assert (a["net"], b["net"], c["net"]) == (11, 11, -22)
    assert (street(b, 2)["raises"], street(b, 2)["faced_aggr"], c["folded_street"]) == (1, True, 5)
    assert a["s4_saw"] and b["s4_saw"] and not c["s3_saw"]
    assert (a["start_class"], b["hole_cards"], b["start_class"]) == ("high pair", "3c Jd", "other")


def test_stud8_uncontested_pot_is_a_scoop() -> None:
    seats = facts("stud8_scoop")
    a, b = seats["A"], seats["B"]
    assert (b["hilo_result"], b["steal"], b["steal_success"]) == ("scoop", True, True)
    assert b["door_steal_success"]
    assert (a["bringin_vs_steal"], a["hilo_result"], a["net"], b["net"]) == ("fold", None, -7, 7)


def test_razz_door_cards_are_inverted() -> None:
    seats = facts("razz_raise")
    a, b, c = seats["A"], seats["B"], seats["C"]
    assert (b["is_bringin"], c["position"], a["position"]) == (True, 1, 0)
    # C's 4 completes with A's deuce (a better razz card) still to act: a steal, no door-card steal.
    assert (c["steal"], c["door_steal_chance"], c["steal_success"]) == (True, False, False)
    assert (a["start_class"], a["hole_cards"], a["net"]) == ("three low", "Ac 3c", 29)
    assert (street(c, 1)["fold_to_aggr"], street(c, 1)["faced_aggr"]) == (True, True)


def test_five_card_stud_uses_four_rounds() -> None:
    seats = facts("stud5_showdown")
    a, b = seats["A"], seats["B"]
    assert (a["steal"], a["door_steal"], a["steal_success"]) == (True, True, False)
    assert (b["bringin_vs_steal"], b["bringin_vs_complete"]) == ("call", "call")
    assert (a["start_class"], a["door_card"], a["hole_cards"]) == ("hole card above the board", "9c", "Ad")
    assert [a[f"s{i}_saw"] for i in range(5)] == [True, True, True, True, False]
    assert (street(a, 2)["raises"], street(a, 3)["bets"], street(a, 1)["calls"]) == (1, 1, 1)
    assert (a["showdown"], a["won_at_showdown"], b["won_at_showdown"], a["net"]) == (True, True, False, 84)


def test_hand_rows_fill_every_table_and_only_the_hand_row_has_the_key() -> None:
    tables = hand_rows(replay(fixture_hand("stud8_split")))
    (hand,) = tables["hands"]
    assert (hand["site"], hand["hand_id"]) == ("test", "stud8_split")
    assert not any("hand_id" in row for name, table in tables.items() if name != "hands" for row in table)
    assert (hand["ante"], hand["bring_in"], hand["stakes"], hand["unit"]) == (2, 5, "$0.10/$0.20", "USD")
    assert (hand["first_street"], hand["betting_rounds"], hand["streets_dealt"]) == (3, 5, [3, 4, 5, 6, 7])
    assert (hand["start_local"].hour, hand["start_utc"].hour, hand["time_zone"]) == (20, 1, "EST")
    assert [(r["pot"], r["half"], r["player"], r["amount"]) for r in tables["awards"]] == [
        (0, "hi", "A", 93), (0, "lo", "B", 93)]
    assert {row["eligible_players"] == ["A", "B"] for row in tables["awards"]} == {True}
    assert [a["action"] for a in tables["actions"]][:5] == ["ante", "ante", "ante", "bring-in", "call"]
    cards_of_b = [(c["street"], c["face"], c["source"], c["card"])
                  for c in tables["cards"] if c["player"] == "B"]
    # B's door, four up cards, then his two hole cards and river card first seen at the showdown.
    assert cards_of_b[0] == (3, "up", "dealt", "2d")
    assert [c[3] for c in cards_of_b if c[2] == "shown"] == ["3c", "Jd", "Th"]


def test_the_hands_row_gets_the_facts_of_its_seats() -> None:
    con = stored(fixture_hand("stud8_split"), fixture_hand("stud_reraised_steal"))
    found = {row["hand_id"]: row for row in rows(con, "SELECT * FROM hands")}
    assert [found["stud8_split"][key] for key in ("players_dealt", "last_street", "showdown")] == [3, 7, True]
    # Nobody saw 7th street: D's bet on 6th street took the pot.
    assert [found["stud_reraised_steal"][key] for key in ("players_dealt", "last_street", "showdown")] == [
        4, 6, False]


def test_positions_go_by_seat_number_whatever_order_the_log_lists_the_seats() -> None:
    """PartyPoker lists the seats out of order ("Seat 7, Seat 3, Seat 4, Seat 2, ..."); the action goes
    round the table by seat number, and so do fpdb's positions."""
    hand = fixture_hand("stud_reraised_steal")
    listed = dataclasses.replace(hand, seats=hand.seats[::-1])
    positions = [("A", 0), ("B", None), ("C", 2), ("D", 1)]
    assert [(row["player"], row["position"]) for row in seat_facts(listed)] == positions
    assert [(row["player"], row["position"]) for row in seat_facts(hand)] == positions


@pytest.fixture(scope="module")
def classes() -> duckdb.DuckDBPyConnection:
    con = duckdb.connect()
    sql_facts.prepare(con)
    return con


def start_class(con: duckdb.DuckDBPyConnection, variant: str, cards: str, others: str = "") -> str | None:
    """The class of ``cards`` (hole cards, then the door card) with the other players' door cards."""
    *hole, door = cards.split()
    doors = [door, *others.split()]
    board_high = max(con.execute("SELECT card_rank(?)", [card]).fetchall()[0][0] for card in doors)
    groups = sql_facts.start_groups(VARIANTS[variant])
    lookup = "SELECT class FROM start_class_table WHERE groups = ? AND hand = start_hand(?, ?, ?, ?)"
    found = con.execute(lookup, [groups, groups, hole, door, board_high]).fetchall()
    return found[0][0] if found else None


@pytest.mark.parametrize(("variant", "cards", "others", "expected"), [
    ("stud", "Kc Kd Ks", "", "rolled-up trips"),
    ("stud", "9c 9d 2s", "", "buried pair"),
    ("stud", "2c 9d 9s", "", "split pair"),
    ("stud", "2c 7c Jc", "", "three-flush"),
    ("stud", "Kd Qc Jh", "", "three high cards"),
    ("stud", "5c 6d 8h", "", "three-straight"),
    ("stud", "Ac 2d 4h", "", "three-straight"),
    ("stud", "Kc Jd 2h", "", "two high cards"),
    ("stud", "Kc 7d 2h", "", "trash"),
    ("stud8", "Ac 2c 3c", "", "low connected suited"),
    ("stud8", "5c 5d 5h", "", "trips"),
    ("stud8", "Ac Ad 4h", "", "aces, low kicker"),
    ("stud8", "Ac Ad Kh", "", "aces, high kicker"),
    ("stud8", "Ac 3d 5h", "", "ace, two wheel cards"),
    ("stud8", "2h 6h 8h", "", "low suited"),
    ("stud8", "4c 5d 6h", "", "low connected"),
    ("stud8", "Qc Qd 3h", "", "high pair"),
    ("stud8", "4c 4d 7h", "", "low pair, low kicker"),
    ("stud8", "Kc 9c 2c", "", "high flush"),
    ("stud8", "4c 4d Jh", "", "low pair, high kicker"),
    ("stud8", "2c 5d 8h", "", "three low"),
    ("stud8", "Kc Jd 3h", "", "other"),
    ("razz", "Ac 2d 3h", "", "three low"),
    ("razz", "Ac 2d Kh", "", "two low, one bad"),
    ("razz", "Ac Ad 3h", "", "pair"),
    ("razz", "Ac Ad Kh", "", "junk"),
    ("razz", "Qc Jd 3h", "", "junk"),
    ("stud5", "7c 7d", "Ks", "pair"),
    ("stud5", "Ac 9d", "Ks 2c", "hole card above the board"),
    ("stud5", "Jc Qd", "Ks", "two high cards"),
    ("stud5", "7c 8d", "Ks", "suited or connected"),
    ("stud5", "2c 9d", "Ks", "other"),
    ("descubierto", "Ac 9d", "Ks 2c", "hole card above the board"),
])
def test_starting_hand_classes(classes: duckdb.DuckDBPyConnection, variant: str, cards: str, others: str,
                               expected: str) -> None:
    assert start_class(classes, variant, cards, others) == expected


def test_a_game_without_starting_hand_groups_has_no_class(classes: duckdb.DuckDBPyConnection) -> None:
    assert sql_facts.start_groups(VARIANTS["razz27"]) is None
    assert start_class(classes, "razz27", "Ac 2d 3h") is None
