"""The typed events a hand history is made of.

Every event is a frozen, slotted dataclass carrying ``line``: the 1-based line of the original
file it came from, so every error and violation can point at the log. Dialects produce these;
the replayer consumes them. Amounts are ints in minor units (see :mod:`studbook.money`).

Conventions that every dialect follows:

* ``Deal`` carries the cards *new on that street* for one player (``down`` and ``up``), plus
  ``shown_before``: the cards the line repeats from earlier streets (PokerStars writes
  ``Dealt to Hero [Ac Kc 8c] [9c]``). Unknown down cards are simply absent.
* ``Bet``/``Call`` amounts are what the player put in with that action; ``Raise.to`` and
  ``Complete.to`` are the player's total for the street after the action. ``Raise.by`` is the
  increment when the site writes one (PokerStars ``raises $2 to $4``), else ``None``.
* A completion written by a site as a raise or a bet stays a ``Raise``/``Bet`` here: only the
  replayer, which knows the bring-in, can tell (design.md).
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


@dataclass(frozen=True, slots=True)
class PostAnte:
    line: int
    player: str
    amount: int
    all_in: bool = False


@dataclass(frozen=True, slots=True)
class StreetStart:
    """A street marker; ``community`` holds a community card dealt for everyone (rules.md S10)."""

    line: int
    street: Street
    community: tuple[Card, ...] = ()


@dataclass(frozen=True, slots=True)
class Deal:
    line: int
    street: Street
    player: str
    down: tuple[Card, ...] = ()
    up: tuple[Card, ...] = ()
    shown_before: tuple[Card, ...] = ()


@dataclass(frozen=True, slots=True)
class BringIn:
    line: int
    player: str
    amount: int
    all_in: bool = False


@dataclass(frozen=True, slots=True)
class Check:
    line: int
    player: str


@dataclass(frozen=True, slots=True)
class Fold:
    line: int
    player: str


@dataclass(frozen=True, slots=True)
class Bet:
    line: int
    player: str
    amount: int
    all_in: bool = False


@dataclass(frozen=True, slots=True)
class Call:
    line: int
    player: str
    amount: int
    all_in: bool = False


@dataclass(frozen=True, slots=True)
class Raise:
    line: int
    player: str
    to: int
    by: int | None = None
    all_in: bool = False


@dataclass(frozen=True, slots=True)
class Complete:
    line: int
    player: str
    to: int
    all_in: bool = False


@dataclass(frozen=True, slots=True)
class UncalledReturn:
    line: int
    player: str
    amount: int


@dataclass(frozen=True, slots=True)
class Show:
    line: int
    player: str
    cards: tuple[Card, ...]
    description: str = ""


@dataclass(frozen=True, slots=True)
class Muck:
    """A player who mucks or does not show; ``cards`` when the log reveals them anyway."""

    line: int
    player: str
    cards: tuple[Card, ...] = ()


@dataclass(frozen=True, slots=True)
class Collect:
    """A pot award line. ``pot`` is ``"pot"``, ``"main"`` or ``"side"`` (``"side-2"`` ...);
    ``half`` is ``"hi"`` or ``"lo"`` when the site says so, else ``None``."""

    line: int
    player: str
    amount: int
    pot: str = "pot"
    half: str | None = None


@dataclass(frozen=True, slots=True)
class Note:
    """Anything kept but not validated: chat, joins, timeouts, or a site's announcement.

    ``kind`` is a short tag (``chat``, ``join``, ``leave``, ``connection``, ``sitting_out``,
    ``timeout``, ``capped``, ``pair_on_board``, ``no_low``, ``bring_in_card``, ``tournament``,
    ``pot``, ``other``) so later stages can use what a site announces (e.g. ``Betting is capped``;
    ``pot``: the running pot a Full Tilt tournament street marker states).
    """

    line: int
    kind: str
    text: str
    player: str | None = None


Action = Check | Fold | Bet | Call | Raise | Complete | BringIn
Event = (
    PostAnte | StreetStart | Deal | BringIn | Check | Fold | Bet | Call | Raise | Complete
    | UncalledReturn | Show | Muck | Collect | Note
)
ACTION_TYPES = (Check, Fold, Bet, Call, Raise, Complete, BringIn)
