"""The reports say what they show: each game's own streets and first-in action (by betting round, named
per game, where games with other streets are mixed), one bar per player of a site, each currency's chart
over its own hands, an all-in EV line that does not hide the total, errors, warnings and notes counted
apart as ``studbook audit`` counts them, and whose hands a report of one name of an alias holds."""

from __future__ import annotations

import math
import re
import shutil
from collections.abc import Iterator
from pathlib import Path

import duckdb
import polars as pl
import pytest
from helpers.importing import import_counts
from helpers.importing import import_into
from helpers.importing import runner

from studbook.cli import app
from studbook.reports import figures
from studbook.reports.filters import Filters
from studbook.reports.overview import game_labels
from studbook.reports.overview import overview_data
from studbook.reports.overview import overview_page
from studbook.reports.overview import players_figure
from studbook.reports.player_report import headline_table
from studbook.reports.player_report import player_data
from studbook.reports.player_report import player_page
from studbook.reports.player_report import unit_curve
from studbook.reports.violations import findings_summary

# game, seed, log format, stakes: Hero plays seven card stud (in dollars and in chips), five card stud and
# descubierto at studbook home games, and seven card stud on PokerStars.
TABLES = (("stud", 11, "studbook", "$0.10/$0.20"), ("stud5", 12, "studbook", "$0.10/$0.20"),
          ("descubierto", 13, "studbook", "20/20/10"), ("stud", 14, "pokerstars", "$0.10/$0.20"),
          ("stud", 15, "studbook", "10/20"))


