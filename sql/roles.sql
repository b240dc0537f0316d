-- Privileges of a trusted extension: the ordinary role that installs it,
-- and any other role, can call every function, use every type and read
-- every view (a view, unlike a function, has no privilege for PUBLIC by
-- default: chess_moves could once be read by superusers only).

DROP EXTENSION chess;
CREATE ROLE regress_chess_owner;
CREATE ROLE regress_chess_other;
GRANT CREATE ON SCHEMA public TO regress_chess_owner;
DO $$ BEGIN EXECUTE format('GRANT CREATE ON DATABASE %I TO regress_chess_owner', current_database()); END $$;
SET ROLE regress_chess_owner;
CREATE EXTENSION chess;
RESET ROLE;
SELECT extowner = 'regress_chess_owner'::regrole AS owned_by_installer
FROM pg_extension WHERE extname = 'chess';

-- the members a role may not use: none, for either role
CREATE TEMP VIEW chess_members AS
SELECT d.classid, d.objid, pg_describe_object(d.classid, d.objid, 0) AS member
FROM pg_depend d
WHERE d.refclassid = 'pg_extension'::regclass AND d.deptype = 'e'
  AND d.refobjid = (SELECT oid FROM pg_extension WHERE extname = 'chess');
SELECT r AS role, m.member
FROM chess_members m, unnest(ARRAY['regress_chess_owner', 'regress_chess_other']) r
WHERE (m.classid = 'pg_proc'::regclass AND NOT has_function_privilege(r, m.objid, 'EXECUTE'))
   OR (m.classid = 'pg_class'::regclass AND NOT has_table_privilege(r, m.objid, 'SELECT'))
   OR (m.classid = 'pg_type'::regclass AND NOT has_type_privilege(r, m.objid, 'USAGE'))
ORDER BY 1, 2;
SELECT count(*) > 100 AS members_checked FROM chess_members;

-- and they really can: each kind of function, the view, the aggregates
SET ROLE regress_chess_owner;
SELECT count(*) AS move_table_rows FROM chess_moves;
SET ROLE regress_chess_other;
SELECT count(*) AS move_table_rows FROM chess_moves;
SELECT perft(start_position(), 3), (SELECT count(*) FROM legal_moves(start_position())) AS moves,
       (SELECT count(*) FROM successors(start_position())) AS successors,
       (SELECT count(*) FROM hops()) AS hops, san(start_position(), 'g1f3');
SELECT game, plies, replay(m ORDER BY o) AS final
FROM pgn_games('1. e4 e5 2. Nf3 *') g, unnest(g.moves) WITH ORDINALITY AS u(m, o)
GROUP BY game, plies;
SELECT min(s), max(s) FROM squares() AS q(s, f, r);
CREATE TEMP TABLE mine (p "position", m move[]);
INSERT INTO mine VALUES (start_position(), '{e2e4}');
CREATE INDEX ON mine (p);
SELECT count(*) FROM mine WHERE p = start_position();
DROP TABLE mine;
RESET ROLE;

DROP VIEW chess_members;
DROP EXTENSION chess;
DO $$ BEGIN EXECUTE format('REVOKE CREATE ON DATABASE %I FROM regress_chess_owner', current_database()); END $$;
REVOKE CREATE ON SCHEMA public FROM regress_chess_owner;
DROP ROLE regress_chess_owner;
DROP ROLE regress_chess_other;
CREATE EXTENSION chess;
