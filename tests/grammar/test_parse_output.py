"""`parse --json` of every real PokerStars and Full Tilt log and of every sample log gives exactly what it
gave before the reading layer was rebuilt: the SHA-256 (first 16 hex digits) of each file's JSON
lines, with the folder's path left out, as the commit before that work printed them.

A change that means to change what a log parses to updates the digest of that file, and says why.
Updated twice since: every summary seat gained ``"net": null`` (``SummarySeat.net``, stated by KingsClub
alone); with that key removed, every digest was still the one pinned before (checked). Then the two
tournament hands whose header states a buy-in gained ``"buy_in"`` ("$10+$1", "$200+$15 USD"); with that key
removed, both digests are the ones pinned before (checked). Then the Full Tilt heads-up sit and go's hand
gained ``"buy_in": "$2 + $0.10"`` from its header; with that key removed, the JSON of the whole corpus is
what it was (checked).
"""

from __future__ import annotations

import hashlib
from pathlib import Path

import pytest
from helpers.paths import HISTORIES
from typer.testing import CliRunner

from studbook.cli import app

BEFORE = {
    "fulltilt/cash-7-Stud-USD-3-6-20106.Steal.from.Button.Failure.txt": "8f8d1340c713242d",
    "fulltilt/cash-7-Stud-USD-3-6-20106.Steal.from.CO.Success.txt": "66ed861b00cc6760",
    "fulltilt/cash-7-Stud-USD-3-6-20106.Steal.from.HJ.Failure-3bet.by.button.txt": "7e37a98f039ee64e",
    "fulltilt/cash-7-Stud-USD-3-6-20106.Steal.from.HJ.Failure.txt": "f9ecf5201ead99f4",
    "fulltilt/cash-7-Stud-USD-3-6-20106.Steal.from.HJ.Success.txt": "45ea3864cc201e02",
    "fulltilt/cash-7-StudHL-USD-2-4-201006.Steal.examples.txt": "3c5af3da2e1bd599",
    "fulltilt/cash-7-StudHL-USD-2-4-201103.Underscore.in.tablename.txt": "b1a9e460c662394f",
    "fulltilt/cash-Razz-USD-0.10-0.20-201012.CCT.and.ET.timeformat.txt": "b77d79b1baf0cbff",
    "fulltilt/cash-Razz-USD-0.10-0.20-201012.Player6.listed.but.doesnt.act.txt": "71a65c4488ecd7f4",
    "fulltilt/cash-ftp-stud-hilo-ring-001.txt": "a729ee0638071461",
    "fulltilt/tour-5-Stud-USD-MTT-100-201303.txt": "ecef848a40d58730",
    "fulltilt/tour-Razz-USD-HUSNG-2-201102.Villain.allin.on.bringing.txt": "64ae69dc124d3fd6",
    "pokerstars/cash-7-Stud-USD-0.04-0.08-200907.Missing.Showdown.Card.txt": "6e4d48cb8bb6185a",
    "pokerstars/cash-7-Stud-USD-0.04-0.08-200911.txt": "04288f90eaaec2bf",
    "pokerstars/cash-7-StudHL-USD-0.04-0.08-200911.Cardtest.txt": "bf6142c5d6997613",
    "pokerstars/cash-7-StudHL-USD-0.04-0.08-200911.txt": "347bda2cb2c6796d",
    "pokerstars/cash-7-StudHL-USD-400-800-201701.3bet.fix.txt": "91d6a51441dc229a",
    "pokerstars/cash-HH20110417 Salm IX - $0.04-$0.08 Ante $0.01 - USD Limit Stud.txt": "418373daff49d06d",
    "pokerstars/cash-Razz-USD-0.04-0.08-200911.txt": "50c6093c9d01075d",
    "pokerstars/tour-7-StudHL-USD-10-1-200906.PT2.export.txt": "57228042923c484b",
    "pokerstars/tour-Razz-8max-USD-200-15-201009.bracket.in.alias.txt": "4635cdd11db1c805",
    "descubierto-2024-11-15.txt": "6d419880b69eb056",
    "stud8-2024-11-21.txt": "497cfee9c2e4e7b6",  # its preset stud8-card states headsup_uncapped=never
    "pokerstars-stud8-sim.txt": "414c245d0575b6c0",  # the README's examples, as it parses
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
