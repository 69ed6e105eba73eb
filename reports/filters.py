"""The report's ``--player/--game/--since/--kind`` options as one SQL condition with bound parameters.

Values are always bound (``$player`` ...), never pasted into SQL: player names come from logs.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import Any

import duckdb

CONDITION = ("player_matches($player, site, player, identity) AND ($game IS NULL OR variant = $game) "
             "AND ($since IS NULL OR start_utc >= $since) "
             "AND ($kind IS NULL OR (tournament_id IS NOT NULL) = ($kind = 'tournament'))")


@dataclass(frozen=True, slots=True)
class Filters:
    player: str | None = None
    game: str | None = None
    since: datetime | None = None  # compared with the hands' UTC start
    kind: str | None = None  # cash | tournament

    @property
    def params(self) -> dict[str, Any]:
        return {"player": self.player, "game": self.game, "since": self.since, "kind": self.kind}

    def describe(self) -> str:
        parts = [f"game {self.game}" if self.game else "all games"]
        if self.kind:
            parts.append(f"{self.kind} hands only")
        if self.since:
            parts.append(f"hands since {self.since:%Y-%m-%d %H:%M} UTC")
        return ", ".join(parts)


def seat_rows(filters: Filters, columns: str = "*") -> str:
    """A sub-query of the ``seat_facts`` view (one row per hand and player dealt in), filtered."""
    return f"(SELECT {columns} FROM seat_facts WHERE {CONDITION})"


def alias_note(con: duckdb.DuckDBPyConnection, player: str) -> str | None:
    """When ``player`` (SITE:NAME, or a NAME on any site) is one of an alias's names and not the alias:
    that what is shown holds that name's hands only, and which alias holds them all."""
    try:
        aliases = [row[0] for row in con.execute(
            "SELECT DISTINCT alias FROM aliases "
            "WHERE alias <> $1 AND (player = $1 OR site || ':' || player = $1) ORDER BY alias",
            [player]).fetchall()]
    except duckdb.CatalogException:  # a database of an older studbook, from before aliases
        return None
    if not aliases:
        return None
    return (f"{player}: the hands of that name only; it is one of the names of {', '.join(aliases)} "
            f"(--player {aliases[0]} counts all of them)")
