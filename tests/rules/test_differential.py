"""pokerkit plays, studbook replays: random hands must come out clean, broken ones must be named.

pokerkit (an independent implementation of the same games) is the oracle: hands it plays with a
seeded random policy are turned into studbook Hands by ``tests/helpers/pokerkit_bridge.py`` and replayed
under the options that match pokerkit (preset pokerkit). Then single faults are planted in them, the
known differences between the two are pinned down with scripted hands, and pokerkit re-plays hands
from their events (``make bench`` times that against studbook, in bench/run.py). pokerkit has no
five card stud, so stud5 and descubierto are not covered here.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import replace

import pytest

pytest.importorskip("pokerkit")

import helpers.pokerkit_bridge as bridge  # noqa: E402 (after the importorskip)
from helpers.handscript import build  # noqa: E402
from helpers.pokerkit_bridge import POKERKIT_RULES  # noqa: E402
from helpers.pokerkit_bridge import Played  # noqa: E402

from studbook.events import Bet  # noqa: E402
from studbook.events import BringIn  # noqa: E402
from studbook.events import Call  # noqa: E402
from studbook.events import Collect  # noqa: E402
from studbook.events import Complete  # noqa: E402
from studbook.events import Deal  # noqa: E402
from studbook.events import Fold  # noqa: E402
from studbook.events import PostAnte  # noqa: E402
from studbook.events import Raise  # noqa: E402
from studbook.events import Show  # noqa: E402
from studbook.events import Street  # noqa: E402
from studbook.events import StreetStart  # noqa: E402
from studbook.events import UncalledReturn  # noqa: E402
from studbook.hand import Hand  # noqa: E402
from studbook.replay import replay  # noqa: E402
from studbook.rules.house import Rules  # noqa: E402

# pokerkit warns when it refills its deck from the muck (eight players, S11)
pytestmark = pytest.mark.filterwarnings("ignore:Returning reserved:UserWarning")

VARIANTS = ("stud", "stud8", "razz")
HANDS = 200  # per variant
REPLAYED = 20  # per variant, the first hands pokerkit re-plays from their events (and any community card)


@pytest.fixture(scope="module")
def played() -> dict[str, list[Played]]:
    return {variant: list(bridge.hands(variant, HANDS)) for variant in VARIANTS}


def nets(hand: Hand, rules: Rules = POKERKIT_RULES) -> tuple[list[str], dict[str, int]]:
    """The violation codes and each player's net, by studbook."""
    result = replay(hand, rules)
    return [v.code for v in result.violations], {seat.player: seat.net for seat in result.seats}


# -- (1) random hands: no violation, pokerkit's nets ----------------------------------------------


@pytest.mark.parametrize("variant", VARIANTS)
def test_pokerkit_hands_replay_clean(played: dict[str, list[Played]], variant: str) -> None:
    """Every hand pokerkit plays is legal, and studbook pays everyone what pokerkit paid.

    Where pokerkit's own payout breaks a rule (``Played.quirks``), studbook must say so with
    ``award-mismatch`` and nothing else, and only when the money really differs."""
    failures = []
    for game in played[variant]:
        codes, net = nets(game.hand)
        if not game.quirks and (codes or net != game.net):
            failures.append((game.hand.hand_id, codes, net, game.net))
        elif game.quirks and (set(codes) - {"award-mismatch"} or bool(codes) != (net != game.net)):
            failures.append((game.hand.hand_id, game.quirks, codes, net, game.net))
    assert not failures, f"{len(failures)} hands differ, first: {failures[:3]}"


def test_pokerkit_rules_are_the_shared_preset() -> None:
    """The options the bridge derives from pokerkit's code are the ``preset=pokerkit`` of variants.py."""
    preset = Rules.parse(["preset=pokerkit"])
    assert [row[:2] for row in POKERKIT_RULES.describe()] == [row[:2] for row in preset.describe()]


