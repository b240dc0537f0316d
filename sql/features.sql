-- What CQL's filters see (doc/query.md): checkers, pins, x-rays, mobility,
-- passed/isolated/doubled/connected pawns, flip_colors() and
-- flip_horizontal(), Scid's same_pawns() and same_pawn_files(), and the
-- same as rules of a gamequery.  Each against a brute force over
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

-- flip_colors(): upside down, the colours swapped: every piece, the side, the
-- castling rights and the en passant square follow, and so does the tree
-- of legal moves
SELECT count(*) FILTER (WHERE flip_colors(flip_colors(p)) <> p) AS not_involution,
       count(*) FILTER (WHERE side_to_move(flip_colors(p)) = side_to_move(p)) AS same_side,
       count(*) FILTER (WHERE (SELECT array_agg((square(file(square), 9 - rank(square)),
                                                  CASE color(piece) WHEN 'white' THEN lower(piece::text) ELSE upper(piece::text) END)::text
                                                 ORDER BY square(file(square), 9 - rank(square)))
                               FROM pieces(p))
                              <> (SELECT array_agg((square, piece::text)::text ORDER BY square) FROM pieces(flip_colors(p)))) AS pieces_differ,
       count(*) FILTER (WHERE perft(flip_colors(p), 2) <> perft(p, 2)) AS perft_differs
FROM ft;
SELECT p, flip_colors(p) FROM (VALUES (start_position()), ('r3k2r/pp3ppp/8/3pP3/8/8/PPP2PPP/R3K2R w Kq d6 0 12'),
                               (chess960_position(0)), ('1r2k1r1/8/8/8/8/8/8/1R2K1R1 w GBgb - 0 1')) v(p);
-- flip_horizontal(): left-right; the castling rights follow their rooks (so castling
-- changes meaning: the tree is the same only without castling rights)
SELECT count(*) FILTER (WHERE flip_horizontal(flip_horizontal(p)) <> p) AS not_involution,
       count(*) FILTER (WHERE (SELECT array_agg((square(chr(201 - ascii(file(square))), rank(square)), piece)::text
                                                 ORDER BY square(chr(201 - ascii(file(square))), rank(square)))
                               FROM pieces(p))
                              <> (SELECT array_agg((square, piece)::text ORDER BY square) FROM pieces(flip_horizontal(p)))) AS pieces_differ,
       count(*) FILTER (WHERE castling_rights(p) = '-' AND perft(flip_horizontal(p), 2) <> perft(p, 2)) AS perft_differs,
       count(*) FILTER (WHERE flip_horizontal(p)::text::"position" <> flip_horizontal(p)) AS text_round_trip_differs
FROM ft;
SELECT p, flip_horizontal(p), shredder_fen(flip_horizontal(p)) FROM (VALUES (start_position()), ('4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1'::"position")) v(p);
-- Chess960's starts mirror to Chess960's starts
SELECT count(DISTINCT chess960_number(flip_horizontal(chess960_position(n)))) AS distinct_starts,
       count(*) FILTER (WHERE chess960_number(flip_horizontal(chess960_position(n))) IS NULL) AS not_a_start
FROM generate_series(0, 959) n;
-- patterns: a position matches a pattern exactly when the flipped (or
-- mirrored) position matches the flipped (or mirrored) pattern
CREATE TEMP TABLE ft_patterns (pat pattern);
INSERT INTO ft_patterns VALUES ('8/8/5n2/8/4P3/5N2/8/8'), ('5rk1/5ppp/8/8/8/8/8/8'), ('8/8/8/8/8/8/8/4K..R'),
	('r3k3/8/8/8/8/8/8/8 b'), ('8/8/8/3pP3/8/8/8/8 w'), ('8/8/8/8/8/8/PPP5/1K6'), ('4k3/8/8/8/8/8/8/8');
SELECT pat, flip_colors(pat), flip_horizontal(pat), flip_colors(flip_colors(pat)) = pat AND flip_horizontal(flip_horizontal(pat)) = pat AS involutions,
       count(*) FILTER (WHERE p @> pat) AS matches,
       count(*) FILTER (WHERE (p @> pat) <> (flip_colors(p) @> flip_colors(pat))) AS flip_differs,
       count(*) FILTER (WHERE (p @> pat) <> (flip_horizontal(p) @> flip_horizontal(pat))) AS mirror_differs
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

