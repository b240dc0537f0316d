/* chess--0.8.0--0.9.0.sql: formats pinned and inspectable, estimates for patterns and balances */

-- complain if script is sourced in psql, rather than via ALTER EXTENSION
\echo Use "ALTER EXTENSION chess UPDATE TO '0.9.0'" to load this file. \quit

--
-- The keys of the GIN operator classes are a format (doc/formats.md): an
-- index on disk holds them.  gin_keys() and gin_query_keys() show them, as
-- core's gin_extract_* and pageinspect show core's, and sql/formats.sql
-- pins them: a change to a recipe or a constant fails it.
--

-- The keys each GIN operator class extracts from a value and from a query
-- (NULL: the query asks for every row), as bigint[]: a format, pinned by
-- sql/formats.sql (doc/formats.md).
CREATE FUNCTION gin_keys("position") RETURNS bigint[]
	AS 'MODULE_PATHNAME', 'chess_gin_keys_position' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE COST 100;
COMMENT ON FUNCTION gin_keys("position") IS 'the keys position_gin_ops extracts from a position (doc/formats.md)';
CREATE FUNCTION gin_keys(g game, opclass text DEFAULT 'game_gin_ops', pairs boolean DEFAULT false) RETURNS bigint[]
	AS 'MODULE_PATHNAME', 'chess_gin_keys_game' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE COST 1000;
COMMENT ON FUNCTION gin_keys(game, text, boolean) IS 'the keys game_gin_ops or game_pattern_ops (with or without pairs) extracts from a game (doc/formats.md)';
CREATE FUNCTION gin_query_keys(query "position", opclass text DEFAULT 'game_gin_ops') RETURNS bigint[]
	AS 'MODULE_PATHNAME', 'chess_gin_query_keys_position' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE COST 100;
COMMENT ON FUNCTION gin_query_keys("position", text) IS 'the keys game_gin_ops asks for in g @> position (doc/formats.md)';
CREATE FUNCTION gin_query_keys(query pattern, opclass text DEFAULT 'game_pattern_ops', pairs boolean DEFAULT false) RETURNS bigint[]
	AS 'MODULE_PATHNAME', 'chess_gin_query_keys_pattern' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE COST 100;
COMMENT ON FUNCTION gin_query_keys(pattern, text, boolean) IS 'the keys position_gin_ops or game_pattern_ops (with or without pairs) asks for in @> pattern, NULL for every row (doc/formats.md)';
CREATE FUNCTION gin_query_keys(query balance, opclass text DEFAULT 'game_gin_ops') RETURNS bigint[]
	AS 'MODULE_PATHNAME', 'chess_gin_query_keys_balance' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE COST 1000;
COMMENT ON FUNCTION gin_query_keys(balance, text) IS 'the keys position_gin_ops or game_gin_ops asks for in @> balance, NULL for every row (doc/formats.md)';

--
-- g @> pattern and g @> balance were estimated as contsel() estimates, a
-- fixed 0.1%; they now read the column's sampled games, as g @> position
-- does since 0.7.0.
--

-- g @> pattern and g @> balance: the share of the column's sampled games
-- (most common values and histogram) that match, as g @> position has it.
CREATE FUNCTION game_pattern_sel(internal, oid, internal, integer) RETURNS float8
	AS 'MODULE_PATHNAME' LANGUAGE C STABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION game_pattern_sel(internal, oid, internal, integer) IS 'restriction selectivity of @> for game and pattern';
CREATE FUNCTION game_balance_sel(internal, oid, internal, integer) RETURNS float8
	AS 'MODULE_PATHNAME' LANGUAGE C STABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION game_balance_sel(internal, oid, internal, integer) IS 'restriction selectivity of @> for game and balance';
ALTER OPERATOR @> (game, pattern) SET (RESTRICT = game_pattern_sel, JOIN = matchingjoinsel);
ALTER OPERATOR @> (game, balance) SET (RESTRICT = game_balance_sel, JOIN = matchingjoinsel);

--
-- game_ops declared btequalimage, which tells btree that equal values have
-- equal bytes: not so since 0.8.0, for a game stored in format version 1
-- and the same game in version 2.  Without it a new btree index of games
-- does not deduplicate.  An index built before keeps deduplicating until
-- REINDEX (harmless for lookups: it merges equal games; an index-only scan
-- may return either version's bytes of a game).
--

-- (PostgreSQL 13 cannot: the function is bound to the operator class there,
-- a loose member of the family only from 14, and the class cannot be made
-- anew under the indexes that use it.  An installation upgraded on 13 keeps
-- it, with the consequences above for its indexes; a fresh install has none.)
DO $$
BEGIN
	IF current_setting('server_version_num')::integer >= 140000 THEN
		ALTER OPERATOR FAMILY game_ops USING btree DROP FUNCTION 4 (game, game);
	END IF;
END $$;

--
-- Stored values are validated as they are read (XX001 for bytes no writer
-- produces), and a balance counts up to 15 of a kind (a side's 16 men, one
-- the king), where it stopped at 10: code only, nothing in the catalog.
--
