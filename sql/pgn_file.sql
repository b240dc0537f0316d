-- pgn_games_file(): a PGN file on the server, plain, gzip or zstd, read a
-- part (a megabyte) at a time.  The compressed files, the byte-order mark
-- and the LATIN1 file are fixtures in the source tree (test/data/pgn_file/,
-- made by its make.sh), which psql reads (\lo_import, on the client, from
-- the directory pg_regress runs in); lo_export() writes them, and the
-- files made here, into the data directory, where pgn_games_file() reads
-- them (the test runs as a superuser).  No program runs on the server.

-- a file in the data directory with these bytes
CREATE FUNCTION write_file(name text, content bytea) RETURNS void
LANGUAGE plpgsql AS $$
DECLARE
	lo oid := lo_from_bytea(0, content);
BEGIN
	PERFORM lo_export(lo, name);
	PERFORM lo_unlink(lo);
END $$;
-- a fixture of the source tree, by the large object psql made of it
CREATE FUNCTION copy_fixture(lo oid, name text) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
	PERFORM lo_export(lo, name);
	PERFORM lo_unlink(lo);
END $$;
\lo_import test/data/pgn_file/games.pgn.gz
\set chess_test_pgn_gz :LASTOID
\lo_import test/data/pgn_file/games.pgn.zst
\set chess_test_pgn_zst :LASTOID
\lo_import test/data/pgn_file/small.pgn.gz
\set chess_small_pgn_gz :LASTOID
\lo_import test/data/pgn_file/small.pgn.zst
\set chess_small_pgn_zst :LASTOID
\lo_import test/data/pgn_file/clocks.pgn.zst
\set chess_clocks_pgn_zst :LASTOID
\lo_import test/data/pgn_file/cut.pgn.zst
\set chess_cut_pgn_zst :LASTOID
\lo_import test/data/pgn_file/cut_stream.pgn.zst
\set chess_cut_stream_pgn_zst :LASTOID
\lo_import test/data/pgn_file/cut_frames.pgn.zst
\set chess_cut_frames_pgn_zst :LASTOID
\lo_import test/data/pgn_file/games_pzstd.pgn.zst
\set chess_test_pzstd :LASTOID
\lo_import test/data/pgn_file/cut_pzstd.pgn.zst
\set chess_cut_pzstd :LASTOID
\lo_import test/data/pgn_file/cut.pgn.gz
\set chess_cut_gz :LASTOID
\lo_import test/data/pgn_file/two_members.pgn.gz
\set chess_two_pgn_gz :LASTOID
\lo_import test/data/pgn_file/bom.pgn
\set chess_bom_pgn :LASTOID
\lo_import test/data/pgn_file/latin1.pgn
\set chess_latin1_pgn :LASTOID
SELECT count(*) AS fixtures
FROM (SELECT copy_fixture(lo::oid, name)
      FROM (VALUES (:chess_test_pgn_gz, 'chess_test.pgn.gz'),
                   (:chess_test_pgn_zst, 'chess_test.pgn.zst'),
                   (:chess_small_pgn_gz, 'chess_small.pgn.gz'),
                   (:chess_small_pgn_zst, 'chess_small.pgn.zst'),
                   (:chess_clocks_pgn_zst, 'chess_clocks.pgn.zst'),
                   (:chess_cut_pgn_zst, 'chess_cut.pgn.zst'),
                   (:chess_cut_stream_pgn_zst, 'chess_cut_stream.pgn.zst'),
                   (:chess_cut_frames_pgn_zst, 'chess_cut_frames.pgn.zst'),
                   (:chess_test_pzstd, 'chess_test_pzstd.pgn.zst'),
                   (:chess_cut_pzstd, 'chess_cut_pzstd.pgn.zst'),
                   (:chess_cut_gz, 'chess_cut.pgn.gz'),
                   (:chess_two_pgn_gz, 'chess_two.pgn.gz'),
                   (:chess_bom_pgn, 'chess_bom.pgn'),
                   (:chess_latin1_pgn, 'chess_latin1.pgn')) AS f(lo, name)) AS c;

