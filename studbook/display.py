"""Text written by strangers (player names, table names, query results), made safe to show; and amounts of
the stats views written the one way studbook writes amounts.

A log can name a player ``a[/b]c`` (rich would read it as markup), ``\\x1b[2J`` (a terminal would obey
it) or ``\\u202eliveDdaoR`` (an RTL override shows it as "RoadDevil"). Every value shown on a terminal
goes through :func:`cell`, which never interprets markup, and :func:`visible` writes invisible control
and bidirectional formatting characters as ``\\uXXXX`` escapes, so what the log says is what is seen.
The HTML pages use :func:`visible` too (reports/html.py).
"""

from __future__ import annotations

import unicodedata
from decimal import Decimal

from rich.text import Text

from studbook.money import format_amount

CHIPS = "chips"  # the unit of a hand that plays for chips (tournaments, home games)

# Bidirectional formatting characters: marks, embeddings, overrides and isolates (Unicode UAX #9).
BIDI_CONTROLS = "\u061c\u200e\u200f\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069"
_KEPT = "\n\t"


def _escapes() -> dict[int, str]:
    controls = [chr(code) for code in range(0x110) if unicodedata.category(chr(code)) == "Cc"]
    return {ord(char): f"\\u{ord(char):04x}" for char in (*controls, *BIDI_CONTROLS) if char not in _KEPT}


_ESCAPES = _escapes()


def visible(text: str) -> str:
    r"""``text`` with its control and bidi formatting characters written as escapes.

    >>> visible("\u202eliveDdaoR")
    '\\u202eliveDdaoR'
    >>> visible("Roc\u00edo [bold]x[/]")
    'Rocío [bold]x[/]'
    """
    return text.translate(_ESCAPES)


def cell(value: object) -> Text:
    """A value for a rich table or console: exactly as written (no markup), None as empty."""
    return Text("" if value is None else visible(str(value)))


def unit_amount(value: Decimal | float, unit: str) -> str:
    """An amount a stats view returns (a DECIMAL in ``unit``) as the audit writes amounts
    (:func:`studbook.money.format_amount`): chips whole, a currency in cents, thousands separated.

    >>> [unit_amount(value, unit) for value, unit in ((Decimal("-1500.00"), "chips"), (-1.85, "USD"),
    ...                                               (Decimal("12.5"), "CAD"))]
    ['-1,500', '-$1.85', '12.50']
    """
    decimals = 0 if unit == CHIPS else 2
    minor = int((Decimal(str(value)) * 10**decimals).to_integral_value())
    return format_amount(minor, None if unit == CHIPS else unit, decimals)
