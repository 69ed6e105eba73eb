"""Lines no rule of a site's grammar knows: which may be left out of a hand, and how they are kept.

A site writes more kinds of line than any log shows (seat status, timeouts, dealer and chat notices,
eliminations). Such a line moves no money, so a hand need not be lost for it: the reader leaves it out,
keeps it as an ``unknown-line`` note, and the hand stands only where its money still closes without it
(studbook/closing.py). A line that reads like a player's action, an award or a pot is never left out:
whatever else it says, it may move money, so it stays an error.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

# Verbs of the lines that move chips or decide who wins them, in the spellings the sites use.
_ACTION_VERBS = re.compile(
    r"\b(?:fold(?:s|ed)?|check(?:s|ed)?|call(?:s|ed)?|bet(?:s)?|raise(?:s|d)?|complete(?:s|d)?|"
    r"brings?\s+in|brought\s+in|bring[-_ ]?in|posts?|posted|antes?|all[- ]?in|allin|collect(?:s|ed)?|"
    r"wins?|won|return(?:s|ed)?|shows?|showed|muck(?:s|ed)?|pays?|paid|split|ties?|tied|straddles?|"
    r"relance|suit|passe|mise|paye|apuesta|iguala|sube|pasa|envite)\b",
    re.IGNORECASE)
# Words of the lines about the pot or the house's share: with an amount, money.
_POT_WORDS = re.compile(r"\b(?:pot|pots|rake|raked|fee|jackpot|uncalled|refund(?:ed)?|side|main|bote)\b",
                        re.IGNORECASE)
# A tournament's news names a player and a verb ("wins the tournament", "finished ... and received"),
# but no chip of the hand moves: the stacks of the next hand show it.
_TOURNAMENT_NEWS = re.compile(
    r"\b(?:tournament|tourney|bounty|place|finished|eliminat\w*|knocked out|busted|re-?buys?|add-?on)\b",
    re.IGNORECASE)
# A clock's notices name a player and a number of seconds, not of chips.
_NOTICES = re.compile(r"\b(?:seconds?|secs?|time ?bank|timed? out|minutes?)\b", re.IGNORECASE)
_AMOUNT = re.compile(r"\d")
_QUOTED = re.compile(r"\"[^\"]*\"|'[^']*'|«[^»]*»")


def may_move_money(line: str, players: Iterable[str]) -> bool:
    """Whether a line no grammar rule reads might still move money: it names a seated player and an
    action's verb, or starts with the name and gives an amount, or gives an amount of a pot or the rake.
    A tournament's news and a clock's notices name a player and a number, but move no chip of the hand.
    Quoted words (chat) do not count.

    >>> players = ["Ann", "Bob 2"]
    >>> may_move_money("Ann: All-In(Raise) 120 to 240", players)
    True
    >>> may_move_money("Bob 2 has timed out", players)
    False
    >>> may_move_money("Bob 2 jumps 40", players), may_move_money("Bob 2 has 15 seconds left to act", players)
    (True, False)
    >>> may_move_money("Bob 2 will be allowed to play after the button", players)
    False
    >>> may_move_money('Ann said, "I call everything"', players)
    False
    >>> may_move_money("Jackpot fee $0.50 taken", players)
    True
    >>> may_move_money("Ann wins the tournament and receives $120", players)
    False
    """
    text = _QUOTED.sub(" ", line)
    if _POT_WORDS.search(text) and _AMOUNT.search(text):
        return True
    if _TOURNAMENT_NEWS.search(text) or _NOTICES.search(text):
        return False
    if any(text.startswith((player + ":", player + " ")) and _AMOUNT.search(text, len(player))
           for player in players):
        return True  # "NAME: <verb> AMOUNT", "NAME <verb> AMOUNT": the shape of the sites' actions
    return bool(_ACTION_VERBS.search(text)) and any(_names(text, player) for player in players)


def _names(text: str, player: str) -> bool:
    """Whether ``player`` appears in ``text`` as a whole name (not inside a longer word)."""
    start = text.find(player)
    while start >= 0:
        end = start + len(player)
        if (start == 0 or not text[start - 1].isalnum()) and (end == len(text) or not text[end].isalnum()):
            return True
        start = text.find(player, start + 1)
    return False
