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
-- functions of replay(), whose internal state starts as NULL, and
-- pgn_games_file(), VOLATILE because it reads a file
SELECT p.oid::regprocedure AS function, p.provolatile, p.proisstrict, p.proparallel
FROM pg_proc p
JOIN pg_depend d ON d.classid = 'pg_proc'::regclass AND d.objid = p.oid AND d.deptype = 'e'
WHERE d.refobjid = (SELECT oid FROM pg_extension WHERE extname = 'chess')
  AND (p.provolatile <> 'i' OR (NOT p.proisstrict AND p.prokind <> 'a') OR p.proparallel <> 's')
ORDER BY 1;

-- set-returning functions and their row estimates
SELECT p.oid::regprocedure AS function, p.prorows
FROM pg_proc p
JOIN pg_depend d ON d.classid = 'pg_proc'::regclass AND d.objid = p.oid AND d.deptype = 'e'
WHERE d.refobjid = (SELECT oid FROM pg_extension WHERE extname = 'chess') AND p.proretset
ORDER BY 1;

-- planner costs (in cpu_operator_cost units, per row for set-returning
-- functions): those above the default of 1
SELECT p.oid::regprocedure AS function, p.procost
FROM pg_proc p
JOIN pg_depend d ON d.classid = 'pg_proc'::regclass AND d.objid = p.oid AND d.deptype = 'e'
WHERE d.refobjid = (SELECT oid FROM pg_extension WHERE extname = 'chess') AND p.procost > 1
ORDER BY p.procost, 1;

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
