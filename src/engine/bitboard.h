/*
 * bitboard.h — 64-bit square sets and attack tables.
 *
 * Bit n of a Bitboard is square n (a1 = bit 0, h8 = bit 63).  The tables are
 * filled by bb_init(), which is idempotent and must run before any other
 * function of the engine (the PostgreSQL glue calls it from _PG_init).
 */
#ifndef CHESS_ENGINE_BITBOARD_H
#define CHESS_ENGINE_BITBOARD_H

#include "types.h"

#define BB_RANK_1	((Bitboard) 0x00000000000000FFULL)
#define BB_RANK_8	((Bitboard) 0xFF00000000000000ULL)
#define BB_FILE_A	((Bitboard) 0x0101010101010101ULL)

extern Bitboard bb_knight[64];
extern Bitboard bb_king[64];
extern Bitboard bb_pawn_attacks[2][64];	/* squares a pawn of that colour attacks */

extern void bb_init(void);
extern Bitboard bb_bishop_attacks(Square sq, Bitboard occupied);
extern Bitboard bb_rook_attacks(Square sq, Bitboard occupied);

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

/* Removes and returns the lowest set bit; b must not be empty. */
static inline Square
bb_pop(Bitboard *b)
{
	Square		sq = bb_lsb(*b);

	*b &= *b - 1;
	return sq;
}

#endif							/* CHESS_ENGINE_BITBOARD_H */
