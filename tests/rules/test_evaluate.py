"""Hand evaluators: pokerkit as an oracle for ordering, rules.md vectors, PokerStars' hand names."""

from __future__ import annotations

import random
import re
from collections.abc import Callable
from collections.abc import Sequence
from itertools import combinations
from pathlib import Path
from typing import Any

import pytest

from studbook.cards import ALL_CARDS
from studbook.cards import Card
from studbook.cards import parse_cards
from studbook.rules import evaluate as evaluate_module
from studbook.rules.evaluate import DescubiertoHigh
from studbook.rules.evaluate import board_high
from studbook.rules.evaluate import board_low
from studbook.rules.evaluate import describe
from studbook.rules.evaluate import descubierto_high
from studbook.rules.evaluate import high
from studbook.rules.evaluate import low8
from studbook.rules.evaluate import low27
from studbook.rules.evaluate import low_a5
from studbook.rules.evaluate import used_cards
from studbook.rules.house import Rules
from studbook.rules.house import rules_for
from studbook.rules.variants import VARIANTS

pokerkit = pytest.importorskip("pokerkit")
from pokerkit.state import _HighHandOpeningLookup  # noqa: E402 (oracle only)
from pokerkit.state import _LowHandOpeningLookup  # noqa: E402 (oracle only)

POOL = 4000  # hands per evaluator; pokerkit needs ~0.2-0.4 ms for each
PAIRS = 20_000  # random pairs compared per evaluator, besides the full-order check


def pk_cards(cards: Sequence[Card]) -> list[Any]:
    return list(pokerkit.Card.parse("".join(map(str, cards))))


def sign(a: Any, b: Any) -> int:
    return (a > b) - (a < b)


def full_deck(rng: random.Random) -> Sequence[Card]:
    return ALL_CARDS


def two_suits(rng: random.Random) -> Sequence[Card]:
    """Flushes and straight flushes become common."""
    suits = rng.sample("cdhs", 2)
    return [card for card in ALL_CARDS if card.suit in suits]


def few_ranks(rng: random.Random) -> Sequence[Card]:
    """Quads, full houses and trips become common."""
    ranks = rng.sample(range(2, 15), 6)
    return [card for card in ALL_CARDS if card.rank in ranks]


def runs(rng: random.Random) -> Sequence[Card]:
    """Seven ranks in a row (the ace also low) in two suits: straights and straight flushes."""
    low = rng.randrange(1, 9)
    ranks = {14 if rank == 1 else rank for rank in range(low, low + 7)}
    suits = rng.sample("cdhs", 2)
    return [card for card in ALL_CARDS if card.rank in ranks and card.suit in suits]


def three_ranks(rng: random.Random) -> Sequence[Card]:
    """Only full houses, quads and the like."""
    ranks = rng.sample(range(2, 15), 3)
    return [card for card in ALL_CARDS if card.rank in ranks]


def low_ranks(rng: random.Random) -> Sequence[Card]:
    """Ranks A-9 so lows qualify or just miss."""
    return [card for card in ALL_CARDS if card.rank <= 9 or card.rank == 14]


def pool(seed: int, decks: Sequence[Callable[[random.Random], Sequence[Card]]],
         sizes: Sequence[int] = (5, 6, 7, 7, 7)) -> list[tuple[Card, ...]]:
    rng = random.Random(seed)
    return [tuple(rng.sample(list(decks[i % len(decks)](rng)), rng.choice(sizes))) for i in range(POOL)]


def assert_same_order(hands: list[tuple[Card, ...]], mine: list[Any], theirs: list[Any], seed: int) -> None:
    """Neighbours in our sorted order compare alike in pokerkit (so every pair does), plus random pairs."""
    ranked = sorted(range(len(hands)), key=mine.__getitem__)
    for a, b in zip(ranked, ranked[1:], strict=False):
        assert sign(mine[a], mine[b]) == sign(theirs[a], theirs[b]), (hands[a], hands[b])
    rng = random.Random(seed)
    for _ in range(PAIRS):
        a, b = rng.randrange(len(hands)), rng.randrange(len(hands))
        assert sign(mine[a], mine[b]) == sign(theirs[a], theirs[b]), (hands[a], hands[b])


