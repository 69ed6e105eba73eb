"""The studbook log format (docs/log-format.md): every keyword in both languages, every header
option, the errors people will make writing a hand by hand, and writer round trips."""

from __future__ import annotations

import dataclasses
import re
from datetime import UTC
from datetime import datetime
from datetime import timedelta
from datetime import timezone
from pathlib import Path
from zoneinfo import ZoneInfo

import pytest
from helpers.paths import ROOT

from studbook.cards import parse_cards
from studbook.events import Bet
from studbook.events import BringIn
from studbook.events import Call
from studbook.events import Check
from studbook.events import Collect
from studbook.events import Complete
from studbook.events import Deal
from studbook.events import Event
from studbook.events import Fold
from studbook.events import Muck
from studbook.events import Note
from studbook.events import PostAnte
from studbook.events import Raise
from studbook.events import Show
from studbook.events import Street
from studbook.events import StreetStart
from studbook.events import UncalledReturn
from studbook.grammar import ParseError
from studbook.grammar import parse_block
from studbook.grammar import parse_file
from studbook.grammar.dialect import HandSyntaxError
from studbook.grammar.dialect import detect_dialect
from studbook.grammar.reader import split_blocks
from studbook.grammar.records import Block
from studbook.grammar.sites.studbook import StudbookDialect
from studbook.grammar.sites.studbook import quote_name
from studbook.grammar.sites.studbook import written_amount
from studbook.hand import Hand
from studbook.hand import Seat
from studbook.money import AmountError
from studbook.rules.variants import VARIANTS
from studbook.simulate import Setup
from studbook.simulate import Simulator
from studbook.writers import write_studbook

DIALECT = detect_dialect("studbook hand 1")
assert isinstance(DIALECT, StudbookDialect)

ENGLISH = """\
studbook hand 12 · descubierto · no-limit · deck 32 · ante 10
table Casino de Madrid · 2024-03-01 21:30 Europe/Madrid
# 32 cards, the highest card opens
seat 1: Ana 1000
seat 2: Bruno 800
seat 3: "Carmen R" 1200
Ana antes 10
Bruno antes 10
"Carmen R" antes 10
*** 2nd street ***
Ana: [Kd] 9h
Bruno: [Xx] Ah
"Carmen R": [Xx] 7c
Bruno bets 40
"Carmen R" folds
Ana raises to 120
Bruno calls 80
*** 3rd street ***
Ana: Ks
Bruno: 9c
Bruno checks
Ana checks          # everybody checked: the hand ends
showdown
Ana shows Kd 9h Ks
Bruno mucks
Ana wins 270
"""

SPANISH = """\
mano 12 · descubierto · sin límite · baraja 32 · ante 10
mesa Casino de Madrid · 2024-03-01 21:30 Europe/Madrid
# 32 cartas, abre la carta más alta
asiento 1: Ana 1000
asiento 2: Bruno 800
asiento 3: "Carmen R" 1200
Ana pone ante 10
Bruno pone ante 10
"Carmen R" pone ante 10
*** 2ª calle ***
Ana: [Kd] 9h
Bruno: [Xx] Ah
"Carmen R": [Xx] 7c
Bruno abre con 40
"Carmen R" no va
Ana sube a 120
Bruno ve 80
*** 3ª calle ***
Ana: Ks
Bruno: 9c
Bruno pasa
Ana pasa            # todos pasan: la mano termina
destape
Ana muestra Kd 9h Ks
Bruno tira
Ana gana 270
"""

# A stud hand whose body can take any line: {ante} before the streets, {line} on 3rd street.
STUD = """\
studbook hand 7 · stud · limit 10/20 · ante 1
seat 1: Ana 1000
seat 2: Bob 800
Ana antes 1
{ante}
3rd street
Ana: [Kd 2c] 9h
Bob: [Xx Xx] 3c
{line}
"""


def parse(text: str, first_line: int = 1) -> Hand:
    block = Block("hand.txt", first_line, text.rstrip("\n").split("\n"), DIALECT)
    return DIALECT.parse(block)


def last(line: str) -> Event:
    return parse(STUD.format(ante="", line=line)).events[-1]


def unlined(events: tuple[Event, ...]) -> list[Event]:
    return [dataclasses.replace(event, line=0) for event in events]


def syntax_error(text: str) -> HandSyntaxError:
    with pytest.raises(HandSyntaxError) as caught:
        parse(text)
    return caught.value


# ---- the two sample hands -----------------------------------------------------------------------

