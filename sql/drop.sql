-- DROP EXTENSION leaves nothing behind; the extension is trusted, so a
-- non-superuser with CREATE on the database can install it.

CREATE TABLE uses_chess (p "position");
SELECT oid AS chess_oid FROM pg_extension WHERE extname = 'chess' \gset
SELECT count(*) > 100 AS has_members FROM pg_depend
WHERE refclassid = 'pg_extension'::regclass AND refobjid = :chess_oid;
DROP EXTENSION chess;
DROP EXTENSION chess CASCADE;

SELECT count(*) AS members FROM pg_depend
WHERE refclassid = 'pg_extension'::regclass AND refobjid = :chess_oid;
SELECT count(*) AS types FROM pg_type
WHERE typname IN ('square', 'piece', 'move', 'position', '_square', '_piece', '_move', '_position');
SELECT count(*) AS functions FROM pg_proc WHERE probin LIKE '%chess%';
SELECT count(*) AS operators FROM pg_operator o
WHERE (o.oprleft <> 0 AND NOT EXISTS (SELECT FROM pg_type t WHERE t.oid = o.oprleft))
   OR (o.oprright <> 0 AND NOT EXISTS (SELECT FROM pg_type t WHERE t.oid = o.oprright))
   OR NOT EXISTS (SELECT FROM pg_proc f WHERE f.oid = o.oprcode);
SELECT count(*) AS aggregates FROM pg_aggregate a
WHERE NOT EXISTS (SELECT FROM pg_proc f WHERE f.oid = a.aggtransfn);
SELECT count(*) AS opclasses FROM pg_opclass WHERE opcname LIKE ANY (ARRAY['square%', 'piece%', 'move%', 'position%']);
SELECT count(*) AS opfamilies FROM pg_opfamily WHERE opfname LIKE ANY (ARRAY['square%', 'piece%', 'move%', 'position%']);
SELECT count(*) AS casts FROM pg_cast
WHERE NOT EXISTS (SELECT FROM pg_type t WHERE t.oid = castsource)
   OR NOT EXISTS (SELECT FROM pg_type t WHERE t.oid = casttarget);
SELECT count(*) AS columns FROM pg_attribute WHERE attrelid = 'uses_chess'::regclass AND attnum > 0 AND NOT attisdropped;
DROP TABLE uses_chess;

CREATE ROLE regress_chess_user;
GRANT CREATE ON SCHEMA public TO regress_chess_user;
DO $$ BEGIN EXECUTE format('GRANT CREATE ON DATABASE %I TO regress_chess_user', current_database()); END $$;
SET ROLE regress_chess_user;
CREATE EXTENSION chess;
SELECT start_position();
RESET ROLE;
DROP EXTENSION chess;
DO $$ BEGIN EXECUTE format('REVOKE CREATE ON DATABASE %I FROM regress_chess_user', current_database()); END $$;
REVOKE CREATE ON SCHEMA public FROM regress_chess_user;
DROP ROLE regress_chess_user;
CREATE EXTENSION chess;
