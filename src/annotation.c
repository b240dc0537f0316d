/*
 * annotation.c — a game's comments, NAGs, variations, clocks and
 * evaluations (engine/annotation.h) in SQL: reading and making annotated
 * values, mainline(), clocks(), evals(), comments(), nags().
 */
#include "chess.h"

#include "engine/pgn.h"

#include "miscadmin.h"
#include "utils/builtins.h"

void *
chess_ann_alloc(void *ctx pg_attribute_unused(), void *old, size_t size)
{
	if (size == 0)
	{
		if (old)
			pfree(old);
		return NULL;
	}
	if (size > MaxAllocSize)
		ereport(ERROR,
				(errcode(ERRCODE_PROGRAM_LIMIT_EXCEEDED),
				 errmsg("a game's annotations are too large"),
				 errdetail("They would take more than %zu bytes.", (size_t) MaxAllocSize)));
	return old ? repalloc(old, size) : palloc(size);
}

static void
ann_poll(void *ctx pg_attribute_unused())
{
	CHECK_FOR_INTERRUPTS();
}

void
chess_ann_init(AnnGame *ann)
{
	ann_init(ann, chess_ann_alloc, NULL);
	ann->poll = ann_poll;
}

bool
chess_ann_text_valid(const AnnGame *ann)
{
	int			i;

	for (i = 0; i < ann->nevents; i++)
	{
		const AnnEvent *e = &ann->events[i];

		if ((i & 4095) == 4095)
			CHECK_FOR_INTERRUPTS();
		if (e->kind == ANN_EV_COMMENT && e->b > 0 &&
			!pg_verify_mbstr(GetDatabaseEncoding(), ann->text + e->a, (int) e->b, true))
			return false;
	}
	return true;
}

void
chess_game_annotations(const struct varlena *g, AnnGame *ann, Position *start)
{
	const uint8 *data = GAME_DATA(g);
	size_t		full = GAME_FULL_LEN(g),
				bare = GAME_LEN(g);
	GameReader	r;
	Move	   *moves;
	int			i;

	chess_ann_init(ann);
	chess_game_reader(&r, g);
	*start = r.start;
	moves = palloc(sizeof(Move) * (r.plies + 1));
	for (i = 0; i < r.plies; i++)
	{
		if ((i & 4095) == 4095)
			CHECK_FOR_INTERRUPTS();
		moves[i] = chess_game_next(&r);
	}
	if (bare == full)
	{
		for (i = 0; i < r.plies; i++)
			ann_builder_move(ann, moves[i]);
	}
	else
	{
		char		error[160];

		CHECK_FOR_INTERRUPTS();
		if (!ann_decode(data + bare, full - bare - ANN_TRAILER, start, moves, r.plies, ann, error))
			chess_game_damaged(error);
		if (!chess_ann_text_valid(ann))
			chess_game_damaged("A comment of its annotations is not valid in the database's encoding.");
	}
	pfree(moves);
}

struct varlena *
chess_game_annotate(struct varlena *g, const Position *start, const Move *moves, int n, AnnGame *ann)
{
	uint8	   *buf;
	size_t		len,
				cap;

	ann_builder_finish(ann);
	if (!ann_any(ann))
		return g;
	/* the game written as PGN must read back: its comments within the reader's limit */
	if (ann_written_comment_bytes(ann) > PGN_MAX_COMMENT_BYTES + 1)
		ereport(ERROR,
				(errcode(ERRCODE_PROGRAM_LIMIT_EXCEEDED),
				 errmsg("a game's comments are too long"),
				 errdetail("A game's comments have at most %d bytes, joined by spaces, as PGN writes them back.",
						   PGN_MAX_COMMENT_BYTES)));
	len = VARSIZE(g);
	cap = len;
	buf = (uint8 *) g;
	len = ann_encode(ann, start, moves, n, &buf, len, &cap);
	if (len == 0)
		elog(ERROR, "the annotations of a game do not fit its moves");
	g = (struct varlena *) buf;
	((uint8 *) VARDATA(g))[1] |= GAME_FLAG_ANNOTATED;
	SET_VARSIZE(g, len);
	return g;
}

int
chess_game_main_line(const struct varlena *g, AnnGame *ann, int **nodes, Position *start)
{
	chess_game_annotations(g, ann, start);
	*nodes = palloc(sizeof(int) * (ann->mainline + 1));
	return ann_main_nodes(ann, *nodes);
}

/*
 * The movetext of a game value with its annotations (pgn_write_annotated()),
 * a result (NULL: the one its final position decides; "": none), in lines
 * when wrap; final gets the position reached.
 */
void
chess_write_annotated(const struct varlena *g, const char *result, bool wrap, StringInfo out,
					  Position *final)
{
	AnnGame		ann;
	Position	start;
	char	   *scratch;

	chess_game_annotations(g, &ann, &start);
	scratch = palloc(PGN_ANNOTATED_SCRATCH(&ann));
	if (pgn_write_annotated(&start, &ann, result, wrap, chess_emit_stringinfo, out, final,
							chess_poll, scratch) >= 0)
		elog(ERROR, "a decoded game holds an illegal move");
	pfree(scratch);
}

