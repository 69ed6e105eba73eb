"""Amounts as the database's views return them (DECIMAL in a unit) written for people."""

from __future__ import annotations

from decimal import Decimal

from studbook.money import CURRENCY_SYMBOLS
from studbook.money import format_amount

CHIPS = "chips"


def unit_money(value: Decimal | float | None, unit: str) -> str:
    """``$1,234.56`` for a currency with a symbol, ``12.50 CAD`` without one, ``1,050 chips``."""
    if value is None:
        return ""
    decimals = 0 if unit == CHIPS else 2
    minor = int((Decimal(str(value)) * 10**decimals).to_integral_value())
    if unit == CHIPS:
        return f"{format_amount(minor, None)} chips"
    text = format_amount(minor, unit)
    return text if unit in CURRENCY_SYMBOLS else f"{text} {unit}"
