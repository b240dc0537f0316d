/*
 * gamequery.c — the type gamequery (Scoutfish's JSON query language,
 * engine/query.h): text and binary I/O, the operator g @@ q and its
 * estimate, matches() with a game's result, and match_plies().  A value
 * is the query's text as given, checked at input; it is compiled once per
 * call site and kept with the text it came from.
 */
#include "chess.h"

#include "engine/query.h"

#include "access/htup_details.h"
#include "catalog/pg_statistic.h"
#include "libpq/pqformat.h"
#include "miscadmin.h"
#include "utils/array.h"
#include "utils/builtins.h"
#include "utils/lsyscache.h"
#include "utils/memutils.h"
#include "utils/selfuncs.h"

#define PG_GETARG_GAMEQUERY_P(n)	PG_GETARG_TEXT_PP(n)

static void *
query_alloc(void *ctx, void *old, size_t size)
{
	MemoryContext cxt = (MemoryContext) ctx;

	if (size > MaxAllocSize)
		ereport(ERROR,
				(errcode(ERRCODE_PROGRAM_LIMIT_EXCEEDED),
				 errmsg("a game query is too large")));
	return old ? repalloc(old, size) : MemoryContextAlloc(cxt, size);
}

/*
 * Compiles a query's text in cxt; false with err when it is no query (the
 * caller reports it).
 */
static bool
compile(const char *s, size_t len, GameQuery *q, MemoryContext cxt, QueryError *err)
{
	return query_parse(s, len, q, query_alloc, cxt, err);
}

static int
query_errcode(const QueryError *err)
{
	return err->status == QUERY_TOO_BIG ? ERRCODE_PROGRAM_LIMIT_EXCEEDED
		: ERRCODE_INVALID_TEXT_REPRESENTATION;
}

/* Checks a query's text, in a context dropped after. */
static bool
valid(const char *s, size_t len, QueryError *err)
{
	MemoryContext cxt = AllocSetContextCreate(CurrentMemoryContext, "gamequery check",
											  ALLOCSET_DEFAULT_SIZES);
	GameQuery	q;
	bool		ok = compile(s, len, &q, cxt, err);

	MemoryContextDelete(cxt);
	return ok;
}

PG_FUNCTION_INFO_V1(gamequery_in);
Datum
gamequery_in(PG_FUNCTION_ARGS)
{
	char	   *str = PG_GETARG_CSTRING(0);
	QueryError	err;

	if (!valid(str, strlen(str), &err))
		ereturn(fcinfo->context, (Datum) 0,
				(errcode(query_errcode(&err)),
				 err.status == QUERY_TOO_BIG ? errmsg("game query too large: \"%s\"", chess_quote_cstring(str))
				 : errmsg("invalid input syntax for type gamequery: \"%s\"", chess_quote_cstring(str)),
				 errdetail("%s", chess_detail(err.detail))));
	PG_RETURN_TEXT_P(cstring_to_text(str));
}

PG_FUNCTION_INFO_V1(gamequery_out);
Datum
gamequery_out(PG_FUNCTION_ARGS)
{
	PG_RETURN_CSTRING(text_to_cstring(PG_GETARG_GAMEQUERY_P(0)));
}

/* binary: the text, in the client's encoding as for text, checked */
PG_FUNCTION_INFO_V1(gamequery_recv);
Datum
gamequery_recv(PG_FUNCTION_ARGS)
{
	StringInfo	buf = (StringInfo) PG_GETARG_POINTER(0);
	int			nbytes;
	char	   *str = pq_getmsgtext(buf, buf->len - buf->cursor, &nbytes);
	QueryError	err;

	if (!valid(str, (size_t) nbytes, &err))
		ereport(ERROR,
				(errcode(err.status == QUERY_TOO_BIG ? ERRCODE_PROGRAM_LIMIT_EXCEEDED
						 : ERRCODE_INVALID_BINARY_REPRESENTATION),
				 errmsg("invalid binary data for type gamequery"),
				 errdetail("%s", chess_detail(err.detail))));
	PG_RETURN_TEXT_P(cstring_to_text_with_len(str, nbytes));
}

