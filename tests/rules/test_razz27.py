"""2-7 razz (docs/rules.md R27-1..R27-5): the variant record, its evaluator ``low27`` against pokerkit's
deuce-to-seven low, its board ranking and who brings in. The KingsClub logs that confirm each rule are
checked in tests/grammar/sites/test_kingsclub.py."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

import pytest

from studbook.cards import ALL_CARDS
from studbook.cards import Card
from studbook.cards import parse_cards
from studbook.events import Street
from studbook.rules.evaluate import board_low27
from studbook.rules.evaluate import describe
from studbook.rules.evaluate import low27
from studbook.rules.evaluate import low_a5
from studbook.rules.evaluate import used_cards
from studbook.rules.house import Rules
from studbook.rules.house import rules_for
from studbook.rules.machine import Table
from studbook.rules.variants import HAND_EVALUATORS
from studbook.rules.variants import LOW_EVALUATORS
from studbook.rules.variants import VARIANTS
from studbook.rules.variants import razz
from studbook.rules.variants import razz27
from studbook.showdown import rank_hands
from studbook.writers.pokerstars_text import show_description

pokerkit = pytest.importorskip("pokerkit")


def key(text: str) -> int:
    return low27(parse_cards(text))


def board(text: str) -> int:
    return board_low27(parse_cards(text))


def test_the_variant_is_data() -> None:
    assert VARIANTS["razz27"] is razz27
    assert "low27" in HAND_EVALUATORS and "low27" in LOW_EVALUATORS
    assert razz27.streets == razz.streets and razz27.cards_per_player == 7  # R27-1: dealt as razz
    assert (razz27.bring_in, razz27.first_to_act, razz27.board_rank) == (
        "high_card_ace_high", "low_board", "board_low27")
    assert razz27.parts == ("low",) and razz27.low_game and not razz27.hi_lo
    assert razz27.open_pair_street is None  # R4 by R27-1: no double bet for an open pair
    assert razz27.evaluators(Rules()) == (low27,)
    assert razz27.board() is board_low27 and razz.board() is not board_low27
    assert razz27.showdown_rule == "R27-2" and razz27.bring_in_rule == "R27-3"


def test_R27_2_vectors() -> None:
    # Ace high only: A-2-3-4-5 is no straight and no wheel, just ace high.
    assert key("Ac 2d 3h 4s 5c") < key("Kc Qd Jh 9s 8c")
    assert describe(key("Ac 2d 3h 4s 5c")) == "A,5,4,3,2"
    # The best hand is 7-5-4-3-2 of two suits or more; then 7-6-4-3-2, 8-5-4-3-2 ...
    order = ["7c 5d 4h 3s 2c", "7c 6d 4h 3s 2c", "7c 6d 5h 3s 2c", "7c 6d 5h 4s 2c", "8c 5d 4h 3s 2c",
             "Kc Qd Jh 9s 8c", "Ac 5d 4h 3s 2c", "2c 2d 3h 4s 5c", "Ac Ad Kh Qs Jc", "2c 2d 3h 3s 4c",
             "2c 2d 2h 4s 5c", "6c 5d 4h 3s 2c", "Ac Kd Qh Js Tc", "7c 5c 4c 3c 2c", "Ac Kc Qc Jc 9c",
             "2c 2d 2h 3s 3c", "2c 2d 2h 2s 3c", "6c 5c 4c 3c 2c"]
    keys = [key(text) for text in order]
    assert keys == sorted(keys, reverse=True)
    # Straights and flushes count against the hand, even a low one.
    assert describe(key("6c 5d 4h 3s 2c")) == "a straight, Deuce to Six"
    assert describe(key("7c 5c 4c 3c 2c")) == "a flush, Seven high"
    assert describe(key("2c 2d 3h 4s 5c")) == "2,2,5,4,3"
    # Seven cards: the lowest five, avoiding a pair, a straight or a flush where it can.
    assert describe(key("7h 5c 4d 3s 2c Ah Kd")) == "7,5,4,3,2"
    assert describe(key("7s 5s 4s 3s 2s Ad Kh")) == "K,5,4,3,2"  # the five spades are a flush
    assert describe(key("6c 5d 4h 3s 2c 9d 9h")) == "9,5,4,3,2"  # 9 over 6 breaks the straight
    assert describe(key("2c 2d 3h 3s 4c 4d 5h")) == "2,2,5,4,3"  # one pair beats two
    # Fewer than five cards (a hand shown before 7th street, R5's "3,3,5,4"): no straight, no flush.
    assert describe(key("5c 4c 3c 2c")) == "5,4,3,2"
    assert key("5c 4d 3h") > key("Ac 2d 3h")
    # Suits never split equal lows.
    assert key("7c 5d 4h 3s 2c") == key("7d 5c 4s 3h 2d")


def test_evaluator_refuses_bad_lists() -> None:
    with pytest.raises(ValueError, match=r"^low27\(\) got the same card twice: 4d in 4d 4d$"):
        low27(parse_cards("4d 4d"))
    with pytest.raises(ValueError, match=r"^low27\(\) got the same card twice: 2s in 7s 5s 4s 3s 2s 2s$"):
        low27(parse_cards("7s 5s 4s 3s 2s 2s"))
    with pytest.raises(ValueError, match="takes 1 to 7 cards, got 8"):
        low27(ALL_CARDS[:8])
    with pytest.raises(ValueError, match="takes 1 to 7 cards, got 0"):
        low27(())


def _pool(seed: int, count: int) -> list[tuple[Card, ...]]:
    rng = random.Random(seed)
    decks: list[Sequence[Card]] = [
        ALL_CARDS,
        [card for card in ALL_CARDS if card.suit in "cd"],  # flushes and straight flushes
        [card for card in ALL_CARDS if card.rank <= 8 or card.rank == 14],  # smooth lows and straights
        [card for card in ALL_CARDS if card.rank in (2, 3, 4, 5, 14)],  # pairs, and the ace-high non-wheel
    ]
    return [tuple(rng.sample(list(decks[i % len(decks)]), rng.choice((5, 6, 7, 7)))) for i in range(count)]


def _sign(a: Any, b: Any) -> int:
    return (a > b) - (a < b)


def test_low27_orders_like_pokerkit_deuce_to_seven() -> None:
    """pokerkit's StandardLowHand is deuce-to-seven lowball: larger means better there and here."""
    hands = _pool(27, 2500)
    mine = [low27(hand) for hand in hands]
    theirs = [pokerkit.StandardLowHand.from_game("".join(map(str, hand))) for hand in hands]
    ranked = sorted(range(len(hands)), key=mine.__getitem__)
    for a, b in zip(ranked, ranked[1:], strict=False):
        assert _sign(mine[a], mine[b]) == _sign(theirs[a], theirs[b]), (hands[a], hands[b])
    rng = random.Random(7)
    for _ in range(10_000):
        a, b = rng.randrange(len(hands)), rng.randrange(len(hands))
        assert _sign(mine[a], mine[b]) == _sign(theirs[a], theirs[b]), (hands[a], hands[b])


