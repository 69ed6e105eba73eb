"""A hand the per-seat facts or the insert fail on is rejected, naming its file, line and hand; the other
hands of its chunk and batch are stored as if it had never been there (analytics/isolate.py).

The failures are real ones, made in the rows a worker hands over (the public UnitResult the loader
takes): a player with more bets in a round than the seats table can count (what once ended a whole
import), and a hand log row without its text, which the database's NOT NULL refuses."""

from __future__ import annotations

from pathlib import Path

import duckdb
import pyarrow as pa
import pyarrow.compute as pc
import pytest

from studbook.analytics import facts
from studbook.analytics.db import open_for_import
from studbook.analytics.importer import ImportSummary
from studbook.analytics.load import Loader
from studbook.analytics.reading import read_chunks
from studbook.analytics.rows import HAND_INDEX
from studbook.analytics.worker import UnitResult
from studbook.analytics.worker import add_facts
from studbook.analytics.worker import process_unit

LOG = Path(__file__).resolve().parents[2] / "histories" / "pokerstars-stud8-sim.txt"
BAD = 7  # the index of the hand made bad in its chunk


def chunk() -> UnitResult:
    [only] = [process_unit([part]) for part in read_chunks(LOG)]
    assert only.hands > BAD + 2 and only.rejected == 0
    return only


def hand_key(result: UnitResult, index: int) -> dict[str, object]:
    hands = result.tables["hands"]
    row = hands.filter(pc.equal(hands.column(HAND_INDEX), index)).to_pylist()[0]
    return {"file": row["file"], "line": row["first_line"], "hand_id": row["hand_id"]}


def with_too_many_bets(result: UnitResult, index: int) -> UnitResult:
    """Hand ``index`` with 200 more bets of one player on its first round: more than TINYINT counts."""
    actions = result.tables["actions"]
    mine = actions.filter(pc.and_(pc.equal(actions.column(HAND_INDEX), index),
                                  pc.equal(actions.column("street_index"), 0)))
    bet = mine.filter(pc.not_equal(mine.column("action"), "ante")).slice(0, 1)
    bets = pa.concat_tables([bet] * 200)
    bets = bets.set_column(bets.schema.get_field_index("action"), "action", pa.array(["bet"] * 200))
    bets = bets.set_column(bets.schema.get_field_index("seq"), "seq",
                           pa.array(range(1000, 1200), bets.schema.field("seq").type))
    result.tables = {**result.tables, "actions": pa.concat_tables([actions, bets])}
    return result


def without_log_text(result: UnitResult, index: int) -> UnitResult:
    """Hand ``index`` with no text in its ``hand_logs`` row, which the database refuses (NOT NULL)."""
    logs = result.tables["hand_logs"]
    texts = [None if number == index else text
             for number, text in zip(logs.column(HAND_INDEX).to_pylist(), logs.column("text").to_pylist(),
                                     strict=True)]
    result.tables = {**result.tables, "hand_logs": logs.set_column(0, "text", pa.array(texts, pa.string()))}
    return result


def seats_by_hand(result: UnitResult) -> dict[str, list[dict[str, object]]]:
    """Each hand's seats with their facts, by hand id, whatever its index in the chunk."""
    ids = dict(zip(result.tables["hands"].column(HAND_INDEX).to_pylist(),
                   result.tables["hands"].column("hand_id").to_pylist(), strict=True))
    found: dict[str, list[dict[str, object]]] = {}
    for seat in result.tables["seats"].to_pylist():
        found.setdefault(ids[seat.pop(HAND_INDEX)], []).append(seat)
    return {hand: sorted(seats, key=lambda seat: seat["seat"]) for hand, seats in found.items()}


def test_a_hand_the_facts_fail_on_is_rejected_in_a_lake_task_and_the_rest_keep_their_facts() -> None:
    good = chunk()
    add_facts(good, facts.connection())
    bad = with_too_many_bets(chunk(), BAD)
    key = hand_key(bad, BAD)
    add_facts(bad, facts.connection())
    assert (bad.hands, bad.rejected, bad.with_facts) == (good.hands - 1, 1, True)
    [reject] = bad.tables["rejected"].to_pylist()
    assert {name: reject[name] for name in key} == key
    assert reject["error"].startswith("cannot work out its facts: ArrowInvalid")
    assert "\n" not in reject["error"] and reject["raw"].startswith("PokerStars")
    assert bad.rejected_chars == len(reject["raw"])
    expected = seats_by_hand(good)
    del expected[str(key["hand_id"])]
    assert seats_by_hand(bad) == expected
    # the hands that are left are numbered 0, 1, ... again in every table, as a chunk's are
    for name in ("hands", "hand_logs"):
        assert bad.tables[name].column(HAND_INDEX).to_pylist() == list(range(bad.hands))


def stored(tmp_path: Path, name: str, results: list[UnitResult]) -> tuple[duckdb.DuckDBPyConnection, list]:
    con = open_for_import(tmp_path / f"{name}.duckdb")
    outcomes = [Loader(con).write(results)]
    return con, outcomes


def stored_seats(con: duckdb.DuckDBPyConnection) -> list[tuple]:
    return con.execute("SELECT * EXCLUDE (site) FROM seats ORDER BY hand_id, seat").fetchall()


@pytest.mark.parametrize(("spoil", "error"), [
    (with_too_many_bets, "cannot be stored: ConversionException"),  # a fact out of its column's range
    (without_log_text, "cannot be stored: ConstraintException"),  # the insert fails
])
def test_a_hand_the_writer_fails_on_is_rejected_and_the_rest_of_the_pass_stored(
        tmp_path: Path, spoil, error: str) -> None:
    good, bad = chunk(), spoil(chunk(), BAD)
    key = hand_key(bad, BAD)
    expected, _ = stored(tmp_path, "good", [good])
    con, [outcome] = stored(tmp_path, "bad", [bad])
    assert (outcome.imported, outcome.already_present, outcome.rejected) == (good.hands - 1, 0, 1)
    summary = ImportSummary()
    summary.add_unit(bad)
    summary.add_batch(outcome)
    assert summary.found == summary.imported + summary.already_present + summary.skipped + summary.rejected
    [reject] = con.execute("SELECT file, line, hand_id, error FROM rejected").fetchall()
    assert reject[:3] == (key["file"], key["line"], key["hand_id"]) and reject[3].startswith(error)
    assert "\n" not in reject[3]
    assert stored_seats(con) == [seat for seat in stored_seats(expected) if seat[0] != key["hand_id"]]
    # the file is recorded with its rejected block, so a later import reads it again
    assert con.execute("SELECT blocks, rejected FROM imported_files").fetchall() == [(good.found, 1)]
