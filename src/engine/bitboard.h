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
#define BB_RANK_3	((Bitboard) 0x0000000000FF0000ULL)
#define BB_RANK_6	((Bitboard) 0x0000FF0000000000ULL)
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
extern const Bitboard bb_bishop_rays[64];	/* a bishop's attacks on an empty board */
extern const Bitboard bb_rook_rays[64];	/* a rook's attacks on an empty board */
extern const Bitboard bb_pawn_attacks[2][64];	/* squares a pawn of that colour attacks */
extern const Bitboard bb_between[64][64];	/* squares strictly between two aligned squares */
extern const Bitboard bb_line[64][64];	/* the whole line through two aligned squares */
extern const Magic bb_bishop_magics[64];
extern const uint8_t bb_rank_attacks[8][64];	/* on rank 1: [file][occupancy of b1-g1] */
extern const Bitboard bb_file_attacks[8][64];	/* on the a-file: [rank][BB_FILE_INDEX] */
extern const uint8_t bb_select_in_byte[256][8];	/* [b][n]: the n-th set bit of b */

/* Six bits from an a-file occupancy (kindergarten bitboards: a2-a7 gathered by a multiply). */
#define BB_FILE_INDEX(afile)	((unsigned) ((((afile) & BB_FILE_A) * 0x0004081020408000ULL) >> 58))

/*
 * A rook's attacks: along its rank and along its file, each from a small
 * table (4.5 kB in all).  Magic bitboards need 800 kB for the rook, which
 * the processor's caches do not keep beside PostgreSQL's working set:
 * decoding games in a scan spent a quarter of its time waiting for them.
 */
static inline Bitboard
bb_rook_attacks(Square sq, Bitboard occupied)
{
	unsigned	file = sq & 7,
				rank8 = sq & 56;
	Bitboard	along_rank = (Bitboard) bb_rank_attacks[file][(occupied >> (rank8 + 1)) & 63] << rank8;
	Bitboard	along_file = bb_file_attacks[sq >> 3][BB_FILE_INDEX(occupied >> file)] << file;

	return along_rank | along_file;
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

/*
 * The square of the n-th set bit of b, from the lowest (n below
 * bb_count(b)), without a branch on the data: the half, the quarter and the
 * byte that hold it by counting, then a table.  A loop that clears n bits
 * ends at a different count each time, and the processor mispredicts its
 * end: reading a game selects twice a ply.
 */
static inline Square
bb_select(Bitboard b, int n)
{
	int			sq = 0,
				c,
				step;

	for (step = 32; step >= 8; step /= 2)
	{
		Bitboard	low = b & ((((Bitboard) 1) << step) - 1);
		int			up;

		c = bb_count(low);
		up = n >= c;
		/* the compiler makes these conditional moves */
		sq += up ? step : 0;
		n -= up ? c : 0;
		b = up ? b >> step : low;
	}
	return (Square) (sq + bb_select_in_byte[b & 0xFF][n]);
}

#endif							/* CHESS_ENGINE_BITBOARD_H */
