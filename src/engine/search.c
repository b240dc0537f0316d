/*
 * search.c — piece patterns and material balances (search.h).
 */
#include "search.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char kind_letters[MATERIAL_KINDS] = {'Q', 'R', 'B', 'N', 'P'};
static const PieceKind material_kinds[MATERIAL_KINDS] = {QUEEN, ROOK, BISHOP, KNIGHT, PAWN};

static void
put_bitboard(uint8_t *out, Bitboard b)
{
	int			i;

	for (i = 0; i < 8; i++)
		out[i] = (uint8_t) (b >> (8 * i));
}

static Bitboard
get_bitboard(const uint8_t *in)
{
	Bitboard	b = 0;
	int			i;

	for (i = 0; i < 8; i++)
		b |= (Bitboard) in[i] << (8 * i);
	return b;
}

bool
pattern_parse(const char *text, Pattern *p, PositionError *err)
{
	const char *s = text;
	int			rank = 7,
				file = 0;

	memset(p, 0, sizeof(*p));
	err->code = POS_OK;
	while (chess_is_space(*s))
		s++;
	for (;; s++)
	{
		char		c = *s;
		Piece		pc;
		int			offset = (int) (s - text);

		if (c == '/' || c == '\0' || chess_is_space(c))
		{
			if (file != 8)
				return position_fail(err, POS_ERR_RANK_FILES, offset,
									 "Rank %d of the pattern describes %d squares; a rank has 8.",
									 rank + 1, file);
			if (c != '/')
				break;
			if (rank == 0)
				return position_fail(err, POS_ERR_RANK_COUNT, offset,
									 "The pattern describes more than 8 ranks.");
			rank--;
			file = 0;
		}
		else if (c >= '1' && c <= '8')
			file += c - '0';
		else if (c == '.' || piece_from_char(c, &pc))
		{
			if (file < 8)
			{
				if (c == '.')
					p->empty |= SQ_BB(SQ_MAKE(file, rank));
				else
					p->pieces[PATTERN_INDEX(pc)] |= SQ_BB(SQ_MAKE(file, rank));
			}
			file++;
		}
		else
		{
			int			n = 1;

			while ((unsigned char) c >= 0xC0 && n < 4 && ((unsigned char) s[n] & 0xC0) == 0x80)
				n++;
			return position_fail(err, POS_ERR_PIECE_LETTER, offset,
								 "Rank %d of the pattern has \"%.*s\": a square is a piece letter (PNBRQK, pnbrqk), '.' for empty or a count of squares that may hold anything (1 to 8).",
								 rank + 1, n, s);
		}
		if (file > 8)
			return position_fail(err, POS_ERR_RANK_FILES, offset,
								 "Rank %d of the pattern describes more than 8 squares.", rank + 1);
	}
	if (rank != 0)
		return position_fail(err, POS_ERR_RANK_COUNT, (int) (s - text),
							 "The pattern describes %d ranks; a board has 8.", 8 - rank);
	while (chess_is_space(*s))
		s++;
	if (*s == 'w' || *s == 'b')
	{
		p->side = *s == 'w' ? 1 : 2;
		s++;
		while (chess_is_space(*s))
			s++;
	}
	if (*s != '\0')
		return position_fail(err, POS_ERR_FIELD_COUNT, (int) (s - text),
							 "After the placement a pattern has at most the side to move, w or b.");
	return true;
}

void
pattern_write(const Pattern *p, char out[PATTERN_MAX_LENGTH])
{
	char	   *o = out;
	int			rank,
				file,
				i;

	for (rank = 7; rank >= 0; rank--)
	{
		int			any = 0;

		for (file = 0; file < 8; file++)
		{
			Bitboard	b = SQ_BB(SQ_MAKE(file, rank));
			char		c = 0;

			if (p->empty & b)
				c = '.';
			for (i = 0; i < 12 && !c; i++)
				if (p->pieces[i] & b)
					c = piece_to_char(PATTERN_PIECE(i));
			if (!c)
			{
				any++;
				continue;
			}
			if (any)
				*o++ = (char) ('0' + any);
			any = 0;
			*o++ = c;
		}
		if (any)
			*o++ = (char) ('0' + any);
		if (rank > 0)
			*o++ = '/';
	}
	if (p->side)
	{
		*o++ = ' ';
		*o++ = p->side == 1 ? 'w' : 'b';
	}
	*o = '\0';
}

