/*
 * game_io.c — the game type's text form (PGN movetext, with a FEN tag for
 * another start, comments, NAGs, variations and commands) and binary form
 * (a plain layout, version 2 with the annotation section).
 */
#include "chess.h"

#include "engine/pgn.h"

#include "libpq/pqformat.h"
#include "miscadmin.h"
#include "utils/builtins.h"

/*
 * Text input: PGN movetext, moves in SAN or UCI (read leniently, as PGN
 * import does), with a FEN tag (and SetUp) for a start that is not the
 * standard one; a result is allowed and ignored.  Comments, NAGs,
 * variations and the commands in comments are kept (annotation.h); other
 * tags are refused, as is more than one game.
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
	AnnGame		ann;
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
	ann_builder_move(&st->ann, m);
	if (variation)
		return;
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
				const char *text, size_t len)
{
	GameInState *st = arg;

	if (st->games == 0)
		ann_builder_comment(&st->ann, text, len);
}

static void
game_in_nag(void *arg, unsigned nag)
{
	GameInState *st = arg;

	if (st->games == 0)
		ann_builder_nag(&st->ann, nag);
}

static void
game_in_open(void *arg)
{
	GameInState *st = arg;

	if (st->games == 0)
		ann_builder_open(&st->ann);
}

static void
game_in_close(void *arg)
{
	GameInState *st = arg;

	if (st->games == 0)
		ann_builder_close(&st->ann);
}

static void
game_in_variation_error(void *arg, int ply pg_attribute_unused(), const char *variation pg_attribute_unused(),
						const char *token, size_t tlen, const char *detail)
{
	GameInState *st = arg;

	if (st->games == 0 && !st->problem)
		st->problem = psprintf("A variation's move \"%s\" cannot be played: %s",
							   chess_quote(token, tlen), chess_detail(detail));
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
	chess_ann_init(&st.ann);
	h.arg = &st;
	h.tag = game_in_tag;
	h.ply = game_in_ply;
	h.comment = game_in_comment;
	h.nag = game_in_nag;
	h.open = game_in_open;
	h.close = game_in_close;
	h.variation_error = game_in_variation_error;
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
	else if (st.nmoves == 0 && str[0] == '{' && !strchr(str, ' '))
		detail = "A comment alone, with no move, looks like an array of moves here.";
	if (detail)
		ereturn(fcinfo->context, (Datum) 0,
				(errcode(st.has_err && st.err.code == PGN_LIMIT ? ERRCODE_PROGRAM_LIMIT_EXCEEDED :
						 ERRCODE_INVALID_TEXT_REPRESENTATION),
				 errmsg("invalid input syntax for type game: \"%s\"", chess_quote(str, len)),
				 errdetail("%s", detail),
				 str[0] == '{' ? errhint("A game of an array of moves is written game('{e2e4,e7e5}'::move[]).") : 0));
	PG_RETURN_POINTER(chess_game_annotate(chess_game_from_legal_moves(&st.start, st.moves, st.nmoves),
										  &st.start, st.moves, st.nmoves, &st.ann));
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
	Position	start,
				final;

	initStringInfo(&out);
	chess_game_start(g, &start);
	if (GAME_DATA(g)[1] & GAME_FLAG_START)
	{
		char		fen[FEN_MAX_LENGTH];

		fen_write(&start, fen);
		appendStringInfo(&out, "[FEN \"%s\"]%s", fen,
						 game_plies(GAME_DATA(g), GAME_LEN(g)) > 0 || GAME_LEN(g) != GAME_FULL_LEN(g) ? " " : "");
	}
	if (GAME_LEN(g) == GAME_FULL_LEN(g))
	{
		Move	   *moves;
		int			n = chess_game_decode(g, &moves, NULL);

		pgn_write_movetext(&start, moves, n, "", false, chess_emit_stringinfo, &out, &final, chess_poll);
	}
	else
		chess_write_annotated(g, "", false, &out, &final);
	PG_RETURN_CSTRING(out.data);
}

/*
 * Binary form, independent of the encoding: a version byte, the 32 packed
 * bytes of the start position, the number of plies as a 32-bit integer and
 * each move as 16 bits (the binary form of move); version 2, written for an
 * annotated game, adds the annotation section (doc/formats.md) after them.
 * Input validates it all, every move's legality included.
 */
