/*
 * openings_gen.c — reads lichess's opening names (the .tsv files of data/chess-openings:
 * eco, name and pgn, tab-separated, a header line first) and prints them as
 * C (src/engine/openings_data.c, made by the build: `openings_gen FILE... >
 * ...`): each line's moves played from the standard start, strictly as SAN,
 * its final position's Polyglot key, packed bytes and FEN, sorted by key.
 * A move that is not legal SAN, or two lines that end in the same position,
 * stop the build: the data set promises neither.
 *
 * A program of the build, not part of the library: it is linked with the
 * engine but not with openings.c and openings_data.c.
 */
#include "make_move.h"
#include "openings.h"
#include "polyglot.h"
#include "san.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAX_LINES 8192
#define MAX_FIELD 512

typedef struct Line
{
	uint64_t	key;			/* the final position's Polyglot key */
	uint8_t		id[OPENING_ID_SIZE];	/* and its packed bytes 0-25 */
	int			plies;
	char		eco[8];
	char		name[MAX_FIELD];
	char		name_ascii[MAX_FIELD];
	char		pgn[MAX_FIELD];
	char		fen[FEN_MAX_LENGTH];
	const char *file;
	int			lineno;
	int			order;			/* among the data set's lines, file by file */
} Line;

static Line lines[MAX_LINES];
static int	nlines;

static void
fail(const Line *l, const char *why, const char *what)
{
	fprintf(stderr, "openings_gen: %s line %d: %s%s%s\n", l->file, l->lineno, why,
			what ? ": " : "", what ? what : "");
	exit(1);
}

/* Plays the line's moves ("1. e4 e5 2. Nf3"), filling its position fields. */
static void
play_line(Line *l)
{
	Position	pos;
	uint8_t		packed[PACKED_POSITION_SIZE];
	char		buf[MAX_FIELD];
	char	   *tok,
			   *save;
	int			plies = 0;

	position_set_startpos(&pos);
	strcpy(buf, l->pgn);
	for (tok = strtok_r(buf, " ", &save); tok; tok = strtok_r(NULL, " ", &save))
	{
		size_t		len = strlen(tok);
		SanResult	r;

		if (len > 0 && tok[len - 1] == '.')
			continue;			/* a move number */
		san_parse(&pos, tok, len, false, &r);
		if (r.status != SAN_OK)
			fail(l, "not a legal move in SAN", tok);
		position_play(&pos, r.move);
		plies++;
	}
	if (plies == 0 || plies > 255)
		fail(l, "no moves, or more than 255", NULL);
	position_pack(&pos, packed);
	memcpy(l->id, packed, OPENING_ID_SIZE);
	l->key = polyglot_key(&pos);
	l->plies = plies;
	fen_write(&pos, l->fen);
}

/*
 * The name without its accents (the base letter of each), for databases of
 * an encoding other than UTF-8: the letters the data set uses, and the
 * build stops at one it does not know, so that a new one is added here.
 */
static void
ascii_name(Line *l)
{
	static const char *const letters[][2] = {
		{"\303\241", "a"}, {"\303\244", "a"}, {"\303\251", "e"}, {"\303\263", "o"},
		{"\303\266", "o"}, {"\303\270", "o"}, {"\303\274", "u"}, {"\304\207", "c"},
	};
	const char *in = l->name;
	char	   *out = l->name_ascii;

	while (*in)
	{
		size_t		i;

		if ((unsigned char) *in < 0x80)
		{
			*out++ = *in++;
			continue;
		}
		for (i = 0; i < sizeof letters / sizeof letters[0]; i++)
			if (strncmp(in, letters[i][0], 2) == 0)
				break;
		if (i == sizeof letters / sizeof letters[0])
			fail(l, "a letter with no ASCII form in openings_gen.c's table", l->name);
		*out++ = letters[i][1][0];
		in += 2;
	}
	*out = '\0';
}

