"""Every command's --help renders (help texts hold brackets such as SMALL/BIG[/ANTE])."""

from __future__ import annotations

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
