"""pokerkit as an independent oracle for the replayer (test-only; the package never imports this).

:func:`play` lets pokerkit's state machine play one random hand of stud, stud8 or razz under a
seeded policy (folds, calls, completions, bets and raises up to pokerkit's cap, checks) with short
stacks, so all-ins on the ante, on the bring-in and mid-hand and side pots all happen, and turns
the operations pokerkit recorded into a studbook :class:`~studbook.hand.Hand` the way a site log
would read, together with each player's net according to pokerkit. :func:`pokerkit_payoffs`
drives pokerkit with a Hand's own events (the other direction, for timing and cross-checks).
The mutation helpers at the end break such a Hand in exactly one way, so a test can check that the
replayer names the fault.

pokerkit ships only fixed-limit seven card games (``FixedLimitSevenCardStud``,
``...HighLowSplitEightOrBetter``, ``FixedLimitRazz``); it has no five card stud, so
``stud5`` and ``descubierto`` have no oracle here.

Where pokerkit and the rulebook's defaults differ, :data:`POKERKIT_RULES` sets studbook's options to
pokerkit's behaviour (preset pokerkit). What no option covers (``test_differential`` pins each down with
a scripted hand of its own):

* pokerkit lets a bring-in all-in for less than the bring-in be *called* for that amount, where
  C12a makes everyone else enter for the full bring-in: the policy completes or folds instead;
* after an all-in completion short of the small bet, pokerkit's next completion must go to that
  total plus a small bet, where studbook (the C19 recommendation) wants the small bet: the policy
  only calls or folds then;
* pokerkit measures a raise against the last increment, which after a completion is the small bet
  less the bring-in, so a short all-in raise of that much reopens the betting; studbook's
  ``full_bet`` rule wants a whole small bet: the policy does not re-raise once it has acted since
  the last full raise;
* pokerkit shows an all-in hand first when its board opens the final round; the show lines follow
  C24/C27 instead (the next player still in action);
* two payout faults of pokerkit itself (a low half paid in a side pot nobody eligible has a low
  for, H8; a main and a side pot merged after the hands that cannot win are killed, so they share
  one odd chip, C24) are detected and listed in :attr:`Played.quirks`: such a hand's nets are no
  oracle.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from collections.abc import Iterator
from dataclasses import dataclass
from dataclasses import replace
from random import Random

from pokerkit import AntePosting
from pokerkit import Automation
from pokerkit import BetCollection
from pokerkit import BoardDealing
from pokerkit import BringInPosting
from pokerkit import Card as PkCard
from pokerkit import CheckingOrCalling
from pokerkit import ChipsPushing
from pokerkit import CompletionBettingOrRaisingTo
from pokerkit import FixedLimitRazz
from pokerkit import FixedLimitSevenCardStud
from pokerkit import FixedLimitSevenCardStudHighLowSplitEightOrBetter
from pokerkit import Folding
from pokerkit import HoleCardsShowingOrMucking
from pokerkit import HoleDealing
from pokerkit import Mode
from pokerkit import State

from studbook.cards import ALL_CARDS
from studbook.cards import Card
from studbook.cards import parse_card
from studbook.cards import parse_cards
from studbook.events import ACTION_TYPES
from studbook.events import Bet
from studbook.events import BringIn
from studbook.events import Call
from studbook.events import Check
from studbook.events import Collect
from studbook.events import Complete
from studbook.events import Deal
from studbook.events import Event
from studbook.events import Fold
from studbook.events import Muck
from studbook.events import PostAnte
from studbook.events import Raise
from studbook.events import Show
from studbook.events import Street
from studbook.events import StreetStart
from studbook.events import UncalledReturn
from studbook.hand import Hand
from studbook.hand import Seat
from studbook.hand import Source
from studbook.hand import Summary
from studbook.rules.house import Rules

GAMES = {
    "stud": FixedLimitSevenCardStud,
    "stud8": FixedLimitSevenCardStudHighLowSplitEightOrBetter,
    "razz": FixedLimitRazz,
}

# the preset pokerkit, option by option; everything else is a studbook default pokerkit already follows.
POKERKIT_RULES = Rules.parse([
    "max_raises=3",  # P3: a counter of 4 = bet or completion + 3 raises
    "headsup_uncapped=never",  # C18: pokerkit has no heads-up exception
    "reopen_rule=full_bet",  # C19: only a full raise (or short all-ins adding up to one) reopens
    "open_pair_double_bet=false",  # P1: 4th street is always the small bet
    "odd_chip_rule=position",  # P4: the remainder goes to the lowest player index
    "out_of_cards=reshuffle_burns_and_muck",  # S11: pokerkit refills the deck from the muck
])

# pokerkit deals, acts and shows when told to; it posts antes, collects bets, kills and pays itself.
AUTOMATIONS = (
    Automation.ANTE_POSTING,
    Automation.BET_COLLECTION,
    Automation.HOLE_CARDS_SHOWING_OR_MUCKING,
    Automation.HAND_KILLING,
    Automation.CHIPS_PUSHING,
    Automation.CHIPS_PULLING,
)

STAKES = ((1, 3, 10, 20), (2, 5, 10, 20), (0, 2, 4, 8), (5, 10, 25, 50), (1, 1, 2, 4))  # ante, BI, SB, BB

_TO_PK = {card: next(iter(PkCard.parse(str(card)))) for card in ALL_CARDS}
_UNKNOWN = next(iter(PkCard.parse("??")))


@dataclass(frozen=True, slots=True)
class Played:
    """One pokerkit hand as a studbook Hand, and what pokerkit says each player won or lost."""

    hand: Hand
    net: dict[str, int]
    quirks: tuple[str, ...] = ()  # where pokerkit's payouts break rules.md (see _Converter.quirks)


def new_state(variant: str, ante: int, bring_in: int, small_bet: int, big_bet: int,
              stacks: tuple[int, ...]) -> State:
    """A pokerkit state for one hand; ante trimming on, because antes layer into side pots (C22)."""
    return GAMES[variant].create_state(AUTOMATIONS, True, ante, bring_in, small_bet, big_bet, stacks,
                                       len(stacks), mode=Mode.TOURNAMENT)


def _card(card: PkCard) -> Card:
    return parse_card(f"{card.rank}{card.suit}")


def _stacks(rng: Random, ante: int, bring_in: int, small_bet: int, count: int) -> tuple[int, ...]:
    """A third of the tables deep; the others mix in short stacks for all-ins on the ante, on the
    bring-in and later, and so side pots."""
    deep = rng.random() < 0.35
    stacks = []
    for _ in range(count):
        roll = 1.0 if deep else rng.random()
        if roll < 0.1 and ante:
            stacks.append(rng.randint(1, ante))  # all-in on the ante
        elif roll < 0.2:
            stacks.append(ante + rng.randint(1, bring_in))  # all-in on the bring-in or the first call
        elif roll < 0.5:
            stacks.append(ante + rng.randint(bring_in + 1, 8 * small_bet))  # all-in mid-hand
        else:
            stacks.append(rng.randint(12 * small_bet, 40 * small_bet))
    return tuple(stacks)


def play(variant: str, seed: int, *, stakes: tuple[int, int, int, int] | None = None,
         stacks: tuple[int, ...] | None = None, cards: str = "", actions: str | None = None,
         calm: bool = False) -> Played:
    """Play one seeded hand in pokerkit and convert it.

    By default everything is random: stakes from :data:`STAKES` (ante, bring-in, small and big
    bet), 2 to 8 players in seats with gaps, stacks from :func:`_stacks`, the random policy.
    ``stakes`` and ``stacks`` fix those (seats are then 1, 2, ...); ``cards`` are the first cards
    dealt, in pokerkit's order (round by round, lowest seat first; 3rd street: down, down, up);
    ``actions`` scripts every decision, one letter each: ``b`` bring-in, ``c`` check or call,
    ``r`` complete, bet or raise, ``f`` fold; ``calm`` players only check and call.
    """
    rng = Random(f"{variant}:{seed}")
    ante, bring_in, small_bet, big_bet = stakes or rng.choice(STAKES)
    if stacks is None:
        stacks = _stacks(rng, ante, bring_in, small_bet, rng.choice((2, 2, 3, 4, 5, 6, 7, 7, 8)))
        seats = tuple(sorted(rng.sample(range(1, 9), len(stacks))))
    else:
        seats = tuple(range(1, len(stacks) + 1))
    state = new_state(variant, ante, bring_in, small_bet, big_bet, stacks)
    fixed = list(parse_cards(cards))
    deck = [card for card in ALL_CARDS if card not in fixed]
    rng.shuffle(deck)
    deck += reversed(fixed)
    policy = _Policy(rng, bring_in, small_bet, big_bet, calm)
    script = iter(actions) if actions is not None else None
    streets: dict[int, int] = {}  # operation index -> pokerkit street index, for the calls made here
    while state.status:
        before, street = len(state.operations), state.street_index
        if state.can_burn_card(_UNKNOWN):
            state.burn_card(_UNKNOWN)  # burns stay unknown: a log never shows them
        elif state.can_deal_hole():
            state.deal_hole((_TO_PK[_draw(deck, state, rng)],))
        elif state.can_deal_board():
            state.deal_board((_TO_PK[_draw(deck, state, rng)],))
        elif script is not None:
            _scripted(state, next(script))
        else:
            policy.act(state)
        streets[before] = street if street is not None else 0
    names = [f"p{seat}" for seat in seats]
    converter = _Converter(variant, state, names, stacks)
    events, net = converter.convert(streets)
    hand = Hand(site="pokerkit", hand_id=f"{variant}-{seed}", variant=variant, structure="limit",
                small_bet=small_bet, big_bet=big_bet, currency=None, start_time=None, table="pokerkit",
                seats=tuple(Seat(*seat) for seat in zip(seats, names, stacks, strict=True)),
                events=tuple(events), source=Source(f"pokerkit-{variant}-{seed}", 1, len(events) + 1),
                summary=Summary(total_pot=sum(converter.committed), rake=0), ante=ante or None,
                bring_in=bring_in, max_seats=8)
    return Played(hand, net, converter.quirks())


def _scripted(state: State, letter: str) -> None:
    {"b": state.post_bring_in, "c": state.check_or_call, "r": state.complete_bet_or_raise_to,
     "f": state.fold}[letter]()


def _draw(deck: list[Card], state: State, rng: Random) -> Card:
    """The next card; when 8 players outrun the deck, pokerkit's own refill from the muck (S11)."""
    if deck:
        return deck.pop()
    refill = [_card(card) for card in (*state.deck_cards, *state.reserved_cards)]  # the muck, once refilled
    return rng.choice(sorted(refill))


