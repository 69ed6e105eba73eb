-- Stud statistics as views (docs/stats.md). Every stat is count(flag) / count(chance) over the facts
-- the loader derived per seat, so a new stat is a line here. Rates are percentages rounded to
-- 0.1; money is shown as DECIMAL in the `unit` column's currency (or chips); win rates are in
-- big bets (and small bets) per 100 hands, normalised hand by hand so mixed stakes add up.
-- Street columns follow betting rounds: "4th" is the second round (3rd street in five card stud); what
-- `stats` prints and the reports show name them for the games shown (analytics/stat_names.py).

CREATE OR REPLACE MACRO pct(n, d) AS round(100.0 * n / nullif(d, 0), 1);

CREATE OR REPLACE MACRO money(minor, decimals) AS
    CAST(CAST(minor AS DECIMAL(18, 0)) * CAST(pow(10, -decimals) AS DECIMAL(18, 2)) AS DECIMAL(18, 2));

-- A hand's result in big bets, rounded the same way wherever it is computed: a sum of these is exact, so
-- it does not depend on the order DuckDB's threads add rows in (a lake is scanned in another order).
CREATE OR REPLACE MACRO in_bets(minor, bet) AS CAST(minor / nullif(bet, 0) AS DECIMAL(38, 12));

CREATE OR REPLACE MACRO street_label(street) AS
    street || CASE street WHEN 2 THEN 'nd' WHEN 3 THEN 'rd' ELSE 'th' END;

-- One row per hand x player dealt in, with the hand's game and stakes, and who the player is: an alias
-- (identity_site 'alias') or the player of a site.
CREATE OR REPLACE VIEW seat_facts AS
SELECT s.*, coalesce(a.alias, s.player) AS identity, CASE WHEN a.alias IS NULL THEN s.site ELSE 'alias' END
           AS identity_site, h.variant, h.structure, h.small_bet, h.big_bet, h.unit, h.decimals, h.stakes,
       h.start_utc, h.start_local, h.tournament_id, h.first_street, h.betting_rounds, h.file,
       s.s0_bets + s.s0_completes + s.s0_raises > 0 AS s0_aggr,
       -- totals over 4th-7th street (the later betting rounds), for aggression and fold-to-bet
       s.s1_bets + s.s1_completes + s.s1_raises + s.s2_bets + s.s2_completes + s.s2_raises
           + s.s3_bets + s.s3_completes + s.s3_raises + s.s4_bets + s.s4_completes + s.s4_raises AS later_aggressive,
       s.s1_calls + s.s2_calls + s.s3_calls + s.s4_calls AS later_calls,
       CAST(s.s1_folded AS INT) + CAST(s.s2_folded AS INT) + CAST(s.s3_folded AS INT)
           + CAST(s.s4_folded AS INT) AS later_folds,
       CAST(s.s1_faced_aggr AS INT) + CAST(s.s2_faced_aggr AS INT) + CAST(s.s3_faced_aggr AS INT)
           + CAST(s.s4_faced_aggr AS INT) AS later_faced_aggr,
       CAST(s.s1_fold_to_aggr AS INT) + CAST(s.s2_fold_to_aggr AS INT) + CAST(s.s3_fold_to_aggr AS INT)
           + CAST(s.s4_fold_to_aggr AS INT) AS later_fold_to_aggr
FROM seats AS s JOIN hands AS h USING (site, hand_id) LEFT JOIN aliases AS a USING (site, player)
WHERE s.dealt;

-- Whether a seat is of the player a user named (--player): an alias, a name on any site, or site:name.
CREATE OR REPLACE MACRO player_matches(wanted, site, player, identity) AS
    wanted IS NULL OR identity = wanted OR player = wanted OR site || ':' || player = wanted;

