"""``studbook serve``'s app run in a thread of the test, on a free port of 127.0.0.1, and asked for pages
the way a browser asks (``urllib``, whole HTTP)."""

from __future__ import annotations

import threading
import time
import urllib.error
import urllib.request
from collections.abc import Mapping
from dataclasses import dataclass
from email.message import Message
from pathlib import Path

from studbook.reports.serve.access import Source
from studbook.reports.serve.app import ServeApp
from studbook.reports.serve.server import address
from studbook.reports.serve.server import bind
from studbook.reports.serve.server import server

START_TIMEOUT = 20.0
# In the app's test database (tests/reports/serve/conftest.py): a name that is a right-to-left override,
# and a block no site can read.
RTL = "\u202eliveDdaoR"
BROKEN = "PokerStars Game #99:  7 Card Stud Limit ($0.04/$0.08 USD) - 2009/11/26 10:22:32 ET\nnonsense\n"


@dataclass(frozen=True)
class Answer:
    status: int
    headers: Message
    text: str


class NoRedirect(urllib.request.HTTPRedirectHandler):
    def redirect_request(self, *args: object, **kwargs: object) -> None:
        return None


class Served:
    """The app over ``db`` (or a :class:`ServeApp` given whole), listening until :meth:`close`."""

    def __init__(self, db: Path | None = None, app: ServeApp | None = None) -> None:
        self.app = app or ServeApp(Source(db or Path()))
        self.server = server(self.app.app)
        sock = bind("127.0.0.1", 0)
        self.url = address(sock).rstrip("/")
        self.thread = threading.Thread(target=self.server.run, kwargs={"sockets": [sock]}, daemon=True)
        self.thread.start()
        deadline = time.monotonic() + START_TIMEOUT
        while not self.server.started:
            assert time.monotonic() < deadline, "the app did not start"
            time.sleep(0.02)

    def get(self, path: str, headers: Mapping[str, str] | None = None) -> Answer:
        """The answer to a GET of ``path`` (redirects not followed), whatever its status."""
        request = urllib.request.Request(self.url + path, headers=dict(headers or {}))
        opener = urllib.request.build_opener(NoRedirect)
        try:
            with opener.open(request, timeout=60) as answer:
                return Answer(answer.status, answer.headers, answer.read().decode("utf-8"))
        except urllib.error.HTTPError as error:
            return Answer(error.code, error.headers, error.read().decode("utf-8"))

    def close(self) -> None:
        self.server.should_exit = True
        self.thread.join(timeout=10)
        self.app.source.close()
