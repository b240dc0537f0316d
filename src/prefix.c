/*
 * prefix.c — g ^@ prefix, the games that begin with a prefix's moves, and
 * its planner support function, which makes it a btree range on an index
 * of game_ops (games sort move by move: engine/game.h).
 */
#include "chess.h"

#include "engine/game.h"

#include "catalog/pg_am.h"
#include "catalog/pg_opfamily.h"
#include "nodes/makefuncs.h"
#include "nodes/nodeFuncs.h"
#include "nodes/supportnodes.h"
#include "utils/lsyscache.h"
#include "utils/syscache.h"

/* g ^@ prefix: the game begins with the prefix's moves, from the same start */
PG_FUNCTION_INFO_V1(game_starts_with);
Datum
game_starts_with(PG_FUNCTION_ARGS)
{
	struct varlena *g = PG_GETARG_GAME_P(0);
	struct varlena *p = PG_GETARG_GAME_P(1);
	GameReader	rg,
				rp;
	bool		result;
	uint8		a[PACKED_POSITION_SIZE],
				b[PACKED_POSITION_SIZE];

	chess_game_reader(&rg, g);
	chess_game_reader(&rp, p);
	position_pack(&rg.start, a);
	position_pack(&rp.start, b);
	result = rp.plies <= rg.plies && memcmp(a, b, PACKED_POSITION_SIZE) == 0;
	while (result && rp.ply < rp.plies)
		result = chess_game_next(&rg) == chess_game_next(&rp);
	PG_FREE_IF_COPY(g, 0);
	PG_FREE_IF_COPY(p, 1);
	PG_RETURN_BOOL(result);
}

/*
 * The least game after every game that begins with the prefix: the prefix
 * up to its last move that is not the last legal move of its position, with
 * the next legal move instead; NULL when every move is the last one.
 */
static struct varlena *
game_prefix_upper(struct varlena *p)
{
	GameReader	r;
	Position   *before;
	Move	   *moves;
	int			k;

	chess_game_reader(&r, p);
	before = palloc(sizeof(Position) * (r.plies + 1));
	moves = palloc(sizeof(Move) * (r.plies + 1));
	while (r.ply < r.plies)
	{
		before[r.ply] = r.pos;
		moves[r.ply] = chess_game_next(&r);
	}
	for (k = r.plies - 1; k >= 0; k--)
	{
		Move		legal[MAX_MOVES];
		int			n = game_sorted_moves(&before[k], legal),
					i;

		for (i = 0; i < n - 1; i++)
			if (legal[i] == moves[k])
			{
				moves[k] = legal[i + 1];
				return chess_game_from_moves(&r.start, moves, k + 1);
			}
	}
	return NULL;
}

/* the access method of an operator family (lsyscache has it from 18 only) */
static Oid
opfamily_method(Oid opfamily)
{
	HeapTuple	tp = SearchSysCache1(OPFAMILYOID, ObjectIdGetDatum(opfamily));
	Oid			method;

	if (!HeapTupleIsValid(tp))
		elog(ERROR, "cache lookup failed for operator family %u", opfamily);
	method = ((Form_pg_opfamily) GETSTRUCT(tp))->opfmethod;
	ReleaseSysCache(tp);
	return method;
}

/*
 * The planner support function of ^@: g ^@ constant becomes the btree
 * range g >= prefix AND g < upper(prefix) on an index of game_ops, which
 * sorts games move by move (engine/game.h), as LIKE 'abc%' becomes a range
 * on a text index.
 */
PG_FUNCTION_INFO_V1(game_starts_with_support);
Datum
game_starts_with_support(PG_FUNCTION_ARGS)
{
	Node	   *rawreq = (Node *) PG_GETARG_POINTER(0);
	SupportRequestIndexCondition *req;
	List	   *args;
	Node	   *leftop,
			   *rightop;
	Oid			game_type,
				ge,
				lt;
	Const	   *prefix;
	struct varlena *upper;
	List	   *result;

	if (!IsA(rawreq, SupportRequestIndexCondition))
		PG_RETURN_POINTER(NULL);
	req = (SupportRequestIndexCondition *) rawreq;
	if (req->indexarg != 0)
		PG_RETURN_POINTER(NULL);
	if (is_opclause(req->node))
		args = ((OpExpr *) req->node)->args;
	else if (is_funcclause(req->node))
		args = ((FuncExpr *) req->node)->args;
	else
		PG_RETURN_POINTER(NULL);
	leftop = linitial(args);
	rightop = lsecond(args);
	if (!IsA(rightop, Const) || ((Const *) rightop)->constisnull)
		PG_RETURN_POINTER(NULL);
	game_type = exprType(leftop);
	if (opfamily_method(req->opfamily) != BTREE_AM_OID)
		PG_RETURN_POINTER(NULL);
	ge = get_opfamily_member(req->opfamily, game_type, game_type, BTGreaterEqualStrategyNumber);
	lt = get_opfamily_member(req->opfamily, game_type, game_type, BTLessStrategyNumber);
	if (!OidIsValid(ge) || !OidIsValid(lt))
		PG_RETURN_POINTER(NULL);
	prefix = (Const *) rightop;
	result = list_make1(make_opclause(ge, BOOLOID, false, (Expr *) leftop, (Expr *) prefix,
									  InvalidOid, InvalidOid));
	upper = game_prefix_upper(DatumGetGameP(prefix->constvalue));
	if (upper)
		result = lappend(result,
						 make_opclause(lt, BOOLOID, false, (Expr *) leftop,
									   (Expr *) makeConst(game_type, -1, InvalidOid, -1,
														  PointerGetDatum(upper), false, false),
									   InvalidOid, InvalidOid));
	req->lossy = true;			/* ^@ stays as a filter; the range is exact, the check cheap */
	PG_RETURN_POINTER(result);
}
