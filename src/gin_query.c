/*
 * gin_query.c — g @@ gamequery (strategy 10) in the two GIN operator
 * classes of game: the keys a query implies and their consistency.
 *
 * A game matches a query only if each of its conditions is met at some
 * ply, and a condition only where each of its rules holds: so the game
 * has, for every condition with a "material" rule, one of its materials
 * (game_gin_ops's exact material keys); for every condition with a
 * "sub-fen" rule, the keys of one of its patterns in some window
 * (game_pattern_ops's keys, as g @> pattern asks for them); and for every
 * condition with a move rule, one of its moves' arrivals: after a move the
 * piece stands on its target (the promoted piece; after castling the king
 * on the g- or c-file, Chess960's too), a pattern of one piece.  The keys of
 * a query are those of each alternative, one after another; a formula
 * kept with them (in extra_data) says which keys make an alternative and
 * which alternatives a condition (a group).  A candidate meets every
 * group and is rechecked: the index narrows, the replay decides.  No
 * group (a query of moves alone, or too many keys) asks for every game.
 */
#include "gin_common.h"

#include "engine/query.h"

#include "access/htup_details.h"
#include "catalog/pg_opfamily.h"
#include "catalog/pg_type.h"
#include "nodes/makefuncs.h"
#include "nodes/nodeFuncs.h"
#include "nodes/supportnodes.h"
#include "optimizer/optimizer.h"
#include "utils/lsyscache.h"
#include "utils/memutils.h"
#include "utils/syscache.h"

#define QUERY_KEYS_MAX 65536	/* past this, every game (a list of thousands of sub-FENs) */

typedef struct QueryFormula
{
	bool		windowed;		/* game_pattern_ops: an alternative is a pattern's windows */
	int			ngroups;
	int		   *group_at;		/* alternatives of group g: group_at[g] .. group_at[g + 1] */
	int		   *alt_at;			/* keys of alternative a: alt_at[a] .. alt_at[a + 1] */
} QueryFormula;

static void *
formula_alloc(void *ctx pg_attribute_unused(), void *old, size_t size)
{
	if (size > MaxAllocSize)
		ereport(ERROR,
				(errcode(ERRCODE_PROGRAM_LIMIT_EXCEEDED),
				 errmsg("a game query is too large")));
	return old ? repalloc(old, size) : palloc(size);
}

/*
 * The pieces of a pattern worth asking the index for: those off their
 * squares of the standard start, when it has some (the others stand there
 * in nearly every game's first window, and their long lists of games cost
 * the index scan more than they narrow it: the Four Knights' Spanish as a
 * sub-fen read its 32 pieces' lists in 0.8 s for 1,079 candidates of
 * 100,000 games).  Any of a pattern's pieces are implied by it, so fewer
 * keys only let more candidates through to the recheck.
 */
static Pattern
index_pattern(const Pattern *p)
{
	static Position start;
	static bool made = false;
	Pattern		q = *p;
	Bitboard	off = 0;
	int			i;

	if (!made)
	{
		position_set_startpos(&start);
		made = true;
	}
	for (i = 0; i < 12; i++)
		off |= p->pieces[i] & ~(start.by_color[i / 6] & start.by_kind[i % 6 + 1]);
	if (off)
		for (i = 0; i < 12; i++)
			q.pieces[i] &= off;
	return q;
}

/* The patterns of one piece a move leaves on the board (one, or four for a promotion of any piece). */
static int
move_patterns(const QueryMove *m, Pattern out[4])
{
	int			n = 1,
				i;
	PieceKind	kinds[4] = {(PieceKind) m->kind, NO_KIND, NO_KIND, NO_KIND};
	Square		to = m->to;

	if (m->castle)
		to = SQ_MAKE(m->castle == 1 ? 6 : 2, m->color == WHITE ? 0 : 7);
	else if (m->promotion != NO_KIND)
		kinds[0] = (PieceKind) m->promotion;
	else if (m->kind == PAWN && SQ_RANK(to) == (m->color == WHITE ? 7 : 0))
	{
		for (i = 0; i < 4; i++)
			kinds[i] = (PieceKind) (KNIGHT + i);
		n = 4;
	}
	for (i = 0; i < n; i++)
	{
		memset(&out[i], 0, sizeof(Pattern));
		out[i].pieces[m->color * 6 + kinds[i] - 1] = SQ_BB(to);
	}
	return n;
}

/*
 * The keys of a query (a gamequery's text) for game_pattern_ops (pattern
 * true, with its option pairs) or game_gin_ops, and the formula in
 * *formula; none asks for every game.
 */