class _Policy:
    """The random player, kept away from the betting differences no option covers (module docstring).

    It follows each round as studbook's ``full_bet`` rule sees it: ``base`` is the last full bet
    level and ``acted`` who acted since; such a player may not raise again (C19).
    """

    def __init__(self, rng: Random, bring_in: int, small_bet: int, big_bet: int, calm: bool) -> None:
        self.rng, self.bring_in, self.small_bet, self.big_bet = rng, bring_in, small_bet, big_bet
        self.aggression = 0.0 if calm else rng.choice((0.1, 0.25, 0.45))
        self.folding = 0.0 if calm else 0.18
        self.street: int | None = None
        self.base = 0
        self.acted: set[int] = set()

    def act(self, state: State) -> None:
        if state.street_index != self.street:
            self.street, self.base, self.acted = state.street_index, 0, set()
        actor = state.actor_index
        assert actor is not None
        to = self.choose(state, actor in self.acted)
        unit = self.small_bet if (state.street_index or 0) <= 1 else self.big_bet
        if to is not None and to - self.base >= unit:  # a full completion, bet or raise reopens
            self.base, self.acted = to, set()
        self.acted.add(actor)

    def choose(self, state: State, acted: bool) -> int | None:
        """Act; the new street total when the action was a completion, bet or raise."""
        rng, first, level = self.rng, state.street_index == 0, max(state.bets)
        short_bring_in = first and state.completion_status and 0 < level < self.bring_in
        short_completion = first and not state.completion_status and level < self.small_bet
        can_raise = state.can_complete_bet_or_raise_to() and not short_completion and not acted
        full = state.min_completion_betting_or_raising_to_amount == self.small_bet
        if state.can_post_bring_in():
            if can_raise and full and rng.random() < self.aggression:
                return state.complete_bet_or_raise_to().amount
            state.post_bring_in()
        elif short_bring_in and can_raise:
            if full and rng.random() < 0.5:
                return state.complete_bet_or_raise_to().amount
            state.fold()
        else:
            roll = rng.random()
            if state.checking_or_calling_amount and roll < self.folding and state.can_fold():
                state.fold()
            elif can_raise and roll > 1 - self.aggression:
                return state.complete_bet_or_raise_to().amount
            else:
                state.check_or_call()
        return None


