"""``export --format pokerstars`` writes a hand only where its copy is read back judged the same: house
rules a PokerStars log cannot state go with the hand only if they decide nothing in it, and the summary
line is the log's own or one that states no invented rake."""

from __future__ import annotations

from pathlib import Path

import pytest
from helpers.hostile_log import LOG as HOSTILE_LOG
from typer.testing import CliRunner

from studbook.cli import app
from studbook.grammar import parse_block
from studbook.grammar import read_blocks
from studbook.hand import Hand
from studbook.replay import replay
from studbook.results import Replay
from studbook.rules.house import Rules

runner = CliRunner()

# Three players; Cid folds and Ann and Bob go on heads-up, completion and four raises under `cap 4`.
CAPPED = """\
studbook hand 7-01 · stud · limit 20/40 · ante 5 · bring-in 10 · cap 4
table Kitchen · 2024-12-10 20:12 Europe/London · home game
seat 1: Ann 1500
seat 2: Bob 1500
seat 3: Cid 1500
Ann antes 5
Bob antes 5
Cid antes 5
*** 3rd street ***
Ann: [Kd Ks] Kh
Bob: [Ad Ac] 2s
Cid: [Qd Qc] Qs
Bob brings in 10
Cid folds
Ann completes to 20
Bob raises to 40
Ann raises to 60
Bob raises to 80
Ann raises to 100
Bob calls 20
*** 4th street ***
Ann: 3d
Bob: 4d
Ann checks
Bob checks
*** 5th street ***
Ann: 5d
Bob: 6c
Ann checks
Bob checks
*** 6th street ***
Ann: 7h
Bob: 8c
Ann checks
Bob checks
*** 7th street ***
Ann: [9s]
Bob: [Js]
Ann checks
Bob checks
showdown
Ann shows Kd Ks Kh 3d 5d 7h 9s
Bob shows Ad Ac 2s 4d 6c 8c Js
Ann wins 215
"""
# The same hand with two raises fewer: cap 4 decides nothing in it.
UNDER_THE_CAP = (CAPPED.replace("7-01", "7-02").replace("Bob raises to 80\nAnn raises to 100\n", "")
                 .replace("Ann wins 215", "Ann wins 135"))
# Awards less than the pot, and the log states no total pot or rake: a home game has none.
SHORT_AWARD = (UNDER_THE_CAP.replace(" · cap 4", "").replace("7-02", "7-03")
               .replace("Ann wins 135", "Ann wins 125"))


def export(tmp_path: Path, text: str) -> tuple[int, str, str]:
    log = tmp_path / "hand.txt"
    log.write_text(text, encoding="utf-8")
    result = runner.invoke(app, ["export", "--format", "pokerstars", str(log)])
    return result.exit_code, result.stdout, result.stderr


def read_back(text: str) -> Hand:
    (block,) = read_blocks(text.encode("utf-8"), "copy.txt")
    hand = parse_block(block)
    assert isinstance(hand, Hand), hand
    return hand


def test_a_hand_whose_house_rules_decide_its_ruling_is_refused_saying_which(tmp_path: Path) -> None:
    code, out, err = export(tmp_path, CAPPED)
    assert code == 1 and out == ""
    assert ("hand 7-01: not written: its house rules (max_raises=4, headsup_uncapped=when_headsup) decide "
            "its ruling, and a PokerStars log cannot state them (it is read with max_raises=3, "
            "headsup_uncapped=never): export it as studbook") in err
    assert "0 hands written as pokerstars, 1 not written" in err


def test_house_rules_that_decide_nothing_are_named_and_the_copy_is_judged_the_same(tmp_path: Path) -> None:
    code, out, err = export(tmp_path, UNDER_THE_CAP)
    assert code == 0, err
    assert "1 hands written as pokerstars, 0 not written" in err
    assert "written without their house rules" in err and "max_raises=4" in err
    (original,) = [parse_block(block) for block in read_blocks(UNDER_THE_CAP.encode("utf-8"), "hand.txt")]
    assert isinstance(original, Hand)
    assert replay(read_back(out)).violations == [] == replay(original).violations


def test_a_hand_with_errors_and_no_stated_totals_is_refused(tmp_path: Path) -> None:
    """Before, its copy read ``Total pot 135 | Rake 10``: a rake the home game never took."""
    code, out, err = export(tmp_path, SHORT_AWARD)
    assert code == 1 and "Rake" not in out
    assert ("hand 7-03: not written: it breaks the rules and its log states no total pot and rake, which a "
            "PokerStars summary must state: export it as studbook") in err


def test_a_hand_with_errors_is_written_as_its_log_has_it(tmp_path: Path) -> None:
    """The hostile hand bets $0.06 where the limit is $0.08; its log states its total pot and rake."""
    code, out, err = export(tmp_path, HOSTILE_LOG)
    assert code == 0, err
    summary = [line.rstrip() for line in out.splitlines() if line.startswith("Total pot")]
    assert summary == [line for line in HOSTILE_LOG.splitlines() if line.startswith("Total pot")]
    assert any(v.code == "bet-amount" for v in replay(read_back(out)).violations)


def test_a_clean_hand_without_stated_totals_gets_its_own(tmp_path: Path) -> None:
    code, out, _ = export(tmp_path, UNDER_THE_CAP)
    assert code == 0
    assert "Total pot 135 | Rake 0 " in out.splitlines()


def test_the_time_zone_is_named_for_the_date(tmp_path: Path) -> None:
    """December in London is GMT, not BST; the copy reads back at the same instant."""
    code, out, _ = export(tmp_path, UNDER_THE_CAP)
    assert code == 0
    header = out.splitlines()[0]
    assert header.endswith(" - 2024/12/10 20:12:00 GMT [2024/12/10 15:12:00 ET]"), header
    (original,) = [parse_block(block) for block in read_blocks(UNDER_THE_CAP.encode("utf-8"), "hand.txt")]
    assert read_back(out).start_time == original.start_time


def test_a_hand_the_replay_cannot_handle_is_named_and_the_rest_written(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import studbook.writers.pokerstars_export as checks

    real = checks.replay

    def failing(hand: Hand, rules: Rules | None = None) -> Replay:
        if hand.hand_id == "7-02":
            raise RuntimeError("a bug")
        return real(hand, rules)

    monkeypatch.setattr(checks, "replay", failing)
    code, out, err = export(tmp_path, UNDER_THE_CAP + "\n" + HOSTILE_LOG)  # the second needs no replay
    assert code == 1
    assert ("hand 7-02: not written: it cannot be replayed (RuntimeError: a bug), so whether PokerStars' "
            "rules judge it the same is unknown") in err
    assert "1 hands written as pokerstars, 1 not written" in err and "35874487284" in out
