/*
 * fuzz.c — libFuzzer targets for every parser of the engine.  Built once per
 * target with -DFUZZ_<TARGET> (test/fuzz/run.sh): FEN, PACKED (binary
 * position input), UCI (move text and binary move values), SAN (strict and
 * lenient, in a few positions), PGN, GAME (the game type's binary input:
 * a start and 16-bit moves, encoded), ANNOTATED (a PGN game's comments,
 * NAGs, variations and commands, encoded and written back), STORED (a game value's stored bytes,
 * as damage may leave them), PATTERN and BALANCE (their text and packed
 * forms), QUERY (a game query's JSON text, then run on games).  Besides "no crash, no leak, no sanitizer report", each
 * target checks what the parser promises: what is accepted writes back
 * canonically and reads back to the same value; moves that are read are
 * legal; the PGN reader's plies are legal and consistent; a game is
 * encoded only when every move is legal, and its bytes read back to its
 * moves, through every writer and both versions of the format.
 */
#include "engine/annotation.h"
#include "engine/game.h"
#include "engine/movegen.h"
#include "engine/pgn.h"
#include "engine/query.h"
#include "engine/san.h"
#include "engine/search.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define REQUIRE(cond) \
	do { \
		if (!(cond)) \
		{ \
			fprintf(stderr, "%s:%d: property failed: %s\n", __FILE__, __LINE__, #cond); \
			abort(); \
		} \
	} while (0)

int			LLVMFuzzerInitialize(int *argc, char ***argv);
int			LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int
LLVMFuzzerInitialize(int *argc, char ***argv)
{
	(void) argc;
	(void) argv;
	return 0;
}

/* A position's packed bytes, its FEN and the FEN's reading agree. */
static void check_position(const Position *pos) __attribute__((unused));
static void
check_position(const Position *pos)
{
	uint8_t		packed[PACKED_POSITION_SIZE],
				again[PACKED_POSITION_SIZE];
	char		fen[FEN_MAX_LENGTH],
				fen2[FEN_MAX_LENGTH],
				material[MATERIAL_MAX_LENGTH];
	Position	back;
	PositionError err;
	Move		moves[MAX_MOVES];
	int			n;

	position_pack(pos, packed);
	REQUIRE(position_unpack_checked(packed, &back, &err));
	position_pack(&back, again);
	REQUIRE(memcmp(packed, again, sizeof(packed)) == 0);
	fen_write(pos, fen);
	REQUIRE(fen_parse(fen, &back, &err));
	fen_write(&back, fen2);
	REQUIRE(strcmp(fen, fen2) == 0);
	n = gen_legal(pos, moves);
	REQUIRE(n == count_legal(pos));
	material_write(pos, material);
	REQUIRE(strlen(material) < MATERIAL_MAX_LENGTH);
}


#if defined(FUZZ_ANNOTATED) || defined(FUZZ_STORED)
/*
 * Annotations (annotation.h): a PGN game read into a model by the reader's
 * events, as the glue reads one; the model's value (bare bytes and
 * section); the movetext written of a model.
 */
static void *
fuzz_alloc(void *ctx, void *old, size_t size)
{
	(void) ctx;
	if (size == 0)
	{
		free(old);
		return NULL;
	}
	old = realloc(old, size);
	REQUIRE(old != NULL);
	return old;
}

typedef struct AnnRead
{
	AnnGame		ann;
	Move		moves[GAME_MAX_PLIES];
	int			n;
	int			games;
	bool		ok;
	Position	start;
} AnnRead;

static void
ar_ply(void *arg, int ply, Move m, const Position *b, const Position *a, const char *variation)
{
	AnnRead    *ar = arg;

	(void) ply, (void) b, (void) a;
	if (ar->games)
		return;
	ann_builder_move(&ar->ann, m);
	if (!variation)
		ar->moves[ar->n++] = m;
}

static void
ar_comment(void *arg, int ply, const char *variation, const char *text, size_t len)
{
	AnnRead    *ar = arg;

	(void) ply, (void) variation;
	if (!ar->games)
		ann_builder_comment(&ar->ann, text, len);
}

static void
ar_nag(void *arg, unsigned nag)
{
	AnnRead    *ar = arg;

	if (!ar->games)
		ann_builder_nag(&ar->ann, nag);
}

static void
ar_open(void *arg)
{
	AnnRead    *ar = arg;

	if (!ar->games)
		ann_builder_open(&ar->ann);
}

static void
ar_close(void *arg)
{
	AnnRead    *ar = arg;

	if (!ar->games)
		ann_builder_close(&ar->ann);
}

static void
ar_verror(void *arg, int ply, const char *v, const char *t, size_t tl, const char *d)
{
	AnnRead    *ar = arg;

	(void) ply, (void) v, (void) t, (void) tl, (void) d;
	if (!ar->games)
		ann_builder_kill(&ar->ann);
}

static bool
ar_game(void *arg, int game, const char *result, const Position *start, const Position *final,
		int plies, const PgnError *err)
{
	AnnRead    *ar = arg;

	(void) game, (void) result, (void) final, (void) plies;
	if (ar->games++ == 0)
	{
		ar->ok = err == NULL;
		ar->start = *start;
	}
	return false;				/* the first game only */
}

/* Reads the first game of a PGN text into ar (ar->ok: without error). */
static void
ann_read(AnnRead *ar, const char *text, size_t len)
{
	PgnHandler	h;

	memset(&h, 0, sizeof(h));
	ann_init(&ar->ann, fuzz_alloc, NULL);
	ar->n = ar->games = 0;
	ar->ok = false;
	position_set_startpos(&ar->start);
	h.arg = ar;
	h.ply = ar_ply;
	h.comment = ar_comment;
	h.nag = ar_nag;
	h.open = ar_open;
	h.close = ar_close;
	h.variation_error = ar_verror;
	h.game = ar_game;
	pgn_read(text, len, &h);
	ann_builder_finish(&ar->ann);
}

static void
ann_free(AnnGame *g)
{
	free(g->events);
	free(g->nodes);
	free(g->shapes);
	free(g->text);
}

typedef struct Text
{
	char	   *s;
	size_t		n;
	size_t		cap;
} Text;

static void
text_emit(void *arg, const char *s, size_t n)
{
	Text	   *t = arg;

	if (t->n + n + 1 > t->cap)
	{
		t->cap = (t->n + n + 1) * 2;
		t->s = realloc(t->s, t->cap);
		REQUIRE(t->s != NULL);
	}
	memcpy(t->s + t->n, s, n);
	t->n += n;
	t->s[t->n] = '\0';
}

/* A model's events and commands, for the report of a broken property. */
static void
ann_dump(const char *what, const AnnGame *g)
{
	int			i;

	fprintf(stderr, "%s: %d events\n", what, g->nevents);
	for (i = 0; i < g->nevents; i++)
	{
		const AnnEvent *e = &g->events[i];

		if (e->kind == ANN_EV_MOVE)
		{
			const AnnNode *nd = &g->nodes[e->a];

			fprintf(stderr, "  move %04x carried %d clock %d emt %d eval %d/%d depth %d shapes %u\n",
					nd->move, nd->carried, nd->clock, nd->emt, nd->eval_kind, nd->eval, nd->depth,
					nd->nshapes);
		}
		else if (e->kind == ANN_EV_COMMENT)
			fprintf(stderr, "  comment%s \"%.*s\"\n", e->carry ? " (carry)" : "", (int) e->b,
					g->text + e->a);
		else
			fprintf(stderr, "  %s %u\n", e->kind == ANN_EV_OPEN ? "open" :
					e->kind == ANN_EV_CLOSE ? "close" : "nag", e->a);
	}
}

/* The section of a model (its bytes, the trailer left out, in *out); its length. */
static size_t
ann_section(const AnnGame *g, const Position *start, const Move *moves, int n, uint8_t **out)
{
	size_t		cap = 0,
				len = ann_encode(g, start, moves, n, out, 0, &cap);

	REQUIRE(len >= 2 + ANN_TRAILER);
	return len - ANN_TRAILER;
}

/*
 * The round trip of a model: its section decodes to a model that encodes
 * to the same bytes, and its movetext, written and read again, gives a
 * model that encodes to them too.
 */
static void
ann_round_trip(const AnnGame *g, const Position *start, const Move *moves, int n)
{
	uint8_t    *sec = NULL,
			   *sec2 = NULL;
	size_t		len = ann_section(g, start, moves, n, &sec);
	AnnGame		back;
	AnnRead    *ar = malloc(sizeof(AnnRead));
	char		error[160];
	char	   *scratch;
	Text		t = {NULL, 0, 0};
	Position	final;
	char		fen[FEN_MAX_LENGTH];

	REQUIRE(ar != NULL);
	ann_init(&back, fuzz_alloc, NULL);
	if (!ann_decode(sec, len, start, moves, n, &back, error))
	{
		fprintf(stderr, "%s\n", error);
		REQUIRE(!"a section written decodes");
	}
	scratch = malloc(PGN_ANNOTATED_SCRATCH(&back));
	fen_write(start, fen);
	text_emit(&t, "[FEN \"", 6);
	text_emit(&t, fen, strlen(fen));
	text_emit(&t, "\"]\n\n", 4);
	REQUIRE(pgn_write_annotated(start, &back, "*", true, text_emit, &t, &final, NULL, scratch) < 0);
	ann_read(ar, t.s, t.n);
	REQUIRE(ar->ok && ar->n == n && memcmp(ar->moves, moves, sizeof(Move) * (size_t) n) == 0);
	if (!ann_any(&ar->ann))
		REQUIRE(!ann_any(&back));
	else
	{
		size_t		len2 = ann_section(&ar->ann, &ar->start, ar->moves, ar->n, &sec2);

		if (len2 != len || memcmp(sec, sec2, len) != 0)
		{
			fprintf(stderr, "written: %s\n", t.s);
			ann_dump("decoded", &back);
			ann_dump("read back", &ar->ann);
			REQUIRE(!"the movetext written reads back to the same annotations");
		}
	}
	free(sec);
	free(sec2);
	free(scratch);
	free(t.s);
	ann_free(&back);
	ann_free(&ar->ann);
	free(ar);
}
#endif

#if defined(FUZZ_FEN)

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char	   *text = malloc(size + 1);
	Position	pos;
	PositionError err;

	memcpy(text, data, size);
	text[size] = '\0';
	if (fen_parse(text, &pos, &err))
		check_position(&pos);
	else
		REQUIRE(err.code != POS_OK && err.detail[0] != '\0');
	free(text);
	return 0;
}

