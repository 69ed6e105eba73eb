"""The fast path of ``studbook.lark``: each line lexed as Lark would lex it, the hand checked by one regexp.

studbook's grammar is token-level (several tokens a line), but its rules do not nest, so the token
kinds of a whole hand form a regular language (:func:`linescan.language`). Lark's contextual lexer
picks, at each position, the first terminal in its order that matches among those the LALR state
accepts. The state right after a terminal T is one of the states that shifting T leads to, so a lexer
over the union of what those states accept (Lark's own ``BasicLexer``, terminal order and string
terminals included) picks the same token whenever that token may come there; when it picks another
one, that one cannot come there, and the regexp over the hand's token kinds rejects the hand. Each lexer
tries at a position only the terminals that can start with its character (:class:`_Lexer`): on a first
pass most lines are new (deal and seat lines), and trying every terminal at every token was most of the
time a hand took. A line
starts right after ``_NL`` (which swallows blank and comment lines and leading blanks), so its tokens
depend on its text alone and are remembered. A hand's first line mostly differs from the last hand's
in its id alone, so what follows its first two tokens is remembered too, by its text, position and the
lexer those tokens lead to. When lexing or the regexp fails, :meth:`tokens` says so and the caller
parses with Lark, which explains the fault as before.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from copy import copy
from functools import lru_cache
from re import _compiler
from re import _constants as _c
from re import _parser as _p
from typing import Any, NamedTuple

from lark import Lark, Token
from lark.lexer import BasicLexer, TerminalDef, _create_unless
from lark.parsers.lalr_analysis import Shift

from studbook.grammar.linescan import language

# What _NL swallows after a line break: a line of blanks, or blanks and a comment ('#' not before a digit).
_SWALLOWED = re.compile(r"[ \t]*(?:#(?!\d)[^\n]*)?")
_tok = tuple.__new__  # a Tok without NamedTuple's Python-level __new__: a line has many
_CHARS = 512  # first characters remembered per lexer: a log uses a few dozen


class Tok(NamedTuple):
    """A token as the hand builder reads it; its line is the line it was found on."""

    type: str
    value: str
    column: int


def _first_atoms(items: Any, wrap: Callable[[Any], Any]) -> tuple[list[Any] | None, bool]:
    """The one-character items (literals, sets, any) a parsed regexp's match can start with, each wrapped
    in its local flags, and whether the regexp can match nothing; None for "can start with anything".
    A superset is fine: zero-width assertions are stepped over."""
    atoms: list[Any] = []
    for op, av in items:
        if op in (_c.LITERAL, _c.NOT_LITERAL, _c.IN, _c.ANY):
            return [*atoms, wrap((op, av))], False
        if op in (_c.AT, _c.ASSERT, _c.ASSERT_NOT):
            continue
        if op is _c.SUBPATTERN:
            _group, add, remove, inner = av
            found, empty = _first_atoms(inner, lambda atom, add=add, remove=remove, state=inner.state: wrap(
                (_c.SUBPATTERN, (None, add, remove, _p.SubPattern(state, [atom])))))
        elif op is _c.BRANCH:
            found, empty = [], False
            for branch in av[1]:
                more, branch_empty = _first_atoms(branch, wrap)
                found = None if found is None or more is None else found + more
                empty = empty or branch_empty
        elif op in (_c.MAX_REPEAT, _c.MIN_REPEAT, _c.POSSESSIVE_REPEAT):
            found, empty = _first_atoms(av[2], wrap)
            empty = empty or av[0] == 0
        elif op is _c.ATOMIC_GROUP:
            found, empty = _first_atoms(av, wrap)
        else:
            return None, True
        if found is None:
            return None, True
        atoms += found
        if not empty:
            return atoms, False
    return atoms, True


@lru_cache(maxsize=256)  # each terminal is in many lexers; a grammar has fewer terminals
def _first_chars(regexp: str, flags: int) -> Callable[[str], bool] | None:
    """Whether a match of ``regexp`` can start with a character (None: with any), from its parse tree:
    each possible first item compiled alone, with the regexp's flags, so case folding is re's own."""
    parsed = _p.parse(regexp, flags)
    atoms, empty = _first_atoms(parsed, lambda atom: atom)
    if atoms is None or empty:
        return None
    tests = [_compiler.compile(_p.SubPattern(parsed.state, [atom]), flags).match for atom in atoms]
    return lambda char: any(test(char) for test in tests)


@lru_cache(maxsize=1024)  # lexers share most of their terminals at a character: each union compiled once
def _union(terminals: tuple[tuple[str, str], ...], flags: int) -> tuple[re.Pattern[str], ...]:
    """Lark's scanner regexp over ``terminals`` (name, regexp) in order, followed by blanks; none for none."""
    if not terminals:
        return ()
    union = "|".join(f"(?P<{name}>{regexp})" for name, regexp in terminals)
    return (re.compile(f"(?:{union})[ \t]*", flags),)


