-- The chess database of examples/chessdb.sql and the README's chapter: its
-- queries as the README writes them, and the explorer checked against the
-- games themselves.
\i examples/chessdb.sql

-- the client path (examples/load_pgn.py) and pgn_games_file() both end in
-- this statement
INSERT INTO games (tags, result, g)
SELECT tags, result, value FROM pgn_games($pgn$
[Event "A"] [White "Anna"] [Black "Boris"] [Result "1-0"]
1. e4 c5 2. Nf3 d6 3. d4 cxd4 4. Nxd4 Nf6 5. Nc3 a6 6. Be3 e5 7. Nb3 Be6 1-0

[Event "B"] [White "Boris"] [Black "Anna"] [Result "0-1"]
1. Nf3 d6 2. e4 c5 3. d4 cxd4 4. Nxd4 Nf6 5. Nc3 g6 6. Be3 Bg7 0-1

[Event "C"] [White "Carla"] [Black "Anna"] [Result "1/2-1/2"]
1. e4 c5 2. Nf3 d6 3. Bb5+ Bd7 4. Bxd7+ Qxd7 5. O-O Nc6 1/2-1/2

[Event "D"] [White "Anna"] [Black "Carla"] [Result "1-0"]
1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Ba4 Nf6 5. O-O Be7 6. Re1 b5 7. Bb3 d6 8. c3 O-O 1-0

[Event "E"] [White "Dmitri"] [Black "Anna"] [Result "0-1"]
1. d4 Nf6 2. c4 e6 3. Nc3 Bb4 4. e3 O-O 5. Bd3 d5 6. Nf3 c5 7. O-O 0-1

[Event "F"] [White "Boris"] [Black "Carla"] [Result "*"]
1. Nf3 Nf6 2. Ng1 Ng8 3. e4 c5 4. Nf3 d6 *

[Event "G"] [White "Carla"] [Black "Dmitri"] [Result "1-0"]
[SetUp "1"] [FEN "4k3/8/8/8/8/8/4P3/R3K2R w KQ - 0 40"]
40. Ra8+ Kd7 1-0

[Event "H"] [White "Dmitri"] [Black "Boris"] [Result "1-0"]
[SetUp "1"] [FEN "r3k3/8/8/8/8/8/4P3/2B1K2R w K - 0 40"]
40. Bb2 Ke7 41. O-O Ke6 42. Ra1 1-0
$pgn$);
-- after a bulk load, the games of an opening brought together
CLUSTER games USING games_openings;
ANALYZE games;
SELECT explorer_rebuild();
SELECT id, tags->>'White' AS white, result, plies(g) FROM games ORDER BY id;

-- which games reach a position (clocks ignored, transpositions found)
SELECT id, tags->>'Event' AS event FROM games
WHERE g @> 'rnbqkbnr/pp2pppp/3p4/2p5/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 0 3'::"position"
ORDER BY id;
-- games that begin with an opening line
SELECT id, tags->>'Event' AS event FROM games WHERE mainline(g) ^@ '1. e4 c5 2. Nf3' ORDER BY id;
-- piece patterns: a knight on f6 against a pawn on e4; both sides castled short
SELECT id FROM games WHERE g @> '8/8/5n2/8/4P3/8/8/8'::pattern ORDER BY id;
SELECT id FROM games WHERE g @> '5rk1/8/8/8/8/8/8/5RK1'::pattern ORDER BY id;
-- material: rook and bishop against rook, pawns any, either colour
SELECT id FROM games WHERE g @> 'KRBP*vKRP*'::balance OR g @> flip('KRBP*vKRP*'::balance) ORDER BY id;
-- the opening explorer: from the table (two games or more reach these), from
-- the games (one game), and nothing
SELECT move, games, white, draws, black FROM explore(start_position()) ORDER BY games DESC, move;
SELECT * FROM explore('rnbqkbnr/pp2pppp/3p4/2p5/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 0 3') ORDER BY games DESC, move;
SELECT * FROM explore('r1bqkbnr/1ppp1ppp/p1n5/1B2p3/4P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 0 4');
SELECT * FROM explore('8/8/8/8/8/8/8/K6k w - - 0 1');
-- a game that passes a position twice counts once there (game F, the start)
SELECT games FROM explore(start_position()) WHERE move = 'g1f3';
-- the table holds the positions two games or more reach; explore() agrees
-- with counting the games themselves for every position of every game
CREATE TEMP TABLE every_position AS
SELECT DISTINCT without_clocks(p."position") AS p FROM games, positions(g) p;
SELECT count(*) AS positions,
       count(*) FILTER (WHERE EXISTS (SELECT FROM explorer e WHERE e."position" = p)) AS in_the_table,
       count(*) FILTER (WHERE e IS DISTINCT FROM b) AS disagreements
FROM every_position,
     LATERAL (SELECT array_agg(row(x.move, x.games, x.white, x.draws, x.black) ORDER BY x.move) AS e
              FROM explore(p) x) AS from_explore,
     LATERAL (SELECT array_agg(row(y.move, y.games, y.white, y.draws, y.black) ORDER BY y.move) AS b
              FROM (SELECT m AS move, count(*)::integer AS games,
                           count(*) FILTER (WHERE result = '1-0')::integer AS white,
                           count(*) FILTER (WHERE result = '1/2-1/2')::integer AS draws,
                           count(*) FILTER (WHERE result = '0-1')::integer AS black
                    FROM games, LATERAL (SELECT DISTINCT q.next AS m FROM positions(g) q
                                         WHERE without_clocks(q."position") = p AND q.next IS NOT NULL) AS s
                    GROUP BY m) AS y) AS from_games;
