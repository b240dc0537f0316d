/*
 * games.c — games in SQL: reading PGN (pgn_games, pgn_plies), writing it
 * (pgn), the end of a game (insufficient material, the fifty- and
 * seventy-five-move rules, repetitions, outcome) and the replay aggregates.
 */
#include "chess.h"

#include "engine/outcome.h"
#include "engine/pgn.h"

#include "catalog/pg_authid.h"
#include "catalog/pg_type.h"
#include "lib/stringinfo.h"
#include "mb/pg_wchar.h"
#include "miscadmin.h"
#include "storage/fd.h"
#include "utils/acl.h"
#include "utils/array.h"
#include "utils/builtins.h"
#include "utils/jsonb.h"
#include "utils/lsyscache.h"
#include "utils/memutils.h"

#include <zlib.h>
#include <zstd.h>

/* A ply of pgn_plies, kept until its game is known to be valid. */
typedef struct PlyRow
{
	int			ply;
	Move		move;
	int			comment;		/* offset into the game's comments, or -1 */
	int			comment_len;
	const char *variation;		/* NULL on the main line; shared by a variation's rows */
	ChessPosition before;		/* the position after is computed when the row is stored */
} PlyRow;

/*
 * The state of pgn_games() and pgn_plies().  Everything a game needs lives
 * in game_cxt, which is reset after the game's rows are stored, so that a
 * call over any number of games runs in the memory of its largest game.
 */
typedef struct PgnReadState
{
	ReturnSetInfo *rsinfo;
	bool		plies_mode;		/* pgn_plies (one row a ply) or pgn_games */
	bool		skip_errors;
	bool		keep_errors;	/* pgn_games: a bad game up to its error, with the error */
	bool		with_variations;	/* pgn_plies: the variations' plies too */
	const char *source;			/* the file read, for messages; NULL for a text */
	char	   *event,			/* the game's Event, White and Black tags, for messages */
			   *white,
			   *black;
	int			games_read;
	MemoryContext caller;		/* the context of the call */
	MemoryContext game_cxt;
	MemoryContext row_cxt;		/* the values of one row, reset after it is stored */
	/* pgn_games */
	JsonbParseState *tags;		/* the game's tags; NULL before the first */
	StringInfoData opening;		/* the comments before the first move; data NULL when none */
	Move	   *moves;			/* the main line's moves */
	int			nmoves;
	int			moves_capacity;
	GameWriter	writer;			/* the game value, written as the moves come */
	struct varlena *value;		/* its bytes after a varlena header; NULL before a move */
	size_t		value_capacity;	/* bytes after the header, zeroed past the moves */
	Oid			move_type;
	/* pgn_plies */
	PlyRow	   *rows;
	int			nrows;
	int			rows_capacity;
	StringInfoData comments;	/* the comments of the game's plies, end to end */
} PgnReadState;

/* The state of a new game: game_cxt empty. */
static void
reset_game(PgnReadState *st)
{
	MemoryContextReset(st->game_cxt);
	st->tags = NULL;
	st->moves = NULL;
	st->nmoves = st->moves_capacity = 0;
	st->value = NULL;
	st->value_capacity = 0;
	st->rows = NULL;
	st->nrows = st->rows_capacity = 0;
	st->comments.data = NULL;
	st->opening.data = NULL;
	st->event = st->white = st->black = NULL;
}

/* Makes room for one more element in an array that doubles in game_cxt. */
static void *
grow(void *array, int n, int *capacity, size_t size)
{
	if (n < *capacity)
		return array;
	*capacity = *capacity ? 2 * *capacity : 64;
	return array ? repalloc(array, size * *capacity) : palloc(size * *capacity);
}

static void
read_tag(void *arg, const char *name, size_t nlen, const char *value, size_t vlen)
{
	PgnReadState *st = arg;
	JsonbValue	v;

	if (nlen == 5 && memcmp(name, "Event", 5) == 0)
		st->event = pnstrdup(value, vlen);
	else if (nlen == 5 && memcmp(name, "White", 5) == 0)
		st->white = pnstrdup(value, vlen);
	else if (nlen == 5 && memcmp(name, "Black", 5) == 0)
		st->black = pnstrdup(value, vlen);
	if (st->plies_mode)
		return;					/* pgn_plies shows no tags */
	if (st->tags == NULL)
		pushJsonbValue(&st->tags, WJB_BEGIN_OBJECT, NULL);
	v.type = jbvString;
	v.val.string.val = pnstrdup(name, nlen);
	v.val.string.len = (int) nlen;
	pushJsonbValue(&st->tags, WJB_KEY, &v);
	v.val.string.val = pnstrdup(value, vlen);
	v.val.string.len = (int) vlen;
	pushJsonbValue(&st->tags, WJB_VALUE, &v);
}

/*
 * The game value, written as the reader plays the moves (a value of the
 * moves read, which the reader has tested, played once): its bytes grow
 * by doubling, zeroed past the moves.
 */
static void
write_move(PgnReadState *st, const Position *before, Move m)
{
	size_t		need = GAME_ENCODED_MAX(st->nmoves);

	if (need > st->value_capacity)
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
	game_writer_add(&st->writer, before, m);
}

