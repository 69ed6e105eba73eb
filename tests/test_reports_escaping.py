"""Everything a log says was written by strangers: names, table names and chat reach the pages as
text, never as markup, through the whole pipeline (parse, replay, import, report)."""

from __future__ import annotations

import json
import re
from pathlib import Path

import duckdb
import pytest
from plotly.offline import get_plotlyjs

from studbook.analytics.importer import run_import
from studbook.reports.filters import Filters
from studbook.reports.html import h, json_script, script_json
from studbook.reports.overview import overview_page
from studbook.reports.player_report import player_page
from studbook.reports.replayer import replayer_page
from studbook.reports.source import load_hand

EVIL = "<img src=x onerror=alert(1)>"
BOLD = "</script><b>bold</b>"
HAND_ID = "35874487284"
# A real PokerStars hand (corpus: cash-7-StudHL-USD-0.04-0.08-200911.txt) with hostile names, table and
# chat, and one rule broken on purpose: a $0.06 bet where the limit is $0.08.
LOG = """\
PokerStars Game #35874487284:  7 Card Stud Hi/Lo Limit ($0.04/$0.08 USD) - 2009/11/26 10:22:32 ET
Table '<svg onload=alert(3)>' 8-max
Seat 3: </script><b>bold</b> ($1.46 in chips)
Seat 4: denny501 ($0.93 in chips)
Seat 5: Hero ($1.60 in chips)
Seat 8: <img src=x onerror=alert(1)> ($1.16 in chips)
</script><b>bold</b>: posts the ante $0.01
denny501: posts the ante $0.01
Hero: posts the ante $0.01
<img src=x onerror=alert(1)>: posts the ante $0.01
*** 3rd STREET ***
Dealt to </script><b>bold</b> [Kc]
Dealt to denny501 [7c]
Dealt to Hero [5d Ks 2h]
Dealt to <img src=x onerror=alert(1)> [3d]
Hero: brings in for $0.02
<img src=x onerror=alert(1)>: calls $0.02
</script><b>bold</b>: calls $0.02
denny501: calls $0.02
*** 4th STREET ***
Dealt to </script><b>bold</b> [Kc] [4d]
Dealt to denny501 [7c] [Qh]
Dealt to Hero [5d Ks 2h] [9h]
Dealt to <img src=x onerror=alert(1)> [3d] [7s]
denny501 said, "</script><script>alert(4)</script>"
</script><b>bold</b>: checks
poconoman is connected
denny501: checks
Hero: checks
<img src=x onerror=alert(1)>: checks
*** 5th STREET ***
Dealt to </script><b>bold</b> [Kc 4d] [Qd]
Dealt to denny501 [7c Qh] [9s]
Dealt to Hero [5d Ks 2h 9h] [Js]
Dealt to <img src=x onerror=alert(1)> [3d 7s] [Jh]
</script><b>bold</b>: checks
denny501: checks
Hero: checks
<img src=x onerror=alert(1)>: checks
*** 6th STREET ***
Dealt to </script><b>bold</b> [Kc 4d Qd] [5s]
Dealt to denny501 [7c Qh 9s] [6s]
Dealt to Hero [5d Ks 2h 9h Js] [4c]
Dealt to <img src=x onerror=alert(1)> [3d 7s Jh] [5c]
123smoothie joins the table at seat #2
</script><b>bold</b>: checks
denny501: checks
Hero: checks
<img src=x onerror=alert(1)>: bets $0.06
</script><b>bold</b>: folds
denny501: folds
Hero: folds
Uncalled bet ($0.06) returned to <img src=x onerror=alert(1)>
<img src=x onerror=alert(1)> collected $0.12 from pot
<img src=x onerror=alert(1)>: doesn't show hand
*** SUMMARY ***
Total pot $0.12 | Rake $0
Seat 3: </script><b>bold</b> folded on the 6th Street
Seat 4: denny501 folded on the 6th Street
Seat 5: Hero folded on the 6th Street
Seat 8: <img src=x onerror=alert(1)> collected ($0.12)
"""
RAW_MARKUP = re.compile(r"<(img|svg|b)[\s>]|</script><script>alert|</script><b>", re.I)


@pytest.fixture(scope="module")
def hostile_db(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("hostile")
    (folder / "hostile.txt").write_text(LOG, encoding="utf-8")
    db = folder / "hostile.duckdb"
    run_import([folder / "hostile.txt"], db)
    return db


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


def test_markup_helpers_escape_text_and_attributes() -> None:
    assert h("td", EVIL, title='" onmouseover="x') == \
        '<td title="&quot; onmouseover=&quot;x">&lt;img src=x onerror=alert(1)&gt;</td>'
    text = script_json({"name": "</script><!--", "amp": "&", "line": "\u2028"})
    assert "<" not in text and ">" not in text and "&" not in text
    assert json.loads(text) == {"name": "</script><!--", "amp": "&", "line": "\u2028"}
    assert json_script("x", BOLD).count("</script>") == 1
