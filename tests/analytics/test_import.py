"""`studbook import` on the real corpus: every block accounted for, idempotent, safe to kill, and in
agreement with fpdb's expected per-player results (.hp files) where both define the same quantity."""

from __future__ import annotations

import ast
import os
import re
import signal
import subprocess
import sys
import textwrap
from pathlib import Path

import duckdb
import pytest
from helpers.importing import contents
from helpers.importing import import_into
from helpers.importing import runner

from studbook.cli import app
from studbook.grammar import ParseError
from studbook.grammar import expand_paths
from studbook.grammar import parse_file


@pytest.fixture(scope="module")
def imported(corpus: Path, tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, dict[str, int]]:
    db = tmp_path_factory.mktemp("corpus") / "corpus.duckdb"
    return db, import_into(db, corpus)


def test_every_block_is_accounted_for(corpus: Path, imported: tuple[Path, dict[str, int]]) -> None:
    db, counts = imported
    blocks = sum(1 for path in expand_paths([corpus]) for _ in parse_file(path))
    assert counts["hand blocks found"] == blocks
    assert counts["hand blocks found"] == (counts["imported"] + counts["already present"]
                                           + counts["skipped (not stud)"] + counts["rejected (parse errors)"])
    con = duckdb.connect(str(db), read_only=True)
    assert con.execute("SELECT count(*) FROM hands").fetchall()[0][0] == counts["imported"]
    assert con.execute("SELECT count(*) FROM rejected").fetchall()[0][0] == counts["rejected (parse errors)"]
    sites = dict(con.execute("SELECT site, count(*) FROM hands GROUP BY site").fetchall())
    assert set(sites) == {"pokerstars", "fulltilt", "bovada", "everleaf", "partypoker", "ongame", "winamax",
                          "kingsclub", "acr", "absolute", "ipoker", "merge"}
    assert counts["imported"] > 40
    # The XML logs are read whole: 125 iPoker and 22 Merge stud hands, Merge's other HORSE games skipped.
    assert (sites["ipoker"], sites["merge"]) == (125, 22)
    assert counts["skipped (not stud)"] >= 14
    assert con.execute("SELECT count(*) FROM rejected WHERE raw = ''").fetchall()[0][0] == 0
    # PokerStars hand 35874676388 is in two files: stored once.
    assert counts["already present"] >= 1
    assert not con.execute("SELECT count(*) FROM rejected WHERE error LIKE 'cannot %'").fetchall()[0][0]
    con.close()


def test_second_import_adds_nothing(corpus: Path, imported: tuple[Path, dict[str, int]]) -> None:
    db, first = imported
    before = contents(db)
    again = import_into(db, corpus, extra=("--reread",))
    assert again["imported"] == 0
    assert again["already present"] == first["imported"] + first["already present"]
    assert again["rejected (parse errors)"] == first["rejected (parse errors)"]
    assert contents(db) == before
    # Without --reread, only the files with a rejected block (other sites' logs) are read again.
    with_rejects = {path for path in expand_paths([corpus])
                    if any(isinstance(block, ParseError) for block in parse_file(path))}
    again = import_into(db, corpus)
    assert again["files"] == first["files"]
    assert again["unchanged, not read"] == first["files"] - len(with_rejects) > 0
    assert again["rejected (parse errors)"] == first["rejected (parse errors)"]
    assert again["imported"] == 0
    assert contents(db) == before


KILLED_IMPORT = textwrap.dedent("""
    import sys, time
    from studbook.analytics import importer
    from studbook.cli import main

    real_open = importer.open_for_import

    class PausingConnection:
        # Forwards to DuckDB; on the third COMMIT, says so and waits to be killed inside the transaction.
        def __init__(self, con):
            self.con, self.commits = con, 0
        def execute(self, sql, *args):
            if sql == "COMMIT":
                self.commits += 1
                if self.commits == 3:
                    print("PAUSED", flush=True)
                    time.sleep(120)
            return self.con.execute(sql, *args)
        def __getattr__(self, name):
            return getattr(self.con, name)

    importer.open_for_import = lambda path: PausingConnection(real_open(path))
    sys.argv = ["studbook", *sys.argv[1:]]
    main()
""")