def test_high_orders_like_pokerkit() -> None:
    hands = pool(1, [full_deck, two_suits, few_ranks, runs, three_ranks])
    theirs = [pokerkit.StandardHighHand.from_game(pk_cards(hand)) for hand in hands]
    assert_same_order(hands, [high(hand) for hand in hands], theirs, 11)


def test_low8_qualifies_and_orders_like_pokerkit() -> None:
    hands = pool(2, [full_deck, low_ranks])
    mine = [low8(hand) for hand in hands]
    theirs = [pokerkit.EightOrBetterLowHand.from_game_or_none(pk_cards(hand)) for hand in hands]
    assert [key is None for key in mine] == [hand is None for hand in theirs]
    qualified = [i for i, key in enumerate(mine) if key is not None]
    assert len(qualified) > POOL // 4
    assert_same_order([hands[i] for i in qualified], [mine[i] for i in qualified],
                      [theirs[i] for i in qualified], 12)


def test_low_a5_orders_like_pokerkit() -> None:
    hands = pool(3, [full_deck, few_ranks, low_ranks, three_ranks])
    theirs = [pokerkit.RegularLowHand.from_game(pk_cards(hand)) for hand in hands]
    assert_same_order(hands, [low_a5(hand) for hand in hands], theirs, 13)


@pytest.mark.parametrize("size", [1, 2, 3, 4])
@pytest.mark.parametrize(("ours", "lookup", "better"), [
    (board_high, _HighHandOpeningLookup(), 1),  # pokerkit opens the highest entry
    (board_low, _LowHandOpeningLookup(), -1),  # and the lowest one in razz
])
def test_boards_order_like_pokerkit_openers(
    size: int, ours: Callable[..., int], lookup: Any, better: int
) -> None:
    rng = random.Random(size)
    boards = [tuple(rng.sample(list(few_ranks(rng)), size)) for _ in range(POOL)]
    theirs = [lookup.get_entry(pk_cards(board)) for board in boards]
    mine = [ours(board) for board in boards]
    for _ in range(PAIRS):
        a, b = rng.randrange(POOL), rng.randrange(POOL)
        assert sign(mine[a], mine[b]) == better * sign(theirs[a], theirs[b]), (boards[a], boards[b])


def key(evaluate: Callable[..., Any], text: str, *args: Any, **options: Any) -> Any:
    return evaluate(parse_cards(text), *args, **options)


@pytest.mark.parametrize(("text", "name"), [
    ("As Ks Qs Js Ts 9s 2d", "a Royal Flush"),
    ("9h Th Jh Qh Kh 2c 2d", "a straight flush, Nine to King"),
    ("Ad 2d 3d 4d 5d Kc Ks", "a straight flush, Ace to Five"),
    ("Kc Kd Kh Ks 2c 2d 2h", "four of a kind, Kings"),
    ("9c 9d 9h Tc Td Ts 2c", "a full house, Tens full of Nines"),
    ("Ad Jd 8d 6d 3d 2d Ac", "a flush, Ace high"),
    ("Ac 2d 3h 4s 5c Kd Qh", "a straight, Ace to Five"),
    ("2c 3d 4h 5s 6c 6d 6h", "a straight, Deuce to Six"),
    ("2c 2d 2h 9s Kc", "three of a kind, Deuces"),
    ("Qd Ad 2s As 2h 8d 6c", "two pair, Aces and Deuces"),
    ("8c 8d Ah", "a pair of Eights"),
    ("As", "high card Ace"),
])
def test_high_names(text: str, name: str) -> None:
    assert describe(key(high, text)) == name