def test_english_sample_follows_the_event_conventions() -> None:
    hand = parse(ENGLISH, first_line=41)
    assert (hand.hand_id, hand.variant, hand.structure) == ("12", "descubierto", "no-limit")
    assert (hand.ante, hand.bring_in, hand.currency, hand.table) == (10, None, None, "Casino de Madrid")
    assert hand.start_time == datetime(2024, 3, 1, 21, 30, tzinfo=ZoneInfo("Europe/Madrid"))
    assert hand.rules == (("deck_ranks", "32"),)
    assert hand.seats == (Seat(1, "Ana", 1000), Seat(2, "Bruno", 800), Seat(3, "Carmen R", 1200))
    assert hand.source.first_line == 41 and hand.source.last_line == 66
    events = hand.events
    assert events[3] == StreetStart(50, Street.SECOND)
    assert events[4] == Deal(51, Street.SECOND, "Ana", parse_cards("Kd"), parse_cards("9h"))
    assert events[5] == Deal(52, Street.SECOND, "Bruno", (), parse_cards("Ah"))
    assert events[7:11] == (Bet(54, "Bruno", 40), Fold(55, "Carmen R"), Raise(56, "Ana", 120),
                            Call(57, "Bruno", 80))
    assert events[-3:] == (Show(64, "Ana", parse_cards("Kd 9h Ks")), Muck(65, "Bruno"),
                           Collect(66, "Ana", 270))


def test_spanish_sample_is_the_same_hand() -> None:
    english, spanish = parse(ENGLISH), parse(SPANISH)
    assert spanish == english


def test_a_spanish_header_needs_no_studbook_prefix() -> None:
    hand = parse("mano 12 · descubierto · sin límite · baraja 32 · ante 10\nasiento 1: Ana 1000\n"
                 "asiento 2: Bruno 800\n2ª calle\nAna: [Kd] 9h\nBruno: [Ah] 9c")
    assert (hand.variant, hand.structure, hand.ante, hand.rules) == ("descubierto", "no-limit", 10,
                                                                    (("deck_ranks", "32"),))


def test_the_examples_in_the_docs_parse() -> None:
    text = (ROOT / "docs" / "log-format.md").read_text("utf-8")
    examples = [block for block in re.findall(r"```\n(.*?)```", text, re.S)
                if detect_dialect(block.split("\n")[0]) and "# ..." not in block]
    english, spanish, stud8 = (parse(example) for example in examples)
    assert [type(event) for event in spanish.events] == [type(event) for event in english.events]
    assert stud8.variant == "stud8" and stud8.currency == "EUR"


# ---- hand blocks: detection, several hands per file, file line numbers ---------------------------

@pytest.mark.parametrize(("line", "hand_id"), [
    ("studbook hand 12 · stud", "12"), ("Studbook Mano #7", "7"), ("hand 12 · stud", "12"),
    ("mano 3 | razz", "3"), ("  hand A-17 ; stud8", "A-17"), ('studbook hand "club 4" · stud', "club 4"),
])
def test_header_lines_are_detected(line: str, hand_id: str) -> None:
    assert isinstance(detect_dialect(line), StudbookDialect)
    assert DIALECT.hand_id(line) == hand_id


@pytest.mark.parametrize("line", ["hand 12 stud", "Hand #85198832 - 7Stud(Fixed Limit) - $0.04/$0.08",
                                  "Ana: hand 12 · stud", "handsome 12 · stud", "studbook 12"])
def test_other_lines_are_not_headers(line: str) -> None:
    assert not isinstance(detect_dialect(line), StudbookDialect)


def test_a_file_holds_several_hands_with_their_file_lines(tmp_path: Path) -> None:
    path = tmp_path / "club.txt"
    path.write_text("\n" + ENGLISH + "\n# next hand\n\n" + SPANISH.replace("mano 12", "mano 13"), "utf-8")
    first, second = parse_file(path)
    assert isinstance(first, Hand) and isinstance(second, Hand)
    assert (first.hand_id, second.hand_id) == ("12", "13")
    assert first.source.first_line == 2 and second.source.first_line == 31
    assert second.events[0] == PostAnte(37, "Ana", 10)
    assert unlined(first.events) == unlined(second.events)


def test_a_file_mixes_site_hands_and_ours(corpus: Path, tmp_path: Path) -> None:
    site = (corpus / "pokerstars" / "cash-7-StudHL-USD-0.04-0.08-200911.Cardtest.txt").read_bytes()
    path = tmp_path / "mixed.txt"
    path.write_bytes(site + b"\n" + ENGLISH.encode())
    stars, ours = parse_file(path)
    assert isinstance(stars, Hand) and isinstance(ours, Hand)
    assert (stars.site, ours.site) == ("pokerstars", "studbook")
    assert ours.events[-1].line == len(path.read_text().split("\n")) - 1


def test_a_bad_hand_is_reported_with_its_file_line() -> None:
    text = ENGLISH.replace("Ana raises to 120", "Ana raises 120")
    block = next(split_blocks("club.txt", ["", *text.split("\n")]))
    result = parse_block(block)
    assert isinstance(result, ParseError)
    assert (result.line, result.site, result.hand_id) == (17, "studbook", "12")
    assert "expected 'to' / 'a'" in result.message


# ---- keywords, both languages ----------------------------------------------------------------

