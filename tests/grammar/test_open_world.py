"""Lines no grammar knows: left out where the money closes without them, never where they may move money.

The metamorphic test inserts informational lines of many shapes (seat status, timeouts, dealer and chat
notices, tournament news, junk) into every hand of every text log of the corpus and of histories/: no
hand's nets, pots or verdicts may change; each inserted line is kept as a note, and one the site's
grammar does not know is named by an ``unknown-line`` warning. Read strictly, such a hand is rejected,
as before.
"""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from helpers.paths import HISTORIES

from studbook.events import UNKNOWN_LINE
from studbook.events import Note
from studbook.grammar import Block
from studbook.grammar import ParseError
from studbook.grammar import parse_block
from studbook.grammar import parse_file
from studbook.grammar import read_blocks
from studbook.grammar.lines import LineDialect
from studbook.grammar.openworld import may_move_money
from studbook.hand import Hand
from studbook.replay import replay
from studbook.results import Replay

# Informational lines as sites write them; {name} is a seated player, {other} someone not seated.
SHAPES = (
    "{name} has timed out",
    "{name} is disconnected",
    "{name} will be allowed to play after the button",
    "{name} has 15 seconds left to act",
    "{name} finished the tournament in 4th place",
    "{other} joins the table at seat #9",
    "{other} has left the table.",
    "Dealer: {name}, it's your turn",
    "Dealer: the table is now open for chat",
    "*** Player {other} is sitting out ***",
    "Time bank activated for {name}",
    "The game was paused by the host for 2 minutes",
    "Level 12: blinds are up",
    "~~~",
    "\ufffd\ufffd\ufffd",
    "Seat 9 is reserved for {other}",
)


def text_blocks(folder: Path) -> list[Block]:
    """The stud hands of every text log under ``folder`` that a whole-line grammar reads."""
    found: list[Block] = []
    for path in sorted(folder.rglob("*")):
        if not path.is_file() or path.suffix in (".xml", ".hp", ".hands", ".gt", ".json", ".md"):
            continue
        found += [block for block in read_blocks(path) if isinstance(block, Block)
                  and isinstance(block.dialect, LineDialect) and block.dialect.other_game(block) is None]
    return found


def outcome(result: Replay) -> tuple[object, ...]:
    """What a hand comes to: each seat's money, the pots, and the verdict (the findings but L6's)."""
    seats = tuple((s.player, s.committed, s.collected, s.logged_collected, s.net) for s in result.seats)
    pots = tuple((p.amount, p.eligible, tuple((w.player, w.amount, w.half) for w in p.winners))
                 for p in result.pots)
    verdict = tuple(sorted((v.code, v.severity, v.rule or "") for v in result.violations
                           if v.code != UNKNOWN_LINE))
    return seats, pots, verdict


def with_line(block: Block, index: int, line: str) -> Block:
    return Block(block.file, block.first_line, [*block.lines[:index], line, *block.lines[index:]],
                 block.dialect, block.context)


def inserted(block: Block, hand: Hand, chance: random.Random, count: int) -> tuple[Block, list[int]]:
    """``block`` with ``count`` informational lines at random places after its seat list; the file's line
    numbers of the lines inserted."""
    names = [seat.player for seat in hand.seats]
    last = names[-1]  # after the seat list: a note may name any seated player
    start = 1 + next(index for index, line in enumerate(block.lines) if last in line)
    places: list[int] = []
    for _ in range(count):
        shape = chance.choice(SHAPES)
        line = shape.format(name=chance.choice(names), other="Zelda Newcomer")
        index = chance.randrange(start, len(block.lines) + 1)
        block = with_line(block, index, line)
        places = [p + 1 if p >= index else p for p in places] + [index]
    return block, sorted(block.first_line + index for index in places)


@pytest.fixture(scope="module")
def hands(corpus: Path) -> list[tuple[Block, Hand]]:
    """Every hand that parses (the corpus holds one cut short), with its block."""
    pairs = [(block, parse_block(block)) for block in [*text_blocks(corpus), *text_blocks(HISTORIES)]]
    return [(block, hand) for block, hand in pairs if isinstance(hand, Hand)]


def test_every_text_site_is_in_the_sample(hands: list[tuple[Block, Hand]]) -> None:
    """Every site a whole-line grammar reads (the XML sites, Merge and iPoker, have none)."""
    sites = {hand.site for _, hand in hands}
    assert sites >= {"pokerstars", "fulltilt", "acr", "bovada", "everleaf", "absolute", "partypoker",
                     "ongame", "winamax", "kingsclub", "studbook"}


