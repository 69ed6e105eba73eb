"""Every violation code, raised by a hand that breaks its rule, cites the rule that decides it: the
seven-card games' rule, or the game's own where it has one (descubierto's deal is Z3, its later
openers Z7; five card stud's deal F1). One table row per code and game; a test keeps the table
covering every code the replay documents."""

from __future__ import annotations

import json
import re
from dataclasses import replace
from pathlib import Path

import pytest
from helpers.handscript import build
from helpers.paths import ROOT
from helpers.rule_hands import DESCUBIERTO
from helpers.rule_hands import STUD8_ODD
from helpers.rule_hands import edit
from typer.testing import CliRunner

from studbook.cli import app
from studbook.events import UNKNOWN_CARD
from studbook.events import Note
from studbook.events import Raise
from studbook.events import Show
from studbook.hand import Hand
from studbook.hand import Summary
from studbook.hand import SummarySeat
from studbook.replay import replay
from studbook.rules.house import Rules
from studbook.rules.variants import VARIANTS

# Seven card stud, three players: A brings in and folds, B (two pair) beats C (a pair) at a checked
# showdown. Pot 86: antes 3, A's bring-in 3, B and C 40 each.
STUD = """\
stud 10/20 ante=1 bi=3
seats A:100 B:100 C:100
antes
street 3
deal A 2h 3h / 4c
deal B Ks Kd / 9s
deal C Qs Qd / Jh
A bi 3
B complete 10
C call 10
A fold
street 4
ups B:9h C:8d
B bet 10
C call 10
street 5
ups B:2c C:7d
B bet 20
C call 20
street 6
ups B:2s C:6d
B check
C check
street 7
deal B Js /
deal C 5s /
B check
C check
show B Ks Kd 9s 9h 2c 2s Js
show C Qs Qd Jh 8d 7d 6d 5s
collect B 86
total 86 rake 0
"""


# Five card stud with a bring-in: C's 2c brings in, A completes, C calls; A's board opens 3rd street.
STUD5 = """\
stud5 10/20 ante=1 bi=3
seats A:100 B:100 C:100
antes
street 2
deal A Ah / Kh
deal B 9d / 7s
deal C 4d / 2c
C bi 3
A complete 10
B fold
C call 7
street 3
ups A:Ks C:5c
A bet 10
C call 10
"""

# Four players, no card in the log (a site that writes none): the first actor brings in and opens.
HIDDEN = """\
stud 10/20 ante=1 bi=3 rules=deck_ranks=28
seats A:100 B:100 C:100 D:100 E:100
antes
street 3
A bi 3
B call 3
C call 3
D call 3
E call 3
street 4
A check
B check
C check
D check
E check
street 5
A check
B check
C check
D check
E check
street 6
A check
B check
C check
D check
E check
street 7
"""

# C is all in for 10 on 3rd street; B and C are the only players left.
ALL_IN = """\
stud 10/20 ante=1 bi=3
seats A:100 B:100 C:11
antes
street 3
deal A 2h 3h / 4c
deal B Ks Kd / 9s
deal C Qs Qd / Jh
A bi 3
B complete 10
C call 10!
A fold
street 4
ups B:9h C:8d
"""

# C is all in for less than a full bet on 4th street: B, who bet, may not raise again (C19).
SHORT = """\
stud 10/20 ante=1 bi=3
seats A:100 B:100 C:25
antes
street 3
deal A 2h 3h / 4c
deal B Ks Kd / 9s
deal C Qs Qd / Jh
A bi 3
B complete 10
C call 10
A fold
street 4
ups B:9h C:8d
B bet 10
C raise 14!
B raise 24
"""

# Heads-up on 3rd street: after four raises of a round that began three-handed, the fifth lifts the cap.
HEADS_UP = """\
stud 10/20 ante=1 bi=3
seats A:100 B:100 C:100
antes
street 3
deal A 2h 3h / 4c
deal B Ks Kd / 9s
deal C Qs Qd / Jh
A bi 3
B complete 10
C raise 20
A fold
B raise 30
C raise 40
B raise 50
"""





def with_event(hand: Hand, event: Show | Raise) -> Hand:
    """``hand`` with the one event of ``event``'s line replaced by it."""
    return replace(hand, events=tuple(event if old.line == event.line else old for old in hand.events))


