"""What every text dialect shares: a whole-line grammar, its fast path, and Lark's parser behind it.

A text dialect is a ``.lark`` grammar with one terminal per kind of line (fields marked as named
groups, see :func:`~studbook.grammar.linescan.field_regexp`) and a :class:`LineReader` with one
handler per terminal, ``on_<terminal>(line, match)``, that builds the Hand as the lines come.

:class:`LineDialect` reads a block by the fast path (grammar/linescan.py) when it can. Otherwise,
or when building or running the fast path fails for any reason other than the hand's own fault,
Lark's LALR parser checks the order of the lines, and the same handlers then run over its tokens,
in line order. A failure of the fast path itself is logged once per dialect; the hand is still read.
"""

from __future__ import annotations

import logging
import re
import threading
from collections.abc import Callable
from collections.abc import Iterator
from collections.abc import Sequence
from contextlib import suppress
from dataclasses import replace
from pathlib import Path
from typing import ClassVar
from typing import Protocol

from lark import Lark
from lark import Token
from lark import Tree
from lark.exceptions import UnexpectedInput

from studbook.events import UNKNOWN_CARD
from studbook.events import UNKNOWN_LINE
from studbook.events import UNKNOWN_SHOW
from studbook.events import Event
from studbook.events import Note
from studbook.grammar.dialect import GRAMMAR_DIR
from studbook.grammar.dialect import BadCard
from studbook.grammar.dialect import Dialect
from studbook.grammar.dialect import HandSyntaxError
from studbook.grammar.larkcache import open_grammar
from studbook.grammar.linescan import Handler
from studbook.grammar.linescan import LineScanner
from studbook.grammar.linescan import NotRegular
from studbook.grammar.linescan import Read
from studbook.grammar.linescan import collision_order
from studbook.grammar.linescan import field_regexp
from studbook.grammar.linescan import ignored_terminals
from studbook.grammar.linescan import line_terminals
from studbook.grammar.openworld import may_move_money
from studbook.grammar.records import Block
from studbook.hand import Hand

log = logging.getLogger(__name__)

# How many known notes out of place a hand may have left out, one parse each, before it is an error.
MAX_LEFT_OUT = 8
# The fields of a line that shows a player's cards and moves no money.
_SHOWING_FIELDS = frozenset({"player", "seat", "cards", "new_cards", "description"})


def with_notes(events: tuple[Event, ...], notes: list[Note]) -> tuple[Event, ...]:
    """``events`` with ``notes`` (in line order) each before the first event of a later line."""
    merged: list[Event] = []
    pending = iter(notes)
    note = next(pending, None)
    for event in events:
        while note is not None and note.line < event.line:
            merged.append(note)
            note = next(pending, None)
        merged.append(event)
    if note is not None:
        merged.append(note)
        merged.extend(pending)
    return tuple(merged)


def tokens_in_order(children: list[Tree | Token]) -> Iterator[Token]:
    """The tokens under a rule's children, left to right (the lines of the hand, in order)."""
    for child in children:
        if isinstance(child, Token):
            yield child
        else:
            yield from tokens_in_order(child.children)


