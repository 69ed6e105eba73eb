"""``make bench``, the decision EV part: how many decisions a second ``studbook analyse`` values
(studbook/decisions.py), on the example logs of histories/, simulated hands of every game and the real
logs of ``STUDBOOK_CORPUS`` when it is set.

Only the valuing is timed, in CPU time (``time.process_time``): each hand is parsed and replayed first,
untimed, as the pass does before it values a hand. An import does none of this (the pass is apart), so
it does not slow an import down.

    .venv/bin/python bench/decision_bench.py [--hands 200]
"""

from __future__ import annotations

import argparse
import os
import time
from collections.abc import Iterable
from pathlib import Path

from studbook.decisions import decisions
from studbook.grammar import ParseError
from studbook.grammar import parse_block
from studbook.grammar import read_blocks
from studbook.hand import Hand
from studbook.replay import replay
from studbook.simulate import Setup
from studbook.simulate import Simulator
from studbook.writers import SEPARATORS
from studbook.writers import WRITERS

ROOT = Path(__file__).resolve().parent.parent
GAMES = {"stud": "pokerstars", "stud8": "pokerstars", "razz": "pokerstars", "stud5": "studbook",
         "descubierto": "studbook"}


def _rate(hands: Iterable[Hand]) -> dict[str, float]:
    """Hands, decisions valued and CPU seconds spent valuing them."""
    count = valued = 0
    seconds = 0.0
    for hand in hands:
        replayed = replay(hand)
        started = time.process_time()
        valued += len(decisions(replayed))
        seconds += time.process_time() - started
        count += 1
    return {"hands": count, "decisions": valued, "seconds": seconds,
            "decisions_per_s": valued / seconds if seconds else 0.0}


def _logged(folder: Path) -> Iterable[Hand]:
    for path in sorted(path for path in folder.rglob("*") if path.is_file()):
        for block in read_blocks(path):
            if isinstance(block, ParseError):
                continue
            hand = parse_block(block)
            if isinstance(hand, Hand):
                yield hand


def _simulated(hands: int) -> Iterable[Hand]:
    """Simulated hands of every game as their logs tell them (the log's owner's cards, and those shown)."""
    for game, fmt in GAMES.items():
        texts = [WRITERS[fmt](played.hand) for played in Simulator(Setup(game=game, players=6, seed=7,
                                                                         fmt=fmt)).hands(hands)]
        for block in read_blocks(SEPARATORS[fmt].join(texts).encode()):
            hand = parse_block(block) if not isinstance(block, ParseError) else block
            if isinstance(hand, Hand):
                yield hand


def measure(hands: int) -> dict[str, dict[str, float]]:
    """Each input's rate, printed as it comes."""
    inputs = {"histories": _logged(ROOT / "histories"), "simulated": _simulated(hands)}
    corpus = os.environ.get("STUDBOOK_CORPUS")
    if corpus and Path(corpus).is_dir():
        inputs["corpus"] = _logged(Path(corpus))
    found = {}
    for name, source in inputs.items():
        found[name] = rate = _rate(source)
        print(f"  decision EV, {name:<11}  {rate['decisions_per_s']:9.0f} decisions/s "
              f"({rate['decisions']:,.0f} in {rate['hands']:,.0f} hands, {rate['seconds']:.1f} s CPU)")
    return found


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=200, help="simulated hands per game (default 200)")
    measure(parser.parse_args().hands)


if __name__ == "__main__":
    main()