static void
read_ply(void *arg, int ply, Move m, const Position *before,
		 const Position *after pg_attribute_unused(), const char *variation)
{
	PgnReadState *st = arg;
	PlyRow	   *row;

	if (!st->plies_mode)
	{
		if (variation)
			return;
		st->moves = grow(st->moves, st->nmoves, &st->moves_capacity, sizeof(Move));
		st->moves[st->nmoves++] = m;
		write_move(st, before, m);
		return;
	}
	if (variation && !st->with_variations)
		return;
	st->rows = grow(st->rows, st->nrows, &st->rows_capacity, sizeof(PlyRow));
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
	/* which game of which input: its tags that name it, the file */
	initStringInfo(&context);
	if (st->event || st->white || st->black)
	{
		appendStringInfo(&context, "PGN game %d:", game);
		if (st->event)
			appendStringInfo(&context, " Event \"%s\"", chess_quote_cstring(st->event));
		if (st->white)
			appendStringInfo(&context, " White \"%s\"", chess_quote_cstring(st->white));
		if (st->black)
			appendStringInfo(&context, " Black \"%s\"", chess_quote_cstring(st->black));
	}
	if (st->source)
		appendStringInfo(&context, "%sPGN file \"%s\"", context.len ? "; " : "",
						 chess_quote_cstring(st->source));
	if (st->skip_errors)
		ereport(NOTICE,
				(errcode(code),
				 errmsg("skipping game: %s \"%s\" in %s", what, token, where),
				 errdetail("%s", chess_detail(err->detail)),
				 context.len ? errcontext("%s", context.data) : 0));
	else
		ereport(ERROR,
				(errcode(code),
				 errmsg("%s \"%s\" in %s", what, token, where),
				 errdetail("%s", chess_detail(err->detail)),
				 context.len ? errcontext("%s", context.data) : 0));
	return NULL;
}

/* The game value of the moves read from start. */
static struct varlena *
game_value(PgnReadState *st, const Position *start)
{
	if (st->value == NULL)
		return chess_game_from_legal_moves(start, st->moves, st->nmoves);	/* no move */
	SET_VARSIZE(st->value, VARHDRSZ + game_writer_end(&st->writer));
#ifdef USE_ASSERT_CHECKING
	{
		struct varlena *checked = chess_game_from_moves(start, st->moves, st->nmoves);

		Assert(VARSIZE(checked) == VARSIZE(st->value) &&
			   memcmp(VARDATA(checked), VARDATA(st->value), VARSIZE(checked) - VARHDRSZ) == 0);
	}
#endif
	return st->value;
}

/*
 * Stores the rows of a game read without error, or of a game kept up to its
 * error (error not NULL; start NULL when the game has none: a bad FEN tag).
 */
static void
store_game(PgnReadState *st, int game, const char *result, const Position *start,
		   const Position *final, int plies, const char *error)
{
	Tuplestorestate *ts = st->rsinfo->setResult;
	TupleDesc	desc = st->rsinfo->setDesc;
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
		Datum		values[10];
		bool		nulls[10] = {false};
		ChessPosition start_packed,
					final_packed;
		Datum	   *elems = palloc(sizeof(Datum) * (st->nmoves + 1));

		if (st->tags == NULL)
			pushJsonbValue(&st->tags, WJB_BEGIN_OBJECT, NULL);
		values[0] = Int32GetDatum(game);
		values[1] = JsonbPGetDatum(JsonbValueToJsonb(pushJsonbValue(&st->tags, WJB_END_OBJECT, NULL)));
		values[2] = PointerGetDatum(cstring_to_text(result));
		for (i = 0; i < st->nmoves; i++)
			elems[i] = MoveGetDatum(st->moves[i]);
		values[6] = PointerGetDatum(construct_array(elems, st->nmoves, st->move_type,
													sizeof(Move), true, TYPALIGN_SHORT));
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
		tuplestore_putvalues(ts, desc, values, nulls);
	}
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
	game = ++st->games_read;
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
	return true;
}

/* A game begins: what an unfinished one left (a part of a file) is forgotten. */
static void
read_begin(void *arg)
{
	reset_game((PgnReadState *) arg);
}

/* Sets up the state and the handler of a reading; switches to the game context. */
static void
read_start(FunctionCallInfo fcinfo, bool plies_mode, bool skip_errors, bool keep_errors,
		   PgnReadState *st, PgnHandler *h)
{
	MemoryContext caller = CurrentMemoryContext;

	memset(st, 0, sizeof(*st));
	st->rsinfo = chess_materialize(fcinfo);
	st->plies_mode = plies_mode;
	st->skip_errors = skip_errors;
	st->keep_errors = keep_errors;
	if (!plies_mode)
		st->move_type = get_element_type(TupleDescAttr(st->rsinfo->setDesc, 6)->atttypid);
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
	MemoryContextSwitchTo(st->game_cxt);
}

static void
read_end(PgnReadState *st)
{
	MemoryContextSwitchTo(st->caller);
	MemoryContextDelete(st->game_cxt);
	MemoryContextDelete(st->row_cxt);
}

