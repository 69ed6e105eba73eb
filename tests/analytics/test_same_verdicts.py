"""``audit`` and ``import`` count the same hands with errors and with warnings only."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from helpers.hostile_log import LOG
from helpers.importing import import_into
from typer.testing import CliRunner

from studbook.cli import app


def audit_counts(path: Path) -> tuple[int, int]:
    result = CliRunner().invoke(app, ["audit", str(path)])
    found = re.search(r"hands audited: (\d+) with errors, (\d+) with warnings only", result.stdout)
    assert found, result.stdout[-300:]
    return int(found[1]), int(found[2])


def import_counts(path: Path, db: Path) -> tuple[int, int]:
    counts = import_into(db, path)
    return counts["hands with errors"], counts["hands with warnings only"]


@pytest.mark.parametrize("site", ["pokerstars", "acr", "winamax"])
def test_corpus_counts_agree(corpus: Path, site: str, tmp_path: Path) -> None:
    errors, warnings_only = audit_counts(corpus / site)
    assert warnings_only > 0  # these sites' logs have hands with warnings only: the counts mean something
    assert import_counts(corpus / site, tmp_path / "v.duckdb") == (errors, warnings_only)


def test_hand_with_an_error_counts_as_one_with_errors(tmp_path: Path) -> None:
    (tmp_path / "h.txt").write_text(LOG, encoding="utf-8")
    assert audit_counts(tmp_path / "h.txt") == (1, 0)
    assert import_counts(tmp_path / "h.txt", tmp_path / "v.duckdb") == (1, 0)