-- One row per hand x player x street: the base for any per-street stat.
CREATE OR REPLACE VIEW hand_player_street AS
SELECT site, hand_id, player, identity, identity_site, variant, unit, start_utc, showdown, net, collected,
       tournament_id, CAST(street_index AS TINYINT) AS street_index,
       CAST(first_street + CAST(street_index AS TINYINT) AS TINYINT) AS street,
       saw, bets, completes, raises, calls, checks, folded, faced_aggr, fold_to_aggr,
       bets + completes + raises AS aggressive
FROM (
    UNPIVOT seat_facts
    ON (s0_saw, s0_bets, s0_completes, s0_raises, s0_calls, s0_checks, s0_folded, s0_faced_aggr, s0_fold_to_aggr) AS "0",
       (s1_saw, s1_bets, s1_completes, s1_raises, s1_calls, s1_checks, s1_folded, s1_faced_aggr, s1_fold_to_aggr) AS "1",
       (s2_saw, s2_bets, s2_completes, s2_raises, s2_calls, s2_checks, s2_folded, s2_faced_aggr, s2_fold_to_aggr) AS "2",
       (s3_saw, s3_bets, s3_completes, s3_raises, s3_calls, s3_checks, s3_folded, s3_faced_aggr, s3_fold_to_aggr) AS "3",
       (s4_saw, s4_bets, s4_completes, s4_raises, s4_calls, s4_checks, s4_folded, s4_faced_aggr, s4_fold_to_aggr) AS "4"
    INTO NAME street_index
    VALUE saw, bets, completes, raises, calls, checks, folded, faced_aggr, fold_to_aggr
)
WHERE CAST(street_index AS TINYINT) < betting_rounds;

-- Who a row of the stats is: the alias (or the player of a site) when the filter asked for it or for
-- nobody; the player of a site when it asked for one of an alias's names (SITE:NAME, or a NAME on any
-- site), whose rows then hold only that name's hands, not the alias's.
CREATE OR REPLACE MACRO shown_as(wanted, identity, kept, instead) AS
    CASE WHEN wanted IS NULL OR identity = wanted THEN kept ELSE instead END;

-- The seats the stats macros' filters select, with who each row is shown as (shown_as).
CREATE OR REPLACE MACRO shown_seats(only_player, only_game, since, only_kind, only_site := NULL,
                                    only_stakes := NULL, until := NULL) AS TABLE
SELECT *, shown_as(only_player, identity, identity, player) AS shown,
       shown_as(only_player, identity, identity_site, site) AS shown_site
FROM seat_facts
WHERE player_matches(only_player, site, player, identity)
  AND (only_game IS NULL OR variant = only_game)
  AND (since IS NULL OR start_utc >= CAST(since AS TIMESTAMP))
  AND (only_kind IS NULL OR (tournament_id IS NOT NULL) = (only_kind = 'tournament'))
  AND (only_site IS NULL OR site = only_site)
  AND (only_stakes IS NULL OR stakes = only_stakes)
  AND (until IS NULL OR start_utc < CAST(until AS TIMESTAMP));

-- Per player, game and money unit, plus an overall row (game 'all') for players of several games.
-- Arguments filter the hands first: player name, variant, earliest start (UTC); NULL = all; only_kind
-- 'cash' or 'tournament' (a hand with a tournament id), NULL = both; only_site, only_stakes (as
-- hands.stakes writes them) and until (the first start UTC left out), NULL = any.
--   vpip, aggression_3rd: over first-street decisions (vpip_chance: not all-in on the forced bets);
--     antes and the bring-in post are not voluntary, a completion is aggression.
--   steal: first completion in an unopened pot from positions 0-2; door_steal: with every door card
--     still to act worse than ours; success: nobody called or raised after it.
--   bringin_fold / _defend: the bring-in's answer to a completion; fold_to_steal / resteal: its
--     answer to a steal nobody called in between.
--   aggression_factor / _frequency, fold_to_bet: 4th-7th street, from counts (docs/stats.md, "The stats").
--   ev_net: net with each all-in's expectation (seats.ev_collected) for what was collected; luck: net - ev_net,
--     NULL when no hand had an all-in EV.
--   wtsd: given saw 4th; won_at_showdown: any money, either half; scoop ... split: hi/lo games (stud8), over
--     hands in which the player won something.
CREATE OR REPLACE MACRO player_stats_for(only_player, only_game, since, only_kind := NULL, only_site := NULL,
                                          only_stakes := NULL, until := NULL) AS TABLE
