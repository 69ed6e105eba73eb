-- The views of the per-seat facts over the tables facts.sql makes for each batch: made once per facts
-- database (analytics/facts.py), they bind to the batch_... inputs and fact_... temp tables of the
-- connection (or cursor) that reads them, so cursors on several threads share them.

-- The bring-in's answer to a completion (his first decision after one, when he posted), and to a steal
-- when only folds came between (the steal itself is no fold).
CREATE OR REPLACE TEMP VIEW fact_bringin_answers AS
WITH steals AS (SELECT hand_idx, decision AS steal FROM fact_decisions WHERE steal_chance AND rfi),
answers AS (
    SELECT hand_idx, player, decision,
           CASE WHEN decision.aggressive THEN 'raise' ELSE decision.action END AS bringin_vs_complete
    FROM fact_dealt
    WHERE player = bringin AND opener_action = 'bring-in' AND decision.completed > 0)
SELECT a.hand_idx, a.player, a.bringin_vs_complete,
       CASE WHEN s.steal.seq < a.decision.seq AND a.decision.not_folds_before = s.steal.not_folds_before + 1
            THEN a.bringin_vs_complete END AS bringin_vs_steal
FROM answers AS a LEFT JOIN steals AS s USING (hand_idx);

-- Hi/lo results (stud8) of each winner: scoop (alone among the winners of every pot he could win),
-- high or low (one half), split (a share shared, or parts of both halves); a whole pot nobody's low
-- qualified for counts as high.
CREATE OR REPLACE TEMP VIEW fact_hilo AS
WITH pots AS (
    SELECT * FROM batch_awards WHERE hand_idx IN (SELECT hand_idx FROM fact_hand_play WHERE hi_lo)),
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

-- Every column of the seats table. A seat not dealt in has no facts; a round the hand did not reach
-- was not seen.
CREATE OR REPLACE TEMP VIEW fact_seats AS
WITH seats AS (
    SELECT d.*, raw.* EXCLUDE (hand_idx, seat, player, shown_cards), coalesce(sh.hole, d.dealt_hole) AS hole,
           hs.board_high, d.dealt AND d.folded_street IS NULL AND hs.live > 1 AS showdown
    FROM fact_dealt AS d
    JOIN batch_seats AS raw USING (hand_idx, seat, player)
    JOIN fact_hand_seats AS hs USING (hand_idx)
    LEFT JOIN fact_shown_holes AS sh USING (hand_idx, player)),
classed AS (
    SELECT *, CASE WHEN len(hole) = down_on_first AND door_card IS NOT NULL
                   THEN start_hand(start_groups, hole, door_card, board_high) END AS start_hand
    FROM seats)