#elif defined(FUZZ_PACKED)

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	uint8_t		bytes[PACKED_POSITION_SIZE] = {0};
	Position	pos;
	PositionError err;

	memcpy(bytes, data, size < sizeof(bytes) ? size : sizeof(bytes));
	if (position_unpack_checked(bytes, &pos, &err))
		check_position(&pos);
	else
		REQUIRE(err.detail[0] != '\0');
	return 0;
}

#elif defined(FUZZ_UCI)

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	Move		m = MOVE_NULL,
				back;
	char		text[6];

	if (move_parse((const char *) data, size, &m) == MOVE_OK)
	{
		move_write(m, text);
		REQUIRE(move_parse(text, strlen(text), &back) == MOVE_OK && back == m);
		REQUIRE(move_check(m) == MOVE_OK);
	}
	if (size >= 2)
	{
		m = (Move) (data[0] << 8 | data[1]);
		if (move_check(m) == MOVE_OK)
		{
			move_write(m, text);
			REQUIRE(move_parse(text, strlen(text), &back) == MOVE_OK && back == m);
		}
	}
	return 0;
}

#elif defined(FUZZ_SAN)

static const char *const fens[] = {
	"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
	"r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
	"2rq1rk1/pb2bppp/1p2p3/n1ppPn2/2PP4/PP3N2/1B1NQPPP/RB3RK1 b - - 4 13",
	"4k3/8/8/4Pp2/8/8/8/4K3 w - f6 0 2",
	"n1n5/PPPk4/8/8/8/8/4Kppp/5N1N b - - 0 1",
	"R6R/3Q4/1Q4Q1/4Q3/2Q4Q/Q4Q2/pp1Q4/kBNN1KB1 w - - 0 1",
};

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static SanResult r;
	Position	pos;
	PositionError err;
	char		san[SAN_MAX_LENGTH];
	bool		lenient;

	if (size < 1)
		return 0;
	REQUIRE(fen_parse(fens[(data[0] & 0x7f) % (sizeof(fens) / sizeof(fens[0]))], &pos, &err));
	lenient = (data[0] & 0x80) != 0;
	san_parse(&pos, (const char *) data + 1, size - 1, lenient, &r);
	if (r.status == SAN_OK)
	{
		REQUIRE(move_is_legal(&pos, r.move));
		san_write(&pos, r.move, san);
		san_parse(&pos, san, strlen(san), false, &r);
		REQUIRE(r.status == SAN_OK);
	}
	else if (r.status == SAN_AMBIGUOUS)
		REQUIRE(r.ncandidates > 1);
	else
		REQUIRE(r.detail[0] != '\0');
	return 0;
}

