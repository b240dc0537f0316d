/* chess--0.1.0.sql */

-- complain if script is sourced in psql, rather than via CREATE EXTENSION
\echo Use "CREATE EXTENSION chess" to load this file. \quit

--
-- Types
--
-- square:   1 byte, pass by value: 0 = a1, 1 = b1, ..., 63 = h8 (rank-major)
-- piece:    1 byte, pass by value: colour bit 3, kind bits 0-2 (P=1 .. K=6)
-- move:     2 bytes, pass by value: from bits 9-14, to bits 3-8, promotion 0-2
-- position: 32 bytes, pass by reference: the packed board and state
--
-- src/engine/types.h and src/engine/position.h document the layouts.

CREATE TYPE square;
CREATE TYPE piece;
CREATE TYPE move;
CREATE TYPE "position";

--
-- I/O functions
--

CREATE FUNCTION square_in(cstring) RETURNS square
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION square_out(square) RETURNS cstring
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION square_recv(internal) RETURNS square
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION square_send(square) RETURNS bytea
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;

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

CREATE FUNCTION piece_in(cstring) RETURNS piece
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION piece_out(piece) RETURNS cstring
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION piece_recv(internal) RETURNS piece
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION piece_send(piece) RETURNS bytea
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;

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

CREATE FUNCTION move_in(cstring) RETURNS move
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION move_out(move) RETURNS cstring
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION move_recv(internal) RETURNS move
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION move_send(move) RETURNS bytea
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;

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

CREATE FUNCTION position_in(cstring) RETURNS "position"
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION position_out("position") RETURNS cstring
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION position_recv(internal) RETURNS "position"
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION position_send("position") RETURNS bytea
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;

CREATE TYPE "position" (
	INPUT = position_in,
	OUTPUT = position_out,
	RECEIVE = position_recv,
	SEND = position_send,
	INTERNALLENGTH = 32,
	ALIGNMENT = char,
	STORAGE = plain
);

COMMENT ON TYPE square IS 'a square of the chess board, a1 to h8 (1 byte)';
COMMENT ON TYPE piece IS 'a chess piece as its FEN letter, PNBRQK white and pnbrqk black (1 byte)';
COMMENT ON TYPE move IS 'a chess move in UCI notation, e2e4, e7e8q, 0000 for the null move (2 bytes)';
COMMENT ON TYPE "position" IS 'a chess position, written as FEN (32 bytes)';

COMMENT ON FUNCTION square_in(cstring) IS 'square input from text (a1 to h8)';
COMMENT ON FUNCTION square_out(square) IS 'square output as text';
COMMENT ON FUNCTION square_recv(internal) IS 'square binary input (one byte, 0 to 63)';
COMMENT ON FUNCTION square_send(square) IS 'square binary output (one byte, 0 to 63)';
COMMENT ON FUNCTION piece_in(cstring) IS 'piece input from its FEN letter';
COMMENT ON FUNCTION piece_out(piece) IS 'piece output as its FEN letter';
COMMENT ON FUNCTION piece_recv(internal) IS 'piece binary input (one byte)';
COMMENT ON FUNCTION piece_send(piece) IS 'piece binary output (one byte)';
COMMENT ON FUNCTION move_in(cstring) IS 'move input from UCI text';
COMMENT ON FUNCTION move_out(move) IS 'move output as UCI text';
COMMENT ON FUNCTION move_recv(internal) IS 'move binary input (two bytes, network order)';
COMMENT ON FUNCTION move_send(move) IS 'move binary output (two bytes, network order)';
COMMENT ON FUNCTION position_in(cstring) IS 'position input from FEN';
COMMENT ON FUNCTION position_out("position") IS 'position output as canonical FEN';
COMMENT ON FUNCTION position_recv(internal) IS 'position binary input (32 packed bytes, validated as FEN input is)';
COMMENT ON FUNCTION position_send("position") IS 'position binary output (32 packed bytes)';

--
-- Accessors and constructors
--

CREATE FUNCTION file(square) RETURNS text
	AS 'MODULE_PATHNAME', 'square_file' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION file(square) IS 'file letter of a square, a to h';