-- 6,000 games of 30 plies, more than a megabyte: games straddle the parts
-- (the text of games.pgn.gz, games.pgn.zst and games_pzstd.pgn.zst, the
-- last as pzstd writes it and lichess publishes its files: a skippable
-- frame first)
CREATE TEMP TABLE source AS
SELECT string_agg(format(E'[Event "Game %s"]\n[Result "*"]\n\n%s *\n', i,
       '1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Ba4 Nf6 5. O-O Be7 6. Re1 b5 7. Bb3 d6 8. c3 O-O 9. h3 Nb8 10. d4 Nbd7 11. c4 c6 12. cxb5 axb5 13. Nc3 Bb7 14. Bg5 b4 15. Nb1 h6'),
       E'\n' ORDER BY i) AS t
FROM generate_series(1, 6000) i;
SELECT octet_length(t) > 1048576 AS more_than_a_part FROM source;
SELECT write_file('chess_test.pgn', convert_to(t, 'UTF8')) FROM source;
-- the four read as pgn_games() reads the text
SELECT 'text' AS source, count(*), sum(plies), md5(string_agg(value::text || tags::text, '|' ORDER BY game))
FROM source, pgn_games(t)
UNION ALL
SELECT f, count(*), sum(plies), md5(string_agg(value::text || tags::text, '|' ORDER BY game))
FROM unnest('{chess_test.pgn,chess_test.pgn.gz,chess_test.pgn.zst,chess_test_pzstd.pgn.zst}'::text[]) f, pgn_games_file(f)
GROUP BY f ORDER BY 1;
-- games are numbered through the whole file
SELECT game, tags->>'Event' AS event FROM pgn_games_file('chess_test.pgn.gz') WHERE game IN (1, 3000, 6000) ORDER BY game;

-- concatenated gzip members, a byte-order mark, a LATIN1 file
SELECT game, tags->>'Event' AS event, value FROM pgn_games_file('chess_two.pgn.gz');
SELECT game, tags->>'Event' AS event, plies FROM pgn_games_file('chess_bom.pgn');
SELECT tags->>'White' AS white FROM pgn_games_file('chess_latin1.pgn', encoding => 'LATIN1');
SELECT tags->>'White' AS white FROM pgn_games_file('chess_latin1.pgn');
-- a part checks the encoding of its own pieces (here a game each): the
-- part that holds the bad byte refuses, the others read their games
SELECT write_file('chess_bad_utf8.pgn', convert_to(E'[White "abcd"]\n\n1. e4 *\n\n[White "Ren\u00e9"]\n\n1. d4 *\n\n[White "wxyz"]\n\n1. c4 *\n', 'LATIN1'));
SET chess.pgn_piece_size = 25;
SELECT game, tags->>'White' AS white FROM pgn_games_file('chess_bad_utf8.pgn', part => 1, parts => 3);
SELECT game, tags->>'White' AS white FROM pgn_games_file('chess_bad_utf8.pgn', part => 2, parts => 3);
SELECT game, tags->>'White' AS white FROM pgn_games_file('chess_bad_utf8.pgn', part => 3, parts => 3);
RESET chess.pgn_piece_size;

