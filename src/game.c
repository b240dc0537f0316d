/*
 * game.c — the SQL type game: a start position and the moves played from
 * it, every one legal, in the compact encoding of engine/game.h.  I/O (PGN
 * movetext in text, a plain layout in binary), accessors, comparisons in
 * the order of the move sequences, hashes, appending a move.  Elsewhere:
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
	size_t		len = GAME_LEN(g);

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
static int
game_decode(const struct varlena *g, Move **moves, Position *final)
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

/*
 * Text input: PGN movetext, moves in SAN or UCI (read leniently, as PGN
 * import does), with a FEN tag (and SetUp) for a start that is not the
 * standard one; a result is allowed and ignored.  A game value holds moves
 * only: other tags, comments and variations are refused, as is more than
 * one game.
 */
typedef struct GameInState
{
	Move	   *moves;
	int			nmoves;
	int			capacity;
	Position	start;
	int			games;
	const char *problem;		/* the first thing a game value cannot hold */
	PgnError	err;
	bool		has_err;
} GameInState;

static void
game_in_tag(void *arg, const char *name, size_t nlen, const char *value pg_attribute_unused(),
			size_t vlen pg_attribute_unused())
{
	GameInState *st = arg;

	if (st->games > 0)
		return;					/* a second game: refused below */
	if (!((nlen == 3 && memcmp(name, "FEN", 3) == 0) || (nlen == 5 && memcmp(name, "SetUp", 5) == 0)) &&
		!st->problem)
		st->problem = "A game value has no tags but FEN and SetUp; pgn_games() reads a PGN game with its tags.";
}

static void
game_in_ply(void *arg, int ply pg_attribute_unused(), Move m,
			const Position *before pg_attribute_unused(),
			const Position *after pg_attribute_unused(), const char *variation)
{
	GameInState *st = arg;

	if (st->games > 0)
		return;
	if (variation)
	{
		if (!st->problem)
			st->problem = "A game value has no variations; pgn_plies() reads them.";
		return;
	}
	if (st->nmoves == st->capacity)
	{
		st->capacity = st->capacity ? 2 * st->capacity : 64;
		st->moves = st->moves ? repalloc(st->moves, sizeof(Move) * st->capacity) :
			palloc(sizeof(Move) * st->capacity);
	}
	st->moves[st->nmoves++] = m;
}

static void
game_in_comment(void *arg, int ply pg_attribute_unused(), const char *variation pg_attribute_unused(),
				const char *text pg_attribute_unused(), size_t len pg_attribute_unused())
{
	GameInState *st = arg;

	if (st->games == 0 && !st->problem)
		st->problem = "A game value has no comments; pgn_plies() reads them.";
}

static bool
game_in_game(void *arg, int game pg_attribute_unused(), const char *result pg_attribute_unused(),
			 const Position *start, const Position *final pg_attribute_unused(),
			 int plies pg_attribute_unused(), const PgnError *err)
{
	GameInState *st = arg;

	if (st->games++ > 0)
		return false;			/* a second game: enough to refuse the text */
	st->start = *start;
	if (err)
	{
		st->err = *err;
		st->has_err = true;
	}
	return true;
}

PG_FUNCTION_INFO_V1(game_in);
Datum
game_in(PG_FUNCTION_ARGS)
{
	char	   *str = PG_GETARG_CSTRING(0);
	size_t		len = strlen(str);
	GameInState st;
	PgnHandler	h = {0};
	const char *detail = NULL;
	char		buf[512];
	int			games;

	memset(&st, 0, sizeof(st));
	position_set_startpos(&st.start);
	h.arg = &st;
	h.tag = game_in_tag;
	h.ply = game_in_ply;
	h.comment = game_in_comment;
	h.game = game_in_game;
	h.poll = chess_poll;
	games = pgn_read(str, len, &h);
	if (st.has_err)
	{
		int			index = (st.start.side == BLACK ? 1 : 0) + st.err.ply - 1;

		if (st.err.ply > 0 && (st.err.code == PGN_ILLEGAL_MOVE || st.err.code == PGN_AMBIGUOUS_MOVE ||
							   st.err.code == PGN_BAD_MOVE))
			snprintf(buf, sizeof(buf), "Ply %d (move %d, %s), \"%s\": %s", st.err.ply,
					 st.start.fullmove + index / 2, index % 2 == 0 ? "White" : "Black",
					 chess_quote(st.err.token, st.err.token_len), chess_detail(st.err.detail));
		else
			snprintf(buf, sizeof(buf), "%s", chess_detail(st.err.detail));
		detail = buf;
	}
	else if (st.problem)
		detail = st.problem;
	else if (games > 1)
		detail = "A game value is one game; pgn_games() reads several.";
	if (detail)
		ereturn(fcinfo->context, (Datum) 0,
				(errcode(st.has_err && st.err.code == PGN_LIMIT ? ERRCODE_PROGRAM_LIMIT_EXCEEDED :
						 ERRCODE_INVALID_TEXT_REPRESENTATION),
				 errmsg("invalid input syntax for type game: \"%s\"", chess_quote(str, len)),
				 errdetail("%s", detail),
				 str[0] == '{' ? errhint("A game of an array of moves is written game('{e2e4,e7e5}'::move[]).") : 0));
	PG_RETURN_POINTER(chess_game_from_legal_moves(&st.start, st.moves, st.nmoves));
}

