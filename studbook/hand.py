"""A parsed hand: header facts, seats, events and what the log's summary claims.

Frozen dataclasses that write their own ``__init__``, as the events do (see :mod:`studbook.events`: mypyc
compiles a written one, never the generated one).
"""

from __future__ import annotations

from dataclasses import dataclass
from dataclasses import field
from datetime import datetime

from studbook.cards import Card
from studbook.events import Event


@dataclass(frozen=True, slots=True, init=False)
class Seat:
    seat: int
    player: str
    stack: int
    sitting_out: bool = False

    def __init__(self, seat: int, player: str, stack: int, sitting_out: bool = False) -> None:
        object.__setattr__(self, "seat", seat)
        object.__setattr__(self, "player", player)
        object.__setattr__(self, "stack", stack)
        object.__setattr__(self, "sitting_out", sitting_out)


@dataclass(frozen=True, slots=True, init=False)
class SummarySeat:
    """One ``Seat N: ...`` line of a summary: what the site says happened to that player."""

    line: int
    seat: int
    player: str
    outcome: str  # folded | collected | won | lost | mucked | sitting_out | other
    amount: int | None = None
    cards: tuple[Card, ...] = ()
    text: str = ""
    net: int | None = None  # the player's result for the hand, where the site states it (KingsClub)

    def __init__(self, line: int, seat: int, player: str, outcome: str, amount: int | None = None,
                 cards: tuple[Card, ...] = (), text: str = "", net: int | None = None) -> None:
        object.__setattr__(self, "line", line)
        object.__setattr__(self, "seat", seat)
        object.__setattr__(self, "player", player)
        object.__setattr__(self, "outcome", outcome)
        object.__setattr__(self, "amount", amount)
        object.__setattr__(self, "cards", cards)
        object.__setattr__(self, "text", text)
        object.__setattr__(self, "net", net)


@dataclass(frozen=True, slots=True, init=False)
class Summary:
    total_pot: int | None = None
    rake: int | None = None
    main_pot: int | None = None
    side_pots: tuple[int, ...] = ()
    board: tuple[Card, ...] = ()
    seats: tuple[SummarySeat, ...] = ()

    def __init__(self, total_pot: int | None = None, rake: int | None = None, main_pot: int | None = None,
                 side_pots: tuple[int, ...] = (), board: tuple[Card, ...] = (),
                 seats: tuple[SummarySeat, ...] = ()) -> None:
        object.__setattr__(self, "total_pot", total_pot)
        object.__setattr__(self, "rake", rake)
        object.__setattr__(self, "main_pot", main_pot)
        object.__setattr__(self, "side_pots", side_pots)
        object.__setattr__(self, "board", board)
        object.__setattr__(self, "seats", seats)


@dataclass(frozen=True, slots=True, init=False)
class Source:
    file: str
    first_line: int
    last_line: int

    def __init__(self, file: str, first_line: int, last_line: int) -> None:
        object.__setattr__(self, "file", file)
        object.__setattr__(self, "first_line", first_line)
        object.__setattr__(self, "last_line", last_line)


EMPTY_SUMMARY = Summary()  # a Hand's summary when its log has none (frozen: one serves all)


@dataclass(frozen=True, slots=True, init=False)
class Hand:
    site: str
    hand_id: str
    variant: str
    structure: str
    small_bet: int
    big_bet: int
    currency: str | None  # ISO code for cash, None for chips
    start_time: datetime | None  # timezone-aware local time as written
    table: str
    seats: tuple[Seat, ...]
    events: tuple[Event, ...]
    source: Source
    summary: Summary = field(default_factory=Summary)
    ante: int | None = None  # when the header says it; else from PostAnte events
    bring_in: int | None = None  # when the header says it; else from the BringIn event
    max_seats: int | None = None
    tournament_id: str | None = None
    level: str | None = None
    game_label: str | None = None  # mixed-game name: "8-Game", "HORSE", "Triple Stud", ...
    home_game: bool = False
    rules: tuple[tuple[str, str], ...] = ()  # house-rule options stated by the log itself
    inferred: tuple[str, ...] = ()  # stakes the header left out or wrote as 0, read from the hand's bets
    buy_in: str | None = None  # a tournament's buy-in as the header writes it ("$10+$1")

    def __init__(self, site: str, hand_id: str, variant: str, structure: str, small_bet: int, big_bet: int,
                 currency: str | None, start_time: datetime | None, table: str, seats: tuple[Seat, ...],
                 events: tuple[Event, ...], source: Source, summary: Summary = EMPTY_SUMMARY,
                 ante: int | None = None, bring_in: int | None = None, max_seats: int | None = None,
                 tournament_id: str | None = None, level: str | None = None, game_label: str | None = None,
                 home_game: bool = False, rules: tuple[tuple[str, str], ...] = (),
                 inferred: tuple[str, ...] = (), buy_in: str | None = None) -> None:
        object.__setattr__(self, "site", site)
        object.__setattr__(self, "hand_id", hand_id)
        object.__setattr__(self, "variant", variant)
        object.__setattr__(self, "structure", structure)
        object.__setattr__(self, "small_bet", small_bet)
        object.__setattr__(self, "big_bet", big_bet)
        object.__setattr__(self, "currency", currency)
        object.__setattr__(self, "start_time", start_time)
        object.__setattr__(self, "table", table)
        object.__setattr__(self, "seats", seats)
        object.__setattr__(self, "events", events)
        object.__setattr__(self, "source", source)
        object.__setattr__(self, "summary", summary)
        object.__setattr__(self, "ante", ante)
        object.__setattr__(self, "bring_in", bring_in)
        object.__setattr__(self, "max_seats", max_seats)
        object.__setattr__(self, "tournament_id", tournament_id)
        object.__setattr__(self, "level", level)
        object.__setattr__(self, "game_label", game_label)
        object.__setattr__(self, "home_game", home_game)
        object.__setattr__(self, "rules", rules)
        object.__setattr__(self, "inferred", inferred)
        object.__setattr__(self, "buy_in", buy_in)

    @property
    def start_time_utc(self) -> datetime | None:
        from datetime import UTC

        return self.start_time.astimezone(UTC) if self.start_time else None

    @property
    def decimals(self) -> int:
        """Minor-unit digits of the hand's amounts: 2 for cash, 0 for chips."""
        return 2 if self.currency else 0

    def seat_of(self, player: str) -> Seat | None:
        for seat in self.seats:
            if seat.player == player:
                return seat
        return None