def test_random_hands_reach_the_hard_cases(played: dict[str, list[Played]]) -> None:
    """The generator really produces what the clean replay is meant to cover."""
    seen: Counter[str] = Counter()
    for game in (game for games in played.values() for game in games):
        events = game.hand.events
        kinds = {type(e) for e in events}
        seen.update({
            "ante all-in": any(isinstance(e, PostAnte) and e.all_in for e in events),
            "bring-in all-in": any(isinstance(e, BringIn) and e.all_in for e in events),
            "all-in later": any(isinstance(e, Bet | Call | Raise | Complete) and e.all_in for e in events),
            "side pot": any(isinstance(e, Collect) and e.pot.startswith("side") for e in events),
            "uncalled return": UncalledReturn in kinds,
            "won without showdown": Show not in kinds and Fold in kinds,
            "no betting at all (C26)": not kinds & {BringIn, Complete},
            "bring-in passed left (C12b)": bring_in_passed(game.hand),
            "capped round": bridge.raise_past_cap(game.hand) is not None,
            "hi/lo halves": any(isinstance(e, Collect) and e.half == "lo" for e in events),
            "community card (S10)": any(isinstance(e, StreetStart) and e.community for e in events),
            "quirk": bool(game.quirks),
        })
    assert min(seen.values()) >= 1 and seen["side pot"] >= 50 and seen["capped round"] >= 20, seen


def bring_in_passed(hand: Hand) -> bool:
    """The bring-in card's holder, all-in on the ante, leaves the bring-in to the next player."""
    doors = {e.player: e.up[0] for e in hand.events if isinstance(e, Deal) and e.street == Street.THIRD}
    if hand.variant == "razz":  # R2: the highest door brings in, ace low, spades highest
        holder = max(doors, key=lambda p: (doors[p].rank % 14, doors[p].suit_order))
    else:  # S4, H2: the lowest door, ace high, clubs lowest
        holder = min(doors, key=lambda p: (doors[p].rank, doors[p].suit_order))
    first = next((e for e in hand.events if isinstance(e, BringIn | Complete)), None)
    return first is not None and first.player != holder


@pytest.mark.parametrize("variant", VARIANTS)
def test_eight_players_share_a_community_card(variant: str) -> None:
    """Eight players who all see 7th street outrun the deck: one community card (S10, S11)."""
    game = bridge.play(variant, 1, stakes=(1, 3, 10, 20), stacks=(500,) * 8, calm=True)
    assert [e.community for e in game.hand.events if isinstance(e, StreetStart)][-1]
    assert nets(game.hand) == ([], game.net)
    assert nets(game.hand, Rules()) == ([], game.net)  # the default community_card rule agrees


# -- (2) mutations: one fault each, named by its code --------------------------------------------

MUTATIONS = [  # mutation, the code it must produce, whether at the broken line (else anywhere)
    (bridge.swap_actors, "wrong-actor", True),
    (bridge.wrong_bet_amount, "bet-amount", True),
    (bridge.wrong_call_amount, "call-amount", True),
    (bridge.wrong_raise_amount, "raise-amount", True),
    (bridge.raise_past_cap, "raise-cap", True),
    (bridge.check_facing_bet, "check-facing-bet", True),
    (bridge.duplicate_card, "duplicate-card", True),
    (bridge.wrong_collect_winner, "award-mismatch", False),
    (bridge.wrong_collect_amount, "award-mismatch", False),
    (bridge.drop_bring_in, "wrong-actor", True),
    (bridge.wrong_bring_in_player, "wrong-bring-in", True),
    (bridge.repeat_action, "wrong-actor", True),
    (bridge.stop_before_seventh, "streets-missing", True),
    (bridge.beyond_stack, "beyond-stack", True),
    (bridge.wrong_uncalled_amount, "uncalled-amount", True),
    (bridge.wrong_uncalled_recipient, "uncalled-recipient", True),
    (bridge.drop_uncalled, "uncalled-missing", True),
    (bridge.act_after_fold, "acted-after-fold", True),
    (bridge.wrong_ante, "ante-amount", True),
    (bridge.wrong_total_pot, "total-pot-mismatch", True),
]
PER_VARIANT = 8  # broken hands per mutation and variant


@pytest.mark.parametrize(("mutate", "code", "at_line"), MUTATIONS, ids=[m[0].__name__ for m in MUTATIONS])
def test_mutation_is_named(played: dict[str, list[Played]], mutate: bridge.Mutation, code: str,
                           at_line: bool) -> None:
    checked, missed = 0, []
    for variant in VARIANTS:
        broken = (mutate(game.hand) for game in played[variant] if not game.quirks)
        for hand, line in [found for found in broken if found is not None][:PER_VARIANT]:
            result = replay(hand, POKERKIT_RULES)
            checked += 1
            if not any(v.code == code and (v.line == line or not at_line) for v in result.violations):
                missed.append((hand.hand_id, line, [(v.code, v.line) for v in result.violations]))
    assert checked >= 10, f"only {checked} hands had a place for {mutate.__name__}"
    assert not missed, missed[:3]


