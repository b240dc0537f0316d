-- The upgrade path: 0.1.0 (the types) to 0.2.0 (move generation) to 0.3.0
-- (the seed documents' tables) to 0.4.0 (SAN, PGN, games) to 0.5.0
-- (planner costs, privileges) to 0.6.0 (the game type, position search) to
-- 0.7.0 (row estimates for search) to 0.8.0 (the game format's version 2),
-- each step keeping the data.

DROP EXTENSION chess;
CREATE EXTENSION chess VERSION '0.1.0';
SELECT extversion FROM pg_extension WHERE extname = 'chess';
CREATE TABLE kept (p "position");
INSERT INTO kept VALUES (start_position());
SELECT count(*) FROM pg_proc WHERE proname IN ('legal_moves', 'move_table');
ALTER EXTENSION chess UPDATE TO '0.2.0';
SELECT extversion FROM pg_extension WHERE extname = 'chess';
SELECT p, (SELECT count(*) FROM legal_moves(p)) AS moves FROM kept;
SELECT count(*) FROM pg_proc WHERE proname = 'move_table';
ALTER EXTENSION chess UPDATE;
SELECT extversion FROM pg_extension WHERE extname = 'chess';
SELECT count(*) AS move_table_rows FROM chess_moves;
SELECT san(p, 'g1f3') FROM kept;
SELECT p, (SELECT count(*) FROM legal_moves(p)) AS moves FROM kept;
SELECT g.value, g.value @> p AS reaches FROM kept, pgn_games('1. Nf3 Nf6 2. Ng1 Ng8 *') g;
SELECT obj_description('game'::regtype, 'pg_type') AS game_type;
SELECT has_table_privilege('public', 'chess_moves', 'SELECT') AS public_reads_chess_moves,
       (SELECT procost FROM pg_proc WHERE oid = 'perft("position", integer)'::regprocedure) AS perft_cost;
DROP TABLE kept;
