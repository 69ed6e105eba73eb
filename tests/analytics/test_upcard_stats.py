"""The up-card stats, first-street liveness and the rates' intervals and estimates of stats.sql: on hands
built for each stat (worked out by hand below), against a recomputation in Python from the stored
actions, cards and awards over simulated hands and the corpus, and against an independent Wilson
interval and method-of-moments fit."""

from __future__ import annotations

import dataclasses
import math
import statistics
from collections import defaultdict
from collections.abc import Iterator
from pathlib import Path

import duckdb
import pytest
from helpers.analytics_hands import HEADER
from helpers.analytics_hands import fixture_hand
from helpers.handscript import build
from helpers.importing import import_into
from helpers.importing import runner
from helpers.paths import HISTORIES

from studbook.analytics.db import open_existing
from studbook.analytics.db import open_for_import
from studbook.analytics.lake_shards import import_files
from studbook.analytics.lake_store import Lake
from studbook.analytics.lake_views import open_lake
from studbook.analytics.load import Loader
from studbook.analytics.worker import chunk_result
from studbook.cli import app
from studbook.rules.house import rules_for
from studbook.rules.house import rules_from_text
from studbook.rules.variants import VARIANTS
from studbook.sites import SITE_DEFAULTS

# Stud: A's buried aces are dead (B and C show the other two) and he plays on; D's open deuces on 4th
# street let him bet the big bet, which he does; B and C fold to A's completion.
STUD_DEAD_ACES = """
seats A:1000 B:1000 C:1000 D:1000
antes
street 3
deal A As Ad / 7c
doors B:Ah C:Ac D:2d
D bi 5
A complete 10
B fold
C fold
D call 5
street 4
ups A:Kd D:2s
D bet 20
A call 20
street 5
ups A:9h D:4c
D bet 20
A fold
return D 20
collect D 68
total 68 rake 0
"""

# Razz: A's 4th-street king is a brick; he checks, and folds to B's bet. A's low cards: 20 outs (aces,
# fives to eights), one of them (C's five) out.
RAZZ_BRICK = """
seats A:1000 B:1000 C:1000
antes
street 3
deal A 2c 3d / 4h
doors B:Kc C:5s
B bi 5
C fold
A complete 10
B call 5
street 4
ups A:Kd B:6c
A check
B bet 10
A fold
return B 10
collect B 26
total 26 rake 0
"""

# Stud8: A's kings take the high half; B and C tie for the low half with 8-5-4-3-2 and quarter the pot.
STUD8_QUARTERS = """
seats A:1000 B:1000 C:1000
antes
street 3
deal A Kc Kd / Ks
doors B:4d C:4h
B bi 5
C call 5
A call 5
street 4
ups A:9c B:5h C:5s
A check
B check
C check
street 5
ups A:9d B:8s C:8h
A check
B check
C check
street 6
ups A:7s B:Qc C:Qh
A check
B check
C check
street 7
A check
B check
C check
show A Kc Kd Ks 9c 9d 7s 6h
show B 2c 3c 4d 5h 8s Qc Jd
show C 2d 3d 4h 5s 8h Qh Jh
collect A 11 half=hi
collect B 5 half=lo
collect C 5 half=lo
total 21 rake 0
"""


def _hand(name: str, variant: str, script: str):  # noqa: ANN202 - a studbook Hand
    hand = build(HEADER.format(variant=variant, hand_id=name) + script)
    return dataclasses.replace(hand, source=dataclasses.replace(hand.source, file="built.txt"))


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> Iterator[duckdb.DuckDBPyConnection]:
    con = open_for_import(tmp_path_factory.mktemp("upcards") / "built.duckdb")
    hands = [_hand("dead_aces", "stud", STUD_DEAD_ACES), _hand("razz_brick", "razz", RAZZ_BRICK),
             _hand("quarters", "stud8", STUD8_QUARTERS), fixture_hand("stud_door_steal")]
    outcome = Loader(con).write([chunk_result("built.txt", [(hand, "") for hand in hands])])
    assert outcome.imported == 4
    yield con
    con.close()