def test_missing_bring_in_is_a_turn_fault_of_c8(played: dict[str, list[Played]]) -> None:
    """The player after a missing bring-in acts out of turn: the bring-in was due (C8)."""
    hand, line = next(found for game in played["stud"] if (found := bridge.drop_bring_in(game.hand)))
    violations = replay(hand, POKERKIT_RULES).violations
    [fault] = [v for v in violations if v.line == line and v.code == "wrong-actor"]
    assert fault.rule == "C8"


# -- where pokerkit and studbook differ: one scripted hand each -----------------------------------
# Cards are dealt in pokerkit's order: 3rd street down, down, up round by round, then one card a
# street, seat 1 first; actions are b(ring-in) c(heck/call) r(complete/bet/raise) f(old).

DOWN_UP = "Ah Kh Qh Ad Kd Qd 2c 9s Ts"  # seat 1 has the 2c door: the bring-in


def test_partial_bring_in_must_be_called_in_full() -> None:
    """C12a: after a bring-in all-in for 2 of 3, pokerkit takes calls of 2; studbook wants 3."""
    game = bridge.play("stud", 0, stakes=(1, 3, 10, 20), stacks=(3, 100, 100), cards=DOWN_UP,
                       actions="bcc" + "cc" * 4)
    assert [(type(e), e.amount) for e in game.hand.events if isinstance(e, BringIn | Call)][:2] == [
        (BringIn, 2), (Call, 2)]
    codes, _ = nets(game.hand)
    assert codes[:2] == ["call-amount", "call-amount"]


def test_short_completion_is_completed_to_the_small_bet() -> None:
    """C19 (recommendation): after an all-in completion to 5 of 10, the next completion is to 10;
    pokerkit makes it 15 (5 + a small bet)."""
    game = bridge.play("stud", 0, stakes=(1, 3, 10, 20), stacks=(100, 6, 100), cards=DOWN_UP,
                       actions="brrcc" + "cc" * 4)
    assert [e.to for e in game.hand.events if isinstance(e, Complete | Raise)] == [5, 15]
    assert nets(game.hand)[0] == ["complete-amount"]


def test_short_raise_over_a_completion_does_not_reopen() -> None:
    """C19 full_bet: completion 2 -> 4, all-in raise to 7 (3 < a small bet of 4), so the completer
    may only call; pokerkit measures 3 against the completion's increment of 2 and lets him raise."""
    game = bridge.play("stud", 0, stakes=(0, 2, 4, 8), stacks=(100, 100, 7), cards=DOWN_UP,
                       actions="brrcrc" + "cc" * 4)
    assert [e.to for e in game.hand.events if isinstance(e, Complete | Raise)] == [4, 7, 11]
    assert nets(game.hand)[0] == ["not-reopened"]


def test_all_in_best_board_shows_after_the_players_in_action() -> None:
    """C24/C27: the all-in player holds the best board on a checked-through river, so the next
    player in action shows first; pokerkit starts with the all-in hand (its opener), as here."""
    game = bridge.play("stud", 0, stakes=(1, 3, 10, 20), stacks=(11, 100, 100),
                       cards="Kh 5d 6d Ks 7c 8c As 2c 3h Ad", actions="rcc" + "cc" * 4)
    shows = [e for e in game.hand.events if isinstance(e, Show)]
    assert shows[0].player == "p2" and nets(game.hand) == ([], game.net)
    pokerkit_order = [shows[-1], *shows[:-1]]
    others = [e for e in game.hand.events if not isinstance(e, Show)]
    at = next(i for i, e in enumerate(others) if isinstance(e, Collect))
    codes, _ = nets(replace(game.hand, events=(*others[:at], *pokerkit_order, *others[at:])))
    assert codes == ["show-order"]


# Stud8, ante 1, bring-in 1, 2/4: p1 (7-4-3-2-A low) is all-in on 3rd, p2 (nines full) and p3 (two
# pair, no low) play on; p4 puts chips above p2's all-in and folds, so p3 alone can win that layer.
LOW_HALF = dict(stakes=(1, 1, 2, 4), stacks=(3, 9, 50, 50),
                cards="Ac 9c Qc 5s 2d 9d Qs 5h 3h 9h Jd Kh 4s Jh 6h Ts 7c Th Js 8h Kd 8c 5d 3s Qd Td Kc",
                actions="brccc" + "crcc" + "ccrrc" + "rf")


