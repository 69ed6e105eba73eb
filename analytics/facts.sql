-- The per-seat facts behind the stats, worked out by DuckDB from the rows of a batch of hands: the
-- tables of each batch (this file, run for every batch) and the views that read them (facts_views.sql,
-- made once per facts database: their binding was a fifth of a batch's fixed cost).
--
-- Input: the batch's rows as analytics/rows.py builds them (batch_hands, batch_seats, batch_actions,
-- batch_cards, batch_awards, each keyed by hand_idx), and variant_facts / variant_door_worth
-- (analytics/facts.py, from the variant records). Output: the fact_... tables that the views fact_seats
-- (one row per seat, every column of the seats table) and fact_hands_dealt (the hands columns
-- players_dealt, last_street, showdown) of facts_views.sql read. Every statement is set-based over the
-- whole batch. For speed, the actions, the largest input, are aggregated per player once (the first
-- round's once more, for its decisions), and the other steps work on a row per seat or per hand; a step
-- read more than once is a temp table, worked out once, and one no longer needed is dropped to free its
-- memory; facts.py drops the rest once the batch is read. DuckDB binds and optimises every statement
-- again for each batch (a prepared statement too), so a batch costs a fixed 50-80 ms besides about 60 us
-- a hand (docs/stats.md, "How the facts are stored").
--
-- Definitions: docs/stats.md ("The facts", "The stats") and fpdb where verified. A "round" is a betting round: 0 (s0) is
-- 3rd street, 2nd in five card stud; antes and the bring-in post are no decisions. A player "dealt"
-- in was named by a deal line, showed cards or acted. A set of streets is a bit mask: bit n, street n.

-- The hands, with what their variant says; a variant studbook does not know reads as stud.
CREATE OR REPLACE TEMP TABLE fact_hands AS
SELECT h.hand_idx, h.first_street, coalesce(v.down_on_first, 2) AS down_on_first, v.start_groups,
       coalesce(v.hi_lo, false) AS hi_lo, coalesce(v.variant, 'stud') AS door_variant,
       list_aggregate(list_transform(h.streets_dealt, lambda street: 1::INTEGER << street), 'bit_or') AS dealt_streets
FROM batch_hands AS h LEFT JOIN variant_facts AS v USING (variant);

-- Each actor's actions: all-in on the forced bets (no decision left), his antes, the street of his first
-- fold in a betting round, the streets he acted on; round by round (s0..s4) the counts of each action,
-- whether he folded, faced a bet or raise of another player (acted after it) and folded to one. The
-- round-by-round facts are summed into one integer per fact, a byte per round (s0 in the lowest), and
-- fact_seats unpacks them: 8 sums instead of 45 filtered aggregates (a third of the time of this step).
-- No player makes 256 bets in one round.
CREATE OR REPLACE TEMP TABLE fact_played AS
WITH actions AS (
    SELECT hand_idx, seq, street, player, action, amount, all_in,
           action = 'bet' AS bets, action = 'complete' AS completes, action = 'raise' AS raises,
           action = 'call' AS calls, action = 'check' AS checks, action = 'fold' AS folded,
           action NOT IN ('ante', 'bring-in') AND coalesce(
               last_value(CASE WHEN action IN ('complete', 'bet', 'raise') THEN player END IGNORE NULLS) OVER (
                   PARTITION BY hand_idx, street_index ORDER BY seq ROWS BETWEEN UNBOUNDED PRECEDING AND 1 PRECEDING
               ) <> player, false) AS faced_aggr,
           faced_aggr AND folded AS fold_to_aggr,
           CASE WHEN street_index BETWEEN 0 AND 4 THEN 8 * street_index END AS round_byte
    FROM batch_actions)
SELECT hand_idx, player,
       bool_or(all_in AND action IN ('ante', 'bring-in')) AS forced_all_in,
       coalesce(sum(amount) FILTER (action = 'ante'), 0) AS ante,
       arg_min(street, seq) FILTER (folded AND round_byte IS NOT NULL) AS folded_street,
       bit_or(1::INTEGER << street) AS acted_streets,
       sum(COLUMNS('^(bets|completes|raises|calls|checks)$')::BIGINT << round_byte),
       bit_or(COLUMNS('^(folded|faced_aggr|fold_to_aggr)$')::BIGINT << round_byte)
FROM actions
GROUP BY hand_idx, player;

-- Each player's first round, antes apart: whether he put money in voluntarily (the bring-in post is no
-- voluntary money), his first action and his first decision (the bring-in post is none), with what came
-- before and after it: calls, completions, bets and raises open a pot, all but the call complete it;
-- and how many of his decisions were no fold.
CREATE OR REPLACE TEMP TABLE fact_first_round AS
WITH actions AS (
    SELECT hand_idx, seq, player, action, amount,
           action IN ('complete', 'bet', 'raise') AS aggressive,
           action IN ('complete', 'bet', 'raise', 'call') AS voluntary,
           coalesce(count_if(voluntary) OVER earlier, 0) AS opened,
           coalesce(count_if(aggressive) OVER earlier, 0) AS completed,
           coalesce(count_if(action <> 'fold') OVER earlier, 0) AS not_folds_before,
           coalesce(count_if(action <> 'fold') OVER later, 0) AS not_folds_after
    FROM batch_actions
    WHERE street_index = 0 AND action <> 'ante'
    WINDOW earlier AS (PARTITION BY hand_idx ORDER BY seq ROWS BETWEEN UNBOUNDED PRECEDING AND 1 PRECEDING),
           later AS (PARTITION BY hand_idx ORDER BY seq ROWS BETWEEN 1 FOLLOWING AND UNBOUNDED FOLLOWING))