static Datum
read_pgn(FunctionCallInfo fcinfo, bool plies_mode)
{
	text	   *pgn = PG_GETARG_TEXT_PP(0);
	PgnReadState st;
	PgnHandler	h;

	read_start(fcinfo, plies_mode, PG_GETARG_BOOL(1), !plies_mode && PG_GETARG_BOOL(2), &st, &h);
	st.with_variations = plies_mode && PG_GETARG_BOOL(2);
	pgn_read(VARDATA_ANY(pgn), VARSIZE_ANY_EXHDR(pgn), &h);
	read_end(&st);
	return (Datum) 0;
}

/*
 * A PGN file on the server, read in parts: plain, gzip or zstd (told by the
 * first bytes), in UTF-8 (validated; a byte-order mark is white space) or a
 * single-byte encoding such as LATIN1 (converted).  The text is read a
 * megabyte at a time and each part's complete games are read, so memory
 * stays that of a part and a game whatever the file's size.
 */
#define FILE_PART (1 << 20)
#define FILE_GAME_MAX (256 << 20)	/* a game longer than this is refused */

typedef enum FileFormat
{
	FILE_PLAIN,
	FILE_GZIP,
	FILE_ZSTD
} FileFormat;

typedef struct PgnFile
{
	FILE	   *f;
	const char *path;
	FileFormat	format;
	z_stream	gz;
	ZSTD_DCtx  *zstd;
	size_t		zstd_pending;	/* the last progress's result: 0 at a frame's end */
	char	   *in;				/* compressed bytes read, not yet decompressed */
	size_t		in_len;
	size_t		in_pos;
	bool		in_eof;
	bool		out_eof;		/* every byte of text has been produced */
} PgnFile;

static size_t
file_read_raw(PgnFile *pf, char *buf, size_t size)
{
	size_t		n = fread(buf, 1, size, pf->f);

	if (n < size && ferror(pf->f))
		ereport(ERROR,
				(errcode_for_file_access(),
				 errmsg("could not read file \"%s\": %m", pf->path)));
	return n;
}

/* Up to size bytes of decompressed text into buf; 0 at the end. */
static size_t
file_read(PgnFile *pf, char *buf, size_t size)
{
	size_t		produced = 0;

	if (pf->format == FILE_PLAIN)
	{
		produced = file_read_raw(pf, buf, size);
		pf->out_eof = produced == 0;
		return produced;
	}
	while (produced == 0 && !pf->out_eof)
	{
		if (pf->in_pos == pf->in_len && !pf->in_eof)
		{
			pf->in_len = file_read_raw(pf, pf->in, FILE_PART);
			pf->in_pos = 0;
			pf->in_eof = pf->in_len == 0;
		}
		if (pf->format == FILE_GZIP)
		{
			int			rc;

			pf->gz.next_in = (Bytef *) pf->in + pf->in_pos;
			pf->gz.avail_in = (uInt) (pf->in_len - pf->in_pos);
			pf->gz.next_out = (Bytef *) buf;
			pf->gz.avail_out = (uInt) size;
			rc = inflate(&pf->gz, Z_NO_FLUSH);
			pf->in_pos = pf->in_len - pf->gz.avail_in;
			produced = size - pf->gz.avail_out;
			if (rc == Z_STREAM_END)
			{
				/* the end of a gzip member: the file's end, or another member */
				if (pf->in_pos == pf->in_len && !pf->in_eof)
				{
					pf->in_len = file_read_raw(pf, pf->in, FILE_PART);
					pf->in_pos = 0;
					pf->in_eof = pf->in_len == 0;
				}
				if (pf->in_pos < pf->in_len)
					inflateReset(&pf->gz);
				else
					pf->out_eof = true;
			}
			else if (rc != Z_OK && rc != Z_BUF_ERROR)
				ereport(ERROR,
						(errcode(ERRCODE_DATA_CORRUPTED),
						 errmsg("could not decompress file \"%s\": %s", pf->path,
								pf->gz.msg ? pf->gz.msg : "corrupt gzip data")));
			else if (produced == 0 && pf->in_eof)
				ereport(ERROR,
						(errcode(ERRCODE_DATA_CORRUPTED),
						 errmsg("could not decompress file \"%s\": it ends in the middle of its gzip data",
								pf->path)));
		}
		else
		{
			ZSTD_inBuffer zin = {pf->in, pf->in_len, pf->in_pos};
			ZSTD_outBuffer zout = {buf, size, 0};
			size_t		rc = ZSTD_decompressStream(pf->zstd, &zout, &zin);

			if (ZSTD_isError(rc))
				ereport(ERROR,
						(errcode(ERRCODE_DATA_CORRUPTED),
						 errmsg("could not decompress file \"%s\": %s", pf->path,
								ZSTD_getErrorName(rc))));
			if (zin.pos > pf->in_pos || zout.pos > 0)
				pf->zstd_pending = rc;	/* 0: a frame ended and was flushed */
			pf->in_pos = zin.pos;
			produced = zout.pos;
			if (produced == 0 && pf->in_eof && pf->in_pos == pf->in_len)
			{
				if (pf->zstd_pending != 0)
					ereport(ERROR,
							(errcode(ERRCODE_DATA_CORRUPTED),
							 errmsg("could not decompress file \"%s\": it ends in the middle of its zstd data",
									pf->path)));
				pf->out_eof = true;
			}
		}
	}
	return produced;
}