PG_FUNCTION_INFO_V1(gamequery_send);
Datum
gamequery_send(PG_FUNCTION_ARGS)
{
	text	   *t = PG_GETARG_GAMEQUERY_P(0);
	StringInfoData buf;

	pq_begintypsend(&buf);
	pq_sendtext(&buf, VARDATA_ANY(t), VARSIZE_ANY_EXHDR(t));
	PG_RETURN_BYTEA_P(pq_endtypsend(&buf));
}

/*
 * The compiled query of a call site, kept in fn_extra with the text it
 * came from and compiled again only when the text changes (a join, a
 * parameter).  A stored value that is no query (bytes written by hand)
 * raises XX001.
 */
typedef struct CompiledQuery
{
	MemoryContext cxt;			/* holds the query and the text */
	bool		valid;			/* text holds a query compiled into q */
	size_t		len;
	char	   *text;
	GameQuery	q;
	int		   *plies;			/* room for q.nconditions */
	int		   *spare;			/* as much, for a flipped query's */
} CompiledQuery;

static const CompiledQuery *
compiled(FunctionCallInfo fcinfo, text *t)
{
	CompiledQuery *c = fcinfo->flinfo->fn_extra;
	size_t		len = VARSIZE_ANY_EXHDR(t);
	QueryError	err;

	if (c && c->valid && c->len == len && memcmp(c->text, VARDATA_ANY(t), len) == 0)
		return c;
	if (c == NULL)
	{
		c = MemoryContextAllocZero(fcinfo->flinfo->fn_mcxt, sizeof(CompiledQuery));
		fcinfo->flinfo->fn_extra = c;
	}
	if (c->cxt)
		MemoryContextDelete(c->cxt);
	c->valid = false;
	c->text = NULL;
	c->len = 0;
	c->cxt = AllocSetContextCreate(fcinfo->flinfo->fn_mcxt, "gamequery", ALLOCSET_DEFAULT_SIZES);
	if (!compile(VARDATA_ANY(t), len, &c->q, c->cxt, &err))
	{
		MemoryContextDelete(c->cxt);
		c->cxt = NULL;
		ereport(ERROR,
				(errcode(ERRCODE_DATA_CORRUPTED),
				 errmsg("corrupted gamequery value"),
				 errdetail("%s", chess_detail(err.detail))));
	}
	c->plies = MemoryContextAlloc(c->cxt, sizeof(int) * c->q.nconditions);
	c->spare = MemoryContextAlloc(c->cxt, sizeof(int) * c->q.nconditions);
	c->text = MemoryContextAlloc(c->cxt, len + 1);
	memcpy(c->text, VARDATA_ANY(t), len);
	c->len = len;
	c->valid = true;
	return c;
}

/* A result's text as query.h numbers it; -1 for text that is no result. */
static int
result_code(text *result)
{
	const char *s = VARDATA_ANY(result);
	size_t		n = VARSIZE_ANY_EXHDR(result);

	if (n == 3 && memcmp(s, "1-0", 3) == 0)
		return QUERY_WHITE_WINS;
	if (n == 3 && memcmp(s, "0-1", 3) == 0)
		return QUERY_BLACK_WINS;
	if (n == 7 && memcmp(s, "1/2-1/2", 7) == 0)
		return QUERY_DRAW;
	if (n == 1 && s[0] == '*')
		return QUERY_UNKNOWN;
	ereport(ERROR,
			(errcode(ERRCODE_INVALID_PARAMETER_VALUE),
			 errmsg("invalid game result: \"%s\"", chess_quote(s, n)),
			 errdetail("A result is 1-0, 0-1, 1/2-1/2 or *.")));
	return -1;
}

/* Replays g against q: query_match()'s answer, damaged bytes raised when raise. */
static int
replay(const GameQuery *q, struct varlena *g, int *plies, int result, bool raise)
{
	GameReader	r;
	int			n;

	if (result >= 0 && !query_result_allowed(q, (QueryResult) result))
		return 0;
	chess_game_reader(&r, g);
	n = query_match(q, &r, plies, chess_poll, NULL);
	if (n < 0 && raise)
		chess_game_damaged(r.error);
	return n;
}

