/*
 * bitboard.h — 64-bit square sets and attack tables.
 *
 * Bit n of a Bitboard is square n (a1 = bit 0, h8 = bit 63).  The tables are
 * constant data, computed at build time (bitboard_gen.c prints
 * bitboard_data.c): nothing to fill when a backend starts.
 */
#ifndef CHESS_ENGINE_BITBOARD_H
#define CHESS_ENGINE_BITBOARD_H

#include "types.h"

#define BB_RANK_1	((Bitboard) 0x00000000000000FFULL)
#define BB_RANK_8	((Bitboard) 0xFF00000000000000ULL)
#define BB_FILE_A	((Bitboard) 0x0101010101010101ULL)
#define BB_FILE_H	((Bitboard) 0x8080808080808080ULL)

/* A magic bitboard entry: attacks[((occupied & mask) * magic) >> shift]. */
typedef struct Magic
{
	Bitboard	mask;
	Bitboard	magic;
	const Bitboard *attacks;
	unsigned	shift;
} Magic;

extern const Bitboard bb_knight[64];
extern const Bitboard bb_king[64];
extern const Bitboard bb_pawn_attacks[2][64];	/* squares a pawn of that colour attacks */
extern const Bitboard bb_between[64][64];	/* squares strictly between two aligned squares */
extern const Bitboard bb_line[64][64];	/* the whole line through two aligned squares */
extern const Magic bb_rook_magics[64];
extern const Magic bb_bishop_magics[64];

static inline Bitboard
bb_rook_attacks(Square sq, Bitboard occupied)
{
	const Magic *m = &bb_rook_magics[sq];

	return m->attacks[((occupied & m->mask) * m->magic) >> m->shift];
}

static inline Bitboard
bb_bishop_attacks(Square sq, Bitboard occupied)
{
	const Magic *m = &bb_bishop_magics[sq];

	return m->attacks[((occupied & m->mask) * m->magic) >> m->shift];
}

static inline int
bb_count(Bitboard b)
{
	return __builtin_popcountll(b);
}

/* Index of the lowest set bit; b must not be empty. */
static inline Square
bb_lsb(Bitboard b)
{
	return (Square) __builtin_ctzll(b);
}

/* Index of the highest set bit; b must not be empty. */
static inline Square
bb_msb(Bitboard b)
{
	return (Square) (63 - __builtin_clzll(b));
}

/* Removes and returns the lowest set bit; b must not be empty. */
static inline Square
bb_pop(Bitboard *b)
{
	Square		sq = bb_lsb(*b);

	*b &= *b - 1;
	return sq;
}

#endif							/* CHESS_ENGINE_BITBOARD_H */