def _seat(con: duckdb.DuckDBPyConnection, hand_id: str, player: str) -> dict:
    rel = con.sql("FROM seat_upcards WHERE hand_id = ? AND player = ?", params=[hand_id, player])
    return dict(zip(rel.columns, rel.fetchall()[0], strict=True))


def test_dead_buried_pair_played_and_the_double_bet(built: duckdb.DuckDBPyConnection) -> None:
    a = _seat(built, "dead_aces", "A")
    assert (a["draw"], a["outs"], a["live_outs"], a["liveness_known"], a["liveness_bucket"]) == (
        "pair", 2, 0, True, "dead")
    d = _seat(built, "dead_aces", "D")  # his hole unknown: the deuces left are all live
    assert (d["draw"], d["outs"], d["live_outs"], d["liveness_known"], d["liveness_bucket"]) == (
        "door rank", 3, 3, False, "live")
    assert (d["double_bet_chance"], d["double_bet"], a["double_bet_chance"]) == (True, True, False)
    for player in "BC":
        seat = _seat(built, "dead_aces", player)
        assert (seat["fold_to_completion_chance"], seat["fold_to_completion"]) == (True, True)
    assert not d["fold_to_completion_chance"]  # the bring-in's answer is bringin_defend's
    rates = {row[0]: row[1:] for row in built.sql(
        "SELECT stat, k, n FROM player_rates_for('A', 'stud', NULL) "
        "WHERE stat = 'dead_hand_played'").fetchall()}
    assert rates == {"dead_hand_played": (1, 1)}


def test_a_bricked_razz_board(built: duckdb.DuckDBPyConnection) -> None:
    a = _seat(built, "razz_brick", "A")
    assert (a["bricked"], a["bricked_bet_chance"], a["bricked_bet"], a["bricked_fold_chance"],
            a["bricked_fold"]) == (True, True, False, True, True)
    assert (a["draw"], a["outs"], a["live_outs"], a["liveness_bucket"]) == ("low", 20, 19, "live")
    b = _seat(built, "razz_brick", "B")  # a six is no brick; his king door: every low rank wanted
    assert (b["bricked"], b["outs"], b["live_outs"], b["liveness_known"]) == (False, 32, 30, False)


def test_the_bring_in_facing_a_door_steal_may_resteal(built: duckdb.DuckDBPyConnection) -> None:
    b = _seat(built, "stud_door_steal", "B")
    assert (b["door_resteal_chance"], b["door_resteal"]) == (True, False)
    rows = built.sql("SELECT door, stat, k, n FROM door_rank_rates_for('A', 'stud', NULL) "
                     "WHERE stat IN ('door_steal', 'door_steal_success') ORDER BY stat").fetchall()
    assert rows == [("A", "door_steal", 1, 1), ("A", "door_steal_success", 1, 1)]


def test_two_low_hands_that_tie_quarter_the_pot(built: duckdb.DuckDBPyConnection) -> None:
    assert built.sql("SELECT violations FROM hands WHERE hand_id = 'quarters'").fetchall() == [(0,)]
    assert {player: _seat(built, "quarters", player)["quarter"] for player in "ABC"} == {
        "A": False, "B": True, "C": True}
    rows = built.sql("SELECT player, start_class, stat, k, n FROM start_class_hilo_for(NULL, NULL) "
                     "WHERE k > 0 ORDER BY player").fetchall()
    assert rows == [("A", "trips", "half", 1, 1), ("B", "low connected", "quarter", 1, 1),
                    ("C", "low connected", "quarter", 1, 1)]


def test_the_built_hands_agree_with_the_recomputation(built: duckdb.DuckDBPyConnection) -> None:
    _agrees(built)


# --- the same facts recomputed in Python from the stored rows ---------------------------------------

RANKS = "23456789TJQKA"


def _rank(card: str) -> int:
    return RANKS.index(card[0]) + 2


def _low(card: str) -> int:
    return 1 if card[0] == "A" else _rank(card)


