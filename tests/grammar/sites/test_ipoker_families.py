"""iPoker's format families beyond the corpus: the start date as each skin's client writes it (day and
month name, slashes, dots), read to the same instant, with the money of every hand unchanged."""

from __future__ import annotations

from pathlib import Path

import pytest
from helpers.xmllogs import changed

from studbook.grammar import parse_file
from studbook.hand import Hand
from studbook.replay import replay

SITE = "ipoker"
SAMPLE = "cash-5-StudL-USD-0.05-0.10-201111.Sample.with.showdown.xml"


@pytest.mark.parametrize("written", ["02-Nov-2011 ", "2011/11/02 ", "02.11.2011 "])
def test_start_dates_of_other_skins(tmp_path: Path, corpus: Path, written: str) -> None:
    log = corpus / SITE / SAMPLE
    original = [h for h in parse_file(log) if isinstance(h, Hand)]
    again = changed(tmp_path, log, "<startdate>2011-11-02 ", f"<startdate>{written}")
    assert all(isinstance(h, Hand) for h in again) and len(again) == len(original) > 0
    for before, after in zip(original, again, strict=True):
        assert isinstance(after, Hand)
        assert after.start_time == before.start_time
        assert ({s.player: s.net for s in replay(after).seats}
                == {s.player: s.net for s in replay(before).seats})
