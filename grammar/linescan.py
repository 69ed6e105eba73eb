"""The fast path of every text dialect: each line classified once, the order of line kinds by one regexp.

Every site grammar (and studbook's own) is a *whole-line* grammar: one terminal per kind of line,
and rules that do not nest, so the line kinds of a hand form a regular language. A block can then be
read without Lark's LALR loop, which costs most of a parse: each line gets the terminal Lark's lexer
would give it, and the string of line kinds is matched by a regexp compiled from the grammar's rules.
When both succeed, the tokens are exactly the ones Lark would reduce, in the same order, so the
dialect's line handlers give the same Hand. When a line is not a whole token or the order is wrong,
the caller parses with Lark, which finds and explains the fault.

Everything here comes from Lark's public API: ``Lark.terminals`` (name, pattern, priority),
``Lark.rules``, the ignored terminals (:func:`ignored_terminals`) and the options. Lark's lexer picks,
among the terminals that match at a position, the first in its documented collision order (priority,
then the longest possible match, then the longest definition, then the name), and a string terminal
over a regexp terminal of the same priority that matches the same text. Since every terminal here ends
its line, the first in that order that matches the whole line is Lark's pick wherever that kind of line
may stand.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from collections.abc import Sequence
from re import Pattern
from typing import NamedTuple
from typing import Protocol

from lark import Lark
from lark.grammar import Rule
from lark.lexer import PatternStr
from lark.lexer import TerminalDef

from studbook.grammar.anchors import NO_WORDS
from studbook.grammar.anchors import literal_runs
from studbook.grammar.anchors import required_words
from studbook.grammar.memo import Memo


class Match(Protocol):
    """What a line handler reads of its line: the fields by name (None where an optional field is
    absent), where they stand, the whole line and the terminal's regexp (which fields it has). A regexp
    match is one, and so is :class:`Rewritten`, the stand-in a site hands the shared handlers when it
    writes a field another way than they read it."""

    @property
    def string(self) -> str: ...

    @property
    def re(self) -> Pattern[str]: ...

    def __getitem__(self, field: str, /) -> str | None: ...

    def start(self, field: str, /) -> int: ...

    def end(self, field: str, /) -> int: ...


def required(match: Match, name: str) -> str:
    """A field that every line of its kind fills (its regexp has no way around it). A line without it
    is a fault of the grammar, not of the log: a LookupError that names it.

    >>> required(re.match(r"(?P<player>\\w+) folds", "Ann folds"), "player")
    'Ann'
    """
    text = match[name]
    if text is None:
        raise LookupError(f"the grammar leaves field {name!r} empty in {match.string!r}")
    return text


class Rewritten:
    """A line's match with some fields given another value (a missing currency sign added, a seat number
    read out of a name, a header's fields gathered from two lines). A given field stands where the field
    ``places`` names for it, or where the line's own field of that name stands, else at the line's start.

    >>> line = re.match(r"(?P<player>\\w+) bets (?P<amount>\\d+)", "Ann bets 20")
    >>> signed = Rewritten(line, {"amount": "$20"})
    >>> signed["amount"], signed["player"], signed.start("amount")
    ('$20', 'Ann', 9)
    """

    def __init__(self, match: Match, fields: dict[str, str | None], places: dict[str, str] | None = None
                 ) -> None:
        self.match = match
        self.fields = fields
        self.places = places or {}

    @property
    def string(self) -> str:
        return self.match.string

    @property
    def re(self) -> Pattern[str]:
        return self.match.re

    def __getitem__(self, field: str) -> str | None:
        return self.fields[field] if field in self.fields else self.match[field]

    def start(self, field: str) -> int:
        place = self.places.get(field, field)
        return self.match.start(place) if place in self.match.re.groupindex else 0

    def end(self, field: str) -> int:
        place = self.places.get(field, field)
        return self.match.end(place) if place in self.match.re.groupindex else 0


Handler = Callable[[int, Match], object]

# A field is a capturing group whose first item is a comment naming it: ((?#player).+) in a .lark file.
# Lark compiles every terminal into one regexp, where names would collide, so the name rides in a
# comment there and becomes the group's name in the terminal's own regexp.
_FIELD = re.compile(r"\(\(\?#([A-Za-z_]\w*)\)")


class NotRegular(ValueError):
    """A grammar the fast path cannot serve (nested rules, lexer callbacks): Lark reads it alone."""


def field_regexp(terminal: TerminalDef, flags: int = 0) -> re.Pattern[str]:
    """The terminal's regexp with its fields as named groups (``((?#amount)...)`` → ``(?P<amount>...)``).

    >>> from lark import Lark
    >>> lark = Lark('start: BET\\nBET: /((?#player)\\\\w+) bets ((?#amount)\\\\d+)\\\\n/', parser="lalr")
    >>> field_regexp(lark.get_terminal("BET")).match("Ann bets 20\\n").groupdict()
    {'player': 'Ann', 'amount': '20'}
    """
    try:
        return re.compile(_FIELD.sub(r"(?P<\1>", terminal.pattern.to_regexp()), flags)
    except re.error as error:
        raise NotRegular(f"terminal {terminal.name}: {error}") from None


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


def ignored_terminals(parser: Lark) -> set[str]:
    """The terminals Lark's lexer skips (``%ignore``), from its lexer configuration: ``Lark.ignore_tokens``
    is set only when Lark builds the parser, not when it loads it from its cache (lark 1.3.1;
    grammar/larkcache.py), and ``lexer_conf.ignore`` either way.

    >>> sorted(ignored_terminals(Lark('start: "a"\\nWS: " "\\n%ignore WS', parser="lalr")))
    ['WS']
    """
    return set(parser.lexer_conf.ignore)


def line_terminals(parser: Lark) -> set[str]:
    """The terminals that the first start rule's language uses (another start rule may keep pieces
    that lines are built from, which are no kind of line), and the ignored ones."""
    by_origin: dict[str, list[Rule]] = {}
    for rule in parser.rules:
        by_origin.setdefault(rule.origin.name, []).append(rule)
    found = ignored_terminals(parser)
    todo, seen = [parser.options.start[0]], set()
    while todo:
        name = todo.pop()
        seen.add(name)
        for rule in by_origin.get(name, ()):
            for symbol in rule.expansion:
                if symbol.is_term:
                    found.add(symbol.name)
                elif symbol.name not in seen:
                    todo.append(symbol.name)
    return found


def collision_order(terminals: Sequence[TerminalDef]) -> list[TerminalDef]:
    """The terminals in the order Lark's lexer tries them (its documented collision rules)."""
    return sorted(terminals, key=lambda t: (-t.priority, -t.pattern.max_width, -len(t.pattern.value), t.name))