def _outs(variant: str, own: list[str], others: list[str]) -> tuple[str, int, int] | None:
    """(draw, outs, live outs) of a first street, by docs/stats.md's definitions."""
    def count(match, cards: list[str]) -> int:  # noqa: ANN001
        return sum(1 for card in cards if match(card))

    if variant in ("razz", "stud8"):
        wanted = set(range(1, 9)) - {_low(card) for card in own}
        outs = 4 * len(wanted) - count(lambda c: _low(c) in wanted, own)
        return "low", outs, outs - count(lambda c: _low(c) in wanted, others)
    ranks = [_rank(card) for card in own]
    if len(own) == 1:
        kind, wanted = "door rank", {ranks[0]}
    elif len(set(ranks)) == 1:
        kind, wanted = "trips", set(ranks)
    elif len(set(ranks)) == 2:
        kind, wanted = "pair", {r for r in ranks if ranks.count(r) == 2}
    elif len({card[1] for card in own}) == 1:
        suit = own[0][1]
        return "three-flush", 10, 10 - count(lambda c: c[1] == suit, others)
    else:
        low = [1 if r == 14 else r for r in ranks]
        wanted = {r for r in range(2, 15) if r not in ranks
                  and (max(*ranks, r) - min(*ranks, r) <= 4
                       or max(*low, 1 if r == 14 else r) - min(*low, 1 if r == 14 else r) <= 4)}
        kind = "three-straight"
        if not wanted:
            return None
    outs = 4 * len(wanted) - count(lambda c: _rank(c) in wanted, own)
    return kind, outs, outs - count(lambda c: _rank(c) in wanted, others)


class _Rows:
    """The stored rows of a database, by hand, as the recomputation reads them."""

    def __init__(self, con: duckdb.DuckDBPyConnection) -> None:
        self.hands = {(r[0], r[1]): r[2:] for r in con.sql(
            "SELECT site, hand_id, variant, structure, rules, small_bet, first_street FROM hands").fetchall()}
        self.seats: dict[tuple, dict[str, tuple]] = defaultdict(dict)
        for r in con.sql("SELECT site, hand_id, player, hole_cards, door_card, is_bringin, door_steal, "
                         "s1_saw, s1_faced_aggr, s1_fold_to_aggr, "
                         "s1_bets + s1_completes + s1_raises + s1_calls + s1_checks > 0 OR s1_folded "
                         "FROM seats WHERE dealt").fetchall():
            self.seats[r[0], r[1]][r[2]] = r[3:]
        self.actions: dict[tuple, list[tuple]] = defaultdict(list)
        for r in con.sql("SELECT site, hand_id, street_index, player, action, amount, all_in FROM actions "
                         "ORDER BY site, hand_id, seq").fetchall():
            self.actions[r[0], r[1]].append(r[2:])
        self.ups: dict[tuple, list[tuple]] = defaultdict(list)
        for r in con.sql("SELECT site, hand_id, player, street, card FROM cards "
                         "WHERE source = 'dealt' AND face = 'up' AND player IS NOT NULL "
                         "ORDER BY site, hand_id, player, seq").fetchall():
            self.ups[r[0], r[1], r[2]].append(r[3:])
        self.won: dict[tuple, list[tuple]] = defaultdict(list)
        for r in con.sql("SELECT site, hand_id, pot, half, player FROM awards "
                         "WHERE player IS NOT NULL AND amount > 0").fetchall():
            self.won[r[0], r[1]].append(r[2:])


def _liveness(rows: _Rows, hand: tuple, player: str) -> tuple | None:
    variant = rows.hands[hand][0]
    hole, door = rows.seats[hand][player][:2]
    if variant not in ("stud", "stud8", "razz") or not door:
        return None
    doors = [seat[1] for seat in rows.seats[hand].values() if seat[1]]
    own = [*hole.split(), door] if hole is not None and len(hole.split()) == 2 else [door]
    draw = _outs(variant, own, [card for card in doors if card != door])
    return draw if draw and draw[1] else None


