"""What a log says a shown hand is ("two pair, Kings and Sevens"), read so that the cards can check it.

Cards speak (C28): the cards decide every pot, whatever the player or the site calls the hand. A
description the cards do not bear out still deserves a word (a site's slip, a misread hand, a log
edited by hand), so the replay reads the kind of hand and the ranks a description names, in the
wordings of the sites studbook reads and in Spanish, and compares them with what the cards make.
Wording it cannot read is left alone: only a description that was read and is contradicted is
reported.

>>> from studbook.cards import parse_cards
>>> from studbook.rules.evaluate import high, low8
>>> cards = parse_cards("Kd Kh 9s 9h 2c 2s Js")
>>> read("two pair, Kings and Nines"), read("HI: a pair of Deuces; LO: 7,6,3,2,A").low
(Claim(kind=2, ranks=(13, 9), low=None), (7, 6, 3, 2, 1))
>>> contradiction(read("dobles parejas, reyes y nueves"), (high(cards), None)) is None
True
>>> contradiction(read("two pair, Kings and Sevens"), (high(cards), None))
'two pair, Kings and Nines'
>>> contradiction(read("a flush, 8-6-4-2-A low"), (high(cards), low8(cards)))
'two pair, Kings and Nines, and no low'
>>> read("the nuts") is None
True
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache
from typing import Final

from studbook.rules.evaluate import FIGURAS
from studbook.rules.evaluate import FLUSH
from studbook.rules.evaluate import FULL_HOUSE
from studbook.rules.evaluate import HIGH_CARD
from studbook.rules.evaluate import PAIR
from studbook.rules.evaluate import QUADS
from studbook.rules.evaluate import STRAIGHT
from studbook.rules.evaluate import STRAIGHT_FLUSH
from studbook.rules.evaluate import TRIPS
from studbook.rules.evaluate import TWO_PAIR
from studbook.rules.evaluate import describe


@dataclass(frozen=True, slots=True)
class Claim:
    """What a description says: the kind of high hand (the constants of :mod:`studbook.rules.evaluate`,
    None where it names none) and the ranks it names for it (ace 14), and the low it names, highest
    first with the ace as 1 (None where it names none)."""

    kind: int | None
    ranks: tuple[int, ...]
    low: tuple[int, ...] | None


_RANK_NAMES: Final = {
    14: "ace aces a as ases",
    13: "king kings k ks rey reyes",
    12: "queen queens q qs dama damas",
    11: "jack jacks j js jota jotas",
    10: "ten tens t ts 10 10s diez dieces",
    9: "nine nines 9 9s nueve nueves",
    8: "eight eights 8 8s ocho ochos",
    7: "seven sevens 7 7s siete sietes",
    6: "six sixes sixs 6 6s seis seises",
    5: "five fives 5 5s cinco cincos",
    4: "four fours 4 4s cuatro cuatros",
    3: "three threes 3 3s tres treses",
    2: "two twos deuce deuces 2 2s dos doses",
}
_RANKS: Final = {word: rank for rank, words in _RANK_NAMES.items() for word in words.split()}
# The kinds by the words that name them, the longer names first ("two pair" before "pair").
_KINDS: Final = (
    (STRAIGHT_FLUSH, r"straight flush|royal flush|escalera de color"),
    (QUADS, r"four of a kind|quads|poker"),
    (FULL_HOUSE, r"full house|full"),
    (FLUSH, r"flush|color"),
    (STRAIGHT, r"straight|escalera"),
    (TRIPS, r"three of a kind|trips|set of|trio"),
    (FIGURAS, r"figuras"),
    (TWO_PAIR, r"two pairs?|dobles? parejas?"),
    (PAIR, r"one pair|pair of|pair|pareja de|pareja"),
    (HIGH_CARD, r"high card|carta mas alta|carta mayor"),
)
_KIND_WORDS: Final = [(kind, re.compile(rf"\b(?:{words})\b")) for kind, words in _KINDS]
# Words around the ranks that say nothing of them.
_FILLER: Final = frozenset("of and y de del al with high to set full".split())
_RANK_LIST: Final = r"(?:10|[2-9tjqka])(?:\s*[,-]\s*(?:10|[2-9tjqka])){1,4}"
_LOW_PATTERNS: Final = (
    re.compile(rf"\blow?\s*[:-]\s*\[?\s*({_RANK_LIST})\s*\]?"),  # "LO: 7,6,3,2,A", "LO - [8,7,5,3,2]"
    # "6-5-4-3-A low", "6,5,4,2,A, for low"
    re.compile(rf"\b({_RANK_LIST})\s*,?\s*(?:for\s+)?(?:low|baja)\b"),
    re.compile(rf"^\s*({_RANK_LIST})\s*$"),  # razz: "J,T,6,5,2"
)
_ACCENTS: Final = str.maketrans("áéíóúü_", "aeiouu ")
_NAMES_ALL: Final = "escalera real"  # the royal flush, or a straight to the ace: the rules use it for both


@lru_cache(maxsize=4096)  # a few hundred wordings recur across a session's showdowns
def read(text: str) -> Claim | None:
    """The claim of a description, or None where no part of it can be read."""
    words = text.translate(_ACCENTS).lower()
    low: tuple[int, ...] | None = None
    for pattern in _LOW_PATTERNS:
        found = pattern.search(words)
        if found:
            low = tuple(1 if rank == 14 else rank
                        for rank in (_RANKS[token] for token in re.split(r"[\s,-]+", found.group(1))))
            words = words[:found.start()] + " " + words[found.end():]
            break
    kind, ranks = _high(words)
    if kind is None and low is None:
        return None
    return Claim(kind, ranks, low)


def _high(text: str) -> tuple[int | None, tuple[int, ...]]:
    """The kind and ranks of a description's high part (None where it names none or cannot be read)."""
    text = re.sub(r"\[[^\]]*\]|\([^)]*\)", " ", text)  # the cards a site lists after the name
    text = re.sub(r"\b(?:hi|high)\s*[:-]|\bfor high\b|\band\s*$", " ", text)
    text = re.sub(r"^[\s,;.]*(?:an?\s+)?", "", text)  # "a pair of": an article, not an ace
    if _NAMES_ALL in text:
        return None, ()
    found = next(((kind, named) for kind, pattern in _KIND_WORDS if (named := pattern.search(text))), None)
    if found is None:
        return None, ()
    kind, named = found
    rest = text[:named.start()] + " " + text[named.end():]
    tokens = [token for token in re.split(r"[\s,.:;-]+", rest) if token and token not in _FILLER]
    if any(token not in _RANKS for token in tokens):
        return None, ()
    ranks = [_RANKS[token] for token in tokens]
    if kind in (STRAIGHT, STRAIGHT_FLUSH):
        # "Five to Nine", "King high": the top card; "a Royal Flush" names none
        top = re.search(r"\bto\s+(\w+)", rest)
        if top and top.group(1) in _RANKS:
            ranks = [_RANKS[top.group(1)]]
        elif "royal" in text:
            ranks = [14]
        ranks = ranks[-1:]
    return kind, tuple(ranks)


