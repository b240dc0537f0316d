-- What CQL's filters see (doc/query.md): checkers, pins, x-rays, mobility,
-- passed/isolated/doubled/connected pawns, flip() and mirror(), Scid's
-- same_pawns() and same_pawn_files().  Each against a brute force over
-- pieces() and the geometry of squares, on the perft suites' positions
-- (edges, promotions, en passant, Chess960) and every position one move
-- after them.  (chess.js checks checkers, pins and mobility too:
-- test/differential/compare.sql.)

CREATE TEMP TABLE epd (line text);
\copy epd FROM 'test/data/ethereal-standard.epd' WITH (FORMAT text, DELIMITER '|')
CREATE TEMP TABLE ft_suite AS
SELECT row_number() OVER () AS n, trim(split_part(line, ';', 1))::"position" AS p FROM epd;
TRUNCATE epd;
\copy epd FROM 'test/data/python-chess-tricky.perft' WITH (FORMAT text, DELIMITER '|')
INSERT INTO ft_suite SELECT 1000 + row_number() OVER (), substr(line, 5)::"position" FROM epd WHERE line LIKE 'epd %';
-- the suites, the positions one move after them, and four of Chess960's starts
CREATE TEMP TABLE ft AS
SELECT p FROM ft_suite
UNION SELECT s."position" FROM ft_suite, successors(p) s
UNION SELECT chess960_position(n) FROM (VALUES (0), (1), (517), (959)) v(n);
SELECT count(*) AS positions, count(*) FILTER (WHERE castling_rights(p) <> '-') AS with_castling,
       count(*) FILTER (WHERE en_passant_square(p) IS NOT NULL) AS with_en_passant,
       count(*) FILTER (WHERE in_check(p)) AS in_check
FROM ft;

-- the geometry of squares: files and ranks as numbers, squares between two on a line
CREATE FUNCTION ft_f(s square) RETURNS integer LANGUAGE sql IMMUTABLE AS $$ SELECT ascii(file(s)) - 96 $$;
CREATE FUNCTION ft_straight(a square, b square) RETURNS boolean LANGUAGE sql IMMUTABLE
	AS $$ SELECT a <> b AND (ft_f(a) = ft_f(b) OR rank(a) = rank(b)) $$;
CREATE FUNCTION ft_diagonal(a square, b square) RETURNS boolean LANGUAGE sql IMMUTABLE
	AS $$ SELECT a <> b AND abs(ft_f(a) - ft_f(b)) = abs(rank(a) - rank(b)) $$;
CREATE FUNCTION ft_between(a square, b square) RETURNS SETOF square LANGUAGE sql IMMUTABLE AS $$
	SELECT square(chr(96 + ft_f(a) + k * sign(ft_f(b) - ft_f(a))::integer), rank(a) + k * sign(rank(b) - rank(a))::integer)
	FROM generate_series(1, greatest(abs(ft_f(b) - ft_f(a)), abs(rank(b) - rank(a))) - 1) k
	WHERE ft_straight(a, b) OR ft_diagonal(a, b) $$;
-- whether a piece moves along the line from a to b
CREATE FUNCTION ft_slides(pc piece, a square, b square) RETURNS boolean LANGUAGE sql IMMUTABLE AS $$
	SELECT kind(pc) IN ('rook', 'queen') AND ft_straight(a, b) OR kind(pc) IN ('bishop', 'queen') AND ft_diagonal(a, b) $$;
-- a set of squares as a sorted array, for comparisons
CREATE FUNCTION ft_sorted(squares square[]) RETURNS square[] LANGUAGE sql IMMUTABLE
	AS $$ SELECT coalesce(array_agg(s ORDER BY s), '{}') FROM unnest(squares) s $$;

-- the pairs of a slider and another piece on its line with exactly one
-- piece between: an x-ray, and a pin when the slider is an enemy of a king
-- and the piece between is the king's
CREATE TEMP TABLE ft_lines AS
SELECT p, a.square AS attacker, t.square AS target, t.piece AS target_piece, a.piece AS attacker_piece,
       (SELECT array_agg(b) FROM ft_between(a.square, t.square) b WHERE piece_at(p, b) IS NOT NULL) AS between
FROM ft, pieces(p) a, pieces(p) t
WHERE ft_slides(a.piece, a.square, t.square);

-- x-rays
SELECT count(*) AS xrays,
       count(*) FILTER (WHERE color(piece_at(p, through)) <> color(piece_at(p, attacker))) AS through_an_enemy
FROM ft, xrays(p);
SELECT count(*) AS differences FROM (
	(SELECT p, attacker, between[1] AS through, target FROM ft_lines WHERE cardinality(between) = 1
	 EXCEPT ALL SELECT p, x.* FROM ft, xrays(p) x)
	UNION ALL
	(SELECT p, x.* FROM ft, xrays(p) x
	 EXCEPT ALL SELECT p, attacker, between[1], target FROM ft_lines WHERE cardinality(between) = 1)) d;