Datum *
game_query_keys(Datum query, bool pattern, bool with_pairs, int32 *nkeys, void **formula)
{
	text	   *t = DatumGetTextPP(query);
	GameQuery	q;
	QueryError	err;
	QueryFormula *f = palloc0(sizeof(QueryFormula));
	Datum	   *keys = NULL;
	int			nalts = 0,
				cap = 0,
				altcap = 0,
				groupcap,
				c;

	*nkeys = 0;
	*formula = f;
	if (!query_parse(VARDATA_ANY(t), VARSIZE_ANY_EXHDR(t), &q, formula_alloc, NULL, &err))
		ereport(ERROR,
				(errcode(ERRCODE_DATA_CORRUPTED),
				 errmsg("corrupted gamequery value"),
				 errdetail("%s", chess_detail(err.detail))));
	if (q.results != QUERY_ANY_RESULT)
		ereport(ERROR,
				(errcode(ERRCODE_INVALID_PARAMETER_VALUE),
				 errmsg("the game query has a rule \"result\", and a game value holds no result"),
				 errhint("Use matches(g, query, result) or match_plies(g, query, result) with the game's result.")));
	f->windowed = pattern;
	groupcap = 16;
	f->group_at = palloc(sizeof(int) * groupcap);
	f->alt_at = palloc(sizeof(int) * 16);
	altcap = 16;
	f->alt_at[0] = 0;
	f->group_at[0] = 0;
	for (c = 0; c < q.nconditions; c++)
	{
		const QueryCondition *cond = &q.conditions[c];
		int			rule;

		/* a group for each rule the class knows: sub-fen and moves, or material */
		for (rule = 0; rule < 2; rule++)
		{
			int			first_alt = nalts,
						first_key = *nkeys,
						n = 0,
						i;
			bool		unconstrained;

			if (pattern && rule == 0 && (cond->rules & QR_SUBFEN))
				n = cond->nsubfens;
			else if (pattern && rule == 1 && (cond->rules & QR_MOVE))
				n = cond->nmoves;
			else if (!pattern && rule == 0 && (cond->rules & QR_MATERIAL))
				n = cond->nmaterials;
			unconstrained = n == 0;
			for (i = 0; i < n && !unconstrained; i++)
			{
				Pattern		pats[4];
				int			np = 1,
							j;

				if (pattern && rule == 0)
					pats[0] = index_pattern(&q.patterns[cond->subfen_at + i]);
				else if (pattern)
					np = move_patterns(&q.moves[cond->move_at + i], pats);
				for (j = 0; j < np && !unconstrained; j++)
				{
					Datum	   *ak;
					int32		an = 0;
					uint64		mkey;

					if (pattern)
						ak = game_pattern_query_of(&pats[j], with_pairs, &an);
					else
					{
						ak = palloc(sizeof(Datum));
						if (material_query_keys(&q.materials[cond->material_at + i], &mkey, 1) == 1)
						{
							ak[0] = GAME_KEY(2, mkey);
							an = 1;
						}
					}
					if (an == 0)
						unconstrained = true;	/* an empty pattern: any game */
					else
					{
						if (*nkeys + an > QUERY_KEYS_MAX)
						{
							*nkeys = 0;
							f->ngroups = 0;
							return NULL;
						}
						if (*nkeys + an > cap)
						{
							cap = Max(cap * 2, *nkeys + an);
							keys = keys ? repalloc(keys, sizeof(Datum) * cap) : palloc(sizeof(Datum) * cap);
						}
						memcpy(keys + *nkeys, ak, sizeof(Datum) * an);
						*nkeys += an;
						if (nalts + 2 > altcap)
						{
							altcap *= 2;
							f->alt_at = repalloc(f->alt_at, sizeof(int) * altcap);
						}
						f->alt_at[++nalts] = *nkeys;
					}
				}
			}
			if (unconstrained)
			{
				/* the rule asks nothing the index knows: drop its alternatives */
				nalts = first_alt;
				*nkeys = first_key;
				continue;
			}
			if (f->ngroups + 2 > groupcap)
			{
				groupcap *= 2;
				f->group_at = repalloc(f->group_at, sizeof(int) * groupcap);
			}
			f->group_at[++f->ngroups] = nalts;
		}
	}
	if (f->ngroups == 0)
		*nkeys = 0;
	return keys;
}

