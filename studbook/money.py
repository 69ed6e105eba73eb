"""Exact money: amounts are ints in the smallest unit (cents for cash, chips for tournaments).

>>> parse_amount("$1,234.56")
123456
>>> parse_amount("1,050", decimals=0)
1050
>>> parse_amount("$51125.64")
5112564
>>> parse_amount("$3")
300
>>> parse_amount("1.234,56 €", decimal_comma=True)
123456
>>> format_amount(123456, "USD")
'$1,234.56'
>>> format_amount(1050, None)
'1,050'
"""

from __future__ import annotations

import re

# The currencies studbook knows and the sign each is written with: the one table of them, for every format.
CURRENCY_SYMBOLS = {"USD": "$", "EUR": "€", "GBP": "£"}
_STRIP = re.compile(r"[\s$€£]|USD|EUR|EURO|GBP")


class AmountError(ValueError):
    """Text that is not an amount of money."""


def parse_amount(text: str, decimals: int = 2, decimal_comma: bool = False) -> int:
    """Parse a written amount into minor units without ever going through float.

    ``decimals`` is the number of minor-unit digits of the hand's currency (2 for cash, 0 for
    tournament chips). Thousands separators are dropped; a fraction longer than ``decimals``
    is an error rather than a silent rounding.
    """
    cleaned = _STRIP.sub("", text)
    if decimal_comma:
        cleaned = cleaned.replace(".", "").replace(",", ".")
    else:
        cleaned = cleaned.replace(",", "")
    whole, _, fraction = cleaned.partition(".")
    if not whole and not fraction or not (whole or "0").isdigit() or (fraction and not fraction.isdigit()):
        raise AmountError(f"not an amount: {text!r}")
    if len(fraction) > decimals:
        if fraction[decimals:].strip("0"):
            raise AmountError(f"amount {text!r} has more than {decimals} decimals")
        fraction = fraction[:decimals]
    return int(whole or "0") * 10**decimals + int(fraction.ljust(decimals, "0") or "0")


def format_amount(amount: int, currency: str | None, decimals: int | None = None) -> str:
    """Human form of an amount: ``$1,234.56`` for cash, ``1,050`` for chips."""
    if decimals is None:
        decimals = 2 if currency else 0
    sign = "-" if amount < 0 else ""
    whole, fraction = divmod(abs(amount), 10**decimals) if decimals else (abs(amount), 0)
    text = f"{whole:,}" + (f".{fraction:0{decimals}d}" if decimals else "")
    return sign + CURRENCY_SYMBOLS.get(currency or "", "") + text
