-- The extension's catalog entries: every object has a comment, every
-- function is IMMUTABLE, STRICT and PARALLEL SAFE, set-returning functions
-- have a row estimate.

-- members without a comment (operator families are made implicitly by
-- CREATE OPERATOR CLASS, and a domain's array type by CREATE DOMAIN, a
-- member from PostgreSQL 16 on; neither has one)
SELECT pg_describe_object(d.classid, d.objid, 0) AS undocumented
FROM pg_depend d
WHERE d.refclassid = 'pg_extension'::regclass
  AND d.refobjid = (SELECT oid FROM pg_extension WHERE extname = 'chess')
  AND d.deptype = 'e'
  AND d.classid <> 'pg_opfamily'::regclass
  AND NOT (d.classid = 'pg_type'::regclass AND (SELECT typcategory = 'A' FROM pg_type WHERE oid = d.objid))
  AND obj_description(d.objid, (SELECT relname FROM pg_class WHERE oid = d.classid)) IS NULL
ORDER BY 1;

-- functions that are not IMMUTABLE STRICT PARALLEL SAFE: only the support
-- functions of the aggregates replay(), explorer_sum() and
-- explorer_key_filter(), whose internal state starts as NULL, pgn(game,
-- tags, tag_order), win_chance(cp, mate), match_plies() and
-- explorer_read(), whose last arguments may be NULL, pgn_games_file(),
-- VOLATILE because it reads a file, and the estimators, STABLE because
-- they read the statistics
SELECT p.oid::regprocedure AS function, p.provolatile, p.proisstrict, p.proparallel
FROM pg_proc p
JOIN pg_depend d ON d.classid = 'pg_proc'::regclass AND d.objid = p.oid AND d.deptype = 'e'
WHERE d.refobjid = (SELECT oid FROM pg_extension WHERE extname = 'chess')
  AND (p.provolatile <> 'i' OR (NOT p.proisstrict AND p.prokind <> 'a') OR p.proparallel <> 's')
ORDER BY p.oid::regprocedure::text;

-- set-returning functions and their row estimates
SELECT p.oid::regprocedure AS function, p.prorows
FROM pg_proc p
JOIN pg_depend d ON d.classid = 'pg_proc'::regclass AND d.objid = p.oid AND d.deptype = 'e'
WHERE d.refobjid = (SELECT oid FROM pg_extension WHERE extname = 'chess') AND p.proretset
ORDER BY p.oid::regprocedure::text;

-- planner costs (in cpu_operator_cost units, per row for set-returning
-- functions): those above the default of 1
SELECT p.oid::regprocedure AS function, p.procost
FROM pg_proc p
JOIN pg_depend d ON d.classid = 'pg_proc'::regclass AND d.objid = p.oid AND d.deptype = 'e'
WHERE d.refobjid = (SELECT oid FROM pg_extension WHERE extname = 'chess') AND p.procost > 1
ORDER BY p.procost, p.oid::regprocedure::text;

