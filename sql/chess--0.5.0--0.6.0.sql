/* chess--0.5.0--0.6.0.sql: the chess database — the game type, patterns, material, GIN search */

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
CREATE FUNCTION next_moves(game, "position") RETURNS SETOF move
	AS 'MODULE_PATHNAME', 'game_next_moves' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE
	COST 10 ROWS 1;
COMMENT ON FUNCTION next_moves(game, "position") IS 'the moves a game plays from a position, each time it reaches it (clocks ignored): what an opening explorer counts';
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
-- prefixes: g ^@ '1. e4 c5 2. Nf3', a range on the btree index
CREATE FUNCTION game_starts_with_support(internal) RETURNS internal
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION game_starts_with_support(internal) IS 'planner support for ^@ on game: a range on a btree index';
CREATE FUNCTION starts_with(game, game) RETURNS boolean
	AS 'MODULE_PATHNAME', 'game_starts_with' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE COST 50
	SUPPORT game_starts_with_support;
COMMENT ON FUNCTION starts_with(game, game) IS 'the game begins with the moves of the other, from the same start';
CREATE OPERATOR ^@ (LEFTARG = game, RIGHTARG = game, PROCEDURE = starts_with,
	RESTRICT = contsel, JOIN = contjoinsel);
COMMENT ON OPERATOR ^@ (game, game) IS 'the game begins with the moves of the other (an opening prefix); a btree index on game serves it';

CREATE OPERATOR CLASS game_hash_ops
	DEFAULT FOR TYPE game USING hash AS
		OPERATOR 1 =,
		FUNCTION 1 game_hash(game),
		FUNCTION 2 game_hash_extended(game, bigint);
COMMENT ON OPERATOR CLASS game_hash_ops USING hash IS 'hash operator class for game';

--
-- Search: piece patterns and material balances
--

CREATE TYPE pattern;
CREATE FUNCTION pattern_in(cstring) RETURNS pattern
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE COST 20;
CREATE FUNCTION pattern_out(pattern) RETURNS cstring
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE COST 20;
CREATE FUNCTION pattern_recv(internal) RETURNS pattern
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION pattern_send(pattern) RETURNS bytea
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE TYPE pattern (
	INPUT = pattern_in,
	OUTPUT = pattern_out,
	RECEIVE = pattern_recv,
	SEND = pattern_send,
	INTERNALLENGTH = 105,
	ALIGNMENT = char,
	STORAGE = plain
);
COMMENT ON TYPE pattern IS 'a piece pattern: a FEN placement whose digits are squares that may hold anything, . an empty square, and an optional side to move (105 bytes)';
COMMENT ON TYPE pattern[] IS 'an array of patterns';
COMMENT ON FUNCTION pattern_in(cstring) IS 'input function of pattern: a sub-FEN placement';
COMMENT ON FUNCTION pattern_out(pattern) IS 'output function of pattern';
COMMENT ON FUNCTION pattern_recv(internal) IS 'binary input function of pattern';
COMMENT ON FUNCTION pattern_send(pattern) IS 'binary output function of pattern';

CREATE TYPE balance;
CREATE FUNCTION balance_in(cstring) RETURNS balance
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE COST 20;
CREATE FUNCTION balance_out(balance) RETURNS cstring
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE COST 20;
CREATE FUNCTION balance_recv(internal) RETURNS balance
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION balance_send(balance) RETURNS bytea
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE TYPE balance (
	INPUT = balance_in,
	OUTPUT = balance_out,
	RECEIVE = balance_recv,
	SEND = balance_send,
	INTERNALLENGTH = 20,
	ALIGNMENT = char,
	STORAGE = plain
);
COMMENT ON TYPE balance IS 'a material balance to search for: a signature, White first, whose letters may carry ?, * or + (KRBP*vKRP*) (20 bytes)';
COMMENT ON TYPE balance[] IS 'an array of balances';
COMMENT ON FUNCTION balance_in(cstring) IS 'input function of balance: a material signature with quantifiers';
COMMENT ON FUNCTION balance_out(balance) IS 'output function of balance: the canonical signature';
COMMENT ON FUNCTION balance_recv(internal) IS 'binary input function of balance';
COMMENT ON FUNCTION balance_send(balance) IS 'binary output function of balance';

