-- The application example (examples/games.sql): the database accepts only
-- legal moves, in order; the concurrency test is test/concurrency.sh.
\set ECHO none
\i examples/games.sql
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
SELECT id, plies, current FROM games;
-- history is kept: no updates; only the last ply may be taken back
UPDATE moves SET move = 'd7d5' WHERE game_id = 1 AND ply = 2;
DELETE FROM moves WHERE game_id = 1 AND ply = 2;
DELETE FROM moves WHERE game_id = 1 AND ply = 4;
SELECT id, plies, current FROM games;
SELECT game_id, ply, move, san FROM moves ORDER BY ply;
SELECT pgn(g.start, array_agg(m.move ORDER BY m.ply),
           jsonb_build_object('White', g.white, 'Black', g.black))
FROM games AS g JOIN moves AS m ON m.game_id = g.id GROUP BY g.id;
DROP FUNCTION play_move(bigint, text);
DROP TABLE moves, games;
DROP FUNCTION moves_insert(), moves_guard();
