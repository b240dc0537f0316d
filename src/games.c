/*
 * games.c — games in SQL: reading PGN (pgn_games, pgn_plies), writing it
 * (pgn), the end of a game (insufficient material, the fifty- and
 * seventy-five-move rules, repetitions, outcome) and the replay aggregates.
 */
#include "chess.h"

#include "engine/outcome.h"
#include "engine/pgn.h"

#include "catalog/pg_type.h"
#include "funcapi.h"
#include "lib/stringinfo.h"
#include "miscadmin.h"
#include "utils/array.h"
#include "utils/builtins.h"
#include "utils/json.h"
#include "utils/jsonb.h"
#include "utils/lsyscache.h"

/* One main-line ply, kept until its game is known to be valid. */
typedef struct PlyRow
{
	int			ply;
	Move		move;
	char		san[SAN_MAX_LENGTH];	/* pgn_plies only */
	ChessPosition before;
	ChessPosition after;
	StringInfoData comment;
	char	   *variation;		/* NULL on the main line */
} PlyRow;

typedef struct PgnReadState
{
	ReturnSetInfo *rsinfo;
	bool		plies_mode;		/* pgn_plies (one row a ply) or pgn_games */
	bool		skip_errors;
	bool		with_variations;	/* pgn_plies: the variations' plies too */
	int			games_read;
	StringInfoData tags;		/* the game's tags as a JSON object's members */
	PlyRow	   *rows;
	int			nrows;
	int			capacity;
} PgnReadState;

static void
read_tag(void *arg, const char *name, size_t nlen, const char *value, size_t vlen)
{
	PgnReadState *st = arg;
	char	   *n = pnstrdup(name, nlen);
	char	   *v = pnstrdup(value, vlen);

	if (st->tags.len > 0)
		appendStringInfoString(&st->tags, ", ");
	escape_json(&st->tags, n);
	appendStringInfoString(&st->tags, ": ");
	escape_json(&st->tags, v);
	pfree(n);
	pfree(v);
}

static void
read_ply(void *arg, int ply, Move m, const Position *before, const Position *after,
		 const char *variation)
{
	PgnReadState *st = arg;
	PlyRow	   *row;

	if (variation && !(st->plies_mode && st->with_variations))
		return;
	if (st->nrows == st->capacity)
	{
		st->capacity = st->capacity ? 2 * st->capacity : 128;
		st->rows = st->rows ? repalloc(st->rows, sizeof(PlyRow) * st->capacity) :
			palloc(sizeof(PlyRow) * st->capacity);
	}
	row = &st->rows[st->nrows++];
	row->ply = ply;
	row->move = m;
	if (st->plies_mode)
	{
		/* only pgn_plies shows the SAN and the positions: pgn_games skips the work */
		san_write(before, m, row->san);
		position_pack(before, row->before.bytes);
		position_pack(after, row->after.bytes);
	}
	row->comment.data = NULL;
	row->variation = variation ? pstrdup(variation) : NULL;
}

/*
 * A comment belongs to the ply it follows in its line (comments before a
 * line's first move are dropped).
 */
static void
read_comment(void *arg, int ply, const char *variation, const char *text, size_t len)
{
	PgnReadState *st = arg;
	PlyRow	   *row;

	if (!st->plies_mode || ply == 0 || st->nrows == 0)
		return;
	row = &st->rows[st->nrows - 1];
	if (row->ply != ply || (row->variation == NULL) != (variation == NULL) ||
		(variation && strcmp(row->variation, variation) != 0))
		return;
	if (row->comment.data == NULL)
		initStringInfo(&row->comment);
	else
		appendStringInfoChar(&row->comment, ' ');
	appendBinaryStringInfo(&row->comment, text, (int) len);
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
				(errmsg("skipping the rest of variation %s of game %d at ply %d: \"%.*s\"",
						variation, st->games_read + 1, ply, (int) tlen, token),
				 errdetail("%s", detail)));
}

