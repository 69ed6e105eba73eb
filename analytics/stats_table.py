"""``studbook stats`` as a table that fits the terminal (or $COLUMNS, 80 by default, in a pipe).

A stats row has about 35 numbers: squeezed into 80 columns, rich would cut every column to three
characters and wrap the numbers. Instead a table shows who each row is and as many of the stats as fit,
whole, in the order given (the key stud stats first), and says below it what it left out. To make room,
headers are short (``VPIP``, ``W$SD``, ``BB/100``), a column of who a row is (site, game, unit) that is
the same in every row is said once below the table, and where the stats still would not fit, site and
game names are abbreviated and the abbreviations spelt out below. A few rows are shown turned on their
side (one column per row), in as many blocks as the width needs. Numbers never wrap; long names do.
Amounts are written as the audit writes them. ``--columns`` chooses the stats, ``--wide`` shows them all
on one line whatever the width.
"""

from __future__ import annotations

import sys
from collections.abc import Sequence
from dataclasses import dataclass
from dataclasses import field
from decimal import Decimal
from typing import TYPE_CHECKING

from rich.console import Console
from rich.table import Table
from rich.text import Text

from studbook.display import cell
from studbook.display import unit_amount
from studbook.rules.variants import VARIANTS

if TYPE_CHECKING:
    import polars as pl

WIDE = 100_000  # characters: --wide never wraps
COLUMN_GAP = 3  # a column's padding and its separator, as rich draws a table without edges
NAME_WIDTH = 18  # characters of a player's name counted when fitting: a longer name wraps
# Short headers of the stats a newcomer reads first; the others keep their names (--columns takes those).
LABELS = {"vpip": "VPIP", "bringin_defend": "BI def", "wtsd": "WTSD", "won_at_showdown": "W$SD",
          "big_bets_per_100": "BB/100", "small_bets_per_100": "SB/100", "ev_big_bets_per_100": "EV BB/100"}
GROUPED_BY = ("game", "unit")  # a table of many rows is printed in groups of these, each titled
OVERALL = "all"  # the game of a player's row over all his games
DECIMALS = {"big_bets_per_100": 2, "small_bets_per_100": 2, "ev_big_bets_per_100": 2, "aggression_factor": 2}
MONEY = ("net", "showdown_net", "non_showdown_net", "ev_net", "luck")  # amounts in the row's unit
# Abbreviated sites and games, used only where the stats would not fit otherwise.
ABBREVIATIONS = {
    "site": {"absolute": "ab", "bovada": "bov", "everleaf": "el", "fulltilt": "ft", "ipoker": "ip",
             "kingsclub": "kc", "merge": "mrg", "ongame": "og", "partypoker": "pp", "pokerstars": "ps",
             "studbook": "sb", "winamax": "wmx"},
    "game": {"descubierto": "desc"},
}


class ColumnError(ValueError):
    """--columns names a column the stats do not have."""


def chosen(frame: pl.DataFrame, key: Sequence[str], columns: Sequence[str],
           aliases: dict[str, str] | None = None) -> pl.DataFrame:
    """The key columns and ``columns``, in the order given; a name not shown may be one of ``aliases`` (a
    view's name for a column shown under another); an unknown name is a :class:`ColumnError`."""
    aliases = aliases or {}
    wanted = [name if name in frame.columns else aliases.get(name, name) for name in columns]
    unknown = [name for name, found in zip(columns, wanted, strict=True) if found not in frame.columns]
    if unknown:
        raise ColumnError(f"no stat named {', '.join(unknown)}; the stats are: "
                          + ", ".join(name for name in frame.columns if name not in key))
    return frame.select(*key, *dict.fromkeys(name for name in wanted if name not in key))


def label(name: str) -> str:
    return LABELS.get(name, name)


def _value(name: str, value: object, unit: str | None) -> str:
    if value is None:
        return ""
    if name in MONEY and unit is not None and isinstance(value, Decimal | float):
        return unit_amount(value, unit)
    if name in DECIMALS and isinstance(value, float):
        return f"{value:.{DECIMALS[name]}f}"
    return str(value)


def _text(frame: pl.DataFrame) -> list[dict[str, str]]:
    """Each row's cells as text: amounts in the row's unit, rates to the places the views round them to,
    empty for no value."""
    return [{name: _value(name, value, row.get("unit")) for name, value in row.items()}
            for row in frame.iter_rows(named=True)]