#define GAME_BINARY_VERSION 1
#define GAME_BINARY_VERSION_ANNOTATED 2

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
	if (version != GAME_BINARY_VERSION && version != GAME_BINARY_VERSION_ANNOTATED)
		ereport(ERROR,
				(errcode(ERRCODE_INVALID_BINARY_REPRESENTATION),
				 errmsg("invalid binary data for type game"),
				 errdetail("Version %d of the binary form is unknown; this reads versions %d and %d.",
						   version, GAME_BINARY_VERSION, GAME_BINARY_VERSION_ANNOTATED)));
	if (!position_unpack_checked((const uint8 *) pq_getmsgbytes(buf, PACKED_POSITION_SIZE),
								 &start, &perr))
		ereport(ERROR,
				(errcode(ERRCODE_INVALID_BINARY_REPRESENTATION),
				 errmsg("invalid binary data for type game"),
				 errdetail("The start position: %s", chess_detail(perr.detail))));
	n = (int) pq_getmsgint(buf, 4);
	if (n < 0 || n > GAME_MAX_PLIES || buf->len - buf->cursor < 2 * n ||
		(version == GAME_BINARY_VERSION && buf->len - buf->cursor != 2 * n))
		ereport(ERROR,
				(errcode(ERRCODE_INVALID_BINARY_REPRESENTATION),
				 errmsg("invalid binary data for type game"),
				 errdetail("%d plies (at most %d) need %d bytes of moves, not %d.",
						   n, GAME_MAX_PLIES, 2 * n, buf->len - buf->cursor)));
	if (version == GAME_BINARY_VERSION_ANNOTATED && buf->len - buf->cursor < 2 * n + 2)
		ereport(ERROR,
				(errcode(ERRCODE_INVALID_BINARY_REPRESENTATION),
				 errmsg("invalid binary data for type game"),
				 errdetail("Version 2 has annotations after its %d bytes of moves: %d bytes follow them.",
						   2 * n, buf->len - buf->cursor - 2 * n)));
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
	if (version == GAME_BINARY_VERSION_ANNOTATED)
	{
		/* the section, checked as a stored one is */
		AnnGame		ann;
		char		error[160];
		size_t		seclen = (size_t) (buf->len - buf->cursor);
		const uint8 *sec = (const uint8 *) pq_getmsgbytes(buf, (int) seclen);

		chess_ann_init(&ann);
		if (!ann_decode(sec, seclen, &start, moves, n, &ann, error))
			ereport(ERROR,
					(errcode(ERRCODE_INVALID_BINARY_REPRESENTATION),
					 errmsg("invalid binary data for type game"),
					 errdetail("The annotations: %s", error)));
		if (!chess_ann_text_valid(&ann))
			ereport(ERROR,
					(errcode(ERRCODE_INVALID_BINARY_REPRESENTATION),
					 errmsg("invalid binary data for type game"),
					 errdetail("A comment is not valid in the database's encoding.")));
		g = chess_game_annotate(g, &start, moves, n, &ann);
	}
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
	int			n = chess_game_decode(g, &moves, NULL),
				i;

	chess_game_start(g, &start);
	position_pack(&start, packed);
	pq_begintypsend(&buf);
	pq_sendbyte(&buf, GAME_LEN(g) == GAME_FULL_LEN(g) ? GAME_BINARY_VERSION : GAME_BINARY_VERSION_ANNOTATED);
	pq_sendbytes(&buf, (const char *) packed, PACKED_POSITION_SIZE);
	pq_sendint32(&buf, n);
	for (i = 0; i < n; i++)
		pq_sendint16(&buf, moves[i]);
	if (GAME_LEN(g) != GAME_FULL_LEN(g))
		pq_sendbytes(&buf, (const char *) GAME_DATA(g) + GAME_LEN(g),
					 GAME_FULL_LEN(g) - GAME_LEN(g) - ANN_TRAILER);
	PG_RETURN_BYTEA_P(pq_endtypsend(&buf));
}