class _Converter:
    """pokerkit operations to studbook events, the way a site log orders them."""

    def __init__(self, variant: str, state: State, names: list[str], stacks: tuple[int, ...]) -> None:
        self.variant, self.state, self.names = variant, state, names
        self.stack = list(stacks)
        self.committed = [0] * len(names)
        self.street_bet = [0] * len(names)
        self.folded = [False] * len(names)
        self.all_in = [False] * len(names)  # sticky, as at a table: a returned excess does not undo it
        self.cards: list[list[Card]] = [[] for _ in names]
        self.events: list[Event] = []
        self.street: int | None = None
        self.aggressive = 0  # completions, bets and raises on this street
        self.last_aggressor: int | None = None  # on this street
        self.dealt: dict[int, tuple[list[Card], list[Card]]] = {}
        self.shown: dict[int, bool] = {}  # player -> showed (True) or mucked, in the order they did
        self.pushed: list[tuple[int, int, int, int | None]] = []  # player, amount, pot, hand type

    def line(self) -> int:
        return len(self.events) + 1

    def convert(self, streets: dict[int, int]) -> tuple[list[Event], dict[str, int]]:
        """All events, and each player's net by pokerkit's final stacks."""
        for index, operation in enumerate(self.state.operations):
            if not isinstance(operation, HoleDealing) and self.dealt:
                self.flush_deals()
            if isinstance(operation, HoleDealing | BoardDealing):
                self.deal(operation, Street(3 + streets[index]))
            else:
                self.on(operation)
        self.finish()
        start, end = self.state.starting_stacks, self.state.stacks
        net = {name: end[i] - start[i] for i, name in enumerate(self.names)}
        mine = self.collected()
        for i, name in enumerate(self.names):
            assert mine[i] - self.committed[i] == net[name], f"bridge lost chips for {name}"
        return self.events, net

    # -- cards ---------------------------------------------------------------------------------

    def deal(self, operation: HoleDealing | BoardDealing, street: Street) -> None:
        if street != self.street:
            self.street = street
            self.street_bet = [0] * len(self.names)
            self.aggressive = 0
            self.last_aggressor = None
            community = tuple(map(_card, operation.cards)) if isinstance(operation, BoardDealing) else ()
            self.events.append(StreetStart(self.line(), street, community))
            if community:
                return
        assert isinstance(operation, HoleDealing), "a community card comes alone"
        down, up = self.dealt.setdefault(operation.player_index, ([], []))
        for card, face_up in zip(operation.cards, operation.statuses, strict=True):
            (up if face_up else down).append(_card(card))
            self.cards[operation.player_index].append(_card(card))

    def flush_deals(self) -> None:
        assert self.street is not None
        for index in sorted(self.dealt):
            down, up = self.dealt[index]
            self.events.append(Deal(self.line(), self.street, self.names[index], tuple(down), tuple(up)))
        self.dealt = {}

    # -- money ---------------------------------------------------------------------------------

    def pay(self, index: int, amount: int) -> bool:
        """Move chips from a stack to the pot; True when that leaves the player all-in."""
        self.stack[index] -= amount
        self.committed[index] += amount
        self.street_bet[index] += amount
        self.all_in[index] = self.all_in[index] or self.stack[index] == 0
        return self.stack[index] == 0

    def on(self, operation: object) -> None:
        """One non-dealing operation: actions become their events, the rest is remembered."""
        line, name = self.line(), self.names[getattr(operation, "player_index", 0)]  # for those with a player
        match operation:
            case AntePosting(player_index=i, amount=amount):
                self.events.append(PostAnte(line, name, amount, self.pay(i, amount)))
            case BringInPosting(player_index=i, amount=amount):
                self.events.append(BringIn(line, name, amount, self.pay(i, amount)))
            case CheckingOrCalling(player_index=i, amount=0):
                self.events.append(Check(line, name))
            case CheckingOrCalling(player_index=i, amount=amount):
                self.events.append(Call(line, name, amount, self.pay(i, amount)))
            case Folding(player_index=i):
                self.folded[i] = True
                self.events.append(Fold(line, name))
            case CompletionBettingOrRaisingTo(player_index=i, amount=to):
                before = self.street_bet[i]
                all_in = self.pay(i, to - before)
                if self.aggressive == 0 and self.street == Street.THIRD:
                    self.events.append(Complete(line, name, to, all_in))
                elif self.aggressive == 0:
                    self.events.append(Bet(line, name, to - before, all_in))
                else:
                    self.events.append(Raise(line, name, to, None, all_in))
                self.aggressive += 1
                self.last_aggressor = i
            case BetCollection(bets=bets):
                self.returns(bets)
            case HoleCardsShowingOrMucking(player_index=i, hole_cards=cards):
                self.shown.setdefault(i, bool(cards))
            case ChipsPushing(amounts=amounts, pot_index=pot, hand_type_index=kind):
                self.pushed += [(i, amount, pot, kind) for i, amount in enumerate(amounts) if amount]

    def returns(self, collected: tuple[int, ...]) -> None:
        """UncalledReturn lines for what pokerkit's bet collection gives back (C23)."""
        live = [i for i, folded in enumerate(self.folded) if not folded]
        if len(live) == 1:  # pokerkit keeps the winner's whole bet out of the pot; a log returns the excess
            (winner,) = live
            others = max(bet for i, bet in enumerate(self.street_bet) if i != winner)
            excess = {winner: max(0, self.street_bet[winner] - others)}
        else:
            excess = {i: self.street_bet[i] - amount for i, amount in enumerate(collected)}
        for index, amount in excess.items():
            if amount > 0:
                self.events.append(UncalledReturn(self.line(), self.names[index], amount))
                self.stack[index] += amount
                self.committed[index] -= amount
                self.street_bet[index] -= amount

    # -- showdown and awards -------------------------------------------------------------------

    def finish(self) -> None:
        """Shows and mucks in showdown order, each with all the player's cards, then the collect lines."""
        for index in self.show_order():
            if self.shown[index]:
                self.events.append(Show(self.line(), self.names[index], tuple(self.cards[index])))
            else:
                self.events.append(Muck(self.line(), self.names[index]))
        live = [i for i, folded in enumerate(self.folded) if not folded]
        if len(live) == 1:
            if sum(self.committed):  # an empty pot (no antes, the bring-in returned) has no collect line
                self.events.append(Collect(self.line(), self.names[live[0]], sum(self.committed)))
            return
        self.events += self.collects()

    def show_order(self) -> list[int]:
        """C27 from pokerkit's last opener (the final round's last aggressor, else its best board), but
        a board that is all-in without having bet yields to the next player still in action (C24, C25):
        pokerkit would show the all-in hand first."""
        count, start = len(self.names), self.state.opener_index or 0
        if self.all_in[start] and start != self.last_aggressor:
            start = next((start + step) % count for step in range(count + 1)
                         if step == count or not (self.folded[(start + step) % count]
                                                  or self.all_in[(start + step) % count]))
        return sorted(self.shown, key=lambda i: (i - start) % count)

    def collects(self) -> list[Collect]:
        """The collect lines: one per player and pot, "main"/"side" when pokerkit made side pots.

        Halves ("hi"/"lo") are written only for a stud8 hand with one pot and nobody all-in, where
        pokerkit's pot is studbook's pot; otherwise a line names the pot alone, as PokerStars does
        (pokerkit drops killed hands from its pots, so its side pots can merge layers studbook keeps
        apart, and a half label would then mean something else).
        """
        pots = {pot for _, _, pot, _ in self.pushed}
        labelled = self.variant == "stud8" and len(pots) == 1 and not any(
            self.all_in[i] and not self.folded[i] for i in range(len(self.names)))
        merged: Counter[tuple[int, int, str | None]] = Counter()
        for index, amount, pot, kind in self.pushed:
            merged[index, pot, ("hi", "lo")[kind] if labelled and kind is not None else None] += amount
        lines = []
        for (index, pot, half), amount in merged.items():
            label = "pot" if len(pots) == 1 else "main" if pot == 0 else "side" if pot == 1 else f"side-{pot}"
            lines.append(Collect(self.line() + len(lines), self.names[index], amount, label, half))
        return lines

    def quirks(self) -> tuple[str, ...]:
        """Where pokerkit's payouts differ from rules.md, so its nets are no oracle for this hand.

        ``low-half-without-low``: pokerkit decides whether a pot has a low half from every player's
        hand, not from the pot's eligible players (``_begin_chips_pushing``), so a side pot nobody
        eligible has a low for still gets a "low" half, shared by all of them (H8 gives it to high).
        ``pots-merged``: pokerkit builds its pots after killing the hands that cannot win, so a main
        pot and a side pot with the same survivors become one pot and share one odd chip (C24 splits
        them separately).
        """
        found = []
        if any(kind == 1 and self.state.get_hand(i, 0, 1) is None for i, _, _, kind in self.pushed):
            found.append("low-half-without-low")
        live = [i for i, folded in enumerate(self.folded) if not folded]
        shared = Counter(pot for pot, _ in {(pot, i) for i, _, pot, _ in self.pushed})  # pot -> winners
        layers = len({self.committed[i] for i in live})  # the pots of C22, cut at live players' totals
        if len(live) > 1 and len(shared) != layers and max(shared.values()) > 1:
            found.append("pots-merged")  # and the merged pot is shared, so an odd chip may move
        return tuple(found)

    def collected(self) -> list[int]:
        amounts = [0] * len(self.names)
        for event in self.events:
            if isinstance(event, Collect):
                amounts[self.names.index(event.player)] += event.amount
        return amounts


