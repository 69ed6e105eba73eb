"""The reader's path for a log whose text is XML (iPoker, Merge): its ``<game>`` elements become blocks.

The text is the one reader's (grammar/reader.py: decoded, line numbers as in the file), fed line by line
to lxml's pull parser, hardened: no DTD is loaded, no entity resolved, nothing fetched, no huge tree. A
file that declares a DOCTYPE is refused (one error, the file not read further) before any of its games
is read, and libxml2 itself stops an entity bomb in the root's own tag. Each ``<game>`` child of the root
becomes a :class:`Block` of the dialect that claims it: its lines are the element written out again
(``first_line`` its start tag's line), and ``context`` the other children of the root read before it
(iPoker's session ``<general>``, Merge's ``<description>``), the latest of each tag. A file of elements
with no single root (Merge writes ``<description/><game>...</game>`` again and again) is read inside a
root of our own. A game element larger than :data:`MAX_BLOCK_CHARS` is dropped while it is read, and
reported. A game that is not well-formed, or never closed, is one :class:`ParseError` at its line, and
reading starts again at the next line that opens a ``<game>`` (with the file's root fed again, so its end tag
still matches); hostile XML (a DOCTYPE) ends the file.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from collections.abc import Iterator
from typing import Any

from lxml import etree

from studbook.grammar.dialect import Dialect
from studbook.grammar.dialect import xml_dialects
from studbook.grammar.reader import MAX_BLOCK_CHARS
from studbook.grammar.records import Block
from studbook.grammar.records import ParseError

# An element of lxml's tree: lxml names its class only privately, so it is typed by this alias.
Element = Any

_XML_START = re.compile(r"\s*<[?!A-Za-z_]")
_WRAPPER = "<studbook-log>"  # the root given to a file of several top-level elements
_GAME_START = re.compile(r"\s*<game[\s>]")
_HOSTILE = "XML that declares a DOCTYPE is refused"


def looks_like_xml(first_line: str) -> bool:
    """Whether a log's first non-blank line opens XML (``<?xml``, ``<!DOCTYPE``, ``<session``, ``<game``...).

    >>> [looks_like_xml(line) for line in ('<?xml version="1.0"?>', '<game id="1">', "Game #1 starts.")]
    [True, True, False]
    """
    return _XML_START.match(first_line) is not None


def hardened_parser() -> etree.XMLParser:
    """A parser for one block's own XML (written by :func:`xml_blocks`, so with no DTD): no entity,
    nothing fetched."""
    return etree.XMLParser(resolve_entities=False, no_network=True, load_dtd=False, huge_tree=False)


def _pull_parser() -> etree.XMLPullParser:
    return etree.XMLPullParser(events=("start", "end"), resolve_entities=False, no_network=True,
                               load_dtd=False, huge_tree=False)


def _declares_doctype(root: Element) -> bool:
    info = root.getroottree().docinfo
    return bool(info.doctype) or info.internalDTD is not None or info.externalDTD is not None


def _claimant(game: Element) -> Dialect | None:
    return next((dialect for dialect in xml_dialects() if dialect.claims(game)), None)


class _XmlFile:
    """The state of one XML log being read: the root, the context so far, the game being read."""

    def __init__(self, file: str) -> None:
        self.file = file
        self.depth = 0
        self.root: Element | None = None
        self.context: dict[str, str] = {}
        self.games = 0
        self.started = 0  # line of the open child of the root, 0 when none is open
        self.size = 0  # characters fed since that child started

    def restart(self) -> None:
        """A new parser reads on after a damaged game: no game is open, the root comes again."""
        self.depth = self.started = self.size = 0

    def events(self, parser: etree.XMLPullParser, line: int, offset: int) -> Iterator[Block | ParseError]:
        """What the events of one fed line make: blocks, errors for games too large or unclaimed
        (``offset`` turns the parser's lines into the file's)."""
        for event, element in parser.read_events():
            at = element.sourceline + offset if element.sourceline else line
            if event == "start":
                self.depth += 1
                if self.depth == 1:
                    if self.root is None:
                        self.root = element
                    if _declares_doctype(element):
                        raise _Refused(at)
                elif self.depth == 2:
                    self.started, self.size = at, 0
                    self.games += element.tag == "game"
                elif element.tag == "game" and self.started:
                    raise _Unclosed
                continue
            self.depth -= 1
            if self.depth == 1:
                self.started = 0
                yield from self.child_done(element, at, line)
            elif self.depth >= 2 and self.size > MAX_BLOCK_CHARS:  # a game too large: dropped as it is read
                element.clear()
                while element.getprevious() is not None:
                    del element.getparent()[0]

    def child_done(self, element: Element, first: int, line: int) -> Iterator[Block | ParseError]:
        """A child of the root read whole: a game becomes a block, anything else context for the next."""
        text = "" if self.size > MAX_BLOCK_CHARS else etree.tostring(element, encoding="unicode",
                                                                     with_tail=False)
        if element.tag != "game":
            self.context[str(element.tag)] = text
        elif not text:
            yield ParseError(self.file, first, 1, None, None,
                             f"block too large to be a hand: lines {first} to {line}, over "
                             f"{MAX_BLOCK_CHARS:,} characters; it starts '<game'")
        else:
            dialect = _claimant(element)
            if dialect is None:
                yield ParseError(self.file, first, 1, None, None,
                                 "an XML <game> of no site studbook reads (iPoker: gamecode=, Merge: id=)",
                                 text)
            else:
                yield Block(self.file, first, text.split("\n"), dialect, "".join(self.context.values()))
        element.clear()
        while element.getprevious() is not None:
            del element.getparent()[0]


class _Refused(Exception):
    def __init__(self, line: int) -> None:
        self.line = line


class _Unclosed(Exception):
    """A ``<game>`` start tag inside a game: the game before it was never closed."""


class _Parser:
    """lxml's pull parser over the file's lines from one of them on: the first at the file's start, another
    after a damaged game, with the root the file opened (or ours) fed again so the games that follow read."""

    def __init__(self, first_line: int, root: str) -> None:
        self.pull = _pull_parser()
        self.offset = first_line - 1  # a file line is the parser's line plus this
        self.root = root
        if root:
            self.pull.feed(root)


def xml_blocks(file: str, lines: Iterable[str]) -> Iterator[Block | ParseError]:
    """The game blocks of an XML log's decoded lines (line 1 first), and a ParseError for each game that
    cannot be a block and for what stops the file being read.

    A game that is not well-formed XML is one error at its line, and reading starts again at the next line
    that opens a ``<game>``: the whole games after a damaged one are still read."""
    parser: _Parser | None = None
    reading = _XmlFile(file)
    wrapped = False  # the first markup is no prolog, so the file is read inside a root of our own
    root = ""  # the root's start tag as fed again after a damaged game
    skipping = broken = False  # reading the lines up to the next game / an error of well-formedness seen
    for number, line in enumerate(lines, start=1):
        if skipping:
            if not _GAME_START.match(line):
                continue
            skipping, parser = False, _Parser(number, root)
            reading.restart()
        if parser is None:
            if not line.strip():
                continue
            wrapped = not line.lstrip().startswith(("<?", "<!"))
            parser = _Parser(number, _WRAPPER if wrapped else "")
        while True:
            try:
                yield from _feed(reading, parser, line, number)
            except _Refused as refused:
                yield ParseError(file, refused.line, 1, None, None, f"{_HOSTILE}: a hand history has no DTD, "
                                 "and studbook never expands or fetches an XML entity")
                return
            except _Unclosed:
                yield ParseError(file, reading.started, 1, None, None, f"the <game> of line "
                                 f"{reading.started} is not closed before the <game> of line {number}: that "
                                 "game is not read")
                root = root or _root_tag(reading, wrapped)
                parser = _Parser(number, root)
                reading.restart()
                continue  # the line that opens the next game is read again, by the new parser
            except etree.XMLSyntaxError as error:
                failure = _syntax_error(file, error, parser, reading)
                yield failure
                if hostile(failure):
                    return
                root, skipping, broken = root or _root_tag(reading, wrapped), True, True
            break
    if parser is not None and not skipping:
        yield from _file_end(file, parser, reading)
    if reading.games == 0 and not broken:
        yield ParseError(file, 1, 1, None, None, "XML without a <game> element: not a hand history of a "
                         "site studbook reads (iPoker, Merge)")


def _file_end(file: str, parser: _Parser, reading: _XmlFile) -> Iterator[ParseError]:
    """A game cut off by the file's end is an error; what follows a closed root must be blank. A file that
    only never closes its root lost nothing."""
    if reading.depth >= 2:
        yield ParseError(file, reading.started, 1, None, None, f"the file ends inside the <game> of line "
                         f"{reading.started}: that game is cut off")
    elif reading.depth == 0 and parser.root != _WRAPPER:
        try:
            parser.pull.close()
        except etree.XMLSyntaxError as error:
            yield _syntax_error(file, error, parser, reading)


def _feed(reading: _XmlFile, parser: _Parser, line: str, number: int) -> Iterator[Block | ParseError]:
    """One line of the file to the parser, and what its events make."""
    parser.pull.feed(line + "\n")
    if reading.started:
        reading.size += len(line) + 1
    yield from reading.events(parser.pull, number, parser.offset)


def _root_tag(reading: _XmlFile, wrapped: bool) -> str:
    """The root to feed again after a damaged game: the file's own root element (by its name, so its end
    tag still matches), or ours."""
    if wrapped or reading.root is None:
        return _WRAPPER
    return f"<{reading.root.tag}>"


def _syntax_error(file: str, error: etree.XMLSyntaxError, parser: _Parser, reading: _XmlFile) -> ParseError:
    """libxml2's error as one line, at the file's line; a DOCTYPE seen before it (an entity bomb) is named
    as the reason (:func:`hostile`)."""
    try:
        started = [element for event, element in parser.pull.read_events() if event == "start"]
    except etree.XMLSyntaxError:
        started = []
    root = reading.root if reading.root is not None else (started[0] if started else None)
    line, column = error.position
    if line == 1:
        column = max(1, column - len(parser.root))
    line += parser.offset
    if root is not None and _declares_doctype(root):
        return ParseError(file, line, column, None, None,
                          f"{_HOSTILE} ({error.msg}): studbook never expands or fetches an XML entity")
    if reading.started:
        return ParseError(file, line, column, None, None,
                          f"the <game> of line {reading.started} is not well-formed XML ({error.msg}): that "
                          f"game is not read; reading goes on at the next <game>")
    return ParseError(file, line, column, None, None,
                      f"not well-formed XML ({error.msg}): reading goes on at the next <game>")


def hostile(error: ParseError) -> bool:
    """Whether an error refused the file as hostile XML: nothing more of it is read."""
    return error.message.startswith(_HOSTILE)
