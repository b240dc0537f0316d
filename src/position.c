/*
 * position.c — the SQL type position (FEN text): I/O, accessors,
 * comparisons, pieces() and board().
 */
#include "chess.h"

#include "common/hashfn.h"
#include "funcapi.h"
#include "libpq/pqformat.h"
#include "utils/builtins.h"

void
position_from_datum(const ChessPosition *datum, Position *pos)
{
	position_unpack(datum->bytes, pos);
}

ChessPosition *
position_to_datum(const Position *pos)
{
	ChessPosition *result = palloc(sizeof(ChessPosition));

	position_pack(pos, result->bytes);
	return result;
}

PG_FUNCTION_INFO_V1(position_in);
Datum
position_in(PG_FUNCTION_ARGS)
{
	const char *str = PG_GETARG_CSTRING(0);
	Position	pos;
	PositionError err;

	if (!fen_parse(str, &pos, &err))
		ereturn(fcinfo->context, (Datum) 0,
				(errcode(ERRCODE_INVALID_TEXT_REPRESENTATION),
				 errmsg("invalid input syntax for type position: \"%s\"", chess_quote_cstring(str)),
				 errdetail("%s", chess_detail(err.detail))));
	PG_RETURN_POSITION_P(position_to_datum(&pos));
}

PG_FUNCTION_INFO_V1(position_out);
Datum
position_out(PG_FUNCTION_ARGS)
{
	Position	pos;
	char	   *out = palloc(FEN_MAX_LENGTH);

	position_from_datum(PG_GETARG_POSITION_P(0), &pos);
	fen_write(&pos, out);
	PG_RETURN_CSTRING(out);
}

/* Binary form: the PACKED_POSITION_SIZE bytes of the packed position. */
PG_FUNCTION_INFO_V1(position_recv);
Datum
position_recv(PG_FUNCTION_ARGS)
{
	StringInfo	buf = (StringInfo) PG_GETARG_POINTER(0);
	const uint8 *bytes;
	Position	pos;
	PositionError err;

	chess_check_binary_size(buf, PACKED_POSITION_SIZE, "position");
	bytes = (const uint8 *) pq_getmsgbytes(buf, PACKED_POSITION_SIZE);
	if (!position_unpack_checked(bytes, &pos, &err))
		ereport(ERROR,
				(errcode(ERRCODE_INVALID_BINARY_REPRESENTATION),
				 errmsg("invalid binary data for type position"),
				 errdetail("%s", chess_detail(err.detail))));
	PG_RETURN_POSITION_P(position_to_datum(&pos));
}

PG_FUNCTION_INFO_V1(position_send);
Datum
position_send(PG_FUNCTION_ARGS)
{
	StringInfoData buf;

	pq_begintypsend(&buf);
	pq_sendbytes(&buf, (const char *) PG_GETARG_POSITION_P(0)->bytes, PACKED_POSITION_SIZE);
	PG_RETURN_BYTEA_P(pq_endtypsend(&buf));
}

/* Byte order of the canonical packed form: a total order consistent with =. */
static inline int
position_cmp_internal(const ChessPosition *a, const ChessPosition *b)
{
	return memcmp(a->bytes, b->bytes, PACKED_POSITION_SIZE);
}

CHESS_COMPARISON_FUNCTIONS(position, PG_GETARG_POSITION_P, position_cmp_internal)

PG_FUNCTION_INFO_V1(position_hash);
Datum
position_hash(PG_FUNCTION_ARGS)
{
	return hash_any(PG_GETARG_POSITION_P(0)->bytes, PACKED_POSITION_SIZE);
}

PG_FUNCTION_INFO_V1(position_hash_extended);
Datum
position_hash_extended(PG_FUNCTION_ARGS)
{
	return hash_any_extended(PG_GETARG_POSITION_P(0)->bytes, PACKED_POSITION_SIZE,
							 PG_GETARG_INT64(1));
}

/* side_to_move(position) → 'white' or 'black' */
PG_FUNCTION_INFO_V1(position_side_to_move);
Datum
position_side_to_move(PG_FUNCTION_ARGS)
{
	Position	pos;

	position_from_datum(PG_GETARG_POSITION_P(0), &pos);
	PG_RETURN_TEXT_P(cstring_to_text(color_name((Color) pos.side)));
}

/* castling_rights(position) → the FEN castling field, 'KQkq' .. '-' */
PG_FUNCTION_INFO_V1(position_castling_rights);
Datum
position_castling_rights(PG_FUNCTION_ARGS)
{
	Position	pos;
	char		out[5];

	position_from_datum(PG_GETARG_POSITION_P(0), &pos);
	castling_write(pos.castling, out);
	PG_RETURN_TEXT_P(cstring_to_text(out));
}