def test_high_details() -> None:
    assert key(high, "As Kd Qh Jc 9s 3d 2c") == key(high, "Ah Kc Qs Jd 9h 3c 2d")  # suits never split
    assert key(high, "Ah 2c 3d 4s 5c") < key(high, "2h 3c 4d 5s 6c") < key(high, "Th Jc Qd Ks Ac")
    assert key(high, "Ah 2c 3d 4s 5c") > key(high, "Ac Ad Ah Ks Qc")
    assert key(high, "2h 3h 4h 5h 6h 6c 6d") > key(high, "Ac Ad Ah Ks Kc 2d 2h") > key(high, "Ac Kc Qc Jc 9c")
    with pytest.raises(ValueError):
        high(ALL_CARDS[:8])


def test_low8() -> None:
    # H6, H7: straights and flushes do not hurt; pairs and nines do not qualify.
    assert describe(key(low8, "Ah 2h 3h 4h 5h Kc Kd")) == "5,4,3,2,A"
    assert key(low8, "8c 6d 5h 4s 3c") is not None
    assert key(low8, "9c 5d 4h 3s 2c") is None and key(low8, "5c 5d 4h 3s 2c") is None
    order = ["Ac 2d 3h 4s 5c", "Ac 2d 3h 4s 6c", "Ac 2d 3h 5s 6c", "7c 6d 4h 3s 2c", "8c 4d 3h 2s Ac"]
    assert [key(low8, text) for text in order] == sorted((key(low8, t) for t in order), reverse=True)
    assert key(low8, "8c 5d 4h 3s 2c") > key(low8, "8c 6d 3h 2s Ac")
    assert key(low8, "Ac") is None


def test_razz_vectors() -> None:
    # V7 and R5.
    assert key(low_a5, "7c 5d 4h 3s 2c") > key(low_a5, "7c 6d 3h 2s Ac")
    assert key(low_a5, "Kc Qd Jh Ts 9c") > key(low_a5, "5c 5d 4h 3s 2c")
    assert key(low_a5, "Ac Ad 2h 3s 4c") > key(low_a5, "2c 2d Ah 3s 4c")
    assert describe(key(low_a5, "Ac 2c 3c 4c 5c Kd Kh")) == "5,4,3,2,A"
    assert describe(key(low_a5, "5c 5d 5h 5s 9c 9d 9h")) == "5,5,5,9,9"  # the lower full house is best
    assert key(low_a5, "2c 2d 3h 3s 4c") > key(low_a5, "2c 2d 2h 3s 4c")  # two pair beats trips
    with pytest.raises(ValueError):
        low_a5(ALL_CARDS[:8])


def test_boards() -> None:
    # C31: pairs beat high cards, straights and flushes count for nothing.
    assert key(board_high, "7s 7d") > key(board_high, "As Ks")
    assert key(board_high, "Ts Js Qs Ks") < key(board_high, "2c 2d 3h 4s")
    assert key(board_high, "Kc Kd 3h") > key(board_high, "Kh Ks 2c") > key(board_high, "Qc Qd Ah")
    assert key(board_high, "Kc Qd") == key(board_high, "Kh Qc")
    # R3: ace low, unpaired beats paired, compared from the highest card down.
    assert key(board_low, "Ac 2d") > key(board_low, "Kc 2h") > key(board_low, "2c 2s")
    assert key(board_low, "6c 4d 2h") > key(board_low, "6d 5h As")


# Descubierto (docs/rules.md Z16-Z19). A ladder valid in every deck (ranks 8..A), weakest first.
LADDER = {
    "high card": "As Kd Qh Jc 9s",
    "pair": "8s 8d Ah Kc Qs",
    "two pair": "9s 9d 8h 8c As",
    "figuras": "Ac Ad Kh Qs Jc",
    "trips": "8c 8d 8h Ks Qd",
    "straight": "8c 9d Th Js Qc",
    "flush": "8h 9h Jh Qh Ah",
    "full house": "9c 9d 9h 8s 8d",
    "quads": "8c 8d 8h 8s Ad",
    "straight flush": "8s 9s Ts Js Qs",
}
LOWEST_RANK = {52: "2", 44: "4", 40: "5", 36: "6", 32: "7", 28: "8"}


