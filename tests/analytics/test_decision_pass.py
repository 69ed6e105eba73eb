"""`studbook analyse` (analytics/decision_pass.py): the decision EV pass over a database, incremental,
interruptible, its rows the pure computation's (studbook/decisions.py) and its view their sums."""

from __future__ import annotations

import os
import subprocess
from pathlib import Path

import duckdb
import pytest
from helpers.decision_hands import quads_log
from helpers.importing import import_into
from helpers.interrupting import interrupted
from helpers.paths import HISTORIES
from typer.testing import CliRunner

from studbook.cli import app
from studbook.decisions import decisions
from studbook.grammar import parse_file
from studbook.hand import Hand
from studbook.replay import replay

runner = CliRunner()
STUD8 = HISTORIES / "stud8-2024-11-21.txt"


def analyse(db: Path, *extra: str) -> str:
    result = runner.invoke(app, ["analyse", "--db", str(db), "--jobs", "1", *extra])
    assert result.exit_code == 0, result.output
    return result.stdout


def rows(db: Path, sql: str) -> list[tuple]:
    with duckdb.connect(str(db), read_only=True) as con:
        return con.execute(sql).fetchall()


def test_a_second_pass_analyses_only_new_hands(tmp_path: Path) -> None:
    db = tmp_path / "h.duckdb"
    import_into(db, STUD8)
    hands = rows(db, "SELECT count(*) FROM hands")[0][0]
    first = analyse(db)
    valued = rows(db, "SELECT count(*) FROM decisions")[0][0]
    assert first == f"{hands} hands analysed: {valued} decisions valued in {db}\n" and valued > 0
    assert analyse(db) == f"0 hands analysed: 0 decisions valued in {db}\n"
    import_into(db, quads_log(tmp_path))
    assert analyse(db) == f"1 hands analysed: 10 decisions valued in {db}\n"
    assert rows(db, "SELECT count(*), sum(decisions) FROM analysed_hands WHERE status = 'analysed'") == \
        [(hands + 1, valued + 10)]


def test_stored_rows_are_the_pure_computation(tmp_path: Path) -> None:
    db = tmp_path / "h.duckdb"
    import_into(db, STUD8)
    analyse(db)
    stored = rows(db, "SELECT hand_id, seq, street, street_index, player, action, amount, pot_after, "
                      "opponents, equity, equity_hi, equity_lo, scoop, ev, std_error, method FROM decisions "
                      "ORDER BY hand_id, seq")
    expected = []
    for hand in parse_file(STUD8):
        assert isinstance(hand, Hand)
        for found in decisions(replay(hand)):
            value = found.value
            expected.append((hand.hand_id, found.seq, found.street, found.street_index, found.player,
                             found.action, found.amount, found.pot_after, len(found.opponents), value.equity,
                             value.equity_hi, value.equity_lo, value.scoop, value.ev, value.std_error,
                             value.method))
    assert stored == sorted(expected)


def test_the_quads_call_as_counted_by_hand(tmp_path: Path) -> None:
    db = tmp_path / "q.duckdb"
    import_into(db, quads_log(tmp_path))
    analyse(db)
    (found,) = rows(db, "SELECT action, amount, pot_after, opponents, equity, equity_hi, ev, std_error, "
                        "method FROM decisions WHERE player = 'B' AND street = 6")
    assert found[:4] == ("call", 20, 130, 1) and found[5] is None and found[7:] == (0.0, "exact")
    assert found[4] == pytest.approx(1 / 38) and found[6] == pytest.approx(130 / 38 - 20)


def test_decision_streets_are_the_sums_of_the_rows(tmp_path: Path) -> None:
    db = tmp_path / "h.duckdb"
    import_into(db, STUD8, quads_log(tmp_path))
    analyse(db)
    totals: dict[tuple, list] = {}
    for site, player, street, action, amount, opponents, equity, ev in rows(
            db, "SELECT site, player, street, action, amount, opponents, equity, ev FROM decisions"):
        entry = totals.setdefault((player, site, street), [0, 0, 0, 0, 0.0])
        entry[0] += 1
        entry[1] += action == "call" and equity < 0.2
        entry[2] += amount if equity > 1 / (opponents + 1) else 0
        entry[3] += amount if equity < 1 / (opponents + 1) else 0
        entry[4] += ev
    view = rows(db, "SELECT player, site, street, decisions, calls_as_underdog_20, put_in_best, "
                    "put_in_worst, decision_ev FROM decision_streets")
    assert len(view) == len(totals)
    for player, site, street, *values in view:
        expected = totals[player, site, street]
        assert values[:4] == expected[:4] and values[4] == pytest.approx(expected[4])
    assert any(values[1] for _, _, _, *values in view)  # an underdog call of less than 20% is counted
    # one player asked for, then under an alias: the same sums (amounts of hundreds of chips stay whole)
    mine = {street: values for (player, _, street), values in totals.items() if player == "Irene"}
    expected = sorted((street, values[0], *values[2:]) for street, values in mine.items())
    for name, site in (("Irene", "studbook"), ("Ire", "alias")):
        if site == "alias":
            runner.invoke(app, ["alias", "add", "Ire", "studbook:Irene", "--db", str(db)])
        irene = rows(db, "SELECT street, decisions, put_in_best, put_in_worst, decision_ev FROM "
                         f"decision_streets WHERE player = '{name}' AND site = '{site}' ORDER BY street")
        assert [row[:4] for row in irene] == [row[:4] for row in expected]
        assert max(row[2] for row in irene) > 127
        assert [row[4] for row in irene] == pytest.approx([row[4] for row in expected])


