/*
 * game.c — the compact encoding of a game (game.h has the format).
 */
#include "game.h"

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

static bool
is_standard_start(const Position *pos)
{
	Position	standard;
	uint8_t		a[PACKED_POSITION_SIZE],
				b[PACKED_POSITION_SIZE];

	position_set_startpos(&standard);
	position_pack(pos, a);
	position_pack(&standard, b);
	return memcmp(a, b, PACKED_POSITION_SIZE) == 0;
}

size_t
game_encode(const Position *start, const Move *moves, int n, uint8_t *out, int *bad,
			Position *final)
{
	Position	pos = *start;
	size_t		off = 2,
				bitpos;
	int			i;

	out[0] = GAME_FORMAT_VERSION;
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
	bitpos = off * 8;
	for (i = 0; i < n; i++)
	{
		Move		legal[MAX_MOVES];
		int			nlegal = gen_legal(&pos, legal),
					index = 0,
					bits,
					j;
		bool		found = false;

		for (j = 0; j < nlegal; j++)
		{
			if (legal[j] < moves[i])
				index++;
			else if (legal[j] == moves[i])
				found = true;
		}
		if (!found)
		{
			*bad = i;
			if (final)
				*final = pos;
			return 0;
		}
		for (bits = game_index_bits(nlegal) - 1; bits >= 0; bits--, bitpos++)
			if (index & (1 << bits))
				out[bitpos / 8] |= (uint8_t) (0x80 >> (bitpos % 8));
		position_play(&pos, moves[i]);
	}
	if (final)
		*final = pos;
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

void
game_start(const uint8_t *data, size_t len, Position *start)
{
	(void) len;
	if (data[1] & GAME_FLAG_START)
		position_unpack(data + 2, start);
	else
		position_set_startpos(start);
}

void
game_reader_init(GameReader *r, const uint8_t *data, size_t len)
{
	r->data = data;
	r->len = len;
	r->bitpos = game_moves_offset(data) * 8;
	r->plies = game_plies(data, len);
	r->ply = 0;
	game_start(data, len, &r->start);
	r->pos = r->start;
}

Move
game_reader_next(GameReader *r)
{
	Move		legal[MAX_MOVES];
	int			n = game_sorted_moves(&r->pos, legal),
				bits = game_index_bits(n),
				index = 0;
	Move		m;

	while (bits-- > 0)
	{
		index = (index << 1) | ((r->data[r->bitpos / 8] >> (7 - r->bitpos % 8)) & 1);
		r->bitpos++;
	}
	m = legal[index];
	position_play(&r->pos, m);
	r->ply++;
	return m;
}

int
game_compare(const uint8_t *a, size_t alen, const uint8_t *b, size_t blen)
{
	size_t		aoff = game_moves_offset(a),
				boff = game_moves_offset(b),
				n;
	int			c;

	if ((a[1] & GAME_FLAG_START) != (b[1] & GAME_FLAG_START))
		return (a[1] & GAME_FLAG_START) ? 1 : -1;
	if ((a[1] & GAME_FLAG_START) && (c = memcmp(a + 2, b + 2, PACKED_POSITION_SIZE)) != 0)
		return c;
	n = alen - aoff < blen - boff ? alen - aoff : blen - boff;
	if ((c = memcmp(a + aoff, b + boff, n)) != 0)
		return c;
	return game_plies(a, alen) - game_plies(b, blen);
}
