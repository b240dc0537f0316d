/*
 * bitboard.c — attack tables.
 *
 * Sliding attacks use the classical ray method: for each direction the ray
 * from the square is cut at the first blocker, found with a bit scan towards
 * the ray's end.
 */
#include "bitboard.h"

Bitboard	bb_knight[64];
Bitboard	bb_king[64];
Bitboard	bb_pawn_attacks[2][64];

/* Rays in 8 directions: N, NE, E, SE, S, SW, W, NW. */
enum
{
	DIR_N, DIR_NE, DIR_E, DIR_SE, DIR_S, DIR_SW, DIR_W, DIR_NW
};
static const int dir_df[8] = {0, 1, 1, 1, 0, -1, -1, -1};
static const int dir_dr[8] = {1, 1, 0, -1, -1, -1, 0, 1};

static Bitboard rays[8][64];
static bool initialized = false;

/* The square (file + df, rank + dr) as a bitboard, or 0 when off the board. */
static Bitboard
offset_bb(Square sq, int df, int dr)
{
	int			f = SQ_FILE(sq) + df;
	int			r = SQ_RANK(sq) + dr;

	if (f < 0 || f > 7 || r < 0 || r > 7)
		return 0;
	return SQ_BB(SQ_MAKE(f, r));
}

void
bb_init(void)
{
	static const int knight_df[8] = {1, 2, 2, 1, -1, -2, -2, -1};
	static const int knight_dr[8] = {2, 1, -1, -2, -2, -1, 1, 2};
	int			sq,
				d,
				i;

	if (initialized)
		return;
	for (sq = 0; sq < 64; sq++)
	{
		bb_knight[sq] = bb_king[sq] = 0;
		for (i = 0; i < 8; i++)
		{
			bb_knight[sq] |= offset_bb((Square) sq, knight_df[i], knight_dr[i]);
			bb_king[sq] |= offset_bb((Square) sq, dir_df[i], dir_dr[i]);
		}
		bb_pawn_attacks[WHITE][sq] = offset_bb((Square) sq, -1, 1) | offset_bb((Square) sq, 1, 1);
		bb_pawn_attacks[BLACK][sq] = offset_bb((Square) sq, -1, -1) | offset_bb((Square) sq, 1, -1);
		for (d = 0; d < 8; d++)
		{
			rays[d][sq] = 0;
			for (i = 1; i < 8; i++)
				rays[d][sq] |= offset_bb((Square) sq, dir_df[d] * i, dir_dr[d] * i);
		}
	}
	initialized = true;
}

/* Attacks along one ray, stopping at (and including) the first blocker. */
static inline Bitboard
ray_attacks(int dir, Square sq, Bitboard occupied)
{
	Bitboard	ray = rays[dir][sq];
	Bitboard	blockers = ray & occupied;
	Square		first;

	if (!blockers)
		return ray;
	/* N, NE, E, NW grow towards higher squares; the others towards lower. */
	if (dir == DIR_N || dir == DIR_NE || dir == DIR_E || dir == DIR_NW)
		first = bb_lsb(blockers);
	else
		first = (Square) (63 - __builtin_clzll(blockers));
	return ray ^ rays[dir][first];
}

Bitboard
bb_bishop_attacks(Square sq, Bitboard occupied)
{
	return ray_attacks(DIR_NE, sq, occupied) | ray_attacks(DIR_SE, sq, occupied) |
		ray_attacks(DIR_SW, sq, occupied) | ray_attacks(DIR_NW, sq, occupied);
}

Bitboard
bb_rook_attacks(Square sq, Bitboard occupied)
{
	return ray_attacks(DIR_N, sq, occupied) | ray_attacks(DIR_E, sq, occupied) |
		ray_attacks(DIR_S, sq, occupied) | ray_attacks(DIR_W, sq, occupied);
}
