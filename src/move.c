/*
 * move.c — the SQL type move (UCI text): I/O, accessors, comparisons.
 */
#include "chess.h"

#include "common/hashfn.h"
#include "libpq/pqformat.h"
#include "utils/builtins.h"

PG_FUNCTION_INFO_V1(move_in);
Datum
move_in(PG_FUNCTION_ARGS)
{
	const char *str = PG_GETARG_CSTRING(0);
	size_t		len;
	const char *s = chess_trim(str, &len);
	Move		m = MOVE_NULL;
	MoveCodeError err = move_parse(s, len, &m);

	if (err != MOVE_OK)
		ereturn(fcinfo->context, (Datum) 0,
				(errcode(ERRCODE_INVALID_TEXT_REPRESENTATION),
				 errmsg("invalid input syntax for type move: \"%s\"", chess_quote_cstring(str)),
				 errdetail("%s", move_error_message(err))));
	PG_RETURN_MOVE(m);
}

PG_FUNCTION_INFO_V1(move_out);
Datum
move_out(PG_FUNCTION_ARGS)
{
	char	   *out = palloc(6);

	move_write(PG_GETARG_MOVE(0), out);
	PG_RETURN_CSTRING(out);
}

PG_FUNCTION_INFO_V1(move_recv);
Datum
move_recv(PG_FUNCTION_ARGS)
{
	StringInfo	buf = (StringInfo) PG_GETARG_POINTER(0);
	Move		m;
	MoveCodeError err;

	chess_check_binary_size(buf, 2, "move");
	m = (Move) pq_getmsgint(buf, 2);
	err = move_check(m);

	if (err != MOVE_OK)
		ereport(ERROR,
				(errcode(ERRCODE_INVALID_BINARY_REPRESENTATION),
				 errmsg("invalid binary data for type move"),
				 errdetail("%s", move_error_message(err))));
	PG_RETURN_MOVE(m);
}

PG_FUNCTION_INFO_V1(move_send);
Datum
move_send(PG_FUNCTION_ARGS)
{
	StringInfoData buf;

	pq_begintypsend(&buf);
	pq_sendint16(&buf, PG_GETARG_MOVE(0));
	PG_RETURN_BYTEA_P(pq_endtypsend(&buf));
}

CHESS_COMPARISON_FUNCTIONS(move, PG_GETARG_MOVE, CHESS_CMP_VALUE)
CHESS_MINMAX_FUNCTIONS(move, PG_GETARG_MOVE, CHESS_CMP_VALUE)
CHESS_HASH_BYVAL_FUNCTIONS(move, PG_GETARG_MOVE)

/* from_square(move), to_square(move): NULL for the null move */
PG_FUNCTION_INFO_V1(move_from_square);
Datum
move_from_square(PG_FUNCTION_ARGS)
{
	Move		m = PG_GETARG_MOVE(0);

	if (m == MOVE_NULL)
		PG_RETURN_NULL();
	PG_RETURN_SQUARE(MOVE_FROM(m));
}

PG_FUNCTION_INFO_V1(move_to_square);
Datum
move_to_square(PG_FUNCTION_ARGS)
{
	Move		m = PG_GETARG_MOVE(0);

	if (m == MOVE_NULL)
		PG_RETURN_NULL();
	PG_RETURN_SQUARE(MOVE_TO(m));
}

/* promotion(move) → 'knight', 'bishop', 'rook', 'queen' or NULL */
PG_FUNCTION_INFO_V1(move_promotion);
Datum
move_promotion(PG_FUNCTION_ARGS)
{
	PieceKind	promo = MOVE_PROMO(PG_GETARG_MOVE(0));

	if (promo == NO_KIND)
		PG_RETURN_NULL();
	PG_RETURN_TEXT_P(cstring_to_text(kind_name(promo)));
}

/* move(from square, to square [, promotion text]) */
PG_FUNCTION_INFO_V1(move_make);
Datum
move_make(PG_FUNCTION_ARGS)
{
	Square		from = PG_GETARG_SQUARE(0);
	Square		to = PG_GETARG_SQUARE(1);
	PieceKind	promo = NO_KIND;
	Move		m;
	MoveCodeError err;
	char		from_name[3],
				to_name[3];

	if (PG_NARGS() > 2)
	{
		char	   *promo_text = text_to_cstring(PG_GETARG_TEXT_PP(2));

		if (!kind_parse(promo_text, &promo))
			ereport(ERROR,
					(errcode(ERRCODE_INVALID_PARAMETER_VALUE),
					 errmsg("invalid promotion \"%s\"", chess_quote_cstring(promo_text)),
					 errdetail("%s", move_error_message(MOVE_ERR_PROMOTION_KIND))));
	}
	m = MOVE_MAKE(from, to, promo);
	err = move_check(m);
	if (err == MOVE_OK && m == MOVE_NULL)
		err = MOVE_ERR_SAME_SQUARE;
	square_write(from, from_name);
	square_write(to, to_name);
	if (err != MOVE_OK)
		ereport(ERROR,
				(errcode(ERRCODE_INVALID_PARAMETER_VALUE),
				 errmsg("invalid move from %s to %s", from_name, to_name),
				 errdetail("%s", move_error_message(err))));
	PG_RETURN_MOVE(m);
}
