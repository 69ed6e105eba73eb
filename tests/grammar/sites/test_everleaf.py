"""Everleaf stud logs: every corpus hand parses; what the replay can and cannot check in a log that
writes no card until the showdown; cp1252 euros, tournaments in chips, other games skipped; the round
trip through the PokerStars writer."""

from __future__ import annotations

from datetime import UTC
from datetime import datetime
from pathlib import Path

from helpers.parsing import events_of

from studbook.cards import parse_cards
from studbook.events import BringIn
from studbook.events import Call
from studbook.events import Collect
from studbook.events import Complete
from studbook.events import Muck
from studbook.events import Note
from studbook.events import PostAnte
from studbook.events import Raise
from studbook.events import Show
from studbook.events import UncalledReturn
from studbook.grammar import ParseError
from studbook.grammar import Skipped
from studbook.grammar import parse_file
from studbook.grammar.parse import parse_block
from studbook.grammar.reader import read_blocks
from studbook.hand import Hand
from studbook.replay import replay


def hands_of(corpus: Path) -> list[Hand]:
    return [
        h
        for path in sorted((corpus / "everleaf").glob("*.txt"))
        for h in parse_file(path)
        if isinstance(h, Hand)
    ]


def parse_bytes(data: bytes, name: str = "constructed.txt") -> list:
    return [parse_block(block) for block in read_blocks(data, name)]


def test_corpus_totals(corpus: Path) -> None:
    assert len({h.hand_id for h in hands_of(corpus)}) == 19


def test_header_bracketed_amounts_and_completion(corpus: Path) -> None:
    hand = next(h for h in hands_of(corpus) if h.hand_id == "285997675")
    assert (hand.site, hand.variant, hand.structure, hand.currency, hand.table) == (
        "everleaf",
        "stud",
        "limit",
        "USD",
        "Clarkdale 20",
    )
    assert (hand.small_bet, hand.big_bet) == (5, 10)
    assert hand.start_time == datetime(2011, 7, 8, 0, 9, 57, tzinfo=UTC)
    assert events_of(hand, PostAnte)[0] == PostAnte(43, "Player1", 1)
    assert BringIn(48, "Player2", 2) in hand.events and Complete(49, "Player3", 5) in hand.events
    assert Call(52, "Player2", 3) in hand.events
    # Everleaf writes no uncalled-bet line: the 6th street bet nobody called is given back
    assert UncalledReturn(63, "Player2", 10) in hand.events and Muck(63, "Player2") in hand.events
    assert events_of(hand, Collect) == [Collect(64, "Player2", 32, "main")]


def test_showdown_and_raise_as_chips_put_in(corpus: Path) -> None:
    hand = next(h for h in hands_of(corpus) if h.hand_id == "285997876")
    assert Raise(94, "Player2", 20) in hand.events  # "raises [$ 0.20 USD]" over a $0.10 bet
    assert Show(102, "Player2", parse_cards("5d 8d Kd 7d 9d Jh Qc"), "a flush, king high") in hand.events
    assert Muck(103, "Player4") in hand.events
    assert events_of(hand, Collect) == [Collect(104, "Player2", 98, "main")]


# The corpus log writes no card before the showdown (not even the up cards), so the replay cannot
# judge who brings in or who opens a street from the boards: it says so (info) and takes each from the
# log, then judges everything else. The hands break no rule: no error, the chips agree.
HIDDEN_BOARDS = {"door-card-unknown", "up-card-unknown", "opener-unknown"}


def test_hidden_boards_are_noted_and_no_rule_is_broken(corpus: Path) -> None:
    for hand in hands_of(corpus):
        result = replay(hand)
        assert [v for v in result.violations if v.severity != "info"] == [], hand.hand_id
        infos = {v.code for v in result.violations}
        assert infos <= HIDDEN_BOARDS and "door-card-unknown" in infos and "up-card-unknown" in infos
        # the money is right: each net is what the log's awards say, the rake is what they leave
        for seat in result.seats:
            assert seat.net == seat.logged_collected - seat.committed
        assert result.logged_rake is None  # no summary: the rake is what the awards leave of the pot
        assert sum(s.collected for s in result.seats) + result.rake == result.total_pot


