"""iPoker's XML session files: each ``<game gamecode=...>`` is a hand (docs/sites/ipoker.md).

The session's ``<general>`` (the block's context) names the game, the betting structure and the stakes
(``7 Card Stud Hi-Lo L €0.05/€0.10``; a tournament writes no stakes), the table, the currency and the
hero; a game's own ``<general>`` has its start time and the players with their stacks, what each bet in
all (``bet=``) and won (``win=``). Each ``<round no=N>`` deals cards (``<cards>``, suit first: ``DA``,
``C10``, ``X`` for a hidden card) and holds actions whose ``no=`` is the order of play, not the order
written. Amounts are what an action adds, but a raise (type 23) is to a street total. The log writes no
uncalled bet (a won bet nobody called is in its bettor's ``win=``) and no rake (the pot less the wins);
players still in at the end show the cards the file reveals.
"""

from __future__ import annotations

import re
from datetime import UTC
from datetime import datetime

from studbook.cards import Card
from studbook.events import ACTION_TYPES
from studbook.events import Bet
from studbook.events import Collect
from studbook.events import Complete
from studbook.events import Muck
from studbook.events import Note
from studbook.events import Raise
from studbook.events import Show
from studbook.events import StreetStart
from studbook.grammar.dialect import register
from studbook.grammar.records import Block
from studbook.grammar.units import betting_structure
from studbook.grammar.xmlsite import Element
from studbook.grammar.xmlsite import GameBuilder
from studbook.grammar.xmlsite import XmlDialect
from studbook.grammar.xmlsite import attribute
from studbook.grammar.xmlsite import fault
from studbook.grammar.xmlsite import integer
from studbook.hand import Hand
from studbook.hand import Source
from studbook.rules.variants import VARIANTS

GAMES = {"7 Card Stud": "stud", "7 Card Stud Hi-Lo": "stud8", "5 Card Stud": "stud5"}
_STRUCTURES = {"L": "limit", "NL": "no-limit", "SL": "no-limit", "LZ": "no-limit", "PL": "pot-limit",
               "LP": "pot-limit"}
_GAMETYPE = re.compile(r"(?P<game>.+?) (?P<limit>NL|SL|LZ|PL|LP|L|No limit|Pot limit|Limit)"
                       r"(?: (?P<small>[^/\s]+)/(?P<big>\S+))?(?: Ante (?P<ante>\S+))?")
_RANKS = {"10": "T"}


def _card(builder: GameBuilder, element: Element, text: str) -> Card | None:
    """``DA`` → Ad, ``C10`` → Tc; ``X`` (a hidden card) → None."""
    if text.upper() == "X":
        return None
    return builder.card(element, _RANKS.get(text[1:], text[1:]) + text[:1].lower())


class _Session:
    """What the session's ``<general>`` says of every game in it."""

    def __init__(self, context: Element, game: Element) -> None:
        general = context.find("general")
        if general is None:
            raise fault(game, "the session's <general> (game type, table, currency) is not in the file")
        self.general = general
        found = _GAMETYPE.fullmatch(self.text("gametype"))
        if found is None:
            raise fault(game, f"unreadable <gametype> {self.text('gametype')!r}")
        self.gametype = found
        self.tournament = general.find("tournamentname") is not None or not found["small"]

    def text(self, tag: str) -> str:
        return (self.general.findtext(tag) or "").strip()


class IPoker(XmlDialect):
    name = "ipoker"
    tag_attribute = "gamecode"

    def game_not_read(self, game: Element, context: Element) -> str | None:
        name = _Session(context, game).gametype["game"]
        return None if name in GAMES else name

    def read(self, block: Block, game: Element, context: Element) -> Hand:
        return _read(block, game, _Session(context, game))


