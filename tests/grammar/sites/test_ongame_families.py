"""OnGame's format families beyond the corpus, each a small complete hand written for the test: the
tournament client's ``[all in]`` flag (a euro freeroll in tournament chips), read with the money right."""

from __future__ import annotations

from helpers.parsing import events_of
from helpers.parsing import parse_text

from studbook.events import Bet
from studbook.events import Call
from studbook.events import Collect
from studbook.hand import Hand
from studbook.replay import replay

TOURNEY = """\
***** History for hand T5-569087-5 (TOURNAMENT: "Freeroll tournois live", R-274-73, buy-in: €0) *****
Start hand: Sat Aug 28 20:33:38 GMT+0200 2010
Table: Table #3 [569087] (LIMIT SEVEN_CARD_STUD 100/200, ante: 10, TC)
User: Ann
Players in round: 2
Seat 1: Ann (1500)
Seat 3: Bob (310)
Ann posts ante 10
Bob posts ante 10
---
Dealing pocket cards
Dealing to Ann: [8d, 8s, 4d]
Dealing to Bob: [-, -, 2c]
Bob small bring in 50
Ann raises 100 to 100
Bob calls 50
---
Dealing 4th street
Dealing to Ann: [3h]
Dealing to Bob: [2h]
Ann bets 100
Bob calls 100
---
Dealing 5th street
Dealing to Ann: [Kc]
Dealing to Bob: [7d]
Ann bets 200
Bob calls 100 [all in]
---
Dealing 6th street
Dealing to Ann: [Qc]
Dealing to Bob: [9d]
---
Dealing river
Dealing to Ann: [Jd]
---
Summary:
Main pot: 620 won by Ann (620)
Seat 1: Ann (1810), net: +310, [8d, 8s, 4d, 3h, Kc, Qc, Jd] (Pair of Eights)
Seat 3: Bob (0), net: -310, [Ah, Kd, 2c, 2h, 7d, 9d, 5s] (Pair of Twos)
***** End of hand T5-569087-5 *****
"""


def test_tournament_all_in_flag_in_brackets() -> None:
    [hand] = parse_text(TOURNEY)
    assert isinstance(hand, Hand), hand
    assert (hand.currency, hand.small_bet, hand.big_bet, hand.ante) == (None, 100, 200, 10)
    assert events_of(hand, Call, "Bob")[-1] == Call(28, "Bob", 100, True)
    assert events_of(hand, Bet, "Ann")[-1] == Bet(27, "Ann", 200)
    result = replay(hand)
    # Ann's 200 on 5th street is called for 100: the other 100 comes back to her
    assert (result.total_pot, result.rake) == (620, 0)
    assert {s.player: s.net for s in result.seats} == {"Ann": 310, "Bob": -310}
    assert sum(c.amount for c in events_of(hand, Collect)) == 620
