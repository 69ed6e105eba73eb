"""``import --jobs 1`` stores its batches in a writer process of its own (analytics/writer_process.py): the
import holds none of the database while it parses, and a killed import leaves no writer behind."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import textwrap
import time
from pathlib import Path

from helpers.simulated_logs import simulated_log

from studbook.analytics.importer import run_import

# Imports one file in batches of 5 hands, chunks of 2; once two batches are stored (the writer process runs),
# says so and waits to be killed.
PAUSED_IMPORT = textwrap.dedent("""
    import sys, time
    from pathlib import Path
    from studbook.analytics.importer import run_import

    seen = []

    def chunk(result):
        seen.append(result)
        if len(seen) == 8:
            print("PAUSED", flush=True)
            time.sleep(120)

    if __name__ == "__main__":
        run_import([Path(sys.argv[1])], Path(sys.argv[2]), batch_size=5, chunk_size=2, on_chunk=chunk)
""")


def in_session(session: int) -> list[int]:
    """The processes of a session (a process started with ``start_new_session`` and all it starts)."""
    found = []
    for entry in Path("/proc").iterdir():
        try:
            fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
        except (OSError, IndexError):
            continue
        if int(fields[3]) == session and fields[0] != "Z":  # field 6 of stat, after the name: the session
            found.append(int(entry.name))
    return found


def test_the_database_is_free_while_the_import_parses_until_the_first_batch(tmp_path: Path) -> None:
    db = tmp_path / "db.duckdb"
    free_while_parsing: list[bool] = []

    def chunk(_: object) -> None:
        if not free_while_parsing:  # the first chunk, before any batch: no process holds the file
            import duckdb
            with duckdb.connect(str(db), read_only=True) as con:
                free_while_parsing.append(con.sql("SELECT count(*) FROM hands").fetchall() == [(0,)])

    log = simulated_log(tmp_path / "razz.txt", "razz", 12, seed=11)
    summary = run_import([log], db, batch_size=5, chunk_size=2, on_chunk=chunk)
    assert free_while_parsing == [True]
    assert summary.imported == 12


def test_a_killed_import_leaves_no_writer_process(tmp_path: Path) -> None:
    log, db = simulated_log(tmp_path / "razz.txt", "razz", 20, seed=11), tmp_path / "db.duckdb"
    script = tmp_path / "paused_import.py"  # a file, so the writer process (spawned) can import its __main__
    script.write_text(PAUSED_IMPORT, encoding="utf-8")
    process = subprocess.Popen([sys.executable, str(script), str(log), str(db)], stdout=subprocess.PIPE,
                               stderr=subprocess.PIPE, text=True, start_new_session=True)
    try:
        assert process.stdout is not None and process.stdout.readline().strip() == "PAUSED"
        assert len(in_session(process.pid)) >= 2  # the import and its writer
        os.kill(process.pid, signal.SIGKILL)  # the import alone, as `kill -9` would
        process.wait()
        deadline = time.monotonic() + 10
        while in_session(process.pid) and time.monotonic() < deadline:
            time.sleep(0.1)
        assert in_session(process.pid) == []
    finally:
        for pid in in_session(process.pid):
            os.kill(pid, signal.SIGKILL)
        process.wait()
