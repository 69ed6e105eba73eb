"""Helpers of the format-family tests (test_<site>_families.py): a constructed log's one hand, and its
replay, which must break no rule and pay out what the log says."""

from __future__ import annotations

from helpers.parsing import parse_text
from studbook.hand import Hand
from studbook.replay import replay
from studbook.results import Replay


def one_hand(text: str, name: str = "constructed.txt") -> Hand:
    results = parse_text(text, name)
    assert len(results) == 1 and isinstance(results[0], Hand), results
    return results[0]


def audited(hand: Hand, pot_logged: bool = True, rake_logged: bool = True) -> Replay:
    """The replay of a hand that breaks no rule, whose money adds up: to the log's total pot and rake,
    where the site writes them."""
    result = replay(hand)
    assert [v for v in result.violations if v.severity == "error"] == []
    assert sum(s.collected for s in result.seats) + result.rake == result.total_pot
    if pot_logged:
        assert result.total_pot == hand.summary.total_pot
    if rake_logged:
        assert result.rake == hand.summary.rake
    return result


def nets(result: Replay) -> dict[str, int]:
    return {seat.player: seat.net for seat in result.seats}
