"""The report pages and the replayer in a real headless Chromium: no JavaScript error, the plots are
drawn with the points the data has, the replayer steps (buttons and arrow keys) to the ruling, and
hostile names stay text. Screenshots go to $STUDBOOK_SCREENSHOTS or /tmp/studbook-screenshots.

Chromium is driven over the DevTools protocol on ``--remote-debugging-pipe`` (file descriptors 3
and 4), with the standard library only: no driver binary, no Python package, no network port.
Skips when no Chromium is installed (Debian: ``apt-get install chromium``).
"""

from __future__ import annotations

import base64
import fcntl
import json
import os
import select
import shutil
import subprocess
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import duckdb
import polars as pl
import pytest
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

BROWSERS = ("chromium", "chromium-browser", "google-chrome", "google-chrome-stable")
FLAGS = ("--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
         "--disable-background-networking", "--disable-component-update", "--disable-sync",
         "--remote-debugging-pipe", "--window-size=1280,900")
TIMEOUT = 20.0
WIDTH = 1280
SHOT_HEIGHT = 4000  # pixels; a whole report is twice that, and slow to encode
BINARY = next((path for name in BROWSERS if (path := shutil.which(name))), None)

pytestmark = pytest.mark.skipif(BINARY is None, reason="Chromium is not installed (Debian: apt-get install "
                                                       "chromium); the browser tests need it")


class BrowserError(AssertionError):
    """The page misbehaved: a JavaScript error, a dialog, a time-out."""


class Chromium:
    """One headless Chromium and one tab, spoken to in CDP's JSON messages, each ended by a NUL byte."""

    def __init__(self, binary: str, profile: Path) -> None:
        to_child, self._out = os.pipe()
        self._in, from_child = os.pipe()
        # Chromium reads commands on fd 3 and writes on fd 4; dup the pipe ends above both first.
        high = [fcntl.fcntl(fd, fcntl.F_DUPFD_CLOEXEC, 10) for fd in (to_child, from_child)]
        os.close(to_child)
        os.close(from_child)
        self.process = subprocess.Popen(
            [binary, *FLAGS, f"--user-data-dir={profile}", "about:blank"],
            stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, close_fds=False,
            preexec_fn=lambda: (os.dup2(high[0], 3), os.dup2(high[1], 4)))
        for fd in high:
            os.close(fd)
        self._buffer = b""
        self._next_id = 0
        self.width = WIDTH
        self.events: list[dict[str, Any]] = []
        target = self.send("Target.createTarget", {"url": "about:blank"})["targetId"]
        self.session = self.send("Target.attachToTarget", {"targetId": target, "flatten": True})["sessionId"]
        for domain in ("Page", "Runtime", "Log"):
            self.call(f"{domain}.enable")

    def send(self, method: str, params: dict[str, Any] | None = None, session: str | None = None) -> Any:
        self._next_id += 1
        message: dict[str, Any] = {"id": self._next_id, "method": method, "params": params or {}}
        if session:
            message["sessionId"] = session
        os.write(self._out, json.dumps(message).encode() + b"\0")
        while True:
            reply = self._receive(time.monotonic() + TIMEOUT)
            if reply.get("id") == self._next_id:
                if "error" in reply:
                    raise BrowserError(f"{method}: {reply['error']}")
                return reply["result"]
            self.events.append(reply)

    def call(self, method: str, params: dict[str, Any] | None = None) -> Any:
        """A command to the tab."""
        return self.send(method, params, self.session)

    def _receive(self, deadline: float) -> dict[str, Any]:
        while b"\0" not in self._buffer:
            left = deadline - time.monotonic()
            if left <= 0 or not select.select([self._in], [], [], left)[0]:
                raise BrowserError("Chromium did not answer in time")
            chunk = os.read(self._in, 1 << 20)
            if not chunk:
                raise BrowserError("Chromium closed the pipe")
            self._buffer += chunk
        message, self._buffer = self._buffer.split(b"\0", 1)
        return json.loads(message)

    def wait_for_event(self, method: str) -> None:
        deadline = time.monotonic() + TIMEOUT
        while not any(event.get("method") == method for event in self.events):
            self.events.append(self._receive(deadline))

    def open(self, page: Path, width: int = WIDTH) -> None:
        """Load a page at the standard size (or ``width``) and wait for its load event."""
        self.events.clear()
        self.width = width
        self.call("Emulation.setDeviceMetricsOverride",
                  {"width": width, "height": 900, "deviceScaleFactor": 1, "mobile": False})
        self.call("Page.navigate", {"url": page.resolve().as_uri()})
        self.wait_for_event("Page.loadEventFired")

    def js(self, expression: str) -> Any:
        result = self.call("Runtime.evaluate", {"expression": expression, "returnByValue": True,
                                                "awaitPromise": True})
        if "exceptionDetails" in result:
            raise BrowserError(f"{expression}: {result['exceptionDetails']}")
        return result["result"].get("value")

    def wait_until(self, expression: str) -> None:
        deadline = time.monotonic() + TIMEOUT
        while not self.js(expression):
            if time.monotonic() > deadline:
                raise BrowserError(f"still false after {TIMEOUT}s: {expression}")
            time.sleep(0.05)

    def press(self, key: str, code: int) -> None:
        for kind in ("keyDown", "keyUp"):
            self.call("Input.dispatchKeyEvent", {"type": kind, "key": key, "code": key,
                                                 "windowsVirtualKeyCode": code})

    def problems(self) -> list[str]:
        """JavaScript errors, console errors, failed loads and dialogs since the page was opened."""
        found = []
        for event in self.events:
            method, params = event.get("method"), event.get("params", {})
            if method == "Runtime.exceptionThrown":
                found.append(params["exceptionDetails"].get("exception", {}).get("description", str(params)))
            elif method == "Runtime.consoleAPICalled" and params.get("type") in ("error", "assert"):
                found.append(" ".join(str(arg.get("value", arg.get("description")))
                                      for arg in params["args"]))
            elif method == "Log.entryAdded" and params["entry"]["level"] == "error":
                found.append(params["entry"]["text"])
            elif method == "Page.javascriptDialogOpening":
                found.append(f"dialog: {params.get('message')}")
        return found

    def screenshot(self, path: Path) -> Path:
        """The page from the top, down to ``SHOT_HEIGHT``: the viewport is stretched to fit first."""
        height = min(SHOT_HEIGHT, self.js("Math.ceil(document.documentElement.scrollHeight)"))
        self.call("Emulation.setDeviceMetricsOverride",
                  {"width": self.width, "height": height, "deviceScaleFactor": 1, "mobile": False})
        data = self.call("Page.captureScreenshot", {"format": "png"})["data"]
        path.write_bytes(base64.b64decode(data))
        print(f"screenshot: {path}")
        return path

    def close(self) -> None:
        try:
            self.send("Browser.close")
            self.process.wait(timeout=10)
        except (BrowserError, subprocess.TimeoutExpired):
            self.process.kill()
            self.process.wait()
        os.close(self._in)
        os.close(self._out)


