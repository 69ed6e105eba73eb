"""Hands in handscript form (helpers/handscript.py) that more than one rules test plays, and how a
test changes one line of them to break one rule."""

from __future__ import annotations

# Descubierto, three players: Ana opens with the king, Bruno and Carmen call; all check on 3rd street,
# so the hand ends there (Z13) and Ana's pair of kings takes 75.
DESCUBIERTO = """\
descubierto 20/20 structure=no-limit ante=5
seats Ana:500 Bruno:500 Carmen:500
antes
street 2
deal Ana Kd / Kh
deal Bruno 9c / Jc
deal Carmen 8d / Ts
Ana bet 20
Bruno call 20
Carmen call 20
street 3
ups Ana:7c Bruno:8c Carmen:Ad
Carmen check
Ana check
Bruno check
show Ana Kd Kh 7c
show Bruno 9c Jc 8c
show Carmen 8d Ts Ad
collect Ana 75
"""

# A stud8 pot of 23 split high (B, 12) and low (A, 11): the log gives the odd chip to the low half.
STUD8_ODD = """\
stud8 10/20 ante=1 bi=3
seats A:100 B:100 C:100
antes
street 3
deal A Ah 2h / 4c
deal B Ks Kd / 9s
deal C Qs Qd / Jh
A bi 3
B complete 10
C fold
A call 7
street 4
ups A:6d B:9h
B check
A check
street 5
ups A:7s B:2c
B check
A check
street 6
ups A:Tc B:2s
B check
A check
street 7
deal A Jc /
deal B Js /
B check
A check
show B Ks Kd 9s 9h 2c 2s Js
show A Ah 2h 4c 6d 7s Tc Jc
collect B 11
collect A 12
"""


def edit(script: str, *changes: tuple[str, str]) -> str:
    """``script`` with each (old, new) text replaced once: the hand that breaks one rule."""
    for old, new in changes:
        assert script.count(old) == 1, old
        script = script.replace(old, new)
    return script