CREATE FUNCTION rank(square) RETURNS integer
	AS 'MODULE_PATHNAME', 'square_rank' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION rank(square) IS 'rank number of a square, 1 to 8';

CREATE FUNCTION square(text, integer) RETURNS square
	AS 'MODULE_PATHNAME', 'square_make' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION square(text, integer) IS 'the square on a file (a to h) and rank (1 to 8)';

CREATE FUNCTION color(piece) RETURNS text
	AS 'MODULE_PATHNAME', 'piece_color' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION color(piece) IS 'colour of a piece, white or black';

CREATE FUNCTION kind(piece) RETURNS text
	AS 'MODULE_PATHNAME', 'piece_kind' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION kind(piece) IS 'kind of a piece: pawn, knight, bishop, rook, queen or king';

CREATE FUNCTION piece(text, text) RETURNS piece
	AS 'MODULE_PATHNAME', 'piece_make' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION piece(text, text) IS 'the piece of a colour (white, black, w, b) and kind (name or letter)';

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
COMMENT ON FUNCTION move(square, square) IS 'the move from one square to another';

CREATE FUNCTION move(square, square, text) RETURNS move
	AS 'MODULE_PATHNAME', 'move_make' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION move(square, square, text) IS 'the promotion move from one square to another (kind by name or letter)';

CREATE FUNCTION start_position() RETURNS "position"
	AS 'MODULE_PATHNAME', 'position_start' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION start_position() IS 'the standard starting position';

CREATE FUNCTION side_to_move("position") RETURNS text
	AS 'MODULE_PATHNAME', 'position_side_to_move' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION side_to_move("position") IS 'side to move, white or black';

CREATE FUNCTION castling_rights("position") RETURNS text
	AS 'MODULE_PATHNAME', 'position_castling_rights' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION castling_rights("position") IS 'castling rights as the FEN field (KQkq, ..., -)';

CREATE FUNCTION en_passant_square("position") RETURNS square
	AS 'MODULE_PATHNAME', 'position_en_passant_square' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION en_passant_square("position") IS 'en passant target square when an en passant capture is legal, else NULL';

CREATE FUNCTION halfmove_clock("position") RETURNS integer
	AS 'MODULE_PATHNAME', 'position_halfmove_clock' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION halfmove_clock("position") IS 'plies since the last capture or pawn move';

CREATE FUNCTION fullmove_number("position") RETURNS integer
	AS 'MODULE_PATHNAME', 'position_fullmove_number' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION fullmove_number("position") IS 'move number, starting at 1 and incremented after Black moves';

CREATE FUNCTION piece_at("position", square) RETURNS piece
	AS 'MODULE_PATHNAME', 'position_piece_at' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION piece_at("position", square) IS 'piece on a square, or NULL when it is empty';

CREATE FUNCTION board("position") RETURNS text
	AS 'MODULE_PATHNAME', 'position_board' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION board("position") IS 'the board as 8 lines of text, rank 8 first, . for an empty square';

--
-- Casts (explicit only)
--

CREATE FUNCTION int4(square) RETURNS integer
	AS 'MODULE_PATHNAME', 'square_to_int' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION int4(square) IS 'square number, 0 (a1) to 63 (h8), rank by rank';

CREATE FUNCTION square(integer) RETURNS square
	AS 'MODULE_PATHNAME', 'int_to_square' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION square(integer) IS 'the square numbered 0 (a1) to 63 (h8), rank by rank';

CREATE CAST (square AS integer) WITH FUNCTION int4(square);
CREATE CAST (integer AS square) WITH FUNCTION square(integer);
COMMENT ON CAST (square AS integer) IS 'square number, 0 (a1) to 63 (h8)';
COMMENT ON CAST (integer AS square) IS 'square from its number, 0 (a1) to 63 (h8)';

--
-- Comparison functions, operators and operator classes
--

-- square: squares in board order, a1 < b1 < ... < h8

