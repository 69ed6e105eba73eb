-- Starting-hand classes (docs/stats.md, "Starting-hand classes"), so reports can group results by what was dealt; facts.sql
-- looks them up in start_class_table. Each game gets the groups its players use
-- (variant_facts.start_groups): buried/split pairs and three-flushes in stud, the twelve studhighlow.com
-- types in stud8, low-card counts in razz, the hole card against the board in five card stud. A hand that fits several groups takes the first
-- in the order listed (docs/stats.md: KQJ is three high cards, not a three-straight).
-- Cards are as stored ('Ah', 'Td'); ranks run 2..14, ace high, and ace_low makes the ace 1.

CREATE OR REPLACE TEMP MACRO card_rank(card) AS strpos('23456789TJQKA', left(card, 1)) + 1;
CREATE OR REPLACE TEMP MACRO ace_low(rank) AS CASE WHEN rank = 14 THEN 1 ELSE rank END;
CREATE OR REPLACE TEMP MACRO spread(a, b, c) AS greatest(a, b, c) - least(a, b, c);
CREATE OR REPLACE TEMP MACRO paired(a, b, c) AS a = b OR a = c OR b = c;
-- T or better is a "high card" (docs/stats.md)
CREATE OR REPLACE TEMP MACRO high_card(rank) AS rank >= 10;

-- Hole cards a, b and door card c, as ranks (ace high); ``suited``: all three of one suit.
CREATE OR REPLACE TEMP MACRO stud_class(a, b, c, suited) AS CASE
    WHEN a = b AND b = c THEN 'rolled-up trips'
    WHEN a = b THEN 'buried pair'
    WHEN c IN (a, b) THEN 'split pair'
    WHEN suited THEN 'three-flush'
    WHEN high_card(least(a, b, c)) THEN 'three high cards'
    WHEN spread(a, b, c) <= 4 OR spread(ace_low(a), ace_low(b), ace_low(c)) <= 4 THEN 'three-straight'
    WHEN high_card(a + b + c - greatest(a, b, c) - least(a, b, c)) THEN 'two high cards'
    ELSE 'trash' END;

-- studhighlow.com's twelve types, in its order (docs/stats.md). The pair's rank is ace high; "low" is
-- 8 or lower with the ace low, and the kicker is the card outside the pair.
CREATE OR REPLACE TEMP MACRO stud8_kicker_low(a, b, c) AS
    ace_low(CASE WHEN a = b THEN c WHEN a = c THEN b ELSE a END) <= 8;
CREATE OR REPLACE TEMP MACRO stud8_class(a, b, c, suited) AS CASE
    WHEN greatest(ace_low(a), ace_low(b), ace_low(c)) <= 8 AND suited AND NOT paired(a, b, c)
         AND spread(ace_low(a), ace_low(b), ace_low(c)) = 2 THEN 'low connected suited'
    WHEN a = b AND b = c THEN 'trips'
    WHEN paired(a, b, c) AND (CASE WHEN a IN (b, c) THEN a ELSE b END) = 14
         THEN CASE WHEN stud8_kicker_low(a, b, c) THEN 'aces, low kicker' ELSE 'aces, high kicker' END
    WHEN (a = 14)::INT + (b = 14)::INT + (c = 14)::INT = 1 AND NOT paired(a, b, c)
         AND greatest(ace_low(a), ace_low(b), ace_low(c)) <= 5 THEN 'ace, two wheel cards'
    WHEN greatest(ace_low(a), ace_low(b), ace_low(c)) <= 8 AND suited AND NOT paired(a, b, c) THEN 'low suited'
    WHEN greatest(ace_low(a), ace_low(b), ace_low(c)) <= 8 AND NOT paired(a, b, c)
         AND spread(ace_low(a), ace_low(b), ace_low(c)) = 2 THEN 'low connected'
    WHEN paired(a, b, c) AND (CASE WHEN a IN (b, c) THEN a ELSE b END) > 8 THEN 'high pair'
    WHEN paired(a, b, c)
         THEN CASE WHEN stud8_kicker_low(a, b, c) THEN 'low pair, low kicker' ELSE 'low pair, high kicker' END
    WHEN suited THEN 'high flush'
    WHEN greatest(ace_low(a), ace_low(b), ace_low(c)) <= 8 THEN 'three low'
    ELSE 'other' END;

