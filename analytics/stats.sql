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

-- ---------------------------------------------------------------------------------------------------
-- Up-card stats, liveness and the uncertainty of every rate (docs/stats.md, "Up cards and liveness",
-- "How sure a rate is"). They are worked out when read, from the stored seats, cards and actions: an
-- import pays nothing for them, and a database imported before them has them at once.

-- A 95% Wilson score interval of k successes in n chances, in percent rounded to 0.1 like pct(); NULL
-- without a chance. Unlike k/n +- 1.96 standard errors it stays inside 0-100 and is honest at 0 of 3.
CREATE OR REPLACE MACRO wilson_bound(k, n, side) AS
    CASE WHEN n > 0 THEN round(100 * (k / n + 1.959963984540054 ^ 2 / (2 * n)
                                      + side * 1.959963984540054 * sqrt(k / n * (1 - k / n) / n
                                                                       + 1.959963984540054 ^ 2 / (4 * n * n)))
                               / (1 + 1.959963984540054 ^ 2 / n), 1) END;
CREATE OR REPLACE MACRO wilson_low(k, n) AS CASE WHEN n > 0 THEN greatest(wilson_bound(k, n, -1), 0.0) END;
CREATE OR REPLACE MACRO wilson_high(k, n) AS CASE WHEN n > 0 THEN least(wilson_bound(k, n, 1), 100.0) END;

-- One row per seat of seat_facts with what its up cards and the first round's order say of it (the
-- columns: analytics/upcards.sql), worked out once per hand, when it is stored (upcard_facts).
CREATE OR REPLACE VIEW seat_upcards AS SELECT * FROM upcard_facts;

-- The chances of every rate player_stats_for shows (by the same definitions: rate = pct(k, n)) and of the
-- rates of seat_upcards, per player, game and money unit (and 'all' games) as player_stats_for groups
-- them: a list of (stat, k, n), k times the flag of `stat` in n chances. One list, so the rates, their
-- intervals and their shrinkage are worked out alike; summed before the list is made, as fast as the
-- stats themselves.
CREATE OR REPLACE MACRO rate_counts(only_player, only_game, since, only_kind := NULL, only_site := NULL,
                                    only_stakes := NULL, until := NULL) AS TABLE
