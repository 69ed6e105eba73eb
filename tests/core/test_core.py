"""Cards, money and the JSON form of hands."""

from __future__ import annotations

import pytest

from studbook.cards import ALL_CARDS
from studbook.cards import Card
from studbook.cards import CardError
from studbook.cards import parse_card
from studbook.cards import parse_cards
from studbook.money import AmountError
from studbook.money import format_amount
from studbook.money import parse_amount


def test_card_codes_cover_the_deck_in_bring_in_order() -> None:
    assert len(ALL_CARDS) == 52
    assert [int(card) for card in ALL_CARDS] == list(range(52))
    assert parse_card("2c") < parse_card("2d") < parse_card("2h") < parse_card("2s") < parse_card("3c")
    assert parse_card("As").rank == 14 and parse_card("As").suit == "s"


@pytest.mark.parametrize("text", ["10d", "Td", "tD", "TD"])
def test_ten_spellings(text: str) -> None:
    assert str(parse_card(text)) == "Td"


@pytest.mark.parametrize("text", ["1c", "Ax", "", "AAs", "X"])
def test_bad_cards_are_rejected(text: str) -> None:
    with pytest.raises(CardError):
        parse_card(text)


def test_card_list_with_commas() -> None:
    assert parse_cards("Ad, Qd,Ah") == (Card(14, "d"), Card(12, "d"), Card(14, "h"))


@pytest.mark.parametrize(
    ("text", "decimals", "expected"),
    [("$1,234.56", 2, 123456), ("1,050", 0, 1050), ("$51125.64", 2, 5112564), ("$0.02", 2, 2),
     ("$3", 2, 300), ("5€", 2, 500), ("$ 0.08 USD", 2, 8), ("2,146.30", 2, 214630), ("$0.5", 2, 50)],
)
def test_amounts_are_exact(text: str, decimals: int, expected: int) -> None:
    assert parse_amount(text, decimals) == expected


def test_decimal_comma() -> None:
    assert parse_amount("1.234,56 €", decimal_comma=True) == 123456


@pytest.mark.parametrize("text", ["abc", "$", "1.234", "1.2.3", "-5"])
def test_bad_amounts_are_rejected(text: str) -> None:
    with pytest.raises(AmountError):
        parse_amount(text, 2)


def test_format_amount() -> None:
    assert format_amount(-150, "USD") == "-$1.50"
    assert format_amount(1234567, None) == "1,234,567"
    assert format_amount(500, "EUR") == "€5.00"
