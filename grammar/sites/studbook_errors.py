"""Why a line of a studbook log is not one the grammar reads: the word at fault, and what could stand there.

The grammar has one terminal per kind of line, so Lark can only say that a whole line does not fit.
People write these logs by hand and need more: the word that went wrong and what the line could
have said there. For each kind of line that may stand there, the regex module's partial matching
finds how far the line goes as the beginning of that kind of line; the word where the furthest one
stops is the fault. The pieces that could come there are found by trying an example of each piece
in its place (``EXAMPLES``, checked against the grammar by the tests).
"""

from __future__ import annotations

import re
from collections.abc import Iterable

import regex
from lark import Token
from lark.exceptions import UnexpectedInput
from lark.exceptions import UnexpectedToken

from studbook.grammar.dialect import HandSyntaxError

# An example of each piece a message can name, as a person would write it there.
EXAMPLES = {
    "KW_SEAT": "seat", "KW_STREET": "3rd street", "KW_DECOR": "***", "KW_SHOWDOWN": "showdown",
    "KW_NOTE": "note", "KW_TOTAL": "total pot", "KW_RAKE": "rake", "KW_CHECK": "checks", "KW_FOLD": "folds",
    "KW_BET": "bets", "KW_CALL": "calls", "KW_RAISE": "raises", "KW_COMPLETE": "completes", "KW_TO": "to",
    "KW_ALLIN": "all-in", "KW_RETURN": "takes back", "KW_SHOW": "shows", "KW_MUCK": "mucks", "KW_WIN": "wins",
    "KW_FROM": "from", "KW_POT": "side pot", "KW_HALF": "(high)", "KW_ANTE": "antes",
    "KW_BRINGIN": "brings in",
    "KW_VARIANT": "stud", "KW_STRUCTURE": "no-limit", "KW_STAKES": "stakes", "KW_MINBET": "min bet",
    "KW_CAP": "cap", "KW_DECK": "deck", "KW_TIEBREAK": "tie-break", "KW_CURRENCY": "currency",
    "KW_TABLE": "table", "KW_MAX": "max", "KW_TOURNAMENT": "tournament", "KW_LEVEL": "level",
    "KW_GAME": "game", "KW_SITE": "site", "KW_HOME": "home game", "KW_RULE": "rule", "KW_PRESET": "preset",
    "KW_SITOUT": "(sitting out)", "KW_COMMUNITY": "community", "HAND_ID": "#12", "SEP": "·",
    "DATETIME": "2024-03-01 21:30", "MAXSEATS": "8-max", "RULE_KV": "max_raises=3", "AMOUNT": "1,500",
    "INT": "4", "DECK": "7-A", "TIE": "suit", "CURRENCY": "EUR", "PRESET": "rrop", "CARD": "Ah",
    "UNKNOWN": "Xx", "DESCRIPTION": "(two pair)", "QUOTED": '"Ana María"', "WORD": "Ana", "KIND": "chat",
    "REST": "what was said", "TEXT": "Casino de Madrid", "KW_HAND": "hand",
    "COLON": ":", "SLASH": "/", "LSQB": "[", "RSQB": "]", "LPAR": "(", "RPAR": ")",
}

_ACTIONS = ("an action: checks, bets, calls, raises to, completes to, brings in, folds, antes, shows, mucks, "
            "wins, takes back / pasa, apuesta, ve, sube a, completa a, entra con, no va, pone ante, muestra, "
            "tira, gana, recupera; or ':' and the cards dealt")
_BODY_START = ("a player, a street ('3rd street' / '3ª calle'), 'showdown' / 'destape', 'note' / 'nota' or "
               "'total pot' / 'bote total'")
_HEADER_ITEM = ("a header item (variant, limit 10/20, no-limit, stakes, min bet, ante, bring-in, cap, deck, "
                "tie-break, currency, date, table, 8-max, tournament, level, game, site, home game, "
                "rule KEY=VALUE, preset)")
