/* chess--0.6.0--0.7.0.sql: row estimates for the search operators */

-- complain if script is sourced in psql, rather than via ALTER EXTENSION
\echo Use "ALTER EXTENSION chess UPDATE TO '0.7.0'" to load this file. \quit

--
-- The @> operators estimated their rows as contsel() does, a fixed 0.1%:
-- the start position, which every game reaches, became a bitmap scan of the
-- whole table, and a join could not tell a rare position from a common one.
-- Those of a position now test the column's statistics (its most common
-- values and its histogram) as matchingsel() does.  g @> p has an
-- estimator of its own, which reads the sampled games only as far as their
-- openings (see game_position_sel() in src/search.c), so that planning
-- stays well under the search it plans.  g @> pattern and g @> balance keep
-- contsel(): matchingsel() reads each sampled game to its end for them, 4
-- ms of planning on 100,000 games, more than a material search takes.
--

CREATE FUNCTION game_position_sel(internal, oid, internal, integer) RETURNS float8
	AS 'MODULE_PATHNAME' LANGUAGE C STABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION game_position_sel(internal, oid, internal, integer) IS 'restriction selectivity of @> for game and position';

ALTER OPERATOR @> (game, "position") SET (RESTRICT = game_position_sel, JOIN = matchingjoinsel);
ALTER OPERATOR @> ("position", pattern) SET (RESTRICT = matchingsel, JOIN = matchingjoinsel);
ALTER OPERATOR @> ("position", balance) SET (RESTRICT = matchingsel, JOIN = matchingjoinsel);
