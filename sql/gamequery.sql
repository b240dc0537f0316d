-- gamequery: Scoutfish's JSON query language on games (doc/query.md).
-- Each rule against a brute-force answer over positions(); sequences and
-- streaks on a game built for them; the deliberate differences from
-- Scoutfish; bad input.  (Scoutfish's own suite and a differential run
-- against its binary: test/differential/scoutfish.py.)

CREATE TABLE gq_games (id integer, result text, g game);
INSERT INTO gq_games VALUES
	(1, '1-0', '1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Ba4 Nf6 5. O-O Be7 6. Re1 b5 7. Bb3 d6 8. c3 O-O'),
	(2, '0-1', '1. e4 c5 2. Nf3 d6 3. d4 cxd4 4. Nxd4 Nf6 5. Nc3 a6'),
	(3, '1/2-1/2', '1. d4 Nf6 2. c4 e6 3. Nc3 Bb4 4. e3 O-O 5. Bd3 d5 6. Nf3 c5 7. O-O'),
	(4, '1-0', '1. e4 d5 2. exd5 Qxd5 3. Nc3 Qa5 4. d4 Nf6 5. Nf3 Bf5 6. Bc4 e6 7. Bd2 c6 8. Qe2 Bb4 9. O-O-O Nbd7 10. Nd5 Qa4 11. Bb3 Qa5 12. Nxb4 Qxb4 13. c3 Qb6 14. Bf4 O-O'),
	(5, '1-0', '[FEN "8/1P6/8/8/8/8/8/K6k w - - 0 1"] 1. b8=N Kg2 2. Nc6 Kf3'),
	(6, '1/2-1/2', '[FEN "7k/8/8/8/8/8/1n6/KRB2r2 w - - 0 1"] 1. Rxb2 Kg7'),
	(7, '*', '1. Nf3 Nf6 2. Ng1 Ng8'),
	(8, '0-1', '1. f3 e5 2. g4 Qh4#'),
	(9, '*', '[FEN "rk5r/p7/8/8/8/8/P7/RK5R w KQkq - 0 1"] 1. O-O-O O-O-O 2. Rh7 Rxh7'),
	(10, '*', '[FEN "5kr1/5pp1/8/8/8/8/5PP1/5KR1 w Gg - 0 1"] 1. O-O O-O 2. Kh1 Kh8'),
	(11, '1/2-1/2', '[FEN "7k/5Q2/8/8/8/8/8/K7 w - - 0 1"] 1. Kb2'),
	(12, '1-0', '[FEN "3r3k/2P5/8/8/4pP2/8/8/K7 b - f3 0 1"] 1. exf3 Kb1 2. f2 cxd8=R+ 3. Kg7 Rd7+'),
	(13, '1-0', '1. e4 e5 2. Nf3 d6 3. d4 exd4 4. e5 dxe5 5. Nxe5');

-- Scoutfish's famous_games.pgn writes 16 draws "1/2", as old files do: read as 1/2-1/2
SELECT game, result, plies, error FROM pgn_games(E'[Result "1/2"]\n\n1. e4 e5 1/2\n\n1. d4 d5 2. c4 1/2-1/2\n1. c4 1/2');

-- every position of every game, with the move played from it
CREATE TEMP TABLE gq_plies AS
SELECT id, result, x.ply, x.position AS p, x.next AS m, san(x.position, x.next) AS san
FROM gq_games, positions(g) x;

-- the text is kept as given; it is checked at input
SELECT '{"sub-fen": "8/8/p7/8/8/1B3N2/8/8"}'::gamequery;
SELECT '{ "sequence" : [ {"white-move": "e4"}, {"streak": [{"pass": ""}, {"black-move": ["e5", "c5"]}]} ] }'::gamequery;

-- sub-fen: the first ply whose position has the pattern's pieces, as @> pattern finds it
SELECT q, (SELECT array_agg(id || ':' || array_to_string(match_plies(g, q), ',') ORDER BY id)
           FROM gq_games WHERE g @@ q) AS ours,
          (SELECT array_agg(id || ':' || ply ORDER BY id)
           FROM (SELECT id, min(ply) AS ply FROM gq_plies WHERE p @> pat GROUP BY id) s) AS brute