SELECT s.hand_idx, s.seat, s.player, s.stack, s.sitting_out, s.dealt_cards, s.dealt, s.forced_all_in, s.ante,
       coalesce(s.player = s.bringin, false) AS is_bringin,
       CASE WHEN s.player = s.bringin AND s.opener_action = 'bring-in' THEN s.opener_amount ELSE 0 END
           AS bringin_amount,
       coalesce(s.player = s.bringin AND s.opener_action = 'complete', false) AS bringin_completed,
       b.bringin_vs_complete, b.bringin_vs_steal,
       s.door_card, s.door_rank, nullif(array_to_string(s.hole, ' '), '') AS hole_cards,
       sc.class AS start_class,
       f.position,
       s.dealt AND s.first_round AND NOT s.forced_all_in AS vpip_chance, s.dealt AND s.vpip AS vpip,
       coalesce(f.rfi_chance, false) AS rfi_chance, coalesce(f.rfi, false) AS rfi,
       coalesce(f.steal_chance, false) AS steal_chance, coalesce(f.steal_chance AND f.rfi, false) AS steal,
       coalesce(f.steal_chance AND f.rfi AND f.uncontested, false) AS steal_success,
       coalesce(f.door_steal_chance, false) AS door_steal_chance,
       coalesce(f.door_steal_chance AND f.rfi, false) AS door_steal,
       coalesce(f.door_steal_chance AND f.rfi AND f.uncontested, false) AS door_steal_success,
       s.dealt AND (s.reached >> s.first_street) & 1 = 1 AS s0_saw,
       s.dealt AND (s.reached >> (s.first_street + 1)) & 1 = 1
           AND coalesce(s.folded_street >= s.first_street + 1, true) AS s1_saw,
       s.dealt AND (s.reached >> (s.first_street + 2)) & 1 = 1
           AND coalesce(s.folded_street >= s.first_street + 2, true) AS s2_saw,
       s.dealt AND (s.reached >> (s.first_street + 3)) & 1 = 1
           AND coalesce(s.folded_street >= s.first_street + 3, true) AS s3_saw,
       s.dealt AND (s.reached >> (s.first_street + 4)) & 1 = 1
           AND coalesce(s.folded_street >= s.first_street + 4, true) AS s4_saw,
       coalesce((COLUMNS('^(bets|completes|raises|calls|checks)$') >> 0) & 255, 0) AS 's0_\1',
       coalesce((COLUMNS('^(bets|completes|raises|calls|checks)$') >> 8) & 255, 0) AS 's1_\1',
       coalesce((COLUMNS('^(bets|completes|raises|calls|checks)$') >> 16) & 255, 0) AS 's2_\1',
       coalesce((COLUMNS('^(bets|completes|raises|calls|checks)$') >> 24) & 255, 0) AS 's3_\1',
       coalesce((COLUMNS('^(bets|completes|raises|calls|checks)$') >> 32) & 255, 0) AS 's4_\1',
       coalesce((COLUMNS('^(folded|faced_aggr|fold_to_aggr)$') >> 0) & 1 = 1, false) AS 's0_\1',
       coalesce((COLUMNS('^(folded|faced_aggr|fold_to_aggr)$') >> 8) & 1 = 1, false) AS 's1_\1',
       coalesce((COLUMNS('^(folded|faced_aggr|fold_to_aggr)$') >> 16) & 1 = 1, false) AS 's2_\1',
       coalesce((COLUMNS('^(folded|faced_aggr|fold_to_aggr)$') >> 24) & 1 = 1, false) AS 's3_\1',
       coalesce((COLUMNS('^(folded|faced_aggr|fold_to_aggr)$') >> 32) & 1 = 1, false) AS 's4_\1',
       s.committed, s.collected, s.collected - s.committed AS net, s.rules_collected, s.rules_net,
       s.showdown, s.showdown AND s.collected > 0 AS won_at_showdown,
       coalesce(won.won_hi, 0) AS won_hi, coalesce(won.won_lo, 0) AS won_lo, hilo.hilo_result,
       s.high_name, s.low_name, s.shown_cards, s.folded_street, s.ev_collected
FROM classed AS s
LEFT JOIN start_class_table AS sc ON sc.groups = s.start_groups AND sc.hand = s.start_hand
LEFT JOIN fact_decisions AS f USING (hand_idx, player)
LEFT JOIN fact_bringin_answers AS b USING (hand_idx, player)
LEFT JOIN fact_won AS won USING (hand_idx, player)
LEFT JOIN fact_hilo AS hilo USING (hand_idx, player);

-- The hands columns worked out of their seats: players dealt in, the last street reached, showdown.
CREATE OR REPLACE TEMP VIEW fact_hands_dealt AS
SELECT h.hand_idx, coalesce(hs.players_dealt, 0) AS players_dealt,
       CASE WHEN h.reached = 0 THEN h.first_street ELSE CAST(floor(log2(h.reached)) AS TINYINT) END AS last_street,
       coalesce(hs.live > 1, false) AS showdown
FROM fact_hand_play AS h LEFT JOIN fact_hand_seats AS hs USING (hand_idx);
