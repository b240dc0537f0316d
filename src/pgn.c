/*
 * pgn.c — reading PGN into rows: pgn_games() (a row a game: its tags, its
 * result, its moves and the game value) and pgn_plies() (a row a ply, its
 * variations' too), from text or from the bytes of a file in its encoding.
 * The reading's state is in pgn_read.h, which pgn_file.c shares.
 */
#include "pgn_read.h"

#include "catalog/pg_type.h"
#include "engine/san.h"
#include "funcapi.h"
#include "miscadmin.h"
#include "utils/builtins.h"
#include "utils/lsyscache.h"
#include "utils/memutils.h"

/* The state of a new game: game_cxt empty. */
static void
reset_game(PgnReadState *st)
{
	MemoryContextReset(st->game_cxt);
	st->tag_names = NULL;
	st->tag_pairs = NULL;
	st->ntag_names = st->tag_names_capacity = st->tag_pairs_capacity = 0;
	st->moves = NULL;
	st->nmoves = st->moves_capacity = 0;
	st->value = NULL;
	st->value_capacity = 0;
	st->rows = NULL;
	st->nrows = st->rows_capacity = 0;
	st->comments.data = NULL;
	st->opening.data = NULL;
	st->event = st->white = st->black = NULL;
	chess_ann_init(&st->ann);
	st->ann_pending = true;
}

/*
 * The annotations' builder, given the main line's moves read so far: a game
 * with no comment, glyph or variation (most games of most files) never has
 * its moves in it, since building them is 5 % of an import.
 */
static AnnGame *
ann_now(PgnReadState *st)
{
	if (st->ann_pending)
	{
		int			i;

		st->ann_pending = false;
		for (i = 0; i < st->nmoves; i++)
			ann_builder_move(&st->ann, st->moves[i]);
	}
	return &st->ann;
}

/*
 * The game value, written by read_ply() as the reader plays the moves (a
 * value of the moves read, which the reader has tested, played once): its
 * bytes are made here, and grow by doubling, zeroed past the moves.
 */
static pg_noinline void
value_grow(PgnReadState *st, const Position *before)
{
	size_t		old = st->value_capacity;

	st->value_capacity = Max(2 * old, GAME_ENCODED_MAX(64));
	if (st->value == NULL)
	{
		st->value = palloc0(VARHDRSZ + st->value_capacity);
		game_writer_begin(&st->writer, before, (uint8 *) VARDATA(st->value));
	}
	else
	{
		st->value = repalloc(st->value, VARHDRSZ + st->value_capacity);
		memset((char *) VARDATA(st->value) + old, 0, st->value_capacity - old);
		st->writer.out = (uint8 *) VARDATA(st->value);
	}
}

static void
read_ply(void *arg, int ply, Move m, const Position *before,
		 const Position *after pg_attribute_unused(), const char *variation)
{
	PgnReadState *st = arg;
	PlyRow	   *row;

	if (!st->plies_mode)
	{
		if (variation || !st->ann_pending)
			ann_builder_move(ann_now(st), m);
		if (variation)
			return;
		st->moves = read_grow(st->moves, st->nmoves, &st->moves_capacity, sizeof(Move));
		st->moves[st->nmoves++] = m;
		if (unlikely(GAME_ENCODED_MAX(st->nmoves) > st->value_capacity))
			value_grow(st, before);
		game_writer_add(&st->writer, before, m);
		return;
	}
	if (variation && !st->with_variations)
		return;
	st->rows = read_grow(st->rows, st->nrows, &st->rows_capacity, sizeof(PlyRow));
	row = &st->rows[st->nrows++];
	row->ply = ply;
	row->move = m;
	row->comment = -1;
	row->comment_len = 0;
	if (variation == NULL)
		row->variation = NULL;
	else if (st->nrows > 1 && row[-1].variation && strcmp(row[-1].variation, variation) == 0)
		row->variation = row[-1].variation;
	else
		row->variation = pstrdup(variation);
	position_pack(before, row->before.bytes);
}

