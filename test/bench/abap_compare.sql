-- The ABAP article's pipeline ported to SQL (abap_pipeline.sql) against
-- legal_moves(): the same moves for every position of the Ethereal
-- standard suite and python-chess's tricky positions, and of seeded random
-- walks from them and from the start.
-- Prints "abap port: N passed, M failed" (one test a position).  With
-- -v bench=1 it also times both over the same positions.
\set ON_ERROR_STOP on
\pset footer off
CREATE EXTENSION IF NOT EXISTS chess;
\i test/bench/abap_pipeline.sql

CREATE TEMP TABLE epd (line text);
\copy epd FROM 'test/data/ethereal-standard.epd' WITH (FORMAT text, DELIMITER '|')
\copy epd FROM 'test/data/python-chess-tricky.perft' WITH (FORMAT text, DELIMITER '|')
-- walks: two plies from each suite position, forty plies eight times from
-- the start; the move at each ply is the one with the smallest md5 of its
-- text, the walk and the ply
-- (the article plays standard chess: positions with Chess960 castling
-- rights, a king off e1/e8 or a rook off its corner, are left out)
CREATE TEMP TABLE walk AS
WITH RECURSIVE suite(n, p) AS (
	SELECT row_number() OVER (), trim(split_part(regexp_replace(line, '^epd ', ''), ';', 1))::"position"
	FROM epd WHERE line !~ '^(id |perft |#|$)'
), starts(start, p, plies) AS (
	SELECT n, p, 2 FROM suite
	WHERE split_part(shredder_fen(p), ' ', 3) !~ '[B-Gb-g]'
	  AND (castling_rights(p) !~ '[KQ]' OR piece_at(p, 'e1') = 'K')
	  AND (castling_rights(p) !~ '[kq]' OR piece_at(p, 'e8') = 'k')
	UNION ALL
	SELECT -n, start_position(), 40 FROM generate_series(1, 8) AS n
), w(start, ply, plies, p) AS (
	SELECT start, 0, plies, p FROM starts
	UNION ALL
	SELECT w.start, w.ply + 1, w.plies, nxt.p
	FROM w, LATERAL (SELECT play(w.p, m) AS p FROM legal_moves(w.p) AS m
	                 ORDER BY md5(m::text || ':' || w.start || ':' || w.ply) LIMIT 1) AS nxt
	WHERE w.ply < w.plies
)
SELECT row_number() OVER (ORDER BY start, ply)::integer AS game, p FROM w;
SELECT count(*) AS loaded FROM (SELECT abap_load(game, p) FROM walk) AS l;
SELECT count(*) AS positions, count(*) FILTER (WHERE en_passant_square(p) IS NOT NULL) AS en_passant,
       count(*) FILTER (WHERE castling_rights(p) <> '-') AS with_castling,
       count(*) FILTER (WHERE in_check(p)) AS in_check
FROM walk;

CREATE TEMP TABLE port AS SELECT * FROM abap_legal_moves();
CREATE TEMP TABLE ours AS SELECT game, m AS move FROM walk, legal_moves(p) AS m;
CREATE TEMP TABLE verdict AS
SELECT w.game, w.p,
       (SELECT count(*) FROM (SELECT move FROM port WHERE game = w.game
                              EXCEPT SELECT move FROM ours WHERE game = w.game) AS d) AS only_port,
       (SELECT count(*) FROM (SELECT move FROM ours WHERE game = w.game
                              EXCEPT SELECT move FROM port WHERE game = w.game) AS d) AS only_ours
FROM walk AS w;
SELECT game, p, only_port, only_ours FROM verdict WHERE only_port + only_ours > 0 LIMIT 10;
SELECT format('abap port: %s passed, %s failed',
              count(*) FILTER (WHERE only_port + only_ours = 0),
              count(*) FILTER (WHERE only_port + only_ours > 0)) AS summary
FROM verdict;

\if :{?bench}
\else
\set bench 0
\endif
\if :bench
-- best of three for each, run alternately
CREATE TEMP TABLE timing (name text, ms numeric, moves bigint);
DO $$
DECLARE
	t0 timestamptz;
	n bigint;
BEGIN
	FOR i IN 1..3 LOOP
		t0 := clock_timestamp();
		SELECT count(*) INTO n FROM abap_legal_moves();
		INSERT INTO timing VALUES ('SQL port of the ABAP pipeline', extract(epoch FROM clock_timestamp() - t0) * 1000, n);
		t0 := clock_timestamp();
		SELECT count(*) INTO n FROM walk, legal_moves(p);
		INSERT INTO timing VALUES ('legal_moves()', extract(epoch FROM clock_timestamp() - t0) * 1000, n);
	END LOOP;
END $$;
SELECT name, (SELECT count(*) FROM walk) AS positions, max(moves) AS moves, round(min(ms), 2) AS best_ms,
       round(max(moves) / min(ms) * 1000) AS moves_per_second,
       round(min(ms) / (SELECT min(ms) FROM timing WHERE name = 'legal_moves()')) AS times_slower
FROM timing GROUP BY name ORDER BY best_ms DESC;
\endif
