-- Parallel query: the chess functions and operators are PARALLEL SAFE, so
-- a scan of games with g @> position, g @> pattern, the expansion of games
-- into positions for the explorer and material statistics run in
-- parallel workers, and the min/max aggregates of the extension's types
-- combine the workers' partial states.  Each plan is checked from EXPLAIN
-- — its node types and the workers it plans — and each answer against the
-- serial one.  Whether the workers start is the server's business (a busy
-- server, max_worker_processes, a standby): without them the leader runs
-- the same parallel plan alone, partial states and combine functions
-- included, so nothing here depends on it.
SELECT setseed(0.5);
CREATE TABLE par_games (id integer, result text, g game);
DO $$
DECLARE
	p "position";
	m move;
	ms move[];
BEGIN
	FOR i IN 1..300 LOOP
		p := start_position();
		ms := '{e2e4,c7c5}';
		p := play(play(p, 'e2e4'), 'c7c5');
		FOR ply IN 3..10 + i % 40 LOOP
			SELECT x INTO m FROM legal_moves(p) AS x ORDER BY random() LIMIT 1;
			EXIT WHEN m IS NULL;
			ms := ms || m;
			p := play(p, m);
		END LOOP;
		INSERT INTO par_games VALUES (i, (ARRAY['1-0', '0-1', '1/2-1/2'])[1 + i % 3], game(ms));
	END LOOP;
END $$;
ANALYZE par_games;

-- from EXPLAIN: a parallel scan, partial aggregates combined, and workers
-- planned
CREATE FUNCTION par_plan(q text, OUT parallel_scan boolean, OUT partial_aggregate boolean,
						 OUT workers_planned boolean)
LANGUAGE plpgsql AS $$
DECLARE
	plan json;
BEGIN
	EXECUTE 'EXPLAIN (COSTS OFF, FORMAT JSON) ' || q INTO plan;
	WITH RECURSIVE node(n) AS (
		SELECT plan -> 0 -> 'Plan'
		UNION ALL
		SELECT c FROM node, json_array_elements(node.n -> 'Plans') AS c)
	SELECT bool_or(n ->> 'Node Type' = 'Seq Scan' AND (n ->> 'Parallel Aware')::boolean),
	       bool_or(n ->> 'Partial Mode' = 'Partial'),
	       coalesce(max((n ->> 'Workers Planned')::integer), 0) > 0
	INTO parallel_scan, partial_aggregate, workers_planned
	FROM node;
END $$;
-- a query's answer as one text
CREATE FUNCTION par_answer(q text) RETURNS text LANGUAGE plpgsql AS $$
DECLARE
	answer text;
BEGIN
	EXECUTE 'SELECT string_agg(t::text, ''|'') FROM (' || q || ') AS t' INTO answer;
	RETURN answer;
END $$;
CREATE TABLE par_queries (label text, q text);
INSERT INTO par_queries VALUES
	('position', $q$SELECT count(*) FROM par_games WHERE g @> 'rnbqkbnr/pp1ppppp/8/2p5/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2'::"position"$q$),
	('pattern', $q$SELECT count(*) FROM par_games WHERE g @> '8/8/8/2p5/4P3/5N2/8/8'::pattern$q$),
	('material', $q$SELECT count(*) FROM par_games WHERE g @> 'KQRRBBNNP*vKRRBBNNP*'::balance$q$),
	('explorer keys', $q$SELECT count(*), sum(n) FROM (SELECT polyglot_key(p."position") AS k, count(*) AS n
	                     FROM par_games, positions(par_games.g) AS p GROUP BY k HAVING count(*) > 1) AS s$q$),
	('statistics', $q$SELECT material(final(g)) AS m, count(*) AS n FROM par_games GROUP BY 1 ORDER BY 1$q$),
	('min/max', $q$SELECT min(m), max(m), min(to_square(m)), max(to_square(m)) FROM par_games, unnest(moves(g)) AS m$q$);

-- the answers without workers, then with two
SET max_parallel_workers_per_gather = 0;
CREATE TABLE par_serial AS SELECT label, par_answer(q) AS answer FROM par_queries;
SET max_parallel_workers_per_gather = 2;
SET parallel_setup_cost = 0;
SET parallel_tuple_cost = 0;
SET min_parallel_table_scan_size = 0;
-- (partial aggregation where it is the point: the combine functions)
SELECT label, x.parallel_scan, x.workers_planned,
       CASE WHEN label IN ('min/max', 'explorer keys') THEN x.partial_aggregate END AS partial_aggregate,
       par_answer(q) = s.answer AS same_answer, s.answer IS NOT NULL AS answered
FROM par_queries JOIN par_serial AS s USING (label), LATERAL par_plan(q) AS x
ORDER BY label;
RESET max_parallel_workers_per_gather;
RESET parallel_setup_cost;
RESET parallel_tuple_cost;
RESET min_parallel_table_scan_size;
DROP TABLE par_games, par_queries, par_serial;
DROP FUNCTION par_plan(text), par_answer(text);