/*
 * pgn_games_file(path text, skip_errors boolean, encoding text) → the rows
 * of pgn_games(): for superusers and members of pg_read_server_files, as
 * COPY FROM a file is.
 */
PG_FUNCTION_INFO_V1(chess_pgn_games_file);
Datum
chess_pgn_games_file(PG_FUNCTION_ARGS)
{
	char	   *path = text_to_cstring(PG_GETARG_TEXT_PP(0));
	char	   *encoding_name = text_to_cstring(PG_GETARG_TEXT_PP(2));
	int			encoding = pg_char_to_encoding(encoding_name);
	PgnReadState st;
	PgnHandler	h;
	PgnFile		pf;
	unsigned char magic[4] = {0};
	size_t		magic_len;
	char	   *buf;
	size_t		cap = 4 * FILE_PART,
				len = 0;

	if (!has_privs_of_role(GetUserId(), ROLE_PG_READ_SERVER_FILES))
		ereport(ERROR,
				(errcode(ERRCODE_INSUFFICIENT_PRIVILEGE),
				 errmsg("permission denied to read PGN file \"%s\"", chess_quote_cstring(path)),
				 errdetail("Only superusers and roles with the privileges of pg_read_server_files read files on the server."),
				 errhint("A client sends the file's text to pgn_games() instead, in batches of games as examples/load_pgn.py does.")));
	if (encoding < 0)
		ereport(ERROR,
				(errcode(ERRCODE_INVALID_PARAMETER_VALUE),
				 errmsg("invalid encoding name \"%s\"", chess_quote_cstring(encoding_name))));
	if (encoding != PG_UTF8 && pg_encoding_max_length(encoding) > 1)
		ereport(ERROR,
				(errcode(ERRCODE_FEATURE_NOT_SUPPORTED),
				 errmsg("PGN files in %s are not supported", pg_encoding_to_char(encoding)),
				 errdetail("A PGN file is read in UTF8 or in a single-byte encoding such as LATIN1 or WIN1252.")));

	memset(&pf, 0, sizeof(pf));
	pf.path = path;
	pf.f = AllocateFile(path, PG_BINARY_R);
	if (pf.f == NULL)
		ereport(ERROR,
				(errcode_for_file_access(),
				 errmsg("could not open file \"%s\" for reading: %m", path)));
	magic_len = fread(magic, 1, sizeof(magic), pf.f);
	rewind(pf.f);
	if (magic_len >= 2 && magic[0] == 0x1f && magic[1] == 0x8b)
	{
		pf.format = FILE_GZIP;
		if (inflateInit2(&pf.gz, 15 + 32) != Z_OK)
			elog(ERROR, "could not initialize gzip decompression");
	}
	else if (magic_len == 4 && magic[0] == 0x28 && magic[1] == 0xb5 && magic[2] == 0x2f && magic[3] == 0xfd)
	{
		pf.format = FILE_ZSTD;
		pf.zstd = ZSTD_createDCtx();
		if (pf.zstd == NULL)
			elog(ERROR, "could not initialize zstd decompression");
	}
	if (pf.format != FILE_PLAIN)
		pf.in = palloc(FILE_PART);

	if (encoding == PG_UTF8 && GetDatabaseEncoding() != PG_UTF8)
		ereport(ERROR,
				(errcode(ERRCODE_FEATURE_NOT_SUPPORTED),
				 errmsg("PGN files in UTF8 are read into UTF8 databases only"),
				 errdetail("This database is in %s.", GetDatabaseEncodingName())));
	read_start(fcinfo, false, PG_GETARG_BOOL(1), PG_GETARG_BOOL(3), &st, &h);
	st.source = path;
	MemoryContextSwitchTo(st.caller);
	buf = palloc(cap + 1);
	PG_TRY();
	{
		for (;;)
		{
			size_t		consumed,
						valid,
						n;
			bool		final;

			/* fill the buffer with at least a part of text */
			while (len + FILE_PART <= cap && !pf.out_eof)
			{
				n = file_read(&pf, buf + len, FILE_PART);
				if (n == 0)
					break;
				len += n;
			}
			final = pf.out_eof;
			/* the text must be valid in the database's encoding */
			if (encoding == PG_UTF8)
			{
				valid = chess_utf8_valid_prefix(buf, len);
				if (valid < len && (final || len - valid >= 4))
					ereport(ERROR,
							(errcode(ERRCODE_CHARACTER_NOT_IN_REPERTOIRE),
							 errmsg("invalid byte sequence for encoding \"UTF8\" in PGN file \"%s\"",
									chess_quote_cstring(path)),
							 errhint("Give the file's encoding, as in pgn_games_file(path, encoding => 'LATIN1').")));
			}
			else
				valid = len;
			/* read the complete games (all of them at the end) */
			if (encoding != PG_UTF8)
			{
				char	   *converted;
				size_t		converted_len;

				/* a single-byte encoding: each byte a character (NUL refused by the conversion) */
				buf[valid] = '\0';
				converted = pg_any_to_server(buf, (int) valid, encoding);
				converted_len = strlen(converted);
				MemoryContextSwitchTo(st.game_cxt);
				pgn_read_part(converted, converted_len, final, &h, &consumed);
				MemoryContextSwitchTo(st.caller);
				/* back to the file's bytes: the characters of the converted prefix */
				consumed = consumed < converted_len ?
					(size_t) pg_mbstrlen_with_len(converted, (int) consumed) : valid;
				if (converted != buf)
					pfree(converted);
			}
			else
			{
				MemoryContextSwitchTo(st.game_cxt);
				pgn_read_part(buf, valid, final, &h, &consumed);
				MemoryContextSwitchTo(st.caller);
			}
			if (final)
				break;
			memmove(buf, buf + consumed, len - consumed);
			len -= consumed;
			if (len + FILE_PART > cap)
			{
				/* no game ends in the buffer: a longer game; grow it */
				if (cap >= FILE_GAME_MAX)
					ereport(ERROR,
							(errcode(ERRCODE_PROGRAM_LIMIT_EXCEEDED),
							 errmsg("a game of PGN file \"%s\" is longer than %d MB",
									chess_quote_cstring(path), FILE_GAME_MAX >> 20),
							 errdetail("Game %d begins a text of %zu bytes with no end of a game in it.",
									   st.games_read + 1, len)));
				cap *= 2;
				buf = repalloc(buf, cap + 1);
			}
		}
	}
	PG_FINALLY();
	{
		if (pf.format == FILE_GZIP)
			inflateEnd(&pf.gz);
		else if (pf.format == FILE_ZSTD)
			ZSTD_freeDCtx(pf.zstd);
	}
	PG_END_TRY();
	FreeFile(pf.f);
	read_end(&st);
	return (Datum) 0;
}