CREATE FUNCTION pattern_cmp(pattern, pattern) RETURNS integer
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
CREATE FUNCTION pattern_eq(pattern, pattern) RETURNS boolean
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
CREATE FUNCTION pattern_ne(pattern, pattern) RETURNS boolean
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
CREATE FUNCTION pattern_lt(pattern, pattern) RETURNS boolean
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
CREATE FUNCTION pattern_le(pattern, pattern) RETURNS boolean
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
CREATE FUNCTION pattern_gt(pattern, pattern) RETURNS boolean
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
CREATE FUNCTION pattern_ge(pattern, pattern) RETURNS boolean
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
CREATE FUNCTION pattern_hash(pattern) RETURNS integer
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
CREATE FUNCTION pattern_hash_extended(pattern, bigint) RETURNS bigint
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
COMMENT ON FUNCTION pattern_cmp(pattern, pattern) IS 'btree comparison of patterns (by their packed bytes)';
COMMENT ON FUNCTION pattern_eq(pattern, pattern) IS 'implementation of = for pattern';
COMMENT ON FUNCTION pattern_ne(pattern, pattern) IS 'implementation of <> for pattern';
COMMENT ON FUNCTION pattern_lt(pattern, pattern) IS 'implementation of < for pattern';
COMMENT ON FUNCTION pattern_le(pattern, pattern) IS 'implementation of <= for pattern';
COMMENT ON FUNCTION pattern_gt(pattern, pattern) IS 'implementation of > for pattern';
COMMENT ON FUNCTION pattern_ge(pattern, pattern) IS 'implementation of >= for pattern';
COMMENT ON FUNCTION pattern_hash(pattern) IS 'hash of a pattern';
COMMENT ON FUNCTION pattern_hash_extended(pattern, bigint) IS 'extended hash of a pattern';
CREATE OPERATOR = (
	LEFTARG = pattern, RIGHTARG = pattern, PROCEDURE = pattern_eq,
	COMMUTATOR = =, NEGATOR = <>,
	RESTRICT = eqsel, JOIN = eqjoinsel,
	HASHES, MERGES
);
COMMENT ON OPERATOR = (pattern, pattern) IS 'equal';
CREATE OPERATOR <> (
	LEFTARG = pattern, RIGHTARG = pattern, PROCEDURE = pattern_ne,
	COMMUTATOR = <>, NEGATOR = =,
	RESTRICT = neqsel, JOIN = neqjoinsel
);
COMMENT ON OPERATOR <> (pattern, pattern) IS 'not equal';
CREATE OPERATOR < (
	LEFTARG = pattern, RIGHTARG = pattern, PROCEDURE = pattern_lt,
	COMMUTATOR = >, NEGATOR = >=,
	RESTRICT = scalarltsel, JOIN = scalarltjoinsel
);
COMMENT ON OPERATOR < (pattern, pattern) IS 'less than (an arbitrary but fixed order)';
CREATE OPERATOR <= (
	LEFTARG = pattern, RIGHTARG = pattern, PROCEDURE = pattern_le,
	COMMUTATOR = >=, NEGATOR = >,
	RESTRICT = scalarlesel, JOIN = scalarlejoinsel
);
COMMENT ON OPERATOR <= (pattern, pattern) IS 'less than or equal';
CREATE OPERATOR > (
	LEFTARG = pattern, RIGHTARG = pattern, PROCEDURE = pattern_gt,
	COMMUTATOR = <, NEGATOR = <=,
	RESTRICT = scalargtsel, JOIN = scalargtjoinsel
);
COMMENT ON OPERATOR > (pattern, pattern) IS 'greater than';
CREATE OPERATOR >= (
	LEFTARG = pattern, RIGHTARG = pattern, PROCEDURE = pattern_ge,
	COMMUTATOR = <=, NEGATOR = <,
	RESTRICT = scalargesel, JOIN = scalargejoinsel
);
COMMENT ON OPERATOR >= (pattern, pattern) IS 'greater than or equal';
CREATE OPERATOR CLASS pattern_ops
	DEFAULT FOR TYPE pattern USING btree AS
		OPERATOR 1 <,
		OPERATOR 2 <=,
		OPERATOR 3 =,
		OPERATOR 4 >=,
		OPERATOR 5 >,
		FUNCTION 1 pattern_cmp(pattern, pattern),
		FUNCTION 4 btequalimage(oid);
