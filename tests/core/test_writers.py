"""Writers: corpus hands written back as PokerStars text and JSON, and ``studbook export``.

* a corpus PokerStars hand written back is the same text, byte for byte (after the line endings and
  the BOM), except its header line, whose differences are exactly the ones listed in
  ``modern_header`` (what a Hand does not keep: ``Game #``, a missing currency code, the tournament
  buy-in, a tracker's capitals);
* every corpus PokerStars and Full Tilt hand written as PokerStars text parses back to the same
  events, modulo what PokerStars cannot say (``same_play``);
* JSON lines read back to the very same Hand.
"""

from __future__ import annotations

import json
import re
from dataclasses import replace
from pathlib import Path

import pytest
from typer.testing import CliRunner

from studbook import events as ev
from studbook.cli import app
from studbook.grammar import expand_paths
from studbook.grammar import parse_file
from studbook.grammar.parse import parse_block
from studbook.grammar.reader import read_blocks
from studbook.hand import Hand
from studbook.serialize import hand_from_dict
from studbook.writers import WriterError
from studbook.writers import write_json
from studbook.writers import write_pokerstars
from studbook.writers.pokerstars_text import money
from studbook.writers.pokerstars_text import show_description
from studbook.writers.pokerstars_text import when_text

HEADER = re.compile(r"^(?:PokerStars|POKERSTARS)(?: Home Game)? (?:Game|Hand|GAME) #\d+:", re.MULTILINE)


def corpus_hands(corpus: Path, *sites: str) -> list[tuple[Path, Hand]]:
    return [(path, hand) for path in expand_paths([corpus / site for site in sites])
            for hand in parse_file(path) if isinstance(hand, Hand)]


def raw_blocks(path: Path) -> dict[str, list[str]]:
    """Each hand's lines exactly as written (trailing spaces kept), by hand id; CRLF and BOM dropped."""
    text = path.read_bytes().decode("utf-8-sig").replace("\r\n", "\n")
    starts = [match.start() for match in HEADER.finditer(text)] + [len(text)]
    blocks = {}
    for start, end in zip(starts, starts[1:], strict=False):
        lines = text[start:end].rstrip("\n").split("\n")
        blocks[re.search(r"#(\d+):", lines[0]).group(1)] = lines
    return blocks


def modern_header(line: str) -> str:
    """A corpus header as the writer spells it: ``Hand #``, the currency code after cash stakes, a
    tournament's buy-in as ``Freeroll`` (a Hand keeps none of these), a tracker export's capitals."""
    line = re.sub(r"^PokerStars Game #", "PokerStars Hand #", line)
    line = re.sub(r"\((\$[\d.]+/\$[\d.]+)\)", r"(\1 USD)", line)
    line = re.sub(r"TOURNAMENT #", "Tournament #", line)
    line = re.sub(r"(Tournament #\d+), \S+(?: [A-Z]{3})? ", r"\1, Freeroll ", line)
    return line.replace("7 CARD STUD HI/LO LIMIT - LEVEL", "7 Card Stud Hi/Lo Limit - Level")


def test_pokerstars_corpus_written_back_byte_for_byte(corpus: Path) -> None:
    checked = 0
    for path in sorted((corpus / "pokerstars").glob("*.txt")):
        originals = raw_blocks(path)
        for hand in parse_file(path):
            if not isinstance(hand, Hand):
                continue
            original = originals[hand.hand_id]
            written = write_pokerstars(hand).rstrip("\n").split("\n")
            assert written[1:] == original[1:], f"{path.name} hand {hand.hand_id}"
            assert written[0] == modern_header(original[0]), f"{path.name} hand {hand.hand_id}"
            checked += 1
    assert checked >= 30


def reparsed(text: str) -> Hand:
    (block,) = read_blocks(text.encode("utf-8"), "written.txt")
    hand = parse_block(block)
    assert isinstance(hand, Hand), hand
    return hand


def same_play(hand: Hand) -> list[ev.Event]:
    """The events up to what PokerStars text cannot tell apart: line numbers, another site's notes,
    a completion (a raise, or the bring-in seat's bet), a raise's increment, a collect's hi/lo label."""
    found: list[ev.Event] = []
    for event in hand.events:
        if isinstance(event, ev.Note) and hand.site != "pokerstars":
            continue
        if isinstance(event, ev.Complete | ev.Raise):
            event = ev.Raise(0, event.player, event.to, None, event.all_in)
        elif isinstance(event, ev.Collect):
            event = replace(event, half=None)
        found.append(replace(event, line=0))
    return found


def street_totals(hand: Hand) -> list[tuple[str, int]]:
    """(player, street total) after every completion, bet or raise: the same however it is spelled."""
    totals, street = [], {}
    for event in hand.events:
        if isinstance(event, ev.StreetStart):
            street = {}
        elif isinstance(event, ev.BringIn | ev.Call):
            street[event.player] = street.get(event.player, 0) + event.amount
        elif isinstance(event, ev.Bet):
            street[event.player] = street.get(event.player, 0) + event.amount
            totals.append((event.player, street[event.player]))
        elif isinstance(event, ev.Raise | ev.Complete):
            street[event.player] = event.to
            totals.append((event.player, event.to))
    return totals


def without_bets(events: list[ev.Event]) -> list[ev.Event]:
    return [e for e in events if not isinstance(e, ev.Bet | ev.Raise)]