@pytest.fixture(scope="module")
def db(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("words")
    for game, seed, fmt, stakes in TABLES:
        result = runner.invoke(app, ["simulate", "-o", str(folder / f"{game}-{seed}.txt"), "-g", game,
                                     "-n", "40", "--seed", str(seed), "--format", fmt, "--stakes", stakes])
        assert result.exit_code == 0, result.output
    import_into(folder / "words.duckdb", folder)
    return folder / "words.duckdb"


@pytest.fixture(scope="module")
def con(db: Path) -> Iterator[duckdb.DuckDBPyConnection]:
    connection = duckdb.connect(str(db), read_only=True)
    yield connection
    connection.close()


def only_player_of(con: duckdb.DuckDBPyConnection, game: str) -> str:
    """A player of ``game`` and of no other game, as SITE:NAME."""
    return con.sql("SELECT site || ':' || player FROM players WHERE games = ? ORDER BY hands DESC, player "
                   "LIMIT 1", params=[game]).fetchall()[0][0]


def headline(con: duckdb.DuckDBPyConnection, player: str) -> dict[str, list[str]]:
    """The headline table's rows: label -> the values shown, one per column."""
    html = headline_table(player_data(con, Filters(player)).stats)
    rows = re.findall(r"<tr>(.*?)</tr>", html)[1:]
    return {cells[0]: cells[1:] for cells in (re.findall(r"<td[^>]*>(.*?)</td>", row) for row in rows)}


def scalar(con: duckdb.DuckDBPyConnection, sql: str) -> object:
    return con.sql(sql).fetchall()[0][0]


def wilson(k: int, n: int) -> tuple[float, float]:
    """The 95% Wilson score interval of k in n, in percent to a tenth, worked out apart from the SQL."""
    z = 1.959963984540054
    centre, spread = k / n + z * z / (2 * n), z * math.sqrt(k * (n - k) / n ** 3 + z * z / (4 * n * n))
    return (round(max(0.0, 100 * (centre - spread) / (1 + z * z / n)), 1),
            round(min(100.0, 100 * (centre + spread) / (1 + z * z / n)), 1))


def shown(value: float | None, hands: int) -> str:
    """A rate as the headline shows it: the times it happened are its value of the hands behind it (exact
    to a tenth of a percent for fewer than 1,000 hands)."""
    if value is None:
        return "–"
    assert hands < 1_000
    low, high = wilson(round(value * hands / 100), hands)
    return f"{value}% ({hands:,}) [{low}–{high}]"


@pytest.mark.parametrize("game", ["stud5", "descubierto"])
def test_a_five_card_report_names_its_own_streets(con: duckdb.DuckDBPyConnection, game: str) -> None:
    player = only_player_of(con, game)
    rows = headline(con, player)
    labels = " | ".join(rows)
    assert {"Aggression on 2nd street", "Saw 3rd street", "Saw 4th street", "Saw 5th street",
            "Went to showdown, of the hands that saw 3rd street"} <= set(rows)
    assert set(re.findall(r"\d(?:st|nd|rd|th)", labels)) == {"2nd", "3rd", "4th", "5th"}
    stats = player_data(con, Filters(player)).stats.row(0, named=True)
    assert rows["Saw 3rd street"] == [shown(stats["saw_4th"], stats["n_saw_4th"])]  # the second round
    assert rows["Saw 5th street"] == [shown(stats["saw_6th"], stats["n_saw_6th"])]
    if game == "descubierto":  # no bring-in: the first bet opens, nobody completes or steals a bring-in
        assert "Bet first in" in rows and "omplet" not in labels and "Bring-in" not in labels
    else:
        assert "Complete first in" in rows
    streets = figures.street_bars(player_data(con, Filters(player)).streets)
    assert [trace.x for trace in streets.data] == [("2nd", "3rd", "4th", "5th")] * 3
    assert streets.layout.title.text == "Play by street"


def test_mixed_games_are_told_by_betting_round_named_per_game(con: duckdb.DuckDBPyConnection) -> None:
    rows = headline(con, "studbook:Hero")  # stud and stud5 in dollars, stud in chips, descubierto
    second = "the 2nd betting round (3rd street in descubierto, stud5; 4th street in stud)"
    assert {f"Saw {second}", f"Won money, of the hands that saw {second}",
            "Aggression on the 1st betting round (2nd street in descubierto, stud5; 3rd street in stud)",
            "Saw the 5th betting round (7th street in stud)", "Aggression factor (betting rounds 2-5)",
            "Open first in (complete, or bet in a game without a bring-in)"} <= set(rows)
    assert not any(re.match(r"Saw \dth street", label) for label in rows)
    streets = figures.street_bars(player_data(con, Filters("studbook:Hero")).streets)
    by_game = {trace.name: dict(zip(trace.x, trace.text, strict=True)) for trace in streets.data}
    assert by_game["stud"]["round 2"] == "4th street" and by_game["stud5"]["round 2"] == "3rd street"
    assert by_game["descubierto"]["round 1"] == "2nd street" and "round 5" not in by_game["stud5"]


def test_hands_per_player_one_bar_per_player_of_a_site(con: duckdb.DuckDBPyConnection) -> None:
    players = overview_data(con, Filters())["players"]
    figure = players_figure(players)
    (bars,) = figure.data
    assert {"Hero (studbook)", "Hero (pokerstars)"} <= set(bars.x)
    assert len(set(bars.x)) == len(bars.x)  # the same name on two sites is two bars
    assert list(bars.y) == sorted(bars.y, reverse=True)
    assert list(figure.layout.xaxis.categoryarray) == list(bars.x)  # drawn in that order


def test_each_currency_chart_runs_over_its_own_hands(con: duckdb.DuckDBPyConnection) -> None:
    curve = player_data(con, Filters("studbook:Hero")).curve
    assert set(curve["unit"]) == {"USD", "chips"}
    for unit in ("USD", "chips"):
        own = unit_curve(curve, unit)
        assert own["hand"].to_list() == list(range(1, curve.filter(pl.col("unit") == unit).height + 1))
        assert own["total_money"].to_list() == curve.filter(pl.col("unit") == unit)["total_money"].to_list()
    page = player_page(con, Filters("studbook:Hero"), Path("words.duckdb"))
    for unit in ("USD", "chips"):
        hands = curve.filter(pl.col("unit") == unit).height
        assert f"Cumulative net in {unit} (its {hands:,} hands)" in page


def test_the_ev_line_is_drawn_only_where_it_differs_from_the_total() -> None:
    same = pl.DataFrame({"hand": [1, 2, 3], "total": [1.0, 2.0, 0.5], "showdown": [0.0] * 3,
                         "non-showdown": [1.0, 2.0, 0.5], figures.EV_LINE: [1.0, 2.0, 0.5]})
    *lines, ev = figures.cumulative_net(same, "t", "big bets").data
    assert list(ev.y) == [None] * 3 and all(None not in line.y for line in lines)
    apart = same.with_columns(pl.Series(figures.EV_LINE, [1.0, 2.0, 1.5, 1.5, 1.0, 1.0, 1.0][:3]))
    longer = pl.DataFrame({"hand": list(range(1, 8)), "total": [1.0, 2.0, 0.5, 0.5, 1.0, 1.0, 1.0],
                           "showdown": [0.0] * 7, "non-showdown": [0.0] * 7,
                           figures.EV_LINE: [1.0, 2.0, 1.5, 1.5, 1.0, 1.0, 1.0]})
    assert list(figures.cumulative_net(apart, "t", "b").data[-1].y) == [None, 2.0, 1.5]
    # it leaves the total at hand 2, differs on hands 3 and 4, rejoins it at hand 5
    assert list(figures.cumulative_net(longer, "t", "b").data[-1].y) == [None, 2.0, 1.5, 1.5, 1.0, None, None]


def test_overview_counts_errors_warnings_and_notes_apart(corpus: Path, tmp_path: Path) -> None:
    """As the import (and ``studbook audit``) counts them: hands with errors, hands with warnings and no
    error, and hands with notes only (a site that never prints a card, a site's own convention)."""
    db = tmp_path / "severities.duckdb"
    summary = import_counts(["import", *(str(corpus / site) for site in ("acr", "ipoker", "kingsclub")),
                             "--db", str(db)])
    con = duckdb.connect(str(db), read_only=True)
    try:
        data = overview_data(con, Filters())
        totals = data["totals"].row(0, named=True)
        assert totals["hands_with_errors"] == summary["hands with errors"] > 0
        assert totals["hands_with_warnings"] == summary["hands with warnings only"] > 0
        notes_only = scalar(con, "SELECT count(*) FROM hands WHERE violations > 0 AND (site, hand_id) NOT IN "
                                 "(SELECT (site, hand_id) FROM violations WHERE severity <> 'info')")
        assert totals["hands_with_notes"] == notes_only > 0
        found = sum(data["games"][name].sum() for name in ("with_errors", "with_warnings", "with_notes"))
        assert found == scalar(con, "SELECT count(*) FROM hands WHERE violations > 0")
        page = overview_page(con, Filters(), db)
    finally:
        con.close()
    assert "hands with rule errors" in page and "hands with notes only" in page
    assert "hands with rule violations" not in page
    chart = figures.severity_bars(data["violations"], "t")
    assert [trace.name for trace in chart.data] == ["errors", "warnings", "notes"]


def test_a_player_report_counts_its_findings_by_severity() -> None:
    found = [("1", "error"), ("1", "info"), ("2", "warning"), ("3", "info"), ("3", "info")]
    rows = [{"site": "s", "hand_id": hand, "severity": severity} for hand, severity in found]
    assert findings_summary(rows) == ("1 error, 1 warning and 3 notes in 3 hands: 1 with errors, "
                                      "1 with warnings (no error), 1 with notes only")


def test_a_report_of_one_name_of_an_alias_says_whose_hands_it_holds(db: Path, tmp_path: Path) -> None:
    copy = tmp_path / "aliased.duckdb"
    shutil.copy(db, copy)
    added = runner.invoke(app, ["alias", "add", "Me", "pokerstars:Hero", "studbook:Hero", "--db", str(copy)])
    assert added.exit_code == 0, added.output
    con = duckdb.connect(str(copy), read_only=True)
    try:
        one = player_page(con, Filters("pokerstars:Hero"), copy)
        whole = player_page(con, Filters("Me"), copy)
    finally:
        con.close()
    assert "pokerstars:Hero: the hands of that name only; it is one of the names of Me" in one
    assert "one of the names of" not in whole


def test_games_of_the_same_stakes_are_bars_apart() -> None:
    rows = [{"game": "stud8", "stakes": "$0.10/$0.20", "structure": "limit", "unit": "USD"},
            {"game": "stud8", "stakes": "$0.10/$0.20", "structure": "no-limit", "unit": "USD"},
            {"game": "stud", "stakes": "10/20", "structure": "limit", "unit": "chips"},
            {"game": "stud", "stakes": "10/20", "structure": "limit", "unit": "EUR"}]
    assert game_labels(rows) == ["stud8 $0.10/$0.20", "stud8 $0.10/$0.20 no-limit", "stud 10/20 chips",
                                 "stud 10/20 EUR"]


def test_every_rate_of_the_headline_shows_its_95_percent_interval(con: duckdb.DuckDBPyConnection) -> None:
    from studbook.reports.player_report import HEADLINE

    of_actions = {"aggression_frequency", "fold_to_bet"}  # their chances are actions, not the hands shown
    rates = [column for _, column, kind, _ in HEADLINE if kind == "pct"]
    stats = player_data(con, Filters("studbook:Hero")).stats.to_dicts()
    checked = 0
    for row in stats:
        for column in rates:
            value, hands = row[column], int(row[f"n_{column}"])
            if value is not None and column in of_actions:
                assert row[f"low_{column}"] <= value <= row[f"high_{column}"]
            elif value is not None and hands < 1_000:
                low, high = wilson(round(float(value) * hands / 100), hands)
                assert (row[f"low_{column}"], row[f"high_{column}"]) == (low, high), (row["game"], column)
                checked += 1
    assert checked > 40