@pytest.mark.parametrize(("line", "event"), [
    *[(f"Bob {word}", Check(0, "Bob")) for word in ("checks", "check", "pasa", "paso", "CHECKS")],
    *[(f"Bob {word}", Fold(0, "Bob")) for word in ("folds", "fold", "no va", "no voy", "no ve", "se retira",
                                                   "me retiro", "No  Va")],
    *[(f"Bob {word} 20", Bet(0, "Bob", 20)) for word in ("bets", "bet", "opens", "opens with", "apuesta",
                                                         "apuesto", "abre", "abre con")],
    *[(f"Bob {word} 20", Call(0, "Bob", 20)) for word in ("calls", "call", "ve", "veo", "va", "voy", "iguala",
                                                          "igualo")],
    *[(f"Bob {word} 40", Raise(0, "Bob", 40)) for word in ("raises to", "raise to", "sube a", "subo a",
                                                           "sube hasta")],
    ("Bob raises 20 to 40", Raise(0, "Bob", 40, 20)), ("Bob sube 20 a 40", Raise(0, "Bob", 40, 20)),
    *[(f"Bob {word} 10", Complete(0, "Bob", 10))
      for word in ("completes to", "completes it to", "complete to", "completa a", "completa hasta",
                   "completo a")],
    *[(f"Bob {word} 3", BringIn(0, "Bob", 3))
      for word in ("brings in", "brings in for", "bring-in", "bring in", "entra con", "pone la entrada",
                   "pone entrada")],
    *[(f"Bob bets 20 {word}", Bet(0, "Bob", 20, True)) for word in ("all-in", "all in", "allin", "resto",
                                                                    "de resto", "el resto")],
    ("Bob raises to 40 all-in", Raise(0, "Bob", 40, None, True)),
    ("Bob ve 20 resto", Call(0, "Bob", 20, True)),
    ("Bob completes to 10 all-in", Complete(0, "Bob", 10, True)),
    ("Bob entra con 2 resto", BringIn(0, "Bob", 2, True)),
    *[(f"Bob {word} 20", UncalledReturn(0, "Bob", 20)) for word in ("takes back", "gets back", "recupera")],
    *[(f"Bob {word} 3c 4d (two pair)", Show(0, "Bob", parse_cards("3c 4d"), "two pair"))
      for word in ("shows", "show", "muestra", "enseña", "ensena")],
    ("Bob shows [3c 4d] (a (small) pair)", Show(0, "Bob", parse_cards("3c 4d"), "a (small) pair")),
    ('Bob muestra 3c "pareja (de treses"', Show(0, "Bob", parse_cards("3c"), "pareja (de treses")),
    ("Bob shows", Show(0, "Bob", ())),
    *[(f"Bob {word}", Muck(0, "Bob")) for word in ("mucks", "muck", "doesn't show", "does not show",
                                                   "no muestra", "no enseña", "tira")],
    ("Bob mucks [3c 4d]", Muck(0, "Bob", parse_cards("3c 4d"))),
    ("Bob tira 3c", Muck(0, "Bob", parse_cards("3c"))),
    *[(f"Bob {word} 40", Collect(0, "Bob", 40))
      for word in ("wins", "win", "collects", "collected", "won", "gana", "cobra", "se lleva")],
    ("Bob wins 40 (high)", Collect(0, "Bob", 40, "pot", "hi")),
    ("Bob gana 40 (baja)", Collect(0, "Bob", 40, "pot", "lo")),
    ("Bob wins 40 low", Collect(0, "Bob", 40, "pot", "lo")),
    ("Bob gana 40 alta", Collect(0, "Bob", 40, "pot", "hi")),
    ("Bob wins 40 from pot (hi)", Collect(0, "Bob", 40, "pot", "hi")),
    ("Bob wins 40 from main pot", Collect(0, "Bob", 40, "main")),
    ("Bob wins 40 from side pot", Collect(0, "Bob", 40, "side")),
    ("Bob wins 40 from side pot 2 (lo)", Collect(0, "Bob", 40, "side-2", "lo")),
    ("Bob wins 40 from side pot-1", Collect(0, "Bob", 40, "side-1")),
    ("Bob gana 40 del bote principal (alta)", Collect(0, "Bob", 40, "main", "hi")),
    ("Bob gana 40 del bote lateral 2", Collect(0, "Bob", 40, "side-2")),
    ("Bob cobra 40 de bote secundario", Collect(0, "Bob", 40, "side")),
    ("Bob se lleva 40 del bote", Collect(0, "Bob", 40)),
])
def test_action_keywords(line: str, event: Event) -> None:
    assert dataclasses.replace(last(line), line=0) == event


@pytest.mark.parametrize("word", ["antes", "posts ante", "posts the ante", "pone ante", "pone el ante",
                                  "ante"])
def test_ante_keywords(word: str) -> None:
    hand = parse(STUD.format(ante=f"Bob {word} 1 all-in", line=""))
    assert hand.events[1] == PostAnte(5, "Bob", 1, True)


