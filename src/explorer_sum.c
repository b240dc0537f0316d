/*
 * explorer_sum.c — the opening explorer's cells (engine/explorer.h;
 * doc/formats.md) summed by code (explorer_sum()), by code and month, and
 * made into a position's rows by period (explorer_periods()), negated for a
 * deleted game (explorer_negate()), and read back by move with the
 * explorer's filters (explorer_read()).  explorer_cells() writes them:
 * explorer.c.
 */
#include "chess.h"

#include "engine/explorer.h"
#include "engine/movegen.h"
#include "engine/san.h"

#include "common/int.h"
#include "miscadmin.h"
#include "utils/array.h"
#include "utils/builtins.h"
#include "utils/date.h"
#include "utils/datetime.h"

/*
 * A month as explorer_cells() gives it: yyyymm, or 0 when the game's date
 * does not say.
 */
static bool
valid_month(int64 month)
{
	return month == 0 || (month >= 101 && month <= 999912 && month % 100 >= 1 && month % 100 <= 12);
}

/*
 * The cells of an array, checked: one or two dimensions, no NULL, a whole
 * number of cells, codes that a cell can have (with months: and a month in
 * bits CELL_MONTH_SHIFT on, as explorer_sum(cells, month) writes them); else
 * XX001 (the explorer's table holds what explorer_sum() and explorer_cells()
 * write).
 */
#define CELL_MONTH_SHIFT 24

static int64 *
array_cells(ArrayType *a, int *n, bool months)
{
	int			count = ArrayGetNItems(ARR_NDIM(a), ARR_DIMS(a)),
				i;
	int64	   *cells = (int64 *) ARR_DATA_PTR(a);

	if (ARR_ELEMTYPE(a) != INT8OID || ARR_HASNULL(a) ||
		!(ARR_NDIM(a) == 0 || (ARR_NDIM(a) == 1 && count == EXPLORER_WIDTH) ||
		  (ARR_NDIM(a) == 2 && ARR_DIMS(a)[1] == EXPLORER_WIDTH)))
		ereport(ERROR,
				(errcode(ERRCODE_DATA_CORRUPTED),
				 errmsg("explorer cells are damaged"),
				 errdetail("Cells are rows of %d bigint values without NULL, not %d values in %d dimensions.",
						   EXPLORER_WIDTH, count, ARR_NDIM(a))));
	*n = count / EXPLORER_WIDTH;
	for (i = 0; i < *n; i++)
	{
		int64		stored = cells[i * EXPLORER_WIDTH + CELL_CODE],
					code = stored;

		if ((i & 4095) == 4095)
			CHECK_FOR_INTERRUPTS();
		if (months && code >= 0 && valid_month(code >> CELL_MONTH_SHIFT))
			code &= CELL_CODE_MAX;
		if (code < 0 || code > CELL_CODE_MAX || CELL_GROUP(code) > EXPLORER_GROUPS ||
			CELL_SPEED(code) > EXPLORER_SPEEDS)
			ereport(ERROR,
					(errcode(ERRCODE_DATA_CORRUPTED),
					 errmsg("explorer cells are damaged"),
					 errdetail("Cell %d has the code " INT64_FORMAT ", which no cell has.", i + 1, stored)));
	}
	return cells;
}

/*
 * The state of explorer_sum(): the cells met so far, by code; found by a
 * scan while they are 8 or fewer, by a hash after.  Most positions of a
 * rebuild are met once: their states, millions, are a cell each, where a
 * state sized for 8 cells with its hash (650 bytes) sent the rebuild's
 * aggregation to disk.
 */
#define CELLSUM_SCAN 8

typedef struct CellSum
{
	int			n,
				size;			/* a power of two, at least twice n */
	int		   *slot;			/* index into cells, -1 when free; NULL
								 * while size / 2 <= CELLSUM_SCAN */
	int64	   *cells;			/* size / 2 of them */
} CellSum;