def line_of(script: str, text: str) -> int:
    """The handscript line number (the header is line 1) of the line ``text``."""
    return script.splitlines().index(text) + 1


def described(script: str, player_show: str, description: str) -> Hand:
    hand = build(script)
    line = line_of(script, player_show)
    (show,) = [event for event in hand.events if event.line == line]
    assert isinstance(show, Show)
    return with_event(hand, Show(line, show.player, show.cards, description))


def raised_by(script: str, raise_line: str, by: int) -> Hand:
    hand = build(script)
    line = line_of(script, raise_line)
    (event,) = [event for event in hand.events if event.line == line]
    assert isinstance(event, Raise)
    return with_event(hand, replace(event, by=by))


def unknown_card(script: str) -> Hand:
    """C's 4th-street deal left out for a word that is no card, as a reader notes it."""
    text = edit(script, ("ups B:9h C:8d", "ups B:9h"))
    hand = build(text)
    note = Note(line_of(text, "ups B:9h"), UNKNOWN_CARD, "C: [8x]", "C")
    return replace(hand, events=tuple(sorted((*hand.events, note), key=lambda event: event.line)))


def kingsclub_nets(script: str) -> Hand:
    """The summary states each net (KingsClub), and no award line writes B's win."""
    hand = build(edit(script, ("collect B 86\n", ""), ("total 86 rake 0\n", "")))
    seats = (SummarySeat(40, 2, "B", "won", None, (), "", 46),
             SummarySeat(41, 3, "C", "lost", None, (), "", -40))
    return replace(hand, summary=Summary(total_pot=86, rake=0, seats=seats))


