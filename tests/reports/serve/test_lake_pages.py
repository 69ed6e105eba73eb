"""The app over a lake (``serve --lake``): every page, a lake with no violation and no rejected block
among its tables, and requests in turn on the lake's one connection, none seeing what another made."""

from __future__ import annotations

import subprocess
import sys
from collections.abc import Iterator

import pytest
from helpers.paths import HISTORIES
from helpers.serving import Served

from studbook.reports.serve.access import Source
from studbook.reports.serve.app import ServeApp


@pytest.fixture(scope="module")
def lake_app(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Served]:
    lake = tmp_path_factory.mktemp("serve-lake") / "lake"
    done = subprocess.run([sys.executable, "-c", "from studbook.cli import main; main()", "import",
                           str(HISTORIES), "--lake", str(lake), "--workers", "1"],
                          capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stderr
    app = Served(app=ServeApp(Source(lake, str(lake))))
    yield app
    app.close()


@pytest.mark.parametrize("path", ["/", "/player?player=studbook:Luis", "/sessions", "/hands",
                                  "/hands?player=Luis&verdict=clean", "/hand?site=studbook&id=1115-01",
                                  "/imports", "/live", "/rules"])
def test_every_page_reads_a_lake(lake_app: Served, path: str) -> None:
    answer = lake_app.get(path)
    assert answer.status == 200, answer.text[-500:]


def test_what_a_request_made_for_itself_goes_with_it(lake_app: Served) -> None:
    everyone = lake_app.get("/").text.count('class="player"')
    assert lake_app.get("/player?player=studbook:Luis").status == 200  # seat_facts narrowed to Luis
    assert lake_app.get("/?sort=vpip").text.count('class="player"') == everyone > 1
