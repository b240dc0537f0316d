/* chess--0.1.0--0.2.0.sql: legal move generation */

-- complain if script is sourced in psql, rather than via ALTER EXTENSION
\echo Use "ALTER EXTENSION chess UPDATE TO '0.2.0'" to load this file. \quit

--
-- Game state
--

CREATE FUNCTION in_check("position") RETURNS boolean
	AS 'MODULE_PATHNAME', 'position_in_check_sql' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION in_check("position") IS 'whether the side to move is in check';

CREATE FUNCTION is_checkmate("position") RETURNS boolean
	AS 'MODULE_PATHNAME', 'position_is_checkmate_sql' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION is_checkmate("position") IS 'whether the side to move is checkmated';

CREATE FUNCTION is_stalemate("position") RETURNS boolean
	AS 'MODULE_PATHNAME', 'position_is_stalemate_sql' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION is_stalemate("position") IS 'whether the side to move is stalemated';

CREATE FUNCTION polyglot_key("position") RETURNS bigint
	AS 'MODULE_PATHNAME', 'position_polyglot_key' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION polyglot_key("position") IS 'Polyglot opening-book key (en passant file hashed when the capture is legal)';

--
-- Moves: the pipeline's stages
--

CREATE FUNCTION is_legal("position", move) RETURNS boolean
	AS 'MODULE_PATHNAME', 'position_is_legal' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION is_legal("position", move) IS 'whether a move is legal in a position';

CREATE FUNCTION play("position", move) RETURNS "position"
	AS 'MODULE_PATHNAME', 'position_play_move' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION play("position", move) IS 'the position after a legal move; an illegal move raises an error saying why';

--
-- Set-returning functions
--

CREATE FUNCTION legal_moves("position") RETURNS SETOF move
	AS 'MODULE_PATHNAME', 'position_legal_moves' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE ROWS 35;
COMMENT ON FUNCTION legal_moves("position") IS 'the legal moves of the side to move';

CREATE FUNCTION pseudo_legal_moves("position") RETURNS SETOF move
	AS 'MODULE_PATHNAME', 'position_pseudo_legal_moves' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE ROWS 37;
COMMENT ON FUNCTION pseudo_legal_moves("position") IS 'the moves of the side to move before the king-safety filter';

CREATE FUNCTION successors("position") RETURNS TABLE(move move, "position" "position")
	AS 'MODULE_PATHNAME', 'position_successors' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE ROWS 35;
COMMENT ON FUNCTION successors("position") IS 'every legal move with the position it leads to';

CREATE FUNCTION attackers("position", square, text) RETURNS SETOF square
	AS 'MODULE_PATHNAME', 'position_attackers_sql' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE ROWS 2;
COMMENT ON FUNCTION attackers("position", square, text) IS 'squares of the pieces of a colour (white, black) that attack a square';

CREATE FUNCTION perft("position", integer) RETURNS bigint
	AS 'MODULE_PATHNAME', 'position_perft' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION perft("position", integer) IS 'number of leaf nodes of the legal-move tree to a depth';

CREATE FUNCTION perft_divide("position", integer) RETURNS TABLE(move move, nodes bigint)
	AS 'MODULE_PATHNAME', 'position_perft_divide' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE ROWS 35;
COMMENT ON FUNCTION perft_divide("position", integer) IS 'perft of each legal move to one less depth';