-- pins
SELECT count(*) AS pins, count(DISTINCT p) AS positions_with_pins,
       count(*) FILTER (WHERE kind(piece_at(p, pinned)) = 'pawn') AS pinned_pawns
FROM ft, pins(p);
CREATE TEMP TABLE ft_pins AS
SELECT p, between[1] AS pinned, attacker AS pinner, target AS king FROM ft_lines
WHERE kind(target_piece) = 'king' AND color(attacker_piece) <> color(target_piece)
  AND cardinality(between) = 1 AND color(piece_at(p, between[1])) = color(target_piece);
SELECT count(*) AS differences FROM (
	(SELECT * FROM ft_pins EXCEPT ALL SELECT p, x.* FROM ft, pins(p) x)
	UNION ALL
	(SELECT p, x.* FROM ft, pins(p) x EXCEPT ALL SELECT * FROM ft_pins)) d;
-- pinned(): the pinned pieces, of a colour or of both
SELECT count(*) FILTER (WHERE ft_sorted(pinned(p)) IS DISTINCT FROM
                        (SELECT coalesce(array_agg(pinned ORDER BY pinned), '{}') FROM ft_pins f WHERE f.p = ft.p)) AS both_differ,
       count(*) FILTER (WHERE ft_sorted(pinned(p, 'white')) IS DISTINCT FROM
                        (SELECT coalesce(array_agg(pinned ORDER BY pinned), '{}') FROM ft_pins f
                         WHERE f.p = ft.p AND color(piece_at(p, pinned)) = 'white')) AS white_differ,
       count(*) FILTER (WHERE ft_sorted(pinned(p, 'b')) IS DISTINCT FROM
                        (SELECT coalesce(array_agg(pinned ORDER BY pinned), '{}') FROM ft_pins f
                         WHERE f.p = ft.p AND color(piece_at(p, pinned)) = 'black')) AS black_differ
FROM ft;

-- checkers: the enemy pieces that attack the king of the side to move;
-- two of them leave only king moves
SELECT count(*) FILTER (WHERE cardinality(checkers(p)) = 1) AS single_checks,
       count(*) FILTER (WHERE cardinality(checkers(p)) = 2) AS double_checks,
       count(*) FILTER (WHERE ft_sorted(checkers(p)) <>
                        (SELECT coalesce(array_agg(a ORDER BY a), '{}') FROM pieces(p) k,
                                attackers(p, k.square, CASE side_to_move(p) WHEN 'white' THEN 'black' ELSE 'white' END) a
                         WHERE k.piece = CASE side_to_move(p) WHEN 'white' THEN 'K'::piece ELSE 'k' END)) AS differ,
       count(*) FILTER (WHERE (cardinality(checkers(p)) > 0) <> in_check(p)) AS check_differs,
       count(*) FILTER (WHERE cardinality(checkers(p)) = 2 AND EXISTS (
           SELECT FROM legal_moves(p) m WHERE kind(piece_at(p, from_square(m))) <> 'king')) AS double_check_non_king_move
FROM ft;

-- mobility: the legal moves counted
SELECT count(*) FILTER (WHERE mobility(p) <> (SELECT count(*) FROM legal_moves(p))) AS differ,
       count(*) FILTER (WHERE mobility(p) = 0) AS none, max(mobility(p)) AS most
FROM ft;

-- pawns: passed (no enemy pawn ahead on its file or the files beside it),
-- isolated (no pawn of theirs on a file beside), doubled (another of theirs
-- on the file), connected (one of theirs on a file beside, a rank apart at most)
CREATE TEMP TABLE ft_pawns AS
SELECT p, s.square, color(s.piece) AS color,
       NOT EXISTS (SELECT FROM pieces(p) e WHERE kind(e.piece) = 'pawn' AND color(e.piece) <> color(s.piece)
                   AND abs(ft_f(e.square) - ft_f(s.square)) <= 1
                   AND (rank(e.square) - rank(s.square)) * CASE color(s.piece) WHEN 'white' THEN 1 ELSE -1 END > 0) AS passed,
       NOT EXISTS (SELECT FROM pieces(p) o WHERE o.piece = s.piece AND abs(ft_f(o.square) - ft_f(s.square)) = 1) AS isolated,
       EXISTS (SELECT FROM pieces(p) o WHERE o.piece = s.piece AND o.square <> s.square AND ft_f(o.square) = ft_f(s.square)) AS doubled,
       EXISTS (SELECT FROM pieces(p) o WHERE o.piece = s.piece AND abs(ft_f(o.square) - ft_f(s.square)) = 1
               AND abs(rank(o.square) - rank(s.square)) <= 1) AS connected