#elif defined(FUZZ_PGN)

static void
check_ply(void *arg, int ply, Move m, const Position *before, const Position *after,
		  const char *variation)
{
	Position	p = *before;
	uint8_t		a[PACKED_POSITION_SIZE],
				b[PACKED_POSITION_SIZE];

	(void) arg;
	(void) variation;
	REQUIRE(ply >= 1);
	REQUIRE(move_is_legal(before, m));
	position_play(&p, m);
	position_pack(&p, a);
	position_pack(after, b);
	REQUIRE(memcmp(a, b, sizeof(a)) == 0);
}

static void
check_tag(void *arg, const char *name, size_t nlen, const char *value, size_t vlen)
{
	(void) arg;
	(void) value;
	REQUIRE(pgn_tag_name_valid(name, nlen));
	REQUIRE(vlen <= PGN_MAX_TAG_VALUE);
}

static int	last_game;

static bool
check_game(void *arg, int game, const char *result, const Position *start,
		   const Position *final, int plies, const PgnError *err)
{
	(void) arg;
	(void) start;
	(void) final;
	REQUIRE(game == last_game + 1);
	last_game = game;
	REQUIRE(plies >= 0 && plies <= PGN_MAX_PLIES);
	REQUIRE(strlen(result) < 8);
	if (err)
	{
		REQUIRE(err->code != PGN_OK && err->detail[0] != '\0');
		REQUIRE(err->token != NULL);
	}
	return true;
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	PgnHandler	h = {.tag = check_tag, .ply = check_ply, .game = check_game};
	int			games;

	last_game = 0;
	games = pgn_read((const char *) data, size, &h);
	REQUIRE(games == last_game);
	return 0;
}