/*
 * Text output: the movetext with move numbers, on one line, no result
 * ("1. e4 e5 2. Nf3"); a start that is not the standard one comes first as
 * a FEN tag ("[FEN \"...\"] 1... e5"), so that the text reads back.
 */
PG_FUNCTION_INFO_V1(game_out);
Datum
game_out(PG_FUNCTION_ARGS)
{
	struct varlena *g = PG_GETARG_GAME_P(0);
	StringInfoData out;
	Move	   *moves;
	Position	start,
				final;
	int			n = game_decode(g, &moves, NULL);

	initStringInfo(&out);
	chess_game_start(g, &start);
	if (GAME_DATA(g)[1] & GAME_FLAG_START)
	{
		char		fen[FEN_MAX_LENGTH];

		fen_write(&start, fen);
		appendStringInfo(&out, "[FEN \"%s\"]%s", fen, n > 0 ? " " : "");
	}
	pgn_write_movetext(&start, moves, n, "", false, chess_emit_stringinfo, &out, &final, chess_poll);
	PG_RETURN_CSTRING(out.data);
}

/*
 * Binary form, independent of the encoding: a version byte (1), the 32
 * packed bytes of the start position, the number of plies as a 32-bit
 * integer and each move as 16 bits (the binary form of move).  Input
 * validates it all, every move's legality included.
 */
#define GAME_BINARY_VERSION 1

PG_FUNCTION_INFO_V1(game_recv);
Datum
game_recv(PG_FUNCTION_ARGS)
{
	StringInfo	buf = (StringInfo) PG_GETARG_POINTER(0);
	Position	start,
				final;
	PositionError perr;
	struct varlena *g;
	Move	   *moves;
	int			version,
				n,
				i,
				bad;
	size_t		len;

	if (buf->len - buf->cursor < 1 + PACKED_POSITION_SIZE + 4)
		ereport(ERROR,
				(errcode(ERRCODE_INVALID_BINARY_REPRESENTATION),
				 errmsg("invalid binary data for type game"),
				 errdetail("A game is at least %d bytes, not %d.", 1 + PACKED_POSITION_SIZE + 4,
						   buf->len - buf->cursor)));
	version = pq_getmsgbyte(buf);
	if (version != GAME_BINARY_VERSION)
		ereport(ERROR,
				(errcode(ERRCODE_INVALID_BINARY_REPRESENTATION),
				 errmsg("invalid binary data for type game"),
				 errdetail("Version %d of the binary form is unknown; this is version %d.",
						   version, GAME_BINARY_VERSION)));
	if (!position_unpack_checked((const uint8 *) pq_getmsgbytes(buf, PACKED_POSITION_SIZE),
								 &start, &perr))
		ereport(ERROR,
				(errcode(ERRCODE_INVALID_BINARY_REPRESENTATION),
				 errmsg("invalid binary data for type game"),
				 errdetail("The start position: %s", chess_detail(perr.detail))));
	n = (int) pq_getmsgint(buf, 4);
	if (n < 0 || n > GAME_MAX_PLIES || buf->len - buf->cursor != 2 * n)
		ereport(ERROR,
				(errcode(ERRCODE_INVALID_BINARY_REPRESENTATION),
				 errmsg("invalid binary data for type game"),
				 errdetail("%d plies (at most %d) need %d bytes of moves, not %d.",
						   n, GAME_MAX_PLIES, 2 * n, buf->len - buf->cursor)));
	moves = palloc(sizeof(Move) * (n + 1));
	for (i = 0; i < n; i++)
	{
		MoveCodeError err;

		moves[i] = (Move) pq_getmsgint(buf, 2);
		if ((err = move_check(moves[i])) != MOVE_OK)
			ereport(ERROR,
					(errcode(ERRCODE_INVALID_BINARY_REPRESENTATION),
					 errmsg("invalid binary data for type game"),
					 errdetail("Ply %d (16 bits: %u) is no move: %s", i + 1, (unsigned) moves[i],
							   move_error_message(err))));
	}
	g = palloc(VARHDRSZ + GAME_ENCODED_MAX(n));
	len = game_encode(&start, moves, n, (uint8 *) VARDATA(g), &bad, &final);
	if (len == 0)
	{
		char		uci[6],
					fen[FEN_MAX_LENGTH];

		move_write(moves[bad], uci);
		fen_write(&final, fen);
		ereport(ERROR,
				(errcode(ERRCODE_INVALID_BINARY_REPRESENTATION),
				 errmsg("invalid binary data for type game"),
				 errdetail("Ply %d, %s (16 bits: %u), is no legal move in %s.", bad + 1, uci,
						   (unsigned) moves[bad], fen)));
	}
	SET_VARSIZE(g, VARHDRSZ + len);
	PG_RETURN_POINTER(g);
}

