"""PokerStars format families: one small, complete hand written for each era, kind of game, currency and
kind of informational line the site has written, read and audited with the money exact."""

from __future__ import annotations

from datetime import UTC
from datetime import datetime

import pytest
from helpers.families import audited
from helpers.families import nets
from helpers.families import one_hand
from helpers.parsing import events_of

from studbook.events import BringIn
from studbook.events import Collect
from studbook.events import Note
from studbook.events import UncalledReturn

BODY = """\
{header}
{table}
Seat 1: Alice ({stack} in chips)
Seat 3: Bob ({stack} in chips)
Seat 5: Carol ({stack} in chips)
Alice: posts the ante {ante}
Bob: posts the ante {ante}
Carol: posts the ante {ante}
*** 3rd STREET ***
Dealt to Alice [5c 7d 2h]
Dealt to Bob [Kd]
Dealt to Carol [9s]
Alice: brings in for {bring}
Bob: raises {bring} to {small}
Carol: folds
Alice: calls {bring}
*** 4th STREET ***
Dealt to Alice [5c 7d 2h] [3s]
Dealt to Bob [Kd] [Kc]
Bob: bets {small}
Alice: calls {small}
*** 5th STREET ***
Dealt to Alice [5c 7d 2h 3s] [Js]
Dealt to Bob [Kd Kc] [4h]
Bob: bets {big}
Alice: folds
Uncalled bet ({big}) returned to Bob
Bob collected {won} from pot
Bob: doesn't show hand
*** SUMMARY ***
Total pot {pot} | Rake {rake}
Seat 1: Alice folded on the 5th Street
Seat 3: Bob collected ({won})
Seat 5: Carol folded on the 3rd Street (didn't bet)
"""

# The same play in money (ante 1, bring-in 2, bets 4/8, rake 1, in cents) and in chips (5, 10, 20/40, no
# rake).
MONEY = {"stack": "{s}2", "ante": "{s}0.01", "bring": "{s}0.02", "small": "{s}0.04", "big": "{s}0.08",
         "won": "{s}0.18", "pot": "{s}0.19", "rake": "{s}0.01"}
CHIPS = {"stack": "1500", "ante": "5", "bring": "10", "small": "20", "big": "40", "won": "95", "pot": "95",
         "rake": "0"}
MONEY_NETS = {"Alice": -9, "Bob": 9, "Carol": -1}
CHIPS_NETS = {"Alice": -45, "Bob": 50, "Carol": -5}


def written(header: str, sign: str | None, table: str = "Table 'Alpha II' 8-max") -> str:
    amounts = CHIPS if sign is None else {key: value.format(s=sign) for key, value in MONEY.items()}
    return BODY.format(header=header, table=table, **amounts)


