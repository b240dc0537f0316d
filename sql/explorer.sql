-- The recipe's opening explorer (examples/explorer.sql): always current,
-- filtered by speed, the mover's rating group and months, checked against
-- counting the games themselves for every position the explorer holds and a
-- share of the others, before and after inserts, deletions, updates, a
-- rolled-back transaction and a fold; its bad filters and damaged cells.
CREATE SCHEMA live;
SET search_path = live, public;
SET datestyle = ISO;
\i examples/chessdb.sql
-- games: lichess's 3,807 opening lines, with ratings, time controls, dates
-- and results that vary with their number
CREATE TEMP TABLE lines AS
SELECT row_number() OVER (ORDER BY eco, name, pgn)::integer AS n, pgn FROM opening_lines();
CREATE FUNCTION line_tags(n integer) RETURNS jsonb LANGUAGE sql IMMUTABLE AS $$
	SELECT jsonb_build_object(
		'Event', 'line ' || n,
		'Date', CASE WHEN n % 29 = 0 THEN '????.??.??' WHEN n % 31 = 0 THEN '2003.??.??'
		             ELSE to_char(date '1999-11-20' + n * 2, 'YYYY.MM.DD') END,
		'WhiteElo', CASE WHEN n % 13 = 0 THEN '?' ELSE (900 + n * 37 % 2500)::text END,
		'BlackElo', CASE WHEN n % 17 = 0 THEN '-' ELSE (900 + n * 53 % 2500)::text END,
		'TimeControl', (ARRAY['15+0', '60+0', '180+2', '300+0', '600+5', '1800+20', '-', '?'])[1 + n % 8])
$$;
-- a new table's explorer is stale, with no trigger but TRUNCATE's: the
-- games loaded before its first build are copied nowhere (the load's rows
-- in temporary files: none)
CREATE FUNCTION trigger_names() RETURNS text LANGUAGE sql AS $$
	SELECT string_agg(tgname, ',' ORDER BY tgname) FROM pg_trigger
	WHERE tgrelid = 'games'::regclass AND tgname LIKE 'explorer%'
$$;
SELECT stale, trigger_names() FROM explorer_state;
BEGIN;
SET LOCAL work_mem = '64kB';
SET LOCAL temp_file_limit = '64kB';
INSERT INTO games (tags, result, g)
SELECT line_tags(n), (ARRAY['1-0', '0-1', '1/2-1/2', '1-0', '*'])[1 + n % 5], pgn::game FROM lines;
COMMIT;
SELECT explorer_rebuild();
SELECT stale, trigger_names() FROM explorer_state;
SELECT count(*) FILTER (WHERE period = 0) AS positions, count(*) FILTER (WHERE dated) AS dated,
       count(*) FILTER (WHERE period < 0) AS years, count(*) FILTER (WHERE period > 0) AS months
FROM explorer;
SELECT * FROM explore(start_position()) ORDER BY games DESC, move LIMIT 5;
SELECT * FROM explore(start_position(), speeds => '{blitz,rapid}', min_rating => 1600, max_rating => 2000,
                      since => '2005-03-01', until => '2009-02-28');
-- the Sicilian after 1. e4 c5 2. Nf3 d6, White to move
SELECT move, san, games, white, draws, black, average_rating, performance, last_played
FROM explore('rnbqkbnr/pp2pppp/3p4/2p5/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 0 3');

