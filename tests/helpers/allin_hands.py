"""Hands with an all-in before the last street, in tests/helpers/handscript.py's language (cents: small
bet 10, big bet 20, bring-in 5, no ante), for the all-in EV tests of analytics, audit and reports.
"""

from __future__ import annotations

import dataclasses
from datetime import datetime
from zoneinfo import ZoneInfo

from helpers.handscript import build
from studbook.hand import Hand

HEADER = "stud 10/20 ante=0 bi=5 currency=USD id={hand_id}\n"

# A calls all in on 6th street with aces full; B (nines full) has one card to come for quads, C folded
# his Kd and Qd on 4th street. Rake 2: the pot after rake is 108.
SIXTH_STREET = """seats A:50 B:200 C:200
street 3
doors A:2c B:9d C:Kd
A bi 5
B call 5
C complete 10
A call 5
B call 5
street 4
ups A:Ac B:9s C:Qd
B bet 10
C fold
A call 10
street 5
ups A:Ad B:4s
A check
B bet 20
A call 20
street 6
ups A:Ah B:4c
A check
B bet 20
A call 10!
return B 10
street 7
show B 9c 8c 9d 9s 4s 4c 2d
show A 3c 3d 2c Ac Ad Ah 7s
collect A 108
total 110 rake 2
summary A won 108
"""

# A all in on 4th street, B all in on 5th street, C covers both: a main pot of three and a side pot of two.
SIDE_POT = """seats A:20 B:40 C:200 D:200
street 3
doors A:2c B:9d C:Kd D:Jd
A bi 5
B call 5
C complete 10
D fold
A call 5
B call 5
street 4
ups A:Ac B:9s C:Qd
B bet 10
C call 10
A call 10!
street 5
ups A:Ad B:4s C:Qc
B bet 20!
C call 20
street 6
ups A:Ah B:4c C:Qs
street 7
show B 9c 8c 9d 9s 4s 4c 2d
show C Kc Ks Kd Qd Qc Qs Td
show A 3c 3d 2c Ac Ad Ah 7s
collect A 60 pot=main
collect C 40 pot=side
total 100 rake 0 main 60 side 40
"""

# The same hand as SIXTH_STREET, but A's all-in call comes on the river: nothing is left to deal.
RIVER = SIXTH_STREET.replace("A check\nB bet 20\nA call 10!\nreturn B 10\nstreet 7\n",
                             "A check\nB check\nstreet 7\nA check\nB bet 20\nA call 10!\nreturn B 10\n")


def allin_hand(script: str, hand_id: str, day: int = 1) -> Hand:
    hand = build(HEADER.format(hand_id=hand_id) + script)
    start = datetime(2024, 4, day, 20, 0, tzinfo=ZoneInfo("America/New_York"))
    return dataclasses.replace(hand, start_time=start, source=dataclasses.replace(hand.source, file="ev.txt"))
