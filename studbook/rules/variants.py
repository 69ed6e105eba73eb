"""Variants and house rules as data: what differs between stud games is a table, not a class tree.

A :class:`Variant` says how a game is dealt, who is forced to bet, who acts first and which
evaluators decide a pot. A :class:`Rules` object holds every house-rule option of the rulebook
(docs/rules.md, "Settings") with its default; options are layered (rulebook default < variant < site <
the log's own statements < the user's ``--rule KEY=VALUE``) by :func:`rules_for`.

>>> rules = Rules.parse(["max_raises=4", "board_tie_break=suit"])
>>> rules.max_raises, rules.board_tie_break, sorted(rules.explicit)
(4, 'suit', ['board_tie_break', 'max_raises'])
>>> rules_for(VARIANTS["stud"], "pokerstars").headsup_uncapped
'never'
>>> user = Rules.parse(["headsup_uncapped=round_start"])
>>> rules_for(VARIANTS["stud"], "pokerstars", user=user).headsup_uncapped
'round_start'
>>> Rules.parse(["max_raise=4"])
Traceback (most recent call last):
...
studbook.rules.variants.RuleError: unknown rule 'max_raise' (did you mean max_raises?)
>>> len(deck(rules_for(descubierto, None, user=Rules.parse(["deck_ranks=8-A"])))), len(deck(Rules()))
(28, 52)
"""

from __future__ import annotations

import difflib
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field, fields, replace
from functools import lru_cache
from itertools import accumulate
from typing import Any, Final

from studbook.cards import ALL_CARDS, RANK_CHARS, Card
from studbook.events import Street
from studbook.rules import evaluate
from studbook.rules.evaluate import Evaluator


class RuleError(ValueError):
    """An unknown rule key or a value the key does not accept."""


def _opt(
    default: Any,
    rule: str,
    doc: str,
    choices: tuple[str, ...] = (),
    low: int | None = None,
    high: int | None = None,
) -> Any:
    return field(
        default=default, metadata={"rule": rule, "doc": doc, "choices": choices, "range": (low, high)}
    )


@dataclass(frozen=True, slots=True)
class Rules:
    """Every configurable house rule (docs/rules.md, "Settings") with the rulebook's default.

    ``explicit`` names the options a user (or preset) set on purpose; :func:`rules_for` lets only
    those override the variant's and the site's defaults. Constructing ``Rules(max_raises=4)``
    directly marks every non-default field explicit.
    """

    max_raises: int = _opt(3, "C17", "raises allowed after the bet or completion (limit)", low=0)
    completion_counts_as_raise: bool = _opt(False, "C10", "count the 3rd-street completion toward the cap")
    headsup_uncapped: str = _opt(
        "when_headsup", "C18", "when raising is unlimited heads-up", ("when_headsup", "round_start", "never")
    )
    reopen_rule: str = _opt(
        "half_bet",
        "C19",
        "how big a short all-in must be to reopen betting (limit)",
        ("half_bet", "full_bet"),
    )
    open_pair_double_bet: bool = _opt(True, "S8", "an open pair on 4th street allows the big bet (stud high)")
    big_bet_from_street: int = _opt(5, "S9", "first street (cards held) with the big bet", low=2, high=7)
    board_tie_break: str = _opt("position", "S6", "tie between equal boards", ("position", "suit"))
    odd_chip_rule: str = _opt(
        "suit_high_best5",
        "C30",
        "who gets an odd chip among tied winners",
        ("suit_high_best5", "suit_all_cards", "position"),
    )
    bringin_shift_when_allin_for_ante: str = _opt(
        "left_player_posts",
        "C12",
        "bring-in card all-in with the ante",
        ("left_player_posts", "left_player_acts_freely"),
    )
    bringin_fold_allowed: bool = _opt(False, "C8", "the bring-in player may fold instead of posting")
    cash_requires_ante_plus_bringin: bool = _opt(
        False, "C6", "cash players need ante + bring-in to be dealt in"
    )
    out_of_cards: str = _opt(
        "community_card", "S11", "8 players on 7th street", ("community_card", "reshuffle_burns_and_muck")
    )
    max_players: int = _opt(8, "S1", "players dealt in at most", low=2, high=10)
    first_round_opener: str = _opt(
        "bringin", "F2", "who opens the first round", ("bringin", "highcard_free", "highcard_forced")
    )
    all_check_ends_hand: bool = _opt(False, "Z13", "a checked-through round ends the hand")
    deck_ranks: int = _opt(2, "Z1", "lowest rank in the deck: 2-A (52 cards) .. 8-A (28)", low=2, high=8)
    ante: int | None = _opt(None, "Z5", "expected ante in minor units (none: as the log states)", low=0)
    min_raise: str = _opt(
        "previous_raise", "Z10", "smallest raise in big-bet games", ("previous_raise", "any")
    )
    allow_beyond_table_stakes: bool = _opt(False, "Z11", "players agreed to bet beyond table stakes")
    figuras_includes_two_pair: bool = _opt(True, "Z17", "two-pair all-figure hands count as figuras")
    flush_beats_full_at_or_below: int = _opt(
        40, "Z19", "deck size at or below which a flush beats a full house", low=0, high=52
    )
    ace_straights_above_flush: bool = _opt(False, "Z19", "ace-high and ace-low straights beat a flush")
    ace_low_straight: str = _opt(
        "lowest_in_deck", "Z19", "the wheel of a stripped deck", ("lowest_in_deck", "a2345")
    )
    explicit: frozenset[str] = frozenset()

    def __post_init__(self) -> None:
        changed = {f.name for f in _OPTIONS if getattr(self, f.name) != f.default}
        if not changed <= self.explicit:
            object.__setattr__(self, "explicit", self.explicit | changed)

    @classmethod
    def parse(cls, items: Iterable[str]) -> Rules:
        """``KEY=VALUE`` strings (the CLI's ``--rule``); ``preset=NAME`` applies a preset."""
        values: dict[str, Any] = {}
        for item in items:
            key, sep, raw = item.partition("=")
            key, raw = key.strip().replace("-", "_"), raw.strip()
            if not sep or not key:
                raise RuleError(f"expected KEY=VALUE, got {item!r}")
            if key == "preset":
                if raw not in PRESETS:
                    raise RuleError(f"unknown preset {raw!r}; known: {', '.join(PRESETS)}")
                values.update(PRESETS[raw])
            else:
                values[key] = parse_value(key, raw)
        return Rules().override(values)

    def override(self, values: Mapping[str, Any], explicit: bool = True) -> Rules:
        """A copy with ``values`` applied (checked); explicit ones are remembered as such."""
        for key, value in values.items():
            check_value(key, value)
        marked = self.explicit | set(values) if explicit else self.explicit - set(values)
        result = replace(self, **values)
        object.__setattr__(result, "explicit", frozenset(marked))
        return result

    @property
    def deck_size(self) -> int:
        return 4 * (15 - self.deck_ranks)

    def describe(self) -> list[tuple[str, Any, str, str]]:
        """(key, value, rule id, doc) for every option: for ``--help`` and audit headers."""
        return [(f.name, getattr(self, f.name), f.metadata["rule"], f.metadata["doc"]) for f in _OPTIONS]


