-- studbook's DuckDB tables. Money is BIGINT in the hand's minor units (cents, or chips in
-- tournaments); `hands.unit` says which. Hands are keyed by (site, hand_id); every other hand
-- table repeats that key. Per-street columns use fpdb's street index s0..s4: s0 is 3rd street
-- (2nd in five card stud), s4 is 7th street. Bump db.SCHEMA_VERSION with any change here.
-- The loader stores what the log and the replay say; the per-seat facts (the seats columns from
-- `dealt` to `folded_street` but the money and the shown cards, and the hands' players_dealt,
-- last_street and showdown) are worked out from those rows by analytics/facts.sql as each batch loads.

CREATE TABLE IF NOT EXISTS schema_version (version INTEGER NOT NULL);

CREATE TABLE IF NOT EXISTS hands (
    site              VARCHAR  NOT NULL,
    hand_id           VARCHAR  NOT NULL,
    variant           VARCHAR  NOT NULL,  -- stud | stud8 | razz | stud5 | descubierto
    game_label        VARCHAR,            -- mixed-game name: 8-Game, HORSE, ...
    structure         VARCHAR  NOT NULL,  -- limit | pot-limit | no-limit
    small_bet         BIGINT   NOT NULL,
    big_bet           BIGINT   NOT NULL,
    ante              BIGINT,
    bring_in          BIGINT,
    currency          VARCHAR,            -- ISO code; NULL for chips
    unit              VARCHAR  NOT NULL,  -- the currency, or 'chips'
    decimals          TINYINT  NOT NULL,  -- minor-unit digits of `unit`
    stakes            VARCHAR  NOT NULL,  -- e.g. $0.04/$0.08
    start_local       TIMESTAMP,          -- wall-clock time as the log writes it
    time_zone         VARCHAR,
    start_utc         TIMESTAMP,
    table_name        VARCHAR,
    max_seats         TINYINT,
    tournament_id     VARCHAR,
    level             VARCHAR,
    home_game         BOOLEAN  NOT NULL,
    first_street      TINYINT  NOT NULL,  -- the street of s0: 3, or 2 in five card stud
    betting_rounds    TINYINT  NOT NULL,  -- 5, or 4 in five card stud
    players_dealt     TINYINT  NOT NULL,
    last_street       TINYINT  NOT NULL,  -- last street reached (2..7)
    showdown          BOOLEAN  NOT NULL,
    total_pot         BIGINT   NOT NULL,  -- recomputed by the replay
    rake              BIGINT   NOT NULL,
    logged_total_pot  BIGINT,             -- as the log's summary says
    logged_rake       BIGINT,
    violations        INTEGER  NOT NULL,
    errors            INTEGER  NOT NULL,  -- violations of severity 'error'
    rules             VARCHAR,            -- the import's --rule options (presets expanded) that `violations`
                                          -- reflect, as KEY=VALUE sorted by key and joined by one space,
                                          -- e.g. 'board_tie_break=position max_raises=2'; Rules.parse reads
                                          -- text.split(' ') back; NULL when the import used no --rule
    file              VARCHAR  NOT NULL,
    first_line        INTEGER  NOT NULL,
    last_line         INTEGER  NOT NULL,
    streets_dealt     TINYINT[],          -- the streets the log deals or marks, in order (schema 6)
    PRIMARY KEY (site, hand_id)
);
ALTER TABLE hands ADD COLUMN IF NOT EXISTS streets_dealt TINYINT[];  -- a database before version 6 (db.py): NULL
-- a tournament's buy-in and fee in minor units of buy_in_currency, as its hands' headers write them (schema 7)
ALTER TABLE hands ADD COLUMN IF NOT EXISTS buy_in BIGINT;
ALTER TABLE hands ADD COLUMN IF NOT EXISTS fee BIGINT;
ALTER TABLE hands ADD COLUMN IF NOT EXISTS buy_in_currency VARCHAR;

