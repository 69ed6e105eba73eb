"""The replayer's review mode (``studbook replay --review PLAYER``): the hand from one seat, the others'
face-down cards hidden until shown, a stop at each of the player's decisions, the user's choices tallied
against the player's, and each decision's EV when the page is given it.

The hand is built for it: a home-game log that deals every card face up to the record, so the review has
something to hide (Bob's kings until the showdown, Cyd's cards for ever), and Ann acts seven times."""

from __future__ import annotations

import json
import re
from pathlib import Path

import duckdb
import pytest
from helpers.chromium import BINARY
from helpers.chromium import Chromium
from helpers.chromium import assert_clean
from helpers.chromium import screenshot_folder
from helpers.hostile_log import EVIL
from helpers.hostile_log import HAND_ID
from helpers.hostile_log import RAW_MARKUP
from helpers.importing import import_into
from helpers.importing import runner

from studbook.cli import app
from studbook.reports.replayer import replayer_data
from studbook.reports.replayer import replayer_page
from studbook.reports.review import DecisionEV
from studbook.reports.source import FoundHand
from studbook.reports.source import load_hand

LOG = """\
studbook hand 7001 · stud · limit 0.10/0.20 · ante 0.02 · bring-in 0.05 · currency USD
table Review · 2015-01-06 14:04:45 America/New_York · 8-max
seat 1: Ann 5.00
seat 3: Bob 5.00
seat 5: Cyd 5.00
Ann antes 0.02
Bob antes 0.02
Cyd antes 0.02
*** 3rd street ***
Ann: [Ac 3s] Ad
Bob: [Kd Kc] 6d
Cyd: [9s 5c] 2c
Cyd brings in 0.05
Ann completes to 0.10
Bob calls 0.10
Cyd folds
*** 4th street ***
Ann: (Ac 3s Ad) Qc
Bob: (Kd Kc 6d) 4s
Ann bets 0.10
Bob raises 0.10 to 0.20
Ann calls 0.10
*** 5th street ***
Ann: (Ac 3s Ad Qc) Jh
Bob: (Kd Kc 6d 4s) 7h
Ann checks
Bob bets 0.20
Ann calls 0.20
*** 6th street ***
Ann: (Ac 3s Ad Qc Jh) Qd
Bob: (Kd Kc 6d 4s 7h) 9h
Ann bets 0.20
Bob calls 0.20
*** 7th street ***
Ann: (Ac 3s Ad Qc Jh Qd) [2h]
Bob: (Kd Kc 6d 4s 7h 9h) [Qs]
Ann checks
Bob checks
*** showdown ***
Ann shows Ac 3s Ad Qc Jh Qd 2h (two pair, Aces and Queens)
Bob shows Kd Kc 6d 4s 7h 9h Qs (a pair of Kings)
Ann wins 1.51
total pot 1.51 · rake 0
"""
ANN_MOVES = ["complete", "bet", "call", "check", "call", "bet", "check"]  # Ann's actions, in the log's order
COMPLETION_SEQ = 4  # three antes (0-2), Cyd's bring-in (3), Ann's completion


@pytest.fixture(scope="module")
def found(tmp_path_factory: pytest.TempPathFactory) -> FoundHand:
    log = tmp_path_factory.mktemp("review") / "review.txt"
    log.write_text(LOG, encoding="utf-8")
    return load_hand(log, "7001")


def down_cards(step: dict, player: str, data: dict) -> list[str | None]:
    index = [seat["player"] for seat in data["seats"]].index(player)
    return step["seats"][index]["down"]


