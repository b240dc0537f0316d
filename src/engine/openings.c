/*
 * openings.c — finding a position among the named ones: its Polyglot key
 * among the lines' keys (30 kB, apart from the lines) of the bucket that
 * the key's top bits name, then its packed bytes compared, so that a key
 * shared by chance names nothing.
 */
#include "openings.h"

#include <string.h>

#include "polyglot.h"

const OpeningName *
opening_of_position(const Position *pos)
{
	uint64_t	key;
	int			at,
				end;
	uint8_t		packed[PACKED_POSITION_SIZE];

	if (bb_count(position_occupied(pos)) < opening_min_pieces)
		return NULL;
	key = polyglot_key(pos);
	at = opening_name_buckets[key >> (64 - OPENING_BUCKET_BITS)];
	end = opening_name_buckets[(key >> (64 - OPENING_BUCKET_BITS)) + 1];
	while (at < end && opening_name_keys[at] < key)
		at++;
	if (at == end || opening_name_keys[at] != key)
		return NULL;
	position_pack(pos, packed);
	if (packed[30] != 0 || packed[31] != 0)
		return NULL;			/* castling with a Chess960 rook */
	for (; at < end && opening_name_keys[at] == key; at++)
		if (memcmp(opening_names[at].id, packed, OPENING_ID_SIZE) == 0)
			return &opening_names[at];
	return NULL;
}
