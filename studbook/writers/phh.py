"""A stud Hand as PHH, the Poker Hand History standard (TOML) that pokerkit and research datasets use.

PHH names three of studbook's games: ``F7S`` (stud), ``F7S/8`` (stud8) and ``FR`` (razz), all fixed
limit. The fields are the standard's: ``variant``, ``antes``, ``bring_in``, ``small_bet``, ``big_bet``,
``starting_stacks`` and ``actions`` (every card dealt, ``d dh p1 AcKc8c``, and every player action,
``p1 pb``, ``p2 cbr 4``, ``p3 cc``, ``p4 f``, ``p1 sm AcKc8c9c2d3h4s``), with the optional
``venue``, ``table``, ``hand``, ``time``/``day``/``month``/``year``/``time_zone``, ``seats``,
``seat_count``, ``players``, ``winnings``, ``currency`` and ``ante_trimming_status = true`` (a
player short of the ante posts what he has and plays for what he put in, C22).

Amounts stay exact integers: chips, or cents for a cash hand (said by ``_amounts_in = "cents"``; a
float of dollars would lose the odd cent). What the standard has no field for goes in user-defined
fields, which it allows when their names start with ``_``: ``_site``, ``_rake``, ``_total_pot``,
``_pots`` (the log's main and side pots after rake), ``_rules`` (house rules the log states),
``_tournament``, ``_level`` (a level that is no number) and ``_bring_in_unstated`` (the log never
shows the bring-in: see :func:`_bring_in`). grammar/sites/phh.py reads all of them back.

PHH's stud games are pokerkit's, so a hand they cannot hold is :class:`Unsupported`, skipped and
counted by the export: a community card (8 players on 7th street), a double bet on 4th street
(pokerkit has no open-pair rule) and more raises than pokerkit's cap (it has no heads-up exception).
A raise that nobody left can call is written as the call it comes to, as pokerkit plays it.

Cards the log shows or mucks face up at the end are dealt face known (``d dh``), as PHH records
them; unknown cards are ``??``. Shows and mucks are written only where a showdown happens (two or
more players left); pots, uncalled bets and awards are the reader's business, as in the standard.
"""

from __future__ import annotations

from collections.abc import Iterator
from datetime import UTC
from zoneinfo import ZoneInfo

import tomli_w

from studbook import events as ev
from studbook.cards import Card
from studbook.hand import Hand
from studbook.money import CURRENCY_SYMBOLS
from studbook.sites import display_name
from studbook.writers.pokerstars_text import WriterError

VARIANT_CODES = {"stud": "F7S", "stud8": "F7S/8", "razz": "FR"}
# Cards dealt on each street of the seven card games, face down and face up.
DEALT = {3: (2, 1), 4: (0, 1), 5: (0, 1), 6: (0, 1), 7: (1, 0)}
UNKNOWN = "??"
MAX_RAISES = 3  # after the bet or completion; pokerkit's stud has no heads-up exception (preset pokerkit)


