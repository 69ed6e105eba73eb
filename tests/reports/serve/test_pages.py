"""Each page of ``studbook serve`` over HTTP: what it shows is what the analytics views and the report code
say, its filters, sorting and paging select what they name, every value from a log stays text, and a
bad URL is a 400 page that says which parameter is wrong."""

from __future__ import annotations

import html
import json
import os
import re
import shlex
import shutil
from pathlib import Path
from urllib.parse import quote
from urllib.parse import urlencode

import duckdb
import pytest
from helpers.hostile_log import BOLD
from helpers.hostile_log import EVIL
from helpers.hostile_log import HAND_ID
from helpers.hostile_log import RAW_MARKUP
from helpers.serving import RTL
from helpers.serving import Served
from plotly.offline import get_plotlyjs

from studbook.display import visible
from studbook.reports.filters import Filters
from studbook.reports.html import Html
from studbook.reports.html import script_json
from studbook.reports.player_report import headline_table
from studbook.reports.player_report import player_data
from studbook.reports.replayer import replayer_data
from studbook.reports.serve import app as serve_app
from studbook.reports.serve.live import live_table
from studbook.reports.source import load_hand


def links(page: str, class_name: str) -> list[str]:
    """The texts of the page's links of a class, as shown."""
    return [html.unescape(text) for text in re.findall(rf'<a [^>]*class="{class_name}"[^>]*>(.*?)</a>', page)]


def column(page: str, table_class: str, index: int) -> list[str]:
    """The cells of one column of a table, as text."""
    body = re.search(rf'<table class="{table_class}">.*?<tbody>(.*?)</tbody>', page, re.S)
    assert body, f"no table {table_class}"
    rows = re.findall(r"<tr[^>]*>(.*?)</tr>", body.group(1), re.S)
    return [html.unescape(re.sub(r"<[^>]+>", "", re.findall(r"<td[^>]*>(.*?)</td>", row, re.S)[index]))
            for row in rows]


def query(db: Path, sql: str, params: list | None = None) -> list[tuple]:
    """The database's own answer (the app's connection, which DuckDB would not share, closed first)."""
    SERVED[0].app.source.close()
    con = duckdb.connect(str(db), read_only=True)
    try:
        return con.execute(sql, params or []).fetchall()
    finally:
        con.close()


SERVED: list[Served] = []


@pytest.fixture(autouse=True)
def _known(served: Served) -> None:
    SERVED[:] = [served]


def ok(served: Served, path: str) -> str:
    answer = served.get(path)
    assert answer.status == 200, f"{path}: {answer.status} {answer.text[:500]}"
    return answer.text


def test_players_are_player_stats_for_most_hands_first(served: Served, site_db: Path) -> None:
    page = ok(served, "/")
    expected = query(site_db, "SELECT player, hands FROM player_stats_for(NULL, NULL, NULL) "
                              "ORDER BY hands DESC, player, site, game, unit LIMIT 50")
    assert links(page, "player") == [visible(player) for player, _ in expected]
    assert column(page, "players", 5) == [f"{hands:,}" for _, hands in expected]
    count = query(site_db, "SELECT count(*) FROM player_stats_for(NULL, NULL, NULL)")[0][0]
    assert f"rows 1-{count} of {count}" in page


def test_players_filter_and_sort_in_the_query(served: Served, site_db: Path) -> None:
    page = ok(served, "/?game=descubierto&min_hands=30&sort=vpip&order=asc")
    expected = query(site_db, "SELECT player, vpip FROM player_stats_for(NULL, 'descubierto', NULL) "
                              "WHERE hands >= 30 ORDER BY vpip, player")
    assert links(page, "player") == [player for player, _ in expected]
    assert set(column(page, "players", 3)) == {"descubierto"}
    assert links(ok(served, "/?name=AR"), "player") == sorted(
        (player for player, in query(site_db, "SELECT player FROM player_stats_for(NULL, NULL, NULL) "
                                              "WHERE player ILIKE '%ar%'")),
        key=lambda name: links(ok(served, "/?name=AR"), "player").index(name))
    assert "Marta" in links(ok(served, "/?name=AR"), "player")
    assert links(ok(served, "/?site=pokerstars&kind=cash"), "player") and \
        set(column(ok(served, "/?site=pokerstars"), "players", 2)) == {"pokerstars"}
    assert "no rows" in ok(served, "/?since=2030-01-01")
    until = ok(served, "/?site=studbook&until=2024-11-15")
    assert set(column(until, "players", 3)) == {"descubierto"}  # the stud8 home game was the 21st
    since = ok(served, "/?site=studbook&since=2024-11-16")
    assert set(column(since, "players", 3)) == {"stud8", "descubierto"}


