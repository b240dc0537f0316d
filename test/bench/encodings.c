/*
 * encodings: what the game type's move encoding costs, against three others,
 * on the games of a PGN file — bits a ply and the time to read a game back.
 *
 *   encodings CORPUS.pgn [ENCODING]
 *
 * Reading a game back is what every search over games does (the GIN index
 * builds, the rechecks of g @> p and g @> pattern), so its speed bounds
 * theirs.  The four encodings, each a move at a time:
 *   v2     the format of the game type (src/engine/game.h, version 2): the
 *          rank of the moving piece among the side's pieces, then the rank
 *          of the move among that piece's pseudo-legal moves, each in as
 *          many bits as its count needs (Scid's idea, without its byte
 *          alignment); reading a ply looks at one piece only;
 *   v1     the format's version 1, which 0.6.0 and 0.7.0 wrote: the move's
 *          rank among the legal moves, in ceil(log2(legal moves)) bits;
 *          reading a ply generates the legal moves;
 *   pseudo the rank among all pseudo-legal moves (as Scid's and Scoutfish's
 *          readers trust the stored move), in ceil(log2(pseudo-legal
 *          moves)) bits; reading a ply generates them all;
 *   fromto the from- and to-squares, 6 bits each, and a promotion's piece
 *          in 2 (as Scoutfish stores a move); reading a ply checks the
 *          move as the game type's reader does, generating none.
 * Every game is encoded and read back in each, and the moves read are
 * checked against the moves played; then each reads every game three times
 * and the best time is printed, in nanoseconds a ply.  With an encoding
 * named (v2, v1, pseudo or fromto), only that one is timed, ten times, for
 * comparing builds of one reader (with perf stat, say).  Standard chess only
 * (a game from another start is skipped).  A measuring tool, not the
 * extension's code: nothing here is on disk anywhere.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "engine/game.h"
#include "engine/movegen.h"
#include "engine/pgn.h"
#include "engine/position.h"

typedef struct Corpus
{
	Move	   *moves;			/* every game's moves, one after another */
	size_t		nmoves,
				cap;
	int		   *first;			/* game i: moves[first[i]] .. moves[first[i + 1] - 1] */
	int			ngames,
				gcap;
	size_t		game_start;		/* moves of the game being read begin here */
	int			skipped;
} Corpus;

static void
die(const char *what)
{
	fprintf(stderr, "encodings: %s\n", what);
	exit(1);
}

static void *
grow(void *p, size_t *cap, size_t need, size_t size)
{
	if (need <= *cap)
		return p;
	*cap = need * 2;
	p = realloc(p, *cap * size);
	if (!p)
		die("out of memory");
	return p;
}

static void
on_begin(void *arg, size_t offset)
{
	Corpus	   *c = arg;

	(void) offset;
	c->nmoves = c->game_start;
}

static void
on_ply(void *arg, int ply, Move m, const Position *before, const Position *after,
	   const char *variation)
{
	Corpus	   *c = arg;

	(void) ply;
	(void) before;
	(void) after;
	if (variation)
		return;
	c->moves = grow(c->moves, &c->cap, c->nmoves + 1, sizeof(Move));
	c->moves[c->nmoves++] = m;
}

static bool
on_game(void *arg, int game, const char *result, const Position *start, const Position *final,
		int plies, const PgnError *err)
{
	Corpus	   *c = arg;
	Position	standard;
	size_t		gcap = (size_t) c->gcap;

	(void) game;
	(void) result;
	(void) final;
	(void) plies;
	position_set_startpos(&standard);
	if (err || memcmp(start->board, standard.board, sizeof(standard.board)) != 0 ||
		start->castling != CASTLE_ALL)
	{
		c->skipped++;
		c->nmoves = c->game_start;
		return true;
	}
	c->first = grow(c->first, &gcap, (size_t) c->ngames + 2, sizeof(int));
	c->gcap = (int) gcap;
	c->first[c->ngames++] = (int) c->game_start;
	c->first[c->ngames] = (int) c->nmoves;
	c->game_start = c->nmoves;
	return true;
}

/* Bits, most significant first. */
typedef struct Bits
{
	uint8_t    *data;
	size_t		pos;			/* in bits */
} Bits;

static inline void
put_bits(Bits *b, unsigned value, int n)
{
	while (n-- > 0)
	{
		if ((value >> n) & 1)
			b->data[b->pos / 8] |= (uint8_t) (0x80 >> (b->pos % 8));
		b->pos++;
	}
}