void
pattern_pack(const Pattern *p, uint8_t out[PACKED_PATTERN_SIZE])
{
	int			i;

	for (i = 0; i < 12; i++)
		put_bitboard(out + 8 * i, p->pieces[i]);
	put_bitboard(out + 96, p->empty);
	out[104] = p->side;
}

bool
pattern_unpack_checked(const uint8_t in[PACKED_PATTERN_SIZE], Pattern *p, PositionError *err)
{
	Bitboard	seen;
	int			i;

	err->code = POS_OK;
	for (i = 0; i < 12; i++)
		p->pieces[i] = get_bitboard(in + 8 * i);
	p->empty = get_bitboard(in + 96);
	p->side = in[104];
	if (p->side > 2)
		return position_fail(err, POS_ERR_BINARY, 104, "The side-to-move byte is %d; it is 0, 1 or 2.",
							 p->side);
	seen = p->empty;
	for (i = 0; i < 12; i++)
	{
		if (seen & p->pieces[i])
			return position_fail(err, POS_ERR_BINARY, 8 * i,
								 "A square is required to hold two things.");
		seen |= p->pieces[i];
	}
	return true;
}

CHESS_HOT static void
material_counts_clones(const Position *pos, uint8_t counts[2][MATERIAL_KINDS])
{
	int			c,
				k;

	for (c = 0; c < 2; c++)
		for (k = 0; k < MATERIAL_KINDS; k++)
			counts[c][k] = (uint8_t) bb_count(position_bb(pos, (Color) c, material_kinds[k]));
}

void
material_counts(const Position *pos, uint8_t counts[2][MATERIAL_KINDS])
{
	material_counts_clones(pos, counts);
}

static uint64_t
counts_key(const uint8_t counts[2][MATERIAL_KINDS])
{
	uint64_t	key = 0;
	int			c,
				k;

	for (c = 0; c < 2; c++)
		for (k = 0; k < MATERIAL_KINDS; k++)
			key = (key << 4) | counts[c][k];
	return key;
}

void
pattern_reach_init(const Pattern *p, PatternReach *reach)
{
	int			c,
				i;

	memset(reach, 0, sizeof(*reach));
	for (i = 0; i < 12; i++)
		reach->need[i] = (uint8_t) bb_count(p->pieces[i]);
	for (c = 0; c < 2; c++)
	{
		Bitboard	pawns = p->pieces[c * 6 + PAWN - 1];

		/*
		 * More than 8 pawns of a colour: no position has them, as need[]
		 * says; the cones have room for 8 a colour.
		 */
		if (bb_count(pawns) > 8)
			continue;
		while (pawns)
		{
			Square		s = bb_pop(&pawns);
			int			f,
						r,
						ahead;
			Bitboard	cone = 0;

			/* the squares (f, r) behind s, with |f - file(s)| <= ranks between them */
			for (r = 0; r < 8; r++)
			{
				ahead = c == WHITE ? SQ_RANK(s) - r : r - SQ_RANK(s);
				if (ahead < 0)
					continue;
				for (f = 0; f < 8; f++)
					if (abs(f - SQ_FILE(s)) <= ahead)
						cone |= SQ_BB(SQ_MAKE(f, r));
			}
			reach->cone_color[reach->ncones] = (uint8_t) c;
			reach->cone[reach->ncones++] = cone;
		}
	}
}