def hands(variant: str, count: int) -> Iterator[Played]:
    """Random hands of ``variant`` with seeds 0 .. count - 1."""
    for seed in range(count):
        yield play(variant, seed)


# -- pokerkit driven by a Hand's events (the other direction) -----------------------------------


def pokerkit_payoffs(hand: Hand) -> dict[str, int]:
    """Replay ``hand``'s deals and actions through pokerkit; each player's net by its payouts.

    Shows, collects and returns are pokerkit's own business here (it decides and pays them), so
    this is the same work :func:`studbook.replay.replay` does, done by the reference machine.
    """
    players = [seat.player for seat in sorted(hand.seats, key=lambda s: s.seat)]
    index = {name: i for i, name in enumerate(players)}
    stacks = tuple(seat.stack for seat in sorted(hand.seats, key=lambda s: s.seat))
    state = new_state(hand.variant, hand.ante or 0, hand.bring_in or 0, hand.small_bet, hand.big_bet, stacks)
    for event in hand.events:
        match event:
            case StreetStart(community=community):
                if state.can_burn_card(_UNKNOWN):
                    state.burn_card(_UNKNOWN)
                for card in community:
                    state.deal_board((_TO_PK[card],))
            case Deal(player=player, down=down, up=up):
                state.deal_hole(tuple(_TO_PK[card] for card in down + up), index[player])
            case BringIn():
                state.post_bring_in()
            case Complete(to=to) | Raise(to=to):
                state.complete_bet_or_raise_to(to)
            case Bet(amount=amount):
                state.complete_bet_or_raise_to(amount)
            case Check() | Call():
                state.check_or_call()
            case Fold():
                state.fold()
    assert not state.status, f"pokerkit did not finish {hand.hand_id}"
    return {name: state.stacks[i] - stacks[i] for i, name in enumerate(players)}


