-- Tournaments as data, in a database and a lake alike: each tournament, and each player's finishing place.

-- Tournaments as their hands' headers describe them; the game is the variant of their first hand.
CREATE OR REPLACE VIEW tournaments AS
SELECT site, tournament_id, arg_min(variant, start_utc) AS game, max(buy_in) AS buy_in, max(fee) AS fee,
       max(buy_in_currency) AS currency, min(start_utc) AS start_utc
FROM hands WHERE tournament_id IS NOT NULL GROUP BY site, tournament_id;

-- Each player's finishing place in a tournament, and what it paid.
CREATE OR REPLACE VIEW tournament_results AS
SELECT h.site, h.tournament_id, p.player, min(p.place) AS position, max(p.prize) AS prize,
       max(h.buy_in_currency) AS currency
FROM tournament_places AS p JOIN hands AS h USING (site, hand_id)
GROUP BY h.site, h.tournament_id, p.player;