#elif defined(FUZZ_GAME)

/*
 * A game as game_recv() gets one.  Byte 0 chooses the start: with its top
 * bit set, the next 32 bytes are a packed position (which must unpack);
 * else one of the positions below.  Then each byte below 0xf0 plays the
 * legal move of that index (modulo their number; a byte when there is
 * none), and a byte from 0xf0 up takes the next two as a 16-bit move as it
 * comes, legal or not (bit 15, which no move has, included).  A castling
 * move may come as the king's two-square move or as the king taking its
 * rook, as play() takes it; the value reads back with the king's move of
 * the position's notation (castle_normalize()).
 */
static const char *const starts[] = {
	"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
	"r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
	"4k3/8/8/4Pp2/8/8/8/4K3 w - f6 0 2",
	"n1n5/PPPk4/8/8/8/8/4Kppp/5N1N b - - 0 1",
	"bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9",
	"8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
};

#define FUZZ_MAX_PLIES 1024	/* the rest of a longer input is not read */

static Move moves[FUZZ_MAX_PLIES],
			expect[FUZZ_MAX_PLIES];	/* the moves as they read back */

/* What pgn_read() finds in the game's text. */
typedef struct
{
	Move		moves[FUZZ_MAX_PLIES];
	int			n;
	int			games;
	bool		error;
} ReadBack;

static void
read_ply(void *arg, int ply, Move m, const Position *before, const Position *after,
		 const char *variation)
{
	ReadBack   *rb = arg;

	(void) before;
	(void) after;
	REQUIRE(variation == NULL && ply == rb->n + 1 && rb->n < FUZZ_MAX_PLIES);
	rb->moves[rb->n++] = m;
}

static bool
read_game(void *arg, int game, const char *result, const Position *start,
		  const Position *final, int plies, const PgnError *err)
{
	ReadBack   *rb = arg;

	(void) game;
	(void) result;
	(void) start;
	(void) final;
	(void) plies;
	rb->games++;
	rb->error |= err != NULL;
	return true;
}

typedef struct
{
	char	   *s;
	size_t		len,
				cap;
} Text;

static void
emit(void *arg, const char *s, size_t n)
{
	Text	   *t = arg;

	if (t->len + n + 1 > t->cap)
	{
		t->cap = (t->len + n + 1) * 2;
		t->s = realloc(t->s, t->cap);
	}
	memcpy(t->s + t->len, s, n);
	t->len += n;
	t->s[t->len] = '\0';
}

/*
 * The game's text as game_out() writes it (a FEN tag when the value's flag
 * says its start is not the standard one) reads back to its moves.
 */
