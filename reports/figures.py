"""Plotly figures of the reports, each drawn from a small polars frame a report query returns.

Figures hold numbers and our own labels; labels that come from logs (player names) or hold amounts
go through :func:`plotly_text`, because plotly.js reads a subset of HTML, and LaTeX between two
dollar signs, in any text.
"""

from __future__ import annotations

import html
from collections.abc import Sequence

import plotly.graph_objects as go
import polars as pl
from plotly.subplots import make_subplots

from studbook.analytics.stat_names import Rounds
from studbook.analytics.stat_names import ordinal
from studbook.display import visible
from studbook.reports.html import Html
from studbook.rules.variants import VARIANTS

# docs/stats.md, "The report": total green, showdown blue, non-showdown red.
LINE_COLOURS = {"total": "#2e8b57", "showdown": "#1f5fbf", "non-showdown": "#c0392b"}
EV_LINE = "all-in EV"  # the total with each all-in's expectation orange, dashed (docs/stats.md)
EV_COLOUR = "#e67e22"
HILO_COLOURS = {"scoop": "#2e8b57", "high only": "#1f5fbf", "low only": "#8e44ad", "split": "#d68910"}
SEVERITIES = {"error": ("errors", "#c0392b"), "warning": ("warnings", "#d68910"),
              "info": ("notes", "#95a5a6")}  # the findings of the audit, by severity
GAME_COLOURS = ("#1f5fbf", "#d68910", "#8e44ad", "#2e8b57", "#7f8c8d")
STREETS = ["2nd", "3rd", "4th", "5th", "6th", "7th"]
MARKERS_UP_TO = 60  # points per line; beyond this a line alone reads better
# Points per line of a cumulative chart at most: a few times a screen's width in pixels. A point per hand
# would make the report of a player of a hundred thousand hands tens of MB, with nothing more to see.
MOST_POINTS = 4000


def plotly_text(text: str) -> str:
    """Text from a log as plotly.js shows it literally: escaped HTML, and ``$`` as an entity so
    two dollar signs are not read as a LaTeX formula."""
    return html.escape(visible(text)).replace("$", "&#36;")


def _signed_colours(values: Sequence[float]) -> list[str]:
    return [LINE_COLOURS["total"] if value >= 0 else LINE_COLOURS["non-showdown"] for value in values]


def _layout(figure: go.Figure, title: str, height: int = 380) -> go.Figure:
    figure.update_layout(title={"text": title, "x": 0.01}, height=height, template="plotly_white",
                         margin={"l": 60, "r": 20, "t": 50, "b": 50},
                         legend={"orientation": "h", "y": -0.18})
    return figure


def _where_it_differs(line: Sequence[float], total: Sequence[float]) -> list[float | None]:
    """``line`` where it differs from ``total``, and the points on either side of such a stretch so that
    it leaves and rejoins the total line; elsewhere None (no point: the total line shows it)."""
    apart = [abs(a - b) > 1e-9 * max(1.0, abs(b)) for a, b in zip(line, total, strict=True)]
    return [value if apart[i] or (i > 0 and apart[i - 1]) or (i + 1 < len(apart) and apart[i + 1]) else None
            for i, value in enumerate(line)]


