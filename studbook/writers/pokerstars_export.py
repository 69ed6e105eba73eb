"""What ``export --format pokerstars`` checks before it writes a hand: what a PokerStars log cannot say.

A PokerStars log states no house rules, and studbook reads one under PokerStars' own rules. A hand whose
rules (its site's, its log's) differ from those is written only when they decide nothing in it: replayed
under PokerStars' rules it gets the same errors and warnings. Otherwise the copy would be judged by rules
the game did not play by, so the export refuses the hand, naming the rules.

A PokerStars summary states the total pot and the rake. Where the log states neither, a clean hand's
are its chips put in and what it did not award; a hand that breaks the rules has no such figures (what
it fails to award is no rake), so it is written only when its log states them, and refused otherwise.
"""

from __future__ import annotations

from dataclasses import dataclass

from studbook.hand import Hand
from studbook.replay import replay
from studbook.results import Replay
from studbook.rules.house import RuleError
from studbook.rules.house import Rules
from studbook.rules.house import rules_for
from studbook.rules.variants import VARIANTS
from studbook.writers.pokerstars_text import GAMES

READ_AS = "pokerstars"  # the site a PokerStars copy is read as


@dataclass(frozen=True, slots=True)
class Check:
    """The verdict on one hand: why it is not written (None: it is), and the rules it is written
    without, which decide nothing in it (``KEY=VALUE``)."""

    refused: str | None = None
    unstated: tuple[str, ...] = ()


def check(hand: Hand) -> Check:
    """Whether ``hand`` can be written as PokerStars text and read back judged the same."""
    variant = VARIANTS.get(hand.variant)
    if variant is None or hand.variant not in GAMES:
        return Check()  # a game PokerStars has not: the writer refuses it
    try:
        own = rules_for(variant, hand.site, hand.rules)
    except RuleError as error:
        return Check(f"its house rules cannot be read ({error}), and a PokerStars log cannot state them")
    theirs = rules_for(variant, READ_AS, ())
    differ = {key: value for key, value, _, _ in own.describe() if getattr(theirs, key) != value}
    summary = hand.summary
    untotalled = summary.total_pot is None or summary.rake is None
    if not differ and not untotalled:
        return Check()  # nothing to judge: the copy says all the log says
    try:
        return _judged(hand, differ, {key: getattr(theirs, key) for key in differ}, untotalled)
    except Exception as error:  # a studbook bug: the export names the hand and goes on, as audit does
        return Check(f"it cannot be replayed ({type(error).__name__}: {error}), so whether PokerStars' "
                     "rules judge it the same is unknown")


def _judged(hand: Hand, differ: dict[str, object], read_as: dict[str, object], untotalled: bool) -> Check:
    """:func:`check` of a hand whose rules differ from PokerStars' (``differ``, read as ``read_as``), or
    whose log states no total pot or rake (``untotalled``)."""
    judged = replay(hand)
    if differ and _decides(hand, judged, read_as):
        for key in list(read_as):  # down to the options that decide: no other needs naming
            fewer = {other: value for other, value in read_as.items() if other != key}
            if fewer and _decides(hand, judged, fewer):
                read_as = fewer
        own_words = ", ".join(f"{key}={_text(differ[key])}" for key in read_as)
        read = ", ".join(f"{key}={_text(value)}" for key, value in read_as.items())
        return Check(f"its house rules ({own_words}) decide its ruling, and a PokerStars log cannot state "
                     f"them (it is read with {read}): export it as studbook")
    if judged.has_errors and untotalled:
        return Check("it breaks the rules and its log states no total pot and rake, which a PokerStars "
                     "summary must state: export it as studbook")
    return Check(unstated=tuple(f"{key}={_text(value)}" for key, value in differ.items()))


def _decides(hand: Hand, judged: Replay, read_as: dict[str, object]) -> bool:
    """Whether the hand is judged otherwise with the options ``read_as`` in place of its own."""
    return _ruling(replay(hand, Rules().override(read_as))) != _ruling(judged)


def _ruling(judged: Replay) -> list[tuple[str, str, int]]:
    """The errors and warnings (the notes name where rules came from, which may differ)."""
    return sorted((v.code, v.severity, v.line) for v in judged.violations if v.severity != "info")


def _text(value: object) -> str:
    return str(value).lower() if isinstance(value, bool) else str(value)