-- The same as rules of a gamequery: on seeded random games from the
-- suites' positions, the start and Chess960 starts, each rule's first ply
-- against the first position of positions() where the function says so
CREATE TEMP TABLE gf_games AS
WITH RECURSIVE walk(id, start, p, moves, n) AS (
	SELECT row_number() OVER (ORDER BY s)::integer, s, s, ARRAY[]::move[], 0
	FROM (SELECT p AS s FROM ft_suite WHERE n % 3 = 0 UNION ALL SELECT start_position()
	      UNION ALL SELECT chess960_position(k) FROM generate_series(100, 900, 100) k) starts
	UNION ALL
	SELECT id, start, play(p, m), moves || m, n + 1
	FROM walk, LATERAL (SELECT m FROM legal_moves(p) m ORDER BY m
	                    OFFSET abs(hashtext(p::text || id)) % greatest(mobility(p), 1) LIMIT 1) x
	WHERE n < 80 AND mobility(p) > 0)
SELECT DISTINCT ON (id) id, game(start, moves) AS g FROM walk ORDER BY id, n DESC;
-- and a mate and a stalemate, which random play rarely reaches
INSERT INTO gf_games VALUES (900, '1. f3 e5 2. g4 Qh4#'), (901, '[FEN "7k/5Q2/8/8/8/8/8/K7 w - - 0 1"] 1. Kb2');
CREATE TEMP TABLE gf_plies AS SELECT id, x.ply, x."position" AS p, x.next AS m FROM gf_games, positions(g) x;
SELECT count(*) AS games, sum(plies(g)) AS plies FROM gf_games;

-- each count rule against its function; "flip" against the rule or its colours swapped
CREATE TEMP TABLE gf_rules (q text, predicate text);
INSERT INTO gf_rules VALUES
	('{"checkers": true}', 'cardinality(checkers(p)) >= 1'),
	('{"checkers": 2}', 'cardinality(checkers(p)) = 2'),
	('{"checkers": false, "mobility": {"max": 3}}', 'cardinality(checkers(p)) = 0 AND mobility(p) <= 3'),
	('{"mobility": 0}', 'mobility(p) = 0'),
	('{"mobility": {"min": 45}}', 'mobility(p) >= 45'),
	('{"pinned": true}', 'cardinality(pinned(p)) >= 1'),
	('{"pinned": {"color": "black"}}', 'cardinality(pinned(p, ''black'')) >= 1'),
	('{"passed-pawns": {"color": "white"}}', 'cardinality(passed_pawns(p, ''white'')) >= 1'),
	('{"passed-pawns": 3}', 'cardinality(passed_pawns(p)) = 3'),
	('{"isolated-pawns": {"color": "black", "min": 2, "max": 3}}', 'cardinality(isolated_pawns(p, ''black'')) BETWEEN 2 AND 3'),
	('{"doubled-pawns": {"min": 4}}', 'cardinality(doubled_pawns(p)) >= 4'),
	('{"connected-pawns": {"color": "white", "max": 2}}', 'cardinality(connected_pawns(p, ''white'')) <= 2'),
	('{"flip": true, "passed-pawns": {"color": "white", "min": 2}, "stm": "black"}',
	 'cardinality(passed_pawns(p, ''white'')) >= 2 AND side_to_move(p) = ''black'' OR cardinality(passed_pawns(p, ''black'')) >= 2 AND side_to_move(p) = ''white'''),
	('{"sequence": [{"checkers": 1}, {"pinned": {"color": "white"}}]}', NULL);
CREATE FUNCTION gf_first(rule_predicate text) RETURNS TABLE(id integer, ply integer) LANGUAGE plpgsql AS $$
BEGIN
	RETURN QUERY EXECUTE format('SELECT id, min(ply) FROM gf_plies WHERE %s GROUP BY id', rule_predicate);
END $$;
SELECT q, count(*) FILTER (WHERE e.ply IS NOT NULL) AS games_matching,
       count(*) FILTER (WHERE (match_plies(g, q::gamequery))[1] IS DISTINCT FROM e.ply) AS differ,
       count(*) FILTER (WHERE (g @@ q::gamequery) <> (e.ply IS NOT NULL)) AS operator_differs
