"""A player is (site, name); ``alias`` joins one person's players across sites, and ``--player`` takes a
name, SITE:NAME or an alias."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from helpers.importing import import_into
from helpers.importing import runner

from studbook.cli import app
from studbook.simulate import Setup
from studbook.simulate import Simulator
from studbook.writers import SEPARATORS
from studbook.writers import WRITERS


@pytest.fixture
def db(tmp_path: Path) -> Path:
    """Hero plays on PokerStars (stud) and at a studbook home game (descubierto)."""
    for game, fmt in (("stud", "pokerstars"), ("descubierto", "studbook")):
        hands = Simulator(Setup(game=game, players=4, seed=5, fmt=fmt)).hands(12)
        (tmp_path / f"{game}.txt").write_text(SEPARATORS[fmt].join(WRITERS[fmt](h.hand) for h in hands),
                                              encoding="utf-8")
    import_into(tmp_path / "a.duckdb", tmp_path / "stud.txt", tmp_path / "descubierto.txt")
    return tmp_path / "a.duckdb"


def rows(db: Path, *args: str) -> list[dict]:
    result = runner.invoke(app, [*args, "--db", str(db), "--format", "json"])
    assert result.exit_code == 0, result.output
    return json.loads(result.stdout)


def heroes(db: Path) -> dict[tuple[str, str], int]:
    return {(row["player"], row["site"]): row["hands"] for row in rows(db, "players")
            if row["player"] in ("Hero", "Me")}


def test_the_same_name_on_two_sites_is_two_players(db: Path) -> None:
    assert heroes(db) == {("Hero", "pokerstars"): 12, ("Hero", "studbook"): 12}
    assert {(row["site"], row["game"]) for row in rows(db, "stats", "--player", "Hero")} == {
        ("pokerstars", "stud"), ("studbook", "descubierto")}
    assert {row["site"] for row in rows(db, "stats", "--player", "studbook:Hero")} == {"studbook"}
    out = str(db.parent / "r.html")
    report = runner.invoke(app, ["report", "--db", str(db), "--player", "Hero", "-o", out])
    assert report.exit_code == 2 and "'Hero' is more than one player" in report.stderr


def test_an_alias_joins_them_everywhere(db: Path) -> None:
    added = runner.invoke(app, ["alias", "add", "Me", "pokerstars:Hero", "studbook:Hero", "--db", str(db)])
    assert added.exit_code == 0, added.output
    assert heroes(db) == {("Me", "alias"): 24}
    assert rows(db, "alias", "list") == [{"alias": "Me", "site": "pokerstars", "player": "Hero", "hands": 12},
                                         {"alias": "Me", "site": "studbook", "player": "Hero", "hands": 12}]
    stats = rows(db, "stats", "--player", "Me")
    assert {(row["player"], row["site"], row["game"]) for row in stats} >= {("Me", "alias", "stud"),
                                                                             ("Me", "alias", "descubierto")}
    for player in ("Me", "Hero", "pokerstars:Hero"):  # each selects the alias's hands
        report = runner.invoke(app, ["report", "--db", str(db), "--player", player,
                                     "-o", str(db.parent / "r.html")])
        assert report.exit_code == 0, report.output
    removed = runner.invoke(app, ["alias", "remove", "Me", "studbook:Hero", "--db", str(db)])
    assert removed.exit_code == 0
    assert heroes(db) == {("Me", "alias"): 12, ("Hero", "studbook"): 12}
    assert runner.invoke(app, ["alias", "remove", "Me", "--db", str(db)]).exit_code == 0
    assert rows(db, "alias", "list") == []


@pytest.mark.parametrize(("args", "message"), [
    (["add", "Me", "Hero"], "'Hero' is not SITE:PLAYER"),
    (["add", "Me", "fulltilt:Hero"], "no hands of fulltilt:Hero"),
    (["remove", "Nobody"], "no alias 'Nobody'"),
])
def test_alias_mistakes_are_one_line(db: Path, args: list[str], message: str) -> None:
    result = runner.invoke(app, ["alias", *args, "--db", str(db)])
    assert result.exit_code == 2 and len(result.stderr.splitlines()) == 1 and message in result.stderr


def test_a_player_is_in_one_alias_at_most(db: Path) -> None:
    assert runner.invoke(app, ["alias", "add", "Me", "pokerstars:Hero", "--db", str(db)]).exit_code == 0
    result = runner.invoke(app, ["alias", "add", "You", "pokerstars:Hero", "--db", str(db)])
    assert result.exit_code == 2 and "already in alias 'Me'" in result.stderr


def test_one_name_of_an_alias_is_shown_as_that_name(db: Path) -> None:
    """Its rows hold that name's hands, not the alias's: they are labelled with the name, and a note
    says whose name it is."""
    assert runner.invoke(app, ["alias", "add", "Me", "pokerstars:Hero", "studbook:Hero", "--db", str(db)]
                         ).exit_code == 0
    for args in (("stats",), ("stats", "--streets")):
        shown = rows(db, *args, "--player", "pokerstars:Hero")
        assert {(row["player"], row["site"], row["game"]) for row in shown} == {
            ("Hero", "pokerstars", "stud")}
    assert [row["hands"] for row in rows(db, "stats", "--player", "pokerstars:Hero")] == [12]
    result = runner.invoke(app, ["stats", "--db", str(db), "--player", "pokerstars:Hero"])
    assert "pokerstars:Hero: the hands of that name only; it is one of the names of Me" in result.stderr
    joined = rows(db, "stats", "--player", "Me")  # dollars and chips: no row over both
    assert {(row["player"], row["site"], row["game"], row["hands"]) for row in joined} == {
        ("Me", "alias", "stud", 12), ("Me", "alias", "descubierto", 12)}
    both = rows(db, "stats", "--player", "Hero")  # the name on either site: each site's rows
    assert {(row["player"], row["site"]) for row in both} == {("Hero", "pokerstars"), ("Hero", "studbook")}
    assert "one of the names" not in runner.invoke(app, ["stats", "--db", str(db), "--player", "Me"]).stderr


def test_players_name_each_player_as_player_takes_it(db: Path) -> None:
    """The names column says how --player and alias add name a player: SITE:NAME, or an alias's names."""
    assert all(row["names"] == f"{row['site']}:{row['player']}" for row in rows(db, "players"))
    assert runner.invoke(app, ["alias", "add", "Me", "pokerstars:Hero", "studbook:Hero", "--db", str(db)]
                         ).exit_code == 0
    me = [row for row in rows(db, "players") if row["site"] == "alias"]
    assert [row["names"] for row in me] == ["pokerstars:Hero, studbook:Hero"]