def test_the_others_down_cards_stay_hidden_until_shown(found: FoundHand) -> None:
    plain = replayer_data(found.replay, found.log)
    review = replayer_data(found.replay, found.log, review="Ann")
    shown_at = next(i for i, step in enumerate(review["steps"]) if step["texts"] == [
        "Bob shows (a pair of Kings)"])
    for index, (seen, step) in enumerate(zip(plain["steps"], review["steps"], strict=True)):
        assert down_cards(step, "Ann", review) == down_cards(seen, "Ann", plain)  # her own, as dealt
        assert down_cards(step, "Cyd", review) == [None] * len(down_cards(seen, "Cyd", plain))  # never shown
        bob = down_cards(seen, "Bob", plain)
        assert down_cards(step, "Bob", review) == (bob if index >= shown_at else [None] * len(bob))
    deal = next(step for step in plain["steps"] if step["kind"] == "deal")
    assert down_cards(deal, "Bob", plain) == ["Kd", "Kc"]  # the log tells them: the review hides them
    assert down_cards(deal, "Ann", plain) == ["Ac", "3s"]
    assert plain["review"] is None and review["review"] == {"player": "Ann", "decisions": len(ANN_MOVES)}


def test_each_of_the_players_actions_is_a_question_with_its_choices(found: FoundHand) -> None:
    data = replayer_data(found.replay, found.log, review="Ann")
    asked = [step for step in data["steps"] if step.get("ask")]
    assert [step["move"] for step in asked] == ANN_MOVES
    ann = [seq for seq, record in enumerate(found.replay.actions) if record.player == "Ann"
           and record.action != "ante"]
    assert [step["seq"] for step in asked] == ann
    assert [step["choice"] for step in asked[:3]] == [
        {"options": [["fold", "Fold"], ["passive", "Call $0.05"], ["aggressive", "Complete"]],
         "taken": "aggressive"},
        {"options": [["fold", "Fold"], ["passive", "Check"], ["aggressive", "Bet"]], "taken": "aggressive"},
        {"options": [["fold", "Fold"], ["passive", "Call $0.10"], ["aggressive", "Raise"]],
         "taken": "passive"},
    ]
    bring_in = next(step for step in data["steps"] if step.get("move") == "bring-in")
    assert bring_in["choice"]["options"] == [["passive", "Bring in $0.05"],
                                             ["aggressive", "Complete to $0.10"]]
    assert not bring_in.get("ask")  # Cyd's, not Ann's
    assert all(step["decision"] is None for step in asked)  # not analysed


def test_a_bring_in_that_completes_was_asked_to_bring_in_or_complete(tmp_path: Path) -> None:
    log = tmp_path / "completes.txt"
    log.write_text(LOG.split("*** 3rd street ***")[0].replace("7001", "7002") + """*** 3rd street ***
Ann: [Ac 3s] Ad
Bob: [Kd Kc] 6d
Cyd: [9s 5c] 2c
Cyd completes to 0.10
Ann folds
Bob folds
Cyd takes back 0.10
Cyd wins 0.06
total pot 0.06 · rake 0
""", encoding="utf-8")
    hand = load_hand(log, "7002")
    steps = replayer_data(hand.replay, hand.log, review="Cyd")["steps"]
    asked = [step["choice"] for step in steps if step.get("ask")]
    assert asked == [{"options": [["passive", "Bring in $0.05"], ["aggressive", "Complete to $0.10"]],
                      "taken": "aggressive"}]


def test_a_decisions_ev_reaches_its_step(found: FoundHand) -> None:
    notes = {COMPLETION_SEQ: DecisionEV(ev=12.4, equity=0.618, std_error=0.6, best_action="complete")}
    data = replayer_data(found.replay, found.log, review="Ann", decisions=notes)
    asked = [step for step in data["steps"] if step.get("ask")]
    assert asked[0]["texts"] == ["Ann completes to $0.10"]
    assert asked[0]["decision"] == {"equity": "62%", "ev": "+$0.12", "evBigBets": 0.62, "error": "$0.01",
                                    "best": "complete", "bestMove": "aggressive"}
    assert all(step["decision"] is None for step in asked[1:])