def _kind_and_ranks(key: int) -> tuple[int, list[int]]:
    value = -key if key < 0 else key
    ranks = [value >> shift & 15 for shift in (16, 12, 8, 4, 0)]
    return value >> 20 & 15, [rank for rank in ranks if rank]


def _named(kind: int, ranks: list[int]) -> list[int]:
    """The ranks a description names of a hand, in order: each group once, then the kickers."""
    if kind in (STRAIGHT, STRAIGHT_FLUSH):
        return ranks[:1]
    if kind == FULL_HOUSE:
        return [ranks[0], ranks[-1]]
    if kind == TWO_PAIR:
        return [ranks[0], ranks[2], *ranks[4:]]
    if kind == PAIR:
        return [ranks[0], *ranks[2:]]
    if kind in (TRIPS, QUADS):
        return [ranks[0], *ranks[3 if kind == TRIPS else 4:]]
    return ranks


@lru_cache(maxsize=4096)
def contradiction(claim: Claim, keys: tuple[int | None, ...]) -> str | None:
    """What the cards make, in words, where ``claim`` says otherwise; None where they bear it out.

    ``keys`` are the hand's keys by the game's evaluators: a high key (``>= 0``), a low key (``< 0``)
    or None for a low that does not qualify. A low game's description is judged by its low alone."""
    high_key = next((key for key in keys if key is not None and key >= 0), None)
    low_keys = [key for key in keys if key is None or key < 0]
    wrong = False
    if claim.kind is not None and high_key is not None:
        kind, ranks = _kind_and_ranks(high_key)
        named = _named(kind, ranks)
        wrong = claim.kind != kind or list(claim.ranks) != named[:len(claim.ranks)]
    if claim.low is not None and low_keys:
        low_key = low_keys[0]
        made = None if low_key is None else sorted(1 if rank == 14 else rank
                                                   for rank in _kind_and_ranks(low_key)[1])
        wrong = wrong or made != sorted(claim.low)
    if not wrong:
        return None
    words = [describe(key) for key in keys if key is not None]
    if claim.low is not None and low_keys and low_keys[0] is None:
        words.append("no low")
    return ", and ".join(words)
