"""Replay a parsed hand through the rules engine, as a floor manager would, and list what is wrong.

:func:`replay` feeds a :class:`~studbook.hand.Hand`'s events to the betting machine
(:mod:`studbook.rules.machine`) and checks, in order: antes, the bring-in, every action's actor,
legality and amount, the cards, uncalled bets and who shows first; then :mod:`studbook.awards`
checks the pots and side pots, the showdown, hi/lo halves and odd chips, the rake and the log's own
award lines. Every discrepancy is a :class:`~studbook.results.Violation`; the replay then carries
on with the logged action as the new state, so one bad action does not hide the rest.

Violation codes (stable; severity; usual rule id of the rulebook, docs/rules.md). A game with its own
words for a rule cites them (:meth:`~studbook.rules.variants.Variant.cite`: descubierto's deal is Z3,
not S1), so the ids below are the seven-card games':

==========================  ========  ==========================================================
code                        severity  meaning
==========================  ========  ==========================================================
unknown-variant             error     the hand's game has no variant definition (L1)
bad-rule                    warning   an option stated by the log is unknown or has a bad value (L2)
unknown-player              error     an event names a player not dealt in (L3)
too-many-players            error     more players dealt in than ``max_players`` (S1, F1, Z3)
too-few-players             error     fewer than two players dealt in (S1, F1, Z3)
short-stack-dealt-in        error     cash player without ante + bring-in dealt in (C6)
ante-amount / ante-missing  error     wrong ante, or a dealt-in player without one (C4, C5)
street-order                error     a street out of order, or one the variant does not have (S1)
hand-over                   error     play continues after the hand was decided (C15)
streets-missing             error     the log stops before the last street with 2+ players left (S1)
card-count                  error     wrong number of cards dealt or shown (S1, C1, C28)
card-not-in-deck            error     a card outside the (stripped) deck (Z1)
duplicate-card              error     a card appears twice in the hand (C1)
upcard-mismatch             error     cards repeated later disagree with those dealt (C1)
community-card-missing      error     8 players on 7th street and no community card (S10)
community-card-unneeded     warning   a community card although the stub sufficed (S10)
door-card-unknown           info      a door card is missing: the log's first actor brings in (C7)
up-card-unknown             info      a log that does not write every up card lacks one (S1)
opener-unknown              info      a live board is missing: the log's first actor opens (S5, R3, C32)
wrong-actor                 error     someone acts out of turn (C3, C8, F2, Z6, S5, R3, C32)
action-after-round          error     an action after the round was over (C15), or all betting (C26)
action-missing              error     a round ends while someone still had to act (C15)
acted-after-fold            error     a folded player acts (C21)
acted-when-all-in           error     an all-in player acts (C21)
bring-in-required           error     the bring-in player checks or folds (C8)
unexpected-bring-in         error     a bring-in where none is owed (C7)
wrong-bring-in              error     the wrong player brings in (S4, H2, R2)
bring-in-amount             error     the bring-in is not the stated amount (C8)
bet-required                error     the forced high card checks (F2)
check-facing-bet            error     a check facing a bet (C14)
fold-when-check             warning   a fold when checking was free (S3)
call-amount                 error     a call of the wrong amount (C14)
bet-amount                  error     a bet of the wrong size (C16, N2, N4, Z10)
raise-amount                error     a raise of the wrong size (C16, N2, N4, Z10)
raise-increment             error     a raise's stated increment disagrees with its total (L9)
complete-amount             error     a completion not to the small bet (C9)
raise-cap                   error     a raise past the cap (C17, C18)
headsup-uncapped            info      a raise past the cap that heads-up play allows (C18)
not-reopened                error     a raise after a short all-in that did not reopen (C19, N3)
beyond-stack                error     more chips than the player had (C20, Z11)
all-in-mismatch             warning   the log's all-in flag disagrees with the stack (C21)
cap-mismatch                warning   the log says "capped" where the rules do not (C17)
open-pair-mismatch          warning   the log announces an open pair the rules do not see (S7)
hand-should-have-ended      error     play continues after a checked-through round (Z13)
uncalled-amount             error     an uncalled bet returned in the wrong amount (C23)
uncalled-recipient          error     an uncalled bet returned to the wrong player (C23)
uncalled-missing            error     an uncalled bet never returned (C23)
show-order                  warning   the wrong player shows first (C27)
site-convention             info      the log follows its site's convention, not the rules (PS1, ACR1, KC1)
total-pot-mismatch          error     the summary's total pot differs from the chips put in (C22)
rake-mismatch               error     total pot - awards differs from the summary's rake (L4)
side-pot-mismatch           error     the log's main/side pot amounts differ from the layers (C22)
award-mismatch              error     a player's award differs from what the rules give (S12, H8, R5, R27-2,
                                      F6, Z15); an odd chip given to the wrong player, one
                                      error naming both (H9 between halves, C30 among ties)
hand-description            warning   a shown hand's description the cards contradict (C28)
collect-mismatch            error     the collect lines disagree with the summary seat lines or nets (L5)
collect-missing             warning   the summary's nets show a win no award line writes (L5)
award-unverified            info      a contested pot nobody showed for: the log's award stands (S12, H8,
                                      R5, R27-2, F6, Z15: the game's showdown rule)
unknown-line                warning   a line the site's format does not know, left out: the money closes (L6)
unknown-card                warning   a deal or show with a word that is no card, left out: cards unknown (L6)
stack-continuity            warning   a stack differs from the player's previous hand at the table (L7;
                                      across hands: studbook/stacks.py, and the stack_breaks view)
stakes-inferred             info      the header states no stakes, or 0/0: they are read from the bets (L8)
==========================  ========  ==========================================================
"""