def _first_round(rows: _Rows, hand: tuple, player: str) -> tuple[tuple, tuple]:
    """(fold to completion chance, folded), (door re-steal chance, raised)."""
    first_round = [a for a in rows.actions[hand] if a[0] == 0 and a[2] != "ante"]
    decisions = [i for i, a in enumerate(first_round) if a[1] == player and a[2] != "bring-in"]
    if not decisions:
        return (False, False), (False, False)
    index = decisions[0]
    action = first_round[index][2]
    aggressive = [a for a in first_round[:index] if a[2] in ("complete", "bet", "raise")]
    chance = len(aggressive) == 1 and aggressive[0][2] == "complete" and not rows.seats[hand][player][2]
    to_completion = (chance, chance and action == "fold")
    stealers = [name for name, seat in rows.seats[hand].items() if seat[3] and name != player]
    if not stealers:
        return to_completion, (False, False)
    at = next(i for i, a in enumerate(first_round) if a[1] == stealers[0] and a[2] != "bring-in")
    chance = at < index and not [a for a in first_round[at + 1:index] if a[2] not in ("fold", "bring-in")]
    return to_completion, (chance, chance and action == "raise")


def _allowed(variant: str, structure: str, rules: str | None, site: str) -> bool:
    """Whether the rules the replay used allow the big bet over an open pair on the second round."""
    return (structure == "limit" and VARIANTS[variant].open_pair_street is not None
            and rules_for(VARIANTS[variant], site, user=rules_from_text(rules)).open_pair_double_bet)


def _double_bet(rows: _Rows, hand: tuple, player: str) -> tuple[bool, bool]:
    variant, structure, rules, small, first = rows.hands[hand]
    allowed = _allowed(variant, structure, rules, hand[0])
    boards = [[card for street, card in rows.ups[(*hand, name)] if street in (first, first + 1)]
              for name in rows.seats[hand]]
    if not allowed or not any(len(b) == 2 and _rank(b[0]) == _rank(b[1]) for b in boards):
        return False, False
    bets = [a for a in rows.actions[hand] if a[0] == 1 and a[2] == "bet"]
    if not bets or bets[0][1] != player or (bets[0][4] and bets[0][3] <= small):
        return False, False
    return True, bets[0][3] > small


def _bricked(rows: _Rows, hand: tuple, player: str) -> tuple[bool, ...]:
    variant, first = rows.hands[hand][0], rows.hands[hand][4]
    s1_saw, faced, folded_to, acted = rows.seats[hand][player][4:]
    board = [card for street, card in rows.ups[(*hand, player)] if street in (first, first + 1)]
    bricked = (variant == "razz" and len(board) == 2 and bool(s1_saw)
               and (_low(board[1]) > 8 or _low(board[1]) == _low(board[0])))
    return bricked, bricked and bool(acted), bricked and bool(faced), bricked and bool(folded_to)


def _quarter(rows: _Rows, hand: tuple, player: str) -> bool:
    mine = [(pot, half) for pot, half, name in rows.won[hand] if name == player]
    halves = {half for _, half in mine}
    return (rows.hands[hand][0] == "stud8" and len(halves) == 1 and None not in halves
            and any(name != player and (pot, half) in mine for pot, half, name in rows.won[hand]))


def recomputed(con: duckdb.DuckDBPyConnection) -> dict[tuple, tuple]:
    """Each seat's liveness, fold to completion, door re-steal, double bet, bricked board and quarter,
    from the hands, seats, actions, cards and awards tables, one hand at a time in Python."""
    rows = _Rows(con)
    return {(*hand, player): (_liveness(rows, hand, player), *_first_round(rows, hand, player),
                              _double_bet(rows, hand, player), _bricked(rows, hand, player),
                              _quarter(rows, hand, player))
            for hand, seats in rows.seats.items() for player in seats}


def stored(con: duckdb.DuckDBPyConnection) -> dict[tuple, tuple]:
    rows = con.sql("""
        SELECT site, hand_id, player, draw, outs, live_outs, fold_to_completion_chance, fold_to_completion,
               door_resteal_chance, door_resteal, double_bet_chance, double_bet, bricked, bricked_bet_chance,
               bricked_fold_chance, bricked_fold, quarter
        FROM seat_upcards""").fetchall()
    return {r[:3]: (r[3:6] if r[3] else None, r[6:8], r[8:10], r[10:12], r[12:16], r[16]) for r in rows}


