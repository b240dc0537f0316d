/*
 * game.c — the compact encoding of a game (game.h has the format).
 */
#include "game.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

int
game_sorted_moves(const Position *pos, Move *out)
{
	int			n = gen_legal(pos, out),
				i,
				j;

	/* insertion sort: some 30 moves, mostly in order already */
	for (i = 1; i < n; i++)
	{
		Move		m = out[i];

		for (j = i; j > 0 && out[j - 1] > m; j--)
			out[j] = out[j - 1];
		out[j] = m;
	}
	return n;
}

/*
 * The rank of a legal move among the legal moves in value order, or -1
 * when it is not legal.
 */
static inline __attribute__((always_inline)) int
move_rank(const Position *pos, const Bitboard targets[64], Move m)
{
	Square		from = MOVE_FROM(m),
				to = MOVE_TO(m);
	Bitboard	own = pos->by_color[pos->side] & (SQ_BB(from) - 1);
	Bitboard	t;
	int			rank = 0;

	if ((m & MOVE_RESERVED_BIT) || !(pos->by_color[pos->side] & SQ_BB(from)))
		return -1;				/* targets[] holds only the side to move's squares */
	t = targets[from];
	if (!(t & SQ_BB(to)))
		return -1;
	if (game_piece_promotes(pos, from, t) != (MOVE_PROMO(m) != NO_KIND))
		return -1;
	while (own)
	{
		Square		sq = bb_pop(&own);

		rank += game_piece_moves(pos, sq, targets[sq]);
	}
	return rank + game_rank_in_piece(pos, from, t, m);
}

/* The legal move of a rank in value order. */
static inline __attribute__((always_inline)) Move
move_of_rank(const Position *pos, const Bitboard targets[64], int rank)
{
	Bitboard	own = pos->by_color[pos->side];

	while (own)
	{
		Square		from = bb_pop(&own);
		int			n = game_piece_moves(pos, from, targets[from]);

		if (rank < n)
			return game_move_in_piece(pos, from, targets[from], rank);
		rank -= n;
	}
	return MOVE_NULL;			/* cannot happen for a rank below the count */
}

static bool
is_standard_start(const Position *pos)
{
	Position	standard;
	uint8_t		a[PACKED_POSITION_SIZE],
				b[PACKED_POSITION_SIZE];

	if (position_is_startpos(pos))
		return true;			/* nearly every game: no packing */
	position_set_startpos(&standard);
	position_pack(pos, a);
	position_pack(&standard, b);
	return memcmp(a, b, PACKED_POSITION_SIZE) == 0;
}

/*
 * Writes a field of bits bits (at most 9, so in two bytes at most) into
 * zeroed bytes, touching only the bytes it lies in.
 */
static inline __attribute__((always_inline)) void
put_bits(uint8_t *out, size_t *bitpos, unsigned value, int bits)
{
	size_t		byte = *bitpos / 8;
	int			end = (int) (*bitpos % 8) + bits;	/* where it ends, in bits from out[byte]'s first */
	unsigned	field = value << (16 - end);	/* out[byte]'s bits in 15-8, the next byte's in 7-0 */

	if (bits == 0)
		return;
	out[byte] |= (uint8_t) (field >> 8);
	if (end > 8)
		out[byte + 1] |= (uint8_t) field;
	*bitpos += bits;
}

/* The version 2 fields of a pseudo-legal move m in pos (game.h). */
static inline __attribute__((always_inline)) void
put_move_v2(const Position *pos, Move m, uint8_t *out, size_t *bitpos)
{
	Square		from = MOVE_FROM(m);
	Bitboard	own = pos->by_color[pos->side],
				t = piece_pseudo_targets(pos, from);

	unsigned	piece = (unsigned) bb_count(own & (SQ_BB(from) - 1)),
				rank = (unsigned) game_rank_in_piece(pos, from, t, m);
	int			piece_bits = game_index_bits(bb_count(own)),
				rank_bits = game_index_bits(game_piece_moves(pos, from, t));

	/* one write of both fields when they fit put_bits()'s two bytes (16 pieces, 27 moves do) */
	if (piece_bits + rank_bits <= 9)
		put_bits(out, bitpos, piece << rank_bits | rank, piece_bits + rank_bits);
	else
	{
		put_bits(out, bitpos, piece, piece_bits);
		put_bits(out, bitpos, rank, rank_bits);
	}
}