from __future__ import annotations

from collections import defaultdict
from typing import Final

from studbook.allin import all_in
from studbook.awards import Awards
from studbook.cards import Card
from studbook.events import UNKNOWN_CARD
from studbook.events import UNKNOWN_LINE
from studbook.events import UNKNOWN_LINE_LEFT_OUT
from studbook.events import UNKNOWN_SHOW
from studbook.events import Action
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
from studbook.money import format_amount
from studbook.results import ActionRecord
from studbook.results import Replay
from studbook.results import Violation
from studbook.rules.house import OPTION_RULES
from studbook.rules.house import RuleError
from studbook.rules.house import Rules
from studbook.rules.house import deck
from studbook.rules.house import rules_for
from studbook.rules.machine import AGGRESSIVE
from studbook.rules.machine import Issue
from studbook.rules.machine import Table
from studbook.rules.pots import build_pots
from studbook.rules.variants import VARIANTS
from studbook.rules.variants import StreetSpec
from studbook.rules.variants import Variant
from studbook.sites import SITE_CONVENTIONS
from studbook.sites import SITES_HIDING_BOARDS

# Each action type's kind; where its chips are: the amount put in, or the street total it raises "to".
_KINDS: Final[dict[type, str]] = {BringIn: "bring-in", Check: "check", Fold: "fold", Call: "call", Bet: "bet",
                           Raise: "raise", Complete: "complete"}
_ACTIONS: Final = (Check, Call, Fold, Bet, Raise, BringIn, Complete)
_PUTS_IN: Final = (BringIn, Call, Bet)
_RAISES_TO: Final = (Raise, Complete)


_STREETS: Final[dict[str, tuple[dict[int, StreetSpec], dict[int, Street]]]] = {}


def _streets(variant: Variant) -> tuple[dict[int, StreetSpec], dict[int, Street]]:
    """A variant's street specs by street, and the street due after each (after 0: the first)."""
    found = _STREETS.get(variant.name)
    if found is None:
        streets = [spec.street for spec in variant.streets]
        successor: dict[int, Street] = {0: streets[0], **dict(zip(streets[:-1], streets[1:], strict=True))}
        found = _STREETS[variant.name] = {spec.street: spec for spec in variant.streets}, successor
    return found


def replay(hand: Hand, rules: Rules | None = None) -> Replay:
    """Replay ``hand`` under its variant, site and log options, overridden by ``rules``; the result
    carries the hand's all-in EV (:func:`studbook.allin.all_in`) for the rows and the audit to read."""
    variant = VARIANTS.get(hand.variant)
    if variant is None:
        result = Replay(hand)
        result.violations.append(
            Violation(
                "unknown-variant", "error", hand.source.first_line, f"no rules for variant {hand.variant!r}",
                "L1",
            )
        )
        return result
    result = _Replayer(hand, rules).run()
    result.all_in = all_in(result)  # from the awarded pots, so once the replay is over
    return result