def test_replay_review_command(found: FoundHand, tmp_path: Path) -> None:
    log = Path(found.replay.hand.source.file)
    out = tmp_path / "review.html"
    result = runner.invoke(app, ["replay", str(log), "--hand", "7001", "--review", "Ann", "-o", str(out)])
    assert result.exit_code == 0, result.output
    page = out.read_text(encoding="utf-8")
    data = json.loads(re.search(r'id="replay-data">(.*?)</script>', page, re.S).group(1))
    assert data["review"]["player"] == "Ann" and "<title>Review: " in page
    result = runner.invoke(app, ["replay", str(log), "--hand", "7001", "--review", "Zed", "-o", str(out),
                                 "--force"])
    assert result.exit_code == 2
    assert result.output.strip().splitlines() == [
        "error: 'Zed' is not seated in hand 7001: the players are Ann, Bob, Cyd"]


def test_replay_review_of_an_analysed_database_shows_its_decision_ev(found: FoundHand,
                                                                     tmp_path: Path) -> None:
    db = tmp_path / "review.duckdb"
    import_into(db, Path(found.replay.hand.source.file))

    def asked(*extra: str) -> list[dict]:
        out = tmp_path / "review.html"
        result = runner.invoke(app, ["replay", str(db), "--hand", "7001", "--review", "Ann", "-o", str(out),
                                     "--force", *extra])
        assert result.exit_code == 0, result.output
        page = out.read_text(encoding="utf-8")
        data = json.loads(re.search(r'id="replay-data">(.*?)</script>', page, re.S).group(1))
        return [step for step in data["steps"] if step.get("ask")]

    assert [step["decision"] for step in asked()] == [None] * len(ANN_MOVES)  # not analysed
    analysed = runner.invoke(app, ["analyse", "--db", str(db)])
    assert analysed.exit_code == 0, analysed.output
    with duckdb.connect(str(db), read_only=True) as con:
        stored = {seq: (equity, ev) for seq, equity, ev in con.execute(
            "SELECT seq, equity, ev FROM decisions WHERE player = 'Ann'").fetchall()}
    assert stored  # Ann's cards are all shown: her decisions are valued
    steps = asked()
    for step in steps:
        note = step["decision"]
        if step["seq"] not in stored:
            assert note is None
            continue
        equity, ev = stored[step["seq"]]
        assert note["equity"] == f"{equity:.0%}" and note["evBigBets"] == pytest.approx(ev / 20, abs=0.01)
        assert note["best"] in ("fold", "call", "raise")
    assert sum(step["decision"] is not None for step in steps) == len(stored)


# -- in Chromium -----------------------------------------------------------------------------------------

ROOT = "document.querySelector('#replayer')"


def seat_text(browser: Chromium, player: str) -> str:
    return browser.js(f"document.querySelector('#replayer .seat[data-player=\"{player}\"]').innerText")


def backs(browser: Chromium, player: str) -> int:
    return browser.js(f"document.querySelectorAll('#replayer .seat[data-player=\"{player}\"] .card.back')"
                      ".length")


def answer(browser: Chromium, move: str) -> None:
    browser.js(f"document.querySelector('#replayer .rp-choice.{move}').click()")