/* Writes the header of a game of n plies from start; returns its length. */
static size_t
put_header(const Position *start, int n, int version, uint8_t *out)
{
	size_t		off = 2;

	out[0] = (uint8_t) version;
	out[1] = 0;
	if (!is_standard_start(start))
	{
		out[1] = GAME_FLAG_START;
		position_pack(start, out + off);
		off += PACKED_POSITION_SIZE;
	}
	out[off] = (uint8_t) (n >> 8);
	out[off + 1] = (uint8_t) n;
	off += 2;
	memset(out + off, 0, ((size_t) n * 9 + 7) / 8);
	return off;
}

CHESS_HOT static size_t
game_encode_clones(const Position *start, const Move *moves, int n, uint8_t *out, int *bad,
				   Position *final, int version)
{
	Position	pos;
	size_t		bitpos = put_header(start, n, version, out) * 8;
	uint8_t		packed[PACKED_POSITION_SIZE];
	int			i;

	/*
	 * from the start as the reader has it: the packed form keeps an en
	 * passant square only when a capture there is legal, and version 2
	 * ranks a pawn's pseudo-legal moves
	 */
	position_pack(start, packed);
	position_unpack(packed, &pos);

	for (i = 0; i < n; i++)
	{
		Move		m = castle_normalize(&pos, moves[i]);	/* e1h1 or e1g1 */

		if (version == 1)
		{
			Bitboard	targets[64];
			int			nlegal = legal_targets(&pos, targets),
						index = move_rank(&pos, targets, m);

			if (index >= 0)
			{
				put_bits(out, &bitpos, (unsigned) index, game_index_bits(nlegal));
				position_play(&pos, m);
				continue;
			}
		}
		else
		{
			Position	before = pos;

			/* one move's legality, not every move's rank as version 1 needs */
			if (position_play_legal(&pos, m))
			{
				put_move_v2(&before, m, out, &bitpos);
				continue;
			}
		}
		*bad = i;
		if (final)
			*final = pos;
		return 0;
	}
	if (final)
		*final = pos;
	return (bitpos + 7) / 8;
}

size_t
game_encode(const Position *start, const Move *moves, int n, uint8_t *out, int *bad,
			Position *final)
{
	return game_encode_clones(start, moves, n, out, bad, final, GAME_FORMAT_VERSION);
}

void
game_writer_begin(GameWriter *w, const Position *start, uint8_t *out)
{
	uint8_t		packed[PACKED_POSITION_SIZE];

	w->out = out;
	w->plies_at = put_header(start, 0, GAME_FORMAT_VERSION, out) - 2;
	w->bitpos = (w->plies_at + 2) * 8;
	w->plies = 0;
	/* the first move is ranked in the start as game_encode() has it */
	if (position_is_startpos(start))
		w->first = *start;		/* as packing and unpacking it would make it */
	else
	{
		position_pack(start, packed);
		position_unpack(packed, &w->first);
	}
}

/* built for the processor, as game_encode_clones(): its counts are popcounts */
CHESS_HOT static void
game_writer_add_clones(GameWriter *w, const Position *before, Move m)
{
	const Position *pos = w->plies == 0 ? &w->first : before;

	/* castling written as the king onto its rook or two squares: only a king's move, with rights */
	if (pos->castling && pos->board[MOVE_FROM(m)] == PIECE_MAKE(pos->side, KING))
		m = castle_normalize(pos, m);
	put_move_v2(pos, m, w->out, &w->bitpos);
	w->plies++;
}

void
game_writer_add(GameWriter *w, const Position *before, Move m)
{
	game_writer_add_clones(w, before, m);
}

size_t
game_writer_end(GameWriter *w)
{
	w->out[w->plies_at] = (uint8_t) (w->plies >> 8);
	w->out[w->plies_at + 1] = (uint8_t) w->plies;
	return (w->bitpos + 7) / 8;
}

