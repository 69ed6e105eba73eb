"""Each site's conventions (the rulebook's section "sites"): where a site's logs consistently differ from
the rules, a hand that follows the convention is information citing it; judged by the standard rules
(``--rule``), it is a violation again; a deviation the convention does not describe stays one."""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

from studbook.cli import app
from studbook.grammar import parse_file
from studbook.hand import Hand
from studbook.replay import replay
from studbook.rules.house import Rules

runner = CliRunner()


def findings(path: Path, rules: Rules | None = None) -> set[tuple[str, str, str, str | None]]:
    """(hand id, code, severity, rule) of every finding but the log's missing cards, in a corpus file."""
    hands = [hand for hand in parse_file(path) if isinstance(hand, Hand)]
    return {(hand.hand_id, v.code, v.severity, v.rule) for hand in hands
            for v in replay(hand, rules).violations
            if not v.code.endswith("-unknown") and v.code != "fold-when-check"}


@pytest.mark.parametrize(("file", "hand_id", "rule", "standard", "by_the_rules"), [
    ("acr/cash-7-StudHL-USD-0.10-0.20-202310.txt", "1903647457", "ACR1", "show_order=rules",
     ("show-order", "warning", "C27")),
    ("acr/cash-7-Stud-HL-8max-USD-1.00-2.00-201608.HH00000000 G0.txt", "693975843", "ACR1",
     "show_order=rules", ("show-order", "warning", "C27")),
    ("kingsclub/cash-7-Stud-USD-44-88-202010.txt", "37581152", "KC1", "raise_over_bring_in=false",
     ("raise-amount", "error", "C16")),
    ("kingsclub/cash-2-7 Razz-USD-22-44-202101.txt", "40091899", "KC1", "raise_over_bring_in=false",
     ("raise-amount", "error", "C16")),
])
def test_a_hand_that_follows_its_site_convention(corpus: Path, file: str, hand_id: str, rule: str,
                                                   standard: str, by_the_rules: tuple[str, str, str]) -> None:
    assert (hand_id, "site-convention", "info", rule) in findings(corpus / file)
    judged = findings(corpus / file, Rules.parse([standard]))
    assert (hand_id, *by_the_rules) in judged
    assert not any(code == "site-convention" for _, code, _, _ in judged)


def test_the_short_all_in_completion_at_kingsclub(corpus: Path) -> None:
    """Over a short all-in bet of 225, the raise to 625 is the bring-in (125) plus the small bet (500)."""
    found = findings(corpus / "kingsclub/cash-Razz-USD-500-100-202101.multi.pot.failure.txt")
    assert ("3537921", "site-convention", "info", "KC1") in found
    assert not any(code == "complete-amount" for _, code, _, _ in found)


def test_a_deviation_no_convention_describes_stays_a_violation(corpus: Path) -> None:
    """Winamax writes one showdown of its three in another order, and ACR's 2016 format one muck before the
    hand shown: no convention describes either, so each is a warning (C27)."""
    found = findings(corpus / "winamax/cash-7-Stud-6max-EUR-25-50-201611._8games_.txt")
    assert ("9250793470", "show-order", "warning", "C27") in found
    found = findings(corpus / "acr/cash-7-Stud-8max-USD-1.00-2.00-201608.HH00000000 G0.txt")
    assert ("693978063", "show-order", "warning", "C27") in found


def test_rules_for_a_site_lists_its_conventions() -> None:
    result = runner.invoke(app, ["rules", "--game", "razz", "--site", "kingsclub"])
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    setting = next(line for line in lines if line.lstrip().startswith("raise_over_bring_in"))
    assert setting.split()[1] == "true" and setting.endswith("site kingsclub (KC1)")
    assert "kingsclub's conventions (information where its logs follow them):" in lines
    assert any(line.split()[:2] == ["KC1", "KingsClub:"] for line in lines)
    plain = runner.invoke(app, ["rules", "--game", "razz"]).output
    assert "KC1" not in plain and "conventions" not in plain