@pytest.mark.parametrize("count", [1, 3])
def test_informational_lines_change_no_hand(hands: list[tuple[Block, Hand]], count: int) -> None:
    chance = random.Random(count)
    for block, hand in hands:
        before = outcome(replay(hand))
        damaged, places = inserted(block, hand, chance, count)
        again = parse_block(damaged)
        where = f"{block.file}:{block.first_line} with {places}:\n" + "\n".join(damaged.lines)
        assert isinstance(again, Hand), f"{again}\n{where}"
        result = replay(again)
        assert outcome(result) == before, where
        notes = {event.line: event.kind for event in again.events if isinstance(event, Note)}
        assert all(line in notes for line in places), where  # kept: as a note the site writes, or unknown
        warned = [v.line for v in result.violations if v.code == UNKNOWN_LINE]
        assert warned == [line for line in places if notes[line] == UNKNOWN_LINE], where
        if warned:
            assert isinstance(parse_block(damaged, strict=True), ParseError), where


def test_a_line_that_may_move_money_is_never_left_out(hands: list[tuple[Block, Hand]]) -> None:
    """A new kind of action by a seated player is an error however the money comes out, as before (where
    the site's grammar reads no such line: Bovada's loose summary lines read "Seat+1: straddles 2")."""
    tried = 0
    for block, hand in hands[::5]:
        line = f"{hand.seats[0].player}: straddles 2"
        assert isinstance(block.dialect, LineDialect)
        if block.dialect.kind_of(line) is not None:
            continue
        tried += 1
        damaged = with_line(block, len(block.lines) - 1, line)
        result = parse_block(damaged)
        assert isinstance(result, ParseError), f"{block.file}:{block.first_line}"
        assert result == parse_block(damaged, strict=True)
    assert tried > len(hands[::5]) * 3 // 4


def test_a_left_out_line_whose_money_does_not_close_rejects_the_hand_and_says_why(
        hands: list[tuple[Block, Hand]]) -> None:
    """A site's new form of award lines (the collection and the summary's), with no name of a seated
    player in them, is left out; nothing then awards the pot, so the hand is rejected with the strict
    error and the reason."""
    block, hand = next((b, h) for b, h in hands if h.site == "pokerstars" and h.currency is not None
                       and any(line.endswith("from pot") for line in b.lines))
    awards = [index for index, line in enumerate(block.lines)
              if " collected " in line or " and won (" in line]
    damaged = Block(block.file, block.first_line,
                    ["The house hands over the chips" if index in awards else line
                     for index, line in enumerate(block.lines)], block.dialect)
    result = parse_block(damaged)
    assert isinstance(result, ParseError)
    strict = parse_block(damaged, strict=True)
    assert isinstance(strict, ParseError) and (result.line, result.column) == (strict.line, strict.column)
    assert result.message.startswith(strict.message)
    lines = ", ".join(str(block.first_line + index) for index in awards)
    assert f"the unknown line(s) {lines} are the likely cause" in result.message
    assert "money does not close" in result.message


def test_the_note_keeps_the_line_as_written(hands: list[tuple[Block, Hand]]) -> None:
    block, hand = hands[0]
    damaged = with_line(block, 4, "  Dealer:  «bonne chance»  ")
    again = parse_block(damaged)
    assert isinstance(again, Hand)
    [note] = [e for e in again.events if isinstance(e, Note) and e.kind == UNKNOWN_LINE]
    assert (note.line, note.text) == (block.first_line + 4, "  Dealer:  «bonne chance»  ")


@pytest.mark.parametrize(("line", "moves"), [
    ("Ann: All-In(Raise) 120 to 240", True),
    ("Ann goes all in", True),
    ("Ann: Fold", True),
    ("Main pot 240 Side pot 80", True),
    ("Rake: 0.50", True),
    ("Ann has timed out", False),
    ('Ann said, "I will raise you 40"', False),
    ("Ann finished the tournament in 3rd place and received $40", False),
    ("Level 12: blinds are up", False),
    ("Annette bets 40", False),  # a longer name is no seated player's
])
def test_what_may_move_money(line: str, moves: bool) -> None:
    assert may_move_money(line, ["Ann", "Bob"]) is moves


def test_a_deal_with_a_word_that_is_no_card_is_kept_with_its_cards_unknown(
        hands: list[tuple[Block, Hand]]) -> None:
    """Every later-street deal of the player's own cards, one at a time, its new card made no card: the
    hand is kept, its money unchanged, the cards unknown with a warning (L6); strictly, the error of old."""
    tried = 0
    for block, hand in hands:
        if hand.site not in ("pokerstars", "fulltilt", "partypoker", "kingsclub", "everleaf"):
            continue
        deals = [i for i, line in enumerate(block.lines)
                 if line.startswith("Dealt to ") and line.endswith("]") and "] [" in line]
        if not deals:
            continue
        index = deals[0]
        damaged = Block(block.file, block.first_line,
                        [*block.lines[:index], block.lines[index][:-3] + "Jx]", *block.lines[index + 1:]],
                        block.dialect)
        kept = parse_block(damaged)
        where = f"{block.file}:{block.first_line + index}"
        assert isinstance(kept, Hand), f"{kept} ({where})"
        result = replay(kept)
        seats = [(s.player, s.committed, s.logged_collected) for s in result.seats]
        assert seats == [(s.player, s.committed, s.logged_collected) for s in replay(hand).seats], where
        assert [(v.code, v.severity, v.rule) for v in result.violations if v.code == "unknown-card"] == [
            ("unknown-card", "warning", "L6")], where
        assert not any(v.code == "card-count" for v in result.violations), where
        strict = parse_block(damaged, strict=True)
        assert isinstance(strict, ParseError) and "'Jx' is not a card" in strict.message, where
        tried += 1
    assert tried >= 40


