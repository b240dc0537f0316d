/*
 * analysis.c — analysis in SQL as lichess computes it (engine/analysis.h):
 * win_chance(), move_accuracy(), accuracy(), judgements() from a game's
 * evaluations; move_times() from its clocks; time_control() and pgn_date()
 * for the PGN tags they come with.
 */
#include "chess.h"

#include "engine/analysis.h"

#include "utils/builtins.h"
#include "utils/date.h"
#include "utils/datetime.h"
#include "utils/jsonb.h"

/* The main line's nodes of a game value's model, and the side to move at its start. */
static int
main_line(const struct varlena *g, AnnGame *ann, int **nodes, Color *first)
{
	Position	start;
	int			n = chess_game_main_line(g, ann, nodes, &start);

	*first = (Color) start.side;
	return n;
}

/*
 * The evaluation after ply i + 1 (0-based i) as an AnalysisEval; a mate 0
 * (the side to move is mated) gets the sign of the side that mated.
 */
static AnalysisEval
eval_after(const AnnNode *nd, int i, Color first)
{
	AnalysisEval e = {nd->eval_kind == ANN_EVAL_MATE, nd->eval};

	if (e.mate && e.value == 0)
	{
		/* after ply i + 1 the side to move is first's when i is odd */
		bool		white_to_move = (first == WHITE) == (i % 2 == 1);

		e.value = white_to_move ? -1 : 1;
	}
	return e;
}

/* win_chance(cp integer, mate integer) → double precision: lichess's Win% */
PG_FUNCTION_INFO_V1(chess_win_chance);
Datum
chess_win_chance(PG_FUNCTION_ARGS)
{
	if (!PG_ARGISNULL(1))
	{
		int32		mate = PG_GETARG_INT32(1);

		if (mate == 0)
			PG_RETURN_NULL();	/* who is mated is not said */
		/* as lila's WinPercent.fromMate: the centipawn ceiling with the mate's sign */
		PG_RETURN_FLOAT8(analysis_win_percent(mate > 0 ? ANALYSIS_CP_CEILING : -ANALYSIS_CP_CEILING));
	}
	if (PG_ARGISNULL(0))
		PG_RETURN_NULL();
	PG_RETURN_FLOAT8(analysis_win_percent(PG_GETARG_INT32(0)));
}

/* move_accuracy(before, after double precision) → double precision */
PG_FUNCTION_INFO_V1(chess_move_accuracy);
Datum
chess_move_accuracy(PG_FUNCTION_ARGS)
{
	float8		before = PG_GETARG_FLOAT8(0),
				after = PG_GETARG_FLOAT8(1);

	if (isnan(before) || isnan(after) || before < 0 || before > 100 || after < 0 || after > 100)
		ereport(ERROR,
				(errcode(ERRCODE_INVALID_PARAMETER_VALUE),
				 errmsg("a Win%% is between 0 and 100"),
				 errdetail("move_accuracy() takes the mover's Win%% before and after the move.")));
	PG_RETURN_FLOAT8(analysis_move_accuracy(before, after));
}

/* accuracy(game) → TABLE(color text, accuracy double precision) */
PG_FUNCTION_INFO_V1(game_accuracy);
Datum
game_accuracy(PG_FUNCTION_ARGS)
{
	struct varlena *g = PG_GETARG_GAME_P(0);
	ReturnSetInfo *rsinfo = chess_materialize(fcinfo);
	AnnGame		ann;
	int		   *nodes;
	Color		first;
	int			n = main_line(g, &ann, &nodes, &first),
				i,
				k = 0,
				first_ply = -1;
	double	   *wins = palloc(sizeof(double) * (n + 1)),
				white,
				black;
	bool		has_white,
				has_black;

	/* Win% at the start, then after the plies with an evaluation, in order, as lichess takes them */
	wins[k++] = analysis_win_percent(ANALYSIS_INITIAL_CP);
	for (i = 0; i < n; i++)
	{
		const AnnNode *nd = &ann.nodes[nodes[i]];
		AnalysisEval e;

		if (!nd->eval_kind)
			continue;
		e = eval_after(nd, i, first);
		if (first_ply < 0)
			first_ply = i;
		wins[k++] = analysis_win_percent(e.mate ? (e.value > 0 ? ANALYSIS_CP_CEILING : -ANALYSIS_CP_CEILING) :
										 e.value);
	}
	if (k == 1)
		return (Datum) 0;
	analysis_game_accuracy(wins, k - 1, (first == WHITE) == (first_ply % 2 == 0), &white, &has_white,
						   &black, &has_black);
	for (i = 0; i < 2; i++)
	{
		Datum		values[2];
		bool		nulls[2] = {false, false};

		if (!(i == 0 ? has_white : has_black))
			continue;
		values[0] = CStringGetTextDatum(i == 0 ? "white" : "black");
		values[1] = Float8GetDatum(i == 0 ? white : black);
		tuplestore_putvalues(rsinfo->setResult, rsinfo->setDesc, values, nulls);
	}
	return (Datum) 0;
}