FROM gf_rules CROSS JOIN gf_games
     LEFT JOIN LATERAL (SELECT f.ply FROM gf_first(predicate) f WHERE f.id = gf_games.id) e ON true
WHERE predicate IS NOT NULL
GROUP BY q ORDER BY q;
-- a sequence: the first check, then the first position after it with a white piece pinned
SELECT count(*) FILTER (WHERE match_plies(g, q::gamequery) IS NOT NULL) AS games_matching,
       count(*) FILTER (WHERE match_plies(g, q::gamequery) IS DISTINCT FROM
           (SELECT CASE WHEN b.ply IS NOT NULL THEN ARRAY[a.ply, b.ply] END
            FROM (SELECT min(ply) AS ply FROM gf_plies x WHERE x.id = gf_games.id AND cardinality(checkers(p)) = 1) a
            LEFT JOIN LATERAL (SELECT min(ply) AS ply FROM gf_plies y
                               WHERE y.id = gf_games.id AND y.ply > a.ply AND cardinality(pinned(p, 'white')) >= 1) b ON true)) AS differ
FROM gf_rules, gf_games WHERE predicate IS NULL;

-- Scid's searches as rules, against a FEN of some games' tenth position;
-- "flip" finds it in each game with the colours swapped too
CREATE TEMP TABLE gf_fens AS SELECT id AS fid, p AS fen FROM gf_plies WHERE ply = 10 AND id % 4 = 0;
SELECT rule, count(*) FILTER (WHERE e.ply IS NOT NULL) AS games_matching,
       count(*) FILTER (WHERE (match_plies(g, format('{"%s": "%s"}', rule, fen)::gamequery))[1] IS DISTINCT FROM e.ply) AS differ
FROM gf_fens CROSS JOIN (VALUES ('same-pawns'), ('same-pawn-files')) r(rule) CROSS JOIN gf_games
     LEFT JOIN LATERAL (SELECT min(ply) AS ply FROM gf_plies x
                        WHERE x.id = gf_games.id AND CASE rule WHEN 'same-pawns' THEN same_pawns(x.p, fen) ELSE same_pawn_files(x.p, fen) END) e ON true
GROUP BY rule ORDER BY rule;
-- each game with its board flipped: the start flipped, each move's squares
CREATE TEMP TABLE gf_flipped AS SELECT id + 1000 AS id, game(flip_colors(start(g)), ARRAY(
	SELECT (square(file(from_square(m)), 9 - rank(from_square(m)))::text || square(file(to_square(m)), 9 - rank(to_square(m)))::text
	        || substr(m::text, 5))::move
	FROM unnest(moves(g)) WITH ORDINALITY u(m, i) ORDER BY i)) AS g FROM gf_games;
SELECT count(*) AS games, count(*) FILTER (WHERE match_plies(f.g, q) = match_plies(o.g, q)) AS same_plies_both_ways,
       count(*) FILTER (WHERE f.g @@ q) AS flipped_found, count(*) FILTER (WHERE f.g @@ unflipped) AS flipped_found_without_flip
FROM gf_fens, gf_games o JOIN gf_flipped f ON f.id = o.id + 1000,
     LATERAL (SELECT format('{"flip": true, "same-pawns": "%s"}', fen)::gamequery AS q,
                     format('{"same-pawns": "%s"}', fen)::gamequery AS unflipped) x
WHERE o.id = fid;
-- a flipped sub-FEN is tried by its own pieces: Black's bishop on c5 in a game where no White bishop reaches c4
SELECT q, match_plies('1. d4 e5 2. dxe5 Bc5 3. Nf3 Qe7'::game, q::gamequery)
FROM (VALUES ('{"sub-fen": "8/8/8/8/2B5/8/8/8"}'), ('{"flip": true, "sub-fen": "8/8/8/8/2B5/8/8/8"}'),
             ('{"flip": true, "sub-fen": "8/8/8/8/2B5/5N2/8/8"}')) v(q);