SELECT shown AS player, shown_site AS site, CASE WHEN grouping(variant) = 1 THEN 'all' ELSE variant END AS game,
       unit,
       [
           {'stat': 'vpip', 'k': count_if(vpip), 'n': count_if(vpip_chance)},
           {'stat': 'aggression_3rd', 'k': count_if(s0_aggr AND vpip_chance), 'n': count_if(vpip_chance)},
           {'stat': 'complete_first_in', 'k': count_if(rfi), 'n': count_if(rfi_chance)},
           {'stat': 'bringin_complete', 'k': count_if(bringin_completed), 'n': count_if(is_bringin)},
           {'stat': 'bringin_fold', 'k': count_if(bringin_vs_complete = 'fold'), 'n': count(bringin_vs_complete)},
           {'stat': 'bringin_defend', 'k': count_if(bringin_vs_complete IN ('call', 'raise')),
            'n': count(bringin_vs_complete)},
           {'stat': 'steal', 'k': count_if(steal), 'n': count_if(steal_chance)},
           {'stat': 'steal_success', 'k': count_if(steal_success), 'n': count_if(steal)},
           {'stat': 'door_steal', 'k': count_if(door_steal), 'n': count_if(door_steal_chance)},
           {'stat': 'door_steal_success', 'k': count_if(door_steal_success), 'n': count_if(door_steal)},
           {'stat': 'fold_to_steal', 'k': count_if(bringin_vs_steal = 'fold'), 'n': count(bringin_vs_steal)},
           {'stat': 'resteal', 'k': count_if(bringin_vs_steal = 'raise'), 'n': count(bringin_vs_steal)},
           {'stat': 'saw_4th', 'k': count_if(s1_saw), 'n': count(*)},
           {'stat': 'saw_5th', 'k': count_if(s2_saw), 'n': count(*)},
           {'stat': 'saw_6th', 'k': count_if(s3_saw), 'n': count(*)},
           {'stat': 'saw_7th', 'k': count_if(s4_saw AND betting_rounds > 4), 'n': count_if(betting_rounds > 4)},
           {'stat': 'aggression_frequency', 'k': CAST(sum(later_aggressive) AS BIGINT),
            'n': CAST(sum(later_aggressive + later_calls + later_folds) AS BIGINT)},
           {'stat': 'fold_to_bet', 'k': CAST(sum(later_fold_to_aggr) AS BIGINT),
            'n': CAST(sum(later_faced_aggr) AS BIGINT)},
           {'stat': 'wtsd', 'k': count_if(showdown AND s1_saw), 'n': count_if(s1_saw)},
           {'stat': 'won_at_showdown', 'k': count_if(won_at_showdown), 'n': count_if(showdown)},
           {'stat': 'won_saw_4th', 'k': count_if(collected > 0 AND s1_saw), 'n': count_if(s1_saw)},
           {'stat': 'scoop', 'k': count_if(hilo_result = 'scoop'), 'n': count(hilo_result)},
           {'stat': 'high_only', 'k': count_if(hilo_result = 'high'), 'n': count(hilo_result)},
           {'stat': 'low_only', 'k': count_if(hilo_result = 'low'), 'n': count(hilo_result)},
           {'stat': 'split', 'k': count_if(hilo_result = 'split'), 'n': count(hilo_result)},
           {'stat': 'quarter', 'k': count_if(quarter), 'n': count(hilo_result)},
           {'stat': 'fold_to_completion', 'k': count_if(fold_to_completion),
            'n': count_if(fold_to_completion_chance)},
           {'stat': 'door_resteal', 'k': count_if(door_resteal), 'n': count_if(door_resteal_chance)},
           {'stat': 'double_bet', 'k': count_if(double_bet), 'n': count_if(double_bet_chance)},
           {'stat': 'bricked_bet', 'k': count_if(bricked_bet), 'n': count_if(bricked_bet_chance)},
           {'stat': 'bricked_fold', 'k': count_if(bricked_fold), 'n': count_if(bricked_fold_chance)},
           {'stat': 'dead_hand_played', 'k': count_if(liveness_known AND liveness_bucket = 'dead' AND s1_saw),
            'n': count_if(liveness_known AND liveness_bucket = 'dead')}
       ] AS counts
FROM shown_seats(only_player, only_game, since, only_kind, only_site := only_site, only_stakes := only_stakes,
                 until := until) AS s
JOIN seat_upcards AS u USING (site, hand_id, player)
GROUP BY GROUPING SETS ((shown, shown_site, variant, unit), (shown, shown_site, unit))
HAVING grouping(variant) = 0 OR count(DISTINCT variant) > 1;

-- The chances a rate needs before it is shown as measured: below this the rate is shrunk toward the
-- database's players (player_rates_for), and only players above it fit that population.
CREATE OR REPLACE MACRO enough_chances() AS 50;

-- The population of each rate, per game (and 'all' games): a beta distribution fitted by the method of
-- moments to the rates of the players (aliases joined; a row a money unit) with enough chances, the
-- variance of those rates less the binomial noise their chances leave. mean and strength (alpha + beta,
-- in chances): NULL when fewer than five players have enough chances or their rates differ no more than
-- chance would make them.
CREATE OR REPLACE VIEW rate_priors AS
WITH players AS (
    SELECT game, stat, CAST(k AS BIGINT) AS k, CAST(n AS BIGINT) AS n
    FROM (SELECT game, unnest(counts, max_depth := 2) FROM rate_counts(NULL, NULL, NULL))),
