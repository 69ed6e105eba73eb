"""What the values of any log mean, whatever the site: currency signs, time-zone abbreviations and
the spellings of the betting structures. Readers and writers of every format share these tables."""

from __future__ import annotations

from studbook.money import CURRENCY_SYMBOLS

# The abbreviations the sites print, as IANA zones (DST included: PokerStars writes "CET" and
# "ET" all year round for the local civil time).
TIMEZONES: dict[str, str] = {
    "ET": "America/New_York", "EST": "America/New_York", "EDT": "America/New_York",
    "CT": "America/Chicago", "MT": "America/Denver", "PT": "America/Los_Angeles",
    "AT": "America/Halifax", "NT": "America/St_Johns", "AKT": "America/Anchorage",
    "HST": "Pacific/Honolulu", "BRT": "America/Sao_Paulo", "ART": "America/Argentina/Buenos_Aires",
    "UTC": "UTC", "GMT": "UTC", "WET": "Europe/Lisbon", "CET": "Europe/Paris",
    "CEST": "Europe/Paris", "EET": "Europe/Helsinki", "EEST": "Europe/Helsinki",
    "MSK": "Europe/Moscow", "IST": "Asia/Kolkata", "CCT": "Asia/Shanghai", "JST": "Asia/Tokyo",
    "AWST": "Australia/Perth", "ACST": "Australia/Darwin", "AEST": "Australia/Sydney",
    "AET": "Australia/Sydney", "NZT": "Pacific/Auckland",
    # PartyPoker's and OnGame's (Moscow summer time as fpdb saw it)
    "MSKS": "Europe/Moscow", "MSD": "Europe/Moscow", "BST": "Europe/London", "CDT": "America/Chicago",
    "CST": "America/Chicago", "MDT": "America/Denver", "MST": "America/Denver",
    "PDT": "America/Los_Angeles", "PST": "America/Los_Angeles",
}

# The currency a sign stands for (studbook/money.py: the sign of each currency).
CURRENCIES = {sign: currency for currency, sign in CURRENCY_SYMBOLS.items()}


def betting_structure(words: str) -> str:
    """The betting structure (``limit``, ``pot-limit``, ``no-limit``) a log's words name, in any of the
    spellings the sites and studbook's own format write.

    >>> [betting_structure(w) for w in ("Limit", "Fixed Limit", "Pot Limit", "NO LIMIT", "sin límite",
    ...                                  "límite al bote", "límite fijo", "no-limit")]
    ['limit', 'limit', 'pot-limit', 'no-limit', 'no-limit', 'pot-limit', 'limit', 'no-limit']
    """
    words = words.lower()
    if "pot" in words or "bote" in words:
        return "pot-limit"
    return "no-limit" if words.startswith(("no", "sin")) else "limit"
