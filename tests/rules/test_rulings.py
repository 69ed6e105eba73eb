"""What a ruling says about the money: no rake a home game does not have, one error for one fault,
the heads-up exception named where it makes a raise legal, every stated amount checked against the
others (L9), a hand's description checked against its cards (C28), and a stud8 side pot one player
can win awarded by halves, as the logs write it (H8)."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

from helpers.handscript import build
from helpers.rule_hands import DESCUBIERTO
from helpers.rule_hands import STUD8_ODD
from helpers.rule_hands import edit

from studbook.audit import ruling_lines
from studbook.grammar import parse_block
from studbook.grammar import parse_file
from studbook.grammar.reader import split_blocks
from studbook.hand import Hand
from studbook.replay import replay
from studbook.results import Replay
from studbook.rules.described import contradiction
from studbook.rules.described import read
from studbook.rules.house import rules_for
from studbook.rules.variants import VARIANTS
from studbook.writers import write_pokerstars


def one_hand(text: str) -> Hand:
    (block,) = split_blocks("hand.txt", text.strip("\n").split("\n"))
    parsed = parse_block(block)
    assert isinstance(parsed, Hand), parsed
    return parsed


def found(result: Replay) -> list[tuple[str, str, str | None]]:
    return [(v.code, v.severity, v.rule) for v in result.violations]


# A home game in our own format: Ana's pair of kings takes 270 when everybody checks 3rd street.
HOME = """
mano 12 · descubierto · sin límite · baraja 32 · ante 10
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
Ana pasa
destape
Ana muestra Kd 9h Ks (pareja de reyes)
Bruno tira
"""


def test_a_home_game_awarding_less_than_the_pot_has_no_rake() -> None:
    clean = replay(one_hand(HOME + "Ana gana 270\n"))
    assert clean.violations == [] and clean.rake == 0
    assert "No rake (a home game)" in ruling_lines(clean)
    short = replay(one_hand(HOME + "Ana gana 269\n"))
    lines = ruling_lines(short)
    assert short.rake == 0 and not any(line.startswith("Rake") for line in lines)
    assert "No rake (a home game): the log awards 1 less than the pot of 270" in lines
    assert [code for code, _, _ in found(short)] == ["award-mismatch"]


def test_awards_beyond_the_pot_are_said_to_be_so_not_a_negative_rake() -> None:
    over = replay(one_hand(HOME + "Ana gana 275\n"))
    lines = ruling_lines(over)
    assert over.rake == 0 and not any(line.startswith("Rake") for line in lines)
    assert "No rake: the log awards 5 more than the pot of 270" in lines


# Ana bets 200 on 3rd street and Bruno folds: the 200 nobody called goes back to her.
UNCALLED = HOME.replace("Bruno pasa\nAna pasa\ndestape\nAna muestra Kd 9h Ks (pareja de reyes)\nBruno tira\n",
                        "Bruno pasa\nAna apuesta 200\nBruno no va\n")


def test_a_winner_line_that_holds_the_uncalled_bet_is_one_error() -> None:
    returned = replay(one_hand(UNCALLED + "Ana recupera 200\nAna gana 270\n"))
    assert returned.violations == []
    folded_in = replay(one_hand(UNCALLED + "Ana gana 470\n"))
    assert found(folded_in) == [("uncalled-missing", "error", "C23")]
    assert folded_in.violations[0].message == (
        "200 bet by Ana was never called nor returned; the log's award to Ana includes it")
    seats = {s.player: (s.collected, s.logged_collected, s.net) for s in folded_in.seats}
    assert seats["Ana"] == (270, 270, 140)
    assert "No rake (a home game)" in ruling_lines(folded_in)
    # an award that does not hold it stays two faults: the bet never returned, and the award
    assert [code for code, _, _ in found(replay(one_hand(UNCALLED + "Ana gana 300\n")))] == [
        "uncalled-missing", "award-mismatch"]


# Seven card stud, three-handed: A folds to the first raise, and B raises a fourth time heads-up.
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
C fold
return B 10
collect B 86
"""


