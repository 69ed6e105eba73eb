"""Full Tilt Poker format families: one small, complete hand written for each era, kind of game,
currency and kind of informational line the site has written, read and audited with the money exact."""

from __future__ import annotations

from datetime import UTC
from datetime import datetime

import pytest
from helpers.families import audited
from helpers.families import nets
from helpers.families import one_hand
from helpers.parsing import events_of

from studbook.events import Note
from studbook.events import Raise

BODY = """\
{header}
Seat 1: Alice ({stack})
Seat 3: Bob ({stack})
Seat 5: Carol ({stack})
Alice antes {ante}
Bob antes {ante}
Carol antes {ante}
*** 3RD STREET ***{pot3}
Dealt to Alice [5c 7d] [2h]
Dealt to Bob [Kd]
Dealt to Carol [9s]
Alice is low with [2h]
Alice brings in for {bring}
Bob completes it to {small}
Carol folds
Alice calls {bring}
*** 4TH STREET ***{pot4}
Dealt to Alice [5c 7d 2h] [3s]
Dealt to Bob [Kd] [Kc]
Bob bets {small}
Alice calls {small}
*** 5TH STREET ***{pot5}
Dealt to Alice [5c 7d 2h 3s] [Js]
Dealt to Bob [Kd Kc] [4h]
Bob bets {big}
Alice folds
Uncalled bet of {big} returned to Bob
Bob mucks
Bob wins the pot ({won})
*** SUMMARY ***
Total pot {pot} | Rake {rake}
Seat 1: Alice folded on 5th St.
Seat 3: Bob collected ({won}), mucked
Seat 5: Carol folded on 3rd St.
"""

# The same play in money (ante 1, bring-in 2, bets 4/8, rake 1, in cents) and in chips (5, 10, 20/40, no
# rake; a tournament writes the pot so far at each street marker).
MONEY = {"stack": "{s}2", "ante": "{s}0.01", "bring": "{s}0.02", "small": "{s}0.04", "big": "{s}0.08",
         "won": "{s}0.18", "pot": "{s}0.19", "rake": "{s}0.01", "pot3": "", "pot4": "", "pot5": ""}
CHIPS = {"stack": "1,500", "ante": "5", "bring": "10", "small": "20", "big": "40", "won": "95", "pot": "95",
         "rake": "0", "pot3": " (Total Pot: 15, 3 Players)", "pot4": " (Total Pot: 55, 2 Players)",
         "pot5": " (Total Pot: 95, 2 Players)"}
MONEY_NETS = {"Alice": -9, "Bob": 9, "Carol": -1}
CHIPS_NETS = {"Alice": -45, "Bob": 50, "Carol": -5}


def written(header: str, sign: str | None) -> str:
    amounts = CHIPS if sign is None else {key: value.format(s=sign) for key, value in MONEY.items()}
    return BODY.format(header=header, **amounts)


