/*
 * bitboard_gen.c — computes the attack tables and prints them as C
 * (src/engine/bitboard_data.c, made by the build: `bitboard_gen > ...`), so
 * that the tables are constant data in the library, shared by every backend
 * through the page cache instead of filled by each at start-up.
 *
 * A bishop's attacks use "fancy" magic bitboards: for each square, the
 * blockers that matter (the relevant occupancy: the rays without their last
 * square) are multiplied by a magic number and shifted to index a table of
 * attack sets.  The magic numbers were found by a fixed-seed random search
 * (`bitboard_gen --magics` searches anew and prints magic_numbers.h).  A
 * rook's attacks are a rank's and a file's, each from a table of 64
 * occupancies per square of the line (bitboard.h).  bb_between and bb_line
 * come from walking the rays.
 *
 * A program of the build, not part of the library: it has tables of its own.
 */
#include "bitboard.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static Bitboard knight[64];
static Bitboard king[64];
static Bitboard bishop_rays[64];
static Bitboard rook_rays[64];
static Bitboard pawn_attacks[2][64];
static Bitboard between[64][64];
static Bitboard line[64][64];
static Magic bishop_magics[64];

/* 5,248 bishop attack sets. */
static Bitboard bishop_table[5248];

/* A rook's attacks along its rank and its file (bitboard.h). */
static uint8_t rank_attacks[8][64];
static Bitboard file_attacks[8][64];

static const int rook_df[4] = {0, 1, 0, -1};
static const int rook_dr[4] = {1, 0, -1, 0};
static const int bishop_df[4] = {1, 1, -1, -1};
static const int bishop_dr[4] = {1, -1, -1, 1};

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
 * known[], which a search printed (`bitboard_gen --magics`).
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

	memset(epoch, 0, sizeof(epoch));	/* a search of its own */
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
				next[(occupancy[i] * m->magic) >> m->shift] = reference[i];
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
					next[idx] = reference[i];
				}
				else if (next[idx] != reference[i])
					break;
			}
		}
		next += size;
	}
}

/*
 * The rook's tables of bitboard.h: along the first rank from each file for
 * each occupancy of b1-g1, and along the a-file from each rank for each
 * index the multiplication makes of an a-file occupancy (checked here to
 * tell apart every occupancy with different attacks).
 */
static void
init_rook_lines(void)
{
	static bool seen[8][64];
	int			f,
				r,
				occ;

	for (f = 0; f < 8; f++)
		for (occ = 0; occ < 64; occ++)
			rank_attacks[f][occ] = (uint8_t) slow_attacks(SQ_MAKE(f, 0), (Bitboard) occ << 1,
														  rook_df, rook_dr);
	for (r = 0; r < 8; r++)
		for (occ = 0; occ < 256; occ++)
		{
			Bitboard	b = 0,
						a;
			int			i;
			unsigned	idx;

			for (i = 0; i < 8; i++)
				if (occ & (1 << i))
					b |= SQ_BB(SQ_MAKE(0, i));
			a = slow_attacks(SQ_MAKE(0, r), b, rook_df, rook_dr) & BB_FILE_A;
			idx = BB_FILE_INDEX(b);
			if (seen[r][idx] && file_attacks[r][idx] != a)
			{
				fprintf(stderr, "bitboard_gen: file index %u of rank %d is ambiguous\n", idx, r);
				exit(1);
			}
			seen[r][idx] = true;
			file_attacks[r][idx] = a;
		}
}

static void
init_tables(void)
{
	static const int knight_df[8] = {1, 2, 2, 1, -1, -2, -2, -1};
	static const int knight_dr[8] = {2, 1, -1, -2, -2, -1, 1, 2};
	int			a,
				b,
				i;

	for (a = 0; a < 64; a++)
	{
		Square		sq = (Square) a;

		for (i = 0; i < 8; i++)
			knight[sq] |= offset_bb(sq, knight_df[i], knight_dr[i]);
		for (i = 0; i < 4; i++)
			king[sq] |= offset_bb(sq, rook_df[i], rook_dr[i]) |
				offset_bb(sq, bishop_df[i], bishop_dr[i]);
		bishop_rays[sq] = slow_attacks(sq, 0, bishop_df, bishop_dr);
		rook_rays[sq] = slow_attacks(sq, 0, rook_df, rook_dr);
		pawn_attacks[WHITE][sq] = offset_bb(sq, -1, 1) | offset_bb(sq, 1, 1);
		pawn_attacks[BLACK][sq] = offset_bb(sq, -1, -1) | offset_bb(sq, 1, -1);
	}
	init_magics(bishop_magics, bishop_table, bishop_df, bishop_dr, bishop_magic_numbers);
	init_rook_lines();

	for (a = 0; a < 64; a++)
	{
		for (b = 0; b < 64; b++)
		{
			Square		sa = (Square) a,
						sbq = (Square) b;
			Bitboard	sb = SQ_BB(sbq);
			const int  *df = NULL,
					   *dr = NULL;

			if (a == b)
				continue;
			if (slow_attacks(sa, 0, rook_df, rook_dr) & sb)
				df = rook_df, dr = rook_dr;
			else if (slow_attacks(sa, 0, bishop_df, bishop_dr) & sb)
				df = bishop_df, dr = bishop_dr;
			if (df)
			{
				line[a][b] = (slow_attacks(sa, 0, df, dr) & slow_attacks(sbq, 0, df, dr)) |
					SQ_BB(sa) | sb;
				between[a][b] = slow_attacks(sa, sb, df, dr) & slow_attacks(sbq, SQ_BB(sa), df, dr);
			}
		}
	}
}