/*
 * A comment belongs to the ply it follows in its line; comments before the
 * game's first move are the game's (pgn_games' column comment), comments
 * before a variation's first move are dropped.  Comments of one ply are
 * joined with a space; they follow their ply, so each ply's text is one
 * run of comments.
 */
static void
read_comment(void *arg, int ply, const char *variation, const char *text, size_t len)
{
	PgnReadState *st = arg;
	PlyRow	   *row;

	if (!st->plies_mode)
		ann_builder_comment(ann_now(st), text, len);
	if (!st->plies_mode && ply == 0 && variation == NULL)
	{
		if (st->opening.data == NULL)
			initStringInfo(&st->opening);
		else
			appendStringInfoChar(&st->opening, ' ');
		appendBinaryStringInfo(&st->opening, text, (int) len);
		return;
	}
	if (!st->plies_mode || ply == 0 || st->nrows == 0)
		return;
	row = &st->rows[st->nrows - 1];
	if (row->ply != ply || (row->variation == NULL) != (variation == NULL) ||
		(variation && strcmp(row->variation, variation) != 0))
		return;
	if (st->comments.data == NULL)
		initStringInfo(&st->comments);
	if (row->comment < 0)
		row->comment = st->comments.len;
	else
		appendStringInfoChar(&st->comments, ' ');
	appendBinaryStringInfo(&st->comments, text, (int) len);
	row->comment_len = st->comments.len - row->comment;
}

/*
 * Where in the game: "game 3, ply 14 (move 7, Black)", "game 3, after ply
 * 14 (...)" for what follows a move, or "game 3".
 */
static char *
pgn_where(int game, const Position *start, int ply, bool after)
{
	int			index,
				move;

	if (ply <= 0)
		return psprintf("game %d", game);
	index = (start->side == BLACK ? 1 : 0) + ply - 1;
	move = start->fullmove + index / 2;
	return psprintf("game %d, %sply %d (move %d, %s)", game, after ? "after " : "", ply, move,
					index % 2 == 0 ? "White" : "Black");
}

/* A bad move in a variation ends that variation; said when variations are asked for. */
static void
read_variation_error(void *arg, int ply, const char *variation, const char *token,
					 size_t tlen, const char *detail)
{
	PgnReadState *st = arg;

	if (!st->plies_mode)
		ann_builder_kill(ann_now(st));
	if (st->plies_mode && st->with_variations)
		ereport(NOTICE,
				(errmsg("skipping the rest of variation %s of game %d at ply %d: \"%s\"",
						variation, st->games_read + 1, ply, chess_quote(token, tlen)),
				 errdetail("%s", chess_detail(detail))));
}

/*
 * Raises the error of a game; or, skipping errors, notes it; or, keeping
 * them, returns it as text for the game's row.
 */
