"""The report pages and the replayer in a real headless Chromium: no JavaScript error, the plots are
drawn with the points the data has, the replayer steps (buttons and arrow keys) to the ruling, and
hostile names stay text. Screenshots go to $STUDBOOK_SCREENSHOTS or /tmp/studbook-screenshots.

Chromium is driven over the DevTools protocol (tests/helpers/chromium.py). Skips when no Chromium is
installed (Debian: ``apt-get install chromium``).
"""

from __future__ import annotations

from pathlib import Path

import duckdb
import polars as pl
import pytest
from helpers.chromium import BINARY
from helpers.chromium import WIDTH
from helpers.chromium import Chromium
from helpers.chromium import assert_clean
from helpers.chromium import plots_drawn
from helpers.chromium import screenshot_folder
from helpers.chromium import step_to_the_end
from helpers.hostile_log import BOLD
from helpers.hostile_log import EVIL
from helpers.hostile_log import HAND_ID
from helpers.hostile_log import renamed
from helpers.importing import import_into
from helpers.importing import runner

from studbook.cli import app
from studbook.reports import figures
from studbook.reports.filters import Filters
from studbook.reports.overview import overview_page
from studbook.reports.player_report import player_data
from studbook.reports.player_report import player_page
from studbook.reports.replayer import replayer_data
from studbook.reports.replayer import replayer_page
from studbook.reports.source import load_hand

pytestmark = pytest.mark.skipif(BINARY is None, reason="Chromium is not installed (Debian: apt-get install "
                                                       "chromium); the browser tests need it")


@pytest.fixture(scope="module")
def shots() -> Path:
    return screenshot_folder()


def test_player_report_draws_every_point(browser: Chromium, corpus_db: Path, tmp_path: Path,
                                         shots: Path) -> None:
    con = duckdb.connect(str(corpus_db), read_only=True)
    player = con.sql("SELECT site || ':' || player FROM players LIMIT 1").fetchall()[0][0]  # one site's
    data = player_data(con, Filters(player))
    page = tmp_path / "report.html"
    page.write_text(player_page(con, Filters(player), corpus_db), encoding="utf-8")
    con.close()
    browser.open(page)
    points = plots_drawn(browser)
    assert points["fig-net-bb"] == [data.curve.height] * 4  # total, showdown, non-showdown, all-in EV
    units = data.curve["unit"].unique(maintain_order=True).to_list()
    for index, unit in enumerate(units):  # each currency's chart runs over its own hands, 1 to n
        hands = data.curve.filter(pl.col("unit") == unit).height
        x = browser.js(f"document.getElementById('fig-net-money-{index}').data[0].x")
        assert x == list(range(1, hands + 1))
    # the all-in EV line is drawn where it differs from the total (and a point either side), else not
    drawn = browser.js("document.getElementById('fig-net-bb').data[3].y")
    apart = [abs(ev - total) > 1e-9 for ev, total in zip(data.curve[f"{figures.EV_LINE}_bb"],
                                                          data.curve["total_bb"], strict=True)]
    near = [any(apart[max(0, i - 1):i + 2]) for i in range(len(apart))]
    assert [value is not None for value in drawn] == near and any(apart)
    assert points["fig-sessions"] == [data.sessions.height] * 2
    assert sum(points["fig-streets"]) == 3 * data.streets.height
    assert sum(points["fig-start"]) == data.start_classes.height
    assert sum(points["fig-door"]) == data.door_cards.height
    assert browser.js("document.querySelector('table.headline tbody').rows.length") > 10
    browser.screenshot(shots / "player-report.png")
    assert_clean(browser)


