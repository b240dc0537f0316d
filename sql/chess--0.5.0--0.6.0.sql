/* chess--0.5.0--0.6.0.sql: the chess database — the game type and position search */

-- complain if script is sourced in psql, rather than via ALTER EXTENSION
\echo Use "ALTER EXTENSION chess UPDATE TO '0.6.0'" to load this file. \quit

--
-- The type game: a start position and the legal moves played from it
--

CREATE TYPE game;

CREATE FUNCTION game_in(cstring) RETURNS game
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE COST 100;
CREATE FUNCTION game_out(game) RETURNS cstring
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE COST 100;
CREATE FUNCTION game_recv(internal) RETURNS game
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE COST 100;
CREATE FUNCTION game_send(game) RETURNS bytea
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE COST 100;

CREATE TYPE game (
	INPUT = game_in,
	OUTPUT = game_out,
	RECEIVE = game_recv,
	SEND = game_send,
	INTERNALLENGTH = VARIABLE,
	ALIGNMENT = int4,
	STORAGE = extended
);
COMMENT ON TYPE game IS 'a chess game: a start position and the legal moves played from it, about 5 bits a move; text is PGN movetext';
COMMENT ON TYPE game[] IS 'an array of games';
COMMENT ON FUNCTION game_in(cstring) IS 'input function of game: PGN movetext (SAN or UCI), a FEN tag for another start';
COMMENT ON FUNCTION game_out(game) IS 'output function of game: numbered SAN on one line';
COMMENT ON FUNCTION game_recv(internal) IS 'binary input function of game';
COMMENT ON FUNCTION game_send(game) IS 'binary output function of game';

--
-- Constructors and accessors
--

CREATE FUNCTION game(start "position", moves move[]) RETURNS game
	AS 'MODULE_PATHNAME', 'game_make' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE COST 100;
COMMENT ON FUNCTION game("position", move[]) IS 'the game of legal moves played from a start position; an illegal move raises 22023 naming its ply';
CREATE FUNCTION game(moves move[]) RETURNS game
	AS 'MODULE_PATHNAME', 'game_make_standard' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE COST 100;
COMMENT ON FUNCTION game(move[]) IS 'the game of legal moves played from the standard start';
CREATE FUNCTION start(game) RETURNS "position"
	AS 'MODULE_PATHNAME', 'game_start_position' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE COST 5;
COMMENT ON FUNCTION start(game) IS 'the start position of a game';
CREATE FUNCTION plies(game) RETURNS integer
	AS 'MODULE_PATHNAME', 'game_plies_count' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE COST 2;
COMMENT ON FUNCTION plies(game) IS 'the number of plies of a game';
CREATE FUNCTION moves(game) RETURNS move[]
	AS 'MODULE_PATHNAME', 'game_moves' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE COST 100;
COMMENT ON FUNCTION moves(game) IS 'the moves of a game';
CREATE FUNCTION final(game) RETURNS "position"
	AS 'MODULE_PATHNAME', 'game_final' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE COST 100;
COMMENT ON FUNCTION final(game) IS 'the position at the end of a game';
CREATE FUNCTION position_at(game, ply integer) RETURNS "position"
	AS 'MODULE_PATHNAME', 'game_position_at' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE COST 100;
COMMENT ON FUNCTION position_at(game, integer) IS 'the position after a number of plies, 0 being the start';
CREATE FUNCTION positions(game) RETURNS TABLE(ply integer, "position" "position", next move)
	AS 'MODULE_PATHNAME', 'game_positions' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE
	COST 2 ROWS 80;
COMMENT ON FUNCTION positions(game) IS 'every position of a game, ply 0 the start, with the move played from it (NULL after the last)';
CREATE FUNCTION game_append(game, move) RETURNS game
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE COST 100;
COMMENT ON FUNCTION game_append(game, move) IS 'the game with a legal move played at its end';
CREATE OPERATOR || (LEFTARG = game, RIGHTARG = move, PROCEDURE = game_append);
COMMENT ON OPERATOR || (game, move) IS 'the game with a legal move played at its end; 22023 when it is illegal';