static char *
report_game_error(PgnReadState *st, int game, const Position *start, const PgnError *err)
{
	char	   *where = pgn_where(game, start, err->ply,
								  err->code == PGN_SYNTAX || err->code == PGN_LIMIT);
	char	   *token = chess_quote(err->token, err->token_len);
	int			code;
	const char *what;
	StringInfoData context;

	switch (err->code)
	{
		case PGN_ILLEGAL_MOVE:
			code = ERRCODE_INVALID_PARAMETER_VALUE;
			what = "illegal move";
			break;
		case PGN_AMBIGUOUS_MOVE:
			code = ERRCODE_INVALID_PARAMETER_VALUE;
			what = "ambiguous move";
			break;
		case PGN_LIMIT:
			code = ERRCODE_PROGRAM_LIMIT_EXCEEDED;
			what = "PGN exceeds a limit at";
			break;
		case PGN_BAD_FEN:
			code = ERRCODE_INVALID_TEXT_REPRESENTATION;
			what = "invalid FEN tag";
			break;
		case PGN_VARIANT:
			code = ERRCODE_FEATURE_NOT_SUPPORTED;
			what = "unsupported variant";
			break;
		case PGN_BAD_MOVE:
			code = ERRCODE_INVALID_TEXT_REPRESENTATION;
			what = "invalid move";
			break;
		default:
			code = ERRCODE_INVALID_TEXT_REPRESENTATION;
			what = "invalid PGN";
			break;
	}
	if (st->keep_errors)
		return psprintf("%s \"%s\" in %s: %s", what, token, where, chess_detail(err->detail));
	/* which game of which input: where it begins, its tags that name it, the file */
	initStringInfo(&context);
	appendStringInfo(&context, "PGN game %d at byte " INT64_FORMAT, game, st->game_offset);
	if (st->event || st->white || st->black)
	{
		appendStringInfoChar(&context, ':');
		if (st->event)
			appendStringInfo(&context, " Event \"%s\"", chess_quote_cstring(st->event));
		if (st->white)
			appendStringInfo(&context, " White \"%s\"", chess_quote_cstring(st->white));
		if (st->black)
			appendStringInfo(&context, " Black \"%s\"", chess_quote_cstring(st->black));
	}
	if (st->source)
		appendStringInfo(&context, "; PGN file \"%s\"", chess_quote_cstring(st->source));
	if (st->skip_errors)
		ereport(NOTICE,
				(errcode(code),
				 errmsg("skipping game: %s \"%s\" in %s", what, token, where),
				 errdetail("%s", chess_detail(err->detail)),
				 errcontext("%s", context.data)));
	else
		ereport(ERROR,
				(errcode(code),
				 errmsg("%s \"%s\" in %s", what, token, where),
				 errdetail("%s", chess_detail(err->detail)),
				 errcontext("%s", context.data)));
	return NULL;
}

/* The game value of the moves read from start, with what the PGN said besides them. */
static struct varlena *
game_value(PgnReadState *st, const Position *start)
{
	if (st->value == NULL)		/* no move */
		return chess_game_annotate(chess_game_from_legal_moves(start, st->moves, st->nmoves),
								   start, st->moves, st->nmoves, &st->ann);
	SET_VARSIZE(st->value, VARHDRSZ + game_writer_end(&st->writer));
#ifdef USE_ASSERT_CHECKING
	{
		struct varlena *checked = chess_game_from_moves(start, st->moves, st->nmoves);

		Assert(VARSIZE(checked) == VARSIZE(st->value) &&
			   memcmp(VARDATA(checked), VARDATA(st->value), VARSIZE(checked) - VARHDRSZ) == 0);
	}
#endif
	return chess_game_annotate(st->value, start, st->moves, st->nmoves, &st->ann);
}

/*
 * Stores the rows of a game read without error, or of a game kept up to its
 * error (error not NULL; start NULL when the game has none: a bad FEN tag).
 */
