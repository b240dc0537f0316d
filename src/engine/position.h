/*
 * position.h — a chess position: board, side to move, castling rights,
 * en passant square and clocks; its validation, FEN and packed forms.
 */
#ifndef CHESS_ENGINE_POSITION_H
#define CHESS_ENGINE_POSITION_H

#include "bitboard.h"

/*
 * Castling rights, as bits of Position.castling: right i is bit 1 << i, its
 * rook on file Position.rook_file[i] of its side's back rank (h, a, h, a in
 * standard chess; any file in Chess960, with the king anywhere between).
 */
#define CASTLE_WK	1			/* White O-O:   the king to g1, the rook (h1) to f1 */
#define CASTLE_WQ	2			/* White O-O-O: the king to c1, the rook (a1) to d1 */
#define CASTLE_BK	4			/* Black O-O */
#define CASTLE_BQ	8			/* Black O-O-O */
#define CASTLE_ALL	15

/*
 * The working form of a position.  by_kind[] and by_color[] are kept in step
 * with board[]; only position_put() and position_clear() change them.
 */
typedef struct Position
{
	Bitboard	by_color[2];
	Bitboard	by_kind[7];		/* index PieceKind; [NO_KIND] unused */
	Piece		board[64];
	uint8_t		side;			/* Color to move */
	uint8_t		castling;		/* CASTLE_* bits */
	uint8_t		rook_file[4];	/* the rook of each castling right (7, 0, 7, 0 when standard) */
	Square		ep;				/* en passant target square or SQ_NONE */
	uint16_t	halfmove;		/* plies since the last capture or pawn move */
	uint16_t	fullmove;		/* starts at 1, incremented after Black moves */
} Position;

/*
 * The packed form, the on-disk and binary (send/recv) format of the SQL type
 * position.  Every field is a byte array, so the layout needs no alignment
 * and is the same on every platform:
 *
 *   bytes  0-7   occupied squares, a little-endian Bitboard
 *   bytes  8-23  the piece codes (types.h) of the occupied squares in
 *                ascending square order, 4 bits each, low nibble first;
 *                unused nibbles are 0 (at most 32 pieces fit)
 *   byte  24     bit 0 side to move (1 = Black); bits 1-4 castling rights
 *                K, Q, k, q; bits 5-7 zero
 *   byte  25     en passant square + 1, or 0 for none
 *   bytes 26-27  halfmove clock, little-endian
 *   bytes 28-29  fullmove number, little-endian, at least 1
 *   bytes 30-31  the castling rooks' files (Chess960): byte 30 White's, byte
 *                31 Black's; low nibble 7 - the king side rook's file, high
 *                nibble the queen side rook's file; 0 for a right not held,
 *                so that standard positions (h and a files) have zeros here
 *                as in 0.4.0
 *
 * A position has exactly one packed form (castling rights that cannot be used
 * and an en passant square without a legal capture are dropped), so equal
 * packed bytes mean equal FEN and memcmp() is a valid total order.
 */
#define PACKED_POSITION_SIZE 32

/* Right i's colour, back rank and side. */
#define CASTLE_COLOR(i)		((Color) ((i) >> 1))
#define CASTLE_RANK(i)		((i) < 2 ? 0 : 7)
#define CASTLE_KINGSIDE(i)	(((i) & 1) == 0)
/* Right i's rook file in standard chess: h or a. */
#define CASTLE_HOME_FILE(i)	(CASTLE_KINGSIDE(i) ? 7 : 0)

/* Where right i's king and rook stand after castling (g and f, or c and d). */
#define CASTLE_KING_TO(i)	SQ_MAKE(CASTLE_KINGSIDE(i) ? 6 : 2, CASTLE_RANK(i))
#define CASTLE_ROOK_TO(i)	SQ_MAKE(CASTLE_KINGSIDE(i) ? 5 : 3, CASTLE_RANK(i))

/* Longest FEN we write: 64 + 7 placement, 1, 4, 2, two 5-digit clocks, spaces. */
#define FEN_MAX_LENGTH 96

/* 8 lines of 15 characters, 7 newlines and a terminator. */
#define BOARD_DIAGRAM_SIZE 128

