-- The per-seat facts behind the stats, worked out by DuckDB from the rows of a batch as it loads.
--
-- Input: the batch's rows as analytics/rows.py builds them (batch_hands, batch_seats, batch_actions,
-- batch_cards, batch_awards, each keyed by hand_idx), batch_new (the hand_idx of the hands not yet
-- stored: only those are worked out), and variant_facts / variant_door_worth (analytics/facts.py, from
-- the variant records). Output: the views fact_seats (one row per seat, every column of the seats
-- table) and fact_hands_dealt (the hands columns players_dealt, last_street, showdown), which the loader
-- inserts. Every statement is set-based over the whole batch. A step read more than once is a temp
-- table, the others views over the batch, so that the batch's rows are not copied: the import runs
-- under a small memory limit (analytics/db.py). The loader drops them all once the batch is stored.
--
-- Definitions: stats.md 2.2-2.4 and fpdb where verified. A "round" is a betting round: 0 (s0) is
-- 3rd street, 2nd in five card stud; antes and the bring-in post are no decisions. A player "dealt"
-- in was named by a deal line, showed cards or acted.

-- The new hands, with what their variant says; a variant studbook does not know reads as stud.
CREATE OR REPLACE TEMP VIEW fact_hands AS
SELECT h.hand_idx, h.first_street, h.streets_dealt, coalesce(v.down_on_first, 2) AS down_on_first,
       v.start_groups, coalesce(v.hi_lo, false) AS hi_lo, coalesce(v.variant, 'stud') AS door_variant
FROM batch_hands AS h LEFT JOIN variant_facts AS v USING (variant);

CREATE OR REPLACE TEMP VIEW fact_actions AS
SELECT hand_idx, seq, street, street_index AS round, player, action, amount, all_in,
       action IN ('complete', 'bet', 'raise') AS aggressive,
       action IN ('complete', 'bet', 'raise', 'call') AS voluntary
FROM batch_actions;

-- The streets each hand reached: dealt, marked or acted on.
CREATE OR REPLACE TEMP TABLE fact_streets AS
WITH acted AS (SELECT hand_idx, list(DISTINCT street) AS streets FROM fact_actions GROUP BY hand_idx)
SELECT h.hand_idx, h.first_street, list_distinct(h.streets_dealt || coalesce(a.streets, [])) AS reached
FROM fact_hands AS h LEFT JOIN acted AS a USING (hand_idx);

-- What each actor's actions say of the whole hand: all-in on the forced bets (no decision left), his
-- antes, the street of his first fold in a betting round, whether he acted and put money in
-- voluntarily on the first round (the bring-in post is no voluntary money).
CREATE OR REPLACE TEMP VIEW fact_played AS
SELECT hand_idx, player,
       bool_or(all_in AND action IN ('ante', 'bring-in')) AS forced_all_in,
       coalesce(sum(amount) FILTER (WHERE action = 'ante'), 0) AS ante,
       arg_min(street, seq) FILTER (WHERE action = 'fold' AND round BETWEEN 0 AND 4) AS folded_street,
       bool_or(round = 0 AND action <> 'ante') AS first_round, bool_or(round = 0 AND voluntary) AS vpip
FROM fact_actions
GROUP BY hand_idx, player;

-- Round by round (s0..s4), what each actor did: the counts of each action, whether he folded, faced a
-- bet or raise of another player (acted after it) and folded to one.
CREATE OR REPLACE TEMP VIEW fact_rounds AS
PIVOT (
    SELECT hand_idx, player, action, 's' || round AS round_name,
           action NOT IN ('ante', 'bring-in') AND coalesce(
               last_value(CASE WHEN aggressive THEN player END IGNORE NULLS) OVER (
                   PARTITION BY hand_idx, round ORDER BY seq ROWS BETWEEN UNBOUNDED PRECEDING AND 1 PRECEDING
               ) <> player, false) AS facing
    FROM fact_actions)