def test_hands_are_paged_newest_first(served: Served, site_db: Path) -> None:
    order = [hand for hand, in query(site_db, "SELECT hand_id FROM hands ORDER BY start_utc DESC NULLS LAST, "
                                              "site, hand_id DESC")]
    first, second = ok(served, "/hands"), ok(served, "/hands?page=2")
    assert links(first, "hand") == order[:50] and links(second, "hand") == order[50:100]
    assert f"hands 51-100 of {len(order)}" in second
    assert 'href="/hands?page=3"' in second and 'rel="prev"' in second


def test_hands_filters(served: Served, site_db: Path) -> None:
    errors = links(ok(served, "/hands?verdict=errors"), "hand")
    with_errors = query(site_db, "SELECT hand_id FROM hands WHERE errors > 0")
    assert errors == [hand for hand, in with_errors] == [HAND_ID]
    assert links(ok(served, "/hands?rule=C16"), "hand") == [HAND_ID]
    clean = ok(served, "/hands?verdict=clean&game=stud8")
    count = query(site_db, "SELECT count(*) FROM hands WHERE variant = 'stud8' AND errors = 0 AND NOT EXISTS "
                           "(FROM violations AS v WHERE v.hand_id = hands.hand_id "
                           "AND severity = 'warning')")[0][0]
    assert f"hands 1-50 of {count}" in clean and HAND_ID not in links(clean, "hand")
    player = links(ok(served, "/hands?player=Luis&game=descubierto"), "hand")
    assert sorted(player) == sorted(hand for hand, in query(
        site_db, "SELECT hand_id FROM seat_facts WHERE player = 'Luis' AND variant = 'descubierto'"))
    seventh = ok(served, "/hands?street=7&min_pot=10")
    expected = query(site_db, "SELECT hand_id FROM hands WHERE last_street = 7 AND total_pot >= 10 * big_bet")
    assert sorted(links(seventh, "hand")) == sorted(hand for hand, in expected) and expected


def test_player_page_is_the_report(served: Served, site_db: Path) -> None:
    page = ok(served, "/player?player=studbook:Luis&game=descubierto")
    served.app.source.close()
    con = duckdb.connect(str(site_db), read_only=True)
    try:
        table = headline_table(player_data(con, Filters("studbook:Luis", "descubierto")).stats)
    finally:
        con.close()
    assert table in page
    assert '<script charset="utf-8" src="/static/plotly.min.js"></script>' in page
    assert get_plotlyjs()[:200] not in page  # loaded once from the app, not inlined
    assert '<nav class="top">' in page and 'name="player" value="studbook:Luis"' in page


def test_a_name_on_two_sites_is_a_choice(served: Served) -> None:
    page = ok(served, "/player?player=Luis")  # of the sample home games, and of the hostile hand
    assert "Luis is more than one player" in page
    assert 'href="/player?player=pokerstars%3ALuis"' in page
    assert 'href="/player?player=studbook%3ALuis"' in page


def test_sessions_of_the_player_with_most_hands(served: Served, site_db: Path) -> None:
    page = ok(served, "/sessions")
    player, hands = query(site_db, "SELECT site || ':' || player, hands FROM players LIMIT 1")[0]
    assert f"Sessions of {html.escape(player)}" in page
    assert sum(int(cell.replace(",", "")) for cell in column(page, "sessions", 7)) == hands
    link = re.search(r'<a href="([^"]+)" class="session-hands">', page).group(1)
    assert html.unescape(link).startswith("/hands?")
    assert links(ok(served, html.unescape(link)), "hand")


