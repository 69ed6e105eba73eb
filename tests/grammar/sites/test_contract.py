"""What every site's reader owes, checked over each site's corpus logs: every line of a text log is read
as exactly one kind of line, every hand parses (or is skipped as another game), every event points at a
line that names its player, and every hand written out as an export reads back as the same play. The
tests of each site (test_<site>.py) keep what is special to it."""

from __future__ import annotations

from pathlib import Path

import pytest
from helpers.parsing import assert_unambiguous
from helpers.parsing import dialect
from helpers.paths import corpus_dir
from helpers.xmllogs import plain
from helpers.xmllogs import round_trip

from studbook.events import UncalledReturn
from studbook.grammar import SITES
from studbook.grammar import ParseError
from studbook.grammar import Skipped
from studbook.grammar import parse_file
from studbook.grammar.dialect import dialects
from studbook.grammar.dialect import xml_dialects
from studbook.grammar.reader import LogReader
from studbook.hand import Hand
from studbook.replay import replay
from studbook.writers import WriterError

TEXT_SITES = sorted(d.name for d in dialects() if not d.whole_file_suffixes and d.name != "studbook")
CORPUS_SITES = sorted({*TEXT_SITES, *(d.name for d in xml_dialects())})
# The one corpus block that is not a hand: the file ends after its seats (tests/grammar/sites/test_acr.py).
BROKEN = {("acr", "cash-7-Stud-HL-8max-USD-1.00-2.00-201608.HH00000000 G0.txt", 51)}
# Sites that write no uncalled bet's return: the one the reader gives back is at a line of another player.
UNCALLED_UNWRITTEN = {"kingsclub"}
# Merge's tournament ids (36447024-1) are no PokerStars number: its own test writes them as one first.
ROUND_TRIP_SITES = [site for site in CORPUS_SITES if site != "merge"]


def logs(site: str) -> list[Path]:
    """A site's corpus logs, without fpdb's companions; none when the corpus is absent."""
    folder = corpus_dir()
    if folder is None:
        return []
    return sorted(path for path in (folder / site).iterdir() if path.suffix in (".txt", ".xml"))


def results(site: str) -> list[Hand | ParseError | Skipped]:
    return [result for path in logs(site) for result in parse_file(path)]


def test_every_site_with_a_corpus_folder_is_checked(corpus: Path) -> None:
    assert set(CORPUS_SITES) <= set(SITES)
    assert set(CORPUS_SITES) <= {path.name for path in corpus.iterdir() if path.is_dir()}


@pytest.mark.parametrize("site", TEXT_SITES)
def test_each_corpus_line_is_one_line_kind(corpus: Path, site: str) -> None:
    """Wherever two kinds of line could both read a line, one of them is preferred (no lexer tie)."""
    assert_unambiguous(dialect(site), logs(site))


@pytest.mark.parametrize("site", CORPUS_SITES)
def test_every_corpus_hand_parses(corpus: Path, site: str) -> None:
    found = results(site)
    errors = {(site, Path(r.file).name, r.line) for r in found if isinstance(r, ParseError)}
    assert errors == {broken for broken in BROKEN if broken[0] == site}
    hands = [r for r in found if isinstance(r, Hand)]
    assert hands and {hand.site for hand in hands} == {site}
    assert all(r.site == site for r in found if isinstance(r, Skipped))


@pytest.mark.parametrize("site", TEXT_SITES)
def test_event_lines_are_lines_of_the_file(corpus: Path, site: str) -> None:
    """Each hand starts on its header line, and each event points at the original line that names its
    player (BOM, CRLF and all)."""
    for path in logs(site):
        lines = list(LogReader(path).lines())
        for hand in parse_file(path):
            if not isinstance(hand, Hand):
                continue
            assert dialect(site).header.match(lines[hand.source.first_line - 1])
            for event in hand.events:
                if site in UNCALLED_UNWRITTEN and isinstance(event, UncalledReturn):
                    continue
                player = getattr(event, "player", None)
                assert player is None or player in lines[event.line - 1], (event, lines[event.line - 1])


@pytest.mark.parametrize("site", ROUND_TRIP_SITES)
def test_export_round_trip(corpus: Path, site: str) -> None:
    """Written as PokerStars text, or in studbook's own format where PokerStars never dealt the game,
    each hand reads back with the same play, stakes and seats, and the replay gives each player the same
    net. The site's tests check the facts that come back too (ids, times, rake)."""
    for hand in results(site):
        if not isinstance(hand, Hand) or not hand.events:
            continue  # a hand cut off after its seats has nothing to write
        try:
            again = round_trip(hand, "pokerstars")
        except WriterError:  # studbook's own format states no rake: the nets may differ by it
            again = round_trip(hand, "studbook")
        else:
            assert nets(again) == nets(hand), hand.hand_id
        assert plain(again) == plain(hand), hand.hand_id
        facts = ("variant", "small_bet", "big_bet", "currency")
        assert [getattr(again, f) for f in facts] == [getattr(hand, f) for f in facts]
        assert [(s.seat, s.player, s.stack) for s in again.seats] == [(s.seat, s.player, s.stack)
                                                                      for s in hand.seats]


def nets(hand: Hand) -> list[tuple[str, int]]:
    return [(seat.player, seat.net) for seat in replay(hand).seats]