_OPTIONS = tuple(f for f in fields(Rules) if f.name != "explicit")
_BY_KEY = {f.name: f for f in _OPTIONS}
_TRUE, _FALSE = ("true", "yes", "on", "1"), ("false", "no", "off", "0")
_ALIASES = {"first_round_opener": {"lowcard_bringin": "bringin"}}


def _field(key: str):
    if key not in _BY_KEY:
        close = difflib.get_close_matches(key, _BY_KEY, n=1)
        hint = f" (did you mean {close[0]}?)" if close else f"; known: {', '.join(_BY_KEY)}"
        raise RuleError(f"unknown rule {key!r}{hint}")
    return _BY_KEY[key]


def parse_value(key: str, raw: str) -> Any:
    """Turn the text of one option into its typed value (``deck_ranks`` takes ``8-A`` or ``28``)."""
    spec, text = _field(key), raw.lower()
    choices = spec.metadata["choices"]
    if choices:
        value: Any = _ALIASES.get(key, {}).get(text, text)
    elif isinstance(spec.default, bool):
        if text not in _TRUE + _FALSE:
            raise RuleError(f"bad value {raw!r} for {key}: expected true or false")
        value = text in _TRUE
    elif key == "deck_ranks":
        value = _parse_deck(raw)
    elif key == "ante" and text in ("none", ""):
        value = None
    else:
        try:
            value = int(text)
        except ValueError:
            raise RuleError(f"bad value {raw!r} for {key}: expected an integer") from None
    check_value(key, value)
    return value


def _parse_deck(raw: str) -> int:
    text = raw.upper().replace("10", "T")
    if "-" in text:
        low, _, high = text.partition("-")
        if high != "A" or low not in RANK_CHARS:
            raise RuleError(f"bad value {raw!r} for deck_ranks: expected LOW-A such as 8-A")
        return RANK_CHARS.index(low) + 2
    if text.isdigit() and int(text) % 4 == 0 and 28 <= int(text) <= 52:
        return 15 - int(text) // 4
    raise RuleError(f"bad value {raw!r} for deck_ranks: expected LOW-A (8-A) or a deck size 28..52")