def test_low27_is_the_same_in_any_order() -> None:
    rng = random.Random(3)
    for hand in _pool(4, 500):
        assert low27(hand) == low27(tuple(rng.sample(hand, len(hand))))


def test_used_cards_of_a_flush_low_keep_its_suit() -> None:
    cards = parse_cards("Kh 9h 8h 6h 4h 3h 9c")  # the nine of clubs breaks the flush (R27-2)
    assert describe(low27(cards)) == "9,8,6,4,3"
    cards = parse_cards("Kh 9h 8h 6h 4h 3h")  # six hearts: every five is a flush, the king is left out
    assert describe(low27(cards)) == "a flush, Nine high"
    assert " ".join(map(str, used_cards(cards, low27(cards)))) == "9h 8h 6h 4h 3h"
    cards = parse_cards("7d 5s 4h 3c 2c 2d")
    assert " ".join(map(str, used_cards(cards, low27(cards)))) == "7d 5s 4h 3c 2d"


def test_R27_4_boards_ace_high() -> None:
    # Ace high on the board: A-2 is worse than K-Q; unpaired beats paired; from the highest card down.
    assert board("Kc Qd") > board("Ac 2d") > board("2c 2d")
    assert board("7c 5d 2h") > board("7d 6h 2s") > board("8c 3d 2h")
    assert board("Jc 9d") > board("Kd 4s")  # KingsClub 40091899: J-9 opens before K-4
    assert board("Qd Qd 7d") == board("Qd Qh 7d")  # a broken log's board ranks as dealt
    assert board("Kc Qd") == board("Kh Qc")
    with pytest.raises(ValueError, match=r"^board_low27\(\) takes 1 or more cards, got 0$"):
        board_low27(())


