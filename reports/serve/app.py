"""The web app: a Starlette application of server-rendered pages over one database (docs/serve.md).

Each page reads its URL parameters first (a mistake is a 400 page), then opens the database read-only
for the request (:mod:`.access`). Whatever goes wrong becomes a page that says what, with a status to
match, never a traceback: 400 a bad parameter, 401 a missing token, 404 no such player or hand, 503 a
database an import holds (the page tries again by itself), 500 a database that cannot be read.

Requests are checked before any page: the Host header must name this machine when the app listens on
loopback only (a web page elsewhere cannot reach it through a DNS name of its own), and when it listens
beyond, the token printed at start is asked for once and kept in a cookie. Every answer forbids scripts
and styles from anywhere but the app (Content-Security-Policy), so no page can load from a CDN.
"""

from __future__ import annotations

import secrets
import sys
import threading
from collections.abc import Awaitable
from collections.abc import Callable
from collections.abc import Hashable
from importlib.resources import files
from pathlib import Path
from typing import Any
from urllib.parse import urlencode

import duckdb
from starlette.applications import Starlette
from starlette.middleware import Middleware
from starlette.middleware.base import BaseHTTPMiddleware
from starlette.requests import Request
from starlette.responses import HTMLResponse
from starlette.responses import RedirectResponse
from starlette.responses import Response
from starlette.routing import Route

from studbook.analytics.db import DatabaseBusy
from studbook.analytics.db import DatabaseError
from studbook.reports.html import Html
from studbook.reports.serve.access import Source
from studbook.reports.serve.cache import Results
from studbook.reports.serve.hand import hand_view
from studbook.reports.serve.hand import read_hand_key
from studbook.reports.serve.hands import HandsQuery
from studbook.reports.serve.hands import hands_page
from studbook.reports.serve.imports import ImportsQuery
from studbook.reports.serve.imports import imports_page
from studbook.reports.serve.layout import message
from studbook.reports.serve.live import REFRESH_SECONDS
from studbook.reports.serve.live import live_page
from studbook.reports.serve.live import live_table
from studbook.reports.serve.live import read_version
from studbook.reports.serve.params import BadParameter
from studbook.reports.serve.params import Params
from studbook.reports.serve.player import NoSuchPlayer
from studbook.reports.serve.player import PlayerQuery
from studbook.reports.serve.player import player_view
from studbook.reports.serve.players import PlayersQuery
from studbook.reports.serve.players import alias_command_page
from studbook.reports.serve.players import players_page
from studbook.reports.serve.rules_page import rules_page
from studbook.reports.serve.scope import Choices
from studbook.reports.serve.sessions import SessionsQuery
from studbook.reports.serve.sessions import sessions_page
from studbook.reports.source import HandNotFound

TOKEN_COOKIE = "studbook_token"
LOOPBACK_HOSTS = ("127.0.0.1", "localhost", "::1")
# Pages the app writes run only the scripts it serves; the player report (reports/player_report.py) is
# one self-contained page with its scripts inline, as `studbook report` writes it.
STRICT = ("default-src 'none'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; "
          "connect-src 'self'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'")
REPORT = STRICT.replace("script-src 'self'", "script-src 'self' 'unsafe-inline'")
STATIC = {  # name: (package, content type)
    "report.css": ("studbook.reports", "text/css"),
    "replayer.css": ("studbook.reports", "text/css"),
    "replayer.js": ("studbook.reports", "text/javascript"),
    "serve.css": ("studbook.reports.serve", "text/css"),
    "serve.js": ("studbook.reports.serve", "text/javascript"),
}
PageBuilder = Callable[[Params, duckdb.DuckDBPyConnection], str]  # a page from its parameters

