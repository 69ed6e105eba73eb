"""Merge Gaming Network's XML logs: each ``<game id=...>`` is a hand (docs/sites/merge.md).

A file is a run of ``<description type= stakes=/>`` and ``<game>`` elements with no root; the last
description before a game (the block's context) names the stakes (``Limit $0.50/$1``; a tournament writes
``Limit`` alone). A game says its game by numbers (``gametype``, ``multigametype`` in a HORSE game: only
seven-card games are stud), its start time in UTC (``starttime="20110204202244"``; from 2012 with its
zone) and table and tournament id in ``data="date|table|id|hand id|tournament?"`` (absent in some 2014
games); whether it is a tournament the description says (``HORSE Tournament``). Events that move no chip
are notes; an element the format is not known to write is an ``unknown-line`` note unless it carries an
amount, which is an error. Players are named by seat number (0-based;
studbook counts seats from 1, as fpdb does). A tournament writes each player's ``balance`` after his ante:
every all-in of the corpus's HORSE tournament ends at nothing behind only with the ante added back.
Each ``<round>`` writes its actions (``<event>``: calls, bets and all-ins by the chips they add, raises
and completions to the street total) before the cards: each player's cards so far, ``null`` (or nothing)
for a hidden one. ``<winner>`` elements are the awards, by pot and half; the one marked
``uncalled="true"`` is a bet given back, which studbook finds itself from the actions (a bet given back
that no such element names is in its bettor's award, and comes out of it).
"""

from __future__ import annotations

import re
from datetime import UTC
from datetime import datetime
from urllib.parse import unquote

from studbook.cards import Card
from studbook.events import Collect
from studbook.events import Muck
from studbook.events import Note
from studbook.events import Show
from studbook.events import Street
from studbook.grammar.dialect import register
from studbook.grammar.records import Block
from studbook.grammar.units import CURRENCIES
from studbook.grammar.units import betting_structure
from studbook.grammar.xmlsite import Element
from studbook.grammar.xmlsite import GameBuilder
from studbook.grammar.xmlsite import XmlDialect
from studbook.grammar.xmlsite import attribute
from studbook.grammar.xmlsite import fault
from studbook.grammar.xmlsite import integer
from studbook.hand import Hand
from studbook.hand import Source
from studbook.hand import Summary
from studbook.money import AmountError
from studbook.rules.variants import VARIANTS

# Merge's game numbers of the seven-card stud games, cash and (two more) tournament.
GAMES = {"39": "stud", "41": "stud", "43": "stud8", "45": "stud8", "47": "razz", "49": "razz"}
_STREETS = {"BRING_IN": Street.THIRD, "THIRD_STREET": Street.THIRD, "FOURTH_STREET": Street.FOURTH,
            "FIFTH_STREET": Street.FIFTH, "SIXTH_STREET": Street.SIXTH, "SEVENTH_STREET": Street.SEVENTH}
_STAKES = re.compile(r"(?P<structure>[A-Za-z ]*[A-Za-z])\s*\(?(?P<amounts>[^()]*?)\)?")
_HALVES = {"h": "hi", "l": "lo"}
# A tournament level in the stakes (``No Limit Level 4 Blinds 40/80``, 2015): not the game's bets.
_LEVEL = re.compile(r"\s+Level\b.*$")
# When a game started: ``20110204202244`` (UTC), or from mid-2012 ``2012/06/05 19:39:26 -0400``.
_TIMES = ("%Y%m%d%H%M%S", "%Y/%m/%d %H:%M:%S %z")
# Events that move no chip, kept as notes: their kind, and what the note says.
_NOTICES = {"SIT_OUT": ("sitting_out", "sits out"), "DISCONNECTED": ("connection", "disconnected"),
            "RECONNECTED": ("connection", "reconnected"), "LEAVE": ("leave", "leaves the table"),
            "PLAYER_OUT": ("tournament", "out of the tournament")}
_ACTIONS = ("FOLD", "CHECK", "RAISE", "COMPLETE", "ANTE", "BRING_IN", "CALL", "BET", "ALL_IN")
_ROUND_PARTS = ("cards", "event", "winner")
_GAME_PARTS = ("players", "round")


def _game_number(game: Element) -> str:
    return game.get("multigametype") or attribute(game, "gametype")


def _other_game(game: Element, context: Element) -> str | None:
    """The game of a hand that is not seven-card stud, as the file names it; None for stud."""
    description = context.find("description")
    name = description.get("type", "") if description is not None else ""
    if game.find("round/event[@type='GAME_CANCELLED']") is not None:  # dealt no card, moved no chip
        return f"{name} game {_game_number(game)}, cancelled".strip()
    if game.get("numholecards") == "7" and _game_number(game) in GAMES:
        return None
    return f"{name} game {_game_number(game)} ({game.get('numholecards')} hole cards)".strip()