static bool
read_game(void *arg, int game, const char *result, const Position *start,
		  const Position *final, int plies, const PgnError *err)
{
	PgnReadState *st = arg;
	int			i;

	CHECK_FOR_INTERRUPTS();		/* a long import can be cancelled */
	st->games_read = game;
	if (err)
	{
		char	   *where = pgn_where(game, start, err->ply, err->code == PGN_SYNTAX);
		int			code = (err->code == PGN_ILLEGAL_MOVE || err->code == PGN_AMBIGUOUS_MOVE) ?
			ERRCODE_INVALID_PARAMETER_VALUE : ERRCODE_INVALID_TEXT_REPRESENTATION;
		const char *what = err->code == PGN_ILLEGAL_MOVE ? "illegal move" :
			err->code == PGN_AMBIGUOUS_MOVE ? "ambiguous move" :
			err->code == PGN_BAD_FEN ? "invalid FEN tag" :
			err->code == PGN_BAD_MOVE ? "invalid move" : "invalid PGN";

		ereport(st->skip_errors ? NOTICE : ERROR,
				(errcode(code),
				 errmsg("%s%s \"%s\" in %s", st->skip_errors ? "skipping game: " : "",
						what, err->token, where),
				 errdetail("%s", err->detail)));
	}
	else if (st->plies_mode)
	{
		for (i = 0; i < st->nrows; i++)
		{
			PlyRow	   *row = &st->rows[i];
			Datum		values[8];
			bool		nulls[8] = {false};

			values[0] = Int32GetDatum(game);
			values[1] = Int32GetDatum(row->ply);
			values[2] = MoveGetDatum(row->move);
			values[3] = PointerGetDatum(cstring_to_text(row->san));
			values[4] = PositionPGetDatum(&row->before);
			values[5] = PositionPGetDatum(&row->after);
			if (row->comment.data)
				values[6] = PointerGetDatum(cstring_to_text_with_len(row->comment.data, row->comment.len));
			else
				nulls[6] = true;
			if (row->variation)
				values[7] = PointerGetDatum(cstring_to_text(row->variation));
			else
				nulls[7] = true;
			tuplestore_putvalues(st->rsinfo->setResult, st->rsinfo->setDesc, values, nulls);
		}
	}
	else
	{
		Datum		values[7];
		bool		nulls[7] = {false};
		Datum	   *moves = palloc(sizeof(Datum) * (st->nrows + 1));
		ChessPosition start_packed,
					final_packed;
		char	   *json = psprintf("{%s}", st->tags.data);

		for (i = 0; i < st->nrows; i++)
			moves[i] = MoveGetDatum(st->rows[i].move);
		position_pack(start, start_packed.bytes);
		position_pack(final, final_packed.bytes);
		values[0] = Int32GetDatum(game);
		values[1] = DirectFunctionCall1(jsonb_in, CStringGetDatum(json));
		values[2] = PointerGetDatum(cstring_to_text(result));
		values[3] = PositionPGetDatum(&start_packed);
		values[4] = PositionPGetDatum(&final_packed);
		values[5] = Int32GetDatum(plies);
		values[6] = PointerGetDatum(construct_array(moves, st->nrows,
													get_element_type(TupleDescAttr(st->rsinfo->setDesc, 6)->atttypid),
													sizeof(Move), true, TYPALIGN_SHORT));
		tuplestore_putvalues(st->rsinfo->setResult, st->rsinfo->setDesc, values, nulls);
		pfree(moves);
		pfree(json);
	}
	/* ready for the next game */
	for (i = 0; i < st->nrows; i++)
	{
		if (st->rows[i].comment.data)
			pfree(st->rows[i].comment.data);
		if (st->rows[i].variation)
			pfree(st->rows[i].variation);
	}
	st->nrows = 0;
	resetStringInfo(&st->tags);
	return true;
}