# family: (header, currency sign or None for chips, the table line, what the header says)
FAMILIES = {
    "2006 cash: Game #, dashes around the date, zone in brackets": (
        "PokerStars Game #5129873910: 7 Card Stud Limit ($0.04/$0.08) - 2006/06/16 - 14:49:36 (ET)", "$",
        "Table 'Alpha II' 8-max",
        {"hand_id": "5129873910", "currency": "USD", "tournament_id": None}),
    "2009 cash: Game #, bare zone": (
        "PokerStars Game #33200000000: 7 Card Stud Hi/Lo Limit ($0.04/$0.08) - 2009/11/26 10:33:06 ET", "$",
        "Table 'Alpha II' 8-max", {"variant": "stud8", "currency": "USD"}),
    "2011 cash in euros, local time and ET": (
        "PokerStars Hand #61000000001: 7 Card Stud Limit (€0.04/€0.08 EUR) - 2011/04/18 2:21:35 CET "
        "[2011/04/17 20:21:35 ET]", "€", "Table 'Alpha II' 8-max", {"currency": "EUR"}),
    "cash in pounds": (
        "PokerStars Hand #61000000002: 7 Card Stud Limit (£0.04/£0.08 GBP) - 2011/04/18 1:21:35 WET "
        "[2011/04/17 20:21:35 ET]", "£", "Table 'Alpha II' 8-max", {"currency": "GBP"}),
    "play money cash": (
        "PokerStars Hand #61000000003: 7 Card Stud Limit (20/40) - 2011/04/17 20:21:35 ET", None,
        "Table 'Alpha II' 8-max (Play Money)", {"currency": None, "small_bet": 20, "big_bet": 40}),
    "home game with a club": (
        "PokerStars Home Game Hand #61000000004: {Club #123456} 7 Card Stud Limit (20/40) - "
        "2011/04/17 20:21:35 ET", None, "Table 'Friday Stud' 6-max", {"home_game": True, "max_seats": 6}),
    "mixed game cash (HORSE)": (
        "PokerStars Hand #61000000005: HORSE (7 Card Stud Limit, $0.04/$0.08) - 2011/04/17 20:21:35 ET", "$",
        "Table 'Alpha II' 8-max", {"game_label": "HORSE", "currency": "USD"}),
    "tournament, buy-in with ISO code": (
        "PokerStars Hand #91733835979: Tournament #664712833, $2.00+$0.20 USD 7 Card Stud Limit - "
        "Level II (20/40) - 2013/01/03 16:27:43 EET [2013/01/03 9:27:43 ET]", None,
        "Table '664712833 3' 8-max", {"tournament_id": "664712833", "level": "II", "currency": None}),
    "tournament in euros": (
        "PokerStars Hand #91733835980: Tournament #664712834, €2.73+€0.27 EUR 7 Card Stud Limit - "
        "Level I (20/40) - 2013/01/03 15:27:43 CET [2013/01/03 9:27:43 ET]", None,
        "Table '664712834 1' 8-max", {"tournament_id": "664712834", "level": "I"}),
    "knockout tournament, three-part buy-in": (
        "PokerStars Hand #91733835981: Tournament #664712835, $10+$10+$2 USD 7 Card Stud Limit - "
        "Level III (20/40) - 2013/01/03 9:27:43 ET", None, "Table '664712835 2' 8-max",
        {"tournament_id": "664712835", "level": "III"}),
    "freeroll": (
        "PokerStars Hand #91733835982: Tournament #664712836, Freeroll  7 Card Stud Limit - "
        "Level I (20/40) - 2013/01/03 9:27:43 ET", None, "Table '664712836 1' 8-max",
        {"tournament_id": "664712836"}),
    "tournament paid in FPP": (
        "PokerStars Hand #91733835983: Tournament #664712837, 100 FPP 7 Card Stud Limit - "
        "Level I (20/40) - 2013/01/03 9:27:43 ET", None, "Table '664712837 1' 8-max",
        {"tournament_id": "664712837"}),
    "tournament paid in StarsCoin (two-letter code)": (
        "PokerStars Hand #91733835984: Tournament #664712838, 1000 SC 7 Card Stud Limit - "
        "Level I (20/40) - 2016/01/03 9:27:43 ET", None, "Table '664712838 1' 8-max",
        {"tournament_id": "664712838", "variant": "stud"}),
    "play-money tournament": (
        "PokerStars Hand #91733835985: Tournament #664712839, 1000+100 7 Card Stud Limit - "
        "Level I (20/40) - 2013/01/03 9:27:43 ET", None, "Table '664712839 1' 8-max (Play Money)",
        {"tournament_id": "664712839"}),
    "tournament with no buy-in written": (
        "PokerStars Hand #91733835986: Tournament #664712840, 7 Card Stud Limit - "
        "Level I (20/40) - 2013/01/03 9:27:43 ET", None, "Table '664712840 1' 8-max",
        {"tournament_id": "664712840", "variant": "stud"}),
    "mixed-game tournament (Triple Stud)": (
        "PokerStars Hand #91733835987: Tournament #664712841, $2.00+$0.20 USD Triple Stud "
        "(7 Card Stud Limit) - Level XXXI (20/40) - 2013/01/03 9:27:43 ET", None, "Table '664712841 3' 8-max",
        {"game_label": "Triple Stud", "level": "XXXI"}),
    "heads-up match round": (
        "PokerStars Hand #91733835988: Tournament #664712842, $5+$0.25 USD 7 Card Stud Limit - "
        "Match Round I, Level I (20/40) - 2013/01/03 9:27:43 ET", None, "Table '664712842 1' 2-max",
        {"tournament_id": "664712842", "max_seats": 2}),
    "a table line naming the button's seat (mixed-game tables)": (
        "PokerStars Hand #91733835989: 8-Game (7 Card Stud Limit, $0.04/$0.08 USD) - "
        "2013/01/03 9:27:43 ET", "$", "Table 'Procyon' 8-max Seat #1 is the button",
        {"table": "Procyon", "max_seats": 8, "game_label": "8-Game"}),
    "upper-case export": (
        "POKERSTARS GAME #27000000001: TOURNAMENT #169962475, $10+$1 USD 7 CARD STUD HI/LO LIMIT - "
        "LEVEL I (20/40) - 2009/06/12 20:02:36 ET", None, "Table '169962475 1' 8-max",
        {"variant": "stud8", "level": "I"}),
}


@pytest.mark.parametrize("family", FAMILIES)
def test_family_reads_and_audits(family: str) -> None:
    header, sign, table, facts = FAMILIES[family]
    hand = one_hand(written(header, sign, table))
    for name, value in facts.items():
        assert getattr(hand, name) == value, name
    result = audited(hand)
    assert nets(result) == (CHIPS_NETS if sign is None else MONEY_NETS)
    assert result.total_pot == (95 if sign is None else 19)
    returned = 40 if sign is None else 8
    assert events_of(hand, UncalledReturn) == [UncalledReturn(hand.source.first_line + 26, "Bob", returned)]


