-- The README's SQL blocks, verbatim (test/readme.py fails when a ```sql
-- block of the README is neither here nor in sql/chessdb.sql), so that the
-- output below shows each gives what the README says.  The function tables'
-- examples are run by test/readme.py itself.
-- the quick start creates the extension
DROP EXTENSION chess;

CREATE EXTENSION chess;

SELECT 'e4'::square, 'N'::piece, 'e7e8q'::move, start_position();

CREATE TABLE positions (id bigserial PRIMARY KEY, p "position" NOT NULL);
INSERT INTO positions (p)
VALUES ('r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1');
CREATE INDEX ON positions (p);

SELECT square, piece FROM positions, pieces(p) WHERE kind(piece) = 'queen';
SELECT board(p) FROM positions;

SELECT m, play(p, m) FROM positions, legal_moves(p) AS m;   -- 48 moves and their positions
SELECT play(start_position(), 'e2e5');                       -- ERROR: illegal move ... A pawn cannot move from e2 to e5.

WITH RECURSIVE tree(p, depth) AS (                           -- perft 3 = 8,902 leaves
    SELECT start_position(), 0
    UNION ALL
    SELECT s."position", t.depth + 1 FROM tree t, successors(t.p) s WHERE t.depth < 3
)
SELECT count(*) FROM tree WHERE depth = 3;

SELECT perft(start_position(), 6);                           -- 119060324, in about a quarter of a second

SELECT to_square FROM hops() WHERE from_square = 'd4' AND type = 'horizontal';  -- a4 b4 c4 e4 f4 g4 h4
SELECT count(*) / 2 FROM hops() WHERE type = 'diagonal';                        -- 280, the gist's Example 1
SELECT from_square::text || to_square::text, type, length                       -- Example 2: 27 queen moves
FROM hops() WHERE from_square = 'e4' AND type <> 'knight' ORDER BY length DESC, 1;
WITH RECURSIVE knight AS MATERIALIZED (                                         -- Example 3: 6 moves,
    SELECT from_square, to_square FROM hops() WHERE type = 'knight'             -- a1 b3 a5 b7 d6 f7 h8
), route(square, path) AS (
    SELECT 'a1'::square, ARRAY['a1'::square]
    UNION ALL
    SELECT k.to_square, r.path || k.to_square
    FROM route r JOIN knight k ON k.from_square = r.square
    WHERE cardinality(r.path) <= 6 AND k.to_square <> ALL (r.path)
)
SELECT cardinality(path) - 1 AS moves, path FROM route WHERE square = 'h8' ORDER BY 1, path::text LIMIT 1;

-- the import names the reader's own file: here a missing one (the error)
CREATE TABLE games (
	id bigserial PRIMARY KEY,
	tags jsonb NOT NULL,		-- every tag pair of the PGN, {"White": "...", ...}
	tag_order text[],			-- their order when pgn() would write another, else NULL
	result text NOT NULL,		-- 1-0, 0-1, 1/2-1/2 or *
	g game NOT NULL				-- the start and the moves, validated
);
CREATE INDEX games_positions ON games USING gin (g);                                   -- g @> position, g @> balance
CREATE INDEX games_patterns ON games USING gin (g game_pattern_ops (pairs = true));   -- g @> pattern
CREATE INDEX games_openings ON games (mainline(g));                                    -- mainline(g) ^@ '1. e4 c5'

INSERT INTO games (tags, tag_order, result, g)
SELECT tags, tag_order, result, value FROM pgn_games(pg_read_file('/path/to/games.pgn'));

SELECT '1. e4 e5 2. Ke3'::game;
-- ERROR:  invalid input syntax for type game: "1. e4 e5 2. Ke3"
-- DETAIL:  Ply 3 (move 2, White), "Ke3": No white king can move to e3.

CREATE TABLE seen (p "position");
CREATE INDEX ON seen (without_clocks(p));
SELECT count(*) FROM seen WHERE without_clocks(p) = without_clocks('rnbqkbnr/pp2pppp/3p4/2p5/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 0 3');

-- the README's own tables
DROP TABLE positions, games, seen;
