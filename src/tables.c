/*
 * tables.c — the seed documents' tables in SQL: move_table() (the ABAP
 * article's one-piece move table) and the Neo4j GraphGist's board graph,
 * files(), ranks(), squares() and hops().
 */
#include "chess.h"

#include "engine/tables.h"

#include "funcapi.h"
#include "utils/builtins.h"

/* text of a single character */
static Datum
letter_text(char c)
{
	char		s[2] = {c, '\0'};

	return PointerGetDatum(cstring_to_text(s));
}

/*
 * move_table() → TABLE(color text, kind text, piece piece, from_square square,
 *   to_square square, special text, dep_piece piece, dep_from square,
 *   dep_to square, promotion text, move move)
 */
PG_FUNCTION_INFO_V1(chess_move_table);
Datum
chess_move_table(PG_FUNCTION_ARGS)
{
	ReturnSetInfo *rsinfo = (ReturnSetInfo *) fcinfo->resultinfo;
	MoveTableRow *rows = palloc(sizeof(MoveTableRow) * MOVE_TABLE_ROWS);
	int			n,
				i;

	chess_materialize(fcinfo);
	n = move_table_rows(rows);
	Assert(n == MOVE_TABLE_ROWS);
	for (i = 0; i < n; i++)
	{
		const MoveTableRow *r = &rows[i];
		Datum		values[11];
		bool		nulls[11] = {false};

		values[0] = PointerGetDatum(cstring_to_text(color_name(PIECE_COLOR(r->piece))));
		values[1] = PointerGetDatum(cstring_to_text(kind_name(PIECE_KIND(r->piece))));
		values[2] = PieceGetDatum(r->piece);
		values[3] = SquareGetDatum(r->from);
		values[4] = SquareGetDatum(r->to);
		if (r->special)
			values[5] = letter_text(r->special);
		else
			nulls[5] = true;
		if (r->dep_piece != NO_PIECE)
		{
			values[6] = PieceGetDatum(r->dep_piece);
			values[7] = SquareGetDatum(r->dep_from);
			values[8] = SquareGetDatum(r->dep_to);
		}
		else
			nulls[6] = nulls[7] = nulls[8] = true;
		if (r->promotion != NO_KIND)
			values[9] = PointerGetDatum(cstring_to_text(kind_name(r->promotion)));
		else
			nulls[9] = true;
		values[10] = MoveGetDatum(MOVE_MAKE(r->from, r->to, r->promotion));
		tuplestore_putvalues(rsinfo->setResult, rsinfo->setDesc, values, nulls);
	}
	pfree(rows);
	return (Datum) 0;
}

/* files() → TABLE(file text, right_file text): a..h, each with its right neighbour */
PG_FUNCTION_INFO_V1(chess_files);
Datum
chess_files(PG_FUNCTION_ARGS)
{
	ReturnSetInfo *rsinfo = (ReturnSetInfo *) fcinfo->resultinfo;
	int			f;

	chess_materialize(fcinfo);
	for (f = 0; f < 8; f++)
	{
		Datum		values[2] = {letter_text((char) ('a' + f)), (Datum) 0};
		bool		nulls[2] = {false, f == 7};

		if (f < 7)
			values[1] = letter_text((char) ('a' + f + 1));
		tuplestore_putvalues(rsinfo->setResult, rsinfo->setDesc, values, nulls);
	}
	return (Datum) 0;
}

/* ranks() → TABLE(rank integer, top_rank integer): 1..8, each with the rank above */
PG_FUNCTION_INFO_V1(chess_ranks);
Datum
chess_ranks(PG_FUNCTION_ARGS)
{
	ReturnSetInfo *rsinfo = (ReturnSetInfo *) fcinfo->resultinfo;
	int			r;

	chess_materialize(fcinfo);
	for (r = 1; r <= 8; r++)
	{
		Datum		values[2] = {Int32GetDatum(r), Int32GetDatum(r + 1)};
		bool		nulls[2] = {false, r == 8};

		tuplestore_putvalues(rsinfo->setResult, rsinfo->setDesc, values, nulls);
	}
	return (Datum) 0;
}

/* squares() → TABLE(square square, file text, rank integer), a1..h8 */
PG_FUNCTION_INFO_V1(chess_squares);
Datum
chess_squares(PG_FUNCTION_ARGS)
{
	ReturnSetInfo *rsinfo = (ReturnSetInfo *) fcinfo->resultinfo;
	int			sq;

	chess_materialize(fcinfo);
	for (sq = 0; sq < 64; sq++)
	{
		Datum		values[3] = {SquareGetDatum((Square) sq), letter_text((char) ('a' + SQ_FILE(sq))),
		Int32GetDatum(SQ_RANK(sq) + 1)};
		bool		nulls[3] = {false, false, false};

		tuplestore_putvalues(rsinfo->setResult, rsinfo->setDesc, values, nulls);
	}
	return (Datum) 0;
}

/* hops() → TABLE(from_square square, to_square square, type text, length integer) */
PG_FUNCTION_INFO_V1(chess_hops);
Datum
chess_hops(PG_FUNCTION_ARGS)
{
	ReturnSetInfo *rsinfo = (ReturnSetInfo *) fcinfo->resultinfo;
	HopRow	   *rows = palloc(sizeof(HopRow) * HOP_ROWS);
	int			n,
				i;

	chess_materialize(fcinfo);
	n = hop_rows(rows);
	Assert(n == HOP_ROWS);
	for (i = 0; i < n; i++)
	{
		Datum		values[4] = {SquareGetDatum(rows[i].from), SquareGetDatum(rows[i].to),
			PointerGetDatum(cstring_to_text(rows[i].type)), Int32GetDatum(rows[i].length)};
		bool		nulls[4] = {false, false, false, false};

		tuplestore_putvalues(rsinfo->setResult, rsinfo->setDesc, values, nulls);
	}
	pfree(rows);
	return (Datum) 0;
}
