"""``studbook export --format phh``: every stud, stud8 and razz hand of the PokerStars and Full Tilt
corpus, and simulated hands of the three games with rake, load in pokerkit 0.7.7 with
``HandHistory.load_all`` and play to the result studbook's audit gives each player."""

from __future__ import annotations

import io
import tomllib
import warnings
from pathlib import Path

import pytest
from helpers.phh_oracle import PotRake
from helpers.phh_oracle import load
from helpers.phh_oracle import play
from helpers.phh_oracle import pot_rakes
from helpers.phh_oracle import pots_merged

from studbook.grammar import expand_paths
from studbook.grammar import parse_file
from studbook.hand import Hand
from studbook.replay import replay
from studbook.simulate import Setup
from studbook.simulate import Simulator
from studbook.writers import convert_files
from studbook.writers import write_phh
from studbook.writers import write_phh_table
from studbook.writers.phh import Unsupported
from studbook.writers.phh import phh_fields


@pytest.fixture(autouse=True)
def _quiet_pokerkit():
    with warnings.catch_warnings():  # pokerkit warns of a fold when checking is free (cash-game mode)
        warnings.simplefilter("ignore", UserWarning)
        yield


def corpus_hands(corpus: Path) -> list[Hand]:
    """The stud hands of the PokerStars and Full Tilt corpus, in the order an export reads them."""
    return [hand for site in ("pokerstars", "fulltilt") for path in expand_paths([corpus / site])
            for hand in parse_file(path) if isinstance(hand, Hand)]


def writable(hand: Hand) -> bool:
    try:
        phh_fields(hand)
    except Unsupported:
        return False
    return True


def test_corpus_hands_play_the_same_in_pokerkit(corpus: Path) -> None:
    out = io.StringIO()
    done = convert_files([corpus / "pokerstars", corpus / "fulltilt"], "phh", out)
    assert done.problems == []
    hands = [hand for hand in corpus_hands(corpus) if writable(hand)]
    histories = load(out.getvalue())
    assert len(histories) == done.hands == len(hands) >= 50
    assert done.unsupported["PHH has no stud5"] == 1
    for hand, history in zip(hands, histories, strict=True):
        assert str(history.hand) == hand.hand_id
        result = replay(hand)
        played = play(history, PotRake(pot_rakes(result)))
        ours = {seat.player: seat.net for seat in result.seats if seat.player in played.net}
        assert played.net == ours, hand.hand_id
    assert sum(1 for history in histories if history.user_defined_fields.get("_rake")) > 20


@pytest.mark.parametrize("game", ["stud", "stud8", "razz"])
def test_simulated_hands_with_rake_play_the_same_in_pokerkit(game: str) -> None:
    simulated = list(Simulator(Setup(game=game, players=7, seed=11, short_stacks=True)).hands(150))
    written = []
    for played in simulated:
        try:
            written.append((played, write_phh_table(played.hand, len(written) + 1)))
        except Unsupported as error:
            assert error.reason.startswith("a double bet on 4th street"), error.reason
    assert len(written) > 140
    histories = load("\n".join(text for _, text in written))
    raked = merged = 0
    for (simulation, _), history in zip(written, histories, strict=True):
        result = replay(simulation.hand)
        assert not result.violations
        raked += result.rake > 0
        oracle = play(history, PotRake(pot_rakes(result)))
        ours = {seat.player: seat.net for seat in result.seats}
        assert ours == simulation.net
        if oracle.net != ours:  # only where pokerkit's own payout fault moved an odd chip
            merged += 1
            assert pots_merged(result, oracle), simulation.hand.hand_id
            assert sum(oracle.net.values()) == sum(ours.values())
    assert raked > 50
    assert merged < len(written) // 20


def test_fields_name_the_hand_as_the_standard_does(corpus: Path) -> None:
    hand = next(hand for hand in corpus_hands(corpus) if hand.hand_id == "35874576282")  # README's split
    fields = tomllib.loads(write_phh(hand))
    assert fields["variant"] == "F7S/8"
    assert (fields["hand"], fields["venue"], fields["_site"]) == (35874576282, "PokerStars", "pokerstars")
    assert (fields["currency"], fields["_amounts_in"], fields["currency_symbol"]) == ("USD", "cents", "$")
    assert (fields["small_bet"], fields["big_bet"], fields["bring_in"]) == (4, 8, 2)
    assert set(fields["antes"]) == {1} and fields["ante_trimming_status"] is True
    assert fields["players"] == [seat.player for seat in hand.seats if seat.player in fields["players"]]
    assert fields["time_zone"] == "America/New_York" and fields["year"] == 2009
    assert fields["_rake"] == 3 and sum(fields["winnings"]) == 73
    assert fields["actions"][0].startswith("d dh p1 ")
    assert any(action.endswith(" pb") for action in fields["actions"])
    shows = [action for action in fields["actions"] if " sm " in action]
    assert len(shows) == 3 and all(len(action.split()[2]) == 14 for action in shows)  # seven cards each


def test_games_without_a_phh_variant_are_skipped_with_the_reason() -> None:
    five = next(iter(Simulator(Setup(game="stud5", players=4, fmt="studbook")).hands(1))).hand
    with pytest.raises(Unsupported, match="PHH has no stud5"):
        phh_fields(five)
    descubierto = next(iter(Simulator(Setup(game="descubierto", players=4, fmt="studbook")).hands(1))).hand
    with pytest.raises(Unsupported, match="no-limit descubierto|PHH has no descubierto"):
        phh_fields(descubierto)


def test_export_command_counts_what_it_skips(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    from studbook.writers import WRITERS
    from studbook.writers import export_hands

    log = tmp_path / "mixed.txt"
    hands = [*Simulator(Setup(game="stud5", players=3, fmt="studbook", seed=1)).hands(2),
             *Simulator(Setup(game="razz", players=3, fmt="studbook", seed=1)).hands(3)]
    log.write_text("\n".join(WRITERS["studbook"](played.hand) for played in hands), encoding="utf-8")
    out = tmp_path / "out.phhs"
    assert export_hands("phh", [str(log)], out) == 0
    assert "3 hands written as phh, 2 skipped (PHH has no stud5), 0 not written" in capsys.readouterr().err
    assert [history.variant for history in load(out.read_text(encoding="utf-8"))] == ["FR"] * 3
