/*
 * explorer.c — what an opening explorer aggregates, read from a game in one
 * pass: position_moves(game) and explorer_cells(game, tags, result), and
 * the filter of keys that lets a rebuild keep the positions two games reach
 * (explorer_key_filter()).  The cells summed and read back:
 * explorer_sum.c.
 */
#include "chess.h"

#include "engine/analysis.h"
#include "engine/explorer.h"
#include "engine/polyglot.h"

#ifndef WIN32
#include <sys/mman.h>
#endif

#include "miscadmin.h"
#include "utils/array.h"
#include "utils/builtins.h"

/*
 * Reads up to KEYS_AHEAD plies of r, from the position whose Polyglot key
 * is *key (left at the key of the position reached): each ply's key, its
 * position and the move played from it.  The key filter's block of each
 * key (bits NULL: no filter), a cache line anywhere in up to 256 MB, is
 * fetched meanwhile, ahead of its test or mark: one cache miss after
 * another took a third of the filter's pass.  Returns the plies read.
 */
#define KEYS_AHEAD 32

static int
read_ahead(GameReader *r, uint64 *key, uint64 *keys, Position *before, Move *moves,
		   const uint8 *bits, size_t bytes)
{
	int			n;

	for (n = 0; n < KEYS_AHEAD && r->ply < r->plies; n++)
	{
		before[n] = r->pos;
		keys[n] = *key;
		if (bits)
			__builtin_prefetch(key_filter_block((uint8 *) bits, bytes, *key));
		moves[n] = chess_game_next(r);
		*key = polyglot_key_update(*key, &before[n], &r->pos);
	}
	return n;
}

/* One (position, move) a game plays, its position packed without clocks. */
typedef struct Played
{
	uint64		key;
	Move		move;
	Color		mover;
	ChessPosition packed;
} Played;

static bool
played_same(const Played *a, const Played *b)
{
	return a->key == b->key && a->move == b->move &&
		memcmp(a->packed.bytes, b->packed.bytes, PACKED_POSITION_SIZE) == 0;
}

/*
 * The (position, move) pairs a game plays, each once however often the
 * game plays it there, the positions' clocks cleared (halfmove 0, fullmove
 * 1: as without_clocks() gives them), with their Polyglot keys; their
 * number.  Repeated pairs are found by a hash of the keys, sized to the
 * game.  With a filter (explorer_key_filter()), only the positions whose
 * keys it has.
 */
static int
game_played(struct varlena *g, Played **out, const bytea *filter)
{
	GameReader	r;
	Played	   *played;
	int		   *slot;
	int			nslots = 64,
				n = 0;
	size_t		filter_bytes = filter ? VARSIZE(filter) - VARHDRSZ : 0;
	uint64		key;

	chess_game_reader(&r, g);
	key = polyglot_key(&r.pos);
	while (nslots < 2 * r.plies)
		nslots *= 2;
	played = palloc(sizeof(Played) * Max(r.plies, 1));
	slot = palloc(sizeof(int) * nslots);
	memset(slot, -1, sizeof(int) * nslots);
	while (r.ply < r.plies)
	{
		Position	before[KEYS_AHEAD];
		uint64		keys[KEYS_AHEAD];
		Move		moves[KEYS_AHEAD];
		int			ahead,
					i;

		CHECK_FOR_INTERRUPTS();
		ahead = read_ahead(&r, &key, keys, before, moves,
						   filter ? (const uint8 *) VARDATA(filter) : NULL, filter_bytes);
		for (i = 0; i < ahead; i++)
		{
			Played	   *p = &played[n];
			int			h;

			if (filter && !key_filter_has((const uint8 *) VARDATA(filter), filter_bytes, keys[i]))
				continue;
			p->key = keys[i];
			p->move = moves[i];
			p->mover = (Color) before[i].side;
			before[i].halfmove = 0;
			before[i].fullmove = 1;
			position_pack(&before[i], p->packed.bytes);
			for (h = (int) ((p->key ^ (p->key >> 29) ^ p->move) & (uint64) (nslots - 1));
				 slot[h] >= 0 && !played_same(&played[slot[h]], p);
				 h = (h + 1) & (nslots - 1))
				;
			if (slot[h] >= 0)
				continue;		/* played here before */
			slot[h] = n++;
		}
	}
	pfree(slot);
	*out = played;
	return n;
}