static void
cellsum_grow(CellSum *s, int size)
{
	int			i;

	s->cells = repalloc(s->cells, sizeof(int64) * EXPLORER_WIDTH * (size / 2));
	s->size = size;
	if (size / 2 <= CELLSUM_SCAN)
		return;
	s->slot = s->slot ? repalloc(s->slot, sizeof(int) * size) : palloc(sizeof(int) * size);
	memset(s->slot, -1, sizeof(int) * size);
	for (i = 0; i < s->n; i++)
	{
		int64		code = s->cells[i * EXPLORER_WIDTH + CELL_CODE];
		int			h = (int) ((code * 0x9E3779B97F4A7C15ULL) >> 40) & (size - 1);

		while (s->slot[h] >= 0)
			h = (h + 1) & (size - 1);
		s->slot[h] = i;
	}
}

static void
cellsum_add(CellSum *s, const int64 *cell)
{
	int64		code = cell[CELL_CODE];
	int			h = 0,
				i,
				f;
	int64	   *to;

	if (s->slot)
	{
		h = (int) ((code * 0x9E3779B97F4A7C15ULL) >> 40) & (s->size - 1);
		while (s->slot[h] >= 0 && s->cells[s->slot[h] * EXPLORER_WIDTH + CELL_CODE] != code)
			h = (h + 1) & (s->size - 1);
		i = s->slot[h] >= 0 ? s->slot[h] : s->n;
	}
	else
		for (i = 0; i < s->n && s->cells[i * EXPLORER_WIDTH + CELL_CODE] != code; i++)
			;
	if (i == s->n)
	{
		if (2 * (s->n + 1) > s->size)
		{
			cellsum_grow(s, s->size * 2);
			cellsum_add(s, cell);
			return;
		}
		if (s->slot)
			s->slot[h] = s->n;
		memcpy(&s->cells[s->n * EXPLORER_WIDTH], cell, sizeof(int64) * EXPLORER_WIDTH);
		s->n++;
		return;
	}
	to = &s->cells[i * EXPLORER_WIDTH];
	for (f = CELL_GAMES; f < CELL_LAST; f++)
		if (unlikely(pg_add_s64_overflow(to[f], cell[f], &to[f])))
			ereport(ERROR,
					(errcode(ERRCODE_NUMERIC_VALUE_OUT_OF_RANGE),
					 errmsg("explorer counter out of range")));
	to[CELL_LAST] = Max(to[CELL_LAST], cell[CELL_LAST]);
}

/* An empty state, in memory context cx. */
static CellSum *
cellsum_new(MemoryContext cx)
{
	CellSum    *s = MemoryContextAllocZero(cx, sizeof(CellSum));

	s->size = 2;
	s->cells = MemoryContextAlloc(cx, sizeof(int64) * EXPLORER_WIDTH);
	return s;
}

/*
 * Adds n cells to s, allocating in cx; with month (>= 0), each cell's code
 * with the month in its bits CELL_MONTH_SHIFT on.
 */
static void
cellsum_add_all(CellSum *s, const int64 *cells, int n, int64 month, MemoryContext cx)
{
	MemoryContext old = MemoryContextSwitchTo(cx);
	int			i;

	for (i = 0; i < n; i++)
	{
		if ((i & 4095) == 4095)
			CHECK_FOR_INTERRUPTS();
		if (month >= 0)
		{
			int64		cell[EXPLORER_WIDTH];

			memcpy(cell, &cells[i * EXPLORER_WIDTH], sizeof(cell));
			cell[CELL_CODE] |= month << CELL_MONTH_SHIFT;
			cellsum_add(s, cell);
		}
		else
			cellsum_add(s, &cells[i * EXPLORER_WIDTH]);
	}
	MemoryContextSwitchTo(old);
}