SELECT
    shown AS player,
    shown_site AS site,
    CASE WHEN grouping(variant) = 1 THEN 'all' ELSE variant END AS game,
    unit,
    count(*) AS hands,
    money(sum(net), max(decimals)) AS net,
    round(100 * sum(in_bets(net, big_bet)) / count(*), 2) AS big_bets_per_100,
    round(200 * sum(in_bets(net, big_bet)) / count(*), 2) AS small_bets_per_100,
    money(sum(net) FILTER (WHERE showdown), max(decimals)) AS showdown_net,
    money(sum(net) FILTER (WHERE NOT showdown), max(decimals)) AS non_showdown_net,
    money(sum(coalesce(ev_collected, collected) - committed), max(decimals)) AS ev_net,
    round(100 * sum(in_bets(coalesce(ev_collected, collected) - committed, big_bet)) / count(*), 2)
        AS ev_big_bets_per_100,
    money(sum(collected - ev_collected), max(decimals)) AS luck,
    pct(count_if(vpip), count_if(vpip_chance)) AS vpip,
    pct(count_if(s0_aggr AND vpip_chance), count_if(vpip_chance)) AS aggression_3rd,
    pct(count_if(rfi), count_if(rfi_chance)) AS complete_first_in,
    pct(count_if(bringin_completed), count_if(is_bringin)) AS bringin_complete,
    pct(count_if(bringin_vs_complete = 'fold'), count(bringin_vs_complete)) AS bringin_fold,
    pct(count_if(bringin_vs_complete IN ('call', 'raise')), count(bringin_vs_complete)) AS bringin_defend,
    pct(count_if(steal), count_if(steal_chance)) AS steal,
    pct(count_if(steal_success), count_if(steal)) AS steal_success,
    pct(count_if(door_steal), count_if(door_steal_chance)) AS door_steal,
    pct(count_if(door_steal_success), count_if(door_steal)) AS door_steal_success,
    pct(count_if(bringin_vs_steal = 'fold'), count(bringin_vs_steal)) AS fold_to_steal,
    pct(count_if(bringin_vs_steal = 'raise'), count(bringin_vs_steal)) AS resteal,
    pct(count_if(s1_saw), count(*)) AS saw_4th,
    pct(count_if(s2_saw), count(*)) AS saw_5th,
    pct(count_if(s3_saw), count(*)) AS saw_6th,
    pct(count_if(s4_saw), count_if(betting_rounds > 4)) AS saw_7th,
    round(sum(later_aggressive) / nullif(sum(later_calls), 0), 2) AS aggression_factor,
    pct(sum(later_aggressive), sum(later_aggressive + later_calls + later_folds)) AS aggression_frequency,
    pct(sum(later_fold_to_aggr), sum(later_faced_aggr)) AS fold_to_bet,
    pct(count_if(showdown AND s1_saw), count_if(s1_saw)) AS wtsd,
    pct(count_if(won_at_showdown), count_if(showdown)) AS won_at_showdown,
    pct(count_if(collected > 0 AND s1_saw), count_if(s1_saw)) AS won_saw_4th,
    pct(count_if(hilo_result = 'scoop'), count(hilo_result)) AS scoop,
    pct(count_if(hilo_result = 'high'), count(hilo_result)) AS high_only,
    pct(count_if(hilo_result = 'low'), count(hilo_result)) AS low_only,
    pct(count_if(hilo_result = 'split'), count(hilo_result)) AS split
