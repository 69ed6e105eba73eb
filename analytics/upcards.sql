-- What a seat's up cards and the first round's order say of it: the columns of the up-card stats
-- (docs/stats.md, "Up cards and liveness"), a row per seat dealt in. They need every seat's door card,
-- the first round's actions in order, the boards and the awards of a hand: a whole database's worth of
-- windows and joins at each reading (some 40 s at a million hands). So the import works them out once,
-- over the rows of the hands each pass stores, and keeps them in upcard_facts; a lake works them out
-- when read. The inputs are views the caller makes (analytics/upcards.py): upcard_seats (with the
-- per-seat facts), upcard_hands, upcard_actions, upcard_cards and upcard_awards, the stored tables'
-- columns.

-- Ranks of a card as stored ('Ah', 'Td'): 2..14 ace high; ace_low_rank counts the ace as 1 (razz, the
-- low half of stud8).
CREATE OR REPLACE TEMP MACRO card_rank_high(card) AS strpos('23456789TJQKA', left(card, 1)) + 1;
CREATE OR REPLACE TEMP MACRO ace_low_rank(card) AS CASE WHEN left(card, 1) = 'A' THEN 1 ELSE card_rank_high(card) END;

-- Whether a hand's game and rules let the first bet of the second round be the big bet over an open pair
-- (studbook/rules: the variant's open_pair_street and the open_pair_double_bet option, fixed limit only):
-- the import's --rule when it set the option, else the site's default (PokerStars and Full Tilt allow
-- it), else the game's (seven card stud yes, five card stud no). Stud8, razz and descubierto have no such
-- street. tests/analytics/test_upcard_stats.py checks this against the rules' own layering.
CREATE OR REPLACE TEMP MACRO double_bet_allowed(variant, structure, rules, site) AS
    structure = 'limit' AND variant IN ('stud', 'stud5') AND CASE
        WHEN rules LIKE '%open_pair_double_bet=true%' THEN true
        WHEN rules LIKE '%open_pair_double_bet=false%' THEN false
        WHEN site IN ('pokerstars', 'fulltilt') THEN true
        ELSE variant = 'stud' END;

-- What improves a first-street hand, and how much of it is live (docs/stats.md, "Liveness"), from the
-- ranks (ace high), ace-low ranks and suits of the player's known first-street cards (hole and door; the
-- door alone when the hole is unknown). A draw is a list of ranks (ace low in the low games) or a suit.
-- Each list is worked out once a seat, by lambdas of one level: nested ones cost ten times as much.
CREATE OR REPLACE TEMP MACRO first_street_draw(variant, ranks, lows, suits) AS CASE
    WHEN variant IN ('razz', 'stud8') THEN
        {'kind': 'low', 'low': true, 'suit': NULL::VARCHAR,
         'ranks': list_filter(range(1, 9), lambda r: NOT list_contains(lows, r))}
    WHEN len(ranks) = 1 THEN {'kind': 'door rank', 'low': false, 'suit': NULL, 'ranks': ranks}
    WHEN len(list_distinct(ranks)) = 1 THEN {'kind': 'trips', 'low': false, 'suit': NULL, 'ranks': [ranks[1]]}
    WHEN len(list_distinct(ranks)) = 2 THEN
        {'kind': 'pair', 'low': false, 'suit': NULL,
         'ranks': [CASE WHEN ranks[1] IN (ranks[2], ranks[3]) THEN ranks[1] ELSE ranks[2] END]}
    WHEN len(list_distinct(suits)) = 1 THEN {'kind': 'three-flush', 'low': false, 'suit': suits[1], 'ranks': []}
    ELSE {'kind': 'three-straight', 'low': false, 'suit': NULL,
          'ranks': list_distinct(list_concat(
              -- a run of five ace high: the ranks from the highest less 4 to the lowest plus 4
              CASE WHEN list_max(ranks) - list_min(ranks) <= 4
                   THEN list_filter(range(greatest(2, list_max(ranks) - 4), least(14, list_min(ranks) + 4) + 1),
                                    lambda r: NOT list_contains(ranks, r)) ELSE [] END,
              -- and ace low (the ace as 1, named 14)
              CASE WHEN list_max(lows) - list_min(lows) <= 4
                   THEN list_transform(list_filter(range(greatest(1, list_max(lows) - 4),
                                                         least(13, list_min(lows) + 4) + 1),
                                                   lambda r: NOT list_contains(lows, r)), lambda r: low_to_high(r))
                   ELSE [] END))}
    END;
CREATE OR REPLACE TEMP MACRO low_to_high(rank) AS CASE WHEN rank = 1 THEN 14 ELSE rank END;

