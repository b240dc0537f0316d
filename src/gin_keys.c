/*
 * gin_keys.c — gin_keys() and gin_query_keys(): the keys each GIN operator
 * class of the extension extracts from a value and from a query, as
 * pageinspect and the gin_extract_* functions of core let one see core's.
 * They are a format (doc/formats.md): an index on disk holds them, and a
 * change to any of them passes no test unless sql/formats.sql sees it.
 */
#include "gin_common.h"

#include "catalog/pg_type.h"
#include "utils/builtins.h"

typedef enum GinClass
{
	CLASS_POSITION,				/* position_gin_ops */
	CLASS_GAME,					/* game_gin_ops */
	CLASS_PATTERN				/* game_pattern_ops */
} GinClass;

static GinClass
gin_class(text *name, const char *value_type, int allowed)
{
	char	   *s = text_to_cstring(name);
	GinClass	c;

	if (strcmp(s, "position_gin_ops") == 0)
		c = CLASS_POSITION;
	else if (strcmp(s, "game_gin_ops") == 0)
		c = CLASS_GAME;
	else if (strcmp(s, "game_pattern_ops") == 0)
		c = CLASS_PATTERN;
	else
		ereport(ERROR,
				(errcode(ERRCODE_INVALID_PARAMETER_VALUE),
				 errmsg("\"%s\" is not a GIN operator class of the extension", chess_quote_cstring(s)),
				 errhint("The operator classes are position_gin_ops, game_gin_ops and game_pattern_ops.")));
	if (!(allowed & (1 << c)))
		ereport(ERROR,
				(errcode(ERRCODE_INVALID_PARAMETER_VALUE),
				 errmsg("operator class %s takes no %s", s, value_type)));
	return c;
}

/* The keys as a bigint[] (game_pattern_ops's int4 keys widened); NULL when there are none. */
static Datum
keys_array(Datum *keys, int32 nkeys, bool int4)
{
	Datum	   *wide = palloc(sizeof(Datum) * (nkeys + 1));
	int			i;

	if (nkeys == 0)
		return (Datum) 0;
	for (i = 0; i < nkeys; i++)
		wide[i] = int4 ? Int64GetDatum((int64) DatumGetInt32(keys[i])) : keys[i];
	return PointerGetDatum(construct_array(wide, nkeys, INT8OID, 8, FLOAT8PASSBYVAL, TYPALIGN_DOUBLE));
}

#define RETURN_KEYS(keys, nkeys, int4) \
	do { \
		Datum		a = keys_array(keys, nkeys, int4); \
		if (a == (Datum) 0) \
			PG_RETURN_NULL(); \
		PG_RETURN_DATUM(a); \
	} while (0)

/* gin_keys(position): position_gin_ops's keys of a position */
PG_FUNCTION_INFO_V1(chess_gin_keys_position);
Datum
chess_gin_keys_position(PG_FUNCTION_ARGS)
{
	int32		nkeys;
	Datum	   *keys = position_gin_keys(PG_GETARG_POSITION_P(0), &nkeys);

	RETURN_KEYS(keys, nkeys, false);
}

/* gin_keys(game, opclass, pairs): game_gin_ops's or game_pattern_ops's keys of a game */
PG_FUNCTION_INFO_V1(chess_gin_keys_game);
Datum
chess_gin_keys_game(PG_FUNCTION_ARGS)
{
	struct varlena *g = PG_GETARG_GAME_P(0);
	GinClass	c = gin_class(PG_GETARG_TEXT_PP(1), "game", 1 << CLASS_GAME | 1 << CLASS_PATTERN);
	int32		nkeys;
	Datum	   *keys;

	if (c == CLASS_GAME)
		keys = game_gin_keys(g, &nkeys);
	else
		keys = game_pattern_keys(g, PG_GETARG_BOOL(2) ? pair_set_create() : NULL, &nkeys);
	RETURN_KEYS(keys, nkeys, c == CLASS_PATTERN);
}

/* gin_query_keys(position, opclass): game_gin_ops's keys of g @> position */
PG_FUNCTION_INFO_V1(chess_gin_query_keys_position);
Datum
chess_gin_query_keys_position(PG_FUNCTION_ARGS)
{
	int32		nkeys;
	Datum	   *keys;

	gin_class(PG_GETARG_TEXT_PP(1), "position query", 1 << CLASS_GAME);
	keys = game_gin_query(STRATEGY_POSITION, PG_GETARG_DATUM(0), &nkeys);
	RETURN_KEYS(keys, nkeys, false);
}

/* gin_query_keys(pattern, opclass, pairs): position_gin_ops's or game_pattern_ops's keys of @> pattern */
PG_FUNCTION_INFO_V1(chess_gin_query_keys_pattern);
Datum
chess_gin_query_keys_pattern(PG_FUNCTION_ARGS)
{
	GinClass	c = gin_class(PG_GETARG_TEXT_PP(1), "pattern query", 1 << CLASS_POSITION | 1 << CLASS_PATTERN);
	int32		nkeys;
	Datum	   *keys;

	if (c == CLASS_POSITION)
		keys = position_gin_query(STRATEGY_PATTERN, PG_GETARG_DATUM(0), &nkeys);
	else
		keys = game_pattern_query(PG_GETARG_PATTERN_P(0), PG_GETARG_BOOL(2), &nkeys);
	RETURN_KEYS(keys, nkeys, c == CLASS_PATTERN);
}

/* gin_query_keys(balance, opclass): position_gin_ops's or game_gin_ops's keys of @> balance */
PG_FUNCTION_INFO_V1(chess_gin_query_keys_balance);
Datum
chess_gin_query_keys_balance(PG_FUNCTION_ARGS)
{
	GinClass	c = gin_class(PG_GETARG_TEXT_PP(1), "balance query", 1 << CLASS_POSITION | 1 << CLASS_GAME);
	int32		nkeys;
	Datum	   *keys;

	if (c == CLASS_POSITION)
		keys = position_gin_query(STRATEGY_MATERIAL, PG_GETARG_DATUM(0), &nkeys);
	else
		keys = game_gin_query(STRATEGY_MATERIAL, PG_GETARG_DATUM(0), &nkeys);
	RETURN_KEYS(keys, nkeys, false);
}

/*
 * gin_query_keys(gamequery, opclass, pairs): game_gin_ops's or
 * game_pattern_ops's keys of g @@ q, alternative after alternative (which
 * keys make an alternative and which alternatives a condition is the
 * formula of gin_query.c, not shown)
 */
PG_FUNCTION_INFO_V1(chess_gin_query_keys_gamequery);
Datum
chess_gin_query_keys_gamequery(PG_FUNCTION_ARGS)
{
	GinClass	c = gin_class(PG_GETARG_TEXT_PP(1), "game query", 1 << CLASS_GAME | 1 << CLASS_PATTERN);
	int32		nkeys;
	void	   *formula;
	Datum	   *keys = game_query_keys(PG_GETARG_DATUM(0), c == CLASS_PATTERN, PG_GETARG_BOOL(2), &nkeys, &formula);

	RETURN_KEYS(keys, nkeys, c == CLASS_PATTERN);
}