# code, the hand (a script or a Hand), --rule options, the rule cited. A game with words of its own
# for a rule cites them.
CASES: list[tuple[str, str | Hand, tuple[str, ...], str]] = [
    ("unknown-variant", edit(STUD, ("stud 10/20", "holdem 10/20")), (), "L1"),
    ("bad-rule", edit(STUD, ("bi=3", "bi=3 rules=max_raise=4")), (), "L2"),
    ("unknown-player", edit(STUD, ("collect B 86", "show D As Ad\ncollect B 86")), (), "L3"),
    ("too-many-players", STUD, ("max_players=2",), "S1"),
    ("too-many-players", DESCUBIERTO, ("max_players=2",), "Z3"),
    ("too-many-players", STUD5, ("max_players=2",), "F1"),
    ("too-few-players", "stud 10/20 ante=1 bi=3\nseats A:100\nantes\nstreet 3\ndeal A 2h 3h / 4c\n", (),
     "S1"),
    ("too-few-players", "descubierto 20/20 structure=no-limit\nseats Ana:500\nstreet 2\ndeal Ana Kd / Kh\n",
     (), "Z3"),
    ("short-stack-dealt-in", edit(STUD, ("C:100", "C:3")), ("cash_requires_ante_plus_bringin=true",), "C6"),
    ("ante-amount", edit(STUD, ("antes\n", "A ante 2\nB ante 1\nC ante 1\n")), (), "C4"),
    ("ante-missing", edit(STUD, ("antes\n", "A ante 1\nB ante 1\n")), (), "C4"),
    ("street-order", edit(STUD, ("street 5", "street 6")), (), "S1"),
    ("street-order", edit(DESCUBIERTO, ("street 3", "street 4")), (), "Z3"),
    ("street-order", edit(STUD5, ("street 3", "street 4")), (), "F1"),
    ("hand-over", edit(STUD, ("C call 10\nstreet 5", "C fold\nstreet 5")), (), "C15"),
    ("streets-missing", STUD.split("street 6")[0], (), "S1"),
    ("streets-missing", STUD5, (), "F1"),
    ("card-count", edit(STUD, ("deal B Ks Kd / 9s", "deal B Ks Kd / 9s Ah")), (), "S1"),
    ("card-count", edit(DESCUBIERTO, ("deal Bruno 9c / Jc", "deal Bruno 9c / Jc As")), (), "Z3"),
    ("card-count", edit(STUD, ("ups B:9h C:8d", "ups B:9h C:8d A:Ah")), (), "C1"),
    ("card-count", edit(STUD, ("show B Ks Kd 9s 9h 2c 2s Js", "show B Ks Kd 9s 9h 2c 2s Js Ah")), (), "C28"),
    ("card-not-in-deck", STUD, ("deck_ranks=32",), "Z1"),
    ("duplicate-card", edit(STUD, ("deal C Qs Qd / Jh", "deal C Qs Ks / Jh")), (), "C1"),
    ("upcard-mismatch", edit(STUD, ("show B Ks Kd 9s 9h 2c 2s Js", "show B Ks Kd 9h 2c 2s Js Ah")), (), "C1"),
    ("community-card-missing", HIDDEN, (), "S10"),
    ("community-card-unneeded", edit(STUD, ("street 7\n", "street 7 Ah\n")), (), "S10"),
    ("door-card-unknown", HIDDEN, (), "C7"),
    ("up-card-unknown", HIDDEN, (), "S1"),
    ("opener-unknown", HIDDEN, (), "S5"),
    ("opener-unknown", edit(STUD5, ("ups A:Ks C:5c", "ups C:5c")), (), "F3"),
    ("wrong-actor", edit(STUD, ("B complete 10\nC call 10", "C call 3\nB complete 10")), (), "C3"),
    ("wrong-actor", edit(STUD, ("B bet 10\nC call 10", "C bet 10\nB call 10")), (), "S5"),
    ("wrong-actor", edit(DESCUBIERTO, ("Carmen check\nAna check\nBruno check", "Ana check\nBruno check\n"
                                                                              "Carmen check")), (), "Z7"),
    ("wrong-actor", edit(DESCUBIERTO, ("Carmen check\nAna check\nBruno check", "Carmen check\nBruno check\n"
                                                                              "Ana check")), (), "Z4"),
    ("wrong-actor", edit(DESCUBIERTO, ("Ana bet 20\nBruno call 20", "Bruno bet 20\nAna call 20")), (), "Z6"),
    ("wrong-actor", edit(STUD5, ("A bet 10\nC call 10", "C bet 10\nA call 10")), (), "F3"),
    ("action-after-round", edit(STUD, ("A fold\n", "A fold\nB check\n")), (), "C15"),
    ("action-after-round", ALL_IN + "B bet 10\n", (), "C26"),
    ("action-missing", edit(STUD, ("C call 10\nstreet 5", "street 5")), (), "C15"),
    ("acted-after-fold", edit(STUD, ("B bet 10\nC call 10", "B bet 10\nC call 10\nA call 10")), (), "C21"),
    ("acted-when-all-in", ALL_IN + "C check\n", (), "C21"),
    ("bring-in-required", edit(STUD, ("A bi 3", "A check")), (), "C8"),
    ("unexpected-bring-in", edit(STUD, ("B complete 10", "B bi 3\nB complete 10")), (), "C7"),
    ("wrong-bring-in", edit(STUD, ("A bi 3", "B bi 3")), (), "S4"),
    ("bring-in-amount", edit(STUD, ("A bi 3", "A bi 4")), (), "C8"),
    ("bet-required", edit(STUD5, ("C bi 3\nA complete 10\nB fold\nC call 7", "A check")),
     ("first_round_opener=highcard_forced",), "F2"),
    ("check-facing-bet", edit(STUD, ("B bet 10\nC call 10", "B bet 10\nC check")), (), "C14"),
    ("check-facing-bet", edit(DESCUBIERTO, ("Bruno call 20", "Bruno check")), (), "Z9"),
    ("fold-when-check", edit(STUD, ("B check\nC check\nstreet 7", "B check\nC fold\nstreet 7")), (), "S3"),
    ("call-amount", edit(STUD, ("B bet 10\nC call 10", "B bet 10\nC call 5")), (), "C14"),
    ("call-amount", edit(DESCUBIERTO, ("Bruno call 20", "Bruno call 15")), (), "Z9"),
    ("bet-amount", edit(STUD, ("B bet 20", "B bet 15")), (), "C16"),
    ("bet-amount", edit(DESCUBIERTO, ("Ana bet 20", "Ana bet 10")), (), "Z10"),
    ("raise-amount", edit(STUD, ("B bet 10\nC call 10", "B bet 10\nC raise 25")), (), "C16"),
    ("raise-amount", edit(DESCUBIERTO, ("Bruno call 20", "Bruno raise 30")), ("min_raise=previous_raise",),
     "N2"),
    ("raise-amount", edit(STUD, ("stud 10/20", "stud 10/20 structure=pot-limit"),
                          ("B bet 10\nC call 10", "B bet 10\nC raise 90")), (), "N4"),
    ("raise-increment", raised_by(edit(STUD, ("B bet 10\nC call 10", "B bet 10\nC raise 20\nB call 10")),
                                  "C raise 20", 15), (), "L9"),
    ("complete-amount", edit(STUD, ("B complete 10", "B complete 12")), (), "C9"),
    ("raise-cap", edit(HEADS_UP, ("A fold\n", "A call 20\n")), (), "C17"),
    ("raise-cap", HEADS_UP, ("preset=stud8-card",), "C17"),
    ("raise-cap", HEADS_UP, ("headsup_uncapped=round_start",), "C18"),
    ("headsup-uncapped", HEADS_UP, (), "C18"),
    ("not-reopened", SHORT, (), "C19"),
    ("beyond-stack", edit(STUD, ("C:100", "C:20")), (), "C20"),
    ("beyond-stack", edit(DESCUBIERTO, ("Carmen:500", "Carmen:10")), (), "Z11"),
    ("all-in-mismatch", edit(STUD, ("C call 10\nA fold", "C call 10!\nA fold")), (), "C21"),
    ("cap-mismatch", edit(STUD, ("B bet 10\nC call 10", "B bet 10\nnote capped\nC call 10")), (), "C17"),
    ("open-pair-mismatch", edit(STUD, ("ups B:2c C:7d", "ups B:2c C:7d\nnote pair_on_board")), (), "S7"),
    ("open-pair-mismatch", edit(STUD, ("stud 10/20", "stud8 10/20"),
                                ("ups B:9h C:8d", "ups B:9h C:8d\nnote pair_on_board")), (), "H4"),
    ("hand-should-have-ended", DESCUBIERTO.replace("show Ana", "street 4\nshow Ana"), (), "Z13"),
    ("uncalled-amount", edit(STUD, ("collect B 86", "return B 5\ncollect B 86")), (), "C23"),
    ("uncalled-recipient", edit(STUD, ("B bet 20\nC call 20", "B bet 20\nC fold\nreturn C 20")), (), "C23"),
    ("uncalled-missing", edit(STUD, ("B bet 20\nC call 20", "B bet 20\nC fold")), (), "C23"),
    ("show-order", edit(STUD, ("show B Ks Kd 9s 9h 2c 2s Js\nshow C Qs Qd Jh 8d 7d 6d 5s",
                               "show C Qs Qd Jh 8d 7d 6d 5s\nshow B Ks Kd 9s 9h 2c 2s Js")), (), "C27"),
    ("site-convention", edit(STUD, ("stud 10/20", "stud 10/20 site=kingsclub"),
                             ("B complete 10\nC call 10", "B complete 10\nC raise 13\nB call 3")), (), "KC1"),
    ("total-pot-mismatch", edit(STUD, ("total 86", "total 90")), (), "C22"),
    ("rake-mismatch", edit(STUD, ("rake 0", "rake 2")), (), "L4"),
    ("side-pot-mismatch", edit(STUD, ("rake 0", "rake 0 main 40 side 46")), (), "C22"),
    ("award-mismatch", edit(STUD, ("collect B 86", "collect C 86")), (), "S12"),
    ("award-mismatch", edit(STUD, ("stud 10/20", "razz 10/20"), ("collect B 86", "collect A 86")), (), "R5"),
    ("award-mismatch", edit(DESCUBIERTO, ("collect Ana 75", "collect Bruno 75")), (), "Z15"),
    ("award-mismatch", STUD8_ODD, (), "H9"),
    ("award-mismatch", edit(DESCUBIERTO, ("deal Bruno 9c / Jc", "deal Bruno Kc / Ks"),
                            ("Bruno:8c", "Bruno:7d"), ("show Bruno 9c Jc 8c", "show Bruno Kc Ks 7d"),
                            ("collect Ana 75", "collect Ana 37\ncollect Bruno 38")), (), "Z15"),
    ("hand-description", described(STUD, "show B Ks Kd 9s 9h 2c 2s Js", "two pair, Kings and Sevens"), (),
     "C28"),
    ("collect-mismatch", edit(STUD, ("total 86 rake 0", "total 86 rake 0\nsummary B won 80")), (), "L5"),
    ("collect-missing", kingsclub_nets(STUD), (), "L5"),
    ("award-unverified", edit(STUD, ("show B Ks Kd 9s 9h 2c 2s Js\nshow C Qs Qd Jh 8d 7d 6d 5s\n", "")), (),
     "S12"),
    ("unknown-line", edit(STUD, ("A fold\n", "A fold\nnote unknown-line Dealer: shuffle up\n")), (), "L6"),
    ("unknown-card", unknown_card(STUD), (), "L6"),
    ("stakes-inferred", replace(build(STUD), inferred=("small_bet", "big_bet")), (), "L8"),
]