@pytest.mark.parametrize(("tail", "encoding"), [("\n\n\x1a\n", "utf-8"), ("\n\n\x1a", "cp1252")])
def test_junk_after_the_last_hand_costs_no_hand(tmp_path: Path, tail: str, encoding: str) -> None:
    """A stray byte after the blank lines that end a log is left out of the last hand with a warning."""
    log = tmp_path / "log.txt"
    text = (HISTORIES / "pokerstars-stud8-sim.txt").read_text(encoding="utf-8")
    log.write_bytes((text.rstrip("\n") + tail).encode(encoding))
    results = list(parse_file(log))
    assert all(isinstance(result, Hand) for result in results) and len(results) == 25
    notes = [e for e in results[-1].events if isinstance(e, Note) and e.kind == UNKNOWN_LINE]
    assert [note.text for note in notes] == ["\x1a"]


def test_a_broken_utf16_tail_costs_no_hand(corpus: Path, tmp_path: Path) -> None:
    """A UTF-16 log with one byte too many decodes it as a replacement character: left out, with a warning."""
    source = corpus / "fulltilt" / "cash-Razz-USD-0.10-0.20-201012.CCT.and.ET.timeformat.txt"
    log = tmp_path / "log.txt"
    log.write_bytes(source.read_bytes() + b"\n")
    [hand] = list(parse_file(log))
    assert isinstance(hand, Hand)
    assert [e.text for e in hand.events if isinstance(e, Note) and e.kind == UNKNOWN_LINE] == ["\ufffd"]
    assert isinstance(next(iter(parse_file(log, strict=True))), ParseError)


def _garbled_show(block: Block) -> tuple[Block, int] | None:
    """``block`` with the last card of its first show line (one that shows cards and moves no money) made
    a word that is no card, and that line's index; None where the hand has no such line."""
    dialect = block.dialect
    assert isinstance(dialect, LineDialect)
    for index, line in enumerate(block.lines):
        kind = dialect.kind_of(line)
        if kind in dialect.deal_kinds or not dialect._shows_only(line):
            continue
        match = dialect.reader.regexps[kind].match(line + "\n")
        assert match is not None
        end = match.end("cards")
        if end - match.start("cards") < 2:
            continue
        garbled = line[:end - 2] + "Zz" + line[end:]
        return Block(block.file, block.first_line, [*block.lines[:index], garbled, *block.lines[index + 1:]],
                     block.dialect, block.context), index
    return None


def test_a_show_with_a_word_that_is_no_card_is_kept_with_its_cards_unknown(
        hands: list[tuple[Block, Hand]]) -> None:
    """The first show of every hand, one card made no card: the hand is kept with its money unchanged and a
    warning (L6); a pot the player is in is judged by the cards a summary line shows again, else it stands
    as the log awards it (an info naming the player), never as a new error. Strictly, the error of old."""
    tried, unverified = 0, 0
    for block, hand in hands:
        if hand.site == "studbook":
            continue  # a card is a word of the home-game grammar: a typo there is the line's syntax error
        garbled = _garbled_show(block)
        if garbled is None:
            continue
        damaged, index = garbled
        where = f"{block.file}:{block.first_line + index}"
        kept = parse_block(damaged)
        assert isinstance(kept, Hand), f"{kept} ({where})"
        result, before = replay(kept), replay(hand)
        assert ([(s.player, s.committed, s.logged_collected) for s in result.seats]
                == [(s.player, s.committed, s.logged_collected) for s in before.seats]), where
        assert [(v.code, v.severity, v.line) for v in result.violations if v.code == "unknown-card"] == [
            ("unknown-card", "warning", block.first_line + index)], where
        errors = {v.code for v in result.violations if v.severity == "error"}
        assert errors <= {v.code for v in before.violations if v.severity == "error"}, where
        [note] = [e for e in kept.events if isinstance(e, Note) and e.kind == "unknown-show"]
        unverified += any(v.code == "award-unverified" and note.player in v.message
                          for v in result.violations)
        strict = parse_block(damaged, strict=True)
        assert isinstance(strict, ParseError) and "'Zz'" in strict.message, where
        tried += 1
    assert tried >= 60 and unverified >= 10, (tried, unverified)
