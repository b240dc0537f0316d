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
 * on the g- or c-file, Chess960's too), a pattern of one piece.  Scid's
 * "same-pawns" implies its FEN's material and pawns, "same-pawn-files" its
 * material; a manoeuvre, its piece on each square of the path.  The keys of
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

/* A formula and its keys as they are built: alternatives, closed into groups. */
typedef struct KeyBuilder
{
	QueryFormula *f;
	Datum	   *keys;
	int			nkeys,
				cap;
	int			nalts,
				altcap,
				groupcap;
	bool		overflow;		/* past QUERY_KEYS_MAX */
} KeyBuilder;

static void
builder_init(KeyBuilder *kb, bool windowed)
{
	memset(kb, 0, sizeof(*kb));
	kb->f = palloc0(sizeof(QueryFormula));
	kb->f->windowed = windowed;
	kb->groupcap = kb->altcap = 16;
	kb->f->group_at = palloc(sizeof(int) * kb->groupcap);
	kb->f->alt_at = palloc(sizeof(int) * kb->altcap);
	kb->f->group_at[0] = 0;
	kb->f->alt_at[0] = 0;
}

/* An alternative of n keys, in the group being built. */
static void
add_alternative(KeyBuilder *kb, const Datum *ak, int n)
{
	if (kb->nkeys + n > QUERY_KEYS_MAX)
	{
		kb->overflow = true;
		return;
	}
	if (kb->nkeys + n > kb->cap)
	{
		kb->cap = Max(kb->cap * 2, kb->nkeys + n);
		kb->keys = kb->keys ? repalloc(kb->keys, sizeof(Datum) * kb->cap) : palloc(sizeof(Datum) * kb->cap);
	}
	memcpy(kb->keys + kb->nkeys, ak, sizeof(Datum) * n);
	kb->nkeys += n;
	if (kb->nalts + 2 > kb->altcap)
	{
		kb->altcap *= 2;
		kb->f->alt_at = repalloc(kb->f->alt_at, sizeof(int) * kb->altcap);
	}
	kb->f->alt_at[++kb->nalts] = kb->nkeys;
}

/* The alternatives added since the last group closed make a group. */
static void
close_group(KeyBuilder *kb)
{
	if (kb->f->ngroups + 2 > kb->groupcap)
	{
		kb->groupcap *= 2;
		kb->f->group_at = repalloc(kb->f->group_at, sizeof(int) * kb->groupcap);
	}
	kb->f->group_at[++kb->f->ngroups] = kb->nalts;
}

/* The alternatives added since first_alt dropped: the rule asks nothing the index knows. */
static void
drop_group(KeyBuilder *kb, int first_alt)
{
	kb->nalts = first_alt;
	kb->nkeys = kb->f->alt_at[first_alt];
}

/* The pawns of a position as a pattern. */
static Pattern
pawn_pattern(const Position *pos)
{
	Pattern		p;

	memset(&p, 0, sizeof(p));
	p.pieces[PATTERN_INDEX(PIECE_MAKE(WHITE, PAWN))] = position_bb(pos, WHITE, PAWN);
	p.pieces[PATTERN_INDEX(PIECE_MAKE(BLACK, PAWN))] = position_bb(pos, BLACK, PAWN);
	return p;
}

/* A pattern's keys as an alternative; false (nothing added) for a pattern that asks for no key. */
static bool
add_pattern(KeyBuilder *kb, const Pattern *p, bool with_pairs)
{
	int32		an = 0;
	Datum	   *ak = game_pattern_query_of(p, with_pairs, &an);

	if (an == 0)
		return false;
	add_alternative(kb, ak, an);
	return true;
}

/* An exact material's key as an alternative. */
static bool
add_material(KeyBuilder *kb, const MaterialQuery *m)
{
	uint64		mkey;
	Datum		key;

	if (material_query_keys(m, &mkey, 1) != 1)
		return false;
	key = GAME_KEY(2, mkey);
	add_alternative(kb, &key, 1);
	return true;
}

/* The exact material of a position, as a material query. */
static MaterialQuery
position_material(const Position *pos)
{
	MaterialQuery m;

	material_counts(pos, m.min);
	memcpy(m.max, m.min, sizeof(m.max));
	return m;
}

/*
 * The groups of one condition's rule for the class: each alternative of
 * the rule (a pattern, a move's arrival, a material) its keys.
 */
