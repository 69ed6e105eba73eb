"""`studbook showdown`: ranking hands from the command line."""

from __future__ import annotations

from typer.testing import CliRunner

from studbook.cli import app

runner = CliRunner()


def test_descubierto_figuras_example_from_the_issue() -> None:
    result = runner.invoke(
        app, ["showdown", "--game", "descubierto", "Ac Ad Kh Qs Jc", "Ah Kc Qd Jd Js", "Qh Qc Tc Td As"]
    )
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    assert lines[0].startswith("#1") and "figuras, A-A-K-Q-J" in lines[0]
    assert "two pair, Queens and Tens" in lines[2]
    assert lines[-1] == "high: #1 wins"


def test_stud8_split_and_no_low_scoop() -> None:
    split = runner.invoke(app, ["showdown", "-g", "stud8", "As Ah Kc Kd 7s 9c Qd", "8c 6d 4h 3s 2c Kh Ks"])
    assert split.exit_code == 0, split.output
    assert "high: #1 wins" in split.output and "low: #2 wins" in split.output
    scoop = runner.invoke(app, ["showdown", "-g", "stud8", "As Ah Kc Kd 7s 9c Qd", "Tc Td 4h 3s 9h Kh Ks"])
    assert "low: no hand qualifies; the high hand takes the whole pot" in scoop.output


def test_razz_tie_is_a_split() -> None:
    result = runner.invoke(
        app, ["showdown", "-g", "razz", "7c 5d 4h 3s 2c", "7d 5h 4s 3c 2d", "7h 6c 3d 2h Ac"]
    )
    assert result.exit_code == 0
    assert result.output.splitlines()[-1] == "low: #1 and #2 split"


def test_bad_input_is_a_message_not_a_traceback() -> None:
    for args in (
        ["showdown", "Xx Ah"],
        ["showdown", "As Ah", "As Kd"],
        ["showdown", "-g", "omaha", "As"],
        ["showdown", "--rule", "max_raise=3", "As"],
    ):
        result = runner.invoke(app, args)
        assert result.exit_code == 2, args
        assert "Traceback" not in result.output
        assert not isinstance(result.exception, ValueError | KeyError)


def test_cards_given_unquoted_are_said_to_be_hands_of_one_card() -> None:
    result = runner.invoke(app, ["showdown", "Ac", "Kd", "Qh", "Js", "Tc"])
    assert result.exit_code == 0
    assert result.stderr.splitlines() == [
        'note: each argument is a hand, so these are 5 hands of one card each; to rank one hand, quote its '
        'cards together: "Ac Kd Qh Js Tc"']
    quoted = runner.invoke(app, ["showdown", "Ac Kd Qh Js Tc", "2s 2d 7c 7d 9h"])
    assert quoted.exit_code == 0 and quoted.stderr == ""