class Unsupported(WriterError):
    """A hand PHH has no way to write: its export skips it and counts it under ``reason``."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


def write_phh(hand: Hand) -> str:
    """The hand as one ``.phh`` document."""
    return tomli_w.dumps(phh_fields(hand))


def write_phh_table(hand: Hand, number: int) -> str:
    """The hand as the table ``[number]`` of a ``.phhs`` file (pokerkit numbers them from 1)."""
    return tomli_w.dumps({str(number): phh_fields(hand)})


def phh_fields(hand: Hand) -> dict[str, object]:
    """The PHH fields of a stud, stud8 or razz hand; :class:`Unsupported` for anything else."""
    code = VARIANT_CODES.get(hand.variant)
    if code is None:
        raise Unsupported(f"PHH has no {hand.variant}")
    if hand.structure != "limit":
        raise Unsupported(f"PHH has no {hand.structure} {hand.variant}")
    if any(isinstance(e, ev.StreetStart) and e.community for e in hand.events):
        raise Unsupported("a community card on 7th street: PHH's stud deals none")
    players = _dealt_in(hand)
    bring_in, shown = _bring_in(hand)
    fields: dict[str, object] = {
        "variant": code,
        "ante_trimming_status": True,
        "antes": [_ante(hand)] * len(players),
        "bring_in": bring_in,
        "small_bet": hand.small_bet,
        "big_bet": hand.big_bet,
        "starting_stacks": [hand.seat_of(name).stack for name in players],  # type: ignore[union-attr]
        "actions": list(_Actions(hand, players).actions()),
        "venue": display_name(hand.site),
        "table": hand.table,
        "hand": int(hand.hand_id) if hand.hand_id.isdigit() else hand.hand_id,
        "seats": [hand.seat_of(name).seat for name in players],  # type: ignore[union-attr]
        "players": players,
        "winnings": _winnings(hand, players),
        "_site": hand.site,
    }
    fields.update(_when(hand))
    if not shown:
        fields["_bring_in_unstated"] = True
    if hand.max_seats:
        fields["seat_count"] = hand.max_seats
    if hand.currency:
        fields.update(currency=hand.currency, _amounts_in="cents")
        if hand.currency in CURRENCY_SYMBOLS:
            fields["currency_symbol"] = CURRENCY_SYMBOLS[hand.currency]
    if hand.tournament_id:
        fields.update(event=f"{fields['venue']} tournament {hand.tournament_id}",
                      _tournament=hand.tournament_id)
    if hand.level:
        fields["level" if hand.level.isdigit() else "_level"] = (
            int(hand.level) if hand.level.isdigit() else hand.level)
    summary = hand.summary
    if summary.rake is not None:
        fields["_rake"] = summary.rake
    if summary.total_pot is not None:
        fields["_total_pot"] = summary.total_pot
    if summary.main_pot is not None:
        fields["_pots"] = [summary.main_pot, *summary.side_pots]
    if hand.rules:
        fields["_rules"] = [f"{key}={value}" for key, value in hand.rules]
    return fields


def _dealt_in(hand: Hand) -> list[str]:
    """The players the hand deals to, in seat order (a seat sitting out is no PHH player)."""
    acting = {e.player for e in hand.events if isinstance(e, (ev.PostAnte, ev.Deal, *ev.ACTION_TYPES))}
    return [seat.player for seat in sorted(hand.seats, key=lambda s: s.seat) if seat.player in acting]


def _ante(hand: Hand) -> int:
    if hand.ante is not None:
        return hand.ante
    return max((e.amount for e in hand.events if isinstance(e, ev.PostAnte)), default=0)


def _bring_in(hand: Hand) -> tuple[int, bool]:
    """The bring-in, and whether the log shows it: stated, or posted in full. PHH needs one anyway: a
    bring-in posted all in is at most the bring-in and all pokerkit then posts; where the bring-in seat
    completes at once, half the small bet, which no action of the hand depends on."""
    if hand.bring_in:
        return hand.bring_in, True
    posted = sorted((e.all_in, e.amount) for e in hand.events if isinstance(e, ev.BringIn))
    if posted:
        all_in, amount = posted[0]
        return amount, not all_in
    return max(hand.small_bet // 2, 1), False


def _winnings(hand: Hand, players: list[str]) -> list[int]:
    """What the log pays each player (collect lines), after rake as the standard asks."""
    won = dict.fromkeys(players, 0)
    for event in hand.events:
        if isinstance(event, ev.Collect) and event.player in won:
            won[event.player] += event.amount
    return list(won.values())


def _when(hand: Hand) -> dict[str, object]:
    """``time`` (local, as the log writes it), ``day``, ``month``, ``year`` and ``time_zone``."""
    when = hand.start_time
    if when is None:
        return {}
    zone = when.tzinfo.key if isinstance(when.tzinfo, ZoneInfo) else None
    if zone is None:
        when, zone = when.astimezone(UTC), "UTC"
    return {"time": when.time().replace(tzinfo=None), "time_zone": zone, "day": when.day,
            "month": when.month, "year": when.year}


class _Actions:
    """The ``actions`` array: a street's deals before its first action, every bet as its ``to`` total."""

    def __init__(self, hand: Hand, players: list[str]) -> None:
        self.hand = hand
        self.players = players
        self.label = {name: f"p{i}" for i, name in enumerate(players, start=1)}
        self.hidden = {name: self._hidden(name) for name in players}
        self.held: dict[str, list[str]] = {name: [] for name in players}  # cards written so far
        self.folded: set[str] = set()
        self.chips = {name: hand.seat_of(name).stack for name in players}  # type: ignore[union-attr]
        self.street = 0
        self.street_bets: dict[str, int] = {}
        self.raises = 0  # bets, completions and raises this street
        self.pending: dict[str, ev.Deal] | None = None  # the street's deals until they are written

    def _hidden(self, name: str) -> list[Card]:
        """The cards the log never deals face known to ``name`` but shows at the end, in shown order."""
        known = {card for e in self.hand.events if isinstance(e, ev.Deal) and e.player == name
                 for card in (*e.down, *e.up)}
        shown: tuple[Card, ...] = ()
        for event in self.hand.events:
            fuller = isinstance(event, ev.Show | ev.Muck) and len(event.cards) > len(shown)
            if fuller and event.player == name:
                shown = event.cards
        for seat in self.hand.summary.seats:
            if seat.player == name and len(seat.cards) > len(shown):
                shown = seat.cards
        return [card for card in shown if card not in known]

    def actions(self) -> Iterator[str]:
        showdown = len(set(self.players) - {e.player for e in self.hand.events if isinstance(e, ev.Fold)}) > 1
        for event in self.hand.events:
            if isinstance(event, ev.StreetStart):
                yield from self.deals()
                self.street, self.street_bets, self.pending, self.raises = int(event.street), {}, {}, 0
            elif isinstance(event, ev.Deal) and self.pending is not None:
                self.pending[event.player] = event
            elif isinstance(event, ev.PostAnte) and event.player in self.chips:
                self.chips[event.player] -= event.amount
            elif isinstance(event, ev.ACTION_TYPES):
                yield from self.deals()
                action = self.action(event)
                if action:
                    yield action
            elif isinstance(event, ev.Show | ev.Muck) and showdown and event.player not in self.folded:
                yield from self.deals()
                shown = "".join(self.held[event.player]) if isinstance(event, ev.Show) else ""
                yield f"{self.label[event.player]} sm {shown}".rstrip()
        yield from self.deals()

    def deals(self) -> Iterator[str]:
        """The street's deals, once: one per player still in, in seat order; a down card the log does
        not show is one the player shows at the end, else ``??``."""
        if self.pending is None or self.street not in DEALT:
            return
        downs, ups = DEALT[self.street]
        for name in self.players:
            if name in self.folded:
                continue
            deal = self.pending.get(name)
            down, up = (list(map(str, deal.down)), list(map(str, deal.up))) if deal else ([], [])
            revealed = self.hidden[name][:max(downs - len(down), 0)]
            del self.hidden[name][:len(revealed)]
            down += map(str, revealed)
            cards = [*down, *[UNKNOWN] * (downs - len(down)), *up, *[UNKNOWN] * (ups - len(up))]
            self.held[name] += cards
            yield f"d dh {self.label[name]} {''.join(cards)}"
        self.pending = None

    def action(self, event: ev.Action) -> str | None:
        """The action's notation; a raise nobody left can call is the call it amounts to (the rest
        comes back uncalled), and a bet nobody can call is no action in PHH."""
        who, bets, name = self.label[event.player], self.street_bets, event.player
        before = bets.get(name, 0)
        match event:
            case ev.Check():
                return f"{who} cc"
            case ev.Fold():
                self.folded.add(name)
                return f"{who} f"
            case ev.BringIn(amount=amount) | ev.Call(amount=amount):
                self.put_in(name, before + amount)
                return f"{who} pb" if isinstance(event, ev.BringIn) else f"{who} cc"
            case ev.Bet(amount=amount):
                to = before + amount
            case ev.Raise(to=to) | ev.Complete(to=to):
                pass
        level = max(bets.values(), default=0)
        if not any(self.chips[other] for other in self.players if other not in self.folded and other != name):
            self.put_in(name, max(level, before))
            return f"{who} cc" if level > before else None
        self.raises += 1
        if self.street == 4 and to > level + self.hand.small_bet:
            raise Unsupported("a double bet on 4th street (open pair): PHH's stud bets the small bet there")
        if self.raises > MAX_RAISES + 1:
            raise Unsupported(f"a bet and more than {MAX_RAISES} raises in a round: PHH's stud caps there")
        self.put_in(name, to)
        return f"{who} cbr {to}"

    def put_in(self, name: str, to: int) -> None:
        """``name``'s chips on this street become ``to`` (at most what he has)."""
        before = self.street_bets.get(name, 0)
        paid = min(to - before, self.chips[name])
        self.chips[name] -= paid
        self.street_bets[name] = before + paid
