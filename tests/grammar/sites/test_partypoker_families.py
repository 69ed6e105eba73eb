"""PartyPoker's format families beyond the corpus, each a small complete hand written for the test:
the Mac client (decimal commas, spaced brackets, lower-case seats, local zones), euros, the tournament
headers of each era (freeroll, 2005 entry fee, the sit-and-go client's buy-in header with the stakes on
their own line) and the tournament's result lines, each read with the money right."""

from __future__ import annotations

from datetime import UTC
from datetime import datetime

import pytest
from helpers.parsing import events_of
from helpers.parsing import parse_text

from studbook.events import BringIn
from studbook.events import Collect
from studbook.events import Complete
from studbook.events import Note
from studbook.events import PostAnte
from studbook.events import Raise
from studbook.events import UncalledReturn
from studbook.hand import Hand
from studbook.replay import replay
from studbook.tournaments import buy_in_of
from studbook.tournaments import place_of


def only_hand(text: str) -> Hand:
    [hand] = parse_text(text)
    assert isinstance(hand, Hand), hand
    return hand


def nets(hand: Hand) -> dict[str, int]:
    return {seat.player: seat.net for seat in replay(hand).seats}


def clean(hand: Hand) -> None:
    """No error and no warning: only what a log without the opponents' up cards leaves open."""
    assert [v for v in replay(hand).violations if v.severity != "info"] == []


MAC = """\
#Game No : 4400000001
***** Hand History for Game 12300000001 *****
$0,50/$1 USD 7 Card Stud - Sunday,December 9, 14:29:49 ICT 2012
Table Pharos ( Real Money )
Seat 1 is the button
Total number of players : 3/8
seat 1: Ann ( $24,72 USD )
seat 2: Bob ( $10 USD )
seat 3: Hero ( $1,250.50 USD )
Ann posts ante [ $0,10 USD ]
Bob posts ante [ $0,10 USD ]
Hero posts ante [ $0,10 USD ]
** Dealing **
Dealt to Hero [  Ah Kd Qs ]
Bob opens
Bob bring-ins [ $0,25 USD ]
Hero completes [ $0,50 USD ]
Ann folds
Bob calls [ $0,25 USD ]
** Dealing Fourth street **
Dealt to Hero [  2c ]
Hero opens
Hero bets [ $0,50 USD ]
Bob folds
Hero does not show cards.
Hero wins $1,30  USD
"""


def test_mac_client_decimal_commas_and_local_zone() -> None:
    """``$0,50`` is fifty cents (a thousands comma has three digits: ``$1,250.50``); the title's number
    is the hand's, not the Mac client's own ``#Game No``; ICT is Bangkok's time."""
    hand = only_hand(MAC)
    assert (hand.hand_id, hand.small_bet, hand.big_bet, hand.currency) == ("12300000001", 50, 100, "USD")
    assert [s.stack for s in hand.seats] == [2472, 1000, 125050]
    assert hand.table == "Pharos"
    assert hand.start_time_utc == datetime(2012, 12, 9, 7, 29, 49, tzinfo=UTC)
    assert events_of(hand, BringIn) == [BringIn(16, "Bob", 25)]
    assert events_of(hand, Complete) == [Complete(17, "Hero", 50)]
    # the award counts Hero's uncalled 50 cents: 30 antes + 100 called, less rake, 80 won
    assert events_of(hand, UncalledReturn) == [UncalledReturn(26, "Hero", 50)]
    assert events_of(hand, Collect) == [Collect(26, "Hero", 80, "pot")]
    result = replay(hand)
    assert (result.total_pot, result.rake) == (130, 50)
    assert nets(hand) == {"Ann": -10, "Bob": -60, "Hero": 20}
    clean(hand)


