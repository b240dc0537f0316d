/*
 * pgn_write.c — writing PGN: pgn() (a game with its tags) and movetext()
 * (the moves in SAN with their numbers).
 */
#include "chess.h"

#include "engine/outcome.h"
#include "engine/pgn.h"

#include "miscadmin.h"
#include "catalog/pg_type.h"
#include "utils/array.h"
#include "utils/builtins.h"
#include "utils/jsonb.h"

#include <limits.h>

/* A PGN tag pair, the value escaped; the name must be one a reader reads. */
static void
append_tag(StringInfo buf, const char *name, const char *value)
{
	const char *p;

	if (!pgn_tag_name_valid(name, strlen(name)))
		ereport(ERROR,
				(errcode(ERRCODE_INVALID_PARAMETER_VALUE),
				 errmsg("invalid PGN tag name \"%s\"", chess_quote_cstring(name)),
				 errdetail("A tag name is 1 to %d letters, digits and the characters _+#=:-.",
						   PGN_MAX_TAG_NAME)));
	appendStringInfo(buf, "[%s \"", name);
	for (p = value; *p; p++)
	{
		if (*p == '"' || *p == '\\')
			appendStringInfoChar(buf, '\\');
		appendStringInfoChar(buf, *p == '\n' ? ' ' : *p);
	}
	appendStringInfoString(buf, "\"]\n");
}

/* A tag after the Seven Tag Roster, SetUp and FEN, and its place among the others */
typedef struct OtherTag
{
	const char *name;
	const char *value;
	int			listed;			/* its place in the order asked for, or INT_MAX */
} OtherTag;

static int
other_tag_cmp(const void *a, const void *b)
{
	const OtherTag *x = a,
			   *y = b;

	if (x->listed != y->listed)
		return x->listed < y->listed ? -1 : 1;
	return pgn_tag_cmp(x->name, strlen(x->name), y->name, strlen(y->name));
}

/* A name of the order asked for, and its place in it */
typedef struct ListedTag
{
	const char *name;
	int			len;
	int			place;
} ListedTag;

static int
listed_tag_cmp(const void *a, const void *b)
{
	const ListedTag *x = a,
			   *y = b;

	if (x->len != y->len)
		return x->len < y->len ? -1 : 1;
	return memcmp(x->name, y->name, x->len);
}

static int
listed_place_cmp(const void *a, const void *b)
{
	int			c = listed_tag_cmp(a, b);

	return c ? c : ((const ListedTag *) a)->place - ((const ListedTag *) b)->place;
}

/*
 * Sorts the other tags: those that order names (a text[], NULL for none)
 * in its order, the first place of a name counting, then the rest in
 * pgn_tag_cmp()'s order.  n log n in both counts.
 */
static void
sort_other_tags(OtherTag *others, int nothers, ArrayType *order)
{
	ListedTag  *listed = NULL;
	int			nlisted = 0,
				k;

	if (order)
	{
		Datum	   *elems;
		bool	   *nulls;
		int			nelems;

		if (ARR_NDIM(order) > 1)
			ereport(ERROR,
					(errcode(ERRCODE_ARRAY_SUBSCRIPT_ERROR),
					 errmsg("the order of PGN tags must be a one-dimensional array")));
		deconstruct_array(order, TEXTOID, -1, false, TYPALIGN_INT, &elems, &nulls, &nelems);
		listed = palloc(sizeof(ListedTag) * (nelems + 1));
		for (k = 0; k < nelems; k++)
		{
			CHECK_FOR_INTERRUPTS();
			if (nulls[k])
				continue;
			listed[nlisted].name = VARDATA_ANY(DatumGetPointer(elems[k]));
			listed[nlisted].len = VARSIZE_ANY_EXHDR(DatumGetPointer(elems[k]));
			listed[nlisted].place = k;
			nlisted++;
		}
		qsort(listed, nlisted, sizeof(ListedTag), listed_place_cmp);
	}
	for (k = 0; k < nothers; k++)
	{
		ListedTag	key,
				   *hit;

		CHECK_FOR_INTERRUPTS();
		others[k].listed = INT_MAX;
		if (nlisted == 0)
			continue;
		key.name = others[k].name;
		key.len = (int) strlen(others[k].name);
		hit = bsearch(&key, listed, nlisted, sizeof(ListedTag), listed_tag_cmp);
		if (hit == NULL)
			continue;
		while (hit > listed && listed_tag_cmp(hit - 1, &key) == 0)
			hit--;
		others[k].listed = hit->place;
	}
	qsort(others, nothers, sizeof(OtherTag), other_tag_cmp);
}