CREATE TABLE IF NOT EXISTS seats (
    site                VARCHAR  NOT NULL,
    hand_id             VARCHAR  NOT NULL,
    seat                TINYINT  NOT NULL,
    player              VARCHAR  NOT NULL,
    stack               BIGINT   NOT NULL,
    sitting_out         BOOLEAN  NOT NULL,
    dealt               BOOLEAN  NOT NULL,  -- received cards or posted: counts as a hand played
    forced_all_in       BOOLEAN  NOT NULL,  -- all-in on the ante or bring-in: no decision left
    ante                BIGINT   NOT NULL,
    is_bringin          BOOLEAN  NOT NULL,  -- first to act on s0 (posted or completed)
    bringin_amount      BIGINT   NOT NULL,
    bringin_completed   BOOLEAN  NOT NULL,  -- the bring-in completed instead of posting
    bringin_vs_complete VARCHAR,            -- the bring-in's answer to a completion: fold | call | raise
    bringin_vs_steal    VARCHAR,            -- the same, facing a positional steal with no caller between
    door_card           VARCHAR,
    door_rank           TINYINT,
    hole_cards          VARCHAR,            -- s0 down cards when known (own hand or shown)
    start_class         VARCHAR,            -- starting-hand class, docs/stats.md
    position            TINYINT,            -- fpdb: 0 = last to act before the bring-in; NULL for it
    vpip_chance         BOOLEAN  NOT NULL,
    vpip                BOOLEAN  NOT NULL,
    rfi_chance          BOOLEAN  NOT NULL,  -- first decision in an unopened pot (only bring-in and folds)
    rfi                 BOOLEAN  NOT NULL,  -- ... and completed or raised
    steal_chance        BOOLEAN  NOT NULL,  -- rfi_chance from position 0-2
    steal               BOOLEAN  NOT NULL,
    steal_success       BOOLEAN  NOT NULL,  -- the steal won the pot on s0 with no call or raise
    door_steal_chance   BOOLEAN  NOT NULL,  -- rfi_chance with every door card still to act below ours
    door_steal          BOOLEAN  NOT NULL,
    door_steal_success  BOOLEAN  NOT NULL,
    s0_saw BOOLEAN NOT NULL, s0_bets TINYINT NOT NULL, s0_completes TINYINT NOT NULL, s0_raises TINYINT NOT NULL,
    s0_calls TINYINT NOT NULL, s0_checks TINYINT NOT NULL, s0_folded BOOLEAN NOT NULL,
    s0_faced_aggr BOOLEAN NOT NULL, s0_fold_to_aggr BOOLEAN NOT NULL,
    s1_saw BOOLEAN NOT NULL, s1_bets TINYINT NOT NULL, s1_completes TINYINT NOT NULL, s1_raises TINYINT NOT NULL,
    s1_calls TINYINT NOT NULL, s1_checks TINYINT NOT NULL, s1_folded BOOLEAN NOT NULL,
    s1_faced_aggr BOOLEAN NOT NULL, s1_fold_to_aggr BOOLEAN NOT NULL,
    s2_saw BOOLEAN NOT NULL, s2_bets TINYINT NOT NULL, s2_completes TINYINT NOT NULL, s2_raises TINYINT NOT NULL,
    s2_calls TINYINT NOT NULL, s2_checks TINYINT NOT NULL, s2_folded BOOLEAN NOT NULL,
    s2_faced_aggr BOOLEAN NOT NULL, s2_fold_to_aggr BOOLEAN NOT NULL,
    s3_saw BOOLEAN NOT NULL, s3_bets TINYINT NOT NULL, s3_completes TINYINT NOT NULL, s3_raises TINYINT NOT NULL,
    s3_calls TINYINT NOT NULL, s3_checks TINYINT NOT NULL, s3_folded BOOLEAN NOT NULL,
    s3_faced_aggr BOOLEAN NOT NULL, s3_fold_to_aggr BOOLEAN NOT NULL,
    s4_saw BOOLEAN NOT NULL, s4_bets TINYINT NOT NULL, s4_completes TINYINT NOT NULL, s4_raises TINYINT NOT NULL,
    s4_calls TINYINT NOT NULL, s4_checks TINYINT NOT NULL, s4_folded BOOLEAN NOT NULL,
    s4_faced_aggr BOOLEAN NOT NULL, s4_fold_to_aggr BOOLEAN NOT NULL,
    committed           BIGINT   NOT NULL,  -- antes, bring-in and bets less uncalled returns
    collected           BIGINT   NOT NULL,  -- from the log's award lines (after rake)
    net                 BIGINT   NOT NULL,  -- collected - committed
    rules_collected     BIGINT   NOT NULL,  -- what the replay awards
    rules_net           BIGINT   NOT NULL,
    showdown            BOOLEAN  NOT NULL,  -- still holding cards when the last betting round ended
    won_at_showdown     BOOLEAN  NOT NULL,
    won_hi              BIGINT   NOT NULL,  -- from high halves of split pots (replay)
    won_lo              BIGINT   NOT NULL,  -- from low halves
    hilo_result         VARCHAR,            -- hi/lo games (stud8) when something was won: scoop | high | low | split
    high_name           VARCHAR,
    low_name            VARCHAR,
    shown_cards         VARCHAR,
    folded_street       TINYINT,
    ev_collected        BIGINT,             -- all-in EV (studbook/allin.py): what the player could expect to
                                            -- collect, after rake, when the betting ended with cards to come;
                                            -- NULL without such an all-in (the expectation is `collected`)
    dealt_cards         BOOLEAN             -- a deal line names the player, cards known or not (schema 6)
);
ALTER TABLE seats ADD COLUMN IF NOT EXISTS ev_collected BIGINT;  -- a version 2 or 3 database (db.py)
ALTER TABLE seats ADD COLUMN IF NOT EXISTS dealt_cards BOOLEAN;  -- a database before version 6

