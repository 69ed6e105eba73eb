"""Variants as data: what differs between stud games is a table, not a class tree.

A :class:`Variant` says how a game is dealt, who is forced to bet, who acts first, which evaluators
decide a pot and which house-rule options (:mod:`studbook.rules.house`) the game implies.
"""

from __future__ import annotations

from collections.abc import Callable
from collections.abc import Sequence
from dataclasses import dataclass
from dataclasses import field
from itertools import accumulate
from typing import Any
from typing import Final

from studbook.cards import ALL_CARDS
from studbook.cards import Card
from studbook.events import Street
from studbook.rules import evaluate
from studbook.rules.evaluate import Evaluator
from studbook.rules.house import Rules
from studbook.rules.house import check_value


@dataclass(frozen=True, slots=True)
class StreetSpec:
    """The cards each live player receives on a street."""

    street: Street
    down: int
    up: int


# Who posts the bring-in: "low_card" (ace high, clubs lowest: S4/H2), "high_card" (ace low, spades
# highest: R2), "high_card_ace_high" (2-7 razz: ace high, spades highest: R27-3) or "none". Who opens
# later streets: "high_board" (S5/H3) or "low_board" (R3); the board ranking itself is ``board_rank``.
BRING_IN_RULES = ("low_card", "high_card", "high_card_ace_high", "none")
# The rules.md id the engine cites when the wrong player brings in (C7: nobody should have).
BRING_IN_RULE_IDS = {"low_card": "S4", "high_card": "R2", "high_card_ace_high": "R27-3", "none": "C7"}
FIRST_TO_ACT_RULES = ("high_board", "low_board")
# Exposed-board rankings (functions of studbook.rules.evaluate): C31 high, R3 razz, R27-4 2-7 razz.
BOARD_RANKS = ("board_high", "board_low", "board_low27")
HAND_EVALUATORS = ("high", "low8", "low_a5", "low27", "descubierto_high")  # functions of rules.evaluate
LOW_EVALUATORS = frozenset({"low8", "low_a5", "low27"})  # the evaluators whose best hand is the lowest


def _door_worth(card: Card, bring_in: str) -> int:
    """How good ``card`` is as a door card: the bring-in card is worth least. S4/H2: the lowest card
    brings in, ace high, clubs lowest; R2: the highest, ace low, spades highest; R27-3: the highest,
    ace high, spades highest."""
    if bring_in == "high_card":
        return -(4 * (1 if card.rank == 14 else card.rank) + card.suit_order)
    if bring_in == "high_card_ace_high":
        return -(4 * card.rank + card.suit_order)
    return 4 * card.rank + card.suit_order  # without a bring-in (Z5) doors rank as in stud


# Every card's door worth by card (a Card is an int 0..51), per bring-in rule: facts rank doors per seat.
_DOOR_WORTH = {rule: tuple(_door_worth(card, rule) for card in ALL_CARDS) for rule in BRING_IN_RULES}


