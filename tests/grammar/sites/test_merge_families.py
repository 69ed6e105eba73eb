"""Merge format families: one small, complete XML hand written for each era of the export, kind of game
and informational element the network has written, read and audited with the money exact. Merge writes
no total pot and no rake: the pot is the antes and bets, the rake what the winners were not given."""

from __future__ import annotations

import tempfile
from datetime import UTC
from datetime import datetime
from pathlib import Path

import pytest
from helpers.families import audited
from helpers.families import nets
from helpers.parsing import events_of

from studbook.events import UNKNOWN_LINE
from studbook.events import Complete
from studbook.events import Note
from studbook.events import UncalledReturn
from studbook.grammar import ParseError
from studbook.grammar import Skipped
from studbook.grammar import parse_file
from studbook.hand import Hand
from studbook.replay import replay

GAME = """\
<description type="{type}" stakes="{stakes}"{version}/>
<game id="{hand_id}" starttime="{start}" numholecards="7" gametype="{gametype}" seats="8" \
realmoney="{real}"{data}{extra_attributes}>
\t<players dealer="2">
\t\t<player seat="0" nickname="Alice" balance="{alice}" dealtin="true" />
\t\t<player seat="1" nickname="Bob" balance="{bob}" dealtin="true" />
\t\t<player seat="2" nickname="Carol" balance="{carol}" dealtin="true" />
\t</players>
\t<round id="BLINDS" sequence="1">
\t\t<event sequence="1" type="ANTE" timestamp="1" player="0" amount="{ante}"/>
\t\t<event sequence="2" type="ANTE" timestamp="1" player="1" amount="{ante}"/>
\t\t<event sequence="3" type="ANTE" timestamp="1" player="2" amount="{ante}"/>
\t</round>
\t<round id="BRING_IN" sequence="2">
\t\t<event sequence="4" type="BRING_IN" timestamp="1" player="0" amount="{bring}"/>
\t\t<cards type="HOLE" cards="5c,7d,2h" player="0" hand="Seven High"/>
\t\t<cards type="DRAW_DRAWN_CARDS" cards="{hidden},{hidden},Kd" player="1"/>
\t\t<cards type="DRAW_DRAWN_CARDS" cards="{hidden},{hidden},9s" player="2"/>
\t</round>
\t<round id="THIRD_STREET" sequence="3">
\t\t<event sequence="5" type="COMPLETE" timestamp="1" player="1" amount="{small}"/>
\t\t<event sequence="6" type="FOLD" timestamp="1" player="2"/>
\t\t<event sequence="7" type="CALL" timestamp="1" player="0" amount="{call}"/>
{informational}\t</round>
\t<round id="FOURTH_STREET" sequence="4">
\t\t<event sequence="8" type="BET" timestamp="1" player="1" amount="{small}"/>
\t\t<event sequence="9" type="FOLD" timestamp="1" player="0"/>
\t\t<cards type="HOLE" cards="5c,7d,2h,3s" player="0" hand="Seven High"/>
\t\t<cards type="DRAW_DRAWN_CARDS" cards="{hidden},{hidden},Kd,Kc" player="1"/>
\t</round>
\t<round id="END_OF_FOLDED_GAME" sequence="5">
\t\t<winner amount="{small}" uncalled="true" potnumber="1" player="1" pottype="n"/>
\t\t<winner amount="{won}" uncalled="false" potnumber="1" player="1" pottype="n"/>
\t</round>
</game>
"""

# The same play in dollars (ante 5, bring-in 10, bets 50/100 cents; the winner is given 5 cents less
# than the pot of 115) and in tournament chips (ante 10, bring-in 20, bets 100/200; no rake).
CASH = {"alice": "{s}10.00", "bob": "{s}10.00", "carol": "{s}10.00", "ante": "0.05", "bring": "0.10",
        "small": "0.50", "call": "0.40", "won": "1.10", "stakes": "Limit $0.50/$1"}