/*
 * A PGN game: the tags (the others in order's order, when not NULL), then
 * the movetext of moves from start, or, when g is not NULL, of the game
 * value g with its annotations.
 */
static text *
pgn_document(const Position *start_arg, const Move *moves, int n, const struct varlena *g, Jsonb *tags,
			 ArrayType *order)
{
	static const char *const defaults[PGN_ROSTER] = {"?", "?", "????.??.??", "?", "?", "?", NULL};
	Position	start = *start_arg,
				final,
				standard;
	StringInfoData movetext,
				out;
	char	   *roster_values[PGN_ROSTER] = {NULL};
	List	   *other_names = NIL,
			   *other_values = NIL;
	JsonbIterator *it;
	JsonbValue	v;
	JsonbIteratorToken tok;
	int			bad,
				i;
	uint8		a[PACKED_POSITION_SIZE],
				b[PACKED_POSITION_SIZE];
	ListCell   *ln,
			   *lv;

	if (!JB_ROOT_IS_OBJECT(tags))
		ereport(ERROR,
				(errcode(ERRCODE_INVALID_PARAMETER_VALUE),
				 errmsg("PGN tags must be a JSON object")));

	/* the tags: the Seven Tag Roster in its order, then the others */
	it = JsonbIteratorInit(&tags->root);
	while ((tok = JsonbIteratorNext(&it, &v, true)) != WJB_DONE)
	{
		char	   *name,
				   *value;

		CHECK_FOR_INTERRUPTS();
		if (tok != WJB_KEY)
			continue;
		name = pnstrdup(v.val.string.val, v.val.string.len);
		tok = JsonbIteratorNext(&it, &v, true);
		if (v.type == jbvString)
			value = pnstrdup(v.val.string.val, v.val.string.len);
		else if (v.type == jbvNumeric)
			value = DatumGetCString(DirectFunctionCall1(numeric_out, NumericGetDatum(v.val.numeric)));
		else if (v.type == jbvBool)
			value = pstrdup(v.val.boolean ? "true" : "false");
		else if (v.type == jbvNull)
			value = pstrdup("");
		else
			ereport(ERROR,
					(errcode(ERRCODE_INVALID_PARAMETER_VALUE),
					 errmsg("PGN tag \"%s\" must be a string, a number or a boolean",
							chess_quote_cstring(name))));
		i = pgn_roster_index(name, strlen(name));
		if (i >= 0)
			roster_values[i] = value;
		else if (strcmp(name, "SetUp") != 0 && strcmp(name, "FEN") != 0)
		{
			other_names = lappend(other_names, name);
			other_values = lappend(other_values, value);
		}
	}

	if (roster_values[6] && strcmp(roster_values[6], "1-0") != 0 &&
		strcmp(roster_values[6], "0-1") != 0 && strcmp(roster_values[6], "1/2-1/2") != 0 &&
		strcmp(roster_values[6], "*") != 0)
		ereport(ERROR,
				(errcode(ERRCODE_INVALID_PARAMETER_VALUE),
				 errmsg("invalid PGN result \"%s\"", chess_quote_cstring(roster_values[6])),
				 errdetail("The Result tag is 1-0, 0-1, 1/2-1/2 or *.")));

	/* without a Result tag, the final position decides the result */
	initStringInfo(&movetext);
	if (g)
		chess_write_annotated(g, roster_values[6], true, &movetext, &final);
	else
	{
		bad = pgn_write_movetext(&start, moves, n, roster_values[6], true, chess_emit_stringinfo,
								 &movetext, &final, chess_poll);
		if (bad >= 0)
			report_illegal_move(&final, moves[bad], bad + 1);
	}
	if (!roster_values[6])
		roster_values[6] = pstrdup(position_result(&final));

	initStringInfo(&out);
	for (i = 0; i < PGN_ROSTER; i++)
		append_tag(&out, pgn_roster_name(i), roster_values[i] ? roster_values[i] : defaults[i]);
	position_set_startpos(&standard);
	position_pack(&start, a);
	position_pack(&standard, b);
	if (memcmp(a, b, PACKED_POSITION_SIZE) != 0)
	{
		char		fen[FEN_MAX_LENGTH];

		fen_write(&start, fen);
		/* castling that only Chess960 has: say so, as python-chess does, unless the tags do */
		if (!position_castling_standard(&start))
		{
			bool		named = false;

			foreach(ln, other_names)
				named |= strcmp(lfirst(ln), "Variant") == 0;
			if (!named)
				append_tag(&out, "Variant", "Chess960");
		}
		append_tag(&out, "SetUp", "1");
		append_tag(&out, "FEN", fen);
	}
	{
		int			nothers = list_length(other_names),
					k = 0;
		OtherTag   *others = palloc(sizeof(OtherTag) * (nothers + 1));

		forboth(ln, other_names, lv, other_values)
		{
			others[k].name = lfirst(ln);
			others[k].value = lfirst(lv);
			k++;
		}
		sort_other_tags(others, nothers, order);
		for (k = 0; k < nothers; k++)
			append_tag(&out, others[k].name, others[k].value);
	}
	appendStringInfoChar(&out, '\n');
	appendBinaryStringInfo(&out, movetext.data, movetext.len);
	return cstring_to_text_with_len(out.data, out.len);
}