/* The writer, playing the moves itself. */
size_t
game_encode_legal(const Position *start, const Move *moves, int n, uint8_t *out)
{
	GameWriter	w;
	Position	pos;
	int			i;

	memset(out, 0, GAME_ENCODED_MAX(n));
	game_writer_begin(&w, start, out);
	pos = w.first;
	for (i = 0; i < n; i++)
	{
		Move		m = castle_normalize(&pos, moves[i]);

		game_writer_add(&w, &pos, m);
		position_play(&pos, m);
	}
	return game_writer_end(&w);
}

size_t
game_encode_version(const Position *start, const Move *moves, int n, uint8_t *out, int *bad,
					Position *final, int version)
{
	return game_encode_clones(start, moves, n, out, bad, final, version);
}

size_t
game_transcode(const uint8_t *data, size_t len, uint8_t *out, GameReader *r)
{
	size_t		bitpos;

	if (data[0] == GAME_FORMAT_VERSION)
	{
		r->error[0] = '\0';
		memcpy(out, data, len);
		return len;
	}
	if (!game_reader_init(r, data, len))
		return 0;
	bitpos = put_header(&r->start, r->plies, GAME_FORMAT_VERSION, out) * 8;
	while (r->ply < r->plies)
	{
		Position	before = r->pos;
		Move		m = game_reader_next(r);

		if (m == MOVE_NULL)
			return 0;
		put_move_v2(&before, m, out, &bitpos);
	}
	return (bitpos + 7) / 8;
}

size_t
game_moves_offset(const uint8_t *data)
{
	return 2 + ((data[1] & GAME_FLAG_START) ? PACKED_POSITION_SIZE : 0) + 2;
}

int
game_plies(const uint8_t *data, size_t len)
{
	size_t		off = game_moves_offset(data) - 2;

	(void) len;
	return (data[off] << 8) | data[off + 1];
}

bool
game_start(const uint8_t *data, size_t len, Position *start, PositionError *err)
{
	(void) len;
	if (!(data[1] & GAME_FLAG_START))
	{
		position_set_startpos(start);
		return true;
	}
	if (!position_unpack_stored(data + 2, start, err))
		return false;
	if (is_standard_start(start))
		return position_fail(err, POS_ERR_BINARY, 2,
							 "The standard start is written as the flag clear, not as a position.");
	return true;
}

/*
 * Selecting the n-th set bit (twice a ply) by the processor's PDEP where
 * it takes a few cycles: Intel's since Haswell, AMD's since Zen 3 (family
 * 19h; before it, microcode takes up to hundreds of cycles).  On EPYC-f
 * (Zen 3) reading a game took 39 ns a ply so, 53 with bb_select()'s
 * counting (test/bench/encodings).  Elsewhere, and built by other
 * compilers than GCC 12 and later, bb_select().
 */
#if defined(__GNUC__) && !defined(__clang__) && __GNUC__ >= 12 && defined(__x86_64__)
#include <cpuid.h>
#define READER_PDEP 1

static inline __attribute__((target("bmi2"))) Square
select_by_pdep(Bitboard b, int n)
{
	return (Square) __builtin_ctzll(__builtin_ia32_pdep_di(((Bitboard) 1) << n, b));
}

/*
 * Whether the processor runs what game_reader_next_v2_pdep() is compiled
 * for, x86-64-v3 (BMI2 among it; the check libgcc makes for the hot
 * functions' clones, the operating system's AVX state included), and a
 * PDEP of a few cycles.
 */
static bool
cpu_pdep_fast(void)
{
	unsigned	a,
				b,
				c,
				d,
				family;

	__builtin_cpu_init();
	if (!__builtin_cpu_supports("x86-64-v3") || !__get_cpuid(0, &a, &b, &c, &d))
		return false;
	if (b == 0x756e6547 && d == 0x49656e69 && c == 0x6c65746e)	/* GenuineIntel */
		return true;
	if (!(b == 0x68747541 && d == 0x69746e65 && c == 0x444d4163))	/* AuthenticAMD */
		return false;
	__get_cpuid(1, &a, &b, &c, &d);
	family = (a >> 8) & 0xf;
	if (family == 0xf)
		family += (a >> 20) & 0xff;
	return family >= 0x19;
}
#else
#define READER_PDEP 0
#define select_by_pdep(b, n) bb_select(b, n)
static bool
cpu_pdep_fast(void)
{
	return false;
}
#endif