def test_a_heads_up_raise_past_the_cap_says_why_it_is_legal(tmp_path: Path) -> None:
    result = replay(build(HEADS_UP))
    (note,) = result.violations
    assert (note.code, note.severity, note.rule, note.line) == ("headsup-uncapped", "info", "C18", 14)
    assert HEADS_UP.splitlines()[13] == "B raise 50"  # line 14
    assert note.message == "B raises past the cap of 3 raises, which heads-up play lifts " \
                           "(headsup_uncapped=when_headsup)"
    assert result.actions[-2].violations == (note,)  # the raise's own verdict: not a bare "ok"
    capped = replay(build(HEADS_UP.replace("bi=3", "bi=3 rules=headsup_uncapped=never")))
    assert [(code, rule) for code, _, rule in found(capped)] == [("raise-cap", "C17")]


# A cash hand in our format whose lines state the raise's increment and total.
RAISES = """
studbook hand 5 · stud · limit 0.10/0.20 · ante 0.02 · currency USD
table Home · 2024-01-05 20:00 UTC
seat 1: Ana 5
seat 2: Bob 5
Ana antes 0.02
Bob antes 0.02
*** 3rd street ***
Ana: [Ah 2d] 3c
Bob: [Kd Kh] 9s
Ana brings in 0.05
Bob raises 0.05 to 0.10
Ana folds
Bob takes back 0.05
Bob wins 0.14
"""


def test_a_stated_increment_is_checked_against_the_total() -> None:
    assert replay(one_hand(RAISES)).violations == []
    wrong = replay(one_hand(RAISES.replace("raises 0.05 to 0.10", "raises 0.04 to 0.10")))
    assert found(wrong) == [("raise-increment", "error", "L9")]
    assert wrong.violations[0].message == "Bob raises $0.04 to $0.10: a raise to $0.10 over $0.05 is $0.05"


def test_a_bring_in_the_later_lines_contradict_is_caught() -> None:
    """The bring-in says 0.09 where the completion's increment says 0.05; Ana's re-raise states its
    total, so nothing else in the hand depends on the bring-in."""
    reraised = RAISES.replace("Ana folds\nBob takes back 0.05\nBob wins 0.14",
                              "Ana raises to 0.20\nBob folds\nAna takes back 0.10\nAna wins 0.24")
    assert replay(one_hand(reraised)).violations == []
    changed = replay(one_hand(reraised.replace("brings in 0.05", "brings in 0.09")))
    assert found(changed) == [("raise-increment", "error", "L9")]
    assert changed.violations[0].message == "Bob raises $0.05 to $0.10: a raise to $0.10 over $0.09 is $0.01"


def test_the_increment_is_checked_as_pokerstars_writes_it(tmp_path: Path) -> None:
    """The same hand written by the PokerStars writer (``raises $0.05 to $0.10``) and read back."""
    text = write_pokerstars(replace(one_hand(RAISES), hand_id="1005", site="pokerstars"))
    assert "raises $0.05 to $0.10" in text
    path = tmp_path / "stars.txt"
    path.write_text(text)
    (clean,) = parse_file(path)
    assert isinstance(clean, Hand) and found(replay(clean)) == []
    path.write_text(text.replace("brings in for $0.05", "brings in for $0.09"))
    (faulty,) = parse_file(path)
    assert isinstance(faulty, Hand) and ("raise-increment", "error", "L9") in found(replay(faulty))


