"""A Hand as one line of JSON (``serialize.hand_to_dict``), which ``serialize.hand_from_dict`` reads back."""

from __future__ import annotations

import json

from studbook.hand import Hand
from studbook.serialize import hand_to_dict


def write_json(hand: Hand) -> str:
    """One JSON object on one line, ending in ``\\n``."""
    return json.dumps(hand_to_dict(hand), ensure_ascii=False) + "\n"
