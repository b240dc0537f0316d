/*
 * opening.c — openings by name: opening(game), opening(position) and the
 * data set behind them, opening_lines() and the view opening_names
 * (engine/openings.h: lichess's chess-openings, compiled into the library).
 */
#include "chess.h"

#include "utils/builtins.h"

#include "engine/openings.h"
#include "engine/outcome.h"

/*
 * A line's name as text: as the data set writes it (UTF-8) in a UTF-8
 * database (and in SQL_ASCII, which takes any bytes), without its accents
 * in a database of any other encoding, which may lack a letter of it
 * (LATIN1 has no ć): "Kadas Opening".
 */
static Datum
name_datum(const OpeningName *o)
{
	int			encoding = GetDatabaseEncoding();

	if (encoding == PG_UTF8 || encoding == PG_SQL_ASCII)
		return CStringGetTextDatum(o->name);
	return CStringGetTextDatum(o->name_ascii);
}

/* (eco, name[, ply]) of a line, as the function's row type says */
static Datum
opening_row(FunctionCallInfo fcinfo, const OpeningName *o, int ply)
{
	TupleDesc	desc;
	Datum		values[3];
	bool		nulls[3] = {false, false, false};

	if (get_call_result_type(fcinfo, NULL, &desc) != TYPEFUNC_COMPOSITE)
		elog(ERROR, "opening() must return a row");
	values[0] = CStringGetTextDatum(o->eco);
	values[1] = name_datum(o);
	values[2] = Int32GetDatum(ply);
	PG_RETURN_DATUM(HeapTupleGetDatum(heap_form_tuple(BlessTupleDesc(desc), values, nulls)));
}

/*
 * opening(game) → (eco text, name text, ply integer): the named position
 * the game reaches last among the positions after its plies 1 to 40, and
 * that ply, as lichess names a game's opening (scalachess's
 * OpeningDb.search: the deepest named position, so that a transposition
 * into a named line finds its name); NULL for a game that reaches none, or
 * that does not begin at the standard start (Chess960, a set-up position).
 */
PG_FUNCTION_INFO_V1(game_opening);
Datum
game_opening(PG_FUNCTION_ARGS)
{
	struct varlena *g = PG_GETARG_GAME_P(0);
	GameReader	r;
	Position	standard;
	const OpeningName *found = NULL;
	int			found_ply = 0,
				last;

	chess_game_reader(&r, g);
	position_set_startpos(&standard);
	if (!position_same_for_repetition(&r.start, &standard))
		PG_RETURN_NULL();
	last = Min(r.plies, OPENING_SEARCH_PLIES);
	while (r.ply < last)
	{
		const OpeningName *o;

		chess_game_next(&r);
		if (bb_count(position_occupied(&r.pos)) < opening_min_pieces)
			break;				/* captures are for good: no later position is named */
		if ((o = opening_of_position(&r.pos)) != NULL)
		{
			found = o;
			found_ply = r.ply;
		}
	}
	if (found == NULL)
		PG_RETURN_NULL();
	return opening_row(fcinfo, found, found_ply);
}

/* opening(position) → (eco text, name text): the line that ends in this position, clocks aside */
PG_FUNCTION_INFO_V1(position_opening);
Datum
position_opening(PG_FUNCTION_ARGS)
{
	Position	pos;
	const OpeningName *o;

	position_from_datum(PG_GETARG_POSITION_P(0), &pos);
	if ((o = opening_of_position(&pos)) == NULL)
		PG_RETURN_NULL();
	return opening_row(fcinfo, o, 0);
}

/*
 * opening_lines() → SETOF (eco text, name text, pgn text, "position"
 * position, plies integer): the data set, each line with the position its
 * moves reach, in the data set's order (by ECO code).
 */
PG_FUNCTION_INFO_V1(chess_opening_lines);
Datum
chess_opening_lines(PG_FUNCTION_ARGS)
{
	ReturnSetInfo *rsinfo = chess_materialize(fcinfo);
	int			i;

	for (i = 0; i < opening_name_count; i++)
	{
		const OpeningName *o = &opening_names[opening_name_order[i]];
		Position	pos;
		PositionError err;
		Datum		values[5];
		bool		nulls[5] = {false, false, false, false, false};

		if (!fen_parse(o->fen, &pos, &err))
			elog(ERROR, "the position of opening line %d is no position: %s", i, err.detail);
		values[0] = CStringGetTextDatum(o->eco);
		values[1] = name_datum(o);
		values[2] = CStringGetTextDatum(o->pgn);
		values[3] = PositionPGetDatum(position_to_datum(&pos));
		values[4] = Int32GetDatum(o->plies);
		tuplestore_putvalues(rsinfo->setResult, rsinfo->setDesc, values, nulls);
	}
	return (Datum) 0;
}
