"""Whether a hand's money closes: what every player put in is what the log awards plus the rake.

This is the guard of a hand read with lines left out (grammar/openworld.py): a line that moved money
would leave a gap here, so a hand stands only where the log's own amounts agree with each other. It
judges the log against itself, not against the rules: who should have won is the audit's business.
"""

from __future__ import annotations

from studbook.events import Collect
from studbook.hand import Hand
from studbook.money import format_amount
from studbook.results import Replay

# The replay's findings that mean the log's amounts disagree with each other (a pot, a return, a stack).
MONEY_CODES = frozenset({
    "total-pot-mismatch", "rake-mismatch", "side-pot-mismatch", "collect-mismatch", "uncalled-amount",
    "uncalled-recipient", "uncalled-missing", "beyond-stack",
})
# Where the log states no rake, what the awards leave must look like a rake: at most this share of the
# pot in a real-money hand, nothing where the chips are a tournament's or play money.
MAX_UNSTATED_RAKE_PERCENT = 10


def money_gaps(replay: Replay, awards_required: bool = True) -> list[str]:
    """Why the hand's money does not close, one reason a line; none when it does.

    The chips put in must be the log's awards plus its rake. Where the log states no rake, the
    difference must be a plausible rake (a real-money hand, at most a tenth of the pot). A log must
    state its awards unless its format leaves them out (``awards_required``: studbook's own format may
    leave the award to the rules)."""
    hand = replay.hand
    gaps = [f"{violation.code}: {violation.message}" for violation in replay.violations
            if violation.code in MONEY_CODES]
    put_in = sum(seat.committed for seat in replay.seats)
    awarded = sum(seat.logged_collected for seat in replay.seats)

    def money(amount: int) -> str:
        return format_amount(amount, hand.currency)

    if put_in and not states_awards(hand):
        if not awards_required:
            return gaps
        gaps.append(f"the log awards none of the {money(put_in)} put in")
        return gaps
    left = put_in - awarded
    if replay.logged_rake is not None:
        if left != replay.logged_rake:
            gaps.append(f"the {money(put_in)} put in is not the awards ({money(awarded)}) plus the rake "
                        f"({money(replay.logged_rake)})")
    elif left < 0:
        gaps.append(f"the awards ({money(awarded)}) are more than the {money(put_in)} put in")
    elif left and hand.currency is None:
        gaps.append(f"the awards ({money(awarded)}) leave {money(left)} of the {money(put_in)} put in, "
                    "and chips pay no rake")
    elif left * 100 > put_in * MAX_UNSTATED_RAKE_PERCENT:
        gaps.append(f"the awards ({money(awarded)}) leave {money(left)} of the {money(put_in)} put in, "
                    "more than a rake")
    return gaps


def states_awards(hand: Hand) -> bool:
    """Whether the log itself says who won: an award line, or a summary amount or net (where it says
    nothing, the replay takes the rules' awards as the log's, which would close by construction)."""
    return (any(isinstance(event, Collect) for event in hand.events)
            or any(seat.amount is not None or seat.net is not None for seat in hand.summary.seats))