CREATE FUNCTION without_clocks("position") RETURNS "position"
	AS 'MODULE_PATHNAME', 'position_without_clocks' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE COST 5;
COMMENT ON FUNCTION without_clocks("position") IS 'the position with halfmove clock 0 and fullmove number 1: equal for the same position whatever its clocks, to index and compare';

--
-- Comparison: the order of the move sequences, games from the standard
-- start first; equal games have equal bytes
--

CREATE FUNCTION game_cmp(game, game) RETURNS integer
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
CREATE FUNCTION game_eq(game, game) RETURNS boolean
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
CREATE FUNCTION game_ne(game, game) RETURNS boolean
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
CREATE FUNCTION game_lt(game, game) RETURNS boolean
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
CREATE FUNCTION game_le(game, game) RETURNS boolean
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
CREATE FUNCTION game_gt(game, game) RETURNS boolean
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
CREATE FUNCTION game_ge(game, game) RETURNS boolean
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
CREATE FUNCTION game_hash(game) RETURNS integer
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
CREATE FUNCTION game_hash_extended(game, bigint) RETURNS bigint
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
COMMENT ON FUNCTION game_cmp(game, game) IS 'btree comparison of games: by start, then move by move';
COMMENT ON FUNCTION game_eq(game, game) IS 'implementation of = for game';
COMMENT ON FUNCTION game_ne(game, game) IS 'implementation of <> for game';
COMMENT ON FUNCTION game_lt(game, game) IS 'implementation of < for game';
COMMENT ON FUNCTION game_le(game, game) IS 'implementation of <= for game';
COMMENT ON FUNCTION game_gt(game, game) IS 'implementation of > for game';
COMMENT ON FUNCTION game_ge(game, game) IS 'implementation of >= for game';
COMMENT ON FUNCTION game_hash(game) IS 'hash of a game';
COMMENT ON FUNCTION game_hash_extended(game, bigint) IS 'extended hash of a game';

CREATE OPERATOR = (
	LEFTARG = game, RIGHTARG = game, PROCEDURE = game_eq,
	COMMUTATOR = =, NEGATOR = <>,
	RESTRICT = eqsel, JOIN = eqjoinsel,
	HASHES, MERGES
);
COMMENT ON OPERATOR = (game, game) IS 'equal: the same start and the same moves';
CREATE OPERATOR <> (
	LEFTARG = game, RIGHTARG = game, PROCEDURE = game_ne,
	COMMUTATOR = <>, NEGATOR = =,
	RESTRICT = neqsel, JOIN = neqjoinsel
);
COMMENT ON OPERATOR <> (game, game) IS 'not equal';
CREATE OPERATOR < (
	LEFTARG = game, RIGHTARG = game, PROCEDURE = game_lt,
	COMMUTATOR = >, NEGATOR = >=,
	RESTRICT = scalarltsel, JOIN = scalarltjoinsel
);
COMMENT ON OPERATOR < (game, game) IS 'less than, move by move';
CREATE OPERATOR <= (
	LEFTARG = game, RIGHTARG = game, PROCEDURE = game_le,
	COMMUTATOR = >=, NEGATOR = >,
	RESTRICT = scalarlesel, JOIN = scalarlejoinsel
);
COMMENT ON OPERATOR <= (game, game) IS 'less than or equal, move by move';
CREATE OPERATOR > (
	LEFTARG = game, RIGHTARG = game, PROCEDURE = game_gt,
	COMMUTATOR = <, NEGATOR = <=,
	RESTRICT = scalargtsel, JOIN = scalargtjoinsel
);
COMMENT ON OPERATOR > (game, game) IS 'greater than, move by move';
CREATE OPERATOR >= (
	LEFTARG = game, RIGHTARG = game, PROCEDURE = game_ge,
	COMMUTATOR = <=, NEGATOR = <,
	RESTRICT = scalargesel, JOIN = scalargejoinsel
);
COMMENT ON OPERATOR >= (game, game) IS 'greater than or equal, move by move';