def screen_sized(curve: pl.DataFrame, lines: Sequence[str], most: int = MOST_POINTS) -> pl.DataFrame:
    """At most ``most`` of ``curve``'s rows, in order, each kept whole (its hand number with it): the rows
    fall into runs of consecutive rows, and of each run the first and the last are kept, and for each of
    ``lines`` the row of its lowest and of its highest value. So every line keeps its extremes and its
    end exactly, and its shape to within a run, a fraction of a pixel across. Fewer rows: all kept.

    >>> hands = pl.DataFrame({"hand": range(1, 10_001), "total": [(-1) ** n * n for n in range(10_000)]})
    >>> kept = screen_sized(hands, ["total"], most=100)
    >>> kept.height <= 100, kept["total"].min(), kept["total"].max(), kept.row(-1)
    (True, -9999, 9998, (10000, -9999))
    >>> screen_sized(hands.head(100), ["total"], most=100).equals(hands.head(100))
    True
    """
    if curve.height <= most:
        return curve
    runs = max(1, most // (2 + 2 * len(lines)))  # each run keeps at most its first, last and two a line
    row = pl.col("_row")
    picked = (curve.with_row_index("_row")
              .group_by((row * runs // curve.height).alias("_run"))
              .agg(row.first().alias("_first"), row.last().alias("_last"),
                   *(row.get(pl.col(line).arg_min()).alias(f"_min{i}") for i, line in enumerate(lines)),
                   *(row.get(pl.col(line).arg_max()).alias(f"_max{i}") for i, line in enumerate(lines)))
              .drop("_run").unpivot()["value"].unique())
    return curve.with_row_index("_row").filter(row.is_in(picked.implode())).drop("_row")


def cumulative_net(curve: pl.DataFrame, title: str, y_title: str) -> go.Figure:
    """Lines over hand number: columns ``hand`` and ``total``, ``showdown``, ``non-showdown``, and where
    the frame has it the dashed ``all-in EV`` line, drawn only where it differs from the total (with no
    all-in it is the total, which it would hide). Drawn from at most :data:`MOST_POINTS` rows
    (:func:`screen_sized`)."""
    figure = go.Figure()
    curve = screen_sized(curve, [name for name in (*LINE_COLOURS, EV_LINE) if name in curve.columns])
    mode = "lines+markers" if curve.height <= MARKERS_UP_TO else "lines"
    hands = curve["hand"].to_list()
    for name, colour in LINE_COLOURS.items():
        figure.add_trace(go.Scatter(x=hands, y=curve[name].to_list(), name=name,
                                    mode=mode, line={"color": colour, "width": 2}))
    if EV_LINE in curve.columns:
        ev = _where_it_differs(curve[EV_LINE].to_list(), curve["total"].to_list())
        figure.add_trace(go.Scatter(x=hands, y=ev, name=f"{EV_LINE} (where it differs from the total)",
                                    mode=mode, line={"color": EV_COLOUR, "width": 2, "dash": "dash"}))
    figure.update_xaxes(title="hands")
    figure.update_yaxes(title=y_title, zeroline=True)
    return _layout(figure, title)


def sessions(frame: pl.DataFrame) -> go.Figure:
    """Net (big bets) and hands per session: columns ``session``, ``net_bb``, ``hands``, ``label``."""
    figure = make_subplots(rows=2, cols=1, shared_xaxes=True, vertical_spacing=0.08,
                           subplot_titles=("net per session (big bets)", "hands per session"))
    net = frame["net_bb"].to_list()
    figure.add_trace(go.Bar(x=frame["session"].to_list(), y=net, name="net (big bets)",
                            marker_color=_signed_colours(net),
                            hovertext=frame["label"].to_list(), hoverinfo="text+y"), row=1, col=1)
    figure.add_trace(go.Bar(x=frame["session"].to_list(), y=frame["hands"].to_list(), name="hands",
                            marker_color="#7f8c8d", hovertext=frame["label"].to_list(), hoverinfo="text+y"),
                     row=2, col=1)
    figure.update_xaxes(type="category")
    figure.update_xaxes(title="session", row=2, col=1)
    figure.update_layout(showlegend=False)
    return _layout(figure, "Sessions (a gap of more than 30 minutes starts a new one)", height=480)


def _betting_round(game: str, street: str) -> str:
    """``round 2`` for a game's street (``4th`` in seven card stud, ``3rd`` in five card stud)."""
    streets = [ordinal(int(spec.street)) for spec in VARIANTS[game].streets]
    return f"round {streets.index(street) + 1}"


def street_bars(frame: pl.DataFrame) -> go.Figure:
    """Per street and game: columns ``game``, ``street``, ``aggression_frequency``, ``fold_to_bet``,
    ``saw_pct``; one panel per measure, one bar series per game. Games whose streets differ (seven-card
    and five-card) are compared by betting round, each bar labelled with its game's street."""
    measures = (("aggression_frequency", "aggression %"), ("fold_to_bet", "fold to a bet %"),
                ("saw_pct", "saw the street %"))
    games = frame["game"].unique(maintain_order=True).to_list()
    by_round = Rounds.of(games).mixed
    figure = make_subplots(rows=1, cols=3, subplot_titles=[label for _, label in measures])
    for index, game in enumerate(games):
        rows = frame.filter(pl.col("game") == game)
        streets = rows["street"].to_list()
        x = [_betting_round(game, street) for street in streets] if by_round else streets
        text = [f"{street} street" for street in streets]
        colour = GAME_COLOURS[index % len(GAME_COLOURS)]  # the same in every panel
        for column, (name, _) in enumerate(measures, start=1):
            figure.add_trace(go.Bar(x=x, y=rows[name].to_list(), name=game, marker_color=colour,
                                    text=text if by_round else None, textposition="inside",
                                    hovertext=[f"{game}, {label}" for label in text], hoverinfo="text+y",
                                    legendgroup=game, showlegend=column == 1),
                             row=1, col=column)
    figure.update_yaxes(range=[0, 100])
    if by_round:
        figure.update_xaxes(categoryorder="category ascending", title="betting round")
        return _layout(figure, "Play by betting round (each bar names its game's street)")
    figure.update_xaxes(categoryorder="array", categoryarray=STREETS, title="street")
    return _layout(figure, "Play by street")


def result_bars(frame: pl.DataFrame, category: str, title: str) -> go.Figure:
    """Win rate by a category, one panel per game (each game has its own categories): columns
    ``game``, ``category``, ``hands``, ``bb_per_100``; each label carries its number of hands."""
    games = frame["game"].unique(maintain_order=True).to_list()
    figure = make_subplots(rows=len(games), cols=1, subplot_titles=games, vertical_spacing=0.6 / len(games))
    for row, game in enumerate(games, start=1):
        rows = frame.filter(pl.col("game") == game)
        labels = [f"{name} ({hands})" for name, hands in zip(rows["category"], rows["hands"], strict=True)]
        values = rows["bb_per_100"].to_list()
        figure.add_trace(go.Bar(x=labels, y=values, name=game, hovertext=labels, hoverinfo="text+y",
                                marker_color=_signed_colours(values)), row=row, col=1)
        figure.update_yaxes(title="BB/100", zeroline=True, row=row, col=1)
        figure.update_xaxes(type="category", row=row, col=1)
    figure.update_xaxes(title=f"{category} (hands)", row=len(games), col=1)
    figure.update_layout(showlegend=False)
    return _layout(figure, title, height=120 + 260 * len(games))


FIRST_ROUND_COLOURS = ("#c0392b", "#1f5fbf", "#95a5a6", "#d68910")  # aggressive, call, fold, neither


def door_actions(frame: pl.DataFrame, classes: dict[str, str], title: str) -> go.Figure:
    """Per door card, the share of hands in each of ``classes`` (column: legend name), stacked to 100%;
    one panel per game (a king is not the same door in razz). Columns ``game``, ``door``, ``hands`` and
    the classes; each label carries its number of hands, each piece its count in the hover."""
    games = frame["game"].unique(maintain_order=True).to_list()
    figure = make_subplots(rows=len(games), cols=1, subplot_titles=games, vertical_spacing=0.5 / len(games))
    for row, game in enumerate(games, start=1):
        rows = frame.filter(pl.col("game") == game)
        labels = [f"{door} ({hands})" for door, hands in zip(rows["door"], rows["hands"], strict=True)]
        for index, (column, name) in enumerate(classes.items()):
            counts = rows[column].to_list()
            shares = [100 * count / hands for count, hands in zip(counts, rows["hands"], strict=True)]
            figure.add_trace(go.Bar(
                x=labels, y=shares, name=name, marker_color=FIRST_ROUND_COLOURS[index % 4],
                text=[f"{share:.0f}%" if share >= 8 else "" for share in shares], textposition="inside",
                hovertext=[f"{game}, door {label}: {name} {count} of {hands}" for label, count, hands
                           in zip(labels, counts, rows["hands"], strict=True)], hoverinfo="text+y",
                legendgroup=column, showlegend=row == 1), row=row, col=1)
        figure.update_yaxes(title="% of hands", range=[0, 100], row=row, col=1)
        figure.update_xaxes(type="category", title="door card (hands)", row=row, col=1)
    height = 160 + 280 * len(games)
    figure = _layout(figure, title, height=height)
    # the legend between the title and the first panel's name, where every panel can be read against it
    top, bottom = 110, 50
    figure.update_layout(barmode="stack", margin={"t": top, "b": bottom},
                         title={"yref": "container", "y": 1 - 12 / height, "yanchor": "top"},
                         legend={"orientation": "h", "x": 0, "y": 1 + 30 / (height - top - bottom),
                                 "yanchor": "bottom"})
    return figure


def decision_ev_bars(frame: pl.DataFrame) -> go.Figure:
    """Decision EV in big bets per street, one bar series per game, with a 95% bar for the Monte Carlo
    error: columns ``game``, ``street_index``, ``street`` (``4th`` ...), ``decision_ev_bb``,
    ``ev_error_bb``. Games whose streets differ are compared by betting round, as :func:`street_bars` does."""
    games = frame["game"].unique(maintain_order=True).to_list()
    by_round = Rounds.of(games).mixed
    figure = go.Figure()
    for index, game in enumerate(games):
        rows = frame.filter(pl.col("game") == game)
        values = rows["decision_ev_bb"].to_list()
        streets = rows["street"].to_list()
        x = [f"round {i + 1}" for i in rows["street_index"]] if by_round else streets
        colour = GAME_COLOURS[index % len(GAME_COLOURS)]
        figure.add_trace(go.Bar(x=x, y=values, name=game, marker_color=colour,
                                error_y={"type": "data", "array": [1.96 * e for e in rows["ev_error_bb"]],
                                         "visible": True},
                                hovertext=[f"{game}, {street} street: {value:+.2f} big bets" for street, value
                                           in zip(streets, values, strict=True)], hoverinfo="text"))
    if by_round:
        figure.update_xaxes(title="betting round", type="category", categoryorder="category ascending")
    else:
        figure.update_xaxes(title="street", type="category", categoryorder="array", categoryarray=STREETS)
    figure.update_yaxes(title="decision EV (big bets)", zeroline=True)
    return _layout(figure, "Decision EV by street (big bets; bars mark 95% of the Monte Carlo error)")


def hilo_shares(shares: dict[str, float], pots_won: int) -> go.Figure:
    """A hi/lo game (stud8): how the pots a player won were won (percentages that add up to 100)."""
    figure = go.Figure(go.Bar(x=list(shares), y=list(shares.values()),
                              marker_color=[HILO_COLOURS[name] for name in shares],
                              text=[f"{value:.1f}%" for value in shares.values()], textposition="outside",
                              cliponaxis=False))
    figure.update_yaxes(title="% of pots won", range=[0, 105])
    pots = "the pot won was" if pots_won == 1 else f"the {pots_won} pots won were"
    return _layout(figure, f"Stud hi/lo: how {pots} won")


def count_bars(labels: Sequence[str], counts: Sequence[int], title: str, x_title: str,
               y_title: str) -> go.Figure:
    """Plain counts by label, in the order given; labels may come from logs (player names), so they are
    shown literally."""
    shown = [plotly_text(label) for label in labels]
    figure = go.Figure(go.Bar(x=shown, y=list(counts), marker_color="#1f5fbf"))
    figure.update_xaxes(title=x_title, type="category", categoryorder="array", categoryarray=shown)
    figure.update_yaxes(title=y_title)
    return _layout(figure, title)


def severity_bars(frame: pl.DataFrame, title: str) -> go.Figure:
    """Findings by code, one bar series per severity (errors red, warnings amber, notes grey), each bar
    with its count written on it: columns ``code``, ``severity``, ``violations`` (a code may cite several
    rules: its rows add up)."""
    totals = frame.group_by("code", "severity", maintain_order=True).agg(pl.col("violations").sum())
    figure = go.Figure()
    for severity, (name, colour) in SEVERITIES.items():
        rows = totals.filter(pl.col("severity") == severity)
        if rows.height:
            figure.add_trace(go.Bar(x=[plotly_text(code) for code in rows["code"]],
                                    y=rows["violations"].to_list(), name=name, marker_color=colour,
                                    text=[f"{count:,}" for count in rows["violations"]],
                                    textposition="outside", cliponaxis=False))
    figure.update_xaxes(title="code", type="category")
    figure.update_yaxes(title="found")
    figure = _layout(figure, title)
    figure.update_layout(barmode="stack", legend_traceorder="normal")  # stacked legends run backwards
    return figure


def volume(periods: Sequence[object], hands: Sequence[int], period: str) -> go.Figure:
    """Hands per ``period`` ("day" or "month"), each bar at the period's first day."""
    figure = go.Figure(go.Bar(x=list(periods), y=list(hands), marker_color="#1f5fbf"))
    figure.update_xaxes(title=f"{period} (UTC)")
    figure.update_yaxes(title="hands")
    return _layout(figure, f"Hands per {period}")


class Embedder:
    """Turns figures into ``<div>``s; the first one carries plotly.js inline so the page works offline, or
    loads it from ``plotlyjs``, a URL (``studbook serve`` serves it once for every page)."""

    def __init__(self, plotlyjs: str | None = None) -> None:
        self.included = False
        self.plotlyjs: str | bool = plotlyjs or True

    def __call__(self, figure: go.Figure, div_id: str) -> Html:
        markup = figure.to_html(full_html=False, include_plotlyjs=False if self.included else self.plotlyjs,
                                div_id=div_id, config={"displaylogo": False, "responsive": True})
        self.included = True
        return Html(f'<div class="figure">{markup}</div>')
