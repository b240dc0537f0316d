/*
 * piece.c — the SQL type piece: I/O, accessors, comparisons.
 */
#include "chess.h"

#include "common/hashfn.h"
#include "libpq/pqformat.h"
#include "utils/builtins.h"

PG_FUNCTION_INFO_V1(piece_in);
Datum
piece_in(PG_FUNCTION_ARGS)
{
	const char *str = PG_GETARG_CSTRING(0);
	size_t		len;
	const char *s = chess_trim(str, &len);
	Piece		pc;

	if (len != 1 || !piece_from_char(s[0], &pc))
		ereturn(fcinfo->context, (Datum) 0,
				(errcode(ERRCODE_INVALID_TEXT_REPRESENTATION),
				 errmsg("invalid input syntax for type piece: \"%s\"", chess_quote_cstring(str)),
				 errdetail("A piece is one FEN letter: PNBRQK for White, pnbrqk for Black.")));
	PG_RETURN_PIECE(pc);
}

PG_FUNCTION_INFO_V1(piece_out);
Datum
piece_out(PG_FUNCTION_ARGS)
{
	char	   *out = palloc(2);

	out[0] = piece_to_char(PG_GETARG_PIECE(0));
	out[1] = '\0';
	PG_RETURN_CSTRING(out);
}

PG_FUNCTION_INFO_V1(piece_recv);
Datum
piece_recv(PG_FUNCTION_ARGS)
{
	StringInfo	buf = (StringInfo) PG_GETARG_POINTER(0);
	int			value;

	chess_check_binary_size(buf, 1, "piece");
	value = pq_getmsgbyte(buf);
	if (!piece_valid((Piece) value))
		ereport(ERROR,
				(errcode(ERRCODE_INVALID_BINARY_REPRESENTATION),
				 errmsg("invalid binary data for type piece"),
				 errdetail("Byte %d is not a piece code (1 to 6 for White, 9 to 14 for Black).",
						   value)));
	PG_RETURN_PIECE((Piece) value);
}

PG_FUNCTION_INFO_V1(piece_send);
Datum
piece_send(PG_FUNCTION_ARGS)
{
	StringInfoData buf;

	pq_begintypsend(&buf);
	pq_sendbyte(&buf, PG_GETARG_PIECE(0));
	PG_RETURN_BYTEA_P(pq_endtypsend(&buf));
}

CHESS_COMPARISON_FUNCTIONS(piece, PG_GETARG_PIECE, CHESS_CMP_VALUE)
CHESS_MINMAX_FUNCTIONS(piece, PG_GETARG_PIECE, CHESS_CMP_VALUE)
CHESS_HASH_BYVAL_FUNCTIONS(piece, PG_GETARG_PIECE)

/* color(piece) → 'white' or 'black' */
PG_FUNCTION_INFO_V1(piece_color);
Datum
piece_color(PG_FUNCTION_ARGS)
{
	PG_RETURN_TEXT_P(cstring_to_text(color_name(PIECE_COLOR(PG_GETARG_PIECE(0)))));
}

/* kind(piece) → 'pawn', 'knight', 'bishop', 'rook', 'queen' or 'king' */
PG_FUNCTION_INFO_V1(piece_kind);
Datum
piece_kind(PG_FUNCTION_ARGS)
{
	PG_RETURN_TEXT_P(cstring_to_text(kind_name(PIECE_KIND(PG_GETARG_PIECE(0)))));
}

/* piece(color text, kind text): 'white'/'w', 'black'/'b'; kind by name or letter */
PG_FUNCTION_INFO_V1(piece_make);
Datum
piece_make(PG_FUNCTION_ARGS)
{
	Color		color = chess_color_argument(PG_GETARG_TEXT_PP(0));
	char	   *kind_text = text_to_cstring(PG_GETARG_TEXT_PP(1));
	PieceKind	kind;

	if (!kind_parse(kind_text, &kind))
		ereport(ERROR,
				(errcode(ERRCODE_INVALID_PARAMETER_VALUE),
				 errmsg("invalid piece kind \"%s\"", chess_quote_cstring(kind_text)),
				 errdetail("A kind is pawn, knight, bishop, rook, queen or king, or its letter.")));
	PG_RETURN_PIECE(PIECE_MAKE(color, kind));
}