def _read(block: Block, game: Element, session: _Session) -> Hand:
    found = session.gametype
    variant = VARIANTS[GAMES[found["game"]]]
    currency = None if session.tournament else (session.text("tablecurrency") or session.text("currency"))
    builder = GameBuilder(block, variant, currency)
    general = game.find("general")
    if general is None:
        raise fault(game, "no <general> with the start time and the players")
    wins = {}
    for element in general.iterfind("players/player"):
        player = attribute(element, "name")
        if not player:
            continue  # an empty seat
        builder.seat(element, integer(element, "seat"), player, builder.money(element, "chips"))
        wins[player] = (element, builder.money(element, "win"))
    cards: dict[str, list[Card | None]] = {player: [] for player in builder.seats}
    shown_at: dict[str, Element] = {}
    for round_element in game.iterfind("round"):
        number = integer(round_element, "no")
        if number >= 2:
            builder.start_street(round_element, variant.first_street + number - 2)
        for element in round_element.iterfind("cards"):
            player = builder.player(element, attribute(element, "player"))
            new = [_card(builder, element, text) for text in (element.text or "").split()]
            builder.deal(element, player, new)
            cards[player] += new
            shown_at[player] = element
        actions = sorted(round_element.iterfind("action"), key=lambda action: integer(action, "no"))
        for element in actions:
            _act(builder, element)
    live = builder.live()
    if len(live) > 1:
        for player in _show_order(builder, live):
            known = cards[player]
            line = builder.at(shown_at.get(player, game))
            if None in known or not known:
                builder.events.append(Muck(line, player))
            else:
                builder.events.append(Show(line, player, tuple(card for card in known if card is not None)))
    builder.return_uncalled(builder.at(game))
    for player, (element, won) in wins.items():
        if won - builder.returned.get(player, 0) > 0:
            builder.events.append(Collect(builder.at(element), player, won - builder.returned.get(player, 0)))
    small, big = _stakes(builder, session)
    if session.tournament and session.text("tournamentname"):
        builder.events.insert(0, Note(block.first_line, "tournament", session.text("tournamentname")))
    if session.tournament:
        builder.events += _hero_place(block, session, builder)
    table = session.text("tablename")
    return Hand(
        site="ipoker", hand_id=attribute(game, "gamecode"), variant=variant.name,
        structure=_STRUCTURES.get(found["limit"]) or betting_structure(found["limit"]),
        small_bet=small, big_bet=big, currency=currency, start_time=_start(general), table=table,
        seats=builder.seat_list(), events=tuple(builder.events),
        source=Source(block.file, block.first_line, block.last_line),
        tournament_id=table.rsplit(",", 1)[-1].strip() if session.tournament else None,
        ante=builder.written(session.general, found["ante"], "<gametype> ante ") if found["ante"] else None,
        buy_in=session.text("buyin") or None if session.tournament else None,
    )


def _show_order(builder: GameBuilder, live: list[str]) -> list[str]:
    """iPoker writes who showed, not in which order: the order rule C27 asks for, the last bettor of the
    last round first (else its first actor), then round the table."""
    last_round = builder.events[max((index for index, event in enumerate(builder.events)
                                     if isinstance(event, StreetStart)), default=0):]
    actors = [event.player for event in last_round
              if isinstance(event, ACTION_TYPES) and event.player in live]
    betting = [event.player for event in last_round if isinstance(event, Bet | Raise | Complete)
               and event.player in live]
    first = betting[-1] if betting else actors[0] if actors else live[0]
    at = live.index(first)
    return live[at:] + live[:at]


def _act(builder: GameBuilder, element: Element) -> None:
    """One ``<action>``: its type says what it is (fpdb's reading of iPoker's numbers)."""
    player = builder.player(element, attribute(element, "player"))
    kind = attribute(element, "type")
    if kind == "0":
        builder.fold(element, player)
    elif kind == "4":
        builder.check(element, player)
    elif kind in ("3", "5", "7", "15", "16"):
        added = builder.money(element, "sum")
        handle = {"3": builder.call, "5": builder.bet, "7": builder.all_in, "15": builder.ante,
                  "16": builder.bring_in}[kind]
        handle(element, player, added)
    elif kind == "23":
        builder.raise_to(element, player, builder.money(element, "sum"))
    else:
        raise fault(element, f"action type {kind} is not a stud action studbook knows")


# The orders a skin's client writes its start date in (a day before the month where it is not the year)
def _hero_place(block: Block, session: _Session, builder: GameBuilder) -> list[Note]:
    """The hero's finishing place and prize, which the session's ``<general>`` states (``<place>5</place>``,
    ``<win>$16.40</win>``), as the finishing line a text log writes: every game of the session says it."""
    place, hero, won = session.text("place"), session.text("nickname"), session.text("win")
    if not place.isdigit() or hero not in builder.seats:
        return []
    prize = f" and received {won}" if won else ""
    text = f"{hero} finished the tournament in {place} place{prize}"
    return [Note(block.first_line, "tournament", text, hero)]


_START_FORMATS = ("%Y-%m-%d %H:%M:%S", "%d-%b-%Y %H:%M:%S", "%Y/%m/%d %H:%M:%S", "%d.%m.%Y %H:%M:%S")


def _start(general: Element) -> datetime:
    """``2011-11-02 18:10:00``, or as a skin's client writes it (``22-Jan-2011 20:11:15``,
    ``2017/01/23 22:27:48``, ``18.05.2021 18:26:13``): no zone is written; read as UTC, as fpdb stores it."""
    text = (general.findtext("startdate") or "").strip()
    for written in _START_FORMATS:
        try:
            return datetime.strptime(text, written).replace(tzinfo=UTC)
        except ValueError:
            continue
    raise fault(general, f"unreadable <startdate> {text!r}")


def _stakes(builder: GameBuilder, session: _Session) -> tuple[int, int]:
    """The small and big bet the game type states; a tournament states none, so they are read from the
    first bet or completion of the game (the big bet is twice the small), else the bring-in's."""
    found = session.gametype
    if found["small"]:
        return (builder.written(session.general, found["small"], "<gametype> small bet "),
                builder.written(session.general, found["big"], "<gametype> big bet "))
    return builder.inferred_stakes()


register(IPoker)