class _Replayer:
    """One hand's replay: the betting table plus the cards, shows and awards around it."""

    def __init__(self, hand: Hand, user: Rules | None) -> None:
        self.hand = hand
        self.variant = VARIANTS[hand.variant]
        self.out = Replay(hand)
        try:
            self.rules = rules_for(self.variant, hand.site, hand.rules, user)
        except RuleError as error:
            self.flag("bad-rule", hand.source.first_line, str(error), "L2", "warning")
            self.rules = rules_for(self.variant, hand.site, (), user)
        self.out.rules = self.rules
        if hand.inferred:
            small, big = (format_amount(amount, hand.currency) for amount in (hand.small_bet, hand.big_bet))
            named = ", ".join(name.replace("_", " ") for name in hand.inferred)
            self.flag("stakes-inferred", hand.source.first_line,
                      f"stakes not in the header ({named}): judged at {small}/{big}, read from the bets",
                      "L8", "info")
        self.first_street = first = self.variant.first_street
        self.last_street = self.variant.last_street
        # Every hand is scanned for its antes and deals: a comprehension testing ``type(...) is`` took 3.8 µs
        # a stud hand, pure, where filtering with itertools.compress took 10.9 (and 3.2 compiled).
        antes = [event for event in hand.events if type(event) is PostAnte]
        self.anted = {e.player for e in antes}
        self.ante_amounts = [e.amount for e in antes if not e.all_in]
        deals = [event for event in hand.events if type(event) is Deal]
        dealt_in = self.anted | {e.player for e in deals if e.street == first}
        # a site that does not write every board, or an export that writes no card dealt at all
        self.boards_hidden = hand.site in SITES_HIDING_BOARDS or not deals
        seats = [(s.player, s.seat, s.stack) for s in hand.seats if s.player in dealt_in]
        self.table = Table(
            self.variant,
            self.rules,
            seats,
            structure=hand.structure,
            small_bet=hand.small_bet,
            big_bet=hand.big_bet,
            bring_in=hand.bring_in,
            currency=hand.currency,
        )
        self.deck = deck(self.rules)
        self.evaluators = self.variant.evaluators(self.rules)
        self.specs, self.successor = _streets(self.variant)
        self.spec: StreetSpec | None = None  # the current street's
        self.ante = self.expected_ante()
        self.owner: dict[Card, str] = {}  # who holds each card seen ("" = the community)
        self.known: defaultdict[str, list[Card]] = defaultdict(list)  # each player's cards the log shows
        self.held: defaultdict[str, int] = defaultdict(int)  # cards dealt to each player, seen or not
        self.community: list[Card] = []
        self.got_up: set[str] = set()  # players dealt their up card on this street
        self.street = 0  # an int, compiled: Street(self.street) names it
        self.round = "none"  # this street's betting: "pending", "open" or "closed"
        self.over = False  # the hand was decided (folds or Z13)
        self.checked_out = False  # Z13 ended it
        self.showed: set[str] = set()
        self.first_shower: str | None = None
        self.final_aggressor: str | None = None
        self.bring_in_to: int | None = None  # what the bring-in put in (3rd street's first bet)
        self.short_bring_in = False  # the bring-in was all in for less than the log's unstated amount
        self.unknown_cards: set[str] = set()  # players whose deal on this street the reader left out
        self.unreadable: set[str] = set()  # players whose show the reader left out for a word no card
        self.final_opener: str | None = None
        self.collects: list[Collect] = []
        self.folded_on: dict[str, int] = {}
        self.described: dict[str, tuple[int, str]] = {}  # what each show line calls the hand (C28)

    # -- helpers -------------------------------------------------------------------------------

    def flag(
        self, code: str, line: int, message: str, rule: str | None = None, severity: str = "error"
    ) -> Violation:
        """Record a violation; it cites the game's own rule where the game has one (:meth:`Variant.cite`)."""
        violation = Violation(code, severity, line, message, self.variant.cite(rule) if rule else rule)
        self.out.violations.append(violation)
        return violation

    def issues(self, issues: list[Issue], line: int) -> tuple[Violation, ...]:
        return tuple(self.flag(i.code, line, i.message, i.rule, i.severity) for i in issues)

    def expected_ante(self) -> int | None:
        if "ante" in self.rules.explicit or self.hand.ante is None and self.rules.ante is not None:
            return self.rules.ante
        if self.hand.ante is not None:
            return self.hand.ante
        amounts = self.ante_amounts  # the most common one, the first seen of equals
        return max(dict.fromkeys(amounts), key=amounts.count) if amounts else None

    # -- the run -------------------------------------------------------------------------------

    def run(self) -> Replay:
        hand, rules = self.hand, self.rules
        first_line = hand.source.first_line
        dealt = len(self.table.players)
        if dealt > rules.max_players:
            message = f"{dealt} players dealt in, at most {rules.max_players}"
            self.flag("too-many-players", first_line, message, "S1")
        elif dealt < 2:
            self.flag("too-few-players", first_line,
                      f"{dealt} player{'' if dealt == 1 else 's'} dealt in: a hand needs at least two", "S1")
        self.check_stacks(first_line)
        # Most frequent first. Compiled, isinstance and these calls are native, where a dict of bound
        # methods made a Python call of each event (with the comprehensions above: __init__ + loop,
        # stud, 17 -> 12 us for __init__ alone; docs/performance.md, "The replay and rows stages").
        for event in hand.events:
            if isinstance(event, Deal):
                self.on_deal(event)
            elif isinstance(event, _ACTIONS):
                self.on_action(event)
            elif isinstance(event, PostAnte):
                self.on_ante(event)
            elif isinstance(event, StreetStart):
                self.on_street(event)
            elif isinstance(event, Collect):
                self.collects.append(event)
            elif isinstance(event, Show):
                self.on_show(event)
            elif isinstance(event, Muck):
                self.on_muck(event)
            elif isinstance(event, UncalledReturn):
                self.on_uncalled(event)
            elif isinstance(event, Note):
                self.on_note(event)
            # any other kind of event passes: the replay does not judge it
        self.finish()
        return self.out

    def check_stacks(self, line: int) -> None:
        """C4 every dealt-in player antes (when anyone does); C6 cash stacks cover ante + bring-in."""
        anted = self.anted
        expected = self.ante
        cash = self.hand.tournament_id is None  # C6 binds cash games, with chips or money alike
        for player in self.table.players:
            if anted and expected and player.name not in anted:
                self.flag("ante-missing", line, f"{player.name} is dealt in without an ante", "C4")
            needed = (expected or 0) + (self.hand.bring_in or 0)
            if self.rules.cash_requires_ante_plus_bringin and cash and player.stack < needed:
                self.flag(
                    "short-stack-dealt-in",
                    line,
                    f"{player.name} has {self.table.money(player.stack)}, "
                    f"less than ante + bring-in {self.table.money(needed)}",
                    "C6",
                )

    def street_name(self) -> str:
        """The street being played as messages name it ("4th street"; "antes" before the first)."""
        return f"{Street(self.street).label} street" if self.street else "antes"

    def known_player(self, player: str, line: int) -> bool:
        if player in self.table.by_name:
            return True
        self.flag("unknown-player", line, f"{player} is not dealt in", "L3")
        return False

    def on_ante(self, event: PostAnte) -> None:
        name, line = event.player, event.line
        player = self.table.by_name.get(name)
        if player is None:
            self.flag("unknown-player", line, f"{name} is not dealt in", "L3")
            return
        issues = self.table.ante(name, event.amount, event.all_in, self.ante)
        self.out.actions.append(
            ActionRecord(
                line,
                self.street or self.first_street,
                name,
                "ante",
                event.amount,
                player.bet,
                self.table.pot,
                player.stack,
                event.all_in,
                None,
                self.issues(issues, line) if issues else (),
            )
        )

    # -- streets and cards ---------------------------------------------------------------------

    def on_street(self, event: StreetStart) -> None:
        self.close_round(event.line)
        self.unknown_cards = set()
        if self.over:
            code, rule = ("hand-should-have-ended", "Z13") if self.checked_out else ("hand-over", "C15")
            self.flag(code, event.line, f"{event.street.label} street dealt after the hand was decided", rule)
        wanted = self.successor.get(self.street)
        if event.street != wanted:
            self.flag(
                "street-order",
                event.line,
                f"{event.street.label} street where {wanted.label if wanted else 'no street'} was due",
                "S1",
            )
        self.street = event.street
        self.round = "pending"
        self.got_up = set()
        self.spec = spec = self.specs.get(event.street)
        live = [p.name for p in self.table.players if not p.folded]
        for card in event.community:
            self.new_card("", card, event.line)
            self.community.append(card)
        if spec is None:
            return
        if event.community:
            self.check_community(event, len(live))
        else:
            self.check_stub(event, len(live))
            held, dealt = self.held, spec.down + spec.up
            for name in live:
                held[name] += dealt

    def check_community(self, event: StreetStart, live: int) -> None:
        """S10: a community card is unneeded when the stub covers everyone even after the burns."""
        burns = self.street - self.first_street + 1  # one before each street so far (S2)
        stub = self.rules.deck_size - sum(self.held.values()) - burns
        if event.street != self.last_street or stub >= live:
            self.flag(
                "community-card-unneeded",
                event.line,
                f"community card with {stub} cards left after the burns for {live} players",
                "S10",
                "warning",
            )

    def check_stub(self, event: StreetStart, live: int) -> None:
        """S10/S11: without a community card the deck itself must cover everyone (burns may be reused)."""
        if event.street != self.last_street or self.rules.out_of_cards != "community_card":
            return
        stub = self.rules.deck_size - sum(self.held.values())
        if stub < live:
            self.flag(
                "community-card-missing",
                event.line,
                f"{live} players need a card and {stub} are left; a community card is due",
                "S10",
            )

    def new_card(self, player: str, card: Card, line: int) -> None:
        """A card dealt now: in the deck, and never seen before (C1, Z1)."""
        if card not in self.deck:
            self.flag(
                "card-not-in-deck", line, f"{card} is not in the {self.rules.deck_size}-card deck", "Z1"
            )
        if card in self.owner and not self.reshuffled(card):
            holder = self.owner[card] or "the community"
            self.flag(
                "duplicate-card",
                line,
                f"{card} dealt to {player or 'the community'} was already seen with {holder}",
                "C1",
            )
        self.owner[card] = player
        if player:
            self.known[player].append(card)

    def reshuffled(self, card: Card) -> bool:
        """S11 ``reshuffle_burns_and_muck``: a folded player's card may come back on the last street."""
        holder = self.table.by_name.get(self.owner[card])
        return (
            self.rules.out_of_cards == "reshuffle_burns_and_muck"
            and self.street == self.last_street
            and holder is not None
            and holder.folded
        )

    def reveal(self, player: str, cards: tuple[Card, ...], line: int, complete: bool) -> None:
        """Cards a line repeats or shows: consistent with what was dealt (C1); ``complete`` lists all."""
        if not cards:
            return
        community, known = self.community, self.known[player]
        own = [card for card in cards if card not in community] if community else cards
        for card in own:
            if card not in known:
                if card in self.owner:
                    self.flag(
                        "duplicate-card",
                        line,
                        f"{player} shows {card}, seen with {self.owner[card] or 'the community'}",
                        "C1",
                    )
                elif card not in self.deck:
                    self.flag("card-not-in-deck", line, f"{card} is not in the deck", "Z1")
                self.owner.setdefault(card, player)
                known.append(card)
        dealt = known if complete else self.table.by_name[player].up  # the up cards dealt so far
        missing = [card for card in dealt if card not in own]
        if missing:
            self.flag(
                "upcard-mismatch",
                line,
                f"{player}'s cards {' '.join(map(str, own))} lack "
                f"{' '.join(map(str, missing))} dealt earlier",
                "C1",
            )
        if complete and self.held[player] and len(own) != self.held[player]:
            self.flag(
                "card-count", line, f"{player} shows {len(own)} cards, was dealt {self.held[player]}", "C28"
            )

    def on_deal(self, event: Deal) -> None:
        name, line = event.player, event.line
        player = self.table.by_name.get(name)
        if player is None:
            self.flag("unknown-player", line, f"{name} is not dealt in", "L3")
            return
        if player.folded:
            self.flag("card-count", line, f"{name} is dealt cards after folding", "C1")
        spec, down, up = self.spec, event.down, event.up
        if event.street != self.street or spec is None:
            self.flag(
                "street-order",
                line,
                f"a {event.street.label} street card during the {self.street_name()}",
                "S1",
            )
        elif len(up) != spec.up or len(down) > spec.down or self.community:
            self.flag(
                "card-count",
                line,
                f"{name} gets {len(down)} down and {len(up)} "
                f"up cards; {event.street.label} street deals {spec.down} down and {spec.up} up",
                "S1",
            )
        if event.shown_before:
            self.reveal(name, event.shown_before, line, complete=False)
        deck, owner, known = self.deck, self.owner, self.known[name]
        for card in down + up:
            if card in deck and card not in owner:  # the usual case: new_card without a check to flag
                owner[card] = name
                known.append(card)
            else:
                self.new_card(name, card, line)
        if up:
            player.up.extend(up)  # Table.deal_up, for the player at hand
            self.got_up.add(name)

    # -- betting -------------------------------------------------------------------------------

    def open_round(self, line: int) -> None:
        if self.round != "pending":
            return
        self.round = "open"
        spec = self.spec
        if spec and spec.up and not self.community:
            got_up = self.got_up
            unseen = [p.name for p in self.table.players if not p.folded and p.name not in got_up]
            unknown = [name for name in unseen if name in self.unknown_cards]
            if unknown:
                message = (f"{', '.join(unknown)}: the {self.street_name()} deal the log writes holds a word "
                           "that is no card; the cards are taken as unknown")
                self.flag(UNKNOWN_CARD, line, message, "L6", "warning")
                unseen = [name for name in unseen if name not in self.unknown_cards]
            if unseen and self.boards_hidden:
                self.flag(
                    "up-card-unknown",
                    line,
                    f"{', '.join(unseen)}: no {self.street_name()} up card in the log, "
                    "which does not write them",
                    "S1",
                    "info",
                )
            else:
                for name in unseen:
                    message = f"{name} has no {self.street_name()} up card in the log"
                    self.flag("card-count", line, message, "S1")
        table = self.table
        issues = table.start_street(self.street)
        if issues:
            self.issues(issues, line)
        if table.opener_unknown and self.street != self.first_street:
            self.flag(
                "opener-unknown",
                line,
                f"a live board is not in the log: the {self.street_name()} opener is taken "
                "from it",
                self.turn_rule(),
                "info",
            )

    def close_round(self, line: int) -> None:
        """End the street's betting: nobody may still owe an action (C15); Z13 may end the hand."""
        if self.round == "none" or self.round == "closed" or self.over:
            return
        self.open_round(line)
        pending = self.table.next_actor()
        if pending:
            message = f"the {self.street_name()} ends before {pending} acted"
            self.flag("action-missing", line, message, "C15")
        if self.street == self.last_street and self.table.last is not None:
            self.final_aggressor = self.table.aggressor
            self.final_opener = self.table.players[self.table.opener].name
        if self.table.live_count() <= 1:
            self.over = True
        elif self.rules.all_check_ends_hand and self.table.checked_through():
            self.over = self.checked_out = True
        self.round = "closed"

    def on_action(self, event: Action) -> None:
        """Judge one action (actor, then legality by the machine) and record it as logged."""
        name, line = event.player, event.line
        table = self.table
        player = table.by_name.get(name)
        if player is None:
            self.flag("unknown-player", line, f"{name} is not dealt in", "L3")
            return
        if self.round == "pending":
            self.open_round(line)
        kind = _KINDS[type(event)]
        if table.opener_unknown and table.last is None:
            table.open_with(name, kind)
        before = player.bet
        to = (before + event.amount if isinstance(event, _PUTS_IN)
              else event.to if isinstance(event, _RAISES_TO) else before)
        if kind in AGGRESSIVE:
            kind = table.normalise(kind, to, name)
        expected = table.next_actor()
        flagged: tuple[Violation, ...] = ()
        if self.over or expected is None:
            if self.checked_out:
                code, rule = "hand-should-have-ended", "Z13"
            else:  # C26 where nobody is left to bet against, else the round was over (C15)
                code, rule = "action-after-round", "C26" if not self.over and table.acting() <= 1 else "C15"
            flagged = (self.flag(code, line, f"{name} acts after the betting was over", rule),)
        elif expected != name and not (kind == "bring-in" and table.bring_in_due):
            flagged = (self.flag("wrong-actor", line, f"{name} acts; {expected} was due", self.turn_rule()),)
        all_in = not isinstance(event, (Check, Fold)) and event.all_in
        if isinstance(event, Raise) and event.by is not None:
            flagged += self.check_increment(event, to)
        if kind == "raise" and table.lifts_cap(name):
            message = (f"{name} raises past the cap of {self.rules.max_raises} raises, which heads-up play "
                       f"lifts (headsup_uncapped={self.rules.headsup_uncapped})")
            flagged += (self.flag("headsup-uncapped", line, message, "C18", "info"),)
        issues = table.act(name, kind, to, all_in)
        if kind == "bring-in":
            self.bring_in_to = to
            self.short_bring_in = all_in and table.bring_in is None
        if issues:
            if self.rules.raise_over_bring_in and self.street in (None, self.first_street):
                issues = [self.over_bring_in(issue, name, to) for issue in issues]
            flagged += self.issues(issues, line)
        if kind == "fold":
            self.folded_on[name] = self.street
        self.out.actions.append(
            ActionRecord(
                line,
                self.street or self.first_street,
                name,
                kind,
                player.bet - before,
                player.bet,
                table.pot,
                player.stack,
                all_in,
                expected,
                flagged,
            )
        )

    def check_increment(self, event: Raise, to: int) -> tuple[Violation, ...]:
        """L9: a raise that states its increment and its total states one amount twice; the increment is
        the total less the bet raised (a completion's may be counted from nothing, as some sites do, or
        from a full bring-in the log never states, after a bring-in all in for less)."""
        table, by = self.table, event.by
        raised, full = to - table.level, to - table.base
        if by == raised or by == full:
            return ()
        if by is not None and self.short_bring_in and table.bring_in_round and not table.completed \
                and table.level <= to - by < table.small_bet:
            return ()  # over a bring-in all in for less: the full bring-in it counts from is not in the log
        money = table.money
        message = (f"{event.player} raises {money(by or 0)} to {money(to)}: a raise to {money(to)} over "
                   f"{money(table.level)} is {money(raised)}")
        return (self.flag("raise-increment", event.line, message, "L9"),)

    def over_bring_in(self, issue: Issue, name: str, to: int) -> Issue:
        """A 3rd-street raise to the bring-in plus the small bet, where the site counts it so
        (``raise_over_bring_in``): information citing the site's rule, not a wrong amount."""
        if issue.code not in ("raise-amount", "complete-amount") or self.bring_in_to is None \
                or to != self.bring_in_to + self.hand.small_bet:
            return issue
        message = (f"{name} raises to {self.table.money(to)}, the bring-in plus the small bet, as "
                   f"{self.hand.site} counts a raise over the bring-in; by the rules: {issue.message}")
        return Issue("site-convention", self.site_rule("raise_over_bring_in"), message, "info")

    def site_rule(self, option: str) -> str:
        """The rule a verdict under ``option`` cites: the site's own where the value is the site's default."""
        if option not in self.rules.explicit:
            site_rule = SITE_CONVENTIONS.get(self.hand.site, {}).get(option)
            if site_rule is not None:
                return site_rule
        return OPTION_RULES[option]

    def turn_rule(self) -> str:
        """The rule that names the player due: bring-in (C8), first actor (S5/R3/C32) or clockwise (C3)."""
        table = self.table
        if table.bring_in_due:
            return "C8"
        if table.last is not None:
            return "C3"
        if self.street == self.first_street:
            if self.variant.bring_in == "none":
                return "Z6"
            return "F2" if self.rules.first_round_opener != "bringin" else "C8"
        if self.street == 7:
            return "C32"
        return "R3" if self.variant.first_to_act == "low_board" else "S5"

    def on_note(self, event: Note) -> None:
        """Check what a site announces, the cap (C17) and the open pair (S7), and name each line the
        reader left out (L6)."""
        if event.kind == "capped":
            self.open_round(event.line)
            if not self.table.cap_reached():
                self.flag(
                    "cap-mismatch",
                    event.line,
                    f"the log caps the betting after {self.table.raises} raises; "
                    f"max_raises is {self.rules.max_raises}",
                    "C17",
                    "warning",
                )
        elif event.kind == UNKNOWN_CARD and event.player:
            self.unknown_cards.add(event.player)
        elif event.kind == UNKNOWN_SHOW and event.player:
            self.on_unreadable_show(event.player, event.line)
        elif event.kind == UNKNOWN_LINE:
            self.flag(
                UNKNOWN_LINE,
                event.line,
                f"{UNKNOWN_LINE_LEFT_OUT}{event.text}",
                "L6",
                "warning",
            )
        elif event.kind == "pair_on_board":
            self.open_round(event.line)
            if self.table.double is None:
                self.flag(
                    "open-pair-mismatch",
                    event.line,
                    "the log allows a double bet the rules do not",
                    "S7",
                    "warning",
                )

    def on_uncalled(self, event: UncalledReturn) -> None:
        if not self.known_player(event.player, event.line):
            return
        due = self.table.uncalled()
        if due is None:
            self.flag(
                "uncalled-amount",
                event.line,
                f"{self.table.money(event.amount)} returned to {event.player}; every bet was called",
                "C23",
            )
        else:
            if due[0] != event.player:
                self.flag(
                    "uncalled-recipient",
                    event.line,
                    f"returned to {event.player}; {due[0]} made the uncalled bet",
                    "C23",
                )
            if due[1] != event.amount:
                money = self.table.money
                message = f"{money(event.amount)} returned; {money(due[1])} was uncalled"
                self.flag("uncalled-amount", event.line, message, "C23")
        self.table.refund(event.player, event.amount)

    # -- showdown ------------------------------------------------------------------------------

    def on_show(self, event: Show) -> None:
        if not self.known_player(event.player, event.line):
            return
        at_showdown = self.street == self.last_street and not self.over
        if at_showdown:
            self.close_round(event.line)
            self.first_shower = self.first_shower or event.player
        self.reveal(event.player, event.cards, event.line, complete=at_showdown)
        self.showed.add(event.player)
        if event.description:
            self.described[event.player] = (event.line, event.description)

    def on_unreadable_show(self, player: str, line: int) -> None:
        """A show (or muck, or summary line) the reader left out for a word that is no card: the player
        showed, but no pot they are in can be judged by the cards."""
        if not self.known_player(player, line):
            return
        if self.street == self.last_street and not self.over:
            self.close_round(line)
            self.first_shower = self.first_shower or player
        self.showed.add(player)
        self.unreadable.add(player)
        self.flag(UNKNOWN_CARD, line, f"{player}: the cards the log shows hold a word that is no card; they "
                  "are taken as unknown", "L6", "warning")

    def on_muck(self, event: Muck) -> None:
        if not self.known_player(event.player, event.line):
            return
        if self.street == self.last_street:
            self.close_round(event.line)
            self.first_shower = self.first_shower or event.player
        if event.cards:
            self.reveal(event.player, event.cards, event.line, complete=True)

    def finish(self) -> None:
        hand, table = self.hand, self.table
        last_line = hand.source.last_line
        self.close_round(last_line)
        live = [p.name for p in table.live]
        if len(live) > 1 and self.street != self.last_street and not self.checked_out:
            self.flag(
                "streets-missing",
                last_line,
                f"the log stops on the {self.street_name()} with {len(live)} players in",
                "S1",
            )
        self.check_show_order(last_line)
        for seat in hand.summary.seats:
            if seat.cards and seat.player in table.by_name:
                self.reveal(seat.player, seat.cards, seat.line, complete=True)
                self.unreadable.discard(seat.player)  # the summary shows the cards the show line garbled
        due = table.uncalled()  # never returned: the awards report it (C23), knowing if an award pays it
        if due:
            table.refund(*due)
        contributions = {p.name: p.committed for p in table.players}
        total = sum(contributions.values())
        self.out.total_pot = total
        pots = build_pots(contributions, set(live)) if live else []
        Awards(
            self.out,
            table,
            collects=self.collects,
            showed=self.showed,
            known=self.known,
            community=self.community,
            folded_on=self.folded_on,
            evaluators=self.evaluators,
            odd_chip_rule=self.rules.odd_chip_rule,
            variant=self.variant,
            checked_out=self.checked_out,
            described=self.described,
            unreturned=due,
            unreadable=frozenset(self.unreadable),
        ).judge(pots, total)

    def check_show_order(self, line: int) -> None:
        """C27: the last bettor of the final round shows first, else its first actor (advisory). Where the
        site writes a showdown its own way (``show_order``) and the log follows it, that is information."""
        first, shower = self.final_aggressor or self.final_opener, self.first_shower
        if not shower or not first or shower == first or self.table.live_count() <= 1:
            return
        if shower == self.site_shows_first():
            message = (f"{shower} shows first, the lowest seat shown, as {self.hand.site} writes showdowns; "
                       f"by the rules {first} would")
            self.flag("site-convention", line, message, self.site_rule("show_order"), "info")
        else:
            self.flag("show-order", line, f"{shower} shows first; {first} should", "C27", "warning")

    def site_shows_first(self) -> str | None:
        """Who shows first where the site writes showdowns in seat order from seat 1 (``show_order``)."""
        order = self.rules.show_order
        if order == "rules" or order == "seat_when_checked" and self.final_aggressor is not None:
            return None
        seats = {seat.player: seat.seat for seat in self.hand.seats}
        return min(self.showed, key=lambda player: seats.get(player, 0), default=None)
