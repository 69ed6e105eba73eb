"""First-street facts: the bring-in, positions, VPIP, complete-first-in, steals and the answers to them.

Definitions follow stats.md 2.2 and fpdb where it is verified: position 0 is the last player to act
before the action returns to the bring-in, and a steal is a completion (or raise) in an unopened
pot, meaning only the bring-in and folds came before it, from positions 0-2. The door-card
version replaces the position test with "every door card still to act is worse than mine", worse
as the variant's ``door_worth`` says (lower in stud, stud8 and five card stud; higher, ace low, in
razz). Voluntary money excludes the ante and the bring-in post.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from studbook.cards import Card
from studbook.results import ActionRecord

AGGRESSIVE = frozenset({"complete", "bet", "raise"})
VOLUNTARY = AGGRESSIVE | {"call"}
STEAL_POSITIONS = 3  # fpdb's steal_positions = (2, 1, 0) for stud


class ThirdStreet:
    """One player's first-street facts; the field names are the ``seats`` columns. A fact not set on
    the instance reads as the class's default, so making one per player costs next to nothing."""

    is_bringin: bool = False
    bringin_amount: int = 0
    bringin_completed: bool = False
    bringin_vs_complete: str | None = None
    bringin_vs_steal: str | None = None
    position: int | None = None
    vpip_chance: bool = False
    vpip: bool = False
    rfi_chance: bool = False
    rfi: bool = False
    steal_chance: bool = False
    steal: bool = False
    steal_success: bool = False
    door_steal_chance: bool = False
    door_steal: bool = False
    door_steal_success: bool = False


def _answer(action: str) -> str:
    return "raise" if action in AGGRESSIVE else action


def _positions(order: Sequence[str], bringin: str | None, excluded: set[str]) -> dict[str, int]:
    """fpdb positions: players acting after the bring-in, numbered down to 0 for the last one."""
    if bringin is None or bringin not in order:
        return {}
    start = order.index(bringin)
    after = [p for p in (*order[start + 1:], *order[:start]) if p not in excluded]
    return {player: len(after) - 1 - index for index, player in enumerate(after)}


def _best_door_to_act(player: str, positions: Mapping[str, int], bringin: str | None,
                      doors: Mapping[str, Card], door_worth: Sequence[int]) -> bool:
    """Whether ``player``'s door card beats the door of everyone still to act, the bring-in included."""
    mine, position = doors.get(player), positions.get(player)
    if mine is None or position is None or bringin is None:
        return False
    to_act = [doors.get(p) for p, pos in positions.items() if pos < position] + [doors.get(bringin)]
    return all(card is not None and door_worth[card] < door_worth[mine] for card in to_act)


def third_street(actions: Sequence[ActionRecord], order: Sequence[str], forced_all_in: set[str],
                 doors: Mapping[str, Card], door_worth: Sequence[int]) -> dict[str, ThirdStreet]:
    """Facts for every player in ``order`` (dealt players in seat order) from the first street's actions.

    ``actions`` are the first street's actions without antes, in order; ``door_worth`` is the
    variant's (:attr:`~studbook.rules.variants.Variant.door_worth`).
    """
    facts = {player: ThirdStreet() for player in order}
    if not actions:
        return facts
    opener = actions[0]
    bringin = opener.player if opener.action in ("bring-in", "complete") else None
    positions = _positions(order, bringin, forced_all_in | {bringin})
    for player, position in positions.items():
        facts[player].position = position
    if bringin is not None:
        facts[bringin].is_bringin = True
        facts[bringin].bringin_amount = opener.amount if opener.action == "bring-in" else 0
        facts[bringin].bringin_completed = opener.action == "complete"

    opened = completed = False  # someone called / completed or raised voluntarily
    decided: set[str] = set()
    steal_at: int | None = None
    for index, action in enumerate(actions):
        fact = facts.get(action.player)
        if fact is None:
            continue
        fact.vpip_chance = action.player not in forced_all_in
        fact.vpip |= action.action in VOLUNTARY
        if action.action == "bring-in":
            continue
        if action.player == bringin and opener.action == "bring-in" and completed and bringin not in decided:
            fact.bringin_vs_complete = _answer(action.action)
            if steal_at is not None and all(a.action == "fold" for a in actions[steal_at + 1:index]):
                fact.bringin_vs_steal = _answer(action.action)
        if action.player not in decided and action.player != bringin and not opened:
            fact.rfi_chance = True
            fact.rfi = action.action in AGGRESSIVE
            # Only a steal can succeed, and every steal is a raise first in.
            uncontested = fact.rfi and all(a.action == "fold" for a in actions[index + 1:]
                                           if a.player != action.player)
            fact.steal_chance = fact.position is not None and fact.position < STEAL_POSITIONS
            fact.steal = fact.steal_chance and fact.rfi
            fact.steal_success = fact.steal and uncontested
            fact.door_steal_chance = _best_door_to_act(action.player, positions, bringin, doors, door_worth)
            fact.door_steal = fact.door_steal_chance and fact.rfi
            fact.door_steal_success = fact.door_steal and uncontested
            if fact.steal:
                steal_at = index
        decided.add(action.player)
        opened |= action.action in VOLUNTARY
        completed |= action.action in AGGRESSIVE
    return facts