@pytest.mark.parametrize(("line", "down", "up", "before"), [
    ("Bob: [Kd 2c] 9h", "Kd 2c", "9h", ""), ("Bob:[Kd][2c]9h", "Kd 2c", "9h", ""),
    ("Bob: 9h [Kd 2c]", "Kd 2c", "9h", ""),
    ("Bob: [Xx Xx] 9h", "", "9h", ""), ("Bob: [? ?] 9h", "", "9h", ""),
    ("Bob: [10d 2C] 9H", "Td 2c", "9h", ""), ("Bob: [K♦ 2♣] 9♥", "Kd 2c", "9h", ""),
    ("Bob: (Kd 2c 9h) 5s", "", "5s", "Kd 2c 9h"),
    ("Bob: (Kd 2c 9h 5s 6s 7s) [8s]", "8s", "", "Kd 2c 9h 5s 6s 7s"),
    ("Bob:", "", "", ""),
])
def test_deal_lines_carry_the_new_cards(line: str, down: str, up: str, before: str) -> None:
    event = last(line)
    assert event == Deal(9, Street.THIRD, "Bob", parse_cards(down), parse_cards(up), parse_cards(before))


@pytest.mark.parametrize("marker", ["3rd street", "third street", "street 3", "*** 3RD STREET ***",
                                    "3ª calle", "3a calle", "3. calle", "tercera calle", "calle 3",
                                    "--- 3ª calle ---", "3rd street:", "3 calle"])
def test_street_markers(marker: str) -> None:
    hand = parse(STUD.format(ante="", line="").replace("3rd street", marker))
    assert hand.events[1] == StreetStart(6, Street.THIRD)


@pytest.mark.parametrize(("marker", "street"), [("2nd street", 2), ("second street", 2), ("segunda calle", 2),
                                                ("2ª calle", 2), ("calle 2", 2)])
def test_five_card_stud_starts_on_second_street(marker: str, street: int) -> None:
    hand = parse(f"hand 1 · stud5 · limit 2/4\nseat 1: A 10\nseat 2: B 10\n{marker}\nA: [2c] 3c\nB: [2d] 3d")
    assert hand.events[0] == StreetStart(4, Street(street))


@pytest.mark.parametrize(("marker", "card"), [
    ("7th street: community 5c", "5c"), ("7th street board 5c", "5c"), ("7ª calle: comunitaria 5c", "5c"),
    ("séptima calle carta común 5c", "5c"), ("*** 7th street *** community 5c", "5c"),
])
def test_a_community_card_rides_on_its_street(marker: str, card: str) -> None:
    body = "".join(f"{n} street\n" for n in ("4th", "5th", "6th")) + marker
    hand = parse(STUD.format(ante="", line=body))
    assert hand.events[-1] == StreetStart(12, Street.SEVENTH, parse_cards(card))


@pytest.mark.parametrize("marker", ["showdown", "show down", "*** SHOW DOWN ***", "destape",
                                    "*** destape ***"])
def test_showdown_markers_add_no_event(marker: str) -> None:
    hand = parse(STUD.format(ante="", line=f"{marker}\nBob shows Kd"))
    assert hand.events[-1] == Show(10, "Bob", parse_cards("Kd"))


@pytest.mark.parametrize(("line", "seat"), [
    ("seat 3: Cy 50", Seat(3, "Cy", 50)), ("asiento 3: Cy 50", Seat(3, "Cy", 50)),
    ("Seat 3 : Cy 50 (sitting out)", Seat(3, "Cy", 50, True)),
    ("seat 3: Cy 50 sitting out", Seat(3, "Cy", 50, True)),
    ("seat 3: Cy 50 sits out", Seat(3, "Cy", 50, True)),
    ("asiento 3: Cy 50 (ausente)", Seat(3, "Cy", 50, True)),
    ("asiento 3: Cy 50 no juega", Seat(3, "Cy", 50, True)),
    ('seat 3: "Cy \\"the kid\\" Z" 50', Seat(3, 'Cy "the kid" Z', 50)),
])
def test_seat_lines(line: str, seat: Seat) -> None:
    hand = parse(STUD.format(ante="", line="").replace("seat 2: Bob 800", f"seat 2: Bob 800\n{line}"))
    assert hand.seats[-1] == seat


@pytest.mark.parametrize(("line", "note"), [
    ("note: the dealer exposed a card", Note(0, "other", "the dealer exposed a card")),
    ("note chat Ana: nice hand # really", Note(0, "chat", "nice hand # really", "Ana")),
    ("nota chat Ana: buena mano", Note(0, "chat", "buena mano", "Ana")),
    ('note join "Cy Z": joins the table', Note(0, "join", "joins the table", "Cy Z")),
    ("nota timeout:", Note(0, "timeout", "")),
])
def test_notes_are_kept(line: str, note: Note) -> None:
    assert dataclasses.replace(last(line), line=0) == note