/*
 * position_moves(game) → TABLE(key bigint, position position, move move):
 * each position a game plays a move from, with that move, once per game
 * however often the game plays it there, the position's clocks cleared
 * (halfmove 0, fullmove 1: as without_clocks() gives it) and its Polyglot
 * key: what an opening explorer counts, without a position value to read
 * back for each key (the recipe's explorer was built from positions(),
 * polyglot_key() and without_clocks(), which read every position again).
 */
PG_FUNCTION_INFO_V1(game_position_moves);
Datum
game_position_moves(PG_FUNCTION_ARGS)
{
	struct varlena *g = PG_GETARG_GAME_P(0);
	ReturnSetInfo *rsinfo = chess_materialize(fcinfo);
	Played	   *played;
	int			n = game_played(g, &played, NULL),
				i;

	for (i = 0; i < n; i++)
	{
		Datum		values[3];
		bool		nulls[3] = {false, false, false};

		values[0] = Int64GetDatum((int64) played[i].key);
		values[1] = PositionPGetDatum(&played[i].packed);
		values[2] = MoveGetDatum(played[i].move);
		tuplestore_putvalues(rsinfo->setResult, rsinfo->setDesc, values, nulls);
	}
	pfree(played);
	return (Datum) 0;
}

/*
 * explorer_key_filter(g game, keys bigint) → bytea: a filter of the keys of
 * the positions that the games play a move from twice or more (in two
 * games, or twice in one); explorer_key_filter(key bigint, keys bigint):
 * of the keys given (engine/explorer.h).  keys, the number of keys expected
 * (the first row's), sizes it at 2 bytes a key, within a quarter of
 * maintenance_work_mem and 256 MB (the value is copied two to four times
 * on its way to a query that uses it, explorer_cells() making one of the
 * copies: key_filter_stable_arg()); past that it lets more keys
 * through (engine/explorer.h).  For
 * explorer_rebuild(), whose passes replayed every game into rows of every
 * position to keep those that two games reach: explorer_cells(g, tags,
 * result, filter) writes the rows of the positions the filter has alone.
 */
typedef struct KeyFilter
{
	bytea	   *value;
	size_t		bytes;
} KeyFilter;

/*
 * Asks the kernel to back [p, p + bytes), just allocated, by huge pages
 * where it can (the 2-MB pages inside it), before they are first touched: a
 * filter's blocks are read at random over up to 256 MB, and with 4-kB pages
 * nearly every read missed the TLB too.  Only from 64 MB: an allocation
 * that large has pages of its own (glibc maps anything over 32 MB apart and
 * unmaps it when freed), where a smaller one may be in the heap, touched
 * already, and would leave the heap's later allocations on huge pages.
 */
static void
huge_pages(void *p, size_t bytes)
{
#ifdef MADV_HUGEPAGE
	uintptr_t	huge = (uintptr_t) 2 << 20,
				from = ((uintptr_t) p + huge - 1) & ~(huge - 1),
				to = ((uintptr_t) p + bytes) & ~(huge - 1);

	if (bytes >= ((size_t) 64 << 20) && to > from)
		(void) madvise((void *) from, to - from, MADV_HUGEPAGE);
#endif
}

static KeyFilter *
key_filter_state(FunctionCallInfo fcinfo)
{
	MemoryContext agg;
	KeyFilter  *f;
	int64		keys;
	size_t		cap = Min((size_t) maintenance_work_mem * 1024 / 4, (size_t) 256 << 20);

	if (!AggCheckCallContext(fcinfo, &agg))
		elog(ERROR, "explorer_key_filter called in non-aggregate context");
	if (!PG_ARGISNULL(0))
		return (KeyFilter *) PG_GETARG_POINTER(0);
	keys = PG_ARGISNULL(2) ? 0 : PG_GETARG_INT64(2);
	f = MemoryContextAlloc(agg, sizeof(KeyFilter));
	f->bytes = KEY_FILTER_BLOCK;
	/* 2 bytes a key */
	while (f->bytes * 2 <= cap && (int64) f->bytes / 2 < keys)
		f->bytes *= 2;
	f->value = MemoryContextAlloc(agg, VARHDRSZ + f->bytes);
	huge_pages(f->value, VARHDRSZ + f->bytes);
	memset(f->value, 0, VARHDRSZ + f->bytes);
	SET_VARSIZE(f->value, VARHDRSZ + f->bytes);
	return f;
}