static void
add_condition_groups(KeyBuilder *kb, const GameQuery *q, const QueryCondition *cond, bool pattern,
					 bool with_pairs)
{
	int			rule;

	for (rule = 0; rule < 3; rule++)
	{
		int			first_alt = kb->nalts,
					i;
		bool		constrained = false;

		if (pattern && rule == 0 && (cond->rules & QR_SUBFEN))
		{
			constrained = true;
			for (i = 0; i < cond->nsubfens && constrained; i++)
			{
				Pattern		ip = index_pattern(&q->patterns[cond->subfen_at + i]);

				constrained = add_pattern(kb, &ip, with_pairs);
			}
		}
		else if (pattern && rule == 1 && (cond->rules & QR_MOVE))
		{
			constrained = true;
			for (i = 0; i < cond->nmoves && constrained; i++)
			{
				Pattern		pats[4];
				int			np = move_patterns(&q->moves[cond->move_at + i], pats),
							j;

				for (j = 0; j < np && constrained; j++)
					constrained = add_pattern(kb, &pats[j], with_pairs);
			}
		}
		else if (pattern && rule == 2 && (cond->rules & QR_SAME_PAWNS))
		{
			constrained = true;
			for (i = 0; i < cond->nsame_pawns && constrained; i++)
			{
				Pattern		pp = pawn_pattern(&q->boards[cond->same_pawns_at + i]);
				Pattern		ip = index_pattern(&pp);

				constrained = add_pattern(kb, &ip, with_pairs);
			}
		}
		else if (!pattern && rule == 0 && (cond->rules & QR_MATERIAL))
		{
			constrained = true;
			for (i = 0; i < cond->nmaterials && constrained; i++)
				constrained = add_material(kb, &q->materials[cond->material_at + i]);
		}
		else if (!pattern && (rule == 1 || rule == 2) &&
				 (cond->rules & (rule == 1 ? QR_SAME_PAWNS : QR_SAME_FILES)))
		{
			int			at = rule == 1 ? cond->same_pawns_at : cond->same_files_at,
						n = rule == 1 ? cond->nsame_pawns : cond->nsame_files;

			constrained = true;
			for (i = 0; i < n && constrained; i++)
			{
				MaterialQuery m = position_material(&q->boards[at + i]);

				constrained = add_material(kb, &m);
			}
		}
		if (constrained)
			close_group(kb);
		else
			drop_group(kb, first_alt);
	}

	/* a manoeuvre: its piece arrives on each square of its path, a group each */
	if (pattern && (cond->rules & QR_MANOEUVRE))
	{
		const QueryManoeuvre *mv = &q->manoeuvres[cond->manoeuvre];

		for (rule = 1; rule < mv->nsquares; rule++)
		{
			Square		sq = mv->squares[rule];
			Pattern		p;

			/* a pawn may have promoted on its last rank, or on a ".." step, and be anything after */
			if (mv->kind == PAWN &&
				(SQ_RANK(sq) == (mv->color == WHITE ? 7 : 0) || ((mv->loose >> (rule - 1)) & 1)))
				break;
			memset(&p, 0, sizeof(p));
			p.pieces[PATTERN_INDEX(PIECE_MAKE(mv->color, mv->kind))] = SQ_BB(sq);
			if (add_pattern(kb, &p, with_pairs))
				close_group(kb);
		}
	}
}

/* Every condition's groups. */
static void
add_query_groups(KeyBuilder *kb, const GameQuery *q, bool pattern, bool with_pairs)
{
	int			c;

	for (c = 0; c < q->nconditions && !kb->overflow; c++)
		add_condition_groups(kb, q, &q->conditions[c], pattern, with_pairs);
}

/* Group g of a built formula appended to kb's group being built: its alternatives and their keys. */
static void
append_group(KeyBuilder *kb, const KeyBuilder *from, int g)
{
	int			a;

	for (a = from->f->group_at[g]; a < from->f->group_at[g + 1]; a++)
		add_alternative(kb, from->keys + from->f->alt_at[a], from->f->alt_at[a + 1] - from->f->alt_at[a]);
}

#define FLIP_GROUPS_MAX 16		/* the pairs of groups kept for a flipped query */

/*
 * The keys of a query (a gamequery's text) for game_pattern_ops (pattern
 * true, with its option pairs) or game_gin_ops, and the formula in
 * *formula; none asks for every game.  A query with "flip" matches when
 * it or its flipped twin does: (A1 and A2 ...) or (B1 and B2 ...), which
 * implies (Ai or Bj) for every pair of groups; some pairs are kept, each
 * group with its twin first.
 */
