/*
 * gen_corpus: the benchmark corpus of ../shared/bench/gen.js, by the same
 * method, on the extension's engine (gen.js needs about an hour for a
 * million games; this needs minutes).
 *
 *   gen_corpus generate SEED FIRST END [ECO_FILE] > part.pgn
 *       games FIRST..END-1 (0-based) of the corpus of SEED, as gen.js makes
 *       them: game i draws its random numbers from (SEED, i) with gen.js's
 *       generators (splitmix32 seeding sfc32), so that ranges made in
 *       parallel and concatenated are one corpus.  Each game plays an
 *       opening line of pgn-extract's eco.pgn drawn with Zipf weight
 *       1/rank over a seeded shuffle of the lines, then uniformly random
 *       legal moves until checkmate, stalemate, the 50-move rule, threefold
 *       repetition, insufficient material or 120 plies, when it is
 *       adjudicated on material (a lead of 3 wins).  The tags are gen.js's,
 *       but for the round, which counts from 1 to 100,000 and starts again
 *       (Scid keeps at most 2^18 distinct names of rounds, and refuses a
 *       file of a million games numbered 1 to 1,000,000).
 *       The random numbers are gen.js's, but the legal moves are listed in
 *       this engine's order, not chess.js's: the games differ from gen.js's
 *       games for the same seed; their distribution does not.
 *
 *   gen_corpus lichess SEED FIRST END [ECO_FILE] > part.pgn
 *       the same games as lichess's database writes them (write_lichess()):
 *       lichess's tags, a clock after every move, evaluations in one game
 *       in 16.
 *
 *   gen_corpus select CORPUS.pgn [GAME PLY]
 *       the five benchmark positions of a corpus, as select-positions.js
 *       prints them (label|FEN): the start, the Sicilian after 1. e4 c5
 *       2. Nf3 d6, the most frequent ten-ply opening, the position after
 *       PLY plies of game GAME (0-based; default 54321 and 70) and the final
 *       position of Morphy's Opera game, which no game of the corpus reaches.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "engine/movegen.h"
#include "engine/outcome.h"
#include "engine/pgn.h"
#include "engine/position.h"
#include "engine/san.h"

#define MAX_PLIES	120
#define NPLAYERS	5000
#define ECO_FILE	"/usr/share/pgn-extract/eco.pgn"

static void
die(const char *what)
{
	fprintf(stderr, "gen_corpus: %s\n", what);
	exit(1);
}

static char *
read_file(const char *path, size_t *len)
{
	FILE	   *f = fopen(path, "rb");
	char	   *buf;
	long		n;

	if (!f)
		die(path);
	if (fseek(f, 0, SEEK_END) != 0 || (n = ftell(f)) < 0 || fseek(f, 0, SEEK_SET) != 0)
		die("cannot size the file");
	buf = malloc((size_t) n + 1);
	if (!buf || fread(buf, 1, (size_t) n, f) != (size_t) n)
		die("cannot read the file");
	fclose(f);
	buf[n] = '\0';
	*len = (size_t) n;
	return buf;
}

/* gen.js's random numbers: splitmix32 seeds sfc32 */
typedef struct Rng
{
	uint32_t	a,
				b,
				c,
				d;
} Rng;

static uint32_t
splitmix32(uint32_t *state)
{
	uint32_t	t;

	*state += 0x9e3779b9u;
	t = *state ^ (*state >> 16);
	t *= 0x21f0aaadu;
	t ^= t >> 15;
	t *= 0x735a2d97u;
	return t ^ (t >> 15);
}

static double
rng_next(Rng *r)
{
	uint32_t	t = r->a + r->b + r->d;

	r->d++;
	r->a = r->b ^ (r->b >> 9);
	r->b = r->c + (r->c << 3);
	r->c = (r->c << 21) | (r->c >> 11);
	r->c += t;
	return t / 4294967296.0;
}

static void
rng_for(Rng *r, uint32_t seed, uint32_t i)
{
	uint32_t	s = (seed * 0x85ebca6bu) ^ ((i + 1) * 0xc2b2ae35u);
	int			k;

	r->a = splitmix32(&s);
	r->b = splitmix32(&s);
	r->c = splitmix32(&s);
	r->d = splitmix32(&s);
	for (k = 0; k < 12; k++)
		rng_next(r);
}

