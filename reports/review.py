"""The replayer's review mode: one player's hand seen from that player's seat, to be played again.

The page shows only what the player saw at each moment: the other players' face-down cards stay face
down until they are shown (a home game's log may deal every card face up to the record; the review does
not show them). At each of the player's decisions ``replayer.js`` stops, asks the user to fold, check or
call, or bet or raise, then reveals what the player did and keeps a tally of the two.

Decision EV, when the hand was analysed, comes in as :class:`DecisionEV` by the action's ``seq`` (its
place among the hand's actions, antes included: the ``seq`` of the ``actions`` and ``decisions`` tables);
each decision step then carries a ``decision`` object for the page::

    {"equity": "34%" | null, "ev": "+$0.09", "evBigBets": 0.45, "error": "$0.01" | null,
     "best": "raise" | null, "bestMove": "fold" | "passive" | "aggressive" | null}

Without it the review still compares the user's choice with the player's. :func:`stored_decisions`
reads them from a database that ``studbook analyse`` filled.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING
from typing import Any

from studbook.decisions import best_choice
from studbook.decisions import owed
from studbook.hand import Hand
from studbook.money import format_amount
from studbook.reports.replay_steps import move_kind

if TYPE_CHECKING:
    import duckdb

    from studbook.results import Replay


@dataclass(frozen=True, slots=True)
class DecisionEV:
    """One analysed action of the reviewed player (a row of the ``decisions`` table)."""

    ev: float  # chips, in the hand's smallest unit: equity x pot after the action less the amount put in
    equity: float | None = None  # 0..1: the share of the pot the hand could expect at that moment
    std_error: float | None = None  # chips; None where the equity was enumerated exactly
    best_action: str | None = None  # fold | check | call | bet | raise ..., when the analysis names one


def analysed(con: duckdb.DuckDBPyConnection) -> bool:
    """Whether ``studbook analyse`` has analysed hands of the database: an import makes its tables empty,
    and a lake (or a database of an older studbook) has none."""
    tables = con.execute("SELECT count(*) FROM information_schema.tables WHERE table_name = 'analysed_hands'"
                         ).fetchall()[0][0]
    return bool(tables) and con.execute("SELECT count(*) FROM analysed_hands").fetchall()[0][0] > 0


def stored_decisions(con: duckdb.DuckDBPyConnection, replay: Replay, player: str) -> dict[int, DecisionEV]:
    """``player``'s analysed decisions in the replayed hand, by seq, each with the choice its equity
    favours (as ``studbook review`` names it, :func:`studbook.decisions.best_choice`); none where the
    database was not analysed."""
    if not analysed(con):
        return {}
    hand = replay.hand
    rows = con.execute("SELECT seq, ev, equity, std_error, opponents FROM decisions WHERE site = ? AND "
                       "hand_id = ? AND player = ?", [hand.site, hand.hand_id, player]).fetchall()
    to_call = owed(replay.actions)
    found = {}
    for seq, ev, equity, error, opponents in rows:
        record = replay.actions[seq]
        best = best_choice(equity, record.pot - record.amount, to_call[seq], opponents)
        found[seq] = DecisionEV(ev=ev, equity=equity, std_error=error or None, best_action=best)
    return found


def _signed(hand: Hand, chips: float) -> str:
    text = format_amount(round(abs(chips)), hand.currency, hand.decimals)
    return f"{'-' if chips < 0 else '+'}{text}"


def decision_note(hand: Hand, note: DecisionEV) -> dict[str, Any]:
    """A :class:`DecisionEV` as the page shows it: amounts in the hand's money and in big bets.

    >>> from studbook.reports.review import DecisionEV
    >>> hand = type("H", (), {"currency": "USD", "decimals": 2, "big_bet": 20})()
    >>> decision_note(hand, DecisionEV(ev=-9.4, equity=0.3412, best_action="fold"))
    {'equity': '34%', 'ev': '-$0.09', 'evBigBets': -0.47, 'error': None, 'best': 'fold', 'bestMove': 'fold'}
    """
    return {"equity": None if note.equity is None else f"{note.equity:.0%}", "ev": _signed(hand, note.ev),
            "evBigBets": round(note.ev / hand.big_bet, 2),
            "error": None if note.std_error is None else format_amount(round(note.std_error), hand.currency,
                                                                       hand.decimals),
            "best": note.best_action, "bestMove": move_kind(note.best_action) if note.best_action else None}


def review_data(data: dict[str, Any], hand: Hand, player: str,
                decisions: Mapping[int, DecisionEV] | None = None) -> dict[str, Any]:
    """The replayer's ``data`` made into a review of ``player``'s hand (a seated player: the caller
    checks); the steps are changed in place."""
    decisions = decisions or {}
    seats = [seat["player"] for seat in data["seats"]]
    asked = 0
    for step in data["steps"]:
        for name, state in zip(seats, step["seats"], strict=True):
            if name != player and state["shown"] in ("", "mucked"):  # face down to the player until shown
                state["down"] = [None] * len(state["down"])
        if step["kind"] == "action" and step["actor"] == player and step.get("choice"):
            asked += 1
            step["ask"] = True
            note = decisions.get(step["seq"])
            step["decision"] = None if note is None else decision_note(hand, note)
    data["review"] = {"player": player, "decisions": asked}
    return data
