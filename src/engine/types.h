/*
 * types.h — the chess engine's value types: squares, pieces, moves.
 *
 * Pure C99: no PostgreSQL header may be included from src/engine/.  The
 * encodings below are also the on-disk encodings of the SQL types square,
 * piece and move, so changing one is an on-disk format change.
 */
#ifndef CHESS_ENGINE_TYPES_H
#define CHESS_ENGINE_TYPES_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

typedef uint64_t Bitboard;

/*
 * White space and letter case, in ASCII whatever the locale: every reader
 * of the engine and the glue uses these, never <ctype.h>.
 */
static inline bool
chess_is_space(char c)
{
	return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v';
}

static inline char
chess_to_lower(char c)
{
	return (c >= 'A' && c <= 'Z') ? (char) (c - 'A' + 'a') : c;
}

/*
 * Square: one byte, 0..63, rank-major from a1:
 *
 *   bits 0-2  file (0 = a .. 7 = h)
 *   bits 3-5  rank (0 = rank 1 .. 7 = rank 8)
 *
 * so a1 = 0, b1 = 1, ..., h1 = 7, a2 = 8, ..., h8 = 63.  SQ_NONE marks "no
 * square" inside the engine and is never stored.
 */
typedef uint8_t Square;

/*
 * The hottest functions (move generation, perft) are compiled three times
 * on x86-64 with GCC — for x86-64-v3 (BMI, POPCNT, AVX2; GCC 11 and
 * later), for POPCNT, and for the baseline — and the dynamic loader picks
 * the one the processor runs (target_clones, an ifunc): a build for every
 * x86-64 is as fast on a new processor as one with -march=native, and
 * never uses an instruction an old one lacks.  Elsewhere, and with -march=
 * given, they are compiled once.  GCC exports the ifunc of a cloned
 * function whatever its visibility, so a cloned function is static
 * (name_clones) and the rest of the engine calls a plain wrapper.
 */
#if defined(__GNUC__) && !defined(__clang__) && defined(__x86_64__) && defined(__linux__) && \
	!defined(__AVX2__) && !defined(CHESS_NO_CLONES)
#if __GNUC__ >= 11				/* the x86-64 levels came in GCC 11 (Debian 11 has 10) */
#define CHESS_HOT __attribute__((target_clones("arch=x86-64-v3", "popcnt", "default")))
#else
#define CHESS_HOT __attribute__((target_clones("popcnt", "default")))
#endif
#else
#define CHESS_HOT
#endif

/* a function out of the hot path: an error's, or a rare case's */
#if defined(__GNUC__)
#define CHESS_COLD __attribute__((noinline, cold))
#else
#define CHESS_COLD
#endif

#define SQ_NONE			64
#define SQ_MAKE(file, rank)	((Square) (((rank) << 3) | (file)))
#define SQ_FILE(sq)		((sq) & 7)
#define SQ_RANK(sq)		((sq) >> 3)
#define SQ_VALID(sq)	((sq) < 64)
#define SQ_BB(sq)		(((Bitboard) 1) << (sq))

enum
{
	SQ_A1 = 0, SQ_B1, SQ_C1, SQ_D1, SQ_E1, SQ_F1, SQ_G1, SQ_H1,
	SQ_A8 = 56, SQ_B8, SQ_C8, SQ_D8, SQ_E8, SQ_F8, SQ_G8, SQ_H8
};

/* Colour: WHITE = 0, BLACK = 1. */
typedef enum Color
{
	WHITE = 0,
	BLACK = 1
} Color;

/*
 * Piece kind: 1..6.  0 is "no kind" (empty square, no promotion).
 */
typedef enum PieceKind
{
	NO_KIND = 0,
	PAWN = 1,
	KNIGHT = 2,
	BISHOP = 3,
	ROOK = 4,
	QUEEN = 5,
	KING = 6
} PieceKind;

/*
 * Piece: one byte,
 *
 *   bits 0-2  kind (1 = pawn .. 6 = king)
 *   bit  3    colour (0 = white, 1 = black)
 *   bits 4-7  zero
 *
 * Valid values are 1..6 (PNBRQK) and 9..14 (pnbrqk); 0 (NO_PIECE) marks an
 * empty square in the engine and is never stored as a piece value.  The byte
 * order sorts White before Black and, within a colour, P < N < B < R < Q < K.
 */
typedef uint8_t Piece;

#define NO_PIECE			0
#define PIECE_MAKE(color, kind)	((Piece) (((color) << 3) | (kind)))
#define PIECE_KIND(pc)		((PieceKind) ((pc) & 7))
#define PIECE_COLOR(pc)		((Color) ((pc) >> 3))

/*
 * Move: two bytes,
 *
 *   bits 0-2   promotion kind (0 = none, 2 = knight, 3 = bishop, 4 = rook,
 *              5 = queen)
 *   bits 3-8   to-square
 *   bits 9-14  from-square
 *   bit  15    zero
 *
 * The null move (UCI "0000") is 0.  Castling is written as the king's move
 * (e1g1) and en passant as the pawn's move, as in UCI, so a move needs its
 * position to tell these apart.  Ordering the 16-bit value orders moves by
 * from-square, then to-square, then promotion.
 */
typedef uint16_t Move;

#define MOVE_NULL					((Move) 0)
#define MOVE_MAKE(from, to, promo)	((Move) (((from) << 9) | ((to) << 3) | (promo)))
#define MOVE_FROM(m)				((Square) (((m) >> 9) & 63))
#define MOVE_TO(m)					((Square) (((m) >> 3) & 63))
#define MOVE_PROMO(m)				((PieceKind) ((m) & 7))
#define MOVE_RESERVED_BIT			0x8000	/* set in no move */

/* Text codecs (codec.c).  Parsers return false on malformed input. */
extern bool square_parse(const char *s, size_t len, Square *out);
extern void square_write(Square sq, char out[3]);
extern bool piece_from_char(char c, Piece *out);
extern char piece_to_char(Piece pc);
extern bool piece_valid(Piece pc);
extern const char *color_name(Color c);
extern const char *kind_name(PieceKind k);
extern bool color_parse(const char *s, Color *out);
extern bool kind_parse(const char *s, PieceKind *out);

/* Result of checking a move value or UCI text. */
typedef enum MoveCodeError
{
	MOVE_OK = 0,
	MOVE_ERR_SYNTAX,			/* not of the form e2e4, e7e8q or 0000 */
	MOVE_ERR_SAME_SQUARE,		/* from-square equals to-square */
	MOVE_ERR_NO_PIECE_MOVES,	/* neither a queen-line nor a knight jump */
	MOVE_ERR_PROMOTION_KIND,	/* promotion to pawn, king or unknown kind */
	MOVE_ERR_PROMOTION_SQUARE,	/* promotion that is no pawn step to the last rank */
	MOVE_ERR_RESERVED_BIT		/* binary value with bit 15 set */
} MoveCodeError;

extern MoveCodeError move_parse(const char *s, size_t len, Move *out);
extern MoveCodeError move_check(Move m);
extern void move_write(Move m, char out[6]);
extern const char *move_error_message(MoveCodeError err);

#endif							/* CHESS_ENGINE_TYPES_H */
