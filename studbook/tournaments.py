"""A tournament's buy-in and a player's finishing place, read from the text a site writes.

Both are facts of the tournament, not of one hand: the hand carries the buy-in as its header writes it
(``$10+$1``, ``€5+€0.50 EUR``) and the finishing places as ``tournament`` notes; the import turns them into
the ``tournaments`` and ``tournament_finishes`` rows (analytics/rows.py) with these functions.
"""

from __future__ import annotations

import re

from studbook.money import AmountError, parse_amount

_SIGNS = {"$": "USD", "€": "EUR", "£": "GBP"}
_PART = re.compile(r"([$€£]?)(\d[\d,]*(?:\.\d+)?)")
_ISO = re.compile(r"\b([A-Z]{3})\s*$")
_PLACE = re.compile(r"(?:finished the tournament in (\d+)(?:st|nd|rd|th) place|(wins the tournament))"
                    r"(?: and (?:receives?|received) ([$€£]?)(\d[\d,]*(?:\.\d+)?))?")


def buy_in_of(text: str | None) -> tuple[int, int, str | None] | None:
    """Buy-in and fee in minor units (cents of the currency; chips for none) of ``$10+$1`` or
    ``$10+$10+$2`` (a bounty counts in the buy-in: the last part is the fee); None when it is no price."""
    if not text:
        return None
    iso = _ISO.search(text)
    parts = [_PART.fullmatch(part.strip()) for part in _ISO.sub("", text).split("+")]
    if not parts or any(part is None for part in parts):
        return None
    signs = {part[1] for part in parts if part is not None and part[1]}
    currency = iso[1] if iso else _SIGNS[signs.pop()] if len(signs) == 1 else None
    try:
        amounts = [parse_amount(part[2], 2 if currency else 0) for part in parts if part is not None]
    except AmountError:
        return None
    if len(amounts) == 1:
        return amounts[0], 0, currency
    return sum(amounts[:-1]), amounts[-1], currency


def place_of(text: str, decimals: int = 2) -> tuple[int, int | None] | None:
    """Finishing place and prize (minor units: ``decimals`` of the tournament's currency, 0 for chips)
    of a ``finished the tournament in 3rd place and received $10`` or ``wins the tournament`` line."""
    found = _PLACE.search(text)
    if found is None:
        return None
    place = 1 if found[2] else int(found[1])
    if found[4] is None:
        return place, None
    try:
        return place, parse_amount(found[4], decimals)
    except AmountError:
        return place, None