_SAY = {
    "_NL": "the end of the line", "SEP": "'·' or '|'", "HAND_ID": "the hand number",
    "QUOTED": "a quoted text",
    "WORD": "a player name", "AMOUNT": "an amount (20, 1,500, 0.25)", "INT": "a number",
    "CARD": "a card (Ah, Td, 10d)", "UNKNOWN": "Xx (an unknown down card)",
    "DESCRIPTION": "a description in parentheses",
    "KW_SEAT": "a seat line ('seat 1: Ana 1000' / 'asiento 1: Ana 1000')", "KW_TO": "'to' / 'a'",
    "KW_ALLIN": "'all-in' / 'resto'", "KW_SITOUT": "'(sitting out)' / '(ausente)'",
    "KW_COMMUNITY": "'community' / 'comunitaria'", "KW_POT": "'main pot', 'side pot' / 'bote principal'",
    "KW_FROM": "'from' / 'del'", "KW_HALF": "'(high)', '(low)' / '(alta)', '(baja)'", "KIND": "a note kind",
    "REST": "the note's text", "DECK": "a deck size (32) or its lowest rank (7-A)",
    "TIE": "suit, position / palo, posición", "CURRENCY": "a currency (USD, EUR, $, €)", "PRESET": "a preset",
    "TEXT": "a text", "LSQB": "'['", "RSQB": "']'", "LPAR": "'('", "RPAR": "')'", "COLON": "':'",
    "SLASH": "'/'", "KW_DECOR": "'***'", "KW_MAX": "'max'",
}
PIECES = (*EXAMPLES, "_NL")  # "_NL": the end of the line
# The kinds of line that a hand's body is made of: where one may stand, a seat or header line is out of place.
_BODY_KINDS = frozenset(("STREET_LINE", "CHECK", "DEAL"))
_WORD_END = frozenset(" \t[]()·|;•:")


def word_starts(line: str) -> list[int]:
    """Where each word of ``line`` starts (brackets and separators are words), and its end: last first."""
    starts = [index for index, char in enumerate(line)
              if char not in " \t" and (index == 0 or line[index - 1] in _WORD_END)]
    return [len(line), *reversed(starts)]


def expected_phrase(names: Iterable[str]) -> str:
    """The pieces that could stand somewhere, as a person reads them."""
    names = set(names)
    said: list[str] = []
    if "KW_CHECK" in names:
        said.append(_ACTIONS)
    if "KW_STREET" in names:
        said.append(_BODY_START)
    if "KW_VARIANT" in names:
        said.append(_HEADER_ITEM)
    covered = "KW_CHECK" in names or "KW_STREET" in names or "KW_VARIANT" in names
    for name in sorted(names):
        if name in _SAY and not (covered and name in ("WORD", "QUOTED", "COLON", "KW_DECOR", "KW_MAX")):
            said.append(_SAY[name])
    return "; or ".join(dict.fromkeys(said)) or "something else"