class Merge(XmlDialect):
    name = "merge"
    tag_attribute = "id"

    def game_not_read(self, game: Element, context: Element) -> str | None:
        return _other_game(game, context)

    def read(self, block: Block, game: Element, context: Element) -> Hand:
        return _read(block, game, context)


def _read(block: Block, game: Element, context: Element) -> Hand:
    variant = VARIANTS[GAMES[_game_number(game)]]
    written = game.get("data")
    data = written.split("|") if written is not None else []
    if written is not None and len(data) < 5:
        raise fault(game, f"data={written!r} is not date|table|id|hand id|tournament")
    tournament = _tournament(context, data)
    players = game.findall("players/player")
    if not players:
        raise fault(game, "no <players>")
    signs = attribute(players[0], "balance")[:1] + (context.findtext("description") or "")
    stakes = context.find("description")
    signs += stakes.get("stakes", "") if stakes is not None else ""
    play = game.get("realmoney") == "false"
    currency = None if tournament or play else next(
        (CURRENCIES[sign] for sign in signs if sign in CURRENCIES), "USD")  # no sign (2014): dollars
    builder = GameBuilder(block, variant, currency)
    names: dict[str, str] = {}
    antes = {event.get("player"): builder.money(event, "amount")
             for event in game.iterfind("round/event[@type='ANTE']")}
    for element in players:
        number, player = attribute(element, "seat"), attribute(element, "nickname")
        names[number] = player
        builder.seat(element, integer(element, "seat") + 1, player,
                     builder.money(element, "balance") + (antes.get(number, 0) if tournament else 0))
    cards: dict[str, list[Card | None]] = {player: [] for player in builder.seats}
    last_cards: dict[str, Element] = {}
    showing: dict[str, Element] = {}
    mucking: dict[str, Element] = {}
    collects: list[Element] = []
    written_back: list[Element] = []  # <winner uncalled="true">: a bet given back, not an award
    for round_element in game.iterfind("round"):
        street = _STREETS.get(round_element.get("id", ""))
        if street is not None and street != builder.street:
            builder.start_street(round_element, street)
        for element in round_element.iterfind("cards"):
            kind = element.get("type")
            if kind not in ("DRAW_DRAWN_CARDS", "HOLE"):
                if kind in ("SHOWN", "MUCKED"):
                    _reveal(builder, element, names, cards, last_cards)
                else:
                    builder.unknown(element)
                continue
            player = _seated(builder, element, names)
            so_far = _cards(builder, element)
            if street is not None and len(so_far) > len(cards[player]):
                builder.deal(element, player, so_far[len(cards[player]):])
            _learn(cards[player], so_far)
            last_cards[player] = element
        for element in round_element.iterfind("event"):
            kind = attribute(element, "type")
            if kind == "SHOW":
                showing[_seated(builder, element, names)] = element
            elif kind == "MUCK":
                mucking[_seated(builder, element, names)] = element
            elif kind == "CHAT":  # named by nickname, not seat
                builder.events.append(Note(builder.at(element), "chat", element.get("text", ""),
                                           element.get("player")))
            elif kind in _NOTICES:
                note, text = _NOTICES[kind]
                who = _seated(builder, element, names) if element.get("player") is not None else None
                builder.events.append(Note(builder.at(element), note, text, who))
            elif kind in _ACTIONS or element.get("amount") is not None:  # may move money: read or fail
                _act(builder, element, kind, _seated(builder, element, names))
            else:
                builder.unknown(element)
        for element in round_element:
            if isinstance(element.tag, str) and element.tag not in _ROUND_PARTS:
                builder.unknown(element)
        for element in round_element.iterfind("winner"):
            (written_back if element.get("uncalled") == "true" else collects).append(element)
    builder.return_uncalled(builder.at(game))
    live = builder.live()
    for player, element in sorted((showing | mucking).items(), key=lambda item: builder.at(item[1])):
        dealt = cards[player]
        known = () if None in dealt else tuple(card for card in dealt if card is not None)
        if player not in live:
            continue
        if player in showing and known:
            builder.events.append(Show(builder.at(element), player, known))
        else:
            builder.events.append(Muck(builder.at(element), player, known))
    numbers = {integer(element, "potnumber") for element in collects}
    unwritten = dict(builder.returned)  # given back, but in the bettor's award unless a winner says so
    for element in written_back:
        player = _seated(builder, element, names)
        unwritten[player] = unwritten.get(player, 0) - builder.money(element, "amount")
    for element in collects:
        pot, player = integer(element, "potnumber"), _seated(builder, element, names)
        label = "pot" if len(numbers) == 1 else "main" if pot == 1 else f"side-{pot - 1}"
        amount = builder.money(element, "amount")
        back = min(amount, max(0, unwritten.get(player, 0)))
        unwritten[player] = unwritten.get(player, 0) - back
        if amount - back:
            builder.events.append(Collect(builder.at(element), player, amount - back, label,
                                          _HALVES.get(element.get("pottype", "n"))))
    for element in game:
        if isinstance(element.tag, str) and element.tag not in _GAME_PARTS:
            builder.unknown(element)
    small, big, structure = _stakes(builder, context, game)
    description = context.find("description")
    game_type = description.get("type") if description is not None else None
    buy_in = game.get("buyIn")  # 2015's tournaments: the prize pool's part, in dollars (no fee)
    return Hand(
        site="merge", hand_id=attribute(game, "id"), variant=variant.name, structure=structure,
        small_bet=small, big_bet=big, currency=currency, start_time=_start(game),
        table=unquote(data[1]) if data else attribute(game, "id").split("-")[0],
        seats=builder.seat_list(), events=tuple(builder.events),
        source=Source(block.file, block.first_line, block.last_line), summary=Summary(),
        max_seats=integer(game, "seats") if game.get("seats") else None,
        tournament_id=data[2] if tournament and data else None,
        buy_in=f"${buy_in}" if tournament and buy_in else None,
        game_label="HORSE" if game_type and game_type.split()[0] == "HORSE" else None,
    )


