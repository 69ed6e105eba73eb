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

from studbook.display import visible
from studbook.reports.html import Html

# docs/stats.md, "The report": total green, showdown blue, non-showdown red.
LINE_COLOURS = {"total": "#2e8b57", "showdown": "#1f5fbf", "non-showdown": "#c0392b"}
EV_LINE = "all-in EV"  # the total with each all-in's expectation orange, dashed (docs/stats.md)
EV_COLOUR = "#e67e22"
HILO_COLOURS = {"scoop": "#2e8b57", "high only": "#1f5fbf", "low only": "#8e44ad", "split": "#d68910"}
GAME_COLOURS = ("#1f5fbf", "#d68910", "#8e44ad", "#2e8b57", "#7f8c8d")
STREETS = ["2nd", "3rd", "4th", "5th", "6th", "7th"]
MARKERS_UP_TO = 60  # points per line; beyond this a line alone reads better


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


def cumulative_net(curve: pl.DataFrame, title: str, y_title: str) -> go.Figure:
    """Lines over hand number: columns ``hand`` and ``total``, ``showdown``, ``non-showdown``, and the
    dashed ``all-in EV`` line where the frame has it."""
    figure = go.Figure()
    mode = "lines+markers" if curve.height <= MARKERS_UP_TO else "lines"
    for name, colour in LINE_COLOURS.items():
        figure.add_trace(go.Scatter(x=curve["hand"].to_list(), y=curve[name].to_list(), name=name,
                                    mode=mode, line={"color": colour, "width": 2}))
    if EV_LINE in curve.columns:
        figure.add_trace(go.Scatter(x=curve["hand"].to_list(), y=curve[EV_LINE].to_list(), name=EV_LINE,
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


def street_bars(frame: pl.DataFrame) -> go.Figure:
    """Per street and game: columns ``game``, ``street``, ``aggression_frequency``, ``fold_to_bet``,
    ``saw_pct``; one panel per measure, one bar series per game."""
    measures = (("aggression_frequency", "aggression %"), ("fold_to_bet", "fold to a bet %"),
                ("saw_pct", "saw the street %"))
    figure = make_subplots(rows=1, cols=3, subplot_titles=[label for _, label in measures])
    for index, game in enumerate(frame["game"].unique(maintain_order=True).to_list()):
        rows = frame.filter(pl.col("game") == game)
        colour = GAME_COLOURS[index % len(GAME_COLOURS)]  # the same in every panel
        for column, (name, _) in enumerate(measures, start=1):
            figure.add_trace(go.Bar(x=rows["street"].to_list(), y=rows[name].to_list(), name=game,
                                    marker_color=colour, legendgroup=game, showlegend=column == 1),
                             row=1, col=column)
    figure.update_yaxes(range=[0, 100])
    figure.update_xaxes(categoryorder="array", categoryarray=STREETS)
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
    """Plain counts by label; labels may come from logs (player names), so they are shown literally."""
    shown = [plotly_text(label) for label in labels]
    figure = go.Figure(go.Bar(x=shown, y=list(counts), marker_color="#1f5fbf"))
    figure.update_xaxes(title=x_title, type="category")
    figure.update_yaxes(title=y_title)
    return _layout(figure, title)


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