static void
check_text(const uint8_t *data, size_t len, int n)
{
	static ReadBack rb;
	PgnHandler	h = {.arg = &rb, .ply = read_ply, .game = read_game};
	Text		t = {0};
	Position	start,
				final;
	char		fen[FEN_MAX_LENGTH];
	PositionError err;

	REQUIRE(game_start(data, len, &start, &err));
	emit(&t, "", 0);
	if (data[1] & GAME_FLAG_START)
	{
		fen_write(&start, fen);
		emit(&t, "[FEN \"", 6);
		emit(&t, fen, strlen(fen));
		emit(&t, "\"] ", 3);
	}
	REQUIRE(pgn_write_movetext(&start, expect, n, "", false, emit, &t, &final, NULL) == -1);
	rb.n = 0;
	rb.games = 0;
	rb.error = false;
	pgn_read(t.s, t.len, &h);
	/* (no game at all in the empty text of no moves from the standard start) */
	REQUIRE(!rb.error && rb.n == n && (rb.games == 1 || (rb.games == 0 && t.len == 0)));
	REQUIRE(memcmp(rb.moves, expect, sizeof(Move) * n) == 0);
	free(t.s);
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	Position	start,
				pos,
				final;
	PositionError err;
	GameReader	r;
	GameWriter	w;
	Move		legal[MAX_MOVES];
	uint8_t    *out,
			   *again,
				a[PACKED_POSITION_SIZE],
				b[PACKED_POSITION_SIZE];
	size_t		i = 1,
				len,
				len2;
	int			n = 0,
				k,
				bad = -1;

	if (size < 1)
		return 0;
	if (data[0] & 0x80)
	{
		if (size < 1 + PACKED_POSITION_SIZE ||
			!position_unpack_checked(data + 1, &start, &err))
			return 0;
		i += PACKED_POSITION_SIZE;
	}
	else
		REQUIRE(fen_parse(starts[data[0] % (sizeof(starts) / sizeof(starts[0]))], &start, &err));

	/* the moves, played as they come while they are legal */
	pos = start;
	for (; i < size && n < FUZZ_MAX_PLIES; i++)
	{
		Move		m;

		if (data[i] < 0xf0)
		{
			int			nl = gen_legal(&pos, legal);

			m = nl > 0 ? legal[data[i] % nl] : (Move) data[i];
		}
		else
		{
			if (i + 2 >= size)
				break;
			m = (Move) (data[i + 1] << 8 | data[i + 2]);
			i += 2;
		}
		moves[n++] = m;
		if (bad < 0)
		{
			m = castle_normalize(&pos, m);
			expect[n - 1] = m;
			if (move_is_legal(&pos, m))
				position_play(&pos, m);
			else
				bad = n - 1;
		}
	}

	out = calloc(1, GAME_ENCODED_MAX(n));
	again = calloc(1, GAME_ENCODED_MAX(n));
	len = game_encode(&start, moves, n, out, &k, &final);
	if (bad >= 0)
	{
		/* refused, at the first illegal move, in the position before it */
		REQUIRE(len == 0 && k == bad);
		position_pack(&pos, a);
		position_pack(&final, b);
		REQUIRE(memcmp(a, b, sizeof(a)) == 0);
		free(out);
		free(again);
		return 0;
	}
	REQUIRE(len > 0 && len <= GAME_ENCODED_MAX(n));
	REQUIRE(game_header_valid(out, len) && out[0] == GAME_FORMAT_VERSION);
	REQUIRE(game_plies(out, len) == n);

	/* the bytes read back to the moves and to the final position */
	game_reader_init(&r, out, len);
	REQUIRE(r.plies == n);
	for (k = 0; k < n; k++)
		REQUIRE(game_reader_next(&r) == expect[k]);
	position_pack(&r.pos, a);
	position_pack(&final, b);
	REQUIRE(memcmp(a, b, sizeof(a)) == 0);
	REQUIRE(game_compare(out, len, out, len, &r) == 0);

	/* every writer gives the same bytes */
	REQUIRE(game_encode_legal(&start, moves, n, again) == len && memcmp(out, again, len) == 0);
	memset(again, 0, GAME_ENCODED_MAX(n));
	game_reader_init(&r, out, len);
	game_writer_begin(&w, &r.start, again);
	for (k = 0; k < n; k++)
	{
		pos = r.pos;
		game_writer_add(&w, &pos, game_reader_next(&r));
	}
	REQUIRE(game_writer_end(&w) == len && memcmp(out, again, len) == 0);

	/* version 1 reads as the same game and transcodes to these bytes */
	memset(again, 0, GAME_ENCODED_MAX(n));
	len2 = game_encode_version(&start, moves, n, again, &k, NULL, 1);
	REQUIRE(len2 > 0 && game_compare(out, len, again, len2, &r) == 0 && !game_reader_failed(&r));
	{
		uint8_t    *trans = calloc(1, GAME_ENCODED_MAX(n));

		REQUIRE(game_transcode(again, len2, trans, &r) == len && memcmp(out, trans, len) == 0);
		free(trans);
	}

	/* a game sorts after the games it extends */
	if (n > 0)
	{
		memset(again, 0, GAME_ENCODED_MAX(n));
		len2 = game_encode(&start, moves, n - 1, again, &k, NULL);
		REQUIRE(len2 > 0 && game_compare(again, len2, out, len, &r) < 0 &&
				game_compare(out, len, again, len2, &r) > 0);
	}

	check_text(out, len, n);
	free(out);
	free(again);
	return 0;
}

