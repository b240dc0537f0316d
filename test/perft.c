/*
 * perft.c — the engine's perft runner.
 *
 *   perft [--max-nodes N] FILE...   run every position and depth of perft
 *                                   suites (EPD "FEN ;D1 n ;D2 n ..." or
 *                                   python-chess "id/epd/perft" records)
 *   perft --fen FEN --depth D       one perft, with nodes per second
 *   --hash MB                       (before the files) perft through a
 *                                   table of transpositions (below)
 *   --part K/N                      (before the files) only every Nth
 *                                   record from the Kth (0-based): N
 *                                   processes share a suite
 *
 * Each (position, depth) pair is one test; Chess960 positions (Shredder-FEN
 * and X-FEN castling fields) run as the others.  --max-nodes skips the
 * counts above N.  Ends with "N passed, M failed, K skipped" and exits
 * non-zero on any mismatch.
 */
#include "engine/diagnose.h"
#include "engine/perft.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static int	passed,
			failed,
			skipped;
static uint64_t total_nodes;
static unsigned long long max_nodes = 0;	/* 0: no limit */
static int	part = 0,
			parts = 1;			/* --part K/N: only the records K, K + N, ... */
static int	records;

static double
now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double) ts.tv_sec + (double) ts.tv_nsec / 1e9;
}

/*
 * With --hash MB, perft through a table of (position, depth) -> count: a
 * subtree reached again by transposition is counted once.  The table's
 * key is a 64-bit Zobrist key of the position without its clocks (which do
 * not change the count) and the depth (a weaker mix of the bitboards let
 * 11 of 5,760 counts through wrong); a false match is about as
 * likely as 1 in 2^64 a probe.  Each node's moves still come from the
 * engine's generator, and each leaf count from count_legal(): what a
 * subtree holds is checked once, not once per way into it.
 */
typedef struct PerftEntry
{
	uint64_t	key;
	uint64_t	count;
} PerftEntry;

static PerftEntry *table;
static uint64_t table_mask;

/* splitmix64: the random numbers of the Zobrist keys below */
static uint64_t
splitmix(uint64_t *state)
{
	uint64_t	z = (*state += 0x9E3779B97F4A7C15ULL);

	z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
	z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
	return z ^ (z >> 31);
}

/*
 * A Zobrist key: a random number for each piece on each square, the side,
 * each castling right with its rook's file, the en passant square and the
 * depth, XORed.
 */
static uint64_t
table_key(const Position *pos, int depth)
{
	static uint64_t pieces[16][64],
				rights[4][8],
				ep[65],
				depths[64],
				black;
	static bool ready = false;
	Bitboard	occ = position_occupied(pos);
	uint64_t	h;
	int			i,
				j;

	if (!ready)
	{
		uint64_t	state = 20261130;

		for (i = 0; i < 16; i++)
			for (j = 0; j < 64; j++)
				pieces[i][j] = splitmix(&state);
		for (i = 0; i < 4; i++)
			for (j = 0; j < 8; j++)
				rights[i][j] = splitmix(&state);
		for (i = 0; i < 65; i++)
			ep[i] = splitmix(&state);
		for (i = 0; i < 64; i++)
			depths[i] = splitmix(&state);
		black = splitmix(&state);
		ready = true;
	}
	h = depths[depth & 63] ^ ep[pos->ep] ^ (pos->side ? black : 0);
	while (occ)
	{
		Square		sq = bb_pop(&occ);

		h ^= pieces[pos->board[sq]][sq];
	}
	for (i = 0; i < 4; i++)
		if (pos->castling & (1 << i))
			h ^= rights[i][pos->rook_file[i]];
	return h | 1;				/* 0 marks an empty slot */
}

static uint64_t
table_perft(const Position *pos, int depth)
{
	Move		moves[MAX_MOVES];
	PerftEntry *e;
	uint64_t	key,
				sum = 0;
	int			n,
				i;

	if (depth <= 1)
		return depth == 1 ? (uint64_t) count_legal(pos) : 1;
	key = table_key(pos, depth);
	e = &table[key & table_mask];
	if (e->key == key)
		return e->count;
	n = gen_legal(pos, moves);
	for (i = 0; i < n; i++)
	{
		Position	child = *pos;

		position_play(&child, moves[i]);
		sum += table_perft(&child, depth - 1);
	}
	e->key = key;
	e->count = sum;
	return sum;
}

/* One position with its expected counts; name is for messages. */
static void
run_position(const char *name, const char *fen, int ndepths, const int *depths,
			 const unsigned long long *expected, const char *skip_reason)
{
	Position	pos;
	PositionError err;
	int			i;

	if (records++ % parts != part)
		return;
	if (skip_reason)
	{
		printf("skip %s: %s (%s)\n", name, skip_reason, fen);
		skipped += ndepths;
		return;
	}
	if (!fen_parse(fen, &pos, &err))
	{
		printf("FAIL %s: FEN rejected: %s (%s)\n", name, err.detail, fen);
		failed += ndepths;
		return;
	}
	for (i = 0; i < ndepths; i++)
	{
		uint64_t	got;

		if (max_nodes && expected[i] > max_nodes)
		{
			skipped++;
			continue;
		}
		got = table ? table_perft(&pos, depths[i]) : perft(&pos, depths[i], NULL, NULL);
		total_nodes += got;
		if (got == expected[i])
			passed++;
		else
		{
			failed++;
			printf("FAIL %s depth %d: expected %llu, got %llu (%s)\n", name, depths[i],
				   expected[i], (unsigned long long) got, fen);
		}
	}
}

