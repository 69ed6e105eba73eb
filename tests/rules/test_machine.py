"""The betting state machine, rule by rule (docs/rules.md ids in the test names), with worked vectors."""

from __future__ import annotations

import pytest

from studbook.cards import parse_cards
from studbook.rules import machine
from studbook.rules.house import Rules
from studbook.rules.house import rules_for
from studbook.rules.machine import Table
from studbook.rules.variants import VARIANTS


def make(
    doors: str,
    variant: str = "stud",
    stacks: int | dict[str, int] = 100,
    rules: tuple[str, ...] = (),
    small: int = 10,
    big: int = 20,
    bring_in: int | None = 3,
    structure: str = "limit",
    dealer: int | None = None,
    street: int | None = None,
) -> Table:
    """A table whose players are named by ``doors`` ("A:2h B:2c"), seated 1, 2, ... in that order;
    a player's cards "A:Ks,Qd" are his up cards so far."""
    chosen = VARIANTS[variant]
    seats, ups = [], {}
    for number, item in enumerate(doors.split(), start=1):
        name, cards = item.split(":")
        stack = stacks if isinstance(stacks, int) else stacks.get(name, 100)
        seats.append((name, number, stack))
        ups[name] = parse_cards(cards)
    table = Table(
        chosen,
        rules_for(chosen, None, user=Rules.parse(rules)),
        seats,
        structure=structure,
        small_bet=small,
        big_bet=big,
        bring_in=bring_in,
        dealer_seat=dealer,
    )
    for name, cards in ups.items():
        table.deal_up(name, cards)
    table.start_street(street or chosen.first_street)
    return table


def codes(issues: list[machine.Issue]) -> list[str]:
    return [issue.code for issue in issues]


def play(table: Table, script: str) -> list[str]:
    """Run "A bi 3, B complete 10, C raise 20, ..." (amounts are street totals) checking the turn;
    return every issue code, ``wrong-actor`` included. Where the log hides a board that decides the
    opener, the first to act opens, as the replay takes him."""
    found = []
    for step in script.split(","):
        words = step.split()
        name, kind = words[0], {"bi": "bring-in"}.get(words[1], words[1])
        if table.opener_unknown and table.last is None:
            table.open_with(name, kind)
        to = int(words[2].rstrip("!")) if len(words) > 2 else table.by_name[name].bet
        if table.next_actor() != name:
            found.append("wrong-actor")
        found += codes(table.act(name, table.normalise(kind, to), to, words[-1].endswith("!")))
    return found


# -- who brings in and who opens ---------------------------------------------------------------


def test_V1_bring_in_by_door_card_S4_H2_R2() -> None:
    """V1: stud 2h 2c 9s -> 2c; razz Kd Ks Ac -> Ks; stud8 Ac 3d -> 3d (ace high for the bring-in)."""
    assert make("A:2h B:2c C:9s").bring_in_due == "B"
    assert make("A:Kd B:Ks C:Ac", "razz").bring_in_due == "B"
    assert make("A:Ac B:3d", "stud8").bring_in_due == "B"


def test_C8_bring_in_player_acts_first_and_may_not_check_or_fold() -> None:
    table = make("A:9s B:2c C:Kd")
    assert table.next_actor() == "B"
    assert codes(table.act("B", "check", 0)) == ["bring-in-required"]
    table = make("A:9s B:2c C:Kd")
    assert codes(table.act("B", "fold", 0)) == ["bring-in-required"]
    table = make("A:9s B:2c C:Kd", rules=("bringin_fold_allowed=true",))
    assert codes(table.act("B", "fold", 0)) == []


def test_C8_bring_in_may_complete_instead() -> None:
    table = make("A:9s B:2c C:Kd")
    assert table.normalise("bet", 10) == "complete"  # PokerStars "bets" for the bring-in seat's completion
    assert play(table, "B complete 10, C call 10, A call 10") == []
    assert table.next_actor() is None


