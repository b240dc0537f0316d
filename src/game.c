/*
 * game.c — the SQL type game: a start position and the moves played from
 * it, every one legal, in the compact encoding of engine/game.h: reading
 * stored values, making them, accessors, comparisons in the order of the
 * move sequences, hashes.  Elsewhere: its text and binary forms
 * (game_io.c), annotations and appending a move (annotation.c),
 * searching games (search.c, gin_*.c), openings (prefix.c), the end of a
 * game (outcome.c).
 */
#include "chess.h"

#include "engine/game.h"
#include "engine/pgn.h"

#include "common/hashfn.h"
#include "libpq/pqformat.h"
#include "miscadmin.h"
#include "utils/lsyscache.h"

/*
 * A game value as it is stored, its header checked: a format version this
 * library reads, flags it knows, and a length its plies can fill (at most
 * 9 bits a ply, in either version).  Its moves are checked as they are
 * read (chess_game_reader(), chess_game_next()).
 */
struct varlena *
chess_game_detoast(Datum d)
{
	struct varlena *g = (struct varlena *) PG_DETOAST_DATUM_PACKED(d);
	const uint8 *data = GAME_DATA(g);
	size_t		len = GAME_FULL_LEN(g);

	if (unlikely(len < 4))
		chess_game_damaged(psprintf("A game value has at least 4 bytes, not %zu.", len));
	if (unlikely(data[0] != 1 && data[0] != GAME_FORMAT_VERSION))
		ereport(ERROR,
				(errcode(ERRCODE_DATA_CORRUPTED),
				 errmsg("corrupted game value"),
				 errdetail("Format version %d is unknown; this library reads versions 1 and %d.",
						   data[0], GAME_FORMAT_VERSION),
				 errhint("A newer version of the extension may have written it.")));
	if (unlikely(!game_header_valid(data, len)))
		chess_game_damaged(psprintf("Its header (flags 0x%02x, %zu bytes) is damaged.", data[1], len));
	if (data[1] & GAME_FLAG_ANNOTATED)
	{
		/* the annotations' length, in the last 4 bytes: at least their 2 bytes, after a bare game */
		size_t		bare = game_bare_len(data, len);

		if (unlikely(bare < 4 || len - bare < 2 + ANN_TRAILER || !game_header_valid(data, bare)))
			chess_game_damaged(psprintf("The length of its annotations (%zu bytes of %zu) is damaged.",
										(size_t) data[len - 4] << 24 | (size_t) data[len - 3] << 16 |
										(size_t) data[len - 2] << 8 | data[len - 1],
										len));
		len = bare;
	}
	if (unlikely(len > GAME_ENCODED_MAX(game_plies(data, len)) - ((data[1] & GAME_FLAG_START) ? 0 : PACKED_POSITION_SIZE)))
		chess_game_damaged(psprintf("Its %zu bytes are more than %d plies can fill.", len, game_plies(data, len)));
	return g;
}

void
chess_game_damaged(const char *why)
{
	ereport(ERROR,
			(errcode(ERRCODE_DATA_CORRUPTED),
			 errmsg("corrupted game value"),
			 errdetail("%s", why)));
}

void
chess_game_start(const struct varlena *g, Position *start)
{
	PositionError err;

	if (unlikely(!game_start(GAME_DATA(g), GAME_LEN(g), start, &err)))
		chess_game_damaged(psprintf("Its start position is damaged: %s", err.detail));
}

/*
 * Encodes moves played from start as a game value; an illegal move raises
 * the error play() raises (22023), naming its ply.
 */
struct varlena *
chess_game_from_moves(const Position *start, const Move *moves, int n)
{
	struct varlena *g = palloc(VARHDRSZ + GAME_ENCODED_MAX(n));
	Position	final;
	int			bad;
	size_t		len = game_encode(start, moves, n, (uint8 *) VARDATA(g), &bad, &final);

	if (len == 0)
		report_illegal_move(&final, moves[bad], bad + 1);
	SET_VARSIZE(g, VARHDRSZ + len);
	return g;
}

/*
 * A game value of moves that the PGN reader read, which tested each: they
 * are not tested again (in builds with assertions they are, and the bytes
 * compared).
 */
struct varlena *
chess_game_from_legal_moves(const Position *start, const Move *moves, int n)
{
	struct varlena *g = palloc(VARHDRSZ + GAME_ENCODED_MAX(n));
	size_t		len = game_encode_legal(start, moves, n, (uint8 *) VARDATA(g));

#ifdef USE_ASSERT_CHECKING
	{
		struct varlena *checked = chess_game_from_moves(start, moves, n);

		Assert(VARSIZE(checked) == VARHDRSZ + len &&
			   memcmp(VARDATA(checked), VARDATA(g), len) == 0);
		pfree(checked);
	}
#endif
	SET_VARSIZE(g, VARHDRSZ + len);
	return g;
}

