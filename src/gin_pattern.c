/*
 * gin_pattern.c — game_pattern_ops, the GIN operator class of game for
 * g @> pattern, with the option pairs.
 */
#include "gin_common.h"

#include "engine/game.h"

#include "access/reloptions.h"

/*
 * The GIN operator class game_pattern_ops, for g @> pattern, keys int4:
 * (window, square, piece) — the piece stood on the square at some ply of
 * the window, windows being 16 plies long (the 16th and last holds every
 * ply from 240 on).  A game that matches a pattern at some ply has all the
 * pattern's pieces in that ply's window, so a query asks for all the keys
 * of some window: far fewer candidates than "each piece at some time".
 *
 * With the option pairs (CREATE INDEX ... (g game_pattern_ops (pairs =
 * true))), a game also has a key for each pair of pieces that stood side by
 * side (a square and its neighbour to the east, north-west, north or
 * north-east: position_pairs()) at some ply of a window of 32 plies (two
 * windows of pieces; the 8th holds every ply from 224 on).  A pattern's
 * pieces that stand side by side must have stood so together in a game
 * that matches it, and such a pair is far rarer than either piece: the
 * query asks, in some window, for the pattern's pairs and for those of its
 * pieces that have no neighbour in it.  On the benchmark's 100,000 games
 * the first pattern (pawns on d5 and e4, a knight on f6) then has 4,546
 * candidates instead of 9,063, and the index scan takes 3.7 ms instead of
 * 21 (GIN no longer visits every game where a pawn stood on d5), at the
 * price of an index of 181 MB instead of 67, built in 32 s instead of 7.5.
 * An index built without the option, as every index before 0.8.0 was, has
 * no such keys and is searched by the pieces alone.  The candidates are
 * rechecked.
 */
typedef struct GamePatternOptions
{
	int32		vl_len_;		/* varlena header (do not touch directly!) */
	bool		pairs;			/* index pairs of neighbouring pieces */
} GamePatternOptions;

PG_FUNCTION_INFO_V1(game_pattern_options);
Datum
game_pattern_options(PG_FUNCTION_ARGS)
{
	local_relopts *relopts = (local_relopts *) PG_GETARG_POINTER(0);

	init_local_reloptions(relopts, sizeof(GamePatternOptions));
	add_local_bool_reloption(relopts, "pairs",
							 "index the pairs of pieces that stood side by side",
							 false, offsetof(GamePatternOptions, pairs));
	PG_RETURN_VOID();
}

static bool
pattern_pairs_option(FunctionCallInfo fcinfo)
{
	return PG_HAS_OPCLASS_OPTIONS() &&
		((GamePatternOptions *) PG_GET_OPCLASS_OPTIONS())->pairs;
}

/*
 * The pairs of a game, each once: a bitmap of every key, and a bitmap of its
 * words that are not zero, so that the keys come out in their order (as GIN
 * wants them: it sorts what extractValue returns, through the operator
 * class's comparison function, and only checks keys already sorted).  Kept
 * in fn_extra and cleared word by word after each game (all of it when a
 * game's reading did not end).
 */
#define PAIR_WORDS (PAIR_KEYS / 64)

StaticAssertDecl(PAIR_WORDS % 64 == 0, "whole words of used");

struct PairSet
{
	uint64		seen[PAIR_WORDS];
	uint64		used[PAIR_WORDS / 64];	/* the words of seen that are not zero */
	int			nkeys;
	bool		reading;		/* a game is being read */
};

PairSet *
pair_set_create(void)
{
	return palloc0(sizeof(PairSet));
}

/* Adds the pairs of pos in window w that have a piece on one of the squares of near. */
static void
add_pairs(PairSet *set, const Position *pos, int w, Bitboard near)
{
	uint16		codes[PAIRS_MAX];
	int			n = position_pairs(pos, near, codes),
				i;

	for (i = 0; i < n; i++)
	{
		int			bit = PAIR_KEY(w, codes[i]) & (PAIR_KEYS - 1);
		uint64		b = UINT64_C(1) << (bit % 64);

		if (set->seen[bit / 64] & b)
			continue;
		set->seen[bit / 64] |= b;
		set->used[bit / 64 / 64] |= UINT64_C(1) << (bit / 64 % 64);
		set->nkeys++;
	}
}

/* Writes the pairs' keys in ascending order to keys and clears the set; returns their number. */
static int
take_pairs(PairSet *set, Datum *keys)
{
	int			n = 0,
				u;

	for (u = 0; u < PAIR_WORDS / 64; u++)
		while (set->used[u])
		{
			int			word = u * 64 + bb_pop(&set->used[u]);

			while (set->seen[word])
				keys[n++] = Int32GetDatum(PAIR_FLAG | (word * 64 + bb_pop(&set->seen[word])));
		}
	set->nkeys = 0;
	return n;
}

/*
 * The keys of a game, in ascending order; with pairs (a PairSet, empty or
 * left by a reading that did not end), its pairs' keys too.
 */