def test_corpus_hands_written_as_pokerstars_parse_back_the_same(corpus: Path) -> None:
    written = refused = 0
    for path, hand in corpus_hands(corpus, "pokerstars", "fulltilt"):
        try:
            text = write_pokerstars(hand)
        except WriterError as error:
            assert hand.variant in ("stud5", "descubierto"), error
            refused += 1
            continue
        back = reparsed(text)
        label = f"{path.name} hand {hand.hand_id}"
        assert without_bets(same_play(back)) == without_bets(same_play(hand)), label
        assert street_totals(back) == street_totals(hand), label
        assert [s[:3] for s in map(_seat, back.seats)] == [s[:3] for s in map(_seat, hand.seats)], label
        assert (back.variant, back.small_bet, back.big_bet, back.currency, back.start_time) == (
            hand.variant, hand.small_bet, hand.big_bet, hand.currency, hand.start_time), label
        assert (back.summary.total_pot, back.summary.rake) == (hand.summary.total_pot, hand.summary.rake)
        written += 1
    assert written >= 50 and refused >= 1  # Full Tilt's five card stud has no PokerStars form


def _seat(seat) -> tuple:
    return seat.seat, seat.player, seat.stack, seat.sitting_out


def test_json_lines_read_back_to_the_same_hand(corpus: Path) -> None:
    for _, hand in corpus_hands(corpus, "pokerstars", "fulltilt"):
        line = write_json(hand)
        assert line.endswith("\n") and "\n" not in line[:-1]
        assert hand_from_dict(json.loads(line)) == hand


def test_money_and_time_are_written_the_pokerstars_way() -> None:
    from datetime import datetime
    from zoneinfo import ZoneInfo

    assert [money(amount, "USD") for amount in (4, 1100, 160, 5112564)] == ["$0.04", "$11", "$1.60",
                                                                              "$51125.64"]
    assert money(2500, None) == "2500"
    paris = datetime(2011, 4, 18, 2, 21, 35, tzinfo=ZoneInfo("Europe/Paris"))
    assert when_text(paris) == "2011/04/18 2:21:35 CET [2011/04/17 20:21:35 ET]"
    assert when_text(paris.astimezone(ZoneInfo("America/New_York"))) == "2011/04/17 20:21:35 ET"


def test_time_zone_names_follow_the_date() -> None:
    """A summer-time name only in summer, from zoneinfo; the names PokerStars writes all year stay."""
    from datetime import datetime
    from zoneinfo import ZoneInfo

    london = ZoneInfo("Europe/London")
    assert when_text(datetime(2024, 12, 10, 20, 12, tzinfo=london)) == (
        "2024/12/10 20:12:00 GMT [2024/12/10 15:12:00 ET]")
    assert when_text(datetime(2024, 7, 10, 20, 12, tzinfo=london)) == (
        "2024/07/10 20:12:00 BST [2024/07/10 15:12:00 ET]")
    assert when_text(datetime(2011, 12, 18, 2, 21, 35, tzinfo=ZoneInfo("Europe/Paris"))) == (
        "2011/12/18 2:21:35 CET [2011/12/17 20:21:35 ET]")
    assert when_text(datetime(2023, 2, 5, 10, 25, 51, tzinfo=ZoneInfo("America/Los_Angeles"))) == (
        "2023/02/05 10:25:51 PT [2023/02/05 13:25:51 ET]")


def test_show_descriptions_follow_pokerstars() -> None:
    from studbook.cards import parse_cards

    assert show_description("stud", parse_cards("7s Qs 6c 7h 3s Qh 6h")) == "two pair, Queens and Sevens"
    assert show_description("stud8", parse_cards("7h 2h 4c Jc 5h 7s 8c")) == (
        "HI: a pair of Sevens; LO: 8,7,5,4,2")
    assert show_description("stud8", parse_cards("Ad 5s 8d Ac 8c Jd Th")) == "HI: two pair, Aces and Eights"
    assert show_description("razz", parse_cards("3c Ac 5s 2h Th Js 5h")) == "Lo: T,5,3,2,A"


# -- studbook export --format pokerstars|json|studbook FILE... ---------------------------------------


def test_export_converts_files(corpus: Path, tmp_path: Path) -> None:
    runner = CliRunner()
    source = corpus / "pokerstars" / "cash-Razz-USD-0.04-0.08-200911.txt"
    result = runner.invoke(app, ["export", "--format", "pokerstars", str(source)])
    assert result.exit_code == 0, result.output
    again = [parse_block(block) for block in read_blocks(result.stdout.encode(), "x")]
    assert [h.hand_id for h in again] == [h.hand_id for h in parse_file(source)]
    out = tmp_path / "hands.jsonl"
    result = runner.invoke(app, ["export", "--format", "json", "--out", str(out), str(source)])
    assert result.exit_code == 0
    assert len(out.read_text(encoding="utf-8").splitlines()) == len(again)
    result = runner.invoke(app, ["export", "--format", "studbook", str(source)])
    assert result.exit_code == 0 and result.stdout.startswith("studbook hand ")


def test_export_reports_hands_the_format_cannot_hold(corpus: Path) -> None:
    source = corpus / "fulltilt" / "tour-5-Stud-USD-MTT-100-201303.txt"
    result = CliRunner().invoke(app, ["export", "--format", "pokerstars", str(source)])
    assert result.exit_code == 1
    assert "PokerStars has no stud5" in result.output


def test_export_parquet_still_needs_a_folder() -> None:
    result = CliRunner().invoke(app, ["export", "--format", "parquet"])
    assert result.exit_code == 2 and "--out FOLDER" in result.output


@pytest.mark.parametrize("fmt", ["pokerstars", "json", "studbook"])
def test_export_needs_files(fmt: str) -> None:
    result = CliRunner().invoke(app, ["export", "--format", fmt])
    assert result.exit_code == 2