Datum *
game_query_keys(Datum query, bool pattern, bool with_pairs, int32 *nkeys, void **formula)
{
	text	   *t = DatumGetTextPP(query);
	GameQuery	q;
	QueryError	err;
	KeyBuilder	kb;

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
	builder_init(&kb, pattern);
	add_query_groups(&kb, &q, pattern, with_pairs);
	if (q.flipped && !kb.overflow && kb.f->ngroups > 0)
	{
		KeyBuilder	a = kb,
					b;
		int			i,
					j,
					d,
					pairs = 0;

		builder_init(&b, pattern);
		add_query_groups(&b, q.flipped, pattern, with_pairs);
		builder_init(&kb, pattern);
		/* the pairs (Ai or Bi) first: each side's group with its twin, then the others */
		for (d = 0; d < b.f->ngroups && pairs < FLIP_GROUPS_MAX; d++)
			for (i = 0; i < a.f->ngroups && pairs < FLIP_GROUPS_MAX; i++)
			{
				j = (i + d) % b.f->ngroups;
				append_group(&kb, &a, i);
				append_group(&kb, &b, j);
				close_group(&kb);
				pairs++;
			}
		kb.overflow |= b.overflow;
	}
	*formula = kb.f;
	*nkeys = kb.overflow || kb.f->ngroups == 0 ? 0 : kb.nkeys;
	if (*nkeys == 0)
		kb.f->ngroups = 0;
	return kb.keys;
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
 * Whether the index of an operator family of game (game_gin_ops or
 * game_pattern_ops) narrows a query: it has no "result" rule (which @@
 * refuses) and gives the family keys.
 */
static bool
family_narrows(Oid opfamily, Datum query)
{
	int32		nkeys;
	void	   *formula;
	HeapTuple	tuple = SearchSysCache1(OPFAMILYOID, ObjectIdGetDatum(opfamily));
	bool		pattern;

	if (!HeapTupleIsValid(tuple))
		return false;
	pattern = strcmp(NameStr(((Form_pg_opfamily) GETSTRUCT(tuple))->opfname), "game_pattern_ops") == 0;
	ReleaseSysCache(tuple);
	if (query_has_result(query))
		return false;
	game_query_keys(query, pattern, false, &nkeys, &formula);
	return nkeys > 0;
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
	if (IsA(query, Const) &&
		(((Const *) query)->constisnull || !family_narrows(req->opfamily, ((Const *) query)->constvalue)))
		PG_RETURN_POINTER(NULL);
	clause = make_opclause(op, BOOLOID, false, (Expr *) linitial(args), (Expr *) query, InvalidOid, InvalidOid);
	req->lossy = false;
	PG_RETURN_POINTER(list_make1(clause));
}

/*
 * The planner support function of matches(g, q, result): a game and its
 * result match q only if the game matches q without its "result" rules
 * (query_without_results()), which the index serves as g &@@ that query,
 * a condition implied (lossy: matches() is still applied to each row).
 * Only for a query known when the plan is made: a parameter's text is not.
 */
PG_FUNCTION_INFO_V1(game_query_result_support);
Datum
game_query_result_support(PG_FUNCTION_ARGS)
{
	Node	   *rawreq = (Node *) PG_GETARG_POINTER(0);
	SupportRequestIndexCondition *req;
	List	   *args;
	Const	   *query;
	text	   *t;
	struct varlena *without;
	size_t		len;
	Oid			op;
	Expr	   *clause;

	if (!IsA(rawreq, SupportRequestIndexCondition))
		PG_RETURN_POINTER(NULL);
	req = (SupportRequestIndexCondition *) rawreq;
	if (req->indexarg != 0 || !IsA(req->node, FuncExpr))
		PG_RETURN_POINTER(NULL);
	args = ((FuncExpr *) req->node)->args;
	if (list_length(args) != 3 || !IsA(lsecond(args), Const))
		PG_RETURN_POINTER(NULL);
	query = (Const *) lsecond(args);
	op = get_opfamily_member(req->opfamily, exprType(linitial(args)), query->consttype, STRATEGY_QUERY);
	if (query->constisnull || !OidIsValid(op))
		PG_RETURN_POINTER(NULL);
	t = DatumGetTextPP(query->constvalue);
	len = VARSIZE_ANY_EXHDR(t);
	without = palloc(VARHDRSZ + len);
	len = query_without_results(VARDATA_ANY(t), len, VARDATA(without));
	if (len == 0)
		PG_RETURN_POINTER(NULL);
	SET_VARSIZE(without, VARHDRSZ + len);
	if (!family_narrows(req->opfamily, PointerGetDatum(without)))
		PG_RETURN_POINTER(NULL);
	clause = make_opclause(op, BOOLOID, false, (Expr *) linitial(args),
						   (Expr *) makeConst(query->consttype, query->consttypmod, query->constcollid,
											  -1, PointerGetDatum(without), false, false),
						   InvalidOid, InvalidOid);
	req->lossy = true;
	PG_RETURN_POINTER(list_make1(clause));
}
