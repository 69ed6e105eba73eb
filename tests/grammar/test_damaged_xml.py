"""A damaged game in an XML log costs that game only: the games before and after it are read, the damaged one
is one error at its line (not well-formed, or never closed), for a file with a root (iPoker's ``<session>``)
and for one of loose elements (Merge's ``<description/><game>...``)."""

from __future__ import annotations

from pathlib import Path

import pytest

from studbook.grammar import ParseError
from studbook.grammar import parse_file
from studbook.hand import Hand

IPOKER = "ipoker/cash-5-StudL-USD-0.05-0.10-201111.Sample.with.showdown.xml"
MERGE = "merge/cash-7-StudHL-USD-0.25-0.50-201307.no.null.xml"


def _three_games(corpus: Path, name: str) -> tuple[list[str], list[str], list[str]]:
    """The log cut around its one game: the lines before it, the game's lines, the lines after it."""
    lines = (corpus / name).read_text(encoding="utf-8").splitlines()
    first = next(n for n, line in enumerate(lines) if line.lstrip().startswith("<game "))
    last = next(n for n, line in enumerate(lines) if line.strip() == "</game>")
    return lines[:first], lines[first:last + 1], lines[last + 1:]


def _game(lines: list[str], number: int) -> list[str]:
    """The game again under its own id (a hand id ends with its number)."""
    return [line.replace('gamecode="3013529647"', f'gamecode="301352964{number}"')
            .replace('id="70969727-130"', f'id="70969727-13{number}"') for line in lines]


def _left_open(game: list[str]) -> list[str]:
    """The game with its first empty element left open: the game's end tag no longer matches."""
    at = next(n for n, line in enumerate(game) if "/>" in line)
    return game[:at] + [game[at].replace("/>", ">", 1)] + game[at + 1:]


def _read(tmp_path: Path, lines: list[str]) -> tuple[list[Hand], list[ParseError]]:
    path = tmp_path / "damaged.xml"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    results = list(parse_file(path))
    return ([r for r in results if isinstance(r, Hand)], [r for r in results if isinstance(r, ParseError)])


@pytest.mark.parametrize("name", [IPOKER, MERGE], ids=["ipoker", "merge"])
def test_a_game_that_is_not_well_formed_costs_that_game(tmp_path: Path, corpus: Path, name: str) -> None:
    head, game, tail = _three_games(corpus, name)
    broken = _left_open(_game(game, 2))
    hands, errors = _read(tmp_path, head + _game(game, 1) + broken + _game(game, 3) + tail)
    assert [hand.hand_id[-1] for hand in hands] == ["1", "3"]
    [error] = errors
    start = len(head) + len(game) + 1
    assert error.line > start and f"the <game> of line {start} is not well-formed XML" in error.message
    assert "reading goes on at the next <game>" in error.message


@pytest.mark.parametrize("name", [IPOKER, MERGE], ids=["ipoker", "merge"])
def test_a_game_never_closed_costs_that_game(tmp_path: Path, corpus: Path, name: str) -> None:
    head, game, tail = _three_games(corpus, name)
    hands, errors = _read(tmp_path, head + _game(game, 1) + _game(game, 2)[:-1] + _game(game, 3) + tail)
    assert [hand.hand_id[-1] for hand in hands] == ["1", "3"]
    [error] = errors
    start = len(head) + len(game) + 1
    assert error.line == start
    assert error.message == (f"the <game> of line {start} is not closed before the <game> of line "
                             f"{start + len(game) - 1}: that game is not read")


def test_the_games_after_a_damaged_one_keep_their_lines(tmp_path: Path, corpus: Path) -> None:
    head, game, tail = _three_games(corpus, IPOKER)
    broken = _left_open(_game(game, 2))
    [first, after], _ = _read(tmp_path, head + _game(game, 1) + broken + _game(game, 3) + tail)
    assert after.source.first_line - first.source.first_line == 2 * len(game)
    assert after.source.last_line - after.source.first_line == len(game) - 1


@pytest.mark.parametrize("stakes", ["$-1/$2", "$1e308/$2", "$0.05/$x"])
def test_ipoker_stakes_that_are_not_amounts_are_one_error(tmp_path: Path, corpus: Path, stakes: str) -> None:
    text = (corpus / IPOKER).read_text(encoding="utf-8").replace("$0.05/$0.10", stakes)
    path = tmp_path / "stakes.xml"
    path.write_text(text, encoding="utf-8")
    [error] = list(parse_file(path))
    assert isinstance(error, ParseError) and error.hand_id == "3013529647"
    assert "<gametype>" in error.message and "not an amount" in error.message


def test_an_ipoker_session_without_its_general_is_one_error_per_game(tmp_path: Path, corpus: Path) -> None:
    """The session's ``<general>`` says which game a ``<game>`` is: without it, each game is an error."""
    lines = (corpus / IPOKER).read_text(encoding="utf-8").splitlines()
    start = next(n for n, line in enumerate(lines) if line.strip() == "<general>")
    end = next(n for n, line in enumerate(lines) if line.strip() == "</general>")
    path = tmp_path / "no-general.xml"
    path.write_text("\n".join(lines[:start] + lines[end + 1:]) + "\n", encoding="utf-8")
    [error] = list(parse_file(path))
    assert isinstance(error, ParseError) and error.hand_id == "3013529647"
    assert "the session's <general>" in error.message
