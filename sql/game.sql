-- The type game: a start position and the legal moves played from it.

-- literals: PGN movetext, SAN or UCI, move numbers optional, a result
-- ignored, a FEN tag for another start; the output is numbered SAN
SELECT ''::game;
SELECT '1. e4 e5 2. Nf3'::game;
SELECT 'e4 e5 Nf3'::game;
SELECT 'e2e4 e7e5 g1f3'::game;
SELECT '1.e4 e5 2.Nf3 Nc6 3.Bb5 a6 1-0'::game;
SELECT '1. e4 e5 2. Nf3 *'::game;
SELECT '  1. e4   e5  '::game;
SELECT '[FEN "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1"] 1... e5 2. Nf3'::game;
SELECT '[SetUp "1"] [FEN "4k3/8/8/8/8/8/8/4K2R w K - 0 40"] 40. O-O Kd7'::game;
SELECT '[FEN "8/8/8/8/8/8/8/K6k w - - 0 1"]'::game;
SELECT '[FEN "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"] 1. d4'::game;
-- the text reads back to the same game
SELECT g::text::game = g AS round_trip
FROM (VALUES ('1. e4 e5 2. Nf3'::game), (''), ('[FEN "4k3/8/8/8/8/8/8/4K2R w K - 0 40"] 40. O-O Kd7'),
             ('1. f3 e5 2. g4 Qh4#'), ('1. e4 d5 2. exd5 Qxd5 3. Nc3 Qa5 4. d4 c6 5. Nf3 Bg4')) v(g);

-- errors: 22P02 for a literal, naming the ply and why
SELECT '1. e4 e5 2. Ke3'::game;
SELECT '1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Bxc6 bxc6 5. Bxc6'::game;
SELECT '1. e4 e5 2. Nz9'::game;
SELECT '1. e4 e5 2. Nd2 d6 3. Ne2 Nc6 4. Nc3'::game;
SELECT '[Event "x"] 1. e4'::game;
SELECT '1. e4 {a comment} e5'::game;
SELECT '1. e4 (1. d4 d5) e5'::game;
SELECT '1. e4 * 1. d4 *'::game;
SELECT '[FEN "8/8/8/8/8/8/8/K7 w - - 0 1"] 1. Kb1'::game;
\echo SQLSTATE :LAST_ERROR_SQLSTATE
-- game('...') with an untyped literal is a cast to game; an array of moves needs its type
SELECT game('{e2e4,e7e5}');

-- constructors: game(start, moves) and game(moves); 22023 for an illegal move
SELECT game('{e2e4,e7e5,g1f3}'::move[]);
SELECT game('4k3/8/8/8/8/8/8/4K2R w K - 0 40', '{e1g1,e8d7}');
SELECT game('{}'::move[]);
SELECT game('{e2e4,e2e4}'::move[]);
\echo SQLSTATE :LAST_ERROR_SQLSTATE
SELECT game('{e2e4,NULL}'::move[]);
SELECT game('{{e2e4},{e7e5}}'::move[]);

-- accessors
CREATE TABLE games_t (id integer, g game);
INSERT INTO games_t VALUES
	(1, '1. e4 e5 2. Nf3 Nc6 3. Bb5 a6'),
	(2, '[FEN "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1"] 1... c5 2. Nf3'),
	(3, ''),
	(4, '1. f3 e5 2. g4 Qh4#');
SELECT id, plies(g), moves(g), start(g), final(g) FROM games_t ORDER BY id;
SELECT id, position_at(g, 0) = start(g) AS at_0, position_at(g, plies(g)) = final(g) AS at_end
FROM games_t ORDER BY id;
SELECT position_at(g, 7) FROM games_t WHERE id = 1;
SELECT position_at(g, -1) FROM games_t WHERE id = 1;
SELECT p.* FROM games_t, positions(g) p WHERE id = 2;
SELECT id, count(*) AS positions FROM games_t, positions(g) GROUP BY id ORDER BY id;
-- positions() agree with replaying the moves
SELECT bool_and(p."position" = (SELECT replay(m ORDER BY o) FROM unnest((moves(g))[1:p.ply]) WITH ORDINALITY u(m, o)))
	AS agree
FROM games_t, positions(g) p WHERE id = 1 AND p.ply > 0;

-- appending: the way to record a game move by move
SELECT '1. e4'::game || 'e7e5'::move || 'g1f3'::move;
SELECT '1. e4 e5'::game || 'e1e2'::move;
SELECT '1. f3 e5 2. g4 Qh4#'::game || 'a2a3'::move;
\echo SQLSTATE :LAST_ERROR_SQLSTATE