CHIPS = {"alice": "{s}990.00", "bob": "{s}990.00", "carol": "{s}990.00", "ante": "10.00", "bring": "20.00",
         "small": "100.00", "call": "80.00", "won": "230.00", "stakes": "Limit"}  # balances after the ante
CASH_NETS, CASH_POT, CASH_RAKE = {"Alice": -55, "Bob": 55, "Carol": -5}, 115, 5
CHIPS_NETS, CHIPS_POT = {"Alice": -110, "Bob": 120, "Carol": -10}, 230


CASH_DATA = ' data="20110204|Hudson (31423297)|31423297|31423297-107|false"'


def written(chips: bool = False, sign: str = "$", informational: str = "", **fields: str) -> str:
    amounts = {key: value.format(s=sign) for key, value in (CHIPS if chips else CASH).items()}
    values = {"type": "7-Stud", "version": "", "hand_id": "31423297-107", "start": "20110204202244",
              "gametype": "39", "real": "true", "data": CASH_DATA,
              "extra_attributes": "", "hidden": "null", "informational": informational, **amounts}
    return GAME.format(**(values | fields))


TOURNAMENT_DATA = ' data="20110718|$200 Freeroll - Stud - 12%3A00|36447024-1|36487050-18|true"'

def parsed(text: str, strict: bool = False) -> list[Hand | ParseError | Skipped]:
    """The results of a log file holding the text (Merge's logs are read as files of XML elements)."""
    folder = Path(tempfile.mkdtemp(prefix="merge-family-"))
    path = folder / "constructed.xml"
    path.write_text(text, encoding="utf-8")
    try:
        return list(parse_file(path, strict))
    finally:
        path.unlink()
        folder.rmdir()


def one_hand(text: str) -> Hand:
    results = parsed(text)
    assert len(results) == 1 and isinstance(results[0], Hand), results
    return results[0]


# family: (the hand's text, the facts it gives)
FAMILIES = {
    "2011 cash XML: dollar signs, UTC start, null for a hidden card": (
        written(), {"currency": "USD", "table": "Hudson (31423297)", "tournament_id": None,
                    "start_time_utc": datetime(2011, 2, 4, 20, 22, 44, tzinfo=UTC)}),
    "2012: start time with its zone offset": (
        written(start="2012/06/05 19:39:26 -0400"),
        {"start_time_utc": datetime(2012, 6, 5, 23, 39, 26, tzinfo=UTC), "currency": "USD"}),
    "2013: a hidden card written as nothing (no.null)": (
        written(hidden="", type="7-Stud H/L8", gametype="43"), {"variant": "stud8", "currency": "USD"}),
    "2014 version 2: no sign on the balances": (
        written(sign="", version=' version="2"', extra_attributes=' version="2"'),
        {"variant": "stud", "currency": "USD", "table": "Hudson (31423297)"}),
    "2014 version 2 with no data=: the table is the hand id's first part": (
        written(sign="", version=' version="2"', data="", hand_id="78024719-264"),
        {"table": "78024719", "tournament_id": None, "currency": "USD"}),
    "2012 no-limit cash: ante/bring-in/bet in the stakes": (
        written(stakes="No Limit ($0.05/$0.10/$0.50)"), {"structure": "no-limit", "small_bet": 50}),
}