SELECT hand_idx, player, bool_or(voluntary) AS vpip,
       arg_min({'seq': seq, 'player': player, 'action': action, 'amount': amount}, seq) AS first_action,
       arg_min({'seq': seq, 'action': action, 'aggressive': aggressive, 'opened': opened, 'completed': completed,
                'not_folds_before': not_folds_before, 'not_folds_after': not_folds_after}, seq)
           FILTER (action <> 'bring-in') AS decision,
       count_if(action NOT IN ('fold', 'bring-in')) AS own_not_folds
FROM actions
GROUP BY hand_idx, player;

-- Each hand's first-round opener (its first action but the antes names the bring-in: a post, or a
-- completion instead of one) and the streets it reached (dealt, marked or acted on).
CREATE OR REPLACE TEMP TABLE fact_hand_play AS
WITH played AS (
    SELECT hand_idx, bit_or(acted_streets) AS acted_streets FROM fact_played GROUP BY hand_idx),
openers AS (
    SELECT hand_idx, arg_min(first_action, first_action.seq) AS opener FROM fact_first_round GROUP BY hand_idx)
SELECT h.*, o.opener.action AS opener_action, o.opener.amount AS opener_amount,
       CASE WHEN o.opener.action IN ('bring-in', 'complete') THEN o.opener.player END AS bringin,
       coalesce(h.dealt_streets, 0) | coalesce(p.acted_streets, 0) AS reached
FROM fact_hands AS h LEFT JOIN played AS p USING (hand_idx) LEFT JOIN openers AS o USING (hand_idx);

-- Each player's door card (his first up card of the first street) and the down cards dealt him on it.
CREATE OR REPLACE TEMP VIEW fact_cards AS
SELECT c.hand_idx, c.player,
       arg_min(c.card, c.seq) FILTER (c.face = 'up') AS door_card,
       arg_min(c.rank, c.seq) FILTER (c.face = 'up') AS door_rank,
       list(c.card ORDER BY c.seq) FILTER (c.face = 'down') AS dealt_hole
FROM batch_cards AS c JOIN fact_hands AS h ON h.hand_idx = c.hand_idx AND c.street = h.first_street
WHERE c.source = 'dealt' AND c.player IS NOT NULL
GROUP BY c.hand_idx, c.player;

-- Every seat, with what his actions and cards say, whether he was dealt in, and what his door card is
-- worth.
CREATE OR REPLACE TEMP TABLE fact_dealt AS
SELECT s.hand_idx, s.seat, s.player, s.shown_cards, h.first_street, h.down_on_first, h.start_groups,
       h.reached, h.opener_action, h.opener_amount, h.bringin,
       s.dealt_cards OR s.shown_cards IS NOT NULL OR p.player IS NOT NULL AS dealt,
       coalesce(p.forced_all_in, false) AS forced_all_in, coalesce(p.ante, 0) AS ante, p.folded_street,
       COLUMNS('^(bets|completes|raises|calls|checks|folded|faced_aggr|fold_to_aggr)$'),
       f.player IS NOT NULL AS first_round, coalesce(f.vpip, false) AS vpip, f.decision, f.own_not_folds,
       c.door_card, c.door_rank, coalesce(c.dealt_hole, []) AS dealt_hole, w.worth AS door_worth
FROM batch_seats AS s
JOIN fact_hand_play AS h USING (hand_idx)
LEFT JOIN fact_played AS p USING (hand_idx, player)
LEFT JOIN fact_first_round AS f USING (hand_idx, player)
LEFT JOIN fact_cards AS c USING (hand_idx, player)
LEFT JOIN variant_door_worth AS w ON w.variant = h.door_variant AND w.card = c.door_card;