-- order: by start (the standard start first), then move by move in the
-- order of the moves' values (from-square, to-square, promotion): games that
-- share an opening sort together, and a game right after its prefixes
SELECT g FROM (VALUES ('1. e4 e5 2. Nf3'::game), ('1. e4'), ('1. d4'), ('1. e4 c5'), (''),
                      ('1. Nf3'), ('1. e4 e5'), ('1. e4 e5 2. Bc4'), ('1. e4 e5 2. Nc3'),
                      ('[FEN "8/8/8/8/8/8/8/K6k w - - 0 1"]'), ('[FEN "8/8/8/8/8/8/8/K6k w - - 0 1"] 1. Kb1'),
                      ('1. a3'), ('1. Na3')) v(g)
ORDER BY g;
SELECT '1. e4'::game < '1. e4 e5'::game AS prefix_first, '1. e4 e5'::game < '1. e4 c5'::game AS e5_before_c5,
       '1. e4 e5'::game = 'e2e4 e7e5'::game AS equal, '1. e4 e5'::game <> '1. e4'::game AS not_equal;
-- equal games have equal bytes, and so equal hashes
SELECT game_hash('1. e4 e5'::game) = game_hash('e2e4 e7e5'::game) AS same_hash,
       game_hash_extended('1. e4 e5'::game, 7) = game_hash_extended('e2e4 e7e5'::game, 7) AS same_hash_extended;

-- btree and hash indexes
INSERT INTO games_t SELECT 100 + i, game(ARRAY['e2e4', 'e7e5', CASE i % 3 WHEN 0 THEN 'g1f3' WHEN 1 THEN 'f1c4' ELSE 'b1c3' END]::move[])
FROM generate_series(1, 300) i;
CREATE INDEX games_t_btree ON games_t (g);
CREATE INDEX games_t_hash ON games_t USING hash (g);
SET enable_seqscan = off;
SET enable_bitmapscan = off;
EXPLAIN (COSTS OFF) SELECT count(*) FROM games_t WHERE g = '1. e4 e5 2. Bc4';
SELECT count(*) FROM games_t WHERE g = '1. e4 e5 2. Bc4';
EXPLAIN (COSTS OFF) SELECT count(*) FROM games_t WHERE g >= '1. e4 e5' AND g < '1. e4 e5 2. Nf3';
SELECT count(*) FROM games_t WHERE g >= '1. e4 e5' AND g < '1. e4 e5 2. Nf3';
-- g ^@ prefix: the game begins with the prefix, served by the btree index as
-- a range from the prefix to the least game after all its continuations
EXPLAIN (COSTS OFF) SELECT count(*) FROM games_t WHERE g ^@ '1. e4 e5 2. Bc4';
SELECT count(*) FROM games_t WHERE g ^@ '1. e4 e5 2. Bc4';
EXPLAIN (COSTS OFF) SELECT count(*) FROM games_t WHERE starts_with(g, '1. e4');
SELECT count(*) FROM games_t WHERE starts_with(g, '1. e4');
-- Kb2 is the last legal move of its position by value: no upper bound
EXPLAIN (COSTS OFF) SELECT count(*) FROM games_t WHERE g ^@ '[FEN "8/8/8/8/8/8/8/K6k w - - 0 1"] 1. Kb2';
DROP INDEX games_t_btree;
EXPLAIN (COSTS OFF) SELECT count(*) FROM games_t WHERE g = '1. e4 e5 2. Bc4';
SELECT count(*) FROM games_t WHERE g = '1. e4 e5 2. Bc4';
RESET enable_seqscan;
RESET enable_bitmapscan;
SELECT g, count(*) FROM games_t GROUP BY g HAVING count(*) > 1 ORDER BY g;
DROP INDEX games_t_hash;
-- without an index: the same counts; another start, a longer prefix, the empty game
EXPLAIN (COSTS OFF) SELECT count(*) FROM games_t WHERE g ^@ '1. e4 e5 2. Bc4';
SELECT count(*) FILTER (WHERE g ^@ '1. e4 e5 2. Bc4') AS bc4, count(*) FILTER (WHERE g ^@ '1. e4') AS e4,
       count(*) FILTER (WHERE g ^@ '') AS all_games,
       count(*) FILTER (WHERE g ^@ '[FEN "8/8/8/8/8/8/8/K6k w - - 0 1"]') AS other_start