FROM ft, pieces(p) s WHERE kind(s.piece) = 'pawn';
SELECT count(*) AS pawns, count(*) FILTER (WHERE passed) AS passed, count(*) FILTER (WHERE isolated) AS isolated,
       count(*) FILTER (WHERE doubled) AS doubled, count(*) FILTER (WHERE connected) AS connected
FROM ft_pawns;
CREATE TEMP TABLE ft_pawn_sets AS
SELECT ft.p, which, col,
       coalesce(array_agg(x.square ORDER BY x.square) FILTER (WHERE x.square IS NOT NULL), '{}') AS expected
FROM ft CROSS JOIN (VALUES ('passed'), ('isolated'), ('doubled'), ('connected')) w(which)
     CROSS JOIN (VALUES (NULL), ('white'), ('black')) c(col)
     LEFT JOIN ft_pawns x ON x.p = ft.p AND (col IS NULL OR x.color = col)
         AND CASE which WHEN 'passed' THEN x.passed WHEN 'isolated' THEN x.isolated
                        WHEN 'doubled' THEN x.doubled ELSE x.connected END
GROUP BY ft.p, which, col;
SELECT which, col AS color, count(*) AS positions,
       count(*) FILTER (WHERE expected <> ft_sorted(CASE WHEN col IS NULL THEN
                   CASE which WHEN 'passed' THEN passed_pawns(p) WHEN 'isolated' THEN isolated_pawns(p)
                              WHEN 'doubled' THEN doubled_pawns(p) ELSE connected_pawns(p) END
                 ELSE
                   CASE which WHEN 'passed' THEN passed_pawns(p, col) WHEN 'isolated' THEN isolated_pawns(p, col)
                              WHEN 'doubled' THEN doubled_pawns(p, col) ELSE connected_pawns(p, col) END
                 END)) AS differ
FROM ft_pawn_sets
GROUP BY which, col ORDER BY which, col NULLS FIRST;
-- a board's edges: pawns on the a- and h-files, a passed pawn about to promote
SELECT passed_pawns(p) AS passed, isolated_pawns(p) AS isolated, doubled_pawns(p) AS doubled,
       connected_pawns(p) AS connected
FROM (VALUES ('4k3/P6p/7p/8/8/P7/P6P/4K3 w - - 0 1'::"position"),
             ('4k3/8/8/8/8/8/1p6/4K3 b - - 0 1'), ('4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1')) v(p);

-- flip(): upside down, the colours swapped: every piece, the side, the
-- castling rights and the en passant square follow, and so does the tree
-- of legal moves
SELECT count(*) FILTER (WHERE flip(flip(p)) <> p) AS not_involution,
       count(*) FILTER (WHERE side_to_move(flip(p)) = side_to_move(p)) AS same_side,
       count(*) FILTER (WHERE (SELECT array_agg((square(file(square), 9 - rank(square)),
                                                  CASE color(piece) WHEN 'white' THEN lower(piece::text) ELSE upper(piece::text) END)::text
                                                 ORDER BY square(file(square), 9 - rank(square)))
                               FROM pieces(p))
                              <> (SELECT array_agg((square, piece::text)::text ORDER BY square) FROM pieces(flip(p)))) AS pieces_differ,
       count(*) FILTER (WHERE perft(flip(p), 2) <> perft(p, 2)) AS perft_differs
FROM ft;
SELECT p, flip(p) FROM (VALUES (start_position()), ('r3k2r/pp3ppp/8/3pP3/8/8/PPP2PPP/R3K2R w Kq d6 0 12'),
                               (chess960_position(0)), ('1r2k1r1/8/8/8/8/8/8/1R2K1R1 w GBgb - 0 1')) v(p);
-- mirror(): left-right; the castling rights follow their rooks (so castling
-- changes meaning: the tree is the same only without castling rights)
SELECT count(*) FILTER (WHERE mirror(mirror(p)) <> p) AS not_involution,
       count(*) FILTER (WHERE (SELECT array_agg((square(chr(201 - ascii(file(square))), rank(square)), piece)::text
                                                 ORDER BY square(chr(201 - ascii(file(square))), rank(square)))
                               FROM pieces(p))
                              <> (SELECT array_agg((square, piece)::text ORDER BY square) FROM pieces(mirror(p)))) AS pieces_differ,
       count(*) FILTER (WHERE castling_rights(p) = '-' AND perft(mirror(p), 2) <> perft(p, 2)) AS perft_differs,
       count(*) FILTER (WHERE mirror(p)::text::"position" <> mirror(p)) AS text_round_trip_differs