PG_FUNCTION_INFO_V1(explorer_key_filter_game);
Datum
explorer_key_filter_game(PG_FUNCTION_ARGS)
{
	KeyFilter  *f = key_filter_state(fcinfo);
	uint8	   *bits = (uint8 *) VARDATA(f->value);
	GameReader	r;
	uint64		key;

	if (PG_ARGISNULL(1))
		PG_RETURN_POINTER(f);
	chess_game_reader(&r, PG_GETARG_GAME_P(1));
	key = polyglot_key(&r.pos);
	while (r.ply < r.plies)
	{
		uint64		keys[KEYS_AHEAD];
		Position	before[KEYS_AHEAD];
		Move		moves[KEYS_AHEAD];
		int			n,
					i;

		CHECK_FOR_INTERRUPTS();
		n = read_ahead(&r, &key, keys, before, moves, bits, f->bytes);
		for (i = 0; i < n; i++)
			key_filter_see(bits, f->bytes, keys[i]);
	}
	PG_RETURN_POINTER(f);
}

PG_FUNCTION_INFO_V1(explorer_key_filter_key);
Datum
explorer_key_filter_key(PG_FUNCTION_ARGS)
{
	KeyFilter  *f = key_filter_state(fcinfo);

	if (!PG_ARGISNULL(1))
		key_filter_want((uint8 *) VARDATA(f->value), f->bytes, (uint64) PG_GETARG_INT64(1));
	PG_RETURN_POINTER(f);
}

PG_FUNCTION_INFO_V1(explorer_key_filter_final);
Datum
explorer_key_filter_final(PG_FUNCTION_ARGS)
{
	if (PG_ARGISNULL(0))
		PG_RETURN_NULL();
	PG_RETURN_BYTEA_P(((KeyFilter *) PG_GETARG_POINTER(0))->value);
}

/* a filter argument, its size checked: 64 bytes times a power of two */
static const bytea *
key_filter_arg(FunctionCallInfo fcinfo, int arg)
{
	bytea	   *f = PG_GETARG_BYTEA_P(arg);
	size_t		bytes = VARSIZE(f) - VARHDRSZ;

	if (bytes < KEY_FILTER_BLOCK || (bytes & (bytes - 1)) != 0)
		ereport(ERROR,
				(errcode(ERRCODE_INVALID_PARAMETER_VALUE),
				 errmsg("not a key filter: %zu bytes", bytes),
				 errdetail("A filter of explorer_key_filter() is 64 bytes times a power of two.")));
	return f;
}

/*
 * A filter argument that is the same on every call of the query (a
 * constant, or a parameter as explorer_rebuild() passes it): copied once,
 * at its first call, onto huge pages (the caller's copy, for a filter made
 * by a query, is on small ones), and the copy read by every call after.
 */
typedef struct FilterCopy
{
	Datum		arg;
	bytea	   *copy;
} FilterCopy;

static const bytea *
key_filter_stable_arg(FunctionCallInfo fcinfo, int arg)
{
	FmgrInfo   *flinfo = fcinfo->flinfo;
	FilterCopy *c = (FilterCopy *) flinfo->fn_extra;
	const bytea *f;

	if (!get_fn_expr_arg_stable(flinfo, arg))
		return key_filter_arg(fcinfo, arg);
	if (c != NULL && c->arg == PG_GETARG_DATUM(arg))
		return c->copy;
	f = key_filter_arg(fcinfo, arg);
	if (c == NULL)
		flinfo->fn_extra = c = MemoryContextAllocZero(flinfo->fn_mcxt, sizeof(FilterCopy));
	else
		pfree(c->copy);
	c->arg = PG_GETARG_DATUM(arg);
	c->copy = MemoryContextAlloc(flinfo->fn_mcxt, VARSIZE(f));
	huge_pages(c->copy, VARSIZE(f));
	memcpy(c->copy, f, VARSIZE(f));
	return c->copy;
}

