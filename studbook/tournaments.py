"""A tournament's buy-in and a player's finishing place, read from the text a site writes.

Both are facts of the tournament, not of one hand: the hand carries the buy-in as its header writes it
(``$10+$1``, ``€5+€0.50 EUR``) and the finishing places as ``tournament`` notes; the import turns them into
the ``hands`` buy-in columns and the ``tournament_places`` rows (analytics/rows.py) with these functions.
"""

from __future__ import annotations

import re

from studbook.money import AmountError
from studbook.money import parse_amount

_SIGNS = {"$": "USD", "€": "EUR", "£": "GBP"}
# one price: the sign before (``$10``) or after (``4.50€``, Winamax) the number; a decimal comma
# (``0,90€``) is a comma before one or two last digits
_PART = re.compile(r"([$€£]?) ?(\d[\d,]*(?:\.\d+)?) ?([$€£]?)")
_DECIMAL_COMMA = re.compile(r"\d+,\d{1,2}")
_ISO = re.compile(r"\b(USD|EUR|GBP)\b")
# the words around the prices: PartyPoker's ``$30 Buy-in + $3 Entry Fee``
_WORDS = re.compile(r"\b(?:Buy-in|Entry Fee)\b", re.IGNORECASE)


def buy_in_of(text: str | None, currency: str | None = None) -> tuple[int, int, str | None] | None:
    """Buy-in and fee in minor units (cents of the currency; chips for none) of the forms the sites
    write; a bounty counts in the buy-in (the last part is the fee); None when it is no price.
    ``currency`` is the one the site states elsewhere, for a price written without a sign.

    >>> buy_in_of("$10 + $1"), buy_in_of("$10+$10+$2"), buy_in_of("€5+€0.50 EUR")
    ((1000, 100, 'USD'), (2000, 200, 'USD'), (500, 50, 'EUR'))
    >>> buy_in_of("4.50€ + 0.50€"), buy_in_of("0,90€ + 0,10€"), buy_in_of("1.50€")
    ((450, 50, 'EUR'), (90, 10, 'EUR'), (150, 0, 'EUR'))
    >>> buy_in_of("$30 Buy-in  + $3 Entry Fee"), buy_in_of("$6 USD Buy-in"), buy_in_of("5+0.50", "USD")
    ((3000, 300, 'USD'), (600, 0, 'USD'), (500, 50, 'USD'))
    >>> buy_in_of("Ticket only"), buy_in_of("Gratuit"), buy_in_of("1,500")
    (None, None, (1500, 0, None))
    """
    if not text:
        return None
    iso = _ISO.search(text)
    parts = [_PART.fullmatch(part.strip()) for part in _WORDS.sub("", _ISO.sub("", text)).split("+")]
    if not parts or any(part is None or (part[1] and part[3]) for part in parts):
        return None
    signs = {part[1] or part[3] for part in parts if part is not None and (part[1] or part[3])}
    if len(signs) > 1:
        return None
    currency = iso[1] if iso else _SIGNS[signs.pop()] if signs else currency
    try:
        amounts = [parse_amount(_decimal_point(part[2]), 2 if currency else 0) for part in parts
                   if part is not None]
    except AmountError:
        return None
    if len(amounts) == 1:
        return amounts[0], 0, currency
    return sum(amounts[:-1]), amounts[-1], currency


def _decimal_point(number: str) -> str:
    """``0,90`` is 0.90 (a comma before cents); ``1,500`` stays a thousands separator."""
    return number.replace(",", ".") if _DECIMAL_COMMA.fullmatch(number) else number


# The finishing lines the sites write, each naming the place (or a win: first) and maybe the prize:
# PokerStars and KingsClub ``finished the tournament in 3rd place and received $10``, ``wins the
# tournament and receives $30``; Full Tilt ``finishes in 3rd place``; PartyPoker ``finished in 3.``,
# ``finished in 1 place and received $3 USD``, ``Congratulations to player X for winning tournament``;
# Bovada ``Ranking 3`` and, on a line of its own, ``Prize Cash [$5]``.
_PLACES = (
    re.compile(r"finishe[sd](?: the tournament)? in (\d+)(?:st|nd|rd|th)?(?: place)?\b"),
    re.compile(r"(wins the tournament|for winning tournament)"),
    re.compile(r"^(?:.* : )?Ranking (\d+)\b"),
)
_PRIZE = re.compile(r"(?:and (?:receives?|received) |Prize Cash \[)([$€£]?)(\d[\d,]*(?:\.\d+)?)")


def place_of(text: str, decimals: int = 2) -> tuple[int | None, int | None] | None:
    """Finishing place and prize (minor units: ``decimals`` of the tournament's currency, 0 for chips)
    of a finishing line (``_PLACES``); a prize alone (Bovada's ``Prize Cash``) has no place; None when the
    line states neither.

    >>> place_of("Player Cy finished in 3."), place_of("Player Bob finished in 1 place and received $3 USD")
    ((3, None), (1, 300))
    >>> place_of("Ann finishes in 2nd place"), place_of("Congratulations to player Bo for winning tournament")
    ((2, None), (1, None))
    >>> place_of("Seat+2 [ME] : Ranking 3"), place_of("Seat+2 [ME] : Prize Cash [$12.50]")
    ((3, None), (None, 1250))
    """
    place: int | None = None
    for pattern in _PLACES:
        found = pattern.search(text)
        if found is not None:
            place = int(found[1]) if found[1].isdigit() else 1
            break
    prize = _PRIZE.search(text)
    if prize is None:
        return None if place is None else (place, None)
    try:
        return place, parse_amount(prize[2], decimals)
    except AmountError:
        return None if place is None else (place, None)


def finisher(text: str, players: list[str]) -> str | None:
    """The seated player a finishing line the site's format does not know names first (``Ann finished
    in 3rd place``, ``Player Ann finished in 3.``): the longest name the line starts with, so a name that
    holds another's is read whole.

    >>> finisher("Ann B finishes in 2nd place", ["Ann", "Ann B"])
    'Ann B'
    >>> finisher("Player Cy finished in 3.", ["Cy"])
    'Cy'
    >>> finisher("The tournament is in its 3rd level", ["Ann"]) is None
    True
    """
    text = text.removeprefix("Player ")
    return max((player for player in players if text.startswith(player + " ")), key=len, default=None)