FROM (VALUES ('8/8/5n2/8/4P3/5N2/8/8'::pattern), ('5rk1/8/8/8/8/8/8/5RK1'), ('8/8/8/8/8/8/8/2KR4'),
             ('2kr4/8/8/8/8/8/8/8'), ('8/8/8/8/8/8/8/K6k'), ('8/8/8/4p3/4P3/8/8/8 b')) AS v(pat),
     LATERAL (SELECT ('{"sub-fen": "' || pat || '"}')::gamequery AS q) x
ORDER BY 1::text;
-- a list: any of them
SELECT id, match_plies(g, '{"sub-fen": ["8/8/8/8/8/8/8/2KR4", "8/8/8/8/8/8/8/5RK1"]}') FROM gq_games WHERE g @@ '{"sub-fen": ["8/8/8/8/8/8/8/2KR4", "8/8/8/8/8/8/8/5RK1"]}' ORDER BY id;

-- material (exact, both spellings) and imbalance (White's men minus Black's)
SELECT q, (SELECT array_agg(id || ':' || array_to_string(match_plies(g, q), ',') ORDER BY id)
           FROM gq_games WHERE g @@ q) AS ours
FROM (VALUES ('{"material": "KNK"}'::gamequery), ('{"material": "KNvK"}'), ('{"material": ["KRKN", "KRBKR"]}'),
             ('{"imbalance": "Nv"}'), ('{"imbalance": "PvB"}'), ('{"imbalance": "v"}'), ('{"imbalance": ["PPv", "vPP"]}')) AS v(q)
ORDER BY 1::text;
SELECT (SELECT array_agg(DISTINCT id ORDER BY id) FROM gq_plies WHERE p @> 'KNvK'::balance) AS knight_vs_king,
       (SELECT array_agg(DISTINCT id ORDER BY id) FROM gq_plies WHERE p @> 'KRvKN'::balance OR p @> 'KRBvKR'::balance) AS rook_lists;

