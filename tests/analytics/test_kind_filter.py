"""``stats --kind`` and ``report --kind``: only cash hands or only tournament hands. Tournament hands
are in chips, and each has a big bet (its level's, or read from its bets), so big bets/100 are computed."""

from __future__ import annotations

from pathlib import Path

import pytest
from helpers.importing import import_into
from helpers.importing import runner
from helpers.paths import HISTORIES
from test_tournaments import LOG

from studbook.cli import app

CASH = HISTORIES / "pokerstars-stud8-sim.txt"


@pytest.fixture(scope="module")
def db(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("kinds")
    (folder / "tour.txt").write_text(LOG)
    import_into(folder / "k.duckdb", folder / "tour.txt", CASH)
    return folder / "k.duckdb"


def stats(db: Path, *args: str) -> list[str]:
    result = runner.invoke(app, ["stats", "--db", str(db), "--format", "csv", *args])
    assert result.exit_code == 0, result.output
    return result.stdout.splitlines()


def test_tournament_hands_only_in_chips_with_big_bets_per_100(db: Path) -> None:
    """Player2 won 160 chips over two hands of big bet 50 (the first's level written 0/0 and read from its
    bets): 3.2 big bets in 2 hands, 160 per 100. With a big bet of 0 that hand would count for nothing."""
    assert stats(db, "--kind", "tournament", "--columns", "hands,net,big_bets_per_100") == [
        "player,site,game,unit,hands,net,big_bets_per_100",
        "Hero,pokerstars,stud8,chips,2,-10.00,-10.0",
        "Player0,pokerstars,stud8,chips,2,-10.00,-10.0",
        "Player1,pokerstars,stud8,chips,2,-80.00,-80.0",
        "Player2,pokerstars,stud8,chips,2,160.00,160.0",
        "Player3,pokerstars,stud8,chips,2,-30.00,-30.0",
        "Player4,pokerstars,stud8,chips,2,160.00,160.0",
        "Player5,pokerstars,stud8,chips,2,-180.00,-180.0",
        "Player6,pokerstars,stud8,chips,2,-10.00,-10.0",
    ]


def test_cash_hands_only(db: Path) -> None:
    assert stats(db, "--kind", "cash", "--columns", "hands,net,big_bets_per_100") == [
        "player,site,game,unit,hands,net,big_bets_per_100",
        "Arbelvan,pokerstars,stud8,USD,25,-1.85,-37.0",
        "Arfin87,pokerstars,stud8,USD,25,0.55,11.0",
        "druyelpa2,pokerstars,stud8,USD,2,-0.04,-10.0",
        "Hero,pokerstars,stud8,USD,25,-0.08,-1.6",
        "lolo,pokerstars,stud8,USD,25,3.99,79.8",
        "mirozen23,pokerstars,stud8,USD,23,-1.54,-33.48",
        "Tamyel25,pokerstars,stud8,USD,25,-1.98,-39.6",
    ]  # names in order without regard to case


def test_both_kinds_without_the_option_and_per_street(db: Path) -> None:
    assert len(stats(db, "--columns", "hands")) == 1 + 8 + 7
    streets = stats(db, "--kind", "tournament", "--streets", "--player", "Player2", "--columns", "hands,saw")
    assert streets == ["player,site,game,street,hands,saw", "Player2,pokerstars,stud8,3rd,2,2",
                       "Player2,pokerstars,stud8,4th,2,2", "Player2,pokerstars,stud8,5th,2,2",
                       "Player2,pokerstars,stud8,6th,2,2", "Player2,pokerstars,stud8,7th,2,2"]


@pytest.mark.parametrize("command", ["stats", "report"])
def test_an_unknown_kind_is_one_line(db: Path, command: str) -> None:
    result = runner.invoke(app, [command, "--db", str(db), "--kind", "sng"])
    assert result.exit_code == 2
    assert result.output == "error: unknown kind 'sng': use one of cash, tournament\n"


def test_report_by_kind(db: Path, tmp_path: Path) -> None:
    out = tmp_path / "r.html"
    result = runner.invoke(app, ["report", "--db", str(db), "--player", "Player2", "--kind", "tournament",
                                 "-o", str(out)])
    assert result.exit_code == 0, result.output
    assert "Player2" in out.read_text()
    cash = runner.invoke(app, ["report", "--db", str(db), "--player", "Player2", "--kind", "cash",
                               "-o", str(out)])
    assert cash.exit_code == 2
    assert cash.output == "error: no hands of player 'Player2' in all games, cash hands only\n"
