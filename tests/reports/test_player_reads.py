"""The player report's reads of a player by the up cards: the first betting round by door card, the hands
shown down with their board, and decision EV by street (from the ``decisions`` table, when the database
was analysed). Each is checked against a recomputation from the raw tables (actions, cards), not from the
facts the report reads, and drawn in Chromium with its title and no error."""

from __future__ import annotations

import math
import shutil
from collections import Counter
from collections.abc import Iterator
from pathlib import Path

import duckdb
import polars as pl
import pytest
from helpers.chromium import BINARY
from helpers.chromium import Chromium
from helpers.chromium import assert_clean
from helpers.chromium import plots_drawn
from helpers.chromium import screenshot_folder
from helpers.importing import import_into
from helpers.importing import runner

from studbook.cli import app
from studbook.reports import figures
from studbook.reports.decision_ev import NOT_ANALYSED
from studbook.reports.decision_ev import decision_streets
from studbook.reports.filters import Filters
from studbook.reports.player_report import player_page
from studbook.reports.up_cards import first_round_by_door
from studbook.reports.up_cards import showdowns

HERO = "Hero"  # plays every simulated table


@pytest.fixture(scope="module")
def db(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("reads")
    for game, seed, hands in (("stud", 21, 80), ("stud5", 22, 40)):
        result = runner.invoke(app, ["simulate", "-o", str(folder / f"{game}.txt"), "-g", game,
                                     "-n", str(hands), "--seed", str(seed), "--stakes", "$0.10/$0.20"])
        assert result.exit_code == 0, result.output
    import_into(folder / "reads.duckdb", folder)
    return folder / "reads.duckdb"


@pytest.fixture(scope="module")
def con(db: Path) -> Iterator[duckdb.DuckDBPyConnection]:
    connection = duckdb.connect(str(db), read_only=True)
    yield connection
    connection.close()


def rows(con: duckdb.DuckDBPyConnection, sql: str, *params: object) -> list[tuple]:
    return con.execute(sql, list(params)).fetchall()


def test_first_round_by_door_card_agrees_with_the_actions(con: duckdb.DuckDBPyConnection) -> None:
    """Each of Hero's hands, classed from its first-round actions and its first up card alone."""
    first = {(site, hand): (variant, street) for site, hand, variant, street in rows(
        con, "SELECT site, hand_id, variant, first_street FROM hands")}
    doors = {}
    for site, hand, street, rank in rows(
            con, "SELECT site, hand_id, street, rank FROM cards WHERE player = ? AND face = 'up' "
                 "ORDER BY seq", HERO):
        if street == first[site, hand][1]:
            doors.setdefault((site, hand), rank)
    moves: dict[tuple[str, str], list[tuple[str, bool]]] = {}
    for site, hand, action, all_in in rows(
            con, "SELECT site, hand_id, action, all_in FROM actions WHERE player = ? AND street_index = 0 "
                 "ORDER BY seq", HERO):
        moves.setdefault((site, hand), []).append((action, all_in))
    expected: Counter[tuple[str, int, str]] = Counter()
    for key, rank in doors.items():
        actions = [action for action, _ in moves.get(key, [])]
        if any(all_in and action in ("ante", "bring-in") for action, all_in in moves.get(key, [])):
            continue  # no decision left
        kind = ("aggressive" if {"complete", "bet", "raise"} & set(actions) else "folded" if "fold" in actions
                else "called" if "call" in actions else "passive")
        expected[first[key][0], rank, kind] += 1
    frame = first_round_by_door(con, Filters(HERO))
    found: Counter[tuple[str, int, str]] = Counter()
    for row in frame.to_dicts():
        assert row["hands"] == sum(row[kind] for kind in ("aggressive", "called", "folded", "passive"))
        for kind in ("aggressive", "called", "folded", "passive"):
            if row[kind]:
                found[row["game"], row["door_rank"], kind] += row[kind]
    assert found == expected and sum(expected.values()) > 100
    assert set(frame["game"]) == {"stud", "stud5"} and {"aggressive", "called", "folded"} <= {
        kind for _, _, kind in expected}
    assert frame.filter(pl.col("door_rank") == 14)["door"].to_list() == ["A", "A"]


def test_showdowns_hold_the_board_and_hole_cards_latest_first(con: duckdb.DuckDBPyConnection) -> None:
    frame = showdowns(con, Filters(HERO), limit=5)
    total = rows(con, "SELECT count(*) FROM seats WHERE player = ? AND showdown", HERO)[0][0]
    assert frame.height == 5 and frame["total"].to_list() == [total] * 5 and total > 5
    times = frame["start_utc"].to_list()
    assert times == sorted(times, reverse=True)
    for row in frame.to_dicts():
        cards = rows(con, "SELECT face, card FROM cards WHERE site = ? AND hand_id = ? AND player = ? "
                          "ORDER BY seq", row["site"], row["hand_id"], HERO)
        assert row["board"] == " ".join(card for face, card in cards if face == "up")
        assert row["hole"] == " ".join(dict.fromkeys(card for face, card in cards if face == "down"))
        assert len(row["hole"].split()) + len(row["board"].split()) == (7 if row["game"] == "stud" else 5)


# Rows of the real `decisions` table (analytics/decisions.sql: an import makes it, `studbook analyse` fills
# it), made up for a few of Hero's real actions so that the sums can be worked out by hand.
MADE_UP = ((0.15, -8.0, 0.0), (0.62, 12.0, 2.0), (0.08, -15.0, 3.0), (0.55, 4.0, 0.0))  # equity, ev, error
OPPONENTS = 2  # a fair share of the pot: a third


@pytest.fixture(scope="module")
def analysed_db(db: Path, tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, list[tuple]]:
    copy = tmp_path_factory.mktemp("analysed") / "analysed.duckdb"
    shutil.copy(db, copy)
    with duckdb.connect(str(copy)) as connection:
        actions = connection.execute(
            "SELECT a.site, a.hand_id, a.seq, a.street, a.street_index, a.player, a.action, a.amount, a.pot "
            "FROM actions a JOIN hands h USING (site, hand_id) WHERE h.variant = 'stud' AND a.player = ? "
            "AND a.action IN ('call', 'bet', 'raise', 'complete') AND a.street = 3 "
            "ORDER BY a.site, a.hand_id, a.seq LIMIT 2", [HERO]).fetchall()
        fourth = connection.execute(
            "SELECT a.site, a.hand_id, a.seq, a.street, a.street_index, a.player, a.action, a.amount, a.pot "
            "FROM actions a JOIN hands h USING (site, hand_id) WHERE h.variant = 'stud' AND a.player = ? "
            "AND a.action = 'call' AND a.street = 4 ORDER BY a.site, a.hand_id, a.seq LIMIT 2",
            [HERO]).fetchall()
        chosen = [*actions, *fourth]
        made = [(*action, OPPONENTS, equity, None, None, None, ev, error,
                 "exact" if error == 0 else "sampled")
                for action, (equity, ev, error) in zip(chosen, MADE_UP, strict=True)]
        connection.executemany(f"INSERT INTO decisions VALUES ({', '.join('?' * 17)})", made)
        connection.executemany("INSERT OR IGNORE INTO analysed_hands VALUES (?, ?, 1, 'analysed')",
                               [row[:2] for row in made])
    return copy, made


def test_decision_ev_by_street_sums_the_analysed_decisions(analysed_db: tuple[Path, list[tuple]],
                                                           con: duckdb.DuckDBPyConnection) -> None:
    copy, made = analysed_db
    assert decision_streets(con, Filters(HERO)) is None  # never analysed
    with duckdb.connect(str(copy), read_only=True) as analysed:
        frame = decision_streets(analysed, Filters(HERO))
        assert decision_streets(analysed, Filters(HERO, game="stud5")).is_empty()
    assert frame is not None
    big_bet = 20  # $0.10/$0.20 in cents
    by_street: dict[int, list[tuple]] = {}
    for row in made:
        by_street.setdefault(row[3], []).append(row)
    assert frame["street"].to_list() == sorted(by_street)
    for row in frame.to_dicts():
        mine = by_street[row["street"]]
        assert row["game"] == "stud" and row["decisions"] == len(mine)
        assert row["calls_as_underdog"] == sum(1 for r in mine if r[6] == "call" and r[10] < 0.2)
        fair = 1 / (OPPONENTS + 1)
        assert row["put_in_best_bb"] == pytest.approx(sum(r[7] for r in mine if r[10] > fair) / big_bet)
        assert row["put_in_worst_bb"] == pytest.approx(sum(r[7] for r in mine if r[10] < fair) / big_bet)
        assert row["decision_ev_bb"] == pytest.approx(sum(r[14] for r in mine) / big_bet)
        assert row["ev_error_bb"] == pytest.approx(math.sqrt(sum(r[15] ** 2 for r in mine)) / big_bet)


def test_decision_ev_of_games_with_other_streets_is_drawn_by_betting_round() -> None:
    frame = pl.DataFrame({"game": ["stud", "stud", "stud5"], "street_index": [0, 1, 1],
                          "street": ["3rd", "4th", "3rd"], "decision_ev_bb": [0.5, 0.2, -0.1],
                          "ev_error_bb": [0.0, 0.05, 0.1]})
    mixed = figures.decision_ev_bars(frame)
    assert [list(trace.x) for trace in mixed.data] == [["round 1", "round 2"], ["round 2"]]
    assert list(mixed.data[1].hovertext) == ["stud5, 3rd street: -0.10 big bets"]
    assert list(mixed.data[1].error_y.array) == [pytest.approx(0.196)]
    alone = figures.decision_ev_bars(frame.filter(pl.col("game") == "stud"))
    assert list(alone.data[0].x) == ["3rd", "4th"] and alone.layout.xaxis.title.text == "street"


def test_a_database_never_analysed_says_how_to_see_decision_ev(con: duckdb.DuckDBPyConnection,
                                                                db: Path) -> None:
    page = player_page(con, Filters(HERO), db)
    assert NOT_ANALYSED in page and "fig-decision-ev" not in page and "fig-door-actions" in page


@pytest.mark.skipif(BINARY is None, reason="Chromium is not installed (Debian: apt-get install chromium)")
def test_the_new_sections_render_with_titles(browser: Chromium, analysed_db: tuple[Path, list[tuple]],
                                             tmp_path: Path) -> None:
    source = analysed_db[0]
    with duckdb.connect(str(source), read_only=True) as connection:
        page = tmp_path / "analysed.html"
        page.write_text(player_page(connection, Filters(HERO), source), encoding="utf-8")
    browser.open(page)
    plots_drawn(browser)
    text = browser.js("document.body.innerText")
    assert "Play by door card" in text and "Showdowns" in text and "Decision EV by street" in text
    title = browser.js("document.querySelector('#fig-door-actions .gtitle').textContent")
    assert title == ("What the player did on the 1st betting round (2nd street in stud5; 3rd street in "
                     "stud), by door card")
    axes = browser.js("[...document.querySelectorAll('#fig-door-actions .g-ytitle, #fig-door-actions "
                      ".g-xtitle, #fig-door-actions .g-x2title, #fig-door-actions .g-y2title')]"
                      ".map(t => t.textContent)")
    assert axes.count("% of hands") == 2 and axes.count("door card (hands)") == 2
    assert browser.js("document.querySelectorAll('table.showdowns tbody tr').length") > 0
    assert NOT_ANALYSED not in text
    assert browser.js("document.querySelector('#fig-decision-ev .gtitle').textContent").startswith(
        "Decision EV by street (big bets")
    assert browser.js("document.querySelector('#fig-decision-ev .g-ytitle').textContent") == \
        "decision EV (big bets)"
    assert browser.js("document.querySelectorAll('table.decisions tbody tr').length") == 2
    browser.js("(() => { const h = [...document.querySelectorAll('h2')].find(e => e.textContent === "
               "'Play by door card'); while (h.previousElementSibling) "
               "h.previousElementSibling.remove(); })()")  # the picture: the new sections on
    browser.screenshot(screenshot_folder() / "player-reads.png")
    assert_clean(browser)