/*
 * judgements(game) → TABLE(ply integer, judgement text): the inaccuracies,
 * mistakes and blunders of the main line, from each ply's evaluation and
 * the one before it (before the first ply, lichess's initial evaluation of
 * the standard start; from another start, the first ply is not judged).
 */
PG_FUNCTION_INFO_V1(game_judgements);
Datum
game_judgements(PG_FUNCTION_ARGS)
{
	struct varlena *g = PG_GETARG_GAME_P(0);
	ReturnSetInfo *rsinfo = chess_materialize(fcinfo);
	AnnGame		ann;
	int		   *nodes;
	Color		first;
	int			n = main_line(g, &ann, &nodes, &first),
				i;
	bool		have = !(GAME_DATA(g)[1] & GAME_FLAG_START);
	AnalysisEval before = {false, ANALYSIS_INITIAL_CP};

	for (i = 0; i < n; i++)
	{
		const AnnNode *nd = &ann.nodes[nodes[i]];
		AnalysisEval after;
		AnalysisJudgement j;

		if (!nd->eval_kind)
		{
			have = false;
			continue;
		}
		after = eval_after(nd, i, first);
		if (have && (j = analysis_judgement(before, after, (first == WHITE) == (i % 2 == 0))) != JUDGEMENT_NONE)
		{
			Datum		values[2];
			bool		nulls[2] = {false, false};

			values[0] = Int32GetDatum(i + 1);
			values[1] = CStringGetTextDatum(analysis_judgement_name(j));
			tuplestore_putvalues(rsinfo->setResult, rsinfo->setDesc, values, nulls);
		}
		before = after;
		have = true;
	}
	return (Datum) 0;
}

/* The TimeControl of a text, raising 22023 for what is none. */
static void
read_time_control(const char *s, size_t n, TimeControl *tc)
{
	if (!time_control_parse(s, n, tc))
		ereport(ERROR,
				(errcode(ERRCODE_INVALID_PARAMETER_VALUE),
				 errmsg("invalid time control \"%s\"", chess_quote(s, n)),
				 errdetail("A PGN TimeControl is ?, -, seconds, seconds+increment, moves/seconds:... or *seconds.")));
}

/*
 * move_times(game, increment_seconds integer) or move_times(game, tags
 * jsonb) → integer[]: what each ply of the main line took, in centiseconds:
 * the same side's clock before it, plus the increment, minus its clock
 * after it; a side's first move took its base time minus its clock when the
 * tags' TimeControl gives the base, else NULL, as does a ply without a clock
 * or after one.
 */