class Kind(NamedTuple):
    """A kind of line: its terminal, its handler (None when Lark ignores it) and its code in the language."""

    terminal: str
    handler: Handler | None
    code: str


Read = tuple[Kind, re.Match[str]]  # a line's kind and its match
MatchLine = Callable[[str], "re.Match[str] | None"]
# A terminal as the scanner tries it: a literal every match holds, case-blind words in lower case of which
# every match holds one (none for a terminal known by its literal), the match, its kind, and the string
# terminals that take its place on their own text (Lark's lexer gives those the string terminal).
Candidate = tuple[str, tuple[str, ...], MatchLine, Kind, dict[str, tuple[Kind, MatchLine]]]


class LineScanner:
    """Lark's pick of terminal for each whole line, and the language of the grammar's rules.

    ``regexps`` gives each terminal's own regexp (fields named, :func:`field_regexp`), whose groups
    the line handlers (``handlers``, one per terminal Lark does not ignore) read. How a line reads
    depends on its text alone, so the readings of up to ``cache_size`` lines are remembered (a table's
    lines repeat: about 60% of a stud log's lines are read again; grammar/memo.py). ``make bench``
    measures the parse with and without (``readings.size = 0``): on 2,000 stud hands, 120 against 141
    us a hand compiled, 230 against 300 pure Python.
    """

    def __init__(self, parser: Lark, regexps: dict[str, re.Pattern[str]], handlers: dict[str, Handler],
                 cache_size: int = 4096) -> None:
        if parser.options.lexer_callbacks:
            raise NotRegular("terminals with lexer callbacks")
        lines = line_terminals(parser)
        terminals = [terminal for terminal in parser.terminals if terminal.name in lines]
        ignored = ignored_terminals(parser)
        code = {name: "" if name in ignored else chr(0x4E00 + index)
                for index, name in enumerate(sorted(lines))}
        self.language = re.compile(language(parser.rules, parser.options.start[0], code))
        kinds = {name: Kind(name, handlers.get(name), code[name]) for name in lines}
        self.readings: Memo[str, Read] = Memo(cache_size)
        ordered = collision_order(terminals)
        # A string terminal wins over a regexp terminal of its priority that matches the same text.
        strings: dict[str, dict[str, tuple[Kind, MatchLine]]] = {t.name: {} for t in ordered}
        for string in (t for t in ordered if isinstance(t.pattern, PatternStr)):
            for other in ordered:
                text = string.pattern.value
                same = other.priority == string.priority and other is not string
                if same and regexps[other.name].fullmatch(text):
                    strings[other.name][text] = kinds[string.name], regexps[string.name].match
        # A terminal can only match a line that starts with its literal prefix and holds its longest literal,
        # or one of the case-blind words of its keywords (studbook's, in English and Spanish: looked for in
        # the line's lower case; grammar/anchors.py): the candidates for a line are grouped by first
        # character, and a substring test (or a few) skips most of the rest.
        flags = parser.options.g_regex_flags
        blind = bool(flags & re.IGNORECASE)
        plain = not flags & (re.VERBOSE | re.LOCALE)  # literals in the regexp's text are literals
        runs = [[""] if blind or t.pattern.flags else literal_runs(t.pattern.to_regexp()) for t in ordered]
        words = [required_words(t.pattern.to_regexp(), blind) if plain else NO_WORDS for t in ordered]
        candidates: list[Candidate] = []
        for terminal, run, (found, lower) in zip(ordered, runs, words, strict=True):
            anchor, blind_words = ("", found) if lower else (max(run, key=len), ())
            candidates.append((anchor, blind_words, regexps[terminal.name].match, kinds[terminal.name],
                               strings[terminal.name]))
        self.blind = any(lower for _, lower in words)
        prefixes = [run[0] for run in runs]
        self.unprefixed: list[Candidate] = [
            candidate for candidate, prefix in zip(candidates, prefixes, strict=True) if not prefix]
        self.by_first: dict[str, list[Candidate]] = {
            first: [candidate for candidate, prefix in zip(candidates, prefixes, strict=True)
                    if prefix[:1] in ("", first)]
            for first in {prefix[0] for prefix in prefixes if prefix}}

    def classify(self, line: str) -> Read | None:
        """:meth:`read_line`, remembered (None, which sends the hand to Lark, is not)."""
        read = self.readings.values.get(line)
        if read is None:
            read = self.read_line(line)
            if read is not None:
                self.readings.put(line, read)
        return read

    def read_line(self, line: str) -> Read | None:
        """The kind of line Lark's lexer gives ``line`` (as a whole line) and its match; None when the first
        terminal to match does not take the whole line."""
        text = line + "\n"
        # Unicode folds case beyond lower(): case-blind words are looked for in an ASCII line only
        lowered = text.lower() if self.blind and text.isascii() else None
        for anchor, words, match, kind, strings in self.by_first.get(text[0], self.unprefixed):
            if anchor not in text:
                continue
            if words and lowered is not None:
                for word in words:
                    if word in lowered:
                        break
                else:
                    continue
            found = match(text)
            if found is not None:
                if found.end() != len(text):
                    return None  # a token that does not end with this line: left to Lark
                string = strings.get(text)
                if string is None:
                    return kind, found
                own = string[1](text)  # a string terminal always matches its own text
                return None if own is None else (string[0], own)
        return None

    def scan(self, lines: Sequence[str]) -> bool:
        """Call the handler of each line's terminal with the line number (1-based, as in the text
        Lark parses) and the match, as Lark's parser would; False when a line matches no terminal
        whole or the line kinds are out of the grammar's order.

        The handlers run before the order is known to hold, so when this returns False or a handler
        raises, what they did must be discarded: a fault in the order comes first for Lark.
        """
        codes = []
        for number, line in enumerate(lines, 1):
            read = self.classify(line)
            if read is None:
                return False
            (_, handle, code), match = read
            if handle is not None:
                handle(number, match)
                codes.append(code)
        return self.language.fullmatch("".join(codes)) is not None