def check_value(key: str, value: Any) -> None:
    """Raise :class:`RuleError` unless ``value`` is a valid, typed value of option ``key``."""
    spec = _field(key)
    choices, (low, high) = spec.metadata["choices"], spec.metadata["range"]
    if choices:
        if value not in choices:
            raise RuleError(f"bad value {value!r} for {key}: expected one of {', '.join(choices)}")
    elif isinstance(spec.default, bool):
        if not isinstance(value, bool):
            raise RuleError(f"bad value {value!r} for {key}: expected true or false")
    elif not (value is None and spec.default is None):
        if not isinstance(value, int) or isinstance(value, bool):
            raise RuleError(f"bad value {value!r} for {key}: expected an integer")
        if (low is not None and value < low) or (high is not None and value > high):
            raise RuleError(f"bad value {value!r} for {key}: expected {low}..{'' if high is None else high}")


# Named rule sets from the rulebook's sources (docs/rules.md, "Presets"); ``--rule preset=NAME``.
PRESETS: dict[str, dict[str, Any]] = {
    # docs/rules.md T1-T11: the Spanish Stud8 house card.
    "stud8-card": {
        "max_raises": 3,
        "board_tie_break": "suit",
        "max_players": 6,
        "bringin_shift_when_allin_for_ante": "left_player_posts",
        "cash_requires_ante_plus_bringin": True,
    },
    "rrop": {
        "max_raises": 3,
        "headsup_uncapped": "when_headsup",
        "reopen_rule": "half_bet",
        "open_pair_double_bet": True,
        "board_tie_break": "position",
        "odd_chip_rule": "suit_all_cards",
    },
    "wsop-la": {
        "max_raises": 4,
        "headsup_uncapped": "round_start",
        "reopen_rule": "half_bet",
        "open_pair_double_bet": True,
        "board_tie_break": "position",
        "odd_chip_rule": "suit_high_best5",
        "bringin_shift_when_allin_for_ante": "left_player_acts_freely",
    },
    "wsop-t": {
        "max_raises": 4,
        "headsup_uncapped": "never",
        "open_pair_double_bet": False,
        "board_tie_break": "suit",
        "odd_chip_rule": "suit_high_best5",
    },
    "pokerkit": {
        "max_raises": 3,
        "headsup_uncapped": "never",
        "reopen_rule": "full_bet",
        "open_pair_double_bet": False,
        "board_tie_break": "position",
        "odd_chip_rule": "position",
        "out_of_cards": "reshuffle_burns_and_muck",
    },
}

# Per-site defaults, each backed by the corpus log that shows it (paths under $STUDBOOK_CORPUS).
# Re-derive with tests/core/test_replay_corpus.py, which replays those hands under the opposite options.
SITE_DEFAULTS: dict[str, dict[str, Any]] = {
    "pokerstars": {
        # "Betting is capped" after a bet and three raises: pokerstars/cash-7-Stud-USD-0.04-0.08-200911.txt
        # line 630 (5th street, hand 35874289931) and cash-Razz-USD-0.04-0.08-200911.txt line 489 (river,
        # hand 35874780027); after the completion and three raises: tour-Razz-8max-USD-200-15-201009
        # .bracket.in.alias.txt line 39 (C10: the completion is not a raise).
        "max_raises": 3,
        # Both capped rounds above are heads-up: the 5th street one became heads-up by a fold, the Razz
        # river began heads-up. So neither the RRoP nor the WSOP-LA heads-up exception applies (C18).
        "headsup_uncapped": "never",
        # "Pair on board - a double bet is allowed", then a big bet on 4th street: cash-7-Stud-USD-0.04-0.08
        # -200911.txt line 699 (hand 35874334277) and cash-HH20110417 Salm IX ... Limit Stud.txt line 44.
        "open_pair_double_bet": True,
        # The one tie of boards in the corpus: Razz hand 35874817957 (cash-Razz-USD-0.04-0.08-200911.txt
        # lines 539 and 548), As6s (seat 1) and Ac6h (seat 3) on 4th and 5th street: seat 1 acts first.
        # That is the position rule counted from seat 1 (a suit rule with the lowest suit first would
        # pick seat 3; one with the highest suit first cannot be told apart here).
        "board_tie_break": "position",
    },
    "fulltilt": {
        # No round in the Full Tilt corpus goes past the completion and two raises, so the logs cannot
        # show the cap; the rulebook's default (3) stands.
        # A short all-in raise of 545 on an 800 round (at least half a bet) let the completer re-raise:
        # fulltilt/tour-5-Stud-USD-MTT-100-201303.txt lines 34-36, which is the half-bet rule (C19).
        "reopen_rule": "half_bet",
        # A big bet on 4th street over an open pair of nines: cash-7-StudHL-USD-2-4-201006.Steal.examples.txt
        # line 30 (hand 11111111813) and line 179 (hand 11111112277).
        "open_pair_double_bet": True,
    },
}

