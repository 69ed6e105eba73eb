"""Where the two house-rule documents decide a hand, studbook judges it as they say: the Stud8 card caps
raising heads-up too; descubierto players may agree to bet beyond their stacks; a cash game is any game
that is not a tournament's; a hand needs two players; figuras follow the definition, with the note's
reading one setting away; descubierto's ante is the log's when the header is silent; and each rule text
cites the section it quotes."""

from __future__ import annotations

from dataclasses import replace

import pytest
from helpers.handscript import build
from typer.testing import CliRunner

from studbook import rulebook
from studbook.cards import parse_cards
from studbook.cli import app
from studbook.grammar import parse_block
from studbook.grammar.reader import split_blocks
from studbook.hand import Hand
from studbook.replay import replay
from studbook.results import Replay
from studbook.rules.house import PRESETS
from studbook.rules.house import RuleError
from studbook.rules.house import Rules
from studbook.showdown import rank_hands

runner = CliRunner()


def one_hand(text: str) -> Hand:
    (block,) = split_blocks("hand.txt", text.strip("\n").split("\n"))
    parsed = parse_block(block)
    assert isinstance(parsed, Hand), parsed
    return parsed


def found(result: Replay) -> list[tuple[str, str | None]]:
    return [(v.code, v.rule) for v in result.violations]


# -- the Stud8 card: three raises "en cada ronda de apuestas", heads-up too -------------------------

# A round that begins heads-up: the fourth raise is past the cap of three.
HEADS_UP = """
studbook hand 3 · stud8 · limit 20/40 · ante 5 · bring-in 10{rules}
seat 1: Marta 1500
seat 2: Tom 1500
Marta antes 5
Tom antes 5
*** 3rd street ***
Marta: [3c Js] 2d
Tom: [Kd Kh] Qc
Marta brings in 10
Tom completes to 20
Marta raises to 40
Tom raises to 60
Marta raises to 80
Tom raises to 100
Marta folds
Tom takes back 20
Tom wins 170
"""


def test_the_stud8_card_caps_heads_up_raising() -> None:
    assert PRESETS["stud8-card"]["headsup_uncapped"] == "never"
    under_card = replay(one_hand(HEADS_UP.format(rules=" · preset stud8-card")))
    assert found(under_card) == [("raise-cap", "C17")]
    # other rule sets keep the option: Robert's Rules lift the cap heads-up (and say so)
    assert found(replay(one_hand(HEADS_UP.format(rules=" · preset rrop")))) == [("headsup-uncapped", "C18")]
    assert "`headsup_uncapped=never`" in rulebook.by_id()["T3"].text
    assert "heads-up" not in rulebook.by_id()["T11"].text


# -- descubierto: a bet beyond the stack, when the players agree (Z11) ------------------------------

BEYOND = """
mano 20 · descubierto · sin límite · apuesta mínima 20 · ante 10{rules}
asiento 1: Ana 100
asiento 2: Bruno 900
Ana pone ante 10
Bruno pone ante 10
*** 2ª calle ***
Ana: [Kd] 9h
Bruno: [Qc] Ah
Bruno apuesta 300
Ana ve 300
*** 3ª calle ***
Ana: Ks
Bruno: 9c
Bruno pasa
Ana apuesta 100
Bruno ve 100
*** 4ª calle ***
Ana: 2c
Bruno: 3d
Bruno pasa
Ana pasa
destape
Ana muestra Kd 9h Ks 2c (pareja de reyes)
Bruno muestra Qc Ah 9c 3d (carta más alta, as)
Ana gana 820
"""


def test_descubierto_players_may_agree_to_bet_beyond_their_stacks() -> None:
    agreed = replay(one_hand(BEYOND.format(rules=" · regla allow_beyond_table_stakes=true")))
    assert agreed.violations == []
    assert {s.player: s.net for s in agreed.seats} == {"Ana": 410, "Bruno": -410}
    table_stakes = found(replay(one_hand(BEYOND.format(rules=""))))
    assert ("beyond-stack", "Z11") in table_stakes


# -- C6: cash is every game that is not a tournament's ---------------------------------------------

SHORT = """\
stud8 20/40 ante=5 bi=10 rules=cash_requires_ante_plus_bringin=true
seats A:1500 B:12 C:1500
antes
street 3
deal A 3c Js / 2d
deal B Kd Kh / Qc
deal C 9c 9d / Td
A bi 10
B fold
C fold
return A 10
collect A 15
"""


def test_the_ante_plus_bring_in_check_binds_cash_games_not_tournaments() -> None:
    chips_cash = build(SHORT)
    assert chips_cash.currency is None and chips_cash.tournament_id is None
    assert found(replay(chips_cash)) == [("short-stack-dealt-in", "C6")]
    tournament = replace(build(SHORT.replace("bi=10", "bi=10 currency=USD")), tournament_id="T1")
    assert found(replay(tournament)) == []


# -- two players at least (C13, Z3) -----------------------------------------------------------------

ALONE = """
mano 21 · descubierto · sin límite · apuesta mínima 20
asiento 1: Ana 100
*** 2ª calle ***
Ana: [Kd] 9h
"""


