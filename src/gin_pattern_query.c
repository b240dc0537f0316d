/*
 * gin_pattern_query.c — the query side of game_pattern_ops (gin_pattern.c
 * has the class and a game's keys): a pattern's keys window by window,
 * and whether a candidate has them; g @> pattern and g @@ gamequery
 * (gin_query.c) ask for them alike.
 */
#include "gin_common.h"

/*
 * The query, window by window: the pattern's pieces in each window of 16
 * plies; with the option pairs, only its pieces that have no neighbour in
 * the pattern there, and then its pairs in each window of 32 plies.
 */
Datum *
game_pattern_query(const ChessPattern *pattern, bool with_pairs, int32 *nkeys)
{
	Pattern		p;

	pattern_from_datum(pattern, &p);
	return game_pattern_query_of(&p, with_pairs, nkeys);
}

Datum *
game_pattern_query_of(const Pattern *pattern, bool with_pairs, int32 *nkeys)
{
	Pattern		p = *pattern;
	Datum	   *keys;
	uint16		codes[PAIRS_MAX];
	Bitboard	paired = 0;
	int			pieces = 0,
				npairs = 0,
				w,
				i;

	for (i = 0; i < 12; i++)
		pieces += bb_count(p.pieces[i]);
	*nkeys = 0;
	if (pieces == 0)
		return NULL;
	if (with_pairs)
		npairs = pattern_pairs(&p, codes, &paired);
	keys = palloc(sizeof(Datum) * (pieces * PATTERN_WINDOWS + npairs * PAIR_WINDOWS));
	for (w = 0; w < PATTERN_WINDOWS; w++)
		for (i = 0; i < 12; i++)
		{
			Bitboard	b = p.pieces[i] & ~paired;

			while (b)
				keys[(*nkeys)++] = PATTERN_KEY(w, bb_pop(&b), PATTERN_PIECE(i));
		}
	for (w = 0; w < PAIR_WINDOWS; w++)
		for (i = 0; i < npairs; i++)
			keys[(*nkeys)++] = Int32GetDatum(PAIR_KEY(w, codes[i]));
	return keys;
}

/*
 * Keys come window by window: the pieces of each window of 16 plies, then
 * the pairs of each window of 32.  A candidate has all the pieces of some
 * window and all the pairs of the window that holds it.  Never exact (the
 * pieces may have stood there at different plies).
 */
GinTernaryValue
pattern_windows_check(const GinTernaryValue *check, int nkeys, const Datum *queryKeys)
{
	int			npairs = 0,
				per,
				per_pair,
				w;
	GinTernaryValue result = GIN_FALSE;

	while (npairs < nkeys && (DatumGetInt32(queryKeys[nkeys - 1 - npairs]) & PAIR_FLAG))
		npairs++;
	per = (nkeys - npairs) / PATTERN_WINDOWS;
	per_pair = npairs / PAIR_WINDOWS;
	for (w = 0; w < PATTERN_WINDOWS; w++)
	{
		const GinTernaryValue *pair_check = check + PATTERN_WINDOWS * per + (w / PAIR_SPAN) * per_pair;

		if (combine(check + w * per, per, false) != GIN_FALSE &&
			combine(pair_check, per_pair, false) != GIN_FALSE)
			result = GIN_MAYBE;
	}
	return result;
}