/* The moves of a game value, in a palloc'd array; returns their number. */
int
chess_game_decode(const struct varlena *g, Move **moves, Position *final)
{
	GameReader	r;
	int			i;

	chess_game_reader(&r, g);
	*moves = palloc(sizeof(Move) * (r.plies + 1));
	for (i = 0; i < r.plies; i++)
	{
		if ((i & 4095) == 4095)
			CHECK_FOR_INTERRUPTS();
		(*moves)[i] = chess_game_next(&r);
	}
	if (final)
		*final = r.pos;
	return r.plies;
}

/* game(start position, moves move[]) → game */
PG_FUNCTION_INFO_V1(game_make);
Datum
game_make(PG_FUNCTION_ARGS)
{
	Position	start;
	Move	   *moves;
	int			n = chess_moves_from_array(PG_GETARG_ARRAYTYPE_P(1), &moves);

	position_from_datum(PG_GETARG_POSITION_P(0), &start);
	PG_RETURN_POINTER(chess_game_from_moves(&start, moves, n));
}

/* game(moves move[]) → game, from the standard start */
PG_FUNCTION_INFO_V1(game_make_standard);
Datum
game_make_standard(PG_FUNCTION_ARGS)
{
	Position	start;
	Move	   *moves;
	int			n = chess_moves_from_array(PG_GETARG_ARRAYTYPE_P(0), &moves);

	position_set_startpos(&start);
	PG_RETURN_POINTER(chess_game_from_moves(&start, moves, n));
}

/* start(game) → position */
PG_FUNCTION_INFO_V1(game_start_position);
Datum
game_start_position(PG_FUNCTION_ARGS)
{
	struct varlena *g = PG_GETARG_GAME_P(0);
	Position	start;

	chess_game_start(g, &start);
	PG_RETURN_POSITION_P(position_to_datum(&start));
}

/* plies(game) → integer */
PG_FUNCTION_INFO_V1(game_plies_count);
Datum
game_plies_count(PG_FUNCTION_ARGS)
{
	struct varlena *g = PG_GETARG_GAME_P(0);

	PG_RETURN_INT32(game_plies(GAME_DATA(g), GAME_LEN(g)));
}

/* moves(game) → move[] */
PG_FUNCTION_INFO_V1(game_moves);
Datum
game_moves(PG_FUNCTION_ARGS)
{
	struct varlena *g = PG_GETARG_GAME_P(0);
	Move	   *moves;
	int			n = chess_game_decode(g, &moves, NULL);

	PG_RETURN_ARRAYTYPE_P(chess_move_array(get_element_type(get_func_rettype(fcinfo->flinfo->fn_oid)),
										   moves, n));
}

/* final(game) → position */
PG_FUNCTION_INFO_V1(game_final);
Datum
game_final(PG_FUNCTION_ARGS)
{
	struct varlena *g = PG_GETARG_GAME_P(0);
	Move	   *moves;
	Position	final;

	chess_game_decode(g, &moves, &final);
	PG_RETURN_POSITION_P(position_to_datum(&final));
}

/* position_at(game, ply integer) → position, ply 0 being the start */
PG_FUNCTION_INFO_V1(game_position_at);
Datum
game_position_at(PG_FUNCTION_ARGS)
{
	struct varlena *g = PG_GETARG_GAME_P(0);
	int32		ply = PG_GETARG_INT32(1);
	GameReader	r;

	chess_game_reader(&r, g);
	if (ply < 0 || ply > r.plies)
		ereport(ERROR,
				(errcode(ERRCODE_ARRAY_SUBSCRIPT_ERROR),
				 errmsg("ply %d is not in the game", ply),
				 errdetail("The game has plies 0 (the start) to %d.", r.plies)));
	while (r.ply < ply)
		chess_game_next(&r);
	PG_RETURN_POSITION_P(position_to_datum(&r.pos));
}

/*
 * positions(game) → TABLE(ply integer, position position, next move): ply 0
 * is the start, next the move played from the position (NULL after the
 * last).
 */
PG_FUNCTION_INFO_V1(game_positions);
Datum
game_positions(PG_FUNCTION_ARGS)
{
	struct varlena *g = PG_GETARG_GAME_P(0);
	ReturnSetInfo *rsinfo = chess_materialize(fcinfo);
	GameReader	r;

	chess_game_reader(&r, g);
	for (;;)
	{
		ChessPosition packed;
		Datum		values[3];
		bool		nulls[3] = {false, false, false};
		int			ply = r.ply;

		if ((ply & 4095) == 4095)
			CHECK_FOR_INTERRUPTS();
		position_pack(&r.pos, packed.bytes);
		values[0] = Int32GetDatum(ply);
		values[1] = PositionPGetDatum(&packed);
		if (ply < r.plies)
			values[2] = MoveGetDatum(chess_game_next(&r));
		else
			nulls[2] = true;
		tuplestore_putvalues(rsinfo->setResult, rsinfo->setDesc, values, nulls);
		if (ply == r.plies)
			break;
	}
	return (Datum) 0;
}