COMMENT ON OPERATOR CLASS pattern_ops USING btree IS 'btree operator class for pattern';
CREATE OPERATOR CLASS pattern_hash_ops
	DEFAULT FOR TYPE pattern USING hash AS
		OPERATOR 1 =,
		FUNCTION 1 pattern_hash(pattern),
		FUNCTION 2 pattern_hash_extended(pattern, bigint);
COMMENT ON OPERATOR CLASS pattern_hash_ops USING hash IS 'hash operator class for pattern';

CREATE FUNCTION balance_cmp(balance, balance) RETURNS integer
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
CREATE FUNCTION balance_eq(balance, balance) RETURNS boolean
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
CREATE FUNCTION balance_ne(balance, balance) RETURNS boolean
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
CREATE FUNCTION balance_lt(balance, balance) RETURNS boolean
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
CREATE FUNCTION balance_le(balance, balance) RETURNS boolean
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
CREATE FUNCTION balance_gt(balance, balance) RETURNS boolean
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
CREATE FUNCTION balance_ge(balance, balance) RETURNS boolean
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
CREATE FUNCTION balance_hash(balance) RETURNS integer
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
CREATE FUNCTION balance_hash_extended(balance, bigint) RETURNS bigint
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
COMMENT ON FUNCTION balance_cmp(balance, balance) IS 'btree comparison of material balances (by their packed bytes)';
COMMENT ON FUNCTION balance_eq(balance, balance) IS 'implementation of = for balance';
COMMENT ON FUNCTION balance_ne(balance, balance) IS 'implementation of <> for balance';
COMMENT ON FUNCTION balance_lt(balance, balance) IS 'implementation of < for balance';
COMMENT ON FUNCTION balance_le(balance, balance) IS 'implementation of <= for balance';
COMMENT ON FUNCTION balance_gt(balance, balance) IS 'implementation of > for balance';
COMMENT ON FUNCTION balance_ge(balance, balance) IS 'implementation of >= for balance';
COMMENT ON FUNCTION balance_hash(balance) IS 'hash of a material balance';
COMMENT ON FUNCTION balance_hash_extended(balance, bigint) IS 'extended hash of a material balance';
CREATE OPERATOR = (
	LEFTARG = balance, RIGHTARG = balance, PROCEDURE = balance_eq,
	COMMUTATOR = =, NEGATOR = <>,
	RESTRICT = eqsel, JOIN = eqjoinsel,
	HASHES, MERGES
);
COMMENT ON OPERATOR = (balance, balance) IS 'equal';
CREATE OPERATOR <> (
	LEFTARG = balance, RIGHTARG = balance, PROCEDURE = balance_ne,
	COMMUTATOR = <>, NEGATOR = =,
	RESTRICT = neqsel, JOIN = neqjoinsel
);
COMMENT ON OPERATOR <> (balance, balance) IS 'not equal';
CREATE OPERATOR < (
	LEFTARG = balance, RIGHTARG = balance, PROCEDURE = balance_lt,
	COMMUTATOR = >, NEGATOR = >=,
	RESTRICT = scalarltsel, JOIN = scalarltjoinsel
);
COMMENT ON OPERATOR < (balance, balance) IS 'less than (an arbitrary but fixed order)';
CREATE OPERATOR <= (
	LEFTARG = balance, RIGHTARG = balance, PROCEDURE = balance_le,
	COMMUTATOR = >=, NEGATOR = >,
	RESTRICT = scalarlesel, JOIN = scalarlejoinsel
);
COMMENT ON OPERATOR <= (balance, balance) IS 'less than or equal';
CREATE OPERATOR > (
	LEFTARG = balance, RIGHTARG = balance, PROCEDURE = balance_gt,
	COMMUTATOR = <, NEGATOR = <=,
	RESTRICT = scalargtsel, JOIN = scalargtjoinsel
);
COMMENT ON OPERATOR > (balance, balance) IS 'greater than';
CREATE OPERATOR >= (
	LEFTARG = balance, RIGHTARG = balance, PROCEDURE = balance_ge,
	COMMUTATOR = <=, NEGATOR = <,
	RESTRICT = scalargesel, JOIN = scalargejoinsel
);
COMMENT ON OPERATOR >= (balance, balance) IS 'greater than or equal';
CREATE OPERATOR CLASS balance_ops
	DEFAULT FOR TYPE balance USING btree AS
		OPERATOR 1 <,
		OPERATOR 2 <=,
		OPERATOR 3 =,
		OPERATOR 4 >=,
		OPERATOR 5 >,
		FUNCTION 1 balance_cmp(balance, balance),
		FUNCTION 4 btequalimage(oid);