@dataclass(frozen=True, slots=True)
class Variant:
    """One stud game as data. ``defaults`` are option values the game implies (docs/rules.md, by game)."""

    name: str
    label: str
    streets: tuple[StreetSpec, ...]
    bring_in: str
    first_to_act: str
    structure: str = "limit"
    hands: tuple[str, ...] = ("high",)  # evaluators of the pot, one per half: ("high", "low8") splits
    open_pair_street: int | None = None  # street whose open pair allows the big bet (S7, F4)
    warn_fold_when_check: bool = True  # S3; descubierto allows it outright (Z8)
    showdown_rule: str = "S12"  # the rules.md id that says who wins a showdown
    defaults: tuple[tuple[str, Any], ...] = ()
    # The game's own rule where a rule of another section says the same for it (descubierto's Z3 for the
    # deal and the players of S1): a verdict of this game cites the second id, not the first.
    own_rules: tuple[tuple[str, str], ...] = ()
    # the exposed-board ranking of later streets (BOARD_RANKS); None: board_low for "low_board", else
    # board_high
    board_rank: str | None = None
    # the streets by number, derived from ``streets``: readers and the engine ask on every deal
    by_street: dict[int, StreetSpec] = field(init=False, repr=False, compare=False)
    # up cards each live player shows once a street is dealt: a shorter board is one the log hides
    up_cards_by: dict[int, int] = field(init=False, repr=False, compare=False)
    cites: dict[str, str] = field(init=False, repr=False, compare=False)  # ``own_rules`` as a dict

    def __hash__(self) -> int:
        """By name alone (variants are few and named apart): hashing every street costs each lookup."""
        return hash(self.name)

    def __post_init__(self) -> None:
        if self.bring_in not in BRING_IN_RULES or self.first_to_act not in FIRST_TO_ACT_RULES:
            raise ValueError(f"{self.name}: bring-in {self.bring_in!r} / first to act {self.first_to_act!r}")
        if not 1 <= len(self.hands) <= 2 or not set(self.hands) <= set(HAND_EVALUATORS):
            raise ValueError(f"{self.name}: a pot is decided by one or two of {HAND_EVALUATORS}")
        if self.board_rank is None:
            derived = "board_low" if self.first_to_act == "low_board" else "board_high"
            object.__setattr__(self, "board_rank", derived)
        if self.board_rank not in BOARD_RANKS:
            raise ValueError(f"{self.name}: board ranking {self.board_rank!r}, expected one of {BOARD_RANKS}")
        for key, value in self.defaults:
            check_value(key, value)
        object.__setattr__(self, "by_street", {int(spec.street): spec for spec in self.streets})
        shown = zip(self.streets, accumulate(spec.up for spec in self.streets), strict=True)
        object.__setattr__(self, "up_cards_by", {int(spec.street): n for spec, n in shown})
        object.__setattr__(self, "cites", dict(self.own_rules))

    @property
    def first_street(self) -> Street:
        return self.streets[0].street

    @property
    def last_street(self) -> Street:
        return self.streets[-1].street

    @property
    def cards_per_player(self) -> int:
        return sum(spec.down + spec.up for spec in self.streets)

    @property
    def parts(self) -> tuple[str, ...]:
        """What each evaluator of ``hands`` awards its share for: "high" or "low".

        >>> stud.parts, stud8.parts, razz.parts, descubierto.parts
        (('high',), ('high', 'low'), ('low',), ('high',))
        """
        return tuple("low" if name in LOW_EVALUATORS else "high" for name in self.hands)

    @property
    def hi_lo(self) -> bool:
        """The pot is split between the best high and the best low hand (H1), so a winner can scoop,
        take one half or share one; reports and logs tell the halves apart.

        >>> [variant.name for variant in VARIANTS.values() if variant.hi_lo]
        ['stud8']
        """
        return self.parts == ("high", "low")

    @property
    def low_game(self) -> bool:
        """The lowest hand takes the whole pot (R5): strength and hand names read as a low.

        >>> [variant.name for variant in VARIANTS.values() if variant.low_game]
        ['razz', 'razz27']
        """
        return self.parts == ("low",)

    @property
    def door_worth(self) -> tuple[int, ...]:
        """Every card's worth as a door card, by card: the bring-in holds the least (S4, H2, R2), and
        a door-card steal needs a door worth more than every door still to act.

        >>> from studbook.cards import format_cards, parse_cards
        >>> def worst_first(variant, text):
        ...     return format_cards(sorted(parse_cards(text), key=lambda card: variant.door_worth[card]))
        >>> worst_first(stud, "As 2c Ks Kc"), worst_first(razz, "As 2c Ks Kc")
        ('2c Kc Ks As', 'Ks Kc 2c As')
        >>> worst_first(razz27, "As 2c Ks Kc")
        'As Ks Kc 2c'
        >>> razz27.bring_in_rule, razz.bring_in_rule, stud.bring_in_rule
        ('R27-3', 'R2', 'S4')
        """
        return _DOOR_WORTH[self.bring_in]

    @property
    def bring_in_rule(self) -> str:
        """The rules.md id that names who brings in (S4, R2, R27-3; C7 for a game without one)."""
        return BRING_IN_RULE_IDS[self.bring_in]

    def cite(self, rule: str) -> str:
        """The rule a verdict of this game cites for ``rule``: the game's own where it has one.

        >>> descubierto.cite("S1"), stud5.cite("S5"), stud.cite("S5"), razz27.cite("R3")
        ('Z3', 'F3', 'S5', 'R27-4')
        """
        return self.cites.get(rule, rule)

    def spec(self, street: int) -> StreetSpec | None:
        return self.by_street.get(street)

    def evaluators(self, rules: Rules) -> tuple[Evaluator, ...]:
        """The functions that decide a pot: ``(high,)``, ``(high, low8)`` for hi/lo halves, ``(low_a5,)``
        for razz; descubierto's high is bound to the deck and the Z17/Z19 options."""
        found: list[Evaluator] = []
        for name in self.hands:
            if name == "descubierto_high":
                found.append(evaluate.descubierto_evaluator(
                    rules.deck_size, rules.figuras_includes_two_pair, rules.flush_beats_full_at_or_below,
                    rules.ace_straights_above_flush, rules.ace_low_straight))
            else:
                found.append(getattr(evaluate, name))
        return tuple(found)

    def board(self) -> Callable[[Sequence[Card]], int]:
        """The exposed-board rank that picks the first actor after the first round (C31, R3, R27-4)."""
        assert self.board_rank is not None  # __post_init__ derives it
        return getattr(evaluate, self.board_rank)