#elif defined(FUZZ_PATTERN)

/* What a search with the pattern computes: its pairs and what no later position gives back. */
static void
check_search(const Pattern *p)
{
	static const char *const fens[] = {
		"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
		"r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
		"4k3/8/8/4Pp2/8/8/8/4K3 w - f6 0 2",
	};
	uint16_t	codes[PAIRS_MAX];
	Bitboard	paired;
	PatternReach reach;
	Position	pos;
	PositionError err;
	size_t		i;

	REQUIRE(pattern_pairs(p, codes, &paired) <= PAIRS_MAX);
	pattern_reach_init(p, &reach);
	REQUIRE(reach.ncones <= 16);
	for (i = 0; i < sizeof(fens) / sizeof(fens[0]); i++)
	{
		REQUIRE(fen_parse(fens[i], &pos, &err));
		/* a position that matches is not one after which no position can */
		REQUIRE(!pattern_matches(p, &pos) || !pattern_unreachable(&reach, &pos));
		REQUIRE(position_pairs(&pos, ~UINT64_C(0), codes) <= PAIRS_MAX);
	}
}

/* A pattern's text, and its packed form from the same bytes. */
int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char	   *text = malloc(size + 1);
	char		out[PATTERN_MAX_LENGTH],
				out2[PATTERN_MAX_LENGTH];
	uint8_t		packed[PACKED_PATTERN_SIZE] = {0},
				again[PACKED_PATTERN_SIZE];
	Pattern		p,
				back;
	PositionError err;

	memcpy(text, data, size);
	text[size] = '\0';
	if (pattern_parse(text, &p, &err))
	{
		check_search(&p);
		pattern_write(&p, out);
		REQUIRE(strlen(out) < PATTERN_MAX_LENGTH);
		REQUIRE(pattern_parse(out, &back, &err));
		pattern_write(&back, out2);
		REQUIRE(strcmp(out, out2) == 0);
		pattern_pack(&p, packed);
		pattern_pack(&back, again);
		REQUIRE(memcmp(packed, again, sizeof(packed)) == 0);
	}
	else
		REQUIRE(err.detail[0] != '\0');
	free(text);

	memcpy(packed, data, size < sizeof(packed) ? size : sizeof(packed));
	if (pattern_unpack_checked(packed, &p, &err))
	{
		check_search(&p);
		pattern_pack(&p, again);
		REQUIRE(memcmp(packed, again, sizeof(packed)) == 0);
		pattern_write(&p, out);
		REQUIRE(pattern_parse(out, &back, &err));
		pattern_pack(&back, again);
		REQUIRE(memcmp(packed, again, sizeof(packed)) == 0);
	}
	else
		REQUIRE(err.detail[0] != '\0');
	return 0;
}

#elif defined(FUZZ_BALANCE)

