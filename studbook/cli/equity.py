"""``studbook equity``: each player's share of the pot with the cards still to come (studbook/equity.py)."""

from __future__ import annotations

import json
import sys
from typing import Annotated

import typer

from studbook.cli.errors import user_errors
from studbook.cli.options import Game
from studbook.cli.options import RuleOptions
from studbook.rules.house import Rules
from studbook.rules.house import rules_for
from studbook.rules.variants import VARIANTS

_PERCENT_COLUMNS = {False: ("win", "tie"), True: ("scoop", "high", "low", "split")}


def equity_command(
    hands: Annotated[list[str], typer.Argument(
        help='The cards known for each player, down cards in brackets: "[Ah Kd] Qs" "[As 2s] 3d".')],
    game: Game = "stud",
    dead: Annotated[str, typer.Option(
        "--dead", help='Cards seen elsewhere (folded up cards): "Kc 7d".')] = "",
    deck_size: Annotated[int | None, typer.Option(
        "--deck", help="Cards in the deck (28..52, whole ranks): descubierto's 32 cards are --deck 32.")
    ] = None,
    samples: Annotated[int, typer.Option(
        "--samples", min=100, help="Deals to draw when there are too many to count them all.")] = 4_000,
    seed: Annotated[int, typer.Option("--seed", help="Seed of the drawn deals: same seed, same answer.")] = 0,
    rule: RuleOptions = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print one JSON object.")] = False,
) -> None:
    """Each player's share of the pot, dealing the cards still to come (every deal, or a seeded sample)."""
    from studbook.cards import parse_cards
    from studbook.equity import equities
    from studbook.equity import parse_holding

    if game not in VARIANTS:
        raise typer.BadParameter(f"unknown game {game!r}; choose from {', '.join(VARIANTS)}",
                                 param_hint="--game")
    options = [*(rule or ()), *((f"deck_ranks={deck_size}",) if deck_size is not None else ())]
    with user_errors():
        rules = rules_for(VARIANTS[game], None, user=Rules.parse(options))
        dead_cards = parse_cards(dead)
        result = equities(VARIANTS[game], [parse_holding(text) for text in hands], dead_cards, rules,
                          samples=samples, seed=seed)
    columns = _PERCENT_COLUMNS[VARIANTS[game].hi_lo]
    if as_json:
        sys.stdout.write(json.dumps({
            "game": game, "method": result.method, "samples": result.samples, "seed": result.seed,
            "hands": [{"cards": str(hand.holding), "equity": hand.equity, "std_error": hand.std_error,
                       **{name: hand.outcomes[name] for name in columns}} for hand in result.hands],
        }) + "\n")
        return
    if result.method == "exact":
        typer.echo(f"{game}: exact, every one of {result.samples:,} deals counted")
    else:
        worst = max(hand.std_error for hand in result.hands)
        typer.echo(f"{game}: sampled, {result.samples:,} deals drawn with seed {result.seed}; "
                   f"standard error up to {100 * worst:.2f} points")
    width = max(len(str(hand.holding)) for hand in result.hands)
    typer.echo(f"{'':4}{'cards':<{width}}  {'equity':>7}" + "".join(f"  {name:>6}" for name in columns))
    for number, hand in enumerate(result.hands, start=1):
        typer.echo(f"#{number:<3}{str(hand.holding):<{width}}  {100 * hand.equity:6.2f}%"
                   + "".join(f"  {100 * hand.outcomes[name]:5.1f}%" for name in columns))
