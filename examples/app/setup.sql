-- The reference application's database (run by run.sh as a superuser):
--   schema app      the games being played: examples/games.sql, every move
--                   validated by the database, for the role chess_app;
--   schema library  a games collection with the opening explorer of
--                   examples/chessdb.sql, loaded from the PGN file
--                   :'library' (default: the ECO lines that Debian's
--                   pgn-extract ships), and the ECO names of its positions.
-- The application connects as chess_app, whose search path is app, library,
-- public: it may read both schemas and play through examples/games.sql's
-- triggers and functions, nothing more.
\set ON_ERROR_STOP on
SET client_min_messages = warning;
CREATE EXTENSION IF NOT EXISTS chess;
DROP ROLE IF EXISTS chess_app;
CREATE ROLE chess_app LOGIN PASSWORD :'app_password';

CREATE SCHEMA app;
SET search_path = app, public;
\set app_role chess_app
\ir ../games.sql

CREATE SCHEMA library;
SET search_path = library, public;
\ir ../chessdb.sql
INSERT INTO games (tags, result, g)
SELECT tags, result, value FROM pgn_games_file(:'library', skip_errors => true);
REFRESH MATERIALIZED VIEW explorer;
-- explore() looks up games and explorer by name: the library's, whoever calls it
ALTER FUNCTION explore("position") SET search_path = library, public;

-- The ECO name of each position a line of the library ends in (the
-- shortest line's, when several end there).
CREATE TABLE openings AS
SELECT DISTINCT ON (without_clocks(final(g))) without_clocks(final(g)) AS "position",
       tags->>'ECO' AS eco, concat_ws(', ', tags->>'Opening', tags->>'Variation', tags->>'SubVariation') AS name
FROM games
WHERE tags ? 'ECO' OR tags ? 'Opening'
ORDER BY without_clocks(final(g)), plies(g), id;
ALTER TABLE openings ADD PRIMARY KEY ("position");
ANALYZE;

GRANT USAGE ON SCHEMA app, library TO chess_app;
GRANT SELECT ON library.games, library.explorer, library.openings TO chess_app;
ALTER ROLE chess_app SET search_path = app, library, public;
