"""PHH files read like any log (grammar/phh.py): a log exported to PHH and read back audits the same,
a PHH hand that breaks a rule is audited like a site's, and bad PHH is reported by file and line."""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

from studbook.cli import app
from studbook.grammar import ParseError
from studbook.grammar import Skipped
from studbook.grammar import expand_paths
from studbook.grammar import parse_file
from studbook.grammar.parse import parse_block
from studbook.grammar.reader import read_blocks
from studbook.hand import Hand
from studbook.replay import Replay
from studbook.replay import replay
from studbook.simulate import Setup
from studbook.simulate import Simulator
from studbook.writers.phh import Unsupported
from studbook.writers.phh import write_phh
from studbook.writers.phh import write_phh_table

ILLEGAL = """\
# p3 bets out of turn on 4th street: p2's K-9 showing acts first.
[1]
variant = 'F7S'
antes = [1, 1, 1]
bring_in = 2
small_bet = 4
big_bet = 8
starting_stacks = [100, 100, 100]
players = ['Ann', 'Bob', 'Cid']
actions = [
  'd dh p1 AsKs2c',
  'd dh p2 ????Kd',
  'd dh p3 ????Qh',
  'p1 pb',
  'p2 cbr 4',
  'p3 cc',
  'p1 cc',
  'd dh p1 3c',
  'd dh p2 9h',
  'd dh p3 5d',
  'p3 cbr 4',
  'p1 f',
  'p2 f',
]
winnings = [0, 0, 15]

[2]
variant = 'NT'
antes = [0, 0]
blinds_or_straddles = [1, 2]
min_bet = 2
starting_stacks = [100, 100]
actions = ['d dh p1 AsKs', 'd dh p2 QhQd', 'p1 f']
"""


def audited(result: Replay, players: set[str]) -> tuple[object, ...]:
    """What a round trip keeps: the nets of the players dealt in, pots, violations and rake."""
    nets = {seat.player: seat.net for seat in result.seats if seat.player in players}
    pots = [(pot.amount, pot.eligible, tuple((w.player, w.amount, w.half) for w in pot.winners))
            for pot in result.pots]
    return nets, pots, sorted((v.code, v.severity) for v in result.violations), result.rake, result.total_pot


def read_back(hand: Hand) -> Hand:
    [block] = list(read_blocks(write_phh_table(hand, 1).encode("utf-8"), "round-trip.phhs"))
    back = parse_block(block)
    assert isinstance(back, Hand), back
    return back


def assert_round_trip(hand: Hand) -> None:
    back = read_back(hand)
    players = {seat.player for seat in back.seats}
    original = replay(hand)
    assert audited(replay(back), players) == audited(original, players), hand.hand_id
    assert all(seat.net == 0 for seat in original.seats if seat.player not in players)  # sitting out
    assert (back.site, back.hand_id, back.variant, back.start_time) == (hand.site, hand.hand_id, hand.variant,
                                                                        hand.start_time)


def test_corpus_logs_read_back_from_phh_audit_the_same(corpus: Path) -> None:
    checked = 0
    for path in expand_paths([corpus / "pokerstars", corpus / "fulltilt"]):
        for hand in parse_file(path):
            if isinstance(hand, Hand):
                try:
                    assert_round_trip(hand)
                except Unsupported:
                    continue
                checked += 1
    assert checked >= 50


@pytest.mark.parametrize("game", ["stud", "stud8", "razz"])
def test_simulated_hands_read_back_from_phh_audit_the_same(game: str) -> None:
    checked = 0
    for played in Simulator(Setup(game=game, players=6, seed=5, short_stacks=True)).hands(80):
        try:
            assert_round_trip(played.hand)
        except Unsupported:
            continue
        checked += 1
    assert checked > 70


def test_a_phh_hand_that_breaks_a_rule_is_audited_like_a_log(tmp_path: Path) -> None:
    path = tmp_path / "session.phhs"
    path.write_text(ILLEGAL, encoding="utf-8")
    hand, other = parse_file(path)
    assert isinstance(hand, Hand) and isinstance(other, Skipped) and other.game == "PHH NT"
    assert (hand.site, hand.hand_id, hand.variant, hand.source.first_line) == ("phh", "1", "stud", 2)
    result = CliRunner().invoke(app, ["audit", str(path)])
    assert result.exit_code == 1
    assert "line 21: error wrong-actor [S5 highest board opens]: Cid acts; Bob was due" in result.output
    assert "1 hands audited: 1 with errors, 0 with warnings only, 0 unreadable" in result.output


def test_a_phh_file_is_one_hand_read_whole(tmp_path: Path) -> None:
    played = next(iter(Simulator(Setup(game="razz", players=4, seed=2)).hands(1)))
    path = tmp_path / "one.phh"
    path.write_text("# exported by studbook\n\n" + write_phh(played.hand), encoding="utf-8")
    [hand] = parse_file(path)
    assert isinstance(hand, Hand) and hand.hand_id == played.hand.hand_id
    assert (hand.source.first_line, hand.source.last_line) == (1, len(path.read_text().splitlines()))
    assert {seat.player: seat.net for seat in replay(hand).seats} == played.net


