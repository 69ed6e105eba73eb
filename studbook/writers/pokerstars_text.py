"""Any stud Hand as a PokerStars hand history, written the way PokerStars writes its own.

The look is the corpus's: two spaces after the header's colon, a trailing space after ``checks``,
``folds``, ``mucks hand``, the seat and total-pot lines; completions written ``raises X to Y``;
``Uncalled bet ($X) returned to``; ``*** SHOW DOWN ***`` before the shows of a contested hand; a
summary whose seat lines are derived from the events (so a Full Tilt hand gets PokerStars' summary).
Parsing the text back gives the same events, up to what PokerStars cannot say: a completion comes
back as a ``Raise`` (or a ``Bet`` by the bring-in seat), a collect loses its hi/lo label, and
notes of other sites are left out. What the Hand does not keep is written in its modern form:
``Hand #`` (not ``Game #``), the currency code after the stakes, a tournament's buy-in as
``Freeroll``.

PokerStars deals no five card stud, so ``stud5`` and ``descubierto`` hands raise
:class:`WriterError` (write them as studbook logs).
"""

from __future__ import annotations

from collections.abc import Iterator
from datetime import datetime
from zoneinfo import ZoneInfo

from studbook import events as ev
from studbook.cards import Card
from studbook.grammar.units import TIMEZONES
from studbook.hand import Hand
from studbook.money import CURRENCY_SYMBOLS
from studbook.rules.evaluate import describe
from studbook.rules.house import Rules
from studbook.rules.variants import VARIANTS

GAMES = {"stud": "7 Card Stud", "stud8": "7 Card Stud Hi/Lo", "razz": "Razz"}
STRUCTURES = {"limit": "Limit", "pot-limit": "Pot Limit", "no-limit": "No Limit"}
STREETS = {3: "3rd STREET", 4: "4th STREET", 5: "5th STREET", 6: "6th STREET", 7: "RIVER"}
FOLDED_ON = {3: "3rd Street", 4: "4th Street", 5: "5th Street", 6: "6th Street", 7: "River"}
# The notes PokerStars writes in its own words, whatever site the hand came from.
FIXED_NOTES = {"capped": "Betting is capped", "pair_on_board": "Pair on board - a double bet is allowed",
               "no_low": "No low hand qualified"}
TRAILING_SPACE_NOTES = ("join", "connection")  # PokerStars ends these lines with a space
_ZONES = {zone: abbreviation for abbreviation, zone in reversed(TIMEZONES.items())}  # first one wins
_EASTERN = ZoneInfo("America/New_York")
_EPOCH = datetime(1970, 1, 1, tzinfo=_EASTERN)  # PokerStars always states a time; a Hand may not


class WriterError(ValueError):
    """A hand the PokerStars format cannot hold."""


def write_pokerstars(hand: Hand) -> str:
    """The hand as PokerStars text, lines ending in ``\\n`` (hands in a file are parted by two blank
    lines more, see :data:`studbook.writers.SEPARATORS`)."""
    if hand.variant not in GAMES:
        raise WriterError(f"PokerStars has no {hand.variant} (hand {hand.hand_id}): write a studbook log")
    return "\n".join(_Writer(hand).lines()) + "\n"


def show_description(variant: str, cards: tuple[Card, ...] | list[Card], rules: Rules | None = None) -> str:
    """PokerStars' words for a shown hand: ``two pair, Queens and Sevens``, ``HI: a pair of Sevens;
    LO: 8,7,5,4,2``, ``Lo: T,5,3,2,A``; the five card games in the same words."""
    game = VARIANTS[variant]
    keys = [evaluator(cards) for evaluator in game.evaluators(rules or Rules())]
    if game.hi_lo:
        high, low = keys
        return f"HI: {describe(high)}" + (f"; LO: {describe(low)}" if low is not None else "")
    return ("Lo: " if game.low_game else "") + describe(keys[0])


def money(amount: int, currency: str | None) -> str:
    """``$0.04``, ``$11`` (whole amounts lose their cents), ``2500`` for chips; no thousands marks."""
    if not currency:
        return str(amount)
    whole, cents = divmod(amount, 100)
    return f"{CURRENCY_SYMBOLS.get(currency, '')}{whole}" + (f".{cents:02d}" if cents else "")


def _stamp(when: datetime) -> str:
    return f"{when:%Y/%m/%d} {when.hour}:{when:%M:%S}"