def test_hand_page_replays_the_stored_hand(served: Served, site_db: Path) -> None:
    page = ok(served, f"/hand?site=pokerstars&id={HAND_ID}")
    data = json.loads(re.search(r'id="replay-data">(.*?)</script>', page, re.S).group(1))
    served.app.source.close()
    found = load_hand(site_db, HAND_ID)
    assert data == json.loads(script_json(replayer_data(found.replay, found.log)))
    assert 'href="/rules#rule-C16"' in page and "bet-amount" in page
    assert '<script src="/static/replayer.js"></script>' in page
    assert 'id="rule-C16"' in ok(served, "/rules")


def test_rejects_and_imports(served: Served, site_db: Path) -> None:
    page = ok(served, "/imports")
    (file, line, error), = query(site_db, "SELECT file, line, error FROM rejects")
    assert html.escape(error) in page and html.escape(file) in page
    files = query(site_db, "SELECT file FROM imported_files")
    assert all(html.escape(name) in page for name, in files) and files


def test_live_table_is_the_newest_hand(served: Served, site_db: Path) -> None:
    page = ok(served, "/live")
    newest = query(site_db, "SELECT hand_id FROM hands ORDER BY start_utc DESC NULLS LAST, hand_id DESC "
                            "LIMIT 1")
    assert links(page, "newest-hand") == [newest[0][0]]
    version = re.search(r'id="live" data-version="([^"]+)"', page).group(1)
    assert served.get(f"/live/table?version={version}").status == 204  # nothing new: nothing sent
    assert served.get("/live/table?version=0").text.startswith('<section id="live"')