FROM ft;
SELECT p, mirror(p), shredder_fen(mirror(p)) FROM (VALUES (start_position()), ('4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1'::"position")) v(p);
-- Chess960's starts mirror to Chess960's starts
SELECT count(DISTINCT chess960_number(mirror(chess960_position(n)))) AS distinct_starts,
       count(*) FILTER (WHERE chess960_number(mirror(chess960_position(n))) IS NULL) AS not_a_start
FROM generate_series(0, 959) n;
-- patterns: a position matches a pattern exactly when the flipped (or
-- mirrored) position matches the flipped (or mirrored) pattern
CREATE TEMP TABLE ft_patterns (pat pattern);
INSERT INTO ft_patterns VALUES ('8/8/5n2/8/4P3/5N2/8/8'), ('5rk1/5ppp/8/8/8/8/8/8'), ('8/8/8/8/8/8/8/4K..R'),
	('r3k3/8/8/8/8/8/8/8 b'), ('8/8/8/3pP3/8/8/8/8 w'), ('8/8/8/8/8/8/PPP5/1K6'), ('4k3/8/8/8/8/8/8/8');
SELECT pat, flip(pat), mirror(pat), flip(flip(pat)) = pat AND mirror(mirror(pat)) = pat AS involutions,
       count(*) FILTER (WHERE p @> pat) AS matches,
       count(*) FILTER (WHERE (p @> pat) <> (flip(p) @> flip(pat))) AS flip_differs,
       count(*) FILTER (WHERE (p @> pat) <> (mirror(p) @> mirror(pat))) AS mirror_differs
FROM ft_patterns, ft GROUP BY pat ORDER BY pat::text;

-- Scid's board searches: the same material and side to move, and the pawns
-- on the same squares, or as many pawns of each colour on each file
CREATE TEMP TABLE ft_pairs AS
SELECT a."position" AS a, b."position" AS b
FROM (SELECT p FROM ft_suite ORDER BY n LIMIT 25) s, successors(s.p) a, successors(s.p) b;
CREATE FUNCTION ft_pawn_squares(p "position") RETURNS text LANGUAGE sql
	AS $$ SELECT string_agg(piece::text || square::text, ' ' ORDER BY square) FROM pieces(p) WHERE kind(piece) = 'pawn' $$;
CREATE FUNCTION ft_pawn_files(p "position") RETURNS text LANGUAGE sql
	AS $$ SELECT string_agg(piece::text || file(square), ' ' ORDER BY piece, file(square)) FROM pieces(p) WHERE kind(piece) = 'pawn' $$;
SELECT count(*) AS pairs,
       count(*) FILTER (WHERE same_pawns(a, b)) AS same_pawns,
       count(*) FILTER (WHERE same_pawn_files(a, b)) AS same_files,
       count(*) FILTER (WHERE same_pawns(a, b) <> (material(a) = material(b) AND side_to_move(a) = side_to_move(b)
                                                    AND ft_pawn_squares(a) IS NOT DISTINCT FROM ft_pawn_squares(b))) AS pawns_differ,
       count(*) FILTER (WHERE same_pawn_files(a, b) <> (material(a) = material(b) AND side_to_move(a) = side_to_move(b)
                                                         AND ft_pawn_files(a) IS NOT DISTINCT FROM ft_pawn_files(b))) AS files_differ
FROM ft_pairs;
SELECT same_pawns(a, b), same_pawn_files(a, b)
FROM (VALUES ('4k3/p7/8/8/8/8/P7/4K3 w - - 0 1'::"position", '4k3/8/p7/8/P7/8/8/4K3 w - - 0 1'::"position"),
             ('4k3/p7/8/8/8/8/P7/4K3 w - - 0 1', '4k3/p7/8/8/8/8/P7/4K3 b - - 0 1'),
             ('4k3/p7/8/8/8/8/P7/N3K3 w - - 0 1', '4k3/p7/8/8/8/8/P7/B3K3 w - - 0 1'),
             ('4k3/p7/8/8/8/8/P7/4KN2 w - - 0 1', '4k3/p7/8/8/8/8/P7/N3K3 w - - 0 1'),
             ('4k3/8/8/8/8/8/PP6/4K3 w - - 0 1', '4k3/8/8/8/8/1P6/1P6/4K3 w - - 0 1')) v(a, b);

-- bad input
SELECT passed_pawns(start_position(), 'green');
SELECT pinned(start_position(), '');

DROP TABLE ft, ft_suite, ft_lines, ft_pins, ft_pawns, ft_pawn_sets, ft_patterns, ft_pairs, epd;
DROP FUNCTION ft_f, ft_straight, ft_diagonal, ft_between, ft_slides, ft_sorted, ft_pawn_squares, ft_pawn_files;