COMMENT ON OPERATOR CLASS balance_ops USING btree IS 'btree operator class for balance';
CREATE OPERATOR CLASS balance_hash_ops
	DEFAULT FOR TYPE balance USING hash AS
		OPERATOR 1 =,
		FUNCTION 1 balance_hash(balance),
		FUNCTION 2 balance_hash_extended(balance, bigint);
COMMENT ON OPERATOR CLASS balance_hash_ops USING hash IS 'hash operator class for balance';

CREATE FUNCTION material("position") RETURNS text
	AS 'MODULE_PATHNAME', 'position_material' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE COST 5;
COMMENT ON FUNCTION material("position") IS 'the material signature in Syzygy''s order, White first: KQRRBBNNPPPPPPPPvKQRRBBNNPPPPPPPP, KRBvKR';
CREATE FUNCTION flip(balance) RETURNS balance
	AS 'MODULE_PATHNAME', 'balance_flip' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION flip(balance) IS 'the material balance with the colours swapped: for "either colour", write m OR flip(m)';

--
-- @>: a position matches a pattern or a material balance; a game reaches a
-- position, a pattern or a material balance at some ply
--

CREATE FUNCTION position_matches_pattern("position", pattern) RETURNS boolean
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE COST 5;
CREATE FUNCTION position_matches_balance("position", balance) RETURNS boolean
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE COST 5;
CREATE FUNCTION game_reaches_position(game, "position") RETURNS boolean
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE COST 100;
CREATE FUNCTION game_reaches_pattern(game, pattern) RETURNS boolean
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE COST 500;
CREATE FUNCTION game_reaches_balance(game, balance) RETURNS boolean
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE COST 500;
COMMENT ON FUNCTION position_matches_pattern("position", pattern) IS 'implementation of @> for position and pattern';
COMMENT ON FUNCTION position_matches_balance("position", balance) IS 'implementation of @> for position and balance';
COMMENT ON FUNCTION game_reaches_position(game, "position") IS 'implementation of @> for game and position';
COMMENT ON FUNCTION game_reaches_pattern(game, pattern) IS 'implementation of @> for game and pattern';
COMMENT ON FUNCTION game_reaches_balance(game, balance) IS 'implementation of @> for game and balance';
CREATE OPERATOR @> (LEFTARG = "position", RIGHTARG = pattern, PROCEDURE = position_matches_pattern,
	RESTRICT = contsel, JOIN = contjoinsel);
COMMENT ON OPERATOR @> ("position", pattern) IS 'the position matches the pattern';
CREATE OPERATOR @> (LEFTARG = "position", RIGHTARG = balance, PROCEDURE = position_matches_balance,
	RESTRICT = contsel, JOIN = contjoinsel);
COMMENT ON OPERATOR @> ("position", balance) IS 'the position has the material balance';
CREATE OPERATOR @> (LEFTARG = game, RIGHTARG = "position", PROCEDURE = game_reaches_position,
	RESTRICT = contsel, JOIN = contjoinsel);