-- manoeuvres: a piece's two next moves, from some games, against the
-- first ply where a piece of that kind and colour goes s0-s1, then s1-s2
-- with nothing going to or from s1 between (castling aside)
CREATE TEMP TABLE gf_moves AS
SELECT id, ply, from_square(m) AS f, to_square(m) AS t, piece_at(p, from_square(m)) AS pc,
       kind(piece_at(p, from_square(m))) = 'king'
       AND (abs(ascii(file(from_square(m))) - ascii(file(to_square(m)))) > 1
            OR color(piece_at(p, to_square(m))) = side_to_move(p)) AS castles
FROM gf_plies WHERE m IS NOT NULL;
CREATE TEMP TABLE gf_paths AS
SELECT DISTINCT ON (a.id) a.id AS source, a.pc, a.f AS s0, a.t AS s1, b.t AS s2
FROM gf_moves a JOIN gf_moves b ON b.id = a.id AND b.f = a.t AND b.ply > a.ply
	AND NOT EXISTS (SELECT FROM gf_moves c WHERE c.id = a.id AND c.ply > a.ply AND c.ply < b.ply AND a.t IN (c.f, c.t))
WHERE kind(a.pc) NOT IN ('pawn', 'king') AND a.id % 2 = 0
ORDER BY a.id, a.ply DESC;
SELECT count(*) AS paths, count(*) FILTER (WHERE e.ply IS NOT NULL) AS games_matching,
       count(*) FILTER (WHERE (match_plies(g, format('{"manoeuvre": "%s%s-%s-%s"}', pc, s0, s1, s2)::gamequery))[1] IS DISTINCT FROM e.ply) AS differ
FROM gf_paths CROSS JOIN gf_games
LEFT JOIN LATERAL (SELECT min(b.ply) AS ply FROM gf_moves a JOIN gf_moves b ON b.id = a.id AND b.ply > a.ply
                   WHERE a.id = gf_games.id AND a.pc = gf_paths.pc AND a.f = s0 AND a.t = s1 AND b.f = s1 AND b.t = s2
                     AND NOT EXISTS (SELECT FROM gf_moves c WHERE c.id = a.id AND c.ply > a.ply AND c.ply < b.ply
                                     AND (s1 IN (c.f, c.t) OR c.castles))) e ON true;

-- a ".." step finds each such path too, at the same ply or before
SELECT count(*) FILTER (WHERE coalesce((match_plies(g, format('{"manoeuvre": "%s%s..%s"}', pc, s0, s2)::gamequery))[1], 10000)
                              > (match_plies(g, format('{"manoeuvre": "%s%s-%s-%s"}', pc, s0, s1, s2)::gamequery))[1]) AS later_or_missed,
       count(*) FILTER (WHERE coalesce((match_plies(g, format('{"manoeuvre": "%s%s..%s-%s"}', pc, s0, s1, s2)::gamequery))[1], 10000)
                              > (match_plies(g, format('{"manoeuvre": "%s%s-%s-%s"}', pc, s0, s1, s2)::gamequery))[1]) AS loose_first_later_or_missed
FROM gf_paths JOIN gf_games ON id = source;

-- manoeuvres by hand: one move each ("-") or any number (".."); castling
-- moves the king and the rook; a piece taken on the way ends its path; a
-- pawn promoted goes on as its new piece
SELECT q, match_plies(g, q::gamequery) AS plies
FROM (VALUES ('1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Ba4 Nf6 5. O-O Be7 6. Re1 b5 7. Bb3 d6 8. c3 O-O 9. h3 Nb8 10. d4 Nbd7 11. Nbd2 Bb7 12. Bc2 Re8 13. Nf1 Bf8 14. Ng3'::game)) v(g),
     (VALUES ('{"manoeuvre": "Nb1-d2-f1-g3"}'), ('{"manoeuvre": "Nb1..g3"}'), ('{"manoeuvre": "Nb1-d2..g3"}'),
             ('{"manoeuvre": "Nf3-d2"}'), ('{"manoeuvre": "Ke1-g1"}'), ('{"manoeuvre": "Rh1-f1-e1"}'),
             ('{"manoeuvre": "ke8-g8"}'), ('{"manoeuvre": "nb8-c6"}'), ('{"manoeuvre": "nb8..b8"}'),
             ('{"manoeuvre": "Bf1-b5-a4-b3-c2"}'), ('{"manoeuvre": "Bf1..c2"}'), ('{"manoeuvre": "Bf1..d3"}'),
             ('{"sequence": [{"white-move": "Re1"}, {"manoeuvre": "Nb1..g3"}]}'),
             ('{"flip": true, "manoeuvre": "nb8-d7-f8-g6"}')) q(q)