static void
store_game(PgnReadState *st, int game, const char *result, const Position *start,
		   const Position *final, int plies, const char *error)
{
	Tuplestorestate *ts = st->ts;
	TupleDesc	desc = st->desc;
	int			i;

	if (st->plies_mode)
	{
		for (i = 0; i < st->nrows; i++)
		{
			PlyRow	   *row = &st->rows[i];
			Position	pos;
			ChessPosition after;
			char		san[SAN_MAX_LENGTH];
			Datum		values[8];
			bool		nulls[8] = {false};

			CHECK_FOR_INTERRUPTS();
			MemoryContextReset(st->row_cxt);
			MemoryContextSwitchTo(st->row_cxt);
			position_unpack(row->before.bytes, &pos);
			san_write(&pos, row->move, san);
			position_play(&pos, row->move);
			position_pack(&pos, after.bytes);
			values[0] = Int32GetDatum(game);
			values[1] = Int32GetDatum(row->ply);
			values[2] = MoveGetDatum(row->move);
			values[3] = PointerGetDatum(cstring_to_text(san));
			values[4] = PositionPGetDatum(&row->before);
			values[5] = PositionPGetDatum(&after);
			if (row->comment >= 0)
				values[6] = PointerGetDatum(cstring_to_text_with_len(st->comments.data + row->comment,
																	 row->comment_len));
			else
				nulls[6] = true;
			if (row->variation)
				values[7] = PointerGetDatum(cstring_to_text(row->variation));
			else
				nulls[7] = true;
			tuplestore_putvalues(ts, desc, values, nulls);
			MemoryContextSwitchTo(st->game_cxt);
		}
	}
	else
	{
		Datum		values[12];
		bool		nulls[12] = {false};
		ChessPosition start_packed,
					final_packed;

		values[0] = Int32GetDatum(game);
		values[1] = JsonbPGetDatum(read_tags_jsonb(st));
		values[2] = PointerGetDatum(cstring_to_text(result));
		values[6] = PointerGetDatum(chess_move_array(st->move_type, st->moves, st->nmoves));
		if (start)
		{
			position_pack(start, start_packed.bytes);
			position_pack(final, final_packed.bytes);
			values[3] = PositionPGetDatum(&start_packed);
			values[4] = PositionPGetDatum(&final_packed);
			values[7] = PointerGetDatum(game_value(st, start));
		}
		else
			nulls[3] = nulls[4] = nulls[7] = true;
		values[5] = Int32GetDatum(plies);
		if (st->opening.data)
			values[8] = PointerGetDatum(cstring_to_text_with_len(st->opening.data, st->opening.len));
		else
			nulls[8] = true;
		if (error)
			values[9] = PointerGetDatum(cstring_to_text(error));
		else
			nulls[9] = true;
		values[10] = read_tag_order(st, &nulls[10]);
		values[11] = Int64GetDatum(st->game_offset);
		MemoryContextSwitchTo(st->queue_cxt);
		st->queue = read_grow(st->queue, st->nqueued, &st->queue_capacity, sizeof(HeapTuple));
		st->queue[st->nqueued++] = heap_form_tuple(desc, values, nulls);
		MemoryContextSwitchTo(st->game_cxt);
	}
}

int
read_count_games(int games, int more)
{
	if (unlikely(more > PG_INT32_MAX - games))
		ereport(ERROR,
				(errcode(ERRCODE_PROGRAM_LIMIT_EXCEEDED),
				 errmsg("a PGN text holds at most %d games", PG_INT32_MAX)));
	return games + more;
}

/*
 * The end of a game.  Games are numbered here, not by the reader, which
 * counts from 1 again in each part of a file.
 */
static bool
read_game(void *arg, int game pg_attribute_unused(), const char *result, const Position *start,
		  const Position *final, int plies, const PgnError *err)
{
	PgnReadState *st = arg;

	CHECK_FOR_INTERRUPTS();
	game = st->games_read = read_count_games(st->games_read, 1);
	if (err)
	{
		char	   *error = report_game_error(st, game, start, err);

		/* kept: the moves read before the error, from the start (none after a bad FEN tag) */
		if (error)
		{
			Position	reached = *start;
			int			i;

			for (i = 0; i < st->nmoves; i++)
				position_play(&reached, st->moves[i]);
			store_game(st, game, "*", err->code == PGN_BAD_FEN ? NULL : start, &reached,
					   st->nmoves, error);
		}
	}
	else
		store_game(st, game, result, start, final, plies, NULL);
	reset_game(st);
	/* pgn_games: the reading stops when the queue is full */
	return st->plies_mode || st->nqueued < PGN_QUEUE_ROWS;
}

static void
read_nag(void *arg, unsigned nag)
{
	ann_builder_nag(ann_now(arg), nag);
}

static void
read_open(void *arg)
{
	ann_builder_open(ann_now(arg));
}

static void
read_close(void *arg)
{
	ann_builder_close(ann_now(arg));
}