ON round_name IN ('s0', 's1', 's2', 's3', 's4')
USING count_if(action = 'bet') AS bets, count_if(action = 'complete') AS completes,
      count_if(action = 'raise') AS raises, count_if(action = 'call') AS calls, count_if(action = 'check') AS checks,
      bool_or(action = 'fold') AS folded, bool_or(facing) AS faced_aggr, bool_or(facing AND action = 'fold') AS fold_to_aggr
GROUP BY hand_idx, player;

-- Each player's cards: the door (his first up card of the first street), the down cards dealt to him
-- on it, and every up card dealt to him.
CREATE OR REPLACE TEMP VIEW fact_cards AS
WITH first_street AS (
    SELECT c.*, c.street = h.first_street AND c.source = 'dealt' AS on_first
    FROM batch_cards AS c JOIN fact_hands AS h USING (hand_idx)
    WHERE c.player IS NOT NULL)
SELECT hand_idx, player,
       arg_min(card, seq) FILTER (WHERE on_first AND face = 'up') AS door_card,
       arg_min(rank, seq) FILTER (WHERE on_first AND face = 'up') AS door_rank,
       coalesce(list(card ORDER BY seq) FILTER (WHERE on_first AND face = 'down'), []) AS dealt_hole,
       coalesce(list(card) FILTER (WHERE face = 'up'), []) AS up_cards
FROM first_street
GROUP BY hand_idx, player;

-- Every seat, with what his actions say of the hand, whether he was dealt in, whether he held cards to
-- the end of the betting with another (a showdown), and what the door cards of his hand are worth (the
-- highest door rank is five card stud's board).
CREATE OR REPLACE TEMP TABLE fact_dealt AS
WITH seats AS (
    SELECT s.hand_idx, s.seat, s.player, h.first_street, h.down_on_first, h.start_groups,
           s.dealt_cards OR s.shown_cards IS NOT NULL OR p.player IS NOT NULL AS dealt,
           coalesce(p.forced_all_in, false) AS forced_all_in, coalesce(p.ante, 0) AS ante, p.folded_street,
           coalesce(p.first_round, false) AS first_round, coalesce(p.vpip, false) AS vpip,
           c.door_card, c.door_rank, w.worth AS door_worth,
           max(c.door_rank) OVER (PARTITION BY s.hand_idx) AS board_high,
           coalesce(c.dealt_hole, []) AS dealt_hole, coalesce(c.up_cards, []) AS up_cards, s.shown_cards
    FROM batch_seats AS s
    JOIN fact_hands AS h USING (hand_idx)
    LEFT JOIN fact_played AS p USING (hand_idx, player)
    LEFT JOIN fact_cards AS c USING (hand_idx, player)
    LEFT JOIN variant_door_worth AS w ON w.variant = h.door_variant AND w.card = c.door_card)
SELECT *, dealt AND folded_street IS NULL
              AND count_if(dealt AND folded_street IS NULL) OVER (PARTITION BY hand_idx) > 1 AS showdown
FROM seats;

-- The first round without antes: its first action names the bring-in (a post, or a completion
-- instead of one).
CREATE OR REPLACE TEMP VIEW fact_first_round AS
SELECT * FROM fact_actions WHERE round = 0 AND action <> 'ante';

CREATE OR REPLACE TEMP TABLE fact_openers AS
SELECT hand_idx, arg_min(action, seq) AS opener_action, arg_min(amount, seq) AS opener_amount,
       CASE WHEN arg_min(action, seq) IN ('bring-in', 'complete') THEN arg_min(player, seq) END AS bringin
FROM fact_first_round
GROUP BY hand_idx;

-- fpdb positions: the players acting after the bring-in (not all-in on the forced bets), numbered
-- down to 0 for the last one; and whether every door card still to act, the bring-in's included, is
-- worth less than the player's (the variant's door worth: the bring-in card is worth least).
CREATE OR REPLACE TEMP TABLE fact_positions AS
WITH seated AS (
    SELECT d.hand_idx, d.player, d.forced_all_in, d.door_worth, o.bringin,
           row_number() OVER (PARTITION BY d.hand_idx ORDER BY d.seat) AS place,
           count(*) OVER (PARTITION BY d.hand_idx) AS players
    FROM fact_dealt AS d JOIN fact_openers AS o USING (hand_idx)
    WHERE d.dealt AND o.bringin IS NOT NULL),
