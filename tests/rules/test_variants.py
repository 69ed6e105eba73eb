"""Variants as data and the house-rule options (docs/rules.md: Settings, Presets, Z and T)."""

from __future__ import annotations

import pytest

from studbook import rulebook
from studbook.cards import parse_cards
from studbook.events import Street
from studbook.grammar import SITES
from studbook.rules.evaluate import high
from studbook.rules.evaluate import low8
from studbook.rules.evaluate import low_a5
from studbook.rules.house import PRESETS
from studbook.rules.house import RuleError
from studbook.rules.house import Rules
from studbook.rules.house import deck
from studbook.rules.house import rules_for
from studbook.rules.variants import VARIANTS
from studbook.rules.variants import descubierto
from studbook.rules.variants import razz
from studbook.rules.variants import razz27
from studbook.rules.variants import stud
from studbook.rules.variants import stud5
from studbook.rules.variants import stud8
from studbook.sites import SITE_CONVENTIONS
from studbook.sites import SITE_DEFAULTS


def test_named_variants_are_registered() -> None:
    assert VARIANTS == {
        "stud": stud,
        "stud8": stud8,
        "razz": razz,
        "razz27": razz27,
        "stud5": stud5,
        "descubierto": descubierto,
    }


def test_seven_card_streets_S1() -> None:
    """S1/P1: 3rd street two down one up, 4th-6th one up, 7th one down: seven cards."""
    for variant in (stud, stud8, razz):
        assert [(s.street, s.down, s.up) for s in variant.streets] == [
            (Street.THIRD, 2, 1),
            (Street.FOURTH, 0, 1),
            (Street.FIFTH, 0, 1),
            (Street.SIXTH, 0, 1),
            (Street.SEVENTH, 1, 0),
        ]
        assert variant.cards_per_player == 7
        assert (variant.first_street, variant.last_street) == (Street.THIRD, Street.SEVENTH)


def test_five_card_streets_F1() -> None:
    """F1: one down and one up, then three up cards: four betting rounds."""
    for variant in (stud5, descubierto):
        assert [(s.down, s.up) for s in variant.streets] == [(1, 1), (0, 1), (0, 1), (0, 1)]
        assert variant.cards_per_player == 5
        assert variant.first_street == Street.SECOND


def test_bring_in_and_first_to_act_rules_S4_H2_R2_R3_Z5() -> None:
    assert (stud.bring_in, stud.first_to_act) == ("low_card", "high_board")
    assert (stud8.bring_in, stud8.first_to_act) == ("low_card", "high_board")  # H2, H3
    assert (razz.bring_in, razz.first_to_act) == ("high_card", "low_board")  # R2, R3
    assert descubierto.bring_in == "none"  # Z5


def test_evaluators_per_variant_H5_R5_Z16() -> None:
    rules = Rules()
    assert stud.evaluators(rules) == (high,)
    assert stud8.evaluators(rules) == (high, low8)
    assert razz.evaluators(rules) == (low_a5,)
    (figuras,) = descubierto.evaluators(rules_for(descubierto, None))
    assert figuras(parse_cards("Ac Ad Kh Qs Jc")) > figuras(parse_cards("Qc Qd Th Ts Ac"))


def test_open_pair_only_in_stud_high_S7_H4_R4() -> None:
    assert stud.open_pair_street == 4
    assert stud8.open_pair_street is None and razz.open_pair_street is None
    assert stud5.open_pair_street == 3
    assert rules_for(stud5, None).open_pair_double_bet is False  # F4 default for five card stud


def test_rules_md_defaults_section_7() -> None:
    rules = Rules()
    assert rules.max_raises == 3  # C17
    assert rules.completion_counts_as_raise is False  # C10
    assert rules.headsup_uncapped == "when_headsup"  # C18 RRoP cash default
    assert rules.reopen_rule == "half_bet"  # C19
    assert rules.open_pair_double_bet is True  # S8
    assert rules.big_bet_from_street == 5  # S9
    assert rules.board_tie_break == "position"  # S6
    assert rules.bringin_shift_when_allin_for_ante == "left_player_posts"  # C12b
    assert rules.out_of_cards == "community_card"  # S11
    assert rules.max_players == 8
    assert rules.explicit == frozenset()


def test_descubierto_defaults_section_9() -> None:
    rules = rules_for(descubierto, None)
    assert rules.all_check_ends_hand is True  # Z13
    assert rules.min_raise == "any"  # Z10
    assert rules.first_round_opener == "highcard_free"  # Z6
    assert rules.allow_beyond_table_stakes is False  # Z11
    assert rules.figuras_includes_two_pair is True  # Z17
    assert rules.flush_beats_full_at_or_below == 40  # Z19
    assert rules.ante is None  # Z5: as the log states it, by its header or else by its ante lines
    assert rules.max_players == 8  # Z3: two to eight players
    assert rules.odd_chip_rule == "position"  # Z2: suits have no value
    assert descubierto.structure == "no-limit"


def test_stripped_decks_Z1() -> None:
    assert len(deck(Rules())) == 52
    for size in range(28, 53, 4):
        rules = Rules.parse([f"deck_ranks={size}"])
        cards = deck(rules)
        assert len(cards) == size == rules.deck_size
        assert min(card.rank for card in cards) == 15 - size // 4  # lowest ranks go first
    assert Rules.parse(["deck_ranks=8-A"]).deck_size == 28