/*
 * pgn_games(pgn text, skip_errors boolean) → TABLE(game integer, tags jsonb,
 *   result text, start position, final position, plies integer, moves move[])
 */
PG_FUNCTION_INFO_V1(chess_pgn_games);
Datum
chess_pgn_games(PG_FUNCTION_ARGS)
{
	return read_pgn(fcinfo, false);
}

/*
 * pgn_games(pgn bytea, encoding text, skip_errors boolean, keep_errors
 * boolean): the bytes of a PGN file as a client sends them, in the file's
 * encoding (LATIN1 for many old collections; UTF8 with or without a
 * byte-order mark), converted to the database's.
 */
PG_FUNCTION_INFO_V1(chess_pgn_games_bytea);
Datum
chess_pgn_games_bytea(PG_FUNCTION_ARGS)
{
	bytea	   *pgn = PG_GETARG_BYTEA_PP(0);
	char	   *encoding_name = text_to_cstring(PG_GETARG_TEXT_PP(1));
	int			encoding = pg_char_to_encoding(encoding_name);
	char	   *text;
	size_t		len;
	PgnReadState st;
	PgnHandler	h;

	if (encoding < 0 || !PG_VALID_ENCODING(encoding))
		ereport(ERROR,
				(errcode(ERRCODE_INVALID_PARAMETER_VALUE),
				 errmsg("invalid encoding name \"%s\"", chess_quote_cstring(encoding_name))));
	/*
	 * Validated, and converted when the encodings differ (22021 for bad
	 * bytes).  Unconverted, the text is the bytea's own bytes, which no NUL
	 * ends; a conversion's result has one and no NUL before it.
	 */
	text = pg_any_to_server(VARDATA_ANY(pgn), (int) VARSIZE_ANY_EXHDR(pgn), encoding);
	len = text == VARDATA_ANY(pgn) ? VARSIZE_ANY_EXHDR(pgn) : strlen(text);
	read_start(fcinfo, false, PG_GETARG_BOOL(2), PG_GETARG_BOOL(3), &st, &h);
	pgn_read(text, len, &h);
	read_end(&st);
	return (Datum) 0;
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
	return read_pgn(fcinfo, true);
}

/* A PGN tag pair, the value escaped; the name must be one a reader reads. */
static void
append_tag(StringInfo buf, const char *name, const char *value)
{
	const char *p;

	if (!pgn_tag_name_valid(name, strlen(name)))
		ereport(ERROR,
				(errcode(ERRCODE_INVALID_PARAMETER_VALUE),
				 errmsg("invalid PGN tag name \"%s\"", chess_quote_cstring(name)),
				 errdetail("A tag name is 1 to %d letters, digits and the characters _+#=:-.",
						   PGN_MAX_TAG_NAME)));
	appendStringInfo(buf, "[%s \"", name);
	for (p = value; *p; p++)
	{
		if (*p == '"' || *p == '\\')
			appendStringInfoChar(buf, '\\');
		appendStringInfoChar(buf, *p == '\n' ? ' ' : *p);
	}
	appendStringInfoString(buf, "\"]\n");
}

