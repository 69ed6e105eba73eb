"""``audit`` prints names exactly as the log writes them: brackets are text, controls are escapes."""

from __future__ import annotations

from pathlib import Path

from helpers.hostile_log import renamed
from typer.testing import CliRunner

from studbook.cli import app


def test_audit_prints_bracketed_and_bidi_names_as_written(tmp_path: Path) -> None:
    log = tmp_path / "names.txt"
    log.write_text(renamed("a[/b]c", "\u202eliveDdaoR [bold red]x[/]"), encoding="utf-8")
    result = CliRunner().invoke(app, ["audit", str(log)])
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
    assert "a[/b]c" in result.stdout
    assert "\\u202eliveDdaoR [bold red]x[/]" in result.stdout and "\u202e" not in result.stdout
