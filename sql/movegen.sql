-- Move generation: legal_moves, pseudo_legal_moves, successors, perft,
-- perft_divide, recursive CTEs.  Expected counts come from the published
-- perft tables (test/data/cpw-perft-results.epd), not from this extension.

CREATE TABLE cpw (line text);
\copy cpw FROM 'test/data/cpw-perft-results.epd' WITH (FORMAT text, DELIMITER '|')
CREATE TABLE cpw_counts AS
SELECT n, trim(split_part(line, ';', 1))::"position" AS p,
       substr(trim(d), 2, 1)::integer AS depth,
       split_part(trim(d), ' ', 2)::bigint AS expected
FROM (SELECT row_number() OVER () AS n, line FROM cpw) AS l,
     unnest((string_to_array(line, ';'))[2:]) AS d;

-- the number of legal moves equals perft(1) in the six well-known positions
-- (and position 4 mirrored)
SELECT n, expected AS published_perft_1,
       (SELECT count(*) FROM legal_moves(p)) AS legal_moves,
       perft(p, 1) AS perft_1
FROM cpw_counts WHERE depth = 1 ORDER BY n;

-- perft through SQL to depth 3, and deeper where the tree is small
SELECT count(*) AS checked, count(*) FILTER (WHERE perft(p, depth) = expected) AS agree
FROM cpw_counts WHERE expected <= 2000000;

-- the same counts through recursive CTEs built only from legal_moves and
-- play: start position to depth 3 (8,902), Kiwipete to depth 2 (2,039)
WITH RECURSIVE tree(p, depth) AS (
	SELECT start_position(), 0
	UNION ALL
	SELECT play(t.p, m), t.depth + 1
	FROM tree AS t, legal_moves(t.p) AS m
	WHERE t.depth < 3
)
SELECT depth, count(*) AS nodes FROM tree GROUP BY depth ORDER BY depth;

WITH RECURSIVE tree(p, depth) AS (
	SELECT 'r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1'::"position", 0
	UNION ALL
	SELECT play(t.p, m), t.depth + 1
	FROM tree AS t, legal_moves(t.p) AS m
	WHERE t.depth < 2
)
SELECT depth, count(*) AS nodes FROM tree GROUP BY depth ORDER BY depth;

-- and from successors(), which gives each move with its position
WITH RECURSIVE tree(p, depth) AS (
	SELECT start_position(), 0
	UNION ALL
	SELECT s."position", t.depth + 1
	FROM tree AS t, successors(t.p) AS s
	WHERE t.depth < 3
)
SELECT depth, count(*) AS nodes FROM tree GROUP BY depth ORDER BY depth;

WITH RECURSIVE tree(p, depth) AS (
	SELECT 'r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1'::"position", 0
	UNION ALL
	SELECT s."position", t.depth + 1
	FROM tree AS t, successors(t.p) AS s
	WHERE t.depth < 2
)
SELECT depth, count(*) AS nodes FROM tree GROUP BY depth ORDER BY depth;

-- the positions of successors() are those of play()
SELECT count(*) AS moves, bool_and(s."position" = play(start_position(), s.move)) AS same
FROM successors(start_position()) AS s;

-- distinct positions after three plies: transpositions meet.  5,362 is the
-- published number of distinct positions at ply 3 (OEIS A083276), which
-- ignores the clocks; = compares all six FEN fields, so compare the first four
WITH RECURSIVE tree(p, depth) AS (
	SELECT start_position(), 0
	UNION
	SELECT s."position", t.depth + 1
	FROM tree AS t, successors(t.p) AS s
	WHERE t.depth < 3
)
SELECT count(DISTINCT regexp_replace(p::text, ' \d+ \d+$', '')) AS distinct_at_ply_3,
       count(DISTINCT p) AS distinct_with_clocks
FROM tree WHERE depth = 3;

-- perft_divide: one row per legal move; the rows add up to perft (the
-- per-move counts agree with Stockfish's "go perft 3" divide)
SELECT * FROM perft_divide('8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1', 3) ORDER BY move;
SELECT sum(nodes) AS divide_total, perft(start_position(), 3) AS perft_3
FROM perft_divide(start_position(), 3);

-- depth 0 is the position itself; bad depths are errors
SELECT perft(start_position(), 0);
SELECT perft(start_position(), -1);
SELECT perft(start_position(), 21);
SELECT * FROM perft_divide(start_position(), 0);
SELECT perft(start_position(), NULL);

-- a long perft can be cancelled by statement_timeout
SET statement_timeout = '200ms';
SELECT perft(start_position(), 9);
RESET statement_timeout;

-- pseudo-legal moves: the candidates before the king-safety filter.  The
-- knight on d2 is pinned by the bishop on a5.
SELECT m AS pseudo_legal_but_illegal
FROM pseudo_legal_moves('4k3/8/8/b7/8/8/3N4/4K3 w - - 0 1') AS m
EXCEPT
SELECT m FROM legal_moves('4k3/8/8/b7/8/8/3N4/4K3 w - - 0 1') AS m
ORDER BY 1;
SELECT count(*) AS legal_not_pseudo
FROM (SELECT p FROM cpw_counts WHERE depth = 1) AS positions(p),
     LATERAL (SELECT m FROM legal_moves(p) AS m
              EXCEPT SELECT m FROM pseudo_legal_moves(p) AS m) AS d;

-- game state
SELECT in_check(p), is_checkmate(p), is_stalemate(p), (SELECT count(*) FROM legal_moves(p)) AS moves
FROM (VALUES
	(start_position()),
	('rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3'::"position"),
	('7k/5Q2/6K1/8/8/8/8/8 b - - 0 1'),
	('4k3/8/8/8/8/8/4r3/4K3 w - - 0 1')) AS v(p);

-- attackers of a square by colour
SELECT square, piece_at(p, square)
FROM (VALUES ('r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1'::"position")) AS v(p),
     attackers(p, 'd5', 'black') AS square;
SELECT array_agg(s ORDER BY s) FROM attackers(start_position(), 'f3', 'w') AS s;
SELECT * FROM attackers(start_position(), 'f3', 'green');

DROP TABLE cpw, cpw_counts;