# Codes the replay never raises by itself: the audit finds them across hands.
ACROSS_HANDS = {"stack-continuity"}


def replayed(hand: str | Hand, rules: tuple[str, ...]):
    return replay(hand if isinstance(hand, Hand) else build(hand), Rules.parse(rules) if rules else None)


@pytest.mark.parametrize(("code", "hand", "rules", "rule"), CASES,
                         ids=[f"{code}-{rule}" for code, _, _, rule in CASES])
def test_each_violation_cites_the_rule_that_decides_it(code: str, hand: str | Hand, rules: tuple[str, ...],
                                                       rule: str) -> None:
    violations = replayed(hand, rules).violations
    first = next((v for v in violations if v.code == code), None)
    assert first is not None and first.rule == rule, violations


def documented() -> dict[str, set[str]]:
    """The codes of replay.py's table and the rule ids each row names."""
    docstring = (ROOT / "studbook/replay.py").read_text(encoding="utf-8").split('"""')[1]
    table = re.split(r"^=+ +=+ +=+$", docstring, flags=re.M)[2]  # the rows, below the column names
    rows: dict[str, set[str]] = {}
    codes: list[str] = []
    for line in table.splitlines():
        head = re.match(r"^([a-z][a-z-]+)(?: / ([a-z-]+))?\s", line)
        if head:
            codes = [code for code in head.groups() if code]
            for code in codes:
                rows[code] = set()
        for code in codes:
            rows[code] |= set(re.findall(r"\b(R27-\d|[A-Z]{1,3}\d{1,2})\b", line[28:]))
    return rows


