/*
 * pgn_scan.c — reading pgn_games() and pgn_games_file() in FROM as a
 * stream.  A set-returning function in FROM is a function scan, which
 * stores every row the function returns before it returns the first (a
 * tuplestore, on disk past work_mem): for a month of lichess's games that
 * is hundreds of gigabytes of temporary files.  These functions return
 * their rows a call at a time (value per call); this planner hook puts a
 * custom scan in the function scan's place that asks the function for one
 * row each time it is asked for one, so that memory and temporary disk stay
 * flat and the first row comes at once, as COPY FROM and file_fdw read.
 *
 * Left to the function scan: WITH ORDINALITY, ROWS FROM with several
 * functions, a call that refers to the columns of a table before it in
 * FROM (LATERAL: the function is called again for each of its rows), and a
 * query that asks for the whole row.  The functions load this library when
 * the planner estimates their rows (their support function), before the
 * hook is needed.
 */
#include "chess.h"

#include "access/htup_details.h"
#include "catalog/pg_language.h"
#include "catalog/pg_proc.h"
#include "executor/executor.h"
#include "funcapi.h"
#include "nodes/extensible.h"
#include "nodes/makefuncs.h"
#include "nodes/supportnodes.h"
#include "optimizer/optimizer.h"
#include "optimizer/pathnode.h"
#include "optimizer/paths.h"
#include "optimizer/restrictinfo.h"
#include "parser/parsetree.h"
#include "utils/builtins.h"
#include "utils/memutils.h"
#include "utils/syscache.h"

static set_rel_pathlist_hook_type prev_set_rel_pathlist = NULL;

static Plan *plan_stream(PlannerInfo *root, RelOptInfo *rel, CustomPath *best_path, List *tlist,
						 List *clauses, List *custom_plans);
static Node *create_stream_state(CustomScan *cscan);
static void begin_stream(CustomScanState *node, EState *estate, int eflags);
static TupleTableSlot *exec_stream(CustomScanState *node);
static void end_stream(CustomScanState *node);
static void rescan_stream(CustomScanState *node);

static const CustomPathMethods stream_path_methods = {
	.CustomName = "PGN stream",
	.PlanCustomPath = plan_stream,
};

static const CustomScanMethods stream_scan_methods = {
	.CustomName = "PGN stream",
	.CreateCustomScanState = create_stream_state,
};

static const CustomExecMethods stream_exec_methods = {
	.CustomName = "PGN stream",
	.BeginCustomScan = begin_stream,
	.ExecCustomScan = exec_stream,
	.EndCustomScan = end_stream,
	.ReScanCustomScan = rescan_stream,
};

typedef struct StreamState
{
	CustomScanState css;
	SetExprState *srf;			/* the function call */
	ExprContext *srf_econtext;	/* its calls' memory, reset for each row */
	MemoryContext argcontext;	/* its arguments', for all its calls */
	bool		done;
} StreamState;

/* Whether a function is one of this library's that return their rows a call at a time. */
static bool
streamed_function(Oid funcid)
{
	HeapTuple	tp = SearchSysCache1(PROCOID, ObjectIdGetDatum(funcid));
	bool		streamed = false;

	if (!HeapTupleIsValid(tp))
		return false;
	if (((Form_pg_proc) GETSTRUCT(tp))->prolang == ClanguageId &&
		((Form_pg_proc) GETSTRUCT(tp))->proretset)
	{
		bool		src_null,
					bin_null;
		Datum		src = SysCacheGetAttr(PROCOID, tp, Anum_pg_proc_prosrc, &src_null);
		Datum		bin = SysCacheGetAttr(PROCOID, tp, Anum_pg_proc_probin, &bin_null);

		if (!src_null && !bin_null && strcmp(TextDatumGetCString(bin), "$libdir/chess") == 0)
		{
			char	   *name = TextDatumGetCString(src);

			streamed = strcmp(name, "chess_pgn_games") == 0 ||
				strcmp(name, "chess_pgn_games_bytea") == 0 ||
				strcmp(name, "chess_pgn_games_file") == 0;
		}
	}
	ReleaseSysCache(tp);
	return streamed;
}