static void
read_file(const char *path)
{
	FILE	   *f = fopen(path, "r");
	char		text[3 * MAX_FIELD];
	int			lineno = 0;

	if (!f)
	{
		perror(path);
		exit(1);
	}
	while (fgets(text, sizeof text, f))
	{
		Line	   *l;
		char	   *tab1,
				   *tab2;
		size_t		len = strlen(text);

		lineno++;
		if (len == 0 || text[len - 1] != '\n')
		{
			fprintf(stderr, "openings_gen: %s line %d: too long, or no newline at the end\n", path, lineno);
			exit(1);
		}
		text[--len] = '\0';
		if (lineno == 1)
		{
			if (strcmp(text, "eco\tname\tpgn") != 0)
			{
				fprintf(stderr, "openings_gen: %s: the header is not eco, name, pgn\n", path);
				exit(1);
			}
			continue;
		}
		if (nlines == MAX_LINES)
		{
			fprintf(stderr, "openings_gen: more than %d lines\n", MAX_LINES);
			exit(1);
		}
		l = &lines[nlines++];
		l->file = path;
		l->lineno = lineno;
		l->order = nlines - 1;
		tab1 = strchr(text, '\t');
		tab2 = tab1 ? strchr(tab1 + 1, '\t') : NULL;
		if (!tab2 || strchr(tab2 + 1, '\t') || tab1 - text != 3 ||
			strlen(tab1 + 1) >= MAX_FIELD || strlen(tab2 + 1) >= MAX_FIELD)
			fail(l, "not three fields: an ECO code, a name, the moves", NULL);
		memcpy(l->eco, text, 3);
		*tab2 = '\0';
		strcpy(l->name, tab1 + 1);
		ascii_name(l);
		strcpy(l->pgn, tab2 + 1);
		play_line(l);
	}
	fclose(f);
}

static int
line_cmp(const void *a, const void *b)
{
	const Line *x = a,
			   *y = b;

	if (x->key != y->key)
		return x->key < y->key ? -1 : 1;
	return memcmp(x->id, y->id, OPENING_ID_SIZE);
}

/* A C string literal: printable ASCII as is, quotes, backslashes and other bytes escaped. */
static void
print_string(const char *s)
{
	putchar('"');
	for (; *s; s++)
	{
		unsigned char c = (unsigned char) *s;

		if (c == '"' || c == '\\' || c < 0x20 || c >= 0x7f)
			printf("\\%03o", c);
		else
			putchar(c);
	}
	putchar('"');
}

int
main(int argc, char **argv)
{
	int			i,
				j,
				min_pieces = 64;

	if (argc < 2)
	{
		fprintf(stderr, "usage: openings_gen FILE.tsv...\n");
		return 2;
	}
	for (i = 1; i < argc; i++)
		read_file(argv[i]);
	qsort(lines, nlines, sizeof(Line), line_cmp);
	for (i = 1; i < nlines; i++)
		if (line_cmp(&lines[i - 1], &lines[i]) == 0)
		{
			fprintf(stderr, "openings_gen: %s line %d and %s line %d end in the same position\n",
					lines[i - 1].file, lines[i - 1].lineno, lines[i].file, lines[i].lineno);
			return 1;
		}
	printf("/* Made by src/engine/openings_gen from data/chess-openings: do not edit. */\n"
		   "#include \"openings.h\"\n\n"
		   "const OpeningName opening_names[] = {\n");
	for (i = 0; i < nlines; i++)
	{
		Line	   *l = &lines[i];
		int			pieces = 0;

		for (j = 0; j < 8; j++)
			pieces += __builtin_popcount(l->id[j]);
		if (pieces < min_pieces)
			min_pieces = pieces;
		printf("\t{{");
		for (j = 0; j < OPENING_ID_SIZE; j++)
			printf("%s%u", j ? "," : "", l->id[j]);
		printf("}, %d, ", l->plies);
		print_string(l->eco);
		printf(", ");
		print_string(l->name);
		printf(", ");
		print_string(l->name_ascii);
		printf(", ");
		print_string(l->pgn);
		printf(", ");
		print_string(l->fen);
		printf("},\n");
	}
	printf("};\n\nconst int opening_name_count = %d;\nconst int opening_min_pieces = %d;\n",
		   nlines, min_pieces);
	/* the keys alone, for the search (a thirtieth of the lines' bytes) */
	printf("\nconst uint64_t opening_name_keys[] = {");
	for (i = 0; i < nlines; i++)
		printf("%sUINT64_C(0x%016llx)", i == 0 ? "\n\t" : i % 4 ? ", " : ",\n\t",
			   (unsigned long long) lines[i].key);
	printf("\n};\n");
	/* where the keys of each top OPENING_BUCKET_BITS bits begin */
	printf("\nconst uint16_t opening_name_buckets[] = {");
	for (i = 0, j = 0; i <= (1 << OPENING_BUCKET_BITS); i++)
	{
		while (j < nlines && (int) (lines[j].key >> (64 - OPENING_BUCKET_BITS)) < i)
			j++;
		printf("%s%d", i == 0 ? "\n\t" : i % 16 ? ", " : ",\n\t", j);
	}
	printf("\n};\n");
	/* the data set's order: each line's index above */
	{
		int		   *at = malloc(sizeof(int) * nlines);

		for (i = 0; i < nlines; i++)
			at[lines[i].order] = i;
		printf("\nconst short opening_name_order[] = {");
		for (i = 0; i < nlines; i++)
			printf("%s%d", i == 0 ? "\n\t" : i % 16 ? ", " : ",\n\t", at[i]);
		printf("\n};\n");
		free(at);
	}
	return 0;
}