moments AS (
    SELECT game, stat, count(*) AS players, avg(k / n) AS mean, var_samp(k / n) AS spread, avg(1 / n) AS inverse_n
    FROM players WHERE n >= enough_chances()
    GROUP BY game, stat)
SELECT game, stat, players, mean,
       CASE WHEN players >= 5 AND mean > 0 AND mean < 1 AND spread > mean * (1 - mean) * inverse_n
            THEN mean * (1 - mean) / (spread - mean * (1 - mean) * inverse_n) - 1 END AS strength
FROM moments;

-- Every rate of player_stats_for as a row (same rows, same filters), with what makes it readable: k of n
-- chances, the rate, its 95% Wilson interval (rate_low, rate_high), and an estimate: the rate itself
-- with enough chances, else shrunk toward the population (rate_priors): (k + strength x mean) / (n +
-- strength), the mean of the beta posterior, which `shrunk` marks. Up-card stats of seat_upcards
-- too. A rate with no chance is no row.
CREATE OR REPLACE MACRO player_rates_for(only_player, only_game, since, only_kind := NULL, only_site := NULL,
                                          only_stakes := NULL, until := NULL) AS TABLE
WITH counts AS (
    SELECT player, site, game, unit, stat, CAST(k AS BIGINT) AS k, CAST(n AS BIGINT) AS n
    FROM (SELECT player, site, game, unit, unnest(counts, max_depth := 2)
          FROM rate_counts(only_player, only_game, since, only_kind := only_kind, only_site := only_site,
                           only_stakes := only_stakes, until := until)))
SELECT c.player, c.site, c.game, c.unit, c.stat, c.k, c.n, pct(c.k, c.n) AS rate,
       wilson_low(c.k, c.n) AS rate_low, wilson_high(c.k, c.n) AS rate_high,
       c.n < enough_chances() AND p.strength IS NOT NULL AS shrunk,
       CASE WHEN shrunk THEN round(100 * (c.k + p.strength * p.mean) / (c.n + p.strength), 1)
            ELSE pct(c.k, c.n) END AS estimate,
       round(100 * p.mean, 1) AS population_rate, round(p.strength, 1) AS population_strength
FROM counts AS c LEFT JOIN rate_priors AS p USING (game, stat)
WHERE c.n > 0
ORDER BY c.player COLLATE NOCASE, c.player, c.site, c.unit, c.game = 'all', c.game, c.stat;

-- Rates by the rank of the player's door card (A, K, ... 2), per player and game, with k of n chances and
-- the 95% interval: opening, stealing and re-stealing against the door cards still to act, folding to a
-- completion and defending the bring-in (docs/stats.md, "Up cards and liveness").
CREATE OR REPLACE MACRO door_rank_rates_for(only_player, only_game, since) AS TABLE
WITH counts AS (
    SELECT shown AS player, shown_site AS site, variant AS game, door_rank,
           unnest([
               {'stat': 'complete_first_in', 'k': count_if(rfi), 'n': count_if(rfi_chance)},
               {'stat': 'door_steal', 'k': count_if(door_steal), 'n': count_if(door_steal_chance)},
               {'stat': 'door_steal_success', 'k': count_if(door_steal_success), 'n': count_if(door_steal)},
               {'stat': 'door_resteal', 'k': count_if(door_resteal), 'n': count_if(door_resteal_chance)},
               {'stat': 'fold_to_completion', 'k': count_if(fold_to_completion),
                'n': count_if(fold_to_completion_chance)},
               {'stat': 'bringin_defend', 'k': count_if(bringin_vs_complete IN ('call', 'raise')),
                'n': count(bringin_vs_complete)},
               {'stat': 'bringin_fold', 'k': count_if(bringin_vs_complete = 'fold'),
                'n': count(bringin_vs_complete)}
           ], max_depth := 2)
    FROM shown_seats(only_player, only_game, since, NULL) AS s JOIN seat_upcards AS u USING (site, hand_id, player)
    WHERE door_rank IS NOT NULL
    GROUP BY shown, shown_site, variant, door_rank)