@pytest.mark.parametrize("line", ["total pot 40 · rake 2", "bote total 40 | comisión 2",
                                  "pot total 40; comision 2", "rake 2 · total pot 40"])
def test_summary_line(line: str) -> None:
    hand = parse(STUD.format(ante="", line=f"Ana wins 38\n{line}"))
    assert (hand.summary.total_pot, hand.summary.rake) == (40, 2)


def test_spacing_case_and_comments_are_forgiven() -> None:
    hand = parse("  STUDBOOK HAND #9   ·stud·LIMIT 10/20\n\n# seats\nSEAT 1:ana 100   # comment\n"
                 "  seat 2 :  Bob   100\n\n3RD   STREET\nANA:[kd 2c]9h\nbob : [xx xx] 3c\nBob   Brings In 3\n"
                 "ana CALLS 3  # call\n")
    assert hand.hand_id == "9"
    assert hand.events[-1] == Call(11, "ana", 3)  # names match their seat whatever the case


# ---- header options ----------------------------------------------------------------------------

def header(items: str, first_street: str = "3rd street") -> Hand:
    return parse(f"studbook hand 1 · {items}\nseat 1: A 1000\nseat 2: B 1000\n{first_street}\n")


@pytest.mark.parametrize(("text", "variant"), [
    ("stud", "stud"), ("seven card stud", "stud"), ("7-card stud", "stud"), ("stud de siete cartas", "stud"),
    ("stud8", "stud8"), ("stud hi/lo", "stud8"), ("7 card stud hi-lo", "stud8"), ("stud high-low", "stud8"),
    ("stud h/l", "stud8"), ("stud 8", "stud8"),
    ("stud alto-bajo", "stud8"), ("razz", "razz"), ("RAZZ", "razz"), ("razz27", "razz27"),
    ("2-7 razz", "razz27"), ("deuce to seven razz", "razz27"),
])
def test_seven_card_variants(text: str, variant: str) -> None:
    assert header(f"{text} · limit 2/4").variant == variant


@pytest.mark.parametrize(("text", "variant"), [
    ("stud5", "stud5"), ("five card stud", "stud5"),
    ("5-card stud", "stud5"), ("stud de cinco cartas", "stud5"),
    ("descubierto", "descubierto"), ("póker descubierto", "descubierto"),
    ("poker descubierto", "descubierto"),
])
def test_five_card_variants(text: str, variant: str) -> None:
    assert header(f"{text} · limit 2/4", "2nd street").variant == variant


@pytest.mark.parametrize(("text", "structure", "stakes"), [
    ("limit 10/20", "limit", (10, 20)), ("fixed limit · stakes 10/20", "limit", (10, 20)),
    ("límite 10/20", "limit", (10, 20)), ("limite fijo · apuestas 10/20", "limit", (10, 20)),
    ("pot-limit · 10/20", "pot-limit", (10, 20)), ("pot limit 5/5", "pot-limit", (5, 5)),
    ("límite al bote · límites 10/20", "pot-limit", (10, 20)),
    ("no-limit · min bet 10", "no-limit", (10, 10)),
    ("no limit · minimum bet 10", "no-limit", (10, 10)),
    ("sin límite · apuesta mínima 10", "no-limit", (10, 10)),
    ("sin limite · mínimo 10", "no-limit", (10, 10)), ("no-limit", "no-limit", (0, 0)),
    ("stakes 10/20", "limit", (10, 20)), ("limits 10/20", "limit", (10, 20)),
])
def test_structure_and_stakes(text: str, structure: str, stakes: tuple[int, int]) -> None:
    hand = header(f"stud · {text}")
    assert (hand.structure, (hand.small_bet, hand.big_bet)) == (structure, stakes)


def test_descubierto_defaults_to_no_limit() -> None:
    assert header("descubierto", "2nd street").structure == "no-limit"


@pytest.mark.parametrize(("items", "field", "value"), [
    ("ante 5", "ante", 5), ("bring-in 3", "bring_in", 3),
    ("bring in 3", "bring_in", 3), ("entrada 3", "bring_in", 3),
    ("currency USD", "currency", "USD"), ("moneda eur", "currency", "EUR"), ("currency €", "currency", "EUR"),
    ("table Casino Club", "table", "Casino Club"), ('mesa "El | Bar"', "table", "El | Bar"),
    ("table Salm #3", "table", "Salm #3"), ("8-max", "max_seats", 8), ("6 max", "max_seats", 6),
    ("max 6", "max_seats", 6), ("máx 6", "max_seats", 6),
    ("máximo 6", "max_seats", 6), ("plazas 6", "max_seats", 6),
    ("tournament 251332389", "tournament_id", "251332389"), ("torneo Copa", "tournament_id", "Copa"),
    ("level III", "level", "III"), ("nivel 4", "level", "4"), ("game HORSE", "game_label", "HORSE"),
    ("juego 8-Game", "game_label", "8-Game"), ("site PokerStars", "site", "pokerstars"),
    ("sala fulltilt", "site", "fulltilt"),
    ("home game", "home_game", True), ("partida casera", "home_game", True),
    ("partida privada", "home_game", True),
])
def test_header_facts(items: str, field: str, value: object) -> None:
    assert getattr(header(f"stud · limit 2/4 · {items}"), field) == value


