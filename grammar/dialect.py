"""The protocol every dialect fills in, and the registry that detects a block's dialect.

Like sqlglot's dialects, each site is one small module: a subclass of :class:`Dialect` that says how
to recognise its hand headers, which game a header announces, and how a block becomes a
:class:`Hand`. A text site is a whole-line ``.lark`` grammar on the shared base grammar
(``base.lark``) and its line handlers (grammar/lines.py); a site registers with :func:`register`,
and ``SITES`` in ``grammar/__init__.py`` names each site module: adding a site is its module and one
entry there.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from importlib.resources import files
from typing import TYPE_CHECKING
from typing import Any
from typing import ClassVar
from typing import Final

from studbook.sites import SiteFacts
from studbook.sites import install

if TYPE_CHECKING:
    from studbook.grammar.records import Block
    from studbook.hand import Hand

# The grammars sit in the package's folder, which a compiled module's own file is not in.
GRAMMAR_DIR = files("studbook.grammar") / "sites"
# What Dialect.variant answers for a header that does not tell the game (it names none, or is too damaged
# to read): not another game, so the hand is parsed, which reads the game further on or reports the damage.
GAME_NOT_IN_HEADER: Final = "not in the header"


class HandSyntaxError(ValueError):
    """A block that does not parse: where, and what was expected instead."""

    def __init__(self, line: int, column: int, message: str) -> None:
        super().__init__(message)
        self.line = line
        self.column = column
        self.message = message


class BadCard(HandSyntaxError):
    """A word where a card is written that is no card: the reader may take it as an unknown card."""


class Dialect:
    """One site's log format. Subclasses set the class attributes and implement the methods."""

    name: ClassVar[str]
    header: ClassVar[re.Pattern[str]]  # matches a hand's first line; group "hand_id"
    kind: ClassVar[str] = "text"  # "xml": its hands are elements of an XML file (grammar/xmlread.py)
    writer: ClassVar[str | None] = None  # the export format (studbook.writers.WRITERS) that writes it back
    whole_file_suffixes: ClassVar[tuple[str, ...]] = ()  # files that are one hand of this dialect (.phh)
    awards_required: ClassVar[bool] = True  # every hand says who won (studbook's own format may not)
    # What the rest of studbook knows of the site (studbook/sites.py), installed by register():
    display_name: ClassVar[str | None] = None  # as the site calls itself (None: its name)
    hides_boards: ClassVar[bool] = False  # its logs do not write every player's up cards as dealt
    house_defaults: ClassVar[dict[str, Any]] = {}  # house-rule options its logs show, each with its line
    currency: ClassVar[str | None] = None  # the one currency of its cash games, where it has only one
    # Which house defaults are the site's conventions: the option, and its rule in the rulebook (section
    # "sites"), which an audit cites where a hand follows the convention.
    conventions: ClassVar[dict[str, str]] = {}

    def hand_id(self, header_line: str) -> str | None:
        """The hand number a hand's first line gives (None where the site writes it later)."""
        match = self.header.match(header_line)
        return match.group("hand_id") if match else None

    def block_hand_id(self, block: Block) -> str | None:
        """The hand number of a whole block: its first line's, unless the site names it on a later line
        (ACR's 2016 format), so errors and ``--hand`` lookups name every hand."""
        return self.hand_id(block.lines[0])

    def continues_header(self, header_line: str, line: str) -> bool:
        """Whether ``line``, right after ``header_line`` (a hand's first line), is more of the same header
        rather than the next hand's (PartyPoker writes a hand's number on two lines)."""
        return False

    def variant(self, header_line: str) -> str | None:
        """The studbook variant a header announces, None for a non-stud game, or
        :data:`GAME_NOT_IN_HEADER`."""
        raise NotImplementedError

    def other_game(self, block: Block) -> str | None:
        """The game of a hand studbook does not read, as the site writes it (the hand is skipped and
        counted); None for a stud hand. By its header line; a site that names the game on a later line
        reads it there."""
        header = block.lines[0]
        return self.game_name(header) if self.variant(header) is None else None

    def game_name(self, header_line: str) -> str:
        """The game as the site writes it, for 'skipped' reports."""
        raise NotImplementedError

    def parse(self, block: Block) -> Hand:
        """Parse one block; raise :class:`HandSyntaxError` with block-relative positions."""
        raise NotImplementedError

    def parse_open(self, block: Block) -> Hand:
        """Parse one block, leaving out what the site's format reads as no kind of line where it can
        (grammar/lines.py); a dialect that cannot reads it as :meth:`parse` does."""
        return self.parse(block)

    def claims(self, game: object) -> bool:
        """Whether an XML ``<game>`` element is one of this dialect's hands (only XML dialects claim any)."""
        return False

    def __reduce__(self) -> tuple[Callable[[str], Dialect], tuple[str]]:
        """Pickled as its name: blocks sent to a worker process find that process's registered dialect,
        with the parser it has built, instead of a copy built again for every chunk."""
        return dialect_named, (self.name,)


_DIALECTS: list[Dialect] = []
_XML_DIALECTS: list[Dialect] = []  # not in header detection: the XML reader asks them (grammar/xmlread.py)
_HEADER_PREFIX: re.Pattern[str] | None = None


def register(dialect_class: type[Dialect]) -> None:
    """Make a dialect known to :func:`detect_dialect` (an XML dialect to :func:`xml_dialects`), once by its
    name, and its site's facts to the core (studbook/sites.py). Each site module calls it after its dialect
    class (a call, not a class decorator: mypyc compiles a decorated class as a plain Python class, which
    cannot derive from the compiled :class:`Dialect`)."""
    global _HEADER_PREFIX
    if any(dialect.name == dialect_class.name for dialect in (*_DIALECTS, *_XML_DIALECTS)):
        raise ValueError(f"two dialects are named {dialect_class.name!r}")
    install(SiteFacts(dialect_class.name, dialect_class.display_name or dialect_class.name,
                      dialect_class.hides_boards, dialect_class.house_defaults, dialect_class.currency,
                      dialect_class.conventions))
    if dialect_class.kind == "xml":
        _XML_DIALECTS.append(dialect_class())
        return
    _DIALECTS.append(dialect_class())
    unnamed = (re.sub(r"\(\?P<\w+>", "(?:", d.header.pattern) for d in _DIALECTS)  # hand_id is in each
    _HEADER_PREFIX = re.compile("|".join(f"(?:{pattern})" for pattern in unnamed))


def detect_dialect(line: str) -> Dialect | None:
    """The dialect whose hand header this line is, if any."""
    if _HEADER_PREFIX is None or not _HEADER_PREFIX.match(line):
        return None
    for dialect in _DIALECTS:
        if dialect.header.match(line):
            return dialect
    return None


def whole_file_dialect(file: str) -> Dialect | None:
    """The dialect whose files named like ``file`` hold one hand each, from their first line, if any."""
    lowered = file.lower()
    return next((dialect for dialect in _DIALECTS
                 if dialect.whole_file_suffixes and lowered.endswith(dialect.whole_file_suffixes)), None)


def dialect_named(name: str) -> Dialect:
    """The registered dialect called ``name``."""
    return next(dialect for dialect in (*_DIALECTS, *_XML_DIALECTS) if dialect.name == name)


def dialects() -> tuple[Dialect, ...]:
    """The text dialects, each found by its hand headers."""
    return tuple(_DIALECTS)


def xml_dialects() -> tuple[Dialect, ...]:
    """The XML dialects, each claiming the ``<game>`` elements of its site."""
    return tuple(_XML_DIALECTS)
