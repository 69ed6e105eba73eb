"""simulate -> write -> parse -> replay: not one violation, and the engine's own result per player.

Seeded loops over every variant and both log formats (PokerStars only for the seven card games),
with short stacks for all-ins and side pots, and with house rules: the studbook log states them in
its header, the PokerStars log cannot, so its hands replay under the same ``--rule`` options. The
parsed events are the simulated ones (only the line numbers, and the cards a PokerStars muck line
leaves to the summary, differ).
"""

from __future__ import annotations

from dataclasses import replace

import pytest

from studbook import events as ev
from studbook.grammar.parse import parse_block
from studbook.grammar.reader import read_blocks
from studbook.hand import Hand
from studbook.replay import replay
from studbook.rules.house import Rules
from studbook.simulate import Setup
from studbook.simulate import Simulator
from studbook.writers import SEPARATORS
from studbook.writers import WRITERS

HANDS = 250

CASES = [
    ("stud", "pokerstars", ()),
    ("stud8", "pokerstars", ()),
    ("razz", "pokerstars", ()),
    ("stud", "studbook", ()),
    ("stud8", "studbook", ()),
    ("razz", "studbook", ()),
    ("stud5", "studbook", ()),
    ("descubierto", "studbook", ()),
    ("stud", "pokerstars", ("max_raises=4", "board_tie_break=suit", "reopen_rule=full_bet")),
    ("razz", "studbook", ("preset=wsop-la",)),
    ("stud5", "studbook", ("first_round_opener=highcard_forced",)),
    ("descubierto", "studbook", ("deck_ranks=8-A", "min_raise=previous_raise")),
]


def plain(hand: Hand) -> list[ev.Event]:
    return [replace(event, line=0, **({"cards": ()} if isinstance(event, ev.Muck) else {}))
            for event in hand.events]


@pytest.mark.parametrize(("game", "fmt", "rules"), CASES, ids=lambda value: "+".join(value)
                         if isinstance(value, tuple) else value)
def test_simulated_hands_replay_clean(game: str, fmt: str, rules: tuple[str, ...]) -> None:
    players = 8 if game in ("stud", "stud8", "razz") and "preset=wsop-la" not in rules else 5
    simulated = list(Simulator(Setup(game=game, players=players, seed=len(rules), fmt=fmt,
                                     short_stacks=True, rules=rules)).hands(HANDS))
    text = SEPARATORS[fmt].join(WRITERS[fmt](played.hand) for played in simulated)
    blocks = list(read_blocks(text.encode("utf-8"), f"{game}.txt"))
    assert len(blocks) == HANDS
    user = Rules.parse(rules) if rules and fmt == "pokerstars" else None
    for played, block in zip(simulated, blocks, strict=True):
        hand = parse_block(block)
        assert isinstance(hand, Hand), hand
        assert plain(hand) == plain(played.hand), hand.hand_id
        result = replay(hand, user)
        # a raise past the cap heads-up is legal where the rules lift it, and the replay says so (C18)
        lifted = [v for v in result.violations
                  if (v.code, v.severity, v.rule) == ("headsup-uncapped", "info", "C18")]
        assert [v for v in result.violations if v not in lifted] == [], (hand.hand_id, result.violations)
        assert {seat.player: seat.net for seat in result.seats} == played.net, hand.hand_id
        mucked = {s.player: s.cards for s in hand.summary.seats if s.outcome == "mucked"}
        for event in played.hand.events:
            if isinstance(event, ev.Muck) and event.cards and fmt == "pokerstars":
                assert mucked[event.player] == event.cards  # the summary shows what the muck line hides