# Sites whose logs do not write every player's up cards as they are dealt. There a missing up card is
# the log's silence, not a misdeal: the replay notes it (info) and takes the bring-in and each opener
# from the log. everleaf/cash-7-Stud-USD-0.05-0.10.201107.txt deals no card before the showdown (its
# "** Dealing down cards **" line is all); partypoker/cash-7-Stud-USD-1-2-201104.txt deals Hero's cards
# alone ("Dealt to Hero [  3h 8c 7c ]" on 3rd street, line 23; no other player's up card in any hand).
SITES_HIDING_BOARDS: Final = frozenset({"everleaf", "partypoker"})


def rules_text(rules: Rules | None) -> str | None:
    """The house rules an import replayed under, as ``hands.rules`` stores them: the options the user set
    (``explicit``, presets expanded) as ``KEY=VALUE`` sorted by key and joined by one space, so equal
    rules give equal text and :func:`rules_from_text` gives the same :class:`Rules` back. None: no rules."""
    if rules is None or not rules.explicit:
        return None
    return " ".join(f"{key}={option_text(key, getattr(rules, key))}" for key in sorted(rules.explicit))


def option_text(key: str, value: Any) -> str:
    """One option's value as ``Rules.parse`` reads it (``deck_ranks`` as a deck size, no ante as none)."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if value is None:
        return "none"
    if key == "deck_ranks":
        return str(4 * (15 - value))
    return str(value)


def rules_from_text(text: str | None) -> Rules | None:
    """The :class:`Rules` of a ``hands.rules`` text (:func:`rules_text`); None for a hand imported without."""
    return Rules.parse(text.split(" ")) if text else None


def rules_for(
    variant: Variant, site: str | None, stated: Iterable[tuple[str, str]] = (), user: Rules | None = None
) -> Rules:
    """The options for one hand: the rulebook's defaults < variant < site < the log's statements < user."""
    return _layered(variant, site, tuple((key, raw) for key, raw in stated), user)


@lru_cache(maxsize=512)
def _layered(
    variant: Variant, site: str | None, stated: tuple[tuple[str, str], ...], user: Rules | None
) -> Rules:
    """Cached: a replay asks once per hand, and hands of one file share their answer."""
    rules = Rules().override(dict(variant.defaults), explicit=False)
    rules = rules.override(SITE_DEFAULTS.get(site or "", {}), explicit=False)
    rules = rules.override({key: parse_value(key, raw) for key, raw in stated}, explicit=False)
    if user is not None:
        rules = rules.override({key: getattr(user, key) for key in user.explicit})
    return rules


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
    showdown_rule: str = "S1"  # the rules.md id that says who wins a showdown
    defaults: tuple[tuple[str, Any], ...] = ()
    # the exposed-board ranking of later streets (BOARD_RANKS); None: board_low for "low_board", else
    # board_high
    board_rank: str | None = None
    # the streets by number, derived from ``streets``: readers and the engine ask on every deal
    by_street: dict[int, StreetSpec] = field(init=False, repr=False, compare=False)
    # up cards each live player shows once a street is dealt: a shorter board is one the log hides
    up_cards_by: dict[int, int] = field(init=False, repr=False, compare=False)

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
)
razz = Variant("razz", "Razz", _SEVEN, "high_card", "low_board", hands=("low_a5",), showdown_rule="R5")
# docs/rules.md, confirmed in kingsclub/cash-2-7 Razz-*.txt (tests/grammar/test_kingsclub.py): R27-1 deal and
# limits as razz; R27-2 deuce-to-seven low; R27-3 the highest door brings in, ace high; R27-4 the lowest
# board under 2-7 values opens later streets (the engine cites R3 for the opener, as in razz).
razz27 = Variant(
    "razz27",
    "2-7 Razz (deuce-to-seven lowball stud)",
    _SEVEN,
    "high_card_ace_high",
    "low_board",
    hands=("low27",),
    showdown_rule="R27-2",
    board_rank="board_low27",
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
        ("ante", 0),
    ),
)

VARIANTS: Final[dict[str, Variant]] = {v.name: v for v in (stud, stud8, razz, razz27, stud5, descubierto)}


_DECKS = {low: frozenset(card for card in ALL_CARDS if card.rank >= low) for low in range(2, 9)}


def deck(rules: Rules) -> frozenset[Card]:
    """The cards in play: the lowest ranks are stripped first (Z1), 52 cards by default."""
    return _DECKS[rules.deck_ranks]