def test_C8_bring_in_amount() -> None:
    assert play(make("A:9s B:2c C:Kd"), "B bi 4") == ["bring-in-amount"]
    unknown = make("A:9s B:2c C:Kd", bring_in=None)
    assert play(unknown, "B bi 10") == ["bring-in-amount"]  # not below the small bet


def test_C9_after_bring_in_call_or_complete_no_check() -> None:
    table = make("A:9s B:2c C:Kd")
    assert play(table, "B bi 3, C check") == ["check-facing-bet"]
    table = make("A:9s B:2c C:Kd")
    assert play(table, "B bi 3, C call 3, A complete 10, B call 10, C call 10") == []
    table = make("A:9s B:2c C:Kd")
    assert play(table, "B bi 3, C complete 12") == ["complete-amount"]


def test_C11_bring_in_is_not_a_live_blind() -> None:
    """All call the bring-in: the round ends without giving the bring-in an option."""
    table = make("A:9s B:2c C:Kd")
    assert play(table, "B bi 3, C call 3, A call 3") == []
    assert table.next_actor() is None


def test_C11_everyone_folds_to_the_bring_in() -> None:
    table = make("A:9s B:2c C:Kd")
    assert play(table, "B bi 3, C fold, A fold") == []
    assert table.next_actor() is None and [p.name for p in table.live] == ["B"]


def test_V2_C10_C17_cap_counts_raises_after_the_completion() -> None:
    """V2: BI 3, complete 10, raise 20, 30, 40: a fourth raise breaks a cap of 3 (not of 4)."""
    script = "A bi 3, B complete 10, C raise 20, A raise 30, B raise 40"
    doors = "A:2c B:9s C:Kd"
    table = make(doors)
    assert play(table, script) == []
    assert play(table, "C raise 50") == ["raise-cap"]
    table = make(doors, rules=("max_raises=4",))
    assert play(table, script + ", C raise 50") == []
    assert play(table, "A raise 60") == ["raise-cap"]


def test_C10_completion_may_count_as_a_raise_when_configured() -> None:
    table = make("A:2c B:9s C:Kd", rules=("completion_counts_as_raise=true",))
    assert play(table, "A bi 3, B complete 10, C raise 20, A raise 30, B raise 40") == ["raise-cap"]


def test_V2_C18_heads_up_from_the_start_is_uncapped() -> None:
    script = "A bi 3, B complete 10, A raise 20, B raise 30, A raise 40, B raise 50, A raise 60"
    assert play(make("A:2c B:9s"), script) == []  # when_headsup (RRoP, default)
    assert play(make("A:2c B:9s", rules=("headsup_uncapped=round_start",)), script) == []  # WSOP-LA 127
    assert play(make("A:2c B:9s", rules=("headsup_uncapped=never",)), script) == ["raise-cap"] * 2


def test_C18_becoming_heads_up() -> None:
    """RRoP: heads-up before the cap uncaps; WSOP-LA: only a round that began heads-up."""
    script = "A bi 3, B complete 10, C fold, A raise 20, B raise 30, A raise 40, B raise 50"
    assert play(make("A:2c B:9s C:Kd"), script) == []
    assert play(make("A:2c B:9s C:Kd", rules=("headsup_uncapped=round_start",)), script) == ["raise-cap"]


def test_C18_once_capped_a_fold_does_not_uncap() -> None:
    table = make("A:2c B:9s C:Kd")
    assert play(table, "A bi 3, B complete 10, C raise 20, A raise 30, B raise 40, C fold") == []
    assert play(table, "A raise 50") == ["raise-cap"]


def test_C14_later_streets_check_bet_call_raise_and_check_raise() -> None:
    table = make("A:Ks,Qd B:2c,3d C:9s,8d", street=4)
    assert table.next_actor() == "A"
    assert play(table, "A check, B bet 10, C call 10, A raise 20, B call 20, C call 20") == []
    assert table.next_actor() is None


