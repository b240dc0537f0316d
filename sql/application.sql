-- The application example (examples/games.sql): the database accepts only
-- legal moves, in order, from the player whose turn it is, and refuses
-- every other path to a game its moves do not make.  The attacker's test
-- is application_security; the concurrency test is test/concurrency.sh.
CREATE ROLE regress_chess_app;
-- PostgreSQL 14 and earlier let every role create in public, which the
-- example refuses (given back at the end)
SELECT has_schema_privilege('public', 'public', 'CREATE') AS public_create \gset
\if :public_create
REVOKE CREATE ON SCHEMA public FROM PUBLIC;
\endif
CREATE SCHEMA regress_games;
SET search_path = regress_games, public;
\set ECHO none
\set app_role regress_chess_app
\i examples/games.sql
\unset app_role
\set ECHO all
\set SHOW_CONTEXT never
SHOW search_path;
-- two players take their seats: the tokens are theirs alone
SELECT game_id, token ~ '^[0-9a-f]{32}$' AS token_is_32_hex_digits FROM new_game('white', 'Anderssen');
SELECT sit(1, 'white', 'Mallory');
SELECT sit(1, 'black', 'Kieseritzky') AS black \gset
SELECT id, white, black FROM games;
SELECT game_id, side, length(token_sha256) FROM seats;
-- the seats are held by the tokens: the white one was shown once, above; a
-- game of its own gives each side its token back
DELETE FROM games;
SELECT game_id, token AS white FROM new_game('white', 'Anderssen') \gset
SELECT sit(:game_id, 'black', 'Kieseritzky') AS black \gset
SELECT player_side(:game_id, :'white') AS white_token, player_side(:game_id, :'black') AS black_token,
       player_side(:game_id, 'not a token') AS other, player_side(:game_id + 1, :'white') AS other_game;
SELECT * FROM play_move(:game_id, :'white', 'e4');
SELECT * FROM play_move(:game_id, :'black', 'e5');
SELECT * FROM play_move(:game_id, :'white', 'f2f4');
-- a move for the other side, a move of one's own out of turn, no token
SELECT * FROM play_move(:game_id, :'white', 'exf4');
SELECT * FROM play_move(:game_id, :'white', 'Nf3');
SELECT * FROM play_move(:game_id, NULL, 'exf4');
SELECT * FROM play_move(:game_id, 'not a token', 'exf4');
-- the owner writes moves directly as a referee: the triggers still decide
INSERT INTO moves (game_id, ply, move) VALUES (:game_id, 4, 'e5e3');
INSERT INTO moves (game_id, ply, move) VALUES (:game_id, 3, 'e5f4');
INSERT INTO moves (game_id, ply, move) VALUES (:game_id, 5, 'e5f4');
INSERT INTO moves (game_id, ply, move) VALUES (:game_id + 1, 1, 'e2e4');
SELECT * FROM play_move(:game_id, :'black', 'Ke7');
SELECT * FROM play_move(:game_id, :'white', 'exf4');
SELECT * FROM play_move(:game_id + 1, :'white', 'e4');
-- the ply a player saw: another move came first
SELECT * FROM play_move(:game_id, :'white', 'Nf3', 4);
-- (written as a player types it: a lower-case piece, a check sign that is wrong)
SELECT * FROM play_move(:game_id, :'white', 'nf3+', 5);
SELECT id, plies, current, game, result FROM games;
-- history is kept: no updates; only the last ply may be taken back
UPDATE moves SET move = 'd7d5' WHERE game_id = :game_id AND ply = 2;
DELETE FROM moves WHERE game_id = :game_id AND ply = 2;
DELETE FROM moves WHERE game_id = :game_id AND ply = 5;
DELETE FROM moves WHERE game_id = :game_id AND ply = 4;
SELECT id, plies, current, game FROM games;
SELECT game_id, ply, move, san FROM moves ORDER BY ply;
SELECT pgn(g.start, array_agg(m.move ORDER BY m.ply),
           jsonb_build_object('White', g.white, 'Black', g.black))
FROM games AS g JOIN moves AS m ON m.game_id = g.id GROUP BY g.id;

-- every other path to a game its moves do not make is refused
UPDATE games SET current = 'rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1' WHERE id = :game_id;
UPDATE games SET plies = 2 WHERE id = :game_id;
UPDATE games SET game = '1. e4 e5 2. f4 d5' WHERE id = :game_id;
UPDATE games SET game = '1. e4' WHERE id = :game_id;
UPDATE games SET game = '1. d4 d5 2. c4' WHERE id = :game_id;
UPDATE games SET game = '1. e4 e5 2. f4 d5', current = final('1. e4 e5 2. f4 d5'::game), plies = 4 WHERE id = :game_id;
UPDATE games SET start = '4k3/8/8/8/8/8/8/4K2R w K - 0 1' WHERE id = :game_id;
UPDATE games SET result = '1-0' WHERE id = :game_id;
UPDATE games SET draw_offer = 'both' WHERE id = :game_id;
TRUNCATE moves;
TRUNCATE games CASCADE;
DELETE FROM moves WHERE game_id = :game_id;
INSERT INTO games (white, game) VALUES ('a game with moves', '1. e4');
INSERT INTO games (white, plies) VALUES ('a game with plies', 3);
INSERT INTO games (white, current) VALUES ('a game elsewhere', 'rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1');
INSERT INTO games (white, result, termination) VALUES ('a game over', '1-0', 'resignation');
INSERT INTO games (white) VALUES (repeat('a name too long', 7));
SELECT id, plies, current, game FROM games;
-- a game without moves may change its start; what follows from it follows
SELECT game_id AS ke1, token AS ke1_white FROM new_game('white', 'Ke1') \gset
UPDATE games SET start = '4k3/8/8/8/8/8/8/4K2R w K - 0 1' WHERE id = :ke1 RETURNING start, current, game;
SELECT san FROM play_move(:ke1, :'ke1_white', 'O-O');
SELECT * FROM new_game('green', 'Ke1');
SELECT * FROM sit(:ke1, 'black', repeat('a name too long', 7));
SELECT * FROM sit(:ke1 + 1, 'black', 'Ke8');