def test_deck_bounds_Z1() -> None:
    with pytest.raises(RuleError):
        Rules.parse(["deck_ranks=T-A"])  # 20 cards: below 28
    with pytest.raises(RuleError):
        Rules.parse(["deck_ranks=30"])


def test_parse_every_kind_of_value() -> None:
    rules = Rules.parse(
        [
            "max_raises=4",
            "open-pair-double-bet=no",
            "board_tie_break=suit",
            "ante=5",
            "first_round_opener=lowcard_bringin",
            "allow_beyond_table_stakes=yes",
        ]
    )
    assert (rules.max_raises, rules.open_pair_double_bet, rules.board_tie_break, rules.ante) == (
        4,
        False,
        "suit",
        5,
    )
    assert rules.first_round_opener == "bringin"  # rules.md's name is an alias
    assert rules.allow_beyond_table_stakes is True
    assert rules.explicit == {
        "max_raises",
        "open_pair_double_bet",
        "board_tie_break",
        "ante",
        "first_round_opener",
        "allow_beyond_table_stakes",
    }


@pytest.mark.parametrize(
    ("item", "message"),
    [
        ("max_raise=4", "unknown rule 'max_raise' (did you mean max_raises?)"),
        ("nonsense=1", "unknown rule 'nonsense'; known:"),
        ("max_raises=many", "bad value 'many' for max_raises: expected an integer"),
        ("max_raises=-1", "bad value -1 for max_raises"),
        ("board_tie_break=dealer", "bad value 'dealer' for board_tie_break: expected one of position, suit"),
        ("open_pair_double_bet=maybe", "expected true or false"),
        ("max_raises", "expected KEY=VALUE"),
        ("preset=casino", "unknown preset 'casino'"),
    ],
)
def test_clear_errors(item: str, message: str) -> None:
    with pytest.raises(RuleError) as error:
        Rules.parse([item])
    assert message in str(error.value)


def test_stud8_card_preset_T3_T5_T10() -> None:
    """§10: three raises, suit tie-break on boards, six players, left player posts the bring-in."""
    rules = rules_for(stud8, "pokerstars", user=Rules.parse(["preset=stud8-card"]))
    assert rules.board_tie_break == "suit"
    assert rules.max_players == 6
    assert rules.max_raises == 3
    assert rules.bringin_shift_when_allin_for_ante == "left_player_posts"
    assert rules.cash_requires_ante_plus_bringin is True
    assert set(PRESETS) >= {"stud8-card", "rrop", "wsop-la", "wsop-t", "pokerkit"}


def test_layering_default_variant_site_log_user() -> None:
    assert rules_for(stud, None).headsup_uncapped == "when_headsup"
    assert rules_for(stud, "pokerstars").headsup_uncapped == "never"  # site table
    stated = rules_for(stud, "pokerstars", stated=[("headsup_uncapped", "round_start")])
    assert stated.headsup_uncapped == "round_start"  # the log's own statement beats the site
    user = rules_for(stud, "pokerstars", [("max_raises", "5")], Rules.parse(["max_raises=2"]))
    assert user.max_raises == 2  # the user beats everything
    assert rules_for(stud5, None, user=Rules(max_raises=4)).big_bet_from_street == 4  # variant default kept


def test_direct_construction_marks_changes_explicit() -> None:
    assert Rules(max_raises=4).explicit == {"max_raises"}
    assert rules_for(stud, "pokerstars", user=Rules(max_raises=4)).max_raises == 4


def test_site_defaults_are_one_table_with_valid_options() -> None:
    """Each site's dialect declares its defaults; registering the grammar's sites installs them."""
    assert set(SITE_DEFAULTS) <= set(SITES)
    for site, values in SITE_DEFAULTS.items():
        Rules().override(values)  # raises on a bad key or value
        assert site in SITES
    # each convention is a default of its site, and a rule of the book's section of the sites
    for site, conventions in SITE_CONVENTIONS.items():
        for key, rule in conventions.items():
            assert key in SITE_DEFAULTS[site] and rulebook.by_id()[rule].section == rulebook.SITES_SECTION
    assert SITE_DEFAULTS["pokerstars"]["max_raises"] == 3
    assert SITE_DEFAULTS["pokerstars"]["headsup_uncapped"] == "never"


def test_describe_lists_every_option_with_its_rule() -> None:
    rows = Rules().describe()
    keys = {key for key, *_ in rows}
    assert {
        "max_raises",
        "headsup_uncapped",
        "reopen_rule",
        "open_pair_double_bet",
        "big_bet_from_street",
        "board_tie_break",
        "odd_chip_rule",
        "bringin_shift_when_allin_for_ante",
        "out_of_cards",
        "max_players",
        "first_round_opener",
        "all_check_ends_hand",
        "deck_ranks",
        "figuras_includes_two_pair",
        "flush_beats_full_at_or_below",
        "min_raise",
        "allow_beyond_table_stakes",
        "ace_low_straight",
        "ace_straights_above_flush",
        "completion_counts_as_raise",
        "cash_requires_ante_plus_bringin",
        "bringin_fold_allowed",
        "ante",
        "show_order",
        "raise_over_bring_in",
    } == keys
    assert all(rule for _, _, rule, _ in rows)


def test_a_variant_is_checked_when_built() -> None:
    from dataclasses import replace

    with pytest.raises(ValueError):
        replace(stud, bring_in="middle_card")
    with pytest.raises(ValueError):
        replace(stud, hands=("high", "low8", "low_a5"))
    with pytest.raises(RuleError):
        replace(stud, defaults=(("max_raises", "three"),))