def _seated(builder: GameBuilder, element: Element, names: dict[str, str]) -> str:
    number = attribute(element, "player")
    if number not in names:
        raise fault(element, f"no player sits in seat {number}")
    return builder.player(element, names[number])


def _cards(builder: GameBuilder, element: Element) -> list[Card | None]:
    """``null,null,7s`` (``,,7s`` in 2013): a player's cards so far, None for a hidden one."""
    return [None if text in ("null", "") else builder.card(element, text)
            for text in attribute(element, "cards").split(",")]


def _learn(known: list[Card | None], seen: list[Card | None]) -> None:
    """A player's cards so far: what a later list adds, and reveals of cards hidden before (a shown hand)."""
    for index, card in enumerate(seen[:len(known)]):
        if card is not None:
            known[index] = card
    known += seen[len(known):]


def _reveal(builder: GameBuilder, element: Element, names: dict[str, str],
            cards: dict[str, list[Card | None]], last: dict[str, Element]) -> None:
    """``SHOWN``/``MUCKED``: the player's cards so far, all of them."""
    player = _seated(builder, element, names)
    _learn(cards[player], _cards(builder, element))
    last[player] = element


def _act(builder: GameBuilder, element: Element, kind: str, player: str) -> None:
    if kind == "FOLD":
        builder.fold(element, player)
    elif kind == "CHECK":
        builder.check(element, player)
    elif kind in ("RAISE", "COMPLETE"):
        builder.raise_to(element, player, builder.money(element, "amount"), complete=kind == "COMPLETE")
    elif kind in ("ANTE", "BRING_IN", "CALL", "BET", "ALL_IN"):
        handle = {"ANTE": builder.ante, "BRING_IN": builder.bring_in, "CALL": builder.call,
                  "BET": builder.bet, "ALL_IN": builder.all_in}[kind]
        handle(element, player, builder.money(element, "amount"))
    else:  # an amount no action of the format explains: money that must not go unread
        raise fault(element, f"event type {kind} is not a stud action studbook knows")


def _start(game: Element) -> datetime:
    text = attribute(game, "starttime")
    for form in _TIMES:
        try:
            moment = datetime.strptime(text, form)
        except ValueError:
            continue
        return moment.astimezone(UTC) if moment.tzinfo is not None else moment.replace(tzinfo=UTC)
    raise fault(game, f"unreadable starttime {text!r}")


def _tournament(context: Element, data: list[str]) -> bool:
    """A tournament's description says so (``HORSE Tournament``); the fifth field of ``data`` is true in
    a tournament but also at some cash tables of 2013, so it decides only with no description."""
    description = context.find("description")
    if description is not None and description.get("type"):
        return description.get("type", "").endswith("Tournament")
    return len(data) > 4 and data[4] == "true"


def _stakes(builder: GameBuilder, context: Element, game: Element) -> tuple[int, int, str]:
    """``Limit $0.50/$1`` (small and big bet), ``No Limit ($0.01/$0.02/$0.10)`` (ante, bring-in, bet);
    ``Limit`` alone in a tournament: read from the bets (:meth:`GameBuilder.inferred_stakes`)."""
    description = context.find("description")
    stakes = description.get("stakes", "") if description is not None else ""
    found = _STAKES.fullmatch(_LEVEL.sub("", stakes.strip()))
    structure = betting_structure(found["structure"]) if found else "limit"
    texts = found["amounts"].split("/") if found and found["amounts"] else []
    try:
        amounts = [builder.parse(text) for text in texts]
    except AmountError as error:
        raise fault(game, f"stakes {stakes!r} of the <description> before it: {error}") from None
    if len(amounts) == 2:
        return amounts[0], amounts[1], structure
    if len(amounts) == 3:
        return amounts[2], amounts[2], structure
    small, big = builder.inferred_stakes()
    return small, big, structure


register(Merge)