@pytest.mark.parametrize(("text", "when"), [
    ("2024-03-01 21:30 Europe/Madrid", datetime(2024, 3, 1, 21, 30, tzinfo=ZoneInfo("Europe/Madrid"))),
    ("2024-03-01 21:30:15 +01:00", datetime(2024, 3, 1, 21, 30, 15, tzinfo=timezone(timedelta(hours=1)))),
    ("2024-03-01T21:30 -0330", datetime(2024, 3, 1, 21, 30, tzinfo=timezone(-timedelta(hours=3.5)))),
    ("2024-03-01 21:30 UTC", datetime(2024, 3, 1, 21, 30, tzinfo=UTC)),
    ("2024-03-01 21:30 Z", datetime(2024, 3, 1, 21, 30, tzinfo=UTC)),
    ("2024-03-01 21:30 CET", datetime(2024, 3, 1, 21, 30, tzinfo=ZoneInfo("Europe/Paris"))),
    ("2024-03-01 21:30", datetime(2024, 3, 1, 21, 30, tzinfo=UTC)),
    ("2024-3-1", datetime(2024, 3, 1, tzinfo=UTC)),
])
def test_dates_and_zones(text: str, when: datetime) -> None:
    start = header(f"stud · limit 2/4 · {text}").start_time
    assert start == when and start is not None and start.utcoffset() == when.utcoffset()


@pytest.mark.parametrize(("items", "rules"), [
    ("cap 4", (("max_raises", "4"),)), ("tope 4", (("max_raises", "4"),)),
    ("deck 32", (("deck_ranks", "32"),)),
    ("baraja 7-A", (("deck_ranks", "32"),)), ("deck 8-a", (("deck_ranks", "28"),)),
    ("tie-break suit", (("board_tie_break", "suit"),)),
    ("tiebreak position", (("board_tie_break", "position"),)),
    ("desempate palo", (("board_tie_break", "suit"),)),
    ("desempate posición", (("board_tie_break", "position"),)),
    ("rule all_check_ends_hand=true", (("all_check_ends_hand", "true"),)),
    ("regla figuras_includes_two_pair = false", (("figuras_includes_two_pair", "false"),)),
    ("max_raises=4 · odd-chip-rule=position", (("max_raises", "4"), ("odd_chip_rule", "position"))),
    ("rule deck_ranks=8-A", (("deck_ranks", "28"),)),
])
def test_house_rules_use_the_engine_names(items: str, rules: tuple[tuple[str, str], ...]) -> None:
    assert header(f"stud · limit 2/4 · {items}").rules == rules


def test_a_preset_expands_and_yields_to_stated_rules() -> None:
    rules = dict(header("stud8 · limit 2/4 · cap 4 · preset stud8-card").rules)
    assert rules["max_raises"] == "4" and rules["board_tie_break"] == "suit" and rules["max_players"] == "6"
    assert rules["cash_requires_ante_plus_bringin"] == "true"
    assert dict(header("stud8 · limit 2/4 · reglas STUD8-CARD · tope 4").rules)["max_raises"] == "4"


def test_header_items_may_continue_on_later_lines() -> None:
    hand = parse("studbook hand 5\nstud8 · limit 2/4 · ante 1 ·\n· currency EUR · 6-max\ncap 4\n"
                 "seat 1: A 40\nseat 2: B 40\n3rd street")
    assert (hand.variant, hand.currency, hand.small_bet, hand.max_seats, hand.rules) == (
        "stud8", "EUR", 200, 6, (("max_raises", "4"),))


# ---- amounts ----------------------------------------------------------------------------------

@pytest.mark.parametrize(("text", "decimals", "amount"), [
    ("1500", 0, 1500), ("1,500", 0, 1500), ("1.500", 0, 1500), ("1,500,000", 0, 1500000), ("10", 2, 1000),
    ("0.25", 2, 25), ("0,25", 2, 25), ("1,5", 2, 150), ("1.234,56", 2, 123456), ("1,234.56", 2, 123456),
    ("$5", 2, 500), ("5€", 2, 500), ("1.234", 2, 123400),
])
def test_written_amounts(text: str, decimals: int, amount: int) -> None:
    assert written_amount(text, decimals) == amount


@pytest.mark.parametrize(("text", "decimals"), [("1.5", 0), ("1,50,000", 0), ("0.125", 2), ("1,234.5,6", 2),
                                                ("0,500", 0)])
def test_bad_written_amounts(text: str, decimals: int) -> None:
    with pytest.raises(AmountError):
        written_amount(text, decimals)


