-- Searching positions and games: patterns, material balances, the opening
-- explorer, and their GIN operator classes (the same rows with the index
-- as without).

-- pattern: a FEN placement whose digits are squares that may hold
-- anything, '.' a square that must be empty, letters pieces that must stand
-- there; optionally the side to move
SELECT '8/8/5n2/3P4/4P3/8/8/8'::pattern;
SELECT '6k1/5p2/8/8/8/8/8/6K1 b'::pattern;
SELECT '4k2r/8/8/8/8/8/8/4K..R w'::pattern;
SELECT '8/8/8/8/8/8/8/8'::pattern;
SELECT '  8/8/8/8/8/8/8/R6R  '::pattern;
SELECT '11111111/8/8/8/8/8/8/8'::pattern;
SELECT ('........' || '/8/8/8/8/8/8/8')::pattern;
-- more pawns than a side has: a pattern no position matches, searched as
-- any other (the search once wrote 24 pawns' cones into room for 16)
SELECT pat, start_position() @> pat AS in_position, '1. e4 e5 2. d4 d5'::game @> pat AS in_game
FROM (VALUES ('8/PPPPPPPP/PPPPPPPP/PPPPPPPP/8/8/8/8'::pattern), ('8/pppppppp/pppppppp/8/8/PPPPPPPP/PPPPPPPP/8'),
             ('8/8/8/8/8/8/PPPPPPPP/8')) AS v(pat);
-- malformed
SELECT '8/8/8'::pattern;
SELECT '8/8/8/8/8/8/8/8/8'::pattern;
SELECT '9/8/8/8/8/8/8/8'::pattern;
SELECT '7/8/8/8/8/8/8/8'::pattern;
SELECT '8/8/8/8/8/8/8/7X'::pattern;
SELECT '8/8/8/8/8/8/8/8 x'::pattern;
SELECT '8/8/8/8/8/8/8/8 w extra'::pattern;
\echo SQLSTATE :LAST_ERROR_SQLSTATE

-- position @> pattern, on the edges and corners of the board too
SELECT p, pat, p @> pat AS matches
FROM (VALUES (start_position()), ('r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1'::"position")) AS a(p),
     (VALUES ('8/8/8/8/8/8/8/R6R'::pattern), ('r6r/8/8/8/8/8/8/8'), ('r6r/8/8/8/8/8/8/8 w'), ('r6r/8/8/8/8/8/8/8 b'),
             ('8/8/8/8/8/8/8/RNBQKBNR'), ('8/8/8/8/8/8/8/R...K..R'), ('8/8/8/8/8/8/8/R3K2R'),
             ('8/8/8/3PN3/4P3/8/8/8'), ('8/8/8/8/8/8/8/8'), (('........' || '/8/8/8/8/8/8/8')::pattern)) AS b(pat)
ORDER BY 1, 2;

-- balance: a material signature, White first, letters with ?, * or +
SELECT 'KRBvKR'::balance, 'KRBP*vKRP*'::balance, 'KQ+vK'::balance, 'KRR?vKR'::balance,
       'KPPP*vK'::balance, 'KP*P*vKQ'::balance, 'KvK'::balance;
SELECT 'KQQQQQQQQQvK'::balance, 'KPPPPPPPPvK'::balance;
-- as many of a kind as a position may have (15 and a king), not fewer: "+"
-- and "*" reach that far
SELECT 'KQQQQQQQQQQQQQQQvK'::balance, 'KQQQQQQQQQQQQQQQQvK'::balance;
SELECT 'KQ+vK'::balance = 'KQQ?Q?Q?Q?Q?Q?Q?Q?Q?Q?Q?Q?Q?Q?vK'::balance AS fifteen,
       'QQQQQQQK/QQQQ4/8/8/8/8/8/k7 b - - 0 1'::"position" @> 'KQ+vK'::balance AS eleven_queens,
       '[FEN "QQQQQQQK/QQQQ4/8/8/8/8/8/k7 b - - 0 1"]'::game @> 'KQ*vK'::balance AS in_a_game;
-- the longest text: 0 to 14 of each piece and 0 to 7 pawns, both sides (255
-- characters; the engine's buffer once had room for 95 of them), in text
-- and in binary COPY; malformed binary balances and patterns
\set longest 'KQ?Q?Q?Q?Q?Q?Q?Q?Q?Q?Q?Q?Q?Q?R?R?R?R?R?R?R?R?R?R?R?R?R?R?B?B?B?B?B?B?B?B?B?B?B?B?B?B?N?N?N?N?N?N?N?N?N?N?N?N?N?N?P?P?P?P?P?P?P?vKQ?Q?Q?Q?Q?Q?Q?Q?Q?Q?Q?Q?Q?Q?R?R?R?R?R?R?R?R?R?R?R?R?R?R?B?B?B?B?B?B?B?B?B?B?B?B?B?B?N?N?N?N?N?N?N?N?N?N?N?N?N?N?P?P?P?P?P?P?P?'
SELECT b::text = :'longest' AS same, length(b::text), balance_send(b)
FROM (SELECT :'longest'::balance AS b) s;
CREATE TABLE bal_t (b balance, p pattern);
INSERT INTO bal_t VALUES (:'longest', '4k2r/8/8/8/8/8/8/4K..R w');
\copy bal_t TO 'results/bal.bin' WITH (FORMAT binary)
CREATE TABLE bal_back (LIKE bal_t);
\copy bal_back FROM 'results/bal.bin' WITH (FORMAT binary)
SELECT b::text = :'longest' AS same, p FROM bal_back;
CREATE TABLE raw_b (b bytea, p bytea);
-- ten pawns; a1 both empty and a white knight's; side 3; short
INSERT INTO raw_b VALUES (overlay(balance_send('KvK') placing '\x0a' from 20 for 1), NULL),
	(NULL, overlay(pattern_send('8/8/8/8/8/8/8/.7') placing '\x01' from 9 for 1)),
	(NULL, overlay(pattern_send('8/8/8/8/8/8/8/8') placing '\x03' from 105 for 1)),
	(substr(balance_send('KvK'), 1, 19), NULL);
SELECT length(b), length(p) FROM raw_b;
\copy (SELECT b, NULL FROM raw_b LIMIT 1) TO 'results/raw_b.bin' WITH (FORMAT binary)
\copy bal_back FROM 'results/raw_b.bin' WITH (FORMAT binary)
\copy (SELECT NULL, p FROM raw_b OFFSET 1 LIMIT 1) TO 'results/raw_b.bin' WITH (FORMAT binary)
\copy bal_back FROM 'results/raw_b.bin' WITH (FORMAT binary)
\copy (SELECT NULL, p FROM raw_b OFFSET 2 LIMIT 1) TO 'results/raw_b.bin' WITH (FORMAT binary)
\copy bal_back FROM 'results/raw_b.bin' WITH (FORMAT binary)
\copy (SELECT b, NULL FROM raw_b OFFSET 3) TO 'results/raw_b.bin' WITH (FORMAT binary)
\copy bal_back FROM 'results/raw_b.bin' WITH (FORMAT binary)
DROP TABLE bal_t, bal_back, raw_b;
SELECT flip('KRBP*vKRP*'), flip(flip('KRBP*vKRP*')) = 'KRBP*vKRP*'::balance AS involution;
SELECT 'KRB'::balance;
SELECT 'RBvKR'::balance;
SELECT 'KRBvKRvK'::balance;
SELECT 'KXvK'::balance;
SELECT 'KPPPPPPPPPvK'::balance;
\echo SQLSTATE :LAST_ERROR_SQLSTATE

-- material(): Syzygy's order, White first; promoted pieces count as what they became
SELECT material(start_position());
SELECT material('8/8/8/8/8/8/8/KRB4k w - - 0 1'), material('Q7/8/8/8/8/8/7k/K7 w - - 0 1');
SELECT material(play('8/1P6/8/8/8/8/8/K6k w - - 0 1', 'b7b8n')) AS after_underpromotion;
SELECT p @> 'KNvK'::balance AS knight, p @> 'KPvK'::balance AS pawn
FROM (SELECT play('8/1P6/8/8/8/8/8/K6k w - - 0 1', 'b7b8n') AS p) x;

-- a table of positions: @> pattern and @> balance, without and with the GIN index
CREATE TABLE positions_t AS
WITH RECURSIVE tree(p, d) AS (
	SELECT start_position(), 0
	UNION ALL
	SELECT s."position", d + 1 FROM tree, successors(tree.p) s WHERE d < 3)
SELECT DISTINCT p FROM tree;
INSERT INTO positions_t VALUES ('r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1'),
	('8/1P6/8/8/8/8/8/K6k w - - 0 1'), ('1N6/8/8/8/8/8/8/K6k b - - 0 1'), ('7k/8/8/8/8/8/8/KRB5 w - - 0 1'),
	('QQQQQQQK/QQQQ4/8/8/8/8/8/k7 b - - 0 1');
CREATE TEMP TABLE position_queries AS
SELECT * FROM (VALUES
	('pattern', '8/8/8/8/4P3/8/8/8'::pattern, NULL::balance),
	('pattern', '8/8/8/8/4P3/8/8/8 b', NULL),
	('pattern', 'rnbqkbnr/pppppppp/8/8/8/8/8/8', NULL),
	('pattern', '8/8/8/8/8/5N2/8/8', NULL),
	('pattern', '8/8/8/8/8/8/4.3/8', NULL),
	('pattern', '8/8/8/8/8/8/8/R...K..R', NULL),
	('pattern', '8/8/8/8/8/8/8/8', NULL),
	('pattern', '8/8/8/8/8/8/8/8 w', NULL),
	('pattern', '1N6/8/8/8/8/8/8/K7', NULL),
	('balance', NULL, 'KQRRBBNNPPPPPPPPvKQRRBBNNPPPPPPPP'::balance),
	('balance', NULL, 'KQRRBBNNPPPPPPPPvKQRRBBNNPPPPPPP'),
	('balance', NULL, 'KNvK'),
	('balance', NULL, 'KP*vK'),
	('balance', NULL, 'KRBvK'),
	('balance', NULL, flip('KRBvK')),
	('balance', NULL, 'KQ+vK'),
	('balance', NULL, 'KQ*R*R*B*B*N*N*P*vKQ*R*R*B*B*N*N*P*')) AS v(kind, pat, bal);
SELECT kind, coalesce(pat::text, bal::text) AS query,
       (SELECT count(*) FROM positions_t WHERE CASE kind WHEN 'pattern' THEN p @> pat ELSE p @> bal END) AS positions
FROM position_queries ORDER BY 1, 2;
CREATE INDEX positions_t_gin ON positions_t USING gin (p);
SET enable_seqscan = off;
EXPLAIN (COSTS OFF) SELECT count(*) FROM positions_t WHERE p @> '8/8/8/8/4P3/8/8/8 b'::pattern;
EXPLAIN (COSTS OFF) SELECT count(*) FROM positions_t WHERE p @> 'KP*vK'::balance;
SELECT kind, coalesce(pat::text, bal::text) AS query,
       (SELECT count(*) FROM positions_t WHERE CASE kind WHEN 'pattern' THEN p @> pat ELSE p @> bal END) AS positions
FROM position_queries ORDER BY 1, 2;
-- through the index, query by query (the CASE above hides the operators from it)
SELECT (SELECT count(*) FROM positions_t WHERE p @> '8/8/8/8/4P3/8/8/8'::pattern) AS e4,
       (SELECT count(*) FROM positions_t WHERE p @> '8/8/8/8/4P3/8/8/8 b'::pattern) AS e4_black,
       (SELECT count(*) FROM positions_t WHERE p @> '8/8/8/8/8/8/4.3/8'::pattern) AS e2_empty,
       (SELECT count(*) FROM positions_t WHERE p @> '8/8/8/8/8/8/8/8'::pattern) AS anything,
       (SELECT count(*) FROM positions_t WHERE p @> 'KQRRBBNNPPPPPPPPvKQRRBBNNPPPPPPP'::balance) AS pawn_down,
       (SELECT count(*) FROM positions_t WHERE p @> 'KP*vK'::balance) AS pawns_only,
       (SELECT count(*) FROM positions_t WHERE p @> 'KQ+vK'::balance) AS queens,
       (SELECT count(*) FROM positions_t WHERE p @> 'KQ*R*R*B*B*N*N*P*vKQ*R*R*B*B*N*N*P*'::balance) AS any_material;
RESET enable_seqscan;
SELECT (SELECT count(*) FROM positions_t WHERE p @> '8/8/8/8/4P3/8/8/8'::pattern) AS e4,
       (SELECT count(*) FROM positions_t WHERE p @> '8/8/8/8/4P3/8/8/8 b'::pattern) AS e4_black,
       (SELECT count(*) FROM positions_t WHERE p @> '8/8/8/8/8/8/4.3/8'::pattern) AS e2_empty,
       (SELECT count(*) FROM positions_t WHERE p @> '8/8/8/8/8/8/8/8'::pattern) AS anything,
       (SELECT count(*) FROM positions_t WHERE p @> 'KQRRBBNNPPPPPPPPvKQRRBBNNPPPPPPP'::balance) AS pawn_down,
       (SELECT count(*) FROM positions_t WHERE p @> 'KP*vK'::balance) AS pawns_only,
       (SELECT count(*) FROM positions_t WHERE p @> 'KQ+vK'::balance) AS queens,
       (SELECT count(*) FROM positions_t WHERE p @> 'KQ*R*R*B*B*N*N*P*vKQ*R*R*B*B*N*N*P*'::balance) AS any_material;

-- games: g @> pattern and g @> balance, without and with the indexes
CREATE TABLE games_s (id integer, result text, g game);
INSERT INTO games_s VALUES
	(1, '1-0', '1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Ba4 Nf6 5. O-O Be7 6. Re1 b5 7. Bb3 d6 8. c3 O-O'),
	(2, '0-1', '1. e4 c5 2. Nf3 d6 3. d4 cxd4 4. Nxd4 Nf6 5. Nc3 a6'),
	(3, '1/2-1/2', '1. d4 Nf6 2. c4 e6 3. Nc3 Bb4 4. e3 O-O 5. Bd3 d5 6. Nf3 c5 7. O-O'),
	(4, '1-0', '1. e4 d5 2. exd5 Qxd5 3. Nc3 Qa5 4. d4 Nf6 5. Nf3 Bf5 6. Bc4 e6 7. Bd2 c6 8. Qe2 Bb4 9. O-O-O Nbd7 10. Nd5 Qa4 11. Bb3 Qa5 12. Nxb4 Qxb4 13. c3 Qb6 14. Bf4 O-O'),
	(5, '1-0', '[FEN "8/1P6/8/8/8/8/8/K6k w - - 0 1"] 1. b8=N Kg2 2. Nc6 Kf3'),
	(6, '1/2-1/2', '[FEN "7k/8/8/8/8/8/1n6/KRB2r2 w - - 0 1"] 1. Rxb2 Kg7'),
	(7, '*', '1. Nf3 Nf6 2. Ng1 Ng8'),
	(9, '*', '[FEN "rk5r/p7/8/8/8/8/P7/RK5R w KQkq - 0 1"] 1. O-O-O O-O-O 2. Rh7 Rxh7'),
	(10, '*', '[FEN "5kr1/5pp1/8/8/8/8/5PP1/5KR1 w Gg - 0 1"] 1. O-O O-O 2. Kh1 Kh8');
-- a game whose pattern comes after ply 240, in the last window of game_pattern_ops
INSERT INTO games_s SELECT 8, '*', game(
	(SELECT array_agg(m ORDER BY i, j) FROM generate_series(1, 65) i,
	        unnest('{g1f3,g8f6,f3g1,f6g8}'::move[]) WITH ORDINALITY AS u(m, j)) || '{e2e4,e7e5,e1e2}'::move[]);
INSERT INTO games_s SELECT 100 + i, '*', game(ARRAY['e2e4', 'e7e5', 'g1f3', CASE WHEN i % 2 = 0 THEN 'b8c6' ELSE 'g8f6' END]::move[])
FROM generate_series(1, 50) i;
CREATE TEMP TABLE game_queries AS
SELECT * FROM (VALUES
	('pattern', '8/8/5n2/8/4P3/5N2/8/8'::pattern, NULL::balance),
	('pattern', '8/8/2n2n2/8/4P3/5N2/8/8', NULL),
	('pattern', '5rk1/8/8/8/8/8/8/5RK1', NULL),
	('pattern', '8/8/8/3p4/4P3/8/8/8 w', NULL),
	('pattern', '8/8/8/3p4/4P3/8/8/8 b', NULL),
	('pattern', 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w', NULL),
	('pattern', '1N6/8/8/8/8/8/8/8', NULL),
	('pattern', '8/8/8/8/8/8/8/2K.....', NULL),
	('pattern', '8/8/8/8/8/8/8/8', NULL),
	('pattern', '8/8/8/4p3/4P3/8/4K3/8', NULL),
	('pattern', '8/8/8/8/8/8/8/6KR', NULL),
	('pattern', '7k/6p1/8/8/8/8/6P1/7K', NULL),
	('pattern', '8/8/8/8/8/2N5/PP6/8', NULL),
	('pattern', '8/8/8/8/8/8/8/2KR4', NULL),
	('pattern', '8/8/8/8/8/8/5PP1/5RK1', NULL),
	('pattern', '7r/7R/8/8/8/8/8/8', NULL),
	('pattern', '8/8/8/8/8/8/8/K6k', NULL),
	('balance', NULL, 'KNvK'::balance),
	('balance', NULL, 'KPvK'),
	('balance', NULL, 'KRBvKR'),
	('balance', NULL, 'KRBvK'),
	('balance', NULL, 'KQRRBBNNPPPPPPPvKRRBBNNPPPPPPP'),
	('balance', NULL, 'KQ*R*R*B*B*N*N*P*vKQ*R*R*B*B*N*N*P*')) AS v(kind, pat, bal);
CREATE TEMP TABLE answers AS
SELECT kind, coalesce(pat::text, bal::text) AS query,
       (SELECT array_agg(id ORDER BY id) FILTER (WHERE id < 100) FROM games_s
        WHERE CASE kind WHEN 'pattern' THEN g @> pat ELSE g @> bal END) AS games,
       (SELECT count(*) FROM games_s WHERE CASE kind WHEN 'pattern' THEN g @> pat ELSE g @> bal END) AS all_games
FROM game_queries;
SELECT * FROM answers ORDER BY 1, 2;
-- with the indexes: game_gin_ops (positions, balances) and game_pattern_ops,
-- then game_pattern_ops with the pairs of neighbouring pieces
CREATE INDEX games_s_gin ON games_s USING gin (g);
CREATE INDEX games_s_pattern ON games_s USING gin (g game_pattern_ops);
SET enable_seqscan = off;
EXPLAIN (COSTS OFF) SELECT count(*) FROM games_s WHERE g @> '5rk1/8/8/8/8/8/8/5RK1'::pattern;
EXPLAIN (COSTS OFF) SELECT count(*) FROM games_s WHERE g @> 'KRBvKR'::balance OR g @> flip('KRBvKR');
CREATE FUNCTION pg_temp.index_disagreements(games regclass) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
	q record;
	found integer[];
	n bigint;
	bad integer := 0;
BEGIN
	FOR q IN SELECT * FROM game_queries LOOP
		IF q.kind = 'pattern' THEN
			EXECUTE format('SELECT array_agg(id ORDER BY id) FILTER (WHERE id < 100), count(*) FROM %s WHERE g @> $1', games)
				INTO found, n USING q.pat;
		ELSE
			EXECUTE format('SELECT array_agg(id ORDER BY id) FILTER (WHERE id < 100), count(*) FROM %s WHERE g @> $1', games)
				INTO found, n USING q.bal;
		END IF;
		IF (found, n) IS DISTINCT FROM (SELECT (a.games, a.all_games) FROM answers a
		                                WHERE a.query = coalesce(q.pat::text, q.bal::text)) THEN
			bad := bad + 1;
			RAISE NOTICE 'the index disagrees on %', coalesce(q.pat::text, q.bal::text);
		END IF;
	END LOOP;
	RAISE NOTICE '% queries, % disagreements between index and sequential scan', (SELECT count(*) FROM game_queries), bad;
END $$;
SELECT pg_temp.index_disagreements('games_s');
DROP INDEX games_s_pattern;
CREATE INDEX games_s_pairs ON games_s USING gin (g game_pattern_ops (pairs = true));
EXPLAIN (COSTS OFF) SELECT count(*) FROM games_s WHERE g @> '5rk1/8/8/8/8/8/8/5RK1'::pattern;
SELECT pg_temp.index_disagreements('games_s');
-- the same games inserted into a table that has the index, many in one statement
CREATE TABLE games_p (LIKE games_s);
CREATE INDEX games_p_pairs ON games_p USING gin (g game_pattern_ops (pairs = true)) WITH (fastupdate = off);
INSERT INTO games_p SELECT * FROM games_s ORDER BY id DESC;
SELECT pg_temp.index_disagreements('games_p');
DROP TABLE games_p;
-- a pattern that fills the board (210 pairs) is searched like any other
SELECT count(*) FROM games_s WHERE g @> 'NNNNNNNN/NNNNNNNN/NNNNNNNN/NNNNNNNN/NNNNNNNN/NNNNNNNN/NNNNNNNN/NNNNNNNN'::pattern;
-- the option is a boolean, and the other operator classes have none
CREATE INDEX ON games_s USING gin (g game_pattern_ops (pairs = maybe));
CREATE INDEX ON games_s USING gin (g game_pattern_ops (window = 8));
DO $$
BEGIN
	CREATE INDEX ON games_s USING gin (g game_gin_ops (pairs = true));
EXCEPTION WHEN OTHERS THEN
	RAISE NOTICE 'game_gin_ops (pairs = true): % (%)', SQLSTATE, regexp_replace(SQLERRM, '[a-z_]*\.', '');
END $$;
SELECT pg_get_indexdef('games_s_pairs'::regclass);
RESET enable_seqscan;

-- the opening explorer: the moves played from a position, with results
SELECT m AS move, count(*) AS games,
       count(*) FILTER (WHERE result = '1-0') AS white, count(*) FILTER (WHERE result = '1/2-1/2') AS draws,
       count(*) FILTER (WHERE result = '0-1') AS black
FROM games_s, next_moves(g, start_position()) AS m
WHERE g @> start_position()
GROUP BY m ORDER BY games DESC, m;
SELECT * FROM next_moves('1. Nf3 Nf6 2. Ng1 Ng8'::game, start_position());
SELECT * FROM next_moves('1. e4'::game, 'rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1');
-- as a pre-aggregated table (the recipe of the README), for every position
CREATE TABLE explorer AS
SELECT without_clocks(p."position") AS "position", p.next AS move, count(*)::integer AS games,
       count(*) FILTER (WHERE result = '1-0')::integer AS white,
       count(*) FILTER (WHERE result = '1/2-1/2')::integer AS draws,
       count(*) FILTER (WHERE result = '0-1')::integer AS black
FROM games_s, positions(games_s.g) AS p
WHERE p.next IS NOT NULL
GROUP BY 1, 2;
CREATE INDEX ON explorer ("position");
SELECT move, games, white, draws, black FROM explorer
WHERE "position" = without_clocks(start_position()) ORDER BY games DESC, move;
SELECT move, games FROM explorer
WHERE "position" = without_clocks('r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3') ORDER BY move;

DROP TABLE positions_t, games_s, explorer;
