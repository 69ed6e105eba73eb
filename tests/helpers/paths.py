"""Where the repository's files are, and the read-only corpus of real site logs."""

from __future__ import annotations

import os
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
HISTORIES = ROOT / "histories"


def corpus_dir() -> Path | None:
    configured = os.environ.get("STUDBOOK_CORPUS")
    path = Path(configured) if configured else ROOT.parent / "shared" / "corpus"
    return path if path.is_dir() else None
