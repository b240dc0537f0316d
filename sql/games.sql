-- Game state: insufficient material, the fifty- and seventy-five-move
-- rules, repetitions, outcome; the replay aggregates.


SELECT fen, is_insufficient_material(fen::"position")
FROM (VALUES ('8/8/8/8/8/8/8/K6k w - - 0 1'),
             ('8/8/8/8/8/8/8/KN5k w - - 0 1'),
             ('8/8/8/8/8/8/8/KB5k w - - 0 1'),
             ('8/8/8/8/8/8/6b1/KB5k w - - 0 1'),
             ('8/8/8/8/8/8/5b2/KB5k w - - 0 1'),
             ('8/8/8/8/8/8/8/KNN4k w - - 0 1'),
             ('8/8/8/8/8/8/6n1/KN5k w - - 0 1'),
             ('8/8/8/8/8/8/6q1/KN5k b - - 0 1'),
             ('8/8/8/8/8/8/P7/K6k w - - 0 1'),
             ('8/8/8/8/8/8/8/KR5k b - - 0 1')) AS v(fen);

SELECT halfmove_clock(p), can_claim_fifty_moves(p), is_seventyfive_moves(p)
FROM (VALUES ('4k3/8/8/8/8/8/8/R3K3 w - - 99 80'::"position"),
             ('4k3/8/8/8/8/8/8/R3K3 w - - 100 80'),
             ('4k3/8/8/8/8/8/8/R3K3 w - - 149 100'),
             ('4k3/8/8/8/8/8/8/R3K3 w - - 150 100'),
             ('R3k3/8/4K3/8/8/8/8/8 b - - 150 100')) AS v(p);

-- repetitions: knights out and back twice and thrice, the clocks ignored
WITH RECURSIVE game(ply, p) AS (
	SELECT 0, start_position()
	UNION ALL
	SELECT ply + 1, play(p, (ARRAY['g1f3', 'g8f6', 'f3g1', 'f6g8'])[ply % 4 + 1]::move)
	FROM game WHERE ply < 16
), history AS (
	SELECT ply, array_agg(p) OVER (ORDER BY ply) AS positions FROM game
)
SELECT ply, repetitions(positions), is_threefold_repetition(positions),
       is_fivefold_repetition(positions), (outcome(positions)).*
FROM history WHERE ply % 4 = 0 ORDER BY ply;

SELECT p, (outcome(p)).*
FROM (VALUES (start_position()),
             ('rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3'::"position"),
             ('R5k1/5ppp/8/8/8/8/8/6K1 b - - 0 1'),
             ('k7/2Q5/1K6/8/8/8/8/8 b - - 0 1'),
             ('8/8/8/8/8/8/8/KB5k w - - 0 1'),
             ('4k3/8/8/8/8/8/8/R3K3 w - - 150 100')) AS v(p);
-- a FEN literal without a cast reads as a position (it would fit both
-- outcome(position) and outcome(position[]) otherwise); an array needs its type
SELECT * FROM outcome('k7/2Q5/1K6/8/8/8/8/8 b - - 0 1');
SELECT * FROM outcome('{"k7/2Q5/1K6/8/8/8/8/8 b - - 0 1"}'::"position"[]);
SELECT * FROM outcome('not a position');
\echo SQLSTATE :LAST_ERROR_SQLSTATE

-- for display: the moves as a numbered SAN line, the board as rows
SELECT movetext('{e2e4,e7e5,g1f3}') AS from_start,
       movetext('rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1', '{c7c5,g1f3}') AS black_first,
       movetext('r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3', '{f1b5,a7a6}') AS move_3,
       movetext('{}'::move[]) AS no_moves;
SELECT movetext('{e2e4,e2e4}');
\echo SQLSTATE :LAST_ERROR_SQLSTATE
SELECT * FROM board_rows('r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1');

-- replay: one statement validates a stored game
CREATE TABLE plies (game integer, ply integer, move move);
INSERT INTO plies VALUES (1, 1, 'e2e4'), (1, 2, 'e7e5'), (1, 3, 'g1f3'), (1, 4, 'b8c6'),
                         (2, 1, 'd2d4'), (2, 2, 'd7d5'), (2, 3, 'e1e3'), (2, 4, 'g8f6');
SELECT game, replay(move ORDER BY ply) FROM plies WHERE game = 1 GROUP BY game;
SELECT game, replay(start_position(), move ORDER BY ply) FROM plies WHERE game = 1 GROUP BY game;
SELECT game, replay(move ORDER BY ply) FROM plies GROUP BY game ORDER BY game;
SELECT replay('4k3/8/8/8/8/8/4P3/4K3 w - - 0 1', m ORDER BY i)
FROM unnest('{e2e4,e8d7,e4e5}'::move[]) WITH ORDINALITY AS t(m, i);
SELECT replay(m) FROM unnest('{}'::move[]) AS m;
SELECT replay(m ORDER BY i) FROM unnest('{e2e4,NULL}'::move[]) WITH ORDINALITY AS t(m, i);
DROP TABLE plies;