SELECT player, site, game, substr('23456789TJQKA', door_rank - 1, 1) AS door, stat, CAST(k AS BIGINT) AS k,
       CAST(n AS BIGINT) AS n, pct(k, n) AS rate,
       wilson_low(k, n) AS rate_low, wilson_high(k, n) AS rate_high
FROM counts WHERE n > 0
ORDER BY player COLLATE NOCASE, player, site, game, stat, door_rank DESC;

-- Per liveness bucket of the first street (seat_upcards): hands, how often the player continued (saw the
-- second round) and won money, with k of n and the 95% interval, and the big bets won per 100 hands;
-- liveness_known false: rows from the door card alone (hole cards unknown).
CREATE OR REPLACE MACRO liveness_rates_for(only_player, only_game, since) AS TABLE
WITH seats AS (
    SELECT shown_as(only_player, identity, identity, player) AS player,
           shown_as(only_player, identity, identity_site, site) AS site, variant AS game, liveness_known,
           liveness_bucket, s1_saw, collected > 0 AS won, net, big_bet
    FROM seat_facts JOIN seat_upcards USING (site, hand_id, player)
    WHERE liveness_bucket IS NOT NULL AND player_matches(only_player, site, player, identity)
      AND (only_game IS NULL OR variant = only_game)
      AND (since IS NULL OR start_utc >= CAST(since AS TIMESTAMP)))
SELECT player, site, game, liveness_known, liveness_bucket, count(*) AS hands,
       count_if(s1_saw) AS continued, pct(count_if(s1_saw), count(*)) AS continued_rate,
       wilson_low(count_if(s1_saw), count(*)) AS continued_low,
       wilson_high(count_if(s1_saw), count(*)) AS continued_high,
       count_if(won) AS won, pct(count_if(won), count(*)) AS won_rate,
       wilson_low(count_if(won), count(*)) AS won_low, wilson_high(count_if(won), count(*)) AS won_high,
       round(100 * sum(in_bets(net, big_bet)) / count(*), 2) AS big_bets_per_100
FROM seats
GROUP BY player, site, game, liveness_known, liveness_bucket
ORDER BY player COLLATE NOCASE, player, site, game, liveness_known DESC,
         list_position(['live', 'part dead', 'dead'], liveness_bucket);

-- Stud8 results by starting-hand class (seats.start_class: the hole cards known): of the hands dealt, how
-- often the player scooped, won one half alone, or a quarter (seat_upcards.quarter), with the 95% interval.
CREATE OR REPLACE MACRO start_class_hilo_for(only_player, since) AS TABLE
WITH seats AS (
    SELECT shown_as(only_player, identity, identity, player) AS player,
           shown_as(only_player, identity, identity_site, site) AS site, start_class,
           unnest([{'stat': 'scoop', 'k': coalesce(hilo_result = 'scoop', false)},
                   {'stat': 'half', 'k': coalesce(hilo_result IN ('high', 'low'), false)},
                   {'stat': 'quarter', 'k': quarter}], max_depth := 1) AS result
    FROM seat_facts JOIN seat_upcards USING (site, hand_id, player)
    WHERE variant = 'stud8' AND start_class IS NOT NULL AND player_matches(only_player, site, player, identity)
      AND (since IS NULL OR start_utc >= CAST(since AS TIMESTAMP)))
SELECT player, site, start_class, result.stat AS stat, CAST(count_if(result.k) AS BIGINT) AS k, count(*) AS n,
       pct(count_if(result.k), count(*)) AS rate,
       wilson_low(count_if(result.k), count(*)) AS rate_low, wilson_high(count_if(result.k), count(*)) AS rate_high
FROM seats
GROUP BY player, site, start_class, result.stat
ORDER BY player COLLATE NOCASE, player, site, start_class, list_position(['scoop', 'half', 'quarter'], stat);