def test_pokerkit_pays_a_low_half_nobody_has() -> None:
    """pokerkit fault (H8): the side pot p2/p3 has no qualifying low, so p2's high takes all 18;
    pokerkit splits a "low half" of 9 between p2 and p3. studbook names the wrong collect lines."""
    game = bridge.play("stud8", 0, **LOW_HALF)
    assert game.quirks == ("low-half-without-low",)
    codes, net = nets(game.hand)
    assert codes == ["award-mismatch", "award-mismatch"]
    assert (game.net["p2"], game.net["p3"]) == (11, -1) and (net["p2"], net["p3"]) == (15, -5)


def test_pokerkit_merges_pots_after_killing_hands() -> None:
    """pokerkit fault (C24): main pot 9 (hi p2 5, lo p3 4) and side pot 7 (hi 4, lo 3) have the same
    survivors once all-in p1's hand is killed; pokerkit splits one pot of 16 as 8/8."""
    cards = "9c Ah 3d 5c 8c 9d As 4d 5d 8s 2c Ad 6h Kh Qd Jh 7d Ac Th Qs 8h 2h 7s 9s Ks 3s Jc Kc"
    game = bridge.play("stud8", 0, stakes=(1, 1, 2, 4), stacks=(2, 50, 50, 50, 50), cards=cards,
                       actions="brccf" + "rcf" + "cc" * 3)
    assert game.quirks == ("pots-merged",)
    codes, net = nets(game.hand)
    assert codes == ["award-mismatch", "award-mismatch"]
    assert (game.net["p2"], game.net["p3"]) == (3, 3) and (net["p2"], net["p3"]) == (4, 2)


SPLIT_BESIDE_SCOOP = """stud8 2/4 ante=1 bi=1
seats A:3 B:9 C:50
antes
street 3
deal A Ac 2d / 3h
deal B 9c 9d / 9h
deal C Qc Qs / Jd
A bi 1
B complete 2
C call 2
A call 1!
street 4
ups A:4s B:Jh C:6h
B bet 2
C call 2
street 5
ups A:7c B:Th C:Js
C check
B bet 4!
C call 4
street 6
ups A:Kd B:8c C:5d
street 7
deal A Qd /
deal B Td /
deal C Kc /
show C Qc Qs Jd 6h Js 5d Kc
show A Ac 2d 3h 4s 7c Kd Qd
show B 9c 9d 9h Jh Th 8c Td
collect B 5 pot=main half=hi
collect A 4 pot=main half=lo
collect B 12 pot=side
"""


def test_labelled_split_pot_beside_an_unlabelled_scoop() -> None:
    """Main pot 9 split (B's nines full high 5, A's 7-4-3-2-A low 4, labelled as Full Tilt does),
    side pot 12 scooped by B (C has no low), written without a half: all correct (H8)."""
    assert [v.code for v in replay(build(SPLIT_BESIDE_SCOOP)).violations] == []


# -- (3) the other direction: pokerkit driven by our events -------------------------------------


def has_community_card(game: Played) -> bool:
    return any(isinstance(e, StreetStart) and e.community for e in game.hand.events)


def test_pokerkit_replays_the_events_to_its_own_nets(played: dict[str, list[Played]]) -> None:
    """The events carry everything a machine needs: pokerkit, given a hand's deals and actions only
    (it decides the shows and pays out itself), pays everyone what it paid when it played the hand.
    (``make bench`` times this replay against studbook's on the same hands: bench/run.py, the peer.)"""
    games = [game for variant in VARIANTS for index, game in enumerate(played[variant])
             if index < REPLAYED or has_community_card(game)]
    events = [e for game in games for e in game.hand.events]  # they cover what a machine may get wrong:
    assert any(isinstance(e, Collect) and e.pot.startswith("side") for e in events)
    assert any(isinstance(e, Collect) and e.half == "lo" for e in events)
    assert any(map(has_community_card, games)) and any(game.quirks for game in games)
    assert [bridge.pokerkit_payoffs(game.hand) for game in games] == [game.net for game in games]