/*
 * Replays g against q and, when q has a flipped twin ("flip"), against
 * that: the number of conditions when either matches, with the plies of
 * the match that ends first (q's on a tie; when earliest is false, q's
 * when q matches) in plies, 0 when neither does, -1 for damaged bytes
 * (raised when raise).  spare has room for the plies too.  result: a
 * QueryResult, or -1 for any.
 */
static int
match_game(const GameQuery *q, struct varlena *g, int *plies, int *spare, int result, bool raise,
		   bool earliest)
{
	int			n = replay(q, g, plies, result, raise),
				m;

	if (n < 0 || q->flipped == NULL || (n > 0 && !earliest))
		return n;
	/* after a match, damaged bytes further on do not undo it */
	m = replay(q->flipped, g, n > 0 ? spare : plies, result, raise && n == 0);
	if (n > 0 && m > 0 && spare[n - 1] < plies[n - 1])
		memcpy(plies, spare, sizeof(int) * n);
	return n > 0 ? n : m;
}

/*
 * Replays g against the query; its plies in c->plies when it matches (of
 * the match that ends first, with "flip", when earliest).  result: a
 * QueryResult, or -1 when the caller has none (a query with a "result"
 * rule then raises 22023).
 */
static bool
game_matches(const CompiledQuery *c, struct varlena *g, int result, bool earliest)
{
	if (result < 0 && c->q.results != QUERY_ANY_RESULT)
		ereport(ERROR,
				(errcode(ERRCODE_INVALID_PARAMETER_VALUE),
				 errmsg("the game query has a rule \"result\", and a game value holds no result"),
				 errhint("Use matches(g, query, result) or match_plies(g, query, result) with the game's result.")));
	return match_game(&c->q, g, c->plies, c->spare, result, true, earliest) > 0;
}

/* g @@ q: the game matches the query (which has no "result" rule) */
PG_FUNCTION_INFO_V1(game_matches_query);
Datum
game_matches_query(PG_FUNCTION_ARGS)
{
	struct varlena *g = PG_GETARG_GAME_P(0);
	const CompiledQuery *c = compiled(fcinfo, PG_GETARG_GAMEQUERY_P(1));

	PG_RETURN_BOOL(game_matches(c, g, -1, false));
}

/* matches(g, q, result): the game, whose result is given, matches the query */
PG_FUNCTION_INFO_V1(game_matches_query_result);
Datum
game_matches_query_result(PG_FUNCTION_ARGS)
{
	struct varlena *g = PG_GETARG_GAME_P(0);
	const CompiledQuery *c = compiled(fcinfo, PG_GETARG_GAMEQUERY_P(1));

	PG_RETURN_BOOL(game_matches(c, g, result_code(PG_GETARG_TEXT_PP(2)), false));
}

/*
 * match_plies(g, q [, result]): the plies where the game met each
 * condition of the query (Scoutfish's "ply"), or NULL when it does not
 * match.
 */
PG_FUNCTION_INFO_V1(game_match_plies);
Datum
game_match_plies(PG_FUNCTION_ARGS)
{
	struct varlena *g;
	const CompiledQuery *c;
	int			result;
	Datum	   *d;
	int			i;

	if (PG_ARGISNULL(0) || PG_ARGISNULL(1))
		PG_RETURN_NULL();
	g = PG_GETARG_GAME_P(0);
	c = compiled(fcinfo, PG_GETARG_GAMEQUERY_P(1));
	result = PG_NARGS() > 2 && !PG_ARGISNULL(2) ? result_code(PG_GETARG_TEXT_PP(2)) : -1;
	if (!game_matches(c, g, result, true))
		PG_RETURN_NULL();
	d = palloc(sizeof(Datum) * c->q.nconditions);
	for (i = 0; i < c->q.nconditions; i++)
		d[i] = Int32GetDatum(c->plies[i]);
	PG_RETURN_ARRAYTYPE_P(construct_array(d, c->q.nconditions, INT4OID, sizeof(int32), true, TYPALIGN_INT));
}

/*
 * The share of a statistics slot's games that match q: weighted by the
 * slot's numbers (most common values), or each value one share
 * (histogram).  Queries with a "result" rule are not estimated here.
 */
