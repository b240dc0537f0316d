/*
 * moves.c — move generation in SQL: legal_moves, pseudo_legal_moves, play,
 * is_legal, successors, check/mate/stalemate, attackers, perft,
 * polyglot_key.
 */
#include "chess.h"

#include "engine/diagnose.h"
#include "engine/perft.h"
#include "engine/polyglot.h"

#include "funcapi.h"
#include "miscadmin.h"

/* perft depth limit: deeper searches would run for years and overflow bigint */
#define PERFT_MAX_DEPTH 20

/*
 * The moves that generate() writes, as a set of rows in materialize mode:
 * one call fills the tuplestore, which costs less per row than returning the
 * rows one call at a time.  The executor frees the tuplestore, so a scan over
 * millions of positions runs in flat memory.
 */
static Datum
materialize_moves(FunctionCallInfo fcinfo, int (*generate) (const Position *, Move *))
{
	ReturnSetInfo *rsinfo = (ReturnSetInfo *) fcinfo->resultinfo;
	Position	pos;
	Move		moves[MAX_MOVES];
	int			n,
				i;

	chess_materialize(fcinfo);
	position_from_datum(PG_GETARG_POSITION_P(0), &pos);
	n = generate(&pos, moves);
	for (i = 0; i < n; i++)
	{
		Datum		value = MoveGetDatum(moves[i]);
		bool		isnull = false;

		tuplestore_putvalues(rsinfo->setResult, rsinfo->setDesc, &value, &isnull);
	}
	return (Datum) 0;
}

/* legal_moves(position) → SETOF move */
PG_FUNCTION_INFO_V1(position_legal_moves);
Datum
position_legal_moves(PG_FUNCTION_ARGS)
{
	return materialize_moves(fcinfo, gen_legal);
}

/* pseudo_legal_moves(position) → SETOF move */
PG_FUNCTION_INFO_V1(position_pseudo_legal_moves);
Datum
position_pseudo_legal_moves(PG_FUNCTION_ARGS)
{
	return materialize_moves(fcinfo, gen_pseudo_legal);
}

/*
 * Raises the error for an illegal move, naming the stage that rejects it;
 * ply, when not 0, is the move's ply in a game.
 */
void
report_illegal_move(const Position *pos, Move m, int ply)
{
	Square		where;
	MoveVerdict verdict = move_diagnose(pos, m, &where);
	char		detail[256];
	char		uci[6];
	char		fen[FEN_MAX_LENGTH];

	if (verdict == MV_LEGAL)
		elog(ERROR, "move generator and move diagnosis disagree");
	move_verdict_message(pos, m, verdict, where, detail, sizeof(detail));
	move_write(m, uci);
	fen_write(pos, fen);
	if (ply > 0)
		ereport(ERROR,
				(errcode(ERRCODE_INVALID_PARAMETER_VALUE),
				 errmsg("illegal move %s at ply %d in position %s", uci, ply, fen),
				 errdetail("%s", detail)));
	ereport(ERROR,
			(errcode(ERRCODE_INVALID_PARAMETER_VALUE),
			 errmsg("illegal move %s in position %s", uci, fen),
			 errdetail("%s", detail)));
}

Move
chess_legal_move(const Position *pos, Move m, int ply)
{
	m = castle_normalize(pos, m);
	if (!move_is_legal(pos, m))
		report_illegal_move(pos, m, ply);
	return m;
}

/* play(position, move) → position */
PG_FUNCTION_INFO_V1(position_play_move);
Datum
position_play_move(PG_FUNCTION_ARGS)
{
	Position	pos;
	Move		m = PG_GETARG_MOVE(1);

	position_from_datum(PG_GETARG_POSITION_P(0), &pos);
	position_play(&pos, chess_legal_move(&pos, m, 0));
	PG_RETURN_POSITION_P(position_to_datum(&pos));
}

/* is_legal(position, move) → boolean */
PG_FUNCTION_INFO_V1(position_is_legal);
Datum
position_is_legal(PG_FUNCTION_ARGS)
{
	Position	pos;

	position_from_datum(PG_GETARG_POSITION_P(0), &pos);
	PG_RETURN_BOOL(move_is_legal(&pos, castle_normalize(&pos, PG_GETARG_MOVE(1))));
}

/* successors(position) → TABLE(move move, position position) */
PG_FUNCTION_INFO_V1(position_successors);
Datum
position_successors(PG_FUNCTION_ARGS)
{
	ReturnSetInfo *rsinfo = (ReturnSetInfo *) fcinfo->resultinfo;
	Position	pos;
	Move		moves[MAX_MOVES];
	int			n,
				i;

	chess_materialize(fcinfo);
	position_from_datum(PG_GETARG_POSITION_P(0), &pos);
	n = gen_legal(&pos, moves);
	for (i = 0; i < n; i++)
	{
		Position	child = pos;
		ChessPosition packed;
		Datum		values[2];
		bool		nulls[2] = {false, false};

		position_play(&child, moves[i]);
		position_pack(&child, packed.bytes);
		values[0] = MoveGetDatum(moves[i]);
		values[1] = PositionPGetDatum(&packed);
		tuplestore_putvalues(rsinfo->setResult, rsinfo->setDesc, values, nulls);
	}
	return (Datum) 0;
}

