"""House rules as data: every option of the rulebook's settings (docs/rules.md, "Settings") with its
default, the presets, and the defaults each site's logs show, apart from the games themselves
(:mod:`studbook.rules.variants`).

A :class:`Rules` object holds the options; they are layered (rules.md default < variant < site < the
log's own statements < the user's ``--rule KEY=VALUE``) by :func:`rules_for`.

>>> from studbook.rules.variants import VARIANTS, descubierto
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
studbook.rules.house.RuleError: unknown rule 'max_raise' (did you mean max_raises?)
>>> len(deck(rules_for(descubierto, None, user=Rules.parse(["deck_ranks=8-A"])))), len(deck(Rules()))
(28, 52)
"""

from __future__ import annotations

import difflib
from collections.abc import Iterable
from collections.abc import Mapping
from dataclasses import dataclass
from dataclasses import field
from dataclasses import fields
from dataclasses import replace
from functools import lru_cache
from typing import TYPE_CHECKING
from typing import Any

from studbook.cards import ALL_CARDS
from studbook.cards import RANK_CHARS
from studbook.cards import Card
from studbook.sites import SITE_DEFAULTS

if TYPE_CHECKING:  # named for the type checker alone: variants imports this module (a game's defaults)
    from studbook.rules.variants import Variant


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
    max_players: int = _opt(8, "C13", "players dealt in at most", low=2, high=10)
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
    show_order: str = _opt(
        "rules", "C27", "who shows first: the last bettor, else the round's first actor (rules); the lowest "
        "seat (seat); the lowest seat after a checked round (seat_when_checked)",
        ("rules", "seat", "seat_when_checked"))
    raise_over_bring_in: bool = _opt(
        False, "C16", "a 3rd-street raise over a completion goes to the bring-in plus the small bet")
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
OPTION_RULES: dict[str, str] = {f.name: f.metadata["rule"] for f in _OPTIONS}  # each option's rule id
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
    raise RuleError(f"bad value {raw!r} for deck_ranks: expected LOW-A (8-A) or a deck size of whole ranks, "
                    "four cards each, from 28 (8-A) to 52 (2-A): 28, 32, 36, 40, 44, 48 or 52")


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
        "headsup_uncapped": "never",  # T3: three raises "en cada ronda de apuestas", heads-up too
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
    """The options for one hand: rules.md defaults < variant < site < the log's statements < user."""
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


_DECKS = {low: frozenset(card for card in ALL_CARDS if card.rank >= low) for low in range(2, 9)}


def deck(rules: Rules) -> frozenset[Card]:
    """The cards in play: the lowest ranks are stripped first (Z1), 52 cards by default."""
    return _DECKS[rules.deck_ranks]