@pytest.mark.parametrize("deck_size", [52, 44, 40, 36, 32, 28])
def test_descubierto_ladder(deck_size: int) -> None:
    names = list(LADDER)
    if deck_size <= 40:  # Z19: flush above full house
        names[6], names[7] = names[7], names[6]
    keys = [key(descubierto_high, LADDER[name], deck_size) for name in names]
    assert keys == sorted(keys) and len(set(keys)) == len(keys), names


@pytest.mark.parametrize("deck_size", [52, 44, 40, 36, 32, 28])
def test_descubierto_lowest_straight(deck_size: int) -> None:
    low = "A23456789TJQK".index(LOWEST_RANK[deck_size])
    ranks = ["A", *"A23456789TJQK"[low:low + 5]]
    wheel = f"{ranks[0]}c {ranks[1]}d {ranks[2]}h {ranks[3]}s {ranks[4]}c"
    next_up = f"{ranks[1]}c {ranks[2]}d {ranks[3]}h {ranks[4]}s {ranks[5]}c"
    assert describe(key(descubierto_high, wheel, deck_size)).startswith("a straight, Ace to ")
    assert key(descubierto_high, LADDER["trips"], deck_size) < key(descubierto_high, wheel, deck_size)
    assert key(descubierto_high, wheel, deck_size) < key(descubierto_high, next_up, deck_size)
    suited = wheel.replace("d", "c").replace("h", "c").replace("s", "c")
    assert describe(key(descubierto_high, suited, deck_size)).startswith("a straight flush, Ace to ")


def test_descubierto_stripped_straights() -> None:
    assert describe(key(descubierto_high, "Ac 7d 8h 9s Tc", 32)) == "a straight, Ace to Ten"
    assert describe(key(descubierto_high, "Ac 8d 9h Ts Jc", 28)) == "a straight, Ace to Jack"
    assert describe(key(descubierto_high, "Ac 7d 8h 9s Tc", 52)) == "high card Ace"  # not in a full deck
    assert describe(key(descubierto_high, "Ac 2d 3h 4s 5c", 52)) == "a straight, Ace to Five"
    assert describe(key(descubierto_high, "Ac 7d 8h 9s Tc", 32, ace_low_straight="a2345")) == "high card Ace"
    assert key(descubierto_high, "Ac 7c 8c 9c Tc", 32) > key(descubierto_high, "Kc Kd Kh Ks Ac", 32)


def test_descubierto_flush_against_full_house() -> None:
    flush, full = LADDER["flush"], LADDER["full house"]
    for deck_size in (52, 48, 44):
        assert key(descubierto_high, flush, deck_size) < key(descubierto_high, full, deck_size)
    for deck_size in (40, 36, 32, 28):
        assert key(descubierto_high, flush, deck_size) > key(descubierto_high, full, deck_size)
    option = {"flush_beats_full_at_or_below": 44}
    assert key(descubierto_high, flush, 44, **option) > key(descubierto_high, full, 44, **option)


def test_descubierto_figuras() -> None:
    # V9 and Z17.
    aakqj = key(descubierto_high, "Ac Ad Kh Qs Jc")
    akqjj = key(descubierto_high, "Ah Kc Qd Jd Js")
    assert aakqj > akqjj > key(descubierto_high, "Qc Qd Tc Th As")
    assert aakqj < key(descubierto_high, "9c 9d 9h 4s 2c")
    assert describe(akqjj) == "figuras, A-K-Q-J-J"
    assert key(descubierto_high, "Jc Jd Jh As Kd") > aakqj  # trips stay trips
    kkqqj = key(descubierto_high, "Kc Kd Qh Qs Jc")
    assert describe(kkqqj) == "figuras, K-K-Q-Q-J" and akqjj > kkqqj > key(descubierto_high, "Ac Ad Tc Th 9s")
    literal = key(descubierto_high, "Kc Kd Qh Qs Jc", figuras_includes_two_pair=False)
    assert describe(literal) == "two pair, Kings and Queens"
    assert literal < key(descubierto_high, "Ah Kc Qd Jd Js", figuras_includes_two_pair=False)
    assert key(descubierto_high, "Ac Ad Kh Qs Tc") < aakqj  # a ten is no figure
    assert aakqj == key(descubierto_high, "Ah As Kc Qd Js")  # no suits