/* A material balance's text, and its packed form from the same bytes. */
static void
check_balance(const MaterialQuery *q)
{
	char		out[MATERIAL_QUERY_MAX_LENGTH],
				out2[MATERIAL_QUERY_MAX_LENGTH];
	uint8_t		packed[PACKED_MATERIAL_SIZE],
				again[PACKED_MATERIAL_SIZE];
	MaterialQuery back,
				flipped = *q;
	PositionError err;
	uint64_t	keys[64];

	material_query_write(q, out);
	REQUIRE(strlen(out) < MATERIAL_QUERY_MAX_LENGTH);
	REQUIRE(material_query_parse(out, &back, &err));
	material_query_write(&back, out2);
	REQUIRE(strcmp(out, out2) == 0);
	material_query_pack(q, packed);
	material_query_pack(&back, again);
	REQUIRE(memcmp(packed, again, sizeof(packed)) == 0);
	REQUIRE(material_query_unpack_checked(packed, &back, &err));
	material_query_flip(&flipped);
	material_query_flip(&flipped);
	material_query_pack(&flipped, again);
	REQUIRE(memcmp(packed, again, sizeof(packed)) == 0);
	REQUIRE(material_query_keys(q, keys, 64) <= 64);
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char	   *text = malloc(size + 1);
	uint8_t		packed[PACKED_MATERIAL_SIZE] = {0};
	MaterialQuery q;
	PositionError err;

	memcpy(text, data, size);
	text[size] = '\0';
	if (material_query_parse(text, &q, &err))
		check_balance(&q);
	else
		REQUIRE(err.detail[0] != '\0');
	free(text);

	memcpy(packed, data, size < sizeof(packed) ? size : sizeof(packed));
	if (material_query_unpack_checked(packed, &q, &err))
		check_balance(&q);
	else
		REQUIRE(err.detail[0] != '\0');
	return 0;
}

#elif defined(FUZZ_ANNOTATED)

/*
 * A PGN game with comments, NAGs, variations and commands: its model
 * encodes to a section that decodes and writes back to the same (above).
 */
int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	AnnRead    *ar = malloc(sizeof(AnnRead));

	REQUIRE(ar != NULL);
	ann_read(ar, (const char *) data, size);
	if (ar->ok && ann_any(&ar->ann))
		ann_round_trip(&ar->ann, &ar->start, ar->moves, ar->n);
	ann_free(&ar->ann);
	free(ar);
	return 0;
}

#elif defined(FUZZ_STORED)

/*
 * A stored game value, its bytes as they are (after the varlena header):
 * what a damaged page or a superuser's cast from bytea can put on disk.
 * The reader must refuse it with a reason, or read every ply; a value read
 * whole is the canonical encoding of what was read — written again from
 * its start and moves, in its version, it gives the same bytes — and every
 * position it passes through is one position_validate() accepts.
 */
int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	GameReader	r;
	Move	   *moves;
	uint8_t    *again;
	Position	final;
	int			bad;
	size_t		len;

	size_t		full = size;

	if (!game_header_valid(data, size))
		return 0;
	size = game_bare_len(data, size);
	if (size < 4 || !game_header_valid(data, size) ||
		((data[1] & GAME_FLAG_ANNOTATED) && full - size < 2 + ANN_TRAILER) ||
		size > GAME_ENCODED_MAX(game_plies(data, size)) - ((data[1] & GAME_FLAG_START) ? 0 : PACKED_POSITION_SIZE))
		return 0;
	if (!game_reader_init(&r, data, size))
	{
		REQUIRE(r.error[0] != '\0');
		return 0;
	}
	moves = malloc(sizeof(Move) * ((size_t) r.plies + 1));
	while (r.ply < r.plies)
	{
		uint8_t		packed[PACKED_POSITION_SIZE];
		Position	back;
		PositionError err;
		Move		m = game_reader_next(&r);

		if (m == MOVE_NULL)
		{
			REQUIRE(game_reader_failed(&r));
			free(moves);
			return 0;
		}
		moves[r.ply - 1] = m;
		position_pack(&r.pos, packed);
		REQUIRE(position_unpack_stored(packed, &back, &err));
	}
	REQUIRE(!game_reader_failed(&r));
	again = calloc(1, GAME_ENCODED_MAX(r.plies));
	len = game_encode_version(&r.start, moves, r.plies, again, &bad, &final, data[0]);
	if (size < full)
	{
		/* annotated: the bare bytes are the encoding with the flag; the section reads or is refused */
		AnnGame		ann;
		char		error[160];

		again[1] |= GAME_FLAG_ANNOTATED;
		REQUIRE(len == size && memcmp(again, data, size) == 0);
		ann_init(&ann, fuzz_alloc, NULL);
		if (ann_decode(data + size, full - size - ANN_TRAILER, &r.start, moves, r.plies, &ann, error))
			ann_round_trip(&ann, &r.start, moves, r.plies);
		else
			REQUIRE(error[0] != '\0');
		ann_free(&ann);
	}
	else
		REQUIRE(len == size && memcmp(again, data, size) == 0);
	free(again);
	free(moves);
	return 0;
}

