"""Everything a log says was written by strangers: names, table names and chat reach the pages as
text, never as markup, through the whole pipeline (parse, replay, import, report)."""

from __future__ import annotations

import json
import re
from pathlib import Path

import duckdb
from helpers.hostile_log import BOLD
from helpers.hostile_log import EVIL
from helpers.hostile_log import HAND_ID
from helpers.hostile_log import RAW_MARKUP
from plotly.offline import get_plotlyjs

from studbook.reports.filters import Filters
from studbook.reports.html import h
from studbook.reports.html import json_script
from studbook.reports.html import script_json
from studbook.reports.overview import overview_page
from studbook.reports.player_report import player_page
from studbook.reports.replayer import replayer_page
from studbook.reports.source import load_hand


def pages(db: Path) -> dict[str, str]:
    con = duckdb.connect(str(db), read_only=True)
    try:
        found = load_hand(db, HAND_ID)
        return {"player": player_page(con, Filters(EVIL), db), "overview": overview_page(con, Filters(), db),
                "replay": replayer_page(found.replay, found.log)}
    finally:
        con.close()


def test_no_page_carries_markup_from_the_log(hostile_db: Path) -> None:
    for name, page in pages(hostile_db).items():
        page = page.replace(get_plotlyjs(), "")  # the library itself draws SVG
        assert not RAW_MARKUP.search(page), name
        scripts = re.findall(r"<script\b", page)
        assert len(scripts) == page.count("</script>"), f"{name}: a log string closed a script element"


def test_names_survive_as_text(hostile_db: Path) -> None:
    found = pages(hostile_db)
    assert f"Player report: {EVIL}".replace("<", "&lt;").replace(">", "&gt;") in found["player"]
    data = json.loads(re.search(r'id="replay-data">(.*?)</script>', found["replay"], re.S).group(1))
    assert [seat["player"] for seat in data["seats"]] == [BOLD, "denny501", "Hero", EVIL]
    assert any("alert(4)" in line for line in data["log"]["lines"])
    assert ["Table", "<svg onload=alert(3)>"] in data["facts"]


def test_the_broken_rule_is_listed_and_linked(hostile_db: Path) -> None:
    page = pages(hostile_db)["player"]
    assert "bet-amount" in page and 'href="#replay-0"' in page
    replays = json.loads(re.search(r'id="replays-data">(.*?)</script>', page, re.S).group(1))
    codes = {v["code"] for step in replays["replay-0"]["steps"] for v in step["violations"]}
    assert "bet-amount" in codes
    # The rule it breaks is named in a tooltip with its text, escaped as any attribute.
    assert replays["replay-0"]["rules"]["C16"]["title"] == "fixed bet sizes"
    assert '<abbr title="C16 fixed bet sizes: In limit games every bet and raise is exactly one unit' in page
    assert 'class="rule">C16 fixed bet sizes</abbr>' in page


def test_markup_helpers_escape_text_and_attributes() -> None:
    assert h("td", EVIL, title='" onmouseover="x') == \
        '<td title="&quot; onmouseover=&quot;x">&lt;img src=x onerror=alert(1)&gt;</td>'
    text = script_json({"name": "</script><!--", "amp": "&", "line": "\u2028"})
    assert "<" not in text and ">" not in text and "&" not in text
    assert json.loads(text) == {"name": "</script><!--", "amp": "&", "line": "\u2028"}
    assert json_script("x", BOLD).count("</script>") == 1
