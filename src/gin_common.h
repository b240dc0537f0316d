/*
 * gin_common.h — what the GIN operator classes share: their strategy
 * numbers, the combination of key checks, and the keys of a balance.
 */
#ifndef CHESS_GIN_COMMON_H
#define CHESS_GIN_COMMON_H

#include "chess.h"

#include "engine/search.h"

#include "access/gin.h"

/*
 * GIN strategies, shared by both operator classes: @> with a position (game
 * only), a pattern, a material query.
 */
#define STRATEGY_POSITION	7
#define STRATEGY_PATTERN	8
#define STRATEGY_MATERIAL	9
#define STRATEGY_QUERY		10	/* g @@ gamequery (gin_query.c) */

/* A material query matches at most this many exact balances by keys; beyond, a full scan. */
#define MATERIAL_KEYS_MAX	4096

/*
 * The GIN operator class of position, keys int8 with a family in the top
 * byte:
 *   1  (square << 4 | content) for each of the 64 squares, content the
 *      piece code or 0 for empty: a pattern's required pieces and empty
 *      squares are keys, so pattern search is exact from the index;
 *   2  the side to move;
 *   3  the material key (40 bits): exact too.
 */
#define PKEY(family, value)	Int64GetDatum(((int64) (family) << 56) | (int64) (value))

/*
 * The keys of a material query, each balance's 40-bit key with family bits
 * added (the two operator classes put them in different places); none when
 * the query has more than MATERIAL_KEYS_MAX balances, and the caller then
 * scans everything.
 */
static inline Datum *
balance_query_keys(const ChessBalance *balance, uint64 family, int32 *nkeys)
{
	MaterialQuery q;
	uint64		mkeys[MATERIAL_KEYS_MAX];
	Datum	   *keys;
	int			n,
				i;

	material_from_datum(balance, &q);
	n = material_query_keys(&q, mkeys, MATERIAL_KEYS_MAX);
	*nkeys = 0;
	if (n < 0)
		return NULL;
	keys = palloc(sizeof(Datum) * (n + 1));
	for (i = 0; i < n; i++)
		keys[i] = Int64GetDatum((int64) (family | mkeys[i]));
	*nkeys = n;
	return keys;
}

/* game_gin_ops's keys (gin_game.c): a family (0-2) in the top two bits, family 2 a material key */
#define GAME_KEY(family, value)	Int64GetDatum((int64) (((uint64) (family) << 62) | (value)))

/*
 * game_pattern_ops's keys (gin_pattern.c has the recipe's reasons): a piece
 * on a square in a window of 16 plies; with the option pairs, two pieces
 * side by side in a window of 32.
 */
#define PATTERN_WINDOW_PLIES	16
#define PATTERN_WINDOWS		16
#define PATTERN_KEY(window, sq, pc)	Int32GetDatum(((window) << 12) | ((sq) << 4) | (pc))

/* a pair: its window, the square, its neighbour in direction dir (0-3: +1, +7, +8, +9), their pieces */
#define PAIR_SPAN			2		/* windows of pieces a window of pairs spans */
#define PAIR_WINDOW_PLIES	(PATTERN_WINDOW_PLIES * PAIR_SPAN)
#define PAIR_WINDOWS		(PATTERN_WINDOWS / PAIR_SPAN)
#define PAIR_FLAG			(1 << 30)
#define PAIR_KEY(window, code)	(PAIR_FLAG | ((window) << 16) | (code))	/* code: PAIR_CODE() */
#define PAIR_KEYS			(PAIR_WINDOWS << 16)

StaticAssertDecl(PATTERN_WINDOWS % PAIR_SPAN == 0, "windows of pairs span whole windows of pieces");
StaticAssertDecl((PATTERN_WINDOWS << 12) <= PAIR_FLAG && PATTERN_PIECE(0) < PATTERN_PIECE(11),
				 "a window's pieces sort by square, then piece, below every pair");

/*
 * Consistent functions.  A pattern needs all its keys (AND), a material
 * query one of its balances (OR).  With no keys (an empty pattern; a
 * material query of too many balances) every item is a candidate.
 */
static inline GinTernaryValue
combine(const GinTernaryValue *check, int nkeys, bool any)
{
	GinTernaryValue result = any ? GIN_FALSE : GIN_TRUE;
	int			i;

	for (i = 0; i < nkeys; i++)
	{
		if (any ? check[i] == GIN_TRUE : check[i] == GIN_FALSE)
			return any ? GIN_TRUE : GIN_FALSE;
		if (check[i] == GIN_MAYBE)
			result = GIN_MAYBE;
	}
	return result;
}

/*
 * Each operator class's keys of a value and of a query, as its
 * extractValue and extractQuery support functions give them to GIN and
 * gin_keys() and gin_query_keys() show them (gin_keys.c): a query with no
 * keys (*nkeys 0) asks for every item.  game_pattern_ops's keys of a value
 * take a PairSet (pair_set_create()) to have its pairs too.
 */
typedef struct PairSet PairSet;

extern Datum *position_gin_keys(const ChessPosition *value, int32 *nkeys);
extern Datum *position_gin_query(StrategyNumber strategy, Datum query, int32 *nkeys);
extern Datum *game_gin_keys(const struct varlena *g, int32 *nkeys);
extern Datum *game_gin_query(StrategyNumber strategy, Datum query, int32 *nkeys);
extern PairSet *pair_set_create(void);
extern Datum *game_pattern_keys(const struct varlena *g, PairSet *pairs, int32 *nkeys);
extern Datum *game_pattern_query(const ChessPattern *pattern, bool with_pairs, int32 *nkeys);
extern Datum *game_pattern_query_of(const Pattern *pattern, bool with_pairs, int32 *nkeys);

/* game_pattern_ops's consistency of one pattern's keys (window by window) */
extern GinTernaryValue pattern_windows_check(const GinTernaryValue *check, int nkeys, const Datum *queryKeys);

/*
 * g @@ gamequery in game_gin_ops (pattern false) and game_pattern_ops
 * (gin_query.c): the keys a query implies, with a formula that
 * game_query_consistent() evaluates, handed to GIN in each key's extra_data.
 */
extern Datum *game_query_keys(Datum query, bool pattern, bool with_pairs, int32 *nkeys, void **formula);
extern GinTernaryValue game_query_consistent(const void *formula, const GinTernaryValue *check,
											 const Datum *queryKeys);

static inline void
query_extra_data(Pointer **extra_data, void *formula, int32 nkeys)
{
	int			i;

	if (nkeys == 0)
		return;
	*extra_data = palloc(sizeof(Pointer) * nkeys);
	for (i = 0; i < nkeys; i++)
		(*extra_data)[i] = formula;
}

#endif							/* CHESS_GIN_COMMON_H */