def test_bad_phh_names_file_line_and_hand_and_the_rest_is_read(tmp_path: Path) -> None:
    first = ILLEGAL.split("[1]\n")[1].split("\n[2]")[0]
    good = write_phh_table(next(iter(Simulator(Setup(game="stud", players=3, seed=4)).hands(1))).hand, 3)
    damaged = {"1": first.replace("'p1 f',", "'p1 xx',"), "5": "seat_count = '8'\n" + first,
               "6": first.replace("'p2 cbr 4',", "'p2 cbr x',"), "4": "variant = 'F7S\n"}
    path = tmp_path / "damaged.phhs"
    path.write_text("".join(f"[{key}]\n{body}\n" for key, body in damaged.items()) + good, encoding="utf-8")
    lines = path.read_text().splitlines()

    def at(table: str, text: str) -> str:
        """``path:line:1: hand N:`` for the first line holding ``text`` in the table ``[N]``."""
        start = lines.index(f"[{table}]")
        number = next(i for i, line in enumerate(lines[start:], start + 1) if text in line)
        return f"{path}:{number}:1: hand {table}:"

    results = list(parse_file(path))
    assert [str(result) for result in results if isinstance(result, ParseError)] == [
        f"{at('1', 'p1 xx')} PHH action 'p1 xx': not an action of PHH's stud games",
        f"{at('5', 'seat_count')} PHH field 'seat_count' has the wrong type: '8'",
        f"{at('6', 'p2 cbr x')} PHH action 'p2 cbr x': 'x' is no amount",
        f"""{at('4', "variant = 'F7S")} not TOML: Expected "'\"""",
    ]
    assert sum(isinstance(result, Hand) for result in results) == 1  # hand [3], after the damage


def test_amounts_of_a_foreign_phh_are_currency_units(tmp_path: Path) -> None:
    path = tmp_path / "dollars.phhs"
    path.write_text(ILLEGAL.split("\n[2]")[0].replace("small_bet = 4", "currency = 'USD'\nsmall_bet = 4")
                    .replace("bring_in = 2", "bring_in = 2.5"), encoding="utf-8")
    [hand] = parse_file(path)
    assert isinstance(hand, Hand)
    assert (hand.currency, hand.bring_in, hand.small_bet, hand.ante, hand.seats[0].stack) == (
        "USD", 250, 400, 100, 10000)


def test_phh_that_pokerkit_writes_is_read(tmp_path: Path) -> None:
    """pokerkit's own dump: single quotes, every array on one line, the same action many times."""
    from helpers.phh_oracle import load

    hands = [played.hand for played in Simulator(Setup(game="stud8", players=5, seed=8)).hands(20)]
    histories = load("\n".join(write_phh_table(hand, i) for i, hand in enumerate(hands, start=1)))
    path = tmp_path / "pokerkit.phhs"
    path.write_text(type(histories[0]).dumps_all(histories), encoding="utf-8")
    assert "actions = ['d dh p1 " in path.read_text()
    read = [hand for hand in parse_file(path) if isinstance(hand, Hand)]
    assert len(read) == len(hands)
    for hand, back in zip(hands, read, strict=True):
        players = {seat.player for seat in back.seats}
        assert audited(replay(back), players) == audited(replay(hand), players)
        checks = [event.line for event in back.events if type(event).__name__ in ("Check", "Call", "Fold")]
        assert len(set(checks)) == 1  # all on the actions line of the file


def test_import_stores_phh_hands(tmp_path: Path) -> None:
    from helpers.importing import import_into

    hands = [played.hand for played in Simulator(Setup(game="razz", players=4, seed=6)).hands(5)]
    path = tmp_path / "razz.phhs"
    tables = (write_phh_table(hand, i) for i, hand in enumerate(hands, start=1))
    path.write_text("\n".join(tables), encoding="utf-8")
    (tmp_path / "bad.phhs").write_text(ILLEGAL, encoding="utf-8")
    counts = import_into(tmp_path / "phh.duckdb", tmp_path)
    assert (counts["imported"], counts["skipped (not stud)"]) == (6, 1)
    assert counts["hands with errors"] == counts["wrong-actor"] == 1


def test_a_phh_hand_is_named_by_its_hand_field(tmp_path: Path) -> None:
    hand = next(iter(Simulator(Setup(game="stud", players=3, seed=12)).hands(1))).hand
    path = tmp_path / "one.phhs"
    text = write_phh_table(hand, 7).replace("actions = [", "actions = [\n    'p9 cc',")
    path.write_text(text, encoding="utf-8")
    [error] = parse_file(path)
    assert isinstance(error, ParseError) and error.hand_id == hand.hand_id != "7"
    assert "PHH action 'p9 cc': no player 'p9'" in error.message
