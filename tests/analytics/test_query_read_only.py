"""``query`` changes nothing: not the database, and no other file is read or written unless asked."""

from __future__ import annotations

from pathlib import Path

import pytest
from helpers.hostile_log import LOG
from helpers.importing import import_into
from helpers.importing import runner

from studbook.cli import app


@pytest.fixture(scope="module")
def db(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("query")
    (folder / "hand.txt").write_text(LOG, encoding="utf-8")
    import_into(folder / "q.duckdb", folder / "hand.txt")
    return folder / "q.duckdb"


def query(db: Path, sql: str, *extra: str) -> tuple[int, str, str]:
    result = runner.invoke(app, ["query", sql, "--db", str(db), "--format", "csv", *extra])
    return result.exit_code, result.stdout, result.stderr


def test_no_file_is_written_or_read(db: Path, tmp_path: Path) -> None:
    secret = tmp_path / "secret.csv"
    secret.write_text("a\n1\n", encoding="utf-8")
    out = tmp_path / "out.csv"
    for sql in (f"COPY hands TO '{out}'", f"SELECT * FROM read_csv('{secret}')",
                f"ATTACH '{tmp_path / 'other.duckdb'}' AS other", "DELETE FROM hands"):
        code, _, error = query(db, sql)
        assert code == 2 and error.startswith("error: ") and len(error.splitlines()) == 1, sql
    assert not out.exists() and not (tmp_path / "other.duckdb").exists()
    assert query(db, "SELECT count(*) AS n FROM hands")[1] == "n\n1\n"


def test_allow_files_lets_the_sql_read_them(db: Path, tmp_path: Path) -> None:
    secret = tmp_path / "secret.csv"
    secret.write_text("a\n7\n", encoding="utf-8")
    assert query(db, f"SELECT a FROM read_csv('{secret}')", "--allow-files")[1] == "a\n7\n"
