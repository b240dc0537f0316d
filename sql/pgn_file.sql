-- pgn_games_file(): a PGN file on the server, plain, gzip or zstd, read a
-- part (a megabyte) at a time.  The files are written into the data
-- directory by COPY ... TO PROGRAM (the test runs as a superuser).

CREATE FUNCTION write_file(name text, content bytea, filter text DEFAULT 'cat') RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
	-- the bytes go to the program on its standard input, as one line of base64
	EXECUTE format('COPY (SELECT %L) TO PROGRAM %L', translate(encode(content, 'base64'), E'\n', ''),
		format('base64 -d | %s > %s', filter, name));
END $$;

-- 6,000 games of 30 plies, more than a megabyte: games straddle the parts
CREATE TEMP TABLE source AS
SELECT string_agg(format(E'[Event "Game %s"]\n[Result "*"]\n\n%s *\n', i,
       '1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Ba4 Nf6 5. O-O Be7 6. Re1 b5 7. Bb3 d6 8. c3 O-O 9. h3 Nb8 10. d4 Nbd7 11. c4 c6 12. cxb5 axb5 13. Nc3 Bb7 14. Bg5 b4 15. Nb1 h6'),
       E'\n' ORDER BY i) AS t
FROM generate_series(1, 6000) i;
SELECT octet_length(t) > 1048576 AS more_than_a_part FROM source;
SELECT write_file('chess_test.pgn', convert_to(t, 'UTF8')) FROM source;
SELECT write_file('chess_test.pgn.gz', convert_to(t, 'UTF8'), 'gzip') FROM source;
SELECT write_file('chess_test.pgn.zst', convert_to(t, 'UTF8'), 'zstd -q') FROM source;
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
SELECT write_file('chess_two.pgn.gz', convert_to(E'[Event "A"]\n1. e4 *\n', 'UTF8'),
                  'gzip > chess_a.gz; echo W0V2ZW50ICJCIl0KMS4gZDQgKgo= | base64 -d | gzip > chess_b.gz; cat chess_a.gz chess_b.gz');
SELECT game, tags->>'Event' AS event, value FROM pgn_games_file('chess_two.pgn.gz');
SELECT write_file('chess_bom.pgn', '\xefbbbf'::bytea || convert_to(E'[Event "BOM"]\n\n1. e4 *\n', 'UTF8'));
SELECT game, tags->>'Event' AS event, plies FROM pgn_games_file('chess_bom.pgn');
SELECT write_file('chess_latin1.pgn', '\x5b5768697465202252e96d69225d0a312e206534202a0a'::bytea);  -- [White "Rémi"] in LATIN1
SELECT tags->>'White' AS white FROM pgn_games_file('chess_latin1.pgn', encoding => 'LATIN1');
SELECT tags->>'White' AS white FROM pgn_games_file('chess_latin1.pgn');

-- errors: a truncated file, an unknown encoding or one not supported, a missing file
SELECT write_file('chess_trunc.pgn.gz', convert_to(t, 'UTF8'), 'gzip | head -c 2000') FROM source;
SELECT count(*) FROM pgn_games_file('chess_trunc.pgn.gz');
SELECT write_file('chess_trunc.pgn.zst', convert_to(t, 'UTF8'), 'zstd -q | head -c 2000') FROM source;
SELECT count(*) FROM pgn_games_file('chess_trunc.pgn.zst');
SELECT count(*) FROM pgn_games_file('chess_test.pgn', encoding => 'NO_SUCH');
SELECT count(*) FROM pgn_games_file('chess_test.pgn', encoding => 'SJIS');
SELECT count(*) FROM pgn_games_file('chess_no_such_file.pgn');
-- damaged compressed files: 150 of each, one to three bytes changed at
-- places spread over the file (header, data, trailer); each is read to its
-- end or refused with "could not decompress" (XX001), an encoding error
-- (22021) or a PGN error (22P02), never with anything else or a crash
CREATE TEMP TABLE damaged (format text, i int, state text);
SELECT write_file('chess_small.pgn.gz', convert_to(left(t, 40000), 'UTF8'), 'gzip') FROM source;
SELECT write_file('chess_small.pgn.zst', convert_to(left(t, 40000), 'UTF8'), 'zstd -q') FROM source;
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

COPY (SELECT 1) TO PROGRAM 'cat >/dev/null; rm -f chess_*.pgn* chess_a.gz chess_b.gz';
DROP FUNCTION write_file(text, bytea, text);
