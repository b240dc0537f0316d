/*
 * bitboard.c — attack tables.
 *
 * Sliding attacks use "fancy" magic bitboards: for each square, the blockers
 * that matter (the relevant occupancy: the rays without their last square)
 * are multiplied by a magic number and shifted to index a table of attack
 * sets.  The magic numbers below were found by a fixed-seed random search
 * (bb_search_magics(), run by test/find_magics.c, which prints them); the
 * search takes half a second, too long for every backend's start, so
 * bb_init() only fills the tables for the known numbers.
 */
#include "bitboard.h"

Bitboard	bb_knight[64];
Bitboard	bb_king[64];
Bitboard	bb_pawn_attacks[2][64];
Bitboard	bb_between[64][64];
Bitboard	bb_line[64][64];
Magic		bb_rook_magics[64];
Magic		bb_bishop_magics[64];

/* 102,400 rook and 5,248 bishop attack sets. */
static Bitboard rook_table[102400];
static Bitboard bishop_table[5248];

static const int rook_df[4] = {0, 1, 0, -1};
static const int rook_dr[4] = {1, 0, -1, 0};
static const int bishop_df[4] = {1, 1, -1, -1};
static const int bishop_dr[4] = {1, -1, -1, 1};

static bool initialized = false;

#include "magic_numbers.h"

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

/* Slider attacks the slow way: walk each direction until a blocker. */
static Bitboard
slow_attacks(Square sq, Bitboard occupied, const int *df, const int *dr)
{
	Bitboard	attacks = 0;
	int			d,
				i;

	for (d = 0; d < 4; d++)
	{
		for (i = 1; i < 8; i++)
		{
			Bitboard	b = offset_bb(sq, df[d] * i, dr[d] * i);

			if (!b)
				break;
			attacks |= b;
			if (b & occupied)
				break;
		}
	}
	return attacks;
}

/* xorshift64*: a small deterministic generator for the magic search. */
static uint64_t
next_random(uint64_t *state)
{
	*state ^= *state >> 12;
	*state ^= *state << 25;
	*state ^= *state >> 27;
	return *state * 0x2545F4914F6CDD1DULL;
}

/*
 * Fills the attack table of each square for its magic.  With search, first
 * finds the magics: a candidate with few bits set is tried against every
 * subset of the relevant occupancy and kept when no two subsets with
 * different attacks share an index.  Without, the magics come from
 * known[], which a search printed (test/find_magics.c).
 */
static void
init_magics(Magic *magics, Bitboard *table, const int *df, const int *dr,
			const uint64_t *known)
{
	static Bitboard occupancy[4096],
				reference[4096];
	static int	epoch[4096];
	uint64_t	state = 0x1D872B41ULL;
	int			attempt = 0;
	Bitboard   *next = table;
	int			sq;

	for (sq = 0; sq < 64; sq++)
	{
		Magic	   *m = &magics[sq];
		Bitboard	edges = ((BB_RANK_1 | BB_RANK_8) & ~(SQ_RANK(sq) == 0 ? BB_RANK_1 : SQ_RANK(sq) == 7 ? BB_RANK_8 : 0)) |
			((BB_FILE_A | BB_FILE_H) & ~(SQ_FILE(sq) == 0 ? BB_FILE_A : SQ_FILE(sq) == 7 ? BB_FILE_H : 0));
		Bitboard	subset = 0;
		int			size = 0,
					i;

		m->mask = slow_attacks((Square) sq, 0, df, dr) & ~edges;
		m->shift = (unsigned) (64 - bb_count(m->mask));
		m->attacks = next;

		/* every subset of the mask, by the carry-rippler trick */
		do
		{
			occupancy[size] = subset;
			reference[size] = slow_attacks((Square) sq, subset, df, dr);
			size++;
			subset = (subset - m->mask) & m->mask;
		} while (subset);

		if (known)
		{
			m->magic = known[sq];
			for (i = 0; i < size; i++)
				m->attacks[(occupancy[i] * m->magic) >> m->shift] = reference[i];
		}
		for (i = known ? size : 0; i < size;)
		{
			m->magic = 0;
			while (bb_count((m->magic * m->mask) >> 56) < 6)
				m->magic = next_random(&state) & next_random(&state) & next_random(&state);
			attempt++;
			for (i = 0; i < size; i++)
			{
				unsigned	idx = (unsigned) ((occupancy[i] * m->magic) >> m->shift);

				if (epoch[idx] < attempt)
				{
					epoch[idx] = attempt;
					m->attacks[idx] = reference[i];
				}
				else if (m->attacks[idx] != reference[i])
					break;
			}
		}
		next += size;
	}
}

/* Searches the magics anew (for test/find_magics.c), replacing the known ones. */
void
bb_search_magics(void)
{
	init_magics(bb_rook_magics, rook_table, rook_df, rook_dr, NULL);
	init_magics(bb_bishop_magics, bishop_table, bishop_df, bishop_dr, NULL);
}

void
bb_init(void)
{
	static const int knight_df[8] = {1, 2, 2, 1, -1, -2, -2, -1};
	static const int knight_dr[8] = {2, 1, -1, -2, -2, -1, 1, 2};
	int			a,
				b,
				i;

	if (initialized)
		return;
	for (a = 0; a < 64; a++)
	{
		Square		sq = (Square) a;

		bb_knight[sq] = bb_king[sq] = 0;
		for (i = 0; i < 8; i++)
			bb_knight[sq] |= offset_bb(sq, knight_df[i], knight_dr[i]);
		for (i = 0; i < 4; i++)
			bb_king[sq] |= offset_bb(sq, rook_df[i], rook_dr[i]) |
				offset_bb(sq, bishop_df[i], bishop_dr[i]);
		bb_pawn_attacks[WHITE][sq] = offset_bb(sq, -1, 1) | offset_bb(sq, 1, 1);
		bb_pawn_attacks[BLACK][sq] = offset_bb(sq, -1, -1) | offset_bb(sq, 1, -1);
	}
	init_magics(bb_rook_magics, rook_table, rook_df, rook_dr, rook_magic_numbers);
	init_magics(bb_bishop_magics, bishop_table, bishop_df, bishop_dr, bishop_magic_numbers);

	for (a = 0; a < 64; a++)
	{
		for (b = 0; b < 64; b++)
		{
			Square		sa = (Square) a,
						sbq = (Square) b;
			Bitboard	sb = SQ_BB(sbq);

			bb_between[a][b] = bb_line[a][b] = 0;
			if (a == b)
				continue;
			if (bb_rook_attacks(sa, 0) & sb)
			{
				bb_line[a][b] = (bb_rook_attacks(sa, 0) & bb_rook_attacks(sbq, 0)) | SQ_BB(sa) | sb;
				bb_between[a][b] = bb_rook_attacks(sa, sb) & bb_rook_attacks(sbq, SQ_BB(sa));
			}
			else if (bb_bishop_attacks(sa, 0) & sb)
			{
				bb_line[a][b] = (bb_bishop_attacks(sa, 0) & bb_bishop_attacks(sbq, 0)) | SQ_BB(sa) | sb;
				bb_between[a][b] = bb_bishop_attacks(sa, sb) & bb_bishop_attacks(sbq, SQ_BB(sa));
			}
		}
	}
	initialized = true;
}
