"""Progress on a terminal: ``import`` by bytes read, with hands/s and the time left; ``simulate`` by hands."""

from __future__ import annotations

import io
from pathlib import Path

from helpers.hostile_log import LOG
from rich.console import Console
from typer.testing import CliRunner

from studbook.analytics.importer import run_import
from studbook.cli import app
from studbook.cli.import_progress import ImportProgress

TERMINAL = {"TTY_COMPATIBLE": "1", "COLUMNS": "160"}  # rich draws its bar as on a terminal


def test_the_bar_moves_by_bytes_and_ends_full(tmp_path: Path) -> None:
    copies = [LOG.replace("35874487284", str(number)) for number in range(1, 6)]
    texts = {"a.txt": LOG, "b.txt": "\n\n\n".join(copies)}
    files = []
    for name, text in texts.items():
        (tmp_path / name).write_text(text, encoding="utf-8")
        files.append(tmp_path / name)
    console = Console(file=io.StringIO(), force_terminal=True, width=160)
    seen: list[float] = []
    with ImportProgress(files, console) as progress:
        task = progress.progress.tasks[0]

        def unit(result):
            progress.unit(result)
            seen.append(task.completed)

        run_import(files, tmp_path / "p.duckdb", chunk_size=2, on_unit=unit)
    total = sum(path.stat().st_size for path in files)
    assert task.total == total and seen[-1] == total
    # units of 2 blocks: a.txt (1 hand) with b.txt's first chunk, then b.txt's other two chunks
    assert len(seen) == 3 and seen == sorted(seen) and 0 < seen[0] < seen[1] < total
    assert progress.hands == 6


def test_import_and_simulate_show_progress_on_a_terminal(tmp_path: Path) -> None:
    runner = CliRunner()
    result = runner.invoke(app, ["simulate", "-n", "30", "-o", str(tmp_path / "s.txt")], env=TERMINAL)
    assert result.exit_code == 0 and "simulating" in result.stderr and "30/30" in result.stderr
    result = runner.invoke(app, ["import", str(tmp_path / "s.txt"), "--db", str(tmp_path / "s.duckdb")],
                           env=TERMINAL)
    assert result.exit_code == 0
    for shown in ("importing", "kB", "30 hands", "hands/s", "left"):
        assert shown in result.stderr, shown
    plain = runner.invoke(app, ["simulate", "-n", "3", "-o", str(tmp_path / "t.txt")],
                          env={"TTY_COMPATIBLE": "0"})
    assert "simulating" not in plain.stderr  # not on a terminal: no bar


def test_the_bar_fits_an_80_column_terminal_on_one_line(tmp_path: Path) -> None:
    """Every count at its widest (gigabytes, a million hands, hours): one line of at most 80 columns, as
    rich redraws it in place; a line that wraps leaves a copy of itself at every refresh."""
    log = tmp_path / "a.txt"
    log.write_text(LOG, encoding="utf-8")
    console = Console(file=io.StringIO(), force_terminal=True, width=80, color_system=None)
    progress = ImportProgress([log], console)
    progress.progress.update(progress.task, total=12_345_678_901, completed=3_456_789_012, hands=1_234_567,
                             rate=12_345.0)
    with console.capture() as drawn:
        console.print(progress.progress.get_renderable())
    [line] = drawn.get().splitlines()
    assert len(line) <= 80 and "1,234,567 hands" in line and "3.5/12.3 GB" in line and "left" in line