/* explorer_sum(bigint[]) transition: adds the cells of an array to the state */
PG_FUNCTION_INFO_V1(explorer_sum_add);
Datum
explorer_sum_add(PG_FUNCTION_ARGS)
{
	MemoryContext agg;
	CellSum    *s;
	int64	   *cells;
	int			n;

	if (!AggCheckCallContext(fcinfo, &agg))
		elog(ERROR, "explorer_sum_add called in non-aggregate context");
	s = PG_ARGISNULL(0) ? cellsum_new(agg) : (CellSum *) PG_GETARG_POINTER(0);
	if (PG_ARGISNULL(1))
		PG_RETURN_POINTER(s);
	cells = array_cells(PG_GETARG_ARRAYTYPE_P(1), &n, false);
	cellsum_add_all(s, cells, n, -1, agg);
	PG_RETURN_POINTER(s);
}

/*
 * explorer_sum(bigint[], integer) transition: adds the cells of an array to
 * the state by code and month (yyyymm, 0 or NULL when unknown; else 22023).
 */
PG_FUNCTION_INFO_V1(explorer_sum_month_add);
Datum
explorer_sum_month_add(PG_FUNCTION_ARGS)
{
	MemoryContext agg;
	CellSum    *s;
	int64	   *cells;
	int			n;
	int32		month = PG_ARGISNULL(2) ? 0 : PG_GETARG_INT32(2);

	if (!AggCheckCallContext(fcinfo, &agg))
		elog(ERROR, "explorer_sum_month_add called in non-aggregate context");
	if (!valid_month(month))
		ereport(ERROR,
				(errcode(ERRCODE_INVALID_PARAMETER_VALUE),
				 errmsg("invalid month for explorer_sum(): %d", month),
				 errdetail("A month is yyyymm (a year from 1 to 9999, a month from 1 to 12), or 0 when it is unknown.")));
	s = PG_ARGISNULL(0) ? cellsum_new(agg) : (CellSum *) PG_GETARG_POINTER(0);
	if (PG_ARGISNULL(1))
		PG_RETURN_POINTER(s);
	cells = array_cells(PG_GETARG_ARRAYTYPE_P(1), &n, false);
	cellsum_add_all(s, cells, n, month, agg);
	PG_RETURN_POINTER(s);
}

static int
cell_code_cmp(const void *a, const void *b)
{
	int64		x = *(const int64 *) a,
				y = *(const int64 *) b;

	return (x > y) - (x < y);
}

/*
 * The cells of s as an array: in the order of their codes, those whose
 * counters are all zero left out (a deleted game's cells subtract; an
 * update's can leave a cell that counts no game and changes results, to be
 * summed with the explorer's); an empty array when none is left.  s stays
 * as it is (an aggregate over a window reads it again).
 */
static ArrayType *
cellsum_array(const CellSum *s)
{
	Datum	   *elems;
	int			dims[2],
				lbs[2] = {1, 1},
				kept = 0,
				i,
				f;
	int64	   *sorted;

	if (s == NULL || s->n == 0)
		return construct_empty_array(INT8OID);
	sorted = palloc(sizeof(int64) * EXPLORER_WIDTH * s->n);
	memcpy(sorted, s->cells, sizeof(int64) * EXPLORER_WIDTH * s->n);
	qsort(sorted, s->n, sizeof(int64) * EXPLORER_WIDTH, cell_code_cmp);
	elems = palloc(sizeof(Datum) * EXPLORER_WIDTH * s->n);
	for (i = 0; i < s->n; i++)
	{
		const int64 *c = &sorted[i * EXPLORER_WIDTH];
		bool		zero = true;

		for (f = CELL_GAMES; f < CELL_LAST; f++)
			zero &= c[f] == 0;
		if (zero)
			continue;
		for (f = 0; f < EXPLORER_WIDTH; f++)
			elems[kept * EXPLORER_WIDTH + f] = Int64GetDatum(c[f]);
		kept++;
	}
	pfree(sorted);
	if (kept == 0)
		return construct_empty_array(INT8OID);
	dims[0] = kept;
	dims[1] = EXPLORER_WIDTH;
	return construct_md_array(elems, NULL, 2, dims, lbs, INT8OID,
							  sizeof(int64), FLOAT8PASSBYVAL, TYPALIGN_DOUBLE);
}