CREATE FUNCTION square_cmp(square, square) RETURNS integer
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION square_cmp(square, square) IS 'btree comparison of squares';
CREATE FUNCTION square_eq(square, square) RETURNS boolean
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
COMMENT ON FUNCTION square_eq(square, square) IS 'implementation of = for square';
CREATE FUNCTION square_ne(square, square) RETURNS boolean
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
COMMENT ON FUNCTION square_ne(square, square) IS 'implementation of <> for square';
CREATE FUNCTION square_lt(square, square) RETURNS boolean
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
COMMENT ON FUNCTION square_lt(square, square) IS 'implementation of < for square';
CREATE FUNCTION square_le(square, square) RETURNS boolean
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
COMMENT ON FUNCTION square_le(square, square) IS 'implementation of <= for square';
CREATE FUNCTION square_gt(square, square) RETURNS boolean
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
COMMENT ON FUNCTION square_gt(square, square) IS 'implementation of > for square';
CREATE FUNCTION square_ge(square, square) RETURNS boolean
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
COMMENT ON FUNCTION square_ge(square, square) IS 'implementation of >= for square';
CREATE FUNCTION square_hash(square) RETURNS integer
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION square_hash(square) IS 'hash of a square';
CREATE FUNCTION square_hash_extended(square, bigint) RETURNS bigint
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION square_hash_extended(square, bigint) IS '64-bit seeded hash of a square';

CREATE OPERATOR = (
	LEFTARG = square, RIGHTARG = square, PROCEDURE = square_eq,
	COMMUTATOR = =, NEGATOR = <>,
	RESTRICT = eqsel, JOIN = eqjoinsel,
	HASHES, MERGES
);
COMMENT ON OPERATOR = (square, square) IS 'equal';
CREATE OPERATOR <> (
	LEFTARG = square, RIGHTARG = square, PROCEDURE = square_ne,
	COMMUTATOR = <>, NEGATOR = =,
	RESTRICT = neqsel, JOIN = neqjoinsel
);
COMMENT ON OPERATOR <> (square, square) IS 'not equal';
CREATE OPERATOR < (
	LEFTARG = square, RIGHTARG = square, PROCEDURE = square_lt,
	COMMUTATOR = >, NEGATOR = >=,
	RESTRICT = scalarltsel, JOIN = scalarltjoinsel
);
COMMENT ON OPERATOR < (square, square) IS 'less than';
CREATE OPERATOR <= (
	LEFTARG = square, RIGHTARG = square, PROCEDURE = square_le,
	COMMUTATOR = >=, NEGATOR = >,
	RESTRICT = scalarlesel, JOIN = scalarlejoinsel
);
COMMENT ON OPERATOR <= (square, square) IS 'less than or equal';
CREATE OPERATOR > (
	LEFTARG = square, RIGHTARG = square, PROCEDURE = square_gt,
	COMMUTATOR = <, NEGATOR = <=,
	RESTRICT = scalargtsel, JOIN = scalargtjoinsel
);
COMMENT ON OPERATOR > (square, square) IS 'greater than';
CREATE OPERATOR >= (
	LEFTARG = square, RIGHTARG = square, PROCEDURE = square_ge,
	COMMUTATOR = <=, NEGATOR = <,
	RESTRICT = scalargesel, JOIN = scalargejoinsel
);
COMMENT ON OPERATOR >= (square, square) IS 'greater than or equal';

CREATE OPERATOR CLASS square_ops
	DEFAULT FOR TYPE square USING btree AS
		OPERATOR 1 <,
		OPERATOR 2 <=,
		OPERATOR 3 =,
		OPERATOR 4 >=,
		OPERATOR 5 >,
		FUNCTION 1 square_cmp(square, square),
		FUNCTION 4 btequalimage(oid);
COMMENT ON OPERATOR CLASS square_ops USING btree IS 'btree operator class for square';
CREATE OPERATOR CLASS square_hash_ops
	DEFAULT FOR TYPE square USING hash AS
		OPERATOR 1 =,
		FUNCTION 1 square_hash(square),
		FUNCTION 2 square_hash_extended(square, bigint);
COMMENT ON OPERATOR CLASS square_hash_ops USING hash IS 'hash operator class for square';

-- piece: pieces, White before Black, P < N < B < R < Q < K

