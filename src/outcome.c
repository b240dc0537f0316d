/*
 * outcome.c — the end of a game by the rules: insufficient material, the
 * fifty- and seventy-five-move rules, repetitions (of a game's positions,
 * or of a game value), and outcome(): checkmate, stalemate, or a draw by
 * rule, with the result.
 */
#include "chess.h"

#include "engine/game.h"
#include "engine/outcome.h"

#include "miscadmin.h"
#include "utils/builtins.h"

/*
 * outcome(position) and outcome(position[]) → (termination text, result text):
 * checkmate, stalemate, insufficient material, the seventy-five-move rule and,
 * given the game's positions, fivefold repetition end the game by the rules;
 * termination is NULL and result "*" while it goes on.
 */
const char *
chess_termination(const Position *pos, int repetitions, const char **result)
{
	*result = "1/2-1/2";
	if (position_is_checkmate(pos))
	{
		*result = pos->side == WHITE ? "0-1" : "1-0";
		return "checkmate";
	}
	if (position_is_stalemate(pos))
		return "stalemate";
	if (position_insufficient_material(pos))
		return "insufficient material";
	if (pos->halfmove >= 150)
		return "seventy-five moves";
	if (repetitions >= 5)
		return "fivefold repetition";
	*result = "*";
	return NULL;
}

static Datum
chess_outcome_datum(FunctionCallInfo fcinfo, const Position *pos, int repetitions)
{
	TupleDesc	tupdesc;
	Datum		values[2];
	bool		nulls[2] = {false, false};
	const char *result;
	const char *termination = chess_termination(pos, repetitions, &result);

	if (get_call_result_type(fcinfo, NULL, &tupdesc) != TYPEFUNC_COMPOSITE)
		elog(ERROR, "return type must be a row type");
	if (termination)
		values[0] = PointerGetDatum(cstring_to_text(termination));
	else
		nulls[0] = true;
	values[1] = PointerGetDatum(cstring_to_text(result));
	return HeapTupleGetDatum(heap_form_tuple(BlessTupleDesc(tupdesc), values, nulls));
}

PG_FUNCTION_INFO_V1(position_is_insufficient_material);
Datum
position_is_insufficient_material(PG_FUNCTION_ARGS)
{
	Position	pos;

	position_from_datum(PG_GETARG_POSITION_P(0), &pos);
	PG_RETURN_BOOL(position_insufficient_material(&pos));
}

/* can_claim_fifty_moves(position): 100 plies without capture or pawn move, and no mate */
PG_FUNCTION_INFO_V1(position_can_claim_fifty_moves);
Datum
position_can_claim_fifty_moves(PG_FUNCTION_ARGS)
{
	Position	pos;

	position_from_datum(PG_GETARG_POSITION_P(0), &pos);
	PG_RETURN_BOOL(pos.halfmove >= 100 && !position_is_checkmate(&pos));
}

/* is_seventyfive_moves(position): 150 plies, the automatic draw */
PG_FUNCTION_INFO_V1(position_is_seventyfive_moves);
Datum
position_is_seventyfive_moves(PG_FUNCTION_ARGS)
{
	Position	pos;

	position_from_datum(PG_GETARG_POSITION_P(0), &pos);
	PG_RETURN_BOOL(pos.halfmove >= 150 && !position_is_checkmate(&pos));
}

/*
 * How often the last position of a game's positions occurs in them (clocks
 * ignored).  The array is walked twice, without copying it: for the last
 * position, then counting.
 */
static int
repetitions_of_last(ArrayType *array, Position *last)
{
	ArrayIterator it;
	Datum		value;
	bool		isnull;
	int			n = ArrayGetNItems(ARR_NDIM(array), ARR_DIMS(array)),
				i = 0,
				count = 0;

	if (ARR_NDIM(array) > 1)
		ereport(ERROR,
				(errcode(ERRCODE_ARRAY_SUBSCRIPT_ERROR),
				 errmsg("positions must be a one-dimensional array")));
	it = array_create_iterator(array, 0, NULL);
	while (array_iterate(it, &value, &isnull))
	{
		if (++i % 4096 == 0)
			CHECK_FOR_INTERRUPTS();
		if (isnull)
			ereport(ERROR,
					(errcode(ERRCODE_NULL_VALUE_NOT_ALLOWED),
					 errmsg("position %d of the game is NULL", i)));
		if (i == n)
			position_from_datum(DatumGetPositionP(value), last);
	}
	array_free_iterator(it);
	it = array_create_iterator(array, 0, NULL);
	while (array_iterate(it, &value, &isnull))
	{
		Position	pos;

		if (++i % 4096 == 0)
			CHECK_FOR_INTERRUPTS();
		position_from_datum(DatumGetPositionP(value), &pos);
		if (position_same_for_repetition(&pos, last))
			count++;
	}
	array_free_iterator(it);
	return count;
}

