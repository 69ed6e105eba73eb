"""`parse --json` of every real PokerStars and Full Tilt log and of every sample log gives exactly what it
gave before the reading layer was rebuilt (issue 12): the SHA-256 (first 16 hex digits) of each file's JSON
lines, with the folder's path left out, as the commit before that work printed them.

A change that means to change what a log parses to updates the digest of that file, and says why.
"""

from __future__ import annotations

import hashlib
from pathlib import Path

import pytest
from helpers.paths import HISTORIES
from typer.testing import CliRunner

from studbook.cli import app

BEFORE = {
    "fulltilt/cash-7-Stud-USD-3-6-20106.Steal.from.Button.Failure.txt": "517d2afdde114e3b",
    "fulltilt/cash-7-Stud-USD-3-6-20106.Steal.from.CO.Success.txt": "2102bfcf6fe0c145",
    "fulltilt/cash-7-Stud-USD-3-6-20106.Steal.from.HJ.Failure-3bet.by.button.txt": "3ef50916a35e77da",
    "fulltilt/cash-7-Stud-USD-3-6-20106.Steal.from.HJ.Failure.txt": "a5c7213bbe208bd7",
    "fulltilt/cash-7-Stud-USD-3-6-20106.Steal.from.HJ.Success.txt": "a931f30ccde0681f",
    "fulltilt/cash-7-StudHL-USD-2-4-201006.Steal.examples.txt": "0facfe84a4dd3987",
    "fulltilt/cash-7-StudHL-USD-2-4-201103.Underscore.in.tablename.txt": "07141990d53497af",
    "fulltilt/cash-Razz-USD-0.10-0.20-201012.CCT.and.ET.timeformat.txt": "ae0cfd751945b118",
    "fulltilt/cash-Razz-USD-0.10-0.20-201012.Player6.listed.but.doesnt.act.txt": "98597c07df3b3e37",
    "fulltilt/cash-ftp-stud-hilo-ring-001.txt": "d1a79d43b34c6ed8",
    "fulltilt/tour-5-Stud-USD-MTT-100-201303.txt": "4e64146ef8c751f4",
    "fulltilt/tour-Razz-USD-HUSNG-2-201102.Villain.allin.on.bringing.txt": "1597527065b1aa15",
    "pokerstars/cash-7-Stud-USD-0.04-0.08-200907.Missing.Showdown.Card.txt": "318d3b430e706d0d",
    "pokerstars/cash-7-Stud-USD-0.04-0.08-200911.txt": "82417c56ff01da62",
    "pokerstars/cash-7-StudHL-USD-0.04-0.08-200911.Cardtest.txt": "48bdcd01fd9fa445",
    "pokerstars/cash-7-StudHL-USD-0.04-0.08-200911.txt": "2fb5721a25fee8a1",
    "pokerstars/cash-7-StudHL-USD-400-800-201701.3bet.fix.txt": "f093ce2bce0af3d3",
    "pokerstars/cash-HH20110417 Salm IX - $0.04-$0.08 Ante $0.01 - USD Limit Stud.txt": "05d99fed793015df",
    "pokerstars/cash-Razz-USD-0.04-0.08-200911.txt": "fb99e95d093e8861",
    "pokerstars/tour-7-StudHL-USD-10-1-200906.PT2.export.txt": "5fbe6ea0d3417c78",
    "pokerstars/tour-Razz-8max-USD-200-15-201009.bracket.in.alias.txt": "8ebd830d1a1f763f",
    "descubierto-2024-11-15.txt": "6d419880b69eb056",
    "stud8-2024-11-21.txt": "5b9438422355604f",
    "pokerstars-stud8-sim.txt": "c84fc768e91ce682",  # added by issue 15 (the README's examples), as it parses
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
