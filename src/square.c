/*
 * square.c — the SQL type square: I/O, accessors, comparisons.
 */
#include "chess.h"

#include "common/hashfn.h"
#include "libpq/pqformat.h"
#include "utils/builtins.h"

static void
check_square_value(int value)
{
	if (value < 0 || value > 63)
		ereport(ERROR,
				(errcode(ERRCODE_NUMERIC_VALUE_OUT_OF_RANGE),
				 errmsg("square number %d is out of range", value),
				 errdetail("Squares are numbered 0 (a1) to 63 (h8), rank by rank.")));
}

PG_FUNCTION_INFO_V1(square_in);
Datum
square_in(PG_FUNCTION_ARGS)
{
	const char *str = PG_GETARG_CSTRING(0);
	size_t		len;
	const char *s = chess_trim(str, &len);
	Square		sq;

	if (!square_parse(s, len, &sq))
		ereturn(fcinfo->context, (Datum) 0,
				(errcode(ERRCODE_INVALID_TEXT_REPRESENTATION),
				 errmsg("invalid input syntax for type square: \"%s\"", chess_quote_cstring(str)),
				 errdetail("A square is a file letter a to h and a rank digit 1 to 8, as in \"e4\".")));
	PG_RETURN_SQUARE(sq);
}

PG_FUNCTION_INFO_V1(square_out);
Datum
square_out(PG_FUNCTION_ARGS)
{
	char	   *out = palloc(3);

	square_write(PG_GETARG_SQUARE(0), out);
	PG_RETURN_CSTRING(out);
}

PG_FUNCTION_INFO_V1(square_recv);
Datum
square_recv(PG_FUNCTION_ARGS)
{
	StringInfo	buf = (StringInfo) PG_GETARG_POINTER(0);
	int			value;

	chess_check_binary_size(buf, 1, "square");
	value = pq_getmsgbyte(buf);
	if (value > 63)
		ereport(ERROR,
				(errcode(ERRCODE_INVALID_BINARY_REPRESENTATION),
				 errmsg("invalid binary data for type square"),
				 errdetail("Byte %d is not a square number (0 to 63).", value)));
	PG_RETURN_SQUARE((Square) value);
}

PG_FUNCTION_INFO_V1(square_send);
Datum
square_send(PG_FUNCTION_ARGS)
{
	StringInfoData buf;

	pq_begintypsend(&buf);
	pq_sendbyte(&buf, PG_GETARG_SQUARE(0));
	PG_RETURN_BYTEA_P(pq_endtypsend(&buf));
}

CHESS_COMPARISON_FUNCTIONS(square, PG_GETARG_SQUARE, CHESS_CMP_VALUE)
CHESS_MINMAX_FUNCTIONS(square, PG_GETARG_SQUARE, CHESS_CMP_VALUE)
CHESS_HASH_BYVAL_FUNCTIONS(square, PG_GETARG_SQUARE)

/* file(square) → 'a'..'h' */
PG_FUNCTION_INFO_V1(square_file);
Datum
square_file(PG_FUNCTION_ARGS)
{
	char		name[2] = {(char) ('a' + SQ_FILE(PG_GETARG_SQUARE(0))), '\0'};

	PG_RETURN_TEXT_P(cstring_to_text(name));
}

/* rank(square) → 1..8 */
PG_FUNCTION_INFO_V1(square_rank);
Datum
square_rank(PG_FUNCTION_ARGS)
{
	PG_RETURN_INT32(SQ_RANK(PG_GETARG_SQUARE(0)) + 1);
}

/*
 * rank(text): rank('e4') reads its literal as a square.  Without it the
 * literal fits pg_catalog's rank() as well, and PostgreSQL cannot choose.
 */
PG_FUNCTION_INFO_V1(square_rank_text);
Datum
square_rank_text(PG_FUNCTION_ARGS)
{
	Datum		sq = DirectFunctionCall1(square_in, CStringGetDatum(text_to_cstring(PG_GETARG_TEXT_PP(0))));

	PG_RETURN_INT32(SQ_RANK(DatumGetSquare(sq)) + 1);
}

/* square(file text, rank integer) */
PG_FUNCTION_INFO_V1(square_make);
Datum
square_make(PG_FUNCTION_ARGS)
{
	text	   *file = PG_GETARG_TEXT_PP(0);
	int32		rank = PG_GETARG_INT32(1);
	const char *f = VARDATA_ANY(file);
	char		c = VARSIZE_ANY_EXHDR(file) == 1 ? chess_to_lower(f[0]) : '?';

	if (c < 'a' || c > 'h')
		ereport(ERROR,
				(errcode(ERRCODE_INVALID_PARAMETER_VALUE),
				 errmsg("invalid file \"%s\"", chess_quote(f, VARSIZE_ANY_EXHDR(file))),
				 errdetail("A file is one letter from a to h.")));
	if (rank < 1 || rank > 8)
		ereport(ERROR,
				(errcode(ERRCODE_INVALID_PARAMETER_VALUE),
				 errmsg("invalid rank %d", rank),
				 errdetail("A rank is a number from 1 to 8.")));
	PG_RETURN_SQUARE(SQ_MAKE(c - 'a', rank - 1));
}

/* Casts square ↔ integer (0 = a1 .. 63 = h8). */
PG_FUNCTION_INFO_V1(square_to_int);
Datum
square_to_int(PG_FUNCTION_ARGS)
{
	PG_RETURN_INT32(PG_GETARG_SQUARE(0));
}

PG_FUNCTION_INFO_V1(int_to_square);
Datum
int_to_square(PG_FUNCTION_ARGS)
{
	int32		value = PG_GETARG_INT32(0);

	check_square_value(value);
	PG_RETURN_SQUARE((Square) value);
}