bringins AS (
    SELECT hand_idx, place AS bringin_place, door_worth AS bringin_worth FROM seated WHERE player = bringin),
numbered AS (
    SELECT s.hand_idx, s.player, s.door_worth, b.bringin_worth,
           count(*) OVER (PARTITION BY s.hand_idx)
               - row_number() OVER (PARTITION BY s.hand_idx ORDER BY (s.place - b.bringin_place + s.players) % s.players)
               AS position
    FROM seated AS s JOIN bringins AS b USING (hand_idx)
    WHERE NOT s.forced_all_in AND s.player <> s.bringin),
to_act AS (
    SELECT *,
           max(door_worth) OVER later AS best_later,
           count(*) OVER later - count(door_worth) OVER later AS unknown_later
    FROM numbered
    WINDOW later AS (PARTITION BY hand_idx ORDER BY position ROWS BETWEEN UNBOUNDED PRECEDING AND 1 PRECEDING))
SELECT hand_idx, player, position,
       door_worth IS NOT NULL AND bringin_worth IS NOT NULL AND bringin_worth < door_worth
           AND coalesce(unknown_later, 0) = 0 AND (best_later IS NULL OR best_later < door_worth) AS best_door
FROM to_act;

-- Each player's first decision on the first round (the bring-in post is none), with what came before
-- it: a pot is opened by a call, completion, bet or raise, and completed by any but the call. A first
-- decision in an unopened pot, other than the bring-in's, is a chance to complete first in (rfi); it is
-- a steal chance from positions 0-2 and a door-card steal chance with the best door to act; it
-- succeeds when every later action of the others is a fold. Counts over no row are NULL: coalesce.
CREATE OR REPLACE TEMP TABLE fact_first_decisions AS
WITH counted AS (
    SELECT *,
           coalesce(count_if(voluntary) OVER before, 0) AS opened,
           coalesce(count_if(aggressive) OVER before, 0) AS completed,
           coalesce(count_if(action <> 'fold') OVER before, 0) AS not_folds_before,
           coalesce(count_if(action <> 'fold') OVER after, 0)
               - coalesce(count_if(action <> 'fold') OVER my_after, 0) AS others_not_folding,
           count_if(action <> 'bring-in') OVER (PARTITION BY hand_idx, player ORDER BY seq) AS decision
    FROM fact_first_round
    WINDOW before AS (PARTITION BY hand_idx ORDER BY seq ROWS BETWEEN UNBOUNDED PRECEDING AND 1 PRECEDING),
           after AS (PARTITION BY hand_idx ORDER BY seq ROWS BETWEEN 1 FOLLOWING AND UNBOUNDED FOLLOWING),
           my_after AS (PARTITION BY hand_idx, player ORDER BY seq ROWS BETWEEN 1 FOLLOWING AND UNBOUNDED FOLLOWING)),
chances AS (
    SELECT c.hand_idx, c.seq, c.player, c.action, c.aggressive, c.completed, c.not_folds_before,
           o.bringin, o.opener_action,
           c.player IS DISTINCT FROM o.bringin AND c.opened = 0 AS rfi_chance,
           c.others_not_folding = 0 AS uncontested,
           p.position, coalesce(p.best_door, false) AS best_door
    FROM counted AS c
    JOIN fact_openers AS o USING (hand_idx)
    LEFT JOIN fact_positions AS p USING (hand_idx, player)
    WHERE c.action <> 'bring-in' AND c.decision = 1)
SELECT *,
       rfi_chance AND aggressive AS rfi,
       rfi_chance AND coalesce(position < 3, false) AS steal_chance,
       rfi_chance AND best_door AS door_steal_chance
FROM chances;

-- The bring-in's answer to a completion (fold, call or raise), and to a steal when only folds came
-- between (the steal itself is no fold): his first decision after a completion, when he posted.
CREATE OR REPLACE TEMP VIEW fact_bringin_answers AS
WITH steals AS (
    SELECT hand_idx, seq AS steal_seq, not_folds_before AS steal_not_folds_before
    FROM fact_first_decisions WHERE steal_chance AND rfi)
