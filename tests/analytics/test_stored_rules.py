"""The house rules of an import are stored with its hands (``hands.rules``), so replays from the
database (``studbook replay DB``, the report's embedded replays) give the verdict the database holds,
not the one of the site's defaults; ``--rule`` given to the replay still wins."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import duckdb
import pytest
from helpers.paths import HISTORIES
from typer.testing import CliRunner

from studbook.analytics.db import SCHEMA_VERSION
from studbook.analytics.db import sql_file
from studbook.cli import app
from studbook.rules.house import Rules
from studbook.rules.house import rules_from_text
from studbook.rules.house import rules_text

runner = CliRunner()
STUD8 = HISTORIES / "stud8-2024-11-21.txt"
# Given out of order: the stored text is sorted. Under the card's own rules (3 raises, suit breaks a
# board tie) hand 1121-11 is clean; under these it breaks the cap twice.
RULE_ARGS = ("max_raises=2", "board_tie_break=position")
HAND = "1121-11"
Violation = tuple[str, str, int, str | None, str]


@pytest.fixture(scope="module")
def ruled_db(tmp_path_factory: pytest.TempPathFactory) -> Path:
    db = tmp_path_factory.mktemp("stored-rules") / "ruled.duckdb"
    options = [item for rule in RULE_ARGS for item in ("--rule", rule)]
    result = runner.invoke(app, ["import", str(STUD8), *options, "--db", str(db)])
    assert result.exit_code == 0, result.output
    return db


def _stored_violations(db: Path, hand_id: str) -> list[Violation]:
    with duckdb.connect(str(db), read_only=True) as con:
        return con.execute("SELECT code, severity, line, rule, message FROM violations "
                           "WHERE hand_id = ? ORDER BY seq", [hand_id]).fetchall()


def _page_violations(page: str, element_id: str) -> list[dict[str, Any]]:
    found = re.findall(rf'<script type="application/json" id="{element_id}">(.*?)</script>', page, re.S)
    return json.loads(found[0].replace("<\\/", "</"))


def _as_tuples(violations: list[dict[str, Any]]) -> list[Violation]:
    return [(v["code"], v["severity"], v["line"], v["rule"], v["message"]) for v in violations]


def _replay_cli(db: Path, out: Path, *options: str) -> tuple[str, list[Violation]]:
    result = runner.invoke(app, ["replay", str(db), "--hand", HAND, "-o", str(out), *options])
    assert result.exit_code == 0, result.output
    data = _page_violations(out.read_text(encoding="utf-8"), "replay-data")
    return result.output, _as_tuples(data["ruling"]["violations"])


def test_stored_rules_text_is_canonical_and_parses_back(ruled_db: Path) -> None:
    with duckdb.connect(str(ruled_db), read_only=True) as con:
        texts = con.execute("SELECT DISTINCT rules FROM hands").fetchall()
    assert texts == [("board_tie_break=position max_raises=2",)]
    assert rules_from_text(texts[0][0]) == Rules.parse(RULE_ARGS)


@pytest.mark.parametrize("args", [
    ("max_raises=3",),  # the default value, still set on purpose: it overrides a site's
    ("preset=stud8-card", "max_raises=4", "max_raises=5"),  # later wins; the preset's options listed
    ("deck_ranks=8-A", "ante=none", "bringin_fold_allowed=yes", "headsup_uncapped=never"),
    ("first_round_opener=lowcard_bringin",),  # an alias, stored as the name it stands for
])
def test_rules_text_round_trips(args: tuple[str, ...]) -> None:
    rules = Rules.parse(args)
    text = rules_text(rules)
    assert text is not None and rules_from_text(text) == rules
    assert rules_text(rules_from_text(text)) == text


def test_no_rule_stores_null(tmp_path: Path) -> None:
    assert rules_text(None) is None and rules_from_text(None) is None
    db = tmp_path / "plain.duckdb"
    assert runner.invoke(app, ["import", str(STUD8), "--db", str(db)]).exit_code == 0
    with duckdb.connect(str(db), read_only=True) as con:
        assert con.execute("SELECT count(*), count(rules) FROM hands").fetchall() == [(36, 0)]
    assert _stored_violations(db, HAND) == []


def test_replay_from_the_database_uses_the_stored_rules(ruled_db: Path, tmp_path: Path) -> None:
    stored = _stored_violations(ruled_db, HAND)
    assert [v[0] for v in stored] == ["raise-cap", "raise-cap"]
    output, replayed = _replay_cli(ruled_db, tmp_path / "stored.html")
    assert replayed == stored
    assert "house rules (stored with the hand): board_tie_break=position max_raises=2" in output
    # Under the log's own and the site's rules the verdict differs: the stored rules are what it used.
    _, plain = _replay_cli(STUD8, tmp_path / "log.html")
    assert plain == [] != stored


def test_rule_given_to_the_replay_wins_over_the_stored(ruled_db: Path, tmp_path: Path) -> None:
    output, replayed = _replay_cli(ruled_db, tmp_path / "given.html", "--rule", "max_raises=3")
    assert replayed == []
    assert "house rules (--rule): max_raises=3" in output


def test_report_replays_use_the_stored_rules(ruled_db: Path, tmp_path: Path) -> None:
    with duckdb.connect(str(ruled_db), read_only=True) as con:
        player = con.execute("SELECT min(player) FROM seats WHERE hand_id = ? AND dealt",
                             [HAND]).fetchall()[0][0]
    out = tmp_path / "report.html"
    result = runner.invoke(app, ["report", "--player", player, "--db", str(ruled_db), "-o", str(out)])
    assert result.exit_code == 0, result.output
    page = out.read_text(encoding="utf-8")
    replays = {data["title"]: data for data in _page_violations(page, "replays-data").values()}
    replay = replays[f"studbook hand {HAND}"]
    assert _as_tuples(replay["ruling"]["violations"]) == _stored_violations(ruled_db, HAND)
    assert "under the rules its import used" in page


def _version_1_database(path: Path) -> None:
    """A database as studbook made it before ``hands.rules``: schema version 1, no such column."""
    schema = "\n".join(line for line in sql_file("schema.sql").splitlines()
                       if not line.lstrip().startswith(("rules ", "--")))
    with duckdb.connect(str(path)) as con:
        con.execute(schema)
        con.execute("INSERT INTO schema_version VALUES (1)")
        assert "rules" not in [row[0] for row in con.execute("DESCRIBE hands").fetchall()]


def test_a_version_1_database_is_a_clear_error(tmp_path: Path) -> None:
    db = tmp_path / "old.duckdb"
    _version_1_database(db)
    expected = f"has schema version 1; this studbook needs {SCHEMA_VERSION}: import into a new database"
    # import last: a refused read-only open must not leave the file held, or the write open would fail
    for command in (["replay", str(db), "--hand", HAND], ["query", "SELECT 1", "--db", str(db)],
                    ["import", str(STUD8), "--db", str(db)]):
        result = runner.invoke(app, command)
        assert result.exit_code == 2, (command, result.output)
        assert expected in " ".join(result.stderr.split()), command
