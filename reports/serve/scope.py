"""The filters most pages share: game, site, cash or tournament, stakes and a span of dates.

They read from the URL (:meth:`Scope.read`), go back into links (:meth:`Scope.query`), and become
the arguments of ``player_stats_for`` (:meth:`Scope.macro_args`) or one SQL condition with bound
parameters over any relation with the hands' columns (:meth:`Scope.condition`).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import date
from datetime import datetime
from datetime import time
from datetime import timedelta
from typing import Any

from studbook.reports.html import Html
from studbook.reports.serve.layout import field
from studbook.reports.serve.layout import select
from studbook.reports.serve.params import Params
from studbook.rules.variants import VARIANTS

KINDS = ("cash", "tournament")


@dataclass(frozen=True, slots=True)
class Choices:
    """What the database holds, for the drop-downs: its sites and stakes."""

    sites: tuple[str, ...]
    stakes: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class Scope:
    game: str | None = None
    site: str | None = None
    kind: str | None = None
    stakes: str | None = None
    since: date | None = None
    until: date | None = None  # the last day included

    @classmethod
    def read(cls, params: Params, choices: Choices) -> Scope:
        return cls(game=params.choice("game", VARIANTS), site=params.choice("site", choices.sites),
                   kind=params.choice("kind", KINDS), stakes=params.choice("stakes", choices.stakes),
                   since=params.day("since"), until=params.day("until"))

    def query(self) -> dict[str, Any]:
        return {"game": self.game, "site": self.site, "kind": self.kind, "stakes": self.stakes,
                "since": self.since, "until": self.until}

    @property
    def start(self) -> datetime | None:
        return datetime.combine(self.since, time()) if self.since else None

    @property
    def end(self) -> datetime | None:
        """The first start time left out: midnight after ``until``."""
        return datetime.combine(self.until + timedelta(days=1), time()) if self.until else None

    def bound(self) -> dict[str, Any]:
        return {"s_game": self.game, "s_site": self.site, "s_kind": self.kind, "s_stakes": self.stakes,
                "s_start": self.start, "s_end": self.end}

    def condition(self, alias: str = "") -> str:
        """The filters over a relation with the hands' ``variant``, ``site``, ``tournament_id``, ``stakes``
        and ``start_utc`` (``alias.`` before each, if given)."""
        a = f"{alias}." if alias else ""
        return (f"($s_game IS NULL OR {a}variant = $s_game) AND ($s_site IS NULL OR {a}site = $s_site) "
                f"AND ($s_kind IS NULL OR ({a}tournament_id IS NOT NULL) = ($s_kind = 'tournament')) "
                f"AND ($s_stakes IS NULL OR {a}stakes = $s_stakes) "
                f"AND ($s_start IS NULL OR {a}start_utc >= $s_start) "
                f"AND ($s_end IS NULL OR {a}start_utc < $s_end)")

    def macro_args(self) -> str:
        """``player_stats_for``'s filter arguments after its first (the player)."""
        return ("$s_game, $s_start, only_kind := $s_kind, only_site := $s_site, only_stakes := $s_stakes, "
                "until := $s_end")

    def fields(self, choices: Choices) -> Sequence[Html]:
        return [select("game", "game", [(name, name) for name in VARIANTS], self.game),
                select("site", "site", [(name, name) for name in choices.sites], self.site),
                select("kind", "kind", [(name, name) for name in KINDS], self.kind),
                select("stakes", "stakes", [(name, name) for name in choices.stakes], self.stakes),
                field("since", "from", self.since, "date"), field("until", "to", self.until, "date")]