-- fact_dealt and fact_hand_play hold what these gave: their memory is free for the rest.
DROP TABLE fact_first_round;
DROP TABLE fact_played;
DROP TABLE fact_hands;

-- What a hand's seats say of it: the players dealt in, those who held cards to the end of the betting (a
-- showdown when there are two or more), the highest door rank (five card stud's board).
CREATE OR REPLACE TEMP TABLE fact_hand_seats AS
SELECT hand_idx, count_if(dealt) AS players_dealt, count_if(dealt AND folded_street IS NULL) AS live,
       max(door_rank) AS board_high
FROM fact_dealt
GROUP BY hand_idx;

-- fpdb positions: the players acting after the bring-in (not all-in on the forced bets), numbered
-- down to 0 for the last one; and whether every door card still to act, the bring-in's included, is
-- worth less than the player's (the variant's door worth: the bring-in card is worth least). The action
-- goes round by seat number from the bring-in; one window, ordered that way, numbers and compares.
CREATE OR REPLACE TEMP TABLE fact_positions AS
WITH bringins AS (
    SELECT hand_idx, seat AS bringin_seat, door_worth AS bringin_worth FROM fact_dealt WHERE player = bringin),
to_act AS (
    SELECT d.hand_idx, d.player, d.door_worth, b.bringin_worth,
           count(*) OVER later AS position,
           max(d.door_worth) OVER later AS best_later,
           count(*) OVER later - count(d.door_worth) OVER later AS unknown_later
    FROM fact_dealt AS d JOIN bringins AS b USING (hand_idx)
    WHERE d.dealt AND NOT d.forced_all_in AND d.player <> d.bringin
    WINDOW later AS (PARTITION BY d.hand_idx ORDER BY (d.seat - b.bringin_seat + 256) % 256
                     ROWS BETWEEN 1 FOLLOWING AND UNBOUNDED FOLLOWING))
SELECT hand_idx, player, position,
       door_worth IS NOT NULL AND bringin_worth IS NOT NULL AND bringin_worth < door_worth
           AND unknown_later = 0 AND (best_later IS NULL OR best_later < door_worth) AS best_door
FROM to_act;

-- Each player's first decision on the first round: in an unopened pot, and not the bring-in's, it is a
-- chance to complete first in (rfi); a steal chance from positions 0-2 and a door-card steal chance with
-- the best door to act; it succeeds when every later action of the others is a fold.
CREATE OR REPLACE TEMP TABLE fact_decisions AS
SELECT d.hand_idx, d.player, d.decision, p.position,
       d.decision IS NOT NULL AND d.player IS DISTINCT FROM d.bringin AND d.decision.opened = 0 AS rfi_chance,
       rfi_chance AND d.decision.aggressive AS rfi,
       rfi_chance AND coalesce(p.position < 3, false) AS steal_chance,
       rfi_chance AND coalesce(p.best_door, false) AS door_steal_chance,
       d.decision.not_folds_after - (d.own_not_folds - (d.decision.action <> 'fold')::INT) = 0 AS uncontested
FROM fact_dealt AS d LEFT JOIN fact_positions AS p USING (hand_idx, player)
WHERE d.dealt;

-- The first-street down cards of a player who showed his hand and was not dealt them all in the log: the
-- first of the cards he showed that were never face up (sites list shown cards in the order dealt). The
-- few seats this concerns are a table first, so that the join with the cards is built on them and only
-- their hands' cards are read.
CREATE OR REPLACE TEMP TABLE fact_shown AS
SELECT hand_idx, player, shown_cards, down_on_first FROM fact_dealt
WHERE shown_cards IS NOT NULL AND len(dealt_hole) < down_on_first;

CREATE OR REPLACE TEMP TABLE fact_shown_holes AS
WITH exposed AS (
    SELECT s.hand_idx, s.player, list(c.card) AS cards
    FROM fact_shown AS s
    JOIN (FROM batch_cards SEMI JOIN fact_shown USING (hand_idx) WHERE face IN ('up', 'community')) AS c
        ON c.hand_idx = s.hand_idx AND (c.face = 'community' OR c.player = s.player)
    GROUP BY s.hand_idx, s.player)
SELECT s.hand_idx, s.player,
       [card FOR card IN string_split(s.shown_cards, ' ') IF NOT list_contains(coalesce(e.cards, []), card)
       ][1:s.down_on_first] AS hole
FROM fact_shown AS s LEFT JOIN exposed AS e USING (hand_idx, player);
