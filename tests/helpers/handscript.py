"""Build a Hand from a compact script, so replay tests read like the hand they describe.

One statement per line; the line number becomes the event's ``line``::

    stud 10/20 ante=1 bi=3 site=pokerstars     variant, small/big bet, options (structure, currency, id)
    seats A:100 B:100 C:100                    players in seat order 1, 2, 3 (or 5=A:100 for seat 5)
    antes                                      everyone posts the header's ante (or: A ante 1, A ante 1!)
    street 3                                   a street marker; "street 7 6h" deals a community card
    doors A:2c B:7h C:Kd                       one up card each (ups A:9c ... on later streets)
    deal A As Kd / 2c                          down cards / up cards; "prev=As,Kd,2c" adds shown_before
    A bi 3 | A complete 10 | A bet 10 | A raise 20 | A call 10 | A check | A fold   (trailing ! = all-in)
    return A 10 | show A As Kd ... | muck A [cards] | collect A 50 [pot=main] [half=hi] | note capped
    total 100 rake 2 [main 40 side 60]         the summary's pot line
    summary A won 50 | summary A mucked As Kd  summary seat lines
"""

from __future__ import annotations

from studbook.cards import parse_card
from studbook.cards import parse_cards
from studbook.events import Bet
from studbook.events import BringIn
from studbook.events import Call
from studbook.events import Check
from studbook.events import Collect
from studbook.events import Complete
from studbook.events import Deal
from studbook.events import Fold
from studbook.events import Muck
from studbook.events import Note
from studbook.events import PostAnte
from studbook.events import Raise
from studbook.events import Show
from studbook.events import Street
from studbook.events import StreetStart
from studbook.events import UncalledReturn
from studbook.hand import Hand
from studbook.hand import Seat
from studbook.hand import Source
from studbook.hand import Summary
from studbook.hand import SummarySeat


def build(script: str) -> Hand:
    """The Hand a script describes (see the module docstring)."""
    lines = script.strip("\n").splitlines()
    header = lines[0].split()
    variant, stakes = header[0], header[1]
    small, big = (int(x) for x in stakes.split("/"))
    options = dict(item.split("=", 1) for item in header[2:])
    seats: list[Seat] = []
    events: list = []
    street = Street.THIRD
    summary: dict = {"seats": []}
    for number, raw in enumerate(lines[1:], start=2):
        words = raw.split()
        if not words or words[0].startswith("#"):
            continue
        head, rest = words[0], words[1:]
        if head == "seats":
            for index, item in enumerate(rest, start=1):
                seat_no, _, item = item.rpartition("=")
                name, stack = item.split(":")
                seats.append(Seat(int(seat_no) if seat_no else index, name, int(stack)))
        elif head == "antes":
            ante = int(options["ante"])
            events += [PostAnte(number, s.player, min(ante, s.stack), s.stack <= ante) for s in seats]
        elif head == "street":
            street = Street(int(rest[0]))
            events.append(StreetStart(number, street, parse_cards(" ".join(rest[1:]))))
        elif head in ("doors", "ups"):
            for item in rest:
                name, card = item.split(":")
                events.append(Deal(number, street, name, up=(parse_card(card),)))
        elif head == "deal":
            events.append(_deal(number, street, rest))
        elif head == "return":
            events.append(UncalledReturn(number, rest[0], int(rest[1])))
        elif head == "show":
            events.append(Show(number, rest[0], parse_cards(" ".join(rest[1:]))))
        elif head == "muck":
            events.append(Muck(number, rest[0], parse_cards(" ".join(rest[1:]))))
        elif head == "collect":
            extra = dict(item.split("=") for item in rest[2:])
            events.append(Collect(number, rest[0], int(rest[1]), extra.get("pot", "pot"), extra.get("half")))
        elif head == "note":
            events.append(Note(number, rest[0], " ".join(rest)))
        elif head == "total":
            summary["total_pot"] = int(rest[0])
            pairs = dict(zip(rest[1::2], rest[2::2], strict=False))
            summary["rake"] = int(pairs["rake"]) if "rake" in pairs else None
            if "main" in rest:
                summary["main_pot"] = int(rest[rest.index("main") + 1])
                summary["side_pots"] = tuple(int(rest[i + 1]) for i, w in enumerate(rest) if w == "side")
        elif head == "summary":
            seat_no = next(s.seat for s in seats if s.player == rest[0])
            amount = int(rest[2]) if rest[1] in ("won", "collected") else None
            cards = parse_cards(" ".join(rest[2:])) if rest[1] in ("mucked", "showed") else ()
            summary["seats"].append(SummarySeat(number, seat_no, rest[0], rest[1], amount, cards))
        else:
            events.append(_action(number, head, rest))
    summary["seats"] = tuple(summary["seats"])
    return Hand(
        site=options.get("site", "test"),
        hand_id=options.get("id", "1"),
        variant=variant,
        structure=options.get("structure", "limit"),
        small_bet=small,
        big_bet=big,
        currency=options.get("currency"),
        start_time=None,
        table="t",
        seats=tuple(seats),
        events=tuple(events),
        source=Source("script", 1, len(lines)),
        summary=Summary(**summary),
        ante=int(options["ante"]) if "ante" in options else None,
        bring_in=int(options["bi"]) if "bi" in options else None,
        rules=tuple((item.partition("=")[0], item.partition("=")[2])
                    for item in options.get("rules", "").split(",") if item),
    )


def _deal(number: int, street: Street, words: list[str]) -> Deal:
    name, words = words[0], words[1:]
    prev = ()
    if words and words[-1].startswith("prev="):
        prev = parse_cards(words.pop()[5:])
    text = " ".join(words)
    down, _, up = text.rpartition("/") if "/" in text else ("", "", text)
    return Deal(number, street, name, parse_cards(down), parse_cards(up), prev)


def _action(number: int, name: str, words: list[str]):
    verb = words[0]
    all_in = words[-1].endswith("!")
    amount = int(words[1].rstrip("!")) if len(words) > 1 else 0
    makers = {
        "ante": lambda: PostAnte(number, name, amount, all_in),
        "bi": lambda: BringIn(number, name, amount, all_in),
        "complete": lambda: Complete(number, name, amount, all_in),
        "bet": lambda: Bet(number, name, amount, all_in),
        "raise": lambda: Raise(number, name, amount, None, all_in),
        "call": lambda: Call(number, name, amount, all_in),
        "check": lambda: Check(number, name),
        "fold": lambda: Fold(number, name),
    }
    if verb not in makers:
        raise ValueError(f"line {number}: unknown statement {name} {verb}")
    return makers[verb]()