/* An array of n values, in rows of row values (a two-dimensional array) or flat (row 0). */
static void
print_values(const char *decl, const Bitboard *values, int n, int row)
{
	int			i;

	printf("%s = {", decl);
	for (i = 0; i < n; i++)
	{
		if (row && i % row == 0)
			printf("%s\n\t{", i ? "," : "");
		printf("%s0x%016llxULL%s", i % 4 == 0 ? (row ? "\n\t\t" : "\n\t") : " ",
			   (unsigned long long) values[i],
			   (row ? (i + 1) % row == 0 : i == n - 1) ? "" : ",");
		if (row && (i + 1) % row == 0)
			printf("\n\t}");
	}
	printf("\n};\n\n");
}

/* bb_select_in_byte[b][n]: the n-th set bit of b, from the lowest (0 where b has fewer) */
static void
print_select_in_byte(void)
{
	int			b,
				n;

	printf("const uint8_t bb_select_in_byte[256][8] = {");
	for (b = 0; b < 256; b++)
	{
		int			bits[8] = {0},
					k = 0,
					i;

		for (i = 0; i < 8; i++)
			if (b & (1 << i))
				bits[k++] = i;
		printf("%s%s{", b ? "," : "", b % 4 == 0 ? "\n\t" : " ");
		for (n = 0; n < 8; n++)
			printf("%d%s", bits[n], n == 7 ? "}" : ", ");
	}
	printf("\n};\n\n");
}

static void
print_rank_attacks(void)
{
	int			f,
				i;

	printf("const uint8_t bb_rank_attacks[8][64] = {");
	for (f = 0; f < 8; f++)
	{
		printf("%s\n\t{", f ? "," : "");
		for (i = 0; i < 64; i++)
			printf("%s0x%02x%s", i % 16 == 0 ? "\n\t\t" : " ", rank_attacks[f][i], i == 63 ? "" : ",");
		printf("\n\t}");
	}
	printf("\n};\n\n");
}

static void
print_magics(const char *decl, const Magic *magics, const char *table, const Bitboard *base)
{
	int			sq;

	printf("%s = {\n", decl);
	for (sq = 0; sq < 64; sq++)
		printf("\t{0x%016llxULL, 0x%016llxULL, %s + %d, %u},\n",
			   (unsigned long long) magics[sq].mask, (unsigned long long) magics[sq].magic,
			   table, (int) (magics[sq].attacks - base), magics[sq].shift);
	printf("};\n\n");
}

static void
print_magic_numbers(const char *name, const Magic *magics)
{
	int			sq;

	printf("static const uint64_t %s[64] = {\n", name);
	for (sq = 0; sq < 64; sq++)
		printf("%s0x%016llXULL,%s", sq % 3 == 0 ? "\t" : " ",
			   (unsigned long long) magics[sq].magic, sq % 3 == 2 || sq == 63 ? "\n" : "");
	printf("};\n");
}

int
main(int argc, char **argv)
{
	if (argc > 1 && strcmp(argv[1], "--magics") == 0)
	{
		/* a new search, replacing the known numbers */
		init_magics(bishop_magics, bishop_table, bishop_df, bishop_dr, NULL);
		printf("/*\n * magic_numbers.h — the magics of the bishop's attack table, as printed by\n"
			   " * `bitboard_gen --magics` (a fixed-seed search: the output never changes).\n"
			   " * Do not edit.\n */\n");
		print_magic_numbers("bishop_magic_numbers", bishop_magics);
		return 0;
	}
	if (argc > 1)
	{
		fprintf(stderr, "usage: %s [--magics]\n", argv[0]);
		return 2;
	}
	init_tables();
	printf("/*\n * bitboard_data.c — the attack tables as constant data, printed by\n"
		   " * src/engine/bitboard_gen.c at build time.  Do not edit.\n */\n"
		   "#include \"bitboard.h\"\n\n");
	print_values("const Bitboard bb_knight[64]", knight, 64, 0);
	print_values("const Bitboard bb_king[64]", king, 64, 0);
	print_values("const Bitboard bb_bishop_rays[64]", bishop_rays, 64, 0);
	print_values("const Bitboard bb_rook_rays[64]", rook_rays, 64, 0);
	print_values("const Bitboard bb_pawn_attacks[2][64]", &pawn_attacks[0][0], 2 * 64, 64);
	print_values("const Bitboard bb_between[64][64]", &between[0][0], 64 * 64, 64);
	print_values("const Bitboard bb_line[64][64]", &line[0][0], 64 * 64, 64);
	print_rank_attacks();
	print_select_in_byte();
	print_values("const Bitboard bb_file_attacks[8][64]", &file_attacks[0][0], 8 * 64, 64);
	print_values("static const Bitboard bishop_table[5248]", bishop_table, 5248, 0);
	print_magics("const Magic bb_bishop_magics[64]", bishop_magics, "bishop_table", bishop_table);
	return ferror(stdout) ? 1 : 0;
}
