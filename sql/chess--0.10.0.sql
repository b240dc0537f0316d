/* chess--0.10.0.sql: the extension as installed fresh at 0.10.0 */

-- complain if script is sourced in psql, rather than via CREATE EXTENSION
\echo Use "CREATE EXTENSION chess" to load this file. \quit

/*
 * The whole extension in one script, laid out by concern: the types; the
 * comparisons and the btree and hash operator classes; the search
 * operators and the GIN operator classes; then the functions by topic.
 * An installation made before 0.9.0 reaches the same catalog through the
 * chain of upgrade scripts chess--0.1.0.sql, chess--0.1.0--0.2.0.sql, ...
 * chess--0.8.0--0.9.0.sql (sql/catalog_upgrade.sql compares the two).
 * Stored bytes and index keys are formats (doc/formats.md); costs are in
 * units of cpu_operator_cost, per call or per row (doc/development.md).
 * Every object is commented.
 */

--
-- Types
--
-- square     1 byte, by value: 0 = a1, 1 = b1, ..., 63 = h8
-- piece      1 byte, by value: colour bit 3, kind bits 0-2 (P = 1 .. K = 6)
-- move       2 bytes, by value: from bits 9-14, to bits 3-8, promotion 0-2
-- position   32 bytes, by reference: the packed board and state
-- game       variable: a start position and legal moves, compactly encoded
-- pattern    105 bytes: pieces required on squares, empty squares, side
-- balance    20 bytes: a range of counts for each kind of piece of each side
-- gamequery  variable: the text of a query in Scoutfish's JSON language
-- doc/formats.md has every layout; src/engine/*.h the code that writes them.
--

CREATE TYPE square;
CREATE TYPE piece;
CREATE TYPE move;
CREATE TYPE "position";
CREATE TYPE game;
CREATE TYPE pattern;
CREATE TYPE balance;
CREATE TYPE gamequery;

CREATE FUNCTION square_in(cstring) RETURNS square
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION square_in(cstring) IS 'square input from text (a1 to h8)';
CREATE FUNCTION square_out(square) RETURNS cstring
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION square_out(square) IS 'square output as text';
CREATE FUNCTION square_recv(internal) RETURNS square
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION square_recv(internal) IS 'square binary input (one byte, 0 to 63)';
CREATE FUNCTION square_send(square) RETURNS bytea
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION square_send(square) IS 'square binary output (one byte, 0 to 63)';
CREATE TYPE square (
	INPUT = square_in,
	OUTPUT = square_out,
	RECEIVE = square_recv,
	SEND = square_send,
	INTERNALLENGTH = 1,
	PASSEDBYVALUE,
	ALIGNMENT = char,
	STORAGE = plain
);
COMMENT ON TYPE square IS 'a square of the chess board, a1 to h8 (1 byte)';

CREATE FUNCTION piece_in(cstring) RETURNS piece
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION piece_in(cstring) IS 'piece input from its FEN letter';
CREATE FUNCTION piece_out(piece) RETURNS cstring
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION piece_out(piece) IS 'piece output as its FEN letter';
CREATE FUNCTION piece_recv(internal) RETURNS piece
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION piece_recv(internal) IS 'piece binary input (one byte)';
CREATE FUNCTION piece_send(piece) RETURNS bytea
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION piece_send(piece) IS 'piece binary output (one byte)';
CREATE TYPE piece (
	INPUT = piece_in,
	OUTPUT = piece_out,
	RECEIVE = piece_recv,
	SEND = piece_send,
	INTERNALLENGTH = 1,
	PASSEDBYVALUE,
	ALIGNMENT = char,
	STORAGE = plain
);
COMMENT ON TYPE piece IS 'a chess piece as its FEN letter, PNBRQK white and pnbrqk black (1 byte)';

CREATE FUNCTION move_in(cstring) RETURNS move
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION move_in(cstring) IS 'move input from UCI text';
CREATE FUNCTION move_out(move) RETURNS cstring
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION move_out(move) IS 'move output as UCI text';
CREATE FUNCTION move_recv(internal) RETURNS move
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION move_recv(internal) IS 'move binary input (two bytes, network order)';
CREATE FUNCTION move_send(move) RETURNS bytea
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION move_send(move) IS 'move binary output (two bytes, network order)';
CREATE TYPE move (
	INPUT = move_in,
	OUTPUT = move_out,
	RECEIVE = move_recv,
	SEND = move_send,
	INTERNALLENGTH = 2,
	PASSEDBYVALUE,
	ALIGNMENT = int2,
	STORAGE = plain
);
COMMENT ON TYPE move IS 'a chess move in UCI notation, e2e4, e7e8q, 0000 for the null move (2 bytes)';

CREATE FUNCTION position_in(cstring) RETURNS "position"
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION position_in(cstring) IS 'position input from FEN';
CREATE FUNCTION position_out("position") RETURNS cstring
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION position_out("position") IS 'position output as canonical FEN';
CREATE FUNCTION position_recv(internal) RETURNS "position"
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION position_recv(internal) IS 'position binary input (32 packed bytes, validated as FEN input is)';
CREATE FUNCTION position_send("position") RETURNS bytea
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION position_send("position") IS 'position binary output (32 packed bytes)';
CREATE TYPE "position" (
	INPUT = position_in,
	OUTPUT = position_out,
	RECEIVE = position_recv,
	SEND = position_send,
	INTERNALLENGTH = 32,
	ALIGNMENT = char,
	STORAGE = plain,
	PREFERRED = true
);
COMMENT ON TYPE "position" IS 'a chess position, written as FEN (32 bytes)';

CREATE FUNCTION game_in(cstring) RETURNS game
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE COST 100;
COMMENT ON FUNCTION game_in(cstring) IS 'input function of game: PGN movetext (SAN or UCI), a FEN tag for another start';
CREATE FUNCTION game_out(game) RETURNS cstring
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE COST 100;
COMMENT ON FUNCTION game_out(game) IS 'output function of game: numbered SAN on one line';
CREATE FUNCTION game_recv(internal) RETURNS game
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE COST 100;
COMMENT ON FUNCTION game_recv(internal) IS 'binary input function of game';
CREATE FUNCTION game_send(game) RETURNS bytea
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE COST 100;
COMMENT ON FUNCTION game_send(game) IS 'binary output function of game';
CREATE TYPE game (
	INPUT = game_in,
	OUTPUT = game_out,
	RECEIVE = game_recv,
	SEND = game_send,
	INTERNALLENGTH = VARIABLE,
	ALIGNMENT = int4,
	STORAGE = extended
);
COMMENT ON TYPE game IS 'a chess game: a start position and the legal moves played from it, about 6.5 bits a move; text is PGN movetext';

CREATE FUNCTION pattern_in(cstring) RETURNS pattern
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE COST 20;
COMMENT ON FUNCTION pattern_in(cstring) IS 'input function of pattern: a sub-FEN placement';
CREATE FUNCTION pattern_out(pattern) RETURNS cstring
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE COST 20;
COMMENT ON FUNCTION pattern_out(pattern) IS 'output function of pattern';
CREATE FUNCTION pattern_recv(internal) RETURNS pattern
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION pattern_recv(internal) IS 'binary input function of pattern';
CREATE FUNCTION pattern_send(pattern) RETURNS bytea
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION pattern_send(pattern) IS 'binary output function of pattern';
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

CREATE FUNCTION balance_in(cstring) RETURNS balance
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE COST 20;
COMMENT ON FUNCTION balance_in(cstring) IS 'input function of balance: a material signature with quantifiers';
CREATE FUNCTION balance_out(balance) RETURNS cstring
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE COST 20;
COMMENT ON FUNCTION balance_out(balance) IS 'output function of balance: the canonical signature';
CREATE FUNCTION balance_recv(internal) RETURNS balance
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION balance_recv(internal) IS 'binary input function of balance';
CREATE FUNCTION balance_send(balance) RETURNS bytea
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION balance_send(balance) IS 'binary output function of balance';
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

CREATE FUNCTION gamequery_in(cstring) RETURNS gamequery
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE COST 50;
COMMENT ON FUNCTION gamequery_in(cstring) IS 'input function of gamequery: a query of Scoutfish''s JSON language, checked';
CREATE FUNCTION gamequery_out(gamequery) RETURNS cstring
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION gamequery_out(gamequery) IS 'output function of gamequery: the query''s text as given';
CREATE FUNCTION gamequery_recv(internal) RETURNS gamequery
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE COST 50;
COMMENT ON FUNCTION gamequery_recv(internal) IS 'binary input function of gamequery: the query''s text, checked';
CREATE FUNCTION gamequery_send(gamequery) RETURNS bytea
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION gamequery_send(gamequery) IS 'binary output function of gamequery: the query''s text';
CREATE TYPE gamequery (
	INPUT = gamequery_in,
	OUTPUT = gamequery_out,
	RECEIVE = gamequery_recv,
	SEND = gamequery_send,
	INTERNALLENGTH = VARIABLE,
	ALIGNMENT = int4,
	STORAGE = extended
);
COMMENT ON TYPE gamequery IS 'a query of Scoutfish''s JSON language on a game''s positions and moves: rules, sequences and streaks (doc/query.md)';

-- POSITION is an SQL keyword, so the type must be written "position" in
-- casts and column definitions; fen is a domain over it that needs no
-- quotes: '...'::fen, p fen.  Every function, operator and index of
-- "position" takes it.
CREATE DOMAIN fen AS "position";
COMMENT ON TYPE fen IS 'a position, written without quotes: ''rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1''::fen';

-- the types PostgreSQL makes implicitly: their arrays, the view's row type
-- (members of the extension since PostgreSQL 16, and every member is documented)
COMMENT ON TYPE square[] IS 'an array of squares';
COMMENT ON TYPE piece[] IS 'an array of pieces';
COMMENT ON TYPE move[] IS 'an array of moves, as a game''s moves are kept';
COMMENT ON TYPE "position"[] IS 'an array of positions, as a game''s positions are kept';
COMMENT ON TYPE game[] IS 'an array of games';
COMMENT ON TYPE pattern[] IS 'an array of patterns';
COMMENT ON TYPE balance[] IS 'an array of balances';
COMMENT ON TYPE gamequery[] IS 'an array of game queries';

--
-- Casts
--
-- A square and its number; text to every type as an assignment cast, so
-- that a client's text[] (psycopg, node-postgres) stores into a move[],
-- square[], ... column.  Nothing casts implicitly.
--

CREATE FUNCTION int4(square) RETURNS integer
	AS 'MODULE_PATHNAME', 'square_to_int' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION int4(square) IS 'square number, 0 (a1) to 63 (h8), rank by rank';
CREATE FUNCTION square(integer) RETURNS square
	AS 'MODULE_PATHNAME', 'int_to_square' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION square(integer) IS 'the square numbered 0 (a1) to 63 (h8), rank by rank';
CREATE CAST (square AS integer) WITH FUNCTION int4(square);
COMMENT ON CAST (square AS integer) IS 'square number, 0 (a1) to 63 (h8)';
CREATE CAST (integer AS square) WITH FUNCTION square(integer);
COMMENT ON CAST (integer AS square) IS 'square from its number, 0 (a1) to 63 (h8)';
CREATE CAST (text AS square) WITH INOUT AS ASSIGNMENT;
COMMENT ON CAST (text AS square) IS 'stores text (a driver''s string or text[] element) in a square column';
CREATE CAST (text AS piece) WITH INOUT AS ASSIGNMENT;
COMMENT ON CAST (text AS piece) IS 'stores text (a driver''s string or text[] element) in a piece column';
CREATE CAST (text AS move) WITH INOUT AS ASSIGNMENT;
COMMENT ON CAST (text AS move) IS 'stores text (a driver''s string or text[] element) in a move column';
CREATE CAST (text AS "position") WITH INOUT AS ASSIGNMENT;
COMMENT ON CAST (text AS "position") IS 'stores text (a driver''s string or text[] element) in a position column';
CREATE CAST (text AS game) WITH INOUT AS ASSIGNMENT;
COMMENT ON CAST (text AS game) IS 'stores text (a driver''s string or text[] element) in a game column';
CREATE CAST (text AS pattern) WITH INOUT AS ASSIGNMENT;
COMMENT ON CAST (text AS pattern) IS 'stores text (a driver''s string or text[] element) in a pattern column';
CREATE CAST (text AS balance) WITH INOUT AS ASSIGNMENT;
COMMENT ON CAST (text AS balance) IS 'stores text (a driver''s string or text[] element) in a balance column';
CREATE CAST (text AS gamequery) WITH INOUT AS ASSIGNMENT;
COMMENT ON CAST (text AS gamequery) IS 'stores text (a driver''s string or text[] element) in a gamequery column';

--
-- Comparisons: btree and hash operator classes, min and max
--
-- Every type has =, <>, <, <=, >, >= (= HASHES and MERGES), a default btree
-- class and a default hash class.  square, piece and move compare as their
-- integers; position, pattern and balance as their bytes (one value, one
-- form); game move by move (doc/formats.md).  game_ops has no equalimage
-- function: equal games of the two format versions have different bytes,
-- so a btree index of games does not deduplicate.
--

-- square
CREATE FUNCTION square_cmp(square, square) RETURNS integer
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION square_cmp(square,square) IS 'btree comparison of squares';
CREATE FUNCTION square_eq(square, square) RETURNS boolean
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT LEAKPROOF PARALLEL SAFE;
COMMENT ON FUNCTION square_eq(square,square) IS 'implementation of = for square';
CREATE FUNCTION square_ne(square, square) RETURNS boolean
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT LEAKPROOF PARALLEL SAFE;
COMMENT ON FUNCTION square_ne(square,square) IS 'implementation of <> for square';
CREATE FUNCTION square_lt(square, square) RETURNS boolean
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT LEAKPROOF PARALLEL SAFE;
COMMENT ON FUNCTION square_lt(square,square) IS 'implementation of < for square';
CREATE FUNCTION square_le(square, square) RETURNS boolean
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT LEAKPROOF PARALLEL SAFE;
COMMENT ON FUNCTION square_le(square,square) IS 'implementation of <= for square';
CREATE FUNCTION square_gt(square, square) RETURNS boolean
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT LEAKPROOF PARALLEL SAFE;
COMMENT ON FUNCTION square_gt(square,square) IS 'implementation of > for square';
CREATE FUNCTION square_ge(square, square) RETURNS boolean
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT LEAKPROOF PARALLEL SAFE;
COMMENT ON FUNCTION square_ge(square,square) IS 'implementation of >= for square';
CREATE FUNCTION square_hash(square) RETURNS integer
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION square_hash(square) IS 'hash of a square';
CREATE FUNCTION square_hash_extended(square, bigint) RETURNS bigint
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION square_hash_extended(square,bigint) IS '64-bit seeded hash of a square';
CREATE OPERATOR = (
	LEFTARG = square,
	RIGHTARG = square,
	FUNCTION = square_eq,
	COMMUTATOR = =,
	NEGATOR = <>,
	RESTRICT = eqsel,
	JOIN = eqjoinsel,
	HASHES,
	MERGES
);
COMMENT ON OPERATOR =(square,square) IS 'equal';
CREATE OPERATOR <> (
	LEFTARG = square,
	RIGHTARG = square,
	FUNCTION = square_ne,
	COMMUTATOR = <>,
	NEGATOR = =,
	RESTRICT = neqsel,
	JOIN = neqjoinsel
);
COMMENT ON OPERATOR <>(square,square) IS 'not equal';
CREATE OPERATOR < (
	LEFTARG = square,
	RIGHTARG = square,
	FUNCTION = square_lt,
	COMMUTATOR = >,
	NEGATOR = >=,
	RESTRICT = scalarltsel,
	JOIN = scalarltjoinsel
);
COMMENT ON OPERATOR <(square,square) IS 'less than';
CREATE OPERATOR <= (
	LEFTARG = square,
	RIGHTARG = square,
	FUNCTION = square_le,
	COMMUTATOR = >=,
	NEGATOR = >,
	RESTRICT = scalarlesel,
	JOIN = scalarlejoinsel
);
COMMENT ON OPERATOR <=(square,square) IS 'less than or equal';
CREATE OPERATOR > (
	LEFTARG = square,
	RIGHTARG = square,
	FUNCTION = square_gt,
	COMMUTATOR = <,
	NEGATOR = <=,
	RESTRICT = scalargtsel,
	JOIN = scalargtjoinsel
);
COMMENT ON OPERATOR >(square,square) IS 'greater than';
CREATE OPERATOR >= (
	LEFTARG = square,
	RIGHTARG = square,
	FUNCTION = square_ge,
	COMMUTATOR = <=,
	NEGATOR = <,
	RESTRICT = scalargesel,
	JOIN = scalargejoinsel
);
COMMENT ON OPERATOR >=(square,square) IS 'greater than or equal';
CREATE OPERATOR CLASS square_ops
	DEFAULT FOR TYPE square USING btree AS
		OPERATOR 1 <,
		OPERATOR 2 <=,
		OPERATOR 3 =,
		OPERATOR 4 >=,
		OPERATOR 5 >,
		FUNCTION 1 square_cmp(square,square),
		FUNCTION 4 btequalimage(oid);
COMMENT ON OPERATOR CLASS square_ops USING btree IS 'btree operator class for square';
CREATE OPERATOR CLASS square_hash_ops
	DEFAULT FOR TYPE square USING hash AS
		OPERATOR 1 =,
		FUNCTION 1 square_hash(square),
		FUNCTION 2 square_hash_extended(square,bigint);
COMMENT ON OPERATOR CLASS square_hash_ops USING hash IS 'hash operator class for square';
CREATE FUNCTION square_smaller(square, square) RETURNS square
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION square_smaller(square,square) IS 'the smaller of two squares';
CREATE FUNCTION square_larger(square, square) RETURNS square
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION square_larger(square,square) IS 'the larger of two squares';
CREATE AGGREGATE min(square) (
	SFUNC = square_smaller,
	STYPE = square,
	COMBINEFUNC = square_smaller,
	SORTOP = <,
	PARALLEL = SAFE
);
COMMENT ON AGGREGATE min(square) IS 'minimum of squares';
CREATE AGGREGATE max(square) (
	SFUNC = square_larger,
	STYPE = square,
	COMBINEFUNC = square_larger,
	SORTOP = >,
	PARALLEL = SAFE
);
COMMENT ON AGGREGATE max(square) IS 'maximum of squares';

-- piece
CREATE FUNCTION piece_cmp(piece, piece) RETURNS integer
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION piece_cmp(piece,piece) IS 'btree comparison of pieces';
CREATE FUNCTION piece_eq(piece, piece) RETURNS boolean
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT LEAKPROOF PARALLEL SAFE;
COMMENT ON FUNCTION piece_eq(piece,piece) IS 'implementation of = for piece';
CREATE FUNCTION piece_ne(piece, piece) RETURNS boolean
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT LEAKPROOF PARALLEL SAFE;
COMMENT ON FUNCTION piece_ne(piece,piece) IS 'implementation of <> for piece';
CREATE FUNCTION piece_lt(piece, piece) RETURNS boolean
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT LEAKPROOF PARALLEL SAFE;
COMMENT ON FUNCTION piece_lt(piece,piece) IS 'implementation of < for piece';
CREATE FUNCTION piece_le(piece, piece) RETURNS boolean
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT LEAKPROOF PARALLEL SAFE;
COMMENT ON FUNCTION piece_le(piece,piece) IS 'implementation of <= for piece';
CREATE FUNCTION piece_gt(piece, piece) RETURNS boolean
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT LEAKPROOF PARALLEL SAFE;
COMMENT ON FUNCTION piece_gt(piece,piece) IS 'implementation of > for piece';
CREATE FUNCTION piece_ge(piece, piece) RETURNS boolean
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT LEAKPROOF PARALLEL SAFE;
COMMENT ON FUNCTION piece_ge(piece,piece) IS 'implementation of >= for piece';
CREATE FUNCTION piece_hash(piece) RETURNS integer
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION piece_hash(piece) IS 'hash of a piece';
CREATE FUNCTION piece_hash_extended(piece, bigint) RETURNS bigint
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION piece_hash_extended(piece,bigint) IS '64-bit seeded hash of a piece';
CREATE OPERATOR = (
	LEFTARG = piece,
	RIGHTARG = piece,
	FUNCTION = piece_eq,
	COMMUTATOR = =,
	NEGATOR = <>,
	RESTRICT = eqsel,
	JOIN = eqjoinsel,
	HASHES,
	MERGES
);
COMMENT ON OPERATOR =(piece,piece) IS 'equal';
CREATE OPERATOR <> (
	LEFTARG = piece,
	RIGHTARG = piece,
	FUNCTION = piece_ne,
	COMMUTATOR = <>,
	NEGATOR = =,
	RESTRICT = neqsel,
	JOIN = neqjoinsel
);
COMMENT ON OPERATOR <>(piece,piece) IS 'not equal';
CREATE OPERATOR < (
	LEFTARG = piece,
	RIGHTARG = piece,
	FUNCTION = piece_lt,
	COMMUTATOR = >,
	NEGATOR = >=,
	RESTRICT = scalarltsel,
	JOIN = scalarltjoinsel
);
COMMENT ON OPERATOR <(piece,piece) IS 'less than';
CREATE OPERATOR <= (
	LEFTARG = piece,
	RIGHTARG = piece,
	FUNCTION = piece_le,
	COMMUTATOR = >=,
	NEGATOR = >,
	RESTRICT = scalarlesel,
	JOIN = scalarlejoinsel
);
COMMENT ON OPERATOR <=(piece,piece) IS 'less than or equal';
CREATE OPERATOR > (
	LEFTARG = piece,
	RIGHTARG = piece,
	FUNCTION = piece_gt,
	COMMUTATOR = <,
	NEGATOR = <=,
	RESTRICT = scalargtsel,
	JOIN = scalargtjoinsel
);
COMMENT ON OPERATOR >(piece,piece) IS 'greater than';
CREATE OPERATOR >= (
	LEFTARG = piece,
	RIGHTARG = piece,
	FUNCTION = piece_ge,
	COMMUTATOR = <=,
	NEGATOR = <,
	RESTRICT = scalargesel,
	JOIN = scalargejoinsel
);
COMMENT ON OPERATOR >=(piece,piece) IS 'greater than or equal';
CREATE OPERATOR CLASS piece_ops
	DEFAULT FOR TYPE piece USING btree AS
		OPERATOR 1 <,
		OPERATOR 2 <=,
		OPERATOR 3 =,
		OPERATOR 4 >=,
		OPERATOR 5 >,
		FUNCTION 1 piece_cmp(piece,piece),
		FUNCTION 4 btequalimage(oid);
COMMENT ON OPERATOR CLASS piece_ops USING btree IS 'btree operator class for piece';
CREATE OPERATOR CLASS piece_hash_ops
	DEFAULT FOR TYPE piece USING hash AS
		OPERATOR 1 =,
		FUNCTION 1 piece_hash(piece),
		FUNCTION 2 piece_hash_extended(piece,bigint);
COMMENT ON OPERATOR CLASS piece_hash_ops USING hash IS 'hash operator class for piece';
CREATE FUNCTION piece_smaller(piece, piece) RETURNS piece
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION piece_smaller(piece,piece) IS 'the smaller of two pieces';
CREATE FUNCTION piece_larger(piece, piece) RETURNS piece
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION piece_larger(piece,piece) IS 'the larger of two pieces';
CREATE AGGREGATE min(piece) (
	SFUNC = piece_smaller,
	STYPE = piece,
	COMBINEFUNC = piece_smaller,
	SORTOP = <,
	PARALLEL = SAFE
);
COMMENT ON AGGREGATE min(piece) IS 'minimum of pieces';
CREATE AGGREGATE max(piece) (
	SFUNC = piece_larger,
	STYPE = piece,
	COMBINEFUNC = piece_larger,
	SORTOP = >,
	PARALLEL = SAFE
);
COMMENT ON AGGREGATE max(piece) IS 'maximum of pieces';

-- move
CREATE FUNCTION move_cmp(move, move) RETURNS integer
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION move_cmp(move,move) IS 'btree comparison of moves';
CREATE FUNCTION move_eq(move, move) RETURNS boolean
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT LEAKPROOF PARALLEL SAFE;
COMMENT ON FUNCTION move_eq(move,move) IS 'implementation of = for move';
CREATE FUNCTION move_ne(move, move) RETURNS boolean
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT LEAKPROOF PARALLEL SAFE;
COMMENT ON FUNCTION move_ne(move,move) IS 'implementation of <> for move';
CREATE FUNCTION move_lt(move, move) RETURNS boolean
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT LEAKPROOF PARALLEL SAFE;
COMMENT ON FUNCTION move_lt(move,move) IS 'implementation of < for move';
CREATE FUNCTION move_le(move, move) RETURNS boolean
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT LEAKPROOF PARALLEL SAFE;
COMMENT ON FUNCTION move_le(move,move) IS 'implementation of <= for move';
CREATE FUNCTION move_gt(move, move) RETURNS boolean
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT LEAKPROOF PARALLEL SAFE;
COMMENT ON FUNCTION move_gt(move,move) IS 'implementation of > for move';
CREATE FUNCTION move_ge(move, move) RETURNS boolean
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT LEAKPROOF PARALLEL SAFE;
COMMENT ON FUNCTION move_ge(move,move) IS 'implementation of >= for move';
CREATE FUNCTION move_hash(move) RETURNS integer
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION move_hash(move) IS 'hash of a move';
CREATE FUNCTION move_hash_extended(move, bigint) RETURNS bigint
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION move_hash_extended(move,bigint) IS '64-bit seeded hash of a move';
CREATE OPERATOR = (
	LEFTARG = move,
	RIGHTARG = move,
	FUNCTION = move_eq,
	COMMUTATOR = =,
	NEGATOR = <>,
	RESTRICT = eqsel,
	JOIN = eqjoinsel,
	HASHES,
	MERGES
);
COMMENT ON OPERATOR =(move,move) IS 'equal';
CREATE OPERATOR <> (
	LEFTARG = move,
	RIGHTARG = move,
	FUNCTION = move_ne,
	COMMUTATOR = <>,
	NEGATOR = =,
	RESTRICT = neqsel,
	JOIN = neqjoinsel
);
COMMENT ON OPERATOR <>(move,move) IS 'not equal';
CREATE OPERATOR < (
	LEFTARG = move,
	RIGHTARG = move,
	FUNCTION = move_lt,
	COMMUTATOR = >,
	NEGATOR = >=,
	RESTRICT = scalarltsel,
	JOIN = scalarltjoinsel
);
COMMENT ON OPERATOR <(move,move) IS 'less than';
CREATE OPERATOR <= (
	LEFTARG = move,
	RIGHTARG = move,
	FUNCTION = move_le,
	COMMUTATOR = >=,
	NEGATOR = >,
	RESTRICT = scalarlesel,
	JOIN = scalarlejoinsel
);
COMMENT ON OPERATOR <=(move,move) IS 'less than or equal';
CREATE OPERATOR > (
	LEFTARG = move,
	RIGHTARG = move,
	FUNCTION = move_gt,
	COMMUTATOR = <,
	NEGATOR = <=,
	RESTRICT = scalargtsel,
	JOIN = scalargtjoinsel
);
COMMENT ON OPERATOR >(move,move) IS 'greater than';
CREATE OPERATOR >= (
	LEFTARG = move,
	RIGHTARG = move,
	FUNCTION = move_ge,
	COMMUTATOR = <=,
	NEGATOR = <,
	RESTRICT = scalargesel,
	JOIN = scalargejoinsel
);
COMMENT ON OPERATOR >=(move,move) IS 'greater than or equal';
CREATE OPERATOR CLASS move_ops
	DEFAULT FOR TYPE move USING btree AS
		OPERATOR 1 <,
		OPERATOR 2 <=,
		OPERATOR 3 =,
		OPERATOR 4 >=,
		OPERATOR 5 >,
		FUNCTION 1 move_cmp(move,move),
		FUNCTION 4 btequalimage(oid);
COMMENT ON OPERATOR CLASS move_ops USING btree IS 'btree operator class for move';
CREATE OPERATOR CLASS move_hash_ops
	DEFAULT FOR TYPE move USING hash AS
		OPERATOR 1 =,
		FUNCTION 1 move_hash(move),
		FUNCTION 2 move_hash_extended(move,bigint);
COMMENT ON OPERATOR CLASS move_hash_ops USING hash IS 'hash operator class for move';
CREATE FUNCTION move_smaller(move, move) RETURNS move
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION move_smaller(move,move) IS 'the smaller of two moves';
CREATE FUNCTION move_larger(move, move) RETURNS move
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION move_larger(move,move) IS 'the larger of two moves';
CREATE AGGREGATE min(move) (
	SFUNC = move_smaller,
	STYPE = move,
	COMBINEFUNC = move_smaller,
	SORTOP = <,
	PARALLEL = SAFE
);
COMMENT ON AGGREGATE min(move) IS 'minimum of moves';
CREATE AGGREGATE max(move) (
	SFUNC = move_larger,
	STYPE = move,
	COMBINEFUNC = move_larger,
	SORTOP = >,
	PARALLEL = SAFE
);
COMMENT ON AGGREGATE max(move) IS 'maximum of moves';

-- position
CREATE FUNCTION position_cmp("position", "position") RETURNS integer
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION position_cmp("position","position") IS 'btree comparison of positions';
CREATE FUNCTION position_eq("position", "position") RETURNS boolean
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT LEAKPROOF PARALLEL SAFE;
COMMENT ON FUNCTION position_eq("position","position") IS 'implementation of = for position';
CREATE FUNCTION position_ne("position", "position") RETURNS boolean
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT LEAKPROOF PARALLEL SAFE;
COMMENT ON FUNCTION position_ne("position","position") IS 'implementation of <> for position';
CREATE FUNCTION position_lt("position", "position") RETURNS boolean
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT LEAKPROOF PARALLEL SAFE;
COMMENT ON FUNCTION position_lt("position","position") IS 'implementation of < for position';
CREATE FUNCTION position_le("position", "position") RETURNS boolean
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT LEAKPROOF PARALLEL SAFE;
COMMENT ON FUNCTION position_le("position","position") IS 'implementation of <= for position';
CREATE FUNCTION position_gt("position", "position") RETURNS boolean
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT LEAKPROOF PARALLEL SAFE;
COMMENT ON FUNCTION position_gt("position","position") IS 'implementation of > for position';
CREATE FUNCTION position_ge("position", "position") RETURNS boolean
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT LEAKPROOF PARALLEL SAFE;
COMMENT ON FUNCTION position_ge("position","position") IS 'implementation of >= for position';
CREATE FUNCTION position_hash("position") RETURNS integer
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION position_hash("position") IS 'hash of a position';
CREATE FUNCTION position_hash_extended("position", bigint) RETURNS bigint
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION position_hash_extended("position",bigint) IS '64-bit seeded hash of a position';
CREATE OPERATOR = (
	LEFTARG = "position",
	RIGHTARG = "position",
	FUNCTION = position_eq,
	COMMUTATOR = =,
	NEGATOR = <>,
	RESTRICT = eqsel,
	JOIN = eqjoinsel,
	HASHES,
	MERGES
);
COMMENT ON OPERATOR =("position","position") IS 'equal';
CREATE OPERATOR <> (
	LEFTARG = "position",
	RIGHTARG = "position",
	FUNCTION = position_ne,
	COMMUTATOR = <>,
	NEGATOR = =,
	RESTRICT = neqsel,
	JOIN = neqjoinsel
);
COMMENT ON OPERATOR <>("position","position") IS 'not equal';
CREATE OPERATOR < (
	LEFTARG = "position",
	RIGHTARG = "position",
	FUNCTION = position_lt,
	COMMUTATOR = >,
	NEGATOR = >=,
	RESTRICT = scalarltsel,
	JOIN = scalarltjoinsel
);
COMMENT ON OPERATOR <("position","position") IS 'less than';
CREATE OPERATOR <= (
	LEFTARG = "position",
	RIGHTARG = "position",
	FUNCTION = position_le,
	COMMUTATOR = >=,
	NEGATOR = >,
	RESTRICT = scalarlesel,
	JOIN = scalarlejoinsel
);
COMMENT ON OPERATOR <=("position","position") IS 'less than or equal';
CREATE OPERATOR > (
	LEFTARG = "position",
	RIGHTARG = "position",
	FUNCTION = position_gt,
	COMMUTATOR = <,
	NEGATOR = <=,
	RESTRICT = scalargtsel,
	JOIN = scalargtjoinsel
);
COMMENT ON OPERATOR >("position","position") IS 'greater than';
CREATE OPERATOR >= (
	LEFTARG = "position",
	RIGHTARG = "position",
	FUNCTION = position_ge,
	COMMUTATOR = <=,
	NEGATOR = <,
	RESTRICT = scalargesel,
	JOIN = scalargejoinsel
);
COMMENT ON OPERATOR >=("position","position") IS 'greater than or equal';
CREATE OPERATOR CLASS position_ops
	DEFAULT FOR TYPE "position" USING btree AS
		OPERATOR 1 <,
		OPERATOR 2 <=,
		OPERATOR 3 =,
		OPERATOR 4 >=,
		OPERATOR 5 >,
		FUNCTION 1 position_cmp("position","position"),
		FUNCTION 4 btequalimage(oid);
COMMENT ON OPERATOR CLASS position_ops USING btree IS 'btree operator class for position';
CREATE OPERATOR CLASS position_hash_ops
	DEFAULT FOR TYPE "position" USING hash AS
		OPERATOR 1 =,
		FUNCTION 1 position_hash("position"),
		FUNCTION 2 position_hash_extended("position",bigint);
COMMENT ON OPERATOR CLASS position_hash_ops USING hash IS 'hash operator class for position';
CREATE FUNCTION position_smaller("position", "position") RETURNS "position"
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION position_smaller("position","position") IS 'the smaller of two positions';
CREATE FUNCTION position_larger("position", "position") RETURNS "position"
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION position_larger("position","position") IS 'the larger of two positions';
CREATE AGGREGATE min("position") (
	SFUNC = position_smaller,
	STYPE = "position",
	COMBINEFUNC = position_smaller,
	SORTOP = <,
	PARALLEL = SAFE
);
COMMENT ON AGGREGATE min("position") IS 'minimum of positions';
CREATE AGGREGATE max("position") (
	SFUNC = position_larger,
	STYPE = "position",
	COMBINEFUNC = position_larger,
	SORTOP = >,
	PARALLEL = SAFE
);
COMMENT ON AGGREGATE max("position") IS 'maximum of positions';

-- game
CREATE FUNCTION game_cmp(game, game) RETURNS integer
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT LEAKPROOF PARALLEL SAFE;
COMMENT ON FUNCTION game_cmp(game,game) IS 'btree comparison of games: by start, then move by move';
CREATE FUNCTION game_eq(game, game) RETURNS boolean
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT LEAKPROOF PARALLEL SAFE;
COMMENT ON FUNCTION game_eq(game,game) IS 'implementation of = for game';
CREATE FUNCTION game_ne(game, game) RETURNS boolean
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT LEAKPROOF PARALLEL SAFE;
COMMENT ON FUNCTION game_ne(game,game) IS 'implementation of <> for game';
CREATE FUNCTION game_lt(game, game) RETURNS boolean
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT LEAKPROOF PARALLEL SAFE;
COMMENT ON FUNCTION game_lt(game,game) IS 'implementation of < for game';
CREATE FUNCTION game_le(game, game) RETURNS boolean
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT LEAKPROOF PARALLEL SAFE;
COMMENT ON FUNCTION game_le(game,game) IS 'implementation of <= for game';
CREATE FUNCTION game_gt(game, game) RETURNS boolean
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT LEAKPROOF PARALLEL SAFE;
COMMENT ON FUNCTION game_gt(game,game) IS 'implementation of > for game';
CREATE FUNCTION game_ge(game, game) RETURNS boolean
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT LEAKPROOF PARALLEL SAFE;
COMMENT ON FUNCTION game_ge(game,game) IS 'implementation of >= for game';
CREATE FUNCTION game_hash(game) RETURNS integer
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT LEAKPROOF PARALLEL SAFE;
COMMENT ON FUNCTION game_hash(game) IS 'hash of a game';
CREATE FUNCTION game_hash_extended(game, bigint) RETURNS bigint
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT LEAKPROOF PARALLEL SAFE;
COMMENT ON FUNCTION game_hash_extended(game,bigint) IS 'extended hash of a game';
CREATE FUNCTION game_bytes(g game) RETURNS bytea
	AS 'MODULE_PATHNAME', 'game_bytes' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE COST 1;
COMMENT ON FUNCTION game_bytes(game) IS 'the game''s bytes as the present format writes them, annotations and all (a version 1 value transcoded): what game_hash hashes, and the recipe''s game_key';
CREATE OPERATOR = (
	LEFTARG = game,
	RIGHTARG = game,
	FUNCTION = game_eq,
	COMMUTATOR = =,
	NEGATOR = <>,
	RESTRICT = eqsel,
	JOIN = eqjoinsel,
	HASHES,
	MERGES
);
COMMENT ON OPERATOR =(game,game) IS 'equal: the same start and the same moves';
CREATE OPERATOR <> (
	LEFTARG = game,
	RIGHTARG = game,
	FUNCTION = game_ne,
	COMMUTATOR = <>,
	NEGATOR = =,
	RESTRICT = neqsel,
	JOIN = neqjoinsel
);
COMMENT ON OPERATOR <>(game,game) IS 'not equal';
CREATE OPERATOR < (
	LEFTARG = game,
	RIGHTARG = game,
	FUNCTION = game_lt,
	COMMUTATOR = >,
	NEGATOR = >=,
	RESTRICT = scalarltsel,
	JOIN = scalarltjoinsel
);
COMMENT ON OPERATOR <(game,game) IS 'less than, move by move';
CREATE OPERATOR <= (
	LEFTARG = game,
	RIGHTARG = game,
	FUNCTION = game_le,
	COMMUTATOR = >=,
	NEGATOR = >,
	RESTRICT = scalarlesel,
	JOIN = scalarlejoinsel
);
COMMENT ON OPERATOR <=(game,game) IS 'less than or equal, move by move';
CREATE OPERATOR > (
	LEFTARG = game,
	RIGHTARG = game,
	FUNCTION = game_gt,
	COMMUTATOR = <,
	NEGATOR = <=,
	RESTRICT = scalargtsel,
	JOIN = scalargtjoinsel
);
COMMENT ON OPERATOR >(game,game) IS 'greater than, move by move';
CREATE OPERATOR >= (
	LEFTARG = game,
	RIGHTARG = game,
	FUNCTION = game_ge,
	COMMUTATOR = <=,
	NEGATOR = <,
	RESTRICT = scalargesel,
	JOIN = scalargejoinsel
);
COMMENT ON OPERATOR >=(game,game) IS 'greater than or equal, move by move';
CREATE OPERATOR CLASS game_ops
	DEFAULT FOR TYPE game USING btree AS
		OPERATOR 1 <,
		OPERATOR 2 <=,
		OPERATOR 3 =,
		OPERATOR 4 >=,
		OPERATOR 5 >,
		FUNCTION 1 game_cmp(game,game);
COMMENT ON OPERATOR CLASS game_ops USING btree IS 'btree operator class for game: games that share an opening sort together';
CREATE OPERATOR CLASS game_hash_ops
	DEFAULT FOR TYPE game USING hash AS
		OPERATOR 1 =,
		FUNCTION 1 game_hash(game),
		FUNCTION 2 game_hash_extended(game,bigint);
COMMENT ON OPERATOR CLASS game_hash_ops USING hash IS 'hash operator class for game';

-- pattern
CREATE FUNCTION pattern_cmp(pattern, pattern) RETURNS integer
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT LEAKPROOF PARALLEL SAFE;
COMMENT ON FUNCTION pattern_cmp(pattern,pattern) IS 'btree comparison of patterns (by their packed bytes)';
CREATE FUNCTION pattern_eq(pattern, pattern) RETURNS boolean
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT LEAKPROOF PARALLEL SAFE;
COMMENT ON FUNCTION pattern_eq(pattern,pattern) IS 'implementation of = for pattern';
CREATE FUNCTION pattern_ne(pattern, pattern) RETURNS boolean
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT LEAKPROOF PARALLEL SAFE;
COMMENT ON FUNCTION pattern_ne(pattern,pattern) IS 'implementation of <> for pattern';
CREATE FUNCTION pattern_lt(pattern, pattern) RETURNS boolean
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT LEAKPROOF PARALLEL SAFE;
COMMENT ON FUNCTION pattern_lt(pattern,pattern) IS 'implementation of < for pattern';
CREATE FUNCTION pattern_le(pattern, pattern) RETURNS boolean
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT LEAKPROOF PARALLEL SAFE;
COMMENT ON FUNCTION pattern_le(pattern,pattern) IS 'implementation of <= for pattern';
CREATE FUNCTION pattern_gt(pattern, pattern) RETURNS boolean
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT LEAKPROOF PARALLEL SAFE;
COMMENT ON FUNCTION pattern_gt(pattern,pattern) IS 'implementation of > for pattern';
CREATE FUNCTION pattern_ge(pattern, pattern) RETURNS boolean
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT LEAKPROOF PARALLEL SAFE;
COMMENT ON FUNCTION pattern_ge(pattern,pattern) IS 'implementation of >= for pattern';
CREATE FUNCTION pattern_hash(pattern) RETURNS integer
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT LEAKPROOF PARALLEL SAFE;
COMMENT ON FUNCTION pattern_hash(pattern) IS 'hash of a pattern';
CREATE FUNCTION pattern_hash_extended(pattern, bigint) RETURNS bigint
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT LEAKPROOF PARALLEL SAFE;
COMMENT ON FUNCTION pattern_hash_extended(pattern,bigint) IS 'extended hash of a pattern';
CREATE OPERATOR = (
	LEFTARG = pattern,
	RIGHTARG = pattern,
	FUNCTION = pattern_eq,
	COMMUTATOR = =,
	NEGATOR = <>,
	RESTRICT = eqsel,
	JOIN = eqjoinsel,
	HASHES,
	MERGES
);
COMMENT ON OPERATOR =(pattern,pattern) IS 'equal';
CREATE OPERATOR <> (
	LEFTARG = pattern,
	RIGHTARG = pattern,
	FUNCTION = pattern_ne,
	COMMUTATOR = <>,
	NEGATOR = =,
	RESTRICT = neqsel,
	JOIN = neqjoinsel
);
COMMENT ON OPERATOR <>(pattern,pattern) IS 'not equal';
CREATE OPERATOR < (
	LEFTARG = pattern,
	RIGHTARG = pattern,
	FUNCTION = pattern_lt,
	COMMUTATOR = >,
	NEGATOR = >=,
	RESTRICT = scalarltsel,
	JOIN = scalarltjoinsel
);
COMMENT ON OPERATOR <(pattern,pattern) IS 'less than (an arbitrary but fixed order)';
CREATE OPERATOR <= (
	LEFTARG = pattern,
	RIGHTARG = pattern,
	FUNCTION = pattern_le,
	COMMUTATOR = >=,
	NEGATOR = >,
	RESTRICT = scalarlesel,
	JOIN = scalarlejoinsel
);
COMMENT ON OPERATOR <=(pattern,pattern) IS 'less than or equal';
CREATE OPERATOR > (
	LEFTARG = pattern,
	RIGHTARG = pattern,
	FUNCTION = pattern_gt,
	COMMUTATOR = <,
	NEGATOR = <=,
	RESTRICT = scalargtsel,
	JOIN = scalargtjoinsel
);
COMMENT ON OPERATOR >(pattern,pattern) IS 'greater than';
CREATE OPERATOR >= (
	LEFTARG = pattern,
	RIGHTARG = pattern,
	FUNCTION = pattern_ge,
	COMMUTATOR = <=,
	NEGATOR = <,
	RESTRICT = scalargesel,
	JOIN = scalargejoinsel
);
COMMENT ON OPERATOR >=(pattern,pattern) IS 'greater than or equal';
CREATE OPERATOR CLASS pattern_ops
	DEFAULT FOR TYPE pattern USING btree AS
		OPERATOR 1 <,
		OPERATOR 2 <=,
		OPERATOR 3 =,
		OPERATOR 4 >=,
		OPERATOR 5 >,
		FUNCTION 1 pattern_cmp(pattern,pattern),
		FUNCTION 4 btequalimage(oid);
COMMENT ON OPERATOR CLASS pattern_ops USING btree IS 'btree operator class for pattern';
CREATE OPERATOR CLASS pattern_hash_ops
	DEFAULT FOR TYPE pattern USING hash AS
		OPERATOR 1 =,
		FUNCTION 1 pattern_hash(pattern),
		FUNCTION 2 pattern_hash_extended(pattern,bigint);
COMMENT ON OPERATOR CLASS pattern_hash_ops USING hash IS 'hash operator class for pattern';

-- balance
CREATE FUNCTION balance_cmp(balance, balance) RETURNS integer
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT LEAKPROOF PARALLEL SAFE;
COMMENT ON FUNCTION balance_cmp(balance,balance) IS 'btree comparison of material balances (by their packed bytes)';
CREATE FUNCTION balance_eq(balance, balance) RETURNS boolean
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT LEAKPROOF PARALLEL SAFE;
COMMENT ON FUNCTION balance_eq(balance,balance) IS 'implementation of = for balance';
CREATE FUNCTION balance_ne(balance, balance) RETURNS boolean
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT LEAKPROOF PARALLEL SAFE;
COMMENT ON FUNCTION balance_ne(balance,balance) IS 'implementation of <> for balance';
CREATE FUNCTION balance_lt(balance, balance) RETURNS boolean
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT LEAKPROOF PARALLEL SAFE;
COMMENT ON FUNCTION balance_lt(balance,balance) IS 'implementation of < for balance';
CREATE FUNCTION balance_le(balance, balance) RETURNS boolean
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT LEAKPROOF PARALLEL SAFE;
COMMENT ON FUNCTION balance_le(balance,balance) IS 'implementation of <= for balance';
CREATE FUNCTION balance_gt(balance, balance) RETURNS boolean
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT LEAKPROOF PARALLEL SAFE;
COMMENT ON FUNCTION balance_gt(balance,balance) IS 'implementation of > for balance';
CREATE FUNCTION balance_ge(balance, balance) RETURNS boolean
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT LEAKPROOF PARALLEL SAFE;
COMMENT ON FUNCTION balance_ge(balance,balance) IS 'implementation of >= for balance';
CREATE FUNCTION balance_hash(balance) RETURNS integer
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT LEAKPROOF PARALLEL SAFE;
COMMENT ON FUNCTION balance_hash(balance) IS 'hash of a material balance';
CREATE FUNCTION balance_hash_extended(balance, bigint) RETURNS bigint
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT LEAKPROOF PARALLEL SAFE;
COMMENT ON FUNCTION balance_hash_extended(balance,bigint) IS 'extended hash of a material balance';
CREATE OPERATOR = (
	LEFTARG = balance,
	RIGHTARG = balance,
	FUNCTION = balance_eq,
	COMMUTATOR = =,
	NEGATOR = <>,
	RESTRICT = eqsel,
	JOIN = eqjoinsel,
	HASHES,
	MERGES
);
COMMENT ON OPERATOR =(balance,balance) IS 'equal';
CREATE OPERATOR <> (
	LEFTARG = balance,
	RIGHTARG = balance,
	FUNCTION = balance_ne,
	COMMUTATOR = <>,
	NEGATOR = =,
	RESTRICT = neqsel,
	JOIN = neqjoinsel
);
COMMENT ON OPERATOR <>(balance,balance) IS 'not equal';
CREATE OPERATOR < (
	LEFTARG = balance,
	RIGHTARG = balance,
	FUNCTION = balance_lt,
	COMMUTATOR = >,
	NEGATOR = >=,
	RESTRICT = scalarltsel,
	JOIN = scalarltjoinsel
);
COMMENT ON OPERATOR <(balance,balance) IS 'less than (an arbitrary but fixed order)';
CREATE OPERATOR <= (
	LEFTARG = balance,
	RIGHTARG = balance,
	FUNCTION = balance_le,
	COMMUTATOR = >=,
	NEGATOR = >,
	RESTRICT = scalarlesel,
	JOIN = scalarlejoinsel
);
COMMENT ON OPERATOR <=(balance,balance) IS 'less than or equal';
CREATE OPERATOR > (
	LEFTARG = balance,
	RIGHTARG = balance,
	FUNCTION = balance_gt,
	COMMUTATOR = <,
	NEGATOR = <=,
	RESTRICT = scalargtsel,
	JOIN = scalargtjoinsel
);
COMMENT ON OPERATOR >(balance,balance) IS 'greater than';
CREATE OPERATOR >= (
	LEFTARG = balance,
	RIGHTARG = balance,
	FUNCTION = balance_ge,
	COMMUTATOR = <=,
	NEGATOR = <,
	RESTRICT = scalargesel,
	JOIN = scalargejoinsel
);
COMMENT ON OPERATOR >=(balance,balance) IS 'greater than or equal';
CREATE OPERATOR CLASS balance_ops
	DEFAULT FOR TYPE balance USING btree AS
		OPERATOR 1 <,
		OPERATOR 2 <=,
		OPERATOR 3 =,
		OPERATOR 4 >=,
		OPERATOR 5 >,
		FUNCTION 1 balance_cmp(balance,balance),
		FUNCTION 4 btequalimage(oid);
COMMENT ON OPERATOR CLASS balance_ops USING btree IS 'btree operator class for balance';
CREATE OPERATOR CLASS balance_hash_ops
	DEFAULT FOR TYPE balance USING hash AS
		OPERATOR 1 =,
		FUNCTION 1 balance_hash(balance),
		FUNCTION 2 balance_hash_extended(balance,bigint);
COMMENT ON OPERATOR CLASS balance_hash_ops USING hash IS 'hash operator class for balance';


--
-- Squares, pieces and moves
--

CREATE FUNCTION file(square) RETURNS text
	AS 'MODULE_PATHNAME', 'square_file' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION file(square) IS 'file letter of a square, a to h';
CREATE FUNCTION rank(square) RETURNS integer
	AS 'MODULE_PATHNAME', 'square_rank' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION rank(square) IS 'rank number of a square, 1 to 8';
CREATE FUNCTION rank(text) RETURNS integer
	AS 'MODULE_PATHNAME', 'square_rank_text' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE COST 5;
COMMENT ON FUNCTION rank(text) IS 'rank number of a square written as text: rank(''e4'') = 4';
CREATE FUNCTION square(text, integer) RETURNS square
	AS 'MODULE_PATHNAME', 'square_make' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION square(text,integer) IS 'the square on a file (a to h) and rank (1 to 8)';
CREATE FUNCTION color(piece) RETURNS text
	AS 'MODULE_PATHNAME', 'piece_color' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION color(piece) IS 'colour of a piece, white or black';
CREATE FUNCTION kind(piece) RETURNS text
	AS 'MODULE_PATHNAME', 'piece_kind' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION kind(piece) IS 'kind of a piece: pawn, knight, bishop, rook, queen or king';
CREATE FUNCTION piece(text, text) RETURNS piece
	AS 'MODULE_PATHNAME', 'piece_make' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION piece(text,text) IS 'the piece of a colour (white, black, w, b) and kind (name or letter)';
CREATE FUNCTION from_square(move) RETURNS square
	AS 'MODULE_PATHNAME', 'move_from_square' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION from_square(move) IS 'square a move starts from (NULL for the null move)';
CREATE FUNCTION to_square(move) RETURNS square
	AS 'MODULE_PATHNAME', 'move_to_square' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION to_square(move) IS 'square a move goes to (NULL for the null move)';
CREATE FUNCTION promotion(move) RETURNS text
	AS 'MODULE_PATHNAME', 'move_promotion' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION promotion(move) IS 'kind a move promotes to (knight, bishop, rook, queen), or NULL';
CREATE FUNCTION move(square, square) RETURNS move
	AS 'MODULE_PATHNAME', 'move_make' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION move(square,square) IS 'the move from one square to another';
CREATE FUNCTION move(square, square, text) RETURNS move
	AS 'MODULE_PATHNAME', 'move_make' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION move(square,square,text) IS 'the promotion move from one square to another (kind by name or letter)';

--
-- Positions
--
-- Reading a packed position; FEN, Chess960, material, Polyglot keys.
--

CREATE FUNCTION start_position() RETURNS "position"
	AS 'MODULE_PATHNAME', 'position_start' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION start_position() IS 'the standard starting position';
CREATE FUNCTION side_to_move("position") RETURNS text
	AS 'MODULE_PATHNAME', 'position_side_to_move' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE COST 5;
COMMENT ON FUNCTION side_to_move("position") IS 'side to move, white or black';
CREATE FUNCTION castling_rights("position") RETURNS text
	AS 'MODULE_PATHNAME', 'position_castling_rights' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE COST 5;
COMMENT ON FUNCTION castling_rights("position") IS 'castling rights as the FEN field (KQkq, ..., -)';
CREATE FUNCTION en_passant_square("position") RETURNS square
	AS 'MODULE_PATHNAME', 'position_en_passant_square' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE COST 5;
COMMENT ON FUNCTION en_passant_square("position") IS 'en passant target square when an en passant capture is legal, else NULL';
CREATE FUNCTION halfmove_clock("position") RETURNS integer
	AS 'MODULE_PATHNAME', 'position_halfmove_clock' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE COST 5;
COMMENT ON FUNCTION halfmove_clock("position") IS 'plies since the last capture or pawn move';
CREATE FUNCTION fullmove_number("position") RETURNS integer
	AS 'MODULE_PATHNAME', 'position_fullmove_number' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE COST 5;
COMMENT ON FUNCTION fullmove_number("position") IS 'move number, starting at 1 and incremented after Black moves';
CREATE FUNCTION piece_at("position", square) RETURNS piece
	AS 'MODULE_PATHNAME', 'position_piece_at' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE COST 5;
COMMENT ON FUNCTION piece_at("position",square) IS 'piece on a square, or NULL when it is empty';
CREATE FUNCTION pieces("position") RETURNS TABLE(square square, piece piece)
	AS 'MODULE_PATHNAME', 'position_pieces' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE COST 10 ROWS 32;
COMMENT ON FUNCTION pieces("position") IS 'the occupied squares of a position and their pieces, by square';
CREATE FUNCTION without_clocks("position") RETURNS "position"
	AS 'MODULE_PATHNAME', 'position_without_clocks' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE COST 5;
COMMENT ON FUNCTION without_clocks("position") IS 'the position with halfmove clock 0 and fullmove number 1: equal for the same position whatever its clocks, to index and compare';
CREATE FUNCTION shredder_fen(p "position") RETURNS text
	AS 'MODULE_PATHNAME', 'position_shredder_fen' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE COST 5;
COMMENT ON FUNCTION shredder_fen("position") IS 'the FEN with the castling field in Shredder-FEN (the rooks'' files, HAha); the text form writes X-FEN (KQkq, a file letter for an inner rook)';
CREATE FUNCTION chess960_number(p "position") RETURNS integer
	AS 'MODULE_PATHNAME', 'position_chess960_number_fn' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE COST 50;
COMMENT ON FUNCTION chess960_number("position") IS 'the number (0 to 959) of a Chess960 starting position, clocks aside; NULL for any other position';
CREATE FUNCTION chess960_position(n integer) RETURNS "position"
	AS 'MODULE_PATHNAME', 'position_chess960' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE COST 5;
COMMENT ON FUNCTION chess960_position(integer) IS 'Chess960 starting position n, 0 to 959 in the standard numbering (518: the standard start)';
CREATE FUNCTION material("position") RETURNS text
	AS 'MODULE_PATHNAME', 'position_material' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE COST 5;
COMMENT ON FUNCTION material("position") IS 'the material signature in Syzygy''s order, White first: KQRRBBNNPPPPPPPPvKQRRBBNNPPPPPPPP, KRBvKR';
CREATE FUNCTION polyglot_key("position") RETURNS bigint
	AS 'MODULE_PATHNAME', 'position_polyglot_key' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE COST 20;
COMMENT ON FUNCTION polyglot_key("position") IS 'Polyglot opening-book key (en passant file hashed when the capture is legal)';

--
-- Move generation
--
-- The staged pipeline of the ABAP article in C: the pseudo-legal moves, the
-- legal moves, a move played, the positions they lead to; check, mate,
-- stalemate, attackers; perft (priced as a search of a few plies, so that
-- the planner runs every cheaper condition first).
--

CREATE FUNCTION pseudo_legal_moves("position") RETURNS SETOF move
	AS 'MODULE_PATHNAME', 'position_pseudo_legal_moves' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE COST 10 ROWS 37;
COMMENT ON FUNCTION pseudo_legal_moves("position") IS 'the moves of the side to move before the king-safety filter';
CREATE FUNCTION legal_moves("position") RETURNS SETOF move
	AS 'MODULE_PATHNAME', 'position_legal_moves' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE COST 10 ROWS 35;
COMMENT ON FUNCTION legal_moves("position") IS 'the legal moves of the side to move';
CREATE FUNCTION is_legal("position", move) RETURNS boolean
	AS 'MODULE_PATHNAME', 'position_is_legal' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE COST 20;
COMMENT ON FUNCTION is_legal("position",move) IS 'whether a move is legal in a position';
CREATE FUNCTION play("position", move) RETURNS "position"
	AS 'MODULE_PATHNAME', 'position_play_move' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE COST 20;
COMMENT ON FUNCTION play("position",move) IS 'the position after a legal move; an illegal move raises an error saying why';
CREATE FUNCTION successors("position") RETURNS TABLE(move move, "position" "position")
	AS 'MODULE_PATHNAME', 'position_successors' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE COST 20 ROWS 35;
COMMENT ON FUNCTION successors("position") IS 'every legal move with the position it leads to';
CREATE FUNCTION in_check("position") RETURNS boolean
	AS 'MODULE_PATHNAME', 'position_in_check_sql' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE COST 20;
COMMENT ON FUNCTION in_check("position") IS 'whether the side to move is in check';
CREATE FUNCTION is_checkmate("position") RETURNS boolean
	AS 'MODULE_PATHNAME', 'position_is_checkmate_sql' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE COST 20;
COMMENT ON FUNCTION is_checkmate("position") IS 'whether the side to move is checkmated';
CREATE FUNCTION is_stalemate("position") RETURNS boolean
	AS 'MODULE_PATHNAME', 'position_is_stalemate_sql' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE COST 20;
COMMENT ON FUNCTION is_stalemate("position") IS 'whether the side to move is stalemated';
CREATE FUNCTION attackers("position", square, text) RETURNS SETOF square
	AS 'MODULE_PATHNAME', 'position_attackers_sql' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE COST 20 ROWS 2;
COMMENT ON FUNCTION attackers("position",square,text) IS 'squares of the pieces of a colour (white, black) that attack a square';
CREATE FUNCTION perft("position", integer) RETURNS bigint
	AS 'MODULE_PATHNAME', 'position_perft' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE COST 1e+06;
COMMENT ON FUNCTION perft("position",integer) IS 'number of leaf nodes of the legal-move tree to a depth';
CREATE FUNCTION perft_divide("position", integer) RETURNS TABLE(move move, nodes bigint)
	AS 'MODULE_PATHNAME', 'position_perft_divide' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE COST 1e+06 ROWS 35;
COMMENT ON FUNCTION perft_divide("position",integer) IS 'perft of each legal move to one less depth';

--
-- What CQL's filters see
--
-- Checks, pins, x-rays, mobility and the pawns' structure of a position;
-- a position or a pattern flipped to the other colour or mirrored
-- left-right (python-chess's names: its Board.mirror() is flip_colors(),
-- its flip_horizontal() the mirror; flip() stays balance's alone, so that
-- flip('KRBvK') still means a balance); Scid's "same pawns" and "same
-- pawn files" board searches.
-- Sets of squares are square[] (by square), relations tables.
--

CREATE FUNCTION checkers("position") RETURNS square[]
	AS 'MODULE_PATHNAME', 'position_checkers_sql' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE COST 10;
COMMENT ON FUNCTION checkers("position") IS 'the pieces giving check to the side to move (two: a double check)';
CREATE FUNCTION mobility("position") RETURNS integer
	AS 'MODULE_PATHNAME', 'position_mobility' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE COST 10;
COMMENT ON FUNCTION mobility("position") IS 'the number of legal moves of the side to move';
CREATE FUNCTION pinned("position") RETURNS square[]
	AS 'MODULE_PATHNAME', 'position_pinned_sql' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE COST 10;
COMMENT ON FUNCTION pinned("position") IS 'the pieces of both colours pinned to their king';
CREATE FUNCTION pinned("position", text) RETURNS square[]
	AS 'MODULE_PATHNAME', 'position_pinned_sql' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE COST 10;
COMMENT ON FUNCTION pinned("position",text) IS 'the pieces of a colour (white, black) pinned to their king';
CREATE FUNCTION pins("position") RETURNS TABLE(pinned square, pinner square, king square)
	AS 'MODULE_PATHNAME', 'position_pins' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE COST 10 ROWS 1;
COMMENT ON FUNCTION pins("position") IS 'each piece pinned to its king, with the bishop, rook or queen that pins it';
CREATE FUNCTION xrays("position") RETURNS TABLE(attacker square, through square, target square)
	AS 'MODULE_PATHNAME', 'position_xrays_sql' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE COST 10 ROWS 8;
COMMENT ON FUNCTION xrays("position") IS 'each line from a bishop, rook or queen through one piece to the next';
CREATE FUNCTION passed_pawns("position") RETURNS square[]
	AS 'MODULE_PATHNAME', 'position_passed_pawns' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE COST 10;
COMMENT ON FUNCTION passed_pawns("position") IS 'the pawns no enemy pawn ahead on their file or the files beside it';
CREATE FUNCTION passed_pawns("position", text) RETURNS square[]
	AS 'MODULE_PATHNAME', 'position_passed_pawns' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE COST 10;
COMMENT ON FUNCTION passed_pawns("position",text) IS 'the passed pawns of a colour (white, black)';
CREATE FUNCTION isolated_pawns("position") RETURNS square[]
	AS 'MODULE_PATHNAME', 'position_isolated_pawns' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE COST 10;
COMMENT ON FUNCTION isolated_pawns("position") IS 'the pawns with no pawn of their colour on a file beside theirs';
CREATE FUNCTION isolated_pawns("position", text) RETURNS square[]
	AS 'MODULE_PATHNAME', 'position_isolated_pawns' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE COST 10;
COMMENT ON FUNCTION isolated_pawns("position",text) IS 'the isolated pawns of a colour (white, black)';
CREATE FUNCTION doubled_pawns("position") RETURNS square[]
	AS 'MODULE_PATHNAME', 'position_doubled_pawns' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE COST 10;
COMMENT ON FUNCTION doubled_pawns("position") IS 'the pawns that share their file with another pawn of their colour';
CREATE FUNCTION doubled_pawns("position", text) RETURNS square[]
	AS 'MODULE_PATHNAME', 'position_doubled_pawns' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE COST 10;
COMMENT ON FUNCTION doubled_pawns("position",text) IS 'the doubled pawns of a colour (white, black)';
CREATE FUNCTION connected_pawns("position") RETURNS square[]
	AS 'MODULE_PATHNAME', 'position_connected_pawns' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE COST 10;
COMMENT ON FUNCTION connected_pawns("position") IS 'the pawns with a pawn of their colour on a file beside theirs, a rank apart at most';
CREATE FUNCTION connected_pawns("position", text) RETURNS square[]
	AS 'MODULE_PATHNAME', 'position_connected_pawns' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE COST 10;
COMMENT ON FUNCTION connected_pawns("position",text) IS 'the connected pawns of a colour (white, black)';
CREATE FUNCTION flip_colors("position") RETURNS "position"
	AS 'MODULE_PATHNAME', 'position_flip_sql' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION flip_colors("position") IS 'the position with the board upside down and the colours swapped';
CREATE FUNCTION flip_horizontal("position") RETURNS "position"
	AS 'MODULE_PATHNAME', 'position_mirror_sql' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION flip_horizontal("position") IS 'the position mirrored left-right (castling rights follow their rooks)';
CREATE FUNCTION flip_colors(pattern) RETURNS pattern
	AS 'MODULE_PATHNAME', 'pattern_flip_sql' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION flip_colors(pattern) IS 'the pattern with the board upside down and the colours swapped';
CREATE FUNCTION flip_horizontal(pattern) RETURNS pattern
	AS 'MODULE_PATHNAME', 'pattern_mirror_sql' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION flip_horizontal(pattern) IS 'the pattern mirrored left-right';
CREATE FUNCTION same_pawns("position", "position") RETURNS boolean
	AS 'MODULE_PATHNAME', 'position_same_pawns' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION same_pawns("position","position") IS 'Scid''s "pawns" board search: the same material and side to move, the pawns on the same squares';
CREATE FUNCTION same_pawn_files("position", "position") RETURNS boolean
	AS 'MODULE_PATHNAME', 'position_same_pawn_files' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION same_pawn_files("position","position") IS 'Scid''s "files" board search: the same material and side to move, as many pawns of each colour on each file';

--
-- Notation
--
-- SAN and UCI moves, movetext, PGN out.
--

CREATE FUNCTION san("position", move) RETURNS text
	AS 'MODULE_PATHNAME', 'position_san' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE COST 50;
COMMENT ON FUNCTION san("position",move) IS 'the standard algebraic notation (SAN) of a legal move';
CREATE FUNCTION parse_move("position", text, lenient boolean DEFAULT false) RETURNS move
	AS 'MODULE_PATHNAME', 'position_parse_move' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE COST 50;
COMMENT ON FUNCTION parse_move("position",text,boolean) IS 'the legal move written in SAN or UCI; lenient accepts 0-0, Nf3xe5, e8Q, nf3 and the like';
CREATE FUNCTION play("position", text, lenient boolean DEFAULT false) RETURNS "position"
	AS 'MODULE_PATHNAME', 'position_play_notation' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE COST 50;
COMMENT ON FUNCTION play("position",text,boolean) IS 'the position after a legal move written in SAN or UCI';
CREATE FUNCTION uci_chess960(p "position", m move) RETURNS move
	AS 'MODULE_PATHNAME', 'position_uci_chess960' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE COST 5;
COMMENT ON FUNCTION uci_chess960("position",move) IS 'the move as UCI_Chess960 writes it: castling as the king onto its own rook (e1h1 for e1g1); other moves unchanged';
CREATE FUNCTION movetext(start "position", moves move[]) RETURNS text
	AS 'MODULE_PATHNAME', 'chess_movetext' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE COST 200;
COMMENT ON FUNCTION movetext("position",move[]) IS 'the moves in SAN with move numbers on one line, no tags and no result: 1. e4 e5 2. Nf3';
CREATE FUNCTION movetext(moves move[]) RETURNS text
	AS 'MODULE_PATHNAME', 'chess_movetext' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE COST 200;
COMMENT ON FUNCTION movetext(move[]) IS 'the moves from the standard start in SAN with move numbers: 1. e4 e5 2. Nf3';
CREATE FUNCTION pgn(start "position", moves move[], tags jsonb DEFAULT '{}'::jsonb) RETURNS text
	AS 'MODULE_PATHNAME', 'chess_pgn' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE COST 5000;
COMMENT ON FUNCTION pgn("position",move[],jsonb) IS 'a game as PGN text: the Seven Tag Roster and other tags, SetUp and FEN for another start, the moves in SAN';

--
-- Games
--
-- The game type's constructors and accessors; appending a move (||).
--

CREATE FUNCTION game(start "position", moves move[]) RETURNS game
	AS 'MODULE_PATHNAME', 'game_make' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE COST 100;
COMMENT ON FUNCTION game("position",move[]) IS 'the game of legal moves played from a start position; an illegal move raises 22023 naming its ply';
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
COMMENT ON FUNCTION position_at(game,integer) IS 'the position after a number of plies, 0 being the start';
CREATE FUNCTION positions(game) RETURNS TABLE(ply integer, "position" "position", next move)
	AS 'MODULE_PATHNAME', 'game_positions' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE COST 2 ROWS 80;
COMMENT ON FUNCTION positions(game) IS 'every position of a game, ply 0 the start, with the move played from it (NULL after the last)';
CREATE FUNCTION next_moves(game, "position") RETURNS SETOF move
	AS 'MODULE_PATHNAME', 'game_next_moves' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE COST 10 ROWS 1;
COMMENT ON FUNCTION next_moves(game,"position") IS 'the moves a game plays from a position, each time it reaches it (clocks ignored): what an opening explorer counts';
CREATE FUNCTION position_moves(g game) RETURNS TABLE(key bigint, "position" "position", move move)
	AS 'MODULE_PATHNAME', 'game_position_moves' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE COST 100 ROWS 60;
COMMENT ON FUNCTION position_moves(game) IS 'each position a game plays a move from, with the move, once per game, the position''s clocks cleared, and its Polyglot key: what an opening explorer counts';
CREATE FUNCTION explorer_cells(g game, tags jsonb, result text) RETURNS TABLE(key bigint, "position" "position", month integer, cell bigint[])
	AS 'MODULE_PATHNAME', 'game_explorer_cells' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE COST 100 ROWS 60;
COMMENT ON FUNCTION explorer_cells(game, jsonb, text) IS 'position_moves() with what the game adds to each move''s statistics in an opening explorer: a cell of its result, the mover''s rating group, its speed and date (doc/formats.md), and its month (yyyymm, 0 unknown)';
CREATE FUNCTION explorer_cells(g game, tags jsonb, result text, filter bytea) RETURNS TABLE(key bigint, "position" "position", month integer, cell bigint[])
	AS 'MODULE_PATHNAME', 'game_explorer_cells' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE COST 100 ROWS 10;
COMMENT ON FUNCTION explorer_cells(game, jsonb, text, bytea) IS 'explorer_cells() of the positions whose keys a filter of explorer_key_filter() has';
CREATE FUNCTION explorer_key_filter_game(internal, game, bigint) RETURNS internal
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION explorer_key_filter_game(internal, game, bigint) IS 'explorer_key_filter(game, bigint) transition: the keys of the positions a game plays a move from, seen';
CREATE FUNCTION explorer_key_filter_key(internal, bigint, bigint) RETURNS internal
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION explorer_key_filter_key(internal, bigint, bigint) IS 'explorer_key_filter(bigint, bigint) transition: a key wanted';
CREATE FUNCTION explorer_key_filter_final(internal) RETURNS bytea
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION explorer_key_filter_final(internal) IS 'explorer_key_filter() final: the filter''s bytes';
CREATE AGGREGATE explorer_key_filter(g game, keys bigint) (
	SFUNC = explorer_key_filter_game,
	STYPE = internal,
	FINALFUNC = explorer_key_filter_final,
	PARALLEL = SAFE
);
COMMENT ON AGGREGATE explorer_key_filter(game, bigint) IS 'a filter of the Polyglot keys of the positions that the games play a move from twice or more, and of a few others, for explorer_cells(); keys: how many keys to expect, which sizes it (2 bytes a key, within a quarter of maintenance_work_mem and 256 MB)';
CREATE AGGREGATE explorer_key_filter(key bigint, keys bigint) (
	SFUNC = explorer_key_filter_key,
	STYPE = internal,
	FINALFUNC = explorer_key_filter_final,
	PARALLEL = SAFE
);
COMMENT ON AGGREGATE explorer_key_filter(bigint, bigint) IS 'a filter of the Polyglot keys given, and of some others, for explorer_cells(); keys: how many to expect';
CREATE FUNCTION explorer_sum_add(internal, bigint[]) RETURNS internal
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION explorer_sum_add(internal, bigint[]) IS 'explorer_sum() transition: adds the cells of an array to the sums by code';
CREATE FUNCTION explorer_sum_final(internal) RETURNS bigint[]
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION explorer_sum_final(internal) IS 'explorer_sum() final: the summed cells in the order of their codes';
CREATE AGGREGATE explorer_sum(bigint[]) (
	SFUNC = explorer_sum_add,
	STYPE = internal,
	SSPACE = 128,
	FINALFUNC = explorer_sum_final,
	PARALLEL = SAFE
);
COMMENT ON AGGREGATE explorer_sum(bigint[]) IS 'explorer cells summed by their code (move, rating group, speed); those that count no game left out';
CREATE FUNCTION explorer_sum_month_add(internal, bigint[], integer) RETURNS internal
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION explorer_sum_month_add(internal, bigint[], integer) IS 'explorer_sum(bigint[], integer) transition: adds the cells of an array to the sums by code and month';
CREATE AGGREGATE explorer_sum(cells bigint[], month integer) (
	SFUNC = explorer_sum_month_add,
	STYPE = internal,
	SSPACE = 128,
	FINALFUNC = explorer_sum_final,
	PARALLEL = SAFE
);
COMMENT ON AGGREGATE explorer_sum(bigint[], integer) IS 'explorer cells summed by their code and month (yyyymm, 0 unknown), the month in bits 24-43 of each code: for explorer_periods()';
CREATE FUNCTION explorer_periods(cells bigint[], dated boolean) RETURNS TABLE(period integer, cells bigint[])
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE ROWS 1;
COMMENT ON FUNCTION explorer_periods(bigint[], boolean) IS 'the explorer''s rows of a position from its cells by month (explorer_sum(cells, month)): period 0, and when dated each month (yyyymm) and year (-yyyy)';
CREATE FUNCTION explorer_negate(bigint[]) RETURNS bigint[]
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION explorer_negate(bigint[]) IS 'explorer cells with their counters negated: what a deleted game takes away';
CREATE FUNCTION explorer_read(p "position", cells bigint[], speeds text[] DEFAULT NULL, min_rating integer DEFAULT NULL, max_rating integer DEFAULT NULL)
	RETURNS TABLE(move move, games integer, white integer, draws integer, black integer, san text, average_rating integer, performance integer, last_played date)
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE PARALLEL SAFE COST 10 ROWS 10;
COMMENT ON FUNCTION explorer_read("position", bigint[], text[], integer, integer) IS 'the moves of explorer cells with their statistics (games, results, the mover''s average rating, performance, last date), filtered by lichess''s speeds and the mover''s rating groups; most played first';
CREATE FUNCTION game_append(game, move) RETURNS game
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE COST 100;
COMMENT ON FUNCTION game_append(game,move) IS 'the game with a legal move played at its end';
CREATE OPERATOR || (
	LEFTARG = game,
	RIGHTARG = move,
	FUNCTION = game_append
);
COMMENT ON OPERATOR ||(game,move) IS 'the game with a legal move played at its end; 22023 when it is illegal or the game is over';

--
-- PGN import
--
-- Whole games: priced per game (pgn_games), per ply (pgn_plies); a file on
-- the server for roles that may read server files, as COPY FROM a file.
--

-- the support function of pgn_games() and pgn_games_file(): the planner
-- calls it, which loads the library whose hook reads them as a stream in FROM
CREATE FUNCTION pgn_games_support(internal) RETURNS internal
	AS 'MODULE_PATHNAME', 'chess_pgn_support' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION pgn_games_support(internal) IS 'planner support for pgn_games() and pgn_games_file(): loads the library whose hook reads them as a stream in FROM';
CREATE FUNCTION pgn_games(pgn text, skip_errors boolean DEFAULT false, keep_errors boolean DEFAULT false) RETURNS TABLE(game integer, tags jsonb, result text, start "position", final "position", plies integer, moves move[], value game, comment text, error text, tag_order text[], byte_offset bigint)
	AS 'MODULE_PATHNAME', 'chess_pgn_games' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE COST 5000 SUPPORT pgn_games_support;
COMMENT ON FUNCTION pgn_games(text,boolean,boolean) IS 'the games of a PGN text, one row each (value: the game as a game value; comment: the text before the first move), their main lines validated move by move; skip_errors skips a bad game with a NOTICE, keep_errors keeps it up to its error, in the column error; tag_order: the tags'' names in the order read when pgn() would write them in another, else NULL; byte_offset: where the game begins in the text';
CREATE FUNCTION pgn_games(pgn bytea, encoding text DEFAULT 'UTF8'::text, skip_errors boolean DEFAULT false, keep_errors boolean DEFAULT false, first_game integer DEFAULT 1, first_offset bigint DEFAULT 0) RETURNS TABLE(game integer, tags jsonb, result text, start "position", final "position", plies integer, moves move[], value game, comment text, error text, tag_order text[], byte_offset bigint)
	AS 'MODULE_PATHNAME', 'chess_pgn_games_bytea' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE COST 5000 SUPPORT pgn_games_support;
COMMENT ON FUNCTION pgn_games(bytea,text,boolean,boolean,integer,bigint) IS 'the games of the bytes of a PGN file in an encoding (UTF8, LATIN1, ...), converted to the database''s; otherwise as pgn_games(text); a piece of a larger file numbers its games from first_game and places them from first_offset, as in the file';
CREATE FUNCTION pgn_games_file(path text, skip_errors boolean DEFAULT false, encoding text DEFAULT 'UTF8'::text, keep_errors boolean DEFAULT false, part integer DEFAULT 1, parts integer DEFAULT 1) RETURNS TABLE(game integer, tags jsonb, result text, start "position", final "position", plies integer, moves move[], value game, comment text, error text, tag_order text[], byte_offset bigint)
	AS 'MODULE_PATHNAME', 'chess_pgn_games_file' LANGUAGE C VOLATILE STRICT PARALLEL SAFE COST 5000 ROWS 100000 SUPPORT pgn_games_support;
COMMENT ON FUNCTION pgn_games_file(text,boolean,text,boolean,integer,integer) IS 'the games of a PGN file on the server (plain, gzip or zstd; UTF8 or a single-byte encoding), read as a stream in constant memory, or the games of one of its parts (part of parts: a session each); for superusers and members of pg_read_server_files';
CREATE FUNCTION pgn_plies(pgn text, skip_errors boolean DEFAULT false, with_variations boolean DEFAULT false) RETURNS TABLE(game integer, ply integer, move move, san text, before "position", after "position", comment text, variation text)
	AS 'MODULE_PATHNAME', 'chess_pgn_plies' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE COST 150 ROWS 80000;
COMMENT ON FUNCTION pgn_plies(text,boolean,boolean) IS 'the plies of the games of a PGN text, one row each, with the positions before and after; the main line, and with_variations the variations too (variation is their path: 1, 2, 1.1, ...)';

--
-- Annotations: what a PGN says besides its main line — comments, NAGs,
-- variations, and the commands inside comments ([%clk], [%emt], [%eval],
-- [%csl], [%cal]) — kept in the game value (doc/formats.md) and written
-- back by pgn(game).  Searches read the main line only.
--

CREATE FUNCTION pgn(g game, tags jsonb DEFAULT '{}'::jsonb, tag_order text[] DEFAULT NULL) RETURNS text
	AS 'MODULE_PATHNAME', 'chess_pgn_game' LANGUAGE C IMMUTABLE PARALLEL SAFE COST 5000;
COMMENT ON FUNCTION pgn(game,jsonb,text[]) IS 'a game as PGN text with its comments, NAGs, variations, clocks and evaluations: the Seven Tag Roster, SetUp and FEN for another start, then the other tags in tag_order''s order (pgn_games()''s column), else lichess''s';
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

--
-- Analysis as lichess computes it (lichess.org/page/accuracy): Win%, the
-- accuracy of a move and of each side over a game, inaccuracies, mistakes
-- and blunders, from the evaluations kept in a game; move times from its
-- clocks; the PGN TimeControl and Date tags read.
--

CREATE FUNCTION win_chance(cp integer, mate integer DEFAULT NULL) RETURNS double precision
	AS 'MODULE_PATHNAME', 'chess_win_chance' LANGUAGE C IMMUTABLE PARALLEL SAFE COST 1;
COMMENT ON FUNCTION win_chance(integer,integer) IS 'lichess''s Win% (0 to 100) of an evaluation from White''s side: 50 + 50 × (2 / (1 + exp(-0.00368208 × cp)) - 1), cp clamped to ±1000; a mate as the clamp with its sign (97.5 for White, 2.5 for Black), as lichess''s WinPercent.fromMate';
CREATE FUNCTION move_accuracy(before double precision, after double precision) RETURNS double precision
	AS 'MODULE_PATHNAME', 'chess_move_accuracy' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE COST 1;
COMMENT ON FUNCTION move_accuracy(double precision,double precision) IS 'lichess''s accuracy (0 to 100) of a move that takes the mover''s Win% from before to after';
CREATE FUNCTION accuracy(g game, OUT color text, OUT accuracy double precision) RETURNS SETOF record
	AS 'MODULE_PATHNAME', 'game_accuracy' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE COST 500 ROWS 2;
COMMENT ON FUNCTION accuracy(game) IS 'each side''s accuracy over the game''s evaluated plies, as lichess aggregates it (a volatility-weighted mean and a harmonic mean of the moves'' accuracies)';
CREATE FUNCTION judgements(g game, OUT ply integer, OUT judgement text) RETURNS SETOF record
	AS 'MODULE_PATHNAME', 'game_judgements' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE COST 500 ROWS 10;
COMMENT ON FUNCTION judgements(game) IS 'the main line''s inaccuracies, mistakes and blunders by lichess''s thresholds on the loss of winning chances (0.1, 0.2, 0.3) and its rules for mates allowed and lost';
CREATE FUNCTION move_times(g game, increment_seconds integer DEFAULT 0) RETURNS integer[]
	AS 'MODULE_PATHNAME', 'game_move_times' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE COST 500;
COMMENT ON FUNCTION move_times(game,integer) IS 'what each ply of the main line took in centiseconds, from the clocks and the increment; NULL for each side''s first move and where a clock is missing';
CREATE FUNCTION move_times(g game, tags jsonb) RETURNS integer[]
	AS 'MODULE_PATHNAME', 'game_move_times' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE COST 500;
COMMENT ON FUNCTION move_times(game,jsonb) IS 'what each ply took in centiseconds, with the base time and increment of the tags'' TimeControl';
CREATE FUNCTION time_control(tc text, OUT base_seconds integer, OUT increment_seconds integer, OUT speed text) RETURNS record
	AS 'MODULE_PATHNAME', 'chess_time_control' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE COST 1;
COMMENT ON FUNCTION time_control(text) IS 'a PGN TimeControl (300+3, -, 40/7200:3600, *180; NULL for ?) with lichess''s speed by the estimated duration base + 40 × increment: ultraBullet, bullet, blitz, rapid, classical, correspondence';
CREATE FUNCTION pgn_date(d text) RETURNS date
	AS 'MODULE_PATHNAME', 'chess_pgn_date' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE COST 1;
COMMENT ON FUNCTION pgn_date(text) IS 'a PGN date YYYY.MM.DD as a date; NULL when a part is ?? (unknown)';

--
-- Openings by name: lichess's data set of opening names (its chess-openings
-- repository, CC0), compiled into the library; a game's opening as lichess
-- finds it, the name of a position, and the data set as a view.
--

CREATE FUNCTION opening(g game, OUT eco text, OUT name text, OUT ply integer) RETURNS record
	AS 'MODULE_PATHNAME', 'game_opening' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE COST 50;
COMMENT ON FUNCTION opening(game) IS 'the game''s opening, as lichess names it: the named position it reaches last among the positions after its plies 1 to 40, with that ply; NULL when it reaches none or does not begin at the standard start';
CREATE FUNCTION opening(p "position", OUT eco text, OUT name text) RETURNS record
	AS 'MODULE_PATHNAME', 'position_opening' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE COST 5;
COMMENT ON FUNCTION opening("position") IS 'the ECO code and name of the opening line that ends in this position (clocks aside); NULL when none does';
CREATE FUNCTION opening_lines() RETURNS TABLE(eco text, name text, pgn text, "position" "position", plies integer)
	AS 'MODULE_PATHNAME', 'chess_opening_lines' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE ROWS 3807;
COMMENT ON FUNCTION opening_lines() IS 'the lines of lichess''s opening names: ECO code, name, moves, the position they reach and their plies';
CREATE VIEW opening_names AS SELECT * FROM opening_lines();
COMMENT ON VIEW opening_names IS 'lichess''s opening names (chess-openings, CC0), one row a line: ECO code, name, moves, the position they reach and their plies';
GRANT SELECT ON opening_names TO PUBLIC;
COMMENT ON TYPE opening_names IS 'the row type of the view opening_names';
COMMENT ON TYPE opening_names[] IS 'an array of rows of the view opening_names';

--
-- Playing a game on: a move in SAN or UCI, refused once the game has ended
-- by the rules; taking one back; its moves in SAN; its board.
--

CREATE FUNCTION game_append_text(game, text) RETURNS game
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE COST 200;
COMMENT ON FUNCTION game_append_text(game,text) IS 'implementation of game || text: the move in SAN or UCI';
CREATE OPERATOR || (LEFTARG = game, RIGHTARG = text, FUNCTION = game_append_text);
COMMENT ON OPERATOR ||(game,text) IS 'the game with a move in SAN or UCI played at its end; 22023 when it is illegal or the game is over';
CREATE FUNCTION undo(g game) RETURNS game
	AS 'MODULE_PATHNAME', 'game_undo' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE COST 200;
COMMENT ON FUNCTION undo(game) IS 'the game without its last ply (and the comments, NAGs and variations of that ply)';
CREATE FUNCTION san_moves(g game) RETURNS text[]
	AS 'MODULE_PATHNAME', 'game_san_moves' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE COST 200;
COMMENT ON FUNCTION san_moves(game) IS 'the main line''s moves in SAN';
CREATE FUNCTION board_svg(g game, orientation text DEFAULT 'white'::text, coordinates boolean DEFAULT true, size integer DEFAULT 360) RETURNS text
	LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
	AS $$SELECT board_svg(final(g), orientation, coordinates, COALESCE((moves(g))[plies(g)], '0000'::move), '{}'::move[], '{}'::square[], size)$$;
COMMENT ON FUNCTION board_svg(game,text,boolean,integer) IS 'the game''s final position as an SVG board, its last move marked';

--
-- The end of a game
--
-- Checkmate, stalemate and the draws by rule, of a position, of a game's
-- positions or of a game value; a literal FEN reads as a position.
--

CREATE FUNCTION outcome("position", OUT termination text, OUT result text) RETURNS record
	AS 'MODULE_PATHNAME', 'position_outcome' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE COST 30;
COMMENT ON FUNCTION outcome("position") IS 'how the game stands: checkmate, stalemate, insufficient material or seventy-five moves with its result, or NULL and *';
CREATE FUNCTION outcome(fen text, OUT termination text, OUT result text) RETURNS record
	AS 'MODULE_PATHNAME', 'position_outcome_text' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE COST 30;
COMMENT ON FUNCTION outcome(text) IS 'outcome of a position written as FEN text';
CREATE FUNCTION outcome(positions "position"[], OUT termination text, OUT result text) RETURNS record
	AS 'MODULE_PATHNAME', 'game_outcome' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE COST 1000;
COMMENT ON FUNCTION outcome("position"[]) IS 'how a game stands after its positions, fivefold repetition included';
CREATE FUNCTION outcome(g game, OUT termination text, OUT result text) RETURNS record
	AS 'MODULE_PATHNAME', 'game_outcome_sql' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE COST 1000;
COMMENT ON FUNCTION outcome(game) IS 'how the game stands after its last move: checkmate, stalemate, insufficient material, seventy-five moves or fivefold repetition, with the result; NULL and * while it goes on';
CREATE FUNCTION repetitions(positions "position"[]) RETURNS integer
	AS 'MODULE_PATHNAME', 'chess_repetitions' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE COST 1000;
COMMENT ON FUNCTION repetitions("position"[]) IS 'how often the last of a game''s positions occurs among them (placement, side, castling, en passant; not the clocks)';
CREATE FUNCTION repetitions(g game) RETURNS integer
	AS 'MODULE_PATHNAME', 'game_repetitions_sql' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE COST 1000;
COMMENT ON FUNCTION repetitions(game) IS 'how often the final position of the game occurs in it, the start included (not the clocks)';
CREATE FUNCTION is_threefold_repetition(positions "position"[]) RETURNS boolean
	AS 'MODULE_PATHNAME', 'chess_is_threefold_repetition' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE COST 1000;
COMMENT ON FUNCTION is_threefold_repetition("position"[]) IS 'whether the last position has occurred three times: a draw can be claimed';
CREATE FUNCTION is_threefold_repetition(g game) RETURNS boolean
	AS 'MODULE_PATHNAME', 'game_is_threefold_repetition' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE COST 1000;
COMMENT ON FUNCTION is_threefold_repetition(game) IS 'whether the final position has occurred three times in the game: a draw can be claimed';
CREATE FUNCTION is_fivefold_repetition(positions "position"[]) RETURNS boolean
	AS 'MODULE_PATHNAME', 'chess_is_fivefold_repetition' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE COST 1000;
COMMENT ON FUNCTION is_fivefold_repetition("position"[]) IS 'whether the last position has occurred five times: the game is drawn';
CREATE FUNCTION is_fivefold_repetition(g game) RETURNS boolean
	AS 'MODULE_PATHNAME', 'game_is_fivefold_repetition' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE COST 1000;
COMMENT ON FUNCTION is_fivefold_repetition(game) IS 'whether the final position has occurred five times in the game: it is drawn';
CREATE FUNCTION is_insufficient_material("position") RETURNS boolean
	AS 'MODULE_PATHNAME', 'position_is_insufficient_material' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE COST 10;
COMMENT ON FUNCTION is_insufficient_material("position") IS 'whether neither side has the material to checkmate';
CREATE FUNCTION can_claim_fifty_moves("position") RETURNS boolean
	AS 'MODULE_PATHNAME', 'position_can_claim_fifty_moves' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE COST 20;
COMMENT ON FUNCTION can_claim_fifty_moves("position") IS 'whether a draw can be claimed under the fifty-move rule (100 plies without capture or pawn move)';
CREATE FUNCTION is_seventyfive_moves("position") RETURNS boolean
	AS 'MODULE_PATHNAME', 'position_is_seventyfive_moves' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE COST 20;
COMMENT ON FUNCTION is_seventyfive_moves("position") IS 'whether the game is drawn under the seventy-five-move rule (150 plies)';
CREATE FUNCTION replay_transfn(internal, "position", move) RETURNS internal
	AS 'MODULE_PATHNAME', 'chess_replay_transfn' LANGUAGE C IMMUTABLE PARALLEL SAFE COST 20;
COMMENT ON FUNCTION replay_transfn(internal,"position",move) IS 'transition function of replay(position, move)';
CREATE FUNCTION replay_start_transfn(internal, move) RETURNS internal
	AS 'MODULE_PATHNAME', 'chess_replay_start_transfn' LANGUAGE C IMMUTABLE PARALLEL SAFE COST 20;
COMMENT ON FUNCTION replay_start_transfn(internal,move) IS 'transition function of replay(move)';
CREATE FUNCTION replay_finalfn(internal) RETURNS "position"
	AS 'MODULE_PATHNAME', 'chess_replay_finalfn' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION replay_finalfn(internal) IS 'final function of replay()';
CREATE AGGREGATE replay("position", move) (
	SFUNC = replay_transfn,
	STYPE = internal,
	FINALFUNC = replay_finalfn,
	PARALLEL = SAFE
);
COMMENT ON AGGREGATE replay("position",move) IS 'the position after playing the moves (in ORDER BY order) from a start; raises at the first illegal move with its ply';
CREATE AGGREGATE replay(move) (
	SFUNC = replay_start_transfn,
	STYPE = internal,
	FINALFUNC = replay_finalfn,
	PARALLEL = SAFE
);
COMMENT ON AGGREGATE replay(move) IS 'the position after playing the moves (in ORDER BY order) from the standard start; raises at the first illegal move with its ply';

--
-- Search
--
-- @>: a position matches a pattern or a balance; a game reaches a position,
-- a pattern or a balance at some ply.  ^@: a game begins with another's
-- moves, a btree range through its planner support function.  The
-- estimators read the column's sampled games (doc/database.md).
--

CREATE FUNCTION flip(balance) RETURNS balance
	AS 'MODULE_PATHNAME', 'balance_flip' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION flip(balance) IS 'the material balance with the colours swapped: for "either colour", write m OR flip(m)';
CREATE FUNCTION position_matches_pattern("position", pattern) RETURNS boolean
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE COST 5;
COMMENT ON FUNCTION position_matches_pattern("position",pattern) IS 'implementation of @> for position and pattern';
CREATE FUNCTION position_matches_balance("position", balance) RETURNS boolean
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE COST 5;
COMMENT ON FUNCTION position_matches_balance("position",balance) IS 'implementation of @> for position and balance';
CREATE FUNCTION game_position_sel(internal, oid, internal, integer) RETURNS double precision
	AS 'MODULE_PATHNAME' LANGUAGE C STABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION game_position_sel(internal,oid,internal,integer) IS 'restriction selectivity of @> for game and position';
-- g @> pattern and g @> balance: the share of the column's sampled games
-- (most common values and histogram) that match, as g @> position has it.
CREATE FUNCTION game_pattern_sel(internal, oid, internal, integer) RETURNS float8
	AS 'MODULE_PATHNAME' LANGUAGE C STABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION game_pattern_sel(internal, oid, internal, integer) IS 'restriction selectivity of @> for game and pattern';
CREATE FUNCTION game_balance_sel(internal, oid, internal, integer) RETURNS float8
	AS 'MODULE_PATHNAME' LANGUAGE C STABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION game_balance_sel(internal, oid, internal, integer) IS 'restriction selectivity of @> for game and balance';
CREATE FUNCTION game_reaches_position(game, "position") RETURNS boolean
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE COST 100;
COMMENT ON FUNCTION game_reaches_position(game,"position") IS 'implementation of @> for game and position';
CREATE FUNCTION game_reaches_pattern(game, pattern) RETURNS boolean
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE COST 500;
COMMENT ON FUNCTION game_reaches_pattern(game,pattern) IS 'implementation of @> for game and pattern';
CREATE FUNCTION game_reaches_balance(game, balance) RETURNS boolean
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE COST 500;
COMMENT ON FUNCTION game_reaches_balance(game,balance) IS 'implementation of @> for game and balance';
CREATE FUNCTION game_starts_with_support(internal) RETURNS internal
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION game_starts_with_support(internal) IS 'planner support for ^@ on game: a range on a btree index';
CREATE FUNCTION starts_with(game, game) RETURNS boolean
	AS 'MODULE_PATHNAME', 'game_starts_with' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE COST 50 SUPPORT game_starts_with_support;
COMMENT ON FUNCTION starts_with(game,game) IS 'the game begins with the moves of the other, from the same start';
CREATE OPERATOR @> (
	LEFTARG = "position",
	RIGHTARG = pattern,
	FUNCTION = position_matches_pattern,
	RESTRICT = matchingsel,
	JOIN = matchingjoinsel
);
COMMENT ON OPERATOR @>("position",pattern) IS 'the position matches the pattern';
CREATE OPERATOR @> (
	LEFTARG = "position",
	RIGHTARG = balance,
	FUNCTION = position_matches_balance,
	RESTRICT = matchingsel,
	JOIN = matchingjoinsel
);
COMMENT ON OPERATOR @>("position",balance) IS 'the position has the material balance';
CREATE OPERATOR @> (
	LEFTARG = game,
	RIGHTARG = "position",
	FUNCTION = game_reaches_position,
	RESTRICT = game_position_sel,
	JOIN = matchingjoinsel
);
COMMENT ON OPERATOR @>(game,"position") IS 'the game reaches the position at some ply (placement, side to move, castling, en passant; not the clocks)';
CREATE OPERATOR @> (
	LEFTARG = game,
	RIGHTARG = pattern,
	FUNCTION = game_reaches_pattern,
	RESTRICT = game_pattern_sel,
	JOIN = matchingjoinsel
);
COMMENT ON OPERATOR @>(game,pattern) IS 'some position of the game matches the pattern';
CREATE OPERATOR @> (
	LEFTARG = game,
	RIGHTARG = balance,
	FUNCTION = game_reaches_balance,
	RESTRICT = game_balance_sel,
	JOIN = matchingjoinsel
);
COMMENT ON OPERATOR @>(game,balance) IS 'some position of the game has the material balance';
CREATE OPERATOR ^@ (
	LEFTARG = game,
	RIGHTARG = game,
	FUNCTION = starts_with,
	RESTRICT = contsel,
	JOIN = contjoinsel
);
COMMENT ON OPERATOR ^@(game,game) IS 'the game begins with the moves of the other (an opening prefix); a btree index on game serves it';

--
-- GIN operator classes
--
-- position_gin_ops (exact), game_gin_ops (positions rechecked, balances
-- exact), game_pattern_ops (rechecked; option pairs).  Their keys are a
-- format: doc/formats.md, and gin_keys() and gin_query_keys() show them.
--

CREATE FUNCTION position_gin_extract_value("position", internal) RETURNS internal
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION position_gin_extract_value("position",internal) IS 'GIN support: the keys of a position (each square''s content, side to move, balance)';
CREATE FUNCTION position_gin_extract_query("position", internal, smallint, internal, internal, internal, internal) RETURNS internal
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION position_gin_extract_query("position",internal,smallint,internal,internal,internal,internal) IS 'GIN support: the keys of a pattern or a balance';
CREATE FUNCTION position_gin_consistent(internal, smallint, "position", integer, internal, internal, internal, internal) RETURNS boolean
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION position_gin_consistent(internal,smallint,"position",integer,internal,internal,internal,internal) IS 'GIN support: consistent';
CREATE FUNCTION position_gin_triconsistent(internal, smallint, "position", integer, internal, internal, internal) RETURNS "char"
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION position_gin_triconsistent(internal,smallint,"position",integer,internal,internal,internal) IS 'GIN support: ternary consistent';
CREATE OPERATOR CLASS position_gin_ops
	DEFAULT FOR TYPE "position" USING gin AS
		OPERATOR 8 @> ("position", pattern),
		OPERATOR 9 @> ("position", balance),
		FUNCTION 1 btint8cmp(bigint,bigint),
		FUNCTION 2 position_gin_extract_value("position",internal),
		FUNCTION 3 position_gin_extract_query("position",internal,smallint,internal,internal,internal,internal),
		FUNCTION 4 position_gin_consistent(internal,smallint,"position",integer,internal,internal,internal,internal),
		FUNCTION 6 position_gin_triconsistent(internal,smallint,"position",integer,internal,internal,internal),
		STORAGE bigint;
COMMENT ON OPERATOR CLASS position_gin_ops USING gin IS 'GIN operator class for position: @> pattern and @> balance, exact from the index';
CREATE FUNCTION game_gin_extract_value(game, internal) RETURNS internal
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION game_gin_extract_value(game,internal) IS 'GIN support: the keys of a game (the positions it reaches, its material balances)';
CREATE FUNCTION game_gin_extract_query(game, internal, smallint, internal, internal, internal, internal) RETURNS internal
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION game_gin_extract_query(game,internal,smallint,internal,internal,internal,internal) IS 'GIN support: the keys of a position or a balance';
CREATE FUNCTION game_gin_consistent(internal, smallint, game, integer, internal, internal, internal, internal) RETURNS boolean
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION game_gin_consistent(internal,smallint,game,integer,internal,internal,internal,internal) IS 'GIN support: consistent';
CREATE FUNCTION game_gin_triconsistent(internal, smallint, game, integer, internal, internal, internal) RETURNS "char"
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION game_gin_triconsistent(internal,smallint,game,integer,internal,internal,internal) IS 'GIN support: ternary consistent';
CREATE OPERATOR CLASS game_gin_ops
	DEFAULT FOR TYPE game USING gin AS
		OPERATOR 7 @> (game, "position"),
		OPERATOR 9 @> (game, balance),
		FUNCTION 1 btint8cmp(bigint,bigint),
		FUNCTION 2 game_gin_extract_value(game,internal),
		FUNCTION 3 game_gin_extract_query(game,internal,smallint,internal,internal,internal,internal),
		FUNCTION 4 game_gin_consistent(internal,smallint,game,integer,internal,internal,internal,internal),
		FUNCTION 6 game_gin_triconsistent(internal,smallint,game,integer,internal,internal,internal),
		STORAGE bigint;
COMMENT ON OPERATOR CLASS game_gin_ops USING gin IS 'GIN operator class for game: @> position (hashed keys, rechecked) and @> balance (exact)';
CREATE FUNCTION game_pattern_extract_value(game, internal) RETURNS internal
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION game_pattern_extract_value(game,internal) IS 'GIN support: where a game''s pieces stood, window of 16 plies by window';
CREATE FUNCTION game_pattern_extract_query(game, internal, smallint, internal, internal, internal, internal) RETURNS internal
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION game_pattern_extract_query(game,internal,smallint,internal,internal,internal,internal) IS 'GIN support: the keys of a pattern, in every window';
CREATE FUNCTION game_pattern_consistent(internal, smallint, game, integer, internal, internal, internal, internal) RETURNS boolean
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION game_pattern_consistent(internal,smallint,game,integer,internal,internal,internal,internal) IS 'GIN support: consistent';
CREATE FUNCTION game_pattern_triconsistent(internal, smallint, game, integer, internal, internal, internal) RETURNS "char"
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION game_pattern_triconsistent(internal,smallint,game,integer,internal,internal,internal) IS 'GIN support: ternary consistent';
CREATE FUNCTION game_pattern_options(internal) RETURNS void
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION game_pattern_options(internal) IS 'GIN support: the options of game_pattern_ops (pairs)';
CREATE OPERATOR CLASS game_pattern_ops
	FOR TYPE game USING gin AS
		OPERATOR 8 @> (game, pattern),
		FUNCTION 1 btint4cmp(integer,integer),
		FUNCTION 2 game_pattern_extract_value(game,internal),
		FUNCTION 3 game_pattern_extract_query(game,internal,smallint,internal,internal,internal,internal),
		FUNCTION 4 game_pattern_consistent(internal,smallint,game,integer,internal,internal,internal,internal),
		FUNCTION 6 game_pattern_triconsistent(internal,smallint,game,integer,internal,internal,internal),
		FUNCTION 7 game_pattern_options(internal),
		STORAGE integer;
COMMENT ON OPERATOR CLASS game_pattern_ops USING gin IS 'GIN operator class for game: @> pattern, candidates rechecked';

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
-- Display
--
-- The board as text, as rows that read well in psql, as SVG.
--

CREATE FUNCTION board("position") RETURNS text
	AS 'MODULE_PATHNAME', 'position_board' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE COST 30;
COMMENT ON FUNCTION board("position") IS 'the board as 8 lines of text, rank 8 first, . for an empty square';
CREATE FUNCTION board_rows("position") RETURNS TABLE(rank integer, a piece, b piece, c piece, d piece, e piece, f piece, g piece, h piece)
	AS 'MODULE_PATHNAME', 'position_board_rows' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE COST 20 ROWS 8;
COMMENT ON FUNCTION board_rows("position") IS 'the board as 8 rows, rank 8 first, a column a file, NULL for an empty square';
CREATE FUNCTION board_svg(p "position", orientation text DEFAULT 'white'::text, coordinates boolean DEFAULT true, lastmove move DEFAULT '0000'::move, arrows move[] DEFAULT '{}'::move[], marked square[] DEFAULT '{}'::square[], size integer DEFAULT 360) RETURNS text
	AS 'MODULE_PATHNAME', 'position_board_svg' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE COST 100;
COMMENT ON FUNCTION board_svg("position",text,boolean,move,move[],square[],integer) IS 'the board as self-contained SVG (no fonts files, images or links): orientation white or black, coordinates, the last move highlighted (0000: none), a king in check marked, arrows and circled squares, size in pixels';

--
-- The seed documents' tables
--
-- The ABAP article's one-piece move table (as a function and as the view
-- chess_moves, which every role may read), and the Neo4j GraphGist's board
-- graph: squares, files, ranks and their HOP relationships.
--

CREATE FUNCTION move_table() RETURNS TABLE(color text, kind text, piece piece, from_square square, to_square square, special text, dep_piece piece, dep_from square, dep_to square, promotion text, move move)
	AS 'MODULE_PATHNAME', 'chess_move_table' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE ROWS 7752;
COMMENT ON FUNCTION move_table() IS 'every move of a single piece on an empty board: the ABAP article''s DEMO_CHESS_MOVES, corrected';
CREATE VIEW chess_moves AS SELECT * FROM move_table();
COMMENT ON VIEW chess_moves IS 'the one-piece move table as a view, to join as the ABAP article joins DEMO_CHESS_MOVES';
-- a view has no privilege for PUBLIC by default, and the script of a trusted
-- extension runs as the bootstrap superuser, who owns it
GRANT SELECT ON chess_moves TO PUBLIC;
COMMENT ON TYPE chess_moves IS 'the row type of the view chess_moves';
COMMENT ON TYPE chess_moves[] IS 'an array of rows of the view chess_moves';
CREATE FUNCTION squares() RETURNS TABLE(square square, file text, rank integer)
	AS 'MODULE_PATHNAME', 'chess_squares' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE ROWS 64;
COMMENT ON FUNCTION squares() IS 'the 64 squares with their file and rank (the GraphGist''s Square nodes)';
CREATE FUNCTION files() RETURNS TABLE(file text, right_file text)
	AS 'MODULE_PATHNAME', 'chess_files' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE ROWS 8;
COMMENT ON FUNCTION files() IS 'the files a to h, each with its RIGHT neighbour (the GraphGist''s File nodes)';
CREATE FUNCTION ranks() RETURNS TABLE(rank integer, top_rank integer)
	AS 'MODULE_PATHNAME', 'chess_ranks' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE ROWS 8;
COMMENT ON FUNCTION ranks() IS 'the ranks 1 to 8, each with its TOP neighbour (the GraphGist''s Rank nodes)';
CREATE FUNCTION hops() RETURNS TABLE(from_square square, to_square square, type text, length integer)
	AS 'MODULE_PATHNAME', 'chess_hops' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE ROWS 1792;
COMMENT ON FUNCTION hops() IS 'the GraphGist''s HOP relationships in both directions: horizontal, vertical, diagonal (length in squares) and knight (length 3)';

--
-- Asking anything: Scoutfish's query language on games (doc/query.md).
-- A query is replayed against each game (priced per game as a search).
--
CREATE FUNCTION game_query_sel(internal, oid, internal, integer) RETURNS double precision
	AS 'MODULE_PATHNAME' LANGUAGE C STABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION game_query_sel(internal, oid, internal, integer) IS 'restriction selectivity of g @@ gamequery: the share of the column''s sampled games that match';
CREATE FUNCTION game_query_support(internal) RETURNS internal
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION game_query_support(internal) IS 'planner support of @@ for game and gamequery: the index condition &@@ where a GIN operator class of game can narrow the query';
CREATE FUNCTION game_matches_query(game, gamequery) RETURNS boolean
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE COST 1000 SUPPORT game_query_support;
COMMENT ON FUNCTION game_matches_query(game, gamequery) IS 'implementation of @@ for game and gamequery';
CREATE OPERATOR @@ (
	LEFTARG = game,
	RIGHTARG = gamequery,
	FUNCTION = game_matches_query,
	RESTRICT = game_query_sel,
	JOIN = contjoinsel
);
COMMENT ON OPERATOR @@ (game, gamequery) IS 'the game matches the query (a query with a "result" rule needs matches(g, q, result))';
-- the two GIN operator classes of game serve @@ with the keys its rules
-- imply (candidates rechecked: doc/query.md) through &@@, the same test:
-- @@ is in no family, and game_query_support() offers &@@ to the planner
-- only where the family can narrow the query (else the index would read
-- all its entries, more than the table)
CREATE OPERATOR &@@ (
	LEFTARG = game,
	RIGHTARG = gamequery,
	FUNCTION = game_matches_query,
	RESTRICT = game_query_sel,
	JOIN = contjoinsel
);
COMMENT ON OPERATOR &@@ (game, gamequery) IS 'the game matches the query, as @@: the form the GIN operator classes of game serve (the planner writes @@ so where an index narrows the query)';
ALTER OPERATOR FAMILY game_gin_ops USING gin ADD OPERATOR 10 &@@ (game, gamequery);
ALTER OPERATOR FAMILY game_pattern_ops USING gin ADD OPERATOR 10 &@@ (game, gamequery);
CREATE FUNCTION gin_query_keys(query gamequery, opclass text DEFAULT 'game_pattern_ops', pairs boolean DEFAULT false) RETURNS bigint[]
	AS 'MODULE_PATHNAME', 'chess_gin_query_keys_gamequery' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE COST 1000;
COMMENT ON FUNCTION gin_query_keys(gamequery, text, boolean) IS 'the keys game_gin_ops or game_pattern_ops (with or without pairs) asks for in g @@ gamequery, NULL for every row (doc/formats.md)';
CREATE FUNCTION game_query_result_support(internal) RETURNS internal
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION game_query_result_support(internal) IS 'planner support of matches(): the index condition &@@ of the query without its "result" rules, where a GIN operator class of game can narrow it';
CREATE FUNCTION matches(g game, q gamequery, result text) RETURNS boolean
	AS 'MODULE_PATHNAME', 'game_matches_query_result' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE COST 1000
	SUPPORT game_query_result_support;
COMMENT ON FUNCTION matches(game, gamequery, text) IS 'the game, whose result (1-0, 0-1, 1/2-1/2 or *) is given, matches the query';
CREATE FUNCTION match_plies(g game, q gamequery, result text DEFAULT NULL) RETURNS integer[]
	AS 'MODULE_PATHNAME', 'game_match_plies' LANGUAGE C IMMUTABLE PARALLEL SAFE COST 1000;
COMMENT ON FUNCTION match_plies(game, gamequery, text) IS 'the plies at which the game met each condition of the query (Scoutfish''s "ply"), or NULL when it does not match';