def test_a_hand_of_one_player_is_rejected() -> None:
    result = replay(one_hand(ALONE))
    (violation,) = [v for v in result.violations if v.code == "too-few-players"]
    assert (violation.rule, violation.severity, violation.message) == (
        "Z3", "error", "1 player dealt in: a hand needs at least two")
    assert result.has_errors


def test_descubierto_deals_two_to_eight_players() -> None:
    seats = "".join(f"asiento {n}: P{n} 100\n" for n in range(1, 10))
    deals = "\n".join(f"P{n}: [Xx] {card}" for n, card in enumerate("Ah Kh Qh Jh Th 9h 8h 7h 6h".split(), 1))
    nine = one_hand(ALONE.replace("asiento 1: Ana 100\n", seats).replace("Ana: [Kd] 9h", deals))
    assert ("too-many-players", "Z3") in found(replay(nine))
    assert "Two to eight players" in rulebook.by_id()["Z3"].text
    assert "descubierto deals the same way to two to eight (Z3)" in rulebook.by_id()["F1"].text


def test_rules_for_descubierto_list_its_player_limit() -> None:
    result = runner.invoke(app, ["rules", "--game", "descubierto"])
    assert result.exit_code == 0, result.output
    settings = {line.split()[0]: line.split() for line in result.output.splitlines() if line.startswith("  ")}
    players = settings["max_players"]
    assert players[1:3] == ["8", "C13"] and players[-2:] == ["game", "descubierto"]
    assert "  Z3     the deal and the players" in result.output.splitlines()


# -- figuras: the definition decides, the note's reading is a setting (Z17) -------------------------


def test_figuras_quote_both_sentences_and_name_the_other_reading() -> None:
    text = rulebook.by_id()["Z17"].text
    assert '"cinco cartas con letras índice J, Q, K y A"' in text
    assert '"obsérvese que esta jugada es una pareja acompañada por las otras tres figuras"' in text
    assert "`figuras_includes_two_pair=false` gives the note's reading" in text
    assert rulebook.find("figuras_includes_two_pair").id == "Z17"


def test_the_setting_turns_two_pair_of_figures() -> None:
    hands = [parse_cards("Kc Kd Qh Qs Jc"), parse_cards("Ac Ad Qc Qd Th")]
    by_definition = rank_hands("descubierto", hands)
    assert by_definition.winners == (("high", (0,)),)
    assert by_definition.entries[0].names == ("figuras, K-K-Q-Q-J",)
    by_note = rank_hands("descubierto", hands, Rules.parse(["figuras_includes_two_pair=false"]))
    assert by_note.winners == (("high", (1,)),)
    assert sorted(entry.names[0] for entry in by_note.entries) == ["two pair, Aces and Queens",
                                                                  "two pair, Kings and Queens"]


# -- descubierto's ante: the log's when the header is silent (Z5) -----------------------------------

ANTES = """
mano 22 · descubierto · sin límite · apuesta mínima 20
asiento 1: Ana 500
asiento 2: Bruno 500
Ana pone ante 10
Bruno pone ante {bruno}
*** 2ª calle ***
Ana: [Kd] 9h
Bruno: [Qc] Ah
Bruno pasa
Ana pasa
destape
Ana muestra Kd 9h (carta más alta, rey)
Bruno muestra Qc Ah (carta más alta, as)
Bruno gana {pot}
"""


def test_a_silent_header_takes_the_ante_the_log_posts() -> None:
    hand = one_hand(ANTES.format(bruno=10, pot=20))
    assert hand.ante is None
    assert replay(hand).violations == []
    stated = ANTES.replace("apuesta mínima 20", "apuesta mínima 20 · ante 5")
    assert found(replay(one_hand(stated.format(bruno=10, pot=20)))) == [("ante-amount", "C4")] * 2
    wrong = replay(one_hand(ANTES.format(bruno=12, pot=22))).violations
    assert [v.message for v in wrong if v.code == "ante-amount"] == ["ante 12, expected 10"]


# -- citations and texts --------------------------------------------------------------------------


def test_rule_texts_cite_the_section_they_quote() -> None:
    rules = rulebook.by_id()
    assert rules["Z13"].source == "the descubierto rules, 11"  # "si, en alguna de la rondas, ..."
    assert "11" in rules["Z14"].source and "11" in rules["Z15"].source
    assert rules["Z5"].source == "the descubierto rules, 9 and 10"  # the document names no ante
    assert rules["T2"].source.startswith("the Stud8 house card, deal and bring-in")
    assert "the Stud8 house card" in rules["C18"].source


@pytest.mark.parametrize("deck", ["30", "27", "56"])
def test_a_deck_of_broken_ranks_is_refused_with_the_reason(deck: str) -> None:
    with pytest.raises(RuleError, match="deck size of whole ranks, four cards each, from 28"):
        Rules.parse([f"deck_ranks={deck}"])


def test_a_deck_of_broken_ranks_in_a_header_names_its_line() -> None:
    text = ALONE.replace("apuesta mínima 20", "apuesta mínima 20 · baraja 30")
    (block,) = split_blocks("hand.txt", text.strip("\n").split("\n"))
    error = parse_block(block)
    assert not isinstance(error, Hand)
    assert "bad value '30' for deck_ranks" in error.message
    assert "whole ranks, four cards each" in error.message
