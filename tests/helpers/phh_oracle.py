"""pokerkit as the oracle for PHH exports (test-only): load a ``.phhs`` with ``HandHistory.load_all``
and play each hand to its end, the rake taken from the pots as studbook's replay took it."""

from __future__ import annotations

from dataclasses import dataclass
from io import BytesIO

from pokerkit import ChipsPushing
from pokerkit import HandHistory

from studbook.replay import Replay
from studbook.rules.pots import build_pots


def pot_rakes(result: Replay) -> list[tuple[int, int]]:
    """Each pot of ``result`` as (chips before rake, rake), main pot first."""
    committed = {seat.player: seat.committed for seat in result.seats}
    live = {seat.player for seat in result.seats if seat.folded_on is None and seat.player in committed}
    gross = build_pots(committed, live) if live else []
    if len(gross) != len(result.pots):
        return [(result.total_pot, result.rake)]
    return [(layer.amount, layer.amount - pot.amount) for layer, pot in zip(gross, result.pots, strict=True)]


class PotRake:
    """pokerkit's ``rake(amount, state)`` for one hand: the rake of the studbook pots a pokerkit pot is
    made of (pokerkit merges adjacent pots with the same players). pokerkit asks again whenever it
    sums its pots, so the answer depends on the amount alone."""

    def __init__(self, pots: list[tuple[int, int]]) -> None:
        self.total = sum(rake for _, rake in pots)
        self.runs: dict[int, int] = {}  # chips of consecutive pots -> their rake
        for first in range(len(pots)):
            for last in range(first + 1, len(pots) + 1):
                run = pots[first:last]
                self.runs.setdefault(sum(gross for gross, _ in run), sum(rake for _, rake in run))

    def __call__(self, amount: int, state: object = None) -> tuple[int, int]:
        # a pot that is no run of studbook's: a hand won without a showdown, where pokerkit pays the
        # last street's bets outside its pot, so the whole rake comes from the pot it has
        raked = self.runs.get(amount, min(self.total, amount))
        return raked, amount - raked


def load(text: str) -> list[HandHistory]:
    return list(HandHistory.load_all(BytesIO(text.encode("utf-8"))))


@dataclass(frozen=True, slots=True)
class Played:
    """What pokerkit made of one PHH hand: each player's net and how many pots it paid."""

    net: dict[str, int]
    pots_paid: int


def play(history: HandHistory, rake: PotRake | None = None) -> Played:
    """pokerkit plays ``history`` to its end (raising where an action is not legal for it)."""
    if rake is not None:
        history.rake = rake
    *_, state = history  # every state the actions lead through; the last one has paid out
    assert not state.status, f"pokerkit did not finish hand {history.hand}"
    net = {name: after - before for name, before, after
           in zip(history.players, history.starting_stacks, state.stacks, strict=True)}
    return Played(net, len({op.pot_index for op in state.operations if isinstance(op, ChipsPushing)}))


def pots_merged(result: Replay, played: Played) -> bool:
    """pokerkit's payout fault ``pots-merged`` (tests/helpers/pokerkit_bridge.py): it paid fewer pots
    than studbook's contested ones, a main and a side pot with the same survivors sharing one odd chip."""
    return played.pots_paid < sum(1 for pot in result.pots if pot.winners)