SELECT d.hand_idx, d.player,
       CASE WHEN d.aggressive THEN 'raise' ELSE d.action END AS answer,
       s.steal_seq < d.seq AND d.not_folds_before = s.steal_not_folds_before + 1 AS to_steal
FROM fact_first_decisions AS d LEFT JOIN steals AS s USING (hand_idx)
WHERE d.player = d.bringin AND d.opener_action = 'bring-in' AND d.completed > 0;

-- Hi/lo results (stud8) of each winner: scoop (alone among the winners of every pot he could win),
-- high or low (one half), split (a share shared, or parts of both halves); a whole pot nobody's low
-- qualified for counts as high.
CREATE OR REPLACE TEMP VIEW fact_hilo AS
WITH pots AS (
    SELECT * FROM batch_awards WHERE hand_idx IN (SELECT hand_idx FROM fact_hands WHERE hi_lo)),
shares AS (
    SELECT mine.hand_idx, mine.player, coalesce(mine.half, 'hi') AS half,
           EXISTS (FROM pots AS other
                   WHERE other.hand_idx = mine.hand_idx AND other.pot = mine.pot AND other.player <> mine.player
                     AND other.half IS NOT DISTINCT FROM mine.half) AS shared
    FROM pots AS mine
    WHERE mine.player IS NOT NULL AND mine.amount > 0),
winners AS (
    SELECT hand_idx, player, bool_or(shared) AS shared, count(DISTINCT half) AS halves, any_value(half) AS half
    FROM shares
    GROUP BY hand_idx, player)
SELECT hand_idx, player,
       CASE WHEN NOT EXISTS (FROM pots AS other
                             WHERE other.hand_idx = w.hand_idx AND other.player <> w.player
                               AND list_contains(other.eligible_players, w.player)) THEN 'scoop'
            WHEN shared OR halves = 2 THEN 'split'
            WHEN half = 'hi' THEN 'high'
            ELSE 'low' END AS hilo_result
FROM winners AS w;

CREATE OR REPLACE TEMP VIEW fact_won AS
SELECT hand_idx, player,
       coalesce(sum(amount) FILTER (WHERE half = 'hi'), 0) AS won_hi,
       coalesce(sum(amount) FILTER (WHERE half = 'lo'), 0) AS won_lo
FROM batch_awards
WHERE player IS NOT NULL
GROUP BY hand_idx, player;

-- A player's first-street down cards: dealt to him, or else the first of the cards he showed that
-- were never face up (sites list shown cards in the order dealt).
CREATE OR REPLACE TEMP VIEW fact_holes AS
WITH community AS (
    SELECT hand_idx, list(card) AS cards FROM batch_cards WHERE face = 'community' GROUP BY hand_idx),
holes AS (
    SELECT d.hand_idx, d.player,
           CASE WHEN d.shown_cards IS NOT NULL AND len(d.dealt_hole) < d.down_on_first
                THEN [card FOR card IN string_split(d.shown_cards, ' ')
                      IF NOT list_contains(d.up_cards, card) AND NOT list_contains(coalesce(c.cards, []), card)
                     ][1:d.down_on_first]
                ELSE d.dealt_hole END AS hole,
           d.door_card, d.down_on_first, d.start_groups, d.board_high
    FROM fact_dealt AS d LEFT JOIN community AS c USING (hand_idx))
SELECT hand_idx, player, nullif(array_to_string(hole, ' '), '') AS hole_cards,
       CASE WHEN len(hole) = down_on_first AND door_card IS NOT NULL
            THEN start_class(start_groups, hole, door_card, board_high) END AS start_class
FROM holes;

