"""Reports drawn from a database of the real corpus: the numbers agree with ``studbook stats`` and with
the database, the figures hold one point per row, and the commands write their pages."""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from datetime import datetime
from datetime import timedelta
from pathlib import Path

import duckdb
import polars as pl
import pytest
from typer.testing import CliRunner

from studbook.cli import app
from studbook.reports import figures
from studbook.reports.filters import Filters
from studbook.reports.overview import overview_data
from studbook.reports.overview import overview_page
from studbook.reports.player_report import HEADLINE
from studbook.reports.player_report import PlayerData
from studbook.reports.player_report import player_data
from studbook.reports.player_report import player_page
from studbook.reports.violations import violation_rows
from studbook.rulebook import label

runner = CliRunner()


@pytest.fixture(scope="module")
def con(corpus_db: Path) -> Iterator[duckdb.DuckDBPyConnection]:
    connection = duckdb.connect(str(corpus_db), read_only=True)
    yield connection
    connection.close()


@pytest.fixture(scope="module")
def player(con: duckdb.DuckDBPyConnection) -> str:
    """The player with the most hands, as SITE:NAME (pokerstars:Hero: three games, cash and tournament
    chips); a player is (site, name), and Hero of other sites are other players."""
    return con.sql("SELECT site || ':' || player FROM players LIMIT 1").fetchall()[0][0]


@pytest.fixture(scope="module")
def data(con: duckdb.DuckDBPyConnection, player: str) -> PlayerData:
    return player_data(con, Filters(player))


def scalar(con: duckdb.DuckDBPyConnection, sql: str, *params: object) -> object:
    return con.execute(sql, list(params)).fetchall()[0][0]


def run(*args: str) -> tuple[int, str, str]:
    result = runner.invoke(app, list(args))
    return result.exit_code, result.stdout, result.stderr


def test_headline_agrees_with_studbook_stats(corpus_db: Path, data: PlayerData, player: str) -> None:
    code, out, _ = run("stats", "--db", str(corpus_db), "--player", player, "--format", "json")
    assert code == 0
    stats = {(row["game"], row["unit"]): row for row in json.loads(out)}
    mine = {(row["game"], row["unit"]): row for row in data.stats.to_dicts()}
    assert mine.keys() == stats.keys()
    for key, row in stats.items():
        assert mine[key]["hands"] == row["hands"]
        assert str(mine[key]["net"]) == row["net"]
        assert mine[key]["big_bets_per_100"] == row["big_bets_per_100"]
        assert mine[key]["n_net"] == row["hands"], "every hand is behind the net"


def test_hands_behind_each_stat_bound_the_rates(data: PlayerData) -> None:
    for row in data.stats.to_dicts():
        for _, column, _, _ in HEADLINE:
            behind = row[f"n_{column}"]
            assert 0 <= behind <= row["hands"]
            if behind == 0:
                assert row[column] is None, f"{column} has a value with no hand behind it"


def test_cumulative_curves_end_at_the_stats_totals(con: duckdb.DuckDBPyConnection, data: PlayerData,
                                                   player: str) -> None:
    curve, games = data.curve, data.stats.filter(pl.col("game") != "all")
    assert curve.height == games["hands"].sum()
    assert curve["hand"].to_list() == list(range(1, curve.height + 1))
    for unit in curve["unit"].unique().to_list():
        last = curve.filter(pl.col("unit") == unit).tail(1).row(0, named=True)
        net = sum(games.filter(pl.col("unit") == unit)["net"].to_list())
        assert last["total_money"] == pytest.approx(float(net), abs=1e-6)
        assert last["showdown_money"] + last["non-showdown_money"] == pytest.approx(last["total_money"])
    sum_bb = scalar(con, "SELECT sum(net / big_bet) FROM seat_facts WHERE site || ':' || player = ?", player)
    assert curve["total_bb"].tail(1).item() == pytest.approx(sum_bb)


def test_sessions_break_at_gaps_over_thirty_minutes(con: duckdb.DuckDBPyConnection, data: PlayerData,
                                                    player: str) -> None:
    times = [row[0] for row in con.execute("SELECT start_utc FROM seat_facts WHERE site || ':' || player = ? "
                                           "AND start_utc "
                                           "IS NOT NULL ORDER BY start_utc", [player]).fetchall()]
    gaps = sum(later - earlier > timedelta(minutes=30)
               for earlier, later in zip(times, times[1:], strict=False))
    assert data.sessions.height == gaps + 1
    assert data.sessions["hands"].sum() == len(times)
    rounding = 0.01 * data.sessions.height  # each session's net is rounded to 0.01 big bets
    assert data.sessions["net_bb"].sum() == pytest.approx(data.curve["net_bb"].sum(), abs=rounding)


def test_figures_hold_one_point_per_row(data: PlayerData) -> None:
    lines = data.curve.select("hand", *(pl.col(f"{n}_bb").alias(n) for n in figures.LINE_COLOURS))
    net = figures.cumulative_net(lines, "t", "big bets")
    assert [len(trace.x) for trace in net.data] == [data.curve.height] * 3
    streets = figures.street_bars(data.streets)
    games = data.streets["game"].unique(maintain_order=True).to_list()
    assert len(streets.data) == 3 * len(games)
    for trace in streets.data:
        assert len(trace.x) == data.streets.filter(pl.col("game") == trace.name).height
    for frame in (data.start_classes, data.door_cards):
        bars = figures.result_bars(frame, "category", "t")
        assert sum(len(trace.x) for trace in bars.data) == frame.height
        assert [trace.name for trace in bars.data] == frame["game"].unique(maintain_order=True).to_list()
    labelled = data.sessions.with_columns(pl.lit("").alias("label"))
    assert [len(trace.x) for trace in figures.sessions(labelled).data] == [data.sessions.height] * 2