def test_a_currency_hand_takes_cents_and_signs() -> None:
    hand = parse("hand 3 · stud · limit 0.04/0.08 · currency USD\nseat 1: A $1.50\nseat 2: B 2\n3rd street\n"
                 "A bets $0,04\nB calls 0.04")
    assert (hand.small_bet, hand.seats[0].stack, hand.seats[1].stack) == (4, 150, 200)
    assert hand.events[-2:] == (Bet(5, "A", 4), Call(6, "B", 4))


# ---- errors: the line, and what was expected --------------------------------------------------

BASE = STUD.format(ante="", line="Bob brings in 3\nAna calls 3")


@pytest.mark.parametrize(("text", "line", "message"), [
    (BASE + "Bob bett 10", 11, "unknown word 'bett': expected an action: checks, bets"),
    (BASE + "Bob apuestta 10", 11, "unknown word 'apuestta': expected an action"),
    (BASE.replace("9h", "9x"), 7, "bad card '9x': expected a card (Ah, Td, 10d)"),
    (BASE.replace("[Kd 2c]", "[Kd 1c]"), 7, "bad card '1c': expected a card"),
    (BASE.replace("9h", "Xx"), 7, "bad card 'Xx'"),
    (BASE + "Bob bets 1o", 11, "bad amount '1o': expected an amount such as 20"),
    (BASE + "Bob bets 1.5", 11, "chips are whole numbers"),
    (BASE + "Bob bets $10", 11, "has a currency sign but the header declares no currency"),
    (BASE + "Bob raises 20", 11, "the line ends too early: expected 'to' / 'a'"),
    (BASE + "Bob bets", 11, "the line ends too early: expected an amount"),
    (BASE + "seat 3: Cy 100", 11, "seat line out of place: seat lines come right after the header"),
    (BASE + "table Foo", 11, "header line out of place: header items go on the first lines"),
    ("studbook hand 7 · stud · limit 10/20\nAna antes 1", 2, "expected a header item"),
    (BASE + "Cy bets 10", 11, "unknown player 'Cy': expected one of the seated players (Ana, Bob)"),
    (BASE + "Ana antes 1", 11, "an ante after the betting began: antes come before the first action"),
    (BASE + "5th street", 11, "5th street: expected 4th street (Seven Card Stud deals 3rd to 7th street)"),
    (BASE.replace("3rd street", "2nd street"), 6, "expected 3rd street"),
    (BASE + "Ana wins 12\nBob bets 10", 12, "'bet' after the showdown or the awards"),
    (BASE + "Ana wins 12\n4th street", 12, "a street after the showdown or the awards"),
    (BASE + "showdown\nshowdown", 12, "showdown after the showdown or the awards"),
    (BASE.replace("3rd street\n", ""), 6, "before the first street: expected a street line"),
    ("\n".join(BASE.split("\n")[:4]), 4, "no street: expected a street line"),
    (BASE.replace(" · stud", ""), 1, "the header must name the variant"),
    (BASE.replace(" 10/20", ""), 1, "a limit game needs its stakes"),
    (BASE.replace("seat 2: Bob", "seat 2: Bob Smith"), 3, 'a name with spaces goes in double quotes'),
    (BASE.replace("seat 2: Bob", "seat 1: Bob"), 3, "seat 1 is listed twice"),
    (BASE.replace("seat 2: Bob", "seat 2: Ana"), 3, "player 'Ana' has two seats"),
    (BASE.replace("ante 1\n", "ante 1 · rule max_raise=4\n"), 1,
     "unknown rule 'max_raise' (did you mean max_raises?)"),
    (BASE.replace("ante 1\n", "ante 1 · cap 4 · max_raises=3\n"), 1, "states the rule max_raises twice"),
    (BASE.replace("ante 1\n", "ante 1 · deck 30\n"), 1, "bad value '30' for deck_ranks"),
    (BASE.replace("ante 1\n", "ante 1 · cap x\n"), 1, "unknown word 'x': expected a number"),
    (BASE.replace("ante 1\n", "ante 1 · blinds 4\n"), 1, "unknown word 'blinds': expected a header item"),
    (BASE.replace("ante 1\n", "ante 1 · ante 2\n"), 1, "the header states the ante twice"),
    (BASE.replace("ante 1\n", "ante 1 · preset foo\n"), 1, "unknown preset 'foo'"),
    (BASE.replace("ante 1\n", "ante 1 · 2024-13-01\n"), 1, "bad date or time zone '2024-13-01'"),
    (BASE.replace("ante 1\n", "ante 1 · 2024-01-01 10:00 Mars/Base\n"), 1, "bad date or time zone"),
    (BASE + "total pot 7 · total pot 7", 11, "total pot is stated twice"),
])
def test_errors_name_the_line_and_what_was_expected(text: str, line: int, message: str) -> None:
    error = syntax_error(text)
    assert error.line == line
    assert message in error.message