/* Comparisons: the order of the move sequences (engine/game.h). */
static int
game_cmp_args(FunctionCallInfo fcinfo)
{
	struct varlena *a = PG_GETARG_GAME_P(0);
	struct varlena *b = PG_GETARG_GAME_P(1);
	GameReader	damaged;
	size_t		abare = GAME_LEN(a),
				bbare = GAME_LEN(b);
	int			c = game_compare(GAME_DATA(a), abare, GAME_DATA(b), bbare, &damaged);

	if (unlikely(game_reader_failed(&damaged)))
		chess_game_damaged(damaged.error);
	if (c == 0)
	{
		/* the same moves: a bare game first, then by the annotations' bytes */
		size_t		an = GAME_FULL_LEN(a) - abare,
					bn = GAME_FULL_LEN(b) - bbare;

		if (an == 0 || bn == 0)
			c = (an > 0) - (bn > 0);
		else if ((c = memcmp(GAME_DATA(a) + abare, GAME_DATA(b) + bbare, Min(an, bn))) == 0)
			c = (an > bn) - (an < bn);
	}

	PG_FREE_IF_COPY(a, 0);
	PG_FREE_IF_COPY(b, 1);
	return c;
}

#define GAME_COMPARISON(name, test) \
PG_FUNCTION_INFO_V1(name); \
Datum \
name(PG_FUNCTION_ARGS) \
{ \
	int			c = game_cmp_args(fcinfo); \
 \
	PG_RETURN_BOOL(test); \
}

GAME_COMPARISON(game_eq, c == 0)
GAME_COMPARISON(game_ne, c != 0)
GAME_COMPARISON(game_lt, c < 0)
GAME_COMPARISON(game_le, c <= 0)
GAME_COMPARISON(game_gt, c > 0)
GAME_COMPARISON(game_ge, c >= 0)

PG_FUNCTION_INFO_V1(game_cmp);
Datum
game_cmp(PG_FUNCTION_ARGS)
{
	PG_RETURN_INT32(game_cmp_args(fcinfo));
}

/*
 * A game's bytes as the present format version writes them, annotations and
 * all (they are part of equality): the encoding is canonical, so equal games
 * of the present version have equal bytes, and a game of version 1 is
 * transcoded (into *present, palloc'd; else NULL), so that it has the bytes
 * of the equal game of either version.  What the hashes hash, and
 * game_bytes().
 */
static const uint8 *
game_present_bytes(struct varlena *g, size_t *len, uint8 **present)
{
	const uint8 *data = GAME_DATA(g);

	*len = GAME_FULL_LEN(g);
	*present = NULL;
	if (data[0] != GAME_FORMAT_VERSION)
	{
		GameReader	r;

		*present = palloc(GAME_ENCODED_MAX(game_plies(data, *len)));
		*len = game_transcode(data, *len, *present, &r);
		if (*len == 0)
			chess_game_damaged(r.error);
		data = *present;
	}
	return data;
}

static Datum
game_hash_args(FunctionCallInfo fcinfo, bool extended)
{
	struct varlena *g = PG_GETARG_GAME_P(0);
	uint8	   *present;
	size_t		len;
	const uint8 *data = game_present_bytes(g, &len, &present);
	Datum		h;

	h = extended ? hash_any_extended(data, (int) len, PG_GETARG_INT64(1)) :
		hash_any(data, (int) len);
	if (present)
		pfree(present);
	PG_FREE_IF_COPY(g, 0);
	return h;
}

PG_FUNCTION_INFO_V1(game_hash);
Datum
game_hash(PG_FUNCTION_ARGS)
{
	return game_hash_args(fcinfo, false);
}

/*
 * game_bytes(game) → bytea: those bytes, without reading the moves (the
 * recipe's game_key hashes them; game_send() would replay every move to
 * write the binary form).
 */
PG_FUNCTION_INFO_V1(game_bytes);
Datum
game_bytes(PG_FUNCTION_ARGS)
{
	struct varlena *g = PG_GETARG_GAME_P(0);
	uint8	   *present;
	size_t		len;
	const uint8 *data = game_present_bytes(g, &len, &present);
	bytea	   *out = palloc(VARHDRSZ + len);

	SET_VARSIZE(out, VARHDRSZ + len);
	memcpy(VARDATA(out), data, len);
	PG_RETURN_BYTEA_P(out);
}

PG_FUNCTION_INFO_V1(game_hash_extended);
Datum
game_hash_extended(PG_FUNCTION_ARGS)
{
	return game_hash_args(fcinfo, true);
}