-- Every column of the seats table. A seat not dealt in has no facts; a round the hand did not reach
-- was not seen.
CREATE OR REPLACE TEMP VIEW fact_seats AS
SELECT s.hand_idx, s.seat, s.player, s.stack, s.sitting_out, s.dealt_cards, d.dealt, d.forced_all_in, d.ante,
       coalesce(s.player = o.bringin, false) AS is_bringin,
       CASE WHEN s.player = o.bringin AND o.opener_action = 'bring-in' THEN o.opener_amount ELSE 0 END
           AS bringin_amount,
       coalesce(s.player = o.bringin AND o.opener_action = 'complete', false) AS bringin_completed,
       b.answer AS bringin_vs_complete, CASE WHEN b.to_steal THEN b.answer END AS bringin_vs_steal,
       d.door_card, d.door_rank, holes.hole_cards, holes.start_class, ps.position,
       d.dealt AND d.first_round AND NOT d.forced_all_in AS vpip_chance, d.dealt AND d.vpip AS vpip,
       coalesce(f.rfi_chance, false) AS rfi_chance, coalesce(f.rfi, false) AS rfi,
       coalesce(f.steal_chance, false) AS steal_chance, coalesce(f.steal_chance AND f.rfi, false) AS steal,
       coalesce(f.steal_chance AND f.rfi AND f.uncontested, false) AS steal_success,
       coalesce(f.door_steal_chance, false) AS door_steal_chance,
       coalesce(f.door_steal_chance AND f.rfi, false) AS door_steal,
       coalesce(f.door_steal_chance AND f.rfi AND f.uncontested, false) AS door_steal_success,
       d.dealt AND list_contains(st.reached, st.first_street) AS s0_saw,
       d.dealt AND list_contains(st.reached, st.first_street + 1)
           AND coalesce(d.folded_street >= st.first_street + 1, true) AS s1_saw,
       d.dealt AND list_contains(st.reached, st.first_street + 2)
           AND coalesce(d.folded_street >= st.first_street + 2, true) AS s2_saw,
       d.dealt AND list_contains(st.reached, st.first_street + 3)
           AND coalesce(d.folded_street >= st.first_street + 3, true) AS s3_saw,
       d.dealt AND list_contains(st.reached, st.first_street + 4)
           AND coalesce(d.folded_street >= st.first_street + 4, true) AS s4_saw,
       coalesce(COLUMNS('^s[0-4]_(bets|completes|raises|calls|checks)$'), 0),
       coalesce(COLUMNS('^s[0-4]_(folded|faced_aggr|fold_to_aggr)$'), false),
       s.committed, s.collected, s.collected - s.committed AS net, s.rules_collected, s.rules_net,
       d.showdown, d.showdown AND s.collected > 0 AS won_at_showdown,
       coalesce(won.won_hi, 0) AS won_hi, coalesce(won.won_lo, 0) AS won_lo, hilo.hilo_result,
       s.high_name, s.low_name, s.shown_cards, d.folded_street, s.ev_collected
FROM batch_seats AS s
JOIN fact_dealt AS d USING (hand_idx, seat)
JOIN fact_streets AS st USING (hand_idx)
LEFT JOIN fact_rounds AS r ON r.hand_idx = s.hand_idx AND r.player = s.player AND d.dealt
LEFT JOIN fact_openers AS o USING (hand_idx)
LEFT JOIN fact_bringin_answers AS b ON b.hand_idx = s.hand_idx AND b.player = s.player
LEFT JOIN fact_holes AS holes ON holes.hand_idx = s.hand_idx AND holes.player = s.player
LEFT JOIN fact_positions AS ps ON ps.hand_idx = s.hand_idx AND ps.player = s.player
LEFT JOIN fact_first_decisions AS f ON f.hand_idx = s.hand_idx AND f.player = s.player
LEFT JOIN fact_won AS won ON won.hand_idx = s.hand_idx AND won.player = s.player
LEFT JOIN fact_hilo AS hilo ON hilo.hand_idx = s.hand_idx AND hilo.player = s.player;

-- The hands columns worked out of their seats: players dealt in, the last street reached, showdown.
CREATE OR REPLACE TEMP VIEW fact_hands_dealt AS
SELECT st.hand_idx, count_if(d.dealt) AS players_dealt,
       coalesce(list_max(st.reached), st.first_street) AS last_street, coalesce(bool_or(d.showdown), false) AS showdown
FROM fact_streets AS st LEFT JOIN fact_dealt AS d USING (hand_idx)
GROUP BY st.hand_idx, st.reached, st.first_street;