class LineReader:
    """Builds one Hand at a time from whole lines: ``on_<terminal>(line, match)`` per kind of line.

    On the slow path Lark's tree of a hand that parsed goes to :meth:`start`, so every handler runs
    after Lark has checked the order of the lines (the fast path checks it too, but after the
    handlers: it discards them when the order is wrong). Subclasses implement :meth:`begin`,
    :meth:`finish` and :meth:`syntax_error`.
    """

    def __init__(self, site: str) -> None:
        self.site = site  # the name of the dialect that reads with it, each hand's site
        self.regexps: dict[str, re.Pattern[str]] = {}
        self.handlers: dict[str, Handler] = {}

    def bind(self, parser: Lark) -> None:
        """Compile each terminal's regexp with its named fields and find its handler."""
        lines = line_terminals(parser)
        ignored = ignored_terminals(parser)
        for terminal in parser.terminals:
            self.regexps[terminal.name] = field_regexp(terminal, parser.options.g_regex_flags)
            if terminal.name in lines and terminal.name not in ignored:
                self.handlers[terminal.name] = self.handler(terminal.name)

    def handler(self, terminal: str) -> Handler:
        """The handler of a terminal's lines: ``on_<terminal in lower case>``."""
        return getattr(self, "on_" + terminal.lower())

    def start(self, children: list[Tree | Token]) -> Hand:
        """Handle the tokens of a parsed hand in line order and give its Hand."""
        handlers = self.handlers
        for token in tokens_in_order(children):
            handlers[token.type](*self.read_token(token))
        return self.finish()

    def read_token(self, token: Token) -> tuple[int, re.Match[str]]:
        """A token's line number and its match by the terminal's own regexp, which matches what Lark's
        lexer matched with the same pattern."""
        match = self.regexps[token.type].match(token.value)
        assert match is not None and token.line is not None, f"Lark's {token.type} token is not its line"
        return token.line, match

    def begin(self, block: Block) -> None:
        """Forget the last hand; read ``block`` next."""
        raise NotImplementedError

    def finish(self) -> Hand:
        """The Hand of the lines handled since :meth:`begin`."""
        raise NotImplementedError

    def syntax_error(self, error: UnexpectedInput, text: str, expected: set[str]) -> HandSyntaxError:
        """Lark's error as a sentence: what was found, and the kinds of line (``expected``) that fit."""
        raise NotImplementedError


class FastPath(Protocol):
    """What a dialect asks of its fast path (a :class:`LineScanner`, or a stand-in in a test)."""

    def classify(self, line: str) -> Read | None: ...

    def scan(self, lines: Sequence[str]) -> bool: ...


# Builds a grammar's fast path from the parser, the terminals' regexps and the handlers (may raise).
FastPathMaker = Callable[[Lark, dict[str, re.Pattern[str]], dict[str, Handler]], FastPath]