def when_text(when: datetime | None) -> str:
    """``2009/11/26 10:08:43 ET``, or local time with the ET time in brackets for another zone."""
    when = when or _EPOCH
    zone = when.tzinfo.key if isinstance(when.tzinfo, ZoneInfo) else None
    if zone == "America/New_York":
        return f"{_stamp(when)} ET"
    name = zone_name(when)
    if name is None:
        return f"{_stamp(when.astimezone(_EASTERN))} ET"
    return f"{_stamp(when)} {name} [{_stamp(when.astimezone(_EASTERN))} ET]"


def zone_name(when: datetime) -> str | None:
    """The abbreviation a log writes for ``when``'s zone, as the readers know it: the zone's first name in
    TIMEZONES, one name all year as PokerStars writes ``CET`` and ``ET`` — but a summer-time name only
    in summer (``BST`` in July, ``GMT`` in December for Europe/London: zoneinfo's name for the date).
    None when no name the readers know gives the same time."""
    zone = when.tzinfo.key if isinstance(when.tzinfo, ZoneInfo) else None
    name = _ZONES.get(zone) if zone is not None else None
    if name is None:
        return None
    if name not in _summer_names(zone, when.year) or when.tzname() == name:
        return name
    dated = when.tzname()
    if dated in TIMEZONES and when.astimezone(ZoneInfo(TIMEZONES[dated])).utcoffset() == when.utcoffset():
        return dated
    return None


def _summer_names(zone: str, year: int) -> set[str | None]:
    """The names zoneinfo gives ``zone`` under daylight saving time in ``year`` (either hemisphere)."""
    times = (datetime(year, month, 1, tzinfo=ZoneInfo(zone)) for month in (1, 7))
    return {when.tzname() for when in times if when.dst()}


def _cards(cards: tuple[Card, ...] | list[Card]) -> str:
    return " ".join(map(str, cards))