def test_local_and_eastern_times_agree() -> None:
    hand = one_hand(written(*FAMILIES["tournament, buy-in with ISO code"][:3]))
    assert hand.start_time_utc == datetime(2013, 1, 3, 14, 27, 43, tzinfo=UTC)


def test_tournament_news_bounties_and_a_seat_out_of_hand() -> None:
    """Finishing places, fixed, split and progressive bounties are paid outside the pot: notes, and the
    pot stays the players'. A player moved in mid-hand is seated but sits the hand out."""
    text = written(FAMILIES["knockout tournament, three-part buy-in"][0], None,
                   "Table '664712835 2' 8-max")
    moved = "Seat 6: Dave (2200 in chips) out of hand (moved from another table into small blind)\n"
    bounty = "Seat 5: Carol (1500 in chips, $10 bounty)\n"
    text = text.replace("Seat 5: Carol (1500 in chips)\n", bounty + moved)
    news = ("Bob wins $5 for eliminating Carol and their own bounty increases by $5 to $15\n"
            "Alice, Bob split the $10 bounty for eliminating Carol\n"
            "Bob wins the $10 bounty for eliminating Carol\n"
            "Carol finished the tournament in 28th place\n"
            "Dave has timed out while disconnected\n")
    text = text.replace("Bob: doesn't show hand\n", "Bob: doesn't show hand\n" + news)
    hand = one_hand(text + "Seat 6: Dave is sitting out\n")
    notes = [(note.kind, note.player) for note in events_of(hand, Note)]
    assert notes == [("tournament", "Bob"), ("tournament", "Alice, Bob"), ("tournament", "Bob"),
                     ("tournament", "Carol"), ("timeout", "Dave")]
    assert [seat.sitting_out for seat in hand.seats] == [False, False, False, True]
    assert nets(audited(hand)) == {**CHIPS_NETS, "Dave": 0}


def test_brings_in_low() -> None:
    """``brings in low for`` is a bring-in like ``brings in for``."""
    text = written(FAMILIES["2009 cash: Game #, bare zone"][0], "$").replace(
        "Alice: brings in for $0.02", "Alice: brings in low for $0.02")
    hand = one_hand(text)
    assert events_of(hand, BringIn) == [BringIn(hand.source.first_line + 12, "Alice", 2)]
    assert nets(audited(hand)) == MONEY_NETS


HI_LO = """\
PokerStars Hand #61000000010: 7 Card Stud Hi/Lo Limit ($0.04/$0.08 USD) - 2011/04/17 20:21:35 ET
Table 'Beta' 8-max
Seat 2: Alice ($2 in chips)
Seat 4: Bob ($2 in chips)
Alice: posts the ante $0.01
Bob: posts the ante $0.01
*** 3rd STREET ***
Dealt to Alice [Ah 2d 3c]
Dealt to Bob [Kd]
Alice: brings in for $0.02
Bob: calls $0.02
*** 4th STREET ***
Dealt to Alice [Ah 2d 3c] [4s]
Dealt to Bob [Kd] [Ks]
Bob: checks
Alice: checks
*** 5th STREET ***
Dealt to Alice [Ah 2d 3c 4s] [8h]
Dealt to Bob [Kd Ks] [Qc]
Bob: checks
Alice: checks
*** 6th STREET ***
Dealt to Alice [Ah 2d 3c 4s 8h] [Jd]
Dealt to Bob [Kd Ks Qc] [Qd]
Bob: checks
Alice: checks
*** RIVER ***
Dealt to Alice [Ah 2d 3c 4s 8h Jd] [Tc]
Bob: checks
Alice: checks
*** SHOW DOWN ***
Bob: shows [7c 8c Kd Ks Qc Qd 6h] (HI: two pair, Kings and Queens)
Alice: shows [Ah 2d 3c 4s 8h Jd Tc] (HI: high card Ace; LO: 8,4,3,2,A)
Bob collected $0.03 from pot
Alice collected $0.03 from pot
*** SUMMARY ***
Total pot $0.06 | Rake $0
Seat 2: Alice showed [Ah 2d 3c 4s 8h Jd Tc] and won ($0.03) with LO: 8,4,3,2,A
Seat 4: Bob showed [7c 8c Kd Ks Qc Qd 6h] and won ($0.03) with HI: two pair, Kings and Queens
"""


def test_hi_lo_halves_are_two_collections() -> None:
    hand = one_hand(HI_LO)
    assert [(e.player, e.amount) for e in events_of(hand, Collect)] == [("Bob", 3), ("Alice", 3)]
    result = audited(hand)
    assert nets(result) == {"Alice": 0, "Bob": 0} and result.total_pot == 6