FAMILIES = {
    "2010 cash: stakes and ante before the game": (
        "Full Tilt Poker Game #22000000001: Table Alpha (6 max) - $0.04/$0.08 Ante $0.01 - Limit Stud Hi - "
        "21:40:05 ET - 2010/06/01", "$", {"currency": "USD", "max_seats": 6, "ante": 1, "table": "Alpha"}),
    "cash in euros, local time and ET": (
        "Full Tilt Poker Game #22000000002: Table Alpha (6 max) - €0.04/€0.08 Ante €0.01 - Limit Stud Hi - "
        "3:40:05 CET - 2010/06/02 [21:40:05 ET - 2010/06/01]", "€", {"currency": "EUR"}),
    "before late 2008: time without seconds, weekday and month name": (
        "Full Tilt Poker Game #5000000001: Table Alpha - $0.04/$0.08 Ante $0.01 - Limit 7 Card Stud - "
        "21:40 ET - Sat, Jan 26, 2008", "$",
        {"start_time_utc": datetime(2008, 1, 27, 2, 40, tzinfo=UTC), "variant": "stud"}),
    "a hand the client wrote before it ended (partial)": (
        "Full Tilt Poker Game #22000000003: Table Alpha (6 max) - $0.04/$0.08 Ante $0.01 - Limit Stud Hi - "
        "21:40:05 ET - 2010/06/01 (partial)", "$", {"hand_id": "22000000003"}),
    "later layout: the game, then the stakes": (
        "Full Tilt Poker Game #33000000001: Table Alpha (6 max) - Limit Stud H/L - $0.04/$0.08 Ante $0.01 - "
        "21:40:05 ET - 2012/06/01", "$", {"variant": "stud8", "small_bet": 4, "big_bet": 8}),
    "mixed game label (HORSE)": (
        "Full Tilt Poker Game #22000000004: Table Alpha (6 max) - $0.04/$0.08 Ante $0.01 - HORSE - "
        "Limit Stud Hi - 21:40:05 ET - 2010/06/01", "$", {"game_label": "HORSE"}),
    "mixed game label (10-Game)": (
        "Full Tilt Poker Game #22000000005: Table Alpha (6 max) - $0.04/$0.08 Ante $0.01 - 10-Game - "
        "Limit Stud H/L - 21:40:05 ET - 2010/06/01", "$", {"game_label": "10-Game", "variant": "stud8"}),
    "play chips": (
        "Full Tilt Poker Game #22000000006: Table Play Chip Alpha (6 max) - 20/40 Ante 5 - Limit Stud Hi - "
        "21:40:05 ET - 2010/06/01", None, {"currency": None, "tournament_id": None, "table": "Alpha"}),
    "heads-up table": (
        "Full Tilt Poker Game #22000000007: Table Alpha (heads up) - $0.04/$0.08 Ante $0.01 - "
        "Limit Stud Hi - 21:40:05 ET - 2010/06/01", "$", {"max_seats": 2}),
    "deep-stacked table": (
        "Full Tilt Poker Game #22000000008: Table Alpha (deep 6) - $0.04/$0.08 Ante $0.01 - Limit Stud Hi - "
        "21:40:05 ET - 2010/06/01", "$", {"max_seats": 6}),
    "sit and go": (
        "Full Tilt Poker Game #22000000009: $10 + $1 Sit & Go (Turbo) (243603038), Table 1 - 20/40 Ante 5 - "
        "Limit Stud Hi - 21:40:05 ET - 2010/06/01", None, {"tournament_id": "243603038", "currency": None}),
    "multi-table tournament": (
        "Full Tilt Poker Game #22000000010: $100 + $9 Stud Hi (243603039), Table 12 - 20/40 Ante 5 - "
        "Limit Stud Hi - 21:40:05 ET - 2010/06/01", None, {"tournament_id": "243603039", "table": "12"}),
    "freeroll": (
        "Full Tilt Poker Game #22000000011: Freeroll (243603040), Table 3 - 20/40 Ante 5 - Limit Stud Hi - "
        "21:40:05 ET - 2010/06/01", None, {"tournament_id": "243603040"}),
    "heads-up sit and go, stakes after 2011": (
        "Full Tilt Poker Game #31349767778: $200 Heads-Up Sit & Go (243603041), Table 1 - 20/40 Ante 5 - "
        "Limit Stud Hi - 19:53:37 ET - 2012/11/08", None, {"tournament_id": "243603041"}),
}


@pytest.mark.parametrize("family", FAMILIES)
def test_family_reads_and_audits(family: str) -> None:
    header, sign, facts = FAMILIES[family]
    hand = one_hand(written(header, sign))
    for name, value in facts.items():
        assert getattr(hand, name) == value, name
    result = audited(hand)
    assert nets(result) == (CHIPS_NETS if sign is None else MONEY_NETS)
    assert events_of(hand, Raise) == [] and hand.summary.total_pot == (95 if sign is None else 19)


def test_tournament_street_markers_keep_the_pot_as_notes() -> None:
    hand = one_hand(written(FAMILIES["sit and go"][0], None))
    assert [n.text for n in events_of(hand, Note) if n.kind == "pot"] == [
        "Total Pot: 15, 3 Players", "Total Pot: 55, 2 Players", "Total Pot: 95, 2 Players"]


def test_table_notices_are_notes() -> None:
    """Emotes, clocks, seats coming and going, connection notices and chat move no money."""
    notices = ("Carol is feeling happy\n"
               "Alice has 15 seconds left to act\n"
               "Carol sits out\n"
               "Dave sits down\n"
               "Dave stands up\n"
               "Alice has been disconnected\n"
               "Alice has reconnected\n"
               "Bob: nice hand\n")
    text = written(FAMILIES["2010 cash: stakes and ante before the game"][0], "$").replace(
        "Alice calls $0.04\n", "Alice calls $0.04\n" + notices)
    hand = one_hand(text)
    kinds = [note.kind for note in events_of(hand, Note) if note.kind != "bring_in_card"]
    assert kinds == ["emote", "timeout", "sitting_out", "join", "leave", "connection", "connection", "chat"]
    assert nets(audited(hand)) == MONEY_NETS