FROM shown_seats(only_player, only_game, since, only_kind, only_site := only_site, only_stakes := only_stakes,
                 until := until)
GROUP BY GROUPING SETS ((shown, shown_site, variant, unit), (shown, shown_site, unit))
HAVING grouping(variant) = 0 OR count(DISTINCT variant) > 1
ORDER BY shown COLLATE NOCASE, shown, shown_site, unit, grouping(variant), game;

CREATE OR REPLACE VIEW player_stats AS SELECT * FROM player_stats_for(NULL, NULL, NULL);

-- Per player, game and street: how often the street was seen and how it was played.
CREATE OR REPLACE MACRO player_street_stats_for(only_player, only_game, since, only_kind := NULL) AS TABLE
SELECT
    shown AS player,
    shown_site AS site,
    variant AS game,
    street_label(street) AS street,
    count(*) AS hands,
    CAST(count_if(saw) AS BIGINT) AS saw,
    pct(count_if(saw), count(*)) AS saw_pct,
    CAST(sum(bets) AS BIGINT) AS bets,
    CAST(sum(completes) AS BIGINT) AS completes,
    CAST(sum(raises) AS BIGINT) AS raises,
    CAST(sum(calls) AS BIGINT) AS calls,
    CAST(count_if(folded) AS BIGINT) AS folds,
    round(sum(aggressive) / nullif(sum(calls), 0), 2) AS aggression_factor,
    pct(sum(aggressive), sum(aggressive + calls) + count_if(folded)) AS aggression_frequency,
    pct(count_if(fold_to_aggr), count_if(faced_aggr)) AS fold_to_bet
FROM (SELECT *, shown_as(only_player, identity, identity, player) AS shown,
             shown_as(only_player, identity, identity_site, site) AS shown_site
      FROM hand_player_street
      WHERE player_matches(only_player, site, player, identity)
        AND (only_game IS NULL OR variant = only_game)
        AND (since IS NULL OR start_utc >= CAST(since AS TIMESTAMP))
        AND (only_kind IS NULL OR (tournament_id IS NOT NULL) = (only_kind = 'tournament')))
GROUP BY shown, shown_site, variant, street_index, street
ORDER BY shown COLLATE NOCASE, shown, shown_site, variant, street_index;

CREATE OR REPLACE VIEW player_street_stats AS SELECT * FROM player_street_stats_for(NULL, NULL, NULL);

-- A player is (site, name), or an alias joining several. names: how --player and alias add name each
-- (site:name, ...).
CREATE OR REPLACE VIEW players AS
SELECT identity AS player, identity_site AS site, count(*) AS hands,
       string_agg(DISTINCT variant, ', ' ORDER BY variant) AS games,
       string_agg(DISTINCT site || ':' || player, ', ' ORDER BY site || ':' || player) AS names,
       min(start_utc) AS first_hand_utc, max(start_utc) AS last_hand_utc
FROM seat_facts
GROUP BY identity, identity_site
ORDER BY hands DESC, player COLLATE NOCASE, player, site;

CREATE OR REPLACE VIEW rejects AS
SELECT file, line, col, site, hand_id, error FROM rejected ORDER BY file, line;

-- Each line the reader left out of a kept hand (no kind of line its site's format is known to write),
-- once per site, with how often it was seen and where first: what the reader learned nothing about.
CREATE OR REPLACE VIEW unknown_lines AS
SELECT v.site, substr(v.message, length('a line this site''s format is not known to write, left out as the '
                                     || 'money closes without it: ') + 1) AS text,
       count(*) AS times, count(DISTINCT v.hand_id) AS hands,
       arg_min(h.file || ':' || v.line, h.file || ':' || lpad(v.line::VARCHAR, 10, '0')) AS first_seen
FROM violations v JOIN hands h USING (site, hand_id)
WHERE v.code = 'unknown-line'
GROUP BY ALL
ORDER BY times DESC, site, text;