CREATE TABLE IF NOT EXISTS actions (
    site            VARCHAR  NOT NULL,
    hand_id         VARCHAR  NOT NULL,
    seq             SMALLINT NOT NULL,  -- order within the hand, antes included
    line            INTEGER  NOT NULL,
    street          TINYINT  NOT NULL,  -- 2..7
    street_index    TINYINT  NOT NULL,  -- 0..4 (s0..s4)
    player          VARCHAR  NOT NULL,
    action          VARCHAR  NOT NULL,  -- ante | bring-in | complete | bet | raise | call | check | fold
    amount          BIGINT   NOT NULL,  -- put in by this action
    to_amount       BIGINT   NOT NULL,  -- the player's total on the street after it
    pot             BIGINT   NOT NULL,  -- whole pot after it
    stack           BIGINT   NOT NULL,
    all_in          BOOLEAN  NOT NULL,
    expected_actor  VARCHAR,
    violations      TINYINT  NOT NULL
);

CREATE TABLE IF NOT EXISTS cards (
    site     VARCHAR  NOT NULL,
    hand_id  VARCHAR  NOT NULL,
    player   VARCHAR,            -- NULL for a community card
    seq      TINYINT  NOT NULL,  -- order of the player's known cards
    street   TINYINT,            -- NULL when only seen at showdown
    face     VARCHAR  NOT NULL,  -- down | up | community
    source   VARCHAR  NOT NULL,  -- dealt | shown
    card     VARCHAR  NOT NULL,
    rank     TINYINT  NOT NULL,  -- 2..14, ace high
    suit     VARCHAR  NOT NULL
);

CREATE TABLE IF NOT EXISTS awards (
    site        VARCHAR  NOT NULL,
    hand_id     VARCHAR  NOT NULL,
    pot         TINYINT  NOT NULL,  -- 0 = main pot, then side pots
    pot_amount  BIGINT   NOT NULL,
    eligible    TINYINT  NOT NULL,
    reason      VARCHAR  NOT NULL,
    half        VARCHAR,            -- hi | lo | NULL for a pot that is not split
    player      VARCHAR,            -- NULL when nobody could be awarded the pot
    amount      BIGINT   NOT NULL,
    hand_name   VARCHAR,
    eligible_players VARCHAR[]      -- who could win the pot (schema 6: NULL before)
);
ALTER TABLE awards ADD COLUMN IF NOT EXISTS eligible_players VARCHAR[];  -- a database before version 6

