"""Helpers of the XML site tests (iPoker, Merge): a site's corpus hands with their blocks' elements, the
PokerStars round trip, and fpdb's per-player rows (.hp) against the replay."""

from __future__ import annotations

import ast
from dataclasses import replace
from pathlib import Path

from lxml import etree

from helpers.paths import corpus_dir
from studbook import events as ev
from studbook.grammar import Block
from studbook.grammar import parse_block
from studbook.grammar import parse_file
from studbook.grammar import read_blocks
from studbook.grammar.xmlread import Element
from studbook.grammar.xmlread import hardened_parser
from studbook.hand import Hand
from studbook.replay import replay
from studbook.writers import WRITERS


def xml_files(corpus: Path, site: str) -> list[Path]:
    """A site's logs in the corpus (``.txt`` and ``.xml``), without fpdb's companions."""
    return sorted(path for path in (corpus / site).iterdir() if path.suffix in (".txt", ".xml"))


def corpus_names(site: str) -> list[str]:
    """The names of a site's corpus logs, none when the corpus is absent (for parametrize)."""
    folder = corpus_dir()
    return [path.name for path in xml_files(folder, site)] if folder else []


def hand_in(path: Path, hand_id: str | None = None) -> Hand:
    """The log's first hand, or its hand ``hand_id``."""
    return next(h for h in parse_file(path) if isinstance(h, Hand) and hand_id in (None, h.hand_id))


def games(path: Path) -> list[tuple[Block, Element, Hand | object]]:
    """Each block of a log, its ``<game>`` element and what it parses to."""
    found = []
    for block in read_blocks(path):
        assert isinstance(block, Block), block
        found.append((block, etree.fromstring(block.text, hardened_parser()), parse_block(block)))
    return found


def plain(hand: Hand) -> list[ev.Event]:
    """The events as PokerStars text can say them: no notes, no line numbers, completions as raises,
    no hi/lo labels, the main pot as the pot, no muck cards, no deal of a card nobody saw."""
    found = []
    for event in hand.events:
        if isinstance(event, ev.Note) or (isinstance(event, ev.Deal) and not event.down + event.up):
            continue
        if isinstance(event, ev.Complete | ev.Raise):
            event = ev.Raise(0, event.player, event.to, None, event.all_in)
        elif isinstance(event, ev.Collect):
            event = replace(event, half=None, pot="pot" if event.pot == "main" else event.pot)
        elif isinstance(event, ev.Muck):
            event = replace(event, cards=())
        found.append(replace(event, line=0))
    return found


def round_trip(hand: Hand, fmt: str = "pokerstars") -> Hand:
    """The hand written as PokerStars text (or another export format) and read back."""
    text = WRITERS[fmt](hand)
    again = parse_block(next(block for block in read_blocks(text.encode(), "written.txt")))
    assert isinstance(again, Hand), again
    return again


def assert_round_trip(hand: Hand, fmt: str = "pokerstars") -> None:
    """The hand written in an export format reads back to the same play, facts and seats."""
    again = round_trip(hand, fmt)
    assert plain(again) == plain(hand)
    facts = ("hand_id", "variant", "small_bet", "big_bet", "currency", "start_time", "tournament_id")
    assert [getattr(again, f) for f in facts] == [getattr(hand, f) for f in facts]
    assert [(s.seat, s.player, s.stack) for s in again.seats] == [(s.seat, s.player, s.stack)
                                                                  for s in hand.seats]
    if fmt == "pokerstars":  # studbook's own format states no rake
        assert again.summary.rake == replay(hand).rake


def assert_fpdb_agrees(path: Path, hand: Hand) -> None:
    """fpdb's rows (.hp beside the log) and the replay's agree on seat, starting stack, net, showdown and
    won at showdown, for every player."""
    expected = ast.literal_eval(path.with_name(path.name + ".hp").read_text(encoding="utf-8"))
    mine = studbook_rows(hand)
    assert set(mine) == set(expected)
    for player, row in mine.items():
        assert row == {key: expected[player][key] for key in row}, player


def changed(tmp_path: Path, log: Path, old: str, new: str) -> list:
    """What a copy of a log with one text replaced parses to."""
    path = tmp_path / log.name
    path.write_text(log.read_text(encoding="utf-8").replace(old, new), encoding="utf-8")
    return list(parse_file(path))


def studbook_rows(hand: Hand) -> dict[str, dict]:
    """The replay's figures under fpdb's names: seat, starting stack, net, showdown, won at showdown."""
    result = replay(hand)
    live = {seat.player for seat in result.seats if seat.folded_on is None}
    showdown = len(live) > 1
    return {seat.player: {"seatNo": seat.seat, "startCash": seat.starting_stack, "totalProfit": seat.net,
                          "sawShowdown": showdown and seat.player in live,
                          "wonAtSD": float(showdown and seat.player in live and seat.collected > 0)}
            for seat in result.seats}
