/* chess--0.7.0--0.8.0.sql: the game type's format version 2; the option pairs of game_pattern_ops */

-- complain if script is sourced in psql, rather than via ALTER EXTENSION
\echo Use "ALTER EXTENSION chess UPDATE TO '0.8.0'" to load this file. \quit

--
-- The library writes game values in version 2 of the format: each move as
-- the moving piece's rank among the side's pieces and the move's rank among
-- that piece's pseudo-legal moves, about 6.5 bits a move, read three times
-- faster than version 1's rank among all legal moves (about 5.7 bits).
-- Version 1 values, which 0.6.0 and 0.7.0 stored, are read, compared and
-- hashed as the same games in version 2; of the catalog, only the type's
-- description changes.  UPDATE t SET g = game(start(g), moves(g)) rewrites
-- a table's games in version 2.
--

COMMENT ON TYPE game IS 'a chess game: a start position and the legal moves played from it, about 6.5 bits a move; text is PGN movetext';

--
-- game_pattern_ops takes an option, pairs: an index built with it keeps a
-- key for each pair of pieces that stood side by side in a window of 32
-- plies of a game, and finds a pattern's candidates among the games where
-- its neighbouring pieces stood together (on 100,000 games, the first
-- benchmark pattern in 17 ms instead of 55, with an index of 181 MB instead
-- of 67).  An index built without it, as every index before 0.8.0 was, is
-- searched as before.
--
CREATE FUNCTION game_pattern_options(internal) RETURNS void
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION game_pattern_options(internal) IS 'GIN support: the options of game_pattern_ops (pairs)';
ALTER OPERATOR FAMILY game_pattern_ops USING gin ADD FUNCTION 7 (game) game_pattern_options(internal);
