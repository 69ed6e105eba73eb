-- Decision EV (studbook/decisions.py, docs/decision-ev.md): `studbook analyse` values each bet, completion,
-- raise, call and fold of a player whose cards are known, in a pass of its own after the import. EVs are
-- DOUBLE in the hand's minor units (an expectation, not money paid); amounts are BIGINT minor units.

CREATE TABLE IF NOT EXISTS decisions (
    site          VARCHAR  NOT NULL,
    hand_id       VARCHAR  NOT NULL,
    seq           SMALLINT NOT NULL,  -- the action's seq in `actions`
    street        TINYINT  NOT NULL,  -- 2..7
    street_index  TINYINT  NOT NULL,  -- 0..4 (s0..s4)
    player        VARCHAR  NOT NULL,
    action        VARCHAR  NOT NULL,  -- complete | bet | raise | call | fold
    amount        BIGINT   NOT NULL,  -- put in by the action
    pot_after     BIGINT   NOT NULL,  -- the whole pot after it
    opponents     TINYINT  NOT NULL,  -- players still in against the player
    equity        DOUBLE   NOT NULL,  -- the player's share of the pot, the hand checked down from there
    equity_hi     DOUBLE,             -- hi/lo games: the share of each half (a half no low qualifies for
    equity_lo     DOUBLE,             --   goes to the high hand), and how often the player takes both
    scoop         DOUBLE,
    ev            DOUBLE   NOT NULL,  -- minor units: equity x pot_after - amount; a fold: minus the call's
    std_error     DOUBLE   NOT NULL,  -- of ev, minor units; 0 when every deal was counted
    method        VARCHAR  NOT NULL,  -- exact | sampled
    PRIMARY KEY (site, hand_id, seq)
);

-- The hands the pass has analysed (with or without a decision to value), so the next pass skips them.
CREATE TABLE IF NOT EXISTS analysed_hands (
    site       VARCHAR  NOT NULL,
    hand_id    VARCHAR  NOT NULL,
    decisions  SMALLINT NOT NULL,  -- rows it gave `decisions`
    status     VARCHAR  NOT NULL,  -- analysed | no-log (no stored lines to replay) | unreadable
    PRIMARY KEY (site, hand_id)
);

-- Per player (an alias, or the player of a site, as the stats views name them), game, unit and street:
-- the decisions valued, the calls as an underdog of less than 20%, the money put in with more (best) or
-- less (worst) than the fair share of equity, 1/(opponents + 1), and the sum of the EVs (minor units).
-- The alias is a scalar subquery, not a LEFT JOIN of aliases: DuckDB 2.0's compressed materialization made
-- the sums of such a join TINYINT (wrapping them, or failing to cast them) when the aliases table was empty.
CREATE OR REPLACE VIEW decision_streets AS
WITH named AS (
    SELECT d.*, (SELECT max(a.alias) FROM aliases AS a WHERE a.site = d.site AND a.player = d.player) AS alias
    FROM decisions AS d
)
SELECT coalesce(d.alias, d.player) AS player, CASE WHEN d.alias IS NULL THEN d.site ELSE 'alias' END AS site,
       h.variant, h.unit, h.decimals, d.street, d.street_index,
       count(*) AS decisions,
       count(*) FILTER (WHERE d.action = 'call' AND d.equity < 0.20) AS calls_as_underdog_20,
       CAST(coalesce(sum(d.amount) FILTER (WHERE d.equity > 1.0 / (d.opponents + 1)), 0) AS BIGINT) AS put_in_best,
       CAST(coalesce(sum(d.amount) FILTER (WHERE d.equity < 1.0 / (d.opponents + 1)), 0) AS BIGINT)
           AS put_in_worst,
       sum(d.ev) AS decision_ev
FROM named AS d JOIN hands AS h USING (site, hand_id)
GROUP BY 1, 2, 3, 4, 5, 6, 7;
