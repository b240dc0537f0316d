/*
 * perft.c — the engine's perft runner.
 *
 *   perft [--max-nodes N] FILE...   run every position and depth of perft
 *                                   suites (EPD "FEN ;D1 n ;D2 n ..." or
 *                                   python-chess "id/epd/perft" records)
 *   perft --fen FEN --depth D       one perft, with nodes per second
 *
 * Each (position, depth) pair is one test.  Chess960 positions (X-FEN ids
 * or castling fields naming rook files) are listed as skipped: the engine
 * plays standard chess only.  Ends with "N passed, M failed, K skipped"
 * and exits non-zero on any mismatch.
 */
#include "engine/movegen.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static int	passed,
			failed,
			skipped;
static uint64_t total_nodes;
static unsigned long long max_nodes = 0;	/* 0: no limit */

static double
now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double) ts.tv_sec + (double) ts.tv_nsec / 1e9;
}

/* The FEN's castling field, as the field after the side to move. */
static const char *
castling_field(const char *fen, size_t *len)
{
	const char *p = fen;
	int			field = 0;

	while (*p && field < 2)
	{
		if (*p == ' ')
		{
			field++;
			while (*p == ' ')
				p++;
			continue;
		}
		p++;
	}
	*len = strcspn(p, " ");
	return p;
}

/*
 * Whether reading the FEN dropped castling rights (king or rook not on its
 * standard home square): such records count Chess960 castling.
 */
static bool
castling_dropped(const char *fen, const Position *pos)
{
	size_t		len;
	const char *field = castling_field(fen, &len);
	int			rights = 0;
	size_t		i;

	for (i = 0; i < len; i++)
		rights += field[i] != '-';
	return rights != bb_count(pos->castling);
}

/* One position with its expected counts; name is for messages. */
static void
run_position(const char *name, const char *fen, int ndepths, const int *depths,
			 const unsigned long long *expected, const char *skip_reason)
{
	Position	pos;
	PositionError err;
	int			i;

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
	if (castling_dropped(fen, &pos))
	{
		printf("skip %s: castling rights for a king or rook off its standard home square, "
			   "which only Chess960 can use (%s)\n", name, fen);
		skipped += ndepths;
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
		got = perft(&pos, depths[i], NULL, NULL);
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

/* Whether a FEN's castling field names rook files (Shredder-FEN, X-FEN). */
static bool
is_chess960_castling(const char *fen)
{
	size_t		len,
				i;
	const char *p = castling_field(fen, &len);

	for (i = 0; i < len; i++)
		if ((p[i] >= 'A' && p[i] <= 'H') || (p[i] >= 'a' && p[i] <= 'h'))
			return true;
	return false;
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
		run_position(name, fen, n, depths, expected,
					 is_chess960_castling(fen) ? "Chess960 castling (rook files in the castling field)" : NULL);
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
				run_position(name, fen, n, depths, expected,
							 strncmp(id, "xfen", 4) == 0 || is_chess960_castling(fen) ?
							 "X-FEN Chess960 castling" : NULL);
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