-- a stream: in FROM, pgn_games_file() and pgn_games() give their rows as
-- they are asked for, not stored first (a custom scan for the function scan)
EXPLAIN (COSTS OFF) SELECT game FROM pgn_games_file('chess_test.pgn') LIMIT 1;
EXPLAIN (COSTS OFF) SELECT count(*) FROM source, pgn_games(t);
-- so no temporary file holds their rows, however many
SET work_mem = '64kB';
SET temp_file_limit = '64kB';
SELECT count(*), sum(plies) FROM pgn_games_file('chess_test.pgn.zst');
SELECT game, tags->>'Event' AS event FROM pgn_games_file('chess_test.pgn') LIMIT 2;
-- a call that refers to a table before it in FROM (LATERAL) is a function
-- scan, which stores the rows: here more than the limit
-- (53400; PostgreSQL 18 words the message otherwise)
CREATE TEMP TABLE paths AS SELECT 'chess_test.pgn' AS path;
\set VERBOSITY sqlstate
SELECT count(*) FROM paths, pgn_games_file(paths.path);
\set VERBOSITY default
DROP TABLE paths;
RESET temp_file_limit;
RESET work_mem;
-- a cursor reads on after a savepoint's rollback (the file is opened for
-- each read, not kept open by the subtransaction of the first)
BEGIN;
DECLARE rows CURSOR FOR SELECT game, tags->>'Event' AS event FROM pgn_games_file('chess_test.pgn.zst');
SAVEPOINT s;
FETCH 2 FROM rows;
ROLLBACK TO s;
FETCH 2 FROM rows;
MOVE 5000 FROM rows;
FETCH 1 FROM rows;
CLOSE rows;
COMMIT;
-- the stream begins again for each row of a join that reads it again
SELECT i, (SELECT count(*) FROM pgn_games_file('chess_test.pgn.gz') WHERE i > 0) AS games
FROM generate_series(1, 2) AS i;

-- byte_offset: where each game begins in the text (decompressed), a
-- character a byte in a LATIN1 file
SELECT game, byte_offset, tags->>'Event' AS event FROM pgn_games_file('chess_test.pgn.zst') WHERE game IN (1, 2, 6000) ORDER BY game;
SELECT bool_and(substring(b FROM byte_offset::integer + 1 FOR length(format('[Event "Game %s"]', game)))
                = convert_to(format('[Event "Game %s"]', game), 'UTF8')) AS offsets_begin_games
FROM (SELECT t, convert_to(t, 'UTF8') AS b FROM source) AS s, pgn_games(s.t);
SELECT byte_offset, get_byte(pg_read_binary_file('chess_latin1.pgn'), byte_offset::integer) = ascii('[') AS at_a_tag
FROM pgn_games_file('chess_latin1.pgn', encoding => 'LATIN1');

-- parts: the games of a file cut into pieces at games' first tags, each
-- piece read by one part; the parts together give each game once, with
-- its number and offset in the whole file
SET chess.pgn_piece_size = '64kB';
SELECT f, parts, count(*) AS games, count(DISTINCT game) AS numbers, min(game), max(game),
       md5(string_agg(game || ':' || byte_offset || ':' || value::text, '|' ORDER BY game)) =
       (SELECT md5(string_agg(game || ':' || byte_offset || ':' || value::text, '|' ORDER BY game)) FROM source, pgn_games(t)) AS as_whole
FROM unnest('{chess_test.pgn,chess_test.pgn.gz,chess_test.pgn.zst,chess_test_pzstd.pgn.zst}'::text[]) AS f,
     generate_series(1, 3) AS parts, generate_series(1, parts) AS part,
     pgn_games_file(f, part => part, parts => parts)
