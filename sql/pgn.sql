-- PGN: reading games (tags, move numbers, comments, NAGs, variations, %
-- escapes, results, FEN starts), errors naming game, ply and token, skipping
-- bad games on request, and writing.

CREATE TABLE pgn_text (t text);
INSERT INTO pgn_text VALUES ($$[Event "Casual game"]
[Site "?"]
[White "A \"quoted\" name"]
[Black "B"]
[Result "1-0"]
[ECO "C60"]

1. e4 e5 2. Nf3 {the knight} Nc6 (2... d6 3. d4 (3. Bc4 Be7) exd4) 3. Bb5 $1 a6!?
4.Ba4 Nf6 5. 0-0 ; castles
Be7 6. Re1 b5 7. Bb3 d6 8. c3 O-O 1-0

[Event "From a position"]
[SetUp "1"]
[FEN "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1"]
[Result "*"]

1. e4 Kd7 2. e5 Kc6 *
% a line escaped with a percent sign is ignored
1. d4 d5 2. c4 e6 3. Nc3 Nf6 1/2-1/2
$$);

SELECT game, tags, result, start, final, plies, moves FROM pgn_text, pgn_games(t);
SELECT game, ply, move, san, after, comment FROM pgn_text, pgn_plies(t) WHERE game = 1 ORDER BY ply;
SELECT game, ply, san, before, after FROM pgn_text, pgn_plies(t) WHERE game = 2 ORDER BY ply;
-- the positions of pgn_plies are those of play()
SELECT count(*) AS plies, bool_and(after = play(before, move)) AS consistent,
       bool_and(san = san(before, move)) AS standard_san
FROM pgn_text, pgn_plies(t);
-- variations, on request: each starts from the position before the move
-- it replaces, numbered 1, 2, ... from the main line and 1.1, ... inside
-- another; a bad move ends only its variation, with a NOTICE
SELECT ply, san, variation, comment, after
FROM pgn_plies('1. e4 e5 (1... c5 {Sicilian} 2. Nf3 (2. Nc3 Nc6) d6) (1... e6 2. d4) 2. Nf3 (2. f4 exf4 (2... Qh4+?? 3. Ke2)) Nc6 *',
               with_variations => true);
SELECT ply, san, variation FROM pgn_plies('1. e4 e5 (1... Ke7 2. Ke3) 2. Nf3 (2. Nc3) *', with_variations => true);
SELECT count(*) AS main_line_only FROM pgn_plies('1. e4 e5 (1... c5 2. Nf3) 2. Nf3 *');
-- the positions of the variations' plies are those of play() too
SELECT bool_and(after = play(before, move)) AS consistent
FROM pgn_text, pgn_plies(t, with_variations => true);
SELECT * FROM pgn_games('1. e4 (1. d4 (1. c4 (1. Nf3 (1. g3 e5) e5) e5) e5) e5 *');

-- a game ended by mate; a game without tags or result
SELECT result, plies, is_checkmate(final) FROM pgn_games('1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0');
SELECT game, result, plies, final FROM pgn_games('1. e4 e5');
SELECT count(*) AS games FROM pgn_games('   ');

-- errors name the game, the ply and the token
SELECT * FROM pgn_games('1. e4 e5 2. Ke3 *');
\echo SQLSTATE :LAST_ERROR_SQLSTATE
SELECT * FROM pgn_games(E'[Event "1"]\n1. e4 *\n\n[Event "2"]\n1. d4 Nf6 2. c4 g6 3. Nc3 Bg7 4. e4 Nf3 *');
SELECT * FROM pgn_games('1. e4 e5 2. Nf3 Nc6 3. Nc3 Nf6 4. Nd5 Nd4 5. Ne5 Nd6 *');
SELECT * FROM pgn_games('[FEN "4k3/8/8/8/8/8/4N3/1N2K3 w - - 0 1"] 1. Nc3 Kd7 2. Nd4 Ke8 3. Nb5 Kd8 4. Nd4 *');
SELECT * FROM pgn_games('1. e4 {never closed');
SELECT * FROM pgn_games('1. e4 (1. d4 e5');
SELECT * FROM pgn_games('1. e4 e5 ) *');
SELECT * FROM pgn_games('[Event "no closing bracket" 1. e4 *');
SELECT * FROM pgn_games('[FEN "8/8/8/8/8/8/8/8 w - - 0 1"] 1. e4 *');
SELECT * FROM pgn_games('1. e4 -- 2. d4 *');
SELECT * FROM pgn_games('1. e4 e5 2. Xy7 *');
\echo SQLSTATE :LAST_ERROR_SQLSTATE

