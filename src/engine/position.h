/*
 * position.h — a chess position: board, side to move, castling rights,
 * en passant square and clocks; its validation, FEN and packed forms.
 */
#ifndef CHESS_ENGINE_POSITION_H
#define CHESS_ENGINE_POSITION_H

#include "bitboard.h"

/* Castling rights, as bits of Position.castling. */
#define CASTLE_WK	1			/* White O-O:   e1 king, h1 rook */
#define CASTLE_WQ	2			/* White O-O-O: e1 king, a1 rook */
#define CASTLE_BK	4			/* Black O-O:   e8 king, h8 rook */
#define CASTLE_BQ	8			/* Black O-O-O: e8 king, a8 rook */
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
 *   bytes 30-31  reserved (Chess960 castling files), zero
 *
 * A position has exactly one packed form (castling rights that cannot be used
 * and an en passant square without a legal capture are dropped), so equal
 * packed bytes mean equal FEN and memcmp() is a valid total order.
 */
#define PACKED_POSITION_SIZE 32

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
	POS_ERR_CASTLING_960,
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

extern bool position_in_check(const Position *pos);
extern bool position_ep_capture_legal(const Position *pos, Square ep);
extern Square position_canonical_ep(const Position *pos);

extern bool position_validate(Position *pos, PositionError *err);

/* Fills err (code, offset, a detail from the format) and returns false. */
extern bool position_fail(PositionError *err, PositionErrorCode code, int offset,
						  const char *fmt,...) __attribute__((format(printf, 4, 5)));

/* The FEN castling field of rights: "KQkq" .. "-"; returns its length. */
extern int	castling_write(uint8_t rights, char out[5]);

extern bool fen_parse(const char *fen, Position *pos, PositionError *err);
extern void fen_write(const Position *pos, char out[FEN_MAX_LENGTH]);
extern void board_diagram(const Position *pos, char out[BOARD_DIAGRAM_SIZE]);

extern void position_pack(const Position *pos, uint8_t out[PACKED_POSITION_SIZE]);
extern void position_unpack(const uint8_t in[PACKED_POSITION_SIZE], Position *pos);
extern bool position_unpack_checked(const uint8_t in[PACKED_POSITION_SIZE], Position *pos,
									PositionError *err);

#endif							/* CHESS_ENGINE_POSITION_H */
