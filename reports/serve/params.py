"""A page's URL parameters, read and checked before any SQL runs.

A URL is typed, pasted and edited by hand, so every value is checked against what the page takes: an
unknown parameter, one given twice, a number, date or choice that is not one is a :class:`BadParameter`,
which the app shows as a 400 page naming it. An empty value (a form's blank field) means "not given".
Values reach SQL only as bound parameters, never as text of a statement.
"""

from __future__ import annotations

import re
from collections.abc import Collection
from collections.abc import Iterable
from datetime import date
from datetime import datetime
from decimal import Decimal
from decimal import InvalidOperation

MAX_TEXT = 200  # characters of a name or a search


class BadParameter(ValueError):
    """A URL parameter this page does not take, or a value not of its form; the message says which."""


class Params:
    """The parameters of one request (as ``(name, value)`` pairs), read by name; :meth:`done` checks that
    none was left unread (a misspelt name is a mistake to report, not to ignore)."""

    def __init__(self, pairs: Iterable[tuple[str, str]], ignored: Collection[str] = ()) -> None:
        self._values: dict[str, list[str]] = {}
        for name, value in pairs:
            if name not in ignored:
                self._values.setdefault(name, []).append(value)
        self._read: set[str] = set()

    def given(self) -> dict[str, str]:
        """Every parameter given, with a value, as the request had it (for links that keep the filters)."""
        return {name: values[-1] for name, values in self._values.items() if values[-1] != ""}

    def _raw(self, name: str) -> str | None:
        self._read.add(name)
        values = self._values.get(name, [])
        if len(values) > 1:
            raise BadParameter(f"{name} is given {len(values)} times; give it once")
        value = values[0].strip() if values else ""
        return value or None

    def many(self, name: str, limit: int = 50) -> list[str]:
        """A parameter that may be repeated (``member=a&member=b``)."""
        self._read.add(name)
        values = [value.strip() for value in self._values.get(name, []) if value.strip()]
        if len(values) > limit:
            raise BadParameter(f"{name} is given {len(values)} times; at most {limit}")
        for value in values:
            _check_text(name, value)
        return values

    def text(self, name: str) -> str | None:
        value = self._raw(name)
        if value is not None:
            _check_text(name, value)
        return value

    def choice(self, name: str, choices: Collection[str]) -> str | None:
        value = self._raw(name)
        if value is not None and value not in choices:
            shown = ", ".join(sorted(choices)) if len(choices) <= 20 else f"one of {len(choices)} names"
            raise BadParameter(f"{name}={_shown(value)} is not one of {shown}")
        return value

    def integer(self, name: str, low: int, high: int) -> int | None:
        value = self._raw(name)
        if value is None:
            return None
        if not re.fullmatch(r"[0-9]{1,12}", value) or not low <= int(value) <= high:
            raise BadParameter(f"{name}={_shown(value)} is not a whole number from {low:,} to {high:,}")
        return int(value)

    def number(self, name: str, high: int) -> Decimal | None:
        """A decimal number from 0 to ``high`` (a pot size in big bets ...)."""
        value = self._raw(name)
        if value is None:
            return None
        try:
            number = Decimal(value) if re.fullmatch(r"[0-9]{1,9}(\.[0-9]{1,6})?", value) else None
        except InvalidOperation:
            number = None
        if number is None or number > high:
            raise BadParameter(f"{name}={_shown(value)} is not a number from 0 to {high:,}")
        return number

    def day(self, name: str) -> date | None:
        """A date written YYYY-MM-DD."""
        value = self._raw(name)
        if value is None:
            return None
        try:
            if not re.fullmatch(r"[0-9]{4}-[0-9]{2}-[0-9]{2}", value):
                raise ValueError
            return datetime.strptime(value, "%Y-%m-%d").date()
        except ValueError:
            raise BadParameter(f"{name}={_shown(value)} is not a date written YYYY-MM-DD") from None

    def done(self) -> None:
        unknown = sorted(set(self._values) - self._read)
        if unknown:
            raise BadParameter(f"this page takes no parameter {', '.join(map(_shown, unknown))}")


def _check_text(name: str, value: str) -> None:
    if len(value) > MAX_TEXT:
        raise BadParameter(f"{name} is {len(value):,} characters long; at most {MAX_TEXT}")


def _shown(value: str) -> str:
    """A value as the message quotes it: cut short (it is escaped where it is shown)."""
    return repr(value if len(value) <= 40 else value[:40] + "...")