def test_currency_signs_must_match_the_hand() -> None:
    error = syntax_error("hand 3 · stud · limit 0.04/0.08 · currency USD\nseat 1: A €1\nseat 2: B 2\n"
                         "3rd street")
    assert (error.line, error.message) == (2, "amount €1 is not in the hand's currency USD")


# ---- the writer ---------------------------------------------------------------------------------

def test_writer_output_in_both_languages() -> None:
    hand = parse(ENGLISH)
    english = write_studbook(hand)
    assert english.splitlines()[:4] == [
        "studbook hand 12 · descubierto · no-limit · ante 10",
        "table Casino de Madrid · 2024-03-01 21:30 Europe/Madrid", "deck 32", "seat 1: Ana 1000"]
    assert '"Carmen R" folds' in english and "*** 2nd street ***" in english and "Bruno: Ah" in english
    spanish = write_studbook(hand, "es")
    assert spanish.splitlines()[:2] == ["mano 12 · descubierto · sin límite · ante 10",
                                        "mesa Casino de Madrid · 2024-03-01 21:30 Europe/Madrid"]
    assert "Bruno apuesta 40" in spanish and "*** destape ***" in spanish and "Ana gana 270" in spanish


def test_writer_rejects_other_languages() -> None:
    with pytest.raises(ValueError, match="language"):
        write_studbook(parse(ENGLISH), "fr")


def assert_round_trip(hand: Hand, language: str) -> None:
    text = write_studbook(hand, language)
    again = parse(text)
    assert again.seats == hand.seats
    assert unlined(again.events) == unlined(hand.events)
    facts = ("site", "hand_id", "variant", "structure", "small_bet", "big_bet", "currency", "start_time",
             "table", "ante", "bring_in", "max_seats", "tournament_id", "level", "game_label", "home_game",
             "rules")
    assert [getattr(again, name) for name in facts] == [getattr(hand, name) for name in facts]
    assert (again.summary.total_pot, again.summary.rake) == (hand.summary.total_pot, hand.summary.rake)


STUD8 = """\
studbook hand "7/b" · stud8 · limit 2/4 · ante 0.50 · bring-in 1 · currency EUR
tie-break suit · cap 3 · 6-max · 2024-05-04 22:10:05 +02:00 · site pokerstars · home game
tournament 99 · level IV · game HORSE · rule bringin_fold_allowed=true
seat 1: Ana 40
seat 2: "Bruno \\"B\\" Díaz" 35.50 (sitting out)
seat 4: pasa 60
seat 5: "3rd" 10
Ana antes 0.50
"Bruno \\"B\\" Díaz" antes 0.50
pasa antes 0.50 all-in
"3rd" antes 0.50
3rd street
Ana: [Ah 2d] 5c
pasa: [Kd Kh] Qs
note bring_in_card: pasa is high
pasa brings in 1
Ana completes to 2
pasa raises 2 to 4
Ana calls 2
4th street community 5d
Ana: (Ah 2d 5c) 6s
pasa bets 4 all-in
Ana folds
pasa takes back 4
pasa wins 9.50 from main pot (high)
pasa wins 1 from side pot 2 (low)
pasa shows Kd Kh Qs (pair (kings))
Ana mucks 6s
total pot 10.50 · rake 0
"""


@pytest.mark.parametrize("language", ["en", "es"])
def test_round_trip_of_written_hands(language: str) -> None:
    for text in (ENGLISH, SPANISH, STUD8):
        assert_round_trip(parse(text), language)


@pytest.mark.parametrize("name", ["Bob", "Ana María", 'say "hi"', "back\\slash", "pasa", "no va", "3rd",
                                  "x:y", "[Kd]", "#1", "street 3", "***", "total pot", "Ve", "a", "", "ñandú",
                                  "u.pressure"])
def test_names_are_quoted_when_they_must_be(name: str) -> None:
    hand = parse(STUD.format(ante="", line=f"{quote_name(name)} checks").replace("Bob", quote_name(name)))
    assert hand.seats[1].player == name and hand.events[-1] == Check(9, name)


def test_corpus_hands_round_trip(corpus: Path) -> None:
    hands = [result for site in ("pokerstars", "fulltilt") for path in sorted((corpus / site).glob("*.txt"))
             for result in parse_file(path)]
    assert hands and all(isinstance(hand, Hand) for hand in hands)
    for hand in hands:
        assert isinstance(hand, Hand)
        for language in ("en", "es"):
            assert_round_trip(hand, language)


@pytest.mark.parametrize("game", sorted(VARIANTS))
def test_simulated_hands_of_every_variant_read_back(game: str) -> None:
    """Every variant, 2-7 Razz included, written in the studbook format reads back as the same hand."""
    for played in Simulator(Setup(game=game, players=6, seed=5, fmt="studbook")).hands(8):
        again = parse(write_studbook(played.hand))
        assert again.variant == game and unlined(again.events) == unlined(played.hand.events)