-- the costs at work: a PGN text parsed laterally and joined to a table on a
-- condition that only a nested loop evaluates stays on the loop's outer
-- side, parsed once (with COST 1 the planner put the parse on the inner
-- side, under the other table's rows)
BEGIN;
CREATE TABLE plan_files (name text, content text);
INSERT INTO plan_files VALUES ('a.pgn', E'[White "X"]\n1. e4 e5 2. Nf3 Nc6 *\n\n[White "Y"]\n1. d4 d5 *');
CREATE TABLE plan_sans (id int, san text);
INSERT INTO plan_sans SELECT i, (ARRAY['e4', 'e5', 'N%', 'd4', '%c6'])[1 + i % 5] FROM generate_series(1, 5000) AS i;
ANALYZE plan_files, plan_sans;
EXPLAIN (COSTS OFF)
SELECT count(*) FROM plan_files AS f, LATERAL pgn_plies(f.content) AS p JOIN plan_sans AS s ON p.san LIKE s.san;
SELECT count(*) FROM plan_files AS f, LATERAL pgn_plies(f.content) AS p JOIN plan_sans AS s ON p.san LIKE s.san;
ROLLBACK;

-- the row estimates of the search operators of a position come from the
-- column's statistics: nearly every row for the start position (which every
-- game reaches), an opening's share for a position of that opening, next
-- to none for a position no game reaches (contsel() said 0.1% of the rows
-- for each); the same for patterns and balances of positions and of games
-- (a game's, from the sampled games read to their ends).
BEGIN;
CREATE TABLE plan_games (g game, p "position");
INSERT INTO plan_games
SELECT g, final(g)
FROM unnest(ARRAY['1. e4 c5 2. Nf3 d6', '1. e4 e5 2. Nf3 Nc6', '1. d4 d5 2. c4 e6', '1. Nf3 Nf6']) AS o,
     LATERAL legal_moves(final(o::game)) AS m1,
     LATERAL legal_moves(play(final(o::game), m1)) AS m2,
     LATERAL (SELECT (o::game || m1) || m2 AS g) AS x;
CREATE INDEX ON plan_games USING gin (g);
ANALYZE plan_games;
CREATE FUNCTION pg_temp.rows(query text, OUT estimated numeric, OUT actual numeric) LANGUAGE plpgsql AS $$
DECLARE
	plan json;
BEGIN
	EXECUTE 'EXPLAIN (FORMAT JSON) ' || query INTO plan;
	estimated := (plan -> 0 -> 'Plan' ->> 'Plan Rows')::numeric;
	EXECUTE 'SELECT count(*) FROM (' || query || ') AS q' INTO actual;
END $$;
-- (close: within a factor of two, give or take 1% of the rows, the
-- sampling error of a histogram of 100 games)
SELECT label, actual, estimated BETWEEN actual / 2 - n * 0.01 AND actual * 2 + n * 0.01 AS estimate_close
FROM (SELECT count(*) FROM plan_games) AS t(n), (VALUES
	('start', $$g @> start_position()$$),
	('Sicilian', $$g @> 'rnbqkbnr/pp2pppp/3p4/2p5/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 0 3'::"position"$$),
	('after 1. e4', $$g @> 'rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1'::"position"$$),
	('never', $$g @> '4k3/8/8/8/8/8/8/4K3 w - - 0 1'::"position"$$),
	('final position: pawn on d4', $$p @> '8/8/8/8/3P4/8/8/8'::pattern$$),
	('final position: Black a pawn down', $$p @> 'KQRRBBNNPPPPPPPPvKQRRBBNNPPPPPPP'::balance$$),
	('game: pawn on d4', $$g @> '8/8/8/8/3P4/8/8/8'::pattern$$),
	('game: knights on c3 and c6', $$g @> '8/8/2n5/8/8/2N5/8/8'::pattern$$),
	('game: Black a pawn down', $$g @> 'KQRRBBNNPPPPPPPPvKQRRBBNNPPPPPPP'::balance$$),
	('game: a queen off', $$g @> 'KRRBBNNP*vKQRRBBNNP*'::balance$$)) AS q(label, cond),
     LATERAL pg_temp.rows('SELECT * FROM plan_games WHERE ' || cond) AS r;
-- a position unknown when the plan is made (a prepared statement's generic
-- plan) is taken for a rare one, so the generic plan is an index scan; a
-- custom plan knows that every game reaches the start position
PREPARE reach("position") AS SELECT count(*) FROM plan_games WHERE g @> $1;
SET plan_cache_mode = force_generic_plan;
EXPLAIN (COSTS OFF) EXECUTE reach(start_position());
RESET plan_cache_mode;
EXPLAIN (COSTS OFF) EXECUTE reach(start_position());
DEALLOCATE reach;
-- a position no game from the standard start reaches in the plies the
-- estimate reads (here a rook ending) is looked for only in the games from
-- another start: as many such games as the others, all of them reaching it
INSERT INTO plan_games
SELECT game('4k3/8/8/8/8/8/8/R3K3 w Q - 0 1', ARRAY[m1, m2]), NULL
FROM generate_series(1, 40) AS copies,
     LATERAL legal_moves('4k3/8/8/8/8/8/8/R3K3 w Q - 0 1') AS m1,
     LATERAL legal_moves(play('4k3/8/8/8/8/8/8/R3K3 w Q - 0 1', m1)) AS m2;
ANALYZE plan_games;
SELECT actual, estimated BETWEEN actual / 2 AND actual * 2 AS estimate_close
FROM pg_temp.rows($$SELECT * FROM plan_games WHERE g @> '4k3/8/8/8/8/8/8/R3K3 w Q - 0 1'::"position"$$);
-- the sampled games a backend keeps for the estimates of patterns and
-- balances are those of the statistics of now (the first estimates above
-- read those of the first ANALYZE): half the games are rook endings
SELECT label, actual, estimated BETWEEN actual / 2 AND actual * 2 AS estimate_close
FROM (VALUES ('a lone rook', $$g @> 'KRvK'::balance$$),
             ('a rook on a1', $$g @> '8/8/8/8/8/8/8/R7'::pattern$$)) AS q(label, cond),
     LATERAL pg_temp.rows('SELECT * FROM plan_games WHERE ' || cond) AS r;
ROLLBACK;

-- the sampled games are read only for a user who may read them: under
-- row-level security the estimates are the defaults (1% of the rows for a
-- pattern or a balance, 0.01% for a position), as PostgreSQL's own
-- estimators have them for an operator that is not leakproof
BEGIN;
CREATE TABLE rls_games (g game);
INSERT INTO rls_games SELECT '1. d4 d5 2. Nf3'::game FROM generate_series(1, 1000);
ANALYZE rls_games;
ALTER TABLE rls_games ENABLE ROW LEVEL SECURITY;
CREATE POLICY everyone ON rls_games USING (true);
CREATE ROLE regress_chess_rls;
GRANT SELECT ON rls_games TO regress_chess_rls;
CREATE FUNCTION pg_temp.estimate(query text) RETURNS numeric LANGUAGE plpgsql AS $$
DECLARE
	plan json;
BEGIN
	EXECUTE 'EXPLAIN (FORMAT JSON) ' || query INTO plan;
	RETURN (plan -> 0 -> 'Plan' ->> 'Plan Rows')::numeric;
END $$;
GRANT EXECUTE ON FUNCTION pg_temp.estimate(text) TO regress_chess_rls;
SELECT current_user = session_user AS owner, pg_temp.estimate($$SELECT * FROM rls_games WHERE g @> '8/8/8/8/3P4/8/8/8'::pattern$$) AS pattern,
       pg_temp.estimate($$SELECT * FROM rls_games WHERE g @> 'KQRRBBNNPPPPPPPPvKQRRBBNNPPPPPPPP'::balance$$) AS balance,
       pg_temp.estimate($$SELECT * FROM rls_games WHERE g @> start_position()$$) AS "position";
SET ROLE regress_chess_rls;
SELECT current_user = session_user AS owner, pg_temp.estimate($$SELECT * FROM rls_games WHERE g @> '8/8/8/8/3P4/8/8/8'::pattern$$) AS pattern,
       pg_temp.estimate($$SELECT * FROM rls_games WHERE g @> 'KQRRBBNNPPPPPPPPvKQRRBBNNPPPPPPPP'::balance$$) AS balance,
       pg_temp.estimate($$SELECT * FROM rls_games WHERE g @> start_position()$$) AS "position";
RESET ROLE;
ROLLBACK;

-- how many objects of each kind the extension has (not counting the array
-- and row types PostgreSQL makes implicitly, which are members since 16)
SELECT (SELECT relname FROM pg_class WHERE oid = d.classid) AS catalog, count(*),
       count(obj_description(d.objid, (SELECT relname FROM pg_class WHERE oid = d.classid))) AS commented
FROM pg_depend d
WHERE d.refclassid = 'pg_extension'::regclass
  AND d.refobjid = (SELECT oid FROM pg_extension WHERE extname = 'chess')
  AND d.deptype = 'e'
  AND NOT EXISTS (SELECT FROM pg_type t WHERE d.classid = 'pg_type'::regclass AND t.oid = d.objid
                  AND (t.typcategory = 'A' OR t.typrelid <> 0))
GROUP BY 1 ORDER BY 1;

-- the implicit types are documented too
SELECT t.oid::regtype AS type, obj_description(t.oid, 'pg_type') IS NOT NULL AS commented
FROM pg_type t
WHERE t.typelem IN ('square'::regtype, 'piece'::regtype, 'move'::regtype, '"position"'::regtype,
                    'game'::regtype, 'chess_moves'::regtype)
   OR t.typrelid = 'chess_moves'::regclass
ORDER BY t.oid::regtype::text;