def test_replayer_steps_through_to_the_ruling(browser: Chromium, corpus: Path, tmp_path: Path,
                                              shots: Path) -> None:
    log = corpus / "pokerstars" / "cash-7-StudHL-USD-0.04-0.08-200911.txt"
    found = load_hand(log, "35874576282")
    page = tmp_path / "replay.html"
    page.write_text(replayer_page(found.replay, found.log), encoding="utf-8")
    browser.open(page)
    root = "#replayer"
    assert browser.js("document.querySelector('#replayer .rp-counter').textContent").startswith("Step 1 of ")
    assert browser.js("document.querySelectorAll('#replayer .seat').length") == len(found.replay.hand.seats)
    for _ in range(9):
        browser.press("ArrowRight", 39)
    browser.js("document.querySelector('#replayer .rp-prev').click()")
    browser.js("document.querySelector('#replayer .rp-next').click()")
    assert browser.js("document.querySelector('#replayer').dataset.step") == "9"
    assert browser.js("document.querySelectorAll('#replayer .card.back').length") > 0, "opponents' down cards"
    browser.screenshot(shots / "replay-step-10.png")
    browser.press("Home", 36)
    assert step_to_the_end(browser, root) == len(replayer_data(found.replay, found.log)["steps"])
    ruling = browser.js("document.querySelector('#replayer .rp-ruling').innerText")
    assert browser.js("!document.querySelector('#replayer .rp-ruling').hidden")
    assert "u.pressure" in ruling and "two pair, Queens and Sixes" in ruling and "8,7,5,4,2" in ruling
    assert browser.js("document.querySelector('#replayer .rp-next').disabled")
    browser.screenshot(shots / "replay-ruling.png")
    assert_clean(browser)


def test_overview_renders(browser: Chromium, corpus_db: Path, tmp_path: Path, shots: Path) -> None:
    con = duckdb.connect(str(corpus_db), read_only=True)
    page = tmp_path / "overview.html"
    page.write_text(overview_page(con, Filters(), corpus_db), encoding="utf-8")
    con.close()
    browser.open(page)
    points = plots_drawn(browser)
    assert {"fig-players", "fig-volume", "fig-games"} <= points.keys()
    players = browser.js("document.getElementById('fig-players').data[0].x")
    assert len(set(players)) == len(players) and all(label.endswith(")") for label in players)
    assert browser.js("document.getElementById('fig-violations').data.map(trace => trace.name)") == [
        "errors", "warnings", "notes"]
    text = browser.js("document.body.innerText")
    assert "hands with rule errors" in text and "hands with notes only" in text
    browser.screenshot(shots / "overview.png")
    assert_clean(browser)


def test_hostile_names_stay_text(browser: Chromium, hostile_db: Path, tmp_path: Path,
                                 shots: Path) -> None:
    con = duckdb.connect(str(hostile_db), read_only=True)
    report = tmp_path / "hostile-report.html"
    report.write_text(player_page(con, Filters(EVIL), hostile_db), encoding="utf-8")
    con.close()
    found = load_hand(hostile_db, HAND_ID)
    replay = tmp_path / "hostile-replay.html"
    replay.write_text(replayer_page(found.replay, found.log), encoding="utf-8")
    for page, names in ((replay, [EVIL, BOLD]), (report, [EVIL])):
        browser.open(page)
        assert browser.js("document.querySelectorAll('img, svg image, b').length") == 0
        text = browser.js("document.body.innerText")
        assert all(name in text for name in names)
        assert_clean(browser)
    # The report's violation links to the hand's replay, embedded in the same page.
    browser.js("document.querySelector('a[href=\"#replay-0\"]').click()")
    browser.wait_until("!document.getElementById('replay-view').hidden")
    step_to_the_end(browser, "#replay-view-body")
    assert browser.js("!document.querySelector('#replay-view-body .rp-ruling').hidden")
    ruling = browser.js("document.querySelector('#replay-view-body .rp-ruling').innerText")
    assert "bet-amount" in ruling and EVIL in ruling and BOLD in ruling
    assert "[C16 fixed bet sizes]" in ruling  # the cited rule, its text in the tooltip
    tooltip = browser.js("document.querySelector('#replay-view-body .rp-ruling abbr.rule').title")
    assert tooltip.startswith("C16 fixed bet sizes: In limit games every bet and raise is exactly one unit")
    assert browser.js("document.querySelectorAll('img, svg image, b').length") == 0
    browser.screenshot(shots / "hostile-report-replay.png")
    assert_clean(browser)


