"""The hands a review tells and the decisions it stops at (:mod:`studbook.review`), read from the
``decisions`` table that ``studbook analyse`` fills."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from studbook.analytics.decision_pass import load_hands
from studbook.analytics.decision_pass import pending_hands
from studbook.replay import replay
from studbook.review import ReviewHand
from studbook.review import StoredValue
from studbook.rules.house import rules_from_text


def review_hands(con: Any, db: Path, player: str, biggest: int | None = None, street: int | None = None,
                 worst: int | None = None) -> list[ReviewHand]:
    """The hands to review and the decisions to stop at, oldest first: ``player``'s (a name, SITE:NAME or
    an alias) valued decisions, on ``street`` only, in the ``biggest`` pots, the ``worst`` by EV; each
    hand parsed and replayed under its import's house rules."""
    rows = con.execute(
        "SELECT d.site, d.hand_id, d.player, d.seq, d.equity, d.ev, d.std_error, d.method, d.opponents, "
        "h.total_pot FROM decisions AS d JOIN hands AS h USING (site, hand_id) "
        "WHERE (d.player = $p OR d.site || ':' || d.player = $p OR EXISTS (SELECT 1 FROM aliases AS a "
        "WHERE a.alias = $p AND a.site = d.site AND a.player = d.player)) AND ($s IS NULL OR d.street = $s) "
        "ORDER BY h.start_utc NULLS LAST, d.site, d.hand_id, d.seq", {"p": player, "s": street}).fetchall()
    if biggest is not None:
        pots = {(site, hand_id): pot for site, hand_id, *_, pot in rows}
        kept = set(sorted(pots, key=lambda key: -pots[key])[:biggest])
        rows = [row for row in rows if (row[0], row[1]) in kept]
    if worst is not None:
        chosen = set(sorted(rows, key=lambda row: row[5])[:worst])
        rows = [row for row in rows if row in chosen]
    keys = list(dict.fromkeys((row[0], row[1]) for row in rows))
    stored = {(hand[0], hand[1]): hand for hand in pending_hands(con, keys)}
    parsed = load_hands(list(stored.values()), db)
    hands = []
    for key in keys:
        found = parsed.get(key)
        if found is None or isinstance(found, str):
            continue
        mine = [row for row in rows if (row[0], row[1]) == key]
        asked = {row[3]: StoredValue(*row[4:9]) for row in mine}
        hands.append(ReviewHand(replay(found, rules_from_text(stored[key][4])), mine[0][2], asked))
    return hands