static void
run_epd_file(const char *path, FILE *f)
{
	char		line[2048];
	int			lineno = 0;

	while (fgets(line, sizeof(line), f))
	{
		int			depths[32];
		unsigned long long expected[32];
		int			n = 0;
		char		name[1100];
		char	   *field = strtok(line, ";");
		char	   *fen = field;
		size_t		len;

		lineno++;
		if (!fen)
			continue;
		len = strlen(fen);
		while (len && (fen[len - 1] == ' ' || fen[len - 1] == '\n' || fen[len - 1] == '\r'))
			fen[--len] = '\0';
		if (len == 0)
			continue;
		while ((field = strtok(NULL, ";")) != NULL && n < 32)
			if (sscanf(field, " D%d %llu", &depths[n], &expected[n]) == 2)
				n++;
		snprintf(name, sizeof(name), "%s:%d", path, lineno);
		run_position(name, fen, n, depths, expected, NULL);
	}
}

/* python-chess tricky.perft: "id NAME", "epd FEN", "perft D N" lines. */
static void
run_perft_file(const char *path, FILE *f)
{
	char		line[2048],
				id[256] = "",
				fen[1024] = "";
	int			depths[32];
	unsigned long long expected[32];
	int			n = 0;
	bool		have = false;

	for (;;)
	{
		bool		eof = fgets(line, sizeof(line), f) == NULL;

		line[strcspn(line, "\r\n")] = '\0';
		if (eof || strncmp(line, "id ", 3) == 0)
		{
			if (have)
			{
				char		name[1400];

				snprintf(name, sizeof(name), "%s:%s", path, id);
				run_position(name, fen, n, depths, expected, NULL);
			}
			if (eof)
				break;
			snprintf(id, sizeof(id), "%.200s", line + 3);
			n = 0;
			have = true;
		}
		else if (strncmp(line, "epd ", 4) == 0)
			snprintf(fen, sizeof(fen), "%.1000s", line + 4);
		else if (strncmp(line, "perft ", 6) == 0 && n < 32 &&
				 sscanf(line + 6, "%d %llu", &depths[n], &expected[n]) == 2)
			n++;
	}
}

int
main(int argc, char **argv)
{
	const char *fen = NULL;
	int			depth = -1,
				i;
	double		start;

	start = now();
	for (i = 1; i < argc; i++)
	{
		if (strcmp(argv[i], "--fen") == 0 && i + 1 < argc)
			fen = argv[++i];
		else if (strcmp(argv[i], "--depth") == 0 && i + 1 < argc)
			depth = atoi(argv[++i]);
		else if (strcmp(argv[i], "--max-nodes") == 0 && i + 1 < argc)
			max_nodes = strtoull(argv[++i], NULL, 10);
		else if (strcmp(argv[i], "--part") == 0 && i + 1 < argc)
		{
			if (sscanf(argv[++i], "%d/%d", &part, &parts) != 2 || parts < 1 || part < 0 || part >= parts)
			{
				fprintf(stderr, "perft: --part K/N with 0 <= K < N\n");
				return 2;
			}
		}
		else if (strcmp(argv[i], "--hash") == 0 && i + 1 < argc)
		{
			uint64_t	entries = (strtoull(argv[++i], NULL, 10) << 20) / sizeof(PerftEntry),
						size = 1;

			while (size * 2 <= entries)
				size *= 2;
			table = calloc(size, sizeof(PerftEntry));
			if (!table)
			{
				fprintf(stderr, "perft: no memory for the table\n");
				return 2;
			}
			table_mask = size - 1;
		}
		else
		{
			FILE	   *f = fopen(argv[i], "r");
			size_t		len = strlen(argv[i]);

			if (!f)
			{
				printf("FAIL cannot open %s\n", argv[i]);
				failed++;
				continue;
			}
			if (len > 6 && strcmp(argv[i] + len - 6, ".perft") == 0)
				run_perft_file(argv[i], f);
			else
				run_epd_file(argv[i], f);
			fclose(f);
		}
	}
	if (fen)
	{
		Position	pos;
		PositionError err;
		uint64_t	nodes;
		double		seconds;

		if (!fen_parse(fen, &pos, &err) || depth < 0)
		{
			fprintf(stderr, "usage: perft --fen FEN --depth D (%s)\n", err.detail);
			return 2;
		}
		nodes = perft(&pos, depth, NULL, NULL);
		seconds = now() - start;
		printf("nodes %llu time %.3f s nps %.0f\n", (unsigned long long) nodes, seconds,
			   nodes / (seconds > 0 ? seconds : 1e-9));
		return 0;
	}
	printf("perft: %llu nodes in %.1f s (%.0f nodes/s)\n", (unsigned long long) total_nodes,
		   now() - start, total_nodes / (now() - start));
	printf("perft suites: %d passed, %d failed, %d skipped\n", passed, failed, skipped);
	return failed ? 1 : 0;
}