def test_starting_hands_and_door_cards_cover_every_known_start(con: duckdb.DuckDBPyConnection,
                                                              data: PlayerData, player: str) -> None:
    known = con.execute("SELECT count_if(start_class IS NOT NULL), count_if(door_rank IS NOT NULL) "
                        "FROM seat_facts WHERE site || ':' || player = ?", [player]).fetchall()[0]
    assert (data.start_classes["hands"].sum(), data.door_cards["hands"].sum()) == known
    assert set(data.door_cards["category"]) <= set("23456789TJQKA")


def test_player_page_shows_every_section_and_links_violations(con: duckdb.DuckDBPyConnection, corpus_db: Path,
                                                              player: str, data: PlayerData) -> None:
    page = player_page(con, Filters(player), corpus_db)
    for title in ("Headline", "Results over time", "Play by street", "Starting hands",
                  "Rule violations and notes"):
        assert f"<h2>{title}</h2>" in page
    assert page.count("<script>") >= 1 and "Plotly.newPlot" in page, "plotly.js is inlined"
    assert not re.search(r"<(script|link|img)[^>]*(src|href)=", page), "nothing to fetch: it opens offline"
    for row in data.stats.to_dicts():
        assert f"{row['game']} ({row['unit']})" in page
    rows = violation_rows(con, Filters(player))
    assert page.count('class="violation-row ') == len(rows)
    replays = json.loads(re.search(r'id="replays-data">(.*?)</script>', page, re.S).group(1))
    links = set(re.findall(r'href="#(replay-\d+)"', page))
    assert links == set(replays), "every link opens an embedded replay"
    assert len(links) == len({(row["site"], row["hand_id"]) for row in rows})
    for replay in replays.values():
        assert replay["steps"][-1]["kind"] == "ruling" and replay["log"]["lines"]


def test_overview_counts_match_the_database(con: duckdb.DuckDBPyConnection, corpus_db: Path) -> None:
    data = overview_data(con, Filters())
    totals = data["totals"].row(0, named=True)
    hands, players, rejected = con.sql("SELECT (SELECT count(*) FROM hands), (SELECT count(*) FROM players), "
                                       "(SELECT count(*) FROM rejected)").fetchall()[0]
    assert (totals["hands"], totals["players"], totals["rejected_blocks"]) == (hands, players, rejected)
    assert data["games"]["hands"].sum() == hands
    assert data["days"]["hands"].sum() == scalar(con, "SELECT count(start_utc) FROM hands")
    assert data["violations"]["violations"].sum() == scalar(con, "SELECT count(*) FROM violations")
    page = overview_page(con, Filters(), corpus_db)
    assert f"{hands:,}" in page and "Hands per player" in page
    cited = {rule for rule in data["violations"]["rule"].to_list() if rule}
    assert cited and all(f'class="rule">{label(rule)}</abbr>' in page for rule in cited)


def test_filters_narrow_the_report(con: duckdb.DuckDBPyConnection, player: str) -> None:
    game = player_data(con, Filters(player, game="stud")).stats
    assert set(game["game"]) == {"stud"}
    assert player_data(con, Filters(player, since=datetime(2100, 1, 1))).curve.is_empty()


def test_report_and_replay_commands(corpus_db: Path, corpus: Path, player: str, tmp_path: Path) -> None:
    code, out, _ = run("report", "--db", str(corpus_db), "--player", player, "-o", str(tmp_path / "p.html"))
    assert code == 0 and "wrote" in out and (tmp_path / "p.html").read_text().startswith("<!DOCTYPE html>")
    code, _, _ = run("report", "--db", str(corpus_db), "-o", str(tmp_path / "o.html"))
    assert code == 0 and "database overview" in (tmp_path / "o.html").read_text()
    log = corpus / "pokerstars" / "cash-7-StudHL-USD-0.04-0.08-200911.txt"
    code, _, _ = run("replay", str(log), "--hand", "35874576282", "-o", str(tmp_path / "from-log.html"))
    assert code == 0
    code, _, _ = run("replay", str(corpus_db), "--hand", "#35874576282", "-o", str(tmp_path / "from-db.html"))
    assert code == 0
    assert (tmp_path / "from-log.html").read_text() == (tmp_path / "from-db.html").read_text()


@pytest.mark.parametrize(("args", "message"), [
    (("report", "--player", "nobody at all"), "no hands of player 'nobody at all'"),
    (("report", "--player", "Hero", "--since", "2100-01-01"), "no hands of player 'Hero' in all games"),
    (("report", "--game", "holdem"), "unknown game 'holdem'"),
    (("replay", "{db}", "--hand", "1"), "no hand 1 in"),
    (("replay", "{log}", "--hand", "1"), "no hand 1 in"),
    (("report", "--rule", "max_raise=4"), "unknown rule 'max_raise'"),
])
def test_user_errors_are_one_line_messages(corpus_db: Path, corpus: Path, args: tuple[str, ...],
                                           message: str) -> None:
    log = corpus / "pokerstars" / "cash-Razz-USD-0.04-0.08-200911.txt"
    args = tuple(arg.format(db=corpus_db, log=log) for arg in args)
    extra = ("--db", str(corpus_db)) if args[0] == "report" else ()
    code, out, err = run(*args, *extra)
    assert code == 2 and message in err and "Traceback" not in out + err
