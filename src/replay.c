/*
 * replay.c — the aggregates replay(start, move ORDER BY ...) and
 * replay(move ORDER BY ...): the position that moves played in order reach.
 */
#include "chess.h"

#include "engine/make_move.h"

/* The state of replay(): the position reached and the plies played. */
typedef struct ReplayState
{
	Position	pos;
	int			ply;
} ReplayState;

static Datum
replay_step(FunctionCallInfo fcinfo, const Position *start, Move m)
{
	MemoryContext aggcontext;
	ReplayState *st;

	if (!AggCheckCallContext(fcinfo, &aggcontext))
		elog(ERROR, "replay transition function called in non-aggregate context");
	if (PG_ARGISNULL(0))
	{
		st = MemoryContextAlloc(aggcontext, sizeof(ReplayState));
		st->pos = *start;
		st->ply = 0;
	}
	else
		st = (ReplayState *) PG_GETARG_POINTER(0);
	st->ply++;
	position_play(&st->pos, chess_legal_move(&st->pos, m, st->ply));
	PG_RETURN_POINTER(st);
}

/* replay(position, move ORDER BY ...) transition */
PG_FUNCTION_INFO_V1(chess_replay_transfn);
Datum
chess_replay_transfn(PG_FUNCTION_ARGS)
{
	Position	start;

	if (PG_ARGISNULL(1) || PG_ARGISNULL(2))
		ereport(ERROR,
				(errcode(ERRCODE_NULL_VALUE_NOT_ALLOWED),
				 errmsg("replay() takes no NULL start position or move")));
	if (PG_ARGISNULL(0))
		position_from_datum(PG_GETARG_POSITION_P(1), &start);
	return replay_step(fcinfo, &start, PG_GETARG_MOVE(2));
}

/* replay(move ORDER BY ...) transition: from the standard start */
PG_FUNCTION_INFO_V1(chess_replay_start_transfn);
Datum
chess_replay_start_transfn(PG_FUNCTION_ARGS)
{
	Position	start;

	if (PG_ARGISNULL(1))
		ereport(ERROR,
				(errcode(ERRCODE_NULL_VALUE_NOT_ALLOWED),
				 errmsg("replay() takes no NULL move")));
	position_set_startpos(&start);
	return replay_step(fcinfo, &start, PG_GETARG_MOVE(1));
}

PG_FUNCTION_INFO_V1(chess_replay_finalfn);
Datum
chess_replay_finalfn(PG_FUNCTION_ARGS)
{
	if (PG_ARGISNULL(0))
		PG_RETURN_NULL();
	PG_RETURN_POSITION_P(position_to_datum(&((ReplayState *) PG_GETARG_POINTER(0))->pos));
}