/* pgn(start position, moves move[], tags jsonb) → text */
PG_FUNCTION_INFO_V1(chess_pgn);
Datum
chess_pgn(PG_FUNCTION_ARGS)
{
	Position	start;
	Move	   *moves;
	int			n = chess_moves_from_array(PG_GETARG_ARRAYTYPE_P(1), &moves);

	position_from_datum(PG_GETARG_POSITION_P(0), &start);
	PG_RETURN_TEXT_P(pgn_document(&start, moves, n, NULL, PG_GETARG_JSONB_P(2), NULL));
}

/*
 * pgn(g game, tags jsonb, tag_order text[]) → text: the game with its
 * comments, NAGs, variations and commands; tag_order (NULL: pgn_tag_cmp's
 * order) as pgn_games() gives it.  Not strict: g and tags must not be NULL.
 */
PG_FUNCTION_INFO_V1(chess_pgn_game);
Datum
chess_pgn_game(PG_FUNCTION_ARGS)
{
	struct varlena *g;
	Position	start;

	if (PG_ARGISNULL(0) || PG_ARGISNULL(1))
		PG_RETURN_NULL();
	g = PG_GETARG_GAME_P(0);
	chess_game_start(g, &start);
	PG_RETURN_TEXT_P(pgn_document(&start, NULL, 0, g, PG_GETARG_JSONB_P(1),
								  PG_ARGISNULL(2) ? NULL : PG_GETARG_ARRAYTYPE_P(2)));
}

/*
 * movetext([start position,] moves move[]) → text: the moves in SAN with move
 * numbers on one line, for display ("1. e4 e5 2. Nf3", "12... Nf6" when
 * Black moves first); no tags, no result.  An illegal move raises 22023.
 */
PG_FUNCTION_INFO_V1(chess_movetext);
Datum
chess_movetext(PG_FUNCTION_ARGS)
{
	Position	start,
				final;
	Move	   *moves;
	int			n = chess_moves_from_array(PG_GETARG_ARRAYTYPE_P(PG_NARGS() - 1), &moves),
				bad;
	StringInfoData out;

	/* movetext(moves move[]): from the standard start */
	if (PG_NARGS() == 1)
		position_set_startpos(&start);
	else
		position_from_datum(PG_GETARG_POSITION_P(0), &start);
	initStringInfo(&out);
	bad = pgn_write_movetext(&start, moves, n, "", false, chess_emit_stringinfo, &out, &final, chess_poll);
	if (bad >= 0)
		report_illegal_move(&final, moves[bad], bad + 1);
	PG_RETURN_TEXT_P(cstring_to_text_with_len(out.data, out.len));
}