COMMENT ON OPERATOR @> (game, "position") IS 'the game reaches the position at some ply (placement, side to move, castling, en passant; not the clocks)';
CREATE OPERATOR @> (LEFTARG = game, RIGHTARG = pattern, PROCEDURE = game_reaches_pattern,
	RESTRICT = contsel, JOIN = contjoinsel);
COMMENT ON OPERATOR @> (game, pattern) IS 'some position of the game matches the pattern';
CREATE OPERATOR @> (LEFTARG = game, RIGHTARG = balance, PROCEDURE = game_reaches_balance,
	RESTRICT = contsel, JOIN = contjoinsel);
COMMENT ON OPERATOR @> (game, balance) IS 'some position of the game has the material balance';

--
-- GIN operator classes
--

CREATE FUNCTION position_gin_extract_value("position", internal) RETURNS internal
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION position_gin_extract_query("position", internal, int2, internal, internal, internal, internal)
	RETURNS internal
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION position_gin_consistent(internal, int2, "position", int4, internal, internal, internal, internal)
	RETURNS boolean
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION position_gin_triconsistent(internal, int2, "position", int4, internal, internal, internal)
	RETURNS "char"
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION position_gin_extract_value("position", internal) IS 'GIN support: the keys of a position (each square''s content, side to move, balance)';
COMMENT ON FUNCTION position_gin_extract_query("position", internal, int2, internal, internal, internal, internal) IS 'GIN support: the keys of a pattern or a balance';
COMMENT ON FUNCTION position_gin_consistent(internal, int2, "position", int4, internal, internal, internal, internal) IS 'GIN support: consistent';
COMMENT ON FUNCTION position_gin_triconsistent(internal, int2, "position", int4, internal, internal, internal) IS 'GIN support: ternary consistent';
CREATE OPERATOR CLASS position_gin_ops
	DEFAULT FOR TYPE "position" USING gin AS
		OPERATOR 8 @> ("position", pattern),
		OPERATOR 9 @> ("position", balance),
		FUNCTION 1 btint8cmp(int8, int8),
		FUNCTION 2 position_gin_extract_value("position", internal),
		FUNCTION 3 position_gin_extract_query("position", internal, int2, internal, internal, internal, internal),
		FUNCTION 4 position_gin_consistent(internal, int2, "position", int4, internal, internal, internal, internal),
		FUNCTION 6 position_gin_triconsistent(internal, int2, "position", int4, internal, internal, internal),
		STORAGE int8;
COMMENT ON OPERATOR CLASS position_gin_ops USING gin IS 'GIN operator class for position: @> pattern and @> balance, exact from the index';

CREATE FUNCTION game_gin_extract_value(game, internal) RETURNS internal
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION game_gin_extract_query(game, internal, int2, internal, internal, internal, internal)
	RETURNS internal
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION game_gin_consistent(internal, int2, game, int4, internal, internal, internal, internal)
	RETURNS boolean
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION game_gin_triconsistent(internal, int2, game, int4, internal, internal, internal)
	RETURNS "char"
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION game_gin_extract_value(game, internal) IS 'GIN support: the keys of a game (the positions it reaches, its material balances)';
COMMENT ON FUNCTION game_gin_extract_query(game, internal, int2, internal, internal, internal, internal) IS 'GIN support: the keys of a position or a balance';
COMMENT ON FUNCTION game_gin_consistent(internal, int2, game, int4, internal, internal, internal, internal) IS 'GIN support: consistent';
COMMENT ON FUNCTION game_gin_triconsistent(internal, int2, game, int4, internal, internal, internal) IS 'GIN support: ternary consistent';
CREATE OPERATOR CLASS game_gin_ops
	DEFAULT FOR TYPE game USING gin AS
		OPERATOR 7 @> (game, "position"),
		OPERATOR 9 @> (game, balance),
		FUNCTION 1 btint8cmp(int8, int8),
		FUNCTION 2 game_gin_extract_value(game, internal),
		FUNCTION 3 game_gin_extract_query(game, internal, int2, internal, internal, internal, internal),
		FUNCTION 4 game_gin_consistent(internal, int2, game, int4, internal, internal, internal, internal),
		FUNCTION 6 game_gin_triconsistent(internal, int2, game, int4, internal, internal, internal),
		STORAGE int8;