/* pgn(start position, moves move[], tags jsonb) → text */
PG_FUNCTION_INFO_V1(chess_pgn);
Datum
chess_pgn(PG_FUNCTION_ARGS)
{
	static const char *const roster[7] = {"Event", "Site", "Date", "Round", "White", "Black", "Result"};
	static const char *const defaults[7] = {"?", "?", "????.??.??", "?", "?", "?", NULL};
	Position	start,
				final,
				standard;
	Move	   *moves;
	int			n = chess_moves_from_array(PG_GETARG_ARRAYTYPE_P(1), &moves);
	Jsonb	   *tags = PG_GETARG_JSONB_P(2);
	StringInfoData movetext,
				out;
	char	   *roster_values[7] = {NULL};
	List	   *other_names = NIL,
			   *other_values = NIL;
	JsonbIterator *it;
	JsonbValue	v;
	JsonbIteratorToken tok;
	int			bad,
				i;
	uint8		a[PACKED_POSITION_SIZE],
				b[PACKED_POSITION_SIZE];
	ListCell   *ln,
			   *lv;

	if (!JB_ROOT_IS_OBJECT(tags))
		ereport(ERROR,
				(errcode(ERRCODE_INVALID_PARAMETER_VALUE),
				 errmsg("PGN tags must be a JSON object")));
	position_from_datum(PG_GETARG_POSITION_P(0), &start);

	/* the tags: the Seven Tag Roster in its order, then the others */
	it = JsonbIteratorInit(&tags->root);
	while ((tok = JsonbIteratorNext(&it, &v, true)) != WJB_DONE)
	{
		char	   *name,
				   *value;

		CHECK_FOR_INTERRUPTS();
		if (tok != WJB_KEY)
			continue;
		name = pnstrdup(v.val.string.val, v.val.string.len);
		tok = JsonbIteratorNext(&it, &v, true);
		if (v.type == jbvString)
			value = pnstrdup(v.val.string.val, v.val.string.len);
		else if (v.type == jbvNumeric)
			value = DatumGetCString(DirectFunctionCall1(numeric_out, NumericGetDatum(v.val.numeric)));
		else if (v.type == jbvBool)
			value = pstrdup(v.val.boolean ? "true" : "false");
		else if (v.type == jbvNull)
			value = pstrdup("");
		else
			ereport(ERROR,
					(errcode(ERRCODE_INVALID_PARAMETER_VALUE),
					 errmsg("PGN tag \"%s\" must be a string, a number or a boolean",
							chess_quote_cstring(name))));
		for (i = 0; i < 7; i++)
			if (strcmp(name, roster[i]) == 0)
				break;
		if (i < 7)
			roster_values[i] = value;
		else if (strcmp(name, "SetUp") != 0 && strcmp(name, "FEN") != 0)
		{
			other_names = lappend(other_names, name);
			other_values = lappend(other_values, value);
		}
	}

	if (roster_values[6] && strcmp(roster_values[6], "1-0") != 0 &&
		strcmp(roster_values[6], "0-1") != 0 && strcmp(roster_values[6], "1/2-1/2") != 0 &&
		strcmp(roster_values[6], "*") != 0)
		ereport(ERROR,
				(errcode(ERRCODE_INVALID_PARAMETER_VALUE),
				 errmsg("invalid PGN result \"%s\"", chess_quote_cstring(roster_values[6])),
				 errdetail("The Result tag is 1-0, 0-1, 1/2-1/2 or *.")));

	/* without a Result tag, the final position decides the result */
	initStringInfo(&movetext);
	bad = pgn_write_movetext(&start, moves, n, roster_values[6], true, chess_emit_stringinfo,
							 &movetext, &final, chess_poll);
	if (bad >= 0)
		report_illegal_move(&final, moves[bad], bad + 1);
	if (!roster_values[6])
		roster_values[6] = pstrdup(position_result(&final));

	initStringInfo(&out);
	for (i = 0; i < 7; i++)
		append_tag(&out, roster[i], roster_values[i] ? roster_values[i] : defaults[i]);
	position_set_startpos(&standard);
	position_pack(&start, a);
	position_pack(&standard, b);
	if (memcmp(a, b, PACKED_POSITION_SIZE) != 0)
	{
		char		fen[FEN_MAX_LENGTH];

		fen_write(&start, fen);
		/* castling that only Chess960 has: say so, as python-chess does, unless the tags do */
		if (!position_castling_standard(&start))
		{
			bool		named = false;

			foreach(ln, other_names)
				named |= strcmp(lfirst(ln), "Variant") == 0;
			if (!named)
				append_tag(&out, "Variant", "Chess960");
		}
		append_tag(&out, "SetUp", "1");
		append_tag(&out, "FEN", fen);
	}
	forboth(ln, other_names, lv, other_values)
		append_tag(&out, lfirst(ln), lfirst(lv));
	appendStringInfoChar(&out, '\n');
	appendBinaryStringInfo(&out, movetext.data, movetext.len);
	PG_RETURN_TEXT_P(cstring_to_text_with_len(out.data, out.len));
}

