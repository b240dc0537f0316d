-- The two documents this project grew from, in SQL: the ABAP article's
-- one-piece move table and worked example, and the Neo4j GraphGist's board
-- graph with the gist's queries.

--
-- The one-piece move table (DEMO_CHESS_MOVES)
--

-- rows by colour and kind: per colour 3,876 (the article's table has 3,810:
-- one row per promotion move instead of four)
SELECT color, kind, count(*) AS rows,
       count(*) FILTER (WHERE special = 'E') AS needs_empty,
       count(*) FILTER (WHERE special = 'P') AS needs_capture,
       count(*) FILTER (WHERE special = 'C') AS castling,
       count(*) FILTER (WHERE promotion IS NOT NULL) AS promotions,
       count(*) FILTER (WHERE dep_piece IS NOT NULL) AS with_dependent_move
FROM move_table() GROUP BY color, kind ORDER BY color DESC, min(piece);
SELECT count(*) AS rows, count(DISTINCT (piece, move)) AS distinct_piece_moves FROM chess_moves;

-- castling: Black castles on rank 8 (the article sends the black king to
-- rank 1); the dependent move is the rook's
SELECT piece, from_square, to_square, special, dep_piece, dep_from, dep_to
FROM chess_moves WHERE special = 'C' ORDER BY piece, to_square;

-- en passant: a pawn capture from the fifth rank (White) or the fourth
-- (Black) depends on the enemy pawn's double step, which ends on the square
-- of the pawn taken
SELECT piece, move, special, dep_piece, dep_from, dep_to
FROM chess_moves WHERE dep_piece IN ('p', 'P') AND from_square IN ('e5', 'a4') ORDER BY piece, move;

-- promotions: four rows, one per piece (the article promotes to a queen only)
SELECT move, special, promotion FROM chess_moves WHERE from_square = 'g7' AND piece = 'P' ORDER BY move;
SELECT move, special, promotion FROM chess_moves WHERE from_square = 'a2' AND piece = 'p' ORDER BY move;

-- a knight has no special flag
SELECT count(*) FROM chess_moves WHERE kind = 'knight' AND special IS NOT NULL;

-- the table as the article joins it at the heart of stage 1: the moves of
-- the side to move's pieces from their squares, before the other pieces are
-- considered, in the worked example's position
SELECT count(*) AS candidates,
       count(*) FILTER (WHERE m.move IN (SELECT l FROM legal_moves(p.fen) AS l)) AS legal
FROM (VALUES ('r2qkb1r/pp3ppp/2n2n2/1N1pN3/3Pp3/8/PPP2PPP/R1BQ1RK1 w kq - 0 1'::"position")) AS p(fen),
     pieces(p.fen) AS x JOIN chess_moves AS m ON m.piece = x.piece AND m.from_square = x.square
WHERE color(x.piece) = side_to_move(p.fen);

--
-- The article's worked example: the position listed as piece rows (White:
-- Ra1 Bc1 Qd1 Rf1 Kg1, pawns a2 b2 c2 f2 g2 h2 d4, knights e5 and b5; Black:
-- Ra8 Qd8 Ke8 Bf8 Rh8, pawns a7 b7 f7 g7 h7 d5 e4, knights c6 and f6), White
-- to move the knight from e5 (5,5) to c6 (3,6)
--
SELECT 'r2qkb1r/pp3ppp/2n2n2/1N1pN3/3Pp3/8/PPP2PPP/R1BQ1RK1 w kq - 0 1'::"position" AS p \gset
SELECT count(*) AS pieces,
       bool_and((ascii(file(square)) - 96, rank(square), color(piece), kind(piece)) IN (
           (1, 1, 'white', 'rook'), (3, 1, 'white', 'bishop'), (4, 1, 'white', 'queen'),
           (6, 1, 'white', 'rook'), (7, 1, 'white', 'king'), (1, 2, 'white', 'pawn'),
           (2, 2, 'white', 'pawn'), (3, 2, 'white', 'pawn'), (6, 2, 'white', 'pawn'),
           (7, 2, 'white', 'pawn'), (8, 2, 'white', 'pawn'), (4, 4, 'white', 'pawn'),
           (5, 5, 'white', 'knight'), (2, 5, 'white', 'knight'),
           (1, 8, 'black', 'rook'), (4, 8, 'black', 'queen'), (5, 8, 'black', 'king'),
           (6, 8, 'black', 'bishop'), (8, 8, 'black', 'rook'), (1, 7, 'black', 'pawn'),
           (2, 7, 'black', 'pawn'), (6, 7, 'black', 'pawn'), (7, 7, 'black', 'pawn'),
           (8, 7, 'black', 'pawn'), (3, 6, 'black', 'knight'), (6, 6, 'black', 'knight'),
           (4, 5, 'black', 'pawn'), (5, 4, 'black', 'pawn'))) AS as_listed
