"""Malformed input: each bad block is one clear ParseError (file:line:column, hand id, what was
found and what was expected) and the other blocks of the same file still parse."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest
from helpers.parsing import OLD_STYLE_HAND

from studbook.grammar import ParseError
from studbook.grammar import parse_file
from studbook.grammar.records import FileError
from studbook.hand import Hand

PS = OLD_STYLE_HAND.rstrip("\n").split("\n")  # a real PokerStars hand, 31 lines
ET_DISAGREES = ("PokerStars Game #15043388146:  7 Card Stud Hi/Lo Limit ($400/$800) - 2009/07/16 2:36:31 CET "
                "[2009/07/15 21:36:31 ET]")
BAD_ZONE = PS[0].replace("(ET)", "(XYZ)")

# A real Full Tilt hand (cash-7-Stud-USD-3-6-20106.Steal.from.CO.Success.txt), 44 lines.
FTP = """\
Full Tilt Poker Game #21536266313: Table Hagan - $3/$6 Ante $0.50 - Limit Stud Hi - 12:06:20 ET - 2010/06/11
Seat 1: bllodshot ($52.50)
Seat 2: kwuiyhw ($48.50)
Seat 3: chasrigg ($284)
Seat 4: goulartarm ($80)
Seat 5: Hero ($223.50)
Seat 7: thebear666 ($87.50)
Seat 8: FILL A RACK ($138)
kwuiyhw antes $0.50
chasrigg antes $0.50
bllodshot antes $0.50
Hero antes $0.50
FILL A RACK antes $0.50
thebear666 antes $0.50
goulartarm antes $0.50
*** 3RD STREET ***
Dealt to bllodshot [9c]
Dealt to kwuiyhw [Kc]
Dealt to chasrigg [2s]
Dealt to goulartarm [2c]
Dealt to Hero [5h 3c] [Td]
Dealt to thebear666 [3h]
Dealt to FILL A RACK [6c]
goulartarm is low with [2c]
goulartarm brings in for $1
Hero folds
thebear666 folds
FILL A RACK folds
bllodshot folds
kwuiyhw completes it to $3
chasrigg folds
goulartarm folds
Uncalled bet of $2 returned to kwuiyhw
kwuiyhw mucks
kwuiyhw wins the pot ($5.50)
*** SUMMARY ***
Total pot $5.50 | Rake $0
Seat 1: bllodshot folded on 3rd St.
Seat 2: kwuiyhw collected ($5.50), mucked
Seat 3: chasrigg folded on 3rd St.
Seat 4: goulartarm folded on 3rd St.
Seat 5: Hero folded on 3rd St.
Seat 7: thebear666 folded on 3rd St.
Seat 8: FILL A RACK folded on 3rd St.""".split("\n")
TOURNAMENT_HEADER = ("Full Tilt Poker Game #21536266313: Big Game (251332389), Table 1 - 300/600 Ante 50 - "
                     "Limit Stud Hi - 12:06:20 ET - 2010/06/11")


def inserted(lines: list[str], after: int, line: str) -> list[str]:
    return lines[:after] + [line] + lines[after:]


def replaced(lines: list[str], number: int, line: str) -> list[str]:
    return lines[:number - 1] + [line] + lines[number:]


def good_bad_good(tmp_path: Path, good: list[str], bad: list[str]) -> tuple[Hand, ParseError, Hand, int]:
    """One file: a good hand, the bad one, the good one again, read strictly (a line the grammar does not
    know is an error too). Returns the bad block's first line."""
    path = tmp_path / "hands.txt"
    path.write_text("\n".join(good + ["", ""] + bad + ["", "", ""] + good) + "\n")
    first, error, last = parse_file(path, strict=True)
    assert isinstance(first, Hand) and isinstance(last, Hand)
    assert isinstance(error, ParseError) and error.file == str(path)
    return first, error, last, len(good) + 3