UNION ALL
SELECT q, match_plies(g, q::gamequery)
FROM (VALUES ('1. e4 d5 2. exd5 Nf6 3. d4 Nxd5 4. c4 Nb4 5. Qa4+ N8c6 6. d5'::game)) v(g),
     (VALUES ('{"manoeuvre": "Pe2-e4-d5"}'), ('{"manoeuvre": "Pe2..d5"}'), ('{"manoeuvre": "ng8-f6-d5-b4"}'),
             ('{"manoeuvre": "pd7-d5"}'), ('{"manoeuvre": "pd7..d5"}'), ('{"manoeuvre": "nb8-c6"}'),
             ('{"manoeuvre": "Pd4..d5"}'), ('{"manoeuvre": "Pe2..c4"}')) q(q)
UNION ALL
-- a ".." step goes on past its square: g1..f3 then f3-g5 on the knight's second visit to f3
SELECT q, match_plies(g, q::gamequery)
FROM (VALUES ('1. Nf3 e5 2. Nh4 d5 3. Nf3 c5 4. Ng5'::game)) v(g),
     (VALUES ('{"manoeuvre": "Ng1..f3-g5"}'), ('{"manoeuvre": "Ng1-f3-g5"}'), ('{"manoeuvre": "Ng1..f3..g5"}')) q(q)
UNION ALL
SELECT q, match_plies(g, q::gamequery)
FROM (VALUES ('[FEN "4k3/1P6/8/8/8/8/8/4K3 w - - 0 1"] 1. b8=N Kf7 2. Nc6 Ke6 3. Nd4+'::game),
             ('[FEN "5kr1/5pp1/8/8/8/8/5PP1/5KR1 w Gg - 0 1"] 1. O-O O-O 2. Kh1 Kh8'),
             ('[FEN "4k3/8/8/8/3pP3/8/8/4K3 b - e3 0 1"] 1. dxe3 Kd1 2. e2+')) v(g),
     (VALUES ('{"manoeuvre": "Pb7-b8-c6-d4"}'), ('{"manoeuvre": "Pb7..d4"}'), ('{"manoeuvre": "Kf1-g1-h1"}'),
             ('{"manoeuvre": "Rg1-f1"}'), ('{"manoeuvre": "kf8-g8-h8"}'), ('{"manoeuvre": "Pe4-e5"}'),
             ('{"manoeuvre": "pd4-e3-e2"}')) q(q)
WHERE match_plies(g, q::gamequery) IS NOT NULL;

-- indexes: same-pawns asks both classes (material, pawns), same-pawn-files
-- the material keys, a manoeuvre the pattern class (its piece on each
-- square of the path), "flip" a pair of each side's groups; the same rows
-- with and without them
CREATE TEMP TABLE gf_indexed AS SELECT id, g FROM gf_games UNION ALL SELECT * FROM gf_flipped
UNION ALL VALUES (2001, '[FEN "4k3/1P6/8/8/8/8/8/4K3 w - - 0 1"] 1. b8=N Kf7 2. Nc6 Ke6 3. Nd4+'::game),
	(2002, '1. Nf3 e5 2. Nh4 d5 3. Nf3 c5 4. Ng5'), (2003, '1. e4 d5 2. exd5 Nf6 3. d4 Nxd5 4. c4 Nb4 5. Qa4+ N8c6 6. d5');
