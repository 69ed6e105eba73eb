"""What a terminal's regexp says every line it matches holds: the fast path's cheap tests before a regexp.

grammar/linescan.py tries the kinds of line in Lark's collision order; most kinds cannot match a given
line, and a substring test rules such a kind out for less than trying its regexp. These functions read
the regexp's text (Lark's ``to_regexp()``) and find what every match holds: a literal prefix, and words
of which every match holds one. A case-blind part (``(?i:...)``, studbook's own keywords in English and
Spanish) gives its words in lower case, to look for in the line's lower case. What is not understood gives
nothing (a kind that is always tried), never a word a match could lack. They run once per grammar, when
its fast path is built, so they are not compiled.
"""

from __future__ import annotations

import re
from collections.abc import Iterator


def literal_runs(regexp: str) -> list[str]:
    """The runs of plain characters in the top-level sequence of ``regexp``, in order: every match
    holds each run, and starts with the first one ("" when the regexp does not start with a plain
    character). A run ends wherever anything else stands; groups, classes and escapes such as ``\\d``
    are passed over whole. An alternation at the top level leaves nothing known: ``[""]``.

    >>> literal_runs(r"Seat (\\d+): ((?#player).+) \\(in chips\\)x?y\\n")
    ['Seat ', ': ', ' (in chips)', 'y']
    >>> literal_runs("a|b"), literal_runs(r"(?:x)yz")
    ([''], ['', 'yz'])
    """
    runs = [""]
    for piece, quantifier in _pieces(regexp):
        if piece == "|":
            return [""]
        literal = None if quantifier else _literal(piece)  # a quantified character may be absent or repeated
        if literal is None:
            runs.append("")
        else:
            runs[-1] += literal
    return [runs[0], *(run for run in runs[1:] if run)]


def _pieces(regexp: str) -> Iterator[tuple[str, str]]:
    """The top-level sequence of ``regexp``, piece by piece (a character, an escape, a class, a group, an
    anchor or ``|``), each with the quantifier after it ("" for none)."""
    index, size = 0, len(regexp)
    while index < size:
        char = regexp[index]
        if char == "\\":
            end = index + 2
        elif char == "[":
            end = _class_end(regexp, index)
        elif char == "(":
            end = _group_end(regexp, index)
        else:
            end = index + 1
        after = end
        if after < size and regexp[after] in "*+?{":
            after = regexp.find("}", after) + 1 if regexp[after] == "{" else after + 1
            after = after or size  # a brace that closes nothing: the rest is not read
            if after < size and regexp[after] in "?+":
                after += 1  # lazy or possessive
        yield regexp[index:end], regexp[end:after]
        index = after


def _literal(piece: str) -> str | None:
    """The character a piece of a regexp stands for, if it is one plain character (or escaped)."""
    if piece.startswith("\\"):
        escaped = piece[1:]
        return escaped if escaped and not escaped.isalnum() else None
    return piece if len(piece) == 1 and piece not in ".^$|" else None


def _class_end(regexp: str, index: int) -> int:
    """The index after the character class that starts at ``index``."""
    index += 1
    if regexp[index:index + 1] == "^":
        index += 1
    if regexp[index:index + 1] == "]":
        index += 1
    while regexp[index] != "]":
        index += 2 if regexp[index] == "\\" else 1
    return index + 1


def _group_end(regexp: str, index: int) -> int:
    """The index after the group that starts at ``index``."""
    depth = 0
    while True:
        char = regexp[index]
        if char == "\\":
            index += 2
            continue
        if char == "[":
            index = _class_end(regexp, index)
            continue
        depth += char == "("
        depth -= char == ")"
        index += 1
        if depth == 0:
            return index


Words = tuple[tuple[str, ...], bool]  # every match holds one of the words; whether they are in lower case
NO_WORDS: Words = (("",), False)  # nothing known: every line holds ""

_FLAGS = re.compile(r"\(\?([aiLmsux]*)(?:-([imsx]+))?:")
_GLOBAL_FLAGS = re.compile(r"\(\?[aiLmsux]+\)")


def required_words(regexp: str, blind: bool = False) -> Words:
    """Words of which every match of ``regexp`` holds one: the most telling that its top-level sequence
    gives (the longest shortest word, then the fewest words). A case-blind part gives its words in lower
    case (a line holds one only if its lower case does, when the line is ASCII: Unicode's case folding
    matches ``ſ`` to ``s``); a part that gives nothing known gives :data:`NO_WORDS`.

    >>> required_words(r"((?#player).+) (?i:(?:checks|check|pasa|paso)(?![^\\W\\d]|-))\\n")
    (('check', 'pasa', 'paso'), True)
    >>> required_words(r"Seat (\\d+): ((?#player).+) \\(in chips\\)x?y\\n")
    ((' (in chips)',), False)
    >>> required_words("a|bc"), required_words("(?:ab)?c+d"), required_words("(?i)ab")
    ((('a', 'bc'), False), (('d',), False), (('',), False))
    """
    if _GLOBAL_FLAGS.search(regexp):
        return NO_WORDS  # a flag for the whole regexp, which this reading does not follow
    return _sequence_words(regexp, blind)


def _sequence_words(regexp: str, blind: bool) -> Words:
    alternatives = _alternatives(regexp)
    if len(alternatives) > 1:
        found = [_sequence_words(alternative, blind) for alternative in alternatives]
        lower = any(words[1] for words in found)
        words = {word.lower() if lower else word for each in found for word in each[0]}
        return NO_WORDS if "" in words else (_fewest(words), lower)
    found: list[Words] = []
    run = ""
    for piece, quantifier in _pieces(regexp):
        literal = None if quantifier else _literal(piece)  # a quantified character may be absent or repeated
        if piece.startswith("(") and not quantifier.startswith(("?", "*", "{0", "{,")):
            found.append(_group_words(piece, blind))
        if literal is not None and (not blind or literal.isascii()):
            run += literal.lower() if blind else literal
        else:
            found.append(((run,), blind))
            run = ""
    found.append(((run,), blind))
    return max(found, key=lambda words: (min(map(len, words[0])), -len(words[0])))


def _group_words(group: str, blind: bool) -> Words:
    """The words of a group: its alternatives' (under its own flags), nothing for a lookaround or comment."""
    body = group[1:-1]
    if not body.startswith("?"):
        return _sequence_words(body, blind)
    if body.startswith(("?:", "?>")):
        return _sequence_words(body[2:], blind)
    if body.startswith("?P<"):
        return _sequence_words(body[body.index(">") + 1:], blind)
    flags = _FLAGS.match(group)
    if flags is None or "x" in flags[1] or "L" in flags[1]:
        return NO_WORDS  # a lookaround, a comment, a condition; verbose or locale matching
    blind = (blind or "i" in flags[1]) and "i" not in (flags[2] or "")
    return _sequence_words(group[flags.end():-1], blind)


def _alternatives(regexp: str) -> list[str]:
    """The top-level alternatives of ``regexp``."""
    parts = [""]
    for piece, quantifier in _pieces(regexp):
        if piece == "|":
            parts.append("")
        else:
            parts[-1] += piece + quantifier
    return parts


def _fewest(words: set[str]) -> tuple[str, ...]:
    """The words that hold no other: a line that holds ``checks`` holds ``check``."""
    return tuple(sorted(word for word in words if not any(other != word and other in word
                                                           for other in words)))