_SEVEN = (
    StreetSpec(Street.THIRD, 2, 1),
    StreetSpec(Street.FOURTH, 0, 1),
    StreetSpec(Street.FIFTH, 0, 1),
    StreetSpec(Street.SIXTH, 0, 1),
    StreetSpec(Street.SEVENTH, 1, 0),
)
_FIVE = (
    StreetSpec(Street.SECOND, 1, 1),
    StreetSpec(Street.THIRD, 0, 1),
    StreetSpec(Street.FOURTH, 0, 1),
    StreetSpec(Street.FIFTH, 0, 1),
)

stud = Variant("stud", "Seven Card Stud", _SEVEN, "low_card", "high_board", open_pair_street=4)
stud8 = Variant(
    "stud8",
    "Seven Card Stud Hi/Lo 8-or-better",
    _SEVEN,
    "low_card",
    "high_board",
    hands=("high", "low8"),
    showdown_rule="H8",
    own_rules=(("S7", "H4"),),
)
razz = Variant("razz", "Razz", _SEVEN, "high_card", "low_board", hands=("low_a5",), showdown_rule="R5",
               own_rules=(("S7", "R1"),))
# docs/rules.md, confirmed in kingsclub/cash-2-7 Razz-*.txt (tests/grammar/sites/test_kingsclub.py):
# R27-1 deal and limits as razz; R27-2 deuce-to-seven low; R27-3 the highest door brings in, ace high;
# R27-4 the lowest board under 2-7 values opens later streets.
razz27 = Variant(
    "razz27",
    "2-7 Razz (deuce-to-seven lowball stud)",
    _SEVEN,
    "high_card_ace_high",
    "low_board",
    hands=("low27",),
    showdown_rule="R27-2",
    board_rank="board_low27",
    own_rules=(("R3", "R27-4"), ("S7", "R27-1")),
)
stud5 = Variant(
    "stud5",
    "Five Card Stud",
    _FIVE,
    "low_card",
    "high_board",
    open_pair_street=3,
    showdown_rule="F6",
    defaults=(("big_bet_from_street", 4), ("open_pair_double_bet", False), ("max_players", 10)),
    own_rules=(("S1", "F1"), ("S5", "F3"), ("S7", "F4")),
)
descubierto = Variant(
    "descubierto",
    "Poker descubierto (Spanish five card stud)",
    _FIVE,
    "none",
    "high_board",
    structure="no-limit",
    hands=("descubierto_high",),
    warn_fold_when_check=False,
    showdown_rule="Z15",
    defaults=(
        ("first_round_opener", "highcard_free"),
        ("all_check_ends_hand", True),
        ("min_raise", "any"),
        ("board_tie_break", "position"),
        ("odd_chip_rule", "position"),
        ("max_players", 8),
    ),
    # Z3 deals as five card stud (F1) with two to eight players; the rest are its own words for the core
    own_rules=(("S1", "Z3"), ("F1", "Z3"), ("S5", "Z7"), ("F3", "Z7"), ("C3", "Z4"), ("C14", "Z9"),
               ("C20", "Z11"), ("C30", "Z15")),
)

VARIANTS: Final[dict[str, Variant]] = {v.name: v for v in (stud, stud8, razz, razz27, stud5, descubierto)}
