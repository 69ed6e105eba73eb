"""Shared fixtures: where the read-only corpus of real site logs is."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


def corpus_dir() -> Path | None:
    configured = os.environ.get("STUDBOOK_CORPUS")
    path = Path(configured) if configured else ROOT.parent / "shared" / "corpus"
    return path if path.is_dir() else None


@pytest.fixture(scope="session")
def corpus() -> Path:
    path = corpus_dir()
    if path is None:
        pytest.skip("corpus absent: set STUDBOOK_CORPUS or place it at ../shared/corpus")
    return path
