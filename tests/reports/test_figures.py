"""The cumulative charts are drawn from a screen's worth of points, however many hands lie behind them."""

from __future__ import annotations

import random
from itertools import accumulate

import polars as pl

from studbook.reports import figures

LINES = ("total", "showdown", "non-showdown", figures.EV_LINE)


def _walk(hands: int, seed: int) -> pl.DataFrame:
    """A player's cumulative lines over ``hands`` hands of random results, with all-ins now and then."""
    rng = random.Random(seed)
    net = [rng.choice((-3, -1, -1, 0, 1, 2, 5, 40, -40)) for _ in range(hands)]
    showdown = [rng.random() < 0.3 for _ in range(hands)]
    ev = [result if rng.random() < 0.97 else result + rng.choice((-20, 20)) for result in net]
    return pl.DataFrame({
        "hand": range(1, hands + 1),
        "total": list(accumulate(float(n) for n in net)),
        "showdown": list(accumulate(float(n) * s for n, s in zip(net, showdown, strict=True))),
        "non-showdown": list(accumulate(float(n) * (not s) for n, s in zip(net, showdown, strict=True))),
        figures.EV_LINE: list(accumulate(float(n) for n in ev)),
    })


def test_a_chart_of_many_hands_keeps_at_most_so_many_points_with_its_extremes_and_its_end() -> None:
    curve = _walk(50_000, seed=3)
    figure = figures.cumulative_net(curve, "t", "big bets")
    assert len(figure.data) == 4
    for trace in figure.data:
        assert 0 < len(trace.x) <= figures.MOST_POINTS
        assert list(trace.x) == sorted(trace.x)
    for trace, line in zip(figure.data[:3], LINES, strict=False):
        full = curve[line]
        assert trace.y[-1] == full[-1]  # the exact total at the last hand
        assert trace.x[-1] == 50_000
        assert min(trace.y) == full.min() and max(trace.y) == full.max()
        # each point is a hand's own value, under that hand's number (what the hover says)
        by_hand = dict(zip(curve["hand"], full, strict=True))
        assert all(by_hand[x] == y for x, y in zip(trace.x, trace.y, strict=True))
    ev = curve[figures.EV_LINE]
    drawn = [y for y in figure.data[3].y if y is not None]
    assert max(drawn) <= ev.max() and min(drawn) >= ev.min()
    assert ev.max() in drawn or ev.max() in figure.data[0].y  # drawn, or hidden under an equal total


def test_the_ev_line_keeps_its_extremes_where_it_differs() -> None:
    curve = _walk(20_000, seed=8)
    ev = curve[figures.EV_LINE]
    assert (ev - curve["total"]).abs().max() > 0  # some all-in ran off its expectation
    kept = figures.screen_sized(curve, LINES)
    assert kept.height <= figures.MOST_POINTS
    for line in LINES:
        assert kept[line].min() == curve[line].min() and kept[line].max() == curve[line].max()
        assert kept[line][-1] == curve[line][-1] and kept[line][0] == curve[line][0]


def test_a_chart_of_few_hands_holds_a_point_per_hand() -> None:
    curve = _walk(figures.MOST_POINTS, seed=5)
    figure = figures.cumulative_net(curve, "t", "big bets")
    for trace, line in zip(figure.data, LINES[:3], strict=False):
        assert list(trace.x) == curve["hand"].to_list()
        assert list(trace.y) == curve[line].to_list()