static Datum
read_pgn(FunctionCallInfo fcinfo, bool plies_mode)
{
	text	   *pgn = PG_GETARG_TEXT_PP(0);
	PgnReadState st;
	PgnHandler	h;

	InitMaterializedSRF(fcinfo, 0);
	memset(&st, 0, sizeof(st));
	st.rsinfo = (ReturnSetInfo *) fcinfo->resultinfo;
	st.plies_mode = plies_mode;
	st.skip_errors = PG_GETARG_BOOL(1);
	st.with_variations = PG_NARGS() > 2 && PG_GETARG_BOOL(2);
	initStringInfo(&st.tags);
	h.arg = &st;
	h.tag = read_tag;
	h.ply = read_ply;
	h.comment = read_comment;
	h.variation_error = read_variation_error;
	h.game = read_game;
	pgn_read(VARDATA_ANY(pgn), VARSIZE_ANY_EXHDR(pgn), &h);
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

/* The Moves of a move[] (no NULLs allowed); returns their number. */
static int
moves_from_array(ArrayType *array, Move **out)
{
	Datum	   *elems;
	bool	   *nulls;
	int			n,
				i;

	if (ARR_NDIM(array) > 1)
		ereport(ERROR,
				(errcode(ERRCODE_ARRAY_SUBSCRIPT_ERROR),
				 errmsg("moves must be a one-dimensional array")));
	deconstruct_array(array, ARR_ELEMTYPE(array), sizeof(Move), true, TYPALIGN_SHORT,
					  &elems, &nulls, &n);
	*out = palloc(sizeof(Move) * (n + 1));
	for (i = 0; i < n; i++)
	{
		if (nulls[i])
			ereport(ERROR,
					(errcode(ERRCODE_NULL_VALUE_NOT_ALLOWED),
					 errmsg("move %d of the game is NULL", i + 1)));
		(*out)[i] = DatumGetMove(elems[i]);
	}
	return n;
}

static void
emit_to_stringinfo(void *arg, const char *s, size_t n)
{
	appendBinaryStringInfo((StringInfo) arg, s, (int) n);
}

/* A PGN tag pair, the value escaped. */
static void
append_tag(StringInfo buf, const char *name, const char *value)
{
	const char *p;

	appendStringInfo(buf, "[%s \"", name);
	for (p = value; *p; p++)
	{
		if (*p == '"' || *p == '\\')
			appendStringInfoChar(buf, '\\');
		appendStringInfoChar(buf, *p == '\n' ? ' ' : *p);
	}
	appendStringInfoString(buf, "\"]\n");
}

/* The result a finished game's final position decides, or "*". */
static const char *
position_result(const Position *pos)
{
	if (position_is_checkmate(pos))
		return pos->side == WHITE ? "0-1" : "1-0";
	if (position_is_stalemate(pos) || position_insufficient_material(pos))
		return "1/2-1/2";
	return "*";
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
	int			n = moves_from_array(PG_GETARG_ARRAYTYPE_P(1), &moves);
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
					 errmsg("PGN tag \"%s\" must be a string, a number or a boolean", name)));
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

	initStringInfo(&movetext);
	bad = pgn_write_movetext(&start, moves, n,
							 roster_values[6] ? roster_values[6] : "*",	/* replaced below */
							 emit_to_stringinfo, &movetext, &final);
	if (bad >= 0)
		report_illegal_move(&final, moves[bad], bad + 1);
	if (!roster_values[6])
	{
		/* no Result tag: the final position decides; write the movetext again with it */
		roster_values[6] = pstrdup(position_result(&final));
		resetStringInfo(&movetext);
		pgn_write_movetext(&start, moves, n, roster_values[6], emit_to_stringinfo, &movetext, &final);
	}

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
		append_tag(&out, "SetUp", "1");
		append_tag(&out, "FEN", fen);
	}
	forboth(ln, other_names, lv, other_values)
		append_tag(&out, lfirst(ln), lfirst(lv));
	appendStringInfoChar(&out, '\n');
	appendBinaryStringInfo(&out, movetext.data, movetext.len);
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

/* How often the last position of a game's positions occurs in them (clocks ignored). */
static int
repetitions_of_last(ArrayType *array, Position *last)
{
	Datum	   *elems;
	bool	   *nulls;
	int			n,
				i,
				count = 0;

	if (ARR_NDIM(array) > 1)
		ereport(ERROR,
				(errcode(ERRCODE_ARRAY_SUBSCRIPT_ERROR),
				 errmsg("positions must be a one-dimensional array")));
	deconstruct_array(array, ARR_ELEMTYPE(array), PACKED_POSITION_SIZE, false, TYPALIGN_CHAR,
					  &elems, &nulls, &n);
	for (i = n - 1; i >= 0; i--)
	{
		Position	pos;

		if (nulls[i])
			ereport(ERROR,
					(errcode(ERRCODE_NULL_VALUE_NOT_ALLOWED),
					 errmsg("position %d of the game is NULL", i + 1)));
		position_from_datum(DatumGetPositionP(elems[i]), &pos);
		if (i == n - 1)
			*last = pos;
		if (position_same_for_repetition(&pos, last))
			count++;
	}
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
static Datum
outcome_datum(FunctionCallInfo fcinfo, const Position *pos, int repetitions)
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
	return outcome_datum(fcinfo, &pos, 1);
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
	return outcome_datum(fcinfo, &last, repetitions);
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
	if (!move_is_legal(&st->pos, m))
		report_illegal_move(&st->pos, m, st->ply);
	position_play(&st->pos, m);
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