FROM pieces(:'p');
SELECT is_legal(:'p', 'e5c6'), play(:'p', 'e5c6');
SELECT board(play(:'p', 'e5c6'));
-- the next position as the article's result rows: every piece with its square
SELECT ascii(file(square)) - 96 AS x, rank(square) AS y, color(piece), kind(piece)
FROM pieces(play(:'p', 'e5c6')) ORDER BY color DESC, y, x;

--
-- The board graph (GraphGist): files with their RIGHT neighbour, ranks
-- with their TOP neighbour, squares with their file and rank, HOPs
--
SELECT * FROM files();
SELECT * FROM ranks();
SELECT * FROM squares() WHERE square = 'e4';
SELECT count(*) AS squares, count(DISTINCT file) AS files, count(DISTINCT rank) AS ranks FROM squares();

-- HOPs are listed in both directions; per type (the gist creates one
-- relationship per pair of squares, half these numbers)
SELECT type, count(*) AS hops, count(*) / 2 AS square_pairs, min(length), max(length)
FROM hops() GROUP BY type ORDER BY type;
SELECT count(*) AS one_way_only
FROM hops() AS h
WHERE NOT EXISTS (SELECT FROM hops() AS b
                  WHERE b.from_square = h.to_square AND b.to_square = h.from_square AND b.type = h.type);

-- the squares connected horizontally to d4, vertically to c4, diagonally to
-- e5, by a knight's jump to d5
SELECT string_agg(to_square::text, ' ' ORDER BY to_square) FROM hops() WHERE from_square = 'd4' AND type = 'horizontal';
SELECT string_agg(to_square::text, ' ' ORDER BY to_square) FROM hops() WHERE from_square = 'c4' AND type = 'vertical';
SELECT string_agg(to_square::text, ' ' ORDER BY to_square) FROM hops() WHERE from_square = 'e5' AND type = 'diagonal';
SELECT string_agg(to_square::text, ' ' ORDER BY to_square) FROM hops() WHERE from_square = 'd5' AND type = 'knight';

-- Example 1: the diagonal hops, counted as the gist counts them (each
-- relationship seen from both ends, then halved)
SELECT count(*) / 2 AS diagonal_hops FROM hops() WHERE type = 'diagonal';

-- Example 2: the 27 queen moves from e4, longest first
SELECT from_square::text || to_square::text AS move, type, length
FROM hops() WHERE from_square = 'e4' AND type <> 'knight'
ORDER BY length DESC, type, to_square;

-- Example 3: the shortest knight route from a1 to h8, by breadth-first search
-- over the knight hops: six moves, and one route square by square
WITH RECURSIVE knight AS MATERIALIZED (
	SELECT from_square, to_square FROM hops() WHERE type = 'knight'
), route(square, path) AS (
	SELECT 'a1'::square, ARRAY['a1'::square]
	UNION ALL
	SELECT k.to_square, r.path || k.to_square
	FROM route AS r JOIN knight AS k ON k.from_square = r.square
	WHERE cardinality(r.path) <= 6 AND k.to_square <> ALL (r.path)
)
SELECT cardinality(path) - 1 AS moves, count(*) AS shortest_routes,
       (array_agg(array_to_string(path, ' ') ORDER BY path::text))[1] AS first_route
FROM route WHERE square = 'h8'
GROUP BY 1 ORDER BY 1 LIMIT 1;
