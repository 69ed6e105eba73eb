-- Stacks checked across hands (rule L7, studbook/stacks.py): at one table of a site (and one tournament),
-- each player starts a hand with what they ended their previous hand there with (stack - committed +
-- collected, by the log's awards). One row per break, against hands of any import. A larger stack is no
-- break when the player missed hands of that table in between or ended the previous one with nothing (a new
-- buy-in), or a line of either hand's log that starts with the player's name says they added chips (a
-- top-up, deposit, re-buy or add-on).

CREATE OR REPLACE MACRO stack_adds_chips(log, who) AS
    len(list_filter(string_split(coalesce(log, ''), chr(10)), lambda line: starts_with(ltrim(line), who || ' ')
        AND regexp_matches(line, '(?i)\b(adds|deposit|re-?buys?|add-?on|tops? ?up|topped up|buys? in)\b'))) > 0;

CREATE OR REPLACE VIEW stack_breaks AS
WITH ordered AS (
    SELECT site, hand_id, table_name, tournament_id, file, first_line, unit, decimals,
           row_number() OVER (PARTITION BY site, table_name, tournament_id
                              ORDER BY start_utc NULLS LAST, try_cast(hand_id AS HUGEINT) NULLS LAST, hand_id) AS n
    FROM hands
), carried AS (
    SELECT o.*, s.player, s.stack AS found, lag(o.n) OVER w AS previous_n,
           lag(s.stack - s.committed + s.collected) OVER w AS expected, lag(o.hand_id) OVER w AS previous_hand_id,
           lag(o.file) OVER w AS previous_file, lag(o.first_line) OVER w AS previous_line
    FROM ordered AS o JOIN seats AS s USING (site, hand_id)
    WINDOW w AS (PARTITION BY o.site, o.table_name, o.tournament_id, s.player ORDER BY o.n)
), candidates AS (
    SELECT * FROM carried
    WHERE found <> expected AND NOT (found > expected AND (n - previous_n > 1 OR expected = 0))
)
SELECT c.site, c.hand_id, c.file, c.first_line AS line, c.table_name, c.tournament_id, c.player,
       c.expected, c.found, c.previous_hand_id, c.previous_file, c.previous_line, c.unit,
       'stack-continuity' AS code, 'warning' AS severity, 'L7' AS rule,
       printf('%s starts hand %s (%s:%d) with %s %s, but ended hand %s (%s:%d) at this table with %s %s',
              c.player, c.hand_id, c.file, c.first_line, CAST(money(c.found, c.decimals) AS VARCHAR), c.unit,
              c.previous_hand_id, c.previous_file, c.previous_line, CAST(money(c.expected, c.decimals) AS VARCHAR),
              c.unit) AS message
FROM candidates AS c
WHERE NOT (c.found > c.expected AND (
    stack_adds_chips((SELECT text FROM hand_logs AS l WHERE l.site = c.site AND l.hand_id = c.hand_id), c.player)
    OR stack_adds_chips((SELECT text FROM hand_logs AS l WHERE l.site = c.site AND l.hand_id = c.previous_hand_id),
                        c.player)));