FROM games_t;
SELECT '1. e4 e5'::game ^@ '1. e4 e5' AS itself, '1. e4'::game ^@ '1. e4 e5' AS longer,
       '[FEN "8/8/8/8/8/8/8/K6k w - - 0 1"] 1. Kb2'::game ^@ '[FEN "8/8/8/8/8/8/8/K6k w - - 0 1"]' AS other_start,
       '[FEN "8/8/8/8/8/8/8/K6k w - - 0 1"] 1. Kb2'::game ^@ '' AS standard_start;

-- binary COPY out and in; malformed binary input
\copy games_t TO 'results/games.bin' WITH (FORMAT binary)
CREATE TABLE games_back (LIKE games_t);
\copy games_back FROM 'results/games.bin' WITH (FORMAT binary)
SELECT (SELECT count(*) FROM games_back) AS rows_back,
       (SELECT count(*) FROM (SELECT * FROM games_t EXCEPT ALL SELECT * FROM games_back) AS d) AS lost;
SELECT game_send('1. e4 e5'::game);
CREATE TABLE raw_g (b bytea);
CREATE TABLE g_in (g game);
-- each malformed form is made from game_send('1. e4'): a version byte, 32
-- bytes of start, 4 bytes of plies, 2 bytes a move
-- version 2
TRUNCATE raw_g;
INSERT INTO raw_g VALUES (overlay(game_send('1. e4') placing '\x02' from 1 for 1));
\copy raw_g TO 'results/raw_g.bin' WITH (FORMAT binary)
\copy g_in FROM 'results/raw_g.bin' WITH (FORMAT binary)
-- 2 plies, 1 move
TRUNCATE raw_g;
INSERT INTO raw_g VALUES (overlay(game_send('1. e4') placing '\x00000002' from 34 for 4));
\copy raw_g TO 'results/raw_g.bin' WITH (FORMAT binary)
\copy g_in FROM 'results/raw_g.bin' WITH (FORMAT binary)
-- an illegal move
TRUNCATE raw_g;
INSERT INTO raw_g VALUES (overlay(game_send('1. e4') placing move_send('e2e5') from 38 for 2));
\copy raw_g TO 'results/raw_g.bin' WITH (FORMAT binary)
\copy g_in FROM 'results/raw_g.bin' WITH (FORMAT binary)
-- e2e4 with bit 15 set, which no move has
TRUNCATE raw_g;
INSERT INTO raw_g VALUES (overlay(game_send('1. e4') placing '\x98e0' from 38 for 2));
\copy raw_g TO 'results/raw_g.bin' WITH (FORMAT binary)
\copy g_in FROM 'results/raw_g.bin' WITH (FORMAT binary)
-- a broken start position
TRUNCATE raw_g;
INSERT INTO raw_g VALUES (overlay(game_send('1. e4') placing '\x00' from 2 for 1));
\copy raw_g TO 'results/raw_g.bin' WITH (FORMAT binary)
\copy g_in FROM 'results/raw_g.bin' WITH (FORMAT binary)
-- short
TRUNCATE raw_g;
INSERT INTO raw_g VALUES (substr(game_send('1. e4'), 1, 20));
\copy raw_g TO 'results/raw_g.bin' WITH (FORMAT binary)
\copy g_in FROM 'results/raw_g.bin' WITH (FORMAT binary)
-- good
TRUNCATE raw_g;
INSERT INTO raw_g VALUES (game_send('1. e4'));
\copy raw_g TO 'results/raw_g.bin' WITH (FORMAT binary)
\copy g_in FROM 'results/raw_g.bin' WITH (FORMAT binary)
SELECT * FROM g_in;
DROP TABLE raw_g, g_in, games_back;

-- compact: about 5 bits a ply (here 300 three-ply games and a few more)
SELECT sum(plies(g)) AS plies, sum(pg_column_size(g)) AS bytes FROM games_t;
SELECT pg_column_size('1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Ba4 Nf6 5. O-O Be7 6. Re1 b5 7. Bb3 d6 8. c3 O-O 9. h3'::game)
	AS ruy_lopez_17_plies;

-- g @> p: the game reaches the position, clocks ignored; castling rights
-- and the en passant square count
-- (@> also takes a pattern or a balance: a literal needs its type)
SELECT '1. e4 e5'::game @> 'rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2'::"position" AS reached,
       '1. e4 e5'::game @> 'rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 30 90'::"position" AS clocks_ignored,
       '1. e4 e5'::game @> 'rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 2'::"position" AS side_counts,
       '1. e4 e5'::game @> start_position() AS start_reached;