class _Writer:
    """One hand's lines; tracks each street's bets to write raises as ``raises BY to TO``."""

    def __init__(self, hand: Hand) -> None:
        self.hand = hand
        self.currency = hand.currency
        self.level = 0
        self.street_bets: dict[str, int] = {}
        self.live = {e.player for e in hand.events if type(e) is ev.PostAnte or type(e) is ev.Deal}
        self.handlers = {
            ev.PostAnte: self.ante, ev.StreetStart: self.street, ev.Deal: self.deal,
            ev.BringIn: self.bring_in, ev.Check: self.check, ev.Fold: self.fold, ev.Bet: self.bet,
            ev.Call: self.call, ev.Raise: self.raise_, ev.Complete: self.raise_,
            ev.UncalledReturn: self.uncalled, ev.Show: self.show, ev.Muck: self.muck,
            ev.Collect: self.collect, ev.Note: self.note,
        }

    def m(self, amount: int) -> str:
        return money(amount, self.currency)

    def lines(self) -> Iterator[str]:
        hand = self.hand
        yield self.header()
        yield f"Table '{hand.table}'" + (f" {hand.max_seats}-max" if hand.max_seats else "")
        for seat in hand.seats:
            yield f"Seat {seat.seat}: {seat.player} ({self.m(seat.stack)} in chips) " + (
                "is sitting out" if seat.sitting_out else "")
        showdown = self.showdown_index()
        handlers = self.handlers
        for index, event in enumerate(hand.events):
            if index == showdown:
                yield "*** SHOW DOWN ***"
            line = handlers[type(event)](event)
            if line is not None:
                yield line
        yield "*** SUMMARY ***"
        yield from _Summary(hand, self.m).lines()

    def header(self) -> str:
        hand = self.hand
        stakes = f"{self.m(hand.small_bet)}/{self.m(hand.big_bet)}"
        game = f"{GAMES[hand.variant]} {STRUCTURES[hand.structure]}"
        when = when_text(hand.start_time)
        home = " Home Game" if hand.home_game else ""
        if hand.tournament_id:
            level = f"Level {hand.level or 'I'} ({stakes})"
            mix = f"{hand.game_label} ({game}) - {level}" if hand.game_label else f"{game} - {level}"
            return (f"PokerStars{home} Hand #{hand.hand_id}: Tournament #{hand.tournament_id}, Freeroll {mix}"
                    f" - {when}")
        money_words = f"{stakes}{' ' + hand.currency if hand.currency else ''}"
        game = f"{hand.game_label} ({game}, {money_words})" if hand.game_label else f"{game} ({money_words})"
        return f"PokerStars{home} Hand #{hand.hand_id}:  {game} - {when}"

    def showdown_index(self) -> int | None:
        """Before the first show, muck or award after the last deal or action, when 2+ players are left."""
        events = self.hand.events
        last = -1
        folded = set()
        for index, event in enumerate(events):
            kind = type(event)
            if kind is ev.Fold:
                folded.add(event.player)
            if kind in _PLAY:
                last = index
        dealt = {e.player for e in events if type(e) is ev.PostAnte or type(e) is ev.Deal}
        if len(dealt - folded) < 2:
            return None
        return next((i for i in range(last + 1, len(events)) if type(events[i]) in _ENDINGS), None)

    # -- one line per event (None: nothing to write) -------------------------------------------

    def ante(self, event: ev.PostAnte) -> str:
        return f"{event.player}: posts the ante {self.m(event.amount)}{_all_in(event)}"

    def street(self, event: ev.StreetStart) -> str:
        self.level, self.street_bets = 0, {}
        marker = STREETS.get(int(event.street))
        if marker is None:
            raise WriterError(f"PokerStars has no {event.street.label} street (hand {self.hand.hand_id})")
        return f"*** {marker} ***" + (f" [{_cards(event.community)}]" if event.community else "")

    def deal(self, event: ev.Deal) -> str | None:
        new = event.down + event.up
        if not new:
            return None  # a down card nobody saw: PokerStars writes no line
        before = f"[{_cards(event.shown_before)}] " if event.shown_before else ""
        return f"Dealt to {event.player} {before}[{_cards(new)}]"

    def _put(self, player: str, to: int) -> None:
        self.street_bets[player] = to
        self.level = max(self.level, to)

    def bring_in(self, event: ev.BringIn) -> str:
        self._put(event.player, self.street_bets.get(event.player, 0) + event.amount)
        return f"{event.player}: brings in for {self.m(event.amount)}{_all_in(event)}"

    def check(self, event: ev.Check) -> str:
        return f"{event.player}: checks "

    def fold(self, event: ev.Fold) -> str:
        self.live.discard(event.player)
        return f"{event.player}: folds "

    def bet(self, event: ev.Bet) -> str:
        self._put(event.player, self.street_bets.get(event.player, 0) + event.amount)
        return f"{event.player}: bets {self.m(event.amount)}{_all_in(event)}"

    def call(self, event: ev.Call) -> str:
        self._put(event.player, self.street_bets.get(event.player, 0) + event.amount)
        return f"{event.player}: calls {self.m(event.amount)}{_all_in(event)}"

    def raise_(self, event: ev.Raise | ev.Complete) -> str:
        """A raise or completion; over no bet at all (the bring-in seat completing) it is a bet."""
        level, before = self.level, self.street_bets.get(event.player, 0)
        self._put(event.player, event.to)
        if level == 0:
            return f"{event.player}: bets {self.m(event.to - before)}{_all_in(event)}"
        by = event.by if type(event) is ev.Raise and event.by is not None else event.to - level
        return f"{event.player}: raises {self.m(by)} to {self.m(event.to)}{_all_in(event)}"

    def uncalled(self, event: ev.UncalledReturn) -> str:
        return f"Uncalled bet ({self.m(event.amount)}) returned to {event.player}"

    def show(self, event: ev.Show) -> str:
        described = f" ({event.description})" if event.description else ""
        return f"{event.player}: shows [{_cards(event.cards)}]{described}"

    def muck(self, event: ev.Muck) -> str:
        verb = "mucks hand" if len(self.live) > 1 else "doesn't show hand"
        return f"{event.player}: {verb} "

    def collect(self, event: ev.Collect) -> str:
        kind, _, number = event.pot.partition("-")
        pot = "pot" if kind not in ("main", "side") else f"{kind} pot" + (f"-{number}" if number else "")
        return f"{event.player} collected {self.m(event.amount)} from {pot}"

    def note(self, event: ev.Note) -> str | None:
        if event.kind in FIXED_NOTES:
            return FIXED_NOTES[event.kind]
        if self.hand.site != "pokerstars":
            return None  # another site's words: no PokerStars line says them
        return event.text + (" " if event.kind in TRAILING_SPACE_NOTES else "")


_PLAY = (ev.StreetStart, ev.Deal, *ev.ACTION_TYPES)
_ENDINGS = (ev.Show, ev.Muck, ev.Collect)