/* A boolean property of the position: in_check, is_checkmate, is_stalemate. */
#define POSITION_PREDICATE(sqlname, test) \
PG_FUNCTION_INFO_V1(sqlname); \
Datum \
sqlname(PG_FUNCTION_ARGS) \
{ \
	Position	pos; \
 \
	position_from_datum(PG_GETARG_POSITION_P(0), &pos); \
	PG_RETURN_BOOL(test(&pos)); \
}

POSITION_PREDICATE(position_in_check_sql, position_in_check)
POSITION_PREDICATE(position_is_checkmate_sql, position_is_checkmate)
POSITION_PREDICATE(position_is_stalemate_sql, position_is_stalemate)

/* attackers(position, square, colour text) → SETOF square, by square */
PG_FUNCTION_INFO_V1(position_attackers_sql);
Datum
position_attackers_sql(PG_FUNCTION_ARGS)
{
	ReturnSetInfo *rsinfo = (ReturnSetInfo *) fcinfo->resultinfo;
	Position	pos;
	Square		sq = PG_GETARG_SQUARE(1);
	Color		color = chess_color_argument(PG_GETARG_TEXT_PP(2));
	Bitboard	attackers;

	chess_materialize(fcinfo);
	position_from_datum(PG_GETARG_POSITION_P(0), &pos);
	attackers = position_attackers_by(&pos, sq, position_occupied(&pos), color);
	while (attackers)
	{
		Datum		value = SquareGetDatum(bb_pop(&attackers));
		bool		isnull = false;

		tuplestore_putvalues(rsinfo->setResult, rsinfo->setDesc, &value, &isnull);
	}
	return (Datum) 0;
}

static void
check_perft_depth(int32 depth, int32 min)
{
	if (depth < min)
		ereport(ERROR,
				(errcode(ERRCODE_INVALID_PARAMETER_VALUE),
				 errmsg("perft depth must be at least %d, not %d", min, depth)));
	if (depth > PERFT_MAX_DEPTH)
		ereport(ERROR,
				(errcode(ERRCODE_PROGRAM_LIMIT_EXCEEDED),
				 errmsg("perft depth %d is too deep", depth),
				 errdetail("The deepest perft accepted is %d; already depth 10 from the start position takes hours.",
						   PERFT_MAX_DEPTH)));
}

/* perft(position, depth) → bigint */
PG_FUNCTION_INFO_V1(position_perft);
Datum
position_perft(PG_FUNCTION_ARGS)
{
	Position	pos;
	int32		depth = PG_GETARG_INT32(1);
	uint64		nodes;

	check_perft_depth(depth, 0);
	position_from_datum(PG_GETARG_POSITION_P(0), &pos);
	nodes = perft(&pos, depth, chess_poll, NULL);
	if (nodes > (uint64) PG_INT64_MAX)
		ereport(ERROR,
				(errcode(ERRCODE_NUMERIC_VALUE_OUT_OF_RANGE),
				 errmsg("perft count is out of range for type bigint")));
	PG_RETURN_INT64((int64) nodes);
}

/* perft_divide(position, depth) → TABLE(move move, nodes bigint) */
PG_FUNCTION_INFO_V1(position_perft_divide);
Datum
position_perft_divide(PG_FUNCTION_ARGS)
{
	ReturnSetInfo *rsinfo = (ReturnSetInfo *) fcinfo->resultinfo;
	Position	pos;
	int32		depth = PG_GETARG_INT32(1);
	Move		moves[MAX_MOVES];
	int			n,
				i;

	check_perft_depth(depth, 1);
	chess_materialize(fcinfo);
	position_from_datum(PG_GETARG_POSITION_P(0), &pos);
	n = gen_legal(&pos, moves);
	for (i = 0; i < n; i++)
	{
		Position	child = pos;
		uint64		nodes;
		Datum		values[2];
		bool		nulls[2] = {false, false};

		position_play(&child, moves[i]);
		nodes = perft(&child, depth - 1, chess_poll, NULL);
		values[0] = MoveGetDatum(moves[i]);
		values[1] = Int64GetDatum((int64) nodes);
		tuplestore_putvalues(rsinfo->setResult, rsinfo->setDesc, values, nulls);
	}
	return (Datum) 0;
}

/* polyglot_key(position) → bigint (the 64 bits, as a signed number) */
PG_FUNCTION_INFO_V1(position_polyglot_key);
Datum
position_polyglot_key(PG_FUNCTION_ARGS)
{
	Position	pos;

	position_from_datum(PG_GETARG_POSITION_P(0), &pos);
	PG_RETURN_INT64((int64) polyglot_key(&pos));
}