PS_CASES: dict[str, tuple[Callable[[list[str]], list[str]], int, int, list[str]]] = {
    # name: (how the hand is broken, block line, column, parts of the message)
    "truncated": (lambda h: h[:17], 17, len(PS[16]) + 1, [
        "the hand ends too early, after 'Dealt to Player0 [Ts] [4s]'; expected",
        "an action (NAME: checks, folds, bets, calls, raises ...)", "5th street (*** 5th STREET ***)",
        "the summary (*** SUMMARY ***)"]),
    "garbage line": (lambda h: inserted(h, 17, "@@ garbage @@"), 18, 1, [
        "unrecognised line '@@ garbage @@'; expected", "a deal (Dealt to NAME [cards])", "an action"]),
    "unknown action": (lambda h: inserted(h, 17, "Hero: jumps $400"), 18, 7, [
        "unknown action 'jumps $400' by Hero; expected", "an action (NAME: checks, folds, bets, calls"]),
    "bad card": (lambda h: replaced(h, 16, "Dealt to Hero [7s 7c Ah] [Jx]"), 16, 27, [
        "'Jx' is not a card (rank 2-9TJQKA, suit cdhs)"]),
    "two new cards": (lambda h: replaced(h, 16, "Dealt to Hero [7s 7c Ah] [Jh Jd]"), 16, 16, [
        "4th street deals 1 card(s) to a player, not 2"]),
    "unseated player": (lambda h: replaced(h, 19, "Villain: calls $400"), 19, 1, [
        "'Villain' is not in the seat list"]),
    "chips in a cash hand": (lambda h: replaced(h, 19, "Player0: calls 400"), 19, 16, [
        "amount '400' has no USD sign in a USD hand"]),
    "too many decimals": (lambda h: replaced(h, 19, "Player0: calls $400.001"), 19, 16, [
        "amount '$400.001' has more than 2 decimals"]),
    "street out of order": (lambda h: replaced(h, 15, "*** 5th STREET ***"), 15, 1, [
        "'*** 5th STREET ***' is out of place here; expected", "4th street (*** 4th STREET ***)"]),
    "ET time disagrees": (lambda h: replaced(h, 1, ET_DISAGREES), 1, ET_DISAGREES.index("2009/07/15") + 1, [
        "local time 2009/07/16 2:36:31 CET is not the ET time in brackets, 2009/07/15 21:36:31"]),
    "unknown time zone": (lambda h: replaced(h, 1, BAD_ZONE), 1, BAD_ZONE.index("XYZ") + 1, [
        "unknown time zone 'XYZ'"]),
    "unreadable header": (lambda h: replaced(h, 1, h[0].replace("Limit ", "Limit, ")), 1, 1, [
        "unrecognised line 'PokerStars Game #15043388146:  7 Card Stud Hi/Lo Limit, ($400/$800)",
        "expected a PokerStars hand header"]),
    "seat listed twice": (lambda h: inserted(h, 3, "Seat 1: Hero ($1 in chips)"), 4, 6, [
        "seat 1 (Hero) is listed twice"]),
    "summary names another player": (lambda h: replaced(h, 31, "Seat 3: Player9 folded on the 5th Street"),
                                     31, 9, ["summary names 'Player9' but seat 3 is 'Player0'"]),
}


@pytest.mark.parametrize("case", PS_CASES)
def test_pokerstars_block_errors(tmp_path: Path, case: str) -> None:
    breaks, line, column, message = PS_CASES[case]
    _, error, _, start = good_bad_good(tmp_path, PS, breaks(PS))
    assert (error.line, error.column) == (start + line - 1, column)
    assert (error.hand_id, error.site) == ("15043388146", "pokerstars")
    for part in message:
        assert part in error.message
    assert str(error) == f"{error.file}:{error.line}:{column}: hand 15043388146: {error.message}"
    assert error.raw.split("\n")[line - 1] == breaks(PS)[line - 1]


FTP_CASES: dict[str, tuple[Callable[[list[str]], list[str]], int, int, list[str]]] = {
    "truncated": (lambda h: h[:30], 30, len(FTP[29]) + 1, [
        "the hand ends too early, after 'kwuiyhw completes it to $3'; expected",
        "an action (NAME checks, folds, bets, calls, raises to, completes it to ...)"]),
    "garbage line": (lambda h: inserted(h, 25, "~~~"), 26, 1, ["unrecognised line '~~~'; expected"]),
    "unknown action": (lambda h: inserted(h, 25, "FILL A RACK jumps $3"), 26, 13, [
        "unknown action 'jumps $3' by FILL A RACK"]),
    "no 2nd street in seven-card stud": (lambda h: replaced(h, 16, "*** 2ND STREET ***"), 16, 1, [
        "stud has no 2nd street"]),
    "dollars in a tournament": (lambda h: replaced(h, 1, TOURNAMENT_HEADER), 2, 20, [
        "amount '$52.50' is not in the hand's chips"]),
}


@pytest.mark.parametrize("case", FTP_CASES)
def test_fulltilt_block_errors(tmp_path: Path, case: str) -> None:
    breaks, line, column, message = FTP_CASES[case]
    _, error, _, start = good_bad_good(tmp_path, FTP, breaks(FTP))
    assert (error.line, error.column) == (start + line - 1, column)
    assert (error.hand_id, error.site) == ("21536266313", "fulltilt")
    for part in message:
        assert part in error.message


def test_empty_file(tmp_path: Path) -> None:
    path = tmp_path / "empty.txt"
    path.write_bytes(b"\r\n  \n")
    assert list(parse_file(path)) == [FileError(str(path), 1, 1, None, None, "empty file: no hands")]


def test_binary_file(tmp_path: Path) -> None:
    path = tmp_path / "image.png"
    path.write_bytes(b"\x89PNG\r\n\x1a\n" + bytes(range(256)) * 4)
    [error] = parse_file(path)
    assert isinstance(error, ParseError) and (error.line, error.column) == (1, 1)
    assert "binary data" in error.message


def test_text_before_the_first_hand(tmp_path: Path) -> None:
    path = tmp_path / "hands.txt"
    path.write_text("exported by some tool\n\n" + "\n".join(PS) + "\n")
    error, hand = parse_file(path)
    assert isinstance(error, ParseError) and (error.line, error.hand_id) == (1, None)
    assert "no hand header recognised" in error.message
    assert isinstance(hand, Hand) and hand.source.first_line == 3


def test_a_header_alone(tmp_path: Path) -> None:
    _, error, _, start = good_bad_good(tmp_path, FTP, FTP[:1])
    assert (error.line, error.column) == (start, len(FTP[0]) + 1)
    expected = "a seat (Seat N: NAME (STACK))"
    assert error.message == f"the hand ends too early, after {FTP[0]!r}; expected {expected}"
