-- The attacker (sql/application_security.sql runs this against
-- examples/games.sql and against examples/app/setup.sql, the games in
-- schema :schema).  Mallory plays White in game :victim against Bob; she
-- knows her own token and both tokens of a game of her own, :own.  As the
-- application's role (:app_role) she tries every path to a move for Bob,
-- an illegal, reordered or deleted move, a resignation for Bob, a draw or
-- a take-back Bob did not agree to, with and without temporary tables and
-- functions of her own in the way; then a role with no grant (:nobody)
-- tries the same with Bob's token.  Each is refused, and game :victim —
-- its moves, players, seats and result — is as it was.  Run by a
-- superuser; the ids of the games come from a fresh sequence.
\set VERBOSITY terse
SET search_path = :"schema", public;
SELECT game_id AS victim, token AS mallory FROM new_game('white', 'Mallory') \gset
SELECT sit(:victim, 'black', 'Bob') AS bob \gset
SELECT game_id AS own, token AS own_white FROM new_game('white', 'Mallory') \gset
SELECT sit(:own, 'black', 'Mallory too') AS own_black \gset
SELECT san FROM play_move(:victim, :'mallory', 'e4');
SELECT san FROM play_move(:victim, :'bob', 'e5');
SELECT san FROM play_move(:victim, :'mallory', 'Nf3');
-- game :victim as it must stay (an offer or a request of Mallory's may stand)
CREATE TEMP VIEW victim_state AS
SELECT md5(concat_ws('|',
	(SELECT row(id, white, black, start, game, current, plies, result, termination)::text
	 FROM :"schema".games WHERE id = :victim),
	(SELECT string_agg(m::text, ',' ORDER BY ply) FROM :"schema".moves AS m WHERE game_id = :victim),
	(SELECT string_agg(s::text, ',' ORDER BY side) FROM :"schema".seats AS s WHERE game_id = :victim))) AS state;
SELECT state AS victim_before FROM victim_state \gset

SET ROLE :"app_role";
-- the tables: the application's role writes none of them
INSERT INTO moves (game_id, ply, move) VALUES (:victim, 4, 'b8c6');
INSERT INTO moves (game_id, ply, move, san, after) VALUES (:victim, 4, 'a1a8', 'Ra8', start_position());
UPDATE moves SET move = 'd7d5' WHERE game_id = :victim AND ply = 2;
DELETE FROM moves WHERE game_id = :victim AND ply = 3;
DELETE FROM moves WHERE game_id = :victim AND ply = 1;
TRUNCATE moves;
INSERT INTO games (white, black) VALUES ('Mallory', 'Bob');
UPDATE games SET black = 'Mallory' WHERE id = :victim;
UPDATE games SET result = '1-0', termination = 'resignation' WHERE id = :victim;
UPDATE games SET draw_offer = 'black' WHERE id = :victim;
DELETE FROM games WHERE id = :victim;
TRUNCATE games CASCADE;
SELECT token_sha256 FROM seats WHERE game_id = :victim;
INSERT INTO seats (game_id, side, token_sha256) VALUES (:victim, 'black', sha256('forged'));
UPDATE seats SET token_sha256 = sha256('forged') WHERE game_id = :victim;
DELETE FROM seats WHERE game_id = :victim AND side = 'black';
SELECT nextval('games_id_seq');
-- the functions the players' functions use, and the triggers'
SELECT * FROM act(:victim, :'bob');
SELECT check_going_on(g) FROM games AS g WHERE id = :victim;
SELECT moves_insert();
SELECT games_guard();
-- Bob's turn: no move of Mallory's, whatever the token or the ply
SELECT * FROM play_move(:victim, :'mallory', 'Nc6');
SELECT * FROM play_move(:victim, :'mallory', 'b8c6', 4);
SELECT * FROM play_move(:victim, :'mallory', 'Nc3');
SELECT * FROM play_move(:victim, :'mallory', 'Ng5', 5);
SELECT * FROM play_move(:victim, :'own_black', 'Nc6');
SELECT * FROM play_move(:victim, upper(:'mallory'), 'Nc6');
SELECT * FROM play_move(:victim, '', 'Nc6');
SELECT * FROM play_move(:victim, NULL, 'Nc6');
SELECT player_side(:victim, :'own_black') AS side_of_another_games_token;
-- Bob's seat, Bob's resignation, a draw or a take-back Bob did not agree to
SELECT * FROM sit(:victim, 'black', 'Mallory');
SELECT * FROM sit(:victim, 'white', 'Mallory');
SELECT * FROM resign(:victim, :'own_black');
SELECT * FROM resign(:victim, NULL);
SELECT * FROM offer_draw(:victim, :'own_black');
SELECT * FROM take_back(:victim, :'own_black');
SELECT result, draw_offer FROM offer_draw(:victim, :'mallory');
SELECT result, draw_offer FROM offer_draw(:victim, :'mallory');
SELECT plies, takeback_offer FROM take_back(:victim, :'mallory');
SELECT plies, takeback_offer FROM take_back(:victim, :'mallory');
-- illegal, unreadable and absurd moves on her own turn, in her own game
SELECT * FROM play_move(:own, :'own_white', 'e5');
SELECT * FROM play_move(:own, :'own_white', 'e2e9');
SELECT * FROM play_move(:own, :'own_white', repeat('Nf3', 100000));

-- Temporary tables in the way: they say that game :victim is a queen
-- against a king with White to move, that Black's seat is Mallory's with
-- the token 'forged', and that the game has other moves; and a temporary
-- side_to_move() that always answers white.  The functions of the games
-- search pg_temp last, and never for functions: they see the real tables.
CREATE TEMP TABLE games (LIKE :"schema".games);
CREATE TEMP TABLE moves (LIKE :"schema".moves);
CREATE TEMP TABLE seats (game_id bigint, side text, token_sha256 bytea);
INSERT INTO pg_temp.games (id, start, game, current, plies, result)
VALUES (:victim, '4k3/8/8/8/8/8/8/Q3K3 w - - 0 1', game('4k3/8/8/8/8/8/8/Q3K3 w - - 0 1', '{}'),
        '4k3/8/8/8/8/8/8/Q3K3 w - - 0 1', 3, '*');
INSERT INTO pg_temp.seats VALUES (:victim, 'white', sha256('forged')), (:victim, 'black', sha256('forged'));
INSERT INTO pg_temp.moves VALUES (:victim, 1, 'a1a2', 'Qa2', start_position()),
	(:victim, 2, 'e8e7', 'Ke7', start_position()), (:victim, 3, 'a2a3', 'Qa3', start_position());
CREATE FUNCTION pg_temp.side_to_move("position") RETURNS text LANGUAGE sql AS $$ SELECT 'white' $$;
SELECT * FROM play_move(:victim, :'mallory', 'a1a8');
SELECT * FROM play_move(:victim, :'mallory', 'Nc3');
SELECT * FROM play_move(:victim, 'forged', 'Nc6');
SELECT player_side(:victim, 'forged') AS forged_side;
SELECT * FROM sit(:victim, 'black', 'Mallory');
SELECT * FROM resign(:victim, 'forged');
SELECT * FROM offer_draw(:victim, 'forged');
SELECT * FROM take_back(:victim, 'forged');
SELECT plies, takeback_offer FROM take_back(:victim, :'mallory');
SELECT * FROM play_move(:own, :'own_white', 'Qh5');
-- what she may do still lands in the real tables, none in hers
SELECT san FROM play_move(:own, :'own_white', 'd4');
SELECT san FROM play_move(:own, :'own_black', 'd5');
SELECT plies, takeback_offer FROM take_back(:own, :'own_white');
SELECT plies, takeback_offer FROM take_back(:own, :'own_black');
SELECT game_id > :own AS a_new_game FROM new_game('black', 'Mallory');
SELECT (SELECT count(*) FROM pg_temp.games) AS her_games, (SELECT count(*) FROM pg_temp.moves) AS her_moves,
       (SELECT count(*) FROM pg_temp.seats) AS her_seats,
       (SELECT plies FROM :"schema".games WHERE id = :own) AS own_game_plies,
       (SELECT count(*) FROM :"schema".games WHERE white IS NULL AND black = 'Mallory') AS new_games;
DROP TABLE pg_temp.games, pg_temp.moves, pg_temp.seats;
DROP FUNCTION pg_temp.side_to_move("position");
RESET ROLE;
SELECT state = :'victim_before' AS victim_unchanged FROM victim_state;

-- A role with no grant, even with Bob's token: nothing, from the tables or
-- the functions, with or without temporary tables in the way.
SET ROLE :"nobody";
SELECT count(*) FROM :"schema".games;
SELECT count(*) FROM :"schema".moves;
SELECT side FROM :"schema".seats;
INSERT INTO :"schema".moves (game_id, ply, move) VALUES (:victim, 4, 'b8c6');
DELETE FROM :"schema".moves WHERE game_id = :victim;
SELECT * FROM :"schema".new_game('white', 'Nobody');
SELECT * FROM :"schema".sit(:victim, 'black', 'Nobody');
SELECT :"schema".player_side(:victim, :'bob');
SELECT * FROM :"schema".play_move(:victim, :'bob', 'Nc6');
SELECT * FROM :"schema".take_back(:victim, :'bob');
SELECT * FROM :"schema".offer_draw(:victim, :'bob');
SELECT * FROM :"schema".resign(:victim, :'bob');
SELECT * FROM :"schema".act(:victim, :'bob');
CREATE TEMP TABLE games (id bigint, plies integer, current "position");
CREATE TEMP TABLE seats (game_id bigint, side text, token_sha256 bytea);
SELECT * FROM play_move(:victim, :'bob', 'Nc6');
SELECT * FROM resign(:victim, :'bob');
DROP TABLE pg_temp.games, pg_temp.seats;
RESET ROLE;
SELECT state = :'victim_before' AS victim_unchanged FROM victim_state;

-- Bob's move declines Mallory's offer and her request
SELECT san FROM play_move(:victim, :'bob', 'Nc6');
SELECT id, white, black, game, result, draw_offer, takeback_offer FROM :"schema".games WHERE id = :victim;
DROP VIEW victim_state;
\set VERBOSITY default
