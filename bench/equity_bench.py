"""``make bench``, the equity part: ``studbook equity`` on a heads-up third-street all-in in stud8, and what
the all-in EV (studbook/allin.py) adds to an import of short-stacked sessions, where all-ins are common.

The EV's share is measured in process, hand by hand: parse, replay and the rows of every table (which
include the all-in EV), and the all-in EV again on its own; without it, an import would do the first
three less the fourth. Both count CPU time (``time.process_time``), which a busy machine's other
processes do not inflate.
"""

from __future__ import annotations

import shutil
import statistics
import time
from pathlib import Path

from studbook.allin import all_in
from studbook.analytics.rows import hand_rows
from studbook.equity import equities
from studbook.equity import parse_holding
from studbook.grammar import ParseError
from studbook.grammar import parse_block
from studbook.grammar import read_blocks
from studbook.hand import Hand
from studbook.replay import replay
from studbook.rules.variants import VARIANTS
from studbook.simulate import Setup
from studbook.simulate import Simulator
from studbook.writers import SEPARATORS
from studbook.writers import WRITERS

TARGETS = {"stud8_third_street_ms": 50, "import_ev_slowdown_pct": 10}
THIRD_STREET = ("[As 2s] 3d", "[Kh Kd] Ks")  # a low draw against rolled-up kings


def third_street_ms(repeats: int = 9) -> float:
    """Median CPU milliseconds of one answer, the evaluators warm as in any session (their rank tables are
    filled as hands need them: the warm-up and the first repeats fill what these deals meet)."""
    holdings = [parse_holding(text) for text in THIRD_STREET]
    equities(VARIANTS["stud8"], holdings, samples=100)  # the low8 table, the first rank entries
    times = []
    for _ in range(repeats):
        started = time.process_time()
        equities(VARIANTS["stud8"], holdings)
        times.append(time.process_time() - started)
    return statistics.median(times) * 1000


def short_stacks(data: Path, games: dict[str, str], hands: int, seed: int) -> Path:
    """``hands`` short-stacked hands of each game, one file per game, made once and kept in ``data``."""
    folder = data / f"short-stacks-seed{seed}-{hands}"
    done = data / f"{folder.name}.complete"
    if done.exists():
        return folder
    shutil.rmtree(folder, ignore_errors=True)
    folder.mkdir(parents=True)
    for game, fmt in games.items():
        setup = Setup(game=game, players=7 if fmt == "pokerstars" else 6, seed=seed, fmt=fmt,
                      short_stacks=True)
        texts = [WRITERS[fmt](played.hand) for played in Simulator(setup).hands(hands)]
        (folder / f"{game}.txt").write_text(SEPARATORS[fmt].join(texts), encoding="utf-8", newline="\n")
    done.write_text(f"{hands} hands per game\n", encoding="utf-8")
    return folder


def measure(data: Path, games: dict[str, str], hands: int, seed: int) -> dict[str, float]:
    """Both measurements, printed as they come."""
    ms = third_street_ms()
    print(f"  equity, stud8 third street   {ms:9.1f} ms (heads-up, {' vs '.join(THIRD_STREET)})")
    found = ev_share(short_stacks(data, games, hands, seed))
    print(f"  all-in EV in an import       {found['slowdown_pct']:9.1f} % slower ({found['all_ins']:,} "
          f"all-ins in {found['hands']:,} short-stacked hands: {found['ev_s']:.1f} s of "
          f"{found['with_ev_s']:.1f} s)")
    return {"stud8_third_street_ms": ms, **found}


def ev_share(folder: Path) -> dict[str, float]:
    """Seconds of parse + replay + rows and of the all-in EV alone over every hand of ``folder``."""
    whole = ev = 0.0
    count = moments = 0
    for path in sorted(folder.glob("*.txt")):
        for block in read_blocks(path):
            if isinstance(block, ParseError):
                raise SystemExit(f"unreadable bench input {path}: {block}")
            started = time.process_time()
            hand = parse_block(block)
            if not isinstance(hand, Hand):
                raise SystemExit(f"bench input does not parse: {hand}")
            replayed = replay(hand)
            hand_rows(replayed)
            middle = time.process_time()
            found = all_in(replayed)
            ev += time.process_time() - middle
            whole += middle - started
            count += 1
            moments += found is not None
    without = whole - ev
    return {"hands": count, "all_ins": moments, "with_ev_s": whole, "ev_s": ev,
            "slowdown_pct": 100 * ev / without}