CREATE FUNCTION piece_cmp(piece, piece) RETURNS integer
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION piece_cmp(piece, piece) IS 'btree comparison of pieces';
CREATE FUNCTION piece_eq(piece, piece) RETURNS boolean
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
COMMENT ON FUNCTION piece_eq(piece, piece) IS 'implementation of = for piece';
CREATE FUNCTION piece_ne(piece, piece) RETURNS boolean
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
COMMENT ON FUNCTION piece_ne(piece, piece) IS 'implementation of <> for piece';
CREATE FUNCTION piece_lt(piece, piece) RETURNS boolean
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
COMMENT ON FUNCTION piece_lt(piece, piece) IS 'implementation of < for piece';
CREATE FUNCTION piece_le(piece, piece) RETURNS boolean
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
COMMENT ON FUNCTION piece_le(piece, piece) IS 'implementation of <= for piece';
CREATE FUNCTION piece_gt(piece, piece) RETURNS boolean
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
COMMENT ON FUNCTION piece_gt(piece, piece) IS 'implementation of > for piece';
CREATE FUNCTION piece_ge(piece, piece) RETURNS boolean
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
COMMENT ON FUNCTION piece_ge(piece, piece) IS 'implementation of >= for piece';
CREATE FUNCTION piece_hash(piece) RETURNS integer
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION piece_hash(piece) IS 'hash of a piece';
CREATE FUNCTION piece_hash_extended(piece, bigint) RETURNS bigint
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION piece_hash_extended(piece, bigint) IS '64-bit seeded hash of a piece';

CREATE OPERATOR = (
	LEFTARG = piece, RIGHTARG = piece, PROCEDURE = piece_eq,
	COMMUTATOR = =, NEGATOR = <>,
	RESTRICT = eqsel, JOIN = eqjoinsel,
	HASHES, MERGES
);
COMMENT ON OPERATOR = (piece, piece) IS 'equal';
CREATE OPERATOR <> (
	LEFTARG = piece, RIGHTARG = piece, PROCEDURE = piece_ne,
	COMMUTATOR = <>, NEGATOR = =,
	RESTRICT = neqsel, JOIN = neqjoinsel
);
COMMENT ON OPERATOR <> (piece, piece) IS 'not equal';
CREATE OPERATOR < (
	LEFTARG = piece, RIGHTARG = piece, PROCEDURE = piece_lt,
	COMMUTATOR = >, NEGATOR = >=,
	RESTRICT = scalarltsel, JOIN = scalarltjoinsel
);
COMMENT ON OPERATOR < (piece, piece) IS 'less than';
CREATE OPERATOR <= (
	LEFTARG = piece, RIGHTARG = piece, PROCEDURE = piece_le,
	COMMUTATOR = >=, NEGATOR = >,
	RESTRICT = scalarlesel, JOIN = scalarlejoinsel
);
COMMENT ON OPERATOR <= (piece, piece) IS 'less than or equal';
CREATE OPERATOR > (
	LEFTARG = piece, RIGHTARG = piece, PROCEDURE = piece_gt,
	COMMUTATOR = <, NEGATOR = <=,
	RESTRICT = scalargtsel, JOIN = scalargtjoinsel
);
COMMENT ON OPERATOR > (piece, piece) IS 'greater than';
CREATE OPERATOR >= (
	LEFTARG = piece, RIGHTARG = piece, PROCEDURE = piece_ge,
	COMMUTATOR = <=, NEGATOR = <,
	RESTRICT = scalargesel, JOIN = scalargejoinsel
);
COMMENT ON OPERATOR >= (piece, piece) IS 'greater than or equal';

CREATE OPERATOR CLASS piece_ops
	DEFAULT FOR TYPE piece USING btree AS
		OPERATOR 1 <,
		OPERATOR 2 <=,
		OPERATOR 3 =,
		OPERATOR 4 >=,
		OPERATOR 5 >,
		FUNCTION 1 piece_cmp(piece, piece),
		FUNCTION 4 btequalimage(oid);
COMMENT ON OPERATOR CLASS piece_ops USING btree IS 'btree operator class for piece';
CREATE OPERATOR CLASS piece_hash_ops
	DEFAULT FOR TYPE piece USING hash AS
		OPERATOR 1 =,
		FUNCTION 1 piece_hash(piece),
		FUNCTION 2 piece_hash_extended(piece, bigint);