# -- mutations: one fault each; None when the hand has no place for it -------------------------

Mutation = Callable[[Hand], tuple[Hand, int] | None]
"""A mutation returns the broken hand and the line of the event it broke."""


def _with(hand: Hand, events: list[Event]) -> Hand:
    return replace(hand, events=tuple(events))


def _actions(hand: Hand) -> list[tuple[int, Event]]:
    return [(i, e) for i, e in enumerate(hand.events) if isinstance(e, ACTION_TYPES)]


def _chips_left(hand: Hand, upto: int) -> dict[str, int]:
    """Each player's stack just before event ``upto`` (antes, bets and returns so far)."""
    left = {seat.player: seat.stack for seat in hand.seats}
    street: Counter[str] = Counter()
    for event in hand.events[:upto]:
        if isinstance(event, StreetStart):
            street.clear()
        elif isinstance(event, PostAnte):
            left[event.player] -= event.amount
        elif isinstance(event, BringIn | Bet | Call):
            left[event.player] -= event.amount
            street[event.player] += event.amount
        elif isinstance(event, Raise | Complete):
            left[event.player] -= event.to - street[event.player]
            street[event.player] = event.to
        elif isinstance(event, UncalledReturn):
            left[event.player] += event.amount
    return left


def swap_actors(hand: Hand) -> tuple[Hand, int] | None:
    """Two players' consecutive like actions (check/check, fold/fold, equal calls) in the wrong order."""
    events = list(hand.events)
    for (i, a), (j, b) in zip(_actions(hand), _actions(hand)[1:], strict=False):
        if j == i + 1 and a.player != b.player and type(a) is type(b) and a == replace(b, player=a.player,
                                                                                    line=a.line):
            events[i], events[j] = replace(b, line=a.line), replace(a, line=b.line)
            return _with(hand, events), a.line
    return None