def _all_in(event: object) -> str:
    return " and is all-in" if event.all_in else ""  # type: ignore[attr-defined]


class _Summary:
    """The summary section: total pot and rake, the board, and one line per seat from the events."""

    def __init__(self, hand: Hand, m) -> None:
        self.hand, self.m = hand, m

    def lines(self) -> Iterator[str]:
        hand, m = self.hand, self.m
        summary = hand.summary
        total, collected = self.totals()
        rake = summary.rake if summary.rake is not None else (total - collected if collected else 0)
        parts = ""
        if summary.main_pot is not None:
            sides = summary.side_pots
            names = ["Side pot"] if len(sides) == 1 else [f"Side pot-{i}" for i in range(1, len(sides) + 1)]
            parts = f" Main pot {m(summary.main_pot)}." + "".join(
                f" {name} {m(amount)}." for name, amount in zip(names, sides, strict=True))
        yield f"Total pot {m(total)}{parts} | Rake {m(rake)} "
        board = summary.board or tuple(
            card for event in hand.events if type(event) is ev.StreetStart for card in event.community)
        if board:
            yield f"Board [{_cards(board)}]"
        yield from self.seat_lines()

    def totals(self) -> tuple[int, int]:
        """The summary's total pot (else the chips put in) and what the collect lines hand out."""
        put_in, collected = 0, 0
        street: dict[str, int] = {}
        for event in self.hand.events:
            kind = type(event)
            if kind is ev.StreetStart:
                street = {}
            elif kind in (ev.PostAnte, ev.BringIn, ev.Bet, ev.Call):
                put_in += event.amount
                if kind is not ev.PostAnte:
                    street[event.player] = street.get(event.player, 0) + event.amount
            elif kind in (ev.Raise, ev.Complete):
                put_in += event.to - street.get(event.player, 0)
                street[event.player] = event.to
            elif kind is ev.UncalledReturn:
                put_in -= event.amount
            elif kind is ev.Collect:
                collected += event.amount
        total = self.hand.summary.total_pot
        return (put_in if total is None else total), collected

    def seat_lines(self) -> Iterator[str]:
        hand, m = self.hand, self.m
        first_street = VARIANTS[hand.variant].first_street
        street = 0
        folded: dict[str, int] = {}
        paid_first: set[str] = set()  # put chips in on the first street beyond the ante
        dealt: set[str] = set()
        shown: dict[str, ev.Show] = {}
        mucked: dict[str, tuple[Card, ...]] = {}
        won: dict[str, int] = {}
        community: list[Card] = []
        for event in hand.events:
            kind = type(event)
            if kind is ev.StreetStart:
                street = int(event.street)
                community.extend(event.community)
            elif kind is ev.PostAnte or kind is ev.Deal:
                dealt.add(event.player)
            elif kind is ev.Fold:
                folded[event.player] = street
            elif kind is ev.Show:
                shown[event.player] = event
            elif kind is ev.Muck:
                mucked[event.player] = event.cards
            elif kind is ev.Collect:
                won[event.player] = won.get(event.player, 0) + event.amount
            elif kind in _PAYING and street == first_street:
                paid_first.add(event.player)
        logged = {seat.player: seat for seat in hand.summary.seats}
        contested = len(dealt - set(folded)) > 1  # an uncontested winner who shows still just "collected"
        for seat in hand.seats:
            name = seat.player
            head = f"Seat {seat.seat}: {name}"
            if name not in dealt:
                yield f"{head} is sitting out"
            elif name in folded:
                spent = "" if folded[name] != first_street or name in paid_first else " (didn't bet)"
                yield f"{head} folded on the {FOLDED_ON.get(folded[name], 'River')}{spent}"
            elif name in shown and contested:
                show = shown[name]
                described = show.description or show_description(hand.variant, [*show.cards, *community])
                result = f"won ({m(won[name])})" if name in won else "lost"
                yield f"{head} showed [{_cards(show.cards)}] and {result} with {described}"
            elif name in won:
                yield f"{head} collected ({m(won[name])})"
            else:
                cards = mucked.get(name) or (logged[name].cards if name in logged else ())
                yield f"{head} mucked" + (f" [{_cards(cards)}]" if cards else "")


_PAYING = (ev.BringIn, ev.Bet, ev.Call, ev.Raise, ev.Complete)
