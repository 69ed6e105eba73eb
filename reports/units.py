"""Amounts as the database's views return them (DECIMAL in a unit) written for people."""

from __future__ import annotations

from decimal import Decimal

from studbook.display import unit_amount
from studbook.money import CURRENCY_SYMBOLS


def unit_money(value: Decimal | float | None, unit: str) -> str:
    """``$1,234.56`` for a currency with a symbol, ``12.50 CAD`` without one, ``1,050 chips``."""
    if value is None:
        return ""
    text = unit_amount(value, unit)
    return text if unit in CURRENCY_SYMBOLS else f"{text} {unit}"