TOURNAMENTS = {
    "2011 freeroll: Limit alone, balances after the ante, chips with a dollar sign": (
        written(chips=True, type="7-Stud Tournament", gametype="41", data=TOURNAMENT_DATA),
        {"currency": None, "tournament_id": "36447024-1", "table": "$200 Freeroll - Stud - 12:00",
         "small_bet": 100, "big_bet": 200, "buy_in": None}),
    "2012 sit-and-go, version 1": (
        written(chips=True, type="7-Stud H/L8 Tournament", gametype="45", version=' version="1"',
                data=' data="20120822|Rattlesnake Room - Turbo|60137968-1|60139095-1|true"',
                start="2012/08/23 02:10:05 -0300"),
        {"variant": "stud8", "tournament_id": "60137968-1", "table": "Rattlesnake Room - Turbo",
         "start_time_utc": datetime(2012, 8, 23, 5, 10, 5, tzinfo=UTC)}),
    "2015 version 2.1 MTT: level in the stakes, buyIn= and the structure on the game": (
        written(chips=True, sign="", type="7-Stud Tournament", gametype="41",
                stakes="Limit Level 4 Antes 10", version=' version="2.1"',
                data=' data="20150302|Nightly Stud $11 (81601090-1)|81601090-1|81685504-28|true"',
                extra_attributes=' stakes="Limit Level 4 Antes 10" buyIn="10.00" seatsPerTable="8" '
                                 'startingStack="1000.00" rebuy="0.00" addon="0.00" bounty="0.00" '
                                 'version="2.1"'),
        {"tournament_id": "81601090-1", "buy_in": "$10.00", "small_bet": 100, "big_bet": 200}),
}


@pytest.mark.parametrize("family", FAMILIES)
def test_cash_family_reads_and_audits(family: str) -> None:
    text, facts = FAMILIES[family]
    hand = one_hand(text)
    for name, value in facts.items():
        assert getattr(hand, name) == value, name
    assert hand.site == "merge"
    result = audited(hand, pot_logged=False, rake_logged=False)
    assert (result.total_pot, result.rake) == (CASH_POT, CASH_RAKE)
    assert nets(result) == CASH_NETS
    assert [(r.player, r.amount) for r in events_of(hand, UncalledReturn)] == [("Bob", 50)]
    assert events_of(hand, Complete)[0].to == 50


@pytest.mark.parametrize("family", TOURNAMENTS)
def test_tournament_family_reads_and_audits(family: str) -> None:
    text, facts = TOURNAMENTS[family]
    hand = one_hand(text)
    for name, value in facts.items():
        assert getattr(hand, name) == value, name
    assert hand.currency is None and hand.seats[0].stack == 1000  # the ante added back
    result = audited(hand, pot_logged=False, rake_logged=False)
    assert (result.total_pot, result.rake) == (CHIPS_POT, 0)
    assert nets(result) == CHIPS_NETS


def test_play_money_is_chips() -> None:
    """``realmoney="false"`` (the play-money tables): chips, not dollars."""
    text = written(chips=True, real="false", type="7-Stud", stakes="Limit 100/200",
                   data=' data="20111230|Play Money (46154255)|46154255|46154255-645|false"').replace(
        'balance="$990.00"', 'balance="$1000.00"')
    hand = one_hand(text)
    assert (hand.currency, hand.tournament_id, hand.table) == (None, None, "Play Money (46154255)")
    result = audited(hand, pot_logged=False, rake_logged=False)
    assert (result.total_pot, result.rake) == (CHIPS_POT, 0) and nets(result) == CHIPS_NETS


def test_a_cash_table_whose_data_ends_in_true_is_still_cash() -> None:
    """2013: some cash tables end ``data=`` with true; the description (no ``Tournament``) decides."""
    hand = one_hand(written(data=' data="20130818|Grand VI|71748131|71748131-1802|true"'))
    assert (hand.currency, hand.tournament_id) == ("USD", None)
    assert nets(audited(hand, pot_logged=False, rake_logged=False)) == CASH_NETS


INFORMATIONAL = """\
\t\t<event sequence="10" type="CHAT" timestamp="1" player="Carol" text="nh"/>
\t\t<event sequence="11" type="DISCONNECTED" timestamp="1" player="2"/>
\t\t<event sequence="12" type="RECONNECTED" timestamp="1" player="2"/>
\t\t<event sequence="13" type="SIT_OUT" player="2"/>
\t\t<event sequence="14" type="LEAVE" timestamp="1" player="2"/>
"""


