-- Benchmark: move generation through SQL.  Run by test/bench/sql.sh.
--
-- 1. legal_moves() over 197,281 stored positions (every position after four
--    plies from the start, transpositions included), as legal moves per
--    second, beside the same query with generate_series(1, 35) in place of
--    legal_moves(): the executor's own cost of a set-returning function's
--    rows.  With constant arguments the planner calls generate_series once
--    and loops over a materialised copy of the table instead, so a second
--    baseline, generate_series(1, 35 + (t.p IS NULL)::int), is called once
--    per position as legal_moves is.
-- 2. perft 5 from the start position (4,865,609 leaves) as a recursive CTE
--    over successors(), against perft() on the same position.
\set ON_ERROR_STOP on
\pset footer off
CREATE EXTENSION IF NOT EXISTS chess;
SET max_parallel_workers_per_gather = 0;
SET work_mem = '256MB';
SET temp_buffers = '256MB';

CREATE TEMP TABLE t AS
WITH RECURSIVE tree(p, depth) AS (
	SELECT start_position(), 0
	UNION ALL
	SELECT s."position", t.depth + 1 FROM tree AS t, successors(t.p) AS s WHERE t.depth < 4
)
SELECT p FROM tree WHERE depth = 4;
VACUUM ANALYZE t;

-- the queries, run round-robin so that noise on this machine hits them
-- alike; each keeps its best time
CREATE TEMP TABLE runs (name text, query text, rounds integer, ms numeric, result bigint);
INSERT INTO runs (name, query, rounds) VALUES
	('legal_moves', 'SELECT count(*) FROM t, LATERAL legal_moves(t.p)', 7),
	('generate_series_35', 'SELECT count(*) FROM t, LATERAL generate_series(1, 35)', 7),
	('generate_series_lateral', 'SELECT count(*) FROM t, LATERAL generate_series(1, 35 + (t.p IS NULL)::int)', 7),
	('perft_5', 'SELECT perft(start_position(), 5)', 7),
	('cte_perft_5', 'WITH RECURSIVE tree(p, depth) AS (SELECT start_position(), 0 UNION ALL '
	 'SELECT s."position", t.depth + 1 FROM tree AS t, successors(t.p) AS s WHERE t.depth < 5) '
	 'SELECT count(*) FROM tree WHERE depth = 5', 2);
DO $$
DECLARE
	r record;
	t0 timestamptz;
	elapsed numeric;
	got bigint;
BEGIN
	FOR round IN 1..7 LOOP
		FOR r IN SELECT * FROM runs WHERE rounds >= round ORDER BY name LOOP
			t0 := clock_timestamp();
			EXECUTE r.query INTO got;
			elapsed := extract(epoch FROM clock_timestamp() - t0) * 1000;
			UPDATE runs SET ms = least(coalesce(ms, elapsed), elapsed), result = got WHERE name = r.name;
		END LOOP;
	END LOOP;
END $$;

SELECT name AS query, (SELECT count(*) FROM t) AS positions, result AS rows, round(ms) AS ms,
       round(result / ms * 1000) AS rows_per_second,
       round(ms / result * 1e6) AS ns_per_row,
       round((ms / result) / (SELECT ms / result FROM runs WHERE name = 'legal_moves'), 2)
           AS cost_per_row_vs_legal_moves
FROM runs WHERE name IN ('legal_moves', 'generate_series_35', 'generate_series_lateral')
ORDER BY ms / result DESC;

SELECT c.result AS cte_leaves, round(c.ms) AS cte_ms, p.result AS perft_leaves,
       round(p.ms, 1) AS perft_ms, round(c.ms / p.ms) AS cte_slower_by
FROM runs c, runs p WHERE c.name = 'cte_perft_5' AND p.name = 'perft_5';