def test_C15_round_ends_when_all_check() -> None:
    table = make("A:Ks,Qd B:2c,3d", street=5)
    assert play(table, "A check, B check") == []
    assert table.next_actor() is None and table.checked_through()


def test_C16_bet_units_per_street_and_S9_big_bet_street() -> None:
    assert play(make("A:Ks,Qd B:2c,3d", street=4), "A bet 20") == ["bet-amount"]
    assert play(make("A:Ks,Qd,4c B:2c,3d,5h", street=5), "A bet 10") == ["bet-amount"]
    assert play(make("A:Ks,Qd,4c B:2c,3d,5h", street=5), "A bet 20, B raise 40") == []
    late = make("A:Ks,Qd,4c B:2c,3d,5h", street=5, rules=("big_bet_from_street=6",))
    assert play(late, "A bet 10, B raise 20") == []


def test_C16_raise_must_be_one_unit() -> None:
    assert play(make("A:Ks,Qd B:2c,3d", street=4), "A bet 10, B raise 30") == ["raise-amount"]


def test_C14_call_amount() -> None:
    assert play(make("A:Ks,Qd B:2c,3d", street=4), "A bet 10, B call 5") == ["call-amount"]


def test_V3_S5_C31_pair_beats_high_cards_and_S7_double_bet() -> None:
    """V3: seat 3 shows a pair of sevens, seat 1 A-K: seat 3 opens and may bet 10 or 20."""
    doors = "P1:As,Ks P2:4c,9h P3:7s,7d"
    assert make(doors, street=4).next_actor() == "P3"
    assert play(make(doors, street=4), "P3 bet 20") == []
    assert play(make(doors, street=4), "P3 bet 10, P1 raise 30, P2 fold, P3 raise 50") == []
    assert play(make(doors, street=4), "P3 bet 20, P1 raise 30") == [
        "raise-amount"
    ]  # S7: big after a big bet
    assert play(make(doors, street=4, rules=("open_pair_double_bet=false",)), "P3 bet 20") == ["bet-amount"]


def test_V3_H4_R4_no_open_pair_option_in_stud8_and_razz() -> None:
    assert play(make("P1:As,Ks P2:4c,9h P3:7s,7d", "stud8", street=4), "P3 bet 20") == ["bet-amount"]
    razz = make("P1:As,Ks P2:4c,9h P3:7s,7d", "razz", street=4)
    assert razz.next_actor() == "P2"  # R3: the lowest board opens, pairs are bad
    assert play(razz, "P2 bet 20") == ["bet-amount"]


def test_C7_door_card_not_in_the_log_the_first_actor_brings_in() -> None:
    """A's and C's doors are not in the log, so B's 5c cannot be called the lowest: C's bring-in
    stands and the order runs clockwise from him; acting out of that order is still wrong."""
    table = make("A: B:5c C:")
    assert table.opener_unknown
    assert play(table, "C bi 3, A call 3, B complete 10, C call 10, A call 10") == []
    assert play(make("A: B:5c C:"), "C bi 3, B call 3") == ["wrong-actor"]
    assert play(make("A: B:5c C:"), "A complete 10, B call 10, C fold") == []  # A completes: A held it


def test_C7_all_doors_known_the_bring_in_is_judged() -> None:
    assert not make("A:9s B:5c C:Kd").opener_unknown
    assert play(make("A:9s B:5c C:Kd"), "C bi 3") == ["wrong-actor", "wrong-bring-in"]


def test_S5_S7_board_not_in_the_log_the_first_actor_opens_and_may_bet_big() -> None:
    """B shows one card of his 4th street board: the log's first actor opens, and the big bet stands
    because the hidden card may pair his board (S7)."""
    doors = "A:Ks,Qd B:Kh C:2c,3d"
    assert make(doors, street=4).opener_unknown
    assert play(make(doors, street=4), "C bet 20, A call 20, B call 20") == []
    assert play(make(doors, street=4), "B check, C bet 10, A fold, B call 10") == []
    assert play(make(doors, street=4), "B check, A check") == ["wrong-actor"]  # C was next