-- The four razz groups of docs/stats.md: a card above 8 (ace low) is bad.
CREATE OR REPLACE TEMP MACRO razz_class(a, b, c) AS CASE
    WHEN paired(a, b, c)
         THEN CASE WHEN greatest(ace_low(a), ace_low(b), ace_low(c)) > 8 THEN 'junk' ELSE 'pair' END
    WHEN (ace_low(a) > 8)::INT + (ace_low(b) > 8)::INT + (ace_low(c) > 8)::INT = 0 THEN 'three low'
    WHEN (ace_low(a) > 8)::INT + (ace_low(b) > 8)::INT + (ace_low(c) > 8)::INT = 1 THEN 'two low, one bad'
    ELSE 'junk' END;

-- Five card stud's 2nd street (docs/stats.md): the ranks of the hole card and the door card, whether they
-- are of one suit, and the highest door rank of the hand (the door card's included).
CREATE OR REPLACE TEMP MACRO five_class(hole, door, suited, board_high) AS CASE
    WHEN hole = door THEN 'pair'
    WHEN hole > board_high THEN 'hole card above the board'
    WHEN high_card(least(hole, door)) THEN 'two high cards'
    WHEN suited OR abs(hole - door) <= 1 OR abs(ace_low(hole) - ace_low(door)) <= 1 THEN 'suited or connected'
    ELSE 'other' END;

-- What the class of a starting hand depends on, for the groups ``groups``: ``hole`` its first-street down
-- cards (as many as the game deals), ``door`` its door card, ``board_high`` the highest door rank of the
-- hand. Ranks of the hole cards (a, b) and the door (c), whether they are all of one suit, and the board.
CREATE OR REPLACE TEMP MACRO start_hand(groups, hole, door, board_high) AS CASE WHEN groups = 'five' THEN
    {'a': CAST(card_rank(hole[1]) AS INTEGER), 'b': 0, 'c': CAST(card_rank(door) AS INTEGER),
     'suited': right(hole[1], 1) = right(door, 1), 'board': CAST(board_high AS INTEGER)}
ELSE
    {'a': CAST(card_rank(hole[1]) AS INTEGER), 'b': CAST(card_rank(hole[2]) AS INTEGER),
     'c': CAST(card_rank(door) AS INTEGER),
     'suited': right(hole[1], 1) = right(door, 1) AND right(hole[2], 1) = right(door, 1), 'board': 0}
END;

-- Every starting hand's class, by groups and start_hand, worked out once (analytics/facts.py): facts.sql
-- looks its hands up here (binding the classes' CASEs into each batch's query cost more than the rest).
CREATE OR REPLACE TEMP TABLE start_class_table AS
WITH ranks AS (SELECT CAST(range AS INTEGER) AS r FROM range(2, 15)),
suits AS (SELECT unnest([false, true]) AS suited),
three_cards AS (
    SELECT g.groups, a.r AS a, b.r AS b, c.r AS c, s.suited
    FROM (VALUES ('stud'), ('stud8'), ('razz')) AS g(groups), ranks AS a, ranks AS b, ranks AS c, suits AS s)
SELECT groups, {'a': a, 'b': b, 'c': c, 'suited': suited, 'board': 0} AS hand,
       CASE groups WHEN 'stud' THEN stud_class(a, b, c, suited) WHEN 'stud8' THEN stud8_class(a, b, c, suited)
                   ELSE razz_class(a, b, c) END AS class
FROM three_cards
UNION ALL
SELECT 'five', {'a': hole.r, 'b': 0, 'c': door.r, 'suited': s.suited, 'board': board.r},
       five_class(hole.r, door.r, s.suited, board.r)
FROM ranks AS hole, ranks AS door, suits AS s, ranks AS board;