EURO = """\
Game #9100000001 starts.

#Game No : 9100000001
***** Hand History for Game 9100000001 *****
€1/€2 EUR 7 Card Stud Hi-Lo - Friday, December 30, 20:52:00 CET 2011
Table Bastia (Real Money)
Seat 0 is the button
Total number of players : 2/8
Seat 2: Ann ( €20 EUR )
Seat 5: Bob ( €1.10 EUR )
Ann posts ante [€0.10 EUR]
Bob posts ante [€0.10 EUR]
** Dealing **
Dealt to Ann [  Ah 2c 7d ]
Bob opens
Bob bring-ins [€0.30  EUR]
Ann completes [€1  EUR]
Bob is all-In  [€0.70 EUR]
Your time bank will be activated in 6 secs. If you do not want it to be used, please act now.
** Dealing Fourth street **
Dealt to Ann [  5c ]
** Dealing Fifth street **
Dealt to Ann [  3d ]
** Dealing Sixth street **
Dealt to Ann [  4h ]
** Dealing River **
Dealt to Ann [  Kc ]
Ann shows [ Ah, 2c, 7d, 5c, 3d, 4h, Kc ]a straight, Five high.
Bob shows [ Qs, Qd, 9c, 9h, 8s, Jc, Jd ]two pairs, Queens and Jacks.
Ann wins €1.05 EUR from the main pot with a straight, Five high.
Ann wins Lo (€1.05 EUR) from the main pot with 7,5,4,3,2.
"""


def test_euros_with_spaced_currency_codes() -> None:
    hand = only_hand(EURO)
    assert (hand.currency, hand.variant, hand.small_bet, hand.big_bet) == ("EUR", "stud8", 100, 200)
    assert events_of(hand, Collect) == [Collect(30, "Ann", 105, "main"),
                                        Collect(31, "Ann", 105, "main", "lo")]
    assert [n.kind for n in events_of(hand, Note) if n.kind != "other"] == ["timeout"]
    result = replay(hand)
    assert (result.total_pot, result.rake) == (220, 10)
    assert nets(hand) == {"Ann": 100, "Bob": -110}
    clean(hand)


def tourney(header: str, before: str = "") -> str:
    return f"""\
Game #70000000001 starts.

#Game No : 70000000001
***** Hand History for Game 70000000001 *****
{header}
Table Regular (2629813) Table #2 (Real Money)
Seat 0 is the button
Total number of players : 3/8
Seat 1: Ann ( 1,500 )
Seat 2: Bob ( 300 )
Seat 3: Cy ( 2,000 )
{before}Ann posts ante of [10]
Bob posts ante [10]
Cy posts ante [10]
** Dealing **
Dealt to Ann [  9d Qh 3h ]
Bob opens
Bob bring-ins [20]
Cy completes [60]
Ann folds
>You have options at Table  2629813 Table!.
Bob calls [40]
** Dealing Fourth street **
Bob opens
Bob bets [60]
Cy raises [120]
Bob is all-In  [170]
Cy calls [110]
** Dealing Fifth street **
** Dealing Sixth street **
** Dealing River **
Bob shows [ Ad, Ac, 9c, 9h, 8s, 2c, 2d ]two pairs, Aces and Nines.
Cy shows [ Kd, Kc, Qc, Jh, 8d, 4c, 5d ]a pair of Kings.
Bob wins 610 chips from the main pot with two pairs, Aces and Nines.
Congratulations to player Bob for winning tournament $1 Sit & Go
Player Cy finished in 3.
Player Bob finished in 1 place and received $3 USD
"""


def check_tournament_hand(hand: Hand, buy_in: str | None) -> None:
    assert (hand.currency, hand.tournament_id, hand.level) == (None, "69784932", "2")
    assert (hand.small_bet, hand.big_bet, hand.ante) == (60, 120, 10)
    assert [(a.player, a.amount) for a in events_of(hand, PostAnte)] == [("Ann", 10), ("Bob", 10), ("Cy", 10)]
    # what each line adds: Cy raises to 120, Bob's all-in 170 after his bet of 60 is a raise to 230
    raises = [(r.player, r.to, r.all_in) for r in events_of(hand, Raise)]
    assert raises == [("Cy", 120, False), ("Bob", 230, True)]
    assert events_of(hand, Collect)[0].amount == 610
    notes = {n.text for n in events_of(hand, Note) if n.kind == "tournament"}
    assert {"Player Cy finished in 3.", "Player Bob finished in 1 place and received $3 USD"} <= notes
    if buy_in:
        assert f"buy-in {buy_in}" in notes
    result = replay(hand)
    assert (result.total_pot, result.rake) == (610, 0)
    assert nets(hand) == {"Ann": -10, "Bob": 310, "Cy": -300}
    clean(hand)