static inline unsigned
get_bits(Bits *b, int n)
{
	size_t		byte = b->pos / 8;
	uint32_t	window = ((uint32_t) b->data[byte] << 16) | ((uint32_t) b->data[byte + 1] << 8) |
		b->data[byte + 2];
	unsigned	v = (window >> (24 - b->pos % 8 - n)) & ((1u << n) - 1);

	b->pos += (size_t) n;
	return v;
}

/* pseudo: the rank among all pseudo-legal moves in value order */
static void
pseudo_encode(const Position *start, const Move *moves, int n, Bits *b)
{
	Position	pos = *start;
	int			i;

	for (i = 0; i < n; i++)
	{
		Bitboard	own = pos.by_color[pos.side];
		int			total = 0,
					rank = 0;

		while (own)
		{
			Square		from = bb_pop(&own);
			Bitboard	t = piece_pseudo_targets(&pos, from);
			int			k = game_piece_moves(&pos, from, t);

			if (from < MOVE_FROM(moves[i]))
				rank += k;
			else if (from == MOVE_FROM(moves[i]))
				rank += game_rank_in_piece(&pos, from, t, moves[i]);
			total += k;
		}
		put_bits(b, (unsigned) rank, game_index_bits(total));
		position_play(&pos, moves[i]);
	}
}

static inline Move
pseudo_next(Position *pos, Bits *b)
{
	Bitboard	targets[64],
				own = pos->by_color[pos->side],
				o = own;
	int			total = 0,
				rank,
				k;
	Move		m = MOVE_NULL;

	while (o)
	{
		Square		from = bb_pop(&o);

		targets[from] = piece_pseudo_targets(pos, from);
		total += game_piece_moves(pos, from, targets[from]);
	}
	rank = (int) get_bits(b, game_index_bits(total));
	while (own)
	{
		Square		from = bb_pop(&own);

		k = game_piece_moves(pos, from, targets[from]);
		if (rank < k)
		{
			m = game_move_in_piece(pos, from, targets[from], rank);
			break;
		}
		rank -= k;
	}
	position_play(pos, m);
	return m;
}

/*
 * fromto: the move's from- and to-squares, 6 bits each, and a promotion's
 * piece in 2 more when a pawn reaches the last rank (as Scoutfish stores a
 * move in 16 bits); reading a ply checks what the game type's reader
 * checks — a piece of the side to move on the from-square, the to-square
 * among its pseudo-legal targets, the king safe after it — and plays it,
 * with no move generated.
 */
static void
fromto_encode(const Position *start, const Move *moves, int n, Bits *b)
{
	Position	pos = *start;
	int			i;

	for (i = 0; i < n; i++)
	{
		Square		from = MOVE_FROM(moves[i]),
					to = MOVE_TO(moves[i]);

		put_bits(b, from, 6);
		put_bits(b, to, 6);
		if (PIECE_KIND(pos.board[from]) == PAWN && (SQ_BB(to) & (BB_RANK_1 | BB_RANK_8)))
			put_bits(b, (unsigned) (MOVE_PROMO(moves[i]) - KNIGHT), 2);
		position_play(&pos, moves[i]);
	}
}

static inline Move
fromto_next(Position *pos, Bits *b)
{
	Square		from = (Square) get_bits(b, 6),
				to = (Square) get_bits(b, 6);
	Piece		pc = pos->board[from];
	PieceKind	promo = NO_KIND;
	Move		m;

	if (pc == NO_PIECE || PIECE_COLOR(pc) != pos->side || !(piece_pseudo_targets(pos, from) & SQ_BB(to)))
		return MOVE_NULL;
	if (PIECE_KIND(pc) == PAWN && (SQ_BB(to) & (BB_RANK_1 | BB_RANK_8)))
		promo = (PieceKind) (KNIGHT + get_bits(b, 2));
	m = MOVE_MAKE(from, to, promo);
	if (!pseudo_move_is_legal(pos, m, PIECE_KIND(pc)))
		return MOVE_NULL;
	position_play_inline(pos, m);
	return m;
}

#define ENC_V2		0
#define ENC_V1		1
#define ENC_PSEUDO	2
#define ENC_FROMTO	3
#define ENCODINGS	4

static const char *const names[ENCODINGS] = {"v2", "v1", "pseudo", "fromto"};

/*
 * Reads a game of n plies in encoding e; dies when expect is given and a
 * move differs from it.  Returns a sum of what was read, so that the timed
 * reading cannot be left out.
 */
