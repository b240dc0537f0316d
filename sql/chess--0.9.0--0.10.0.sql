/* chess--0.9.0--0.10.0.sql: the whole game — comments, NAGs, variations, clocks and evaluations kept in the game value */

-- complain if script is sourced in psql, rather than via ALTER EXTENSION
\echo Use "ALTER EXTENSION chess UPDATE TO '0.10.0'" to load this file. \quit

--
-- Annotations: what a PGN says besides its main line — comments, NAGs,
-- variations, and the commands inside comments ([%clk], [%emt], [%eval],
-- [%csl], [%cal]) — kept in the game value (doc/formats.md) and written
-- back by pgn(game).  Searches read the main line only.
--

CREATE FUNCTION pgn(g game, tags jsonb DEFAULT '{}'::jsonb) RETURNS text
	AS 'MODULE_PATHNAME', 'chess_pgn_game' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE COST 5000;
COMMENT ON FUNCTION pgn(game,jsonb) IS 'a game as PGN text with its comments, NAGs, variations, clocks and evaluations: the Seven Tag Roster and other tags, SetUp and FEN for another start';
CREATE FUNCTION mainline(g game) RETURNS game
	AS 'MODULE_PATHNAME', 'game_mainline' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE COST 100;
COMMENT ON FUNCTION mainline(game) IS 'the game''s moves alone: no comments, NAGs, variations, clocks or evaluations';
CREATE FUNCTION is_annotated(g game) RETURNS boolean
	AS 'MODULE_PATHNAME', 'game_is_annotated' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE COST 1;
COMMENT ON FUNCTION is_annotated(game) IS 'whether the game holds comments, NAGs, variations, clocks or evaluations besides its moves';
CREATE FUNCTION clocks(g game) RETURNS integer[]
	AS 'MODULE_PATHNAME', 'game_clocks' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE COST 500;
COMMENT ON FUNCTION clocks(game) IS 'the clock after each ply of the main line, in centiseconds ([%clk]); NULL elements where a ply has none';
CREATE FUNCTION evals(g game, OUT ply integer, OUT cp integer, OUT mate integer, OUT depth integer) RETURNS SETOF record
	AS 'MODULE_PATHNAME', 'game_evals' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE COST 500 ROWS 80;
COMMENT ON FUNCTION evals(game) IS 'the evaluations of the main line''s plies ([%eval]): centipawns or mate in n (negative: Black mates), from White''s side, with the depth when given';
CREATE FUNCTION comments(g game, OUT ply integer, OUT comment text) RETURNS SETOF record
	AS 'MODULE_PATHNAME', 'game_comments' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE COST 500 ROWS 10;
COMMENT ON FUNCTION comments(game) IS 'the main line''s comments by the ply they follow (0: before the first move), commands taken out';
CREATE FUNCTION nags(g game, OUT ply integer, OUT nag integer) RETURNS SETOF record
	AS 'MODULE_PATHNAME', 'game_nags' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE COST 500 ROWS 10;
COMMENT ON FUNCTION nags(game) IS 'the main line''s NAGs by ply ($1 or ! is 1, ? 2, !! 3, ?? 4, !? 5, ?! 6)';