-- the board decides the result: mate, and a mate taken back by agreement
SELECT game_id AS fool, token AS fool_white FROM new_game('white', 'Fool') \gset
SELECT sit(:fool, 'black', 'Scholar') AS fool_black \gset
SELECT san FROM play_move(:fool, :'fool_white', 'f3');
SELECT san FROM play_move(:fool, :'fool_black', 'e5');
SELECT san FROM play_move(:fool, :'fool_white', 'g4');
SELECT san FROM play_move(:fool, :'fool_black', 'Qh4');
SELECT plies, result, termination FROM games WHERE id = :fool;
SELECT * FROM play_move(:fool, :'fool_white', 'a3');
SELECT * FROM play_move(:fool, :'fool_black', 'a6');
SELECT * FROM offer_draw(:fool, :'fool_white');
SELECT * FROM resign(:fool, :'fool_white');
SELECT * FROM sit(:fool, 'black', 'Late');
UPDATE games SET result = '*', termination = NULL WHERE id = :fool;
-- one side asking takes nothing back; a second request from the same side
-- neither; the other side's agreement does
SELECT plies, result, takeback_offer FROM take_back(:fool, :'fool_white');
SELECT plies, result, takeback_offer FROM take_back(:fool, :'fool_white');
SELECT plies, result, termination, takeback_offer FROM take_back(:fool, :'fool_black');
-- a move declines a request to take back
SELECT plies, takeback_offer FROM take_back(:fool, :'fool_white');
SELECT san FROM play_move(:fool, :'fool_black', 'Qe7');
SELECT plies, takeback_offer FROM games WHERE id = :fool;
-- a draw: an offer stands through the offerer's own move and lapses with
-- the other side's; agreed when both offered
SELECT plies, result, draw_offer FROM offer_draw(:fool, :'fool_white');
SELECT plies, result, draw_offer FROM offer_draw(:fool, :'fool_white');
SELECT san FROM play_move(:fool, :'fool_white', 'Nc3');
SELECT plies, result, draw_offer FROM games WHERE id = :fool;
SELECT san FROM play_move(:fool, :'fool_black', 'Nc6');
SELECT plies, result, draw_offer FROM games WHERE id = :fool;
SELECT plies, result, draw_offer FROM offer_draw(:fool, :'fool_black');
SELECT plies, result, termination, draw_offer FROM offer_draw(:fool, :'fool_white');
SELECT * FROM play_move(:fool, :'fool_white', 'a3');
SELECT * FROM take_back(:fool, :'fool_white');
-- a resignation, which no one takes back
SELECT game_id AS third, token AS third_white FROM new_game('white', 'Third') \gset
SELECT sit(:third, 'black', 'Fourth') AS third_black \gset
SELECT san FROM play_move(:third, :'third_white', 'd4');
SELECT * FROM take_back(:third, NULL);
SELECT result, termination FROM resign(:third, :'third_black');
SELECT * FROM resign(:third, :'third_white');
SELECT * FROM take_back(:third, :'third_white');
SELECT * FROM take_back(:third, :'third_black');
DELETE FROM moves WHERE game_id = :third AND ply = 1;
SELECT * FROM resign(:third + 100, :'third_white');
SELECT game_id AS empty, token AS empty_white FROM new_game('white', 'Empty') \gset
SELECT * FROM take_back(:empty, :'empty_white');

-- a game deleted takes its moves and its seats with it
DELETE FROM games WHERE id = :fool;
SELECT count(*) AS moves, (SELECT count(*) FROM seats WHERE game_id = :fool) AS seats FROM moves WHERE game_id = :fool;
SELECT id, white, black, plies, game, result, termination FROM games ORDER BY id;

-- what the application's role may use: reading, and the players' functions
SELECT p.oid::regprocedure AS function, p.prosecdef AS security_definer,
       has_function_privilege('regress_chess_app', p.oid, 'EXECUTE') AS app,
       has_function_privilege('public', p.oid, 'EXECUTE') AS public,
       p.proconfig AS settings
FROM pg_proc AS p WHERE p.pronamespace = 'regress_games'::regnamespace
ORDER BY p.proname;
SELECT c.relname, a.attname, has_column_privilege('regress_chess_app', c.oid, a.attnum, 'SELECT') AS reads,
       has_column_privilege('regress_chess_app', c.oid, a.attnum, 'INSERT,UPDATE,REFERENCES') AS writes
FROM pg_class AS c JOIN pg_attribute AS a ON a.attrelid = c.oid AND a.attnum > 0 AND NOT a.attisdropped
WHERE c.oid IN ('games'::regclass, 'moves'::regclass, 'seats'::regclass)
ORDER BY c.relname, a.attnum;
SELECT relname, has_table_privilege('regress_chess_app', oid, 'DELETE,TRUNCATE,TRIGGER') AS deletes
FROM pg_class WHERE oid IN ('games'::regclass, 'moves'::regclass, 'seats'::regclass)
ORDER BY 1;
SELECT has_sequence_privilege('regress_chess_app', 'games_id_seq', 'USAGE,UPDATE') AS uses_sequence;

SET client_min_messages = warning;
DROP SCHEMA regress_games CASCADE;
RESET client_min_messages;
DROP ROLE regress_chess_app;
\if :public_create
GRANT CREATE ON SCHEMA public TO PUBLIC;
\endif
RESET search_path;