/* The input's offset of a byte of the text being read. */
static int64
input_offset(PgnReadState *st, size_t pos)
{
	const unsigned char *t = (const unsigned char *) st->text;

	if (!st->count_chars)
		return st->base_offset + (int64) pos;
	/* characters: the bytes that begin one (no UTF-8 continuation byte) */
	for (; st->count_pos < pos; st->count_pos++)
		st->count_n += (t[st->count_pos] & 0xC0) != 0x80;
	return st->base_offset + st->count_n;
}

/* A game begins: what an unfinished one left (a part of a file) is forgotten. */
static void
read_begin(void *arg, size_t offset)
{
	PgnReadState *st = arg;

	reset_game(st);
	st->game_offset = input_offset(st, offset);
}

void
read_advance(PgnReadState *st, const char *text, size_t consumed)
{
	st->text = text;
	st->base_offset = input_offset(st, consumed);
	st->count_pos = 0;
	st->count_n = 0;
}

/*
 * The memory of pgn_games()' queued rows is kept from one batch to the
 * next: a first block the size of the input, up to QUEUE_KEEP bytes (a
 * batch of lichess's games takes a few hundred kB).  A context of the
 * default sizes gave its later blocks back to malloc at every reset, malloc
 * gave them back to the kernel, and every batch faulted them in again: the
 * sessions of a load slowed each other down in the kernel
 * (doc/benchmarks.md, "Import in parts").  An input shorter than
 * QUEUE_KEEP_MIN keeps the default sizes, whose contexts are recycled.
 */
#define QUEUE_KEEP (1 << 20)
#define QUEUE_KEEP_MIN (64 << 10)

/* Sets up the state and the handler of a reading; switches to the game context. */
void
read_start(FunctionCallInfo fcinfo, bool plies_mode, bool skip_errors, bool keep_errors,
		   size_t input_len, PgnReadState *st, PgnHandler *h)
{
	MemoryContext caller = CurrentMemoryContext;

	memset(st, 0, sizeof(*st));
	if (plies_mode)
	{
		ReturnSetInfo *rsinfo = chess_materialize(fcinfo);

		st->ts = rsinfo->setResult;
		st->desc = rsinfo->setDesc;
	}
	else
	{
		if (get_call_result_type(fcinfo, NULL, &st->desc) != TYPEFUNC_COMPOSITE)
			elog(ERROR, "pgn_games() must return rows");
		st->desc = BlessTupleDesc(CreateTupleDescCopy(st->desc));
		st->move_type = get_element_type(TupleDescAttr(st->desc, 6)->atttypid);
		if (input_len < QUEUE_KEEP_MIN)
			st->queue_cxt = AllocSetContextCreate(caller, "pgn rows", ALLOCSET_DEFAULT_SIZES);
		else
			st->queue_cxt = AllocSetContextCreate(caller, "pgn rows", MAXALIGN(Min(input_len, QUEUE_KEEP)),
												  QUEUE_KEEP_MIN, ALLOCSET_DEFAULT_MAXSIZE);
	}
	st->plies_mode = plies_mode;
	st->skip_errors = skip_errors;
	st->keep_errors = keep_errors;
	st->game_cxt = AllocSetContextCreate(caller, "pgn game", ALLOCSET_DEFAULT_SIZES);
	st->row_cxt = AllocSetContextCreate(caller, "pgn row", ALLOCSET_SMALL_SIZES);
	st->caller = caller;
	reset_game(st);
	memset(h, 0, sizeof(*h));
	h->arg = st;
	h->tag = read_tag;
	h->ply = read_ply;
	h->comment = read_comment;
	h->variation_error = read_variation_error;
	h->game = read_game;
	h->poll = chess_poll;
	h->begin = read_begin;
	if (!plies_mode)
	{
		h->nag = read_nag;
		h->open = read_open;
		h->close = read_close;
	}
	MemoryContextSwitchTo(st->game_cxt);
}

void
read_end(PgnReadState *st)
{
	/*
	 * pgn_games' calls end in the memory of the last call: the memory of
	 * read_start()'s call, the SRF's, goes right after this
	 */
	if (st->plies_mode)
		MemoryContextSwitchTo(st->caller);
	MemoryContextDelete(st->game_cxt);
	MemoryContextDelete(st->row_cxt);
	if (st->queue_cxt)
		MemoryContextDelete(st->queue_cxt);
}

