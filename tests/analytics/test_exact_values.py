"""Every value prints exactly as written: brackets are not rich markup, controls are shown as escapes."""

from __future__ import annotations

import io
from pathlib import Path

import polars as pl
import pytest
from helpers.hostile_log import renamed
from helpers.importing import import_into
from typer.testing import CliRunner

from studbook.cli import app

runner = CliRunner()
MARKUP = "a[/b]c"
STYLED = "[bold red]x[/]"
RTL = "\u202eliveDdaoR"


@pytest.fixture(scope="module")
def db(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("exact")
    log = folder / "names.txt"
    log.write_text(renamed(MARKUP, STYLED), encoding="utf-8")
    other = folder / "rtl.txt"
    other.write_text(renamed(RTL, "=HYPERLINK(1)").replace("35874487284", "35874487285"), encoding="utf-8")
    import_into(folder / "names.duckdb", log, other)
    return folder / "names.duckdb"


@pytest.mark.parametrize("command", [["players"], ["stats"], ["stats", "--player", MARKUP]])
def test_names_with_brackets_print_as_written(db: Path, command: list[str]) -> None:
    result = runner.invoke(app, [*command, "--db", str(db)])
    assert result.exit_code == 0, result.output
    assert MARKUP in result.stdout and (STYLED in result.stdout or command[-1] == MARKUP)


def test_query_values_and_column_names_print_as_written(db: Path) -> None:
    result = runner.invoke(app, ["query", "SELECT '[/x]' AS \"[b]\", '[bold red]x[/]' AS v", "--db", str(db)])
    assert result.exit_code == 0, result.output
    assert "[/x]" in result.stdout and "[b]" in result.stdout and "[bold red]x[/]" in result.stdout


def test_bidi_controls_are_shown_as_escapes(db: Path) -> None:
    result = runner.invoke(app, ["players", "--db", str(db)])
    assert "\\u202eliveDdaoR" in result.stdout and "\u202e" not in result.stdout


def test_csv_neutralises_formulas_but_not_numbers(db: Path) -> None:
    result = runner.invoke(app, ["players", "--db", str(db), "--format", "csv"])
    players = pl.read_csv(io.StringIO(result.stdout))["player"].to_list()
    assert "'=HYPERLINK(1)" in players and "=HYPERLINK(1)" not in players
    result = runner.invoke(app, ["query", "SELECT -5 AS n, '-5' AS s, '@x' AS a, 'ok' AS b",
                                 "--db", str(db), "--format", "csv"])
    assert result.stdout.splitlines() == ["n,s,a,b", "-5,'-5,'@x,ok"]
