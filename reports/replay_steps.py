"""A Replay as the list of steps the HTML replayer walks through, ready for JSON.

Every step is a complete picture of the table (each seat's cards, stack, bet on the street; the pot
and its side pots) after one action, or after a group of events that nobody needs to step through
one by one (the antes, a street's deal). Amounts are formatted here, so the page's script only
shows text. The rules engine's :class:`ActionRecord` is the source of stacks, pots and verdicts;
the hand's events add what it does not carry: cards, uncalled returns, shows and the log's awards.
"""

from __future__ import annotations

from dataclasses import dataclass
from dataclasses import field
from typing import Any

from studbook import events as ev
from studbook.cards import Card
from studbook.events import Street
from studbook.hand import Hand
from studbook.money import format_amount
from studbook.results import ActionRecord
from studbook.results import Replay
from studbook.results import Violation
from studbook.rules.variants import VARIANTS

# What the review compares: a fold, a check or call (the bring-in too), a bet, completion or raise.
_MOVES = {"fold": "fold", "check": "passive", "call": "passive", "bring-in": "passive",
          "bet": "aggressive", "complete": "aggressive", "raise": "aggressive"}
_VERBS = {"ante": "posts the ante", "bring-in": "brings in for", "complete": "completes to", "bet": "bets",
          "raise": "raises to", "call": "calls", "check": "checks", "fold": "folds"}


@dataclass
class _Seat:
    seat: int
    player: str
    stack: int
    down: list[Card | None] = field(default_factory=list)
    up: list[Card] = field(default_factory=list)
    committed: int = 0
    bet: int = 0  # on the current street
    folded: bool = False
    all_in: bool = False
    shown: str = ""  # the description a show line gives, or "mucked"

    @property
    def live(self) -> bool:
        return bool(self.down or self.up) and not self.folded


@dataclass
class _Step:
    kind: str
    label: str
    texts: list[str] = field(default_factory=list)
    lines: list[int] = field(default_factory=list)
    actor: str | None = None
    expected: str | None = None
    violations: list[Violation] = field(default_factory=list)
    extra: dict[str, Any] = field(default_factory=dict)  # an action's seq, move and choice


def move_kind(action: str) -> str | None:
    """How the review classes an action: ``fold``, ``passive`` or ``aggressive``; None for an ante.

    >>> [move_kind(action) for action in ("fold", "check", "bring-in", "call", "complete", "raise", "ante")]
    ['fold', 'passive', 'passive', 'passive', 'aggressive', 'aggressive', None]
    """
    return _MOVES.get(action)


def violation_dict(violation: Violation) -> dict[str, Any]:
    return {"code": violation.code, "severity": violation.severity, "line": violation.line,
            "message": violation.message, "rule": violation.rule}