COMMENT ON OPERATOR CLASS game_gin_ops USING gin IS 'GIN operator class for game: @> position (hashed keys, rechecked) and @> balance (exact)';

CREATE FUNCTION game_pattern_extract_value(game, internal) RETURNS internal
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION game_pattern_extract_query(game, internal, int2, internal, internal, internal, internal)
	RETURNS internal
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION game_pattern_consistent(internal, int2, game, int4, internal, internal, internal, internal)
	RETURNS boolean
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION game_pattern_triconsistent(internal, int2, game, int4, internal, internal, internal)
	RETURNS "char"
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION game_pattern_extract_value(game, internal) IS 'GIN support: where a game''s pieces stood, window of 16 plies by window';
COMMENT ON FUNCTION game_pattern_extract_query(game, internal, int2, internal, internal, internal, internal) IS 'GIN support: the keys of a pattern, in every window';
COMMENT ON FUNCTION game_pattern_consistent(internal, int2, game, int4, internal, internal, internal, internal) IS 'GIN support: consistent';
COMMENT ON FUNCTION game_pattern_triconsistent(internal, int2, game, int4, internal, internal, internal) IS 'GIN support: ternary consistent';
CREATE OPERATOR CLASS game_pattern_ops
	FOR TYPE game USING gin AS
		OPERATOR 8 @> (game, pattern),
		FUNCTION 1 btint4cmp(int4, int4),
		FUNCTION 2 game_pattern_extract_value(game, internal),
		FUNCTION 3 game_pattern_extract_query(game, internal, int2, internal, internal, internal, internal),
		FUNCTION 4 game_pattern_consistent(internal, int2, game, int4, internal, internal, internal, internal),
		FUNCTION 6 game_pattern_triconsistent(internal, int2, game, int4, internal, internal, internal),
		STORAGE int4;
COMMENT ON OPERATOR CLASS game_pattern_ops USING gin IS 'GIN operator class for game: @> pattern, candidates rechecked';

--
-- pgn_games() gives each game as a game value too
--

DROP FUNCTION pgn_games(text, boolean);
CREATE FUNCTION pgn_games(pgn text, skip_errors boolean DEFAULT false, keep_errors boolean DEFAULT false)
	RETURNS TABLE(game integer, tags jsonb, result text, start "position", final "position",
				  plies integer, moves move[], value game, comment text, error text)
	AS 'MODULE_PATHNAME', 'chess_pgn_games' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE
	COST 5000 ROWS 1000;
COMMENT ON FUNCTION pgn_games(text, boolean, boolean) IS 'the games of a PGN text, one row each (value: the game as a game value; comment: the text before the first move), their main lines validated move by move; skip_errors skips a bad game with a NOTICE, keep_errors keeps it up to its error, in the column error';

CREATE FUNCTION pgn_games_file(path text, skip_errors boolean DEFAULT false, encoding text DEFAULT 'UTF8',
							   keep_errors boolean DEFAULT false)
	RETURNS TABLE(game integer, tags jsonb, result text, start "position", final "position",
				  plies integer, moves move[], value game, comment text, error text)
	AS 'MODULE_PATHNAME', 'chess_pgn_games_file' LANGUAGE C VOLATILE STRICT PARALLEL SAFE
	COST 5000 ROWS 100000;
COMMENT ON FUNCTION pgn_games_file(text, boolean, text, boolean) IS 'the games of a PGN file on the server (plain, gzip or zstd; UTF8 or a single-byte encoding), read a part at a time in constant memory; for superusers and members of pg_read_server_files';

--
-- A literal without a cast where a name is shared: rank() is also
-- PostgreSQL's window function, and outcome() takes a position or the
-- positions of a game, so that rank('e4') and outcome('k7/...') fitted two
-- functions and PostgreSQL could not choose.  A text argument is read as
-- the square, the position.
--
CREATE FUNCTION rank(text) RETURNS integer
	AS 'MODULE_PATHNAME', 'square_rank_text' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE COST 5;
