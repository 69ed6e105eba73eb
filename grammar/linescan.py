"""The fast path of a whole-line grammar: each line lexed once, the line kinds checked by one regexp.

A site grammar (``pokerstars.lark``, ``fulltilt.lark``) has one terminal per line kind and rules
without nesting: a regular language over line kinds. So a block can be read without running Lark's
LALR loop, which costs most of a parse: the text is lexed by Lark's own root lexer over all the
terminals (the first terminal in Lark's order that matches, which is the one Lark's contextual
lexer picks whenever that kind may come there: it tries the same terminals in the same order, only
fewer), and the string of line kinds is matched by a regexp compiled from the grammar's rules.
When both succeed, the tokens are exactly the ones Lark would reduce, in the same order, so running
the transformer's line handlers over them gives the same Hand. :meth:`LineScanner.scan` runs the
handlers as it reads the lines, before the order is checked; when a line is not a whole token, the
order is wrong or a handler raises, the caller parses with Lark from a fresh state, which finds and
explains the fault as before (the same error, field errors included).
"""

from __future__ import annotations

import re
import re._parser as _parser
from collections.abc import Callable, Sequence
from re._constants import LITERAL as _LITERAL
from re._constants import SUBPATTERN as _SUBPATTERN

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
    return max(_literal_runs(pattern), key=len)


def _prefix(pattern: str) -> str:
    """The literal that every match of ``pattern`` starts with ("" when none is known)."""
    return _literal_runs(pattern)[0]


def _literal_runs(pattern: str) -> list[str]:
    """The runs of plain characters in the top-level sequence of ``pattern``, in order; a run
    ends where anything else stands (the first run is "" when the pattern does not start with one)."""
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
    return runs


Match = re.Match[str]
Handler = Callable[[int, Match], object]
Candidate = tuple[str, Callable[[str], "Match | None"]]  # a literal a terminal's matches contain, its match


class LineScanner:
    """Lark's root lexer and the language of a whole-line LALR grammar, for one parser.

    ``regexps`` gives each terminal's own regexp, whose groups the line handlers (``handlers``, one
    per terminal Lark does not ignore) read. A line's match depends on its text alone, so it is
    remembered (a table's lines repeat: the same names, verbs and amounts), in a cache cleared when
    it reaches ``cache_size``. A few thousand lines keep nearly all the repeats of simulated logs
    (60% of the PokerStars stud lines hit, against 63% with 50,000) and fewer long-lived match
    objects for the garbage collector to go through. The match's regexp tells its terminal.
    """

    def __init__(self, parser: Lark, regexps: dict[str, re.Pattern[str]], handlers: dict[str, Handler],
                 cache_size: int = 4096) -> None:
        lexer = parser.parser.lexer
        root = getattr(lexer, "root_lexer", lexer)
        root.scanner  # noqa: B018  (builds the scanner and its callbacks)
        if root.callback:
            raise NotRegular("terminals with lexer callbacks")
        if len(set(regexps.values())) != len(regexps):
            raise NotRegular("two terminals with the same regexp")
        names = sorted(terminal.name for terminal in parser.terminals)
        code = {name: "" if name in parser.ignore_tokens else chr(0x4E00 + index)
                for index, name in enumerate(names)}
        self.language = re.compile(language(parser.rules, parser.options.start[0], code))
        self.terminal = {regexps[name]: name for name in names}
        # what a line of each terminal does: its handler and its code in the language ("" if ignored)
        self.actions: dict[re.Pattern[str], tuple[Handler | None, str]] = {
            regexps[name]: (handlers.get(name), code[name]) for name in names}
        self.cache: dict[str, Match] = {}
        self.cache_size = cache_size
        # Lark's lexer tries the terminals in this order and takes the first that matches; trying each
        # alone, in the same order, gives the same answer. A terminal can only match a line that starts
        # with its literal prefix and contains its longest literal (the anchor): the candidates for a
        # line are grouped by first character, and the anchor skips most of the rest at the cost of a
        # substring test.
        terminals = [(t.name, t.pattern.to_regexp()) for t in root.terminals]
        prefixes = [_prefix(pattern) for _name, pattern in terminals]
        ordered = [(_anchor(pattern), regexps[name].match) for name, pattern in terminals]
        self.unprefixed: list[Candidate] = [
            candidate for candidate, prefix in zip(ordered, prefixes, strict=True) if not prefix]
        self.by_first: dict[str, list[Candidate]] = {
            first: [candidate for candidate, prefix in zip(ordered, prefixes, strict=True)
                    if prefix[:1] in ("", first)]
            for first in {prefix[0] for prefix in prefixes if prefix}}

    def classify(self, line: str) -> Match | None:
        """The match of the terminal Lark's root lexer gives ``line`` (as a whole line); None when
        the first terminal to match does not take the whole line."""
        text = line + "\n"
        for anchor, match in self.by_first.get(text[0], self.unprefixed):
            if anchor in text:
                found = match(text)
                if found is not None:
                    if found.end() != len(text):
                        return None  # a token that does not end with this line: left to Lark
                    if len(self.cache) >= self.cache_size:
                        self.cache.clear()
                    self.cache[line] = found
                    return found
        return None

    def scan(self, lines: Sequence[str]) -> bool:
        """Call the handler of each line's terminal with the line number (1-based, as in the text
        Lark parses) and the match, as Lark's parser would; False when a line matches no terminal
        whole or the line kinds are out of the grammar's order.

        The handlers run before the order is known to hold, so when this returns False or a handler
        raises, what they did must be discarded: a fault in the order comes first for Lark.
        """
        cache, classify, actions = self.cache, self.classify, self.actions
        kinds = []
        for number, line in enumerate(lines, 1):
            match = cache.get(line) or classify(line)
            if match is None:
                return False
            handle, code = actions[match.re]
            if handle is not None:
                handle(number, match)
                kinds.append(code)
        return self.language.fullmatch("".join(kinds)) is not None