#elif defined(FUZZ_QUERY)

/* The query's arrays (and its flipped twin's), all freed after each input. */
#define QUERY_BLOCKS 32
static void *query_blocks[QUERY_BLOCKS];

static void *
query_fuzz_alloc(void *ctx, void *old, size_t size)
{
	void	   *p = realloc(old, size);
	int			i;

	(void) ctx;
	REQUIRE(p != NULL);
	for (i = 0; i < QUERY_BLOCKS && query_blocks[i] != old; i++)
		;
	if (old == NULL || i == QUERY_BLOCKS)
		for (i = 0; i < QUERY_BLOCKS && query_blocks[i] != NULL; i++)
			;
	REQUIRE(i < QUERY_BLOCKS);
	query_blocks[i] = p;
	return p;
}

/*
 * A game query's text: refused with a reason, or a query whose conditions
 * are well formed; run on a few games, a match has one ply a condition,
 * each within the game, later than the one before, one apart in a streak.
 */
int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	/* a start (FEN) and UCI moves: castling, en passant, promotions that take, mate, stalemate */
	static const char *const games[][2] = {
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
		 "e2e4 e7e5 g1f3 b8c6 f1b5 a7a6 b5a4 g8f6 e1g1 f8e7 f1e1 b7b5 a4b3 d7d6 c2c3 e8g8 h2h3 c6a5"},
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "f2f3 e7e5 g2g4 d8h4"},
		{"3r3k/2P5/8/8/4pP2/8/8/K7 b - f3 0 1", "e4f3 a1b1 f3f2 c7d8r h8g7 d8d7"},
		{"7k/5Q2/8/8/8/8/8/K7 w - - 0 1", "a1b2"},
	};
	GameQuery	q;
	const GameQuery *variant;
	QueryError	err;
	int			i,
				k;

	if (!query_parse((const char *) data, size, &q, query_fuzz_alloc, NULL, &err))
		REQUIRE(err.status != QUERY_OK && err.detail[0] != '\0');
	else
	{
		REQUIRE(q.nconditions >= 1 && q.nconditions <= QUERY_MAX_CONDITIONS);
		for (k = 0; k < q.nconditions; k++)
			REQUIRE(q.conditions[k].rules != 0);
		for (i = 0; i < (int) (sizeof(games) / sizeof(games[0])); i++)
		{
			Position	start;
			PositionError perr;
			Move		moves[32];
			uint8_t		bytes[GAME_ENCODED_MAX(32)];
			const char *u = games[i][1];
			size_t		len;
			GameReader	r;
			int		   *plies = malloc(sizeof(int) * (size_t) q.nconditions);
			int			n = 0,
						bad;

			REQUIRE(plies != NULL && fen_parse(games[i][0], &start, &perr));
			while (*u)
			{
				size_t		w = strcspn(u, " ");

				REQUIRE(n < 32 && move_parse(u, w, &moves[n]) == MOVE_OK);
				n++;
				u += w + (u[w] == ' ');
			}
			len = game_encode(&start, moves, n, bytes, &bad, NULL);
			/* the query, then its flipped twin ("flip") */
			for (variant = &q; variant; variant = variant == &q ? q.flipped : NULL)
			{
				int			last = n;

				REQUIRE(len > 0 && game_reader_init(&r, bytes, len));
				REQUIRE(variant->nconditions == q.nconditions);
				if (query_match(variant, &r, plies, NULL, NULL) == 0)
					last = -1;
				for (k = 0; last >= 0 && k < q.nconditions; k++)
				{
					REQUIRE(plies[k] >= 0 && plies[k] <= last);
					REQUIRE(k == 0 || plies[k] > plies[k - 1]);
					if (variant->conditions[k].streak && !variant->conditions[k].streak_head)
						REQUIRE(plies[k] == plies[k - 1] + 1);
				}
			}
			free(plies);
		}
	}
	for (i = 0; i < QUERY_BLOCKS; i++)
	{
		free(query_blocks[i]);
		query_blocks[i] = NULL;
	}
	return 0;
}

#else
#error "define one of FUZZ_FEN, FUZZ_PACKED, FUZZ_UCI, FUZZ_SAN, FUZZ_PGN, FUZZ_GAME, FUZZ_ANNOTATED, FUZZ_STORED, FUZZ_PATTERN, FUZZ_BALANCE, FUZZ_QUERY"
#endif