COMMENT ON OPERATOR CLASS piece_hash_ops USING hash IS 'hash operator class for piece';

-- move: moves by from-square, then to-square, then promotion

CREATE FUNCTION move_cmp(move, move) RETURNS integer
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION move_cmp(move, move) IS 'btree comparison of moves';
CREATE FUNCTION move_eq(move, move) RETURNS boolean
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
COMMENT ON FUNCTION move_eq(move, move) IS 'implementation of = for move';
CREATE FUNCTION move_ne(move, move) RETURNS boolean
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
COMMENT ON FUNCTION move_ne(move, move) IS 'implementation of <> for move';
CREATE FUNCTION move_lt(move, move) RETURNS boolean
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
COMMENT ON FUNCTION move_lt(move, move) IS 'implementation of < for move';
CREATE FUNCTION move_le(move, move) RETURNS boolean
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
COMMENT ON FUNCTION move_le(move, move) IS 'implementation of <= for move';
CREATE FUNCTION move_gt(move, move) RETURNS boolean
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
COMMENT ON FUNCTION move_gt(move, move) IS 'implementation of > for move';
CREATE FUNCTION move_ge(move, move) RETURNS boolean
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
COMMENT ON FUNCTION move_ge(move, move) IS 'implementation of >= for move';
CREATE FUNCTION move_hash(move) RETURNS integer
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION move_hash(move) IS 'hash of a move';
CREATE FUNCTION move_hash_extended(move, bigint) RETURNS bigint
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION move_hash_extended(move, bigint) IS '64-bit seeded hash of a move';

CREATE OPERATOR = (
	LEFTARG = move, RIGHTARG = move, PROCEDURE = move_eq,
	COMMUTATOR = =, NEGATOR = <>,
	RESTRICT = eqsel, JOIN = eqjoinsel,
	HASHES, MERGES
);
COMMENT ON OPERATOR = (move, move) IS 'equal';
CREATE OPERATOR <> (
	LEFTARG = move, RIGHTARG = move, PROCEDURE = move_ne,
	COMMUTATOR = <>, NEGATOR = =,
	RESTRICT = neqsel, JOIN = neqjoinsel
);
COMMENT ON OPERATOR <> (move, move) IS 'not equal';
CREATE OPERATOR < (
	LEFTARG = move, RIGHTARG = move, PROCEDURE = move_lt,
	COMMUTATOR = >, NEGATOR = >=,
	RESTRICT = scalarltsel, JOIN = scalarltjoinsel
);
COMMENT ON OPERATOR < (move, move) IS 'less than';
CREATE OPERATOR <= (
	LEFTARG = move, RIGHTARG = move, PROCEDURE = move_le,
	COMMUTATOR = >=, NEGATOR = >,
	RESTRICT = scalarlesel, JOIN = scalarlejoinsel
);
COMMENT ON OPERATOR <= (move, move) IS 'less than or equal';
CREATE OPERATOR > (
	LEFTARG = move, RIGHTARG = move, PROCEDURE = move_gt,
	COMMUTATOR = <, NEGATOR = <=,
	RESTRICT = scalargtsel, JOIN = scalargtjoinsel
);
COMMENT ON OPERATOR > (move, move) IS 'greater than';
CREATE OPERATOR >= (
	LEFTARG = move, RIGHTARG = move, PROCEDURE = move_ge,
	COMMUTATOR = <=, NEGATOR = <,
	RESTRICT = scalargesel, JOIN = scalargejoinsel
);
COMMENT ON OPERATOR >= (move, move) IS 'greater than or equal';

CREATE OPERATOR CLASS move_ops
	DEFAULT FOR TYPE move USING btree AS
		OPERATOR 1 <,
		OPERATOR 2 <=,
		OPERATOR 3 =,
		OPERATOR 4 >=,
		OPERATOR 5 >,
		FUNCTION 1 move_cmp(move, move),
		FUNCTION 4 btequalimage(oid);
COMMENT ON OPERATOR CLASS move_ops USING btree IS 'btree operator class for move';
CREATE OPERATOR CLASS move_hash_ops
	DEFAULT FOR TYPE move USING hash AS
		OPERATOR 1 =,
		FUNCTION 1 move_hash(move),
		FUNCTION 2 move_hash_extended(move, bigint);