COMMENT ON FUNCTION rank(text) IS 'rank number of a square written as text: rank(''e4'') = 4';
CREATE FUNCTION outcome(fen text, OUT termination text, OUT result text)
	AS 'MODULE_PATHNAME', 'position_outcome_text' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE COST 30;
COMMENT ON FUNCTION outcome(text) IS 'outcome of a position written as FEN text';

--
-- For display: the board as rows that read well in psql, and a move list
--
CREATE FUNCTION board_rows("position")
	RETURNS TABLE(rank integer, a piece, b piece, c piece, d piece, e piece, f piece, g piece, h piece)
	AS 'MODULE_PATHNAME', 'position_board_rows' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE
	COST 20 ROWS 8;
COMMENT ON FUNCTION board_rows("position") IS 'the board as 8 rows, rank 8 first, a column a file, NULL for an empty square';
CREATE FUNCTION movetext(start "position", moves move[]) RETURNS text
	AS 'MODULE_PATHNAME', 'chess_movetext' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE COST 200;
COMMENT ON FUNCTION movetext("position", move[]) IS 'the moves in SAN with move numbers on one line, no tags and no result: 1. e4 e5 2. Nf3';
CREATE FUNCTION movetext(moves move[]) RETURNS text
	AS 'MODULE_PATHNAME', 'chess_movetext' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE COST 200;
COMMENT ON FUNCTION movetext(move[]) IS 'the moves from the standard start in SAN with move numbers: 1. e4 e5 2. Nf3';

--
-- PGN as the bytes of a file, in its encoding: the path for an ordinary role
-- with a file in LATIN1 (or UTF8 with a byte-order mark) on the client
--
CREATE FUNCTION pgn_games(pgn bytea, encoding text DEFAULT 'UTF8', skip_errors boolean DEFAULT false,
						  keep_errors boolean DEFAULT false)
	RETURNS TABLE(game integer, tags jsonb, result text, start "position", final "position",
				  plies integer, moves move[], value game, comment text, error text)
	AS 'MODULE_PATHNAME', 'chess_pgn_games_bytea' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE
	COST 5000 ROWS 1000;
COMMENT ON FUNCTION pgn_games(bytea, text, boolean, boolean) IS 'the games of the bytes of a PGN file in an encoding (UTF8, LATIN1, ...), converted to the database''s; otherwise as pgn_games(text)';

--
-- Repetitions and the outcome of a game value: its positions from the start
-- (an array of pgn_plies().after lacks the start, and missed a repetition
-- that involves it)
--
CREATE FUNCTION repetitions(g game) RETURNS integer
	AS 'MODULE_PATHNAME', 'game_repetitions_sql' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE COST 1000;
COMMENT ON FUNCTION repetitions(game) IS 'how often the final position of the game occurs in it, the start included (not the clocks)';
CREATE FUNCTION is_threefold_repetition(g game) RETURNS boolean
	AS 'MODULE_PATHNAME', 'game_is_threefold_repetition' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE COST 1000;
COMMENT ON FUNCTION is_threefold_repetition(game) IS 'whether the final position has occurred three times in the game: a draw can be claimed';
CREATE FUNCTION is_fivefold_repetition(g game) RETURNS boolean
	AS 'MODULE_PATHNAME', 'game_is_fivefold_repetition' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE COST 1000;
COMMENT ON FUNCTION is_fivefold_repetition(game) IS 'whether the final position has occurred five times in the game: it is drawn';
CREATE FUNCTION outcome(g game, OUT termination text, OUT result text)
	AS 'MODULE_PATHNAME', 'game_outcome_sql' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE COST 1000;
COMMENT ON FUNCTION outcome(game) IS 'how the game stands after its last move: checkmate, stalemate, insufficient material, seventy-five moves or fivefold repetition, with the result; NULL and * while it goes on';

--
-- POSITION is an SQL keyword, so the type must be written "position" in
-- casts and column definitions; fen is a domain over it that needs no
-- quotes: '...'::fen, p fen.  Every function, operator and index of
-- "position" takes it.
--
CREATE DOMAIN fen AS "position";
COMMENT ON DOMAIN fen IS 'a position, written without quotes: ''rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1''::fen';