/*
 * explorer_sum(bigint[]) final: the summed cells in the order of their
 * codes; explorer_sum(bigint[], integer) final: the same by code and month,
 * each month in its cells' codes (for explorer_periods()).
 */
PG_FUNCTION_INFO_V1(explorer_sum_final);
Datum
explorer_sum_final(PG_FUNCTION_ARGS)
{
	PG_RETURN_ARRAYTYPE_P(cellsum_array(PG_ARGISNULL(0) ? NULL : (CellSum *) PG_GETARG_POINTER(0)));
}

/* s emptied, its memory kept */
static void
cellsum_clear(CellSum *s)
{
	s->n = 0;
	if (s->slot)
		memset(s->slot, -1, sizeof(int) * s->size);
}

/* explorer_periods()'s row of a period, the cells of s; s emptied for the next */
static void
period_row(ReturnSetInfo *rsinfo, int32 period, CellSum *s)
{
	Datum		values[2] = {Int32GetDatum(period), PointerGetDatum(cellsum_array(s))};
	bool		nulls[2] = {false, false};

	tuplestore_putvalues(rsinfo->setResult, rsinfo->setDesc, values, nulls);
	cellsum_clear(s);
}

/*
 * explorer_periods(cells bigint[], dated boolean) → TABLE(period integer,
 * cells bigint[]): the rows of a position in the explorer from its cells by
 * code and month (explorer_sum(cell, month)): period 0, every game's cells;
 * when dated, a row for each month (yyyymm) and each year (-yyyy) with cells,
 * the games whose month is unknown in period 0 alone.  One pass over the
 * games gives so what a pass for period 0 and one for the months gave.
 */
PG_FUNCTION_INFO_V1(explorer_periods);
Datum
explorer_periods(PG_FUNCTION_ARGS)
{
	ArrayType  *a = PG_GETARG_ARRAYTYPE_P(0);
	bool		dated = PG_GETARG_BOOL(1);
	ReturnSetInfo *rsinfo = chess_materialize(fcinfo);
	int			n,
				i;
	int64	   *cells = array_cells(a, &n, true),
			   *sorted;
	CellSum    *all = cellsum_new(CurrentMemoryContext),
			   *month = cellsum_new(CurrentMemoryContext),
			   *year = cellsum_new(CurrentMemoryContext);

	/* by month, then code: each month's cells and each year's months in a run */
	sorted = palloc(sizeof(int64) * EXPLORER_WIDTH * Max(n, 1));
	memcpy(sorted, cells, sizeof(int64) * EXPLORER_WIDTH * n);
	qsort(sorted, n, sizeof(int64) * EXPLORER_WIDTH, cell_code_cmp);
	for (i = 0; i < n; i++)
	{
		int64	   *c = &sorted[i * EXPLORER_WIDTH];
		int64		m = c[CELL_CODE] >> CELL_MONTH_SHIFT,
					next;

		if ((i & 4095) == 4095)
			CHECK_FOR_INTERRUPTS();
		c[CELL_CODE] &= CELL_CODE_MAX;
		cellsum_add(all, c);
		if (!dated || m == 0)
			continue;
		cellsum_add(month, c);
		cellsum_add(year, c);
		/* the month's last cell; the year's (next: the next cell's month, -1 after the last) */
		next = i + 1 < n ? sorted[(i + 1) * EXPLORER_WIDTH + CELL_CODE] >> CELL_MONTH_SHIFT : -1;
		if (next != m)
			period_row(rsinfo, (int32) m, month);
		if (next / 100 != m / 100)
			period_row(rsinfo, (int32) -(m / 100), year);
	}
	period_row(rsinfo, 0, all);
	return (Datum) 0;
}