/* Whether a candidate may match: one alternative of every group. */
GinTernaryValue
game_query_consistent(const void *formula, const GinTernaryValue *check, const Datum *queryKeys)
{
	const QueryFormula *f = formula;
	int			g;

	for (g = 0; g < f->ngroups; g++)
	{
		bool		some = false;
		int			a;

		for (a = f->group_at[g]; a < f->group_at[g + 1] && !some; a++)
		{
			int			first = f->alt_at[a],
						n = f->alt_at[a + 1] - first;

			some = (f->windowed ? pattern_windows_check(check + first, n, queryKeys + first)
					: check[first]) != GIN_FALSE;
		}
		if (!some)
			return GIN_FALSE;
	}
	return GIN_MAYBE;
}

/* Whether a query has a "result" rule (or is no query): the index leaves it to the operator, which raises. */
static bool
query_has_result(Datum query)
{
	text	   *t = DatumGetTextPP(query);
	MemoryContext cxt = AllocSetContextCreate(CurrentMemoryContext, "gamequery check", ALLOCSET_SMALL_SIZES);
	MemoryContext old = MemoryContextSwitchTo(cxt);
	GameQuery	q;
	QueryError	err;
	bool		has = !query_parse(VARDATA_ANY(t), VARSIZE_ANY_EXHDR(t), &q, formula_alloc, NULL, &err) ||
		q.results != QUERY_ANY_RESULT;

	MemoryContextSwitchTo(old);
	MemoryContextDelete(cxt);
	return has;
}

/*
 * The planner support function of g @@ q: @@ is in no operator family, so
 * the planner asks here whether an index on g can serve the clause.  Where
 * the index's family has the game-query strategy and the query gives it
 * keys (or the query is not known yet: a parameter), the answer is the
 * same test written with the family's operator &@@, an exact equivalent
 * (it calls the same function); a query that gives the family no keys
 * would read every entry of the index, more than reading the table, so
 * none is offered (the planner could not tell: its cost model charges the
 * recheck only for the rows it expects).
 */
PG_FUNCTION_INFO_V1(game_query_support);
Datum
game_query_support(PG_FUNCTION_ARGS)
{
	Node	   *rawreq = (Node *) PG_GETARG_POINTER(0);
	SupportRequestIndexCondition *req;
	List	   *args;
	Node	   *query;
	Oid			left,
				right,
				op;
	Expr	   *clause;

	if (!IsA(rawreq, SupportRequestIndexCondition))
		PG_RETURN_POINTER(NULL);
	req = (SupportRequestIndexCondition *) rawreq;
	if (req->indexarg != 0)
		PG_RETURN_POINTER(NULL);
	if (IsA(req->node, OpExpr))
		args = ((OpExpr *) req->node)->args;
	else if (IsA(req->node, FuncExpr))
		args = ((FuncExpr *) req->node)->args;
	else
		PG_RETURN_POINTER(NULL);
	if (list_length(args) != 2)
		PG_RETURN_POINTER(NULL);
	left = exprType(linitial(args));
	right = exprType(lsecond(args));
	op = get_opfamily_member(req->opfamily, left, right, STRATEGY_QUERY);
	if (!OidIsValid(op))
		PG_RETURN_POINTER(NULL);
	query = lsecond(args);
	/*
	 * The query must be known before the scan: a constant or a parameter
	 * (the planner checks that for an operator, not for a function call:
	 * game_matches_query(g, t.q) against a column would become a scan key
	 * read without a row).
	 */
	if (!IsA(query, Const) && !IsA(query, Param))
		PG_RETURN_POINTER(NULL);
	if (IsA(query, Param) && ((Param *) query)->paramkind != PARAM_EXTERN)
		PG_RETURN_POINTER(NULL);
	if (IsA(query, Const))
	{
		int32		nkeys;
		void	   *formula;
		HeapTuple	tuple = SearchSysCache1(OPFAMILYOID, ObjectIdGetDatum(req->opfamily));
		bool		pattern;

		if (!HeapTupleIsValid(tuple))
			PG_RETURN_POINTER(NULL);
		pattern = strcmp(NameStr(((Form_pg_opfamily) GETSTRUCT(tuple))->opfname), "game_pattern_ops") == 0;
		ReleaseSysCache(tuple);

		if (((Const *) query)->constisnull || query_has_result(((Const *) query)->constvalue))
			PG_RETURN_POINTER(NULL);
		game_query_keys(((Const *) query)->constvalue, pattern, false, &nkeys, &formula);
		if (nkeys == 0)
			PG_RETURN_POINTER(NULL);
	}
	clause = make_opclause(op, BOOLOID, false, (Expr *) linitial(args), (Expr *) query, InvalidOid, InvalidOid);
	req->lossy = false;
	PG_RETURN_POINTER(list_make1(clause));
}
