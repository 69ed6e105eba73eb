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
reported; an error of well-formedness ends the file with one :class:`ParseError` at its line.
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

    def events(self, parser: etree.XMLPullParser, line: int) -> Iterator[Block | ParseError]:
        """What the events of one fed line make: blocks, errors for games too large or unclaimed."""
        for event, element in parser.read_events():
            if event == "start":
                self.depth += 1
                if self.depth == 1:
                    self.root = element
                    if _declares_doctype(element):
                        raise _Refused(element.sourceline or line)
                elif self.depth == 2:
                    self.started, self.size = element.sourceline or line, 0
                continue
            self.depth -= 1
            if self.depth == 1:
                self.started = 0
                yield from self.child_done(element, line)
            elif self.depth >= 2 and self.size > MAX_BLOCK_CHARS:  # a game too large: dropped as it is read
                element.clear()
                while element.getprevious() is not None:
                    del element.getparent()[0]

    def child_done(self, element: Element, line: int) -> Iterator[Block | ParseError]:
        """A child of the root read whole: a game becomes a block, anything else context for the next."""
        text = "" if self.size > MAX_BLOCK_CHARS else etree.tostring(element, encoding="unicode",
                                                                     with_tail=False)
        first = element.sourceline or line
        if element.tag != "game":
            self.context[str(element.tag)] = text
        elif not text:
            self.games += 1
            yield ParseError(self.file, first, 1, None, None,
                             f"block too large to be a hand: lines {first} to {line}, over "
                             f"{MAX_BLOCK_CHARS:,} characters; it starts '<game'")
        else:
            self.games += 1
            dialect = _claimant(element)
            if dialect is None:
                yield ParseError(self.file, first, 1, None, None,
                                 "an XML <game> of no site studbook reads (iPoker: gamecode=, Merge: id=)",
                                 text)
            else:
                yield Block(self.file, first, text.split("\n"), dialect, "".join(self.context.values()))
        element.clear()
        assert self.root is not None
        while element.getprevious() is not None:
            del self.root[0]


class _Refused(Exception):
    def __init__(self, line: int) -> None:
        self.line = line


def xml_blocks(file: str, lines: Iterable[str]) -> Iterator[Block | ParseError]:
    """The game blocks of an XML log's decoded lines (line 1 first), and a ParseError for each game that
    cannot be a block and for what stops the file being read."""
    parser = _pull_parser()
    reading = _XmlFile(file)
    opened = wrapped = False  # the first markup is read; it is no prolog, so the file has our root
    number = 0
    try:
        for number, line in enumerate(lines, start=1):
            if not opened and line.strip():
                opened, wrapped = True, not line.lstrip().startswith(("<?", "<!"))
                if wrapped:
                    parser.feed(_WRAPPER)
            parser.feed(line + "\n")
            if reading.started:
                reading.size += len(line) + 1
            yield from reading.events(parser, number)
        if reading.depth >= 2:  # a game cut off; a file that only never closes its root lost nothing
            yield ParseError(file, reading.started, 1, None, None, f"the file ends inside the <game> of line "
                             f"{reading.started}: that game is cut off")
        elif reading.depth == 0 and not wrapped:
            parser.close()  # what follows the root must be blank
    except _Refused as refused:
        yield ParseError(file, refused.line, 1, None, None, "XML that declares a DOCTYPE is refused: a hand "
                         "history has no DTD, and studbook never expands or fetches an XML entity")
        return
    except etree.XMLSyntaxError as error:
        yield _syntax_error(file, error, parser, reading, wrapped)
        return
    if reading.games == 0:
        yield ParseError(file, 1, 1, None, None, "XML without a <game> element: not a hand history of a "
                         "site studbook reads (iPoker, Merge)")


def _syntax_error(file: str, error: etree.XMLSyntaxError, parser: etree.XMLPullParser, reading: _XmlFile,
                  wrapped: bool) -> ParseError:
    """libxml2's error as one line; a DOCTYPE seen before it (an entity bomb) is named as the reason."""
    try:
        started = [element for event, element in parser.read_events() if event == "start"]
    except etree.XMLSyntaxError:
        started = []
    root = reading.root if reading.root is not None else (started[0] if started else None)
    line, column = error.position
    if root is not None and _declares_doctype(root):
        return ParseError(file, line, column, None, None,
                          f"XML that declares a DOCTYPE is refused ({error.msg}): studbook never expands "
                          f"or fetches an XML entity")
    if wrapped and line == 1:
        column = max(1, column - len(_WRAPPER))
    return ParseError(file, line, column, None, None,
                      f"not well-formed XML, the file is not read past here: {error.msg}")