static double
matching_share(const GameQuery *q, int *plies, AttStatsSlot *slot, bool weighted)
{
	double		share = 0;
	int			i;

	for (i = 0; i < slot->nvalues; i++)
	{
		if (match_game(q, DatumGetGameP(slot->values[i]), plies, plies, -1, false, false) > 0)
			share += weighted ? slot->numbers[i] : 1.0 / slot->nvalues;
	}
	return share;
}

/*
 * The restriction estimator of g @@ q: the share of the column's sampled
 * games (its statistics' most common values and histogram, a hundred or
 * so games at the default statistics target) that match the query,
 * replayed at each planning (about a millisecond); without statistics, or
 * for a query the planner cannot see, 1% for a query an index can narrow
 * (a sub-fen, material, move, same-pawns, same-pawn-files or manoeuvre
 * rule) and 50% for one it cannot (the planner then reads the table
 * rather than every entry of an index).
 */
PG_FUNCTION_INFO_V1(game_query_sel);
Datum
game_query_sel(PG_FUNCTION_ARGS)
{
	PlannerInfo *root = (PlannerInfo *) PG_GETARG_POINTER(0);
	Oid			operator = PG_GETARG_OID(1);
	List	   *args = (List *) PG_GETARG_POINTER(2);
	int			varRelid = PG_GETARG_INT32(3);
	VariableStatData vardata;
	Node	   *other;
	bool		varonleft;
	double		sel = DEFAULT_MATCHING_SEL;

	if (!get_restriction_variable(root, args, varRelid, &vardata, &other, &varonleft))
		PG_RETURN_FLOAT8(sel);
	if (varonleft && IsA(other, Const) && !((Const *) other)->constisnull)
	{
		text	   *t = DatumGetTextPP(((Const *) other)->constvalue);
		MemoryContext cxt = AllocSetContextCreate(CurrentMemoryContext, "gamequery estimate",
												  ALLOCSET_DEFAULT_SIZES);
		MemoryContext old = MemoryContextSwitchTo(cxt);
		GameQuery	q;
		QueryError	err;

		if (compile(VARDATA_ANY(t), VARSIZE_ANY_EXHDR(t), &q, cxt, &err) && q.results == QUERY_ANY_RESULT)
		{
			int			c;
			bool		narrows = false;

			for (c = 0; c < q.nconditions; c++)
				if (q.conditions[c].rules & (QR_SUBFEN | QR_MATERIAL | QR_MOVE | QR_SAME_PAWNS |
											 QR_SAME_FILES | QR_MANOEUVRE))
					narrows = true;
			sel = narrows ? DEFAULT_MATCHING_SEL : 0.5;
			if (HeapTupleIsValid(vardata.statsTuple) &&
				statistic_proc_security_check(&vardata, get_opcode(operator)))
			{
				Form_pg_statistic stats = (Form_pg_statistic) GETSTRUCT(vardata.statsTuple);
				int		   *plies = palloc(sizeof(int) * q.nconditions);
				double		common = 0,
							in_common = 0;
				AttStatsSlot slot;

				if (get_attstatsslot(&slot, vardata.statsTuple, STATISTIC_KIND_MCV, InvalidOid,
									 ATTSTATSSLOT_VALUES | ATTSTATSSLOT_NUMBERS))
				{
					int			i;

					for (i = 0; i < slot.nnumbers; i++)
						common += slot.numbers[i];
					in_common = matching_share(&q, plies, &slot, true);
					free_attstatsslot(&slot);
				}
				if (get_attstatsslot(&slot, vardata.statsTuple, STATISTIC_KIND_HISTOGRAM, InvalidOid,
									 ATTSTATSSLOT_VALUES))
				{
					double		share = matching_share(&q, plies, &slot, false);

					/* a small histogram says less: lean toward the default */
					sel = slot.nvalues < 100 ? share * slot.nvalues / 100.0 + sel * (1.0 - slot.nvalues / 100.0)
						: share;
					free_attstatsslot(&slot);
				}
				sel = Min(Max(sel, 0.0001), 0.9999);
				sel = sel * (1.0 - stats->stanullfrac - common) + in_common;
			}
		}
		MemoryContextSwitchTo(old);
		MemoryContextDelete(cxt);
	}
	ReleaseVariableStats(vardata);
	PG_RETURN_FLOAT8(Min(Max(sel, 0.0), 1.0));
}
