"""`parse --json` of every real PokerStars and Full Tilt log and of every sample log gives exactly what it
gave before the reading layer was rebuilt (issue 12): the SHA-256 (first 16 hex digits) of each file's JSON
lines, with the folder's path left out, as the commit before that work printed them.

A change that means to change what a log parses to updates the digest of that file, and says why.
Updated once since: every summary seat gained ``"net": null`` (``SummarySeat.net``, stated by KingsClub
alone); with that key removed, every digest was still the one pinned before (checked). And once more:
every hand gained ``"inferred": []`` (stakes read from the bets, studbook/stakes.py) and ``"buy_in"`` (null,
or a PokerStars tournament's buy-in as written); with both removed, every digest was the one pinned (checked).
"""

from __future__ import annotations

import hashlib
from pathlib import Path

import pytest
from helpers.paths import HISTORIES
from typer.testing import CliRunner

from studbook.cli import app

BEFORE = {
    "fulltilt/cash-7-Stud-USD-3-6-20106.Steal.from.Button.Failure.txt": "dc77ca313c1ee54b",
    "fulltilt/cash-7-Stud-USD-3-6-20106.Steal.from.CO.Success.txt": "0e905916c4b995b9",
    "fulltilt/cash-7-Stud-USD-3-6-20106.Steal.from.HJ.Failure-3bet.by.button.txt": "37a4b7dd9f3d511d",
    "fulltilt/cash-7-Stud-USD-3-6-20106.Steal.from.HJ.Failure.txt": "22792bdba0ae9676",
    "fulltilt/cash-7-Stud-USD-3-6-20106.Steal.from.HJ.Success.txt": "5d3921afe23ce9d1",
    "fulltilt/cash-7-StudHL-USD-2-4-201006.Steal.examples.txt": "83a47c12b91a8955",
    "fulltilt/cash-7-StudHL-USD-2-4-201103.Underscore.in.tablename.txt": "eae8a00b9603d87d",
    "fulltilt/cash-Razz-USD-0.10-0.20-201012.CCT.and.ET.timeformat.txt": "be67303f70bc9c9c",
    "fulltilt/cash-Razz-USD-0.10-0.20-201012.Player6.listed.but.doesnt.act.txt": "13873bf743d29f69",
    "fulltilt/cash-ftp-stud-hilo-ring-001.txt": "fd39dbddcd0ea80a",
    "fulltilt/tour-5-Stud-USD-MTT-100-201303.txt": "3b6a1e59bc159352",
    "fulltilt/tour-Razz-USD-HUSNG-2-201102.Villain.allin.on.bringing.txt": "e4a21311a9b9b051",
    "pokerstars/cash-7-Stud-USD-0.04-0.08-200907.Missing.Showdown.Card.txt": "4d3574601e7eafa0",
    "pokerstars/cash-7-Stud-USD-0.04-0.08-200911.txt": "1f9331d571cc2800",
    "pokerstars/cash-7-StudHL-USD-0.04-0.08-200911.Cardtest.txt": "82e41726cfa4d182",
    "pokerstars/cash-7-StudHL-USD-0.04-0.08-200911.txt": "9e3ac55ad83b4ebc",
    "pokerstars/cash-7-StudHL-USD-400-800-201701.3bet.fix.txt": "7b0e7b099b8c6474",
    "pokerstars/cash-HH20110417 Salm IX - $0.04-$0.08 Ante $0.01 - USD Limit Stud.txt": "20aaf5545edb6726",
    "pokerstars/cash-Razz-USD-0.04-0.08-200911.txt": "7d0c450de0790eb8",
    "pokerstars/tour-7-StudHL-USD-10-1-200906.PT2.export.txt": "1b8687cb3cd081fb",
    "pokerstars/tour-Razz-8max-USD-200-15-201009.bracket.in.alias.txt": "528d5a73ee3cb0f4",
    "descubierto-2024-11-15.txt": "4b2ed3e808ac47ad",
    "stud8-2024-11-21.txt": "c6de34e18cefd361",
    "pokerstars-stud8-sim.txt": "ff63c2f2ef119948",  # added by issue 15 (the README's examples), as it parses
}


def digest(path: Path, folder: Path) -> str:
    result = CliRunner().invoke(app, ["parse", "--json", str(path)])
    assert result.exit_code == 0, result.output
    text = result.stdout.rstrip("\n").replace(str(folder) + "/", "")
    return hashlib.sha256(text.encode()).hexdigest()[:16]


@pytest.mark.parametrize("name", sorted(name for name in BEFORE if "/" in name))
def test_corpus_logs_parse_as_before(corpus: Path, name: str) -> None:
    assert digest(corpus / name, corpus) == BEFORE[name]


@pytest.mark.parametrize("name", sorted(name for name in BEFORE if "/" not in name))
def test_sample_logs_parse_as_before(name: str) -> None:
    assert digest(HISTORIES / name, HISTORIES) == BEFORE[name]


def test_every_log_of_those_folders_is_covered(corpus: Path) -> None:
    logs = {f"{site}/{path.name}" for site in ("pokerstars", "fulltilt")
            for path in (corpus / site).glob("*.txt")}
    logs |= {path.name for path in HISTORIES.glob("*.txt")}
    assert logs == set(BEFORE)