def wrong_bet_amount(hand: Hand) -> tuple[Hand, int] | None:
    """A full (not all-in) bet one chip short."""
    for i, event in _actions(hand):
        if isinstance(event, Bet) and not event.all_in:
            events = list(hand.events)
            events[i] = replace(event, amount=event.amount - 1)
            return _with(hand, events), event.line
    return None


def wrong_call_amount(hand: Hand) -> tuple[Hand, int] | None:
    """A call (not all-in, so the player can pay it) one chip too big."""
    for i, event in _actions(hand):
        if isinstance(event, Call) and not event.all_in:
            events = list(hand.events)
            events[i] = replace(event, amount=event.amount + 1)
            return _with(hand, events), event.line
    return None


def wrong_raise_amount(hand: Hand) -> tuple[Hand, int] | None:
    """A full (not all-in) raise to one chip more."""
    for i, event in _actions(hand):
        if isinstance(event, Raise) and not event.all_in:
            events = list(hand.events)
            events[i] = replace(event, to=event.to + 1)
            return _with(hand, events), event.line
    return None


def check_facing_bet(hand: Hand) -> tuple[Hand, int] | None:
    """A call turned into a check."""
    for i, event in _actions(hand):
        if isinstance(event, Call) and not event.all_in:
            events = list(hand.events)
            events[i] = Check(event.line, event.player)
            return _with(hand, events), event.line
    return None


