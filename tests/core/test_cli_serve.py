"""``studbook serve`` as a user starts it: it prints its address and serves there, Ctrl-C ends it quietly,
and a mistake (no database, a port taken, --watch with --lake) is one line and exit status 2."""

from __future__ import annotations

import re
import signal
import socket
import subprocess
import sys
import urllib.request
from collections.abc import Iterator
from pathlib import Path

import pytest
from helpers.paths import HISTORIES

from studbook.analytics.importer import run_import

STUDBOOK = [sys.executable, "-c", "from studbook.cli import main; main()"]


@pytest.fixture(scope="module")
def db(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("serve-cli") / "home.duckdb"
    run_import([HISTORIES / "descubierto-2024-11-15.txt"], path)
    return path


@pytest.fixture
def serving(db: Path) -> Iterator[tuple[subprocess.Popen, str]]:
    process = subprocess.Popen([*STUDBOOK, "serve", "--db", str(db), "--port", "0"], stdout=subprocess.PIPE,
                               stderr=subprocess.PIPE, text=True)
    assert process.stdout is not None
    line = process.stdout.readline()
    found = re.match(r"studbook serve: (http://127\.0\.0\.1:\d+/)  \((.*); Ctrl-C stops\)$", line)
    assert found, line
    assert found[2] == str(db)
    yield process, found[1]
    if process.poll() is None:
        process.kill()
        process.wait()


def test_it_serves_at_the_address_it_prints_and_ctrl_c_ends_it(serving: tuple[subprocess.Popen, str]) -> None:
    process, url = serving
    with urllib.request.urlopen(url + "hands", timeout=60) as answer:
        assert answer.status == 200 and "1115-01" in answer.read().decode()
    process.send_signal(signal.SIGINT)
    out, err = process.communicate(timeout=30)
    assert process.returncode == 0
    assert "Traceback" not in err and "Traceback" not in out


def run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([*STUDBOOK, "serve", *args], capture_output=True, text=True, timeout=120)


def test_no_database_is_one_line(tmp_path: Path) -> None:
    done = run("--db", str(tmp_path / "none.duckdb"), "--port", "0")
    assert done.returncode == 2
    assert done.stderr == f"error: no database at {tmp_path / 'none.duckdb'}: run `studbook import PATH... " \
                          f"--db {tmp_path / 'none.duckdb'}` first\n"
    assert not (tmp_path / "none.duckdb").exists()


def test_a_port_in_use_is_one_line(db: Path) -> None:
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        done = run("--db", str(db), "--port", str(port))
    assert done.returncode == 2
    assert done.stderr.startswith(f"error: cannot listen on 127.0.0.1 port {port}: ") and \
        done.stderr.count("\n") == 1


def test_watch_goes_with_a_database(db: Path, tmp_path: Path) -> None:
    done = run("--lake", str(tmp_path), "--watch", str(tmp_path))
    assert done.returncode == 2
    assert done.stderr == "error: --watch imports into a database: give --db, not --lake\n"