/* The opening lines of eco.pgn */
typedef struct Line
{
	char		eco[8];
	char		name[96];		/* Opening, and ": " Variation: lichess's Opening tag */
	bool		skip;
	int			n;
	Move		moves[64];
} Line;

typedef struct EcoReader
{
	Line	   *lines;
	int			count;
	Line		cur;
} EcoReader;

static void
eco_begin(void *arg, size_t offset)
{
	EcoReader  *e = arg;

	(void) offset;
	memset(&e->cur, 0, sizeof(e->cur));
}

static void
eco_tag(void *arg, const char *name, size_t nlen, const char *value, size_t vlen)
{
	EcoReader  *e = arg;

	if (nlen == 3 && memcmp(name, "ECO", 3) == 0 && vlen < sizeof(e->cur.eco))
		memcpy(e->cur.eco, value, vlen);
	if (nlen == 7 && memcmp(name, "Opening", 7) == 0)
		snprintf(e->cur.name, sizeof(e->cur.name), "%.*s", (int) vlen, value);	/* eco.pgn: before Variation */
	if (nlen == 9 && memcmp(name, "Variation", 9) == 0)
		snprintf(e->cur.name + strlen(e->cur.name), sizeof(e->cur.name) - strlen(e->cur.name),
				 ": %.*s", (int) vlen, value);
	/* gen.js strips tags up to the first ']', so it drops a line whose tag has one inside */
	if (memchr(value, ']', vlen))
		e->cur.skip = true;
}

static void
eco_ply(void *arg, int ply, Move m, const Position *before, const Position *after,
		const char *variation)
{
	EcoReader  *e = arg;

	(void) ply, (void) before, (void) after;
	if (variation == NULL && e->cur.n < 64)
		e->cur.moves[e->cur.n++] = m;
}

static bool
eco_game(void *arg, int game, const char *result, const Position *start,
		 const Position *final, int plies, const PgnError *err)
{
	EcoReader  *e = arg;

	(void) game, (void) result, (void) start, (void) final;
	if (!err && plies > 0 && plies <= 64 && e->cur.eco[0] && !e->cur.skip)
		e->lines[e->count++] = e->cur;
	eco_begin(e, 0);
	return true;
}

typedef struct Corpus
{
	Line	   *lines;
	int			nlines;
	int		   *order;			/* order[rank] = line */
	double	   *cum;			/* Zipf weights, cumulated and normalised */
} Corpus;

static void
corpus_setup(Corpus *c, uint32_t seed, const char *eco_file)
{
	size_t		len;
	char	   *text = read_file(eco_file, &len);
	EcoReader	e = {0};
	PgnHandler	h = {0};
	Rng			r;
	double		s = 0;
	int			i;

	e.lines = malloc(sizeof(Line) * 10000);
	h.arg = &e;
	h.begin = eco_begin;
	h.tag = eco_tag;
	h.ply = eco_ply;
	h.game = eco_game;
	pgn_read(text, len, &h);
	free(text);
	if (e.count == 0)
		die("no opening lines in the ECO file");
	c->lines = e.lines;
	c->nlines = e.count;
	c->order = malloc(sizeof(int) * c->nlines);
	c->cum = malloc(sizeof(double) * c->nlines);
	for (i = 0; i < c->nlines; i++)
		c->order[i] = i;
	rng_for(&r, seed ^ 0x5eed, 0);
	for (i = c->nlines - 1; i > 0; i--)
	{
		int			j = (int) floor(rng_next(&r) * (i + 1)),
					t = c->order[i];

		c->order[i] = c->order[j];
		c->order[j] = t;
	}
	for (i = 0; i < c->nlines; i++)
		c->cum[i] = (s += 1.0 / (i + 1));
	for (i = 0; i < c->nlines; i++)
		c->cum[i] /= s;
}