def test_tournament_header_with_its_stakes() -> None:
    text = tourney("FL 7 Card Stud $6 USD Buy-in Trny:69784932 Level:2  Stakes-Antes(60/120-10) - "
                   "Wednesday, May 30, 14:41:43 EDT 2012")
    check_tournament_hand(only_hand(text), "$6")


def test_freeroll_header_without_a_buy_in() -> None:
    text = tourney("FL 7 Card Stud  Trny:69784932 Level:2  Stakes-Antes(60/120-10) - "
                   "Tuesday, July 17, 21:37:31 YEKST 2012")
    hand = only_hand(text)
    check_tournament_hand(hand, None)
    assert hand.start_time_utc == datetime(2012, 7, 17, 15, 37, 31, tzinfo=UTC)


def test_2005_header_with_an_entry_fee() -> None:
    text = tourney("FL 7 Card Stud $30 Buy-in  + $3 Entry Fee  Trny:69784932 Level:2 Stakes-Antes(60/120-10)"
                   " - "
                   "Tuesday, August 30, 00:26:01 EDT 2005")
    check_tournament_hand(only_hand(text), "$30")


def test_sit_and_go_header_names_only_the_buy_in() -> None:
    """The stakes, tournament and level are on their own lines after the seats."""
    text = tourney("FL 7 Card Stud €1 EUR Buy-in  - Wednesday, November 28, 13:05:32 CET 2012",
                   "Trny: 69784932 Level: 2\nStakes-Antes(60/120-10)\n")
    hand = only_hand(text)
    check_tournament_hand(hand, "€1")
    assert hand.start_time_utc == datetime(2012, 11, 28, 12, 5, 32, tzinfo=UTC)


def test_a_level_line_after_the_game_line_does_not_change_the_hand() -> None:
    text = tourney("FL 7 Card Stud $6 USD Buy-in Trny:69784932 Level:2  Stakes-Antes(60/120-10) - "
                   "Wednesday, May 30, 14:41:43 EDT 2012", "Trny:69784932 Level:3\nStakes-Antes(80/160-15)\n")
    check_tournament_hand(only_hand(text), "$6")


def test_converted_title_with_the_network_and_a_lettered_number() -> None:
    text = tourney("FL 7 Card Stud $6 USD Buy-in Trny:69784932 Level:2  Stakes-Antes(60/120-10) - "
                   "Wednesday, May 30, 14:41:43 EDT 2012")
    text = text.replace("Game #70000000001 starts.\n\n", "").replace(
        "***** Hand History for Game 70000000001 *****",
        "***** Hand History For Game 1784559729098bywbird3xlj ***** (Party)")
    hand = only_hand(text)
    assert hand.hand_id == "1784559729098bywbird3xlj"
    check_tournament_hand(hand, "$6")


@pytest.mark.parametrize(("header", "written", "read"), [
    ("FL 7 Card Stud $6 USD Buy-in Trny:69784932 Level:2  Stakes-Antes(60/120-10) - "
     "Wednesday, May 30, 14:41:43 EDT 2012", "$6 USD Buy-in", (600, 0, "USD")),
    ("FL 7 Card Stud $30 Buy-in  + $3 Entry Fee  Trny:69784932 Level:2 Stakes-Antes(60/120-10) - "
     "Tuesday, August 30, 00:26:01 EDT 2005", "$30 Buy-in  + $3 Entry Fee", (3000, 300, "USD")),
    ("FL 7 Card Stud  Trny:69784932 Level:2  Stakes-Antes(60/120-10) - Tuesday, July 17, 21:37:31 YEKST 2012",
     None, None),
])
def test_the_buy_in_as_written_and_the_finishing_places(header: str, written: str | None,
                                                         read: tuple[int, int, str] | None) -> None:
    """The import's reading (studbook.tournaments): the header's buy-in, and each finishing line's place."""
    hand = only_hand(tourney(header))
    assert hand.buy_in == written and buy_in_of(hand.buy_in) == read
    notes = [note for note in events_of(hand, Note) if note.kind == "tournament" and note.player]
    places = {note.player: place_of(note.text) for note in notes}
    assert places == {"Bob": (1, 300), "Cy": (3, None)}