-- The check: for each position and filter, explore() against the games
-- counted one by one: one in 32 of the positions the explorer holds and
-- one in 400 of the others (by their keys; a quarter of what it was, so
-- that make installcheck stays the everyday loop: 35 s of this test's 38
-- were these checks), and the filters below.  The columns that need no more than
-- SQL are counted here (games, results, the mover's average rating; the
-- rating group and speed from the tags, as lichess's); the performance
-- and the last date against explore() with the explorer marked stale,
-- which counts the games themselves with the same cells (stale_too).
CREATE TEMP TABLE filters (id integer, speeds text[], min_rating integer, max_rating integer, since date, until date);
INSERT INTO filters VALUES
	(1, NULL, NULL, NULL, NULL, NULL),
	(4, '{blitz}', 1800, 2200, NULL, NULL),
	(5, NULL, NULL, NULL, '2002-04-10', '2008-09-15'),	-- months, whole years, months
	(8, NULL, 1600, NULL, '2005-03-01', '2005-08-31'),	-- months of one year
	(6, '{ultraBullet,bullet,correspondence}', NULL, 1400, '2001-05-17', '2002-02-03'),
	(7, '{rapid,classical}', 2000, NULL, '2008-07-01', NULL);
CREATE FUNCTION speed_of(tags jsonb) RETURNS text LANGUAGE sql IMMUTABLE AS $$
	SELECT (time_control(tags ->> 'TimeControl')).speed
$$;
CREATE FUNCTION rating_of(tags jsonb, side text) RETURNS integer LANGUAGE sql IMMUTABLE AS $$
	SELECT CASE WHEN tags ->> (CASE side WHEN 'white' THEN 'WhiteElo' ELSE 'BlackElo' END) ~ '^[0-9]{1,4}$'
	            THEN nullif((tags ->> (CASE side WHEN 'white' THEN 'WhiteElo' ELSE 'BlackElo' END))::integer, 0) END
$$;
CREATE FUNCTION counted(p "position", f filters) RETURNS text LANGUAGE sql STABLE AS $$
	SELECT array_agg(row(m, n, w, d, b, r) ORDER BY m)::text
	FROM (SELECT m, count(*)::integer AS n,
	             count(*) FILTER (WHERE y.result = '1-0')::integer AS w,
	             count(*) FILTER (WHERE y.result = '1/2-1/2')::integer AS d,
	             count(*) FILTER (WHERE y.result = '0-1')::integer AS b,
	             round(avg(rating_of(y.tags, side_to_move(p))))::integer AS r
	      FROM games y, LATERAL (SELECT DISTINCT m FROM next_moves(y.g, p) AS m) AS played
	      WHERE y.g @> p
	        AND (f.speeds IS NULL OR speed_of(y.tags) = ANY (f.speeds))
	        AND (f.min_rating IS NULL OR rating_of(y.tags, side_to_move(p)) >= f.min_rating)
	        AND (f.max_rating IS NULL OR rating_of(y.tags, side_to_move(p)) < coalesce(
	                 (SELECT min(bound) FROM unnest('{1000,1200,1400,1600,1800,2000,2200,2500,2800,3200}'::integer[]) AS bound
	                  WHERE bound > f.max_rating), 100000))
	        AND (f.since IS NULL AND f.until IS NULL
	             OR pgn_date(y.tags ->> 'Date') IS NOT NULL
	                AND date_trunc('month', pgn_date(y.tags ->> 'Date')) BETWEEN date_trunc('month', coalesce(f.since, '0001-01-01'))
	                                                                          AND coalesce(f.until, 'infinity')
	             OR pgn_date(y.tags ->> 'Date') IS NULL AND y.tags ->> 'Date' ~ '^[0-9]{4}\.[0-9]{2}'
	                AND to_date(substr(y.tags ->> 'Date', 1, 7), 'YYYY.MM') BETWEEN date_trunc('month', coalesce(f.since, '0001-01-01'))
	                                                                             AND coalesce(f.until, 'infinity'))
	      GROUP BY m) AS t
$$;
CREATE FUNCTION explored(p "position", f filters) RETURNS text LANGUAGE sql STABLE AS $$
	SELECT array_agg(row(x.move, x.games, x.white, x.draws, x.black, x.average_rating) ORDER BY x.move)::text
	FROM explore(p, f.speeds, f.min_rating, f.max_rating, f.since, f.until) AS x
$$;
-- every column; after deletions and before a rebuild, all but the last
-- date, which may still be a deleted game's (live.deleted = on)
CREATE FUNCTION explored_all(p "position", f filters) RETURNS text LANGUAGE sql STABLE AS $$
	SELECT array_agg(row(x.move, x.games, x.white, x.draws, x.black, x.san, x.average_rating, x.performance,
	                     CASE WHEN current_setting('live.deleted', true) = 'on' THEN NULL ELSE x.last_played END)
	                 ORDER BY x.move)::text
	FROM explore(p, f.speeds, f.min_rating, f.max_rating, f.since, f.until) AS x
$$;
CREATE TEMP TABLE probes (p "position");
CREATE FUNCTION check_explorer(stale_too boolean) RETURNS TABLE (checks bigint, differ bigint, differ_from_the_games bigint)
LANGUAGE plpgsql AS $$
BEGIN
	TRUNCATE probes;
	INSERT INTO probes
	SELECT DISTINCT q."position" FROM games, LATERAL position_moves(g) AS q
	WHERE q.key % 32 = 0 AND EXISTS (SELECT FROM explorer e WHERE e."position" = q."position" AND e.period = 0)
	   OR q.key % 400 = 0;
	CREATE TEMP TABLE answers AS
	SELECT f.id, p, explored(p, f) AS got, explored_all(p, f) AS got_all FROM probes, filters AS f;
	RETURN QUERY
	SELECT count(*), count(*) FILTER (WHERE got IS DISTINCT FROM counted(p, f)), NULL::bigint
	FROM answers JOIN filters AS f USING (id);
	IF NOT stale_too THEN
		DROP TABLE answers;
		RETURN;
	END IF;
	UPDATE explorer_state SET stale = true;
	RETURN QUERY
	SELECT count(*), NULL::bigint, count(*) FILTER (WHERE got_all IS DISTINCT FROM explored_all(p, f))
	FROM answers JOIN filters AS f USING (id);
	UPDATE explorer_state SET stale = false;
	DROP TABLE answers;
END $$;
SELECT * FROM check_explorer(false);

-- inserts, deletions and updates count at once; a rolled-back transaction
-- leaves nothing behind; the fold changes no answer
INSERT INTO games (tags, result, g)
SELECT line_tags(n + 7), (ARRAY['0-1', '1/2-1/2', '1-0'])[1 + n % 3], pgn::game FROM lines WHERE n % 9 = 0;
DELETE FROM games WHERE id % 11 = 0;
UPDATE games SET result = '1-0' WHERE id % 23 = 0;
UPDATE games SET tags = tags || '{"WhiteElo": "2650", "TimeControl": "120+1"}' WHERE id % 19 = 0;
BEGIN;
DELETE FROM games WHERE id % 3 = 0;
INSERT INTO games (tags, result, g) SELECT tags || '{"Round": "2"}', result, g FROM games WHERE id % 5 = 0;
ROLLBACK;
SELECT count(*) > 0 AS pending FROM explorer_pending;
SET live.deleted = on;
SELECT * FROM check_explorer(false);
SELECT explorer_fold() > 0 AS folded;
SELECT count(*) AS pending FROM explorer_pending;
SELECT * FROM check_explorer(true);
SELECT explorer_rebuild();
RESET live.deleted;

-- while the explorer is live, its triggers keep a copy of every row a
-- statement inserts, here beyond work_mem into temporary files (53400)
BEGIN;
SET LOCAL work_mem = '64kB';
SET LOCAL temp_file_limit = '64kB';
\set VERBOSITY sqlstate
INSERT INTO games (tags, result, g) SELECT line_tags(n + 5), '0-1', pgn::game FROM lines;
\set VERBOSITY default
ROLLBACK;
-- a load that defers the maintenance: explorer_defer() marks the explorer
-- stale and drops those triggers, so that the same load copies nothing;
-- explore() counts the games themselves, and a rebuild makes the triggers
-- again and catches up in one pass
SELECT explorer_defer();
SELECT stale, trigger_names() FROM explorer_state;
BEGIN;
SET LOCAL work_mem = '64kB';
SET LOCAL temp_file_limit = '64kB';
INSERT INTO games (tags, result, g) SELECT line_tags(n + 5), '0-1', pgn::game FROM lines;
ROLLBACK;
INSERT INTO games (tags, result, g) SELECT line_tags(n + 3), '1-0', pgn::game FROM lines WHERE n % 7 = 0;
SELECT stale, (SELECT count(*) FROM explorer_pending) AS pending FROM explorer_state;
SELECT sum(games) = (SELECT count(*) FROM games) AS every_game FROM explore(start_position());
SELECT explorer_defer();	-- again: nothing more to do
SELECT explorer_rebuild();
SELECT stale, trigger_names() FROM explorer_state;
SELECT * FROM check_explorer(true);
-- TRUNCATE empties the explorer with the games
BEGIN;
TRUNCATE games;
SELECT count(*) AS rows, (SELECT count(*) FROM explore(start_position())) AS moves FROM explorer;
ROLLBACK;

-- the rebuild's filter of keys: every key that the games play from twice
-- or more passes it, and fewer rows than all; so too in a filter sized for
-- 1,000 keys (2 kB), which lets more keys through; a filter of keys given
-- has them; a filter that is none: 22023
CREATE FUNCTION filtered_keys(keys bigint) RETURNS TABLE (repeated bigint, all_rows bigint)
LANGUAGE plpgsql AS $$
DECLARE
	filter bytea := (SELECT explorer_key_filter(g, keys) FROM games);
BEGIN
	RETURN QUERY
	SELECT (SELECT count(*) FROM (SELECT c.key FROM games, LATERAL explorer_cells(g, tags, result, filter) AS c
	                              GROUP BY c.key HAVING count(*) > 1) AS a),
	       (SELECT count(*) FROM games, LATERAL explorer_cells(g, tags, result, filter) AS c);
END $$;
CREATE TEMP TABLE repeated AS
SELECT count(*) AS keys FROM (SELECT key FROM games, LATERAL position_moves(g) GROUP BY key HAVING count(*) > 1) AS a;
SELECT k.keys AS sized_for, f.repeated = r.keys AS every_repeated_key,
       f.all_rows < (SELECT count(*) FROM games, LATERAL position_moves(g)) AS fewer_rows
FROM (VALUES (100 * (SELECT count(*) FROM games)), (1000)) AS k(keys), filtered_keys(k.keys) AS f, repeated AS r;
SELECT c.key = polyglot_key(start_position()) AS the_start
FROM explorer_cells('1. e4 e5 2. Nf3'::game, '{}', '*',
                    (SELECT explorer_key_filter(k, 1) FROM (VALUES (polyglot_key(start_position()))) AS v(k))) AS c;
SELECT * FROM explorer_cells('1. e4'::game, '{}', '*', '\x00');
SELECT * FROM explorer_cells('1. e4'::game, '{}', '*', decode(repeat('00', 96), 'hex'));

-- bad filters: 22023, naming the filter
\set VERBOSITY default
SELECT * FROM explore(start_position(), speeds => '{blitz,superfast}');
SELECT * FROM explore(start_position(), speeds => '{}');
SELECT * FROM explore(start_position(), min_rating => 1650);
SELECT * FROM explore(start_position(), min_rating => 2200, max_rating => 1800);
SELECT * FROM explore(start_position(), since => '2010-01-01', until => '2009-12-31');
-- the cells, and damaged ones: XX001
SELECT c.month, c.cell FROM explorer_cells('1. e4 e5'::game,
	'{"WhiteElo": "1850", "BlackElo": "2105", "TimeControl": "300+3", "Date": "2024.02.29"}', '0-1') AS c;
SELECT explorer_sum(c.cell) FROM explorer_cells('1. Nf3 Nf6 2. Ng1 Ng8 3. Nf3'::game, '{}', '*') AS c;
SELECT * FROM explorer_read(start_position(), '{{1,2,3,4,5,6,7,8}}');
SELECT * FROM explorer_read(start_position(), '{1,2,3}');
SELECT * FROM explorer_read(start_position(), ARRAY[[(1 << 28)::bigint, 1, 1, 0, 0, 0, 0, 0]]);
SELECT * FROM explorer_periods(ARRAY[[6368 | (15 << 16) | (202401::bigint << 24), 1, 1, 0, 0, 0, 0, 0]], true);
SELECT explorer_sum(c) FROM (VALUES ('{{1,2}}'::bigint[])) AS v(c);
-- the cells by month (explorer_sum(cell, month): the month in bits 24 on)
-- and the rows explorer_periods() makes of them: period 0, and when dated
-- each month and year; the month unknown (0, or NULL) counts in period 0
-- alone; no cells, period 0 without cells
SELECT c.cell[1][1] >> 24 AS month, c.cell[1][1] & ((1 << 24) - 1) = d.cell[1][1] AS same_code, p.*
FROM (SELECT explorer_sum(x.cell, x.month) AS cell
      FROM explorer_cells('1. e4'::game, '{"Date": "2024.02.29"}', '*') AS x) AS c,
     explorer_cells('1. e4'::game, '{}', '*') AS d,
     LATERAL (SELECT array_agg(period ORDER BY period) AS dated FROM explorer_periods(c.cell, true)) AS p;
SELECT period, cells FROM explorer_periods((SELECT explorer_sum(x.cell, x.month) FROM explorer_cells('1. e4'::game, '{"Date": "2024.02.29"}', '*') AS x), false);
SELECT p.period, p.cells[1][2] AS games
FROM (SELECT explorer_sum(x.cell, m) AS cells
      FROM explorer_cells('1. e4'::game, '{}', '*') AS x, (VALUES (202312), (202401), (202401), (0), (NULL)) AS v(m)) AS a,
     explorer_periods(a.cells, true) AS p
ORDER BY p.period;
SELECT * FROM explorer_periods('{}', true);
-- each position's rows by explorer_periods() are the cells summed by
-- explorer_sum() grouped by position, by position and month, and by
-- position and year, every position taken as dated
WITH c AS (SELECT x.* FROM games, LATERAL explorer_cells(g, tags, result) AS x),
by_periods AS (
	SELECT a."position", p.period, p.cells
	FROM (SELECT "position", explorer_sum(cell, month) AS cells FROM c GROUP BY "position") AS a,
	     LATERAL explorer_periods(a.cells, true) AS p),
by_groups AS (
	SELECT "position", 0 AS period, explorer_sum(cell) AS cells FROM c GROUP BY "position"
	UNION ALL
	SELECT "position", month, explorer_sum(cell) FROM c WHERE month > 0 GROUP BY "position", month
	UNION ALL
	SELECT "position", -(month / 100), explorer_sum(cell) FROM c WHERE month > 0 GROUP BY "position", month / 100)
SELECT (SELECT count(*) FROM by_periods) > (SELECT count(DISTINCT "position") FROM c) * 2 AS months_and_years,
       (SELECT count(*) FROM (TABLE by_periods EXCEPT ALL TABLE by_groups) AS d) AS only_by_periods,
       (SELECT count(*) FROM (TABLE by_groups EXCEPT ALL TABLE by_periods) AS d) AS only_by_groups;
-- the performance: the opponents' average and FIDE's difference for the
-- fraction scored: 2 of 3 is 0.67, +125; 2.5 of 4 is 0.63 (0.625 rounded),
-- +95; 1 of 1, +800
WITH e4 AS (SELECT c.cell[1][1] AS code FROM explorer_cells('1. e4'::game, '{"WhiteElo": "1650", "BlackElo": "2000"}', '*') AS c)
SELECT san, games, average_rating, performance, last_played
FROM e4, explorer_read(start_position(), ARRAY[[code, 3, 2, 0, 1, 3 * 1650, 3 * 2000, 0]]) UNION ALL
SELECT san, games, average_rating, performance, last_played
FROM e4, explorer_read(start_position(), ARRAY[[code, 3, 2, 0, 1, 3 * 1650, 3 * 2000, 0], [code, 1, 0, 1, 0, 1650, 2400, 20240101]]) UNION ALL
SELECT san, games, average_rating, performance, last_played
FROM e4, explorer_read(start_position(), ARRAY[[code, 1, 1, 0, 0, 1650, 2000, 20240101]]);
-- a move that is not legal, a date that is none, a count below zero
WITH e4 AS (SELECT c.cell[1][1] AS code FROM explorer_cells('1. e4'::game, '{}', '*') AS c)
SELECT * FROM e4, explorer_read('rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1', ARRAY[[code, 1, 1, 0, 0, 0, 0, 0]]);
WITH e4 AS (SELECT c.cell[1][1] AS code FROM explorer_cells('1. e4'::game, '{}', '*') AS c)
SELECT * FROM e4, explorer_read(start_position(), ARRAY[[code, 1, 1, 0, 0, 0, 0, 20241399]]);
WITH e4 AS (SELECT c.cell[1][1] AS code FROM explorer_cells('1. e4'::game, '{}', '*') AS c)
SELECT * FROM e4, explorer_read(start_position(), ARRAY[[code, -1, 0, 0, 0, 0, 0, 0]]);

-- the SQLSTATEs: 22023 for the filters, XX001 for the cells; months
-- within one month are no inversion, and infinities and years before 1
-- are the ends of the calendar
CREATE FUNCTION sqlstate_of(q text) RETURNS text LANGUAGE plpgsql AS $$
BEGIN
	EXECUTE q;
	RETURN 'none';
EXCEPTION WHEN OTHERS THEN
	RETURN SQLSTATE;
END $$;
SELECT sqlstate_of(q), q FROM (VALUES
	($$SELECT * FROM explore(start_position(), speeds => '{blitz,superfast}')$$),
	($$SELECT * FROM explore(start_position(), speeds => '{}')$$),
	($$SELECT * FROM explore(start_position(), max_rating => 2100)$$),
	($$SELECT * FROM explore(start_position(), min_rating => 2200, max_rating => 1800)$$),
	($$SELECT * FROM explore(start_position(), since => '2010-01-01', until => '2009-12-31')$$),
	($$SELECT * FROM explore(start_position(), since => '2010-01-20', until => '2010-01-10')$$),
	($$SELECT * FROM explore(start_position(), since => '-infinity', until => 'infinity')$$),
	($$SELECT * FROM explore(start_position(), since => '0100-06-01 BC')$$),
	($$SELECT * FROM explorer_read(start_position(), '{1,2,3}')$$),
	($$SELECT * FROM explorer_read(start_position(), '{{1,2,3,4,5,6,7,NULL}}')$$),
	($$SELECT * FROM explorer_read(start_position(), '{{1,2,3,4},{5,6,7,8}}')$$),
	($$SELECT * FROM explorer_read(start_position(), '{{6368,1,2,0,0,0,0,0}}')$$),
	($$SELECT * FROM explorer_read(start_position(), '{{6368,1,1,0,0,0,0,20050231}}')$$),
	($$SELECT * FROM explorer_read(start_position(), '{{6368,9223372036854775807,1,0,0,0,0,0},{6368,1,0,0,0,0,0,0}}')$$),
	($$SELECT explorer_negate('{{6368,-9223372036854775808,0,0,0,0,0,0}}')$$),
	($$SELECT explorer_sum(c, 202413) FROM (VALUES ('{{6368,1,1,0,0,0,0,0}}'::bigint[])) AS v(c)$$),
	($$SELECT explorer_sum(c, -1) FROM (VALUES ('{{6368,1,1,0,0,0,0,0}}'::bigint[])) AS v(c)$$),
	($$SELECT explorer_sum(c, 202401) FROM (VALUES (ARRAY[[6368 | (202401::bigint << 24),1,1,0,0,0,0,0]])) AS v(c)$$),
	($$SELECT * FROM explorer_periods(ARRAY[[6368 | (202413::bigint << 24),1,1,0,0,0,0,0]], true)$$),
	($$SELECT * FROM explorer_periods(ARRAY[[6368 | (1::bigint << 44),1,1,0,0,0,0,0]], true)$$),
	($$SELECT * FROM explorer_periods(ARRAY[[6368 | (15 << 16) | (202401::bigint << 24),1,1,0,0,0,0,0]], true)$$),
	($$SELECT * FROM explorer_read(start_position(), ARRAY[[6368 | (202401::bigint << 24),1,1,0,0,0,0,0]])$$)) AS t(q);
-- a rebuild outside READ COMMITTED: 25001
BEGIN ISOLATION LEVEL REPEATABLE READ;
SELECT explorer_rebuild();
ROLLBACK;
-- a range from before year 1 counts each game once
SELECT sum(games) = (SELECT count(*) FROM games WHERE tags ->> 'Date' ~ '^[0-9]{4}\.[0-9]{2}') AS once
FROM explore(start_position(), since => '0100-06-01 BC');
\set VERBOSITY terse
RESET search_path;
RESET datestyle;
DROP SCHEMA live CASCADE;