PG_FUNCTION_INFO_V1(game_move_times);
Datum
game_move_times(PG_FUNCTION_ARGS)
{
	struct varlena *g = PG_GETARG_GAME_P(0);
	AnnGame		ann;
	int		   *nodes;
	Color		first;
	int			n = main_line(g, &ann, &nodes, &first),
				i,
				dims[1] = {n},
				lbs[1] = {1};
	int64		increment = 0,
				base = -1;
	Datum	   *elems = palloc(sizeof(Datum) * (n + 1));
	bool	   *nulls = palloc(sizeof(bool) * (n + 1));

	if (get_fn_expr_argtype(fcinfo->flinfo, 1) == INT4OID)
		increment = (int64) PG_GETARG_INT32(1) * 100;
	else
	{
		size_t		len;
		const char *s = chess_tag_text(PG_GETARG_JSONB_P(1), "TimeControl", &len);

		if (s)
		{
			TimeControl tc;

			read_time_control(s, len, &tc);
			if (tc.kind == TC_CLOCK)
			{
				base = (int64) tc.base * 100;
				increment = (int64) tc.increment * 100;
			}
		}
	}
	for (i = 0; i < n; i++)
	{
		int32		now = ann.nodes[nodes[i]].clock,
					before = i >= 2 ? ann.nodes[nodes[i - 2]].clock : ANN_NONE;
		int64		t;

		nulls[i] = true;
		if (now == ANN_NONE)
			continue;
		if (i < 2 && base >= 0)
			t = base - now;
		else if (before != ANN_NONE)
			t = (int64) before + increment - now;
		else
			continue;
		nulls[i] = false;
		elems[i] = Int32GetDatum((int32) Max(Min(t, PG_INT32_MAX), PG_INT32_MIN));
	}
	PG_RETURN_ARRAYTYPE_P(construct_md_array(elems, nulls, n ? 1 : 0, dims, lbs, INT4OID,
											 sizeof(int32), true, TYPALIGN_INT));
}

/* time_control(text) → (base_seconds integer, increment_seconds integer, speed text) */
PG_FUNCTION_INFO_V1(chess_time_control);
Datum
chess_time_control(PG_FUNCTION_ARGS)
{
	text	   *t = PG_GETARG_TEXT_PP(0);
	TupleDesc	desc;
	TimeControl tc;
	Datum		values[3];
	bool		nulls[3] = {false, false, false};

	read_time_control(VARDATA_ANY(t), VARSIZE_ANY_EXHDR(t), &tc);
	if (tc.kind == TC_UNKNOWN)
		PG_RETURN_NULL();
	if (get_call_result_type(fcinfo, NULL, &desc) != TYPEFUNC_COMPOSITE)
		elog(ERROR, "time_control() must return a row");
	/* no clock: no base and no increment; the readers' numbers have at most 9 digits */
	nulls[0] = nulls[1] = tc.kind == TC_NONE;
	values[0] = Int32GetDatum((int32) tc.base);
	values[1] = Int32GetDatum((int32) tc.increment);
	values[2] = CStringGetTextDatum(tc.speed);
	PG_RETURN_DATUM(HeapTupleGetDatum(heap_form_tuple(BlessTupleDesc(desc), values, nulls)));
}

/* pgn_date(text) → date: "2024.01.15"; NULL when a part is unknown ("??") */
PG_FUNCTION_INFO_V1(chess_pgn_date);
Datum
chess_pgn_date(PG_FUNCTION_ARGS)
{
	text	   *t = PG_GETARG_TEXT_PP(0);
	const char *s = VARDATA_ANY(t);
	size_t		n = VARSIZE_ANY_EXHDR(t);
	int			parts[3] = {0, 0, 0},
				widths[3] = {4, 2, 2},
				p,
				i = 0;
	bool		unknown = false;

	for (p = 0; p < 3; p++)
	{
		int			k;
		bool		digits = false,
					marks = false;

		for (k = 0; k < widths[p]; k++, i++)
		{
			if (i >= (int) n)
				goto bad;
			if (s[i] >= '0' && s[i] <= '9')
			{
				parts[p] = parts[p] * 10 + (s[i] - '0');
				digits = true;
			}
			else if (s[i] == '?')
				marks = true;
			else
				goto bad;
		}
		if (digits && marks)
			goto bad;
		unknown |= marks;
		if (p < 2 && (i >= (int) n || s[i++] != '.'))
			goto bad;
	}
	if (i != (int) n)
		goto bad;
	if (unknown)
		PG_RETURN_NULL();
	if (parts[1] >= 1 && parts[1] <= 12 && parts[2] >= 1 &&
		parts[2] <= day_tab[isleap(parts[0])][parts[1] - 1])
		PG_RETURN_DATEADT(date2j(parts[0], parts[1], parts[2]) - POSTGRES_EPOCH_JDATE);
bad:
	ereport(ERROR,
			(errcode(ERRCODE_INVALID_DATETIME_FORMAT),
			 errmsg("invalid PGN date \"%s\"", chess_quote(s, n)),
			 errdetail("A PGN date is YYYY.MM.DD, with ?\? (?\?\?\?) for a part not known.")));
}
