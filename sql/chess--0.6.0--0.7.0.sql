/* chess--0.6.0--0.7.0.sql: row estimates for the search operators */

-- complain if script is sourced in psql, rather than via ALTER EXTENSION
\echo Use "ALTER EXTENSION chess UPDATE TO '0.7.0'" to load this file. \quit

--
-- The @> operators estimated their rows as contsel() does, a fixed 0.1%:
-- the start position, which every game reaches, became a bitmap scan of the
-- whole table, and a join could not tell a rare position from a common one.
-- They now test the column's statistics (its most common values and its
-- histogram) as matchingsel() does.  g @> p has an estimator of its own,
-- which reads the sampled games only as far as their openings (see
-- game_position_sel() in src/search.c), so that planning stays well under
-- the search it plans.
--

CREATE FUNCTION game_position_sel(internal, oid, internal, integer) RETURNS float8
	AS 'MODULE_PATHNAME' LANGUAGE C STABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION game_position_sel(internal, oid, internal, integer) IS 'restriction selectivity of @> for game and position';

ALTER OPERATOR @> (game, "position") SET (RESTRICT = game_position_sel, JOIN = matchingjoinsel);
ALTER OPERATOR @> (game, pattern) SET (RESTRICT = matchingsel, JOIN = matchingjoinsel);
ALTER OPERATOR @> (game, balance) SET (RESTRICT = matchingsel, JOIN = matchingjoinsel);
ALTER OPERATOR @> ("position", pattern) SET (RESTRICT = matchingsel, JOIN = matchingjoinsel);
ALTER OPERATOR @> ("position", balance) SET (RESTRICT = matchingsel, JOIN = matchingjoinsel);