def raise_past_cap(hand: Hand) -> tuple[Hand, int] | None:
    """After a completion or bet and three raises, all with chips behind, the next caller raises."""
    unit, aggressive, level = hand.small_bet, 0, 0
    for i, event in enumerate(hand.events):
        if isinstance(event, StreetStart):
            unit = hand.small_bet if event.street <= Street.FOURTH else hand.big_bet
            aggressive, level = 0, 0
        elif isinstance(event, Complete | Bet | Raise):
            level = event.amount if isinstance(event, Bet) else event.to
            # an all-in may be short, and a short one does not count: such a round is left alone
            aggressive = None if event.all_in or aggressive is None else aggressive + 1
        elif isinstance(event, Call) and aggressive == 4 and not event.all_in:
            paid = level - event.amount  # the caller's street total before his call
            if level + unit - paid < _chips_left(hand, i)[event.player]:
                events = list(hand.events)
                events[i] = Raise(event.line, event.player, level + unit)
                return _with(hand, events), event.line
    return None


def duplicate_card(hand: Hand) -> tuple[Hand, int] | None:
    """A later up card replaced by a door card already dealt to someone else."""
    doors = {e.player: e.up[0] for e in hand.events
             if isinstance(e, Deal) and e.street == Street.THIRD and e.up}
    for i, event in enumerate(hand.events):
        if isinstance(event, Deal) and event.street > Street.THIRD and event.up:
            other = next((card for player, card in doors.items() if player != event.player), None)
            if other is not None:
                events = list(hand.events)
                events[i] = replace(event, up=(other,))
                return _with(hand, events), event.line
    return None


def _collect_at(hand: Hand) -> tuple[int, Collect] | None:
    return next(((i, e) for i, e in enumerate(hand.events) if isinstance(e, Collect)), None)


def wrong_collect_winner(hand: Hand) -> tuple[Hand, int] | None:
    """A collect line naming a player who won nothing."""
    found = _collect_at(hand)
    winners = {e.player for e in hand.events if isinstance(e, Collect)}
    losers = [seat.player for seat in hand.seats if seat.player not in winners]
    if found is None or not losers:
        return None
    i, collect = found
    events = list(hand.events)
    events[i] = replace(collect, player=losers[0])
    return _with(hand, events), collect.line


def wrong_collect_amount(hand: Hand) -> tuple[Hand, int] | None:
    """A collect line one chip too big."""
    found = _collect_at(hand)
    if found is None:
        return None
    i, collect = found
    events = list(hand.events)
    events[i] = replace(collect, amount=collect.amount + 1)
    return _with(hand, events), collect.line