/*
 * explorer_cells(g game, tags jsonb, result text) → TABLE(key bigint,
 * position position, month integer, cell bigint[]): position_moves(g) with
 * what the game adds to the explorer's statistics of each move, as a cell
 * (engine/explorer.h; doc/formats.md): the game's result, the mover's
 * rating group (from WhiteElo or BlackElo), its speed (TimeControl) and
 * date (Date), and the month it was played (yyyymm; 0 when the Date tag
 * does not give it).
 */
PG_FUNCTION_INFO_V1(game_explorer_cells);
Datum
game_explorer_cells(PG_FUNCTION_ARGS)
{
	struct varlena *g = PG_GETARG_GAME_P(0);
	Jsonb	   *tags = PG_GETARG_JSONB_P(1);
	text	   *result = PG_GETARG_TEXT_PP(2);
	ReturnSetInfo *rsinfo = chess_materialize(fcinfo);
	const char *s;
	size_t		len;
	int			ratings[2],
				speed = 0,
				month,
				day,
				outcome = -1;
	Played	   *played;
	int			n,
				i;

	s = chess_tag_text(tags, "WhiteElo", &len);
	ratings[WHITE] = explorer_rating(s, len);
	s = chess_tag_text(tags, "BlackElo", &len);
	ratings[BLACK] = explorer_rating(s, len);
	s = chess_tag_text(tags, "TimeControl", &len);
	if (s)
	{
		TimeControl tc;

		if (time_control_parse(s, len, &tc) && tc.kind != TC_UNKNOWN)
			speed = explorer_speed(tc.speed, strlen(tc.speed));
	}
	s = chess_tag_text(tags, "Date", &len);
	day = s ? explorer_date(s, len, &month) : (month = 0);
	s = VARDATA_ANY(result);
	len = VARSIZE_ANY_EXHDR(result);
	if (len == 3 && memcmp(s, "1-0", 3) == 0)
		outcome = CELL_WHITE;
	else if (len == 3 && memcmp(s, "0-1", 3) == 0)
		outcome = CELL_BLACK;
	else if (len == 7 && memcmp(s, "1/2-1/2", 7) == 0)
		outcome = CELL_DRAWS;

	n = game_played(g, &played, PG_NARGS() > 3 ? key_filter_stable_arg(fcinfo, 3) : NULL);
	for (i = 0; i < n; i++)
	{
		Datum		values[4];
		bool		nulls[4] = {false, false, false, false};
		Datum		cell[EXPLORER_WIDTH];
		int			dims[2] = {1, EXPLORER_WIDTH},
					lbs[2] = {1, 1},
					mine = ratings[played[i].mover],
					theirs = ratings[played[i].mover ^ 1],
					f;

		cell[CELL_CODE] = Int64GetDatum(CELL_CODE(played[i].move, explorer_group(mine), speed, theirs > 0));
		for (f = CELL_GAMES; f < EXPLORER_WIDTH; f++)
			cell[f] = Int64GetDatum(0);
		cell[CELL_GAMES] = Int64GetDatum(1);
		if (outcome >= 0)
			cell[outcome] = Int64GetDatum(1);
		cell[CELL_RATING_SUM] = Int64GetDatum(mine);
		/* the opponents of the games with a result: the performance's */
		cell[CELL_OPPONENT_SUM] = Int64GetDatum(outcome >= 0 ? theirs : 0);
		cell[CELL_LAST] = Int64GetDatum(day);
		values[0] = Int64GetDatum((int64) played[i].key);
		values[1] = PositionPGetDatum(&played[i].packed);
		values[2] = Int32GetDatum(month);
		values[3] = PointerGetDatum(construct_md_array(cell, NULL, 2, dims, lbs, INT8OID,
													   sizeof(int64), FLOAT8PASSBYVAL, TYPALIGN_DOUBLE));
		tuplestore_putvalues(rsinfo->setResult, rsinfo->setDesc, values, nulls);
	}
	return (Datum) 0;
}
