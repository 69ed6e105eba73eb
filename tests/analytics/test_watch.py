"""``studbook import --watch``: new files and files that grow are imported look by look, a partly
written last hand waits, truncated, rotated and removed files are survived, other commands read the
database between batches, and Ctrl-C ends the command with one line saying what it stored."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path

import duckdb
import pytest
from helpers.watching import Recorder
from typer.testing import CliRunner

from studbook.analytics.db import open_existing
from studbook.analytics.watch import watch
from studbook.cli import app
from studbook.simulate import Setup
from studbook.simulate import Simulator
from studbook.writers import SEPARATORS
from studbook.writers import WRITERS

STUDBOOK = (sys.executable, "-c", "from studbook.cli import main; main()")


@pytest.fixture
def place(tmp_path: Path) -> tuple[Path, Path]:
    """A hand-history folder and the database to watch it into."""
    folder = tmp_path / "PokerStars" / "HandHistory" / "Hero"
    folder.mkdir(parents=True)
    return folder, tmp_path / "live.duckdb"


def hand_texts(count: int, seed: int = 0, game: str = "stud") -> list[str]:
    """PokerStars text of ``count`` simulated hands, each with the separator a site writes after it."""
    played = Simulator(Setup(game=game, players=5, seed=seed)).hands(count)
    return [WRITERS["pokerstars"](hand.hand) + SEPARATORS["pokerstars"] for hand in played]


def hand_ids(db: Path) -> list[str]:
    con = duckdb.connect(str(db), read_only=True)
    try:
        return sorted(row[0] for row in con.sql("SELECT hand_id FROM hands").fetchall())
    finally:
        con.close()


def append(path: Path, text: str) -> None:
    with path.open("a", encoding="utf-8", newline="\n") as file:
        file.write(text)


def test_a_growing_file_is_read_hand_by_hand_and_a_partial_hand_waits(place: tuple[Path, Path]) -> None:
    folder, db = place
    texts = hand_texts(6)
    ids = [text.split("#", 1)[1].split(":", 1)[0] for text in texts]
    day = folder / "HH20261201 Table.txt"
    watcher = Recorder(folder, db)
    append(day, "".join(texts[:3]))
    assert watcher.step() == [f"+2 hands (2 blocks) from {day.name}"]  # still being written: the last waits
    assert watcher.step() == [f"+1 hand (1 block) from {day.name}"]  # it stopped growing
    assert watcher.step() == []
    half = len(texts[3]) // 2
    append(day, texts[3][:half])
    assert watcher.step() == []  # the partly written hand waits
    append(day, texts[3][half:] + texts[4][:40])
    assert watcher.step() == [f"+1 hand (1 block) from {day.name}"]  # a next header followed it
    append(day, texts[4][40:])
    assert watcher.step() == []
    assert watcher.step() == [f"+1 hand (1 block) from {day.name}"]
    assert hand_ids(db) == sorted(ids[:5])
    con = open_existing(db)
    try:
        assert con.sql("SELECT count(*) FROM rejected").fetchall() == [(0,)]
        lines = con.sql("SELECT first_line FROM hands ORDER BY first_line").fetchall()
    finally:
        con.close()
    assert [line for (line,) in lines] == [1 + sum(text.count("\n") for text in texts[:i]) for i in range(5)]
    assert watcher.watcher.summary.imported == 5


def test_a_large_file_is_read_a_bounded_piece_per_look(place: tuple[Path, Path],
                                                       monkeypatch: pytest.MonkeyPatch) -> None:
    folder, db = place
    texts = hand_texts(8, seed=2)
    (folder / "big.txt").write_text("".join(texts), encoding="utf-8")
    monkeypatch.setattr("studbook.analytics.watch.TAIL_BYTES", 2 * max(map(len, texts)))
    watcher = Recorder(folder, db)
    added = [line for _ in range(12) for line in watcher.step()]
    assert 4 <= len(added) <= 9 and all(line.endswith("big.txt") for line in added)
    assert len(hand_ids(db)) == 8 and watcher.watcher.summary.rejected == 0


def test_truncated_rotated_and_removed_files_are_survived(place: tuple[Path, Path]) -> None:
    folder, db = place
    texts = hand_texts(5, seed=3)
    day = folder / "today.txt"
    watcher = Recorder(folder, db)
    day.write_text("".join(texts[:2]), encoding="utf-8")
    watcher.step(), watcher.step()
    day.write_text(texts[2], encoding="utf-8")  # truncated and written anew
    assert watcher.step() == ["today.txt: truncated or replaced, read again from its start"]
    assert watcher.step() == ["+1 hand (1 block) from today.txt"]
    day.rename(folder / "today.1.txt")  # rotated: the old content under a new name, a new file
    day.write_text(texts[3], encoding="utf-8")
    watcher.step()
    assert watcher.step() == ["+1 hand (2 blocks, 1 already present) from today.1.txt, today.txt"]
    (folder / "today.1.txt").unlink()
    assert watcher.step() == ["today.1.txt: removed"]
    append(day, texts[4])
    watcher.step()
    assert watcher.step() == ["+1 hand (1 block) from today.txt"]
    assert len(hand_ids(db)) == 5


def test_other_commands_read_the_database_between_batches(place: tuple[Path, Path]) -> None:
    folder, db = place
    texts = hand_texts(4, seed=5)
    watcher = Recorder(folder, db)
    (folder / "a.txt").write_text("".join(texts[:2]), encoding="utf-8")
    watcher.step(), watcher.step()
    stats = CliRunner().invoke(app, ["stats", "--db", str(db), "--format", "csv"])
    assert stats.exit_code == 0 and "Hero" in stats.output
    reader = open_existing(db)  # a report or query holding the database just as a batch is due
    try:
        append(folder / "a.txt", "".join(texts[2:]))
        watcher.step()
        busy = watcher.step()
        assert len(busy) == 1 and busy[0].startswith("database busy, trying again: cannot open")
    finally:
        reader.close()
    assert watcher.step() == ["+2 hands (2 blocks) from a.txt"]
    assert len(hand_ids(db)) == 4


def test_a_thread_watches_until_stopped(place: tuple[Path, Path]) -> None:
    folder, db = place
    stop, said = threading.Event(), []
    thread = threading.Thread(
        target=lambda: said.append(watch([folder], db, 0.05, echo=said.append, stop=stop)))
    thread.start()
    try:
        for text in hand_texts(3, seed=7):
            append(folder / "live.txt", text)
            time.sleep(0.1)
        deadline = time.monotonic() + 60
        while sum(_added(line) for line in said if isinstance(line, str)) < 3 and time.monotonic() < deadline:
            time.sleep(0.05)  # the batch lines, not the database: reading it here would race the writes
    finally:
        stop.set()
        thread.join(30)
    summary = said[-1]
    assert summary.imported == 3 and summary.files == 1 and len(hand_ids(db)) == 3
    assert said[0].startswith("watching ")


def test_ctrl_c_ends_the_command_in_one_line(place: tuple[Path, Path]) -> None:
    folder, db = place
    (folder / "old.txt").write_text("".join(hand_texts(2, seed=9)), encoding="utf-8")
    command = [*STUDBOOK, "import", "--watch", str(folder), "--db", str(db),
               "--interval", "0.1"]
    process = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                               env={**os.environ, "PYTHONUNBUFFERED": "1"})
    try:
        lines = _read_until(process, lambda seen: sum(_added(line) for line in seen) >= 2)
        stats = subprocess.run([*STUDBOOK, "stats", "--db", str(db)],
                               capture_output=True, text=True, timeout=120)
        assert stats.returncode == 0, stats.stderr
    finally:
        process.send_signal(signal.SIGINT)
        out, err = process.communicate(timeout=60)
    assert process.returncode == 130, err
    assert lines[0].startswith(f"watching {folder}")
    assert err.splitlines() == [f"interrupted: 2 new hands stored in {db}; the same import again goes on "
                                "from there"]
    assert not out.strip()  # every batch was said as it was stored; no summary follows
    assert len(hand_ids(db)) == 2


def _added(line: str) -> int:
    return int(line.split("+", 1)[1].split()[0]) if "  +" in line else 0


def _read_until(process: subprocess.Popen[str], done, timeout: float = 60) -> list[str]:
    seen: list[str] = []
    deadline = time.monotonic() + timeout
    assert process.stdout is not None
    while not done(seen):
        if time.monotonic() > deadline or process.poll() is not None:
            pytest.fail(f"the watcher said only {seen}")
        seen.append(process.stdout.readline().rstrip("\n"))
    return seen


def test_a_file_read_whole_before_the_watch_is_numbered_on_from_its_end(place: tuple[Path, Path]) -> None:
    folder, db = place
    texts = hand_texts(4, seed=11)
    day = folder / "day.txt"
    day.write_text("".join(texts[:2]), encoding="utf-8")
    assert CliRunner().invoke(app, ["import", str(folder), "--db", str(db)]).exit_code == 0
    watcher = Recorder(folder, db)  # a watch started later: the file is unchanged, not read again
    append(day, "".join(texts[2:]))
    assert watcher.step() + watcher.step() == ["+1 hand (1 block) from day.txt"] * 2
    con = open_existing(db)
    try:
        lines = [line for (line,) in con.sql("SELECT first_line FROM hands ORDER BY first_line").fetchall()]
    finally:
        con.close()
    assert lines == [1 + sum(text.count("\n") for text in texts[:i]) for i in range(4)]