def test_V4_S6_board_tie_break_position_or_suit() -> None:
    """V4: K♠Q♦ in seat 5 and K♥Q♣ in seat 2, dealer in seat 8: position -> seat 2, suit -> seat 5."""
    doors = "S1:2c,3d S2:Kh,Qc S3:4c,5d S4:6c,7d S5:Ks,Qd S6:8c,9d S7:Tc,Jd S8:3c,4d"
    assert make(doors, street=4, dealer=8).next_actor() == "S2"
    assert make(doors, street=4, dealer=8, rules=("board_tie_break=suit",)).next_actor() == "S5"
    assert make(doors, street=4, dealer=3).next_actor() == "S5"  # position counts from the dealer's left


def test_R3_razz_tie_break_by_suit_lowest_suit_first() -> None:
    doors = "A:6d,2h B:6c,2s"
    assert make(doors, "razz", street=4).next_actor() == "A"
    assert make(doors, "razz", street=4, rules=("board_tie_break=suit",)).next_actor() == "B"


def test_C32_seventh_street_uses_the_four_up_cards() -> None:
    table = make("A:Ks,Qd,2c,3c B:2d,3d,9h,9s", street=7)
    assert table.next_actor() == "B"  # pair of nines on the four-card board


def test_C25_all_in_first_actor_is_skipped() -> None:
    table = make("A:Ks,Ah B:2c,3d C:4c,5d", stacks={"A": 0}, street=4)
    assert table.next_actor() == "B"


def test_C26_no_betting_when_one_player_can_act() -> None:
    table = make("A:Ks,Ah B:2c,3d", stacks={"A": 0}, street=4)
    assert table.next_actor() is None
    assert play(table, "B bet 10") == ["wrong-actor"]


def test_C3_clockwise_order_skips_folded_players() -> None:
    table = make("A:9s B:2c C:Kd D:Qh")
    assert play(table, "B bi 3, C fold, D call 3, A call 3") == []
    assert play(make("A:9s B:2c C:Kd D:Qh"), "B bi 3, D call 3") == ["wrong-actor"]


def test_C12a_partial_bring_in_all_in_others_owe_the_full_bring_in() -> None:
    table = make("A:9s B:2c C:Kd", stacks={"B": 2})
    assert play(table, "B bi 2!") == []
    assert play(table, "C call 2") == ["call-amount"]
    heads_up = make("A:Kc B:2c", stacks={"B": 2})
    assert play(heads_up, "B bi 2!, A call 2") == []  # nobody can put in more than the all-in


def test_C12a_unstated_bring_in_the_first_full_call_shows_it() -> None:
    """PokerStars never states the bring-in: after a partial all-in bring-in, the first call above it
    (and below the small bet) is the full bring-in, and the players after owe that much."""
    table = make("A:9s B:2c C:Kd D:Qh", stacks={"B": 2}, bring_in=None)
    assert play(table, "B bi 2!, C call 3, D call 3, A call 3") == []
    short_after = make("A:9s B:2c C:Kd D:Qh", stacks={"B": 2}, bring_in=None)
    assert play(short_after, "B bi 2!, C call 3, D call 2") == ["call-amount"]
    too_much = make("A:9s B:2c C:Kd", stacks={"B": 2}, bring_in=None)
    assert play(too_much, "B bi 2!, C call 10") == ["call-amount"]  # a small bet is a completion
    stated = make("A:9s B:2c C:Kd", stacks={"B": 2}, bring_in=3)
    assert play(stated, "B bi 2!, C call 4") == ["call-amount"]  # a stated bring-in is not rewritten