class _Lexer:
    """Lark's scanner for one state: by the character at the position, its regexps over only the
    terminals that can start with it (in Lark's order, so the same pick, without re trying every
    terminal at every token), each followed by the blanks after the token (``[ \t]*`` never fails, so
    the token is unchanged; they are skipped when the next lexer would read them as ignored ``WS``)."""

    def __init__(self, lexer: BasicLexer) -> None:
        """Lark's own terminals and callbacks for the lexer (``_create_unless`` folds the string terminals
        a regexp terminal also matches into a retyping callback), without compiling its union."""
        terminals, self.callback = _create_unless(lexer.terminals, lexer.g_regex_flags, lexer.re, False)
        self.flags = lexer.g_regex_flags
        self.starts = [(terminal, _first_chars(terminal.pattern.to_regexp(), self.flags))
                       for terminal in terminals]
        self.by_char: dict[str, tuple[re.Pattern[str], ...]] = {}
        self.blank_is_ws = all([terminal.name for terminal in self._terminals_at(char)] == ["WS"]
                               for char in " \t")

    def _terminals_at(self, char: str) -> list[TerminalDef]:
        return [terminal for terminal, starts in self.starts if starts is None or starts(char)]

    def regexps_at(self, char: str) -> tuple[re.Pattern[str], ...]:
        """The regexps for a token starting with ``char``, built once per character (few are seen)."""
        found = self.by_char.get(char)
        if found is None:
            terminals = tuple((each.name, each.pattern.to_regexp()) for each in self._terminals_at(char))
            found = _union(terminals, self.flags)
            if len(self.by_char) < _CHARS:
                self.by_char[char] = found
        return found


Line = tuple[int, tuple[Tok, ...]]  # block-relative line number, tokens (no _NL, nothing ignored)
_Lexed = tuple[str, tuple[Tok, ...]]  # the line's token codes and its tokens
_SWALLOWED_LINE: _Lexed = ("", ())
_NO_LEXERS: dict[str, _Lexer] = {}  # after a terminal no line starts with


