"""Stakes a tournament header leaves out or writes as 0/0 are read from the hand's bets (studbook/stakes.py),
stored with the hand and named by the audit as information (rule L7), so no bet is judged against 0."""

from __future__ import annotations

from helpers.parsing import parse_text
from helpers.tournament_hands import BOVADA_TOURNAMENT
from helpers.tournament_hands import ZERO_LEVEL

from studbook.hand import Hand
from studbook.replay import replay
from studbook.stakes import inferred_stakes
from studbook.stakes import nice_round_up
from studbook.stakes import with_stakes

# The Bovada tournament hand with no level at all in its header: 5th street opens for 80.
NO_LEVEL = BOVADA_TOURNAMENT.replace("Level 2 (40/80) - ", "")


def parsed(text: str) -> Hand:
    (hand,) = parse_text(text)
    assert isinstance(hand, Hand), hand
    return hand


def test_a_level_written_0_0_takes_its_stakes_from_the_bets_and_says_so() -> None:
    hand = parsed(ZERO_LEVEL)
    assert (hand.small_bet, hand.big_bet, hand.ante, hand.bring_in) == (25, 50, None, None)
    assert hand.inferred == ("small_bet", "big_bet")
    assert [(v.code, v.severity, v.rule, v.message) for v in replay(hand).violations] == [
        ("stakes-inferred", "info", "L8", "stakes not in the header (small bet, big bet): judged at 25/50, "
                                          "read from the bets"),
    ]


def test_the_same_hand_with_its_level_stated_is_unchanged_and_clean() -> None:
    hand = parsed(ZERO_LEVEL.replace("(0/0)", "(25/50)"))
    assert (hand.small_bet, hand.big_bet, hand.inferred) == (25, 50, ())
    assert replay(hand).violations == []


def test_a_tournament_header_with_no_level_takes_its_stakes_from_the_bets() -> None:
    hand = parsed(NO_LEVEL)
    assert (hand.tournament_id, hand.level, hand.small_bet, hand.big_bet) == ("9018578", None, 40, 80)
    assert [(v.code, v.severity) for v in replay(hand).violations] == [("stakes-inferred", "info")]


def test_no_bet_at_all_falls_back_on_the_bring_in() -> None:
    hand = parsed(ZERO_LEVEL)
    quiet = tuple(e for e in hand.events if type(e).__name__ not in ("Bet", "Raise", "Complete"))
    assert inferred_stakes(quiet) == (25, 50)  # bring-in 10, doubled and rounded up to 25
    assert [nice_round_up(n) for n in (0, 1, 3, 20, 26, 51, 120)] == [1, 1, 3, 25, 50, 100, 250]


def test_a_stated_hand_is_returned_as_it_is() -> None:
    hand = parsed(ZERO_LEVEL.replace("(0/0)", "(25/50)"))
    assert with_stakes(hand) is hand