def test_informational_events_are_notes_and_the_money_closes() -> None:
    hand = one_hand(written(informational=INFORMATIONAL))
    notes = [(note.kind, note.text, note.player) for note in events_of(hand, Note)]
    assert notes == [("chat", "nh", "Carol"), ("connection", "disconnected", "Carol"),
                     ("connection", "reconnected", "Carol"), ("sitting_out", "sits out", "Carol"),
                     ("leave", "leaves the table", "Carol")]
    result = audited(hand, pot_logged=False, rake_logged=False)
    assert nets(result) == CASH_NETS and not result.violations


def test_an_unknown_element_with_no_amount_is_an_unknown_line_warning() -> None:
    """An event type, a kind of cards or an element Merge is not known to write, with no amount: kept
    with its own text, the hand still read, its money closing, and the replay warns."""
    extra = ('\t\t<event sequence="10" type="TIME_BANK" timestamp="1" player="2"/>\n'
             '\t\t<cards type="DISCARDED" cards="9s" player="2"/>\n'
             '\t\t<notice text="table closing"/>\n')
    hand = one_hand(written(informational=extra))
    unknown = [note.text for note in events_of(hand, Note) if note.kind == UNKNOWN_LINE]
    assert sorted(unknown) == sorted(['<event sequence="10" type="TIME_BANK" timestamp="1" player="2"/>',
                                      '<cards type="DISCARDED" cards="9s" player="2"/>',
                                      '<notice text="table closing"/>'])
    result = replay(hand)
    assert nets(result) == CASH_NETS
    assert [v.code for v in result.violations if v.severity == "warning"] == [UNKNOWN_LINE] * 3
    assert not result.has_errors


def test_read_strictly_an_unknown_element_rejects_the_hand() -> None:
    [error] = parsed(written(informational='\t\t<notice text="table closing"/>\n'), strict=True)
    assert isinstance(error, ParseError)
    assert error.message == ("unrecognised '<notice text=\"table closing\"/>': strict reading rejects what "
                             "the format does not know")


def test_an_unknown_element_whose_money_does_not_close_rejects_the_hand() -> None:
    """The same element in a hand whose winner line was taken out: nothing awards the pot, so the hand is
    rejected, naming the element and why."""
    text = written(informational='\t\t<notice text="table closing"/>\n')
    text = "\n".join(line for line in text.split("\n") if "<winner" not in line)
    [error] = parsed(text)
    assert isinstance(error, ParseError)
    assert error.message.startswith("unrecognised '<notice text=\"table closing\"/>'; the unknown line(s) ")
    assert "the hand's money does not close without them" in error.message


def test_an_unknown_event_with_an_amount_costs_the_hand() -> None:
    """An amount the reader cannot place may move money: never left out silently."""
    extra = '\t\t<event sequence="10" type="RETURN_BLIND" timestamp="1" player="2" amount="0.05"/>\n'
    [error] = parsed(written(informational=extra))
    assert isinstance(error, ParseError) and "RETURN_BLIND" in error.message


def test_a_cancelled_game_is_skipped() -> None:
    """``GAME_CANCELLED``: no card dealt, no chip kept; the game is counted as skipped, not an error."""
    text = """\
<description type="7-Stud" stakes="Limit $0.50/$1"/>
<game id="31691047-143" starttime="20110216222921" numholecards="7" gametype="39" realmoney="true" \
data="20110216|Burney (31691047)|31691047|31691047-143|false">
\t<players dealer="2">
\t\t<player seat="0" nickname="Alice" balance="$10.00" dealtin="false" />
\t\t<player seat="2" nickname="Bob" balance="$10.00" dealtin="false" />
\t</players>
\t<round id="BLINDS" sequence="1">
\t\t<event sequence="1" type="ANTE" timestamp="1" player="2" amount="0.05"/>
\t</round>
\t<round id="GAME_CANCELLED" sequence="2">
\t\t<event sequence="2" type="GAME_CANCELLED" timestamp="1"/>
\t</round>
</game>
"""
    [skipped] = parsed(text)
    assert isinstance(skipped, Skipped)
    assert (skipped.site, skipped.hand_id) == ("merge", "31691047-143")
    assert skipped.game == "7-Stud game 39, cancelled"