def test_live_table_is_worked_out_once_a_version_of_the_database(site_db: Path, tmp_path: Path,
                                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    db = tmp_path / "live.duckdb"
    shutil.copy(site_db, db)
    built: list[str] = []

    def counted(con: duckdb.DuckDBPyConnection, version: str) -> Html:
        built.append(version)
        return live_table(con, version)

    monkeypatch.setattr(serve_app, "live_table", counted)
    app = Served(db)
    try:
        first = ok(app, "/live")
        assert app.get("/live/table?version=0").text in first  # the page's own table, not worked out again
        assert ok(app, "/live") == first and len(built) == 1
        os.utime(db, ns=(db.stat().st_atime_ns, db.stat().st_mtime_ns + 1_000_000_000))  # as a write does
        again = app.get(f"/live/table?version={built[0]}")
        assert again.status == 200 and len(built) == 2 and built[1] != built[0]
        assert f'data-version="{built[1]}"' in again.text
    finally:
        app.close()


def test_alias_command_is_quoted_for_the_shell(served: Served, site_db: Path) -> None:
    page = ok(served, "/alias-command?" + urlencode([("name", "Me & I"), ("member", f"pokerstars:{EVIL}"),
                                                     ("member", "studbook:Luis")]))
    command = shlex.join(["studbook", "alias", "add", "Me & I", f"pokerstars:{EVIL}", "studbook:Luis", "--db",
                          str(site_db)])
    assert f'<pre class="command">{html.escape(command)}</pre>' in page


@pytest.mark.parametrize("path", [
    "/", "/?name=img", f"/player?player={quote('pokerstars:' + EVIL)}", f"/hands?player={quote(EVIL)}",
    f"/hand?site=pokerstars&id={HAND_ID}", f"/sessions?player={quote('pokerstars:' + BOLD)}", "/live",
    f"/hands?table={quote('<svg onload=alert(3)>')}"])
def test_names_from_the_log_stay_text(served: Served, path: str) -> None:
    page = ok(served, path).replace(get_plotlyjs(), "")
    assert not RAW_MARKUP.search(page), path
    assert "\u202e" not in page
    assert len(re.findall(r"<script\b", page)) == page.count("</script>"), "a log string closed a script"


def test_the_hostile_names_are_shown(served: Served) -> None:
    page = ok(served, f"/hand?site=pokerstars&id={HAND_ID}")
    assert all(script_json(name)[1:-1] in page for name in (EVIL, BOLD))  # the replay's data, as text
    assert links(page, "player") == [BOLD, "\\u202eliveDdaoR", "Luis", EVIL]
    assert links(ok(served, "/?name=img"), "player") == [EVIL]
    assert "\\u202eliveDdaoR" in ok(served, f"/hands?player={quote(RTL)}")


@pytest.mark.parametrize("path, named", [
    ("/?page=0", "page"), ("/?page=abc", "page"), ("/?game=poker", "game"), ("/?sort=hands;drop", "sort"),
    ("/?order=up", "order"), ("/?min_hands=-1", "min_hands"), ("/?since=2024-13-01", "since"),
    ("/?until=yesterday", "until"), ("/?bogus=1", "bogus"), ("/?game=stud&game=razz", "game"),
    ("/?site=nowhere", "site"), ("/?kind=freeroll", "kind"), ("/?stakes=%241%2F%242", "stakes"),
    ("/?name=" + "x" * 300, "name"), ("/hands?street=9", "street"), ("/hands?min_pot=1e9", "min_pot"),
    ("/hands?max_pot=-2", "max_pot"), ("/hands?verdict=dirty", "verdict"), ("/hands?rule=Z99", "rule"),
    ("/hand?site=pokerstars", "site and id"), ("/player", "player"), ("/player?player=x&kind=all", "kind"),
    ("/sessions?page=99999999999", "page"), ("/imports?files_page=x", "files_page"),
    ("/live/table?version=1&x=2", "'x'"), ("/rules?x=1", "'x'"), ("/alias-command?name=Me", "member"),
    (f"/?game={quote(EVIL)}", "game")])
def test_a_bad_parameter_is_a_400_page(served: Served, path: str, named: str) -> None:
    answer = served.get(path)
    assert answer.status == 400, path
    message = html.unescape(re.search(r'<p class="message">(.*?)</p>', answer.text, re.S).group(1))
    assert message.startswith(named) or named in message, message
    assert "Traceback" not in answer.text and not RAW_MARKUP.search(answer.text)


@pytest.mark.parametrize("path, status", [
    ("/nothing-here", 404), ("/player?player=nobody", 404), ("/hand?site=pokerstars&id=1", 404),
    ("/static/secret.py", 404), ("/static/..%2Fapp.py", 404)])
def test_what_is_not_there_is_a_404_page(served: Served, path: str, status: int) -> None:
    answer = served.get(path)
    assert answer.status == status and '<p class="message">' in answer.text


def test_every_answer_keeps_to_the_app(served: Served) -> None:
    for path in ("/", "/player?player=studbook:Luis", f"/hand?site=pokerstars&id={HAND_ID}", "/live"):
        answer = served.get(path)
        policy = answer.headers["Content-Security-Policy"]
        assert "default-src 'none'" in policy and "http" not in policy
        assert answer.headers["X-Content-Type-Options"] == "nosniff"
        sources = re.findall(r'<(?:script|link)[^>]+(?:src|href)="([^"]+)"', answer.text)
        assert sources and all(source.startswith("/static/") for source in sources), sources
    plotly = served.get("/static/plotly.min.js")
    assert plotly.status == 200 and plotly.text == get_plotlyjs()
    assert served.get("/static/serve.css").headers["Content-Type"].startswith("text/css")


def test_a_hand_links_to_the_hands_before_and_after_at_its_table(served: Served) -> None:
    page = ok(served, "/hand?site=studbook&id=1115-02")
    assert links(page, "hand-before") == ["‹ hand before at this table"]
    assert 'href="/hand?site=studbook&amp;id=1115-01" class="hand-before"' in page
    assert 'href="/hand?site=studbook&amp;id=1115-03" class="hand-after"' in page
    assert "first hand at this table" in ok(served, "/hand?site=studbook&id=1115-01")


def headers(page: str, table_class: str) -> list[str]:
    head = re.search(rf'<table class="{table_class}">\s*<thead>(.*?)</thead>', page, re.S)
    assert head, f"no table {table_class}"
    return [html.unescape(re.sub(r"<[^>]+>", "", cell)).rstrip(" ▲▼")
            for cell in re.findall(r"<th[^>]*>(.*?)</th>", head.group(1), re.S)]


def test_the_players_columns_name_the_streets_of_the_games_shown(served: Served) -> None:
    five = headers(ok(served, "/?game=descubierto"), "players")
    assert "saw 3rd" in five and "2nd aggr." in five and "saw 4th" not in five
    seven = headers(ok(served, "/?game=stud8"), "players")
    assert "saw 4th" in seven and "3rd aggr." in seven
    assert "saw round2" in headers(ok(served, "/"), "players")  # five- and seven-card games in one table
    assert 'title="saw the 2nd betting round (3rd street in descubierto; 4th street in' in ok(served, "/")