class StudbookScanner:
    """Lexers keyed by (the line's first terminal, the terminal before) and the grammar's language."""

    def __init__(self, parser: Lark, cache_size: int = 4096) -> None:  # bounded: see _MEMO_SIZE
        start = parser.options.start[0]
        table = parser.parser.parser.parser.parse_table
        self.names = {terminal.name for terminal in parser.terminals}
        self.states = table.states
        self.ignore = frozenset(parser.ignore_tokens)
        self.accepting: dict[int, frozenset[str]] = {}
        self.built: dict[frozenset[str], _Lexer] = {}  # one lexer per set of terminals, as Lark shares them
        firsts, after = self._follows(table.start_states[start])
        self.first = self._lexer(parser, self._accepts(table.start_states[start]))
        self.line_start = self._lexer(parser, firsts)
        self.after: dict[str, dict[str, _Lexer]] = {}  # by the line's first terminal, then the one before
        for (line_kind, terminal), accepts in after.items():
            self.after.setdefault(line_kind, {})[terminal] = self._lexer(parser, accepts)
        self.code = {name: chr(0x4E00 + index) for index, name in enumerate(sorted(self.names))}
        self.language = re.compile(language(parser.rules, start, self.code))
        self.cache: dict[str, _Lexed] = {}
        self.tails: dict[tuple[tuple[str, str], int, str], _Lexed | None] = {}
        self.cache_size = cache_size

    def _accepts(self, state: int) -> frozenset[str]:
        """The terminals a state accepts, found once per state (the walk asks tens of thousands of times)."""
        accepts = self.accepting.get(state)
        if accepts is None:
            accepts = frozenset(name for name in self.states[state] if name in self.names)
            self.accepting[state] = accepts
        return accepts

    def _shift(self, stack: tuple[int, ...], terminal: str) -> tuple[int, ...] | None:
        """The LALR stack after feeding ``terminal`` (its reductions, then its shift), None on an error."""
        states = self.states
        while terminal in states[stack[-1]]:
            action, argument = states[stack[-1]][terminal]
            if action is Shift:
                return (*stack, argument)
            stack = stack[:len(stack) - len(argument.expansion)]
            stack = (*stack, states[stack[-1]][argument.origin.name][1])
        return None

    def _follows(self, start: int) -> tuple[set[str], dict[tuple[str, str], set[str]]]:
        """What the states right after a line break accept, and what the states right after a terminal
        accept, by (the line's first terminal, that terminal): every stack of every hand is visited."""
        firsts: set[str] = set()
        after: dict[tuple[str, str], set[str]] = {}
        todo: list[tuple[str, tuple[int, ...]]] = [("", (start,))]
        seen = set(todo)
        shifts: dict[tuple[tuple[int, ...], str], tuple[int, ...] | None] = {}  # a stack recurs in many lines
        while todo:
            first, stack = todo.pop()
            if not first and len(stack) > 1:
                firsts |= self._accepts(stack[-1])
            for terminal in self._accepts(stack[-1]):
                key = (stack, terminal)
                if key not in shifts:
                    shifts[key] = self._shift(stack, terminal)
                shifted = shifts[key]
                if shifted is None:
                    continue
                line = "" if terminal == "_NL" else first or terminal
                if line:
                    after.setdefault((line, terminal), set()).update(self._accepts(shifted[-1]))
                if (line, shifted) not in seen:
                    seen.add((line, shifted))
                    todo.append((line, shifted))
        return firsts, after

    def _lexer(self, parser: Lark, accepts: set[str]) -> _Lexer:
        """Lark's lexer over ``accepts`` and the ignored terminals, as its contextual lexer builds one."""
        key = frozenset(accepts)
        if key in self.built:
            return self.built[key]
        conf = copy(parser.lexer_conf)
        conf.terminals = [conf.terminals_by_name[name] for name in accepts | self.ignore]
        conf.skip_validation = True
        lexer = BasicLexer(conf)
        self.built[key] = made = _Lexer(lexer)
        return made

    def lex(self, line: str, first: bool) -> _Lexed | None:
        """The codes and tokens of one line (None when a lexer finds no token); the first line of a
        hand starts in Lark's start state, any other right after a line break."""
        if first:
            return self._lex(line + "\n", 0, self.first, "", 2)
        return self._lex(line + "\n", len(line) - len(line.lstrip(" \t")), self.line_start, "", 0)

    def _lex(self, text: str, pos: int, lexer: _Lexer, line_kind: str, head: int) -> _Lexed | None:
        """Lexes ``text`` from ``pos`` (``line_kind``: the line's first terminal, if already found); once
        ``head`` tokens are found (a hand's first line: the keyword and the hand's own id), the rest of
        the line comes from :meth:`_tail`."""
        code, ignore = self.code, self.ignore
        follows = self.after.get(line_kind, _NO_LEXERS) if line_kind else None
        codes, tokens = [], []
        while True:
            char = text[pos]
            for regexp in lexer.by_char.get(char) or lexer.regexps_at(char):
                found = regexp.match(text, pos)
                if found is not None:
                    break
            else:
                return None
            kind = found.lastgroup
            end = found.end(kind)
            if kind in lexer.callback:  # a string terminal its regexp terminal also matches ("/" as a WORD)
                kind = lexer.callback[kind](Token(kind, text[pos:end])).type
            if kind == "_NL":
                break
            value = text[pos:end]
            if "\n" in value:
                return None
            if kind in ignore:
                pos = found.end() if lexer.blank_is_ws else end
                continue
            tokens.append(_tok(Tok, (kind, value, pos + 1)))
            codes.append(code[kind])
            if follows is None:
                line_kind, follows = kind, self.after.get(kind, _NO_LEXERS)
            lexer = follows.get(kind)
            if lexer is None:
                return None
            pos = found.end() if lexer.blank_is_ws else end
            if len(tokens) == head:
                rest = self._tail(text, pos, lexer, (line_kind, kind))
                return None if rest is None else ("".join(codes) + rest[0], (*tokens, *rest[1]))
        if pos + 1 != len(text):
            return None
        return "".join(codes) + code["_NL"], tuple(tokens)

    def _tail(self, text: str, pos: int, lexer: _Lexer, state: tuple[str, str]) -> _Lexed | None:
        """The rest of a line from ``pos``, where the lexer is the one after the terminals ``state``:
        remembered, since only a hand's id changes from one first line to the next."""
        key = (state, pos, text[pos:])
        if key not in self.tails:
            if len(self.tails) >= self.cache_size:
                self.tails.clear()
            self.tails[key] = self._lex(text, pos, lexer, state[0], 0)
        return self.tails[key]

    def tokens(self, lines: list[str]) -> list[Line] | None:
        """Each line of a hand with Lark's tokens (line numbers 1-based, as in the text Lark parses);
        None when a line has no such tokens or the hand is out of the grammar's order."""
        head = self.lex(lines[0], True)
        if head is None:
            return None
        codes, found = ([head[0]], [(1, head[1])]) if head[1] else ([], [])
        known = self.cache.get
        for number, line in enumerate(lines[1:], 2):
            lexed = known(line) or self._remember(line)
            if lexed is None:
                return None
            if lexed[1]:
                codes.append(lexed[0])
                found.append((number, lexed[1]))
        return found if self.language.fullmatch("".join(codes)) else None

    def _remember(self, line: str) -> _Lexed | None:
        """A line not lexed before (blank and comment lines have no tokens); None when it cannot be."""
        lexed = _SWALLOWED_LINE if _SWALLOWED.fullmatch(line) else self.lex(line, False)
        if lexed is not None:
            if len(self.cache) >= self.cache_size:
                self.cache.clear()
            self.cache[line] = lexed
        return lexed