def drop_bring_in(hand: Hand) -> tuple[Hand, int] | None:
    """The bring-in line is missing; the next player acts as if it had been posted."""
    for i, event in _actions(hand):
        following = hand.events[i + 1] if i + 1 < len(hand.events) else None
        if isinstance(event, BringIn) and isinstance(following, Call | Fold):
            return _with(hand, [e for j, e in enumerate(hand.events) if j != i]), following.line
    return None


def wrong_bring_in_player(hand: Hand) -> tuple[Hand, int] | None:
    """The bring-in posted by the next player, who then acts in the bring-in card's place."""
    for i, event in _actions(hand):
        following = hand.events[i + 1]
        if isinstance(event, BringIn) and not event.all_in and isinstance(following, Call | Fold):
            events = list(hand.events)
            events[i] = replace(event, player=following.player)
            events[i + 1] = replace(following, player=event.player)
            return _with(hand, events), event.line
    return None


def repeat_action(hand: Hand) -> tuple[Hand, int] | None:
    """A check written twice, in the middle of a round (same line: one log line read twice)."""
    for i, event in _actions(hand):
        if isinstance(event, Check) and isinstance(hand.events[i + 1], ACTION_TYPES):
            return _with(hand, [*hand.events[:i + 1], event, *hand.events[i + 1:]]), event.line
    return None


def stop_before_seventh(hand: Hand) -> tuple[Hand, int] | None:
    """A showdown hand whose log breaks off before 7th street (its award lines kept)."""
    seventh = next((i for i, e in enumerate(hand.events)
                    if isinstance(e, StreetStart) and e.street == Street.SEVENTH), None)
    if seventh is None or not any(isinstance(e, Show) for e in hand.events):
        return None
    kept = [*hand.events[:seventh], *(e for e in hand.events if isinstance(e, Collect))]
    return _with(hand, kept), hand.source.last_line


def beyond_stack(hand: Hand) -> tuple[Hand, int] | None:
    """A player who went all-in with a bet, raise or call sat down with one chip less."""
    for _, event in _actions(hand):
        if isinstance(event, Bet | Call | Raise | Complete) and event.all_in:
            seats = tuple(replace(s, stack=s.stack - 1) if s.player == event.player else s
                          for s in hand.seats)
            return replace(hand, seats=seats), event.line
    return None


def wrong_uncalled_amount(hand: Hand) -> tuple[Hand, int] | None:
    """An uncalled bet returned one chip short."""
    for i, event in enumerate(hand.events):
        if isinstance(event, UncalledReturn) and event.amount > 1:
            events = list(hand.events)
            events[i] = replace(event, amount=event.amount - 1)
            return _with(hand, events), event.line
    return None


def wrong_uncalled_recipient(hand: Hand) -> tuple[Hand, int] | None:
    """An uncalled bet returned to someone else."""
    for i, event in enumerate(hand.events):
        if isinstance(event, UncalledReturn):
            other = next(s.player for s in hand.seats if s.player != event.player)
            events = list(hand.events)
            events[i] = replace(event, player=other)
            return _with(hand, events), event.line
    return None


def drop_uncalled(hand: Hand) -> tuple[Hand, int] | None:
    """An uncalled bet never returned (the log's awards still count it out)."""
    for i, event in enumerate(hand.events):
        if isinstance(event, UncalledReturn):
            return _with(hand, [e for j, e in enumerate(hand.events) if j != i]), hand.source.last_line
    return None


def act_after_fold(hand: Hand) -> tuple[Hand, int] | None:
    """A folded player's later check or call credited to him instead of the real actor."""
    folded: set[str] = set()
    for i, event in _actions(hand):
        if isinstance(event, Fold):
            folded.add(event.player)
        elif isinstance(event, Check) and folded:
            events = list(hand.events)
            events[i] = replace(event, player=sorted(folded)[0])
            return _with(hand, events), event.line
    return None


def wrong_ante(hand: Hand) -> tuple[Hand, int] | None:
    """A full ante posted one chip short."""
    for i, event in enumerate(hand.events):
        if isinstance(event, PostAnte) and not event.all_in and event.amount > 1:
            events = list(hand.events)
            events[i] = replace(event, amount=event.amount - 1)
            return _with(hand, events), event.line
    return None


def wrong_total_pot(hand: Hand) -> tuple[Hand, int] | None:
    """The summary's total pot one chip off."""
    total = hand.summary.total_pot or 0
    return replace(hand, summary=replace(hand.summary, total_pot=total + 1)), hand.source.last_line