Datum *
game_pattern_keys(const struct varlena *g, PairSet *pairs, int32 *nkeys)
{
	GameReader	r;
	Datum	   *keys;
	Bitboard	stood[PATTERN_WINDOWS][12],
				near = ~(Bitboard) 0;	/* every pair of the start */
	int			windows,
				pw = -1,
				w,
				i;

	if (pairs)
	{
		if (pairs->reading)
		{
			memset(pairs->seen, 0, sizeof(pairs->seen));
			memset(pairs->used, 0, sizeof(pairs->used));
		}
		pairs->reading = true;
		pairs->nkeys = 0;
	}
	memset(stood, 0, sizeof(stood));
	chess_game_reader(&r, g);
	for (;;)
	{
		w = Min(r.ply / PATTERN_WINDOW_PLIES, PATTERN_WINDOWS - 1);
		for (i = 0; i < 12; i++)
			stood[w][i] |= r.pos.by_color[i / 6] & r.pos.by_kind[i % 6 + 1];
		if (pairs)
		{
			if (w / PAIR_SPAN != pw)
				near = ~(Bitboard) 0;	/* a new window: every pair again */
			pw = w / PAIR_SPAN;
			add_pairs(pairs, &r.pos, pw, near);
		}
		if (r.ply == r.plies)
			break;
		if (pairs)
		{
			Position	before = r.pos;

			chess_game_next(&r);
			near = pairs_changed(&before, &r.pos);	/* where a new pair can be */
		}
		else
			chess_game_next(&r);
	}
	windows = w + 1;
	*nkeys = 0;
	for (w = 0; w < windows; w++)
		for (i = 0; i < 12; i++)
			*nkeys += bb_count(stood[w][i]);
	keys = palloc(sizeof(Datum) * (*nkeys + (pairs ? pairs->nkeys : 0) + 1));
	*nkeys = 0;
	/* in ascending order (window, square, piece), the pairs' keys above them all */
	for (w = 0; w < windows; w++)
	{
		Bitboard	any = 0;

		for (i = 0; i < 12; i++)
			any |= stood[w][i];
		while (any)
		{
			Square		sq = bb_pop(&any);

			for (i = 0; i < 12; i++)
				if (stood[w][i] & SQ_BB(sq))
					keys[(*nkeys)++] = PATTERN_KEY(w, sq, PATTERN_PIECE(i));
		}
	}
	if (pairs)
	{
		*nkeys += take_pairs(pairs, keys + *nkeys);
		pairs->reading = false;
	}
	return keys;
}

PG_FUNCTION_INFO_V1(game_pattern_extract_value);
Datum
game_pattern_extract_value(PG_FUNCTION_ARGS)
{
	PairSet    *pairs = NULL;

	if (pattern_pairs_option(fcinfo))
	{
		if (fcinfo->flinfo->fn_extra == NULL)
			fcinfo->flinfo->fn_extra = MemoryContextAllocZero(fcinfo->flinfo->fn_mcxt, sizeof(struct PairSet));
		pairs = fcinfo->flinfo->fn_extra;
	}
	PG_RETURN_POINTER(game_pattern_keys(PG_GETARG_GAME_P(0), pairs, (int32 *) PG_GETARG_POINTER(1)));
}

PG_FUNCTION_INFO_V1(game_pattern_extract_query);
Datum
game_pattern_extract_query(PG_FUNCTION_ARGS)
{
	int32	   *nkeys = (int32 *) PG_GETARG_POINTER(1);
	int32	   *searchMode = (int32 *) PG_GETARG_POINTER(6);
	Datum	   *keys;

	if (PG_GETARG_UINT16(2) == STRATEGY_QUERY)
	{
		void	   *formula;

		keys = game_query_keys(PG_GETARG_DATUM(0), true, pattern_pairs_option(fcinfo), nkeys, &formula);
		query_extra_data((Pointer **) PG_GETARG_POINTER(4), formula, *nkeys);
	}
	else if (PG_GETARG_UINT16(2) == STRATEGY_PATTERN)
		keys = game_pattern_query(PG_GETARG_PATTERN_P(0), pattern_pairs_option(fcinfo), nkeys);
	else
		elog(ERROR, "game_pattern_ops: unknown strategy %d", PG_GETARG_UINT16(2));
	if (*nkeys == 0)
		*searchMode = GIN_SEARCH_MODE_ALL;
	PG_RETURN_POINTER(keys);
}

PG_FUNCTION_INFO_V1(game_pattern_consistent);
Datum
game_pattern_consistent(PG_FUNCTION_ARGS)
{
	bool	   *check = (bool *) PG_GETARG_POINTER(0);
	int32		nkeys = PG_GETARG_INT32(3);
	bool	   *recheck = (bool *) PG_GETARG_POINTER(5);
	GinTernaryValue *tri = palloc(sizeof(GinTernaryValue) * (nkeys + 1));
	int			i;

	*recheck = true;
	if (nkeys == 0)
		PG_RETURN_BOOL(true);
	for (i = 0; i < nkeys; i++)
		tri[i] = check[i] ? GIN_TRUE : GIN_FALSE;
	if (PG_GETARG_UINT16(1) == STRATEGY_QUERY)
		PG_RETURN_BOOL(game_query_consistent(((Pointer *) PG_GETARG_POINTER(4))[0], tri,
											 (Datum *) PG_GETARG_POINTER(6)) != GIN_FALSE);
	PG_RETURN_BOOL(pattern_windows_check(tri, nkeys, (Datum *) PG_GETARG_POINTER(6)) != GIN_FALSE);
}

PG_FUNCTION_INFO_V1(game_pattern_triconsistent);
Datum
game_pattern_triconsistent(PG_FUNCTION_ARGS)
{
	GinTernaryValue *check = (GinTernaryValue *) PG_GETARG_POINTER(0);
	int32		nkeys = PG_GETARG_INT32(3);

	if (nkeys == 0)
		PG_RETURN_GIN_TERNARY_VALUE(GIN_MAYBE);
	if (PG_GETARG_UINT16(1) == STRATEGY_QUERY)
		PG_RETURN_GIN_TERNARY_VALUE(game_query_consistent(((Pointer *) PG_GETARG_POINTER(4))[0], check,
														  (Datum *) PG_GETARG_POINTER(5)));
	PG_RETURN_GIN_TERNARY_VALUE(pattern_windows_check(check, nkeys, (Datum *) PG_GETARG_POINTER(5)));
}