COMMENT ON OPERATOR CLASS move_hash_ops USING hash IS 'hash operator class for move';

-- position: positions in the byte order of their packed form

CREATE FUNCTION position_cmp("position", "position") RETURNS integer
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION position_cmp("position", "position") IS 'btree comparison of positions';
CREATE FUNCTION position_eq("position", "position") RETURNS boolean
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
COMMENT ON FUNCTION position_eq("position", "position") IS 'implementation of = for position';
CREATE FUNCTION position_ne("position", "position") RETURNS boolean
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
COMMENT ON FUNCTION position_ne("position", "position") IS 'implementation of <> for position';
CREATE FUNCTION position_lt("position", "position") RETURNS boolean
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
COMMENT ON FUNCTION position_lt("position", "position") IS 'implementation of < for position';
CREATE FUNCTION position_le("position", "position") RETURNS boolean
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
COMMENT ON FUNCTION position_le("position", "position") IS 'implementation of <= for position';
CREATE FUNCTION position_gt("position", "position") RETURNS boolean
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
COMMENT ON FUNCTION position_gt("position", "position") IS 'implementation of > for position';
CREATE FUNCTION position_ge("position", "position") RETURNS boolean
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
COMMENT ON FUNCTION position_ge("position", "position") IS 'implementation of >= for position';
CREATE FUNCTION position_hash("position") RETURNS integer
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION position_hash("position") IS 'hash of a position';
CREATE FUNCTION position_hash_extended("position", bigint) RETURNS bigint
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION position_hash_extended("position", bigint) IS '64-bit seeded hash of a position';

CREATE OPERATOR = (
	LEFTARG = "position", RIGHTARG = "position", PROCEDURE = position_eq,
	COMMUTATOR = =, NEGATOR = <>,
	RESTRICT = eqsel, JOIN = eqjoinsel,
	HASHES, MERGES
);
COMMENT ON OPERATOR = ("position", "position") IS 'equal';
CREATE OPERATOR <> (
	LEFTARG = "position", RIGHTARG = "position", PROCEDURE = position_ne,
	COMMUTATOR = <>, NEGATOR = =,
	RESTRICT = neqsel, JOIN = neqjoinsel
);
COMMENT ON OPERATOR <> ("position", "position") IS 'not equal';
CREATE OPERATOR < (
	LEFTARG = "position", RIGHTARG = "position", PROCEDURE = position_lt,
	COMMUTATOR = >, NEGATOR = >=,
	RESTRICT = scalarltsel, JOIN = scalarltjoinsel
);
COMMENT ON OPERATOR < ("position", "position") IS 'less than';
CREATE OPERATOR <= (
	LEFTARG = "position", RIGHTARG = "position", PROCEDURE = position_le,
	COMMUTATOR = >=, NEGATOR = >,
	RESTRICT = scalarlesel, JOIN = scalarlejoinsel
);
COMMENT ON OPERATOR <= ("position", "position") IS 'less than or equal';
CREATE OPERATOR > (
	LEFTARG = "position", RIGHTARG = "position", PROCEDURE = position_gt,
	COMMUTATOR = <, NEGATOR = <=,
	RESTRICT = scalargtsel, JOIN = scalargtjoinsel
);
COMMENT ON OPERATOR > ("position", "position") IS 'greater than';
CREATE OPERATOR >= (
	LEFTARG = "position", RIGHTARG = "position", PROCEDURE = position_ge,
	COMMUTATOR = <=, NEGATOR = <,
	RESTRICT = scalargesel, JOIN = scalargejoinsel
);
COMMENT ON OPERATOR >= ("position", "position") IS 'greater than or equal';

CREATE OPERATOR CLASS position_ops
	DEFAULT FOR TYPE "position" USING btree AS
		OPERATOR 1 <,
		OPERATOR 2 <=,
		OPERATOR 3 =,
		OPERATOR 4 >=,
		OPERATOR 5 >,
		FUNCTION 1 position_cmp("position", "position"),
		FUNCTION 4 btequalimage(oid);
