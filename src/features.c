/*
 * features.c — CQL's filters as SQL functions on "position": checkers,
 * pins, x-rays, mobility, the pawns' structure; flip_colors() and
 * flip_horizontal() of a position or a pattern; Scid's same_pawns() and
 * same_pawn_files().
 * engine/features.c computes; this file converts.
 */
#include "chess.h"

#include "engine/features.h"
#include "engine/movegen.h"

#include "catalog/pg_type.h"
#include "utils/array.h"
#include "utils/lsyscache.h"

/* A set of squares as the function's square[] result, by square. */
static Datum
squares_array(FunctionCallInfo fcinfo, Bitboard set)
{
	Datum		elems[64];
	int			n = 0;

	while (set)
		elems[n++] = SquareGetDatum(bb_pop(&set));
	return PointerGetDatum(construct_array(elems, n,
										   get_element_type(get_func_rettype(fcinfo->flinfo->fn_oid)),
										   1, true, TYPALIGN_CHAR));
}

/* The colour argument argno, or both colours (-1) when the call has no such argument. */
static int
colour_argument(FunctionCallInfo fcinfo, int argno)
{
	return PG_NARGS() <= argno ? -1 : (int) chess_color_argument(PG_GETARG_TEXT_PP(argno));
}

/* checkers(position) → square[]: the pieces giving check to the side to move */
PG_FUNCTION_INFO_V1(position_checkers_sql);
Datum
position_checkers_sql(PG_FUNCTION_ARGS)
{
	Position	pos;

	position_from_datum(PG_GETARG_POSITION_P(0), &pos);
	return squares_array(fcinfo, position_checkers(&pos));
}

/* mobility(position) → integer: the number of legal moves */
PG_FUNCTION_INFO_V1(position_mobility);
Datum
position_mobility(PG_FUNCTION_ARGS)
{
	Position	pos;

	position_from_datum(PG_GETARG_POSITION_P(0), &pos);
	PG_RETURN_INT32(count_legal(&pos));
}

/* pinned(position [, colour]) → square[] */
PG_FUNCTION_INFO_V1(position_pinned_sql);
Datum
position_pinned_sql(PG_FUNCTION_ARGS)
{
	Position	pos;
	int			c = colour_argument(fcinfo, 1);

	position_from_datum(PG_GETARG_POSITION_P(0), &pos);
	return squares_array(fcinfo, (c != BLACK ? position_pinned(&pos, WHITE, NULL) : 0) |
						 (c != WHITE ? position_pinned(&pos, BLACK, NULL) : 0));
}

/* pins(position) → TABLE(pinned square, pinner square, king square), by pinned square */
PG_FUNCTION_INFO_V1(position_pins);
Datum
position_pins(PG_FUNCTION_ARGS)
{
	ReturnSetInfo *rsinfo = chess_materialize(fcinfo);
	Position	pos;
	Square		pinners[64];
	Bitboard	pinned;

	position_from_datum(PG_GETARG_POSITION_P(0), &pos);
	pinned = position_pinned(&pos, WHITE, pinners) | position_pinned(&pos, BLACK, pinners);
	while (pinned)
	{
		Square		sq = bb_pop(&pinned);
		Datum		values[3];
		bool		nulls[3] = {false, false, false};

		values[0] = SquareGetDatum(sq);
		values[1] = SquareGetDatum(pinners[sq]);
		values[2] = SquareGetDatum(position_king(&pos, PIECE_COLOR(pos.board[sq])));
		tuplestore_putvalues(rsinfo->setResult, rsinfo->setDesc, values, nulls);
	}
	return (Datum) 0;
}

/* xrays(position) → TABLE(attacker square, through square, target square) */
PG_FUNCTION_INFO_V1(position_xrays_sql);
Datum
position_xrays_sql(PG_FUNCTION_ARGS)
{
	ReturnSetInfo *rsinfo = chess_materialize(fcinfo);
	Position	pos;
	XRay		xrays[XRAYS_MAX];
	int			n,
				i;

	position_from_datum(PG_GETARG_POSITION_P(0), &pos);
	n = position_xrays(&pos, xrays);
	for (i = 0; i < n; i++)
	{
		Datum		values[3];
		bool		nulls[3] = {false, false, false};

		values[0] = SquareGetDatum(xrays[i].attacker);
		values[1] = SquareGetDatum(xrays[i].through);
		values[2] = SquareGetDatum(xrays[i].target);
		tuplestore_putvalues(rsinfo->setResult, rsinfo->setDesc, values, nulls);
	}
	return (Datum) 0;
}

/* passed_pawns(position [, colour]) and the like → square[] */
#define PAWN_SET_FUNCTION(sqlname, set) \
PG_FUNCTION_INFO_V1(sqlname); \
Datum \
sqlname(PG_FUNCTION_ARGS) \
{ \
	Position	pos; \
	int			c = colour_argument(fcinfo, 1); \
 \
	position_from_datum(PG_GETARG_POSITION_P(0), &pos); \
	return squares_array(fcinfo, (c != BLACK ? set(&pos, WHITE) : 0) | \
						 (c != WHITE ? set(&pos, BLACK) : 0)); \
}

PAWN_SET_FUNCTION(position_passed_pawns, pawns_passed)
PAWN_SET_FUNCTION(position_isolated_pawns, pawns_isolated)
PAWN_SET_FUNCTION(position_doubled_pawns, pawns_doubled)
PAWN_SET_FUNCTION(position_connected_pawns, pawns_connected)

/* flip_colors(position), flip_horizontal(position) → position */
#define POSITION_TRANSFORM(sqlname, transform) \
PG_FUNCTION_INFO_V1(sqlname); \
Datum \
sqlname(PG_FUNCTION_ARGS) \
{ \
	Position	pos, \
				out; \
 \
	position_from_datum(PG_GETARG_POSITION_P(0), &pos); \
	transform(&pos, &out); \
	PG_RETURN_POSITION_P(position_to_datum(&out)); \
}

POSITION_TRANSFORM(position_flip_sql, position_flip)
POSITION_TRANSFORM(position_mirror_sql, position_mirror)

/* flip_colors(pattern), flip_horizontal(pattern) → pattern */
#define PATTERN_TRANSFORM(sqlname, transform) \
PG_FUNCTION_INFO_V1(sqlname); \
Datum \
sqlname(PG_FUNCTION_ARGS) \
{ \
	Pattern		p, \
				out; \
	ChessPattern *d = palloc(sizeof(ChessPattern)); \
 \
	pattern_from_datum(PG_GETARG_PATTERN_P(0), &p); \
	transform(&p, &out); \
	pattern_pack(&out, d->bytes); \
	PG_RETURN_POINTER(d); \
}

PATTERN_TRANSFORM(pattern_flip_sql, pattern_flip)
PATTERN_TRANSFORM(pattern_mirror_sql, pattern_mirror)

/* same_pawns(position, position), same_pawn_files(position, position) → boolean */
#define POSITION_COMPARISON(sqlname, test) \
PG_FUNCTION_INFO_V1(sqlname); \
Datum \
sqlname(PG_FUNCTION_ARGS) \
{ \
	Position	a, \
				b; \
 \
	position_from_datum(PG_GETARG_POSITION_P(0), &a); \
	position_from_datum(PG_GETARG_POSITION_P(1), &b); \
	PG_RETURN_BOOL(test(&a, &b)); \
}

POSITION_COMPARISON(position_same_pawns, same_pawns)
POSITION_COMPARISON(position_same_pawn_files, same_pawn_files)
