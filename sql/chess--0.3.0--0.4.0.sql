/* chess--0.3.0--0.4.0.sql: SAN, PGN and games */

-- complain if script is sourced in psql, rather than via ALTER EXTENSION
\echo Use "ALTER EXTENSION chess UPDATE TO '0.4.0'" to load this file. \quit

--
-- Notation
--

CREATE FUNCTION san("position", move) RETURNS text
	AS 'MODULE_PATHNAME', 'position_san' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION san("position", move) IS 'the standard algebraic notation (SAN) of a legal move';

CREATE FUNCTION parse_move("position", text, lenient boolean DEFAULT false) RETURNS move
	AS 'MODULE_PATHNAME', 'position_parse_move' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION parse_move("position", text, boolean) IS 'the legal move written in SAN or UCI; lenient accepts 0-0, Nf3xe5, e8Q, nf3 and the like';

CREATE FUNCTION play("position", text, lenient boolean DEFAULT false) RETURNS "position"
	AS 'MODULE_PATHNAME', 'position_play_notation' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION play("position", text, boolean) IS 'the position after a legal move written in SAN or UCI';

--
-- PGN
--

CREATE FUNCTION pgn_games(pgn text, skip_errors boolean DEFAULT false)
	RETURNS TABLE(game integer, tags jsonb, result text, start "position", final "position",
				  plies integer, moves move[])
	AS 'MODULE_PATHNAME', 'chess_pgn_games' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE ROWS 10;
COMMENT ON FUNCTION pgn_games(text, boolean) IS 'the games of a PGN text, one row each, their main lines validated move by move; skip_errors skips a bad game with a NOTICE';

CREATE FUNCTION pgn_plies(pgn text, skip_errors boolean DEFAULT false,
						  with_variations boolean DEFAULT false)
	RETURNS TABLE(game integer, ply integer, move move, san text, before "position",
				  after "position", comment text, variation text)
	AS 'MODULE_PATHNAME', 'chess_pgn_plies' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE ROWS 800;
COMMENT ON FUNCTION pgn_plies(text, boolean, boolean) IS 'the plies of the games of a PGN text, one row each, with the positions before and after; the main line, and with_variations the variations too (variation is their path: 1, 2, 1.1, ...)';

CREATE FUNCTION pgn(start "position", moves move[], tags jsonb DEFAULT '{}')
	RETURNS text
	AS 'MODULE_PATHNAME', 'chess_pgn' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION pgn("position", move[], jsonb) IS 'a game as PGN text: the Seven Tag Roster and other tags, SetUp and FEN for another start, the moves in SAN';

--
-- Game state
--

CREATE FUNCTION is_insufficient_material("position") RETURNS boolean
	AS 'MODULE_PATHNAME', 'position_is_insufficient_material' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION is_insufficient_material("position") IS 'whether neither side has the material to checkmate';

CREATE FUNCTION can_claim_fifty_moves("position") RETURNS boolean
	AS 'MODULE_PATHNAME', 'position_can_claim_fifty_moves' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION can_claim_fifty_moves("position") IS 'whether a draw can be claimed under the fifty-move rule (100 plies without capture or pawn move)';

CREATE FUNCTION is_seventyfive_moves("position") RETURNS boolean
	AS 'MODULE_PATHNAME', 'position_is_seventyfive_moves' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION is_seventyfive_moves("position") IS 'whether the game is drawn under the seventy-five-move rule (150 plies)';

CREATE FUNCTION repetitions(positions "position"[]) RETURNS integer
	AS 'MODULE_PATHNAME', 'chess_repetitions' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION repetitions("position"[]) IS 'how often the last of a game''s positions occurs among them (placement, side, castling, en passant; not the clocks)';

CREATE FUNCTION is_threefold_repetition(positions "position"[]) RETURNS boolean
	AS 'MODULE_PATHNAME', 'chess_is_threefold_repetition' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION is_threefold_repetition("position"[]) IS 'whether the last position has occurred three times: a draw can be claimed';

CREATE FUNCTION is_fivefold_repetition(positions "position"[]) RETURNS boolean
	AS 'MODULE_PATHNAME', 'chess_is_fivefold_repetition' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION is_fivefold_repetition("position"[]) IS 'whether the last position has occurred five times: the game is drawn';

CREATE FUNCTION outcome("position", OUT termination text, OUT result text)
	AS 'MODULE_PATHNAME', 'position_outcome' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION outcome("position") IS 'how the game stands: checkmate, stalemate, insufficient material or seventy-five moves with its result, or NULL and *';

CREATE FUNCTION outcome(positions "position"[], OUT termination text, OUT result text)
	AS 'MODULE_PATHNAME', 'game_outcome' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION outcome("position"[]) IS 'how a game stands after its positions, fivefold repetition included';

--
-- Aggregates
--

CREATE FUNCTION replay_transfn(internal, "position", move) RETURNS internal
	AS 'MODULE_PATHNAME', 'chess_replay_transfn' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION replay_transfn(internal, "position", move) IS 'transition function of replay(position, move)';
CREATE FUNCTION replay_start_transfn(internal, move) RETURNS internal
	AS 'MODULE_PATHNAME', 'chess_replay_start_transfn' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION replay_start_transfn(internal, move) IS 'transition function of replay(move)';
CREATE FUNCTION replay_finalfn(internal) RETURNS "position"
	AS 'MODULE_PATHNAME', 'chess_replay_finalfn' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION replay_finalfn(internal) IS 'final function of replay()';

CREATE AGGREGATE replay("position", move) (
	SFUNC = replay_transfn,
	STYPE = internal,
	FINALFUNC = replay_finalfn,
	PARALLEL = SAFE
);
COMMENT ON AGGREGATE replay("position", move) IS 'the position after playing the moves (in ORDER BY order) from a start; raises at the first illegal move with its ply';

CREATE AGGREGATE replay(move) (
	SFUNC = replay_start_transfn,
	STYPE = internal,
	FINALFUNC = replay_finalfn,
	PARALLEL = SAFE
);
COMMENT ON AGGREGATE replay(move) IS 'the position after playing the moves (in ORDER BY order) from the standard start; raises at the first illegal move with its ply';
