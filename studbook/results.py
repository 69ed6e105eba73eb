"""What a replay produces: violations and the recomputed results of a hand (its pots' results are the
records of :mod:`studbook.rules.pots`, its all-in EV those of :mod:`studbook.allin`).

These are plain data; the CLI, the DuckDB loader and the HTML reports decide how to show them.
All amounts are ints in the hand's minor units.

Treat them as read-only. The per-hand records (:class:`ActionRecord`, :class:`SeatResult`, and the
pots' :class:`~studbook.rules.pots.Winner` and :class:`~studbook.rules.pots.PotResult`) are not
``frozen`` only because a frozen dataclass's ``__init__`` sets each field through
``object.__setattr__``: about 2 µs for an :class:`ActionRecord` against 0.4 µs, and a replay makes
some 40 of them per hand. They stay hashable (``unsafe_hash``) and compare as before.

They also write their own ``__init__`` (``init=False``): mypyc compiles a method written in the class,
never the one ``dataclasses`` generates at import time, which sets each field through the native
class's attribute descriptors. An :class:`ActionRecord` took 380 ns to build compiled with the
generated ``__init__`` and takes 175 ns with its own (a plain class's speed); pure Python runs
the same code either way. ``dataclasses`` still writes ``__eq__``, ``__hash__`` and ``__repr__``.
"""

from __future__ import annotations

from dataclasses import dataclass
from dataclasses import field
from typing import TYPE_CHECKING

from studbook.cards import Card
from studbook.hand import Hand
from studbook.rules.house import Rules
from studbook.rules.pots import PotResult

if TYPE_CHECKING:  # named for the type checker alone: studbook.allin reads a Replay
    from studbook.allin import AllIn

SEVERITIES = ("error", "warning", "info")


@dataclass(frozen=True, slots=True)
class Violation:
    """One discrepancy between the log and the rules (``rule`` is a rules.md id such as ``C10``)."""

    code: str  # stable machine code, e.g. "wrong-actor", "check-facing-bet"
    severity: str  # error | warning | info
    line: int
    message: str
    rule: str | None = None


@dataclass(slots=True, unsafe_hash=True, init=False)
class ActionRecord:
    """One action as replayed: who acted, what it cost, and the state right after it."""

    line: int
    street: int  # Street value (2..7)
    player: str
    action: str  # ante | bring-in | complete | bet | raise | call | check | fold
    amount: int  # chips put in by this action (0 for check/fold)
    to: int  # the player's total on this street after the action
    pot: int  # total pot (all streets) after the action
    stack: int  # the player's stack after the action
    all_in: bool = False
    expected_actor: str | None = None  # who the rules say should have acted
    violations: tuple[Violation, ...] = ()

    def __init__(
        self, line: int, street: int, player: str, action: str, amount: int, to: int, pot: int, stack: int,
        all_in: bool = False, expected_actor: str | None = None, violations: tuple[Violation, ...] = (),
    ) -> None:
        self.line, self.street, self.player, self.action = line, street, player, action
        self.amount, self.to, self.pot, self.stack = amount, to, pot, stack
        self.all_in, self.expected_actor, self.violations = all_in, expected_actor, violations


@dataclass(slots=True, unsafe_hash=True, init=False)
class SeatResult:
    seat: int
    player: str
    starting_stack: int
    committed: int  # antes + bets, less any uncalled return
    collected: int  # what the rules award this player
    logged_collected: int  # what the log's collect lines give this player
    net: int  # collected - committed (by the rules)
    folded_on: int | None = None  # Street value, None when the player did not fold
    showed: tuple[Card, ...] = ()
    high_name: str = ""
    low_name: str = ""

    def __init__(
        self, seat: int, player: str, starting_stack: int, committed: int, collected: int,
        logged_collected: int, net: int, folded_on: int | None = None, showed: tuple[Card, ...] = (),
        high_name: str = "", low_name: str = "",
    ) -> None:
        self.seat, self.player, self.starting_stack, self.committed = seat, player, starting_stack, committed
        self.collected, self.logged_collected, self.net = collected, logged_collected, net
        self.folded_on, self.showed, self.high_name, self.low_name = folded_on, showed, high_name, low_name


@dataclass(slots=True, init=False)
class Replay:
    hand: Hand
    violations: list[Violation] = field(default_factory=list)
    actions: list[ActionRecord] = field(default_factory=list)
    seats: list[SeatResult] = field(default_factory=list)
    pots: list[PotResult] = field(default_factory=list)
    rake: int = 0  # total pot minus what was awarded
    logged_rake: int | None = None
    total_pot: int = 0
    rules: Rules | None = None  # the options the hand was judged by (None: an unknown variant)
    all_in: AllIn | None = None  # the all-in EV: the moment betting ended with cards to come, if any

    def __init__(
        self, hand: Hand, violations: list[Violation] | None = None,
        actions: list[ActionRecord] | None = None, seats: list[SeatResult] | None = None,
        pots: list[PotResult] | None = None, rake: int = 0, logged_rake: int | None = None,
        total_pot: int = 0, rules: Rules | None = None, all_in: AllIn | None = None,
    ) -> None:
        self.hand = hand
        self.violations = [] if violations is None else violations
        self.actions = [] if actions is None else actions
        self.seats = [] if seats is None else seats
        self.pots = [] if pots is None else pots
        self.rake, self.logged_rake, self.total_pot, self.rules = rake, logged_rake, total_pot, rules
        self.all_in = all_in

    @property
    def has_errors(self) -> bool:
        return any(v.severity == "error" for v in self.violations)

    @property
    def has_warnings_only(self) -> bool:
        """Warnings but no error: what ``audit`` and ``import`` count apart from the hands with errors."""
        return not self.has_errors and any(v.severity == "warning" for v in self.violations)