-- what the view aggregates, position_moves(g): each position a game
-- plays a move from, with the move, once per game, clocks cleared, with
-- its Polyglot key; the same as from positions(), polyglot_key() and
-- without_clocks() for every game
SELECT * FROM position_moves('1. Nf3 Nf6 2. Ng1 Ng8 3. Nf3 Nf6 4. e4'::game);
SELECT count(*) AS games, sum(c.n_pairs) AS pairs,
       count(*) FILTER (WHERE n IS DISTINCT FROM o) AS disagreements
FROM games,
     LATERAL (SELECT array_agg(x ORDER BY x.key, x."position", x.move) AS n FROM position_moves(g) x) AS new,
     LATERAL (SELECT array_agg(y ORDER BY y.key, y."position", y.move) AS o
              FROM (SELECT DISTINCT polyglot_key(q."position") AS key, without_clocks(q."position") AS "position", q.next AS move
                    FROM positions(g) q WHERE q.next IS NOT NULL) AS y) AS old,
     LATERAL (SELECT count(*) FROM position_moves(g)) AS c(n_pairs);
-- the same from the games alone, for a one-off question
SELECT m AS move, count(*) AS games FROM games, LATERAL (SELECT DISTINCT m FROM next_moves(g, start_position()) AS m) s
WHERE g @> start_position() GROUP BY m ORDER BY games DESC;
-- transpositions in a table of positions: compare and index without the clocks
CREATE TABLE seen (p "position");
INSERT INTO seen SELECT q."position" FROM games, positions(g) q;
CREATE INDEX ON seen (without_clocks(p));
SELECT count(*) FROM seen WHERE without_clocks(p) = without_clocks('rnbqkbnr/pp2pppp/3p4/2p5/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 0 3');
SELECT count(*) FROM seen WHERE p = 'rnbqkbnr/pp2pppp/3p4/2p5/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 0 3';
SET enable_seqscan = off;
EXPLAIN (COSTS OFF) SELECT count(*) FROM seen WHERE without_clocks(p) = without_clocks('rnbqkbnr/pp2pppp/3p4/2p5/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 0 3');
RESET enable_seqscan;
DROP TABLE seen;
-- the games and a position: where each game reaches it, and what it played
SELECT id, q.ply, q.next FROM games, positions(g) q
WHERE without_clocks(q."position") = without_clocks('rnbqkbnr/pp2pppp/3p4/2p5/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 0 3')
ORDER BY id;

-- a game loaded twice: its key is the same, and the second insert does nothing
INSERT INTO games (tags, result, g)
SELECT tags, result, value FROM pgn_games($pgn$
[Event "A"] [White "Anna"] [Black "Boris"] [Result "1-0"]
1. e4 c5 2. Nf3 d6 3. d4 cxd4 4. Nxd4 Nf6 5. Nc3 a6 6. Be3 e5 7. Nb3 Be6 1-0
$pgn$)
ON CONFLICT (game_key) DO NOTHING;
SELECT count(*) AS games, count(DISTINCT game_key) AS keys FROM games;
-- the key is a stored format (doc/formats.md): md5 of the tags' text, the
-- result and game_bytes(g) in hex, pinned for one game
SELECT game_key, game_key = md5(tags::text || result || encode(game_bytes(g), 'hex'))::uuid AS recipe
FROM games WHERE tags->>'Event' = 'A';

-- a new game: the explorer counts it at once, in the inserting transaction
-- (from its pending changes, explorer_fold() moves them into its table)
INSERT INTO games (tags, result, g) VALUES ('{"Event": "I"}', '0-1', '1. e4 c5 2. Nf3 d6 3. c3');
SELECT * FROM explore('rnbqkbnr/pp2pppp/3p4/2p5/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 0 3') ORDER BY games DESC, move;
SELECT count(*) > 0 AS pending FROM explorer_pending;
SELECT explorer_fold() > 0 AS folded;
SELECT count(*) AS pending FROM explorer_pending;
SELECT * FROM explore('rnbqkbnr/pp2pppp/3p4/2p5/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 0 3') ORDER BY games DESC, move;

-- the indexes serve these queries
SET enable_seqscan = off;
EXPLAIN (COSTS OFF) SELECT id FROM games WHERE g @> start_position();
EXPLAIN (COSTS OFF) SELECT id FROM games WHERE g @> '5rk1/8/8/8/8/8/8/5RK1'::pattern;
EXPLAIN (COSTS OFF) SELECT id FROM games WHERE mainline(g) ^@ '1. e4 c5 2. Nf3';
RESET enable_seqscan;

-- a game with a long comment: the recipe's index of openings holds its
-- moves alone and takes it; an index of whole games refuses it (a btree
-- entry holds at most 2,704 bytes)
INSERT INTO games (tags, result, g)
SELECT '{"Event": "annotated"}', '*', value
FROM pgn_games((SELECT '1. e4 { ' || string_agg(md5(i::text), ' ') || ' } e5 *' FROM generate_series(1, 100) AS i));
SELECT count(*), min(pg_column_size(g)) AS bytes FROM games WHERE mainline(g) ^@ '1. e4 e5' AND tags->>'Event' = 'annotated';
CREATE INDEX games_whole ON games (g);

DROP TABLE explorer, explorer_pending, explorer_state;
DROP FUNCTION explore, explorer_rebuild, explorer_fold, explorer_games_changed, explorer_games_stale, explorer_triggers, explorer_defer CASCADE;
DROP TABLE games;