/* Why a FEN or a packed position was rejected. */
typedef enum PositionErrorCode
{
	POS_OK = 0,
	POS_ERR_EMPTY,
	POS_ERR_FIELD_COUNT,
	POS_ERR_RANK_COUNT,
	POS_ERR_RANK_FILES,
	POS_ERR_PIECE_LETTER,
	POS_ERR_EMPTY_COUNT,
	POS_ERR_ADJACENT_COUNTS,
	POS_ERR_SIDE,
	POS_ERR_CASTLING,
	POS_ERR_EP_SYNTAX,
	POS_ERR_HALFMOVE,
	POS_ERR_FULLMOVE,
	POS_ERR_KING_COUNT,
	POS_ERR_PAWN_BACK_RANK,
	POS_ERR_TOO_MANY_PIECES,
	POS_ERR_TOO_MANY_PAWNS,
	POS_ERR_OPPOSITE_CHECK,
	POS_ERR_EP_RANK,
	POS_ERR_EP_NO_PAWN,
	POS_ERR_BINARY				/* structurally malformed packed bytes */
} PositionErrorCode;

typedef struct PositionError
{
	PositionErrorCode code;
	int			offset;			/* byte offset into the input where it went wrong */
	char		detail[200];	/* a full sentence for errdetail */
} PositionError;

extern void position_clear(Position *pos);
extern void position_put(Position *pos, Square sq, Piece pc);
extern void position_set_startpos(Position *pos);
/* Whether pos is the standard start, clocks 0 and 1 included, as position_set_startpos() makes it. */
extern bool position_is_startpos(const Position *pos);

/* Chess960 starting position n, 0..959 in the standard numbering (518: the standard start). */
extern void position_set_chess960(Position *pos, int n);
/* The number of a Chess960 starting position (clocks aside), or -1 when it is none. */
extern int	position_chess960_number(const Position *pos);

static inline Bitboard
position_occupied(const Position *pos)
{
	return pos->by_color[WHITE] | pos->by_color[BLACK];
}

static inline Bitboard
position_bb(const Position *pos, Color c, PieceKind k)
{
	return pos->by_color[c] & pos->by_kind[k];
}

/*
 * Whether move m of the side to move, by a piece of kind kind, takes: onto
 * a piece of the other side (a Chess960 castling's king goes onto its own
 * rook), or a pawn's onto the en passant square.
 */
static inline bool
position_move_takes(const Position *pos, Move m, PieceKind kind)
{
	Square		to = MOVE_TO(m);

	return ((pos->by_color[pos->side ^ 1] >> to) & 1) || (kind == PAWN && to == pos->ep);
}

static inline Square
position_king(const Position *pos, Color c)
{
	return bb_lsb(position_bb(pos, c, KING));
}

/* The pieces of colour c that attack sq, with the given occupancy. */
static inline Bitboard
position_attackers_by(const Position *pos, Square sq, Bitboard occupied, Color c)
{
	return ((bb_pawn_attacks[c ^ 1][sq] & pos->by_kind[PAWN]) |
			(bb_knight[sq] & pos->by_kind[KNIGHT]) |
			(bb_king[sq] & pos->by_kind[KING]) |
			(bb_bishop_attacks(sq, occupied) & (pos->by_kind[BISHOP] | pos->by_kind[QUEEN])) |
			(bb_rook_attacks(sq, occupied) & (pos->by_kind[ROOK] | pos->by_kind[QUEEN]))) &
		pos->by_color[c];
}

/*
 * Whether the side to move's pawn on `from` may take en passant on ep: after
 * the capture (both pawns gone from their squares, the capturer on ep) its
 * king is not attacked.  This catches the pawn pinned along the rank that
 * only the removal of both pawns exposes.
 */
static inline bool
position_ep_capture_safe(const Position *pos, Square from, Square ep)
{
	Color		us = (Color) pos->side;
	Square		captured = (Square) (us == WHITE ? ep - 8 : ep + 8);
	Bitboard	occ = (position_occupied(pos) ^ SQ_BB(from) ^ SQ_BB(captured)) | SQ_BB(ep);

	return (position_attackers_by(pos, position_king(pos, us), occ, (Color) (us ^ 1)) &
			~SQ_BB(captured)) == 0;
}

