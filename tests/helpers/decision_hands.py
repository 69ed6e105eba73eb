"""Hands for the decision EV tests, in tests/helpers/handscript.py's language (cents: small bet 10, big
bet 20, bring-in 5, no ante), with their values worked out by hand.

QUADS: A (the log's owner) holds four aces from 4th street; B, shown at the end, draws to the one card
that beats them, 6h (a straight flush 2-6); C folds 7s and 8s on 4th street. On 6th street 52 - 12 seen -
2 dead = 38 cards are unseen and B wins only when his last card is 6h: B's equity is 1/38, A's 37/38.
"""

from __future__ import annotations

import dataclasses
from datetime import datetime
from pathlib import Path
from zoneinfo import ZoneInfo

from helpers.handscript import build
from studbook.writers import WRITERS

QUADS = """stud 10/20 ante=0 bi=5 currency=USD id={hand_id}
seats A:500 B:500 C:500
street 3
deal A As Ah / Ad
doors B:5h C:7s
B bi 5
C call 5
A complete 10
B call 5
C call 5
street 4
deal A / Ac
ups B:4h C:8s
A bet 10
B call 10
C fold
street 5
deal A / Kd
ups B:9c
A bet 20
B call 20
street 6
deal A / Qc
ups B:9d
A bet 20
B call 20
street 7
deal A 2c /
A bet 20
B fold
return A 20
collect A 130
total 130 rake 0
summary A won 130
muck B 2h 3h 5h 4h 9c 9d Jc
"""


def quads_log(folder: Path, hand_id: str = "77") -> Path:
    """QUADS as a studbook log (B's muck written), in ``folder``."""
    hand = build(QUADS.format(hand_id=hand_id))
    hand = dataclasses.replace(hand, site="studbook",
                               start_time=datetime(2024, 4, 1, 20, 0, tzinfo=ZoneInfo("America/New_York")))
    path = folder / f"quads-{hand_id}.txt"
    path.write_text(WRITERS["studbook"](hand), encoding="utf-8")
    return path
