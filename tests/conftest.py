"""Shared fixtures: where the read-only corpus of real site logs is."""

from __future__ import annotations

from pathlib import Path

import pytest
from helpers.paths import CORPUS_ABSENT
from helpers.paths import corpus_dir


@pytest.fixture(scope="session")
def corpus() -> Path:
    path = corpus_dir()
    if path is None:
        pytest.skip(CORPUS_ABSENT)
    return path
