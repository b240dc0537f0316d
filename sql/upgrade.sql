-- The upgrade path: 0.1.0 (the types) to 0.2.0 (move generation) to 0.3.0
-- (the seed documents' tables) to 0.4.0 (SAN, PGN, games) to 0.5.0
-- (planner costs, privileges) to 0.6.0 (the game type, position search) to
-- 0.7.0 (row estimates for search) to 0.8.0 (the game format's version 2) to
-- 0.9.0 (index keys inspectable, estimates for patterns and balances),
-- each step keeping the data.

DROP EXTENSION chess;
CREATE EXTENSION chess VERSION '0.1.0';
SELECT extversion FROM pg_extension WHERE extname = 'chess';
CREATE TABLE kept (p "position");
INSERT INTO kept VALUES (start_position());
SELECT count(*) FROM pg_proc WHERE proname IN ('legal_moves', 'move_table');
ALTER EXTENSION chess UPDATE TO '0.2.0';
SELECT extversion FROM pg_extension WHERE extname = 'chess';
SELECT p, (SELECT count(*) FROM legal_moves(p)) AS moves FROM kept;
SELECT count(*) FROM pg_proc WHERE proname = 'move_table';
ALTER EXTENSION chess UPDATE;
SELECT extversion FROM pg_extension WHERE extname = 'chess';
SELECT count(*) AS move_table_rows FROM chess_moves;
SELECT san(p, 'g1f3') FROM kept;
SELECT p, (SELECT count(*) FROM legal_moves(p)) AS moves FROM kept;
SELECT g.value, g.value @> p AS reaches FROM kept, pgn_games('1. Nf3 Nf6 2. Ng1 Ng8 *') g;
SELECT obj_description('game'::regtype, 'pg_type') AS game_type;
SELECT has_table_privilege('public', 'chess_moves', 'SELECT') AS public_reads_chess_moves,
       (SELECT procost FROM pg_proc WHERE oid = 'perft("position", integer)'::regprocedure) AS perft_cost;
DROP TABLE kept;

-- One install script and one chain of upgrades, one catalog: the extension
-- installed fresh at 0.9.0 (chess--0.9.0.sql) and 0.1.0 upgraded step by
-- step (above) have the same members, and each member is the same —
-- functions (result, arguments and their defaults, C symbol, volatility,
-- strictness, parallel safety, cost, rows, support function, privileges,
-- comment), aggregates, types (and their arrays' comments), operators
-- (estimators included), operator classes and families with every
-- operator and support function, casts, the view and its privileges.
CREATE TEMP VIEW chess_catalog AS
WITH m AS (
	-- (not the array and row types PostgreSQL makes implicitly, which are
	-- members from 16 on: the types' rows say their arrays' comments)
	SELECT classid, objid FROM pg_depend d
	WHERE refclassid = 'pg_extension'::regclass AND deptype = 'e'
	  AND refobjid = (SELECT oid FROM pg_extension WHERE extname = 'chess')
	  AND NOT EXISTS (SELECT FROM pg_type t WHERE d.classid = 'pg_type'::regclass AND t.oid = d.objid
	                  AND (t.typcategory = 'A' OR t.typrelid <> 0)))
SELECT 'member' AS kind, pg_describe_object(classid, objid, 0) AS object, '' AS detail FROM m
UNION ALL
SELECT 'function', p.oid::regprocedure::text,
       concat_ws(' | ', p.prokind, pg_get_function_result(p.oid), pg_get_function_arguments(p.oid), l.lanname,
                 p.prosrc, p.probin, p.provolatile, p.proisstrict, p.proparallel, p.procost, p.prorows, p.proretset,
                 p.prosupport::regproc, p.prosecdef, p.proleakproof, p.proconfig::text, p.proacl::text,
                 obj_description(p.oid, 'pg_proc'))
FROM m JOIN pg_proc p ON m.classid = 'pg_proc'::regclass AND p.oid = m.objid
JOIN pg_language l ON l.oid = p.prolang
UNION ALL
SELECT 'aggregate', a.aggfnoid::regprocedure::text,
       concat_ws(' | ', a.aggkind, a.aggtransfn::regproc, a.aggfinalfn::regproc, a.aggcombinefn::regproc,
                 a.aggtranstype::regtype, a.agginitval, a.aggsortop::regoperator, a.aggtransspace)
FROM m JOIN pg_aggregate a ON m.classid = 'pg_proc'::regclass AND a.aggfnoid = m.objid
UNION ALL
SELECT 'type', t.oid::regtype::text,
       concat_ws(' | ', t.typtype, t.typlen, t.typbyval, t.typalign, t.typstorage, t.typinput::regproc,
                 t.typoutput::regproc, t.typreceive::regproc, t.typsend::regproc, t.typcategory,
                 t.typispreferred, t.typbasetype::regtype, t.typnotnull, t.typdefault,
                 obj_description(t.oid, 'pg_type'), obj_description(t.typarray, 'pg_type'))
FROM m JOIN pg_type t ON m.classid = 'pg_type'::regclass AND t.oid = m.objid
UNION ALL
SELECT 'operator', o.oid::regoperator::text,
       concat_ws(' | ', o.oprcode::regproc, o.oprcom::regoperator, o.oprnegate::regoperator, o.oprrest::regproc,
                 o.oprjoin::regproc, o.oprcanhash, o.oprcanmerge, obj_description(o.oid, 'pg_operator'))
FROM m JOIN pg_operator o ON m.classid = 'pg_operator'::regclass AND o.oid = m.objid
UNION ALL
SELECT 'operator class', c.opcname || ' USING ' || am.amname,
       concat_ws(' | ', c.opcdefault, c.opcintype::regtype, c.opckeytype::regtype, f.opfname,
                 obj_description(c.oid, 'pg_opclass'))
FROM m JOIN pg_opclass c ON m.classid = 'pg_opclass'::regclass AND c.oid = m.objid
JOIN pg_am am ON am.oid = c.opcmethod JOIN pg_opfamily f ON f.oid = c.opcfamily
UNION ALL
SELECT 'family operator', f.opfname || ' USING ' || am.amname,
       concat_ws(' | ', ao.amopstrategy, ao.amopopr::regoperator, ao.amoplefttype::regtype,
                 ao.amoprighttype::regtype, ao.amoppurpose, ao.amopsortfamily)
FROM m JOIN pg_opfamily f ON m.classid = 'pg_opfamily'::regclass AND f.oid = m.objid
JOIN pg_am am ON am.oid = f.opfmethod JOIN pg_amop ao ON ao.amopfamily = f.oid
UNION ALL
SELECT 'family function', f.opfname || ' USING ' || am.amname,
       concat_ws(' | ', ap.amprocnum, ap.amproc::regprocedure, ap.amproclefttype::regtype,
                 ap.amprocrighttype::regtype)
FROM m JOIN pg_opfamily f ON m.classid = 'pg_opfamily'::regclass AND f.oid = m.objid
JOIN pg_am am ON am.oid = f.opfmethod JOIN pg_amproc ap ON ap.amprocfamily = f.oid
UNION ALL
SELECT 'cast', format('%s AS %s', c.castsource::regtype, c.casttarget::regtype),
       concat_ws(' | ', c.castfunc::regprocedure, c.castcontext, c.castmethod, obj_description(c.oid, 'pg_cast'))
FROM m JOIN pg_cast c ON m.classid = 'pg_cast'::regclass AND c.oid = m.objid
UNION ALL
SELECT 'relation', r.oid::regclass::text,
       concat_ws(' | ', r.relkind, pg_get_viewdef(r.oid), r.relacl::text, obj_description(r.oid, 'pg_class'),
                 obj_description(r.reltype, 'pg_type'),
                 obj_description((SELECT typarray FROM pg_type WHERE oid = r.reltype), 'pg_type'))
FROM m JOIN pg_class r ON m.classid = 'pg_class'::regclass AND r.oid = m.objid;
SELECT extversion FROM pg_extension WHERE extname = 'chess';
CREATE TEMP TABLE upgraded AS SELECT * FROM chess_catalog;
-- (on PostgreSQL 13 the upgrade keeps game_ops's btequalimage, which it
-- cannot drop there: chess--0.8.0--0.9.0.sql)
DELETE FROM upgraded
WHERE current_setting('server_version_num')::integer < 140000
  AND kind = 'family function' AND object = 'game_ops USING btree' AND detail LIKE '4 | btequalimage%';
DROP EXTENSION chess;
CREATE EXTENSION chess;
SELECT extversion FROM pg_extension WHERE extname = 'chess';
CREATE TEMP TABLE fresh AS SELECT * FROM chess_catalog;
SELECT kind, count(*) FROM fresh GROUP BY kind ORDER BY kind;
(SELECT 'only upgraded' AS side, * FROM upgraded EXCEPT SELECT 'only upgraded', * FROM fresh)
UNION ALL
(SELECT 'only fresh', * FROM fresh EXCEPT SELECT 'only fresh', * FROM upgraded)
ORDER BY 2, 3, 1, 4;
DROP TABLE upgraded, fresh;
DROP VIEW chess_catalog;