CREATE INDEX gf_gin ON gf_indexed USING gin (g game_gin_ops);
CREATE INDEX gf_pat ON gf_indexed USING gin (g game_pattern_ops);
ANALYZE gf_indexed;
CREATE TEMP TABLE gf_index_queries AS
SELECT format('{"same-pawns": "%s"}', fen) AS q FROM gf_fens
UNION ALL SELECT format('{"flip": true, "same-pawn-files": "%s"}', fen) FROM gf_fens
UNION ALL SELECT format('{"manoeuvre": "%s%s-%s-%s"}', pc, s0, s1, s2) FROM gf_paths
UNION ALL SELECT format('{"flip": true, "manoeuvre": "%s%s-%s..%s"}', pc, s0, s1, s2) FROM gf_paths
UNION ALL VALUES ('{"manoeuvre": "Pb7..d4"}'), ('{"manoeuvre": "Pb7-b8-c6"}'), ('{"flip": true, "manoeuvre": "pb2..d5"}'),
	('{"manoeuvre": "Ng1..f3-g5"}'), ('{"manoeuvre": "Pe2..d5"}'), ('{"flip": true, "manoeuvre": "pe7-e5-d4"}');
CREATE TEMP TABLE gf_scan AS SELECT q, count(id) AS n FROM gf_index_queries LEFT JOIN gf_indexed ON g @@ q::gamequery GROUP BY q;
SET enable_seqscan = off;
SELECT count(*) AS queries, sum(n) AS games_found,
       count(*) FILTER (WHERE n <> (SELECT count(*) FROM gf_indexed WHERE g @@ gf_scan.q::gamequery)) AS differ
FROM gf_scan;
SELECT gin_query_keys(q, 'game_gin_ops') IS NOT NULL AS material_keys, gin_query_keys(q, 'game_pattern_ops') IS NOT NULL AS pattern_keys, q
FROM (VALUES ('{"same-pawns": "4k3/p7/8/8/8/8/P7/4K3 w - - 0 1"}'::gamequery), ('{"same-pawn-files": "4k3/p7/8/8/8/8/P7/4K3 w - - 0 1"}'),
             ('{"manoeuvre": "Nb1-d2-f1-g3"}'), ('{"flip": true, "manoeuvre": "Nb1-d2-f1-g3"}'), ('{"flip": true, "checkers": 2}'),
             ('{"manoeuvre": "Pa7-a8-h1"}')) v(q);
-- the keys themselves, pinned to those of the pattern and balance values
-- sql/formats.sql pins (doc/formats.md): a FEN's material, its pawns off
-- their start squares, a manoeuvre's piece on each later square of its
-- path, a flipped query's group beside its twin's
SELECT gin_query_keys('{"same-pawn-files": "4k3/8/8/p7/P7/8/8/4K3 w - - 0 1"}'::gamequery, 'game_gin_ops') =
         gin_query_keys('KPvKP'::balance, 'game_gin_ops') AS files_material,
       gin_query_keys('{"same-pawns": "4k3/8/8/p7/P7/8/8/4K3 w - - 0 1"}'::gamequery, 'game_gin_ops') =
         gin_query_keys('KPvKP'::balance, 'game_gin_ops') AS pawns_material,
       gin_query_keys('{"same-pawns": "4k3/8/8/p7/P7/8/8/4K3 w - - 0 1"}'::gamequery) =
         gin_query_keys('8/8/8/p7/P7/8/8/8'::pattern) AS pawns_pattern,
       gin_query_keys('{"manoeuvre": "Nb1-d2-f1-g3"}'::gamequery) =
         gin_query_keys('8/8/8/8/8/8/3N4/8'::pattern) || gin_query_keys('8/8/8/8/8/8/8/5N2'::pattern)
         || gin_query_keys('8/8/8/8/8/6N1/8/8'::pattern) AS manoeuvre_squares,
       gin_query_keys('{"flip": true, "manoeuvre": "Nb1-c3"}'::gamequery) =
         gin_query_keys('8/8/8/8/8/2N5/8/8'::pattern) || gin_query_keys('8/8/2n5/8/8/8/8/8'::pattern) AS flip_pair;
\i sql/include/plan_lines.sql
SELECT * FROM plan_lines('SELECT count(*) FROM gf_indexed WHERE g @@ ''{"flip": true, "manoeuvre": "Nb1-d2-f1-g3"}''');
SELECT * FROM plan_lines('SELECT count(*) FROM gf_indexed WHERE g @@ ''{"same-pawn-files": "4k3/p7/8/8/8/8/P7/4K3 w - - 0 1"}''');
RESET enable_seqscan;