@pytest.fixture(scope="module")
def browser(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Chromium]:
    chromium = Chromium(BINARY, tmp_path_factory.mktemp("chromium-profile"))
    yield chromium
    chromium.close()


@pytest.fixture(scope="module")
def shots() -> Path:
    """A fixed folder, not pytest's rotating ones, so the last run's pictures are there to look at."""
    default = Path(tempfile.gettempdir()) / "studbook-screenshots"
    folder = Path(os.environ.get("STUDBOOK_SCREENSHOTS", default))
    folder.mkdir(parents=True, exist_ok=True)
    return folder


def assert_clean(browser: Chromium) -> None:
    problems = browser.problems()
    assert not problems, "the page reported errors:\n" + "\n".join(problems)


def plots_drawn(browser: Chromium) -> dict[str, list[int]]:
    """Every figure's points per trace, once plotly.js has drawn them all."""
    browser.wait_until("[...document.querySelectorAll('.plotly-graph-div')].every(gd => gd._fullLayout"
                       " && gd.querySelectorAll('.main-svg g.trace').length === gd.data.length)")
    return browser.js("Object.fromEntries([...document.querySelectorAll('.plotly-graph-div')]"
                      ".map(gd => [gd.id, gd.data.map(trace => trace.x.length)]))")


def step_to_the_end(browser: Chromium, root: str) -> int:
    """Press the right arrow until the last step; return the number of steps."""
    steps = int(browser.js(f"document.querySelector('{root}').dataset.steps"))
    for _ in range(steps - 1):
        browser.press("ArrowRight", 39)
    assert browser.js(f"document.querySelector('{root}').dataset.step") == str(steps - 1)
    return steps


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