static int
pick_rank(const Corpus *c, double u)
{
	int			lo = 0,
				hi = c->nlines - 1;

	while (lo < hi)
	{
		int			mid = (lo + hi) >> 1;

		if (c->cum[mid] < u)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo;
}

static int
material_diff(const Position *pos)
{
	static const int value[7] = {0, 1, 3, 3, 5, 9, 0};	/* index PieceKind */
	int			d = 0,
				k;

	for (k = PAWN; k <= QUEEN; k++)
		d += value[k] * (bb_count(pos->by_color[WHITE] & pos->by_kind[k]) -
						 bb_count(pos->by_color[BLACK] & pos->by_kind[k]));
	return d;
}

static bool
threefold(const Position *history, int n)
{
	int			same = 0,
				i;

	for (i = 0; i < n; i++)
		if (position_same_for_repetition(&history[i], &history[n - 1]))
			same++;
	return same >= 3;
}

/* A game of the corpus: its moves, how it ended, its players */
typedef struct Game
{
	const Line *line;
	Position	history[MAX_PLIES + 64 + 1];
	char		sans[MAX_PLIES + 64][SAN_MAX_LENGTH];
	int			n;
	const char *result,
			   *term;
	int			white,
				black,
				year,
				month,
				day,
				white_elo,
				black_elo;
} Game;

static void
play_game(const Corpus *c, uint32_t seed, uint32_t i, Game *g)
{
	Rng			r;
	Position   *history = g->history;
	Move		moves[MAX_MOVES];
	int			n = 0,
				k;

	rng_for(&r, seed, i);
	g->line = &c->lines[c->order[pick_rank(c, rng_next(&r))]];
	position_set_startpos(&history[0]);
	for (k = 0; k < g->line->n; k++)
	{
		san_write(&history[n], g->line->moves[k], g->sans[n]);
		history[n + 1] = history[n];
		position_play(&history[n + 1], g->line->moves[k]);
		n++;
	}
	for (;;)
	{
		const Position *pos = &history[n];
		int			nmoves = gen_legal(pos, moves);
		Move		m;

		if (nmoves == 0)
		{
			if (position_in_check(pos))
				g->result = pos->side == WHITE ? "0-1" : "1-0", g->term = "checkmate";
			else
				g->result = "1/2-1/2", g->term = "stalemate";
			break;
		}
		if (pos->halfmove >= 100)
		{
			g->result = "1/2-1/2", g->term = "50-move rule";
			break;
		}
		if (threefold(history, n + 1))
		{
			g->result = "1/2-1/2", g->term = "threefold repetition";
			break;
		}
		if (position_insufficient_material(pos))
		{
			g->result = "1/2-1/2", g->term = "insufficient material";
			break;
		}
		if (n >= MAX_PLIES)
		{
			int			d = material_diff(pos);

			g->result = d >= 3 ? "1-0" : d <= -3 ? "0-1" : "1/2-1/2";
			g->term = "adjudicated (material, ply cap)";
			break;
		}
		m = moves[(int) floor(rng_next(&r) * nmoves)];
		san_write(pos, m, g->sans[n]);
		history[n + 1] = *pos;
		position_play(&history[n + 1], m);
		n++;
	}
	g->n = n;
	g->white = 1 + (int) floor(rng_next(&r) * NPLAYERS);
	g->black = 1 + (int) floor(rng_next(&r) * (NPLAYERS - 1));
	if (g->black >= g->white)
		g->black++;
	g->year = 1990 + (int) floor(rng_next(&r) * 35);
	g->month = 1 + (int) floor(rng_next(&r) * 12);
	g->day = 1 + (int) floor(rng_next(&r) * 28);
	g->white_elo = 1200 + (int) floor(rng_next(&r) * 1600);
	g->black_elo = 1200 + (int) floor(rng_next(&r) * 1600);
}

/* gen.js's form: its tags, the movetext wrapped at 80 */
static void
write_anchor(const Game *g, uint32_t i, FILE *out)
{
	char		buf[128],
				linebuf[128];
	int			k,
				len = 0;

	fprintf(out, "[Event \"Synthetic anchor corpus\"]\n[Site \"anchor-db\"]\n"
			"[Date \"%d.%02d.%02d\"]\n[Round \"%u\"]\n[White \"Player_%04d\"]\n"
			"[Black \"Player_%04d\"]\n[Result \"%s\"]\n[WhiteElo \"%d\"]\n"
			"[BlackElo \"%d\"]\n[ECO \"%s\"]\n[PlyCount \"%d\"]\n[Termination \"%s\"]\n\n",
			g->year, g->month, g->day, i % 100000 + 1, g->white, g->black, g->result,
			g->white_elo, g->black_elo, g->line->eco, g->n, g->term);
	/* a token goes on the line if the line stays within 80 */
	for (k = 0; k <= g->n; k++)
	{
		int			tlen;

		if (k < g->n)
			tlen = k % 2 == 0 ? snprintf(buf, sizeof(buf), "%d. %s ", k / 2 + 1, g->sans[k])
				: snprintf(buf, sizeof(buf), "%s ", g->sans[k]);
		else
			tlen = snprintf(buf, sizeof(buf), "%s", g->result);
		if (len + (k < g->n ? tlen : (int) strlen(g->result)) > 80)
		{
			while (len > 0 && linebuf[len - 1] == ' ')
				len--;
			fprintf(out, "%.*s\n", len, linebuf);
			len = 0;
		}
		memcpy(linebuf + len, buf, tlen);
		len += tlen;
	}
	fprintf(out, "%.*s\n\n", len, linebuf);
}

/* lichess's time controls, drawn with these weights (a month of 2024: bullet and blitz most) */
static const struct
{
	int			base,
				inc,
				weight;
} time_controls[] = {
	{60, 0, 18}, {120, 1, 8}, {180, 0, 22}, {180, 2, 12}, {300, 0, 10}, {300, 3, 8},
	{600, 0, 12}, {600, 5, 5}, {900, 10, 3}, {1800, 0, 1}, {1800, 20, 1}
};

/* lichess's speed of a time control: the estimated duration, base + 40 increments */
static const char *
speed(int base, int inc)
{
	int			t = base + 40 * inc;

	return t < 29 ? "UltraBullet" : t < 179 ? "Bullet" : t < 479 ? "Blitz" : t < 1499 ? "Rapid" : "Classical";
}

/* an evaluation as lichess writes it: pawns with at least one decimal */
static void
format_eval(char *buf, size_t size, int cp)
{
	int			len = snprintf(buf, size, "%.2f", cp / 100.0);

	if (len > 0 && buf[len - 1] == '0')
		buf[len - 1] = '\0';
}

/*
 * lichess's export (database.lichess.org): its tags, the movetext on one
 * line, a [%clk] after every move and, in one game in 16 (lichess: about
 * 6% have been analysed), an [%eval] before it and the ?!, ? or ?? of an
 * evaluation lost.  The moves are the anchor corpus's games for the same
 * seed; the rest draws on numbers of its own.
 */
static void
write_lichess(const Game *g, uint32_t seed, uint32_t i, FILE *out)
{
	static const char digits[] = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";
	Rng			r;
	char		site[9],
				ev[16];
	int			total = 0,
				tc,
				pick,
				base,
				inc,
				clock[2],
				prev = 20,
				diff,
				k;
	bool		analysed;
	bool		mate = strcmp(g->term, "checkmate") == 0;

	rng_for(&r, seed ^ 0x11c4e55u, i);
	for (k = 0; k < 8; k++)
		site[k] = digits[(int) floor(rng_next(&r) * 62)];
	site[8] = '\0';
	for (tc = 0; tc < (int) (sizeof(time_controls) / sizeof(time_controls[0])); tc++)
		total += time_controls[tc].weight;
	pick = (int) floor(rng_next(&r) * total);
	for (tc = 0; pick >= time_controls[tc].weight; tc++)
		pick -= time_controls[tc].weight;
	base = time_controls[tc].base;
	inc = time_controls[tc].inc;
	analysed = rng_next(&r) < 1.0 / 16;
	diff = 1 + (int) floor(rng_next(&r) * 12);
	fprintf(out, "[Event \"Rated %s game\"]\n[Site \"https://lichess.org/%s\"]\n"
			"[Date \"2026.11.%02d\"]\n[Round \"-\"]\n[White \"Player_%04d\"]\n"
			"[Black \"Player_%04d\"]\n[Result \"%s\"]\n[UTCDate \"2026.11.%02d\"]\n"
			"[UTCTime \"%02d:%02d:%02d\"]\n[WhiteElo \"%d\"]\n[BlackElo \"%d\"]\n"
			"[WhiteRatingDiff \"%+d\"]\n[BlackRatingDiff \"%+d\"]\n[ECO \"%s\"]\n"
			"[Opening \"%s\"]\n[TimeControl \"%d+%d\"]\n[Termination \"%s\"]\n\n",
			speed(base, inc), site, g->day, g->white, g->black, g->result, g->day,
			(int) (i / 3600) % 24, (int) (i / 60) % 60, (int) i % 60, g->white_elo, g->black_elo,
			g->result[0] == '1' && g->result[1] == '-' ? diff : g->result[0] == '0' ? -diff : 0,
			g->result[0] == '0' ? diff : g->result[0] == '1' && g->result[1] == '-' ? -diff : 0,
			g->line->eco, g->line->name[0] ? g->line->name : "?", base, inc,
			strcmp(g->term, "adjudicated (material, ply cap)") == 0 ? "Time forfeit" : "Normal");
	clock[0] = clock[1] = base;
	for (k = 0; k < g->n; k++)
	{
		int			side = k % 2,
					think = (int) floor(rng_next(&r) * (2.0 * base / 80 + inc));
		const char *nag = "";

		clock[side] = clock[side] > think ? clock[side] - think + inc : 0;
		ev[0] = '\0';
		if (analysed && !(mate && k == g->n - 1))
		{
			int			left = g->n - 1 - k;	/* plies from this position to the mate */
			int			cp = 100 * material_diff(&g->history[k + 1]) + 20 +
				(int) floor(rng_next(&r) * 60) - 30;
			int			lost = side == 0 ? prev - cp : cp - prev;

			if (mate && left <= 4)
				snprintf(ev, sizeof(ev), "#%d", (g->n % 2 == 1 ? 1 : -1) * (left + 1) / 2);
			else
			{
				format_eval(ev, sizeof(ev), cp);
				nag = lost >= 300 ? "??" : lost >= 150 ? "?" : lost >= 80 ? "?!" : "";
			}
			prev = cp;
		}
		if (side == 0)
			fprintf(out, "%s%d. ", k ? " " : "", k / 2 + 1);
		else
			fprintf(out, " %d... ", k / 2 + 1);
		fprintf(out, "%s%s { %s%s%s[%%clk %d:%02d:%02d] }", g->sans[k], nag, ev[0] ? "[%eval " : "", ev,
				ev[0] ? "] " : "", clock[side] / 3600, clock[side] / 60 % 60, clock[side] % 60);
	}
	fprintf(out, "%s%s\n\n", g->n ? " " : "", g->result);
}

/* select: the ten-ply openings counted in an open-addressing table */
typedef struct Opening
{
	Move		moves[10];
	uint32_t	count;
	uint32_t	first;			/* the game that played it first (ties: the earliest, as gen.js's Map) */
} Opening;

typedef struct Selector
{
	Opening    *table;
	size_t		mask;
	Move		cur[10];
	int			game;			/* 0-based, the game being read */
	int			rare_game,
				rare_ply;
	bool		rare_found;
	Position	rare;
} Selector;

static void
sel_ply(void *arg, int ply, Move m, const Position *before, const Position *after,
		const char *variation)
{
	Selector   *s = arg;

	(void) before;
	if (variation)
		return;
	if (ply >= 1 && ply <= 10)
		s->cur[ply - 1] = m;
	if (s->game == s->rare_game && ply == s->rare_ply)
	{
		s->rare = *after;
		s->rare_found = true;
	}
}

static bool
sel_game(void *arg, int game, const char *result, const Position *start,
		 const Position *final, int plies, const PgnError *err)
{
	Selector   *s = arg;

	(void) game, (void) result, (void) start, (void) final;
	if (err)
		die("the corpus has a bad game");
	if (plies >= 10)
	{
		uint64_t	h = 1469598103934665603u;
		size_t		at;
		int			k;

		for (k = 0; k < 10; k++)
			h = (h ^ s->cur[k]) * 1099511628211u;
		for (at = h & s->mask;; at = (at + 1) & s->mask)
		{
			Opening    *o = &s->table[at];

			if (o->count == 0)
			{
				memcpy(o->moves, s->cur, sizeof(s->cur));
				o->first = s->game;
			}
			else if (memcmp(o->moves, s->cur, sizeof(s->cur)) != 0)
				continue;
			o->count++;
			break;
		}
	}
	s->game++;
	return true;
}

static void
select_positions(const char *path, int rare_game, int rare_ply)
{
	size_t		len,
				k;
	char	   *text = read_file(path, &len);
	Selector	s = {0};
	PgnHandler	h = {0};
	const Opening *best = NULL;
	Position	pos;
	char		fen[FEN_MAX_LENGTH];
	int			i;

	s.mask = ((size_t) 1 << 23) - 1;
	s.table = calloc(s.mask + 1, sizeof(Opening));
	s.rare_game = rare_game;
	s.rare_ply = rare_ply;
	h.arg = &s;
	h.ply = sel_ply;
	h.game = sel_game;
	pgn_read(text, len, &h);
	for (k = 0; k <= s.mask; k++)
		if (s.table[k].count && (!best || s.table[k].count > best->count ||
								 (s.table[k].count == best->count && s.table[k].first < best->first)))
			best = &s.table[k];
	if (!best || !s.rare_found)
		die("the corpus has no ten-ply game or no such rare game");
	fprintf(stderr, "games=%d; popular ten-ply line: %u games\n", s.game, best->count);
	printf("start|rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1\n");
	printf("sicilian_e4c5Nf3d6|rnbqkbnr/pp2pppp/3p4/2p5/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 0 3\n");
	position_set_startpos(&pos);
	for (i = 0; i < 10; i++)
		position_play(&pos, best->moves[i]);
	fen_write(&pos, fen);
	printf("popular_10ply|%s\n", fen);
	fen_write(&s.rare, fen);
	printf("rare_deep_g%d_p%d|%s\n", rare_game, rare_ply, fen);
	printf("never_opera_final|1n1Rkb1r/p4ppp/4q3/4p1B1/4P3/8/PPP2PPP/2K5 b k - 1 17\n");
}

int
main(int argc, char **argv)
{
	if (argc >= 5 && (strcmp(argv[1], "generate") == 0 || strcmp(argv[1], "lichess") == 0))
	{
		bool		lichess = strcmp(argv[1], "lichess") == 0;
		static Game g;
		Corpus		c;
		uint32_t	seed = (uint32_t) strtoul(argv[2], NULL, 10),
					first = (uint32_t) strtoul(argv[3], NULL, 10),
					end = (uint32_t) strtoul(argv[4], NULL, 10),
					i;
		static char obuf[1 << 20];

		setvbuf(stdout, obuf, _IOFBF, sizeof(obuf));
		corpus_setup(&c, seed, argc > 5 ? argv[5] : ECO_FILE);
		for (i = first; i < end; i++)
		{
			play_game(&c, seed, i, &g);
			if (lichess)
				write_lichess(&g, seed, i, stdout);
			else
				write_anchor(&g, i, stdout);
		}
		return fflush(stdout) == 0 ? 0 : 1;
	}
	if (argc >= 3 && strcmp(argv[1], "select") == 0)
	{
		select_positions(argv[2], argc > 3 ? atoi(argv[3]) : 54321, argc > 4 ? atoi(argv[4]) : 70);
		return 0;
	}
	fprintf(stderr, "usage: gen_corpus generate SEED FIRST END [ECO_FILE] > part.pgn\n"
			"       gen_corpus lichess SEED FIRST END [ECO_FILE] > part.pgn\n"
			"       gen_corpus select CORPUS.pgn [GAME PLY]\n");
	return 2;
}