@pytest.mark.skipif(BINARY is None, reason="Chromium is not installed (Debian: apt-get install chromium)")
def test_review_stops_at_each_decision_and_tallies(browser: Chromium, found: FoundHand,
                                                   tmp_path: Path) -> None:
    notes = {COMPLETION_SEQ: DecisionEV(ev=12.4, equity=0.618, best_action="complete")}
    page = tmp_path / "review.html"
    page.write_text(replayer_page(found.replay, found.log, review="Ann", decisions=notes), encoding="utf-8")
    browser.open(page)
    shots = screenshot_folder()
    browser.press("End", 35)  # straight for the ruling: stops at Ann's first decision
    assert browser.js(f"{ROOT}.dataset.asking") == "1"
    asked_at = int(browser.js(f"{ROOT}.dataset.step"))
    assert browser.js("document.querySelector('#replayer .rp-next').disabled")
    assert browser.js("[...document.querySelectorAll('#replayer .rp-choice')].map(b => b.textContent)") == [
        "Fold", "Call $0.05", "Complete"]
    assert "Ann completes" not in browser.js("document.body.innerText")  # not yet revealed
    assert backs(browser, "Bob") == 2 and "K\u2666" not in seat_text(browser, "Bob")
    assert "A\u2663" in seat_text(browser, "Ann")  # her own down card
    assert browser.js("document.querySelector('#replayer .rp-log').hidden")
    browser.press("ArrowRight", 39)
    assert browser.js(f"{ROOT}.dataset.step") == str(asked_at)  # the arrow waits for the answer too
    browser.screenshot(shots / "review-question.png")

    answer(browser, "aggressive")
    assert browser.js(f"{ROOT}.dataset.asking") == "0"
    banner = browser.js("document.querySelector('#replayer .rp-banner').innerText")
    assert "Ann completes to $0.10" in banner and "You chose: Complete." in banner
    assert "EV of Ann's play: +$0.12 (+0.62 big bets)" in banner
    assert "best play by the analysis: complete" in banner
    browser.press("ArrowLeft", 37)
    browser.press("ArrowRight", 39)  # back on an answered decision: its answer, not the question again
    assert browser.js(f"{ROOT}.dataset.step") == str(asked_at) and browser.js(f"{ROOT}.dataset.asking") == "0"
    for move in ["passive"] * (len(ANN_MOVES) - 1):  # the rest: always check or call
        browser.press("End", 35)
        assert browser.js(f"{ROOT}.dataset.asking") == "1"
        assert backs(browser, "Bob") >= 2
        answer(browser, move)
    browser.screenshot(shots / "review-answered.png")
    browser.press("End", 35)
    assert browser.js(f"{ROOT}.dataset.step") == str(int(browser.js(f"{ROOT}.dataset.steps")) - 1)
    tally = browser.js("({...document.querySelector('#replayer .rp-tally').dataset})")
    # as Ann did: the completion, and the four checks and calls (not her two bets)
    assert tally == {"answered": str(len(ANN_MOVES)), "same": "5"}
    tally_text = browser.js("document.querySelector('#replayer .rp-tally').innerText")
    assert "Answered 7 of 7; as Ann did: 5." in tally_text and "best play in 1 of 1 decisions" in tally_text
    assert backs(browser, "Bob") == 0 and "K\u2666" in seat_text(browser, "Bob")  # shown down
    assert backs(browser, "Cyd") == 2  # folded unseen
    assert not browser.js("document.querySelector('#replayer .rp-ruling').hidden")
    assert not browser.js("document.querySelector('#replayer .rp-log').hidden")
    browser.screenshot(shots / "review-end.png")
    assert_clean(browser)


@pytest.mark.skipif(BINARY is None, reason="Chromium is not installed (Debian: apt-get install chromium)")
def test_a_hostile_name_reviewed_stays_text(browser: Chromium, hostile_db: Path, tmp_path: Path) -> None:
    hostile = load_hand(hostile_db, HAND_ID)
    html = replayer_page(hostile.replay, hostile.log, review=EVIL)
    assert not RAW_MARKUP.search(html) and html.count("<script") == html.count("</script>")
    page = tmp_path / "hostile-review.html"
    page.write_text(html, encoding="utf-8")
    browser.open(page)
    browser.press("End", 35)
    assert browser.js(f"{ROOT}.dataset.asking") == "1"
    assert f"{EVIL} to act" in browser.js("document.querySelector('#replayer .rp-banner').innerText")
    answer(browser, "fold")
    assert "You chose: Fold." in browser.js("document.querySelector('#replayer .rp-banner').innerText")
    assert browser.js("document.querySelectorAll('img, svg image, b').length") == 0
    assert_clean(browser)