/* Whether an expression needs the whole row or a system column of a relation. */
static bool
needs_whole_row(Node *node)
{
	List	   *vars = pull_var_clause(node, PVC_RECURSE_AGGREGATES | PVC_RECURSE_WINDOWFUNCS |
									   PVC_RECURSE_PLACEHOLDERS);
	ListCell   *lc;

	foreach(lc, vars)
		if (((Var *) lfirst(lc))->varattno <= 0)
			return true;
	return false;
}

static void
stream_pathlist(PlannerInfo *root, RelOptInfo *rel, Index rti, RangeTblEntry *rte)
{
	RangeTblFunction *rtfunc;
	FuncExpr   *fexpr;
	Path	   *scan = NULL;
	CustomPath *path;
	ListCell   *lc;

	if (prev_set_rel_pathlist)
		prev_set_rel_pathlist(root, rel, rti, rte);
	if (rte->rtekind != RTE_FUNCTION || rte->funcordinality || list_length(rte->functions) != 1 ||
		rel->reloptkind != RELOPT_BASEREL || !bms_is_empty(rel->lateral_relids))
		return;
	rtfunc = linitial(rte->functions);
	if (!IsA(rtfunc->funcexpr, FuncExpr))
		return;
	fexpr = (FuncExpr *) rtfunc->funcexpr;
	if (!fexpr->funcretset || !streamed_function(fexpr->funcid))
		return;
	if (needs_whole_row((Node *) rel->reltarget->exprs))
		return;
	foreach(lc, rel->baserestrictinfo)
		if (needs_whole_row((Node *) ((RestrictInfo *) lfirst(lc))->clause))
			return;
	foreach(lc, rel->pathlist)
		if (((Path *) lfirst(lc))->pathtype == T_FunctionScan)
			scan = lfirst(lc);
	if (scan == NULL || scan->param_info != NULL)
		return;

	path = makeNode(CustomPath);
	path->path.pathtype = T_CustomScan;
	path->path.parent = rel;
	path->path.pathtarget = rel->reltarget;
	path->path.parallel_safe = scan->parallel_safe;
	path->path.rows = scan->rows;
	/* the function scan's cost, its first row at once */
	path->path.startup_cost = scan->startup_cost / Max(scan->rows, 1.0);
	path->path.total_cost = scan->total_cost;
	path->methods = &stream_path_methods;
	/* the stream instead of the function scan, whatever the costs say */
	rel->pathlist = NIL;
	add_path(rel, &path->path);
}

static Plan *
plan_stream(PlannerInfo *root, RelOptInfo *rel, CustomPath *best_path, List *tlist,
			List *clauses, List *custom_plans pg_attribute_unused())
{
	RangeTblEntry *rte = planner_rt_fetch(rel->relid, root);
	RangeTblFunction *rtfunc = linitial(rte->functions);
	TupleDesc	desc = get_expr_result_tupdesc((Node *) rtfunc->funcexpr, false);
	CustomScan *cscan = makeNode(CustomScan);
	List	   *scan_tlist = NIL;
	int			i;

	/* the scan's rows: the function's columns, which the plan's expressions refer to */
	for (i = 0; i < desc->natts; i++)
	{
		Form_pg_attribute att = TupleDescAttr(desc, i);

		scan_tlist = lappend(scan_tlist,
							 makeTargetEntry((Expr *) makeVar(rel->relid, i + 1, att->atttypid,
															  att->atttypmod, att->attcollation, 0),
											 i + 1, pstrdup(NameStr(att->attname)), false));
	}
	cscan->scan.plan.targetlist = tlist;
	cscan->scan.plan.qual = extract_actual_clauses(clauses, false);
	cscan->scan.scanrelid = 0;	/* no relation to open: the rows are the function's */
	cscan->flags = best_path->flags;
	cscan->custom_scan_tlist = scan_tlist;
	cscan->custom_exprs = list_make1(copyObject(rtfunc->funcexpr));
	cscan->custom_relids = bms_make_singleton(rel->relid);
	cscan->methods = &stream_scan_methods;
	return &cscan->scan.plan;
}

