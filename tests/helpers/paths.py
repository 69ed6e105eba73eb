"""Where the repository's files are, and the read-only corpus of real site logs."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
HISTORIES = ROOT / "histories"


def corpus_dir() -> Path | None:
    configured = os.environ.get("STUDBOOK_CORPUS")
    path = Path(configured) if configured else ROOT.parent / "shared" / "corpus"
    return path if path.is_dir() else None


CORPUS_ABSENT = "corpus absent: set STUDBOOK_CORPUS or place it at ../shared/corpus"


def corpus_cases(cases: list[str]) -> list:
    """Parametrize cases read from the corpus; when it is absent, one case skipped saying so (an empty
    list would be skipped as "got empty parameter set", which names no reason)."""
    if corpus_dir() is not None:
        return cases
    return [pytest.param(None, marks=pytest.mark.skip(reason=CORPUS_ABSENT), id="corpus-absent")]