size_t
read_queue(PgnReadState *st, PgnHandler *h, const char *text, size_t len, bool final)
{
	MemoryContext old = MemoryContextSwitchTo(st->game_cxt);
	size_t		consumed;

	if (st->text != text)
	{
		/* a text of its own, at the same offset */
		st->text = text;
		st->count_pos = 0;
		st->count_n = 0;
	}
	pgn_read_part(text, len, final, h, &consumed);
	MemoryContextSwitchTo(old);
	read_advance(st, text, consumed);
	return consumed;
}

HeapTuple
read_dequeue(PgnReadState *st)
{
	if (st->next_queued < st->nqueued)
		return st->queue[st->next_queued++];
	MemoryContextReset(st->queue_cxt);
	st->queue = NULL;
	st->nqueued = st->next_queued = st->queue_capacity = 0;
	return NULL;
}

/* pgn_games() of a text in memory: where the reading is */
typedef struct TextReading
{
	PgnReadState st;
	PgnHandler	h;
	const char *text;
	size_t		len;
	size_t		pos;
} TextReading;

/* What the arguments of a pgn_games() over a text say, as its setup reads them */
typedef struct TextArgs
{
	size_t		len;
	bool		skip;			/* skip_errors */
	bool		keep;			/* keep_errors */
	bool		counted;		/* offsets in characters */
	int32		first_game;		/* the number of the first game */
	int64		first_offset;	/* the offset of the first byte */
} TextArgs;

/*
 * The rows of pgn_games() over a text, a call each: text (len bytes, which
 * must last as long as the calls: in multi_call_memory_ctx, or the
 * argument's own bytes) is read PGN_QUEUE_ROWS games at a time.  counted:
 * the text converts a single-byte encoding, whose offsets are characters.
 */

static Datum
text_rows(FunctionCallInfo fcinfo, const char *(*setup) (FunctionCallInfo fcinfo, TextArgs *args))
{
	FuncCallContext *funcctx;
	TextReading *r;
	HeapTuple	row;

	if (SRF_IS_FIRSTCALL())
	{
		MemoryContext old;
		TextArgs	args = {.first_game = 1};

		funcctx = SRF_FIRSTCALL_INIT();
		old = MemoryContextSwitchTo(funcctx->multi_call_memory_ctx);
		r = palloc0(sizeof(TextReading));
		r->text = setup(fcinfo, &args);
		r->len = args.len;
		read_start(fcinfo, false, args.skip, args.keep, args.len, &r->st, &r->h);
		r->st.count_chars = args.counted;
		r->st.games_read = args.first_game - 1;
		r->st.base_offset = args.first_offset;
		MemoryContextSwitchTo(old);
		funcctx->user_fctx = r;
	}
	funcctx = SRF_PERCALL_SETUP();
	r = funcctx->user_fctx;
	while ((row = read_dequeue(&r->st)) == NULL && r->pos < r->len)
		r->pos += read_queue(&r->st, &r->h, r->text + r->pos, r->len - r->pos, true);
	if (row == NULL)
	{
		read_end(&r->st);
		SRF_RETURN_DONE(funcctx);
	}
	SRF_RETURN_NEXT(funcctx, HeapTupleGetDatum(row));
}

static const char *
text_setup(FunctionCallInfo fcinfo, TextArgs *args)
{
	text	   *pgn = PG_GETARG_TEXT_PP(0);

	args->len = VARSIZE_ANY_EXHDR(pgn);
	args->skip = PG_GETARG_BOOL(1);
	args->keep = PG_GETARG_BOOL(2);
	return VARDATA_ANY(pgn);
}

/*
 * pgn_games(pgn text, skip_errors boolean, keep_errors boolean) →
 *   TABLE(game integer, tags jsonb, result text, start position, final
 *   position, plies integer, moves move[], value game, comment text, error
 *   text, tag_order text[])
 */