/* en_passant_square(position) → square or NULL (only when a capture is legal) */
PG_FUNCTION_INFO_V1(position_en_passant_square);
Datum
position_en_passant_square(PG_FUNCTION_ARGS)
{
	Position	pos;

	position_from_datum(PG_GETARG_POSITION_P(0), &pos);
	if (pos.ep == SQ_NONE)
		PG_RETURN_NULL();
	PG_RETURN_SQUARE(pos.ep);
}

PG_FUNCTION_INFO_V1(position_halfmove_clock);
Datum
position_halfmove_clock(PG_FUNCTION_ARGS)
{
	Position	pos;

	position_from_datum(PG_GETARG_POSITION_P(0), &pos);
	PG_RETURN_INT32(pos.halfmove);
}

PG_FUNCTION_INFO_V1(position_fullmove_number);
Datum
position_fullmove_number(PG_FUNCTION_ARGS)
{
	Position	pos;

	position_from_datum(PG_GETARG_POSITION_P(0), &pos);
	PG_RETURN_INT32(pos.fullmove);
}

/* piece_at(position, square) → piece or NULL */
PG_FUNCTION_INFO_V1(position_piece_at);
Datum
position_piece_at(PG_FUNCTION_ARGS)
{
	Position	pos;
	Piece		pc;

	position_from_datum(PG_GETARG_POSITION_P(0), &pos);
	pc = pos.board[PG_GETARG_SQUARE(1)];
	if (pc == NO_PIECE)
		PG_RETURN_NULL();
	PG_RETURN_PIECE(pc);
}

/* pieces(position) → TABLE(square square, piece piece), by ascending square */
PG_FUNCTION_INFO_V1(position_pieces);
Datum
position_pieces(PG_FUNCTION_ARGS)
{
	ReturnSetInfo *rsinfo = (ReturnSetInfo *) fcinfo->resultinfo;
	Position	pos;
	Bitboard	occ;

	chess_materialize(fcinfo);
	position_from_datum(PG_GETARG_POSITION_P(0), &pos);
	occ = position_occupied(&pos);
	while (occ)
	{
		Square		sq = bb_pop(&occ);
		Datum		values[2] = {SquareGetDatum(sq), PieceGetDatum(pos.board[sq])};
		bool		nulls[2] = {false, false};

		tuplestore_putvalues(rsinfo->setResult, rsinfo->setDesc, values, nulls);
	}
	return (Datum) 0;
}

/* board(position) → an 8-line diagram, rank 8 first, '.' for empty squares */
PG_FUNCTION_INFO_V1(position_board);
Datum
position_board(PG_FUNCTION_ARGS)
{
	Position	pos;
	char		out[BOARD_DIAGRAM_SIZE];

	position_from_datum(PG_GETARG_POSITION_P(0), &pos);
	board_diagram(&pos, out);
	PG_RETURN_TEXT_P(cstring_to_text(out));
}

/*
 * board_rows(position) → TABLE(rank integer, a piece, ..., h piece): the
 * board as eight rows, rank 8 first, a column a file, NULL for an empty
 * square — in psql the column headers are the files and the first column
 * the ranks.
 */
PG_FUNCTION_INFO_V1(position_board_rows);
Datum
position_board_rows(PG_FUNCTION_ARGS)
{
	ReturnSetInfo *rsinfo = chess_materialize(fcinfo);
	Position	pos;
	int			rank,
				file;

	position_from_datum(PG_GETARG_POSITION_P(0), &pos);
	for (rank = 7; rank >= 0; rank--)
	{
		Datum		values[9];
		bool		nulls[9];

		values[0] = Int32GetDatum(rank + 1);
		nulls[0] = false;
		for (file = 0; file < 8; file++)
		{
			Piece		pc = pos.board[SQ_MAKE(file, rank)];

			values[file + 1] = PieceGetDatum(pc);
			nulls[file + 1] = pc == NO_PIECE;
		}
		tuplestore_putvalues(rsinfo->setResult, rsinfo->setDesc, values, nulls);
	}
	return (Datum) 0;
}

/* start_position() → the standard starting position */
PG_FUNCTION_INFO_V1(position_start);
Datum
position_start(PG_FUNCTION_ARGS)
{
	Position	pos;

	position_set_startpos(&pos);
	PG_RETURN_POSITION_P(position_to_datum(&pos));
}