CREATE TABLE search_t (id integer, g game);
INSERT INTO search_t VALUES
	(1, '1. Nf3 Nf6 2. Ng1 Ng8'),                 -- back to the start, castling rights kept
	(2, '1. Nf3 Nf6 2. Rg1 Rg8 3. Rh1 Rh8 4. Ng1 Ng8'), -- the start's placement, no castling on the king's side
	(3, '1. e4 Nf6 2. e5 d5'),                    -- en passant on d6 possible
	(4, '1. e4 d5 2. e5 Nf6'),                    -- the same placement, no en passant
	(5, '1. e4 c5 2. Nf3 d6'),
	(6, '1. Nf3 d6 2. e4 c5'),                    -- a transposition of 5
	(7, '[FEN "4k3/8/8/8/8/8/8/4K2R w K - 0 40"] 40. Kf1 Kd7 41. Ke1 Ke8');  -- the start again, the right gone
INSERT INTO search_t SELECT 100 + id, g FROM games_t;
CREATE TEMP TABLE targets (label text, p "position");
INSERT INTO targets VALUES
	('start', start_position()),
	('start, no king-side castling', 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w Qq - 8 5'),
	('d5 with en passant', 'rnbqkb1r/ppp1pppp/5n2/3pP3/8/8/PPPP1PPP/RNBQKBNR w KQkq d6 0 3'),
	('d5 without en passant', 'rnbqkb1r/ppp1pppp/5n2/3pP3/8/8/PPPP1PPP/RNBQKBNR w KQkq - 1 3'),
	('Sicilian', 'rnbqkbnr/pp2pppp/3p4/2p5/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 0 3'),
	('rook endgame', '4k3/8/8/8/8/8/8/4K2R w K - 0 1'),
	('rook endgame, no right', '4k3/8/8/8/8/8/8/4K2R w - - 4 42'),
	('never', '8/8/8/8/8/8/8/K6k w - - 0 1');
SELECT label, array_agg(id ORDER BY id) FILTER (WHERE id < 100) AS games, count(*) AS all_games
FROM targets LEFT JOIN search_t ON g @> p GROUP BY label ORDER BY label;
-- the same rows from the GIN index as from a sequential scan
CREATE INDEX search_t_gin ON search_t USING gin (g);
SET enable_seqscan = off;
EXPLAIN (COSTS OFF) SELECT count(*) FROM search_t WHERE g @> start_position();
SELECT label, array_agg(id ORDER BY id) FILTER (WHERE id < 100) AS games, count(*) AS all_games
FROM targets LEFT JOIN search_t ON g @> p GROUP BY label ORDER BY label;
SELECT t.label, (SELECT count(*) FROM search_t WHERE g @> t.p) AS from_index FROM targets t ORDER BY 1;
RESET enable_seqscan;
SELECT t.label, (SELECT count(*) FROM search_t WHERE g @> t.p) AS from_scan FROM targets t ORDER BY 1;
-- the index follows inserts and updates
INSERT INTO search_t VALUES (8, '1. e4 c5 2. Nf3 d6 3. d4');
UPDATE search_t SET g = '1. d4' WHERE id = 5;
SET enable_seqscan = off;
SELECT array_agg(id ORDER BY id) FROM search_t WHERE g @> 'rnbqkbnr/pp2pppp/3p4/2p5/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 0 3'::"position";
RESET enable_seqscan;

-- every position of longer games, past the tenth ply where game_gin_ops
-- keys what only irreversible moves change: the index finds each game at
-- each of its positions, and the same games as a sequential scan (the
-- games are made by a fixed rule, the same on every PostgreSQL version)
CREATE TABLE long_t AS
WITH RECURSIVE walk(id, ply, p, ms) AS (
	SELECT i, 0, start_position(), '{}'::move[] FROM generate_series(1, 12) i
	UNION ALL
	SELECT id, ply + 1, play(p, a[1 + (ply * 7 + id * 13) % cardinality(a)]), ms || a[1 + (ply * 7 + id * 13) % cardinality(a)]
	FROM walk, LATERAL (SELECT array_agg(m ORDER BY m) AS a FROM legal_moves(p) m) l
	WHERE ply < 90 AND a IS NOT NULL)
SELECT DISTINCT ON (id) id, game(ms) AS g FROM walk ORDER BY id, ply DESC;
SELECT count(*) AS games, sum(plies(g)) AS plies FROM long_t;
CREATE TEMP TABLE long_q AS SELECT DISTINCT without_clocks(q."position") AS p FROM long_t, positions(g) q;
CREATE TEMP TABLE long_seq AS SELECT p, ARRAY(SELECT id FROM long_t WHERE g @> p ORDER BY id) AS ids FROM long_q;
CREATE INDEX long_t_gin ON long_t USING gin (g);
SET enable_seqscan = off;
SELECT count(*) AS positions,
       count(*) FILTER (WHERE s.ids <> ARRAY(SELECT id FROM long_t WHERE g @> s.p ORDER BY id)) AS index_differs,
       count(*) FILTER (WHERE cardinality(s.ids) = 0) AS found_nowhere
FROM long_seq s;
RESET enable_seqscan;

-- g @> p stops reading a game once it can no longer reach the position (a
-- side has fewer men or pawns, a pawn has left its second rank, a castling
-- right is gone): it agrees with the positions each game passes through,
-- for every pair of a game and a position some game reaches
CREATE TEMP TABLE reach_games AS
SELECT DISTINCT g FROM search_t
UNION SELECT g::game FROM (VALUES
	('1. e4 d5 2. exd5 Qxd5 3. Nc3 Qa5 4. d4 Nf6 5. Nf3 Bf5 6. Bc4 e6 7. Bd2 c6 8. Qe2 Bb4 9. O-O-O Nbd7'),
	('[FEN "8/1P6/8/8/8/8/8/K6k w - - 0 1"] 1. b8=N Kg2 2. Nc6 Kf3'),
	('[FEN "r3k2r/1P6/8/8/8/8/1p6/R3K2R w KQkq - 0 1"] 1. bxa8=Q+ Ke7 2. O-O bxa1=R 3. Qb7+ Ke6 4. Rxa1'),
	('1. d4 d5 2. c4 dxc4 3. e4 b5 4. a4 c6 5. axb5 cxb5 6. Qf3')) v(g);
SELECT count(*) AS pairs, count(*) FILTER (WHERE found) AS found,
       count(*) FILTER (WHERE found <> EXISTS (SELECT FROM positions(a.g) q WHERE without_clocks(q."position") = b.p))
	AS disagreements
FROM reach_games a, (SELECT DISTINCT without_clocks(q."position") AS p FROM reach_games, positions(g) q) b,
     LATERAL (SELECT a.g @> b.p AS found) f;

-- g @> p, pattern and balance read a game from where it parts from the last
-- game read with the same argument (the first 48 plies are kept): games
-- that are prefixes and branches of one another, stored so that each
-- shares moves with the one before it, and shorter after longer, agree with
-- their positions for every position they reach
CREATE TEMP TABLE branch_t AS
WITH b(g) AS (
	SELECT game((moves(g))[1:k]) FROM long_t, unnest('{0,1,5,30,46,47,48,49,50,90}'::int[]) k WHERE id <= 3
	UNION ALL
	SELECT game((moves(g))[1:k]) || (SELECT max(m) FROM legal_moves(position_at(g, k)) m)
	FROM long_t, unnest('{0,20,46,47,48,60}'::int[]) k WHERE id <= 3
	UNION ALL
	SELECT g::game FROM (VALUES ('[FEN "4k3/8/8/8/8/8/8/4K1N1 w - - 0 1"] 1. Nf3 Kd7 2. Ng1 Ke8 3. Nf3'),
		('[FEN "4k3/8/8/8/8/8/8/4K1N1 w - - 0 1"] 1. Nf3 Kd7 2. Ng1'),
		('[FEN "4k3/8/8/8/8/8/8/4K1N1 b - - 0 1"] 1... Kd7 2. Nf3')) v(g))
SELECT row_number() OVER (ORDER BY g) AS n, g FROM b ORDER BY (moves(g))[1:1], plies(g) DESC;
SELECT count(*) AS games, count(DISTINCT g) AS distinct_games FROM branch_t;
SELECT count(*) AS pairs, count(*) FILTER (WHERE found) AS found,
       count(*) FILTER (WHERE found IS DISTINCT FROM EXISTS (SELECT FROM branch_t t, positions(t.g) q
                                                  WHERE t.n = s.n AND without_clocks(q."position") = s.p))
	AS disagreements
FROM (SELECT b.p, t.n, t.found
      FROM (SELECT DISTINCT without_clocks(q."position") AS p FROM branch_t, positions(g) q) b
      CROSS JOIN LATERAL (SELECT n, g @> b.p AS found FROM branch_t OFFSET 0) t) s;
SELECT pat, c.*
FROM (VALUES ('8/8/8/8/4P3/8/8/8'::pattern), ('8/8/8/8/8/5N2/8/8'), ('4k3/8/8/8/8/8/8/8'), ('8/8/8/8/8/8/8/4K3')) v(pat),
     LATERAL (SELECT count(*) FILTER (WHERE g @> pat) AS games,
                     count(*) FILTER (WHERE EXISTS (SELECT FROM positions(g) q WHERE q."position" @> pat)) AS by_positions
              FROM branch_t) c
ORDER BY pat::text;
SELECT bal, c.*
FROM (VALUES ('KQRRBBNNPPPPPPPPvKQRRBBNNPPPPPPPP'::balance), ('KQRRBBNNP*vKQRRBBNNP*'), ('KNvK')) v(bal),
     LATERAL (SELECT count(*) FILTER (WHERE g @> bal) AS games,
                     count(*) FILTER (WHERE EXISTS (SELECT FROM positions(g) q WHERE q."position" @> bal)) AS by_positions
              FROM branch_t) c
ORDER BY bal::text;
DROP TABLE branch_t;

-- repetitions and the outcome of a game: its positions from the start, so
-- that a repetition involving the start counts (the after column of
-- pgn_plies() has no start: over it the same game shows two, not three)
SELECT repetitions(g), is_threefold_repetition(g), is_fivefold_repetition(g), (outcome(g)).*
FROM (VALUES ('1. Nf3 Nf6 2. Ng1 Ng8 3. Nf3 Nf6 4. Ng1 Ng8'::game),
             ('1. Nf3 Nf6 2. Ng1 Ng8 3. Nf3 Nf6 4. Ng1 Ng8 5. Nf3 Nf6 6. Ng1 Ng8 7. Nf3 Nf6 8. Ng1 Ng8'),
             ('1. f3 e5 2. g4 Qh4#'),
             ('1. e4'),
             (''),
             ('[FEN "4k3/8/8/8/8/8/8/4K1N1 w - - 0 1"] 1. Nf3 Kd7 2. Ng1 Ke8 3. Nf3 Kd7 4. Ng1 Ke8'),
             ('[FEN "4k3/8/8/8/8/8/8/4K1N1 w - - 0 1"] 1. Nf3 Kd7 2. Ng1 Ke8 3. Nf3 Kd7 4. Ng1 Ke8 5. Nh3')) AS v(g);
SELECT repetitions(array_agg(after ORDER BY ply)) AS over_after
FROM pgn_plies('1. Nf3 Nf6 2. Ng1 Ng8 3. Nf3 Nf6 4. Ng1 Ng8');
-- replay() as a window aggregate gives every position of a game, the start added by hand
SELECT repetitions(start_position() || array_agg(p ORDER BY ply)) AS with_start
FROM (SELECT ply, replay(move) OVER (ORDER BY ply) AS p
      FROM pgn_plies('1. Nf3 Nf6 2. Ng1 Ng8 3. Nf3 Nf6 4. Ng1 Ng8')) AS w;

-- without_clocks(): one position whatever its clocks, to index and compare
SELECT without_clocks('rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 30 90');
SELECT without_clocks(p) = without_clocks('rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 4 3') AS same
FROM targets WHERE label = 'start';

-- pgn_games() gives each game as a game value too
SELECT game, value, plies(value) = plies AS same_plies, final(value) = final AS same_final, moves(value) = moves AS same_moves
FROM pgn_games(E'1. e4 e5 2. Nf3 *\n\n[FEN "4k3/8/8/8/8/8/8/4K2R w K - 0 40"]\n\n40. O-O Kd7 *');

DROP TABLE games_t, search_t, long_t;

-- games read from PGN are written without testing each move again: the
-- same bytes as game(start, moves), which tests them; here the FEN's en
-- passant square has no legal capture (the pawns would leave the king to
-- the rook): the value keeps none, and the pawn on b5 has one move, not two
SELECT value = game(start, moves) AS same, game_send(value) = game_send(game(start, moves)) AS same_bytes,
       value::text
FROM pgn_games('[FEN "8/8/8/KPp4r/8/8/8/7k w - c6 0 2"] 1. b6 Kg2 2. b7 *');
SELECT game_send('[FEN "8/8/8/KPp4r/8/8/8/7k w - c6 0 2"] 1. b6 Kg2 2. b7'::game)
     = game_send(game('8/8/8/KPp4r/8/8/8/7k w - c6 0 2', '{b5b6,h1g2,b6b7}')) AS same_bytes;