GROUP BY f, parts ORDER BY f, parts;
-- each part has its share: pieces in turn; for a compressed file, a run
-- of pieces each (a part stops decompressing where its run ends), cut by
-- the size of its text (the size its zstd headers declare, or the text's
-- own when the estimate's first 8 MB hold all of it, as here), the first
-- runs the longer the more bytes a game has (the games of the text's first
-- megabyte tell) and for gzip, which costs more to decompress: these games
-- are short, their runs nearly even
SELECT f, part, count(*) AS games, min(game), max(game)
FROM unnest('{chess_test.pgn,chess_test.pgn.gz,chess_test.pgn.zst,chess_test_pzstd.pgn.zst}'::text[]) AS f, generate_series(1, 2) AS part,
     pgn_games_file(f, part => part, parts => 2)
GROUP BY f, part ORDER BY f, part;
SELECT part, count(*) AS games, min(game), max(game)
FROM generate_series(1, 4) AS part, pgn_games_file('chess_test.pgn.zst', part => part, parts => 4)
GROUP BY part ORDER BY part;
-- games of 3 kB, a clock and a comment after each move as in lichess's
-- files, where decompressing takes more of the time: the first part reads 55 %
SELECT part, count(*) AS games, min(game), max(game), min(byte_offset) AS first_byte
FROM generate_series(1, 2) AS part, pgn_games_file('chess_clocks.pgn.zst', part => part, parts => 2)
GROUP BY part ORDER BY part;
SELECT count(*) AS games,
       md5(string_agg(game || ':' || byte_offset || ':' || value::text, '|' ORDER BY game)) =
       (SELECT md5(string_agg(game || ':' || byte_offset || ':' || value::text, '|' ORDER BY game))
        FROM pgn_games_file('chess_clocks.pgn.zst')) AS as_whole
FROM generate_series(1, 2) AS part, pgn_games_file('chess_clocks.pgn.zst', part => part, parts => 2);
-- the first part reads no further than its run (or the text's first
-- megabyte, which weighs the runs): a byte of the last block
-- damaged fails the second part only
SELECT write_file('chess_tail.pgn.zst', set_byte(b, length(b) - 6, get_byte(b, length(b) - 6) # 85))
FROM pg_read_binary_file('chess_test.pgn.zst') AS b;
SELECT count(*) FROM pgn_games_file('chess_tail.pgn.zst', part => 1, parts => 2);
-- (zstd's words differ from one version of libzstd to another: the SQLSTATE alone)
\set VERBOSITY sqlstate
SELECT count(*) FROM pgn_games_file('chess_tail.pgn.zst', part => 2, parts => 2);
\set VERBOSITY default
-- cut at every byte of a few games (pieces of 1 byte to the file's size,
-- 2 and 3 parts): games of different lengths, comments, CRLF line ends, a comment
-- before the first game, a game with no move
SELECT write_file('chess_cut.pgn', convert_to(E'{a file''s comment}\n\n[Event "a"]\n[Result "1-0"]\n\n1. e4 {x} e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0\n\n'
       || E'[Event "b"]\r\n[Result "*"]\r\n\r\n1. d4 d5 *\r\n\r\n[Event "c"]\n\n1. c4 (1. Nf3) e5 *\n\n'
       || E'[Event "d"]\n[White "W"]\n[Black "B"]\n\n1. e4 c5 2. Nf3 d6 3. d4 cxd4 4. Nxd4 Nf6 5. Nc3 a6 *\n\n[Event "e"]\n\n*\n', 'UTF8'));
-- (and the same text compressed: one zstd frame that declares its size; a
-- stream's frame, which declares none; two frames with a skippable one
-- between; pzstd's, a skippable frame first; gzip.  The parts of each take
-- runs of pieces, by the size declared or, where none is, by the text's
-- own, which the estimate's first 8 MB hold whole)
SELECT f, count(*) AS games, md5(string_agg(game || ':' || byte_offset || ':' || value::text, '|' ORDER BY game))
FROM unnest('{chess_cut.pgn,chess_cut.pgn.zst,chess_cut_stream.pgn.zst,chess_cut_frames.pgn.zst,chess_cut_pzstd.pgn.zst,chess_cut.pgn.gz}'::text[]) AS f, pgn_games_file(f)
GROUP BY f ORDER BY f;
CREATE TEMP TABLE cuts (f text, size integer, parts integer, games integer, same boolean);
DO $$
DECLARE
	whole text := (SELECT string_agg(game || ':' || byte_offset || ':' || value::text, '|' ORDER BY game) FROM pgn_games_file('chess_cut.pgn'));
	got text;
	n integer;
	f text;
BEGIN
	FOREACH f IN ARRAY '{chess_cut.pgn,chess_cut.pgn.zst,chess_cut_stream.pgn.zst,chess_cut_frames.pgn.zst,chess_cut_pzstd.pgn.zst,chess_cut.pgn.gz}'::text[] LOOP
		FOR size IN 1 .. (pg_stat_file('chess_cut.pgn')).size LOOP
			PERFORM set_config('chess.pgn_piece_size', size::text, true);
			FOR parts IN 2 .. 3 LOOP
				SELECT count(*), string_agg(game || ':' || byte_offset || ':' || value::text, '|' ORDER BY game) INTO n, got
				FROM generate_series(1, parts) AS part, pgn_games_file(f, part => part, parts => parts);
				INSERT INTO cuts VALUES (f, size, parts, n, got IS NOT DISTINCT FROM whole);
			END LOOP;
		END LOOP;
	END LOOP;
END $$;
SELECT f, parts, count(*) AS cuts, count(*) FILTER (WHERE same) AS as_whole, min(games), max(games)
FROM cuts GROUP BY f, parts ORDER BY f, parts;
RESET chess.pgn_piece_size;
-- pzstd's frames, as lichess's files are: a skippable frame that gives the
-- compressed size of the frame after it, each frame decompressed alone.
-- Their parts take the frames in turn, and a part decompresses its own
-- frames only, and the start of each next one; the others' pieces' length
-- and games it reads from their files of records in base/pgsql_tmp, or
-- makes itself when they are not there, as here, where the parts run one
-- after the other.  The frames here are raw blocks (zstd's stored bytes),
-- written in SQL: k bytes of text each, for every k to the file's size,
-- so that a frame holds no cut, or a game's first bytes, or many games.
CREATE FUNCTION le_bytes(v bigint, n int) RETURNS bytea LANGUAGE sql AS
$$ SELECT string_agg(set_byte('\x00'::bytea, 0, ((v >> (8 * i)) & 255)::int), ''::bytea ORDER BY i) FROM generate_series(0, n - 1) AS i $$;
CREATE FUNCTION pzstd_frames(t bytea, k int) RETURNS bytea LANGUAGE plpgsql AS $$
DECLARE
	result bytea := '';
	piece bytea;
	frame bytea;
	block bytea;
BEGIN
	FOR i IN 0 .. (length(t) - 1) / k LOOP
		piece := substring(t FROM i * k + 1 FOR k);
		-- a frame header with a window of 128 kB, then raw blocks of at most 128 kB, the last marked
		frame := '\x28b52ffd0038';
		FOR b IN 0 .. (length(piece) - 1) / 131072 LOOP
			block := substring(piece FROM b * 131072 + 1 FOR 131072);
			frame := frame || le_bytes(length(block) * 8 + (b = (length(piece) - 1) / 131072)::int, 3) || block;
		END LOOP;
		result := result || '\x502a4d1804000000'::bytea || le_bytes(length(frame), 4) || frame;
	END LOOP;
	RETURN result;
END $$;
CREATE TEMP TABLE frame_cuts (size integer, parts integer, games integer, same boolean);
DO $$
DECLARE
	text bytea := pg_read_binary_file('chess_cut.pgn');
	whole text := (SELECT string_agg(game || ':' || byte_offset || ':' || value::text, '|' ORDER BY game) FROM pgn_games_file('chess_cut.pgn'));
	got text;
	n integer;
BEGIN
	FOR size IN 1 .. length(text) LOOP
		PERFORM write_file('chess_cut_pzstd_frames.pgn.zst', pzstd_frames(text, size));
		FOR parts IN 1 .. 3 LOOP
			SELECT count(*), string_agg(game || ':' || byte_offset || ':' || value::text, '|' ORDER BY game) INTO n, got
			FROM generate_series(1, parts) AS part, pgn_games_file('chess_cut_pzstd_frames.pgn.zst', part => part, parts => parts);
			INSERT INTO frame_cuts VALUES (size, parts, n, got IS NOT DISTINCT FROM whole);
		END LOOP;
	END LOOP;
END $$;
SELECT parts, count(*) AS frame_sizes, count(*) FILTER (WHERE same) AS as_whole, min(games), max(games)
FROM frame_cuts GROUP BY parts ORDER BY parts;
-- 6,000 games in frames of 50,000 bytes (about 24 frames): 2 to 4 parts as the whole
SELECT write_file('chess_test_frames.pgn.zst', pzstd_frames(pg_read_binary_file('chess_test.pgn'), 50000));
CREATE TEMP TABLE frames_whole AS
SELECT game, byte_offset, md5(value::text) AS v FROM pgn_games_file('chess_test_frames.pgn.zst');
SELECT count(*), (SELECT md5(string_agg(game || ':' || byte_offset || ':' || md5(value::text), '|' ORDER BY game)) FROM pgn_games_file('chess_test.pgn'))
       = md5(string_agg(game || ':' || byte_offset || ':' || v, '|' ORDER BY game)) AS as_plain
FROM frames_whole;
SELECT parts, count(*) AS games,
       count(*) = (SELECT count(*) FROM frames_whole)
       AND NOT EXISTS (SELECT game, byte_offset, md5(value::text) FROM generate_series(1, parts) AS part, pgn_games_file('chess_test_frames.pgn.zst', part => part, parts => parts)
                       EXCEPT SELECT * FROM frames_whole) AS as_whole
FROM generate_series(2, 4) AS parts, generate_series(1, parts) AS part, pgn_games_file('chess_test_frames.pgn.zst', part => part, parts => parts)
GROUP BY parts ORDER BY parts;
-- part 2 while part 1 is read (a cursor): part 2 reads part 1's records
-- from its file, which part 1 removes when it ends
BEGIN;
DECLARE part1 CURSOR FOR SELECT game, byte_offset, md5(value::text) AS v FROM pgn_games_file('chess_test_frames.pgn.zst', part => 1, parts => 2);
MOVE FORWARD 2900 IN part1;
SELECT count(*) AS record_files FROM pg_ls_tmpdir() WHERE name LIKE 'pgsql_tmp_chess_%';
CREATE TEMP TABLE frames_parts AS
SELECT game, byte_offset, md5(value::text) AS v FROM pgn_games_file('chess_test_frames.pgn.zst', part => 2, parts => 2);
CLOSE part1;
COMMIT;
SELECT count(*) AS record_files FROM pg_ls_tmpdir() WHERE name LIKE 'pgsql_tmp_chess_%';
INSERT INTO frames_parts
SELECT game, byte_offset, md5(value::text) FROM pgn_games_file('chess_test_frames.pgn.zst', part => 1, parts => 2);
SELECT count(*), NOT EXISTS (SELECT * FROM frames_parts EXCEPT SELECT * FROM frames_whole) AS as_whole FROM frames_parts;
-- a damaged frame (a reserved block type): the parts that decompress it fail
SELECT write_file('chess_bad_frames.pgn.zst',
       overlay(pg_read_binary_file('chess_test_frames.pgn.zst') PLACING '\x07' FROM 3 * (12 + 6 + 3 + 50000) + 12 + 7));
\set VERBOSITY sqlstate
SELECT count(*) FROM pgn_games_file('chess_bad_frames.pgn.zst', part => 1, parts => 2);
SELECT count(*) FROM pgn_games_file('chess_bad_frames.pgn.zst', part => 2, parts => 2);
\set VERBOSITY default
-- a frame's size told wrong: not pzstd's frames; read as zstd, in runs
SELECT write_file('chess_lying_frames.pgn.zst',
       overlay(pg_read_binary_file('chess_test_frames.pgn.zst') PLACING '\x00' FROM 9));
SELECT parts, count(*) FROM generate_series(1, 2) AS parts, generate_series(1, parts) AS part,
       pgn_games_file('chess_lying_frames.pgn.zst', part => part, parts => parts)
GROUP BY parts ORDER BY parts;
-- a part out of range
SELECT count(*) FROM pgn_games_file('chess_test.pgn', part => 3, parts => 2);
\echo SQLSTATE :LAST_ERROR_SQLSTATE
SELECT count(*) FROM pgn_games_file('chess_test.pgn', part => 0, parts => 0);
\echo SQLSTATE :LAST_ERROR_SQLSTATE

-- errors: a truncated file, an unknown encoding or one not supported, a missing file
SELECT write_file('chess_trunc.pgn.gz', pg_read_binary_file('chess_test.pgn.gz', 0, 2000));
SELECT count(*) FROM pgn_games_file('chess_trunc.pgn.gz');
SELECT write_file('chess_trunc.pgn.zst', pg_read_binary_file('chess_test.pgn.zst', 0, 2000));
SELECT count(*) FROM pgn_games_file('chess_trunc.pgn.zst');
SELECT count(*) FROM pgn_games_file('chess_test.pgn', encoding => 'NO_SUCH');
SELECT count(*) FROM pgn_games_file('chess_test.pgn', encoding => 'SJIS');
SELECT count(*) FROM pgn_games_file('chess_no_such_file.pgn');
-- damaged compressed files: 150 of each, one to three bytes changed at
-- places spread over the file (header, data, trailer); each is read to its
-- end or refused with "could not decompress" (XX001), an encoding error
-- (22021) or a PGN error (22P02), never with anything else or a crash
CREATE TEMP TABLE damaged (format text, i int, state text, part int);
SELECT (SELECT md5(string_agg(value::text, '|' ORDER BY game)) FROM pgn_games_file('chess_small.pgn.' || f, skip_errors => true))
       = (SELECT md5(string_agg(value::text, '|' ORDER BY game)) FROM source, pgn_games(left(t, 40000), skip_errors => true)) AS small_file_read
FROM unnest('{gz,zst}'::text[]) AS f;
DO $$
DECLARE
	f text;
	clean bytea;
	bad bytea;
	n int;
	st text;
BEGIN
	FOREACH f IN ARRAY '{gz,zst}'::text[] LOOP
		clean := pg_read_binary_file('chess_small.pgn.' || f);
		FOR i IN 1 .. 150 LOOP
			bad := clean;
			FOR k IN 0 .. i % 3 LOOP
				bad := set_byte(bad, (i * 7919 + k * 104729) % length(bad), (i * 31 + k * 97 + 17) % 256);
			END LOOP;
			PERFORM write_file('chess_damaged.pgn.' || f, bad);
			-- whole, and each of 2 parts
			FOR p IN 0 .. 2 LOOP
				BEGIN
					SELECT count(*) INTO n FROM pgn_games_file('chess_damaged.pgn.' || f, part => greatest(p, 1), parts => CASE WHEN p = 0 THEN 1 ELSE 2 END);
					st := '00000';
				EXCEPTION WHEN OTHERS THEN
					GET STACKED DIAGNOSTICS st = RETURNED_SQLSTATE;
				END;
				INSERT INTO damaged VALUES (f, i, st, p);
			END LOOP;
		END LOOP;
	END LOOP;
END $$;
SELECT format, count(*) FILTER (WHERE part = 0) AS files, count(*) FILTER (WHERE part > 0) AS parts,
       count(*) FILTER (WHERE state = 'XX001' AND part = 0) > 100 AS most_refused,
       count(*) FILTER (WHERE state NOT IN ('00000', 'XX001', '22021', '22P02')) AS unexpected
FROM damaged GROUP BY format ORDER BY format;
SELECT format, i, part, state FROM damaged WHERE state NOT IN ('00000', 'XX001', '22021', '22P02') ORDER BY 1, 2;
-- a bad game is skipped like in pgn_games()
SELECT write_file('chess_bad.pgn', convert_to(E'1. e4 *\n\n1. e5 *\n\n1. d4 *\n', 'UTF8'));
SELECT game, value FROM pgn_games_file('chess_bad.pgn', skip_errors => true);
-- or kept up to its error
SELECT game, value, error FROM pgn_games_file('chess_bad.pgn', keep_errors => true);
-- an error names the file
SELECT count(*) FROM pgn_games_file('chess_bad.pgn');

-- only superusers and members of pg_read_server_files read server files
CREATE ROLE regress_chess_reader;
SET ROLE regress_chess_reader;
SELECT count(*) FROM pgn_games_file('chess_test.pgn');
RESET ROLE;
GRANT pg_read_server_files TO regress_chess_reader;
SET ROLE regress_chess_reader;
SELECT count(*) FROM pgn_games_file('chess_test.pgn');
RESET ROLE;
DROP ROLE regress_chess_reader;

-- the files emptied (SQL removes no server file without adminpack)
SELECT count(*) AS emptied FROM (SELECT write_file(f, '') FROM pg_ls_dir('.') AS f WHERE f LIKE 'chess\_%.pgn%') AS w;
DROP FUNCTION write_file(text, bytea), copy_fixture(oid, text);