def test_long_names_wrap_inside_the_replayer(browser: Chromium, tmp_path: Path, shots: Path) -> None:
    long_name = "W" * 300
    log = tmp_path / "long.txt"
    log.write_text(renamed(long_name, "L" * 300), encoding="utf-8")
    found = load_hand(log, HAND_ID)
    page = tmp_path / "long-replay.html"
    page.write_text(replayer_page(found.replay, found.log), encoding="utf-8")
    browser.open(page)
    step_to_the_end(browser, "#replayer")
    assert long_name in browser.js("document.body.innerText")
    assert browser.js("document.documentElement.scrollWidth") <= WIDTH
    browser.screenshot(shots / "long-names-replay.png")
    assert_clean(browser)


@pytest.fixture(scope="module")
def five_card_db(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("five")
    for seed, game in enumerate(("stud5", "descubierto")):
        result = runner.invoke(app, ["simulate", "-o", str(folder / f"{game}.txt"), "-g", game, "-n", "60",
                                     "--seed", str(seed)])
        assert result.exit_code == 0, result.output
    import_into(folder / "five.duckdb", folder)
    return folder / "five.duckdb"


@pytest.mark.parametrize("game", ["stud5", "descubierto"])
def test_a_five_card_report_speaks_of_its_own_streets(browser: Chromium, five_card_db: Path, tmp_path: Path,
                                                      shots: Path, game: str) -> None:
    con = duckdb.connect(str(five_card_db), read_only=True)
    player = con.sql("SELECT site || ':' || player FROM players WHERE games = ? ORDER BY hands DESC, player "
                     "LIMIT 1", params=[game]).fetchall()[0][0]
    page = tmp_path / f"{game}.html"
    page.write_text(player_page(con, Filters(player), five_card_db), encoding="utf-8")
    con.close()
    browser.open(page)
    plots_drawn(browser)
    text = browser.js("document.body.innerText")
    assert "Saw 3rd street" in text and "Aggression on 2nd street" in text
    assert "6th" not in text and "7th" not in text and "3rd-street aggression" not in text
    assert ("Bet first in" in text and "Complete first in" not in text) if game == "descubierto" else \
        "Complete first in" in text
    streets = browser.js("document.getElementById('fig-streets').data.map(trace => trace.x)")
    assert streets == [["2nd", "3rd", "4th", "5th"]] * 3
    browser.screenshot(shots / f"report-{game}.png")
    assert_clean(browser)


def test_our_words_stay_whole_in_a_narrow_replayer(browser: Chromium, corpus: Path, tmp_path: Path,
                                                   shots: Path) -> None:
    """At 1,000 pixels the ruling's tables are narrow: a name may break where it must, "showdown" and
    the other words of the ruling never do, and a name of a dozen letters stays whole."""
    log = corpus / "pokerstars" / "cash-7-StudHL-USD-0.04-0.08-200911.txt"
    found = load_hand(log, "35874576282")
    page = tmp_path / "narrow.html"
    page.write_text(replayer_page(found.replay, found.log), encoding="utf-8")
    browser.open(page, width=1000)
    browser.press("End", 35)
    assert browser.js("!document.querySelector('#replayer .rp-ruling').hidden")
    lines = browser.js("""Object.fromEntries([...document.querySelectorAll('#replayer .rp-ruling td')]
        .filter(td => td.textContent && !/\\s/.test(td.textContent))
        .map(td => { const range = document.createRange(); range.selectNodeContents(td);
                     return [td.textContent, range.getClientRects().length]; }))""")
    assert lines["showdown"] == 1 and lines["123smoothie"] == 1 and lines["rdiezchang"] == 1
    assert all(count == 1 for count in lines.values()), lines
    assert browser.js("document.documentElement.scrollWidth") <= 1000
    browser.screenshot(shots / "narrow-replay-ruling.png")
    assert_clean(browser)
