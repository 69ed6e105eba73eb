"""The explanation of a rejected studbook line (grammar/studbook_errors.py) rests on an example of each
piece of the grammar: each must be what its piece reads, whole, or the messages would name wrong
expectations."""

from __future__ import annotations

import pytest

from studbook.grammar.dialect import dialect_named
from studbook.grammar.sites.studbook_errors import EXAMPLES

PUNCTUATION = {"COLON": ":", "SLASH": "/", "LSQB": "[", "RSQB": "]", "LPAR": "(", "RPAR": ")"}


@pytest.mark.parametrize("piece", sorted(EXAMPLES))
def test_each_example_is_read_whole_by_its_piece(piece: str) -> None:
    if piece in PUNCTUATION:
        assert EXAMPLES[piece] == PUNCTUATION[piece]
        return
    regexps = dialect_named("studbook").reader.regexps
    assert regexps[piece].fullmatch(EXAMPLES[piece]), (piece, EXAMPLES[piece])


def test_every_piece_a_message_can_name_has_an_example() -> None:
    """The pieces the grammar keeps for the reader and its messages (its second start rule) all have one,
    but the whole-item pieces, which messages name by the keywords they start with."""
    parser = dialect_named("studbook").parser
    kept = {symbol.name for rule in parser.rules if rule.origin.name == "pieces" for symbol in rule.expansion}
    assert kept - set(EXAMPLES) == {"ITEM", "SUMMARY_ITEM", "KEYWORD"}
