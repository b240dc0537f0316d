/*
 * gin_game.c — game_gin_ops, the default GIN operator class of game:
 * g @> position and g @> balance.
 */
#include "gin_common.h"

#include "engine/game.h"

#include "common/hashfn.h"

/*
 * The GIN operator class of game, game_gin_ops, keys int8 with a family in
 * the top two bits (hashes with candidates rechecked, as jsonb_path_ops):
 *   0  a position the game reaches in its first GAME_KEY_EARLY_PLIES plies:
 *      62 bits of a hash of its packed form without the clocks (placement,
 *      side to move, castling rights, en passant; the packed form is
 *      canonical) — the openings, which many games share;
 *   1  a position the game reaches later: GAME_KEY_LATE_BITS bits of a
 *      hash of what only a capture, a pawn move or a lost castling right
 *      changes (the pawns, the material, the castling rights).  Positions
 *      after the opening are nearly all unique (in the 100,000 games of the
 *      benchmark half the positions at ply 10 and 88% at ply 16 are), and a
 *      key for each would make millions of keys: GIN builds its index
 *      through a red-black tree of the distinct keys, which is slow once it
 *      no longer fits the processor's caches.  The positions between two
 *      irreversible moves share this key, so a game has one for each such
 *      move, and a million buckets hold them; the few games of a
 *      bucket that do not reach the position are rechecked away;
 *   2  a material key (40 bits) the game reaches: exact, no recheck.
 * A query for a position asks for either of its keys and rechecks the
 * candidates (decoding them up to the position).  Measured on those games
 * (test/bench/chessdb.sh): the index is 95 MB and builds in 17 s, a
 * position no game reaches has one candidate.  A key per late position
 * in 2^18 buckets made 81 MB in 31 s with 40 candidates for a bucket; the
 * positions themselves as 26-byte bytea keys (exact, no recheck) made 758
 * MB in 80 s, and found popular positions two to three times faster.
 * Two 16-bit keys for each late segment, a query asking for both (a
 * smaller tree of distinct keys), built no faster (measured A/B) and made
 * the index 67 MB instead of 99 at 100,000 games but 477 MB instead of
 * 450 at a million: the early and material keys (99,000 and 123,000
 * distinct at 100,000 games) keep the tree large.
 */
#define GAME_KEY_EARLY_PLIES	10
#define GAME_KEY_LATE_BITS	20

static uint64
position_hash(const Position *pos)
{
	uint8		packed[PACKED_POSITION_SIZE];

	position_pack(pos, packed);
	return DatumGetUInt64(hash_any_extended(packed, 26, 0));
}

static Datum
game_early_key(uint64 hash)
{
	return GAME_KEY(0, hash >> 2);
}

/*
 * What no move undoes but a capture, a pawn move or a castling right given
 * up: the pawns of both sides, the material and the castling rights.  The
 * positions between two such moves share it.
 */
static uint64
segment_hash(const Position *pos, uint64 material)
{
	Bitboard	pawns = pos->by_kind[PAWN];
	uint64		h;

	h = (pos->by_color[WHITE] & pawns) * UINT64CONST(0x9E3779B97F4A7C15);
	h ^= (pos->by_color[BLACK] & pawns) * UINT64CONST(0xC2B2AE3D27D4EB4F);
	h ^= (material ^ ((uint64) pos->castling << 44)) * UINT64CONST(0x165667B19E3779F9);
	h ^= h >> 29;
	h *= UINT64CONST(0xBF58476D1CE4E5B9);
	h ^= h >> 32;
	return h;
}

static Datum
game_late_key(uint64 hash)
{
	return GAME_KEY(1, hash >> (64 - GAME_KEY_LATE_BITS));
}

/*
 * Sorts int8 keys as btint8cmp orders them: GIN sorts the keys of every
 * value through the operator class's comparison function, a function call
 * a comparison, and checks keys already in order in one pass.  Insertion
 * sort: a game has some 70 keys, each the hash of a few plies.
 */
static void
sort_int8_keys(Datum *keys, int n)
{
	int			i,
				j;

	for (i = 1; i < n; i++)
	{
		Datum		k = keys[i];

		for (j = i; j > 0 && DatumGetInt64(keys[j - 1]) > DatumGetInt64(k); j--)
			keys[j] = keys[j - 1];
		keys[j] = k;
	}
}

/* The keys of a game (sorted as btint8cmp sorts them). */
Datum *
game_gin_keys(const struct varlena *g, int32 *nkeys)
{
	GameReader	r;
	Datum	   *keys;
	uint64		material = UINT64_MAX,
				last_segment = 0;

	chess_game_reader(&r, g);
	keys = palloc(sizeof(Datum) * 2 * (r.plies + 1));
	*nkeys = 0;
	for (;;)
	{
		uint64		m = material_key(&r.pos);

		if (r.ply < GAME_KEY_EARLY_PLIES)
			keys[(*nkeys)++] = game_early_key(position_hash(&r.pos));
		else
		{
			uint64		segment = segment_hash(&r.pos, m);

			if (segment != last_segment)
				keys[(*nkeys)++] = game_late_key(segment);
			last_segment = segment;
		}
		if (m != material)		/* it changes by captures and promotions */
			keys[(*nkeys)++] = GAME_KEY(2, m);
		material = m;
		if (r.ply == r.plies)
			break;
		chess_game_next(&r);
	}
	sort_int8_keys(keys, *nkeys);
	return keys;
}

