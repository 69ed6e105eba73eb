"""The typed events a hand history is made of.

Every event is a frozen, slotted dataclass carrying ``line``: the 1-based line of the original
file it came from, so every error and violation can point at the log. Dialects produce these;
the replayer consumes them. Amounts are ints in minor units (see :mod:`studbook.money`).

Each class writes its own ``__init__`` (``init=False``), field by field through ``object.__setattr__``
as the generated one does: mypyc compiles a written ``__init__``, and turns those calls into direct
stores, but never the one ``dataclasses`` generates at import time, which runs as Python even in the
compiled build. Measured on the compiled build: a ``Deal`` in 0.46 us instead of 1.4 us, and the parse
of a PokerStars stud hand 30% faster (docs/performance.md, "The parse"); pure Python gains
too. tests/core/test_events_init.py checks that each ``__init__`` takes exactly its fields.

Conventions that every dialect follows:

* ``Deal`` carries the cards *new on that street* for one player (``down`` and ``up``), plus
  ``shown_before``: the cards the line repeats from earlier streets (PokerStars writes
  ``Dealt to Hero [Ac Kc 8c] [9c]``). Unknown down cards are simply absent.
* ``Bet``/``Call`` amounts are what the player put in with that action; ``Raise.to`` and
  ``Complete.to`` are the player's total for the street after the action. ``Raise.by`` is the
  increment when the site writes one (PokerStars ``raises $2 to $4``), else ``None``.
* A completion written by a site as a raise or a bet stays a ``Raise``/``Bet`` here: only the
  replayer, which knows the bring-in, can tell (docs/design.md, "The pipeline").
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import IntEnum

from studbook.cards import Card


class Street(IntEnum):
    """A stud street, numbered by the cards each player holds after its deal."""

    SECOND = 2  # first round of five card stud
    THIRD = 3
    FOURTH = 4
    FIFTH = 5
    SIXTH = 6
    SEVENTH = 7

    @property
    def label(self) -> str:
        return {2: "2nd", 3: "3rd", 4: "4th", 5: "5th", 6: "6th", 7: "7th"}[int(self)]


@dataclass(frozen=True, slots=True, init=False)
class Paying:
    """What an ante, a bring-in, a bet and a call each say (their shared fields): who put in how much."""

    line: int
    player: str
    amount: int
    all_in: bool = False

    def __init__(self, line: int, player: str, amount: int, all_in: bool = False) -> None:
        object.__setattr__(self, "line", line)
        object.__setattr__(self, "player", player)
        object.__setattr__(self, "amount", amount)
        object.__setattr__(self, "all_in", all_in)


@dataclass(frozen=True, slots=True, init=False)
class Chipless:
    """What a check and a fold each say (their shared fields): who acted."""

    line: int
    player: str

    def __init__(self, line: int, player: str) -> None:
        object.__setattr__(self, "line", line)
        object.__setattr__(self, "player", player)


@dataclass(frozen=True, slots=True, init=False)
class PostAnte(Paying):
    """An ante."""


@dataclass(frozen=True, slots=True, init=False)
class StreetStart:
    """A street marker; ``community`` holds a community card dealt for everyone (rules.md S10)."""

    line: int
    street: Street
    community: tuple[Card, ...] = ()

    def __init__(self, line: int, street: Street, community: tuple[Card, ...] = ()) -> None:
        object.__setattr__(self, "line", line)
        object.__setattr__(self, "street", street)
        object.__setattr__(self, "community", community)


@dataclass(frozen=True, slots=True, init=False)
class Deal:
    line: int
    street: Street
    player: str
    down: tuple[Card, ...] = ()
    up: tuple[Card, ...] = ()
    shown_before: tuple[Card, ...] = ()

    def __init__(self, line: int, street: Street, player: str, down: tuple[Card, ...] = (),
                 up: tuple[Card, ...] = (), shown_before: tuple[Card, ...] = ()) -> None:
        object.__setattr__(self, "line", line)
        object.__setattr__(self, "street", street)
        object.__setattr__(self, "player", player)
        object.__setattr__(self, "down", down)
        object.__setattr__(self, "up", up)
        object.__setattr__(self, "shown_before", shown_before)


@dataclass(frozen=True, slots=True, init=False)
class BringIn(Paying):
    """The forced bring-in of the lowest (or highest) up card."""


@dataclass(frozen=True, slots=True, init=False)
class Check(Chipless):
    """A check."""


@dataclass(frozen=True, slots=True, init=False)
class Fold(Chipless):
    """A fold."""


@dataclass(frozen=True, slots=True, init=False)
class Bet(Paying):
    """A bet: ``amount`` is what it puts in."""


@dataclass(frozen=True, slots=True, init=False)
class Call(Paying):
    """A call: ``amount`` is what it puts in."""


@dataclass(frozen=True, slots=True, init=False)
class Raise:
    line: int
    player: str
    to: int
    by: int | None = None
    all_in: bool = False

    def __init__(self, line: int, player: str, to: int, by: int | None = None, all_in: bool = False) -> None:
        object.__setattr__(self, "line", line)
        object.__setattr__(self, "player", player)
        object.__setattr__(self, "to", to)
        object.__setattr__(self, "by", by)
        object.__setattr__(self, "all_in", all_in)


@dataclass(frozen=True, slots=True, init=False)
class Complete:
    line: int
    player: str
    to: int
    all_in: bool = False

    def __init__(self, line: int, player: str, to: int, all_in: bool = False) -> None:
        object.__setattr__(self, "line", line)
        object.__setattr__(self, "player", player)
        object.__setattr__(self, "to", to)
        object.__setattr__(self, "all_in", all_in)


@dataclass(frozen=True, slots=True, init=False)
class UncalledReturn:
    line: int
    player: str
    amount: int

    def __init__(self, line: int, player: str, amount: int) -> None:
        object.__setattr__(self, "line", line)
        object.__setattr__(self, "player", player)
        object.__setattr__(self, "amount", amount)


@dataclass(frozen=True, slots=True, init=False)
class Show:
    line: int
    player: str
    cards: tuple[Card, ...]
    description: str = ""

    def __init__(self, line: int, player: str, cards: tuple[Card, ...], description: str = "") -> None:
        object.__setattr__(self, "line", line)
        object.__setattr__(self, "player", player)
        object.__setattr__(self, "cards", cards)
        object.__setattr__(self, "description", description)


@dataclass(frozen=True, slots=True, init=False)
class Muck:
    """A player who mucks or does not show; ``cards`` when the log reveals them anyway."""

    line: int
    player: str
    cards: tuple[Card, ...] = ()

    def __init__(self, line: int, player: str, cards: tuple[Card, ...] = ()) -> None:
        object.__setattr__(self, "line", line)
        object.__setattr__(self, "player", player)
        object.__setattr__(self, "cards", cards)


@dataclass(frozen=True, slots=True, init=False)
class Collect:
    """A pot award line. ``pot`` is ``"pot"``, ``"main"`` or ``"side"`` (``"side-2"`` ...);
    ``half`` is ``"hi"`` or ``"lo"`` when the site says so, else ``None``."""

    line: int
    player: str
    amount: int
    pot: str = "pot"
    half: str | None = None

    def __init__(self, line: int, player: str, amount: int, pot: str = "pot", half: str | None = None
                 ) -> None:
        object.__setattr__(self, "line", line)
        object.__setattr__(self, "player", player)
        object.__setattr__(self, "amount", amount)
        object.__setattr__(self, "pot", pot)
        object.__setattr__(self, "half", half)


@dataclass(frozen=True, slots=True, init=False)
class Note:
    """Anything kept but not validated: chat, joins, timeouts, or a site's announcement.

    ``kind`` is a short tag (``chat``, ``join``, ``leave``, ``connection``, ``sitting_out``,
    ``timeout``, ``capped``, ``pair_on_board``, ``no_low``, ``bring_in_card``, ``tournament``,
    ``pot``, ``other``) so later stages can use what a site announces (e.g. ``Betting is capped``;
    ``pot``: the running pot a Full Tilt tournament street marker states; ``unknown-line``: a line
    the reader left out, as no kind of line the site is known to write).
    """

    line: int
    kind: str
    text: str
    player: str | None = None

    def __init__(self, line: int, kind: str, text: str, player: str | None = None) -> None:
        object.__setattr__(self, "line", line)
        object.__setattr__(self, "kind", kind)
        object.__setattr__(self, "text", text)
        object.__setattr__(self, "player", player)


UNKNOWN_LINE = "unknown-line"  # the Note kind of a line the reader left out
UNKNOWN_CARD = "unknown-card"  # the Note kind of a deal the reader left out for a word that is no card
UNKNOWN_SHOW = "unknown-show"  # the Note kind of a show (or muck, or summary) line left out for such a word
# How the audit names such a line: the line as written follows (analytics/stats.sql reads it back).
UNKNOWN_LINE_LEFT_OUT = ("a line this site's format is not known to write, left out as the money closes "
                         "without it: ")

Action = Check | Fold | Bet | Call | Raise | Complete | BringIn
Event = (
    PostAnte | StreetStart | Deal | BringIn | Check | Fold | Bet | Call | Raise | Complete
    | UncalledReturn | Show | Muck | Collect | Note
)
ACTION_TYPES = (Check, Fold, Bet, Call, Raise, Complete, BringIn)