# The Stud8 cash hand of docs/log-format.md: Carla's kings full take the high half, Ana's low the other.
STUD8 = """
studbook hand 7 · stud8 · limit 2/4 · ante 0.50 · bring-in 1 · currency EUR
seat 1: Ana 40
seat 2: Bruno 35.50
seat 4: Carla 60
Ana antes 0.50
Bruno antes 0.50
Carla antes 0.50
3rd street
Ana: [Ah 2d] 5c
Bruno: [Xx Xx] 3s
Carla: [Kd Kh] Qs
Bruno brings in 1
Carla completes to 2
Ana raises to 4
Bruno folds
Carla calls 2
4th street
Ana: 7h
Carla: 9c
Carla checks
Ana bets 2
Carla calls 2
5th street
Ana: 8d
Carla: Qd
Carla bets 4
Ana calls 4
6th street
Ana: Kc
Carla: 3c
Carla bets 4
Ana calls 4
7th street
Ana: [6s]
Carla: [Ks]
Carla bets 4
Ana raises to 8
Carla calls 4
showdown
Ana shows Ah 2d 5c 7h 8d Kc 6s (7-6-5-2-A low)
Carla shows Kd Kh Qs 9c Qd 3c Ks (kings full of queens)
Carla wins 23.25 (high)
Ana wins 23.25 (low)
"""


def test_a_description_the_cards_contradict_is_a_warning_naming_both() -> None:
    assert replay(one_hand(STUD8)).violations == []
    wrong = replay(one_hand(STUD8.replace("(kings full of queens)", "(queens full of kings)")))
    assert found(wrong) == [("hand-description", "warning", "C28")]
    assert wrong.violations[0].message == (
        "Carla's hand is called 'queens full of kings'; the cards Kd Kh Qs 9c Qd 3c Ks make a full house, "
        "Kings full of Queens")
    assert [(w.player, w.amount) for w in wrong.pots[0].winners] == [("Carla", 2325), ("Ana", 2325)]  # C28
    low = replay(one_hand(STUD8.replace("(7-6-5-2-A low)", "(8-7-6-5-A low)")))
    assert [(v.code, v.message) for v in low.violations] == [(
        "hand-description", "Ana's hand is called '8-7-6-5-A low'; the cards Ah 2d 5c 7h 8d Kc 6s make high "
                            "card Ace, and 7,6,5,2,A")]


def test_spanish_descriptions_are_read_too() -> None:
    assert replay(one_hand(HOME + "Ana gana 270\n")).violations == []
    wrong = replay(one_hand(HOME.replace("(pareja de reyes)", "(trío de reyes)") + "Ana gana 270\n"))
    assert [(v.code, v.rule) for v in wrong.violations] == [("hand-description", "C28")]
    assert "make a pair of Kings" in wrong.violations[0].message


def test_the_sites_wordings_are_read() -> None:
    """One wording of each site studbook reads, and how each reads."""
    claims = {
        "HI: two pair, Aces and Nines; LO: 8,7,5,4,2": (2, (14, 9), (8, 7, 5, 4, 2)),
        "HI - three of a kind, Set of Tens [Ts Td Tc As 9d]": (3, (10,), None),
        "three of a kind, Twos, for high and 6,5,4,2,A, for low": (3, (2,), (6, 5, 4, 2, 1)),
        "TWO_PAIR ACE, KING": (2, (14, 13), None),
        "a straight, Four to Eight.": (4, (8,), None),
        "Two pairs : Aces and 7": (2, (14, 7), None),
        "Two pairs. Qs and 7s": (2, (12, 7), None),
        "One pair, queens": (1, (12,), None),
        "J,T,6,5,2": (None, (), (11, 10, 6, 5, 2)),
        "figuras, A-K-Q-J-J": (9, (14, 13, 12, 11, 11), None),
        "full de damas y dieces": (6, (12, 10), None),
        "color al as": (5, (14,), None),
    }
    for text, (kind, ranks, low) in claims.items():
        claim = read(text)
        assert claim is not None and (claim.kind, claim.ranks, claim.low) == (kind, ranks, low), text
    assert read("High card A  Low hand (A A 2 4 6 7 )") is None  # not read: never judged