/* -1 until the first reader asks the processor */
static int	reader_pdep = -1;

bool
game_reader_use_pdep(bool on)
{
	reader_pdep = on && READER_PDEP && cpu_pdep_fast();
	return reader_pdep == on;
}


/* Stops a reading: the reason, and no further move. */
static bool
reader_fail(GameReader *r, const char *fmt,...) __attribute__((format(printf, 2, 3), cold, noinline));

static bool
reader_fail(GameReader *r, const char *fmt,...)
{
	va_list		ap;

	va_start(ap, fmt);
	vsnprintf(r->error, sizeof(r->error), fmt, ap);
	va_end(ap);
	return false;
}

bool
game_reader_init(GameReader *r, const uint8_t *data, size_t len)
{
	PositionError err;

	r->data = data;
	r->len = len;
	r->bitpos = game_moves_offset(data) * 8;
	r->version = data[0];
	r->plies = game_plies(data, len);
	r->ply = 0;
	r->error[0] = '\0';
	if (!game_start(data, len, &r->start, &err))
	{
		position_set_startpos(&r->start);
		r->pos = r->start;
		return reader_fail(r, "Its start position is damaged: %s", err.detail);
	}
	r->pos = r->start;
	if (__builtin_expect(reader_pdep < 0, 0))
		reader_pdep = cpu_pdep_fast();
	if (r->plies == 0)
		return game_reader_end(r);
	return true;
}

/*
 * The next field of bits bits (at most 9): one load of the four bytes from
 * its first while they lie within the value, else from the two bytes it
 * lies in, none past the value (a forced last move has no bits): a field
 * that runs past it reads zeros, and the caller finds bitpos beyond the
 * bytes.
 */
static inline __attribute__((always_inline)) unsigned
get_bits(GameReader *r, int bits)
{
	size_t		byte = r->bitpos / 8;
	uint64_t	window;

	if (__builtin_expect(byte + 4 <= r->len, 1))
	{
		/* four bytes from the field's first, most significant first (one load) */
		const uint8_t *d = r->data + byte;
		uint32_t	w = (uint32_t) d[0] << 24 | (uint32_t) d[1] << 16 | (uint32_t) d[2] << 8 | d[3];

		window = (uint32_t) (w << (r->bitpos % 8));
		r->bitpos += bits;
		return (unsigned) (window >> (32 - bits));
	}
	window = (byte < r->len ? (unsigned) r->data[byte] << 8 : 0) |
		(byte + 1 < r->len ? r->data[byte + 1] : 0);
	window = (window >> (16 - r->bitpos % 8 - bits)) & ((1u << bits) - 1);
	r->bitpos += bits;
	return (unsigned) window;
}

_Static_assert(MAX_MOVES <= 512, "a version 1 field fits the 16-bit window of get_bits");

CHESS_HOT static Move
game_reader_read_v1(GameReader *r)
{
	Bitboard	targets[64];
	int			n = legal_targets(&r->pos, targets),
				rank = (int) get_bits(r, game_index_bits(n));

	if (r->bitpos > r->len * 8)
	{
		reader_fail(r, "The moves end before ply %d.", r->ply + 1);
		return MOVE_NULL;
	}
	if (rank >= n)
	{
		reader_fail(r, n == 0 ? "Ply %d is a move where the game is over." :
					"Ply %d is move %d of a position with %d legal moves.", r->ply + 1, rank + 1, n);
		return MOVE_NULL;
	}
	return move_of_rank(&r->pos, targets, rank);
}

/*
 * Whether a pseudo-legal move of the side to move is legal, as
 * pseudo_move_is_legal() says, sooner for the moves of pieces other than
 * the king (nearly all, and no en passant): after such a move the king is
 * attacked exactly when a pawn or a knight of the other side attacks it
 * (one the move does not take), or a bishop, rook or queen does on the
 * board after the move.  Reading a game checks every move so.  (A first
 * test of the sliders on an empty board saved the lookups less often than
 * its branch was mispredicted: test/bench/encodings, 35.1 to 34.4 ns a
 * ply on EPYC-f.)
 */
