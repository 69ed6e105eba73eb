"""The ``studbook`` command's entry (``python -m studbook``): Ctrl-C while the command line is still loading
ends it with status 130 and no traceback, as Ctrl-C in a command does."""

from __future__ import annotations

import signal
import subprocess
import sys
import time
import types
from collections.abc import Iterator
from pathlib import Path

import pytest
from helpers.paths import HISTORIES

from studbook import __main__ as entry
from studbook.analytics.importer import run_import
from studbook.cli.errors import interrupted_queries


class Interrupted(types.ModuleType):
    """``studbook.cli`` as Ctrl-C finds it half loaded: the signal arrives during the import."""

    def __getattr__(self, name: str) -> object:
        signal.raise_signal(signal.SIGINT)
        return lambda: pytest.fail("the command ran although Ctrl-C was pressed while it loaded")


@pytest.fixture
def ctrl_c_as_in_a_terminal() -> Iterator[None]:
    """Ctrl-C handled as Python handles it in a terminal, whatever this suite was started with (a shell's
    background job, for one, starts with SIGINT ignored)."""
    before = signal.signal(signal.SIGINT, signal.default_int_handler)
    yield
    signal.signal(signal.SIGINT, before)


@pytest.mark.usefixtures("ctrl_c_as_in_a_terminal")
def test_ctrl_c_while_the_command_line_loads_is_status_130(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "studbook.cli", Interrupted("studbook.cli"))
    with pytest.raises(SystemExit) as ended:
        entry.main()
    assert ended.value.code == entry.INTERRUPTED
    assert signal.getsignal(signal.SIGINT) is signal.default_int_handler


def test_ctrl_c_is_left_ignored_where_it_was(monkeypatch: pytest.MonkeyPatch) -> None:
    """A command started with SIGINT ignored (a shell's background job) is not ended by one."""
    monkeypatch.setitem(sys.modules, "studbook.cli", Interrupted("studbook.cli"))
    before = signal.signal(signal.SIGINT, signal.SIG_IGN)
    try:
        with pytest.raises(pytest.fail.Exception):
            entry.main()
        assert signal.getsignal(signal.SIGINT) is signal.SIG_IGN
    finally:
        signal.signal(signal.SIGINT, before)


def test_ctrl_c_in_a_query_of_a_command_is_status_130() -> None:
    with pytest.raises(SystemExit) as ended, interrupted_queries():
        raise RuntimeError("Query interrupted")
    assert ended.value.code == 130
    with pytest.raises(RuntimeError, match="other"), interrupted_queries():
        raise RuntimeError("other")


def test_it_runs_the_command_line() -> None:
    done = subprocess.run([sys.executable, "-m", "studbook", "--version"], capture_output=True, text=True,
                          check=False)
    assert done.returncode == 0 and done.stdout.startswith("studbook ")


@pytest.mark.parametrize("after", [0.5, 0.8, 1.2, 2.0])
def test_ctrl_c_at_any_moment_of_a_start_is_no_traceback(after: float, tmp_path: Path) -> None:
    """From when studbook's first module runs (Python's own start-up, before it, is left to Python)."""
    db = tmp_path / "home.duckdb"
    run_import([HISTORIES / "descubierto-2024-11-15.txt"], db)
    process = subprocess.Popen([sys.executable, "-m", "studbook", "serve", "--db", str(db), "--port", "0"],
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                               preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))
    try:
        time.sleep(after)
        process.send_signal(signal.SIGINT)
        out, err = process.communicate(timeout=30)
    finally:
        process.kill()  # a server that Ctrl-C did not stop does not outlive the test
        process.wait()
    assert "Traceback" not in err and "KeyboardInterrupt" not in err, err
    assert process.returncode in (0, 130, -signal.SIGINT)  # -SIGINT: ended by it (a shell: 130)