static uint64_t
read_game(int e, uint8_t *data, size_t len, int n, const Position *start, const Move *expect)
{
	GameReader	r;
	Position	pos = *start;
	Bits		b = {data, 0};
	uint64_t	sum = 0;
	int			i;

	bool		ours = e == ENC_V1 || e == ENC_V2;

	if (ours)
		game_reader_init(&r, data, len);
	for (i = 0; i < n; i++)
	{
		Move		m = ours ? game_reader_next(&r) :
			e == ENC_PSEUDO ? pseudo_next(&pos, &b) : fromto_next(&pos, &b);

		if (expect && m != expect[i])
		{
			fprintf(stderr, "encodings: %s: a move reads back wrong\n", names[e]);
			exit(1);
		}
		sum += m;
	}
	return sum + (ours ? r.pos : pos).by_kind[PAWN];
}

static double
now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec + ts.tv_nsec * 1e-9;
}

int
main(int argc, char **argv)
{
	Corpus		c = {0};
	PgnHandler	h = {0};
	FILE	   *f;
	char	   *text;
	long		len;
	Position	start;
	uint8_t   **enc[ENCODINGS];
	size_t	   *lens[ENCODINGS];
	size_t		bytes[ENCODINGS] = {0};
	int			e,
				g;

	int			only = -1;

	if (argc == 3)
		for (e = 0; e < ENCODINGS; e++)
			if (strcmp(argv[2], names[e]) == 0)
				only = e;
	if (argc < 2 || argc > 3 || (argc == 3 && only < 0))
	{
		fprintf(stderr, "usage: %s CORPUS.pgn [v2|v1|pseudo|fromto]\n", argv[0]);
		return 2;
	}
	f = fopen(argv[1], "rb");
	if (!f || fseek(f, 0, SEEK_END) != 0 || (len = ftell(f)) < 0 || fseek(f, 0, SEEK_SET) != 0)
		die(argv[1]);
	text = malloc((size_t) len + 1);
	if (!text || fread(text, 1, (size_t) len, f) != (size_t) len)
		die(argv[1]);
	fclose(f);
	h.arg = &c;
	h.begin = on_begin;
	h.ply = on_ply;
	h.game = on_game;
	pgn_read(text, (size_t) len, &h);
	free(text);
	printf("%d games, %zu plies (%d skipped)\n", c.ngames, c.nmoves, c.skipped);
	position_set_startpos(&start);

	/* encode every game in each, and read each back once, checking the moves */
	for (e = 0; e < ENCODINGS; e++)
	{
		enc[e] = malloc(sizeof(uint8_t *) * (size_t) c.ngames);
		lens[e] = calloc((size_t) c.ngames, sizeof(size_t));
		for (g = 0; g < c.ngames; g++)
		{
			const Move *mv = c.moves + c.first[g];
			int			n = c.first[g + 1] - c.first[g],
						bad;
			size_t		size = GAME_ENCODED_MAX(n) + (size_t) n + 8;	/* fromto: 14 bits a ply at most */
			Bits		b;

			enc[e][g] = calloc(1, size);
			b.data = enc[e][g];
			b.pos = 0;
			if (e == ENC_V1 || e == ENC_V2)
			{
				size_t		l = game_encode_version(&start, mv, n, enc[e][g], &bad, NULL,
													e == ENC_V1 ? 1 : 2);

				if (l == 0)
					die("a game does not encode");
				bytes[e] += l;
				lens[e][g] = l;
			}
			else
			{
				if (e == ENC_PSEUDO)
					pseudo_encode(&start, mv, n, &b);
				else
					fromto_encode(&start, mv, n, &b);
				bytes[e] += 4 + (b.pos + 7) / 8;	/* the header: version, flags, plies */
			}
			read_game(e, enc[e][g], lens[e][g], n, &start, mv);
		}
	}

	printf("%-8s %12s %10s %14s\n", "encoding", "bytes", "B/ply", "read, ns/ply");
	for (e = 0; e < ENCODINGS; e++)
	{
		double		best = 1e30;
		uint64_t	check = 0;
		int			rep;

		if (only >= 0 && e != only)
			continue;
		for (rep = 0; rep < (only >= 0 ? 10 : 3); rep++)
		{
			double		t = now();

			for (g = 0; g < c.ngames; g++)
				check += read_game(e, enc[e][g], lens[e][g], c.first[g + 1] - c.first[g], &start, NULL);
			t = now() - t;
			if (t < best)
				best = t;
		}
		printf("%-8s %12zu %10.3f %14.1f   (checksum %llx)\n", names[e], bytes[e],
			   (double) bytes[e] / (double) c.nmoves, best * 1e9 / (double) c.nmoves,
			   (unsigned long long) check);
	}
	return 0;
}
