"""The betting state machine of one stud hand: who must act, what he may do, what it costs.

One :class:`Table` holds the players and the current betting round. The replayer feeds it the
log's actions in order; :meth:`Table.act` checks an action against the rules (returning
:class:`Issue` objects) and then applies it as logged, so one bad action never hides the next.

Amounts follow :mod:`studbook.events`: ``to`` is a player's total for the street after his action.

>>> from studbook.cards import parse_cards
>>> from studbook.rules.house import rules_for
>>> from studbook.rules.variants import VARIANTS
>>> table = Table(VARIANTS["stud"], rules_for(VARIANTS["stud"], None), [("A", 1, 100), ("B", 2, 100)],
...               small_bet=10, big_bet=20, bring_in=3)
>>> table.deal_up("A", parse_cards("Kc")); table.deal_up("B", parse_cards("2d"))
>>> table.start_street(3)
[]
>>> table.next_actor(), table.act("B", "check", 0)[0].code
('B', 'bring-in-required')
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from dataclasses import field
from typing import Final

from studbook.cards import Card
from studbook.money import format_amount
from studbook.rules.house import Rules
from studbook.rules.variants import Variant

AGGRESSIVE: Final = ("bet", "raise", "complete")
# A reach beyond every stack: where the players agreed to bet past table stakes (Z11), nobody's stack
# caps what the others must put in to call.
_UNBOUNDED: Final = 1 << 60
# The rule a wrong size breaks, where it is not C16's unit of the street: a completion goes to the small bet.
_SIZE_RULE: Final = {"complete": "C9"}
KINDS: Final = ("bring-in", "check", "fold", "call", *AGGRESSIVE)


@dataclass(frozen=True, slots=True)
class Issue:
    """A rule the action broke (``code`` as in :mod:`studbook.replay`, ``rule`` a rules.md id)."""

    code: str
    rule: str | None
    message: str
    severity: str = "error"


@dataclass(frozen=True, slots=True)
class Choices:
    """What the player due may do without breaking a rule, as :meth:`Table.act` judges it.

    For a program that plays (``studbook simulate``): the machine stays the only place that knows
    the rules. ``totals`` are the street totals ``aggressive`` may reach, smallest first: the legal
    ones in a limit game (a short all-in included), the least and the most in a big-bet game.
    """

    fold: bool  # allowed and not a free fold that draws S3's warning
    check: bool
    call: int  # chips a call puts in; 0 when there is nothing to call
    bring_in: int  # chips the bring-in puts in; 0 unless this player owes it
    aggressive: str | None  # "complete", "bet" or "raise" when one is allowed
    totals: tuple[int, ...]
    all_in: int  # the player's street total with every chip in


@dataclass(slots=True, eq=False, init=False)
class Player:
    """One seat's chips and state in the hand; its own ``__init__`` is compiled by mypyc (the generated
    one is not: 380 ns a player against 178, results.py says why)."""

    name: str
    seat: int
    stack: int  # chips behind
    committed: int = 0  # antes and bets of the whole hand
    bet: int = 0  # this street
    folded: bool = False
    all_in: bool = False
    up: list[Card] = field(default_factory=list)
    acted: bool = False  # this round
    seen: int = 0  # the round's reopen count when he last acted

    def __init__(self, name: str, seat: int, stack: int, all_in: bool = False) -> None:
        self.name, self.seat, self.stack, self.all_in = name, seat, stack, all_in
        self.committed = self.bet = self.seen = 0
        self.folded = self.acted = False
        self.up = []

    @property
    def can_act(self) -> bool:
        return not self.folded and not self.all_in


class Table:
    """Players (clockwise by seat number) and the betting round in progress."""

    def __init__(
        self,
        variant: Variant,
        rules: Rules,
        seats: Sequence[tuple[str, int, int]],
        *,
        structure: str = "limit",
        small_bet: int,
        big_bet: int,
        bring_in: int | None = None,
        dealer_seat: int | None = None,
        currency: str | None = None,
    ) -> None:
        self.variant, self.rules, self.structure = variant, rules, structure
        self.beyond = rules.allow_beyond_table_stakes  # Z11: a call is the bet, whatever the stack
        self.currency = currency  # of the amounts in its messages (None: chips)
        self.small_bet, self.big_bet, self.bring_in = small_bet, big_bet, bring_in
        self.players = [
            Player(name, seat, stack, all_in=stack <= 0)
            for name, seat, stack in sorted(seats, key=lambda s: s[1])
        ]
        self.by_name = {p.name: p for p in self.players}
        self.index = {p.name: i for i, p in enumerate(self.players)}
        # The players clockwise from each index (and from one past the last): next_actor's scans.
        self._from = [self.players[i:] + self.players[:i] for i in range(len(self.players))]
        self._from.append(self.players)
        self._reach: tuple[int, int, int, int, Player | None] | None = None
        # Position order (C3): clockwise from the first seat left of the dealer (a replay names none).
        first = 0 if dealer_seat is None else next(
            (i for i, p in enumerate(self.players) if p.seat > dealer_seat), 0
        )
        self.position = self.players[first:] + self.players[:first] if first else self.players
        self.street = 0
        self.pot = 0  # antes and bets of everyone, all streets
        self._reset_round()

    def _reset_round(self) -> None:
        self.level = self.base = self.raises = self.reopen = 0
        self.unit = self.last_raise = self.small_bet
        self.opened = self.completed = self.capped = self.uncapped = self.bring_in_round = False
        self.double: bool | None = None  # open pair: None none, False SB or BB allowed, True BB only
        self.bring_in_due: str | None = None
        self.forced_open: str | None = None
        self.aggressor: str | None = None
        self.opener = 0
        # A live board the log does not show decides the opener (or the bring-in): the log's first
        # actor opens, as :meth:`open_with` takes him.
        self.opener_unknown = False
        self.last: int | None = None

    def money(self, amount: int) -> str:
        """An amount as a message shows it: ``$38.58``, not the 3858 cents it is counted in."""
        return format_amount(amount, self.currency)

    # -- state queries -------------------------------------------------------------------------

    @property
    def live(self) -> list[Player]:
        return [p for p in self.players if not p.folded]

    def _reaches(self) -> tuple[int, int, int, int, Player | None]:
        """Live players, those who can still act, the two largest reaches (bet + stack) of live
        players and whose is the largest: so each player's :meth:`call_target` is known in O(1).

        Kept until an all-in, a new street, a refund, a payment past the stack or the fold of one of
        the two largest changes it (paying from the stack moves chips from stack to bet: the reach
        stays; :meth:`_fold` updates the counts of any other fold)."""
        live = acting = 0
        top = second = -1
        leader = None
        for p in self.players:
            if p.folded:
                continue
            live += 1
            acting += not p.all_in
            reach = _UNBOUNDED if self.beyond else p.bet + (p.stack if p.stack > 0 else 0)
            if reach > top:
                top, second, leader = reach, top, p
            elif reach > second:
                second = reach
        self._reach = live, acting, top, second, leader
        return self._reach

    def live_count(self) -> int:
        """How many players have not folded."""
        return (self._reach or self._reaches())[0]

    def acting(self) -> int:
        """How many players can still act (neither folded nor all-in)."""
        return (self._reach or self._reaches())[1]

    def call_target(self, player: Player) -> int:
        """What ``player`` must reach to call: the bet, or less when nobody else can put in more."""
        _, _, top, second, leader = self._reach or self._reaches()
        most = second if player is leader else top
        return min(self.level, most if most > 0 else 0)

    def next_actor(self) -> str | None:
        """Who must act now (None when the round or the hand is over)."""
        live, acting, top, second, leader = self._reach or self._reaches()
        if live <= 1:
            return None
        if self.bring_in_due:
            return self.bring_in_due
        level = self.level
        target, leader_target = min(level, top), min(level, second)  # what call_target gives
        unanswered = acting > 1  # C26: with nobody left to bet against, nobody need act
        for player in self._from[self.opener if self.last is None else self.last + 1]:
            if player.folded or player.all_in:
                continue
            if player.bet < (leader_target if player is leader else target) or (
                unanswered and not player.acted
            ):
                return player.name
        return None

    def checked_through(self) -> bool:
        """The round is over and nobody bet (Z13)."""
        return self.next_actor() is None and self.level == 0 and self.last is not None

    def uncalled(self) -> tuple[str, int] | None:
        """The bet nobody matched: the top contributor's excess over the next one (C23)."""
        ranked = sorted(self.players, key=lambda p: p.committed, reverse=True)
        if len(ranked) < 2 or ranked[0].committed <= ranked[1].committed:
            return None
        return ranked[0].name, ranked[0].committed - ranked[1].committed

    def choices(self, name: str) -> Choices:
        """What ``name`` may do now (meant for the player :meth:`next_actor` names)."""
        player = self.by_name[name]
        owed = max(self.call_target(player) - player.bet, 0)
        all_in = player.bet + max(player.stack, 0)
        due = self.bring_in_due == name
        if due:
            fold = self.rules.bringin_fold_allowed
        else:
            fold = owed > 0 or not self.variant.warn_fold_when_check
        check = not owed and not due and self.forced_open != name
        bring_in = min(self.bring_in or 0, player.stack) if due else 0
        kind = "complete" if self.bring_in_round and not self.completed else "raise" if self.level else "bet"
        totals: tuple[int, ...] = ()
        reopened = not (player.acted and player.seen >= self.reopen)
        capped = kind == "raise" and (not reopened or self.structure == "limit" and self.cap_reached())
        if all_in > self.level and not capped and player.can_act:
            totals = self._totals(player, kind, all_in)
        call = owed if self.beyond else min(owed, player.stack)
        return Choices(fold, check, call, bring_in, kind if totals else None, totals, all_in)

    def _totals(self, player: Player, kind: str, all_in: int) -> tuple[int, ...]:
        if self.structure == "limit":
            legal = self._limit_totals(kind)
            found = sorted(total for total in legal if total <= all_in)
            if all_in < max(legal) and all_in not in found:
                found.append(all_in)  # a short all-in (C19)
            return tuple(sorted(found))
        least = self._least(kind)
        if all_in <= least:
            return (all_in, all_in)
        most = all_in if self.structure == "no-limit" else min(all_in, self._pot_limit(player))
        return (least, most) if least <= most else ()

    # -- cards and streets ---------------------------------------------------------------------

    def deal_up(self, name: str, cards: Sequence[Card]) -> None:
        self.by_name[name].up.extend(cards)

    def start_street(self, street: int) -> list[Issue]:
        """Begin the betting round of ``street``: units, open pair, and who opens it."""
        self.street = street
        self._reset_round()
        for player in self.players:
            player.bet, player.acted, player.seen = 0, False, 0
        self._reach = None
        if self.structure == "limit" and street >= self.rules.big_bet_from_street:
            self.unit = self.big_bet
        if street == self.variant.first_street:
            issues = self._first_round()
        else:
            issues = []
            live = self.live
            ups = self.variant.up_cards_by.get(street, 0)  # 0: a street the variant lacks (flagged)
            self.opener_unknown = any(len(p.up) < ups for p in live)
            if not self.opener_unknown:
                self.opener = self._skip_all_in(self._best_board())
            if (
                self.structure == "limit"
                and street == self.variant.open_pair_street
                and self.rules.open_pair_double_bet
                # an open pair (by rank index) or a board the log does not show, which may hold one
                and (self.opener_unknown or any(len({card >> 2 for card in p.up}) < len(p.up) for p in live))
            ):
                self.double = False
        self.uncapped = self.acting() <= 2
        return issues

    def _first_round(self) -> list[Issue]:
        known = [p for p in self.position if not p.folded and p.up]
        opener_rule = self.rules.first_round_opener
        if len(known) < self.live_count():  # the bring-in (or high card) is among the doors not shown
            self.opener_unknown = True
            self.bring_in_round = (
                self.variant.bring_in != "none" and opener_rule == "bringin" and self.acting() >= 2
            )
            return [Issue("door-card-unknown", "C7", "a live player's door card is not in the log", "info")]
        issues: list[Issue] = []
        if self.variant.bring_in == "none" or opener_rule != "bringin":
            chosen = max(known, key=lambda p: p.up[0] >> 2)  # the rank; ties: first in position (Z6)
            self.opener = self._skip_all_in(self.index[chosen.name])
            if opener_rule == "highcard_forced":
                self.forced_open = self.players[self.opener].name
            return issues
        worth = self.variant.door_worth  # the bring-in shows the door worth least (S4, H2, R2)
        chosen = min(known, key=lambda p: worth[p.up[0]])
        index = self._skip_all_in(self.index[chosen.name])
        self.opener = index
        if self.acting() < 2:
            return issues  # C26: nobody could answer a bring-in
        if (
            index != self.index[chosen.name]
            and self.rules.bringin_shift_when_allin_for_ante != "left_player_posts"
        ):
            return issues  # C12b (WSOP-LA 217): the left player just acts
        self.bring_in_round = True
        self.bring_in_due = self.players[index].name
        return issues

    def open_with(self, name: str, kind: str) -> None:
        """Take the log's first actor as the opener where the boards that decide him are not in the
        log; on a bring-in round, his bring-in or completion makes him the bring-in player."""
        self.opener = self.index[name]
        self.opener_unknown = False
        if self.bring_in_round and not self.completed and (kind == "bring-in" or kind in AGGRESSIVE):
            self.bring_in_due = name

    def _best_board(self) -> int:
        """Index of the best exposed board (C31, R3); ties by position or by suit (S6)."""
        board = self.variant.board()
        best, tied = None, []
        for p in self.position:
            if not p.folded and p.up:
                key = board(p.up)
                if best is None or key > best:
                    best, tied = key, [p]
                elif key == best:
                    tied.append(p)
        if best is None:
            return self.index[self.position[0].name]
        if len(tied) > 1 and self.rules.board_tie_break == "suit":
            lead = abs(best) >> 16 & 15
            lead = 14 if lead == 1 else lead
            low = best < 0  # a low board: the lowest suit of the lead rank acts first

            def edge(player: Player) -> int:
                suits = [c.suit_order for c in player.up if c.rank == lead]
                return -min(suits) if low else max(suits)

            tied.sort(key=edge, reverse=True)
        return self.index[tied[0].name]

    def _skip_all_in(self, index: int) -> int:
        """C25: an all-in opener is passed over as if he had checked."""
        count = len(self.players)
        for step in range(count):
            player = self.players[(index + step) % count]
            if player.can_act:
                return (index + step) % count
        return index

    # -- actions -------------------------------------------------------------------------------

    def ante(self, name: str, amount: int, all_in: bool, expected: int | None) -> list[Issue]:
        """Post an ante: dead money, not part of the street's bet (C4); short only when all-in (C5)."""
        player = self.by_name[name]
        issues = []
        if expected is not None and amount != expected and not (amount < expected and amount == player.stack):
            message = f"ante {self.money(amount)}, expected {self.money(expected)}"
            issues.append(Issue("ante-amount", "C4", message))
        self._pay(player, amount, all_in, issues)
        return issues

    def normalise(self, kind: str, to: int, name: str | None = None) -> str:
        """The action a site's wording means: a bet or raise before the completion is a completion,
        and the bring-in player's "completion" to no more than the bring-in is his bring-in."""
        if kind not in AGGRESSIVE:
            return kind
        if name is not None and name == self.bring_in_due and self.bring_in and to <= self.bring_in:
            return "bring-in"
        if self.bring_in_round and not self.completed:
            return "complete"
        if self.level > 0:
            return "raise"
        return "bet"

    def act(self, name: str, kind: str, to: int, all_in: bool = False) -> list[Issue]:
        """Check one action of ``name`` (``kind`` from :data:`KINDS`), then apply it as logged."""
        player = self.by_name[name]
        issues: list[Issue] = []
        if player.folded:
            issues.append(Issue("acted-after-fold", "C21", f"{name} acts after folding"))
        elif player.all_in:
            issues.append(Issue("acted-when-all-in", "C21", f"{name} acts while all-in"))
        _, _, top, second, leader = self._reach or self._reaches()  # call_target, inline: every action
        most = second if player is leader else top
        owed = min(self.level, most if most > 0 else 0) - player.bet
        if owed < 0:
            owed = 0
        cost = to - player.bet
        if kind == "check":
            if self.bring_in_due == name:
                issues.append(Issue("bring-in-required", "C8", f"{name} must post the bring-in or complete"))
            elif self.forced_open == name:
                issues.append(Issue("bet-required", "F2", f"{name} holds the high card and must bet"))
            elif owed:
                message = f"{name} checks facing a bet of {self.money(owed)}"
                issues.append(Issue("check-facing-bet", "C14", message))
            cost = 0
        elif kind == "fold":
            if self.bring_in_due == name and not self.rules.bringin_fold_allowed:
                issues.append(Issue("bring-in-required", "C8", f"{name} must post the bring-in or complete"))
            elif owed == 0 and self.variant.warn_fold_when_check and not issues and self.bring_in_due != name:
                issues.append(Issue("fold-when-check", "S3", f"{name} folds when he could check", "warning"))
            self._fold(player)
            cost = 0
        elif kind == "call":
            if cost > owed and self._full_bring_in_shown(player.bet + cost):
                owed = cost
            due = owed if self.beyond else min(owed, player.stack)
            if owed == 0:
                issues.append(Issue("call-amount", "C14", f"{name} calls with nothing to call"))
            elif cost != due:
                message = f"{name} calls {self.money(cost)}, expected {self.money(due)}"
                issues.append(Issue("call-amount", "C14", message))
        elif kind == "bring-in":
            issues += self._bring_in(player, cost)
        else:
            issues += self._aggressive(player, kind, to, all_in)
        if self.forced_open == name:
            self.forced_open = None
        if cost or all_in or player.stack <= 0:  # a free check or fold with chips behind pays nothing
            self._pay(player, cost, all_in, issues)
        player.acted, player.seen = True, self.reopen
        self.last = self.index[name]
        return issues

    def _fold(self, player: Player) -> None:
        """Fold ``player``: the reaches stay known unless his was one of the two largest."""
        if player.folded:
            return
        player.folded = True
        if self._reach is not None:
            live, acting, top, second, leader = self._reach
            if player is leader or player.bet + (player.stack if player.stack > 0 else 0) >= second:
                self._reach = None
            else:
                self._reach = live - 1, acting - (not player.all_in), top, second, leader

    def _pay(self, player: Player, cost: int, all_in: bool, issues: list[Issue]) -> None:
        """Move ``cost`` from the stack to the bet and the pot; problems go to ``issues``."""
        stack = player.stack
        if cost > stack and not self.rules.allow_beyond_table_stakes:
            message = f"{player.name} puts in {self.money(cost)} with {self.money(stack)} behind"
            issues.append(Issue("beyond-stack", "C20", message))
        player.stack = left = stack - cost
        player.bet += cost
        player.committed += cost
        self.pot += cost
        # past table stakes (Z11) a player with nothing left plays on: all in only where the log says so
        out = left <= 0 and not self.beyond
        if cost and all_in != out and not (all_in and left <= 0):
            said = "says all-in with chips left" if all_in else "is all-in but the log does not say so"
            issues.append(Issue("all-in-mismatch", "C21", f"{player.name} {said}", "warning"))
        if left < 0 or stack < 0:
            self._reach = None  # the reach counts no negative stack
        if not player.all_in and (out or all_in):
            player.all_in = True
            self._reach = None

    def _full_bring_in_shown(self, to: int) -> bool:
        """C12a where the log never states the bring-in (PokerStars): after a bring-in all in for part
        of it, the first call above it and below the small bet shows the full bring-in, which every
        later player owes too."""
        if self.bring_in is not None or not self.bring_in_round or self.completed or self.bring_in_due:
            return False
        if not self.level < to < self.small_bet:
            return False
        self.bring_in = self.level = to
        return True

    def _bring_in(self, player: Player, cost: int) -> list[Issue]:
        issues = []
        if not self.bring_in_due:
            if not (self.bring_in_round and self.level == 0):  # else owed by a door the log hides
                message = f"{player.name} posts a bring-in nobody owes"
                issues.append(Issue("unexpected-bring-in", "C7", message))
        elif self.bring_in_due != player.name:
            rule = self.variant.bring_in_rule  # S4, R2, R27-3
            issues.append(
                Issue(
                    "wrong-bring-in",
                    rule,
                    f"{player.name} brings in; {self.bring_in_due} holds the bring-in card",
                )
            )
        short = cost == player.stack and cost > 0  # C12a: all-in for part of the bring-in
        if self.bring_in is None and not short:
            self.bring_in = cost
        if self.bring_in is not None and cost != self.bring_in and not (short and cost < self.bring_in):
            message = f"bring-in {self.money(cost)}, expected {self.money(self.bring_in)}"
            issues.append(Issue("bring-in-amount", "C8", message))
        elif cost >= self.small_bet:
            message = f"bring-in {self.money(cost)} is not below the small bet"
            issues.append(Issue("bring-in-amount", "C8", message))
        self.level = max(self.level, self.bring_in if self.bring_in is not None else cost)
        self.bring_in_round = True
        self.bring_in_due = None
        return issues

    def _aggressive(self, player: Player, kind: str, to: int, all_in: bool) -> list[Issue]:
        issues = []
        cost = to - player.bet
        short = cost == player.stack  # all-in, whatever the log says (all-in-mismatch reports that)
        if to <= self.level:
            message = f"{player.name} {kind}s to {self.money(to)}, not above {self.money(self.level)}"
            issues.append(Issue(f"{kind}-amount", _SIZE_RULE.get(kind, "C16"), message))
            return issues
        if kind == "raise":
            if player.acted and player.seen >= self.reopen:
                rule = "C19" if self.structure == "limit" else "N3"
                issues.append(
                    Issue(
                        "not-reopened",
                        rule,
                        f"{player.name} raises though a short all-in did not reopen the betting",
                    )
                )
            elif self.structure == "limit" and self.cap_reached():
                rule = "C18" if self.rules.headsup_uncapped != "never" and self._heads_up() else "C17"
                issues.append(
                    Issue(
                        "raise-cap",
                        rule,
                        f"{player.name} raises past the cap of {self.rules.max_raises} raises",
                    )
                )
        issues += self._check_size(player, kind, to, short)
        self.bring_in_due = None
        self._raise_level(player, kind, to)
        return issues

    def _increments(self) -> tuple[int, ...]:
        if self.double is False:
            return (self.small_bet, self.big_bet)
        return (self.big_bet,) if self.double else (self.unit,)

    def _limit_totals(self, kind: str) -> set[int]:
        """The street totals a full completion, bet or raise may reach in a limit game (C16, S7)."""
        if kind == "complete":
            return {self.small_bet}
        if kind == "bet":
            return set(self._increments())
        legal = {start + inc for start in (self.base, self.level) for inc in self._increments()}
        return {total for total in legal if total > self.level}

    def _least(self, kind: str) -> int:
        """The smallest full bet or raise total in a big-bet game (N2, Z10)."""
        if self.rules.min_raise == "any" and kind == "raise":
            return self.level + 1
        return max(self.small_bet, self.level + self.last_raise if kind == "raise" else self.small_bet)

    def _pot_limit(self, player: Player) -> int:
        """The largest total in a pot-limit game: the pot after the call (N4)."""
        return self.level + self.pot + (self.level - player.bet)

    def _check_size(self, player: Player, kind: str, to: int, short: bool) -> list[Issue]:
        if self.structure == "limit":
            legal = self._limit_totals(kind)
            if to in legal or (short and legal and to < max(legal)):
                return []
            # No legal total at all: stakes of 0 leave no raise size, so any raise is the wrong size.
            wanted = " or ".join(map(self.money, sorted(legal))) or "no raise (the stakes give no bet size)"
            message = f"{player.name} {kind}s to {self.money(to)}, expected {wanted}"
            return [Issue(f"{kind}-amount", _SIZE_RULE.get(kind, "C16"), message)]
        least = self._least(kind)
        if to < least and not short:
            rule = "Z10" if self.rules.min_raise == "any" else "N2"
            message = f"{player.name} {kind}s to {self.money(to)}, the minimum is {self.money(least)}"
            return [Issue(f"{kind}-amount", rule, message)]
        if self.structure == "pot-limit":
            most = self._pot_limit(player)
            if to > most:
                message = f"{player.name} {kind}s to {self.money(to)}, the pot limit is {self.money(most)}"
                return [Issue(f"{kind}-amount", "N4", message)]
        return []

    def _raise_level(self, player: Player, kind: str, to: int) -> None:
        """Move the bet to ``to``; a full bet or raise (or a short all-in worth one) reopens the betting."""
        if self.structure != "limit":
            full = self.rules.min_raise == "any" or to - self.base >= (
                self.small_bet if kind != "raise" else self.last_raise
            )
        elif kind == "complete":
            full = to >= self.small_bet
        else:
            need = min(self._increments())
            step = to - self.base
            full = step >= need or (self.rules.reopen_rule == "half_bet" and 2 * step >= need)
        if full:
            if self.opened or (kind == "complete" and self.rules.completion_counts_as_raise):
                self.raises += 1
            if self.double is False and to - self.base >= self.big_bet:
                self.double = True  # S7: after a big bet every raise is big
            self.last_raise = max(self.last_raise, to - self.level)
            self.base, self.opened = to, True
            self.completed = self.completed or kind == "complete"
            self.reopen += 1
            if self.raises >= self.rules.max_raises and not self._heads_up():
                self.capped = True
        elif self.level == 0:
            self.reopen += 1  # a short all-in opening bet is still the first bet those who checked face
        self.level = to
        self.aggressor = player.name

    def _heads_up(self) -> bool:
        return self.acting() <= 2

    def lifts_cap(self, name: str) -> bool:
        """C18: is a raise by ``name`` now past the cap, and allowed only because play is heads-up?"""
        player = self.by_name[name]
        return (self.structure == "limit" and self.raises >= self.rules.max_raises
                and not self.cap_reached() and not (player.acted and player.seen >= self.reopen))

    def cap_reached(self) -> bool:
        """C17 with C18: is another raise over the cap?"""
        if self.raises < self.rules.max_raises:
            return False
        mode = self.rules.headsup_uncapped
        if mode == "never":
            return True
        if mode == "round_start":
            return not self.uncapped
        return self.capped or not self._heads_up()

    def refund(self, name: str, amount: int) -> None:
        """Give back an uncalled bet (C23)."""
        player = self.by_name[name]
        player.stack += amount
        player.committed -= amount
        self.pot -= amount
        player.bet = max(player.bet - amount, 0)
        self._reach = None
