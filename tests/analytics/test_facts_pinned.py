"""Every per-seat fact and every stat, pinned: the seats and hands tables column by column, `studbook
stats` (per game and per street), `studbook players` and the player report's tables, on simulated
hands of every game and on every site of the corpus, must give the values the Python facts of
analytics/facts.py gave before the facts moved into SQL (analytics/facts.sql). One difference
is intended: the Python facts numbered fpdb positions in the order a log lists the seats, and three
PartyPoker hands of the corpus list them out of seat order (their action goes round by seat number);
positions now go round the table by seat number, which changed the positions and steal chances of those
hands (and the stats built on them): those pins were written anew, and no other. A second: the player
report's big bets per 100 and a session's net in big bets are sums of exact decimals (stats.sql's
``in_bets``), as the stats are, where they were float sums; four values fell on a half cent, which the
float sum had put a hair under (-0.185 big bets read -0.18, now -0.19 as DuckDB rounds a half away from
zero; -3.575, 19.375 and -8.125 likewise), so the acr and fulltilt sessions and the studbook format's
door cards were pinned anew, and no other. A third: a hand that follows its site's convention is
information, not an error (KingsClub's three raises over the bring-in, KC1), so the corpus's
``hands.errors`` was pinned anew; and the hands table gained the tournament buy-in columns (``buy_in``,
``fee``, ``buy_in_currency``), pinned as they came, and again when Full Tilt, PartyPoker and iPoker
hands gave their buy-ins (those three corpus columns only). A fourth changes how the commands print
the same values, not a value: ``stats`` and ``players`` sort names without regard to case, ``stats``
names the columns that count streets for the games shown (``saw_3rd`` ... in five card stud, by betting
round where games are mixed), and ``players`` names every player as ``--player`` takes it, not only an
alias's; the ``stats`` and ``players`` outputs of both databases were pinned anew, after their rows
and values were checked equal to the old outputs', and every other pin is unchanged.
A fifth: one fault is one verdict, and a side pot is paid as the logs pay it. ACR's odd cent given to
the low half is one error (H9) where it was two; a stud8 side pot only one player can win goes to him by
halves (H8), so the simulated stud8 hand and the Stud8 history hand with such a pot count it in
``won_hi`` and ``won_lo``; and a heads-up raise past the cap is noted as information (C18, a simulated
stud5 hand). The corpus's ``hands.errors`` and ``hands.violations`` and the simulated
``hands.violations``, ``seats.won_hi`` and ``seats.won_lo`` were pinned anew; every other pin is
unchanged. A sixth adds, changing no value: the player report's stats carry each rate's 95% interval
(``low_<rate>``, ``high_<rate>``); the ``report ... stats`` pins were written anew after the digests of
those frames without the new columns were checked equal to the old pins.

The pins are SHA-256 digests (the corpus's real player names stay out of the project), one per
column or per output, so a failure names what changed. Regenerate them only for an intended change
of the stats or of what the parsers read: ``PYTHONPATH=tests python tests/analytics/test_facts_pinned.py``.
"""

from __future__ import annotations

import hashlib
import json
import tempfile
from pathlib import Path

import duckdb
from helpers.paths import HISTORIES
from helpers.paths import corpus_dir
from typer.testing import CliRunner

from studbook.analytics.db import open_existing
from studbook.cli import app
from studbook.reports.filters import Filters
from studbook.reports.player_report import player_data

PINS = Path(__file__).with_name("facts_pins.json")
# game, hands, players, short stacks (all-ins on the ante, the bring-in and mid-hand)
SIMULATED = [(game, hands, players, short)
             for game in ("stud", "stud8", "razz", "razz27", "stud5", "descubierto")
             for hands, players, short in ((200, 6, False), (100, 8, True), (40, 2, False))]
CORPUS_SITES = ("absolute", "acr", "bovada", "everleaf", "fulltilt", "ipoker", "kingsclub", "merge", "ongame",
                "partypoker", "pokerstars", "winamax")
SEAT_KEY, HAND_KEY = "site, hand_id, seat", "site, hand_id"
UNPINNED = {"file"}  # where a hand was read: the test's own folder
runner = CliRunner()