static inline __attribute__((always_inline)) bool
reader_move_is_legal(const Position *pos, Move m, PieceKind kind)
{
	Color		us = (Color) pos->side;
	Color		them = (Color) (us ^ 1);
	Square		from = MOVE_FROM(m),
				to = MOVE_TO(m),
				king;
	Bitboard	theirs,
				occ;

	if (kind == KING || (kind == PAWN && to == pos->ep))
		return pseudo_move_is_legal(pos, m, kind);
	king = position_king(pos, us);
	theirs = pos->by_color[them] & ~SQ_BB(to);
	if (((bb_pawn_attacks[us][king] & pos->by_kind[PAWN]) | (bb_knight[king] & pos->by_kind[KNIGHT])) & theirs)
		return false;
	occ = (position_occupied(pos) ^ SQ_BB(from)) | SQ_BB(to);
	return !(((bb_bishop_attacks(king, occ) & (pos->by_kind[BISHOP] | pos->by_kind[QUEEN])) |
			  (bb_rook_attacks(king, occ) & (pos->by_kind[ROOK] | pos->by_kind[QUEEN]))) & theirs);
}

static inline __attribute__((always_inline)) Move
reader_read_v2(GameReader *r, bool pdep)
{
	const Position *pos = &r->pos;
	Bitboard	own = pos->by_color[pos->side],
				t;
	int			pieces = bb_count(own),
				which = (int) get_bits(r, game_index_bits(pieces)),
				moves,
				rank,
				target;
	bool		promotes;
	Square		from;
	Move		m;

	if (__builtin_expect(r->bitpos > r->len * 8, 0))
	{
		reader_fail(r, "The moves end before ply %d.", r->ply + 1);
		return MOVE_NULL;
	}
	if (__builtin_expect(which >= pieces, 0))
	{
		reader_fail(r, "Ply %d moves piece %d of a side with %d pieces.", r->ply + 1, which + 1, pieces);
		return MOVE_NULL;
	}
	from = pdep ? select_by_pdep(own, which) : bb_select(own, which);
	t = piece_pseudo_targets(pos, from);
	moves = game_piece_moves(pos, from, t);
	rank = (int) get_bits(r, game_index_bits(moves));
	if (__builtin_expect(r->bitpos > r->len * 8, 0))
	{
		reader_fail(r, "The moves end before ply %d.", r->ply + 1);
		return MOVE_NULL;
	}
	if (__builtin_expect(rank >= moves, 0))
	{
		reader_fail(r, moves == 0 ? "Ply %d moves a piece that has no move." :
					"Ply %d is move %d of a piece that has %d.", r->ply + 1, rank + 1, moves);
		return MOVE_NULL;
	}
	/* game_move_in_piece(), its selection the processor's */
	promotes = game_piece_promotes(pos, from, t);
	target = game_target_in_piece(promotes, rank);
	m = game_move_to_target(from, pdep ? select_by_pdep(t, target) : bb_select(t, target), promotes, rank);
	if (__builtin_expect(!reader_move_is_legal(pos, m, PIECE_KIND(pos->board[from])), 0))
	{
		reader_fail(r, "Ply %d leaves the king in check.", r->ply + 1);
		return MOVE_NULL;
	}
	return m;
}

/*
 * game_reader_seek()'s loop, of either version: version 2's inside the
 * reading's clone, with no call a ply
 */
static inline __attribute__((always_inline)) Move
reader_seek(GameReader *r, const GameSeek *s, int version, bool pdep)
{
	for (;;)
	{
		Move		m = version == 1 ? game_reader_read_v1(r) : reader_read_v2(r, pdep);

		if (m == MOVE_NULL || game_seek_stops(s, &r->pos, m))
			return m;
		if (game_reader_play(r, m) == MOVE_NULL || r->ply == r->plies)
			return MOVE_NULL;
	}
}

/* The readings of version 2, each in hot clones: the next move played, only read, or sought. */
CHESS_HOT static Move
game_reader_next_v2(GameReader *r)
{
	return game_reader_play(r, reader_read_v2(r, false));
}

CHESS_HOT static Move
game_reader_read_v2(GameReader *r)
{
	return reader_read_v2(r, false);
}