def test_without_a_database_one_line(tmp_path: Path) -> None:
    result = runner.invoke(app, ["analyse", "--db", str(tmp_path / "none.duckdb")])
    assert result.exit_code == 2 and result.output.startswith("error: no database at ")


def cpu_seconds_of_group(group: int) -> float:
    """CPU seconds used so far by the processes of a process group (Linux's /proc)."""
    total = 0
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rpartition(")")[2].split()
        except OSError:  # a process that ended meanwhile
            continue
        if int(fields[2]) == group:  # pgrp; then utime and stime, in clock ticks
            total += int(fields[11]) + int(fields[12])
    return total / os.sysconf("SC_CLK_TCK")


@pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="needs /proc to see the pass's progress")
def test_ctrl_c_keeps_the_batches_written(tmp_path: Path) -> None:
    """Slow deals (many samples), a hand a batch, two jobs: stopped mid-pass (once its processes have
    spent 8 s of CPU, however busy the machine: a seventh of the 60 s the pass needs), it says how far it
    got in one line, and the next pass does the rest."""
    db = tmp_path / "h.duckdb"
    import_into(db, HISTORIES)
    hands = rows(db, "SELECT count(*) FROM hands")[0][0]
    started: list[int] = []

    def ready() -> bool:
        if not started:
            started.extend(int(path.parent.name) for path in Path("/proc").glob("[0-9]*/cmdline")
                           if b"analyse" in _read(path) and str(db).encode() in _read(path))
        return bool(started) and cpu_seconds_of_group(os.getpgid(started[0])) > 8

    result: subprocess.CompletedProcess[str] = interrupted(
        ["analyse", "--db", str(db), "--jobs", "2", "--batch", "1", "--samples", "8000"], ready)
    assert result.returncode == 130, result
    assert len(result.stderr.splitlines()) == 1, result.stderr
    line = result.stderr.strip()
    assert line.startswith("interrupted: ") and line.endswith(
        f" of {hands} hands analysed in {db}; the same command again goes on from there")
    done = int(line.split()[1])
    assert 0 < done < hands
    assert rows(db, "SELECT count(*) FROM analysed_hands")[0][0] == done
    assert rows(db, "SELECT count(*) FROM decisions")[0][0] == rows(db, "SELECT sum(decisions) FROM "
                                                                         "analysed_hands")[0][0]
    assert analyse(db).startswith(f"{hands - done} hands analysed: ")


def _read(path: Path) -> bytes:
    try:
        return path.read_bytes()
    except OSError:
        return b""


def test_every_corpus_hand_is_analysed(corpus: Path, tmp_path: Path) -> None:
    db = tmp_path / "c.duckdb"
    import_into(db, corpus)
    analyse(db, "--samples", "100")
    statuses = dict(rows(db, "SELECT status, count(*) FROM analysed_hands GROUP BY ALL"))
    assert statuses == {"analysed": rows(db, "SELECT count(*) FROM hands")[0][0]}
    # every site whose logs deal up cards (a log that writes no deal tells no hand street by street)
    sites = {site for site, in rows(db, "SELECT DISTINCT site FROM decisions")}
    assert sites == {site for site, in rows(db, "SELECT DISTINCT site FROM cards WHERE face = 'up'")}


def test_ctrl_c_in_a_query_of_the_pass_ends_it_as_interrupted(tmp_path: Path) -> None:
    """DuckDB stops a query Ctrl-C lands in with a RuntimeError: the pass ends as for Ctrl-C anywhere else,
    what it wrote kept, and says so (not a silent exit)."""
    from studbook.analytics.decision_pass import analyse_pending

    class Stopped:
        def execute(self, *_: object) -> None:
            raise RuntimeError("Query interrupted")

    summary = analyse_pending(Stopped(), tmp_path, lambda *_: None, jobs=1, samples=10)
    assert summary.interrupted and summary.analysed == 0
