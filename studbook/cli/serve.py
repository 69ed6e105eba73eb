"""``studbook serve``: the database in a browser (reports/serve/, docs/serve.md).

It listens on 127.0.0.1 unless told another host; then every browser must bring the token printed at
start (the address printed carries it). With ``--watch DIR`` it runs ``studbook import --watch`` beside it,
as a process of its own, so the live table follows the hands a poker client writes.
"""

from __future__ import annotations

import secrets
import signal
import subprocess
import sys
import threading
import webbrowser
from pathlib import Path
from typing import TYPE_CHECKING
from typing import Annotated

import typer

from studbook.analytics.db import DEFAULT_DB
from studbook.cli.errors import UserError
from studbook.cli.errors import user_errors
from studbook.cli.options import Db
from studbook.cli.options import LakeOption
from studbook.interrupts import INTERRUPTED

if TYPE_CHECKING:
    import uvicorn

DEFAULT_PORT = 8765
MAX_PORT = 65535


def _watcher(folders: list[str], db: Path, interval: float) -> subprocess.Popen:
    command = [sys.executable, "-c", "from studbook.cli import main; main()", "import", *folders, "--watch",
               "--db", str(db), "--interval", str(interval)]
    return subprocess.Popen(command, stdin=subprocess.DEVNULL)


def _stop(process: subprocess.Popen) -> None:
    """End the watching import as Ctrl-C does (it finishes its batch and prints its summary)."""
    if process.poll() is None:
        process.send_signal(signal.SIGINT)
        try:
            process.wait(timeout=30)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()


def serve_command(
    db: Db = Path(DEFAULT_DB),
    lake: LakeOption = None,
    host: Annotated[str, typer.Option("--host",
                                      help="Address to listen on; any but loopback asks for a token.")]
    = "127.0.0.1",
    port: Annotated[int, typer.Option("--port", min=0, help="Port (0: any free one).")] = DEFAULT_PORT,
    open_browser: Annotated[bool, typer.Option("--open", help="Open the address in a browser.")] = False,
    watch: Annotated[list[str] | None, typer.Option(
        "--watch", metavar="DIR",
        help="Also import what is written to this folder (import --watch), for the live table.")]
    = None,
    interval: Annotated[float, typer.Option("--interval", min=0.05, help="Seconds between looks (--watch).")]
    = 2.0,
) -> None:
    """Browse the database: players, sessions, hands and their replays, rejects, and a live table."""
    ctrl_c = CtrlC()
    previous = signal.signal(signal.SIGINT, ctrl_c)
    try:
        _serve(ctrl_c, db, lake, host, port, open_browser, watch, interval)
    finally:
        signal.signal(signal.SIGINT, previous)


class CtrlC:
    """Ctrl-C, noted from the command's first moment: while it opens the database (where a KeyboardInterrupt
    would stop a DuckDB query midway) it ends the command once the step in hand is done; once the server
    exists, it stops the server (at once if it has not started; uvicorn's own handler does the same while
    it serves)."""

    def __init__(self) -> None:
        self.pressed = False
        self.server: uvicorn.Server | None = None

    def __call__(self, *_: object) -> None:
        self.pressed = True
        if self.server is not None:
            self.server.should_exit = True

    def check(self) -> None:
        if self.pressed:
            raise typer.Exit(INTERRUPTED)


def _serve(ctrl_c: CtrlC, db: Path, lake: str | None, host: str, port: int, open_browser: bool,
           watch: list[str] | None, interval: float) -> None:
    with user_errors():
        from studbook.reports.serve.access import Source
        from studbook.reports.serve.app import ServeApp
        from studbook.reports.serve.server import address
        from studbook.reports.serve.server import bind
        from studbook.reports.serve.server import is_loopback
        from studbook.reports.serve.server import server

        if port > MAX_PORT:
            raise UserError(f"--port {port} is not a port: 0 to {MAX_PORT}")
        if watch and lake is not None:
            raise UserError("--watch imports into a database: give --db, not --lake")
        ctrl_c.check()
        watcher = None
        if watch:
            missing = [folder for folder in watch if not Path(folder).exists()]
            if missing:
                raise UserError(f"no such file or folder: {', '.join(missing)}")
            watcher = _watcher(watch, db, interval)
        source = None
        try:
            source = Source(db, lake)
            if not watch:
                source.check()
            loopback = is_loopback(host)
            token = None if loopback else secrets.token_urlsafe(24)
            sock = bind(host, port)
            ctrl_c.check()
        except BaseException:
            if watcher is not None:
                _stop(watcher)
            if source is not None:
                source.close()
            raise
    app = ServeApp(source, token, loopback)
    ctrl_c.server = serving = server(app.app)
    warming = threading.Thread(target=app.warm, daemon=True)
    try:
        url = address(sock) + (f"?token={token}" if token else "")
        typer.echo(f"studbook serve: {url}  ({source.name}; Ctrl-C stops)")
        if token:
            typer.echo("listening beyond this machine: a browser needs the token the address carries")
        warming.start()
        if open_browser:
            threading.Timer(0.5, webbrowser.open, [url]).start()
        serving.run(sockets=[sock])
    finally:
        if warming.ident is not None:
            warming.join()  # its query ends before the database closes: DuckDB aborts the process otherwise
        if watcher is not None:
            _stop(watcher)
        source.close()