/*
 * explorer_negate(bigint[]) → bigint[]: the cells with their counters
 * negated (codes and dates kept): what a deleted game takes away.
 */
PG_FUNCTION_INFO_V1(explorer_negate);
Datum
explorer_negate(PG_FUNCTION_ARGS)
{
	ArrayType  *a = PG_GETARG_ARRAYTYPE_P_COPY(0);
	int			n,
				i,
				f;
	int64	   *cells = array_cells(a, &n, false);

	for (i = 0; i < n; i++)
		for (f = CELL_GAMES; f < CELL_LAST; f++)
			if (unlikely(pg_sub_s64_overflow(0, cells[i * EXPLORER_WIDTH + f], &cells[i * EXPLORER_WIDTH + f])))
				ereport(ERROR,
						(errcode(ERRCODE_NUMERIC_VALUE_OUT_OF_RANGE),
						 errmsg("explorer counter out of range")));
	PG_RETURN_ARRAYTYPE_P(a);
}

/* *to += by, false when the sum overflows */
static inline bool
add_counter(int64 *to, int64 by)
{
	return !pg_add_s64_overflow(*to, by, to);
}

/* A move's statistics, its cells summed as explorer_read()'s filters let them. */
typedef struct MoveStats
{
	Move		move;
	int64		games,
				results[3],		/* white, draws, black */
				rated,			/* games whose mover's rating is known */
				rating_sum,
				opponents,		/* games with a result whose opponent's rating is known */
				opponent_sum,
				half_points,	/* the mover's, in those games */
				last;
} MoveStats;

static int
move_stats_cmp(const void *a, const void *b)
{
	const MoveStats *x = a,
			   *y = b;

	if (x->games != y->games)
		return x->games > y->games ? -1 : 1;
	return (x->move > y->move) - (x->move < y->move);
}

/* the speeds filter as a mask of speed numbers */
static int
speeds_mask(ArrayType *a)
{
	Datum	   *names;
	bool	   *nulls;
	int			n,
				i,
				mask = 0;

	deconstruct_array(a, TEXTOID, -1, false, TYPALIGN_INT, &names, &nulls, &n);
	if (n == 0)
		ereport(ERROR,
				(errcode(ERRCODE_INVALID_PARAMETER_VALUE),
				 errmsg("the explorer's speeds filter names no speed"),
				 errhint("Leave it NULL for every speed.")));
	for (i = 0; i < n; i++)
	{
		text	   *t;
		int			speed;

		if (nulls[i])
			ereport(ERROR,
					(errcode(ERRCODE_INVALID_PARAMETER_VALUE),
					 errmsg("the explorer's speeds filter has a NULL")));
		t = DatumGetTextPP(names[i]);
		speed = explorer_speed(VARDATA_ANY(t), VARSIZE_ANY_EXHDR(t));
		if (speed == 0)
			ereport(ERROR,
					(errcode(ERRCODE_INVALID_PARAMETER_VALUE),
					 errmsg("unknown speed \"%s\" in the explorer's speeds filter",
							chess_quote(VARDATA_ANY(t), VARSIZE_ANY_EXHDR(t))),
					 errdetail("The speeds are lichess's: ultraBullet, bullet, blitz, rapid, classical, correspondence.")));
		mask |= 1 << speed;
	}
	return mask;
}

/* the index of a rating among the groups' lower bounds, raising 22023 when it is none */
static int
group_of_bound(int rating, const char *filter)
{
	int			g;

	for (g = 0; g < EXPLORER_GROUPS; g++)
		if (explorer_group_bounds[g] == rating)
			return g + 1;
	ereport(ERROR,
			(errcode(ERRCODE_INVALID_PARAMETER_VALUE),
			 errmsg("the explorer's %s filter %d is not the lower bound of a rating group", filter, rating),
			 errdetail("The groups are lichess's, from 0, 1000, 1200, 1400, 1600, 1800, 2000, 2200, 2500, 2800 and 3200.")));
	return 0;					/* not reached */
}