/* mainline(game) → game: the moves alone */
PG_FUNCTION_INFO_V1(game_mainline);
Datum
game_mainline(PG_FUNCTION_ARGS)
{
	struct varlena *g = PG_GETARG_GAME_P(0);
	struct varlena *bare;
	GameReader	r;
	size_t		len = GAME_LEN(g);

	if (len == GAME_FULL_LEN(g))
		PG_RETURN_POINTER(g);
	/* the bare bytes, validated by reading them */
	chess_game_reader(&r, g);
	while (r.ply < r.plies)
	{
		if ((r.ply & 4095) == 4095)
			CHECK_FOR_INTERRUPTS();
		chess_game_next(&r);
	}
	bare = palloc(VARHDRSZ + len);
	SET_VARSIZE(bare, VARHDRSZ + len);
	memcpy(VARDATA(bare), GAME_DATA(g), len);
	((uint8 *) VARDATA(bare))[1] &= ~GAME_FLAG_ANNOTATED;
	PG_RETURN_POINTER(bare);
}

/* is_annotated(game) → boolean */
PG_FUNCTION_INFO_V1(game_is_annotated);
Datum
game_is_annotated(PG_FUNCTION_ARGS)
{
	struct varlena *g = PG_GETARG_GAME_P(0);

	PG_RETURN_BOOL(GAME_LEN(g) != GAME_FULL_LEN(g));
}

/* clocks(game) → integer[]: the clock after each ply in centiseconds */
PG_FUNCTION_INFO_V1(game_clocks);
Datum
game_clocks(PG_FUNCTION_ARGS)
{
	struct varlena *g = PG_GETARG_GAME_P(0);
	AnnGame		ann;
	Position	start;
	int		   *nodes;
	int			n,
				i,
				dims[1],
				lbs[1] = {1};
	Datum	   *elems;
	bool	   *nulls;

	n = chess_game_main_line(g, &ann, &nodes, &start);
	elems = palloc(sizeof(Datum) * (n + 1));
	nulls = palloc(sizeof(bool) * (n + 1));
	for (i = 0; i < n; i++)
	{
		int32		c = ann.nodes[nodes[i]].clock;

		nulls[i] = c == ANN_NONE;
		elems[i] = Int32GetDatum(c);
	}
	dims[0] = n;
	PG_RETURN_ARRAYTYPE_P(construct_md_array(elems, nulls, n ? 1 : 0, dims, lbs, INT4OID,
											 sizeof(int32), true, TYPALIGN_INT));
}

/* evals(game) → TABLE(ply integer, cp integer, mate integer, depth integer) */
PG_FUNCTION_INFO_V1(game_evals);
Datum
game_evals(PG_FUNCTION_ARGS)
{
	struct varlena *g = PG_GETARG_GAME_P(0);
	ReturnSetInfo *rsinfo = chess_materialize(fcinfo);
	AnnGame		ann;
	Position	start;
	int		   *nodes;
	int			n,
				i;

	n = chess_game_main_line(g, &ann, &nodes, &start);
	for (i = 0; i < n; i++)
	{
		const AnnNode *nd = &ann.nodes[nodes[i]];
		Datum		values[4];
		bool		nulls[4] = {false, false, false, false};

		if (!nd->eval_kind)
			continue;
		values[0] = Int32GetDatum(i + 1);
		values[1] = Int32GetDatum(nd->eval);
		values[2] = Int32GetDatum(nd->eval);
		nulls[1] = nd->eval_kind != ANN_EVAL_CP;
		nulls[2] = nd->eval_kind != ANN_EVAL_MATE;
		values[3] = Int32GetDatum(nd->depth);
		nulls[3] = nd->depth == ANN_NONE;
		tuplestore_putvalues(rsinfo->setResult, rsinfo->setDesc, values, nulls);
	}
	return (Datum) 0;
}

/*
 * The rows of comments() or nags(): the main line's comments (the empty
 * ones left out) or NAGs, each with the ply it follows (0: before the first
 * move), in order; a variation's are not among them.
 */
static Datum
main_line_events(FunctionCallInfo fcinfo, AnnEventKind kind)
{
	struct varlena *g = PG_GETARG_GAME_P(0);
	ReturnSetInfo *rsinfo = chess_materialize(fcinfo);
	AnnGame		ann;
	Position	start;
	int			i,
				depth = 0,
				ply = 0;

	chess_game_annotations(g, &ann, &start);
	for (i = 0; i < ann.nevents; i++)
	{
		const AnnEvent *e = &ann.events[i];
		Datum		values[2];
		bool		nulls[2] = {false, false};

		if (e->kind == ANN_EV_OPEN)
			depth++;
		else if (e->kind == ANN_EV_CLOSE)
			depth--;
		else if (e->kind == ANN_EV_MOVE && depth == 0)
			ply++;
		if (e->kind != kind || depth != 0 || (kind == ANN_EV_COMMENT && e->b == 0))
			continue;
		values[0] = Int32GetDatum(ply);
		values[1] = kind == ANN_EV_COMMENT ?
			PointerGetDatum(cstring_to_text_with_len(ann.text + e->a, (int) e->b)) :
			Int32GetDatum((int32) e->a);
		tuplestore_putvalues(rsinfo->setResult, rsinfo->setDesc, values, nulls);
	}
	return (Datum) 0;
}

/* comments(game) → TABLE(ply integer, comment text) */
PG_FUNCTION_INFO_V1(game_comments);
Datum
game_comments(PG_FUNCTION_ARGS)
{
	return main_line_events(fcinfo, ANN_EV_COMMENT);
}

/* nags(game) → TABLE(ply integer, nag integer) */
PG_FUNCTION_INFO_V1(game_nags);
Datum
game_nags(PG_FUNCTION_ARGS)
{
	return main_line_events(fcinfo, ANN_EV_NAG);
}