CHESS_HOT static bool
pattern_unreachable_clones(const PatternReach *reach, const Position *pos)
{
	int			c,
				i;

	for (i = 0; i < reach->ncones; i++)
		if ((pos->by_color[reach->cone_color[i]] & pos->by_kind[PAWN] & reach->cone[i]) == 0)
			return true;
	for (c = 0; c < 2; c++)
	{
		int			pawns = bb_count(pos->by_color[c] & pos->by_kind[PAWN]);

		if (pawns < reach->need[c * 6 + PAWN - 1])
			return true;
		for (i = KNIGHT; i <= QUEEN; i++)
			if (bb_count(pos->by_color[c] & pos->by_kind[i]) + pawns < reach->need[c * 6 + i - 1])
				return true;
	}
	return false;
}

bool
pattern_unreachable(const PatternReach *reach, const Position *pos)
{
	return pattern_unreachable_clones(reach, pos);
}

static const int pair_step[4] = {1, 7, 8, 9};

/* The squares whose neighbour in direction dir is on the board. */
static inline Bitboard
pair_from(int dir)
{
	const Bitboard file_a = UINT64_C(0x0101010101010101),
				file_h = file_a << 7,
				below_8 = ~(UINT64_C(0xFF) << 56);

	switch (dir)
	{
		case 0:
			return ~file_h;
		case 1:
			return ~file_a & below_8;
		case 2:
			return below_8;
		default:
			return ~file_h & below_8;
	}
}

/* The pairs of the pieces of board on occ with a piece on near. */
static int
pairs_of(const Piece board[64], Bitboard occ, Bitboard near, uint16_t out[PAIRS_MAX])
{
	int			n = 0,
				dir;

	for (dir = 0; dir < 4; dir++)
	{
		int			step = pair_step[dir];

		/* the lower square of each pair: the upper one occupied too, one of them near */
		Bitboard	b = occ & (occ >> step) & pair_from(dir) & (near | (near >> step));

		while (b)
		{
			Square		sq = bb_pop(&b);

			out[n++] = PAIR_CODE(sq, dir, board[sq], board[sq + step]);
		}
	}
	return n;
}

int
position_pairs(const Position *pos, Bitboard near, uint16_t out[PAIRS_MAX])
{
	return pairs_of(pos->board, position_occupied(pos), near, out);
}

Bitboard
pairs_changed(const Position *before, const Position *after)
{
	Bitboard	changed = 0;
	int			c,
				k;

	for (c = 0; c < 2; c++)
		for (k = PAWN; k <= KING; k++)
			changed |= after->by_color[c] & after->by_kind[k] &
				~(before->by_color[c] & before->by_kind[k]);
	return changed;
}

int
pattern_pairs(const Pattern *p, uint16_t out[PAIRS_MAX], Bitboard *paired)
{
	Piece		board[64];
	Bitboard	all = 0;
	int			n,
				i;

	memset(board, 0, sizeof(board));
	for (i = 0; i < 12; i++)
	{
		Bitboard	b = p->pieces[i];

		all |= b;
		while (b)
			board[bb_pop(&b)] = PATTERN_PIECE(i);
	}
	n = pairs_of(board, all, all, out);
	*paired = 0;
	for (i = 0; i < n; i++)
	{
		Square		sq = (Square) (out[i] >> 10);

		*paired |= SQ_BB(sq) | SQ_BB(sq + pair_step[(out[i] >> 8) & 3]);
	}
	return n;
}

CHESS_HOT static uint64_t
material_key_clones(const Position *pos)
{
	uint8_t		counts[2][MATERIAL_KINDS];

	material_counts(pos, counts);
	return counts_key(counts);
}

uint64_t
material_key(const Position *pos)
{
	return material_key_clones(pos);
}

void
material_write(const Position *pos, char out[MATERIAL_MAX_LENGTH])
{
	uint8_t		counts[2][MATERIAL_KINDS];
	char	   *o = out;
	int			c,
				k,
				i;

	material_counts(pos, counts);
	for (c = 0; c < 2; c++)
	{
		if (c == 1)
			*o++ = 'v';
		*o++ = 'K';
		for (k = 0; k < MATERIAL_KINDS; k++)
			for (i = 0; i < counts[c][k]; i++)
				*o++ = kind_letters[k];
	}
	*o = '\0';
}