PG_FUNCTION_INFO_V1(game_send);
Datum
game_send(PG_FUNCTION_ARGS)
{
	struct varlena *g = PG_GETARG_GAME_P(0);
	StringInfoData buf;
	Position	start;
	uint8		packed[PACKED_POSITION_SIZE];
	Move	   *moves;
	int			n = game_decode(g, &moves, NULL),
				i;

	chess_game_start(g, &start);
	position_pack(&start, packed);
	pq_begintypsend(&buf);
	pq_sendbyte(&buf, GAME_BINARY_VERSION);
	pq_sendbytes(&buf, (const char *) packed, PACKED_POSITION_SIZE);
	pq_sendint32(&buf, n);
	for (i = 0; i < n; i++)
		pq_sendint16(&buf, moves[i]);
	PG_RETURN_BYTEA_P(pq_endtypsend(&buf));
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
	int			n = game_decode(g, &moves, NULL),
				i;
	Datum	   *elems = palloc(sizeof(Datum) * (n + 1));

	for (i = 0; i < n; i++)
		elems[i] = MoveGetDatum(moves[i]);
	PG_RETURN_ARRAYTYPE_P(construct_array(elems, n,
										  get_element_type(get_func_rettype(fcinfo->flinfo->fn_oid)),
										  sizeof(Move), true, TYPALIGN_SHORT));
}

/* final(game) → position */
PG_FUNCTION_INFO_V1(game_final);
Datum
game_final(PG_FUNCTION_ARGS)
{
	struct varlena *g = PG_GETARG_GAME_P(0);
	Move	   *moves;
	Position	final;

	game_decode(g, &moves, &final);
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

/* game || move → game, raising 22023 when the move is illegal */
PG_FUNCTION_INFO_V1(game_append);
Datum
game_append(PG_FUNCTION_ARGS)
{
	struct varlena *g = PG_GETARG_GAME_P(0);
	Move	   *moves;
	Position	start;
	int			n = game_decode(g, &moves, NULL);

	if (n == GAME_MAX_PLIES)
		ereport(ERROR,
				(errcode(ERRCODE_PROGRAM_LIMIT_EXCEEDED),
				 errmsg("a game of %d moves is too long", n + 1),
				 errdetail("A game has at most %d plies.", GAME_MAX_PLIES)));
	moves[n] = PG_GETARG_MOVE(1);
	chess_game_start(g, &start);
	PG_RETURN_POINTER(chess_game_from_moves(&start, moves, n + 1));
}

/* Comparisons: the order of the move sequences (engine/game.h). */
static int
game_cmp_args(FunctionCallInfo fcinfo)
{
	struct varlena *a = PG_GETARG_GAME_P(0);
	struct varlena *b = PG_GETARG_GAME_P(1);
	GameReader	damaged;
	int			c = game_compare(GAME_DATA(a), GAME_LEN(a), GAME_DATA(b), GAME_LEN(b), &damaged);

	if (unlikely(game_reader_failed(&damaged)))
		chess_game_damaged(damaged.error);

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
 * Hashes: the encoding is canonical, so equal games of the present format
 * version have equal bytes; a game of version 1 is hashed as the present
 * version writes it, so that it hashes as the equal game of either version.
 */
static Datum
game_hash_args(FunctionCallInfo fcinfo, bool extended)
{
	struct varlena *g = PG_GETARG_GAME_P(0);
	const uint8 *data = GAME_DATA(g);
	size_t		len = GAME_LEN(g);
	uint8	   *present = NULL;
	Datum		h;

	if (data[0] != GAME_FORMAT_VERSION)
	{
		GameReader	r;

		present = palloc(GAME_ENCODED_MAX(game_plies(data, len)));
		len = game_transcode(data, len, present, &r);
		if (len == 0)
			chess_game_damaged(r.error);
		data = present;
	}
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

PG_FUNCTION_INFO_V1(game_hash_extended);
Datum
game_hash_extended(PG_FUNCTION_ARGS)
{
	return game_hash_args(fcinfo, true);
}
