"""The fast path of a whole-line grammar: each line lexed once, the line kinds checked by one regexp.

A site grammar (``pokerstars.lark``, ``fulltilt.lark``) has one terminal per line kind and rules
without nesting: a regular language over line kinds. So a block can be read without running Lark's
LALR loop, which costs most of a parse: the text is lexed by Lark's own root lexer over all the
terminals (the first terminal in Lark's order that matches, which is the one Lark's contextual
lexer picks whenever that kind may come there: it tries the same terminals in the same order, only
fewer), and the string of line kinds is matched by a regexp compiled from the grammar's rules.
When both succeed, the tokens are exactly the ones Lark would reduce, in the same order, so running
the transformer's line handlers over them gives the same Hand and the same field errors. When either
fails, :meth:`LineScanner.tokens` says so and the caller parses with Lark, which finds and explains
the fault as before.
"""

from __future__ import annotations

import re
import re._parser as _parser
from collections.abc import Callable, Sequence
from re._constants import LITERAL as _LITERAL
from re._constants import SUBPATTERN as _SUBPATTERN
from typing import NamedTuple

from lark import Lark
from lark.grammar import Rule


class NotRegular(ValueError):
    """A grammar whose rules nest (not a plain sequence of line kinds): no fast path for it."""


def language(rules: Sequence[Rule], start: str, code: dict[str, str]) -> str:
    """A regexp over one character per terminal (``code``) that accepts what ``start`` derives.

    Lark writes ``x*`` and ``x+`` as left-recursive helper rules (``R: x | R x``); any other
    recursion is refused with :class:`NotRegular`.
    """
    by_origin: dict[str, list[list[str]]] = {}
    for rule in rules:
        by_origin.setdefault(rule.origin.name, []).append([symbol.name for symbol in rule.expansion])
    done: dict[str, str] = {}

    def symbol(name: str, seen: frozenset[str]) -> str:
        if name in code:
            return re.escape(code[name])
        if name in seen:
            raise NotRegular(f"rule {name} nests")
        if name not in done:
            done[name] = nonterminal(name, seen | {name})
        return done[name]

    def nonterminal(name: str, seen: frozenset[str]) -> str:
        bases, repeats = [], []
        for expansion in by_origin[name]:
            if expansion and expansion[0] == name:
                repeats.append("".join(symbol(part, seen) for part in expansion[1:]))
            else:
                bases.append("".join(symbol(part, seen) for part in expansion))
        pattern = "(?:" + "|".join(bases) + ")"
        return pattern + ("(?:" + "|".join(repeats) + ")*" if repeats else "")

    return symbol(start, frozenset())


def _anchor(pattern: str) -> str:
    """The longest literal that every match of ``pattern`` contains ("" when none is known):
    a run of plain characters in the pattern's top-level sequence, groups without flags included."""
    runs = [""]

    def walk(items) -> None:
        for op, argument in items:
            if op is _LITERAL:
                runs[-1] += chr(argument)
            elif op is _SUBPATTERN and not argument[1] and not argument[2]:
                walk(argument[3])
            else:
                runs.append("")

    walk(_parser.parse(pattern))
    return max(runs, key=len)


class Line(NamedTuple):
    """A token as the line handlers read it (Lark's ``Token`` is slower to make and not needed)."""

    type: str
    value: str
    line: int


Reader = Callable[[str], "re.Match[str] | None"]
Known = tuple[str, "re.Match[str]", str, bool]  # terminal, its match, its code, ignored by Lark


class LineScanner:
    """Lark's root lexer and the language of a whole-line LALR grammar, for one parser.

    ``matchers`` gives each terminal's own regexp match, whose groups the line handlers read. Both
    matches of a line depend on its text alone, so they are remembered (a table's lines repeat:
    the same names, verbs and amounts), in a cache cleared when it reaches ``cache_size``.
    """

    def __init__(self, parser: Lark, matchers: dict[str, Reader], cache_size: int = 50_000) -> None:
        lexer = parser.parser.lexer
        root = getattr(lexer, "root_lexer", lexer)
        root.scanner  # noqa: B018  (builds the scanner and its callbacks)
        if root.callback:
            raise NotRegular("terminals with lexer callbacks")
        # Lark's lexer tries the terminals in this order and takes the first that matches; trying each
        # alone, in the same order, gives the same answer, and a literal every match must contain
        # skips most of them at the cost of a substring test.
        self.terminals = [(t.name, _anchor(t.pattern.to_regexp()), matchers[t.name]) for t in root.terminals]
        self.ignore = frozenset(parser.ignore_tokens)
        names = sorted(terminal.name for terminal in parser.terminals)
        self.code = {name: chr(0x4E00 + index) for index, name in enumerate(names)}
        self.language = re.compile(language(parser.rules, parser.options.start[0], self.code))
        self.cache: dict[str, Known] = {}
        self.cache_size = cache_size

    def classify(self, line: str) -> Known | None:
        """The terminal Lark's root lexer gives ``line`` (as a whole line), its match, its code in
        :attr:`language` and whether Lark ignores it."""
        text = line + "\n"
        for name, anchor, match in self.terminals:
            if anchor in text:
                found = match(text)
                if found is not None:
                    if found.end() != len(text):
                        return None  # a token that does not end with this line: left to Lark
                    if len(self.cache) >= self.cache_size:
                        self.cache.clear()
                    self.cache[line] = known = (name, found, self.code[name], name in self.ignore)
                    return known
        return None

    def tokens(self, lines: Sequence[str]) -> list[tuple[Line, re.Match[str]]] | None:
        """The tokens Lark's parser would reduce for ``lines`` (line numbers 1-based, as in the text
        Lark parses), each with its terminal's match; None when a line matches no terminal whole or
        the line kinds are out of the grammar's order."""
        cache, classify, make = self.cache, self.classify, tuple.__new__
        found = []
        kinds = []
        for number, line in enumerate(lines, 1):
            known = cache.get(line) or classify(line)
            if known is None:
                return None
            kind, match, code, ignored = known
            if not ignored:
                found.append((make(Line, (kind, match.string, number)), match))
                kinds.append(code)
        return found if self.language.fullmatch("".join(kinds)) else None