def test_descubierto_partial_hands_and_options() -> None:
    # Z13: two to four cards rank by pairs and kickers only.
    assert key(descubierto_high, "2c 2d") > key(descubierto_high, "Ac Kd")
    assert key(descubierto_high, "Ac Kd") > key(descubierto_high, "Ac Qd")
    assert key(descubierto_high, "3c 3d 2h 2s") > key(descubierto_high, "Ac Ad Kh Qs")
    assert key(descubierto_high, "Jc Jd Jh") > key(descubierto_high, "Ac Ad Kh Ks")
    assert describe(key(descubierto_high, "Jc Qd Kh As")) == "high card Ace"  # no figuras before five cards
    # Z19 option: straights holding an ace above the flush.
    flush = key(descubierto_high, LADDER["flush"], ace_straights_above_flush=True)
    assert key(descubierto_high, "Tc Jd Qh Ks Ac", ace_straights_above_flush=True) > flush
    assert key(descubierto_high, "Ac 2d 3h 4s 5c", ace_straights_above_flush=True) > flush
    assert key(descubierto_high, "9c Td Jh Qs Kc", ace_straights_above_flush=True) < flush
    for bad in ({"deck_size": 30}, {"deck_size": 24}, {"ace_low_straight": "x"}):
        with pytest.raises(ValueError):
            key(descubierto_high, "Ac", **bad)
    with pytest.raises(ValueError):
        descubierto_high(ALL_CARDS[:6])