class LineDialect(Dialect):
    """A site whose hands a whole-line Lark grammar and a :class:`LineReader` read.

    The parser, the reader and the fast path are built on first use, once per dialect. ``fast_path``
    builds the fast path (None: Lark reads every hand); the registered dialects use :class:`LineScanner`,
    and tests build others beside them to compare both paths or to break the fast path on purpose.
    """

    grammar_file: ClassVar[str | None] = None  # in grammar/sites/, on the base grammar; None: <name>.lark
    reader_class: ClassVar[type[LineReader]]
    # The grammar's start rules: the first reads a hand; others only keep pieces the reader uses.
    starts: ClassVar[tuple[str, ...]] = ("start",)
    # Kinds of line loose enough to read a line the site never meant as one (leave it out out of place).
    loose_kinds: ClassVar[frozenset[str]] = frozenset()
    # Kinds of line that deal cards: one with a word that is no card is left out, its cards unknown.
    deal_kinds: ClassVar[frozenset[str]] = frozenset({"DEAL"})

    def __init__(self, fast_path: FastPathMaker | None = LineScanner,
                 grammar_dir: Path | None = None) -> None:
        self.fast_path = fast_path
        # The folder of the grammar files: the package's (None), or a test's copy of them.
        self.grammar_dir = Path(str(GRAMMAR_DIR)) if grammar_dir is None else grammar_dir
        self.fast_path_failed = False  # a failure of the fast path is logged once per dialect
        self._lock = threading.Lock()  # the reader holds the state of one hand
        self._parser: Lark | None = None
        self._reader: LineReader | None = None
        self._scanner: FastPath | None = None
        self._scanner_tried = False
        self._line_kinds: list[str] | None = None  # the kinds of line in Lark's collision order
        self._priorities: dict[str, int] | None = None  # each kind of line's priority in the grammar

    @property
    def parser(self) -> Lark:
        """The LALR parser of the grammar, which checks the order of the lines when the fast path cannot.

        Lark builds it from the grammar files, or loads what it built before from its cache file beside
        them (``grammar/sites/__pycache__/``, one per interpreter; grammar/larkcache.py): 2-5 ms instead of
        34-175 ms in every process that reads this dialect."""
        if self._parser is None:
            grammar = self.grammar_file or f"{self.name}.lark"
            self._parser = open_grammar(self.grammar_dir / grammar, parser="lalr",
                                        start=list(self.starts), propagate_positions=False,
                                        maybe_placeholders=False)
        return self._parser

    @property
    def reader(self) -> LineReader:
        """The dialect's reader, its terminals' regexps compiled (one hand at a time: see ``_lock``)."""
        if self._reader is None:
            reader = self.reader_class(self.name)
            reader.bind(self.parser)
            self._reader = reader
        return self._reader

    @property
    def scanner(self) -> FastPath | None:
        """The fast path, or None when it cannot serve this grammar (then Lark reads every hand)."""
        if not self._scanner_tried:
            self._scanner_tried = True
            self._scanner = self._build_fast_path()
        return self._scanner

    def _build_fast_path(self) -> FastPath | None:
        if self.fast_path is None:
            return None
        try:
            return self.fast_path(self.parser, self.reader.regexps, self.reader.handlers)
        except NotRegular as error:
            log.info("%s: no fast path (%s); Lark reads every hand", self.name, error)
        except Exception as failure:  # another name than above: mypyc types a name once per function
            log.warning("%s: building the fast path failed (%s: %s); Lark reads every hand", self.name,
                        type(failure).__name__, failure)
            log.debug("the fast path's failure", exc_info=True)
        return None

    def parse(self, block: Block) -> Hand:
        """The block's Hand; a :class:`HandSyntaxError` with block-relative positions when it is wrong."""
        with self._lock:
            reader = self.reader
            reader.begin(block)
            if self._scanned(block):  # the handlers ran as Lark would run them
                return reader.finish()
            reader.begin(block)  # whatever the fast path did is discarded
            text = block.text + "\n"
            try:
                tree = self.parser.parse(text, start=self.starts[0])
            except UnexpectedInput as error:
                reader.begin(block)
                raise reader.syntax_error(error, text, self._replay_to_error(text)) from None
            return reader.start(tree.children)

    def parse_open(self, block: Block) -> Hand:
        """The block's Hand, lines no rule of the grammar reads left out and kept as ``unknown-line``
        notes: first the lines no kind of line reads, then, one at a time, a note or a loose kind of line
        where the grammar has no place for it. A left-out line that may move money (grammar/openworld.py),
        or a hand that still does not parse, raises the error the whole block gives."""
        try:
            return self.parse(block)
        except HandSyntaxError as error:
            first_error = failed = error
        lines = list(block.lines)
        left_out = {index for index, line in enumerate(lines) if line.strip() and self.kind_of(line) is None}
        dealt: set[int] = set()  # deals left out for a word that is no card
        shown: set[int] = set()  # shows, mucks or summary lines left out for such a word
        for _ in range(MAX_LEFT_OUT):
            if left_out:
                trimmed = Block(block.file, block.first_line, ["" if index in left_out else line
                                                                for index, line in enumerate(lines)],
                                block.dialect, block.context)
                try:
                    hand = self.parse(trimmed)
                except HandSyntaxError as error:
                    failed = error
                else:
                    return self._with_notes(hand, lines, left_out, dealt, shown, first_error)
            index = failed.line - 1
            if index in left_out or not 0 <= index < len(lines):
                break
            kind = self.kind_of(lines[index])
            if isinstance(failed, BadCard) and kind in self.deal_kinds:
                dealt.add(index)  # its cards are unknown; it moves no money
            elif isinstance(failed, BadCard) and self._shows_only(lines[index]):
                shown.add(index)  # the cards a player shows are unknown; the line moves no money
            elif not self._is_loose(lines[index]):
                break
            left_out.add(index)  # a note, or a loose kind of line, where the grammar has no place for it
        raise first_error

    def _with_notes(self, hand: Hand, lines: list[str], left_out: set[int], dealt: set[int],
                    shown: set[int], error: HandSyntaxError) -> Hand:
        """``hand`` with a note for each line left out; ``error`` when one of them may move money (a line
        left out for its cards moves none), or a line left out for its cards names no seated player."""
        players = [seat.player for seat in hand.seats]
        if any(may_move_money(lines[index], players) for index in left_out - dealt - shown):
            raise error
        owners = {index: self._seated_in(lines[index], players) for index in dealt | shown}
        if None in owners.values():
            raise error
        offset = hand.source.first_line
        kinds = {**dict.fromkeys(dealt, UNKNOWN_CARD), **dict.fromkeys(shown, UNKNOWN_SHOW)}
        notes = [Note(offset + index, kinds.get(index, UNKNOWN_LINE), lines[index], owners.get(index))
                 for index in sorted(left_out)]
        return replace(hand, events=with_notes(hand.events, notes))

    def _shows_only(self, line: str) -> bool:
        """Whether the kind of line that reads ``line`` reads nothing in it but a player, a seat, cards and
        a hand's description: it shows cards and moves no money (a summary line that states what the
        player won, or a bring-in that names its card, may)."""
        kind = self.kind_of(line)
        match = self.reader.regexps[kind].match(line + "\n") if kind else None
        return match is not None and {"cards", "player"} <= set(match.re.groupindex) and all(
            value is None or name in _SHOWING_FIELDS for name, value in match.groupdict().items())

    def _seated_in(self, line: str, players: list[str]) -> str | None:
        """The seated player whose name the line's field ``player`` starts with (the longest: a name may
        hold a bracket, "PC [Mittel]"), if its kind of line has that field."""
        kind = self.kind_of(line)
        match = self.reader.regexps[kind].match(line + "\n") if kind else None
        if match is None or "player" not in match.re.groupindex:
            return None
        start = match.start("player")
        return max((player for player in players if line.startswith(player, start)), key=len, default=None)

    def kind_of(self, line: str) -> str | None:
        """The kind of line (terminal) that reads ``line`` whole, if any."""
        if self.scanner is not None:
            read = self.classify(line)
            return None if read is None else read[0]
        if self._line_kinds is None:
            kinds, terminals = line_terminals(self.parser), list(self.parser.terminals)
            self._line_kinds = [t.name for t in collision_order(terminals) if t.name in kinds]
        regexps, text = self.reader.regexps, line + "\n"
        return next((name for name in self._line_kinds if regexps[name].fullmatch(text)), None)

    def _is_loose(self, line: str) -> bool:
        """Whether the kind of line that reads ``line`` is a note (chat, joins, timeouts...) or a kind the
        grammar gives way to every other (a negative priority: loose words, such as a table's name)."""
        kind = self.kind_of(line)
        if kind is None:
            return False
        if self._priorities is None:
            self._priorities = {terminal.name: terminal.priority for terminal in self.parser.terminals}
        return (kind in self.loose_kinds or kind in getattr(self.reader, "notes", {})
                or self._priorities.get(kind, 0) < 0)

    def _scanned(self, block: Block) -> bool:
        """Whether the fast path read the whole block. A handler runs there before the order of the lines
        is checked, and Lark reports a fault in the order first: so a hand's own fault (HandSyntaxError)
        also leaves the block to Lark, which raises the right error. Any other exception is a fault of
        the fast path: logged once, and Lark reads the block."""
        scanner = self.scanner
        if scanner is None:
            return False
        try:
            return scanner.scan(block.lines)
        except HandSyntaxError:
            return False
        except Exception as error:
            if not self.fast_path_failed:
                self.fast_path_failed = True
                log.warning("%s: the fast path failed on %s:%d (%s: %s); Lark reads such hands", self.name,
                            block.file, block.first_line, type(error).__name__, error)
                log.debug("the fast path's failure", exc_info=True)
            return False

    def _replay_to_error(self, text: str) -> set[str]:
        """The kinds of line that could have come where the parse failed, found by Lark's interactive
        parser replayed to the failure (LALR merges states, so the error's own list can be too wide).
        The lines before it are handled again, as far as they go, so the message can name what they
        set up (a seated player, the street)."""
        interactive = self.parser.parse_interactive(text, start=self.starts[0])
        accepted: list[Token] = []
        expected: set[str] = set()
        try:
            for token in interactive.iter_parse():  # each token is yielded before it is fed
                accepted.append(token)
            interactive.feed_eof()
        except UnexpectedInput as error:
            expected = set(interactive.accepts())
            if accepted and getattr(error, "token", None) is accepted[-1]:
                accepted.pop()  # the token that did not fit
        reader = self.reader
        with suppress(Exception):  # context for the message only: as far as the lines go
            for token in accepted:
                reader.handlers[token.type](*reader.read_token(token))
        return expected

    def classify(self, line: str) -> tuple[str, re.Match[str]] | None:
        """The terminal that reads ``line`` whole and its match, by the fast path (None without one)."""
        scanner = self.scanner
        read = scanner.classify(line) if scanner else None
        return None if read is None else (read[0].terminal, read[1])
