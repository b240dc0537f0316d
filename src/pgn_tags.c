/*
 * pgn_tags.c — the tags of a game read from PGN (pgn.c's rows): kept as
 * the reader gives them, then the column tags (jsonb) and tag_order.
 */
#include "pgn_read.h"

#include "catalog/pg_type.h"
#include "engine/pgn.h"
#include "utils/builtins.h"

void
read_tag(void *arg, const char *name, size_t nlen, const char *value, size_t vlen)
{
	PgnReadState *st = arg;
	JsonbPair  *pair;
	char	   *copy;

	if (nlen == 5 && memcmp(name, "Event", 5) == 0)
		st->event = pnstrdup(value, vlen);
	else if (nlen == 5 && memcmp(name, "White", 5) == 0)
		st->white = pnstrdup(value, vlen);
	else if (nlen == 5 && memcmp(name, "Black", 5) == 0)
		st->black = pnstrdup(value, vlen);
	if (st->plies_mode)
		return;					/* pgn_plies shows no tags */
	st->tag_names = read_grow(st->tag_names, st->ntag_names, &st->tag_names_capacity, sizeof(char *));
	st->tag_pairs = read_grow(st->tag_pairs, st->ntag_names, &st->tag_pairs_capacity, sizeof(JsonbPair));
	pair = &st->tag_pairs[st->ntag_names];
	pair->key.type = pair->value.type = jbvString;
	/* the name and the value in one allocation, each ended by a NUL */
	copy = palloc(nlen + vlen + 2);
	memcpy(copy, name, nlen);
	copy[nlen] = '\0';
	memcpy(copy + nlen + 1, value, vlen);
	copy[nlen + 1 + vlen] = '\0';
	pair->key.val.string.val = st->tag_names[st->ntag_names] = copy;
	pair->key.val.string.len = (int) nlen;
	pair->value.val.string.val = copy + nlen + 1;
	pair->value.val.string.len = (int) vlen;
	pair->order = (uint32) st->ntag_names++;
}

/* jsonb's order of an object's keys: the shorter first, then by their bytes */
static int
tag_key_cmp(const void *a, const void *b)
{
	const JsonbValue *x = &((const JsonbPair *) a)->key;
	const JsonbValue *y = &((const JsonbPair *) b)->key;

	if (x->val.string.len != y->val.string.len)
		return x->val.string.len < y->val.string.len ? -1 : 1;
	return memcmp(x->val.string.val, y->val.string.val, x->val.string.len);
}

/*
 * The game's tags as a jsonb object: the pairs put in jsonb's order here
 * (a game repeats no tag name), which pushJsonbValue() would sort with
 * qsort_arg() at a cost of 6 % of an import's instructions.
 */
Jsonb *
read_tags_jsonb(PgnReadState *st)
{
	JsonbPair  *pairs = st->tag_pairs;
	JsonbValue	object;
	int			n = st->ntag_names,
				i;

	if (n > 32)
		qsort(pairs, n, sizeof(JsonbPair), tag_key_cmp);
	else
		for (i = 1; i < n; i++)
		{
			JsonbPair	x = pairs[i];
			int			j = i;

			for (; j > 0 && tag_key_cmp(&pairs[j - 1], &x) > 0; j--)
				pairs[j] = pairs[j - 1];
			pairs[j] = x;
		}
	for (i = 1; i < n; i++)
		if (tag_key_cmp(&pairs[i - 1], &pairs[i]) == 0)
			elog(ERROR, "PGN tag \"%s\" read twice in a game", pairs[i].key.val.string.val);
	object.type = jbvObject;
	object.val.object.nPairs = n;
	object.val.object.pairs = pairs;
	return JsonbValueToJsonb(&object);
}

/*
 * The names of the game's tags in the order read, when pgn() would write
 * them in another: when the tags after the Seven Tag Roster, SetUp and FEN
 * do not come in pgn_tag_cmp()'s order.  NULL otherwise (lichess's exports,
 * and most files), which is what pgn() takes for its own order.
 */
Datum
read_tag_order(PgnReadState *st, bool *isnull)
{
	const char *last = NULL;
	Datum	   *elems;
	int			i;

	*isnull = true;
	for (i = 0; i < st->ntag_names; i++)
	{
		const char *name = st->tag_names[i];

		if (pgn_tag_written_first(name, strlen(name)))
			continue;
		if (last && pgn_tag_cmp(last, strlen(last), name, strlen(name)) > 0)
			break;
		last = name;
	}
	if (i == st->ntag_names)
		return (Datum) 0;
	elems = palloc(sizeof(Datum) * st->ntag_names);
	for (i = 0; i < st->ntag_names; i++)
		elems[i] = PointerGetDatum(cstring_to_text(st->tag_names[i]));
	*isnull = false;
	return PointerGetDatum(construct_array(elems, st->ntag_names, TEXTOID, -1, false, TYPALIGN_INT));
}