def _cli(*args: str) -> str:
    result = runner.invoke(app, list(args))
    assert result.exit_code == 0, result.output
    return result.stdout


def _digest(text: str) -> str:
    return hashlib.sha256(text.encode()).hexdigest()[:20]


def _column_digests(con: duckdb.DuckDBPyConnection, table: str, key: str) -> dict[str, str]:
    columns = [row[0] for row in con.execute(
        "SELECT column_name FROM information_schema.columns WHERE table_name = ? ORDER BY ordinal_position",
        [table]).fetchall() if row[0] not in UNPINNED]
    return {f"{table}.{column}": _digest(repr(con.sql(f'SELECT "{column}" FROM {table} ORDER BY {key}')
                                              .fetchall()))
            for column in columns}


def outputs(db: Path) -> dict[str, str]:
    """A digest of each pinned output of the database at ``db``."""
    found = {f"stats {' '.join(args)}": _digest(_cli("stats", "--db", str(db), "--format", "csv", *args))
             for args in ((), ("--streets",), ("--game", "stud8"), ("--game", "stud5"))}
    found["players"] = _digest(_cli("players", "--db", str(db), "--format", "csv"))
    con = open_existing(db)
    try:
        found |= _column_digests(con, "seats", SEAT_KEY) | _column_digests(con, "hands", HAND_KEY)
        # The player of most hands on each site (keyed by site: the corpus's names stay out of the pins).
        top = con.sql("SELECT site, arg_max(site || ':' || player, (hands, player)) FROM players "
                      "WHERE site <> 'alias' GROUP BY site ORDER BY site").fetchall()
        for site, player in top:
            data = player_data(con, Filters(player=player))
            for name in ("stats", "curve", "sessions", "streets", "start_classes", "door_cards"):
                found[f"report {site} {name}"] = _digest(getattr(data, name).write_csv())
    finally:
        con.close()
    return found


def simulated_db(folder: Path) -> Path:
    """A database of simulated hands of every game (with a fixed seed) and of the shipped histories."""
    logs = folder / "logs"
    logs.mkdir()
    for seed, (game, hands, players, short) in enumerate(SIMULATED):
        extra = ["--short-stacks"] if short else []
        _cli("simulate", "-o", str(logs / f"{game}-{seed}.txt"), "-g", game, "-n", str(hands),
             "--players", str(players), "--seed", str(seed), *extra)
    db = folder / "simulated.duckdb"
    _cli("import", str(logs), str(HISTORIES), "--db", str(db))
    return db


def corpus_db(folder: Path, corpus: Path) -> Path:
    db = folder / "corpus.duckdb"
    _cli("import", *[str(corpus / site) for site in CORPUS_SITES], "--db", str(db))
    return db


def _compare(name: str, found: dict[str, str]) -> None:
    pinned = json.loads(PINS.read_text(encoding="utf-8"))[name]
    changed = sorted(key for key in pinned if found.get(key) != pinned[key])
    assert not changed, f"{len(changed)} of {len(pinned)} pinned outputs changed: {changed}"


def test_facts_and_stats_of_simulated_hands_are_as_pinned(tmp_path: Path) -> None:
    _compare("simulated", outputs(simulated_db(tmp_path)))


def test_facts_and_stats_of_the_corpus_are_as_pinned(tmp_path: Path, corpus: Path) -> None:
    _compare("corpus", outputs(corpus_db(tmp_path, corpus)))


def _write_pins(folder: Path) -> None:
    corpus = corpus_dir()
    if corpus is None:
        raise SystemExit("the corpus is needed to pin its outputs")
    (folder / "simulated").mkdir()
    (folder / "corpus").mkdir()
    pins = {"simulated": outputs(simulated_db(folder / "simulated")),
            "corpus": outputs(corpus_db(folder / "corpus", corpus))}
    PINS.write_text(json.dumps(pins, indent=1, sort_keys=True) + "\n", encoding="utf-8")
    print(f"wrote {sum(map(len, pins.values()))} digests to {PINS}")


if __name__ == "__main__":
    with tempfile.TemporaryDirectory() as folder:
        _write_pins(Path(folder))