static int
kind_max(int k)
{
	return material_kinds[k] == PAWN ? 8 : MATERIAL_COUNT_MAX;
}

bool
material_query_parse(const char *text, MaterialQuery *q, PositionError *err)
{
	const char *s = text;
	int			c;

	memset(q, 0, sizeof(*q));
	err->code = POS_OK;
	while (chess_is_space(*s))
		s++;
	for (c = 0; c < 2; c++)
	{
		if (c == 1)
		{
			if (*s != 'v')
				return position_fail(err, POS_ERR_FIELD_COUNT, (int) (s - text),
									 "The two sides of a material signature are separated by v, as in KRBvKR.");
			s++;
		}
		if (*s != 'K')
			return position_fail(err, POS_ERR_KING_COUNT, (int) (s - text),
								 "Each side of a material signature begins with its king, K.");
		s++;
		while (*s && *s != 'v' && !chess_is_space(*s))
		{
			const char *letter = memchr(kind_letters, *s, MATERIAL_KINDS);
			int			k,
						lo = 1,
						hi = 1;

			if (!letter || *s == '\0')
			{
				int			n = 1;

				while ((unsigned char) *s >= 0xC0 && n < 4 && ((unsigned char) s[n] & 0xC0) == 0x80)
					n++;
				return position_fail(err, POS_ERR_PIECE_LETTER, (int) (s - text),
									 "A material signature has \"%.*s\": it names pieces Q, R, B, N and P, each maybe followed by ?, * or +.",
									 n, s);
			}
			k = (int) (letter - kind_letters);
			s++;
			if (*s == '?')
				lo = 0, s++;
			else if (*s == '*')
				lo = 0, hi = kind_max(k), s++;
			else if (*s == '+')
				hi = kind_max(k), s++;
			q->min[c][k] = (uint8_t) (q->min[c][k] + lo);
			q->max[c][k] = (uint8_t) (q->max[c][k] + hi > kind_max(k) ? kind_max(k) : q->max[c][k] + hi);
			if (q->min[c][k] > kind_max(k))
				return position_fail(err, POS_ERR_TOO_MANY_PIECES, (int) (s - text),
									 "A side has at most %d %s.", kind_max(k),
									 k == 4 ? "pawns" : "pieces of a kind");
		}
	}
	while (chess_is_space(*s))
		s++;
	if (*s != '\0')
		return position_fail(err, POS_ERR_FIELD_COUNT, (int) (s - text),
							 "A material signature has two sides, as in KRBvKR.");
	return true;
}

void
material_query_write(const MaterialQuery *q, char out[MATERIAL_QUERY_MAX_LENGTH])
{
	char	   *o = out;
	int			c,
				k,
				i;

	for (c = 0; c < 2; c++)
	{
		if (c == 1)
			*o++ = 'v';
		*o++ = 'K';
		for (k = 0; k < MATERIAL_KINDS; k++)
		{
			int			lo = q->min[c][k],
						hi = q->max[c][k];

			if (hi == kind_max(k) && hi > lo)
			{
				/* open-ended: the plain letters, the last one with + (or X* alone) */
				for (i = 0; i + 1 < lo; i++)
					*o++ = kind_letters[k];
				*o++ = kind_letters[k];
				*o++ = lo > 0 ? '+' : '*';
				continue;
			}
			for (i = 0; i < lo; i++)
				*o++ = kind_letters[k];
			for (i = lo; i < hi; i++)
			{
				*o++ = kind_letters[k];
				*o++ = '?';
			}
		}
	}
	*o = '\0';
}

void
material_query_pack(const MaterialQuery *q, uint8_t out[PACKED_MATERIAL_SIZE])
{
	memcpy(out, q->min, 10);
	memcpy(out + 10, q->max, 10);
}