-- a long import can be cancelled
SET statement_timeout = '100ms';
SELECT count(*) FROM pgn_games(repeat(E'1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 *\n\n', 200000));
RESET statement_timeout;

-- on request, a bad game is skipped with a NOTICE and the others are read
SELECT game, tags->>'Event' AS event, plies
FROM pgn_games(E'[Event "1"]\n1. e4 e5 *\n\n[Event "2"]\n1. e4 e5 2. Ke3 *\n\n[Event "3"]\n1. d4 *', true);
SELECT game, ply, san FROM pgn_plies(E'1. e4 Ke3 *\n\n1. d4 d5 *', true);
-- the NOTICE (and an error) says which game: its Event, White and Black
\set SHOW_CONTEXT always
SELECT count(*) FROM pgn_games(E'[Event "Open"]\n[White "Ann"]\n[Black "Bob"]\n1. e4 e5 2. Ke3 *\n\n1. d4 *', true);
\set SHOW_CONTEXT errors
-- or kept up to its error, the error in the column error (python-chess
-- keeps the moves and lists game.errors); a bad FEN tag keeps no position,
-- a comment never closed takes the rest of the text
SELECT game, tags->>'Event' AS event, result, plies, moves, final, value, error
FROM pgn_games(E'[Event "1"]\n1. e4 e5 *\n\n[Event "2"]\n1. e4 e5 2. Ke3 *\n\n[Event "3"]\n[FEN "8/8/8"]\n1. e4 *\n\n'
               || E'[Event "4"]\n1. d4 *\n\n[Event "5"]\n1. c4 {never closed *', keep_errors => true);