-- moves: the piece, any disambiguation (a pawn capture's file too), the
-- target, a capture or not, the promotion when given; castling either way;
-- the ply is the position the move is played from
SELECT q, (SELECT array_agg(id || ':' || array_to_string(match_plies(g, q), ',') ORDER BY id)
           FROM gq_games WHERE g @@ q) AS ours
FROM (VALUES ('{"white-move": "O-O"}'::gamequery), ('{"black-move": "O-O"}'), ('{"white-move": "O-O-O"}'),
             ('{"black-move": ["O-O-O", "O-O"]}'), ('{"white-move": "Nf3"}'), ('{"white-move": "Nxd4"}'),
             ('{"white-move": "Nd4"}'), ('{"black-move": "Bb4"}'), ('{"black-move": "Bxb4"}'),
             ('{"black-move": "Qxb4"}'), ('{"black-move": "d4"}'), ('{"black-move": "exd4"}'),
             ('{"black-move": "cxd4"}'), ('{"black-move": "dxe5"}'), ('{"white-move": "b8=N"}'), ('{"white-move": "b8=Q"}'),
             ('{"white-move": "b8"}'), ('{"white-move": "cxd8=R+"}'), ('{"white-move": "d8=Q"}'),
             ('{"black-move": "exf3"}'), ('{"black-move": "f3"}'), ('{"white-move": "Rbb2"}'), ('{"white-move": "R1xb2"}'),
             ('{"white-move": "Kh1"}'), ('{"black-move": "Qh4#"}'), ('{"white-move": "Nc3", "black-move": "Nf6"}')) AS v(q)
ORDER BY 1::text;
-- the same moves found by their SAN over every position (the rule's brute force)
SELECT san, array_agg(id || ':' || ply ORDER BY id) AS first
FROM (SELECT id, san, min(ply) AS ply FROM gq_plies
      WHERE san IN ('O-O', 'O-O-O', 'Nxd4', 'Bb4', 'Qxb4', 'exf3', 'exd4', 'cxd4', 'dxe5', 'b8=N', 'cxd8=R+', 'Qh4#')
      GROUP BY id, san) s
GROUP BY san ORDER BY san;

-- moved and captured (en passant takes a pawn; a promotion that takes, the piece)
SELECT q, (SELECT array_agg(id || ':' || array_to_string(match_plies(g, q), ',') ORDER BY id)
           FROM gq_games WHERE g @@ q) AS ours
FROM (VALUES ('{"moved": "K"}'::gamequery), ('{"moved": "kq", "stm": "black"}'), ('{"captured": "Q"}'),
             ('{"captured": "R"}'), ('{"captured": "P", "stm": "black"}'), ('{"moved": "P", "captured": "P"}'),
             ('{"captured": "", "moved": "R"}'), ('{"captured": "N"}')) AS v(q)
ORDER BY 1::text;

-- stm, pass, result-type (the last position: mate or stalemate)
SELECT q, (SELECT array_agg(id || ':' || array_to_string(match_plies(g, q), ',') ORDER BY id)
           FROM gq_games WHERE g @@ q) AS ours
FROM (VALUES ('{"stm": "black"}'::gamequery), ('{"stm": "WHITE"}'), ('{"pass": 1}'), ('{"result-type": "mate"}'),
             ('{"result-type": "stalemate"}')) AS v(q)
ORDER BY 1::text;

-- result: the game's, which a game value does not hold: matches() and
-- match_plies() take it; @@ refuses a query with the rule
SELECT id, match_plies(g, '{"result": ["1-0", "1/2-1/2"], "moved": "K"}', result)
FROM gq_games WHERE matches(g, '{"result": ["1-0", "1/2-1/2"], "moved": "K"}', result) ORDER BY id;
SELECT id FROM gq_games WHERE matches(g, '{"sequence": [{"white-move": "e4"}, {"result": "0-1", "pass": ""}]}', result) ORDER BY id;
SELECT count(*) FROM gq_games WHERE g @@ '{"result": "1-0"}';
SELECT match_plies(g, '{"result": "1-0"}') FROM gq_games WHERE id = 1;
SELECT matches(g, '{"pass": ""}', '1-1') FROM gq_games WHERE id = 1;

-- sequences: each condition at a later ply; streaks: at consecutive plies,
-- and a miss starts the query again (Scoutfish's greedy rule)
SELECT q, match_plies(g, q) FROM gq_games,
     (VALUES ('{"sequence": [{"white-move": "e4"}, {"white-move": "d4"}, {"black-move": "dxe5"}]}'::gamequery),
             ('{"sequence": [{"white-move": "d4"}, {"white-move": "e4"}]}'),
             ('{"sequence": [{"pass": ""}, {"pass": ""}, {"pass": ""}]}'),
             ('{"streak": [{"white-move": "e5"}, {"black-move": "dxe5"}, {"white-move": "Nxe5"}]}'),
             ('{"streak": [{"white-move": "e5"}, {"white-move": "Nxe5"}]}'),
             ('{"streak": [{"white-move": "e5"}, {"pass": ""}, {"white-move": "Nxe5"}]}'),
             ('{"sequence": [{"sub-fen": "8/8/8/8/4P3/8/8/8"}, {"streak": [{"captured": "P"}, {"captured": "P"}]}, {"moved": "N"}]}'),
             ('{"streak": [{"stm": "white"}, {"stm": "black"}, {"stm": "white"}]}'),
             ('{"streak": [{"captured": ""}, {"captured": "P"}, {"captured": "P"}]}'),
             ('{"streak": [{"captured": ""}, {"captured": "P"}, {"captured": "N"}]}')) AS v(q)
WHERE id = 13 ORDER BY 1::text;
-- the greedy rule: a pawn moves at plies 0 and 1, a knight at ply 2; the
-- streak [pawn, knight] starts at ply 0, misses at ply 1 and starts again
-- at ply 2, where no pawn moves: Scoutfish finds no streak, nor do we
SELECT match_plies('1. e4 e5 2. Nf3'::game, '{"streak": [{"moved": "P"}, {"moved": "P"}, {"moved": "N"}]}') AS found,
       match_plies('1. e4 e5 2. Nf3'::game, '{"streak": [{"moved": "P"}, {"moved": "N"}]}') AS greedy_miss;

-- indexes: game_pattern_ops serves sub-fen and move rules (a move leaves
-- its piece on its target), game_gin_ops material rules (every
-- condition's, one of a list's); candidates are rechecked; a query of
-- other rules alone reads every game; the same rows either way
CREATE TEMP TABLE gq_queries (q gamequery);
INSERT INTO gq_queries VALUES
	('{"sub-fen": "8/8/8/8/8/8/8/2KR4"}'), ('{"sub-fen": ["8/8/8/8/8/8/8/2KR4", "8/8/8/8/8/8/8/5RK1"]}'),
	('{"sub-fen": "8/8/8/8/8/8/8/8"}'), ('{"sub-fen": "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w"}'),
	('{"material": "KNK"}'), ('{"material": ["KRKN", "KRBKR"]}'), ('{"material": "KQRRBBNNPPPPPPPPKQRRBBNNPPPPPPPP"}'),
	('{"sequence": [{"sub-fen": "8/8/8/8/4P3/8/8/8"}, {"material": "KQRRBBNNPPPPPPPKQRRBBNNPPPPPPP"}]}'),
	('{"sequence": [{"white-move": "e4"}, {"sub-fen": "8/8/8/4p3/4P3/8/8/8", "stm": "white"}]}'),
	('{"streak": [{"sub-fen": "8/8/8/8/8/8/8/K6k"}, {"pass": ""}]}'),
	('{"white-move": "O-O-O"}'), ('{"sub-fen": "8/8/8/8/8/8/8/8", "moved": "K"}'),
	('{"black-move": "O-O"}'), ('{"white-move": "b8"}'), ('{"white-move": ["cxd8=R+", "Nxd4"]}'),
	('{"black-move": "exf3", "captured": "P"}'), ('{"streak": [{"white-move": "e5"}, {"black-move": "dxe5"}]}'),
	('{"moved": "K"}');
CREATE TEMP TABLE gq_seq AS
SELECT q::text, array(SELECT id FROM gq_games WHERE g @@ q ORDER BY id) AS ids FROM gq_queries;
CREATE INDEX gq_games_gin ON gq_games USING gin (g);
CREATE INDEX gq_games_pattern ON gq_games USING gin (g game_pattern_ops);
SET enable_seqscan = off;
EXPLAIN (COSTS OFF) SELECT id FROM gq_games WHERE g @@ '{"sub-fen": "8/8/8/8/8/8/8/2KR4"}';
EXPLAIN (COSTS OFF) SELECT id FROM gq_games WHERE g @@ '{"material": ["KRKN", "KRBKR"]}';
EXPLAIN (COSTS OFF) SELECT id FROM gq_games WHERE g @@ '{"black-move": "Qxb4"}';
SELECT q::text, array(SELECT id FROM gq_games WHERE g @@ q ORDER BY id) AS ids,
       array(SELECT id FROM gq_games WHERE g @@ q ORDER BY id) = (SELECT ids FROM gq_seq s WHERE s.q = gq_queries.q::text) AS same
FROM gq_queries ORDER BY 1;
RESET enable_seqscan;
-- a query the index cannot know before the scan (a column, through the
-- operator's function) and a query with a "result" rule are left to the
-- operator
CREATE TEMP TABLE gq_pairs AS SELECT g, '{"white-move": "O-O-O"}'::gamequery AS q FROM gq_games;
CREATE INDEX gq_pairs_pattern ON gq_pairs USING gin (g game_pattern_ops);
-- (a plan's lines, but PostgreSQL 18's "Disabled" of a node enable_seqscan turns off)
\i sql/include/plan_lines.sql
SET enable_seqscan = off;
SELECT * FROM plan_lines('SELECT count(*) FROM gq_pairs WHERE game_matches_query(g, q)');
-- (the function with a constant query: the index, as for @@)
EXPLAIN (COSTS OFF) SELECT count(*) FROM gq_pairs WHERE game_matches_query(g, '{"white-move": "O-O-O"}');
SELECT count(*) FROM gq_pairs WHERE game_matches_query(g, q);
-- (the function with a constant query: the index, as for @@)
EXPLAIN (COSTS OFF) SELECT count(*) FROM gq_pairs WHERE game_matches_query(g, '{"white-move": "O-O-O"}');
SELECT count(*) FROM gq_games WHERE g @@ '{"result": "1-0", "sub-fen": "8/8/8/8/8/8/8/2KR4"}';
-- matches() with a constant query: the index is asked for the query
-- without its "result" rules (a condition of them alone: any position),
-- and matches() decides each candidate; a query that leaves the index no
-- key reads every game; the same rows as a scan, for each query below
EXPLAIN (COSTS OFF) SELECT id FROM gq_games
WHERE matches(g, '{"sequence": [{"result": ["1-0", "1/2-1/2"]}, {"white-move": "O-O-O", "result": "1-0"}]}', result);
SELECT * FROM plan_lines($$SELECT id FROM gq_games WHERE matches(g, '{"result": "1-0", "moved": "K"}', result)$$);
SELECT * FROM plan_lines($$SELECT id FROM gq_games WHERE matches(g, '{"flip": true, "result": "0-1", "white-move": "O-O"}', result)$$);
SELECT * FROM plan_lines($$SELECT id FROM gq_games WHERE matches(g, '{"result": "1-0", "sub-fen": "8/8/8/8/8/8/8/2KR4"}', result)$$);
CREATE FUNCTION gq_matches_ids(q gamequery, indexes boolean) RETURNS integer[] LANGUAGE plpgsql AS $$
DECLARE
	ids integer[];
BEGIN
	PERFORM set_config('enable_bitmapscan', indexes::text, true), set_config('enable_indexscan', indexes::text, true),
	        set_config('enable_seqscan', (NOT indexes)::text, true);
	-- the query a constant of the statement, as the planner's support needs it
	EXECUTE format('SELECT array(SELECT id FROM gq_games WHERE matches(g, %L, result) ORDER BY id)', q) INTO ids;
	RETURN ids;
END $$;
SELECT q, gq_matches_ids(q, true) AS ids, gq_matches_ids(q, true) = gq_matches_ids(q, false) AS same
FROM (VALUES ('{"result": "1-0", "white-move": "O-O-O"}'::gamequery),
             ('{"result": ["0-1", "1/2-1/2"], "sub-fen": "8/8/8/8/8/8/8/2KR4"}'),
             ('{"result": "1-0", "sub-fen": "8/8/8/8/8/8/8/2KR4"}'),
             ('{"result": ["1-0", "1/2-1/2"], "moved": "K"}'),
             ('{"sequence": [{"white-move": "e4"}, {"result": "0-1", "pass": ""}]}'),
             ('{"streak": [{"result": "1-0"}, {"white-move": "b8"}]}'),
             ('{"result": "*", "material": "KNK"}'),
             ('{"flip": true, "result": "0-1", "white-move": "O-O"}')) AS v(q)
ORDER BY 1::text;
DROP FUNCTION gq_matches_ids(gamequery, boolean);
RESET enable_seqscan;
-- the planner reads every game for a query of rules no index knows
EXPLAIN (COSTS OFF) SELECT id FROM gq_games WHERE g @@ '{"moved": "K", "captured": "P"}';
DROP INDEX gq_games_gin, gq_games_pattern;
-- the keys a query asks for: those of g @> pattern and g @> balance
-- (doc/formats.md), alternative after alternative, condition after condition
SELECT gin_query_keys('{"white-move": "Nb7"}'::gamequery) = gin_query_keys('8/1N6/8/8/8/8/8/8'::pattern) AS move_is_its_arrival,
       gin_query_keys('{"black-move": "O-O"}'::gamequery) = gin_query_keys('6k1/8/8/8/8/8/8/8'::pattern) AS castling_king,
       array_length(gin_query_keys('{"white-move": "b8"}'::gamequery), 1) AS any_promotion_keys,
       gin_query_keys('{"material": ["KRKR", "KQK"]}'::gamequery, 'game_gin_ops') =
         gin_query_keys('KRvKR'::balance, 'game_gin_ops') || gin_query_keys('KQvK'::balance, 'game_gin_ops') AS materials,
       gin_query_keys('{"sequence": [{"sub-fen": "8/8/8/8/8/8/8/K7"}, {"black-move": "O-O", "stm": "black"}]}'::gamequery) =
         gin_query_keys('8/8/8/8/8/8/8/K7'::pattern) || gin_query_keys('6k1/8/8/8/8/8/8/8'::pattern) AS in_turn,
       gin_query_keys('{"moved": "K"}'::gamequery) IS NULL AS every_row,
       gin_query_keys('{"sub-fen": "8/8/8/8/8/8/8/8"}'::gamequery) IS NULL AS empty_pattern_every_row;
SELECT gin_query_keys('{"pass": ""}'::gamequery, 'position_gin_ops');

-- worked examples of doc/query.md ("Asking anything")
-- the Greek gift: Bxh7+, Kxh7, Ng5+ on consecutive plies
SELECT match_plies('1. e4 e6 2. d4 d5 3. Nc3 Nf6 4. e5 Nfd7 5. Nf3 Be7 6. Bd3 O-O 7. Bxh7+ Kxh7 8. Ng5+ Kg8 9. Qh5'::game,
                   '{"streak": [{"white-move": "Bxh7+"}, {"black-move": "Kxh7"}, {"white-move": "Ng5+"}]}');
-- a smothered mate: a knight's move, then mate with the king walled in by its own men
SELECT match_plies('1. e4 e5 2. Nf3 Nc6 3. Bc4 Nd4 4. Nxe5 Qg5 5. Nxf7 Qxg2 6. Rf1 Qxe4+ 7. Be2 Nf3#'::game,
                   '{"streak": [{"moved": "N"}, {"result-type": "mate", "sub-fen": "8/8/8/8/8/8/3PBP2/3QKR2"}]}');
-- a knight's manoeuvre f3-d2-f1-g3, the moves in turn with anything between them
SELECT match_plies('1. Nf3 d5 2. e3 Nf6 3. Be2 e6 4. d3 c5 5. Nfd2 Nc6 6. Nf1 Be7 7. Ng3'::game,
                   '{"sequence": [{"white-move": "Nf3d2"}, {"white-move": "Nd2f1"}, {"white-move": "Nf1g3"}]}');
-- a minority attack: the Carlsbad structure, then b4 and b5
SELECT match_plies('1. d4 d5 2. c4 e6 3. Nc3 Nf6 4. cxd5 exd5 5. Bg5 c6 6. e3 Be7 7. Bd3 O-O 8. Qc2 Nbd7 9. Nf3 Re8 10. O-O Nf8 11. Rab1 Ng6 12. b4 Bd6 13. b5'::game,
                   '{"sequence": [{"sub-fen": "8/pp6/2p5/3p4/3P4/8/PP6/8"}, {"white-move": "b4"}, {"white-move": "b5"}]}');

-- binary I/O: the text; a column; text to gamequery as an assignment
CREATE TABLE gq_saved (q gamequery);
INSERT INTO gq_saved VALUES ('{"white-move": "O-O-O"}'), ('{"streak": [{"pass": ""}, {"moved": "K"}]}');
INSERT INTO gq_saved SELECT '{"material": "KRKR"}'::text;
SELECT q, gamequery_send(q) = convert_to(q::text, 'UTF8') AS send_is_the_text FROM gq_saved ORDER BY 1::text;
SELECT s.q, (SELECT count(*) FROM gq_games WHERE g @@ s.q) FROM gq_saved s ORDER BY 1::text;

-- bad input: 22P02 naming the rule and the value
SELECT 'not json'::gamequery;
SELECT '{"sub-fen": "8/8/p7/8/8/1B3N2/8/8"'::gamequery;
SELECT '{"sub-fen": "8/8/p7/8/8/1B3N2/8/8"} extra'::gamequery;
SELECT '{}'::gamequery;
SELECT '[]'::gamequery;
SELECT '{"stm": 3}'::gamequery;
SELECT '{"stm": "balck"}'::gamequery;
SELECT '{"sub-fen": "8/8/p7"}'::gamequery;
SELECT '{"sub-fen": []}'::gamequery;
SELECT '{"sub-fen": ["8/8/8/8/8/8/8/8", 3]}'::gamequery;
SELECT '{"material": "KQQ"}'::gamequery;
SELECT '{"material": "KXvK"}'::gamequery;
SELECT '{"material": "KPPPPPPPPPvK"}'::gamequery;
SELECT '{"imbalance": "PP"}'::gamequery;
SELECT '{"white-move": "e1"}'::gamequery;
SELECT '{"white-move": "Nf9"}'::gamequery;
SELECT '{"black-move": "e1=K"}'::gamequery;
SELECT '{"black-move": "exe4"}'::gamequery;
SELECT '{"white-move": "e5=Q"}'::gamequery;
SELECT '{"white-move": "Ne4e4"}'::gamequery;
SELECT '{"captured": "K"}'::gamequery;
SELECT '{"moved": ""}'::gamequery;
SELECT '{"result": "1/2"}'::gamequery;
SELECT '{"result-type": "checkmate"}'::gamequery;
SELECT '{"skip": 10, "pass": ""}'::gamequery;
SELECT '{"limit": 10, "pass": ""}'::gamequery;
SELECT '{"stm": "white", "stm": "black"}'::gamequery;
SELECT '{"sequence": [{"pass": ""}], "stm": "white"}'::gamequery;
SELECT '{"stm": "white", "sequence": [{"pass": ""}]}'::gamequery;
SELECT '{"sequence": []}'::gamequery;
SELECT '{"sequence": [{"sequence": [{"pass": ""}]}]}'::gamequery;
SELECT '{"streak": [{"streak": [{"pass": ""}]}]}'::gamequery;
SELECT '{"sub-fen": "8/8/8/8/8/8/8/8\u0000"}'::gamequery;
SELECT '{"sub-fen": "\ud800"}'::gamequery;
SELECT '{"foo": 1}'::gamequery;
\set VERBOSITY sqlstate
SELECT '{"foo": 1}'::gamequery;
-- limits: 54000
SELECT ('{"pass": ' || repeat('[', 65) || repeat(']', 65) || '}')::gamequery;
SELECT ('{"sequence": [' || repeat('{"pass": ""}, ', 10000) || '{"pass": ""}]}')::gamequery;
\set VERBOSITY default
-- 64 deep, the query's own object counted, is allowed
SELECT ('{"pass": ' || repeat('[', 63) || repeat(']', 63) || '}')::gamequery IS NOT NULL AS deep_enough;
-- 10,000 sub-FENs, and a sequence 100 deep, run
SELECT array_agg(id ORDER BY id) FROM gq_games WHERE g @@ ('{"sub-fen": [' ||
	(SELECT string_agg('"8/8/8/8/8/8/8/' || CASE WHEN i % 8 > 0 THEN (i % 8)::text ELSE '' END || 'Q' ||
	                   CASE WHEN i % 8 < 7 THEN (7 - i % 8)::text ELSE '' END || '"', ', ')
	 FROM generate_series(1, 10000) i) || ']}')::gamequery;
SELECT array_length(p, 1), p[1], p[100]
FROM (SELECT match_plies(game((SELECT array_agg(m ORDER BY i, j) FROM generate_series(1, 30) i,
                                unnest('{g1f3,g8f6,f3g1,f6g8}'::move[]) WITH ORDINALITY AS u(m, j))),
                         ('{"sequence": [' || (SELECT string_agg('{"pass": ""}', ', ') FROM generate_series(1, 100)) || ']}')::gamequery) AS p) x;
-- a stored value that is no query (bytes written by hand, through a
-- binary-coercible cast) raises XX001 where it is used
CREATE CAST (bytea AS gamequery) WITHOUT FUNCTION;
SELECT g @@ convert_to('{"stm": "nobody"}', 'UTF8')::gamequery FROM gq_games WHERE id = 1;
SELECT g @@ convert_to('{"stm": "white"}', 'UTF8')::gamequery FROM gq_games WHERE id = 1;
DROP CAST (bytea AS gamequery);
DROP TABLE gq_saved, gq_games;
DROP FUNCTION plan_lines(text);