CREATE TABLE IF NOT EXISTS violations (
    site      VARCHAR  NOT NULL,
    hand_id   VARCHAR  NOT NULL,
    seq       SMALLINT NOT NULL,
    code      VARCHAR  NOT NULL,
    severity  VARCHAR  NOT NULL,
    line      INTEGER  NOT NULL,
    rule      VARCHAR,
    message   VARCHAR  NOT NULL
);

CREATE TABLE IF NOT EXISTS rejected (
    file     VARCHAR  NOT NULL,
    line     INTEGER  NOT NULL,
    col      INTEGER  NOT NULL,
    site     VARCHAR,
    hand_id  VARCHAR,
    error    VARCHAR  NOT NULL,
    raw      VARCHAR  NOT NULL,
    PRIMARY KEY (file, line)
);

-- Each file an import read to its end, by the SHA-256 of the bytes it read; written in the transaction
-- that stores the file's last hands. A later import does not read a file again when its content was
-- read before and gave no rejected block (a newer studbook may parse those): its hands are all stored.
CREATE TABLE IF NOT EXISTS imported_files (
    sha256        VARCHAR    NOT NULL PRIMARY KEY,  -- a file read again replaces its row
    bytes         BIGINT     NOT NULL,
    file          VARCHAR    NOT NULL,  -- where it was read (the content, not the path, is the key)
    blocks        INTEGER    NOT NULL,  -- hand blocks found in it
    rejected      INTEGER    NOT NULL,  -- of those, rejected blocks
    imported_utc  TIMESTAMP  NOT NULL
);

-- Players joined across sites and name changes, as PokerTracker and Holdem Manager do: each (site, player)
-- belongs to at most one alias; `studbook alias add NAME SITE:PLAYER...` writes it. The stats views group
-- an aliased player's hands under the alias, every other player by (site, player).
CREATE TABLE IF NOT EXISTS aliases (
    alias   VARCHAR  NOT NULL,
    site    VARCHAR  NOT NULL,
    player  VARCHAR  NOT NULL,
    PRIMARY KEY (site, player)
);

-- A tournament finishing place a hand's log writes ("X finished the tournament in 3rd place and received
-- $10", "X wins the tournament"): prize in minor units of the tournament's buy_in_currency, chips when none
-- (schema 7). The views of tournaments.sql gather them by tournament.
CREATE TABLE IF NOT EXISTS tournament_places (
    site     VARCHAR   NOT NULL,
    hand_id  VARCHAR   NOT NULL,
    player   VARCHAR   NOT NULL,
    place    SMALLINT  NOT NULL,
    prize    BIGINT
);

-- Each hand's lines as its log writes them, from hands.first_line on: what `studbook replay DB` and the
-- report's replays parse, so they need no log file (hands.file is where it came from, nothing more).
CREATE TABLE IF NOT EXISTS hand_logs (
    site     VARCHAR  NOT NULL,
    hand_id  VARCHAR  NOT NULL,
    text     VARCHAR  NOT NULL,
    PRIMARY KEY (site, hand_id)
);

-- What each seat's up cards and the first round's order say of it, for the up-card stats: worked out by
-- the import from the hand's rows (analytics/upcards.sql), a row per seat dealt in.
CREATE TABLE IF NOT EXISTS upcard_facts (
    site                       VARCHAR  NOT NULL,
    hand_id                    VARCHAR  NOT NULL,
    player                     VARCHAR  NOT NULL,
    draw                       VARCHAR,
    outs                       BIGINT,
    live_outs                  BIGINT,
    liveness_known             BOOLEAN,
    liveness                   DOUBLE,
    liveness_bucket            VARCHAR,
    fold_to_completion_chance  BOOLEAN,
    fold_to_completion         BOOLEAN,
    door_resteal_chance        BOOLEAN,
    door_resteal               BOOLEAN,
    double_bet_chance          BOOLEAN,
    double_bet                 BOOLEAN,
    bricked                    BOOLEAN,
    bricked_bet_chance         BOOLEAN,
    bricked_bet                BOOLEAN,
    bricked_fold_chance        BOOLEAN,
    bricked_fold               BOOLEAN,
    quarter                    BOOLEAN
);