PG_FUNCTION_INFO_V1(chess_pgn_games);
Datum
chess_pgn_games(PG_FUNCTION_ARGS)
{
	return text_rows(fcinfo, text_setup);
}

/*
 * pgn_games(pgn bytea, encoding text, skip_errors boolean, keep_errors
 * boolean, first_game integer, first_offset bigint): the bytes of a PGN
 * file as a client sends them, in the file's encoding (LATIN1 for many old
 * collections; UTF8 with or without a byte-order mark), converted to the
 * database's.  A client that sends a file in pieces gives each piece's
 * place in the file, so that rows and errors number and place its games
 * as in the file.
 */
static const char *
bytea_setup(FunctionCallInfo fcinfo, TextArgs *args)
{
	bytea	   *pgn = PG_GETARG_BYTEA_PP(0);
	char	   *encoding_name = text_to_cstring(PG_GETARG_TEXT_PP(1));
	int			encoding = pg_char_to_encoding(encoding_name);
	char	   *text;

	if (encoding < 0 || !PG_VALID_ENCODING(encoding))
		ereport(ERROR,
				(errcode(ERRCODE_INVALID_PARAMETER_VALUE),
				 errmsg("invalid encoding name \"%s\"", chess_quote_cstring(encoding_name))));
	args->first_game = PG_GETARG_INT32(4);
	args->first_offset = PG_GETARG_INT64(5);
	if (args->first_game < 1 || args->first_offset < 0)
		ereport(ERROR,
				(errcode(ERRCODE_INVALID_PARAMETER_VALUE),
				 errmsg("first_game must be 1 or more and first_offset 0 or more")));
	/*
	 * Validated, and converted when the encodings differ (22021 for bad
	 * bytes).  Unconverted, the text is the bytea's own bytes, which no NUL
	 * ends; a conversion's result has one and no NUL before it.
	 */
	text = pg_any_to_server(VARDATA_ANY(pgn), (int) VARSIZE_ANY_EXHDR(pgn), encoding);
	args->len = text == VARDATA_ANY(pgn) ? VARSIZE_ANY_EXHDR(pgn) : strlen(text);
	args->counted = text != VARDATA_ANY(pgn) && pg_encoding_max_length(encoding) == 1 &&
		GetDatabaseEncoding() == PG_UTF8;
	if (args->first_offset > PG_INT64_MAX - (int64) args->len)
		ereport(ERROR,
				(errcode(ERRCODE_NUMERIC_VALUE_OUT_OF_RANGE),
				 errmsg("first_offset %lld and the text's %zu bytes are past the largest offset",
						(long long) args->first_offset, args->len)));
	args->skip = PG_GETARG_BOOL(2);
	args->keep = PG_GETARG_BOOL(3);
	return text;
}

PG_FUNCTION_INFO_V1(chess_pgn_games_bytea);
Datum
chess_pgn_games_bytea(PG_FUNCTION_ARGS)
{
	return text_rows(fcinfo, bytea_setup);
}

/*
 * pgn_plies(pgn text, skip_errors boolean, with_variations boolean) →
 *   TABLE(game integer, ply integer, move move, san text, before position,
 *   after position, comment text, variation text)
 */
PG_FUNCTION_INFO_V1(chess_pgn_plies);
Datum
chess_pgn_plies(PG_FUNCTION_ARGS)
{
	text	   *pgn = PG_GETARG_TEXT_PP(0);
	PgnReadState st;
	PgnHandler	h;

	read_start(fcinfo, true, PG_GETARG_BOOL(1), false, VARSIZE_ANY_EXHDR(pgn), &st, &h);
	st.with_variations = PG_GETARG_BOOL(2);
	pgn_read(VARDATA_ANY(pgn), VARSIZE_ANY_EXHDR(pgn), &h);
	read_end(&st);
	return (Datum) 0;
}
