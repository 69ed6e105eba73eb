"""A parsed hand: header facts, seats, events and what the log's summary claims."""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime

from studbook.cards import Card
from studbook.events import Event


@dataclass(frozen=True, slots=True)
class Seat:
    seat: int
    player: str
    stack: int
    sitting_out: bool = False


@dataclass(frozen=True, slots=True)
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


@dataclass(frozen=True, slots=True)
class Summary:
    total_pot: int | None = None
    rake: int | None = None
    main_pot: int | None = None
    side_pots: tuple[int, ...] = ()
    board: tuple[Card, ...] = ()
    seats: tuple[SummarySeat, ...] = ()


@dataclass(frozen=True, slots=True)
class Source:
    file: str
    first_line: int
    last_line: int


@dataclass(frozen=True, slots=True)
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