class StepBuilder:
    """Walks a hand's events once, keeping the table state and snapshotting it into steps."""

    def __init__(self, replay: Replay) -> None:
        self.hand: Hand = replay.hand
        self.seats = {seat.player: _Seat(seat.seat, seat.player, seat.stack) for seat in self.hand.seats}
        # by line, with each record's place in replay.actions (the ``seq`` of the actions table)
        self.records: dict[int, tuple[int, ActionRecord]] = {
            record.line: (seq, record) for seq, record in enumerate(replay.actions)}
        self.street: Street | None = None
        self.dealt: set[str] = set()
        self.board: list[Card] = []
        self.pot = 0
        self.steps: list[dict[str, Any]] = []
        self.open: _Step | None = None

    def money(self, amount: int) -> str:
        return format_amount(amount, self.hand.currency, self.hand.decimals)

    # -- building -------------------------------------------------------------------------------------

    def build(self) -> list[dict[str, Any]]:
        """The steps: the seats as the hand begins, then the events (the ruling is added by the page)."""
        self.step("start", "Seats", f"{len(self.seats)} seats; stacks as the hand begins",
                  self.hand.source.first_line)
        for event in self.hand.events:
            self.apply(event)
        self.flush()
        return self.steps

    def apply(self, event: ev.Event) -> None:
        match event:
            case ev.PostAnte() | ev.BringIn() | ev.Check() | ev.Fold() | ev.Bet() | ev.Call() | ev.Raise() \
                    | ev.Complete():
                self.action(event)
            case ev.StreetStart():
                self.new_street(event.street)
                self.board.extend(event.community)
                self.step("deal", self.street_label(), "Cards dealt", event.line, group=True)
            case ev.Deal():
                self.deal(event)
            case ev.UncalledReturn():
                seat = self.seats.get(event.player)
                if seat is not None:
                    seat.stack += event.amount
                    seat.committed -= event.amount
                    seat.bet -= event.amount
                    self.pot -= event.amount
                self.step("return", "Uncalled bet", f"{self.money(event.amount)} uncalled, returned to "
                          f"{event.player}", event.line, actor=event.player)
            case ev.Show():
                self.reveal(event.player, event.cards, event.description or "shows")
                text = f"{event.player} shows" + (f" ({event.description})" if event.description else "")
                self.step("show", "Showdown", text, event.line, actor=event.player)
            case ev.Muck():
                self.reveal(event.player, event.cards, "mucked")
                self.step("show", "Showdown", f"{event.player} mucks", event.line, actor=event.player)
            case ev.Collect():
                half = f" ({event.half} half)" if event.half else ""
                self.step("collect", "The log's awards",
                          f"{event.player} collects {self.money(event.amount)} from the {event.pot}{half}",
                          event.line, group=True)

    def new_street(self, street: Street) -> None:
        if street == self.street:
            return
        self.flush()
        self.street = street
        self.dealt = set()
        for seat in self.seats.values():
            seat.bet = 0

    def deal(self, event: ev.Deal) -> None:
        self.new_street(event.street)
        seat = self.seats.get(event.player)
        if seat is not None:
            spec = VARIANTS[self.hand.variant].spec(event.street)
            seat.down.extend(event.down or [None] * (spec.down if spec else 0))
            seat.up.extend(event.up)
            self.dealt.add(event.player)
        self.step("deal", self.street_label(), None, event.line, group=True)

    def deal_unlogged(self) -> None:
        """Seats still in the hand get their face-down cards even when the log has no line for them
        (PokerStars writes only the hero's 7th-street card)."""
        spec = VARIANTS[self.hand.variant].spec(self.street) if self.street else None
        if spec is None:
            return
        for seat in self.seats.values():
            if seat.player not in self.dealt and seat.live:
                seat.down.extend([None] * (spec.down + spec.up))
                self.dealt.add(seat.player)

    def action(self, event: ev.Event) -> None:
        seq, record = self.records.get(event.line, (None, None))
        player = event.player  # type: ignore[union-attr]
        seat = self.seats.get(player)
        if record is None or seat is None:  # the replay refused it (an unknown player): show the log's words
            text = f"{player}: {type(event).__name__.lower()} (not replayed)"
            self.step("action", self.street_label(), text, event.line, actor=player)
            return
        choice = self.choice(seat, record) if record.action != "ante" else None
        seat.stack = record.stack
        seat.committed += record.amount
        if record.action != "ante":
            seat.bet = record.to
        seat.all_in = seat.all_in or record.all_in
        seat.folded = seat.folded or record.action == "fold"
        self.pot = record.pot
        verb = _VERBS.get(record.action, record.action)
        amount = record.to if record.action in ("complete", "raise") else record.amount
        text = f"{player} {verb}" + (f" {self.money(amount)}" if amount and record.action != "fold" else "")
        text += " and is all-in" if record.all_in else ""
        if record.action == "ante":
            self.step("ante", "Antes", text, event.line, group=True, violations=record.violations)
            return
        expected = record.expected_actor if record.expected_actor not in (None, player) else None
        self.step("action", self.street_label(), text, event.line, actor=player, expected=expected,
                  violations=record.violations, extra={"seq": seq, "move": record.action, "choice": choice})

    def choice(self, seat: _Seat, record: ActionRecord) -> dict[str, Any]:
        """What ``seat`` could do just before ``record`` (the review's buttons, as ``[move, label]``) and
        which of those moves it took. Limits on raising are not known here: a raise is always offered."""
        highest = max(other.bet for other in self.seats.values())
        to_call = min(highest - seat.bet, seat.stack)
        variant = VARIANTS[self.hand.variant]
        opening = (variant.bring_in != "none" and self.street == variant.streets[0].street
                   and highest < self.hand.small_bet)  # only the bring-in to face: a completion opens
        if record.action == "bring-in" or (opening and highest == 0):  # the bring-in's turn, taken or not
            amount = record.amount if record.action == "bring-in" else self.hand.bring_in
            options = [["passive", f"Bring in {self.money(amount)}" if amount else "Bring in"],
                       ["aggressive", f"Complete to {self.money(self.hand.small_bet)}"]]
        else:
            passive = f"Call {self.money(to_call)}" if to_call > 0 else "Check"
            aggressive = "Complete" if opening else "Raise" if to_call > 0 else "Bet"
            options = [["fold", "Fold"], ["passive", passive], ["aggressive", aggressive]]
        return {"options": options, "taken": move_kind(record.action)}

    def street_label(self) -> str:
        return f"{self.street.label} street" if self.street else "Before the deal"

    def reveal(self, player: str, cards: tuple[Card, ...], shown: str) -> None:
        seat = self.seats.get(player)
        if seat is None:
            return
        if cards:
            seat.down = [card for card in cards if card not in seat.up]
        seat.shown = shown

    # -- steps ----------------------------------------------------------------------------------------

    def step(self, kind: str, label: str, text: str | None, line: int, *, actor: str | None = None,
             expected: str | None = None, group: bool = False,
             violations: tuple[Violation, ...] = (), extra: dict[str, Any] | None = None) -> None:
        """Start a step, or extend the open one when grouping events of the same kind."""
        if not (group and self.open and self.open.kind == kind and self.open.label == label):
            self.flush()
            self.open = _Step(kind, label, actor=actor, expected=expected, extra=extra or {})
        if text is not None:
            self.open.texts.append(text)
        self.open.lines.append(line)
        self.open.violations.extend(violations)
        if not group:
            self.flush()

    def flush(self) -> None:
        if self.open is None:
            return
        if self.open.kind == "deal":
            self.deal_unlogged()
            self.open.texts = self.open.texts or ["Cards dealt"]
        step, self.open = self.open, None
        self.steps.append({
            "kind": step.kind, "label": step.label, "texts": step.texts, "lines": step.lines,
            "actor": step.actor, "expected": step.expected,
            "violations": [violation_dict(v) for v in step.violations],
            "seats": [self.seat_state(seat) for seat in self.seats.values()],
            "pots": self.side_pots(), "pot": self.money(self.pot), "board": [str(c) for c in self.board],
            **step.extra,
        })

    def seat_state(self, seat: _Seat) -> dict[str, Any]:
        return {"stack": self.money(seat.stack), "bet": self.money(seat.bet) if seat.bet else "",
                "down": [str(card) if card is not None else None for card in seat.down],
                "up": [str(card) for card in seat.up], "folded": seat.folded, "allIn": seat.all_in,
                "shown": seat.shown, "inHand": bool(seat.down or seat.up)}

    def side_pots(self) -> list[dict[str, Any]]:
        """The pot as it stands mid-round, cut only at all-in totals (rules.md C22).

        ``rules.pots.build_pots`` cuts at every live total, which is right once a round is over but
        would show a side pot for every bet not yet called."""
        committed = {seat.player: seat.committed for seat in self.seats.values() if seat.committed > 0}
        if not committed:
            return []
        levels = sorted({self.seats[p].committed for p in committed if self.seats[p].all_in})
        levels.append(max(committed.values()))
        pots, previous = [], 0
        for level in levels:
            if level <= previous:
                continue
            amount = sum(min(c, level) - min(c, previous) for c in committed.values())
            eligible = [seat.player for seat in self.seats.values() if seat.live
                        and not (seat.all_in and seat.committed < level)]
            pots.append({"name": "Main pot" if not pots else f"Side pot {len(pots)}",
                         "amount": self.money(amount), "eligible": eligible})
            previous = level
        return pots
