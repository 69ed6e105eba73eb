"""The end of a replay: what the rules award from the pots and the shown hands, against what the log pays.

Apart from the event loop of :mod:`studbook.replay`, which hands over the chips, cards and collect
lines it gathered; the violation codes are listed there.

Judging showdowns: a player who mucks (or never shows) forfeits a contested pot; a pot with one
eligible player needs no cards; a contested pot where nobody eligible showed cannot be judged, so
the log's award stands with an ``award-unverified`` note. Rake is taken from each pot in
proportion (largest remainder) unless the summary gives the pots after rake; a home game's log
(studbook's own format) has no rake unless it states one, so what its awards leave is no rake.

One fault is one error: an uncalled bet the log never returns but pays back inside the bettor's
award is the one ``uncalled-missing`` error, and an odd chip the log gives the wrong player is one
``award-mismatch`` naming both players, citing the rule that places the odd chip (H9 between the
halves, C30 among tied hands).
"""

from __future__ import annotations

from collections import defaultdict

from studbook.cards import Card
from studbook.events import Collect
from studbook.results import Replay
from studbook.results import SeatResult
from studbook.results import Violation
from studbook.rules.described import contradiction
from studbook.rules.described import read
from studbook.rules.evaluate import Evaluator
from studbook.rules.evaluate import describe
from studbook.rules.machine import Table
from studbook.rules.pots import Pot
from studbook.rules.pots import PotResult
from studbook.rules.pots import award_pots
from studbook.rules.variants import Variant

HOME_FORMAT = "studbook"  # the site of studbook's own log format: home games, with no rake unless stated

UNREADABLE = "shown cards unreadable"  # the reason of a pot whose showdown cannot be judged