/*
 * explorer_read(p position, cells bigint[], speeds text[], min_rating
 * integer, max_rating integer) → TABLE(move move, games integer, white
 * integer, draws integer, black integer, san text, average_rating integer,
 * performance integer, last_played date): the moves of the cells (each
 * legal in p, else XX001) with their statistics, the cells of other speeds
 * and rating groups left out: speeds (lichess's names; NULL for all), the
 * groups of the player to move from min_rating's to max_rating's (lower
 * bounds of lichess's groups; NULL for no bound; with either, games without
 * the mover's rating are left out).  Most played first.
 */
PG_FUNCTION_INFO_V1(explorer_read);
Datum
explorer_read(PG_FUNCTION_ARGS)
{
	ReturnSetInfo *rsinfo;
	Position	pos;
	Color		mover;
	int			speeds = PG_ARGISNULL(2) ? -1 : speeds_mask(PG_GETARG_ARRAYTYPE_P(2)),
				groups = -1,
				n = 0,
				count,
				i,
				j;
	int64	   *cells;
	MoveStats  *moves;
	Move		legal[MAX_MOVES];
	int			nlegal;

	if (!PG_ARGISNULL(3) || !PG_ARGISNULL(4))
	{
		int			lo = PG_ARGISNULL(3) ? 1 : group_of_bound(PG_GETARG_INT32(3), "min_rating"),
					hi = PG_ARGISNULL(4) ? EXPLORER_GROUPS : group_of_bound(PG_GETARG_INT32(4), "max_rating");

		if (lo > hi)
			ereport(ERROR,
					(errcode(ERRCODE_INVALID_PARAMETER_VALUE),
					 errmsg("the explorer's rating band is inverted: min_rating %d is above max_rating %d",
							PG_GETARG_INT32(3), PG_GETARG_INT32(4))));
		groups = ((1 << (hi + 1)) - 1) & ~((1 << lo) - 1);
	}
	rsinfo = chess_materialize(fcinfo);
	if (PG_ARGISNULL(0) || PG_ARGISNULL(1))
		return (Datum) 0;
	cells = array_cells(PG_GETARG_ARRAYTYPE_P(1), &count, false);
	position_from_datum(PG_GETARG_POSITION_P(0), &pos);
	mover = (Color) pos.side;
	nlegal = gen_legal(&pos, legal);
	moves = palloc0(sizeof(MoveStats) * Max(nlegal, 1));
	for (i = 0; i < count; i++)
	{
		const int64 *c = &cells[i * EXPLORER_WIDTH];
		int64		code = c[CELL_CODE];
		MoveStats  *m = NULL;
		int64		decided;
		bool		ok;

		if ((i & 4095) == 4095)
			CHECK_FOR_INTERRUPTS();
		if (!(speeds & (1 << CELL_SPEED(code))) || !(groups & (1 << CELL_GROUP(code))))
			continue;
		for (j = 0; j < n; j++)
			if (moves[j].move == CELL_MOVE(code))
				m = &moves[j];
		if (m == NULL)
		{
			for (j = 0; j < nlegal && legal[j] != CELL_MOVE(code); j++)
				;
			if (j == nlegal)
				ereport(ERROR,
						(errcode(ERRCODE_DATA_CORRUPTED),
						 errmsg("explorer cells are damaged"),
						 errdetail("Cell %d holds a move that is not legal in the position.", i + 1)));
			m = &moves[n++];
			m->move = CELL_MOVE(code);
		}
		decided = 0;
		ok = add_counter(&m->games, c[CELL_GAMES]) &&
			add_counter(&m->results[0], c[CELL_WHITE]) && add_counter(&m->results[1], c[CELL_DRAWS]) &&
			add_counter(&m->results[2], c[CELL_BLACK]) && add_counter(&decided, c[CELL_WHITE]) &&
			add_counter(&decided, c[CELL_DRAWS]) && add_counter(&decided, c[CELL_BLACK]);
		if (ok && CELL_GROUP(code) != 0)
			ok = add_counter(&m->rated, c[CELL_GAMES]) && add_counter(&m->rating_sum, c[CELL_RATING_SUM]);
		if (ok && CELL_OPPONENT_RATED(code))
			ok = add_counter(&m->opponents, decided) && add_counter(&m->opponent_sum, c[CELL_OPPONENT_SUM]) &&
				add_counter(&m->half_points, c[mover == WHITE ? CELL_WHITE : CELL_BLACK]) &&
				add_counter(&m->half_points, c[mover == WHITE ? CELL_WHITE : CELL_BLACK]) &&
				add_counter(&m->half_points, c[CELL_DRAWS]);
		if (!ok)
			ereport(ERROR,
					(errcode(ERRCODE_NUMERIC_VALUE_OUT_OF_RANGE),
					 errmsg("explorer counter out of range")));
		m->last = Max(m->last, c[CELL_LAST]);
	}
	qsort(moves, n, sizeof(MoveStats), move_stats_cmp);
	for (i = 0; i < n; i++)
	{
		MoveStats  *m = &moves[i];
		Datum		values[9];
		bool		nulls[9] = {false};
		char		san[SAN_MAX_LENGTH];

		if (m->games <= 0 || m->games > PG_INT32_MAX ||
			m->results[0] < 0 || m->results[1] < 0 || m->results[2] < 0 ||
			m->results[0] > m->games || m->results[1] > m->games || m->results[2] > m->games ||
			m->results[0] + m->results[1] + m->results[2] > m->games ||
			m->rated < 0 || m->rating_sum < 0 || m->opponents < 0 || m->opponent_sum < 0 ||
			m->half_points < 0 || m->half_points > 2 * m->opponents)
			ereport(ERROR,
					(errcode(ERRCODE_DATA_CORRUPTED),
					 errmsg("explorer cells are damaged"),
					 errdetail("The move %d of the cells counts " INT64_FORMAT " games.", i + 1, m->games)));
		san_write(&pos, m->move, san);
		values[0] = MoveGetDatum(m->move);
		values[1] = Int32GetDatum((int32) m->games);
		values[2] = Int32GetDatum((int32) m->results[0]);
		values[3] = Int32GetDatum((int32) m->results[1]);
		values[4] = Int32GetDatum((int32) m->results[2]);
		values[5] = CStringGetTextDatum(san);
		nulls[6] = m->rated <= 0;
		if (!nulls[6])
			values[6] = Int32GetDatum((int32) ((m->rating_sum + m->rated / 2) / m->rated));
		nulls[7] = m->opponents <= 0;
		if (!nulls[7])
			values[7] = Int32GetDatum(explorer_performance(m->half_points, m->opponents,
														   (int) ((m->opponent_sum + m->opponents / 2) / m->opponents)));
		nulls[8] = m->last <= 0;
		if (!nulls[8] && !explorer_valid_day(m->last))
			ereport(ERROR,
					(errcode(ERRCODE_DATA_CORRUPTED),
					 errmsg("explorer cells are damaged"),
					 errdetail("The move %d of the cells was last played on " INT64_FORMAT ", which is no date.",
							   i + 1, m->last)));
		if (!nulls[8])
			values[8] = DateADTGetDatum(date2j((int) (m->last / 10000), (int) (m->last / 100 % 100),
											   (int) (m->last % 100)) - POSTGRES_EPOCH_JDATE);
		tuplestore_putvalues(rsinfo->setResult, rsinfo->setDesc, values, nulls);
	}
	return (Datum) 0;
}
