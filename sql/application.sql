-- The application example (examples/games.sql): the database accepts only
-- legal moves, in order, and refuses every other path to a game its moves
-- do not make; the concurrency test is test/concurrency.sh.
CREATE ROLE regress_chess_app;
\set ECHO none
\set app_role regress_chess_app
\i examples/games.sql
\unset app_role
\set ECHO all
INSERT INTO games (white, black) VALUES ('Anderssen', 'Kieseritzky');
SELECT * FROM play_move(1, 'e4');
SELECT * FROM play_move(1, 'e5');
SELECT * FROM play_move(1, 'f2f4');
INSERT INTO moves (game_id, ply, move) VALUES (1, 4, 'e5e3');
INSERT INTO moves (game_id, ply, move) VALUES (1, 3, 'e5f4');
INSERT INTO moves (game_id, ply, move) VALUES (1, 5, 'e5f4');
INSERT INTO moves (game_id, ply, move) VALUES (2, 1, 'e2e4');
SELECT * FROM play_move(1, 'Ke7');
SELECT * FROM play_move(1, 'exf4');
SELECT * FROM play_move(2, 'e4');
-- the ply a player saw: another move came first
SELECT * FROM play_move(1, 'Nf3', 4);
SELECT * FROM play_move(1, 'Nf3', 5);
SELECT id, plies, current, game, result FROM games;
-- history is kept: no updates; only the last ply may be taken back
UPDATE moves SET move = 'd7d5' WHERE game_id = 1 AND ply = 2;
DELETE FROM moves WHERE game_id = 1 AND ply = 2;
DELETE FROM moves WHERE game_id = 1 AND ply = 5;
DELETE FROM moves WHERE game_id = 1 AND ply = 4;
SELECT id, plies, current, game FROM games;
SELECT game_id, ply, move, san FROM moves ORDER BY ply;
SELECT pgn(g.start, array_agg(m.move ORDER BY m.ply),
           jsonb_build_object('White', g.white, 'Black', g.black))
FROM games AS g JOIN moves AS m ON m.game_id = g.id GROUP BY g.id;

-- every other path to a game its moves do not make is refused
UPDATE games SET current = 'rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1' WHERE id = 1;
UPDATE games SET plies = 2 WHERE id = 1;
UPDATE games SET game = '1. e4 e5 2. f4 d5' WHERE id = 1;
UPDATE games SET game = '1. e4' WHERE id = 1;
UPDATE games SET game = '1. d4 d5 2. c4' WHERE id = 1;
UPDATE games SET game = '1. e4 e5 2. f4 d5', current = final('1. e4 e5 2. f4 d5'::game), plies = 4 WHERE id = 1;
UPDATE games SET start = '4k3/8/8/8/8/8/8/4K2R w K - 0 1' WHERE id = 1;
UPDATE games SET result = '1-0' WHERE id = 1;
TRUNCATE moves;
TRUNCATE games CASCADE;
DELETE FROM moves WHERE game_id = 1;
INSERT INTO games (white, game) VALUES ('a game with moves', '1. e4');
INSERT INTO games (white, plies) VALUES ('a game with plies', 3);
INSERT INTO games (white, current) VALUES ('a game elsewhere', 'rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1');
INSERT INTO games (white, result, termination) VALUES ('a game over', '1-0', 'resignation');
SELECT id, plies, current, game FROM games;
-- a game without moves may change its start; what follows from it follows
INSERT INTO games (white, black) VALUES ('Ke1', 'Ke8') RETURNING id, plies, game;
UPDATE games SET start = '4k3/8/8/8/8/8/8/4K2R w K - 0 1' WHERE white = 'Ke1' RETURNING start, current, game;
SELECT san FROM play_move((SELECT id FROM games WHERE white = 'Ke1'), 'O-O');

-- the board decides the result: mate, and a mate taken back
INSERT INTO games (white, black) VALUES ('Fool', 'Scholar');
SELECT san FROM play_move(currval('games_id_seq'), 'f3');
SELECT san FROM play_move(currval('games_id_seq'), 'e5');
SELECT san FROM play_move(currval('games_id_seq'), 'g4');
SELECT san FROM play_move(currval('games_id_seq'), 'Qh4');
SELECT plies, result, termination FROM games WHERE id = currval('games_id_seq');
SELECT * FROM play_move(currval('games_id_seq'), 'a3');
UPDATE games SET result = '*', termination = NULL WHERE id = currval('games_id_seq');
DELETE FROM moves WHERE game_id = currval('games_id_seq') AND ply = 4;
SELECT plies, result, termination FROM games WHERE id = currval('games_id_seq');
-- a resignation, which no one takes back
SELECT result, termination FROM resign(currval('games_id_seq'), 'black');
SELECT * FROM play_move(currval('games_id_seq'), 'Qh4');
DELETE FROM moves WHERE game_id = currval('games_id_seq') AND ply = 3;
SELECT result FROM agree_draw(currval('games_id_seq'));
SELECT * FROM resign(1, 'nobody');
SELECT * FROM agree_draw(99);

-- an application's role: play, take back, end games; nothing else
SET ROLE regress_chess_app;
INSERT INTO games (white, black) VALUES ('App', 'User') RETURNING id, plies, result;
SELECT san FROM play_move(currval('games_id_seq'), 'd4');
INSERT INTO moves (game_id, ply, move) VALUES (currval('games_id_seq'), 2, 'd7d5');
DELETE FROM moves WHERE game_id = currval('games_id_seq') AND ply = 2;
UPDATE games SET white = 'Application' WHERE id = currval('games_id_seq');
UPDATE games SET current = start WHERE id = currval('games_id_seq');
UPDATE games SET game = '1. e4' WHERE id = currval('games_id_seq');
UPDATE games SET result = '1-0', termination = 'time forfeit' WHERE id = currval('games_id_seq');
SELECT result FROM end_game(currval('games_id_seq'), '1-0', 'time forfeit');
INSERT INTO moves (game_id, ply, move, san, after) VALUES (currval('games_id_seq'), 2, 'e7e5', 'e5', start_position());
UPDATE moves SET san = 'Nf6' WHERE game_id = currval('games_id_seq');
TRUNCATE moves;
DELETE FROM games WHERE id = currval('games_id_seq');
SELECT result, termination FROM agree_draw(currval('games_id_seq'));
SELECT white, plies, game, result FROM games WHERE id = currval('games_id_seq');
RESET ROLE;

-- a game deleted takes its moves with it
DELETE FROM games WHERE id = 1;
SELECT count(*) FROM moves WHERE game_id = 1;
SELECT id, white, plies, game, result, termination FROM games ORDER BY id;
DROP FUNCTION play_move(bigint, text, integer), resign(bigint, text), agree_draw(bigint), end_game(bigint, text, text);
DROP TABLE moves, games;
DROP FUNCTION games_insert(), games_guard(), games_notify(), moves_insert(), moves_guard(), moves_truncate();
DROP ROLE regress_chess_app;