CHESS_HOT static Move
game_reader_seek_v2(GameReader *r, const GameSeek *s)
{
	return reader_seek(r, s, 2, false);
}

#if READER_PDEP
static __attribute__((target("arch=x86-64-v3"))) Move
game_reader_next_v2_pdep(GameReader *r)
{
	return game_reader_play(r, reader_read_v2(r, true));
}

static __attribute__((target("arch=x86-64-v3"))) Move
game_reader_read_v2_pdep(GameReader *r)
{
	return reader_read_v2(r, true);
}

static __attribute__((target("arch=x86-64-v3"))) Move
game_reader_seek_v2_pdep(GameReader *r, const GameSeek *s)
{
	return reader_seek(r, s, 2, true);
}
#else
#define game_reader_next_v2_pdep game_reader_next_v2
#define game_reader_read_v2_pdep game_reader_read_v2
#define game_reader_seek_v2_pdep game_reader_seek_v2
#endif

/*
 * After the last ply: the bytes end with its byte, and the bits after it
 * are zero, as a writer leaves them.
 */
bool
game_reader_end(GameReader *r)
{
	size_t		end = (r->bitpos + 7) / 8;

	if (r->bitpos > r->len * 8)
		return reader_fail(r, "The moves end before ply %d.", r->ply);
	if (end < r->len)
		return reader_fail(r, r->len - end == 1 ? "%zu byte follows the last move." :
						   "%zu bytes follow the last move.", r->len - end);
	if (r->bitpos % 8 && (r->data[r->len - 1] & ((1u << (8 - r->bitpos % 8)) - 1)))
		return reader_fail(r, "The bits after the last move are not zero.");
	return true;
}

Move
game_reader_next(GameReader *r)
{
	if (__builtin_expect(r->error[0] || r->ply >= r->plies, 0))
		return MOVE_NULL;
	if (r->version == 1)
		return game_reader_play(r, game_reader_read_v1(r));
	return reader_pdep > 0 ? game_reader_next_v2_pdep(r) : game_reader_next_v2(r);
}

Move
game_reader_read(GameReader *r)
{
	if (__builtin_expect(r->error[0] || r->ply >= r->plies, 0))
		return MOVE_NULL;
	if (r->version == 1)
		return game_reader_read_v1(r);
	return reader_pdep > 0 ? game_reader_read_v2_pdep(r) : game_reader_read_v2(r);
}

Move
game_reader_seek(GameReader *r, const GameSeek *s)
{
	if (__builtin_expect(r->error[0] || r->ply >= r->plies, 0))
		return MOVE_NULL;
	if (r->version == 1)
		return reader_seek(r, s, 1, false);
	return reader_pdep > 0 ? game_reader_seek_v2_pdep(r, s) : game_reader_seek_v2(r, s);
}

int
game_compare(const uint8_t *a, size_t alen, const uint8_t *b, size_t blen, GameReader *damaged)
{
	size_t		aoff = game_moves_offset(a),
				boff = game_moves_offset(b),
				n;
	int			c;

	damaged->error[0] = '\0';
	if ((a[1] & GAME_FLAG_START) != (b[1] & GAME_FLAG_START))
		return (a[1] & GAME_FLAG_START) ? 1 : -1;
	if ((a[1] & GAME_FLAG_START) && (c = memcmp(a + 2, b + 2, PACKED_POSITION_SIZE)) != 0)
		return c;
	if (a[0] != b[0])
	{
		GameReader	rb;

		game_reader_init(damaged, a, alen);
		game_reader_init(&rb, b, blen);
		while (damaged->ply < damaged->plies && rb.ply < rb.plies)
		{
			Move		ma = game_reader_next(damaged),
						mb = game_reader_next(&rb);

			if (game_reader_failed(&rb))
				*damaged = rb;
			if (game_reader_failed(damaged))
				return 0;
			if (ma != mb)
				return ma < mb ? -1 : 1;
		}
		return damaged->plies - rb.plies;
	}
	n = alen - aoff < blen - boff ? alen - aoff : blen - boff;
	if ((c = memcmp(a + aoff, b + boff, n)) != 0)
		return c;
	return game_plies(a, alen) - game_plies(b, blen);
}