CREATE OPERATOR CLASS game_ops
	DEFAULT FOR TYPE game USING btree AS
		OPERATOR 1 <,
		OPERATOR 2 <=,
		OPERATOR 3 =,
		OPERATOR 4 >=,
		OPERATOR 5 >,
		FUNCTION 1 game_cmp(game, game),
		FUNCTION 4 btequalimage(oid);
COMMENT ON OPERATOR CLASS game_ops USING btree IS 'btree operator class for game: games that share an opening sort together';
CREATE OPERATOR CLASS game_hash_ops
	DEFAULT FOR TYPE game USING hash AS
		OPERATOR 1 =,
		FUNCTION 1 game_hash(game),
		FUNCTION 2 game_hash_extended(game, bigint);
COMMENT ON OPERATOR CLASS game_hash_ops USING hash IS 'hash operator class for game';

--
-- Search: the positions a game reaches, with a GIN operator class
--

CREATE FUNCTION game_reaches_position(game, "position") RETURNS boolean
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE COST 100;
COMMENT ON FUNCTION game_reaches_position(game, "position") IS 'implementation of @> for game and position';
CREATE OPERATOR @> (
	LEFTARG = game, RIGHTARG = "position", PROCEDURE = game_reaches_position,
	RESTRICT = contsel, JOIN = contjoinsel
);
COMMENT ON OPERATOR @> (game, "position") IS 'the game reaches the position at some ply (placement, side to move, castling, en passant; not the clocks)';

CREATE FUNCTION game_gin_extract_value(game, internal) RETURNS internal
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION game_gin_extract_query("position", internal, int2, internal, internal, internal, internal)
	RETURNS internal
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION game_gin_consistent(internal, int2, "position", int4, internal, internal, internal, internal)
	RETURNS boolean
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION game_gin_triconsistent(internal, int2, "position", int4, internal, internal, internal)
	RETURNS "char"
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION game_gin_extract_value(game, internal) IS 'GIN support: the keys of a game (the positions it reaches)';
COMMENT ON FUNCTION game_gin_extract_query("position", internal, int2, internal, internal, internal, internal) IS 'GIN support: the key of a position';
COMMENT ON FUNCTION game_gin_consistent(internal, int2, "position", int4, internal, internal, internal, internal) IS 'GIN support: consistent';
COMMENT ON FUNCTION game_gin_triconsistent(internal, int2, "position", int4, internal, internal, internal) IS 'GIN support: ternary consistent';

CREATE OPERATOR CLASS game_gin_ops
	DEFAULT FOR TYPE game USING gin AS
		OPERATOR 7 @> (game, "position"),
		FUNCTION 1 byteacmp(bytea, bytea),
		FUNCTION 2 game_gin_extract_value(game, internal),
		FUNCTION 3 game_gin_extract_query("position", internal, int2, internal, internal, internal, internal),
		FUNCTION 4 game_gin_consistent(internal, int2, "position", int4, internal, internal, internal, internal),
		FUNCTION 6 game_gin_triconsistent(internal, int2, "position", int4, internal, internal, internal),
		STORAGE bytea;
COMMENT ON OPERATOR CLASS game_gin_ops USING gin IS 'GIN operator class for game: g @> position, exact from the index';

--
-- pgn_games() gives each game as a game value too
--

DROP FUNCTION pgn_games(text, boolean);
CREATE FUNCTION pgn_games(pgn text, skip_errors boolean DEFAULT false)
	RETURNS TABLE(game integer, tags jsonb, result text, start "position", final "position",
				  plies integer, moves move[], value game)
	AS 'MODULE_PATHNAME', 'chess_pgn_games' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE
	COST 5000 ROWS 1000;
COMMENT ON FUNCTION pgn_games(text, boolean) IS 'the games of a PGN text, one row each (value: the game as a game value), their main lines validated move by move; skip_errors skips a bad game with a NOTICE';