PG_FUNCTION_INFO_V1(game_gin_extract_value);
Datum
game_gin_extract_value(PG_FUNCTION_ARGS)
{
	PG_RETURN_POINTER(game_gin_keys(PG_GETARG_GAME_P(0), (int32 *) PG_GETARG_POINTER(1)));
}

/* The keys of a query: a position (strategy 7) or a balance (9); none asks for every game. */
Datum *
game_gin_query(StrategyNumber strategy, Datum query, int32 *nkeys)
{
	*nkeys = 0;
	if (strategy == STRATEGY_POSITION)
	{
		Position	pos;
		uint64		hash;
		Datum	   *keys = palloc(sizeof(Datum) * 2);

		position_from_datum((const ChessPosition *) DatumGetPointer(query), &pos);
		hash = position_hash(&pos);
		keys[(*nkeys)++] = game_early_key(hash);
		keys[(*nkeys)++] = game_late_key(segment_hash(&pos, material_key(&pos)));
		return keys;
	}
	if (strategy == STRATEGY_MATERIAL)
		return balance_query_keys((const ChessBalance *) DatumGetPointer(query), (uint64) 2 << 62, nkeys);
	elog(ERROR, "game_gin_ops: unknown strategy %d", strategy);
	return NULL;
}

PG_FUNCTION_INFO_V1(game_gin_extract_query);
Datum
game_gin_extract_query(PG_FUNCTION_ARGS)
{
	int32	   *nkeys = (int32 *) PG_GETARG_POINTER(1);
	int32	   *searchMode = (int32 *) PG_GETARG_POINTER(6);
	Datum	   *keys;

	if (PG_GETARG_UINT16(2) == STRATEGY_QUERY)
	{
		void	   *formula;

		keys = game_query_keys(PG_GETARG_DATUM(0), false, false, nkeys, &formula);
		query_extra_data((Pointer **) PG_GETARG_POINTER(4), formula, *nkeys);
	}
	else
		keys = game_gin_query(PG_GETARG_UINT16(2), PG_GETARG_DATUM(0), nkeys);

	if (*nkeys == 0)
		*searchMode = GIN_SEARCH_MODE_ALL;
	PG_RETURN_POINTER(keys);
}

/*
 * A position: either of its keys, rechecked.  A material query: one of its
 * balances, exact.  A game query: its formula (gin_query.c), rechecked.  No keys (a material query of too many balances): every
 * game, rechecked.
 */
static bool
game_gin_exact(StrategyNumber strategy, int32 nkeys)
{
	return strategy == STRATEGY_MATERIAL && nkeys > 0;
}

PG_FUNCTION_INFO_V1(game_gin_consistent);
Datum
game_gin_consistent(PG_FUNCTION_ARGS)
{
	bool	   *check = (bool *) PG_GETARG_POINTER(0);
	StrategyNumber strategy = PG_GETARG_UINT16(1);
	int32		nkeys = PG_GETARG_INT32(3);
	bool	   *recheck = (bool *) PG_GETARG_POINTER(5);
	int			i;

	*recheck = !game_gin_exact(strategy, nkeys);
	if (nkeys == 0)
		PG_RETURN_BOOL(true);
	if (strategy == STRATEGY_QUERY)
	{
		GinTernaryValue *tri = palloc(sizeof(GinTernaryValue) * nkeys);

		for (i = 0; i < nkeys; i++)
			tri[i] = check[i] ? GIN_TRUE : GIN_FALSE;
		PG_RETURN_BOOL(game_query_consistent(((Pointer *) PG_GETARG_POINTER(4))[0], tri,
											 (Datum *) PG_GETARG_POINTER(6)) != GIN_FALSE);
	}
	for (i = 0; i < nkeys; i++)
		if (check[i])
			PG_RETURN_BOOL(true);
	PG_RETURN_BOOL(false);
}

/* Never GIN_TRUE for a query that needs a recheck (see jsonb_path_ops). */
PG_FUNCTION_INFO_V1(game_gin_triconsistent);
Datum
game_gin_triconsistent(PG_FUNCTION_ARGS)
{
	GinTernaryValue *check = (GinTernaryValue *) PG_GETARG_POINTER(0);
	StrategyNumber strategy = PG_GETARG_UINT16(1);
	int32		nkeys = PG_GETARG_INT32(3);
	GinTernaryValue result;

	if (nkeys == 0)
		PG_RETURN_GIN_TERNARY_VALUE(GIN_MAYBE);
	if (strategy == STRATEGY_QUERY)
		PG_RETURN_GIN_TERNARY_VALUE(game_query_consistent(((Pointer *) PG_GETARG_POINTER(4))[0], check,
														  (Datum *) PG_GETARG_POINTER(5)));
	result = combine(check, nkeys, true);
	if (result == GIN_TRUE && !game_gin_exact(strategy, nkeys))
		result = GIN_MAYBE;
	PG_RETURN_GIN_TERNARY_VALUE(result);
}
