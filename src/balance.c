/*
 * balance.c — the type balance: a material signature whose counts may be
 * ranges ("KRBP*vKRP*"), and material(position), the signature of a
 * position.  Text and binary I/O, comparisons and hashes, flip(); the
 * matching is search.c's.
 */
#include "chess.h"

#include "engine/search.h"

#include "common/hashfn.h"
#include "libpq/pqformat.h"
#include "utils/builtins.h"

StaticAssertDecl(sizeof(ChessBalance) == PACKED_MATERIAL_SIZE, "material size");

void
material_from_datum(const ChessBalance *d, MaterialQuery *q)
{
	PositionError err;

	if (!material_query_unpack_checked(d->bytes, q, &err))
		ereport(ERROR,
				(errcode(ERRCODE_DATA_CORRUPTED),
				 errmsg("corrupted balance value"),
				 errdetail("%s", err.detail)));
}

ChessBalance *
material_to_datum(const MaterialQuery *q)
{
	ChessBalance *d = palloc(sizeof(ChessBalance));

	material_query_pack(q, d->bytes);
	return d;
}

/* material: text I/O, binary I/O */
PG_FUNCTION_INFO_V1(balance_in);
Datum
balance_in(PG_FUNCTION_ARGS)
{
	const char *str = PG_GETARG_CSTRING(0);
	MaterialQuery q;
	PositionError err;

	if (!material_query_parse(str, &q, &err))
		ereturn(fcinfo->context, (Datum) 0,
				(errcode(ERRCODE_INVALID_TEXT_REPRESENTATION),
				 errmsg("invalid input syntax for type balance: \"%s\"", chess_quote_cstring(str)),
				 errdetail("%s", chess_detail(err.detail))));
	PG_RETURN_POINTER(material_to_datum(&q));
}

PG_FUNCTION_INFO_V1(balance_out);
Datum
balance_out(PG_FUNCTION_ARGS)
{
	MaterialQuery q;
	char	   *out = palloc(MATERIAL_QUERY_MAX_LENGTH);

	material_from_datum(PG_GETARG_BALANCE_P(0), &q);
	material_query_write(&q, out);
	PG_RETURN_CSTRING(out);
}

PG_FUNCTION_INFO_V1(balance_recv);
Datum
balance_recv(PG_FUNCTION_ARGS)
{
	StringInfo	buf = (StringInfo) PG_GETARG_POINTER(0);
	MaterialQuery q;
	PositionError err;

	chess_check_binary_size(buf, PACKED_MATERIAL_SIZE, "balance");
	if (!material_query_unpack_checked((const uint8 *) pq_getmsgbytes(buf, PACKED_MATERIAL_SIZE),
									   &q, &err))
		ereport(ERROR,
				(errcode(ERRCODE_INVALID_BINARY_REPRESENTATION),
				 errmsg("invalid binary data for type balance"),
				 errdetail("%s", err.detail)));
	PG_RETURN_POINTER(material_to_datum(&q));
}

PG_FUNCTION_INFO_V1(balance_send);
Datum
balance_send(PG_FUNCTION_ARGS)
{
	StringInfoData buf;

	pq_begintypsend(&buf);
	pq_sendbytes(&buf, (const char *) PG_GETARG_BALANCE_P(0)->bytes, PACKED_MATERIAL_SIZE);
	PG_RETURN_BYTEA_P(pq_endtypsend(&buf));
}

/* Comparisons of the packed bytes: equality, and an order for btree and DISTINCT. */
#define MATERIAL_CMP(a, b)	memcmp((a)->bytes, (b)->bytes, PACKED_MATERIAL_SIZE)

CHESS_COMPARISON_FUNCTIONS(balance, PG_GETARG_BALANCE_P, MATERIAL_CMP)
PG_FUNCTION_INFO_V1(balance_hash);
Datum
balance_hash(PG_FUNCTION_ARGS)
{
	return hash_any(PG_GETARG_BALANCE_P(0)->bytes, PACKED_MATERIAL_SIZE);
}

PG_FUNCTION_INFO_V1(balance_hash_extended);
Datum
balance_hash_extended(PG_FUNCTION_ARGS)
{
	return hash_any_extended(PG_GETARG_BALANCE_P(0)->bytes, PACKED_MATERIAL_SIZE, PG_GETARG_INT64(1));
}

/* material(position) → text: the signature in Syzygy's order, White first */
PG_FUNCTION_INFO_V1(position_material);
Datum
position_material(PG_FUNCTION_ARGS)
{
	Position	pos;
	char		out[MATERIAL_MAX_LENGTH];

	position_from_datum(PG_GETARG_POSITION_P(0), &pos);
	material_write(&pos, out);
	PG_RETURN_TEXT_P(cstring_to_text(out));
}

/* flip(material) → material: the sides swapped */
PG_FUNCTION_INFO_V1(balance_flip);
Datum
balance_flip(PG_FUNCTION_ARGS)
{
	MaterialQuery q;

	material_from_datum(PG_GETARG_BALANCE_P(0), &q);
	material_query_flip(&q);
	PG_RETURN_POINTER(material_to_datum(&q));
}