def test_the_table_covers_every_documented_code() -> None:
    rows = documented()
    assert len(rows) > 60 and "hand-description" in rows and "too-few-players" in rows
    assert set(rows) - {code for code, *_ in CASES} == ACROSS_HANDS


@pytest.mark.parametrize(("code", "hand", "rules", "rule"), CASES,
                         ids=[f"{code}-{rule}" for code, _, _, rule in CASES])
def test_the_rule_cited_is_one_the_table_names(code: str, hand: str | Hand, rules: tuple[str, ...],
                                                rule: str) -> None:
    """The table names the seven-card games' ids; a game cites its own where it has one."""
    named = documented()[code]
    variant = VARIANTS.get(hand.variant if isinstance(hand, Hand) else hand.split()[0])
    own = {variant.cite(rule_id) for rule_id in named} if variant else set()
    assert rule in named | own, (code, rule, named)


def test_stack_continuity_cites_L7(tmp_path: Path) -> None:
    """Across hands: the second hand starts C with more than the first left him (L7)."""
    first = ("hand 1 · stud · limit 10/20 · ante 1 · bring-in 3 · table T\n"
             "seat 1: A 100\nseat 2: B 100\nA antes 1\nB antes 1\n*** 3rd street ***\nA: [2h 3h] 4c\n"
             "B: [Ks Kd] 9s\nA brings in 3\nB folds\nA wins 5\n")
    second = first.replace("hand 1", "hand 2").replace("seat 2: B 100", "seat 2: B 120")
    (tmp_path / "t.txt").write_text(first + "\n" + second)
    result = CliRunner().invoke(app, ["audit", "--json", str(tmp_path / "t.txt")])
    found = {(v["code"], v["rule"]) for line in result.output.splitlines()
             for v in json.loads(line)["violations"]}
    assert ("stack-continuity", "L7") in found
