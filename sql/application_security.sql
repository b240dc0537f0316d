-- The two databases users copy, attacked (sql/include/app_attacker.sql):
-- examples/games.sql, and the reference application's examples/app/setup.sql.
CREATE ROLE regress_chess_app;
CREATE ROLE regress_chess_nobody;
-- PostgreSQL 14 and earlier let every role create in public, which the
-- example refuses (given back at the end)
SELECT has_schema_privilege('public', 'public', 'CREATE') AS public_create \gset
\if :public_create
REVOKE CREATE ON SCHEMA public FROM PUBLIC;
\endif

-- examples/games.sql refuses a schema where every role may create objects,
-- and makes nothing there
CREATE SCHEMA regress_open;
GRANT CREATE ON SCHEMA regress_open TO PUBLIC;
SET search_path = regress_open, public;
\set ECHO none
\i examples/games.sql
\set ECHO all
SELECT count(*) AS objects FROM pg_class WHERE relnamespace = 'regress_open'::regnamespace;
DROP SCHEMA regress_open;

-- examples/games.sql, in a schema of its own that every role may use, as public
CREATE SCHEMA regress_games;
GRANT USAGE ON SCHEMA regress_games TO PUBLIC;
SET search_path = regress_games, public;
\set ECHO none
\set app_role regress_chess_app
\i examples/games.sql
\set ECHO all
\set schema regress_games
\set nobody regress_chess_nobody
\i sql/include/app_attacker.sql

-- examples/app/setup.sql, without a library
\set ECHO none
\set app_role regress_chess_web
\set app_password 'unused'
\i examples/app/setup.sql
RESET client_min_messages;
\set ECHO all
SELECT nspname, nspowner::regrole FROM pg_namespace WHERE nspname IN ('app', 'library') ORDER BY 1;
\set schema app
\i sql/include/app_attacker.sql

SET client_min_messages = warning;
DROP SCHEMA regress_games, app, library CASCADE;
RESET client_min_messages;
DROP ROLE regress_chess_app, regress_chess_nobody, regress_chess_web, regress_chess_web_owner;
\if :public_create
GRANT CREATE ON SCHEMA public TO PUBLIC;
\endif
RESET search_path;
