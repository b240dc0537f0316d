/*
 * chess.c — the module's magic block and helpers shared by the glue files
 * (the module's _PG_init is in init.c).
 */
#include "chess.h"

#include "engine/game.h"

#include "mb/pg_wchar.h"
#include "miscadmin.h"
#include "lib/stringinfo.h"
#include "utils/builtins.h"
#include "utils/tuplestore.h"

PG_MODULE_MAGIC;

/* Skips leading white space and returns the length without trailing white space. */
const char *
chess_trim(const char *s, size_t *len)
{
	size_t		n;

	while (chess_is_space(*s))
		s++;
	n = strlen(s);
	while (n > 0 && chess_is_space(s[n - 1]))
		n--;
	*len = n;
	return s;
}

char *
chess_quote(const char *s, size_t len)
{
	int			clip;
	char	   *out;

	if (len <= CHESS_QUOTE_MAX)
		return pnstrdup(s, len);
	clip = pg_mbcliplen(s, (int) Min(len, (size_t) CHESS_QUOTE_MAX + MAX_MULTIBYTE_CHAR_LEN),
						CHESS_QUOTE_MAX);
	out = palloc(clip + 4);
	memcpy(out, s, clip);
	memcpy(out + clip, "...", 4);
	return out;
}

char *
chess_quote_cstring(const char *s)
{
	return chess_quote(s, strlen(s));
}

Color
chess_color_argument(text *t)
{
	char	   *name = text_to_cstring(t);
	Color		c;

	if (!color_parse(name, &c))
		ereport(ERROR,
				(errcode(ERRCODE_INVALID_PARAMETER_VALUE),
				 errmsg("invalid colour \"%s\"", chess_quote_cstring(name)),
				 errdetail("A colour is \"white\" (or \"w\") or \"black\" (or \"b\").")));
	return c;
}

ArrayType *
chess_move_array(Oid elemtype, const Move *moves, int n)
{
	Size		bytes = ARR_OVERHEAD_NONULLS(1) + (Size) n * sizeof(Move);
	ArrayType  *a;

	StaticAssertStmt(sizeof(Move) == 2, "a move is stored as an int2, aligned on 2 bytes");
	if (n == 0)
		return construct_empty_array(elemtype);
	if (!AllocSizeIsValid(bytes))
		ereport(ERROR,
				(errcode(ERRCODE_PROGRAM_LIMIT_EXCEEDED),
				 errmsg("array size exceeds the maximum allowed (%d)", (int) MaxAllocSize)));
	a = palloc0(bytes);
	SET_VARSIZE(a, bytes);
	a->ndim = 1;
	a->dataoffset = 0;			/* no nulls */
	a->elemtype = elemtype;
	ARR_DIMS(a)[0] = n;
	ARR_LBOUND(a)[0] = 1;
	memcpy(ARR_DATA_PTR(a), moves, (Size) n * sizeof(Move));
	return a;
}

const char *
chess_detail(const char *detail)
{
	int			len = (int) strlen(detail);
	StringInfoData buf;
	int			i = 0;

	if (pg_verifymbstr(detail, len, true))
		return detail;
	initStringInfo(&buf);
	while (i < len)
	{
		int			n = IS_HIGHBIT_SET(detail[i]) ? pg_mblen(detail + i) : 1;

		if (n <= len - i && pg_verifymbstr(detail + i, n, true))
		{
			appendBinaryStringInfo(&buf, detail + i, n);
			i += n;
		}
		else
			appendStringInfo(&buf, "\\x%02x", (unsigned char) detail[i++]);
	}
	return buf.data;
}

void
chess_check_binary_size(StringInfo buf, int size, const char *type)
{
	if (buf->len - buf->cursor != size)
		ereport(ERROR,
				(errcode(ERRCODE_INVALID_BINARY_REPRESENTATION),
				 errmsg("invalid binary data for type %s", type),
				 errdetail("A %s is %d byte%s, not %d.", type, size, size == 1 ? "" : "s",
						   buf->len - buf->cursor)));
}

void
chess_poll(void *arg pg_attribute_unused())
{
	CHECK_FOR_INTERRUPTS();
}

void
chess_emit_stringinfo(void *arg, const char *s, size_t n)
{
	appendBinaryStringInfo((StringInfo) arg, s, (int) n);
}

int
chess_moves_from_array(ArrayType *array, Move **out)
{
	ArrayIterator it;
	Datum		value;
	bool		isnull;
	int			count = ArrayGetNItems(ARR_NDIM(array), ARR_DIMS(array)),
				n = 0;

	if (ARR_NDIM(array) > 1)
		ereport(ERROR,
				(errcode(ERRCODE_ARRAY_SUBSCRIPT_ERROR),
				 errmsg("moves must be a one-dimensional array")));
	if (count > GAME_MAX_PLIES)
		ereport(ERROR,
				(errcode(ERRCODE_PROGRAM_LIMIT_EXCEEDED),
				 errmsg("a game of %d moves is too long", count),
				 errdetail("A game has at most %d plies.", GAME_MAX_PLIES)));
	*out = palloc(sizeof(Move) * (count + 1));
	it = array_create_iterator(array, 0, NULL);
	while (array_iterate(it, &value, &isnull))
	{
		if (isnull)
			ereport(ERROR,
					(errcode(ERRCODE_NULL_VALUE_NOT_ALLOWED),
					 errmsg("move %d of the game is NULL", n + 1)));
		(*out)[n++] = DatumGetMove(value);
	}
	array_free_iterator(it);
	return n;
}

ReturnSetInfo *
chess_materialize(FunctionCallInfo fcinfo)
{
	ReturnSetInfo *rsinfo = (ReturnSetInfo *) fcinfo->resultinfo;
	MemoryContext old;

	if (rsinfo == NULL || !IsA(rsinfo, ReturnSetInfo) ||
		!(rsinfo->allowedModes & SFRM_Materialize) || rsinfo->expectedDesc == NULL)
		ereport(ERROR,
				(errcode(ERRCODE_FEATURE_NOT_SUPPORTED),
				 errmsg("set-valued function called in context that cannot accept a set")));
	old = MemoryContextSwitchTo(rsinfo->econtext->ecxt_per_query_memory);
	/* the executor frees both: the copy of the descriptor and the tuplestore */
	rsinfo->setDesc = CreateTupleDescCopy(rsinfo->expectedDesc);
	rsinfo->setResult = tuplestore_begin_heap((rsinfo->allowedModes & SFRM_Materialize_Random) != 0,
											  false, work_mem);
	rsinfo->returnMode = SFRM_Materialize;
	MemoryContextSwitchTo(old);
	return rsinfo;
}

/* The text of a tag of a jsonb object, or NULL with *len 0 when it has none. */
const char *
chess_tag_text(Jsonb *tags, const char *name, size_t *len)
{
	JsonbValue	key,
			   *v;

	*len = 0;
	if (!JB_ROOT_IS_OBJECT(tags))
		return NULL;
	key.type = jbvString;
	key.val.string.val = unconstify(char *, name);
	key.val.string.len = strlen(name);
	v = findJsonbValueFromContainer(&tags->root, JB_FOBJECT, &key);
	if (v == NULL || v->type != jbvString)
		return NULL;
	*len = v->val.string.len;
	return v->val.string.val;
}
