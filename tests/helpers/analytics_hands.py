"""Fixture hands for the analytics tests, one per situation, worked out by hand in the tests.

Written in tests/helpers/handscript.py's script language. Amounts are cents: ante 2, bring-in 5, small
bet 10, big bet 20. Positions count back from the last player to act before the bring-in (0).
"""

from __future__ import annotations

import dataclasses
from datetime import datetime
from zoneinfo import ZoneInfo

from helpers.handscript import build
from studbook.hand import Hand

HEADER = "{variant} 10/20 ante=2 bi=5 currency=USD id={hand_id}"

# Stud: D completes from position 1 (a steal), A re-raises; A folds 6th street to D's bet.
STUD_RERAISED_STEAL = """
seats A:1000 B:1000 C:1000 D:1000
antes
street 3
deal A As Ks / Kd
doors B:2c C:7h D:9s
B bi 5
C fold
D complete 10
A raise 20
B fold
D call 10
street 4
ups A:Qd D:3h
A bet 10
D call 10
street 5
ups A:Jc D:4d
A bet 20
D raise 40
A call 20
street 6
ups A:2h D:5c
A check
D bet 20
A fold
return D 20
collect D 150
total 153 rake 3
"""

# Stud: A completes from position 0 with the best door card; the bring-in folds.
STUD_DOOR_STEAL = """
seats A:1000 B:1000 C:1000
antes
street 3
deal A Th 9d / Ah
doors B:3d C:8c
B bi 5
C fold
A complete 10
B fold
return A 5
collect A 16
total 16 rake 0
"""

# Stud8: C calls the bring-in, A completes, all call; A wins high with kings, B low with 8-7-4-3-2.
STUD8_SPLIT = """
seats A:1000 B:1000 C:1000
antes
street 3
deal A Ac Kd / Kh
doors B:2d C:7s
B bi 5
C call 5
A complete 10
B call 5
C call 5
street 4
ups A:9c B:4d C:8s
A bet 10
B call 10
C call 10
street 5
ups A:Qd B:7h C:Jc
A bet 20
B raise 40
C fold
A call 20
street 6
ups A:Ks B:8c
A bet 20
B call 20
street 7
deal A 3s /
A check
B check
show A Ac Kd Kh 9c Qd Ks 3s
show B 3c Jd 2d 4d 7h 8c Th
collect A 93 half=hi
collect B 93 half=lo
total 186 rake 0
"""

# Stud8: B completes against A's bring-in and A folds: B scoops an uncontested pot.
STUD8_SCOOP = """
seats A:1000 B:1000
antes
street 3
doors A:3h B:Qs
A bi 5
B complete 10
A fold
return B 5
collect B 14
total 14 rake 0
"""

# Razz: the king brings in, C completes from position 1, A (A-3 under a deuce) raises and wins on 4th.
RAZZ_RAISE = """
seats A:1000 B:1000 C:1000
antes
street 3
deal A Ac 3c / 2s
doors B:Kc C:4h
B bi 5
C complete 10
A raise 20
B fold
C call 10
street 4
ups A:5d C:Kh
A bet 10
C fold
return A 10
collect A 51
total 51 rake 0
"""

# Five card stud: A completes from position 0 over the 3s bring-in, is called, wins at showdown.
STUD5_SHOWDOWN = """
seats A:1000 B:1000 C:1000
antes
street 2
deal A Ad / 9c
doors B:3s C:Jh
B bi 5
C fold
A complete 10
B call 5
street 3
ups A:Kd B:3d
B bet 10
A call 10
street 4
ups A:2h B:7c
B bet 20
A raise 40
B call 20
street 5
ups A:Ac B:8h
B check
A bet 20
B call 20
show A Ad 9c Kd 2h Ac
show B 5s 3s 3d 7c 8h
collect A 166
total 166 rake 0
"""

FIXTURES = {  # name: (variant, script)
    "stud_reraised_steal": ("stud", STUD_RERAISED_STEAL),
    "stud_door_steal": ("stud", STUD_DOOR_STEAL),
    "stud8_split": ("stud8", STUD8_SPLIT),
    "stud8_scoop": ("stud8", STUD8_SCOOP),
    "razz_raise": ("razz", RAZZ_RAISE),
    "stud5_showdown": ("stud5", STUD5_SHOWDOWN),
}


def fixture_hand(name: str, day: int = 1) -> Hand:
    """The named fixture as a Hand with its own hand id, played on March ``day`` 2024 (New York)."""
    variant, script = FIXTURES[name]
    hand = build(HEADER.format(variant=variant, hand_id=name) + script)
    start = datetime(2024, 3, day, 20, 0, tzinfo=ZoneInfo("America/New_York"))
    source = dataclasses.replace(hand.source, file="fixtures.txt")
    return dataclasses.replace(hand, start_time=start, source=source)
