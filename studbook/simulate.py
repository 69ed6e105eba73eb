"""Hands played through studbook's own rules engine, for sample logs, round-trip tests and benchmarks.

:class:`Simulator` seats a table, deals from a shuffled deck and asks the betting machine
(:class:`~studbook.rules.machine.Table`) who is due and what he may do; a seeded
:class:`~studbook.simulate_policy.Policy` picks among those choices. Pots, side pots, halves,
odd chips and uncalled bets come from the same functions the replayer uses, so a simulated hand is
legal by construction and its log replays without a violation. Stacks carry over from hand to hand;
busted players rebuy or leave, others come and go; the clock and the hand numbers move on. Same
setup and seed, same hands.

The events are those the log format gives back when parsed: for PokerStars a completion is a
``Raise`` (a ``Bet`` by the bring-in seat), for studbook logs a ``Complete``.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from dataclasses import field
from dataclasses import replace
from datetime import datetime
from datetime import timedelta
from random import Random
from zoneinfo import ZoneInfo

from studbook import events as ev
from studbook.cards import RANK_CHARS
from studbook.cards import Card
from studbook.hand import Hand
from studbook.hand import Seat
from studbook.hand import Source
from studbook.hand import Summary
from studbook.money import AmountError
from studbook.money import parse_amount
from studbook.rules.house import Rules
from studbook.rules.house import deck
from studbook.rules.house import rules_for
from studbook.rules.machine import Table
from studbook.rules.pots import Pot
from studbook.rules.pots import award_pots
from studbook.rules.pots import build_pots
from studbook.rules.variants import VARIANTS
from studbook.rules.variants import StreetSpec
from studbook.simulate_policy import Policy
from studbook.simulate_policy import Style
from studbook.simulate_policy import strength
from studbook.writers.pokerstars_text import GAMES as POKERSTARS_LABELS
from studbook.writers.pokerstars_text import show_description

GAMES = tuple(VARIANTS)
POKERSTARS_GAMES = tuple(POKERSTARS_LABELS)  # the games the PokerStars writer can name
FORMATS = ("pokerstars", "studbook")
HERO = "Hero"  # the player whose down cards the log shows, as in a log saved by a player
RAKE_PERCENT, RAKE_CAP = 5, 300  # cash games: 5% of the pot up to $3, none when the first street ends it
TABLE_NAMES = ("Atalante", "Gotha", "Dawn", "Laomedon", "Salm", "Educatio", "Mart", "Perseus", "Vesta",
               "Halley", "Ceres", "Ariadne", "Thule", "Boreas", "Lyra", "Nereus")
_SYLLABLES = ("ka", "ro", "mi", "tes", "van", "lo", "dru", "pix", "zen", "ar", "bel", "cor", "fin", "gu",
              "hal", "jo", "nix", "ost", "pa", "qua", "ri", "sol", "tam", "ul", "vin", "wo", "yel")
_EASTERN = ZoneInfo("America/New_York")


class SimulationError(ValueError):
    """A setup that cannot be played (bad stakes, a format that cannot hold the game)."""


@dataclass(frozen=True, slots=True)
class Stakes:
    """Small and big bet (the minimum bet in no-limit), ante, bring-in; ``currency`` None for chips."""

    small_bet: int
    big_bet: int
    ante: int
    bring_in: int
    currency: str | None

    @classmethod
    def parse(cls, text: str | None, game: str) -> Stakes:
        """``SMALL/BIG[/ANTE[/BRING_IN]]``: ``0.10/0.20`` or ``$1/$2`` is dollars, ``10/20`` chips.
        Left out: ante a fifth of the small bet, bring-in half of it (none in a game without one).
        No text: $0.10/$0.20 cash for a limit game; a big-bet game (descubierto) has one minimum
        bet, so 20/20 chips and an ante of 10."""
        variant = VARIANTS[game]
        if text is None:
            text = "$0.10/$0.20" if variant.structure == "limit" else "20/20/10"
        parts = text.replace(" ", "").split("/")
        cash = "$" in text or "." in text
        try:
            amounts = [parse_amount(part, 2 if cash else 0) for part in parts]
        except AmountError as error:
            raise SimulationError(f"bad stakes {text!r}: {error}") from None
        if not 1 <= len(amounts) <= 4 or min(amounts) < 0:
            raise SimulationError(f"bad stakes {text!r}: expected SMALL/BIG[/ANTE[/BRING_IN]]")
        small = amounts[0]
        big = amounts[1] if len(amounts) > 1 else small
        ante = amounts[2] if len(amounts) > 2 else max(1, small // 5)
        bring_in = 0 if variant.bring_in == "none" else (
            amounts[3] if len(amounts) > 3 else max(1, small // 2))
        if small <= 0 or big < small or (bring_in and bring_in >= small):
            raise SimulationError(f"bad stakes {text!r}: need 0 < small <= big, a bring-in below small")
        return cls(small, big, ante, bring_in, "USD" if cash else None)


@dataclass(frozen=True, slots=True)
class Setup:
    """What to simulate: game, table size, seed, stakes, house rules and the log format."""

    game: str = "stud"
    players: int = 6
    seed: int = 0
    stakes: Stakes | None = None
    short_stacks: bool = False
    rules: tuple[str, ...] = ()  # KEY=VALUE house rules; a studbook log states them in its header
    fmt: str = "pokerstars"

    def check(self) -> None:
        if self.game not in VARIANTS:
            raise SimulationError(f"unknown game {self.game!r}: choose from {', '.join(GAMES)}")
        if self.fmt not in FORMATS:
            raise SimulationError(f"unknown format {self.fmt!r}: choose from {', '.join(FORMATS)}")
        if self.fmt == "pokerstars" and self.game not in POKERSTARS_GAMES:
            raise SimulationError(f"PokerStars has no {self.game}: use --format studbook")


@dataclass(frozen=True, slots=True)
class Simulated:
    """One hand, what each player won or lost in it (the engine's net, for round-trip checks) and
    every card each was dealt, in order (the log hides the others' down cards; a peer engine that
    replays the hand needs them)."""

    hand: Hand
    net: dict[str, int]
    cards: dict[str, tuple[Card, ...]]


@dataclass(slots=True)
class _Sitter:
    name: str
    seat: int
    stack: int
    style: Style


@dataclass(slots=True)
class _Session:
    """A table with its players; a new session starts every few hundred hands."""

    table: str
    hands_left: int
    passive: bool  # nearly everyone calls (see Style.draw)
    sitters: dict[int, _Sitter] = field(default_factory=dict)  # seat -> player


class Simulator:
    """Plays hands of one setup, one after another, as one deterministic stream."""

    def __init__(self, setup: Setup) -> None:
        setup.check()
        self.setup = setup
        self.variant = VARIANTS[setup.game]
        self.stakes = setup.stakes or Stakes.parse(None, setup.game)
        self.site = "pokerstars" if setup.fmt == "pokerstars" else "studbook"
        user = Rules.parse(setup.rules) if setup.rules else None
        # A studbook log states its house rules in its header; a PokerStars log cannot, so those hands
        # replay right only with the same --rule options.
        self.stated = _stated(user) if user and self.site == "studbook" else ()
        self.rules = rules_for(self.variant, self.site, self.stated, None if self.stated else user)
        self.deck = sorted(deck(self.rules))
        per_player = self.variant.cards_per_player
        self.max_seats = min(self.rules.max_players, 8 if per_player == 7 else 10,
                             max(2, (len(self.deck) - 1) // per_player + 1))
        if not 2 <= setup.players <= self.max_seats:
            raise SimulationError(f"{setup.game} seats 2 to {self.max_seats} players, not {setup.players}")
        self.rng = Random(f"studbook-simulate:{setup.game}:{setup.seed}")
        self.policy = Policy(self.rng)
        block = (setup.seed % 100_000) * len(GAMES) + GAMES.index(setup.game)
        self.hand_number = 10**11 + block * 10**9
        day = timedelta(days=setup.seed % 3650, hours=self.rng.randrange(24))
        self.clock = datetime(2015, 1, 1, tzinfo=_EASTERN) + day
        self.names: set[str] = {HERO}
        self.session: _Session | None = None

    # -- the table between hands -----------------------------------------------------------------

    def buy_in(self) -> int:
        """A stack for a new or busted player: 15 to 60 big bets, or with ``short_stacks`` often a
        stack that goes all-in on the ante, the bring-in or a bet or two."""
        s, rng = self.stakes, self.rng
        if self.setup.short_stacks and rng.random() < 0.3:
            roll = rng.random()
            if roll < 0.3 and s.ante:
                return rng.randint(1, s.ante)
            if roll < 0.6:
                return s.ante + rng.randint(1, max(s.bring_in, 1))
            return s.ante + rng.randint(s.small_bet, 4 * s.big_bet)
        return rng.randint(15, 60) * s.big_bet + rng.randrange(s.small_bet)

    def new_name(self) -> str:
        while True:
            name = "".join(self.rng.choice(_SYLLABLES) for _ in range(self.rng.randint(2, 3)))
            name = name.capitalize() if self.rng.random() < 0.5 else name
            if self.rng.random() < 0.5:
                name += str(self.rng.randrange(100))
            if name not in self.names:
                self.names.add(name)
                return name

    def open_session(self) -> _Session:
        rng = self.rng
        numeral = ("", " II", " III", " IV", " V")[rng.randrange(5)]
        session = _Session(f"{rng.choice(TABLE_NAMES)}{numeral}", rng.randint(150, 800), rng.random() < 0.15)
        seats = rng.sample(range(1, self.max_seats + 1), self.setup.players)
        for index, seat in enumerate(seats):
            name = HERO if index == 0 else self.new_name()
            session.sitters[seat] = _Sitter(name, seat, self.buy_in(), Style.draw(rng, session.passive))
        return session

    def refresh(self, session: _Session, notes: list[tuple[str, str, int]]) -> None:
        """After a hand: the busted rebuy or go; now and then someone leaves or an empty seat fills."""
        rng = self.rng
        for seat, sitter in list(session.sitters.items()):
            keeps_short = 0.7 if self.setup.short_stacks else 0.2
            if sitter.stack <= 0 or sitter.stack < self.stakes.big_bet and rng.random() > keeps_short:
                if sitter.name != HERO and rng.random() < 0.3:
                    del session.sitters[seat]
                    notes.append(("leave", sitter.name, seat))
                else:
                    sitter.stack = max(sitter.stack, 0) + self.buy_in()
            elif sitter.name != HERO and rng.random() < 0.01:
                del session.sitters[seat]
                notes.append(("leave", sitter.name, seat))
        empty = [seat for seat in range(1, self.max_seats + 1) if seat not in session.sitters]
        if empty and (len(session.sitters) < self.setup.players or rng.random() < 0.005):
            seat = rng.choice(empty)
            name = self.new_name()
            session.sitters[seat] = _Sitter(name, seat, self.buy_in(), Style.draw(rng, session.passive))
            notes.append(("join", name, seat))
        if len(session.sitters) < 2:  # a table never plays alone
            self.refresh(session, notes)

    # -- the stream ----------------------------------------------------------------------------

    def hands(self, count: int) -> Iterator[Simulated]:
        """``count`` hands, each played with the stacks the previous one left."""
        for _ in range(count):
            if self.session is None or self.session.hands_left <= 0:
                self.session = self.open_session()
            session = self.session
            session.hands_left -= 1
            self.hand_number += self.rng.randint(1, 40)
            played = _Play(self, session).run()
            for sitter in session.sitters.values():
                sitter.stack += played.net.get(sitter.name, 0)
            notes: list[tuple[str, str, int]] = []
            self.refresh(session, notes)
            hand = played.hand
            if notes:
                hand = _with_notes(hand, notes)
            self.clock += timedelta(seconds=20 + 3 * len(hand.events) + self.rng.randrange(40))
            yield Simulated(hand, played.net, played.cards)


def _stated(user: Rules) -> tuple[tuple[str, str], ...]:
    """The user's house rules as a log states them (``KEY``, ``VALUE`` text ``rules_for`` reads)."""
    stated = []
    for key in sorted(user.explicit):
        value = getattr(user, key)
        if key == "deck_ranks":
            text = f"{RANK_CHARS[value - 2]}-A"
        elif value is None:
            text = "none"
        else:
            text = str(value).lower()
        stated.append((key, text))
    return tuple(stated)


def _with_notes(hand: Hand, notes: list[tuple[str, str, int]]) -> Hand:
    """The joins and leaves seen while the hand was played, as the log's last lines before the summary."""
    extra = []
    line = hand.source.last_line
    for kind, name, seat in notes:
        line += 1
        text = f"{name} joins the table at seat #{seat}" if kind == "join" else f"{name} leaves the table"
        extra.append(ev.Note(line, kind, text, name))
    return replace(hand, events=hand.events + tuple(extra), source=replace(hand.source, last_line=line))


class _Play:
    """One hand: antes, streets, betting through the machine, showdown and awards, as events."""

    def __init__(self, sim: Simulator, session: _Session) -> None:
        self.sim, self.session = sim, session
        self.stakes = sim.stakes
        self.variant, self.rules = sim.variant, sim.rules
        self.sitters = {s.name: s for s in sorted(session.sitters.values(), key=lambda s: s.seat)}
        seats = [(s.name, s.seat, s.stack) for s in self.sitters.values()]
        self.table = Table(self.variant, self.rules, seats, structure=self.variant.structure,
                           small_bet=self.stakes.small_bet, big_bet=self.stakes.big_bet,
                           bring_in=self.stakes.bring_in or None)
        self.events: list[ev.Event] = []
        self.cards: dict[str, list[Card]] = {name: [] for name in self.sitters}
        self.community: list[Card] = []
        self.pokerstars = sim.site == "pokerstars"

    def emit(self, event: ev.Event) -> None:
        self.events.append(event)

    def line(self) -> int:
        """The log line the next event would have: after the header, table and seat lines."""
        return len(self.events) + 2 + len(self.sitters)

    def act(self, name: str, kind: str, to: int) -> None:
        """Apply one action through the machine (which must find nothing wrong) and log it."""
        table = self.table
        player = table.by_name[name]
        level, before = table.level, player.bet
        all_in = to - before == player.stack and to > before
        issues = table.act(name, kind, to, all_in)
        if issues:
            raise AssertionError(f"simulated {kind} to {to} by {name} broke a rule: {issues}")
        line, cost = self.line(), to - before
        if kind == "fold":
            event: ev.Event = ev.Fold(line, name)
        elif kind == "check":
            event = ev.Check(line, name)
        elif kind == "call":
            event = ev.Call(line, name, cost, all_in)
        elif kind == "bring-in":
            event = ev.BringIn(line, name, cost, all_in)
        elif kind == "bet" or (kind == "complete" and level == 0 and self.pokerstars):
            event = ev.Bet(line, name, cost, all_in)
        elif kind == "complete" and not self.pokerstars:
            event = ev.Complete(line, name, to, all_in)
        else:
            event = ev.Raise(line, name, to, to - level, all_in)
        self.emit(event)

    # -- the hand ------------------------------------------------------------------------------

    def run(self) -> Simulated:
        sim, table, stakes = self.sim, self.table, self.stakes
        rng = sim.rng
        cards = list(sim.deck)
        rng.shuffle(cards)
        for player in table.players:
            if stakes.ante:
                amount = min(stakes.ante, player.stack)
                all_in = amount == player.stack
                issues = table.ante(player.name, amount, all_in, stakes.ante)
                assert not issues, issues
                self.emit(ev.PostAnte(self.line(), player.name, amount, all_in))
        self.return_uncalled()
        ended_on = self.variant.first_street
        for spec in self.variant.streets:
            if len(table.live) <= 1:
                break
            ended_on = spec.street
            self.deal(spec, cards)
            issues = table.start_street(spec.street)
            assert not [i for i in issues if i.severity != "info"], issues
            if table.double is False:
                self.emit(ev.Note(self.line(), "pair_on_board", "Pair on board - a double bet is allowed"))
            self.betting()
            self.return_uncalled()
            if len(table.live) > 1 and self.rules.all_check_ends_hand and table.checked_through():
                break  # Z13: everybody checked, the best hand so far wins
        final = ended_on == self.variant.last_street and table.last is not None
        first_shower = (table.aggressor or table.players[table.opener].name) if final else None
        return self.finish(ended_on, first_shower)

    def deal(self, spec: StreetSpec, cards: list[Card]) -> None:
        """One street's cards: a StreetStart, then each live player's new cards; a community card when
        the deck cannot give everyone his own (S10)."""
        live = self.table.live
        need = spec.down + spec.up
        if len(cards) < need * len(live) and self.rules.out_of_cards == "reshuffle_burns_and_muck":
            mucked = (self.cards[player.name] for player in self.table.players if player.folded)
            cards.extend(card for held in mucked for card in held)
        if len(cards) < need * len(live):
            card = cards.pop()
            self.community.append(card)
            self.emit(ev.StreetStart(self.line(), spec.street, (card,)))
            return
        self.emit(ev.StreetStart(self.line(), spec.street))
        for player in live:
            name = player.name
            down = tuple(cards.pop() for _ in range(spec.down))
            up = tuple(cards.pop() for _ in range(spec.up))
            held = self.cards[name]
            before = tuple(held) if name == HERO else tuple(player.up)  # what the log repeats
            held.extend(down + up)
            seen = down if name == HERO else ()
            if seen or up:
                self.emit(ev.Deal(self.line(), spec.street, name, seen, up, before))
            self.table.deal_up(name, up)

    def betting(self) -> None:
        """One betting round: whoever the machine names acts, until it names nobody."""
        table, sim = self.table, self.sim
        big_bet = self.variant.structure != "limit"
        short_bring_in = False
        while (name := table.next_actor()) is not None:
            choices = table.choices(name)
            sitter = self.sitters[name]
            power = strength(self.variant, self.cards[name] + self.community)
            heads_up = sum(p.can_act for p in table.players) <= 2
            capped = table.cap_reached() if not big_bet else False
            kind, to = sim.policy.decide(choices, sitter.style, power, pot=table.pot, big_bet=big_bet,
                                         short_bring_in=short_bring_in, heads_up=heads_up)
            if kind in ("call", "bring-in", "check", "fold"):  # chips put in, not a street total
                to = table.by_name[name].bet + to
            if kind == "bring-in" and to < (self.stakes.bring_in or 0):
                short_bring_in = True
            elif kind in ("complete", "bet", "raise"):
                short_bring_in = False
            self.act(name, kind, to)
            if not big_bet and not capped and kind == "raise" and table.cap_reached():
                self.emit(ev.Note(self.line(), "capped", "Betting is capped"))

    def return_uncalled(self) -> None:
        """C23: the top contributor's chips nobody can match go back as soon as the round is over."""
        due = self.table.uncalled()
        if due is not None:
            name, amount = due
            self.table.refund(name, amount)
            self.emit(ev.UncalledReturn(self.line(), name, amount))

    # -- showdown and awards -------------------------------------------------------------------

    def finish(self, ended_on: int, first_shower: str | None) -> Simulated:
        table, stakes, sim = self.table, self.stakes, self.sim
        contributions = {p.name: p.committed for p in table.players}
        total = sum(contributions.values())
        live = [p.name for p in table.live]
        rake = 0
        if stakes.currency and ended_on != self.variant.first_street:
            rake = min(total * RAKE_PERCENT // 100, RAKE_CAP)
        pots = self.net_pots(build_pots(contributions, set(live)), total, rake)
        evaluators = self.variant.evaluators(self.rules)
        order = [p.name for p in table.position]
        collected: dict[str, int] = {}
        if len(live) == 1:
            winner = live[0]
            collected[winner] = pots[0].amount
            if pots[0].amount:
                self.emit(ev.Collect(self.line(), winner, pots[0].amount))
            if sim.rng.random() < 0.1:
                self.emit(ev.Show(self.line(), winner, tuple(self.cards[winner]),
                                  self.describe(self.cards[winner])))
            elif self.pokerstars and sim.rng.random() < 0.5:
                self.emit(ev.Muck(self.line(), winner))
        else:
            everyone = {name: self.cards[name] + self.community for name in live}
            results = award_pots(pots, everyone, order, evaluators, self.rules.odd_chip_rule)
            winners = {w.player for result in results for w in result.winners}
            shown = self.show_down(live, order, first_shower, winners)
            results = award_pots(pots, {n: everyone[n] for n in shown}, order, evaluators,
                                 self.rules.odd_chip_rule)
            self.collect(results, collected)
            if self.variant.hi_lo and not any(w.half == "lo" for r in results for w in r.winners):
                self.emit(ev.Note(self.line(), "no_low", "No low hand qualified"))
        net = {name: collected.get(name, 0) - contributions.get(name, 0) for name in self.sitters}
        dealt = {name: tuple(cards) for name, cards in self.cards.items()}
        return Simulated(self.hand(total, rake, pots), net, dealt)

    def net_pots(self, pots: list[Pot], total: int, rake: int) -> list[Pot]:
        """The rake taken from the pots in proportion to their size, odd cents from the largest."""
        if not rake:
            return pots
        shares = [rake * pot.amount // total for pot in pots]
        order = sorted(range(len(pots)), key=lambda i: -(rake * pots[i].amount % total))
        for index in order[: rake - sum(shares)]:
            shares[index] += 1
        return [Pot(pot.amount - share, pot.eligible) for pot, share in zip(pots, shares, strict=True)]

    def show_down(self, live: list[str], order: list[str], first: str | None, winners: set[str]) -> set[str]:
        """Shows and mucks clockwise from the player who must show first (C27): winners, all-in
        players and now and then a loser show, the others muck (their cards go to the summary)."""
        rng = self.sim.rng
        start = order.index(first) if first in order else 0
        shown = set()
        clockwise = order[start:] + order[:start]
        for index, name in enumerate(n for n in clockwise if n in live):
            player = self.table.by_name[name]
            if index == 0 or name in winners or player.all_in or rng.random() < 0.2:
                shown.add(name)
                cards = self.cards[name]
                self.emit(ev.Show(self.line(), name, tuple(cards), self.describe(cards)))
            else:
                self.emit(ev.Muck(self.line(), name, tuple(self.cards[name])))
        return shown

    def describe(self, cards: list[Card]) -> str:
        return show_description(self.variant.name, cards + self.community, self.rules)

    def collect(self, results, collected: dict[str, int]) -> None:
        """Collect lines, the last side pot first (C24); one line per player and pot."""
        names = ["pot"] if len(results) == 1 else ["main"] + (
            ["side"] if len(results) == 2 else [f"side-{i}" for i in range(1, len(results))])
        for result in reversed(results):
            amounts: dict[str, int] = {}
            for winner in result.winners:
                amounts[winner.player] = amounts.get(winner.player, 0) + winner.amount
            for player, amount in amounts.items():
                collected[player] = collected.get(player, 0) + amount
                if amount:
                    self.emit(ev.Collect(self.line(), player, amount, names[result.index]))

    def hand(self, total: int, rake: int, pots: list[Pot]) -> Hand:
        sim, stakes = self.sim, self.stakes
        seats = tuple(Seat(s.seat, s.name, s.stack) for s in self.sitters.values())
        side = len(pots) > 1
        summary = Summary(total_pot=total, rake=rake, main_pot=pots[0].amount if side else None,
                          side_pots=tuple(p.amount for p in pots[1:]) if side else (),
                          board=tuple(self.community))
        return Hand(site=sim.site, hand_id=str(sim.hand_number), variant=self.variant.name,
                    structure=self.variant.structure, small_bet=stakes.small_bet, big_bet=stakes.big_bet,
                    currency=stakes.currency, start_time=sim.clock, table=self.session.table,
                    seats=seats, events=tuple(self.events),
                    source=Source("simulated", 1, self.line()), summary=summary,
                    ante=stakes.ante or None, bring_in=stakes.bring_in or None, max_seats=sim.max_seats,
                    rules=sim.stated)