bool
material_query_unpack_checked(const uint8_t in[PACKED_MATERIAL_SIZE], MaterialQuery *q,
							  PositionError *err)
{
	int			c,
				k;

	err->code = POS_OK;
	memcpy(q->min, in, 10);
	memcpy(q->max, in + 10, 10);
	for (c = 0; c < 2; c++)
		for (k = 0; k < MATERIAL_KINDS; k++)
			if (q->min[c][k] > q->max[c][k] || q->max[c][k] > kind_max(k))
				return position_fail(err, POS_ERR_BINARY, c * 5 + k,
									 "The count range %d to %d of a kind is not one a side can have.",
									 q->min[c][k], q->max[c][k]);
	return true;
}

void
material_query_flip(MaterialQuery *q)
{
	uint8_t		t[MATERIAL_KINDS];

	memcpy(t, q->min[0], sizeof(t));
	memcpy(q->min[0], q->min[1], sizeof(t));
	memcpy(q->min[1], t, sizeof(t));
	memcpy(t, q->max[0], sizeof(t));
	memcpy(q->max[0], q->max[1], sizeof(t));
	memcpy(q->max[1], t, sizeof(t));
}

/* Whether no position with at most these counts (but by promotion) can match q. */
static bool
counts_unreachable(const MaterialQuery *q, const uint8_t counts[2][MATERIAL_KINDS])
{
	int			c,
				k;

	for (c = 0; c < 2; c++)
	{
		int			pawns = counts[c][MATERIAL_KINDS - 1],
					missing = 0;

		if (pawns < q->min[c][MATERIAL_KINDS - 1])
			return true;		/* no pawn comes back */
		for (k = 0; k < MATERIAL_KINDS - 1; k++)
			if (counts[c][k] < q->min[c][k])
				missing += q->min[c][k] - counts[c][k];
		/* each piece missing is a pawn that promotes, and the pawns asked for stay */
		if (missing > pawns - q->min[c][MATERIAL_KINDS - 1])
			return true;
	}
	return false;
}

static bool
counts_match(const MaterialQuery *q, const uint8_t counts[2][MATERIAL_KINDS])
{
	int			c,
				k;

	for (c = 0; c < 2; c++)
		for (k = 0; k < MATERIAL_KINDS; k++)
			if (counts[c][k] < q->min[c][k] || counts[c][k] > q->max[c][k])
				return false;
	return true;
}

bool
material_query_unreachable(const MaterialQuery *q, const Position *pos)
{
	uint8_t		counts[2][MATERIAL_KINDS];

	material_counts(pos, counts);
	return counts_unreachable(q, counts);
}

MaterialVerdict
material_query_verdict(const MaterialQuery *q, const Position *pos)
{
	uint8_t		counts[2][MATERIAL_KINDS];

	material_counts(pos, counts);
	if (counts_match(q, counts))
		return MATERIAL_MATCH;
	return counts_unreachable(q, counts) ? MATERIAL_NEVER : MATERIAL_NOT_YET;
}

bool
material_query_matches(const MaterialQuery *q, const Position *pos)
{
	uint8_t		counts[2][MATERIAL_KINDS];

	material_counts(pos, counts);
	return counts_match(q, counts);
}

int
material_query_keys(const MaterialQuery *q, uint64_t *keys, int max)
{
	uint8_t		counts[2][MATERIAL_KINDS];
	long		total = 1;
	int			n = 0,
				i;

	for (i = 0; i < 2 * MATERIAL_KINDS; i++)
	{
		total *= q->max[i / 5][i % 5] - q->min[i / 5][i % 5] + 1;
		if (total > max)
			return -1;
	}
	memcpy(counts, q->min, sizeof(counts));
	for (;;)
	{
		keys[n++] = counts_key(counts);
		/* the next combination, as an odometer */
		for (i = 2 * MATERIAL_KINDS - 1; i >= 0; i--)
		{
			if (counts[i / 5][i % 5] < q->max[i / 5][i % 5])
			{
				counts[i / 5][i % 5]++;
				break;
			}
			counts[i / 5][i % 5] = q->min[i / 5][i % 5];
		}
		if (i < 0)
			return n;
	}
}