-- How many of the cards described by ``ranks``, ``lows`` and ``suits`` (one entry a card) are of a draw.
CREATE OR REPLACE TEMP MACRO draw_cards(draw, ranks, lows, suits) AS
    CASE WHEN draw.suit IS NOT NULL THEN len(list_filter(suits, lambda x: x = draw.suit))
         WHEN draw.low THEN len(list_filter(lows, lambda x: list_contains(draw.ranks, x)))
         ELSE len(list_filter(ranks, lambda x: list_contains(draw.ranks, x))) END;
-- The cards of a draw in a deck less the player's own.
CREATE OR REPLACE TEMP MACRO draw_outs(draw, ranks, lows, suits) AS
    CASE WHEN draw.suit IS NOT NULL THEN 13 ELSE 4 * len(draw.ranks) END - draw_cards(draw, ranks, lows, suits);

-- One row per seat dealt in of the input hands, with what the up cards and the first round's order say of it:
--   liveness: the draw of its first-street cards (a three-straight with no run of five: no draw), its
--     outs and live outs, liveness = live / outs, and its bucket: dead under 50% (most of the cards
--     that improve it are out), live from 80%, part dead between; liveness_known says the hole cards
--     were known (else the door card's alone: its rank, or in the low games the low ranks);
--   fold_to_completion: a player other than the bring-in whose first decision faced one completion
--     and no raise; door_resteal: the first decision of a player after a door steal with only folds
--     between, a raise;
--   double_bet: the first bet of the second round, when an open pair shows and the game allows the big
--     bet (double_bet_allowed), not all in for the small bet or less; taken when it is more than the
--     small bet;
--   bricked (razz): the 4th-street card is above 8 or pairs the door card; bricked_bet: bet or raised
--     on 4th street, of the seats that acted there; bricked_fold: folded to a bet, of those that faced one;
--   quarter (stud8): won a share of one half only (of a pot split high and low), shared with another winner.
CREATE OR REPLACE TEMP VIEW upcards_computed AS
WITH scoped AS (
    SELECT s.*, h.variant FROM upcard_seats AS s JOIN upcard_hands AS h USING (site, hand_id) WHERE s.dealt),
doors AS (
    SELECT site, hand_id, list(door_card) AS doors FROM scoped WHERE door_card IS NOT NULL
    GROUP BY site, hand_id),
drawn AS (
    SELECT s.site, s.hand_id, s.player, s.variant,
           s.hole_cards IS NOT NULL AND len(string_split(s.hole_cards, ' ')) = 2 AS liveness_known,
           CASE WHEN liveness_known THEN list_append(string_split(s.hole_cards, ' '), s.door_card)
                ELSE [s.door_card] END AS own,
           list_filter(d.doors, lambda c: c <> s.door_card) AS others
    FROM scoped AS s JOIN doors AS d USING (site, hand_id)
    WHERE s.variant IN ('stud', 'stud8', 'razz') AND s.door_card IS NOT NULL),
described AS (
    SELECT site, hand_id, player, variant, liveness_known,
           list_transform(own, lambda c: card_rank_high(c)) AS own_ranks,
           list_transform(own, lambda c: ace_low_rank(c)) AS own_lows,
           list_transform(own, lambda c: right(c, 1)) AS own_suits,
           list_transform(others, lambda c: card_rank_high(c)) AS other_ranks,
           list_transform(others, lambda c: ace_low_rank(c)) AS other_lows,
           list_transform(others, lambda c: right(c, 1)) AS other_suits
    FROM drawn),
classed AS (
    SELECT *, first_street_draw(variant, own_ranks, own_lows, own_suits) AS draw FROM described),
live AS (
    SELECT site, hand_id, player, liveness_known, draw.kind AS draw,
           draw_outs(draw, own_ranks, own_lows, own_suits) AS outs,
           outs - draw_cards(draw, other_ranks, other_lows, other_suits) AS live_outs
    FROM classed
    WHERE draw.suit IS NOT NULL OR len(draw.ranks) > 0),
decisions AS (
    SELECT site, hand_id, player,
           arg_min({'seq': seq, 'action': action, 'aggressive_before': aggressive_before,
                    'completes_before': completes_before, 'not_folds_before': not_folds_before}, seq) AS d
    FROM (SELECT site, hand_id, seq, player, action,
                 coalesce(count_if(action IN ('complete', 'bet', 'raise')) OVER earlier, 0) AS aggressive_before,
                 coalesce(count_if(action = 'complete') OVER earlier, 0) AS completes_before,
                 coalesce(count_if(action NOT IN ('fold', 'bring-in')) OVER earlier, 0) AS not_folds_before
          FROM upcard_actions
          WHERE street_index = 0 AND action <> 'ante'
          WINDOW earlier AS (PARTITION BY site, hand_id ORDER BY seq
                             ROWS BETWEEN UNBOUNDED PRECEDING AND 1 PRECEDING))
    WHERE action <> 'bring-in'
    GROUP BY site, hand_id, player),
door_steals AS (
    SELECT d.site, d.hand_id, d.player AS stealer, d.d AS steal
    FROM decisions AS d JOIN scoped AS s USING (site, hand_id, player) WHERE s.door_steal),
boards AS (
    SELECT c.site, c.hand_id, c.player, h.variant, h.structure, h.rules, h.small_bet,
           list(c.card ORDER BY c.seq) AS board
    FROM upcard_cards AS c JOIN upcard_hands AS h USING (site, hand_id)
    WHERE c.source = 'dealt' AND c.face = 'up' AND c.player IS NOT NULL
      AND c.street IN (h.first_street, h.first_street + 1)
    GROUP BY ALL),
open_pairs AS (
    SELECT site, hand_id, any_value(small_bet) AS small_bet
    FROM boards
    WHERE len(board) = 2 AND card_rank_high(board[1]) = card_rank_high(board[2])
      AND double_bet_allowed(variant, structure, rules, site)
    GROUP BY site, hand_id),
second_round_bets AS (
    SELECT a.site, a.hand_id, arg_min({'player': a.player, 'amount': a.amount, 'all_in': a.all_in}, a.seq) AS bet,
           any_value(o.small_bet) AS small_bet
    FROM upcard_actions AS a JOIN open_pairs AS o USING (site, hand_id)
    WHERE a.street_index = 1 AND a.action = 'bet'
    GROUP BY a.site, a.hand_id),
razz_boards AS (
    SELECT site, hand_id, player,
           ace_low_rank(board[2]) > 8 OR ace_low_rank(board[2]) = ace_low_rank(board[1]) AS brick
    FROM boards WHERE variant = 'razz' AND len(board) = 2),
quarters AS (
    SELECT mine.site, mine.hand_id, mine.player,
           count(DISTINCT mine.half) = 1 AND bool_and(mine.half IS NOT NULL)
           AND bool_or(EXISTS (FROM upcard_awards AS other
                               WHERE other.site = mine.site AND other.hand_id = mine.hand_id
                                 AND other.pot = mine.pot AND other.half IS NOT DISTINCT FROM mine.half
                                 AND other.player <> mine.player AND other.amount > 0)) AS quarter
    FROM upcard_awards AS mine JOIN upcard_hands AS h USING (site, hand_id)
    WHERE h.variant = 'stud8' AND mine.player IS NOT NULL AND mine.amount > 0
    GROUP BY ALL)
SELECT s.site, s.hand_id, s.player,
       l.draw, l.outs, l.live_outs, l.liveness_known,
       round(l.live_outs / nullif(l.outs, 0), 3) AS liveness,
       CASE WHEN l.outs > 0 THEN CASE WHEN l.live_outs < 0.5 * l.outs THEN 'dead'
                                      WHEN l.live_outs >= 0.8 * l.outs THEN 'live' ELSE 'part dead' END END
           AS liveness_bucket,
       coalesce(d.d.aggressive_before = 1 AND d.d.completes_before = 1 AND NOT s.is_bringin, false)
           AS fold_to_completion_chance,
       coalesce(fold_to_completion_chance AND d.d.action = 'fold', false) AS fold_to_completion,
       coalesce(st.stealer <> s.player AND d.d.seq > st.steal.seq
                AND d.d.not_folds_before = st.steal.not_folds_before + 1, false) AS door_resteal_chance,
       coalesce(door_resteal_chance AND d.d.action = 'raise', false) AS door_resteal,
       coalesce(b.bet.player = s.player AND NOT (b.bet.all_in AND b.bet.amount <= b.small_bet), false)
           AS double_bet_chance,
       coalesce(double_bet_chance AND b.bet.amount > b.small_bet, false) AS double_bet,
       coalesce(r.brick AND s.s1_saw, false) AS bricked,
       bricked AND (s.s1_bets + s.s1_completes + s.s1_raises + s.s1_calls + s.s1_checks > 0 OR s.s1_folded)
           AS bricked_bet_chance,
       bricked_bet_chance AND s.s1_bets + s.s1_raises > 0 AS bricked_bet,
       bricked AND s.s1_faced_aggr AS bricked_fold_chance,
       bricked AND s.s1_fold_to_aggr AS bricked_fold,
       coalesce(q.quarter, false) AS quarter
FROM scoped AS s
LEFT JOIN live AS l USING (site, hand_id, player)
LEFT JOIN decisions AS d USING (site, hand_id, player)
LEFT JOIN door_steals AS st USING (site, hand_id)
LEFT JOIN second_round_bets AS b USING (site, hand_id)
LEFT JOIN razz_boards AS r USING (site, hand_id, player)
LEFT JOIN quarters AS q USING (site, hand_id, player);
