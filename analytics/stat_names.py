"""What the stats that count betting rounds are called, for the games a table or a report shows.

The views name them after seven card stud's streets (``saw_4th`` is the second betting round of every
game: 3rd street in the five-card games), so their columns stay the same whatever was imported. What a
person reads names the streets and actions of the games shown instead: seven card stud's streets, the
five-card games' own (2nd to 5th), or the betting round where games with other streets are mixed.
Descubierto has no bring-in to complete: its first-in action is a bet.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from studbook.rules.variants import VARIANTS

# The stats of one betting round (0 is the first), by their names in the views.
ROUND_OF = {"aggression_3rd": 0, "saw_4th": 1, "saw_5th": 2, "saw_6th": 3, "saw_7th": 4, "won_saw_4th": 1}
OPENING = "complete_first_in"  # the first aggressive action in an unopened pot: a completion or a bet
COMPLETIONS = "completes"  # per street (stats --streets): none in a game without a bring-in
SEVEN_CARD = "stud"  # the streets named when no game is known (an empty table)


def ordinal(number: int) -> str:
    """``2nd``, ``3rd``, ``4th`` ... (the streets and rounds of stud are 2 to 7).

    >>> [ordinal(n) for n in (1, 2, 3, 4, 11)]
    ['1st', '2nd', '3rd', '4th', '11th']
    """
    suffix = "th" if 10 <= number % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(number % 10, "th")
    return f"{number}{suffix}"


@dataclass(frozen=True, slots=True)
class Rounds:
    """The betting rounds of a set of games, named by their streets where the games agree on them."""

    games: tuple[str, ...]  # variant names, sorted; other values (the overall row "all") are left out

    @classmethod
    def of(cls, games: Iterable[str]) -> Rounds:
        return cls(tuple(sorted({game for game in games if game in VARIANTS})))

    @property
    def _streets(self) -> list[tuple[int, ...]]:
        """Each game's streets, once per distinct list (seven card stud's when no game is known)."""
        games = self.games or (SEVEN_CARD,)
        found = {tuple(int(spec.street) for spec in VARIANTS[game].streets) for game in games}
        return sorted(found, key=len, reverse=True)

    @property
    def mixed(self) -> bool:
        """Games whose betting rounds are on different streets (seven-card and five-card games)."""
        return len(self._streets) > 1

    def has_round(self, index: int) -> bool:
        return any(index < len(streets) for streets in self._streets)

    def street(self, index: int) -> str:
        """Round ``index`` in a column name: ``4th``, ``3rd`` (five-card games) or ``round2`` (mixed).

        >>> [Rounds.of(games).street(1) for games in (["stud", "stud8"], ["stud5"], ["stud", "stud5"])]
        ['4th', '3rd', 'round2']
        """
        return f"round{index + 1}" if self.mixed else ordinal(self._streets[0][index])

    def phrase(self, index: int) -> str:
        """Round ``index`` in a sentence: ``4th street``, or where the games name it differently
        ``the 2nd betting round (3rd street in stud5; 4th street in stud)``.

        >>> Rounds.of(["stud", "stud8", "stud5"]).phrase(1)
        'the 2nd betting round (3rd street in stud5; 4th street in stud, stud8)'
        """
        if not self.mixed:
            return f"{ordinal(self._streets[0][index])} street"
        streets: dict[int, list[str]] = {}
        for game in self.games:
            spec = VARIANTS[game].streets
            if index < len(spec):
                streets.setdefault(int(spec[index].street), []).append(game)
        per_game = "; ".join(f"{ordinal(street)} street in {', '.join(games)}"
                             for street, games in sorted(streets.items()))
        return f"the {ordinal(index + 1)} betting round ({per_game})"

    def later(self) -> str:
        """The rounds after the first: ``4th-7th street``, ``3rd-5th street``, ``betting rounds 2-5``."""
        if self.mixed:
            return f"betting rounds 2-{len(self._streets[0])}"
        streets = self._streets[0]
        return f"{ordinal(streets[1])}-{ordinal(streets[-1])} street"

    def opening(self) -> str:
        """The first-in action: ``complete`` (over a bring-in), ``bet`` (no bring-in: descubierto) or
        ``open`` (games of both kinds)."""
        kinds = {VARIANTS[game].bring_in != "none" for game in self.games or (SEVEN_CARD,)}
        return "open" if len(kinds) > 1 else "complete" if kinds == {True} else "bet"

    def column(self, name: str) -> str | None:
        """A view column's name for these games; None for the round none of them has (five-card games
        have four rounds, so no ``saw_7th``) and for completions where no game has a bring-in.

        >>> five = Rounds.of(["stud5"])
        >>> five.column("saw_4th"), five.column("aggression_3rd"), five.column("saw_7th"), five.column("vpip")
        ('saw_3rd', 'aggression_2nd', None, 'vpip')
        >>> mixed, seven = Rounds.of(["descubierto", "stud"]), Rounds.of(["stud"])
        >>> mixed.column("complete_first_in"), mixed.column("saw_4th"), seven.column("saw_4th")
        ('open_first_in', 'saw_round2', 'saw_4th')
        """
        if name == OPENING:
            return f"{self.opening()}_first_in"
        if name == COMPLETIONS and self.opening() == "bet":
            return None  # nothing to complete: the per-street count is 0 by the game's rules
        if name not in ROUND_OF:
            return name
        index = ROUND_OF[name]
        if not self.has_round(index):
            return None
        return name.replace(ordinal(index + 3), self.street(index))