@dataclass(slots=True)
class _Rows:
    """A row table being fitted: who each row is, its stats as text, the groups of rows it is printed in
    (one per game and unit, titled) and the notes said below it."""

    key: list[str]
    stats: list[str]
    rows: list[dict[str, str]]
    grouped_by: list[str] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)

    def group_rows(self) -> None:
        """One group per game and unit, titled, in the order of the games (the overall rows last):
        the columns they replace leave room for the stats."""
        self.grouped_by = [name for name in GROUPED_BY if name in self.key]
        self.key = [name for name in self.key if name not in self.grouped_by]
        order = {game: index for index, game in enumerate(VARIANTS)}

        def place(row: dict[str, str]) -> tuple:
            group = tuple((order.get(row[name], len(order)), row[name]) for name in self.grouped_by)
            return (*group, row.get("player", "").casefold())

        self.rows.sort(key=place)  # stable: the rows of one name keep the views' order

    def groups(self) -> list[tuple[str, list[dict[str, str]]]]:
        found: dict[str, list[dict[str, str]]] = {}
        for row in self.rows:
            title = ", ".join("all games" if name == "game" and row[name] == OVERALL else row[name]
                              for name in self.grouped_by)
            found.setdefault(title, []).append(row)
        return list(found.items())

    def width(self, name: str) -> int:
        widest = max((len(row[name]) for row in self.rows), default=0)
        return max(len(label(name)), min(widest, NAME_WIDTH) if name == "player" else widest)

    def fitting(self, width: int) -> tuple[list[str], list[str]]:
        """The stats that fit beside the key columns, in order, and those left out."""
        used = sum(self.width(name) + COLUMN_GAP for name in self.key)
        shown, left_out = [], []
        for name in self.stats:
            needed = self.width(name) + COLUMN_GAP
            if used + needed <= width and not left_out:
                shown.append(name)
                used += needed
            else:
                left_out.append(name)
        return shown, left_out

    def drop_constant_key(self) -> None:
        """Say once below the table what every row has in common (the player excepted)."""
        same = [name for name in self.key if name != "player" and len({row[name] for row in self.rows}) == 1]
        if same and len(self.rows) > 1:
            self.notes.append("every row: " + ", ".join(f"{name} {self.rows[0][name]}" for name in same))
            self.key = [name for name in self.key if name not in same]

    def drop_empty_stats(self) -> None:
        """Leave out the stats no row has a value of (a game without a bring-in has no steals)."""
        empty = [name for name in self.stats if not any(row[name] for row in self.rows)]
        if empty and self.rows:
            self.notes.append(f"no value in any row: {', '.join(empty)}")
            self.stats = [name for name in self.stats if name not in empty]

    def abbreviate(self) -> None:
        used: dict[str, str] = {}
        for name, short in ABBREVIATIONS.items():
            if name not in self.key:
                continue
            for row in self.rows:
                if row[name] in short:
                    used[short[row[name]]] = row[name]
                    row[name] = short[row[name]]
        if used:
            self.notes.append(", ".join(f"{short} = {full}" for short, full in sorted(used.items())))

    def tables(self, stats: Sequence[str]) -> list[Table]:
        """A table per group, its title above it; the columns as wide in every one, the header once."""
        widths = {name: self.width(name) for name in (*self.key, *stats)}
        tables = []
        for index, (title, rows) in enumerate(self.groups()):
            table = Table(show_edge=False, header_style="bold", show_header=index == 0,
                          title=cell(title) if title else None, title_justify="left", title_style="bold")
            for name in self.key:
                table.add_column(cell(label(name)), overflow="fold", width=widths[name])
            for name in stats:
                table.add_column(cell(label(name)), justify="right", no_wrap=True, width=widths[name])
            for row in rows:
                table.add_row(*(cell(row[name]) for name in (*self.key, *stats)))
            tables.append(table)
        return tables


def _head(row: dict[str, str], key: Sequence[str]) -> Text:
    return Text("\n").join(cell(row[name]) for name in key)


def _blocks(rows: list[dict[str, str]], key: Sequence[str], stats: Sequence[str],
            width: int) -> list[list[dict[str, str]]]:
    """The rows in runs whose columns fit ``width`` beside the stat names (at least one row a run)."""
    label_width = max(len(label(name)) for name in stats) + COLUMN_GAP
    blocks: list[list[dict[str, str]]] = []
    used = width
    for row in rows:
        needed = max(*(len(line) for line in _head(row, key).plain.split("\n")),
                     *(len(row[name]) for name in stats)) + COLUMN_GAP
        if used + needed > width or not blocks:
            blocks.append([])
            used = label_width
        blocks[-1].append(row)
        used += needed
    return blocks


def _side_tables(rows: _Rows, width: int) -> list[Table]:
    """One column per row, headed by its key values one per line; as many columns per table as fit."""
    tables = []
    for block in _blocks(rows.rows, rows.key, rows.stats, width):
        table = Table(show_edge=False, header_style="bold")
        table.add_column("")
        for row in block:
            table.add_column(_head(row, rows.key), justify="right", no_wrap=True)
        for name in rows.stats:
            table.add_row(cell(label(name)), *(cell(row[name]) for row in block))
        tables.append(table)
    return tables


def write_stats(frame: pl.DataFrame, key: Sequence[str], *, side_by_side_up_to: int, wide: bool,
                chosen_columns: bool = False, notes: Sequence[str] = ()) -> None:
    """Print stats rows to fit the width: up to ``side_by_side_up_to`` rows turned on their side; then
    ``notes`` and what the table left out or abbreviated, below it (on stderr)."""
    console = Console(width=WIDE) if wide else Console()
    width = console.width
    rows = _Rows(list(key), [name for name in frame.columns if name not in key], _text(frame))
    left_out: list[str] = []
    if not chosen_columns and not wide:
        rows.drop_empty_stats()
    if frame.is_empty():
        console.print("(no rows)")
    elif frame.height <= side_by_side_up_to:
        for table in _side_tables(rows, width):
            console.print(table)
    else:
        rows.group_rows()
        if not wide:
            rows.drop_constant_key()
        shown, left_out = rows.fitting(width)
        if left_out and not wide:
            rows.abbreviate()
            shown, left_out = rows.fitting(width)
        for table in rows.tables(shown):
            console.print(table)
    said = [*rows.notes, *notes]
    if left_out:
        said.append(f"{len(left_out)} more columns do not fit in {width} characters: "
                    f"{', '.join(left_out)} (--columns chooses, --wide shows all)")
    sys.stdout.flush()  # the notes go below the table, on a terminal too
    for note in said:
        print(note, file=sys.stderr)