/*
 * movetext([start position,] moves move[]) → text: the moves in SAN with move
 * numbers on one line, for display ("1. e4 e5 2. Nf3", "12... Nf6" when
 * Black moves first); no tags, no result.  An illegal move raises 22023.
 */
PG_FUNCTION_INFO_V1(chess_movetext);
Datum
chess_movetext(PG_FUNCTION_ARGS)
{
	Position	start,
				final;
	Move	   *moves;
	int			n = chess_moves_from_array(PG_GETARG_ARRAYTYPE_P(PG_NARGS() - 1), &moves),
				bad;
	StringInfoData out;

	/* movetext(moves move[]): from the standard start */
	if (PG_NARGS() == 1)
		position_set_startpos(&start);
	else
		position_from_datum(PG_GETARG_POSITION_P(0), &start);
	initStringInfo(&out);
	bad = pgn_write_movetext(&start, moves, n, "", false, chess_emit_stringinfo, &out, &final, chess_poll);
	if (bad >= 0)
		report_illegal_move(&final, moves[bad], bad + 1);
	PG_RETURN_TEXT_P(cstring_to_text_with_len(out.data, out.len));
}

PG_FUNCTION_INFO_V1(position_is_insufficient_material);
Datum
position_is_insufficient_material(PG_FUNCTION_ARGS)
{
	Position	pos;

	position_from_datum(PG_GETARG_POSITION_P(0), &pos);
	PG_RETURN_BOOL(position_insufficient_material(&pos));
}

/* can_claim_fifty_moves(position): 100 plies without capture or pawn move, and no mate */
PG_FUNCTION_INFO_V1(position_can_claim_fifty_moves);
Datum
position_can_claim_fifty_moves(PG_FUNCTION_ARGS)
{
	Position	pos;

	position_from_datum(PG_GETARG_POSITION_P(0), &pos);
	PG_RETURN_BOOL(pos.halfmove >= 100 && !position_is_checkmate(&pos));
}

/* is_seventyfive_moves(position): 150 plies, the automatic draw */
PG_FUNCTION_INFO_V1(position_is_seventyfive_moves);
Datum
position_is_seventyfive_moves(PG_FUNCTION_ARGS)
{
	Position	pos;

	position_from_datum(PG_GETARG_POSITION_P(0), &pos);
	PG_RETURN_BOOL(pos.halfmove >= 150 && !position_is_checkmate(&pos));
}

/*
 * How often the last position of a game's positions occurs in them (clocks
 * ignored).  The array is walked twice, without copying it: for the last
 * position, then counting.
 */
static int
repetitions_of_last(ArrayType *array, Position *last)
{
	ArrayIterator it;
	Datum		value;
	bool		isnull;
	int			n = ArrayGetNItems(ARR_NDIM(array), ARR_DIMS(array)),
				i = 0,
				count = 0;

	if (ARR_NDIM(array) > 1)
		ereport(ERROR,
				(errcode(ERRCODE_ARRAY_SUBSCRIPT_ERROR),
				 errmsg("positions must be a one-dimensional array")));
	it = array_create_iterator(array, 0, NULL);
	while (array_iterate(it, &value, &isnull))
	{
		if (++i % 4096 == 0)
			CHECK_FOR_INTERRUPTS();
		if (isnull)
			ereport(ERROR,
					(errcode(ERRCODE_NULL_VALUE_NOT_ALLOWED),
					 errmsg("position %d of the game is NULL", i)));
		if (i == n)
			position_from_datum(DatumGetPositionP(value), last);
	}
	array_free_iterator(it);
	it = array_create_iterator(array, 0, NULL);
	while (array_iterate(it, &value, &isnull))
	{
		Position	pos;

		if (++i % 4096 == 0)
			CHECK_FOR_INTERRUPTS();
		position_from_datum(DatumGetPositionP(value), &pos);
		if (position_same_for_repetition(&pos, last))
			count++;
	}
	array_free_iterator(it);
	return count;
}

/* repetitions(position[]) → how often the last position has occurred */
PG_FUNCTION_INFO_V1(chess_repetitions);
Datum
chess_repetitions(PG_FUNCTION_ARGS)
{
	Position	last;

	PG_RETURN_INT32(repetitions_of_last(PG_GETARG_ARRAYTYPE_P(0), &last));
}

/* is_threefold_repetition(position[]), is_fivefold_repetition(position[]) */
#define REPETITION_AT_LEAST(sqlname, times) \
PG_FUNCTION_INFO_V1(sqlname); \
Datum \
sqlname(PG_FUNCTION_ARGS) \
{ \
	Position	last; \
 \
	PG_RETURN_BOOL(repetitions_of_last(PG_GETARG_ARRAYTYPE_P(0), &last) >= (times)); \
}

REPETITION_AT_LEAST(chess_is_threefold_repetition, 3)
REPETITION_AT_LEAST(chess_is_fivefold_repetition, 5)

/*
 * outcome(position) and outcome(position[]) → (termination text, result text):
 * checkmate, stalemate, insufficient material, the seventy-five-move rule and,
 * given the game's positions, fivefold repetition end the game by the rules;
 * termination is NULL and result "*" while it goes on.
 */