def test_a_double_bet_on_4th_street_stands_where_an_open_pair_may_hide(corpus: Path) -> None:
    """Hand 285999989, line 438: a $0.10 bet on 4th street of a $0.05/$0.10 game is the big bet an
    open pair allows (S7). The boards are not in the log, so a pair may show: the bet is not flagged,
    and the street's opener is the log's first actor."""
    hand = next(h for h in hands_of(corpus) if h.hand_id == "285999989")
    result = replay(hand)
    (bet,) = [a for a in result.actions if a.line == 438]
    assert (bet.action, bet.amount, bet.violations) == ("bet", 10, ())
    assert any(v.code == "opener-unknown" and v.rule == "S5" for v in result.violations)


EURO = """\
Everleaf Gaming Game #300000001
***** Hand history for game #300000001 *****
\u20ac0.50/\u20ac1 7 Card Stud Hi/Lo - 2011/07/08 - 21:08:53
Table Cardiff
Total number of players: 2
Seat 1: Ann (  \u20ac 10 EUR )
Seat 3: Bob (  \u20ac 12.50 EUR )
Ann: posts ante [\u20ac 0.10 EUR]
Bob: posts ante [\u20ac 0.10 EUR]
** Dealing down cards **
Dealt to Ann [ 2c, 3d, 4h ]
Bob posts bring-in \u20ac0.25.
Bob has been disconnected
Ann completes to \u20ac0.50.
Bob folds
Ann does not show cards
Ann wins \u20ac 0.95 EUR from main pot
"""


def test_cp1252_euro_deal_and_notes() -> None:
    (hand,) = parse_bytes(EURO.replace("\n", "\r\n").encode("cp1252"))
    assert isinstance(hand, Hand), hand
    assert (hand.currency, hand.variant, hand.small_bet, hand.big_bet) == ("EUR", "stud8", 50, 100)
    assert hand.seats[1].stack == 1250
    assert events_of(hand, PostAnte) == [PostAnte(8, "Ann", 10), PostAnte(9, "Bob", 10)]
    assert Note(13, "connection", "Bob has been disconnected", "Bob") in hand.events
    assert UncalledReturn(16, "Ann", 25) in hand.events
    (deal,) = [e for e in hand.events if type(e).__name__ == "Deal"]
    assert (deal.down, deal.up) == (parse_cards("2c 3d"), parse_cards("4h"))


def test_tournament_in_chips_takes_its_id_from_the_file_name() -> None:
    text = (
        EURO.replace("\u20ac0.50/\u20ac1", "100/200")
        .replace("\u20ac ", "")
        .replace(" EUR", "")
        .replace("\u20ac", "")
        .replace("0.95", "95")
        .replace("0.10", "10")
        .replace("0.25", "25")
        .replace("0.50", "50")
    )
    text = text.replace("12.50", "1250")
    (hand,) = parse_bytes(text.encode("utf-8"), "Everleaf TID_1234567-8 hands.txt")
    assert isinstance(hand, Hand), hand
    assert (hand.currency, hand.tournament_id, hand.small_bet) == (None, "1234567", 100)


def test_other_games_are_skipped_and_unknown_lines_rejected() -> None:
    holdem = EURO.replace("7 Card Stud Hi/Lo", "NL Hold'em")
    (skipped,) = parse_bytes(holdem.encode("utf-8"))
    assert isinstance(skipped, Skipped) and skipped.game == "Hold'em"
    (error,) = parse_bytes(EURO.replace("Bob folds", "Bob pays [\u20ac 1 EUR]").encode("utf-8"))
    assert isinstance(error, ParseError) and error.line == 15 and "pays" in error.message
