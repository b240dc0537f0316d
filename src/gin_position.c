/*
 * gin_position.c — position_gin_ops, the GIN operator class of position:
 * p @> pattern and p @> balance, exact from the index.
 */
#include "gin_common.h"

/* The keys of a position: its 64 squares, its side to move, its material. */
Datum *
position_gin_keys(const ChessPosition *value, int32 *nkeys)
{
	Position	pos;
	Datum	   *keys = palloc(sizeof(Datum) * 66);
	int			sq;

	position_from_datum(value, &pos);
	for (sq = 0; sq < 64; sq++)
		keys[sq] = PKEY(1, sq << 4 | pos.board[sq]);
	keys[64] = PKEY(2, pos.side);
	keys[65] = PKEY(3, material_key(&pos));
	*nkeys = 66;
	return keys;
}

PG_FUNCTION_INFO_V1(position_gin_extract_value);
Datum
position_gin_extract_value(PG_FUNCTION_ARGS)
{
	PG_RETURN_POINTER(position_gin_keys(PG_GETARG_POSITION_P(0), (int32 *) PG_GETARG_POINTER(1)));
}

/* The keys every matching position has: required pieces, empty squares, side. */
static Datum *
pattern_position_keys(const Pattern *p, int32 *nkeys)
{
	Datum	   *keys = palloc(sizeof(Datum) * 65);
	int			sq;

	*nkeys = 0;
	for (sq = 0; sq < 64; sq++)
	{
		int			i;

		if (p->empty & SQ_BB(sq))
			keys[(*nkeys)++] = PKEY(1, sq << 4);
		for (i = 0; i < 12; i++)
			if (p->pieces[i] & SQ_BB(sq))
				keys[(*nkeys)++] = PKEY(1, sq << 4 | PATTERN_PIECE(i));
	}
	if (p->side)
		keys[(*nkeys)++] = PKEY(2, p->side - 1);
	return keys;
}

/* The keys of a query: a pattern (strategy 8) or a balance (9); none asks for every position. */
Datum *
position_gin_query(StrategyNumber strategy, Datum query, int32 *nkeys)
{
	*nkeys = 0;
	if (strategy == STRATEGY_PATTERN)
	{
		Pattern		p;

		pattern_from_datum((const ChessPattern *) DatumGetPointer(query), &p);
		return pattern_position_keys(&p, nkeys);
	}
	if (strategy == STRATEGY_MATERIAL)
		return balance_query_keys((const ChessBalance *) DatumGetPointer(query), (uint64) 3 << 56, nkeys);
	elog(ERROR, "position_gin_ops: unknown strategy %d", strategy);
	return NULL;
}

PG_FUNCTION_INFO_V1(position_gin_extract_query);
Datum
position_gin_extract_query(PG_FUNCTION_ARGS)
{
	int32	   *nkeys = (int32 *) PG_GETARG_POINTER(1);
	int32	   *searchMode = (int32 *) PG_GETARG_POINTER(6);
	Datum	   *keys = position_gin_query(PG_GETARG_UINT16(2), PG_GETARG_DATUM(0), nkeys);

	if (*nkeys == 0)
		*searchMode = GIN_SEARCH_MODE_ALL;
	PG_RETURN_POINTER(keys);
}

/* Whether the answer of the index is exact for a query, or the rows must be rechecked. */
static bool
position_query_exact(StrategyNumber strategy, int32 nkeys)
{
	/* every pattern is exact (its keys are its squares); a material query when it has keys */
	return strategy == STRATEGY_PATTERN || nkeys > 0;
}

PG_FUNCTION_INFO_V1(position_gin_consistent);
Datum
position_gin_consistent(PG_FUNCTION_ARGS)
{
	bool	   *check = (bool *) PG_GETARG_POINTER(0);
	StrategyNumber strategy = PG_GETARG_UINT16(1);
	int32		nkeys = PG_GETARG_INT32(3);
	bool	   *recheck = (bool *) PG_GETARG_POINTER(5);
	GinTernaryValue *tri = palloc(sizeof(GinTernaryValue) * (nkeys + 1));
	int			i;

	for (i = 0; i < nkeys; i++)
		tri[i] = check[i] ? GIN_TRUE : GIN_FALSE;
	*recheck = !position_query_exact(strategy, nkeys);
	PG_RETURN_BOOL(nkeys == 0 || combine(tri, nkeys, strategy == STRATEGY_MATERIAL) == GIN_TRUE);
}

PG_FUNCTION_INFO_V1(position_gin_triconsistent);
Datum
position_gin_triconsistent(PG_FUNCTION_ARGS)
{
	GinTernaryValue *check = (GinTernaryValue *) PG_GETARG_POINTER(0);
	StrategyNumber strategy = PG_GETARG_UINT16(1);
	int32		nkeys = PG_GETARG_INT32(3);
	GinTernaryValue result;

	if (nkeys == 0)
		PG_RETURN_GIN_TERNARY_VALUE(GIN_MAYBE);
	result = combine(check, nkeys, strategy == STRATEGY_MATERIAL);
	if (result == GIN_TRUE && !position_query_exact(strategy, nkeys))
		result = GIN_MAYBE;
	PG_RETURN_GIN_TERNARY_VALUE(result);
}