def test_C12b_bring_in_card_all_in_for_the_ante_left_player_posts() -> None:
    table = make("A:9s B:2c C:Kd", stacks={"B": 0})
    assert table.bring_in_due == "C"
    freely = make(
        "A:9s B:2c C:Kd",
        stacks={"B": 0},
        rules=("bringin_shift_when_allin_for_ante=left_player_acts_freely",),
    )
    assert freely.bring_in_due is None and freely.next_actor() == "C"
    assert play(freely, "C check, A bet 10, C call 10") == []


def test_V5_C19_short_all_in_below_half_a_bet_does_not_reopen() -> None:
    """V5: A bets 20, B all-in to 29, C calls 29; A may only call. C could have completed to 40."""
    doors = "A:As,Ah,Kd B:2c,3d,4h C:9s,8d,7c"
    table = make(doors, stacks={"B": 29}, street=5)
    assert play(table, "A bet 20, B raise 29!, C call 29") == []
    assert play(table, "A raise 49") == ["not-reopened"]
    assert play(make(doors, stacks={"B": 29}, street=5), "A bet 20, B raise 29!, C raise 40") == []


def test_V5_C19_all_in_of_half_a_bet_counts_as_a_bet() -> None:
    doors = "A:As,Ah,Kd B:2c,3d,4h C:9s,8d,7c"
    table = make(doors, stacks={"A": 15}, street=5)
    assert play(table, "A bet 15!, B raise 35, C call 35") == []
    assert play(make(doors, stacks={"A": 15}, street=5), "A bet 15!, B raise 40") == ["raise-amount"]


def test_C19_full_bet_rule_needs_a_full_raise_to_reopen() -> None:
    """FTP 5-stud: completion 800, all-in 1,345, the completer re-raises: legal only under half_bet."""
    doors = "A:Kc B:Qh C:Js D:2c"
    script = "D bi 250, A complete 800, B call 800, C raise 1345!, D fold, A raise 2145"
    stacks = {"A": 5000, "B": 5000, "C": 1345, "D": 5000}
    assert play(make(doors, "stud5", stacks=stacks, small=800, big=1600, bring_in=250), script) == []
    full = make(
        doors, "stud5", stacks=stacks, small=800, big=1600, bring_in=250, rules=("reopen_rule=full_bet",)
    )
    assert play(full, script) == ["not-reopened"]


def test_C20_no_bet_beyond_the_stack() -> None:
    table = make("A:Ks,Qd B:2c,3d", stacks={"A": 5}, street=4)
    assert "beyond-stack" in play(table, "A bet 10")


def test_C21_folded_player_cannot_act() -> None:
    table = make("A:Ks,Qd B:2c,3d C:4h,5h", street=4)
    assert play(table, "A bet 10, B fold, C call 10") == []
    assert play(table, "B call 10") == ["wrong-actor", "acted-after-fold"]


def test_C23_uncalled_bet_is_the_excess_over_the_next_contribution() -> None:
    table = make("A:Ks,Qd B:2c,3d", street=4)
    play(table, "A bet 10, B raise 20, A fold")
    assert table.uncalled() == ("B", 10)
    table.refund("B", 10)
    assert table.uncalled() is None


def test_S3_fold_when_check_is_free_is_a_warning() -> None:
    issues = make("A:Ks,Qd B:2c,3d", street=4).act("A", "fold", 0)
    assert [(i.code, i.severity) for i in issues] == [("fold-when-check", "warning")]
    assert make("A:Ks,Qd B:2c,3d", "descubierto", street=4, structure="no-limit").act("A", "fold", 0) == []


def test_F2_five_card_stud_openers() -> None:
    doors = "A:Kc B:2c C:Ah"
    assert make(doors, "stud5").bring_in_due == "B"  # lowcard_bringin
    free = make(doors, "stud5", rules=("first_round_opener=highcard_free",))
    assert free.bring_in_due is None and free.next_actor() == "C"
    assert play(free, "C check, A check, B check") == []
    forced = make(doors, "stud5", rules=("first_round_opener=highcard_forced",))
    assert play(forced, "C check") == ["bet-required"]