Datum
chess_outcome_datum(FunctionCallInfo fcinfo, const Position *pos, int repetitions)
{
	TupleDesc	tupdesc;
	Datum		values[2];
	bool		nulls[2] = {false, false};
	const char *termination = NULL;
	const char *result = "1/2-1/2";

	if (get_call_result_type(fcinfo, NULL, &tupdesc) != TYPEFUNC_COMPOSITE)
		elog(ERROR, "return type must be a row type");
	if (position_is_checkmate(pos))
	{
		termination = "checkmate";
		result = pos->side == WHITE ? "0-1" : "1-0";
	}
	else if (position_is_stalemate(pos))
		termination = "stalemate";
	else if (position_insufficient_material(pos))
		termination = "insufficient material";
	else if (pos->halfmove >= 150)
		termination = "seventy-five moves";
	else if (repetitions >= 5)
		termination = "fivefold repetition";
	else
		result = "*";
	if (termination)
		values[0] = PointerGetDatum(cstring_to_text(termination));
	else
		nulls[0] = true;
	values[1] = PointerGetDatum(cstring_to_text(result));
	return HeapTupleGetDatum(heap_form_tuple(BlessTupleDesc(tupdesc), values, nulls));
}

PG_FUNCTION_INFO_V1(position_outcome);
Datum
position_outcome(PG_FUNCTION_ARGS)
{
	Position	pos;

	position_from_datum(PG_GETARG_POSITION_P(0), &pos);
	return chess_outcome_datum(fcinfo, &pos, 1);
}

/*
 * outcome(text): a literal FEN, which would fit both outcome(position) and
 * outcome(position[]) and leave PostgreSQL unable to choose.
 */
PG_FUNCTION_INFO_V1(position_outcome_text);
Datum
position_outcome_text(PG_FUNCTION_ARGS)
{
	Datum		d = DirectFunctionCall1(position_in, CStringGetDatum(text_to_cstring(PG_GETARG_TEXT_PP(0))));
	Position	pos;

	position_from_datum(DatumGetPositionP(d), &pos);
	return chess_outcome_datum(fcinfo, &pos, 1);
}

PG_FUNCTION_INFO_V1(game_outcome);
Datum
game_outcome(PG_FUNCTION_ARGS)
{
	Position	last;
	ArrayType  *array = PG_GETARG_ARRAYTYPE_P(0);
	int			repetitions;

	if (ArrayGetNItems(ARR_NDIM(array), ARR_DIMS(array)) == 0)
		PG_RETURN_NULL();
	repetitions = repetitions_of_last(array, &last);
	return chess_outcome_datum(fcinfo, &last, repetitions);
}

/* The state of replay(): the position reached and the plies played. */
typedef struct ReplayState
{
	Position	pos;
	int			ply;
} ReplayState;

static Datum
replay_step(FunctionCallInfo fcinfo, const Position *start, Move m)
{
	MemoryContext aggcontext;
	ReplayState *st;

	if (!AggCheckCallContext(fcinfo, &aggcontext))
		elog(ERROR, "replay transition function called in non-aggregate context");
	if (PG_ARGISNULL(0))
	{
		st = MemoryContextAlloc(aggcontext, sizeof(ReplayState));
		st->pos = *start;
		st->ply = 0;
	}
	else
		st = (ReplayState *) PG_GETARG_POINTER(0);
	st->ply++;
	position_play(&st->pos, chess_legal_move(&st->pos, m, st->ply));
	PG_RETURN_POINTER(st);
}

/* replay(position, move ORDER BY ...) transition */
PG_FUNCTION_INFO_V1(chess_replay_transfn);
Datum
chess_replay_transfn(PG_FUNCTION_ARGS)
{
	Position	start;

	if (PG_ARGISNULL(1) || PG_ARGISNULL(2))
		ereport(ERROR,
				(errcode(ERRCODE_NULL_VALUE_NOT_ALLOWED),
				 errmsg("replay() takes no NULL start position or move")));
	if (PG_ARGISNULL(0))
		position_from_datum(PG_GETARG_POSITION_P(1), &start);
	return replay_step(fcinfo, &start, PG_GETARG_MOVE(2));
}

/* replay(move ORDER BY ...) transition: from the standard start */
PG_FUNCTION_INFO_V1(chess_replay_start_transfn);
Datum
chess_replay_start_transfn(PG_FUNCTION_ARGS)
{
	Position	start;

	if (PG_ARGISNULL(1))
		ereport(ERROR,
				(errcode(ERRCODE_NULL_VALUE_NOT_ALLOWED),
				 errmsg("replay() takes no NULL move")));
	position_set_startpos(&start);
	return replay_step(fcinfo, &start, PG_GETARG_MOVE(1));
}

PG_FUNCTION_INFO_V1(chess_replay_finalfn);
Datum
chess_replay_finalfn(PG_FUNCTION_ARGS)
{
	if (PG_ARGISNULL(0))
		PG_RETURN_NULL();
	PG_RETURN_POSITION_P(position_to_datum(&((ReplayState *) PG_GETARG_POINTER(0))->pos));
}