-- bad rules
SELECT '{"checkers": {"color": "white"}}'::gamequery;
SELECT '{"pinned": {"min": 3, "max": 2}}'::gamequery;
SELECT '{"mobility": 256}'::gamequery;
SELECT '{"mobility": -1}'::gamequery;
SELECT '{"passed-pawns": "2"}'::gamequery;
SELECT '{"passed-pawns": {"colour": "white"}}'::gamequery;
SELECT '{"passed-pawns": {"color": "green"}}'::gamequery;
SELECT '{"same-pawns": "8/8/8/8/8/8/8/8"}'::gamequery;
SELECT '{"manoeuvre": "Nb1-b3"}'::gamequery;
SELECT '{"manoeuvre": "Pe2-a8"}'::gamequery;
SELECT '{"manoeuvre": "Pe4-e3"}'::gamequery;
SELECT '{"manoeuvre": "Ke1-a1"}'::gamequery;
SELECT '{"manoeuvre": "Pe7-e8-a8"}'::gamequery, '{"manoeuvre": "Pe2..e8-a8"}'::gamequery, '{"manoeuvre": "ke8-c8"}'::gamequery;
SELECT '{"flip": true, "flip": false, "pass": ""}'::gamequery;
SELECT '{"pinned": {"min": 1, "min": 2}}'::gamequery;
SELECT '{"flip": true x}'::gamequery;
SELECT '{"manoeuvre": "Xb1-c3"}'::gamequery;
SELECT '{"manoeuvre": "Nb1"}'::gamequery;
SELECT '{"manoeuvre": "Nb1-c3", "stm": "white"}'::gamequery;
SELECT '{"streak": [{"manoeuvre": "Nb1-c3"}]}'::gamequery;
SELECT '{"manoeuvre": "Na1-b3-a1-b3-a1-b3-a1-b3-a1-b3-a1-b3-a1-b3-a1-b3-a1"}'::gamequery;
SELECT '{"flip": "yes", "pass": ""}'::gamequery;
SELECT '{"flip": true}'::gamequery;
SELECT '{"sequence": [{"flip": true, "pass": ""}]}'::gamequery;
SELECT '{"sequence": [{"pass": ""}], "flip": true, "stm": "white"}'::gamequery;
SELECT '{"sequence": [{"pass": ""}], "flip": true}'::gamequery, '{"flip": false, "streak": [{"pass": ""}]}'::gamequery;

-- doc/query.md's worked examples with these rules: a knight's manoeuvre,
-- either colour's minority attack from Scid's "files" search
SELECT match_plies('1. Nf3 d5 2. e3 Nf6 3. Be2 e6 4. d3 c5 5. Nfd2 Nc6 6. Nf1 Be7 7. Ng3'::game,
                   '{"manoeuvre": "Nf3-d2-f1-g3"}');
SELECT match_plies('1. d4 d5 2. c4 e6 3. Nc3 Nf6 4. cxd5 exd5 5. Bg5 c6 6. e3 Be7 7. Bd3 O-O 8. Qc2 Nbd7 9. Nf3 Re8 10. O-O Nf8 11. Rab1 Ng6 12. b4 Bd6 13. b5'::game,
                   '{"flip": true, "sequence": [{"same-pawn-files": "r1bq1rk1/pp1nbppp/2p2n2/3p2B1/3P4/2NBP3/PPQ2PPP/R3K1NR w KQ - 5 9"}, {"white-move": "b4"}, {"white-move": "b5"}]}');

-- bad input
SELECT passed_pawns(start_position(), 'green');
SELECT pinned(start_position(), '');

DROP TABLE gf_games, gf_plies, gf_rules, gf_fens, gf_flipped, gf_moves, gf_paths, gf_indexed, gf_index_queries, gf_scan;
DROP FUNCTION gf_first, plan_lines;
DROP TABLE ft, ft_suite, ft_lines, ft_pins, ft_pawns, ft_pawn_sets, ft_patterns, ft_pairs, epd;
DROP FUNCTION ft_f, ft_straight, ft_diagonal, ft_between, ft_slides, ft_sorted, ft_pawn_squares, ft_pawn_files;
