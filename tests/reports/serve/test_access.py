"""The app only reads: it answers while an import holds the database (a page that says so and tries
again), lets an import in between requests, writes no file, and asks for its token when it listens
beyond this machine."""

from __future__ import annotations

import os
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from helpers.serving import BROKEN
from helpers.serving import Served

from studbook.reports.serve.access import Source
from studbook.reports.serve.app import ServeApp
from studbook.reports.serve.scope import Scope

HOLD = """
import sys, duckdb
con = duckdb.connect(sys.argv[1])  # read-write, as an import opens it
print("holding", flush=True)
sys.stdin.readline()
con.close()
"""


def files_of(folder: Path) -> dict[str, tuple[int, int]]:
    return {path.name: (path.stat().st_size, path.stat().st_mtime_ns) for path in sorted(folder.iterdir())}


@pytest.fixture
def holder(site_db: Path) -> Iterator[subprocess.Popen]:
    """Another process with the database open to write, until the test ends."""
    process = subprocess.Popen([sys.executable, "-c", HOLD, str(site_db)], stdin=subprocess.PIPE,
                               stdout=subprocess.PIPE, text=True)
    assert process.stdout is not None and process.stdout.readline() == "holding\n"
    yield process
    if process.poll() is None:
        process.communicate("\n", timeout=30)


def test_a_page_while_an_import_writes_says_so_and_tries_again(served: Served,
                                                               holder: subprocess.Popen) -> None:
    served.app.source.close()
    answer = served.get("/hands")
    assert answer.status == 503
    assert f"is locked by process {holder.pid}" in answer.text and answer.headers["Retry-After"] == "4"
    assert '<meta http-equiv="refresh" content="4">' in answer.text
    assert served.get("/live/table?version=0").status == 204  # the live table keeps what it shows
    holder.communicate("\n", timeout=30)
    assert served.get("/hands").status == 200


def test_an_import_gets_the_database_between_requests(served: Served, site_db: Path) -> None:
    assert served.get("/").status == 200
    extra = site_db.parent / "extra.txt"
    extra.write_text(BROKEN.replace("#99", "#98"), encoding="utf-8")
    done = subprocess.run([sys.executable, "-c", "from studbook.cli import main; main()", "import",
                           str(extra),
                           "--db", str(site_db)], capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    page = served.get("/imports").text
    assert "extra.txt" in page and "rejected blocks 1-2 of 2" in page


def test_the_app_writes_no_file(served: Served, site_db: Path) -> None:
    served.get("/")
    time.sleep(0.5)  # the database closed again
    before = files_of(site_db.parent)
    for path in ("/", "/?sort=vpip", "/player?player=studbook:Luis", "/sessions", "/hands?player=Luis",
                 "/hand?site=studbook&id=1115-01", "/imports", "/live", "/live/table?version=0", "/rules"):
        assert served.get(path).status == 200, path
    time.sleep(0.5)
    assert files_of(site_db.parent) == before


def test_no_database_yet_is_a_page_that_tries_again(tmp_path: Path) -> None:
    app = Served(tmp_path / "none.duckdb")  # as serve --watch starts, before its import made the database
    try:
        answer = app.get("/")
        assert answer.status == 503
        assert f"there is no database at {tmp_path / 'none.duckdb'} yet" in answer.text
        assert answer.headers["Retry-After"] == "4"
    finally:
        app.close()
    assert not (tmp_path / "none.duckdb").exists()


@pytest.fixture(scope="module")
def guarded(site_db: Path) -> Iterator[Served]:
    """The app as it runs when told to listen beyond this machine: a token, and any Host."""
    app = Served(app=ServeApp(Source(site_db), token="t0ken", loopback=False))
    yield app
    app.close()


def test_beyond_this_machine_the_token_is_asked_for(guarded: Served) -> None:
    assert guarded.get("/").status == 401
    assert guarded.get("/?token=wrong").status == 401
    assert guarded.get("/hands", {"Cookie": "studbook_token=wrong"}).status == 401
    given = guarded.get("/hands?page=2&token=t0ken")
    assert given.status == 303 and given.headers["Location"] == "/hands?page=2"
    cookie = given.headers["Set-Cookie"]
    assert cookie.startswith("studbook_token=t0ken;") and "HttpOnly" in cookie and "SameSite=strict" in cookie
    assert guarded.get("/hands?page=2", {"Cookie": "studbook_token=t0ken"}).status == 200
    assert guarded.get("/static/serve.css", {"Host": "studbook.example:8765"}).status == 401


def test_on_loopback_only_this_machine_is_answered(served: Served) -> None:
    assert served.get("/", {"Host": "attacker.example"}).status == 400  # a DNS name pointed at 127.0.0.1
    for host in ("localhost:8765", "127.0.0.1:1", "[::1]:8765"):
        assert served.get("/rules", {"Host": host}).status == 200, host


def test_the_database_is_opened_read_only_and_reaches_no_other_file(served: Served, site_db: Path) -> None:
    with served.app.source.reading() as con:
        with pytest.raises(Exception, match="read-only"):
            con.execute("CREATE TABLE evil (x INT)")
        with pytest.raises(Exception, match="disabled"):
            con.execute(f"COPY hands TO '{site_db.parent / 'copy.csv'}'")
    assert not (site_db.parent / "copy.csv").exists()
    assert os.access(site_db, os.R_OK)


def test_warming_up_works_out_the_first_page_before_it_is_asked(site_db: Path) -> None:
    app = ServeApp(Source(site_db))
    app.warm()

    def again() -> None:
        raise AssertionError("the players' stats were worked out again")

    kept = app.results.get(app.source.version(), ("players", Scope()), again)
    with app.source.reading() as con:
        rows = con.execute("SELECT count(*) FROM player_stats_for(NULL, NULL, NULL)").fetchall()[0][0]
    assert kept.num_rows == rows
    app.source.close()