class Awards:
    """One replayed hand's pots, awards and seat results, judged from the state its replay ends in."""

    def __init__(
        self,
        out: Replay,
        table: Table,
        *,
        collects: list[Collect],
        showed: set[str],
        known: defaultdict[str, list[Card]],
        community: list[Card],
        folded_on: dict[str, int],
        evaluators: tuple[Evaluator, ...],
        odd_chip_rule: str,
        variant: Variant,
        checked_out: bool,
        described: dict[str, tuple[int, str]],
        unreturned: tuple[str, int] | None,
        unreadable: frozenset[str] = frozenset(),
    ) -> None:
        self.out = out
        self.hand = out.hand
        self.table = table
        self.collects = collects
        self.showed = showed
        self.known = known  # each player's cards the log shows
        self.community = community
        self.folded_on = folded_on
        self.evaluators = evaluators
        self.odd_chip_rule = odd_chip_rule
        self.variant = variant
        self.showdown_rule = variant.showdown_rule
        self.checked_out = checked_out  # Z13 ended the hand
        self.unreadable = unreadable  # players whose shown cards hold a word that is no card
        self.described = described  # each player's last description of his shown hand: (line, text)
        self.unreturned = unreturned  # the uncalled bet nobody returned: (bettor, amount)
        self._logged: dict[str, int] | None = None
        self.cards_of: dict[str, list[Card]] = {}  # showdown_cards, by player
        # each player's result as the summary states it (KingsClub), for the players dealt in
        dealt_in = table.by_name
        self.nets = {
            seat.player: seat.net
            for seat in out.hand.summary.seats
            if seat.net is not None and seat.player in dealt_in
        }

    def flag(
        self, code: str, line: int, message: str, rule: str | None = None, severity: str = "error"
    ) -> None:
        """Record a violation citing the game's own rule where it has one (:meth:`Variant.cite`)."""
        cited = self.variant.cite(rule) if rule else rule
        self.out.violations.append(Violation(code, severity, line, message, cited))

    def judge(self, pots: list[Pot], total: int) -> None:
        """Award ``pots`` (``total`` chips before rake) and check the log's awards against them."""
        line = self.hand.source.last_line
        if self.unreturned is not None:
            self.report_unreturned(total, line)
        self.out.pots = self.award(pots, total)
        self.compare_awards(line)
        self.check_descriptions()

    def report_unreturned(self, total: int, line: int) -> None:
        """C23: an uncalled bet the log never gives back. Where the bettor's award line pays it back with
        the pot (the awards exceed the pot, and would not without it), that is the same fault: the award
        is judged without it."""
        assert self.unreturned is not None
        bettor, amount = self.unreturned
        money = self.table.money
        message = f"{money(amount)} bet by {bettor} was never called nor returned"
        awarded = self.logged()
        pot = sum(awarded.values()) - amount  # what the awards give of the pot, without the bet
        rake = self.hand.summary.rake or 0
        if self.hand.site == HOME_FORMAT or self.hand.summary.rake is not None:
            fits = pot == total - rake  # the log's own figures settle the pot exactly
        else:
            fits = pot <= total  # less a rake the log does not state
        if not self.nets and fits and pot + amount > total - rake and awarded.get(bettor, 0) >= amount:
            awarded[bettor] -= amount
            message += f"; the log's award to {bettor} includes it"
        self.flag("uncalled-missing", line, message, "C23")

    def net_pots(self, pots: list[Pot], total: int) -> list[Pot]:
        """The pots after rake: the summary's own pot amounts, else the rake shared out by size."""
        summary, money = self.hand.summary, self.table.money
        awarded = bool(self.collects or self.nets)  # the log says what each player won
        collected = sum(self.logged().values()) if awarded else 0
        # An unstated rake is what a site's awards leave of the pot (awards beyond the pot are no
        # rake); studbook's own home-game format has no rake unless it writes one.
        rakeless = self.hand.site == HOME_FORMAT and summary.rake is None
        inferred = awarded and not rakeless
        unstated = max(total - collected, 0) if inferred else 0
        rake = summary.rake if summary.rake is not None else unstated
        if summary.total_pot is not None and summary.total_pot != total:
            self.flag(
                "total-pot-mismatch",
                self.hand.source.last_line,
                f"the log's total pot is {money(summary.total_pot)}; the chips put in make {money(total)}",
                "C22",
            )
        if summary.rake is not None and awarded and total - collected != summary.rake:
            self.flag(
                "rake-mismatch",
                self.hand.source.last_line,
                f"total pot {money(total)} less awards {money(collected)} "
                f"is {money(total - collected)}; the log's rake is {money(summary.rake)}",
                "L4",
            )
        self.out.rake = max(total - collected, 0) if inferred else rake
        self.out.logged_rake = summary.rake
        stated = (summary.main_pot, *summary.side_pots) if summary.main_pot is not None else ()
        if stated and len(stated) == len(pots):
            if any(net > pot.amount for net, pot in zip(stated, pots, strict=True)):
                self.flag(
                    "side-pot-mismatch",
                    self.hand.source.last_line,
                    f"the log's pots {', '.join(map(money, stated))} exceed the layers "
                    f"{', '.join(money(p.amount) for p in pots)}",
                    "C22",
                )
            return [Pot(net, pot.eligible) for net, pot in zip(stated, pots, strict=True)]
        if stated and len(pots) > 0:
            self.flag(
                "side-pot-mismatch",
                self.hand.source.last_line,
                f"the log has {len(stated)} pots; the contributions make {len(pots)}",
                "C22",
            )
        shares = [rake * pot.amount // total if total else 0 for pot in pots]
        order = sorted(range(len(pots)), key=lambda i: -(rake * pots[i].amount % total) if total else 0)
        for index in order[: rake - sum(shares)]:
            shares[index] += 1
        return [Pot(pot.amount - share, pot.eligible) for pot, share in zip(pots, shares, strict=True)]

    def showdown_cards(self, name: str) -> list[Card]:
        """A player's cards and the community's, each once: a card the log deals twice is already a
        ``duplicate-card``, and counted twice it makes a "flush" the evaluators cannot rank. Worked out
        once a player: the pots and the seat's hand names both ask (read-only lists)."""
        found = self.cards_of.get(name)
        if found is None:
            found = self.cards_of[name] = list(dict.fromkeys([*self.known[name], *self.community]))
        return found

    def award(self, pots: list[Pot], total: int) -> list[PotResult]:
        nets = self.net_pots(pots, total)
        shown = {}
        for name in self.showed - self.unreadable:
            player = self.table.by_name[name]
            cards = self.showdown_cards(name)
            if not player.folded and cards:
                shown[name] = cards
        order = [p.name for p in self.table.position]
        try:
            results = award_pots(nets, shown, order, self.evaluators, self.odd_chip_rule)
        except ValueError as error:  # a shown hand the evaluators cannot take (too many cards)
            self.flag(
                "card-count", self.hand.source.last_line, f"cannot evaluate the shown hands: {error}", "C28"
            )
            results = [
                PotResult(i, pot.amount, pot.eligible, (), "no hand shown") for i, pot in enumerate(nets)
            ]
        reason = "all checked" if self.checked_out else None
        return [
            PotResult(r.index, r.amount, r.eligible, (), UNREADABLE)
            if r.reason != "uncontested" and self.unreadable & set(r.eligible)
            else PotResult(r.index, r.amount, r.eligible, r.winners, reason or r.reason)
            if r.reason == "showdown"
            else r
            for r in results
        ]

    def states_awards(self) -> bool:
        """Whether the log says who won: collect lines, summary amounts (optional in our own format) or
        summary nets."""
        summary_seats = self.hand.summary.seats
        return bool(self.collects) or any(s.amount is not None or s.net is not None for s in summary_seats)

    def logged(self) -> dict[str, int]:
        """What the log awards each player from the pots: where the summary states each net, the net
        plus what the player put in (so a pot the log announces on no line of its own still counts);
        else its collect lines, else its summary seat lines; less an uncalled bet an award pays back
        (:meth:`report_unreturned`). Worked out once: the rake, the awards and the seats all ask."""
        if self._logged is not None:
            return self._logged
        if self.nets:
            by_name = self.table.by_name
            won = {player: net + by_name[player].committed for player, net in self.nets.items()}
            self._logged = {player: amount for player, amount in won.items() if amount}
            return self._logged
        amounts: dict[str, int] = {}
        for collect in self.collects:
            amounts[collect.player] = amounts.get(collect.player, 0) + collect.amount
        if not self.collects:
            for seat in self.hand.summary.seats:
                if seat.amount is not None and seat.outcome in ("collected", "won"):
                    amounts[seat.player] = amounts.get(seat.player, 0) + seat.amount
        self._logged = amounts
        return amounts

    def compare_awards(self, line: int) -> None:
        money = self.table.money
        computed: dict[str, int] = {}
        halves: dict[tuple[str, str | None], int] = {}
        unjudged: set[str] = set()
        for pot in self.out.pots:
            if not pot.winners:
                unjudged.update(pot.eligible)
                unreadable = sorted(self.unreadable & set(pot.eligible))
                why = (f"{', '.join(unreadable)} showed cards the log writes with a word that is no card"
                       if pot.reason == UNREADABLE else "nobody eligible showed")
                self.flag(
                    "award-unverified",
                    line,
                    f"pot {pot.index} ({money(pot.amount)}) is contested and {why}; the log's award stands",
                    self.showdown_rule,
                    "info",
                )
            for winner in pot.winners:
                computed[winner.player] = computed.get(winner.player, 0) + winner.amount
                player_half = winner.player, winner.half
                halves[player_half] = halves.get(player_half, 0) + winner.amount
        # A log that states no award leaves the ruling to the rules: it is taken as the log's own.
        logged = self.logged() if self.states_awards() else dict(computed)
        rule = self.showdown_rule
        wrong = [player for player in sorted(set(computed) | set(logged))
                 if player not in unjudged and computed.get(player, 0) != logged.get(player, 0)]
        odd_chip = self.odd_chip(wrong, computed, logged, halves)
        if odd_chip is not None:
            message, odd_rule = odd_chip
            self.flag("award-mismatch", line, message, odd_rule)
            wrong = []
        for player in wrong:
            self.flag(
                "award-mismatch",
                line,
                f"{player} gets {money(logged.get(player, 0))} in the log; "
                f"the rules give {money(computed.get(player, 0))}",
                rule,
            )
        labelled: dict[tuple[str, str | None], int] = {}
        for collect in self.collects:
            if collect.half:
                player_half = collect.player, collect.half
                labelled[player_half] = labelled.get(player_half, 0) + collect.amount
        # A line without a half (a scoop, a pot with no low) may hold either half: check only the
        # players whose every award line names its half.
        unlabelled = {collect.player for collect in self.collects if not collect.half}
        for (player, half), amount in labelled.items():
            if (
                player not in unjudged
                and player not in unlabelled
                and halves.get((player, half), 0) != amount
                and computed.get(player, 0) == logged.get(player)
            ):
                self.flag(
                    "award-mismatch",
                    line,
                    f"{player} collects {money(amount)} for {half}; "
                    f"the rules give {money(halves.get((player, half), 0))}",
                    rule,
                )
        summary = {
            s.player: s.amount
            for s in self.hand.summary.seats
            if s.amount is not None and s.outcome in ("collected", "won")
        }
        if self.nets:
            self.compare_lines_with_nets(logged, line)
        elif self.collects and summary:
            lines: dict[str, int] = {}  # as the lines write them, an uncalled bet paid back included
            for collect in self.collects:
                lines[collect.player] = lines.get(collect.player, 0) + collect.amount
            for player in sorted(set(summary) | set(lines)):
                if summary.get(player, 0) != lines.get(player, 0):
                    self.flag(
                        "collect-mismatch",
                        line,
                        f"{player} collects {money(lines.get(player, 0))} but the summary "
                        f"says {money(summary.get(player, 0))}",
                        "L5",
                    )
        self.seat_results(computed, logged, unjudged)

    def odd_chip(self, wrong: list[str], computed: dict[str, int], logged: dict[str, int],
                 halves: dict[tuple[str, str | None], int]) -> tuple[str, str] | None:
        """The one fault behind awards that differ by an odd chip: the one pot whose shares are uneven
        has the players whose awards are each one unit off, the log's extra units matching its missing
        ones. The message names both sides; the rule is H9 where the chip went to the other half of a
        split pot, C30 where it went to another of the tied winners. (Where several pots leave odd
        chips, one unit off says nothing of which pot: each player's award is an error of its own.)"""
        uneven = [pot for pot in self.out.pots if len({winner.amount for winner in pot.winners}) > 1]
        if len(wrong) < 2 or len(uneven) != 1 or not set(wrong) <= {w.player for w in uneven[0].winners}:
            return None
        diff = {player: logged.get(player, 0) - computed[player] for player in wrong}
        if any(abs(units) != 1 for units in diff.values()) or sum(diff.values(), 0) != 0:
            return None
        given = [player for player in wrong if diff[player] > 0]
        due = [player for player in wrong if diff[player] < 0]
        sides = {player: {half for (who, half), amount in halves.items() if who == player and amount}
                 for player in wrong}
        across = all(not sides[one] & sides[other] for one in given for other in due)
        rule = "H9" if across and self.variant.hi_lo else "C30"
        money = self.table.money
        amounts = "; ".join(f"{player} {money(logged.get(player, 0))} in the log, "
                            f"{money(computed[player])} by the rules" for player in wrong)
        message = f"the rules give the odd chip to {', '.join(due)}, the log to {', '.join(given)}: {amounts}"
        return message, rule

    def compare_lines_with_nets(self, by_nets: dict[str, int], line: int) -> None:
        """The award lines against what the summary's nets show each player won: a win no line writes
        is the log's omission (a warning: the nets stand), a line beyond the net an error."""
        lines: dict[str, int] = {}
        money = self.table.money
        for collect in self.collects:
            lines[collect.player] = lines.get(collect.player, 0) + collect.amount
        for player in sorted(set(lines) | set(by_nets)):
            written, shown = lines.get(player, 0), by_nets.get(player, 0)
            if written < shown:
                self.flag(
                    "collect-missing",
                    line,
                    f"{player}'s net shows {money(shown)} won; the log's award lines give {money(written)}",
                    "L5",
                    severity="warning",
                )
            elif written > shown:
                message = f"{player} collects {money(written)} but the net shows {money(shown)}"
                self.flag("collect-mismatch", line, message, "L5")

    def seat_results(self, computed: dict[str, int], logged: dict[str, int], unjudged: set[str]) -> None:
        by_name, showed, folded_on = self.table.by_name, self.showed, self.folded_on
        add = self.out.seats.append
        for seat in self.hand.seats:
            name = seat.player
            player = by_name.get(name)
            committed = player.committed if player else 0
            collected = (logged if name in unjudged else computed).get(name, 0)
            high = low = ""
            if name in showed and player and not player.folded:
                high, low = self.hand_names(self.showdown_cards(name))
            add(
                SeatResult(
                    seat.seat,
                    name,
                    seat.stack,
                    committed,
                    collected,
                    logged.get(name, 0),
                    collected - committed,
                    folded_on.get(name),
                    tuple(self.known[name]) if name in showed else (),
                    high,
                    low,
                )
            )

    def check_descriptions(self) -> None:
        """C28, cards speak: the cards decide, and a description of a shown hand they contradict is a
        warning naming both (:mod:`studbook.rules.described`)."""
        for player, (line, text) in sorted(self.described.items()):
            claim = read(text)
            cards = self.showdown_cards(player)
            if claim is None or not cards:
                continue
            try:
                keys = tuple(evaluate(cards) for evaluate in self.evaluators)
            except ValueError:  # cards the evaluators cannot rank: card-count says so
                continue
            made = contradiction(claim, keys)
            if made is not None:
                shown = " ".join(map(str, cards))
                message = f"{player}'s hand is called {text!r}; the cards {shown} make {made}"
                self.flag("hand-description", line, message, "C28", "warning")

    def hand_names(self, cards: list[Card]) -> tuple[str, str]:
        """The high and the low name of a shown hand ("" where the evaluators find none)."""
        names = ["", ""]
        for evaluate in self.evaluators:
            try:
                key = evaluate(cards)
            except ValueError:
                key = None
            if key is not None:
                names[1 if key < 0 else 0] = describe(key)
        return names[0], names[1]