COMMENT ON OPERATOR CLASS position_ops USING btree IS 'btree operator class for position';
CREATE OPERATOR CLASS position_hash_ops
	DEFAULT FOR TYPE "position" USING hash AS
		OPERATOR 1 =,
		FUNCTION 1 position_hash("position"),
		FUNCTION 2 position_hash_extended("position", bigint);
COMMENT ON OPERATOR CLASS position_hash_ops USING hash IS 'hash operator class for position';
--
-- Set-returning functions
--

CREATE FUNCTION pieces("position") RETURNS TABLE(square square, piece piece)
	AS 'MODULE_PATHNAME', 'position_pieces' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE ROWS 32;
COMMENT ON FUNCTION pieces("position") IS 'the occupied squares of a position and their pieces, by square';

--
-- Aggregates
--

CREATE FUNCTION square_smaller(square, square) RETURNS square
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION square_smaller(square, square) IS 'the smaller of two squares';
CREATE AGGREGATE min(square) (
	SFUNC = square_smaller,
	STYPE = square,
	COMBINEFUNC = square_smaller,
	SORTOP = <,
	PARALLEL = SAFE
);
COMMENT ON AGGREGATE min(square) IS 'minimum of squares';
CREATE FUNCTION square_larger(square, square) RETURNS square
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION square_larger(square, square) IS 'the larger of two squares';
CREATE AGGREGATE max(square) (
	SFUNC = square_larger,
	STYPE = square,
	COMBINEFUNC = square_larger,
	SORTOP = >,
	PARALLEL = SAFE
);
COMMENT ON AGGREGATE max(square) IS 'maximum of squares';

CREATE FUNCTION piece_smaller(piece, piece) RETURNS piece
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION piece_smaller(piece, piece) IS 'the smaller of two pieces';
CREATE AGGREGATE min(piece) (
	SFUNC = piece_smaller,
	STYPE = piece,
	COMBINEFUNC = piece_smaller,
	SORTOP = <,
	PARALLEL = SAFE
);
COMMENT ON AGGREGATE min(piece) IS 'minimum of pieces';
CREATE FUNCTION piece_larger(piece, piece) RETURNS piece
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION piece_larger(piece, piece) IS 'the larger of two pieces';
CREATE AGGREGATE max(piece) (
	SFUNC = piece_larger,
	STYPE = piece,
	COMBINEFUNC = piece_larger,
	SORTOP = >,
	PARALLEL = SAFE
);
COMMENT ON AGGREGATE max(piece) IS 'maximum of pieces';

CREATE FUNCTION move_smaller(move, move) RETURNS move
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION move_smaller(move, move) IS 'the smaller of two moves';
CREATE AGGREGATE min(move) (
	SFUNC = move_smaller,
	STYPE = move,
	COMBINEFUNC = move_smaller,
	SORTOP = <,
	PARALLEL = SAFE
);
COMMENT ON AGGREGATE min(move) IS 'minimum of moves';
CREATE FUNCTION move_larger(move, move) RETURNS move
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION move_larger(move, move) IS 'the larger of two moves';
CREATE AGGREGATE max(move) (
	SFUNC = move_larger,
	STYPE = move,
	COMBINEFUNC = move_larger,
	SORTOP = >,
	PARALLEL = SAFE
);
COMMENT ON AGGREGATE max(move) IS 'maximum of moves';

CREATE FUNCTION position_smaller("position", "position") RETURNS "position"
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION position_smaller("position", "position") IS 'the smaller of two positions';
CREATE AGGREGATE min("position") (
	SFUNC = position_smaller,
	STYPE = "position",
	COMBINEFUNC = position_smaller,
	SORTOP = <,
	PARALLEL = SAFE
);
COMMENT ON AGGREGATE min("position") IS 'minimum of positions';
CREATE FUNCTION position_larger("position", "position") RETURNS "position"
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION position_larger("position", "position") IS 'the larger of two positions';
CREATE AGGREGATE max("position") (
	SFUNC = position_larger,
	STYPE = "position",
	COMBINEFUNC = position_larger,
	SORTOP = >,
	PARALLEL = SAFE
);
COMMENT ON AGGREGATE max("position") IS 'maximum of positions';