static Node *
create_stream_state(CustomScan *cscan pg_attribute_unused())
{
	StreamState *s = palloc0(sizeof(StreamState));

	NodeSetTag(s, T_CustomScanState);
	s->css.methods = &stream_exec_methods;
	return (Node *) s;
}

static void
begin_stream(CustomScanState *node, EState *estate, int eflags pg_attribute_unused())
{
	StreamState *s = (StreamState *) node;
	CustomScan *cscan = (CustomScan *) node->ss.ps.plan;

	s->srf_econtext = CreateExprContext(estate);
	s->argcontext = AllocSetContextCreate(CurrentMemoryContext, "PGN stream arguments",
										  ALLOCSET_DEFAULT_SIZES);
	s->srf = ExecInitFunctionResultSet(linitial(cscan->custom_exprs), s->srf_econtext, &node->ss.ps);
}

/* The function's next row in the scan's slot; an empty slot at the end. */
static TupleTableSlot *
next_row(ScanState *ss)
{
	StreamState *s = (StreamState *) ss;
	TupleTableSlot *slot = ss->ss_ScanTupleSlot;
	ExprDoneCond done;
	bool		isnull;
	Datum		row;

	ExecClearTuple(slot);
	if (s->done)
		return slot;
	ResetExprContext(s->srf_econtext);
	{
		/* as ProjectSet calls a function: what a call leaves goes with the row */
		MemoryContext old = MemoryContextSwitchTo(s->srf_econtext->ecxt_per_tuple_memory);

		row = ExecMakeFunctionResultSet(s->srf, s->srf_econtext, s->argcontext, &isnull, &done);
		MemoryContextSwitchTo(old);
	}
	if (done == ExprEndResult)
	{
		s->done = true;
		return slot;
	}
	if (isnull)
		memset(slot->tts_isnull, true, sizeof(bool) * slot->tts_tupleDescriptor->natts);
	else
	{
		HeapTupleHeader header = DatumGetHeapTupleHeader(row);
		HeapTupleData tuple;

		tuple.t_len = HeapTupleHeaderGetDatumLength(header);
		ItemPointerSetInvalid(&tuple.t_self);
		tuple.t_tableOid = InvalidOid;
		tuple.t_data = header;
		heap_deform_tuple(&tuple, slot->tts_tupleDescriptor, slot->tts_values, slot->tts_isnull);
	}
	return ExecStoreVirtualTuple(slot);
}

static bool
recheck_row(ScanState *ss pg_attribute_unused(), TupleTableSlot *slot pg_attribute_unused())
{
	return true;
}

static TupleTableSlot *
exec_stream(CustomScanState *node)
{
	return ExecScan(&node->ss, next_row, recheck_row);
}

static void
end_stream(CustomScanState *node)
{
	StreamState *s = (StreamState *) node;

	/* its callbacks end the function's calls: the file is closed */
	FreeExprContext(s->srf_econtext, true);
	MemoryContextDelete(s->argcontext);
}

static void
rescan_stream(CustomScanState *node)
{
	StreamState *s = (StreamState *) node;

	/* the function's calls end; the next row begins them again */
	ReScanExprContext(s->srf_econtext);
	MemoryContextReset(s->argcontext);
	s->done = false;
	ExecScanReScan(&node->ss);
}

void
chess_pgn_scan_init(void)
{
	RegisterCustomScanMethods(&stream_scan_methods);
	prev_set_rel_pathlist = set_rel_pathlist_hook;
	set_rel_pathlist_hook = stream_pathlist;
}

/*
 * The support function of pgn_games() and pgn_games_file(): it answers no
 * request; calling it loads this library, whose hook then plans the stream.
 */
PG_FUNCTION_INFO_V1(chess_pgn_support);
Datum
chess_pgn_support(PG_FUNCTION_ARGS)
{
	PG_RETURN_POINTER(NULL);
}