/* Right i's rook square. */
static inline Square
castle_rook(const Position *pos, int i)
{
	return SQ_MAKE(pos->rook_file[i], CASTLE_RANK(i));
}

/*
 * Whether right i castles as in standard chess: the king on its e-file home
 * square and the rook in its corner.  Such castling is written as the king's
 * two steps (e1g1); any other (Chess960) as the king onto its own rook
 * (b1a1), as UCI_Chess960 and python-chess write it.  The rules are the same.
 */
static inline bool
castle_standard(const Position *pos, int i)
{
	return pos->rook_file[i] == CASTLE_HOME_FILE(i) &&
		pos->board[SQ_MAKE(4, CASTLE_RANK(i))] == PIECE_MAKE(CASTLE_COLOR(i), KING);
}

/* The castling move of right i (held or not), as the move type writes it. */
static inline Move
castle_move(const Position *pos, int i)
{
	Square		king = position_king(pos, CASTLE_COLOR(i));

	return MOVE_MAKE(king, castle_standard(pos, i) ? CASTLE_KING_TO(i) : castle_rook(pos, i), NO_KIND);
}

/* Whether every castling right held castles as in standard chess (castle_standard()). */
static inline bool
position_castling_standard(const Position *pos)
{
	int			i;

	for (i = 0; i < 4; i++)
		if ((pos->castling & (1 << i)) && !castle_standard(pos, i))
			return false;
	return true;
}

/*
 * Which castling right m attempts in pos, held or not (-1: m is no castling):
 * the king of the side to move onto its own rook on the back rank, or two
 * steps along it from its e-file home square.
 */
extern int	castle_right_of(const Position *pos, Move m);

/* The rook files of the rights in `rights` set back to h and a (rights not held keep these). */
extern void castle_reset_files(Position *pos, uint8_t rights);

/*
 * m with castling written as castle_move() writes it: a castling move given
 * either way (e1g1 or e1h1, python-chess reads both) becomes the one the
 * generator makes.  Any other move is returned as it is.
 */
extern Move castle_normalize(const Position *pos, Move m);

extern bool position_in_check(const Position *pos);
extern bool position_ep_capture_legal(const Position *pos, Square ep);
extern Square position_canonical_ep(const Position *pos);

extern bool position_validate(Position *pos, PositionError *err);

/* Fills err (code, offset, a detail from the format) and returns false. */
extern bool position_fail(PositionError *err, PositionErrorCode code, int offset,
						  const char *fmt,...) __attribute__((format(printf, 4, 5)));

/* The FEN castling field of rights: "KQkq" .. "-"; returns its length. */
/*
 * The FEN castling field: X-FEN (KQkq for the outermost rooks, a file letter
 * for an inner one), or with shredder Shredder-FEN (file letters), exactly as
 * python-chess writes them.  Returns the length.
 */
extern int	castling_write(const Position *pos, bool shredder, char out[5]);

extern bool fen_parse(const char *fen, Position *pos, PositionError *err);
extern void fen_write(const Position *pos, char out[FEN_MAX_LENGTH]);
/* With shredder, the castling field in Shredder-FEN (file letters, HAha). */
extern void fen_write_castling(const Position *pos, bool shredder, char out[FEN_MAX_LENGTH]);
extern void board_diagram(const Position *pos, char out[BOARD_DIAGRAM_SIZE]);

/*
 * The packed form: position_pack() writes it; position_unpack() reads what
 * position_pack() wrote in this process (trusted); position_unpack_checked()
 * reads untrusted bytes (binary input), validating and canonicalising as FEN
 * input does; position_unpack_stored() reads stored bytes, which must
 * moreover be the canonical packed form itself.  The last two return false
 * with err filled in.
 */
extern void position_pack(const Position *pos, uint8_t out[PACKED_POSITION_SIZE]);
extern void position_unpack(const uint8_t in[PACKED_POSITION_SIZE], Position *pos);
extern bool position_unpack_checked(const uint8_t in[PACKED_POSITION_SIZE], Position *pos,
									PositionError *err);
extern bool position_unpack_stored(const uint8_t in[PACKED_POSITION_SIZE], Position *pos,
								   PositionError *err);

#endif							/* CHESS_ENGINE_POSITION_H */
