"""The ``studbook`` command and ``python -m studbook``: the command line, loaded so that Ctrl-C while it
loads (typer, DuckDB and the commands' modules: a few hundred milliseconds, longer on a busy machine)
ends as Ctrl-C in a command does (typer's way: status 130, nothing printed). A KeyboardInterrupt raised
inside an import can leave a half-made module, or abort the process in a C extension's start-up
(DuckDB's), so while loading, Ctrl-C is noted and acted on once the modules are whole."""

from __future__ import annotations

import signal

from studbook.interrupts import INTERRUPTED


def main() -> None:
    pressed: list[int] = []
    previous = signal.signal(signal.SIGINT, lambda number, _: pressed.append(number))
    try:
        from studbook.cli import main as command_line
    finally:
        signal.signal(signal.SIGINT, previous)
    if pressed and previous is not signal.SIG_IGN:
        raise SystemExit(INTERRUPTED)
    command_line()


if __name__ == "__main__":
    main()
