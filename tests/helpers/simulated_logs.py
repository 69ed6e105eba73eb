"""A log file of simulated hands, written as PokerStars writes them, for tests that import one."""

from __future__ import annotations

from pathlib import Path

from studbook.simulate import Setup
from studbook.simulate import Simulator
from studbook.writers import SEPARATORS
from studbook.writers import WRITERS


def simulated_log(path: Path, game: str, hands: int, seed: int) -> Path:
    """Write ``hands`` simulated hands of ``game`` (six players) to ``path``; return it."""
    played = Simulator(Setup(game=game, players=6, seed=seed)).hands(hands)
    path.write_text("".join(WRITERS["pokerstars"](hand.hand) + SEPARATORS["pokerstars"] for hand in played),
                    encoding="utf-8")
    return path