def _agrees(con: duckdb.DuckDBPyConnection) -> None:
    mine, theirs = recomputed(con), stored(con)
    assert mine.keys() == theirs.keys()
    differ = [key for key in mine if mine[key] != theirs[key]]
    assert not differ, [(key, mine[key], theirs[key]) for key in differ[:5]]


@pytest.fixture(scope="module")
def simulated(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("simulated-upcards")
    for seed, game in enumerate(("stud", "stud8", "razz", "stud5")):
        result = runner.invoke(app, ["simulate", "-o", str(folder / f"{game}.txt"), "-g", game, "-n", "150",
                                     "--players", "7", "--seed", str(seed)])
        assert result.exit_code == 0, result.output
    import_into(folder / "sim.duckdb", folder)
    return folder / "sim.duckdb"


def test_upcard_facts_agree_with_a_recomputation_from_the_actions_of_simulated_hands(simulated: Path) -> None:
    con = open_existing(simulated)
    try:
        _agrees(con)
        kinds = {row[0] for row in con.sql("SELECT DISTINCT draw FROM seat_upcards").fetchall()}
        assert {"pair", "three-flush", "three-straight", "low", "door rank"} <= kinds
        counts = con.sql("SELECT count_if(double_bet_chance), count_if(bricked), "
                         "count_if(door_resteal_chance), count_if(fold_to_completion_chance) "
                         "FROM seat_upcards").fetchall()[0]
        assert all(counts), counts  # every stat had chances in these hands
    finally:
        con.close()


def test_upcard_facts_agree_with_a_recomputation_over_the_corpus(tmp_path: Path, corpus: Path) -> None:
    import_into(tmp_path / "corpus.duckdb", corpus)
    con = open_existing(tmp_path / "corpus.duckdb")
    try:
        _agrees(con)
    finally:
        con.close()


def test_the_double_bet_is_allowed_as_the_rules_layer_it(built: duckdb.DuckDBPyConnection) -> None:
    cases = [(variant, structure, rules, site) for variant in VARIANTS for structure in ("limit", "pot-limit")
             for rules in (None, "open_pair_double_bet=true", "max_raises=4 open_pair_double_bet=false")
             for site in (*SITE_DEFAULTS, "studbook")]
    assert {"pokerstars", "fulltilt", "studbook"} <= {site for *_, site in cases}
    for case in cases:
        allowed = built.sql("SELECT double_bet_allowed(?, ?, ?, ?)", params=list(case)).fetchall()[0][0]
        assert allowed == _allowed(*case), case


# --- intervals and estimates --------------------------------------------------------------------------

Z = 1.959963984540054  # the 97.5% point of the normal distribution


def _wilson(k: int, n: int) -> tuple[float, float]:
    """The Wilson score interval, as its textbooks write it."""
    p = k / n
    centre = (2 * n * p + Z * Z) / (2 * (n + Z * Z))
    half = Z * math.sqrt(Z * Z + 4 * n * p * (1 - p)) / (2 * (n + Z * Z))
    return 100 * (centre - half), 100 * (centre + half)


@pytest.mark.parametrize(("k", "n"),
                         [(0, 1), (1, 1), (0, 12), (3, 12), (12, 12), (41, 97), (500, 1000), (1, 5000)])
def test_the_wilson_interval_macros_agree_with_the_textbook_formula(built: duckdb.DuckDBPyConnection, k: int,
                                                                  n: int) -> None:
    con = built
    low, high = con.sql("SELECT wilson_low(?, ?), wilson_high(?, ?)", params=[k, n, k, n]).fetchall()[0]
    expected = _wilson(k, n)
    assert low == pytest.approx(max(expected[0], 0), abs=0.05)
    assert high == pytest.approx(min(expected[1], 100), abs=0.05)
    assert con.sql("SELECT wilson_low(0, 0)").fetchall() == [(None,)]


def test_rates_match_the_stats_and_estimates_shrink_by_an_independent_fit(simulated: Path) -> None:
    con = open_existing(simulated)
    try:
        rates = con.sql("SELECT player, site, game, unit, stat, k, n, rate, shrunk, estimate "
                        "FROM player_rates_for(NULL, NULL, NULL)").pl()
        stats = con.sql("FROM player_stats_for(NULL, NULL, NULL)").pl()
        by_row = {(r["player"], r["site"], r["game"], r["unit"]): r for r in stats.iter_rows(named=True)}
        compared = 0
        for row in rates.iter_rows(named=True):
            shown = by_row[row["player"], row["site"], row["game"], row["unit"]]
            if row["stat"] in shown:
                assert shown[row["stat"]] == row["rate"], row
                compared += 1
        assert compared > 500
        # the population of one rate, fitted by hand from each player's counts
        counts: dict[str, list[int]] = defaultdict(lambda: [0, 0])
        for player, vpip, chance in con.sql(
                "SELECT site || ':' || player, vpip, vpip_chance FROM seats JOIN hands USING (site, hand_id) "
                "WHERE dealt AND variant = 'stud'").fetchall():
            counts[player][0] += vpip
            counts[player][1] += chance
        enough = [(k, n) for k, n in counts.values() if n >= 50]
        mean = statistics.fmean(k / n for k, n in enough)
        noise = mean * (1 - mean) * statistics.fmean(1 / n for _, n in enough)
        strength = mean * (1 - mean) / (statistics.variance([k / n for k, n in enough]) - noise) - 1
        prior = con.sql("SELECT mean, strength FROM rate_priors "
                        "WHERE game = 'stud' AND stat = 'vpip'").fetchall()[0]
        assert prior == pytest.approx((mean, strength), rel=1e-9)
        few = rates.filter((rates["game"] == "stud") & (rates["stat"] == "vpip") & (rates["n"] < 50))
        assert few.height and few["shrunk"].all()
        for row in few.iter_rows(named=True):
            shrunk = 100 * (row["k"] + strength * mean) / (row["n"] + strength)
            assert row["estimate"] == pytest.approx(shrunk, abs=0.05)
    finally:
        con.close()


@pytest.mark.parametrize("args", [("--intervals",), ("--by", "door"), ("--by", "liveness"),
                                  ("--by", "start-class")])
def test_rate_tables_fit_80_columns(simulated: Path, args: tuple[str, ...]) -> None:
    result = runner.invoke(app, ["stats", "--db", str(simulated), *args], env={"COLUMNS": "80"})
    assert result.exit_code == 0, result.output
    lines = result.stdout.splitlines()
    assert len(lines) > 5 and max(map(len, lines)) <= 80
    assert "95%" in result.stdout


def test_an_unknown_by_is_one_line(simulated: Path) -> None:
    result = runner.invoke(app, ["stats", "--db", str(simulated), "--by", "seat"])
    assert result.exit_code == 2 and "unknown --by 'seat'" in result.output


def test_options_of_the_stats_table_are_refused_with_the_rates(simulated: Path) -> None:
    result = runner.invoke(app, ["stats", "--db", str(simulated), "--by", "door", "--kind", "cash"])
    assert result.exit_code == 2 and "--kind does not apply to --by" in result.output
    result = runner.invoke(app, ["stats", "--db", str(simulated), "--intervals", "--kind", "cash",
                                 "--format", "csv"])
    assert result.exit_code == 0 and result.stdout.startswith("player,site,game,unit,stat,k,n,rate,rate_low")


def test_a_lake_gives_the_same_rates(tmp_path: Path) -> None:
    url, db = str(tmp_path / "lake"), tmp_path / "histories.duckdb"
    Lake.at(url).create()
    for path in sorted(HISTORIES.glob("*.txt")):  # in this process: no cluster to start
        import_files([str(path)], url)
    import_into(db, HISTORIES)
    queries = ["FROM player_rates_for(NULL, NULL, NULL)", "FROM door_rank_rates_for(NULL, NULL, NULL)",
               "FROM liveness_rates_for(NULL, NULL, NULL)", "FROM start_class_hilo_for(NULL, NULL)"]
    found = []
    for con in (open_existing(db), open_lake(url)):
        try:
            found.append([con.sql(query).fetchall() for query in queries])
        finally:
            con.close()
    assert found[0] == found[1] and all(len(rows) > 5 for rows in found[0])