def test_every_description_in_the_corpus_agrees_with_its_cards(corpus: Path) -> None:
    """No false alarm: each description of the real logs that studbook reads, the cards bear out."""
    judged = 0
    for path in sorted(corpus.rglob("*")):
        if not path.is_file() or path.suffix in (".hp", ".hands", ".gt", ".json", ".md"):
            continue
        for hand in parse_file(path):
            if not isinstance(hand, Hand):
                continue
            variant = VARIANTS[hand.variant]
            evaluators = variant.evaluators(rules_for(variant, hand.site, hand.rules))
            for event in hand.events:
                claim = read(getattr(event, "description", "") or "")
                if claim is not None and event.cards:
                    keys = tuple(evaluate(event.cards) for evaluate in evaluators)
                    assert contradiction(claim, keys) is None, (path.name, event)
                    judged += 1
    assert judged > 80


# Stud8: L is all in for the ante; A completes, then folds to B's bet: the side pot of A's and B's
# bets only B can win. B shows two pair and a 6-5-4-2-A low.
SIDE_POT = """\
stud8 10/20 ante=1 bi=3
seats A:100 B:100 L:1
antes
street 3
deal A 3c Js / Kd
deal B As 5h / 5s
deal L 3h 4c / Th
B bi 3
A complete 10
B call 7
street 4
ups A:5d B:4d L:7c
A check
B bet 10
A fold
return B 10
street 5
ups B:6c L:4s
street 6
ups B:2d L:Qs
street 7
deal B 6d /
deal L Jh /
show B As 5h 5s 4d 6c 2d 6d
show L 3h 4c Th 7c 4s Qs Jh
collect B 2 pot=main half=hi
collect B 1 pot=main half=lo
collect B 10 pot=side half=hi
collect B 10 pot=side half=lo
"""


def test_a_stud8_side_pot_one_player_can_win_is_awarded_by_halves() -> None:
    script = SIDE_POT
    result = replay(build(script))
    assert result.violations == []
    side = result.pots[1]
    assert (side.amount, side.eligible, side.reason) == (20, ("B",), "uncontested")
    assert [(w.player, w.amount, w.half, w.hand_name) for w in side.winners] == [
        ("B", 10, "hi", "two pair, Sixes and Fives"), ("B", 10, "lo", "6,5,4,2,A")]
    lines = ruling_lines(result)
    assert lines[3:6] == ["Side pot 1 20 (uncontested; eligible: B)",
                          "  B wins 10 of the high half with two pair, Sixes and Fives",
                          "  B wins 10 of the low half with 6,5,4,2,A"]
    # without a low, the one player's high takes the side pot whole
    no_low = replay(build(script.replace("As 5h / 5s", "Ks 5h / 5s").replace("show B As", "show B Ks")
                          .replace("collect B 1 pot=main half=lo\n", "")
                          .replace("collect B 2 pot=main half=hi", "collect B 3 pot=main half=hi")
                          .replace("collect B 10 pot=side half=hi\ncollect B 10 pot=side half=lo",
                                   "collect B 20 pot=side half=hi")))
    assert no_low.violations == []
    assert [(w.amount, w.half) for w in no_low.pots[1].winners] == [(20, "hi")]



def test_an_odd_chip_given_to_the_wrong_player_is_one_error() -> None:
    """The stud8 pot of 23 gives the high half 12 (H9); the log gives the odd chip to the low. In
    descubierto two equal pairs of kings share 75, the odd chip by position (Z15); the log gives it to
    the second player. Each is one error naming both players."""
    stud8 = replay(build(STUD8_ODD))
    assert found(stud8) == [("award-mismatch", "error", "H9")]
    assert stud8.violations[0].message == (
        "the rules give the odd chip to B, the log to A: A 12 in the log, 11 by the rules; "
        "B 11 in the log, 12 by the rules")
    tied = edit(DESCUBIERTO, ("deal Bruno 9c / Jc", "deal Bruno Kc / Ks"), ("Bruno:8c", "Bruno:7d"),
                ("show Bruno 9c Jc 8c", "show Bruno Kc Ks 7d"))
    assert replay(build(tied.replace("collect Ana 75", "collect Ana 38\ncollect Bruno 37"))).violations == []
    wrong = replay(build(tied.replace("collect Ana 75", "collect Ana 37\ncollect Bruno 38")))
    assert found(wrong) == [("award-mismatch", "error", "Z15")]
