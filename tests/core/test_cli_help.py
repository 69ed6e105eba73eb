"""Every command's --help renders (help texts hold brackets such as SMALL/BIG[/ANTE])."""

from __future__ import annotations

import re

import pytest
from typer.main import get_command
from typer.testing import CliRunner

from studbook.cli import app

runner = CliRunner()
COMMANDS = sorted(get_command(app).commands)  # type: ignore[attr-defined]


def test_all_documented_commands_exist() -> None:
    expected = {"parse", "audit", "showdown", "import", "stats", "players", "rejects", "query", "export",
                "report", "replay", "simulate"}
    assert expected <= set(COMMANDS)


@pytest.mark.parametrize("command", COMMANDS)
def test_help_renders(command: str) -> None:
    result = runner.invoke(app, [command, "--help"], prog_name="studbook")
    assert result.exit_code == 0, result.output
    assert result.output.startswith(f"Usage: studbook {command} [OPTIONS]")


@pytest.mark.parametrize("command", ["", *COMMANDS])
def test_help_is_plain_at_80_columns(command: str) -> None:
    result = runner.invoke(app, [*command.split(), "--help"], prog_name="studbook", env={"COLUMNS": "80"})
    assert result.exit_code == 0
    for typer_notation in ("{", "<", "`", "list[", " range"):
        assert typer_notation not in result.output, (command, typer_notation)
    assert max(map(len, result.output.splitlines())) <= 80


def test_the_command_list_shows_each_summary_whole() -> None:
    listing = " ".join(runner.invoke(app, ["--help"], env={"COLUMNS": "80"}).output.split())
    group = get_command(app)
    for name in COMMANDS:
        summary = group.commands[name].help.split("\n\n")[0]  # type: ignore[attr-defined]
        assert f"{name} {' '.join(summary.split())}" in listing


def test_version_names_the_version() -> None:
    from importlib.metadata import version

    result = runner.invoke(app, ["--version"])
    assert result.exit_code == 0 and result.output.startswith(f"studbook {version('studbook')}")


def help_text(command: str) -> str:
    """The help of ``command`` with its lines joined, as one reads it (a line may break after a hyphen)."""
    output = runner.invoke(app, [command, "--help"], env={"COLUMNS": "80"}).output
    return " ".join(re.sub(r"-\n\s+", "-", output).split())


@pytest.mark.parametrize("command", COMMANDS)
def test_help_names_only_options_the_command_has(command: str) -> None:
    """``replay --lake`` once said "instead of --db", an option replay does not take."""
    options = {name for param in get_command(app).commands[command].params  # type: ignore[attr-defined]
               for name in (*param.opts, *param.secondary_opts)} | {"--help"}
    text = help_text(command)
    words = [word.strip(".,;:()'\"") for word in text.split()]
    # "--lake" after "import" names the other command's option
    named = {word.split("=")[0] for index, word in enumerate(words)
             if word.startswith("--") and len(word) > 2 and words[index - 1] != "import"}
    assert named <= options, (command, named - options)


def test_import_lake_says_what_a_lake_is() -> None:
    text = help_text("import")
    lake = text[text.index("--lake LAKE"):text.index("--scheduler")]
    assert "written by import --lake" not in lake and "import --lake wrote" not in lake
    assert "Parquet" in lake and "instead of a DuckDB file" in lake


@pytest.mark.parametrize("command", ["report", "stats"])
def test_since_gives_its_format(command: str) -> None:
    assert 'YYYY-MM-DD or "YYYY-MM-DD HH:MM:SS"' in help_text(command)