class ServeApp:
    """The pages over one :class:`Source`; :attr:`app` is the ASGI application."""

    def __init__(self, source: Source, token: str | None = None, loopback: bool = True) -> None:
        self.source = source
        self.token = token
        self.loopback = loopback
        self.results = Results()
        self._static: dict[str, bytes] = {}
        self._lock = threading.Lock()
        routes = [Route("/", self._page(self._players)), Route("/player", self._page(self._player, REPORT)),
                  Route("/alias-command", self._page(self._alias_command, needs_db=False)),
                  Route("/sessions", self._page(self._sessions)), Route("/hands", self._page(self._hands)),
                  Route("/hand", self._page(self._hand)), Route("/imports", self._page(self._imports)),
                  Route("/live", self._page(self._live)), Route("/live/table", self._live_table),
                  Route("/rules", self._page(self._rules, needs_db=False)),
                  Route("/static/{name}", self._asset), Route("/favicon.ico", _no_icon)]
        self.app = Starlette(routes=routes, middleware=[Middleware(BaseHTTPMiddleware, dispatch=self._guard)],
                             exception_handlers={404: self._not_found, 405: self._not_found})

    # -- the pages -------------------------------------------------------------------------------------

    def choices(self, con: duckdb.DuckDBPyConnection) -> Choices:
        """The sites and stakes the database holds, for the filters' drop-downs."""
        def ask() -> Choices:
            sites = con.execute("SELECT DISTINCT site FROM hands ORDER BY 1").fetchall()
            stakes = con.execute("SELECT stakes FROM hands GROUP BY stakes ORDER BY min(big_bet), stakes")
            return Choices(tuple(row[0] for row in sites), tuple(row[0] for row in stakes.fetchall()))

        choices: Choices = self.cached("choices", ask)
        return choices

    def cached(self, key: Hashable, compute: Callable[[], Any]) -> Any:
        """An answer kept until the database changes (:mod:`.cache`)."""
        return self.results.get(self.source.version(), key, compute)

    def warm(self) -> None:
        """Work out the first page's stats before the first browser asks (:meth:`cached` keeps them):
        on a big database they take a scan of every seat. Nothing happens if the database cannot be
        read now; the page then says why when asked."""
        try:
            with self.source.reading() as con:
                self._players(Params(()), con)
        except (DatabaseError, duckdb.Error):
            pass

    def _players(self, params: Params, con: duckdb.DuckDBPyConnection) -> str:
        choices = self.choices(con)
        return players_page(con, PlayersQuery.read(params, choices), choices, self.source.name, self.cached)

    def _player(self, params: Params, con: duckdb.DuckDBPyConnection) -> str:
        return player_view(con, PlayerQuery.read(params), self.source.name, self.source.name, self.cached)

    def _alias_command(self, params: Params, con: duckdb.DuckDBPyConnection | None) -> str:
        return alias_command_page(params, self.source.name, str(self.source.db))

    def _sessions(self, params: Params, con: duckdb.DuckDBPyConnection) -> str:
        choices = self.choices(con)
        return sessions_page(con, SessionsQuery.read(params, choices), choices, self.source.name, self.cached)

    def _hands(self, params: Params, con: duckdb.DuckDBPyConnection) -> str:
        choices = self.choices(con)
        return hands_page(con, HandsQuery.read(params, choices), choices, self.source.name, self.cached)

    def _hand(self, params: Params, con: duckdb.DuckDBPyConnection) -> str:
        site, hand_id = read_hand_key(params)
        return hand_view(con, site, hand_id, Path(self.source.name), self.source.name)

    def _imports(self, params: Params, con: duckdb.DuckDBPyConnection) -> str:
        return imports_page(con, ImportsQuery.read(params), self.source.name)

    def _live(self, params: Params, con: duckdb.DuckDBPyConnection) -> str:
        version = self.source.version()
        return live_page(params, lambda: self._live_section(con, version), self.source.name)

    def _live_section(self, con: duckdb.DuckDBPyConnection, version: tuple[int, ...]) -> Html:
        """The live table as of ``version``, worked out once for the page and every refresh that asks."""
        section: Html = self.results.get(version, "live", lambda: live_table(con, _version_text(version)))
        return section

    def _rules(self, params: Params, con: duckdb.DuckDBPyConnection | None) -> str:
        return rules_page(params, self.source.name)

    def _live_table(self, request: Request) -> Response:
        """The live table's section when the database changed since ``version``; 204 when it did not, or
        when an import holds it just now (the page keeps what it shows and asks again)."""
        try:
            known = read_version(self._params(request))
        except BadParameter as error:
            return self._message(400, "Bad request", str(error))
        version = self.source.version()
        if known == _version_text(version):
            return Response(status_code=204, headers=_headers(STRICT))
        try:
            with self.source.reading() as con:
                section = self._live_section(con, version)
        except DatabaseBusy:
            return Response(status_code=204, headers=_headers(STRICT))
        except (DatabaseError, duckdb.Error) as error:
            return self._message(500, "The database cannot be read", _one_line(error))
        except Exception as error:
            return self._fault(request, error, "table")
        return HTMLResponse(section, headers=_headers(STRICT))

    # -- answering -------------------------------------------------------------------------------------

    def _fault(self, request: Request, error: Exception, what: str) -> Response:
        """A fault of studbook's own: said in one line, in the server's log and on the page."""
        said = f"{type(error).__name__}: {_one_line(error)}"
        log_error(f"{request.url.path}: {said}")
        return self._message(500, f"studbook could not build this {what}", said)

    @staticmethod
    def _params(request: Request) -> Params:
        return Params(request.query_params.multi_items(), ignored=("token",))

    def _page(self, build: PageBuilder, policy: str = STRICT,
              needs_db: bool = True) -> Callable[[Request], Response]:
        """An endpoint (run in Starlette's thread pool) that builds a page, or the page saying why not."""
        def endpoint(request: Request) -> Response:
            params = self._params(request)
            if needs_db and self.source.lake is None and not self.source.db.exists():
                return self._message(503, "No database yet", f"there is no database at {self.source.db} yet: "
                                     "an import (serve --watch) makes it with the first hands", retry=True)
            try:
                if not needs_db:
                    text = build(params, None)  # type: ignore[arg-type]
                    return HTMLResponse(text, headers=_headers(policy))
                with self.source.reading() as con:
                    text = build(params, con)
                return HTMLResponse(text, headers=_headers(policy))
            except BadParameter as error:
                return self._message(400, "Bad request", str(error))
            except (NoSuchPlayer, HandNotFound) as error:
                return self._message(404, "Not found", str(error))
            except DatabaseBusy as error:
                return self._message(503, "The database is busy", str(error), retry=True)
            except (DatabaseError, duckdb.Error) as error:
                return self._message(500, "The database cannot be read", _one_line(error))
            except Exception as error:
                return self._fault(request, error, "page")

        return endpoint

    def _message(self, status: int, title: str, text: str, retry: bool = False) -> Response:
        note = f"This page tries again every {REFRESH_SECONDS * 2} seconds." if retry else None
        page = message(title, text, self.source.name, note)
        headers = _headers(STRICT)
        if retry:
            headers["Retry-After"] = str(REFRESH_SECONDS * 2)
            page = page.replace("<head>",
                                f'<head><meta http-equiv="refresh" content="{REFRESH_SECONDS * 2}">', 1)
        return HTMLResponse(page, status_code=status, headers=headers)

    def _asset(self, request: Request) -> Response:
        name = request.path_params["name"]
        if name != "plotly.min.js" and name not in STATIC:
            return self._message(404, "Not found", f"no file {name} here")
        with self._lock:
            if name not in self._static:
                self._static[name] = _asset_bytes(name)
        kind = STATIC[name][1] if name in STATIC else "text/javascript"
        return Response(self._static[name], media_type=kind,
                        headers={"Cache-Control": "max-age=3600", "X-Content-Type-Options": "nosniff"})

    async def _not_found(self, request: Request, error: Exception) -> Response:
        return self._message(404, "Not found", f"there is no page {request.url.path}")

    async def _guard(self, request: Request, call_next: Callable[[Request], Awaitable[Response]]) -> Response:
        if self.loopback and _host_name(request.headers.get("host", "")) not in LOOPBACK_HOSTS:
            return self._message(400, "Bad request", "this app answers only to 127.0.0.1 and localhost")
        if self.token is not None:
            given = request.query_params.get("token")
            if given is not None and secrets.compare_digest(given, self.token):
                rest = [pair for pair in request.query_params.multi_items() if pair[0] != "token"]
                target = request.url.path + (f"?{urlencode(rest)}" if rest else "")
                response = RedirectResponse(target, status_code=303)
                response.set_cookie(TOKEN_COOKIE, self.token, httponly=True, samesite="strict")
                return response
            if not secrets.compare_digest(request.cookies.get(TOKEN_COOKIE, ""), self.token):
                return self._message(401, "Token needed", "open the address studbook serve printed when it "
                                                          "started: it carries the token")
        return await call_next(request)


def _no_icon(request: Request) -> Response:
    """Browsers ask for an icon: there is none, and that is no error."""
    return Response(status_code=204)


def _headers(policy: str) -> dict[str, str]:
    return {"Content-Security-Policy": policy, "X-Content-Type-Options": "nosniff",
            "Referrer-Policy": "no-referrer", "Cache-Control": "no-store"}


def _host_name(header: str) -> str:
    """The name in a Host header, without its port (``[::1]:8765`` is ``::1``)."""
    if header.startswith("["):
        return header[1:].partition("]")[0]
    return header.rpartition(":")[0] if header.count(":") == 1 else header


def _version_text(version: tuple[int, ...]) -> str:
    """The database's version as the live page carries it, and sends back to ask whether it changed."""
    return "-".join(map(str, version))


def _one_line(error: Exception) -> str:
    return " ".join(str(error).split())


def _asset_bytes(name: str) -> bytes:
    if name == "plotly.min.js":  # from the installed plotly package: the pages load nothing from elsewhere
        from plotly.offline import get_plotlyjs

        return get_plotlyjs().encode("utf-8")
    return (files(STATIC[name][0]) / name).read_bytes()


def log_error(text: str) -> None:
    print(f"studbook serve: {text}", file=sys.stderr)