-- the bytes of a file as a client sends them, in the file's encoding:
-- LATIN1 converted, UTF8 with a byte-order mark, bad bytes refused (22021)
SELECT game, tags->>'White' AS white, plies
FROM pgn_games(convert_to(E'[White "Jos\u00e9"]\n1. e4 *', 'LATIN1'), 'LATIN1');
SELECT game, tags->>'White' AS white, plies
FROM pgn_games('\xefbbbf5b5768697465202241225d0a312e206534202a'::bytea);
SELECT game, plies, error FROM pgn_games(convert_to(E'1. e4 *\n\n1. e5 *', 'UTF8'), keep_errors => true);
-- a bytea stored in a row is read where it lies, followed by the next
-- column: only its own bytes are read (1 ply, not 2)
CREATE TEMP TABLE pgn_bytes (b bytea, rest text);
INSERT INTO pgn_bytes VALUES (convert_to('1. e4', 'UTF8'), ' e5 *');
SELECT plies, moves FROM pgn_bytes, pgn_games(b);
SELECT count(*) FROM pgn_games('\xe9'::bytea);
\echo SQLSTATE :LAST_ERROR_SQLSTATE
SELECT count(*) FROM pgn_games('\x31002e'::bytea, 'LATIN1');
\echo SQLSTATE :LAST_ERROR_SQLSTATE
SELECT count(*) FROM pgn_games('\x41'::bytea, 'NO_SUCH');
\echo SQLSTATE :LAST_ERROR_SQLSTATE
-- a piece of a larger file (a client's batch): its games numbered and
-- placed as in the file, in the rows and in the errors
SELECT game, byte_offset, error
FROM pgn_games(convert_to(E'[Event "A"]\n1. e4 *\n\n[Event "B"]\n1. e4 e5 2. Ke3 *\n', 'UTF8'),
               keep_errors => true, first_game => 385, first_offset => 1048576);
SELECT count(*) FROM pgn_games(convert_to(E'[Event "B"]\n1. e4 e5 2. Ke3 *\n', 'UTF8'),
                               first_game => 386, first_offset => 1048588);
SELECT count(*) FROM pgn_games('\x41'::bytea, first_game => 0);
\echo SQLSTATE :LAST_ERROR_SQLSTATE
SELECT count(*) FROM pgn_games('\x41'::bytea, first_offset => -1);
\echo SQLSTATE :LAST_ERROR_SQLSTATE
SELECT count(*) FROM pgn_games('\x41'::bytea, first_offset => 9223372036854775807);
\echo SQLSTATE :LAST_ERROR_SQLSTATE
SELECT count(*) FROM pgn_games(convert_to(E'1. e4 *\n\n1. d4 *', 'UTF8'), first_game => 2147483647);
\echo SQLSTATE :LAST_ERROR_SQLSTATE

-- the comment before a game's first move is the game's (a puzzle's task);
-- a comment alone before the first game's tags (eco.pgn has one) is no game
SELECT game, tags->>'Event' AS event, plies, comment
FROM pgn_games(E'{ECO classification, version 1}\n\n[Event "A"]\n[SetUp "1"]\n[FEN "6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1"]\n\n'
               || E'{White mates} {in one.} 1. Ra8# 1-0\n\n[Event "B"]\n1. e4 {not the game\'s} e5 *');

-- writing: the Seven Tag Roster, other tags, SetUp and FEN for another
-- start, move numbers, the result from the tags or the final position
SELECT pgn(start_position(), moves, tags) FROM pgn_text, pgn_games(t) WHERE game = 1;
SELECT pgn(start, moves, tags) FROM pgn_text, pgn_games(t) WHERE game = 2;
SELECT pgn(start_position(), '{f2f3,e7e5,g2g4,d8h4}');
SELECT pgn(start_position(), '{}');
SELECT pgn('4k3/8/8/8/8/8/4P3/4K3 b - - 0 1'::"position", '{e8d7,e2e4}', '{"White": "X", "Round": 3}');
-- with every argument untyped, pgn(position, moves, tags) and pgn(game, tags,
-- tag_order) are both candidates: the start needs its type
SELECT pgn('4k3/8/8/8/8/8/4P3/4K3 b - - 0 1', '{e8d7,e2e4}', '{"White": "X"}');
-- tags in the order read: tag_order names them when pgn() would write them
-- in another order (the Seven Tag Roster always first), else it is NULL
CREATE TEMP TABLE ordered AS
SELECT game, tags, tag_order, value FROM pgn_games($$[White "A"]
[Event "E"]
[Site "S"]
[Date "2024.01.15"]
[Round "1"]
[Black "B"]
[Result "1-0"]
[UTCDate "2024.01.15"]
[WhiteElo "1500"]
[BlackElo "1400"]
[TimeControl "300+3"]
[Opening "?"]
[Zebra "z"]

1. e4 1-0

[Event "E"]
[Site "S"]
[Date "2024.01.15"]
[Round "1"]
[White "A"]
[Black "B"]
[Result "1-0"]
[BlackElo "1400"]
[WhiteElo "1500"]
[Zebra "z"]
[ECO "B00"]
[Annotator "X"]
[Apple "a"]

1. e4 1-0
$$);
SELECT game, tag_order FROM ordered ORDER BY game;
SELECT pgn(value, tags, tag_order) FROM ordered WHERE game = 2;
-- the header as read, the roster first
SELECT string_agg(line, E'\n') = $$[Event "E"]
[Site "S"]
[Date "2024.01.15"]
[Round "1"]
[White "A"]
[Black "B"]
[Result "1-0"]
[BlackElo "1400"]
[WhiteElo "1500"]
[Zebra "z"]
[ECO "B00"]
[Annotator "X"]
[Apple "a"]$$ AS as_read
FROM ordered, regexp_split_to_table(pgn(value, tags, tag_order), E'\n') AS line
WHERE game = 2 AND line LIKE '[%';
-- without the order: lichess's, then the rest by length and bytes
SELECT pgn(value, tags) FROM ordered WHERE game = 2;
-- an order that lists what the tags lack, twice, or NULL; tags it does not
-- list come after those it lists
SELECT pgn(value, tags, '{Apple,NULL,Nope,Apple,ECO}') FROM ordered WHERE game = 2;
SELECT pgn(value, tags, '{}') = pgn(value, tags) AS same, pgn(value, NULL, '{}') IS NULL AS no_tags,
       pgn(NULL::game, '{}', '{}') IS NULL AS no_game
FROM ordered WHERE game = 2;
SELECT pgn(value, tags, '{{Apple},{ECO}}') FROM ordered WHERE game = 2;
\echo SQLSTATE :LAST_ERROR_SQLSTATE
DROP TABLE ordered;
-- lines shorter than 80 characters (PGN standard, 4.3)
WITH RECURSIVE walk(p, ms, n) AS (
	SELECT start_position(), ARRAY[]::move[], 0
	UNION ALL
	SELECT play(p, m), ms || m, n + 1
	FROM walk, LATERAL (SELECT m FROM legal_moves(p) AS m ORDER BY md5(m::text || n) LIMIT 1) AS x
	WHERE n < 60
)
SELECT max(length(line)) < 80 AS wrapped, count(*) AS lines
FROM (SELECT pgn(start_position(), ms) AS t FROM walk WHERE n = 60) AS g,
     regexp_split_to_table(g.t, E'\n') AS line;
-- written PGN reads back to the same game (the writer adds the roster's
-- missing tags)
WITH g AS (SELECT * FROM pgn_text, pgn_games(t))
SELECT g.game, r.final = g.final AS same_final, r.moves = g.moves AS same_moves, r.tags @> g.tags AS same_tags
FROM g, pgn_games(pgn(g.start, g.moves, g.tags)) AS r ORDER BY g.game;
-- errors
SELECT pgn(start_position(), '{e2e4,e2e4}');
SELECT pgn(start_position(), '{e2e4,NULL}');
SELECT pgn(start_position(), '{}', '[1, 2]');
SELECT pgn(start_position(), '{e2e4}', '{"Bad Name]": "x"}');
SELECT pgn(start_position(), '{e2e4}', '{"Result": "1-0 {won}"}');
-- every game pgn() writes reads back to the same game and tags, with
-- awkward tag values, Black to move and a FEN start
WITH t(start, moves, tags) AS (VALUES
	(start_position(), '{e2e4,e7e5,g1f3}'::move[], '{"White": "A \"B\" C", "Black": "back\\slash", "Annotator": "line\nbreak"}'::jsonb),
	('r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 5 40', '{e8c8,e1g1}', '{"Event": "]["}'),
	(start_position(), '{}', '{"Result": "1/2-1/2", "X_+#=:-9": ""}'))
SELECT r.moves = t.moves AS same_moves, r.start = t.start AS same_start,
       r.tags @> (SELECT jsonb_object_agg(key, replace(value, E'\n', ' ')) FROM jsonb_each_text(t.tags)) AS same_tags
FROM t, pgn_games(pgn(t.start, t.moves, t.tags)) AS r;
-- property: pgn() of 200 seeded random games, half from a FEN start, with
-- random tag names (the reader's whole alphabet) and values (quotes,
-- backslashes, brackets, braces, semicolons, tabs, line breaks, non-ASCII)
-- reads back through pgn_games() to the same start, moves and tags
SELECT setseed(0.14);
WITH RECURSIVE walk(g, p, ms, n, len) AS (
	SELECT i, start_position(), ARRAY[]::move[], 0, 10 + (random() * 110)::int FROM generate_series(1, 200) AS i
	UNION ALL
	SELECT g, play(p, m), ms || m, n + 1, len
	FROM walk, LATERAL (SELECT m FROM legal_moves(p) AS m ORDER BY random() LIMIT 1) AS x
	WHERE n < len
), games AS (
	SELECT DISTINCT ON (w.g) w.g, w.ms, w.n FROM walk AS w ORDER BY w.g, w.n DESC
), cut AS (	-- odd games start from the position halfway
	SELECT g,
	       CASE WHEN g % 2 = 1 THEN position_at(game(ms), n / 2) ELSE start_position() END AS start,
	       CASE WHEN g % 2 = 1 THEN ms[n / 2 + 1:] ELSE ms END AS moves
	FROM games
), tags AS (
	SELECT g, coalesce(jsonb_object_agg(name, value), '{}') AS tags
	FROM cut, LATERAL (
		SELECT (SELECT string_agg(substr('ABCXYZabcxyz0189_+#=:-', 1 + (random() * 21)::int, 1), '')
		        FROM generate_series(1, 1 + (random() * 12)::int + 0 * k)) AS name,
		       (SELECT string_agg((ARRAY['a', 'Z', ' ', '"', '\', ']', '[', '{', '}', ';', '%', E'\t', E'\n', 'é', '♞', '*', '1-0'])[1 + (random() * 16)::int], '')
		        FROM generate_series(0, (random() * 20)::int + 0 * k)) AS value
		FROM generate_series(1, (random() * 6)::int + 0 * g) AS k) AS t
	WHERE name NOT IN ('Result', 'FEN', 'SetUp')
	GROUP BY g
)
SELECT count(*) AS games,
       count(*) FILTER (WHERE r.start = c.start) AS same_start,
       count(*) FILTER (WHERE r.moves = c.moves) AS same_moves,
       count(*) FILTER (WHERE r.tags @> (SELECT coalesce(jsonb_object_agg(key, replace(value, E'\n', ' ')), '{}')
                                         FROM jsonb_each_text(coalesce(t.tags, '{}')))) AS same_tags,
       sum(jsonb_array_length(jsonb_path_query_array(t.tags, '$.keyvalue()'))) > 400 AS many_tags
FROM cut AS c LEFT JOIN tags AS t USING (g),
     LATERAL pgn_games(pgn(c.start, c.moves, coalesce(t.tags, '{}'))) AS r;
DROP TABLE pgn_text;

-- What the peers' own test suites found (python-chess, chess.js)
-- a UTF-8 byte-order mark before the first tag is white space
SELECT game, tags->>'Event' AS event, plies FROM pgn_games(E'\uFEFF[Event "A"]\n\n1. e4 *');
SELECT game, plies FROM pgn_games(E'\uFEFF1. e4 *\n\n\uFEFF[Event "B"]\n1. d4 *', true);
-- a pawn move without a file is a step: f6 is no capture, even leniently
SELECT * FROM pgn_games(E'[FEN "4k3/8/8/4Pp2/8/8/8/4K3 w - f6 0 2"]\n\n1. f6 *');
SELECT plies, final FROM pgn_games(E'[FEN "4k3/8/8/4Pp2/8/8/8/4K3 w - f6 0 2"]\n\n2. exf6 *');
-- a tag section without moves is a game of its own; a repeated tag begins the next game
SELECT game, tags, plies FROM pgn_games(E'[Event "A"]\n[White "X"]\n\n[Event "B"]\n\n1. e4 *');
SELECT game, tags, plies FROM pgn_games(E'[Event "A"]\n\n\n[Event "B"]\n');
SELECT game, tags, plies FROM pgn_games(E'[Event "A"]\n\n[Site "S"]\n\n1. e4 *');
-- pgn() lines are shorter than 80 characters (this game's reached 80)
SELECT max(length(l)) FROM regexp_split_to_table(pgn(start_position(), '{c2c4,g8f6,g2g4,f6h5,g1f3,f7f6,b2b4,b8a6,b1c3,a8b8,c3b5,h8g8,d1b3,a6b4,b3c2,d7d5,c2g6,h7g6,f1h3,h5f4}'), E'\n') l;
-- "1. ... e5", as chess.js writes it after a comment and for Black to move
SELECT plies FROM pgn_games('1. e4 {c} 1. ... e5 *');
SELECT plies, final FROM pgn_games(E'[FEN "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1"]\n\n1. ... e5 2. Nf3 *');
-- comments alone (a file's heading) are no game
SELECT game, tags->>'Event' AS event FROM pgn_games(E'{eco.pgn heading}\n\n[Event "A"]\n1. e4 *\n{trailing}\n');
-- comments keep their inner white space and line breaks, trimmed at the ends
SELECT comment FROM pgn_plies(E'1. e4 {  two\n  lines  } *');
