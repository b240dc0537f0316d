/*
 * pattern.c — the type pattern: pieces required on squares, squares
 * required empty, optionally the side to move (a sub-FEN placement, as
 * Scoutfish's).  Text and binary I/O, comparisons and hashes; the matching
 * is search.c's.
 */
#include "chess.h"

#include "engine/search.h"

#include "common/hashfn.h"
#include "libpq/pqformat.h"

StaticAssertDecl(sizeof(ChessPattern) == PACKED_PATTERN_SIZE, "pattern size");

void
pattern_from_datum(const ChessPattern *d, Pattern *p)
{
	PositionError err;

	if (!pattern_unpack_checked(d->bytes, p, &err))
		ereport(ERROR,
				(errcode(ERRCODE_DATA_CORRUPTED),
				 errmsg("corrupted pattern value"),
				 errdetail("%s", err.detail)));
}

/* pattern: text I/O, binary I/O (the packed bytes, checked) */
PG_FUNCTION_INFO_V1(pattern_in);
Datum
pattern_in(PG_FUNCTION_ARGS)
{
	const char *str = PG_GETARG_CSTRING(0);
	Pattern		p;
	PositionError err;
	ChessPattern *d;

	if (!pattern_parse(str, &p, &err))
		ereturn(fcinfo->context, (Datum) 0,
				(errcode(ERRCODE_INVALID_TEXT_REPRESENTATION),
				 errmsg("invalid input syntax for type pattern: \"%s\"", chess_quote_cstring(str)),
				 errdetail("%s", chess_detail(err.detail))));
	d = palloc(sizeof(ChessPattern));
	pattern_pack(&p, d->bytes);
	PG_RETURN_POINTER(d);
}

PG_FUNCTION_INFO_V1(pattern_out);
Datum
pattern_out(PG_FUNCTION_ARGS)
{
	Pattern		p;
	char	   *out = palloc(PATTERN_MAX_LENGTH);

	pattern_from_datum(PG_GETARG_PATTERN_P(0), &p);
	pattern_write(&p, out);
	PG_RETURN_CSTRING(out);
}

PG_FUNCTION_INFO_V1(pattern_recv);
Datum
pattern_recv(PG_FUNCTION_ARGS)
{
	StringInfo	buf = (StringInfo) PG_GETARG_POINTER(0);
	Pattern		p;
	PositionError err;
	ChessPattern *d = palloc(sizeof(ChessPattern));

	chess_check_binary_size(buf, PACKED_PATTERN_SIZE, "pattern");
	memcpy(d->bytes, pq_getmsgbytes(buf, PACKED_PATTERN_SIZE), PACKED_PATTERN_SIZE);
	if (!pattern_unpack_checked(d->bytes, &p, &err))
		ereport(ERROR,
				(errcode(ERRCODE_INVALID_BINARY_REPRESENTATION),
				 errmsg("invalid binary data for type pattern"),
				 errdetail("%s", err.detail)));
	PG_RETURN_POINTER(d);
}

PG_FUNCTION_INFO_V1(pattern_send);
Datum
pattern_send(PG_FUNCTION_ARGS)
{
	StringInfoData buf;

	pq_begintypsend(&buf);
	pq_sendbytes(&buf, (const char *) PG_GETARG_PATTERN_P(0)->bytes, PACKED_PATTERN_SIZE);
	PG_RETURN_BYTEA_P(pq_endtypsend(&buf));
}

/* Comparisons of the packed bytes: equality, and an order for btree and DISTINCT. */
#define PATTERN_CMP(a, b)	memcmp((a)->bytes, (b)->bytes, PACKED_PATTERN_SIZE)

CHESS_COMPARISON_FUNCTIONS(pattern, PG_GETARG_PATTERN_P, PATTERN_CMP)
PG_FUNCTION_INFO_V1(pattern_hash);
Datum
pattern_hash(PG_FUNCTION_ARGS)
{
	return hash_any(PG_GETARG_PATTERN_P(0)->bytes, PACKED_PATTERN_SIZE);
}

PG_FUNCTION_INFO_V1(pattern_hash_extended);
Datum
pattern_hash_extended(PG_FUNCTION_ARGS)
{
	return hash_any_extended(PG_GETARG_PATTERN_P(0)->bytes, PACKED_PATTERN_SIZE, PG_GETARG_INT64(1));
}
