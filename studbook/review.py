"""A spoiler-free review: a player's hands told from the player's seat, stopping at each decision.

Each hand is told in order as the player saw it: the player's own cards, the other players' up cards
(their down cards hidden until they show them), every action and the pot. At each of the player's
decisions valued by ``studbook analyse`` (the ``decisions`` table, :mod:`studbook.decisions`) the
review asks what the user would do (fold, call or raise), then says what the player did, the equity then
and the decision's EV, and which choice the equity favours (:func:`studbook.decisions.best_choice`).
The :class:`Tally` keeps count of the user's choices and the player's against that choice.

The telling and the questions go through two functions (``say`` a line, ``ask`` a prompt for a line), so
the command line and the tests drive it alike; ``ask`` raises EOFError when there is no more input.
"""

from __future__ import annotations

from collections.abc import Callable
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Final

from studbook.cards import format_cards
from studbook.decisions import HandCards
from studbook.decisions import best_choice
from studbook.decisions import choice_of
from studbook.decisions import owed
from studbook.events import Muck
from studbook.events import Show
from studbook.events import Street
from studbook.money import format_amount
from studbook.results import Replay
from studbook.rules.variants import VARIANTS

CHOICES: Final = {"f": "fold", "fold": "fold", "c": "call", "call": "call", "k": "call", "check": "call",
                  "r": "raise", "raise": "raise", "b": "raise", "bet": "raise", "complete": "raise"}
QUIT: Final = ("q", "quit")


@dataclass(frozen=True, slots=True)
class StoredValue:
    """A decision as ``studbook analyse`` stored it."""

    equity: float
    ev: float  # minor units
    std_error: float
    method: str
    opponents: int


@dataclass(frozen=True, slots=True)
class ReviewHand:
    replay: Replay
    player: str  # the player's name in this hand (an alias's names differ between sites)
    asked: dict[int, StoredValue]  # the decisions to stop at, by action seq


@dataclass(slots=True)
class Tally:
    """The user's choices and the player's, against the choice the equity favours."""

    asked: int = 0
    agreed: int = 0  # the user's choice was the one the equity favours
    player_agreed: int = 0  # so was the player's
    same_as_player: int = 0

    def lines(self) -> list[str]:
        if not self.asked:
            return ["review: no decision answered"]
        noun = "decision" if self.asked == 1 else "decisions"
        return [f"review: {self.asked} {noun} answered: yours matched the equity's choice "
                f"{_times(self.agreed)} ({100 * self.agreed / self.asked:.0f}%), the "
                f"player's {self.player_agreed} ({100 * self.player_agreed / self.asked:.0f}%); you chose as "
                f"the player did {_times(self.same_as_player)}"]


def _times(count: int) -> str:
    """``once``, ``2 times``: how often, in words that read.

    >>> _times(0), _times(1), _times(2)
    ('0 times', 'once', '2 times')
    """
    return "once" if count == 1 else f"{count} times"


class Stop(Exception):
    """The user asked to end the review."""


def review(hands: Iterable[ReviewHand], say: Callable[[str], None], ask: Callable[[str], str],
           tally: Tally) -> None:
    """Tell each hand from its player's seat and ask at each decision; EOFError (no more input) and
    :class:`Stop` end it, with ``tally`` as far as it got."""
    for hand in hands:
        _Telling(hand, say, ask, tally).run()


def read_choice(ask: Callable[[str], str], prompt: str) -> str:
    """The user's choice: asked again until it is one; ``q`` stops."""
    while True:
        answer = ask(prompt).strip().lower()
        if answer in QUIT:
            raise Stop
        if answer in CHOICES:
            return CHOICES[answer]


class _Telling:
    def __init__(self, hand: ReviewHand, say: Callable[[str], None], ask: Callable[[str], str],
                 tally: Tally) -> None:
        self.replay, self.asked, self.player = hand.replay, hand.asked, hand.player
        self.say, self.ask, self.tally = say, ask, tally
        self.variant = VARIANTS[self.replay.hand.variant]
        self.currency = self.replay.hand.currency
        self.cards = HandCards(self.replay, self.variant)
        self.folded: set[str] = set()

    def money(self, amount: int | float) -> str:
        return format_amount(round(amount), self.currency)

    def run(self) -> None:
        hand = self.replay.hand
        self.say("")
        self.say(f"== {hand.site} hand {hand.hand_id} · {hand.variant} · "
                 f"{self.money(hand.small_bet)}/{self.money(hand.big_bet)} · you are {self.player}")
        street = 0
        dues = owed(self.replay.actions)
        for seq, record in enumerate(self.replay.actions):
            if record.street != street:
                street = record.street
                self.deal(street)
            if record.action == "ante":
                continue
            if seq in self.asked and record.player == self.player:
                self.decide(seq, dues[seq])
            else:
                amount = f" {self.money(record.amount)}" if record.amount else ""
                self.say(f"  {record.player} {record.action}{amount} (pot {self.money(record.pot)})")
            if record.action == "fold":
                self.folded.add(record.player)
        self.showdown()

    def deal(self, street: int) -> None:
        """The street's boards as the player sees them: his own cards, the others' up cards."""
        self.say(f"-- {Street(street).label} street")
        hidden = sum(spec.down for spec in self.variant.streets if spec.street <= street)
        for name in self.cards.players:
            if name in self.folded:
                continue
            if name == self.player:
                mine = self.cards.known(name, street, complete=False)
                if mine is not None:
                    self.say(f"   you: {mine}")
                continue
            up = [str(card) for deal in self.cards.deals[name] if deal.street <= street for card in deal.up]
            self.say(f"   {name}: [{' '.join(['??'] * hidden)}] {' '.join(up)}".rstrip())

    def decide(self, seq: int, to_call: int) -> None:
        record, value = self.replay.actions[seq], self.asked[seq]
        pot_before = record.pot - record.amount
        owes = f"{self.money(to_call)} to call" if to_call else "nothing to call"
        choice = read_choice(self.ask, f"  pot {self.money(pot_before)}, {owes}: [f]old, [c]all/check or "
                                       "[r]aise/bet? ")
        best = best_choice(value.equity, pot_before, to_call, value.opponents)
        did = choice_of(record.action)
        tally = self.tally
        tally.asked += 1
        tally.agreed += choice == best
        tally.player_agreed += did == best
        tally.same_as_player += choice == did
        amount = f" {self.money(record.amount)}" if record.amount else ""
        how = "every deal counted" if value.method == "exact" else f"± {self.money(value.std_error)}"
        self.say(f"  {self.player} {record.action}{amount}: equity {100 * value.equity:.1f}% against "
                 f"{value.opponents}, EV {self.money(value.ev)} ({how}); the equity favours {best}, "
                 f"you chose {choice}")

    def showdown(self) -> None:
        """The cards shown at the end, and who won what."""
        for event in self.replay.hand.events:
            if isinstance(event, Show | Muck) and event.cards and event.player != self.player:
                self.say(f"  {event.player} shows {format_cards(event.cards)}")
        for pot in self.replay.pots:
            for winner in pot.winners:
                half = f" ({winner.half})" if winner.half else ""
                self.say(f"  {winner.player} wins {self.money(winner.amount)}{half}")
        net = next((seat.net for seat in self.replay.seats if seat.player == self.player), 0)
        self.say(f"  your result: {self.money(net)}")
