"""The Hand page: one hand in the replayer (reports/replayer.py), replayed under the house rules it was
imported under, with the audit's ruling as the database stores it, each cited rule linked to its text.

The hand is parsed from the lines the database keeps (``hand_logs``), as ``studbook replay DB`` does; a
database imported before it kept them reads the hand from its log file.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import duckdb

from studbook.replay import replay
from studbook.reports.html import Html
from studbook.reports.html import h
from studbook.reports.html import json_script
from studbook.reports.replayer import replayer_data
from studbook.reports.replayer import replayer_section
from studbook.reports.serve.hands import hand_link
from studbook.reports.serve.hands import rule_link
from studbook.reports.serve.layout import link
from studbook.reports.serve.layout import page
from studbook.reports.serve.params import BadParameter
from studbook.reports.serve.params import Params
from studbook.reports.source import HandNotFound
from studbook.reports.source import hand_from_log
from studbook.reports.source import hands_at_lines
from studbook.reports.source import imported_file
from studbook.reports.source import stored_logs
from studbook.rules.house import rules_from_text


def read_hand_key(params: Params) -> tuple[str, str]:
    site, hand_id = params.text("site"), params.text("id")
    params.done()
    if site is None or hand_id is None:
        raise BadParameter("site and id: name the hand (both are in the Hands page's links)")
    return site, hand_id


def _stored(con: duckdb.DuckDBPyConnection, site: str, hand_id: str) -> dict[str, Any]:
    rows = con.execute("SELECT file, first_line, rules, start_utc, variant, stakes, table_name FROM hands "
                       "WHERE site = ? AND hand_id = ?", [site, hand_id]).fetchall()
    if not rows:
        raise HandNotFound(f"no hand {hand_id} of {site} in the database")
    names = [column[0] for column in con.description or ()]
    return dict(zip(names, rows[0], strict=True))


def replay_of(con: duckdb.DuckDBPyConnection, stored: dict[str, Any], site: str, hand_id: str,
              db: Path) -> dict[str, Any]:
    """The replayer's data for the hand: from its stored lines, or its log."""
    logs = stored_logs(con, [(site, hand_id)])
    kept = hand_from_log(stored["file"], stored["first_line"], logs[site, hand_id]) \
        if (site, hand_id) in logs else None
    if kept is None:
        kept = hands_at_lines(imported_file(stored["file"], db), {stored["first_line"]: hand_id}).get(
            stored["first_line"])
        if kept is None:
            raise HandNotFound(f"hand {hand_id} is no longer at line {stored['first_line']} of "
                               f"{stored['file']}")
    hand, log = kept
    return replayer_data(replay(hand, rules_from_text(stored["rules"])), log)


def _ruling(con: duckdb.DuckDBPyConnection, site: str, hand_id: str) -> list[Html]:
    rows = con.execute("SELECT line, severity, code, rule, message FROM violations "
                       "WHERE site = ? AND hand_id = ? ORDER BY seq", [site, hand_id]).fetchall()
    if not rows:
        return [h("h2", "Audit"), h("p", "Every action keeps the rules.", class_="agrees")]
    body = [h("tr", h("td", line, class_="num"), h("td", severity), h("td", code),
              h("td", rule_link(rule) if rule else ""), h("td", message), class_=f"violation-row {severity}")
            for line, severity, code, rule, message in rows]
    head = h("tr", *(h("th", name) for name in ("line", "severity", "code", "rule", "message")))
    return [h("h2", "Audit"), h("table", h("thead", head), h("tbody", *body), class_="violations")]


def _neighbours(con: duckdb.DuckDBPyConnection, site: str, hand_id: str, stored: dict[str, Any]
                ) -> list[Html | str]:
    """Links to the hands played before and after this one at its table."""
    found = []
    for compare, order in (("<", "DESC"), (">", "ASC")):
        rows = con.execute(f"""
            SELECT hand_id FROM hands WHERE site = $site AND table_name = $table
              AND (start_utc, hand_id) {compare} ($start, $id)
            ORDER BY start_utc {order}, hand_id {order} LIMIT 1""",
            {"site": site, "table": stored["table_name"], "start": stored["start_utc"],
             "id": hand_id}).fetchall()
        found.append(rows[0][0] if rows else None)
    before, after = found
    return [h("a", "‹ hand before at this table", href=hand_link(site, before), class_="hand-before")
            if before else h("span", "first hand at this table", class_="off"), " · ",
            h("a", "hand after ›", href=hand_link(site, after), class_="hand-after")
            if after else h("span", "last hand at this table", class_="off")]


def hand_view(con: duckdb.DuckDBPyConnection, site: str, hand_id: str, db: Path, source: str) -> str:
    stored = _stored(con, site, hand_id)
    data = replay_of(con, stored, site, hand_id, db)
    players = [h("a", seat["player"], href=link("/player", {"player": f"{site}:{seat['player']}"}),
                 class_="player") for seat in data["seats"]]
    body = [h("p", *_neighbours(con, site, hand_id, stored), " · ", h("a", "all hands", href="/hands"),
              class_="note"),
            h("p", "Players: ", *[part for index, player in enumerate(players)
                                  for part in ((", ",) if index else ()) + (player,)], class_="players"),
            replayer_section("replayer"), json_script("replay-data", data), *_ruling(con, site, hand_id)]
    return page(data["title"], body, source, active="/hands", scripts=("replayer.js", "serve.js"))