class Diagnosis:
    """Explains the lines the studbook grammar rejects, from the regexps of its kinds of line."""

    def __init__(self, regexps: dict[str, re.Pattern[str]]) -> None:
        self.regexps = regexps
        # Each terminal's regexp for the regex module, which can tell a line's possible beginnings.
        self.partial: dict[str, regex.Pattern[str]] = {
            name: regex.compile(pattern.pattern, pattern.flags & ~re.UNICODE)
            for name, pattern in regexps.items()}

    def reach(self, kind: str, line: str) -> int | None:
        """Where the first word of ``line`` stands that a line of ``kind`` cannot have: the furthest start
        of a word (or the line's end) before which the line can begin that way and at which some piece
        can come; None when the line cannot even begin as one."""
        pattern = self.partial[kind]
        for start in word_starts(line):
            before = line[:start]
            if pattern.fullmatch(before, partial=True) and any(self.begins(kind, before, name)
                                                                for name in PIECES):
                return start
        return None

    def begins(self, kind: str, before: str, piece: str) -> bool:
        """Whether a line of ``kind`` can go on from ``before`` with an example of ``piece`` (which may also
        be the beginning of a longer piece)."""
        pattern = self.partial[kind]
        if piece == "_NL":
            return pattern.fullmatch(before + "\n") is not None
        spaces = ("", " ") if not before or before[-1] in _WORD_END else (" ",)
        return any(pattern.fullmatch(before + space + EXAMPLES[piece] + " ", partial=True)
                   for space in spaces)

    def fits(self, kind: str, before: str, piece: str) -> bool:
        """Whether an example of ``piece`` can come after ``before`` in a line of ``kind`` as a whole piece:
        the line can end after it, or go on with another piece."""
        if not self.begins(kind, before, piece):
            return False
        if piece == "_NL":
            return True
        spaces = ("", " ") if not before or before[-1] in _WORD_END else (" ",)
        return any(self.begins(kind, before + space + EXAMPLES[piece] + " ", after)
                   for space in spaces for after in PIECES)

    def explain(self, error: UnexpectedInput, text: str, kinds: set[str]) -> HandSyntaxError:
        """A Lark error on a hand as a message: the line, the word at fault and what could stand there."""
        lines = text.split("\n")
        kinds = {kind for kind in kinds if kind in self.regexps}
        if isinstance(error, UnexpectedToken) and error.token.type == "$END":
            last = len(lines) - 1  # the text ends with a newline
            wanted = expected_phrase(name for kind in kinds for name in PIECES if self.fits(kind, "", name))
            return HandSyntaxError(last, 1, f"the hand ends too early: expected {wanted}")
        token = error.token if isinstance(error, UnexpectedToken) else None
        number = token.line if isinstance(token, Token) and token.line else max(error.line, 1)
        source = lines[number - 1]
        if self.regexps["SEAT_LINE"].fullmatch(source + "\n") and kinds & _BODY_KINDS:
            return HandSyntaxError(number, 1, "seat line out of place: seat lines come right after the "
                                              "header, before antes and streets")
        if self.regexps["HEADER_LINE"].fullmatch(source + "\n") and kinds & _BODY_KINDS:
            return HandSyntaxError(number, 1, "header line out of place: header items go on the first "
                                              "lines, before the seats")
        reach = {kind: self.reach(kind, source) for kind in kinds}
        start = max((cut for cut in reach.values() if cut is not None), default=0)
        before, rest = source[:start], source[start:]
        expected = {name for kind, cut in reach.items() if cut == start
                    for name in PIECES if self.fits(kind, before, name)}
        if "AMOUNT" in expected:
            expected.discard("INT")  # every number is an amount there too
        return HandSyntaxError(number, start + 1, self.message(source, rest, expected))

    def message(self, source: str, rest: str, expected: set[str]) -> str:
        word = re.match(r"[^\s\[\]()·|;•]*", rest)
        assert word is not None  # a run of none of those characters matches, if only the empty one
        found = word.group() or rest[:1]
        wanted = expected_phrase(expected)
        if not found:
            return f"the line ends too early: expected {wanted}"
        if "CARD" in expected and not re.match(r"[\[\]()]", found):
            return f"bad card {found!r}: expected {wanted}"
        if "AMOUNT" in expected and re.match(r"[$€£\d]", found):
            return f"bad amount {found!r}: expected an amount such as 20, 1,500 or 0.25"
        if expected == {"AMOUNT"} and re.match(r"(?i)\s*(seat|asiento)\b", source):
            return (f"unexpected {found!r}: expected the stack after the name; a name with spaces goes in "
                    f"double quotes (seat 1: \"Ana María\" 1000)")
        if found[0].isalpha() and not self.regexps["KEYWORD"].match(found):
            return f"unknown word {found!r}: expected {wanted}"
        return f"unexpected {found!r}: expected {wanted}"