def test_F4_five_card_stud_big_bet_on_the_last_two_rounds() -> None:
    assert play(make("A:Kc,Qd B:2c,3d", "stud5", street=3), "A bet 10") == []
    assert play(make("A:Kc,Qd,4s B:2c,3d,5s", "stud5", street=4), "A bet 20") == []


def test_Z6_descubierto_highest_card_opens_ties_by_position() -> None:
    table = make("A:Kc B:Ah C:Ad", "descubierto", structure="no-limit")
    assert table.next_actor() == "B" and table.bring_in_due is None


def test_Z8_Z9_Z10_descubierto_any_raise_no_cap() -> None:
    table = make("A:Kc B:Ah C:Qd", "descubierto", structure="no-limit", stacks=1000)
    assert play(table, "B bet 10, C raise 11, A raise 12, B raise 13, C raise 14, A call 14, B call 14") == []
    assert play(make("A:Kc B:Ah", "descubierto", structure="no-limit"), "B bet 5") == ["bet-amount"]


def test_Z13_checked_through_round() -> None:
    table = make("A:Kc B:Ah", "descubierto", structure="no-limit")
    play(table, "B check, A check")
    assert table.checked_through()


def test_N2_no_limit_minimum_raise_is_the_previous_raise() -> None:
    table = make("A:Ks,Qd B:2c,3d C:4c,5d", street=4, structure="no-limit", stacks=1000)
    assert play(table, "A bet 30, B raise 80, C raise 110") == ["raise-amount"]
    table = make("A:Ks,Qd B:2c,3d C:4c,5d", street=4, structure="no-limit", stacks=1000)
    assert play(table, "A bet 30, B raise 80, C raise 130, A raise 900") == []
    assert play(make("A:Ks,Qd B:2c,3d", street=4, structure="no-limit"), "A bet 5") == ["bet-amount"]


def test_N3_short_all_in_does_not_reopen_in_no_limit() -> None:
    table = make(
        "A:Ks,Qd B:2c,3d C:4c,5d", street=4, structure="no-limit", stacks={"A": 1000, "B": 140, "C": 1000}
    )
    assert play(table, "A bet 100, B raise 140!, C call 140") == []
    assert play(table, "A raise 300") == ["not-reopened"]


def test_N4_pot_limit_maximum() -> None:
    """N4: pot 100, bet 50 -> the next player may raise to 250 at most."""
    table = make("A:Ks,Qd B:2c,3d", street=4, structure="pot-limit", stacks=1000)
    table.players[0].committed = table.players[1].committed = 50
    table.pot = 100
    assert play(table, "A bet 50, B raise 250") == []
    table = make("A:Ks,Qd B:2c,3d", street=4, structure="pot-limit", stacks=1000)
    table.players[0].committed = table.players[1].committed = 50
    table.pot = 100
    assert play(table, "A bet 50, B raise 260") == ["raise-amount"]


def test_C5_ante_all_in() -> None:
    table = make("A:Ks B:2c", stacks={"A": 4})
    assert codes(table.ante("A", 4, True, 5)) == []
    assert codes(table.ante("B", 4, False, 5)) == ["ante-amount"]
    assert table.by_name["A"].all_in


def test_all_in_flag_mismatch_is_a_warning() -> None:
    table = make("A:Ks,Qd B:2c,3d", street=4, stacks={"A": 10})
    assert [(i.code, i.severity) for i in table.act("A", "bet", 10, False)] == [
        ("all-in-mismatch", "warning")
    ]


@pytest.mark.parametrize("variant", ["stud", "stud8", "razz"])
def test_bring_in_round_completes_once(variant: str) -> None:
    table = make("A:2c B:9s C:Kd" if variant != "razz" else "A:Kd B:9s C:2c", variant)
    first = table.bring_in_due
    assert first == "A"
    assert table.normalise("raise", 10) == "complete"
    play(table, "A bi 3, B complete 10")
    assert table.normalise("raise", 20) == "raise"