/* repetitions(position[]) → how often the last position has occurred */
PG_FUNCTION_INFO_V1(chess_repetitions);
Datum
chess_repetitions(PG_FUNCTION_ARGS)
{
	Position	last;

	PG_RETURN_INT32(repetitions_of_last(PG_GETARG_ARRAYTYPE_P(0), &last));
}

/* is_threefold_repetition(position[]), is_fivefold_repetition(position[]) */
#define REPETITION_AT_LEAST(sqlname, times) \
PG_FUNCTION_INFO_V1(sqlname); \
Datum \
sqlname(PG_FUNCTION_ARGS) \
{ \
	Position	last; \
 \
	PG_RETURN_BOOL(repetitions_of_last(PG_GETARG_ARRAYTYPE_P(0), &last) >= (times)); \
}

REPETITION_AT_LEAST(chess_is_threefold_repetition, 3)
REPETITION_AT_LEAST(chess_is_fivefold_repetition, 5)

PG_FUNCTION_INFO_V1(position_outcome);
Datum
position_outcome(PG_FUNCTION_ARGS)
{
	Position	pos;

	position_from_datum(PG_GETARG_POSITION_P(0), &pos);
	return chess_outcome_datum(fcinfo, &pos, 1);
}

/*
 * outcome(text): a literal FEN, which would fit both outcome(position) and
 * outcome(position[]) and leave PostgreSQL unable to choose.
 */
PG_FUNCTION_INFO_V1(position_outcome_text);
Datum
position_outcome_text(PG_FUNCTION_ARGS)
{
	Datum		d = DirectFunctionCall1(position_in, CStringGetDatum(text_to_cstring(PG_GETARG_TEXT_PP(0))));
	Position	pos;

	position_from_datum(DatumGetPositionP(d), &pos);
	return chess_outcome_datum(fcinfo, &pos, 1);
}

PG_FUNCTION_INFO_V1(game_outcome);
Datum
game_outcome(PG_FUNCTION_ARGS)
{
	Position	last;
	ArrayType  *array = PG_GETARG_ARRAYTYPE_P(0);
	int			repetitions;

	if (ArrayGetNItems(ARR_NDIM(array), ARR_DIMS(array)) == 0)
		PG_RETURN_NULL();
	repetitions = repetitions_of_last(array, &last);
	return chess_outcome_datum(fcinfo, &last, repetitions);
}

/*
 * How often the final position of a game occurs in it, the start included
 * (placement, side to move, castling rights, en passant; not the clocks).
 * Only the positions since the last capture or pawn move can repeat it.
 */
int
chess_game_repetitions(const struct varlena *g, Position *final, Move **moves)
{
	GameReader	r;
	Position   *seen;
	int			i,
				count = 0;

	chess_game_reader(&r, g);
	seen = palloc(sizeof(Position) * (r.plies + 1));
	if (moves)
		*moves = palloc(sizeof(Move) * (r.plies + 1));
	seen[0] = r.pos;
	for (i = 1; i <= r.plies; i++)
	{
		Move		m;

		if ((i & 4095) == 4095)
			CHECK_FOR_INTERRUPTS();
		m = chess_game_next(&r);
		if (moves)
			(*moves)[i - 1] = m;
		seen[i] = r.pos;
	}
	*final = r.pos;
	for (i = r.plies; i >= 0; i--)
	{
		if (position_same_for_repetition(&seen[i], final))
			count++;
		if (seen[i].halfmove == 0)
			break;				/* no earlier position has these pawns and men */
	}
	pfree(seen);
	return count;
}

/* repetitions(game), is_threefold_repetition(game), is_fivefold_repetition(game), outcome(game) */
PG_FUNCTION_INFO_V1(game_repetitions_sql);
Datum
game_repetitions_sql(PG_FUNCTION_ARGS)
{
	Position	final;

	PG_RETURN_INT32(chess_game_repetitions(PG_GETARG_GAME_P(0), &final, NULL));
}

PG_FUNCTION_INFO_V1(game_is_threefold_repetition);
Datum
game_is_threefold_repetition(PG_FUNCTION_ARGS)
{
	Position	final;

	PG_RETURN_BOOL(chess_game_repetitions(PG_GETARG_GAME_P(0), &final, NULL) >= 3);
}

PG_FUNCTION_INFO_V1(game_is_fivefold_repetition);
Datum
game_is_fivefold_repetition(PG_FUNCTION_ARGS)
{
	Position	final;

	PG_RETURN_BOOL(chess_game_repetitions(PG_GETARG_GAME_P(0), &final, NULL) >= 5);
}

PG_FUNCTION_INFO_V1(game_outcome_sql);
Datum
game_outcome_sql(PG_FUNCTION_ARGS)
{
	Position	final;
	int			repetitions = chess_game_repetitions(PG_GETARG_GAME_P(0), &final, NULL);

	return chess_outcome_datum(fcinfo, &final, repetitions);
}
