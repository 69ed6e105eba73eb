"""Helpers shared by the site grammar tests: a constructed log's results, a hand's events of one kind,
a site's dialect, the check that no corpus line is read by two line kinds at once, and a real
PokerStars hand under the 2008 header style."""

from __future__ import annotations

import re
from pathlib import Path

from studbook.grammar import ParseError
from studbook.grammar import Skipped
from studbook.grammar.dialect import dialects
from studbook.grammar.parse import parse_block
from studbook.grammar.reader import LogReader
from studbook.grammar.reader import split_blocks
from studbook.hand import Hand


def parse_text(text: str, name: str = "constructed.txt") -> list[Hand | ParseError | Skipped]:
    return [parse_block(block) for block in split_blocks(name, text.split("\n"))]


def events_of(hand: Hand, kind: type, player: str | None = None) -> list:
    return [e for e in hand.events if isinstance(e, kind) and player in (None, getattr(e, "player", None))]


def dialect(name: str):
    return next(d for d in dialects() if d.name == name)


def assert_unambiguous(site, paths: list[Path]) -> None:
    terminals = {t.name: t for t in site.parser.terminals}
    regexps = {name: re.compile(t.pattern.to_regexp()) for name, t in terminals.items()}
    # Lark internals: the LALR table, to know which line kinds are read in the same place.
    states = site.parser.parser.parser.parser.parse_table.states.values()
    together = {frozenset(name for name in state if name in regexps) for state in states}
    for path in paths:
        for line in LogReader(path).lines():
            kinds = {name for name, regexp in regexps.items() if regexp.fullmatch(line + "\n")}
            assert line == "" or kinds, line
            for allowed in together:
                candidates = kinds & allowed
                if candidates:
                    top = max(terminals[k].priority for k in candidates)
                    assert sum(terminals[k].priority == top for k in candidates) == 1, (line, candidates)


# A real hand (cash-7-StudHL-USD-400-800-201701.3bet.fix.txt) under the 2008 header style.
OLD_STYLE_HAND = """\
PokerStars Game #15043388146:  7 Card Stud Hi/Lo Limit ($400/$800) - 2008/02/03 - 22:04:15 (ET)
Table 'Educatio' 6-max
Seat 1: Hero ($51125.64 in chips)
Seat 3: Player0 ($36765.21 in chips)
Hero: posts the ante $60
Player0: posts the ante $60
*** 3rd STREET ***
Dealt to Hero [7s 7c Ah]
Dealt to Player0 [Ts]
Player0: brings in for $120
Hero: raises $280 to $400
Player0: raises $400 to $800
Hero: raises $400 to $1200
Player0: calls $400
*** 4th STREET ***
Dealt to Hero [7s 7c Ah] [Jh]
Dealt to Player0 [Ts] [4s]
Hero: bets $400
Player0: calls $400
*** 5th STREET ***
Dealt to Hero [7s 7c Ah Jh] [Jd]
Dealt to Player0 [Ts 4s] [9d]
Hero: bets $800
Player0: folds
Uncalled bet ($800) returned to Hero
Hero collected $3318 from pot
Hero: doesn't show hand
*** SUMMARY ***
Total pot $3320 | Rake $2
Seat 1: Hero collected ($3318)
Seat 3: Player0 folded on the 5th Street
"""
