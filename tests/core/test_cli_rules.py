"""`studbook rules`: the rulebook at the command line, and the rule titles and texts audit prints."""

from __future__ import annotations

from helpers.paths import HISTORIES
from helpers.paths import ROOT
from typer.testing import CliRunner

from studbook.cli import app

runner = CliRunner()


def test_lists_every_rule_by_section() -> None:
    result = runner.invoke(app, ["rules"])
    assert result.exit_code == 0, result.output
    assert "Rules of every stud game" in result.output
    assert "  C27    show order at showdown" in result.output
    assert "  Z17    figuras  (--rule figuras_includes_two_pair)" in result.output
    assert "  Z19    stripped decks change the order  (--rule flush_beats_full_at_or_below, " in result.output
    assert "  T5     highest cards speak, highest suit first" in result.output


def test_one_rule_with_its_text_source_and_setting_values() -> None:
    result = runner.invoke(app, ["rules", "max_raises", "--preset", "wsop-la", "--game", "stud"])
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    assert lines[0] == "C17: raise cap  (Rules of every stud game)"
    assert "Source: Robert's Rules of Poker, betting; WSOP Live Action rule 126" in result.output
    assert "  --rule max_raises: raises allowed after the bet or completion (limit)" in lines
    assert "    values: a number, 0 or more" in lines
    assert "    now (with preset wsop-la): stud 4 (preset wsop-la)" in lines


def test_a_rule_without_a_game_shows_every_games_value() -> None:
    result = runner.invoke(app, ["rules", "Z13"])
    assert result.exit_code == 0, result.output
    assert "stud false (default)" in result.output and "descubierto true (game descubierto)" in result.output
    words = " ".join(result.output.split())
    assert '"si, en alguna de la rondas, todos los jugadores pasan, gana las apuestas' in words  # verbatim


def test_the_rule_set_of_stud8_under_the_house_card() -> None:
    result = runner.invoke(app, ["rules", "--game", "stud8", "--preset", "stud8-card"])
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    assert lines[0] == "Seven Card Stud Hi/Lo 8-or-better (stud8), preset stud8-card"
    settings = {line.split()[0]: line.split() for line in lines if line.startswith("  ") and "_" in line}
    assert settings["board_tie_break"][1] == "suit"
    assert settings["board_tie_break"][-2:] == ["preset", "stud8-card"]
    assert settings["max_players"][1] == "6"
    headsup = settings["headsup_uncapped"]
    assert headsup[1:2] + headsup[-2:] == ["never", "preset", "stud8-card"]  # T3: the cap holds heads-up
    assert "figuras_includes_two_pair" not in settings  # a descubierto setting does not judge stud8
    assert "The Stud8 house card (Spanish Stud High-Low):" in lines and "Razz and 2-7 Razz:" not in lines


def test_a_site_and_a_rule_change_the_values() -> None:
    result = runner.invoke(app, ["rules", "--game", "stud", "--site", "pokerstars", "--rule", "max_raises=4"])
    assert result.exit_code == 0, result.output
    settings = {line.split()[0]: line.split() for line in result.output.splitlines() if line.startswith("  ")}
    assert settings["headsup_uncapped"][1] == "never"
    assert settings["headsup_uncapped"][-2:] == ["site", "pokerstars"]
    assert settings["max_raises"][1] == "4" and settings["max_raises"][-1] == "--rule"


def test_bad_names_and_options_are_one_line_errors() -> None:
    for args, message in ((["rules", "C99"], "no rule or setting 'C99' (did you mean C9?)"),
                          (["rules", "--game", "holdem"], "unknown game 'holdem'"),
                          (["rules", "--preset", "wsop"], "unknown preset 'wsop'"),
                          (["rules", "--site", "zynga"], "unknown site 'zynga'"),
                          (["rules", "--game", "stud", "--rule", "max_raise=4"], "did you mean max_raises?")):
        result = runner.invoke(app, args)
        assert result.exit_code == 2 and message in result.output, args
        assert "Traceback" not in result.output


def test_markdown_is_docs_rules_md() -> None:
    result = runner.invoke(app, ["rules", "--markdown"])
    assert result.exit_code == 0
    assert result.output == (ROOT / "docs" / "rules.md").read_text(encoding="utf-8")


def test_audit_names_each_rule_and_explains_it() -> None:
    args = ["audit", str(HISTORIES / "descubierto-2024-11-15.txt"), "--hand", "1115-14",
            "--rule", "flush_beats_full_at_or_below=0"]
    plain = runner.invoke(app, args)
    assert plain.exit_code == 1
    assert "error award-mismatch [Z15 the best hand takes the pot]: Javi gets 0 in the log" in plain.output
    assert "After the last round the players still in" not in plain.output
    explained = runner.invoke(app, [*args, "--explain"])
    lines = explained.output.splitlines()
    cited = next(i for i, line in enumerate(lines) if "[Z15 the best hand takes the pot]: Javi" in line)
    assert lines[cited + 1].startswith("      After the last round the players still in turn up their hidden")