def test_killed_import_then_rerun_equals_a_clean_import(corpus: Path, imported: tuple[Path, dict[str, int]],
                                                        tmp_path: Path) -> None:
    """Worker processes (--jobs 2), small batches of small chunks, so a batch may end inside a file;
    SIGKILL inside the third transaction."""
    clean = contents(imported[0])
    db = tmp_path / "killed.duckdb"
    command = [sys.executable, "-c", KILLED_IMPORT, "import", str(corpus), "--db", str(db), "--batch", "5",
               "--chunk", "2", "--jobs", "2"]
    process = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                               start_new_session=True)
    try:
        assert process.stdout.readline().strip() == "PAUSED", process.stderr.read()
    finally:
        os.killpg(process.pid, signal.SIGKILL)  # the importer and its workers
        process.wait()
    partial = contents(db)
    hands = {(row[0], row[1]) for row in partial["hands"]}
    committed = len(hands) + len(partial["rejected"])  # a batch holds hands and rejected blocks
    assert 0 < committed < len(clean["hands"]) + len(clean["rejected"])  # two batches in, the third not
    for table in ("seats", "actions", "awards"):
        assert {(row[0], row[1]) for row in partial[table]} == hands  # no half-written hand
    for table, rows in partial.items():
        assert set(rows) <= set(clean[table])  # what the workers wrote is what a clean import writes
    import_into(db, corpus)
    assert contents(db) == clean


def test_missing_input_and_bad_rule_are_clear_errors(tmp_path: Path) -> None:
    result = runner.invoke(app, ["import", str(tmp_path / "nope.txt"), "--db", str(tmp_path / "x.duckdb")])
    assert result.exit_code == 2 and "no such file or folder" in result.stderr
    assert not (tmp_path / "x.duckdb").exists()
    db = str(tmp_path / "y.duckdb")
    result = runner.invoke(app, ["import", str(tmp_path), "--rule", "max_raise=4", "--db", db])
    assert result.exit_code == 2 and "unknown rule 'max_raise'" in result.stderr
    assert "Traceback" not in result.output


# fpdb's expected HandsPlayers rows (.hp) for PokerStars and Full Tilt files, one hand each.
# Definitions that differ, so they are not compared: fpdb keeps a listed player who is dealt no
# cards (Player6, "listed but doesn't act") as a zero row, where we count only players dealt in;
# fpdb stores tournament chips times 100 in totalProfit, where we store chips.
FPDB_FIELDS = {  # fpdb HandsPlayers column: the same quantity from our seats
    "totalProfit": "net", "street0VPI": "vpip", "street0Aggr": "s0_aggr",
    "street1Seen": "s1_saw", "street2Seen": "s2_saw", "street3Seen": "s3_saw", "street4Seen": "s4_saw",
    "sawShowdown": "showdown", "position": "coalesce(CAST(position AS VARCHAR), 'S')",
    "raiseFirstInChance": "rfi_chance", "raisedFirstIn": "rfi", "success_Steal": "steal_success",
    "foldSbToStealChance": "bringin_vs_steal IS NOT NULL",
    "foldedSbToSteal": "coalesce(bringin_vs_steal = 'fold', false)",
    "raiseToStealDone": "coalesce(bringin_vs_steal = 'raise', false)",
}


def hp_files(corpus: Path) -> list[Path]:
    return sorted(p for site in ("pokerstars", "fulltilt") for p in (corpus / site).glob("*.txt.hp"))


def test_agrees_with_fpdb_expected_results(corpus: Path, imported: tuple[Path, dict[str, int]]) -> None:
    db, _ = imported
    con = duckdb.connect(str(db), read_only=True)
    checked = 0
    for hp in hp_files(corpus):
        expected = ast.literal_eval(hp.read_text(encoding="utf-8"))
        columns = ", ".join(FPDB_FIELDS.values())
        rows = con.execute(f"SELECT player, tournament_id IS NOT NULL, {columns} FROM seat_facts "
                           "WHERE file = ?", [str(hp)[: -len(".hp")]]).fetchall()
        mine = {row[0]: row for row in rows}
        not_dealt = set(expected) - set(mine)
        assert not_dealt <= {"Player6"} and set(mine) <= set(expected), hp.name
        assert all(expected[p]["totalProfit"] == 0 and not expected[p]["street0VPI"] for p in not_dealt)
        for player, (_, tournament, *values) in mine.items():
            fpdb = expected[player]
            scale = 100 if tournament else 1
            theirs = [fpdb[name] // scale if name == "totalProfit" else fpdb[name] for name in FPDB_FIELDS]
            theirs[list(FPDB_FIELDS).index("position")] = str(fpdb["position"])
            assert values == theirs, (hp.name, player)
            checked += 1
    con.close()
    assert len(hp_files(corpus)) == 5 and checked >= 25


def test_progress_is_quiet_when_not_on_a_terminal(corpus: Path, tmp_path: Path) -> None:
    result = runner.invoke(app, ["import", str(corpus / "fulltilt"), "--db", str(tmp_path / "p.duckdb")])
    assert result.exit_code == 0 and result.stderr == ""
    assert re.search(r"^hand blocks found\s+\d+$", result.stdout, re.MULTILINE)