def _table(doors: str, street: int = 3, rules: tuple[str, ...] = ()) -> Table:
    seats, ups = [], {}
    for number, item in enumerate(doors.split(), start=1):
        name, cards = item.split(":")
        seats.append((name, number, 100))
        ups[name] = parse_cards(cards)
    table = Table(razz27, rules_for(razz27, None, user=Rules.parse(rules)), seats, small_bet=10, big_bet=20,
                  bring_in=3)
    for name, cards in ups.items():
        table.deal_up(name, cards)
    table.start_street(street)
    return table


def test_R27_3_the_highest_door_brings_in_ace_high() -> None:
    assert _table("A:Kd B:Ah C:2c").bring_in_due == "B"  # an ace is the worst door (razz: the king)
    assert _table("A:Kd B:Ks C:Qc").bring_in_due == "B"  # ties by suit, spades highest (as R2)
    assert _table("A:4d B:Td C:6c D:3d E:Qc F:2s G:Ah").bring_in_due == "G"  # KingsClub 40091899


def test_R27_3_a_wrong_bring_in_cites_its_own_rule() -> None:
    table = _table("A:Kd B:Ah C:2c")
    issues = table.act("A", "bring-in", 3)
    assert [(issue.code, issue.rule) for issue in issues] == [("wrong-bring-in", "R27-3")]


def test_R27_4_the_lowest_board_opens_later_streets() -> None:
    table = _table("A:As,2d B:Kc,Qd C:7s,7d", street=Street.FOURTH)
    assert table.next_actor() == "B"  # razz would open with A-2
    table = _table("A:Kd,4s B:9c,Jd C:8h,8d", street=Street.FOURTH)
    assert table.next_actor() == "B"  # KingsClub 3703449: J-9, K-4, a pair of eights
    tied = "A:Kc,Qd B:Kh,Qs"
    assert _table(tied, street=4).next_actor() == "A"
    assert _table(tied, street=4, rules=("board_tie_break=suit",)).next_actor() == "A"  # lowest suit of K


def test_showdown_and_names_at_the_edges() -> None:
    hands = [parse_cards("7c 5d 4h 3s 2c Kd Kh"), parse_cards("Ac 2d 3h 4s 5c 9d 9h")]
    result = rank_hands("razz27", hands)
    assert result.winners == (("low", (0,)),)  # razz would give the pot to the other hand
    assert rank_hands("razz", hands).winners == (("low", (1,)),)
    assert [entry.names for entry in result.entries] == [("7,5,4,3,2",), ("9,5,4,3,2",)]
    assert show_description("razz27", hands[0]) == "Lo: 7,5,4,3,2"
    assert show_description("razz27", hands[1]) == "Lo: 9,5,4,3,2"
    assert show_description("razz", hands[1]) == "Lo: 5,4,3,2,A"
    assert low_a5(hands[1]) > low_a5(hands[0]) and low27(hands[0]) > low27(hands[1])
