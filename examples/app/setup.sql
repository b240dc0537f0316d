-- The reference application's database (run by run.sh as a superuser):
--   schema app      the games being played: examples/games.sql, owned by
--                   the role chess_app_owner, which logs in nowhere; every
--                   move validated and every act checked against the
--                   player's token by the database;
--   schema library  a games collection with the opening explorer of
--                   examples/chessdb.sql, loaded from the PGN file
--                   :'library' when given (run.sh gives the ECO lines that
--                   Debian's pgn-extract ships).  The opening's name comes
--                   from the extension (opening(game): lichess's names).
-- The application connects as chess_app (-v app_role=R names it otherwise),
-- whose search path is app, library, public: it may read both schemas and
-- act for a player through examples/games.sql's functions, nothing more.
--
--   psql -v ON_ERROR_STOP=1 -v app_password=... [-v library=games.pgn] -f examples/app/setup.sql
SET client_min_messages = warning;
CREATE EXTENSION IF NOT EXISTS chess;
\if :{?app_role}
\else
\set app_role chess_app
\endif
\set owner_role :app_role _owner
CREATE ROLE :"app_role" LOGIN PASSWORD :'app_password';
CREATE ROLE :"owner_role" NOLOGIN;

-- The games belong to a role that can do nothing else, so that their
-- SECURITY DEFINER functions run with no more rights than the games need.
CREATE SCHEMA app AUTHORIZATION :"owner_role";
SET ROLE :"owner_role";
SET search_path = app, public;
\ir ../games.sql
RESET ROLE;

CREATE SCHEMA library;
SET search_path = library, public;
\ir ../chessdb.sql
\if :{?library}
INSERT INTO games (tags, result, g)
SELECT tags, result, value FROM pgn_games_file(:'library', skip_errors => true);
\endif
SELECT explorer_rebuild() AS explorer_positions \gset
-- explore() looks up games and explorer by name: the library's, whoever calls it
ALTER FUNCTION explore SET search_path = library, public, pg_temp;

ANALYZE library.games;

GRANT USAGE ON SCHEMA app, library TO :"app_role";
GRANT SELECT ON library.games, library.explorer, library.explorer_pending, library.explorer_state TO :"app_role";
ALTER ROLE :"app_role" SET search_path = app, library, public;
