"""The report's list of rule violations, each hand linked to its replay embedded in the same page.

The database stores where each hand came from, so the first :data:`MAX_REPLAYS` violated hands
are read again from their logs and replayed into the page, each under the house rules of its import
(``hands.rules``) unless the report was given ``--rule``; the rest (and hands whose log is gone) are
listed with the ``studbook replay`` command that opens them.
"""

from __future__ import annotations

from collections import Counter
from collections import defaultdict
from pathlib import Path
from typing import Any

import duckdb

from studbook import rulebook
from studbook.replay import replay
from studbook.reports.filters import Filters
from studbook.reports.filters import seat_rows
from studbook.reports.html import Html
from studbook.reports.html import h
from studbook.reports.html import json_script
from studbook.reports.replayer import replayer_data
from studbook.reports.replayer import replayer_section
from studbook.reports.source import HandNotFound
from studbook.reports.source import hand_from_log
from studbook.reports.source import hands_at_lines
from studbook.reports.source import imported_file
from studbook.reports.source import stored_logs
from studbook.results import SEVERITIES
from studbook.rules.house import Rules
from studbook.rules.house import rules_from_text

MAX_REPLAYS = 100
TITLE = "Rule violations and notes"


def violation_rows(con: duckdb.DuckDBPyConnection, filters: Filters) -> list[dict[str, Any]]:
    """Violations in the hands the filters select, in hand order."""
    return con.sql(f"""
        SELECT h.site, h.hand_id, h.start_utc, h.file, h.first_line, h.rules AS hand_rules,
               v.line, v.severity, v.code, v.rule, v.message
        FROM violations AS v
        JOIN hands AS h USING (site, hand_id)
        JOIN (SELECT DISTINCT site, hand_id FROM {seat_rows(filters, "site, hand_id")}) USING (site, hand_id)
        ORDER BY h.start_utc NULLS LAST, h.site, h.hand_id, v.seq""", params=filters.params).pl().to_dicts()


def _replays(con: duckdb.DuckDBPyConnection, rows: list[dict[str, Any]], db: Path,
             rules: Rules | None) -> dict[tuple[str, str], Any]:
    """Replay data for the first violated hands, keyed by (site, hand id), under ``rules`` if given, else
    each hand's stored rules: from the lines the database stores, or (a database imported before it
    stored them) from their logs, each read once.

    A hand with no stored lines whose log is gone or changed gets no replay."""
    hands = list(dict.fromkeys((r["site"], r["hand_id"], r["file"], r["first_line"], r["hand_rules"])
                               for r in rows))[:MAX_REPLAYS]
    logs = stored_logs(con, [(site, hand_id) for site, hand_id, *_ in hands])
    by_file: dict[str, dict[int, tuple[str, str]]] = defaultdict(dict)
    stored: dict[tuple[str, str], Rules | None] = {}
    found: dict[tuple[str, str], Any] = {}
    for site, hand_id, file, line, text in hands:
        stored[site, hand_id] = rules if rules is not None else rules_from_text(text)
        kept = hand_from_log(file, line, logs[site, hand_id]) if (site, hand_id) in logs else None
        if kept is not None:
            hand, log = kept
            found[site, hand_id] = replayer_data(replay(hand, stored[site, hand_id]), log)
        else:
            by_file[file][line] = (site, hand_id)
    for file, wanted in by_file.items():
        try:
            logged = hands_at_lines(imported_file(file, db), {line: key[1] for line, key in wanted.items()})
        except HandNotFound:
            continue
        for line, (hand, log) in logged.items():
            found[wanted[line]] = replayer_data(replay(hand, stored[wanted[line]]), log)
    return found


def rule_cell(rule_id: str | None) -> Html | str:
    """The cited rule by id and title, its text in a tooltip (escaped by :func:`h`, so offline and safe)."""
    note = rulebook.notes([rule_id]).get(rule_id or "")
    if note is None:
        return rule_id or ""
    title = f"{rule_id} {note['title']}: {note['text']}"
    return h("abbr", rulebook.label(rule_id), title=title, class_="rule")


def _counted(count: int, one: str, many: str) -> str:
    return f"{count:,} {one if count == 1 else many}"


def findings_summary(rows: list[dict[str, Any]]) -> str:
    """The findings counted apart by severity, and the hands by their worst finding, as ``studbook audit``
    counts them: ``2 errors, 1 warning and 5 notes in 6 hands: 1 with errors, 1 with warnings (no
    error), 4 with notes only``."""
    found = Counter(row["severity"] for row in rows)
    worst: dict[tuple[str, str], int] = {}
    for row in rows:
        key = (row["site"], row["hand_id"])
        worst[key] = min(worst.get(key, len(SEVERITIES)), SEVERITIES.index(row["severity"]))
    hands = Counter(SEVERITIES[rank] for rank in worst.values())
    errors = _counted(found["error"], "error", "errors")
    warnings = _counted(found["warning"], "warning", "warnings")
    return (f"{errors}, {warnings} and {_counted(found['info'], 'note', 'notes')} in "
            f"{_counted(len(worst), 'hand', 'hands')}: "
            f"{hands['error']:,} with errors, {hands['warning']:,} with warnings (no error), "
            f"{hands['info']:,} with notes only")


def violations_section(con: duckdb.DuckDBPyConnection, filters: Filters, db: Path,
                       rules: Rules | None = None) -> Html:
    rows = violation_rows(con, filters)
    if not rows:
        return Html(h("h2", TITLE) + h("p", "No violations and no notes in these hands.", class_="agrees"))
    replays = _replays(con, rows, db, rules)
    in_order = [key for key in dict.fromkeys((row["site"], row["hand_id"]) for row in rows) if key in replays]
    anchors = {key: f"replay-{index}" for index, key in enumerate(in_order)}
    table_rows, previous = [], None
    for row in rows:
        key = (row["site"], row["hand_id"])
        first = key != previous
        previous = key
        name = f"{row['site']} #{row['hand_id']}"
        link = h("a", name, href=f"#{anchors[key]}") if key in anchors else \
            h("span", name, title=f"studbook replay {db} --hand {row['hand_id']}")
        hand = [link, h("div", Path(row["file"]).name, class_="muted", title=row["file"])] if first else ""
        started = f"{row['start_utc']:%Y-%m-%d %H:%M}" if first and row["start_utc"] else ""
        table_rows.append(h("tr", h("td", hand), h("td", started), h("td", row["line"], class_="num"),
                            h("td", row["severity"]), h("td", row["code"]), h("td", rule_cell(row["rule"])),
                            h("td", row["message"]), class_=f"violation-row {row['severity']}"))
    hands = len({(row["site"], row["hand_id"]) for row in rows})
    note = f"{findings_summary(rows)}. Follow a hand to step through its replay"
    note += " (under the --rule options given)" if rules else " (under the rules its import used)"
    if hands > len(anchors):
        note += (f"; hands without a link (past the first {MAX_REPLAYS}, or whose log is gone) open with "
                 f"studbook replay {db} --hand ID")
    head = h("tr", *(h("th", name) for name in ("hand", "started (UTC)", "line", "severity", "code", "rule",
                                                 "message")))
    data = {anchors[key]: replays[key] for key in in_order}
    return Html(h("h2", TITLE) + h("p", note + ".", class_="note")
                + h("table", h("thead", head), h("tbody", *table_rows), class_="violations")
                + h("section", h("h2", "Replay"), replayer_section("replay-view-body"), id="replay-view",
                    hidden=True)
                + json_script("replays-data", data))