def test_descubierto_bound_to_house_rules_ranks_as_the_function() -> None:
    """The variant's evaluator (one positional call, keys kept per options) gives descubierto_high's keys,
    refuses what it refuses, and is one object per set of options."""
    rng = random.Random(5)
    house_rules = ("deck_ranks=7-A", "deck_ranks=40 ace_straights_above_flush=true",
                   "figuras_includes_two_pair=0")
    for text in house_rules:
        rules = rules_for(VARIANTS["descubierto"], None, user=Rules.parse(text.split()))
        (bound,) = VARIANTS["descubierto"].evaluators(rules)
        assert isinstance(bound, DescubiertoHigh)
        assert VARIANTS["descubierto"].evaluators(rules)[0] is bound
        options = {"figuras_includes_two_pair": rules.figuras_includes_two_pair,
                   "flush_beats_full_at_or_below": rules.flush_beats_full_at_or_below,
                   "ace_straights_above_flush": rules.ace_straights_above_flush,
                   "ace_low_straight": rules.ace_low_straight}
        deck = [card for card in ALL_CARDS if card.rank >= 15 - rules.deck_size // 4]
        for _ in range(2000):
            cards = rng.sample(deck, rng.randint(1, 5))
            assert bound(cards) == descubierto_high(cards, rules.deck_size, **options)
        with pytest.raises(ValueError, match="got the same card twice"):
            bound([deck[0], deck[0]])
        with pytest.raises(ValueError, match="takes 1 to 5 cards, got 6"):
            bound(deck[:6])


def test_boards_longer_than_any_hand_rank_as_listed() -> None:
    # A broken log's board of eight up cards or more is ranked from its cards, never from a shorter
    # board's kept rank.
    eight = parse_cards("Kc Kd 9h 7s 5c 4d 3h 2s")
    assert key(board_high, "Kc Kd 9h 7s 5c 4d 3h 2s") == key(board_high, "Kc Kd 9h 7s 5c")
    assert board_low(eight) == board_low(eight[::-1])
    assert key(board_high, " ".join(["Ac"] * 16)) != key(board_high, "Ac")


def test_used_cards() -> None:
    def used(evaluate: Callable[..., Any], text: str) -> str:
        cards = parse_cards(text)
        return " ".join(map(str, used_cards(cards, evaluate(cards))))

    assert used(high, "2h 9h Kh 5h 7h 4h 9c") == "Kh 9h 7h 5h 4h"
    assert used(high, "5c 6d 7h 8s 9c 9d Ks") == "9d 8s 7h 6d 5c"
    assert used(high, "Ac 2d 3h 4s 5c 5d") == "5d 4s 3h 2d Ac"
    assert used(low8, "8c 8d 6h 4s 3c 2d Ks") == "8d 6h 4s 3c 2d"
    assert used(low_a5, "3d 3s 5h 4h") == "3s 3d 5h 4h"


# Bad card lists: every hand evaluator refuses a repeated card and a wrong number of cards.
EVALUATORS: list[tuple[Callable[..., Any], int]] = [  # with the most cards each takes
    (high, 7), (low8, 7), (low_a5, 7), (descubierto_high, 5),
]
NAMES = [evaluate.__name__ for evaluate, _ in EVALUATORS]


@pytest.mark.parametrize("evaluate", [evaluate for evaluate, _ in EVALUATORS], ids=NAMES)
@pytest.mark.parametrize("text", [
    "Ah Ah",
    "Ah Ah Kd Qc",
    "Ac Ad Ah As As",  # five aces
    "Ah Ah Ah Ah Kd",  # one card four times
    "2c 2c 3d 4h 5s",  # a low that would qualify on four different ranks
    "Ah Ah Kh Qh Jh",  # five hearts of four ranks: high() gave key 0
    "Ah Ah Kd Qc Js",  # high() gave a pair of aces
    "Ah Kh Qh Jh 9h 2c 2c",  # a flush, the repeat outside it
    "2c 2c 3d 4h 5s 6c 7d",  # low8() and low_a5() gave 6,5,4,3,2
    "Kd Kd 2c 3d 4h 5s 6c",  # the repeat is no low card
    "Jc Jc Jc Jc Jc Jc Jc Jc",  # eight times: each card's count needs more than 3 bits
])
def test_repeated_card_raises(evaluate: Callable[..., Any], text: str) -> None:
    cards = parse_cards(text)
    repeated = next(str(card) for index, card in enumerate(cards) if card in cards[:index])
    message = f"{evaluate.__name__}() got the same card twice: {repeated} in {text}"  # also when too many
    with pytest.raises(ValueError, match=f"^{re.escape(message)}$"):
        evaluate(cards)


@pytest.mark.parametrize(("evaluate", "most"), EVALUATORS, ids=NAMES)
def test_card_count_raises(evaluate: Callable[..., Any], most: int) -> None:
    for cards in ((), ALL_CARDS[-most - 1:], ALL_CARDS[:8], ALL_CARDS[::4][:8], ALL_CARDS):
        if not 1 <= len(cards) <= most:
            with pytest.raises(ValueError, match=f"takes 1 to {most} cards, got {len(cards)}$"):
                evaluate(cards)


@pytest.mark.parametrize(("evaluate", "most"), EVALUATORS, ids=NAMES)
def test_random_lists_raise_exactly_when_bad(evaluate: Callable[..., Any], most: int) -> None:
    """Lists drawn with replacement: refused exactly when a card repeats or the size is wrong, and a
    good list ranks as its cards in another order do (tables and memos never keep a bad list)."""
    rng = random.Random(most * 31 + len(evaluate.__name__))
    refused = 0
    for _ in range(3000):
        deck = ALL_CARDS if rng.random() < 0.5 else rng.sample(ALL_CARDS, rng.randint(2, 8))
        cards = tuple(rng.choice(deck) for _ in range(rng.randint(0, 9)))
        good = len(set(cards)) == len(cards) and 1 <= len(cards) <= most
        try:
            found = evaluate(cards)
        except ValueError:
            assert not good, cards
            refused += 1
        else:
            assert good, cards
            assert found == evaluate(tuple(rng.sample(cards, len(cards))))
    assert 1000 < refused < 2900


def test_boards_rank_cards_as_listed() -> None:
    # The replay ranks a broken log's boards as dealt (it reports the repeat as duplicate-card).
    for board in (board_high, board_low):
        assert key(board, "Qd Qd 7d") == key(board, "Qd Qh 7d")
        assert key(board, "Qd Qd Qd Qd Qd") != key(board, "Kd")  # five queens never pass for a king
        assert key(board, "9c 9d 4h 4s 2c") == key(board, "9h 9s 4c 4d 2d")  # five up cards
        with pytest.raises(ValueError, match=f"^{board.__name__}\\(\\) takes 1 or more cards, got 0$"):
            board(())


def corpus_shows(corpus: Path) -> list[tuple[str, tuple[Card, ...], str]]:
    """(game, cards, description) of every show line in the PokerStars logs."""
    pattern = re.compile(
        r"(?:shows \[([^\]]+)\] \((.*)\)|showed \[([^\]]+)\] and (?:won \([^)]*\)|lost) with (.*))$"
    )
    found = []
    for path in sorted((corpus / "pokerstars").glob("*.txt")):
        game = "razz" if "Razz" in path.name else "stud8" if "StudHL" in path.name else "stud"
        for line in path.read_bytes().decode("utf-8-sig", errors="replace").splitlines():
            match = pattern.search(line.rstrip())
            if match:
                cards = match.group(1) or match.group(3)
                found.append((game, parse_cards(cards), match.group(2) or match.group(4)))
    return found


def test_names_match_pokerstars_logs(corpus: Path) -> None:
    shows = corpus_shows(corpus)
    assert len(shows) >= 40
    wrong = []
    for game, cards, logged in shows:
        if game == "razz":
            ours = f"Lo: {describe(low_a5(cards))}"
        elif game == "stud8":
            low = low8(cards)
            ours = f"HI: {describe(high(cards))}" + ("" if low is None else f"; LO: {describe(low)}")
        else:
            ours = describe(high(cards))
        if ours != logged:
            wrong.append((game, " ".join(map(str, cards)), logged, ours))
    assert not wrong


@pytest.mark.parametrize("evaluate", [high, low_a5, low27], ids=["high", "low_a5", "low27"])
def test_six_and_seven_cards_rank_as_their_best_five(evaluate: Callable[..., int]) -> None:
    """The rank tables fill a six- or seven-card entry from the smaller ones as hands need it: whatever
    order the hands come in, it is the best of the hand's five-card subsets."""
    rng = random.Random(17)
    for _ in range(600):
        deck = rng.choice([full_deck, few_ranks, three_ranks, low_ranks])(rng)
        cards = rng.sample(list(deck), rng.choice((6, 7)))
        assert evaluate(cards) == max(evaluate(five) for five in combinations(cards, 5)), cards


def test_a_rank_table_holds_only_the_entries_its_hands_needed() -> None:
    """The first hand of a process finds its own entries, not a table of every multiset (76,154)."""
    table: dict[int, int] = {}
    cards = parse_cards("As Kd Kh 7c 7d 3s 2h")
    key = evaluate_module._weigh(cards) & evaluate_module._RANKS
    assert evaluate_module._rank_entry(table, evaluate_module._score_high, key) == high(cards)
    # the hand, its five one-card-smaller multisets (one per rank), and at most five of each of those
    assert key in table and 1 + 5 < len(table) <= 1 + 5 + 5 * 5
    assert all(value <= table[key] for value in table.values())
