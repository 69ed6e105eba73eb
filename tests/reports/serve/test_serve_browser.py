"""``studbook serve`` in a real headless Chromium, as a person uses it: filter the players, click one, open
their hands, open a hand and step its replay to the ruling; and the live table showing a new hand after
the watched log grows, without a reload. No page reports an error (a script or style from anywhere but
the app would be refused by its Content-Security-Policy, and reported). Screenshots go to
$STUDBOOK_SCREENSHOTS or /tmp/studbook-screenshots, to be looked at by eye.
"""

from __future__ import annotations

import re
import signal
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path

import pytest
from helpers.chromium import BINARY
from helpers.chromium import Chromium
from helpers.chromium import assert_clean
from helpers.chromium import plots_drawn
from helpers.chromium import screenshot_folder
from helpers.chromium import step_to_the_end
from helpers.hostile_log import BOLD
from helpers.hostile_log import EVIL
from helpers.hostile_log import HAND_ID
from helpers.serving import Served

from studbook.simulate import Setup
from studbook.simulate import Simulator
from studbook.writers import SEPARATORS
from studbook.writers import WRITERS

pytestmark = pytest.mark.skipif(BINARY is None, reason="Chromium is not installed (Debian: apt-get install "
                                                       "chromium); the browser tests need it")


def follow(browser: Chromium, script: str) -> None:
    """Run ``script`` (a click, a submit) and wait for the page it loads."""
    browser.events.clear()
    browser.js(script)
    browser.wait_for_event("Page.loadEventFired")


def texts(browser: Chromium, selector: str) -> list[str]:
    return browser.js(f"[...document.querySelectorAll({selector!r})].map(e => e.textContent)")


def test_filter_click_a_player_open_a_hand_and_step_its_replay(browser: Chromium, served: Served) -> None:
    shots = screenshot_folder()
    browser.navigate(served.url + "/")
    assert_clean(browser)
    browser.js("document.querySelector('select[name=game]').value = 'stud8'")
    browser.js("document.querySelector('input[name=min_hands]').value = '30'")
    follow(browser, "document.querySelector('form.filters button[type=submit]').click()")
    assert "game=stud8" in browser.js("location.search") and "min_hands=30" in browser.js("location.search")
    rows = "[...document.querySelectorAll('table.players tbody tr')]"
    games = browser.js(f"{rows}.map(r => r.cells[3].textContent)")
    hands = browser.js(f"{rows}.map(r => r.cells[5].textContent)")
    assert games and set(games) == {"stud8"} and all(int(n.replace(",", "")) >= 30 for n in hands)
    browser.screenshot(shots / "serve-players.png")
    assert_clean(browser)

    player = texts(browser, "a.player")[0]
    follow(browser, "document.querySelector('a.player').click()")
    points = plots_drawn(browser)
    assert {"fig-net-bb", "fig-streets"} <= points.keys()
    assert browser.js("document.querySelector('h1').textContent") == f"Player report: studbook:{player}"
    assert browser.js("document.querySelector('table.headline tbody').rows.length") > 10
    browser.screenshot(shots / "serve-player.png")
    assert_clean(browser)

    follow(browser, "[...document.querySelectorAll('a')].find(a => a.textContent === \"this player's hands\")"
                    ".click()")
    hand_ids = texts(browser, "a.hand")
    assert hand_ids
    assert browser.js("document.querySelector('input[name=player]').value") == f"studbook:{player}"
    browser.screenshot(shots / "serve-hands.png")
    assert_clean(browser)

    follow(browser, "document.querySelector('a.hand').click()")
    browser.wait_until("!!document.querySelector('#replayer .rp-counter')")
    assert browser.js("document.querySelector('#replayer .rp-counter').textContent").startswith("Step 1 of ")
    for _ in range(3):
        browser.press("ArrowRight", 39)
    assert browser.js("document.querySelector('#replayer').dataset.step") == "3"
    browser.screenshot(shots / "serve-hand.png")
    step_to_the_end(browser, "#replayer")
    assert browser.js("!document.querySelector('#replayer .rp-ruling').hidden")
    assert hand_ids[0] in browser.js("document.title")
    assert_clean(browser)


def test_a_hostile_hand_stays_text_in_the_browser(browser: Chromium, served: Served) -> None:
    browser.navigate(served.url + f"/hand?site=pokerstars&id={HAND_ID}")
    browser.wait_until("!!document.querySelector('#replayer .rp-counter')")
    step_to_the_end(browser, "#replayer")
    assert browser.js("document.querySelectorAll('img, svg image, b').length") == 0
    text = browser.js("document.body.innerText")
    assert EVIL in text and BOLD in text and "C16 fixed bet sizes" in text
    follow(browser, "document.querySelector('a.rule').click()")
    assert browser.js("location.pathname + location.hash") == "/rules#rule-C16"
    assert browser.js("document.getElementById('rule-C16').matches(':target')")
    assert_clean(browser)


def status(url: str) -> int:
    try:
        with urllib.request.urlopen(url, timeout=60) as answer:
            return answer.status
    except urllib.error.HTTPError as error:
        return error.code


def hand_texts(count: int) -> list[tuple[str, str]]:
    """(hand id, text) of simulated PokerStars hands, as a client appends them to its log."""
    played = Simulator(Setup(game="stud", players=6, seed=5)).hands(count)
    return [(hand.hand.hand_id,
             WRITERS["pokerstars"](hand.hand) + SEPARATORS["pokerstars"]) for hand in played]


def test_the_live_table_shows_a_new_hand_when_the_log_grows(browser: Chromium, tmp_path: Path) -> None:
    client = tmp_path / "client"
    client.mkdir()
    log = client / "table.txt"
    hands = hand_texts(8)
    log.write_text("".join(text for _, text in hands[:5]), encoding="utf-8")
    db = tmp_path / "live.duckdb"
    process = subprocess.Popen([sys.executable, "-c", "from studbook.cli import main; main()", "serve",
                                "--db",
                                str(db), "--port", "0", "--watch", str(client), "--interval", "0.2"],
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        assert process.stdout is not None
        url = re.search(r"http://\S+/", process.stdout.readline())[0]  # type: ignore[index]
        deadline = time.monotonic() + 60
        while status(url + "live") == 503:  # "no database yet" until the first look has imported
            assert time.monotonic() < deadline, "the watching import made no database"
            time.sleep(0.2)
        browser.navigate(url + "live")
        newest = "(document.querySelector('a.newest-hand') || {}).textContent"
        browser.wait_until(f"({newest}) === {hands[4][0]!r}")
        opponents = texts(browser, "table.live tr.opponent a.player")
        assert len(opponents) == 5 and texts(browser, "table.live tr.user a.player") == ["Hero"]
        browser.js("window.sameDocument = true")
        with log.open("a", encoding="utf-8") as file:
            file.write("".join(text for _, text in hands[5:]))
        browser.wait_until(f"({newest}) === {hands[7][0]!r}")
        assert browser.js("window.sameDocument") is True, "the page was reloaded"
        hands_column = "document.querySelector('table.live tr.opponent td:nth-child(3)').textContent"
        assert browser.js(hands_column) == "8"
        browser.screenshot(screenshot_folder() / "serve-live.png")
        assert_clean(browser)
    finally:
        process.send_signal(signal.SIGINT)
        out, err = process.communicate(timeout=60)
    assert process.returncode == 0 and "Traceback" not in err
    assert "+3 hands" in out or "+2 hands" in out