--
-- Client drivers send a list of strings as text[] (psycopg, node-postgres):
-- assignment casts from text let INSERT and UPDATE store it in a move[],
-- square[], ... column, as PostgreSQL's own types from text do not
-- (their I/O conversion casts from text are explicit only).
--
CREATE CAST (text AS square) WITH INOUT AS ASSIGNMENT;
CREATE CAST (text AS piece) WITH INOUT AS ASSIGNMENT;
CREATE CAST (text AS move) WITH INOUT AS ASSIGNMENT;
CREATE CAST (text AS "position") WITH INOUT AS ASSIGNMENT;
CREATE CAST (text AS game) WITH INOUT AS ASSIGNMENT;
CREATE CAST (text AS pattern) WITH INOUT AS ASSIGNMENT;
CREATE CAST (text AS balance) WITH INOUT AS ASSIGNMENT;
COMMENT ON CAST (text AS square) IS 'stores text (a driver''s string or text[] element) in a square column';
COMMENT ON CAST (text AS piece) IS 'stores text (a driver''s string or text[] element) in a piece column';
COMMENT ON CAST (text AS move) IS 'stores text (a driver''s string or text[] element) in a move column';
COMMENT ON CAST (text AS "position") IS 'stores text (a driver''s string or text[] element) in a position column';
COMMENT ON CAST (text AS game) IS 'stores text (a driver''s string or text[] element) in a game column';
COMMENT ON CAST (text AS pattern) IS 'stores text (a driver''s string or text[] element) in a pattern column';
COMMENT ON CAST (text AS balance) IS 'stores text (a driver''s string or text[] element) in a balance column';

--
-- The board as a picture: self-contained SVG
--
CREATE FUNCTION board_svg(p "position", orientation text DEFAULT 'white', coordinates boolean DEFAULT true,
						  lastmove move DEFAULT '0000', arrows move[] DEFAULT '{}', marked square[] DEFAULT '{}',
						  size integer DEFAULT 360)
	RETURNS text
	AS 'MODULE_PATHNAME', 'position_board_svg' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE COST 100;
COMMENT ON FUNCTION board_svg("position", text, boolean, move, move[], square[], integer) IS 'the board as self-contained SVG (no fonts files, images or links): orientation white or black, coordinates, the last move highlighted (0000: none), a king in check marked, arrows and circled squares, size in pixels';

--
-- Chess960: the position type reads Shredder-FEN and X-FEN castling fields
-- and writes X-FEN (no new type: a position knows where its castling rooks
-- stand); castling in Chess960 is the king onto its own rook in UCI.
--
CREATE FUNCTION chess960_position(n integer) RETURNS "position"
	AS 'MODULE_PATHNAME', 'position_chess960' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE COST 5;
COMMENT ON FUNCTION chess960_position(integer) IS 'Chess960 starting position n, 0 to 959 in the standard numbering (518: the standard start)';
CREATE FUNCTION chess960_number(p "position") RETURNS integer
	AS 'MODULE_PATHNAME', 'position_chess960_number_fn' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE COST 50;
COMMENT ON FUNCTION chess960_number("position") IS 'the number (0 to 959) of a Chess960 starting position, clocks aside; NULL for any other position';
CREATE FUNCTION shredder_fen(p "position") RETURNS text
	AS 'MODULE_PATHNAME', 'position_shredder_fen' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE COST 5;
COMMENT ON FUNCTION shredder_fen("position") IS 'the FEN with the castling field in Shredder-FEN (the rooks'' files, HAha); the text form writes X-FEN (KQkq, a file letter for an inner rook)';
CREATE FUNCTION uci_chess960(p "position", m move) RETURNS move
	AS 'MODULE_PATHNAME', 'position_uci_chess960' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE COST 5;
COMMENT ON FUNCTION uci_chess960("position", move) IS 'the move as UCI_Chess960 writes it: castling as the king onto its own rook (e1h1 for e1g1); other moves unchanged';
