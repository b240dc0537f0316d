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
                   (:chess_two_pgn_gz, 'chess_two.pgn.gz'),
                   (:chess_bom_pgn, 'chess_bom.pgn'),
                   (:chess_latin1_pgn, 'chess_latin1.pgn')) AS f(lo, name)) AS c;

-- 6,000 games of 30 plies, more than a megabyte: games straddle the parts
-- (the text of games.pgn.gz and games.pgn.zst)
CREATE TEMP TABLE source AS
SELECT string_agg(format(E'[Event "Game %s"]\n[Result "*"]\n\n%s *\n', i,
       '1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Ba4 Nf6 5. O-O Be7 6. Re1 b5 7. Bb3 d6 8. c3 O-O 9. h3 Nb8 10. d4 Nbd7 11. c4 c6 12. cxb5 axb5 13. Nc3 Bb7 14. Bg5 b4 15. Nb1 h6'),
       E'\n' ORDER BY i) AS t
FROM generate_series(1, 6000) i;
SELECT octet_length(t) > 1048576 AS more_than_a_part FROM source;
SELECT write_file('chess_test.pgn', convert_to(t, 'UTF8')) FROM source;
-- the three read as pgn_games() reads the text
SELECT 'text' AS source, count(*), sum(plies), md5(string_agg(value::text || tags::text, '|' ORDER BY game))
FROM source, pgn_games(t)
UNION ALL
SELECT f, count(*), sum(plies), md5(string_agg(value::text || tags::text, '|' ORDER BY game))
FROM unnest('{chess_test.pgn,chess_test.pgn.gz,chess_test.pgn.zst}'::text[]) f, pgn_games_file(f)
GROUP BY f ORDER BY 1;
-- games are numbered through the whole file
SELECT game, tags->>'Event' AS event FROM pgn_games_file('chess_test.pgn.gz') WHERE game IN (1, 3000, 6000) ORDER BY game;

-- concatenated gzip members, a byte-order mark, a LATIN1 file
SELECT game, tags->>'Event' AS event, value FROM pgn_games_file('chess_two.pgn.gz');
SELECT game, tags->>'Event' AS event, plies FROM pgn_games_file('chess_bom.pgn');
SELECT tags->>'White' AS white FROM pgn_games_file('chess_latin1.pgn', encoding => 'LATIN1');
SELECT tags->>'White' AS white FROM pgn_games_file('chess_latin1.pgn');

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
CREATE TEMP TABLE damaged (format text, i int, state text);
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
			BEGIN
				SELECT count(*) INTO n FROM pgn_games_file('chess_damaged.pgn.' || f);
				st := '00000';
			EXCEPTION WHEN OTHERS THEN
				GET STACKED DIAGNOSTICS st = RETURNED_SQLSTATE;
			END;
			INSERT INTO damaged VALUES (f, i, st);
		END LOOP;
	END LOOP;
END $$;
SELECT format, count(*) AS files,
       count(*) FILTER (WHERE state = 'XX001') > 100 AS most_refused,
       count(*) FILTER (WHERE state NOT IN ('00000', 'XX001', '22021', '22P02')) AS unexpected
FROM damaged GROUP BY format ORDER BY format;
SELECT format, i, state FROM damaged WHERE state NOT IN ('00000', 'XX001', '22021', '22P02') ORDER BY 1, 2;
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
