/*
 * search.c — searching positions and games: the operators @> of a game
 * with a position, a pattern or a balance, of a position with a pattern or
 * a balance, and the planner's estimates of the three on a game.  The GIN operator
 * classes that serve them are gin_position.c, gin_game.c and
 * gin_pattern.c.
 */
#include "chess.h"

#include "engine/game.h"
#include "engine/outcome.h"
#include "engine/search.h"

#include "access/htup_details.h"
#include "catalog/pg_statistic.h"
#include "miscadmin.h"
#include "utils/lsyscache.h"
#include "utils/memutils.h"
#include "utils/selfuncs.h"

/*
 * What a test says of a position of a game: found, go on, or stop (no later
 * position can be found).
 */
typedef enum
{
	TEST_FOUND,
	TEST_NEXT,
	TEST_STOP
} TestResult;

/*
 * The positions of a game, one by one, until test() finds one or stops;
 * whether one was found, looking no further than ply max_ply.  With a memo,
 * a game read from where it parts from the last one (test() is a function
 * of the position).  A test of the material alone (material_only) is not
 * put after a move that reset no halfmove clock: neither a capture nor a
 * pawn's move, the material is the last position's.  Interrupts are polled
 * every 4,096 plies.
 */
static bool
game_some_position(struct varlena *g, TestResult (*test) (const Position *pos, const void *arg),
				   const void *arg, GameMemo *memo, int max_ply, bool material_only)
{
	GameReader	r;

	chess_game_reader(&r, g);
	if (memo)
	{
		TestResult	t = game_memo_resume(memo, &r, TEST_NEXT);

		if (t != TEST_NEXT)
			return t == TEST_FOUND;
	}
	for (;;)
	{
		TestResult	t = material_only && r.ply > 0 && r.pos.halfmove != 0 ? TEST_NEXT : test(&r.pos, arg);

		if (memo)
			game_memo_record(memo, &r, t);
		if (t != TEST_NEXT)
			return t == TEST_FOUND;
		if (r.ply == r.plies || r.ply == max_ply)
			return false;
		if ((r.ply & 4095) == 4095)
			CHECK_FOR_INTERRUPTS();
		chess_game_next(&r);
	}
}

/* the position, or stop when the game can no longer reach it */
static TestResult
test_same_position(const Position *pos, const void *arg)
{
	const Position *target = (const Position *) arg;

	if (position_same_for_repetition(pos, target))
		return TEST_FOUND;
	return position_unreachable(pos, target) ? TEST_STOP : TEST_NEXT;
}

/* the pattern, or stop when no later position can match it */
typedef struct PatternTest
{
	Pattern		pattern;
	PatternReach reach;
} PatternTest;

static TestResult
test_pattern(const Position *pos, const void *arg)
{
	const PatternTest *t = (const PatternTest *) arg;

	if (pattern_matches(&t->pattern, pos))
		return TEST_FOUND;
	return pattern_unreachable(&t->reach, pos) ? TEST_STOP : TEST_NEXT;
}

/* the balance, or stop when no later position can have it */
static TestResult
test_material(const Position *pos, const void *arg)
{
	switch (material_query_verdict((const MaterialQuery *) arg, pos))
	{
		case MATERIAL_MATCH:
			return TEST_FOUND;
		case MATERIAL_NEVER:
			return TEST_STOP;
		default:
			return TEST_NEXT;
	}
}

/*
 * The right-hand argument of a game operator, unpacked once for all the rows
 * of a scan: kept in fn_extra with the packed bytes it came from, unpacked
 * again only when they change (a join, a parameter).  Unpacking a position
 * for every row was a quarter of a sequential scan's time.
 */
#define ARGUMENT_BYTES_MAX PACKED_PATTERN_SIZE
StaticAssertDecl(PACKED_POSITION_SIZE <= ARGUMENT_BYTES_MAX, "position fits");
StaticAssertDecl(PACKED_MATERIAL_SIZE <= ARGUMENT_BYTES_MAX, "balance fits");

typedef struct UnpackedArgument
{
	size_t		len;			/* of bytes; 0 until an unpack succeeds */
	uint8		bytes[ARGUMENT_BYTES_MAX];	/* the packed value */
	GameMemo   *memo;			/* the games read with it, or NULL */
	/* the unpacked value follows at UNPACKED_OFFSET */
} UnpackedArgument;

#define UNPACKED_OFFSET MAXALIGN(sizeof(UnpackedArgument))

static const void *
unpacked_argument(FunctionCallInfo fcinfo, const uint8 *bytes, size_t len, size_t size,
				  void (*unpack) (const uint8 *bytes, void *out))
{
	UnpackedArgument *c = fcinfo->flinfo->fn_extra;

	Assert(len <= ARGUMENT_BYTES_MAX);
	if (c == NULL)
		c = fcinfo->flinfo->fn_extra = MemoryContextAllocZero(fcinfo->flinfo->fn_mcxt,
															  UNPACKED_OFFSET + size);
	if (c->len != len || memcmp(c->bytes, bytes, len) != 0)
	{
		c->len = 0;
		if (c->memo)
			game_memo_clear(c->memo);
		unpack(bytes, (char *) c + UNPACKED_OFFSET);
		memcpy(c->bytes, bytes, len);
		c->len = len;
	}
	return (char *) c + UNPACKED_OFFSET;
}

/* The memo of the games read with the argument of unpacked_argument() (called first). */
static GameMemo *
argument_memo(FunctionCallInfo fcinfo)
{
	UnpackedArgument *c = fcinfo->flinfo->fn_extra;

	if (c->memo == NULL)
		c->memo = MemoryContextAllocZero(fcinfo->flinfo->fn_mcxt, sizeof(GameMemo));
	return c->memo;
}

static void
unpack_position(const uint8 *bytes, void *out)
{
	position_from_datum((const ChessPosition *) bytes, (Position *) out);
}

static void
unpack_pattern_test(const uint8 *bytes, void *out)
{
	PatternTest *t = (PatternTest *) out;

	pattern_from_datum((const ChessPattern *) bytes, &t->pattern);
	pattern_reach_init(&t->pattern, &t->reach);
}

static void
unpack_pattern(const uint8 *bytes, void *out)
{
	pattern_from_datum((const ChessPattern *) bytes, (Pattern *) out);
}

static void
unpack_material(const uint8 *bytes, void *out)
{
	material_from_datum((const ChessBalance *) bytes, (MaterialQuery *) out);
}

/*
 * g @> p: the game reaches the position at some ply (placement, side to
 * move, castling rights, en passant; not the clocks).
 */
PG_FUNCTION_INFO_V1(game_reaches_position);
Datum
game_reaches_position(PG_FUNCTION_ARGS)
{
	struct varlena *g = PG_GETARG_GAME_P(0);
	const Position *target = unpacked_argument(fcinfo, PG_GETARG_POSITION_P(1)->bytes,
											   PACKED_POSITION_SIZE, sizeof(Position), unpack_position);
	bool		found;

	found = game_some_position(g, test_same_position, target, argument_memo(fcinfo), INT_MAX, false);
	PG_FREE_IF_COPY(g, 0);
	PG_RETURN_BOOL(found);
}

/*
 * The restriction estimator of g @> p: the share of the column's most
 * common games and histogram games that reach p, as matchingsel() finds it
 * (and as it does, blended with the default for a short histogram, clamped
 * away from 0 and 1), except that a sampled game is read only up to ply
 * ESTIMATE_PLIES: the positions that many games share are those of their
 * openings (half the positions at ply 10 of the benchmark's games and 88%
 * at ply 16 occur once), and reading each sampled game to its end when a
 * position is deep cost half a millisecond of planning, more than the
 * search itself.  The sampled games are read in the histogram's order, the
 * order of their moves, so the memo skips the moves they share.  A
 * position that no game from the standard start reaches in ESTIMATE_PLIES
 * plies (position_min_plies(): the deep ones, most of those searched for
 * that few games reach) is looked for only in the sampled games from
 * another start: reading the others found nothing and was most of the
 * planning time (0.2 ms for the benchmark's position at ply 70, whose
 * search takes 0.06).
 */
#define ESTIMATE_PLIES 16

/*
 * A position not known when the plan is made (a parameter of a generic
 * plan, an outer row of a join) is taken for a rare one, as most are: a
 * prepared statement's generic plan is then an index scan, never a
 * parallel plan whose start costs more than a rare position's search (with
 * matchingsel()'s 1%, 9 ms instead of 0.4 on a million games).
 */
#define UNKNOWN_POSITION_SEL 0.0001

/*
 * The share of a statistics slot's games in which test() finds a position,
 * reading each game no further than max_ply; weighted by the slot's
 * numbers (most common values), or each value one share (histogram).
 * skip_standard passes over the games from the standard start.
 */
static double
sampled_share(AttStatsSlot *slot, TestResult (*test) (const Position *pos, const void *arg),
			  const void *arg, int max_ply, bool skip_standard, GameMemo *memo, bool weighted)
{
	double		share = 0;
	int			i;

	for (i = 0; i < slot->nvalues; i++)
	{
		struct varlena *g = DatumGetGameP(slot->values[i]);

		if (skip_standard && !(GAME_DATA(g)[1] & GAME_FLAG_START))
			continue;
		if (game_some_position(g, test, arg, memo, max_ply, false))
			share += weighted ? slot->numbers[i] : 1.0 / slot->nvalues;
	}
	return share;
}

/*
 * The sampled games of a column's statistics (most common values and
 * histogram), read once in a backend for the estimates of g @> pattern and
 * g @> balance and kept until ANALYZE writes new statistics: reading the
 * hundred or so games to their ends at every planning took 1.4 to 1.9 ms,
 * more than the searches it planned for (0.4 to 1.6 ms on 20,000 games).
 * What is kept of each position is what those tests look at (the men and
 * the side to move); a balance is tested only at the positions where the
 * material changes.  A version of the statistics is its pg_statistic
 * tuple: ANALYZE writes a new one (a new xmin and place).  A few columns are
 * kept, the least recently used replaced; statistics of more than
 * SAMPLE_BOARDS_MAX positions (a statistics target above about 500) are
 * read at every planning instead.
 */
typedef struct SampleBoard
{
	Bitboard	by_color[2];
	Bitboard	by_kind[7];
	uint8		side;
} SampleBoard;

typedef struct SampleGame
{
	double		share;			/* its frequency (most common), or 1 / histogram values */
	bool		common;			/* one of the most common values */
	int			first,			/* its positions, boards[first ...] */
				count;
	int			first_change,	/* the positions where its material changes, */
				changes;		/* changes[first_change ...] (indexes into boards) */
	Bitboard	ever[12];		/* the squares each man stood on (P N B R Q K p n b r q k) */
} SampleGame;

typedef struct GameSample
{
	MemoryContext cxt;			/* holds the arrays; NULL for an unused entry */
	Oid			starelid;		/* the statistics tuple it was read from */
	int16		staattnum;
	bool		stainherit;
	TransactionId xmin;
	ItemPointerData tid;
	uint64		used;			/* when last used, for replacement */
	bool		has_common,
				has_histogram;
	double		common;			/* the most common values' frequencies, summed */
	int			histogram_values;
	int			ngames;
	SampleGame *games;
	SampleBoard *boards;
	int		   *changes;
} GameSample;

#define SAMPLE_CACHE_SIZE 4
#define SAMPLE_BOARDS_MAX (64 * 1024)	/* 5 MB a column */

static GameSample sample_cache[SAMPLE_CACHE_SIZE];
static uint64 sample_clock;

/* Appends a statistics slot's games to s; false when they pass SAMPLE_BOARDS_MAX positions. */
static bool
sample_read_slot(GameSample *s, AttStatsSlot *slot, bool common, int *nboards, int *nchanges)
{
	int			i;

	for (i = 0; i < slot->nvalues; i++)
	{
		SampleGame *sg = &s->games[s->ngames++];
		GameReader	r;
		uint64		material = 0;

		CHECK_FOR_INTERRUPTS();
		chess_game_reader(&r, DatumGetGameP(slot->values[i]));
		sg->share = common ? slot->numbers[i] : 1.0 / slot->nvalues;
		sg->common = common;
		sg->first = *nboards;
		sg->first_change = *nchanges;
		memset(sg->ever, 0, sizeof(sg->ever));
		if (*nboards + r.plies + 1 > SAMPLE_BOARDS_MAX)
			return false;
		for (;;)
		{
			SampleBoard *b = &s->boards[(*nboards)++];
			uint64		m = material_key(&r.pos);

			int			k;

			memcpy(b->by_color, r.pos.by_color, sizeof(b->by_color));
			memcpy(b->by_kind, r.pos.by_kind, sizeof(b->by_kind));
			b->side = r.pos.side;
			for (k = 0; k < 12; k++)
				sg->ever[k] |= r.pos.by_color[k / 6] & r.pos.by_kind[k % 6 + 1];
			if (r.ply == 0 || m != material)
				s->changes[(*nchanges)++] = *nboards - 1;
			material = m;
			if (r.ply == r.plies)
				break;
			chess_game_next(&r);
		}
		sg->count = *nboards - sg->first;
		sg->changes = *nchanges - sg->first_change;
	}
	return true;
}

/* Reads the statistics' games into s (emptied); false when they are too many to keep. */
static bool
sample_read(GameSample *s, HeapTuple stats_tuple)
{
	AttStatsSlot slot;
	bool		fits = true;
	int			nboards = 0,
				nchanges = 0,
				ngames = 0,
				i;

	if (get_attstatsslot(&slot, stats_tuple, STATISTIC_KIND_MCV, InvalidOid, ATTSTATSSLOT_VALUES))
	{
		ngames += slot.nvalues;
		free_attstatsslot(&slot);
	}
	if (get_attstatsslot(&slot, stats_tuple, STATISTIC_KIND_HISTOGRAM, InvalidOid, ATTSTATSSLOT_VALUES))
	{
		ngames += slot.nvalues;
		free_attstatsslot(&slot);
	}
	s->games = MemoryContextAlloc(s->cxt, sizeof(SampleGame) * Max(ngames, 1));
	s->boards = MemoryContextAllocHuge(s->cxt, sizeof(SampleBoard) * SAMPLE_BOARDS_MAX);
	s->changes = MemoryContextAllocHuge(s->cxt, sizeof(int) * SAMPLE_BOARDS_MAX);
	if (get_attstatsslot(&slot, stats_tuple, STATISTIC_KIND_MCV, InvalidOid,
						 ATTSTATSSLOT_VALUES | ATTSTATSSLOT_NUMBERS))
	{
		s->has_common = true;
		for (i = 0; i < slot.nnumbers; i++)
			s->common += slot.numbers[i];
		fits = sample_read_slot(s, &slot, true, &nboards, &nchanges);
		free_attstatsslot(&slot);
	}
	if (fits && get_attstatsslot(&slot, stats_tuple, STATISTIC_KIND_HISTOGRAM, InvalidOid, ATTSTATSSLOT_VALUES))
	{
		s->has_histogram = true;
		s->histogram_values = slot.nvalues;
		fits = sample_read_slot(s, &slot, false, &nboards, &nchanges);
		free_attstatsslot(&slot);
	}
	if (!fits)
		return false;
	/* the arrays down to what they hold */
	s->boards = repalloc_huge(s->boards, sizeof(SampleBoard) * Max(nboards, 1));
	s->changes = repalloc_huge(s->changes, sizeof(int) * Max(nchanges, 1));
	return true;
}

/*
 * The kept entry of a statistics tuple, or (*found false) the one to
 * replace: the same column's older statistics, else the least recently
 * used.  A version of the statistics is its tuple's place and raw xmin
 * (kept when the tuple is frozen, which HeapTupleHeaderGetXmin() hides).
 */
static pg_noinline GameSample *
sample_entry(HeapTuple stats_tuple, bool *found)
{
	Form_pg_statistic stats = (Form_pg_statistic) GETSTRUCT(stats_tuple);
	TransactionId xmin = HeapTupleHeaderGetRawXmin(stats_tuple->t_data);
	GameSample *replace = NULL,
			   *oldest = &sample_cache[0];
	int			i;

	for (i = 0; i < SAMPLE_CACHE_SIZE; i++)
	{
		GameSample *c = &sample_cache[i];
		bool		column = c->cxt && c->starelid == stats->starelid && c->staattnum == stats->staattnum &&
			c->stainherit == stats->stainherit;

		if (column && c->xmin == xmin && ItemPointerEquals(&c->tid, &stats_tuple->t_self))
		{
			*found = true;
			return c;
		}
		if (column)
			replace = c;
		if (c->used < oldest->used)
			oldest = c;
	}
	*found = false;
	return replace ? replace : oldest;
}

/*
 * The kept sample of the statistics tuple, read now when it is not kept;
 * NULL when it is too large to keep.
 */
static GameSample *
game_sample(HeapTuple stats_tuple)
{
	Form_pg_statistic stats = (Form_pg_statistic) GETSTRUCT(stats_tuple);
	bool		found;
	GameSample *const s = ItemPointerIsValid(&stats_tuple->t_self) ? sample_entry(stats_tuple, &found) : NULL;
	volatile bool fits = false;

	if (s == NULL)
		return NULL;
	if (found)
	{
		s->used = ++sample_clock;
		return s;
	}
	if (s->cxt)
		MemoryContextDelete(s->cxt);
	memset(s, 0, sizeof(*s));
	s->cxt = AllocSetContextCreate(CacheMemoryContext, "chess: a column's sampled games",
								   ALLOCSET_DEFAULT_SIZES);
	PG_TRY();
	{
		fits = sample_read(s, stats_tuple);
	}
	PG_CATCH();
	{
		MemoryContextDelete(s->cxt);
		s->cxt = NULL;
		PG_RE_THROW();
	}
	PG_END_TRY();
	if (!fits)
	{
		MemoryContextDelete(s->cxt);
		memset(s, 0, sizeof(*s));
		return NULL;
	}
	s->starelid = stats->starelid;
	s->staattnum = stats->staattnum;
	s->stainherit = stats->stainherit;
	s->xmin = HeapTupleHeaderGetRawXmin(stats_tuple->t_data);
	s->tid = stats_tuple->t_self;
	s->used = ++sample_clock;
	return s;
}

/*
 * The share of the kept sample's most common games (common) or histogram
 * games in which test() finds a position, reading only the positions where
 * the material changes when changes_only, none of the games excluded() says
 * it cannot find.
 */
static double
sample_share(const GameSample *s, bool common, TestResult (*test) (const Position *pos, const void *arg),
			 const void *arg, bool changes_only, bool (*excluded) (const SampleGame *g, const void *arg))
{
	Position	pos;
	double		share = 0;
	int			i,
				k;

	memset(&pos, 0, sizeof(pos));
	for (i = 0; i < s->ngames; i++)
	{
		const SampleGame *g = &s->games[i];
		int			n = changes_only ? g->changes : g->count;

		if (g->common != common || (excluded && excluded(g, arg)))
			continue;
		for (k = 0; k < n; k++)
		{
			const SampleBoard *b = &s->boards[changes_only ? s->changes[g->first_change + k] : g->first + k];
			TestResult	t;

			memcpy(pos.by_color, b->by_color, sizeof(pos.by_color));
			memcpy(pos.by_kind, b->by_kind, sizeof(pos.by_kind));
			pos.side = b->side;
			t = test(&pos, arg);
			if (t == TEST_FOUND)
				share += g->share;
			if (t != TEST_NEXT)
				break;
		}
	}
	return share;
}

/*
 * How a test is put to the sampled games: read from the statistics up to
 * max_ply, passing over the games from the standard start when
 * skip_standard says so (g @> position); or on the kept sample (g @>
 * pattern, g @> balance), at every position or only where the material
 * changes.
 */
typedef struct SampleTest
{
	TestResult	(*test) (const Position *pos, const void *arg);
	int			max_ply;
	bool		(*skip_standard) (const void *arg);
	bool		kept;
	bool		changes_only;
	bool		(*excluded) (const SampleGame *g, const void *arg);
} SampleTest;

/*
 * A restriction estimate from the column's statistics, as matchingsel()
 * makes one: the share of the most common games and of the histogram's
 * games in which the test finds a position, blended with the default for a
 * short histogram and clamped away from 0 and 1; NULL statistics, an
 * argument the planner cannot see, or statistics the user may not read
 * (row-level security, a security-barrier view: the operator is not
 * leakproof, as PostgreSQL's own estimators check) give unknown_sel.  The
 * right-hand argument is unpacked by unpack into size bytes for the test.
 */
static double
game_sampled_sel(PlannerInfo *root, Oid operator, List *args, int varRelid,
				 void (*unpack) (const uint8 *bytes, void *out), size_t size, const SampleTest *st,
				 double unknown_sel)
{
	VariableStatData vardata;
	Node	   *other;
	bool		varonleft;
	double		sel = unknown_sel;

	if (!get_restriction_variable(root, args, varRelid, &vardata, &other, &varonleft))
		return sel;
	if (varonleft && IsA(other, Const) && !((Const *) other)->constisnull &&
		HeapTupleIsValid(vardata.statsTuple) && statistic_proc_security_check(&vardata, get_opcode(operator)))
	{
		Form_pg_statistic stats = (Form_pg_statistic) GETSTRUCT(vardata.statsTuple);
		void	   *arg = palloc(size);
		GameSample *kept = st->kept ? game_sample(vardata.statsTuple) : NULL;
		double		common = 0,
					in_common = 0;
		bool		skip;

		unpack((const uint8 *) DatumGetPointer(((Const *) other)->constvalue), arg);
		skip = st->skip_standard && st->skip_standard(arg);
		sel = DEFAULT_MATCHING_SEL; /* for the rows of no histogram */
		if (kept)
		{
			common = kept->common;
			if (kept->has_common)
				in_common = sample_share(kept, true, st->test, arg, st->changes_only, st->excluded);
			if (kept->has_histogram)
			{
				sel = sample_share(kept, false, st->test, arg, st->changes_only, st->excluded);
				if (kept->histogram_values < 100)
					sel = sel * kept->histogram_values / 100.0 +
						DEFAULT_MATCHING_SEL * (1.0 - kept->histogram_values / 100.0);
			}
		}
		else
		{
			GameMemo   *memo = palloc0(sizeof(GameMemo));
			AttStatsSlot slot;

			if (get_attstatsslot(&slot, vardata.statsTuple, STATISTIC_KIND_MCV, InvalidOid,
								 ATTSTATSSLOT_VALUES | ATTSTATSSLOT_NUMBERS))
			{
				int			i;

				for (i = 0; i < slot.nnumbers; i++)
					common += slot.numbers[i];
				in_common = sampled_share(&slot, st->test, arg, st->max_ply, skip, memo, true);
				free_attstatsslot(&slot);
			}
			if (get_attstatsslot(&slot, vardata.statsTuple, STATISTIC_KIND_HISTOGRAM, InvalidOid,
								 ATTSTATSSLOT_VALUES))
			{
				sel = sampled_share(&slot, st->test, arg, st->max_ply, skip, memo, false);
				if (slot.nvalues < 100)
					sel = sel * slot.nvalues / 100.0 + DEFAULT_MATCHING_SEL * (1.0 - slot.nvalues / 100.0);
				free_attstatsslot(&slot);
			}
			pfree(memo);
		}
		sel = Min(Max(sel, 0.0001), 0.9999);
		sel = sel * (1.0 - stats->stanullfrac - common) + in_common;
		pfree(arg);
	}
	ReleaseVariableStats(vardata);
	return Min(Max(sel, 0.0), 1.0);
}

/* a position no game from the standard start reaches within ESTIMATE_PLIES */
static bool
position_deep(const void *arg)
{
	return position_min_plies((const Position *) arg) > ESTIMATE_PLIES;
}

PG_FUNCTION_INFO_V1(game_position_sel);
Datum
game_position_sel(PG_FUNCTION_ARGS)
{
	static const SampleTest st = {test_same_position, ESTIMATE_PLIES, position_deep, false, false, NULL};

	PG_RETURN_FLOAT8(game_sampled_sel((PlannerInfo *) PG_GETARG_POINTER(0), PG_GETARG_OID(1),
									  (List *) PG_GETARG_POINTER(2), PG_GETARG_INT32(3), unpack_position, sizeof(Position), &st,
									  UNKNOWN_POSITION_SEL));
}

/* a sampled game in which some man the pattern asks for never stands on its square */
static bool
pattern_excluded(const SampleGame *g, const void *arg)
{
	const Pattern *p = &((const PatternTest *) arg)->pattern;
	int			i;

	for (i = 0; i < 12; i++)
		if (p->pieces[i] & ~g->ever[i])
			return true;
	return false;
}

/*
 * The restriction estimators of g @> pattern and g @> balance: as
 * game_position_sel(), but each sampled game is read as far as a match
 * can be in it (until the pattern or the balance can no longer match),
 * since a pattern or a material turns up anywhere in a game; the games are
 * read once in a backend (game_sample()).  Before 0.9.0 they were contsel(),
 * a fixed 0.1%: 20 rows estimated for a pattern that 6,549 of 20,000 games
 * have.  An argument the planner cannot see is taken for
 * DEFAULT_MATCHING_SEL (1%).
 */
PG_FUNCTION_INFO_V1(game_pattern_sel);
Datum
game_pattern_sel(PG_FUNCTION_ARGS)
{
	static const SampleTest st = {test_pattern, INT_MAX, NULL, true, false, pattern_excluded};

	PG_RETURN_FLOAT8(game_sampled_sel((PlannerInfo *) PG_GETARG_POINTER(0), PG_GETARG_OID(1),
									  (List *) PG_GETARG_POINTER(2), PG_GETARG_INT32(3), unpack_pattern_test, sizeof(PatternTest), &st,
									  DEFAULT_MATCHING_SEL));
}

PG_FUNCTION_INFO_V1(game_balance_sel);
Datum
game_balance_sel(PG_FUNCTION_ARGS)
{
	static const SampleTest st = {test_material, INT_MAX, NULL, true, true, NULL};

	PG_RETURN_FLOAT8(game_sampled_sel((PlannerInfo *) PG_GETARG_POINTER(0), PG_GETARG_OID(1),
									  (List *) PG_GETARG_POINTER(2), PG_GETARG_INT32(3), unpack_material, sizeof(MaterialQuery), &st,
									  DEFAULT_MATCHING_SEL));
}

/* g @> pattern: some position of the game matches the pattern */
PG_FUNCTION_INFO_V1(game_reaches_pattern);
Datum
game_reaches_pattern(PG_FUNCTION_ARGS)
{
	struct varlena *g = PG_GETARG_GAME_P(0);
	const PatternTest *t = unpacked_argument(fcinfo, PG_GETARG_PATTERN_P(1)->bytes,
											 PACKED_PATTERN_SIZE, sizeof(PatternTest), unpack_pattern_test);
	bool		found;

	found = game_some_position(g, test_pattern, t, argument_memo(fcinfo), INT_MAX, false);
	PG_FREE_IF_COPY(g, 0);
	PG_RETURN_BOOL(found);
}

/* g @> material: some position of the game has the material */
PG_FUNCTION_INFO_V1(game_reaches_balance);
Datum
game_reaches_balance(PG_FUNCTION_ARGS)
{
	struct varlena *g = PG_GETARG_GAME_P(0);
	const MaterialQuery *q = unpacked_argument(fcinfo, PG_GETARG_BALANCE_P(1)->bytes,
											   PACKED_MATERIAL_SIZE, sizeof(MaterialQuery), unpack_material);
	bool		found;

	found = game_some_position(g, test_material, q, argument_memo(fcinfo), INT_MAX, true);
	PG_FREE_IF_COPY(g, 0);
	PG_RETURN_BOOL(found);
}

/* position @> pattern, position @> material */
PG_FUNCTION_INFO_V1(position_matches_pattern);
Datum
position_matches_pattern(PG_FUNCTION_ARGS)
{
	Position	pos;

	position_from_datum(PG_GETARG_POSITION_P(0), &pos);
	PG_RETURN_BOOL(pattern_matches(unpacked_argument(fcinfo, PG_GETARG_PATTERN_P(1)->bytes,
													 PACKED_PATTERN_SIZE, sizeof(Pattern), unpack_pattern),
								   &pos));
}

PG_FUNCTION_INFO_V1(position_matches_balance);
Datum
position_matches_balance(PG_FUNCTION_ARGS)
{
	Position	pos;

	position_from_datum(PG_GETARG_POSITION_P(0), &pos);
	PG_RETURN_BOOL(material_query_matches(unpacked_argument(fcinfo, PG_GETARG_BALANCE_P(1)->bytes,
															PACKED_MATERIAL_SIZE, sizeof(MaterialQuery),
															unpack_material),
										  &pos));
}

/*
 * next_moves(game, position) → SETOF move: the moves the game plays from
 * the position, each time it reaches it (clocks ignored): what an opening
 * explorer counts.  Nothing when the game does not reach it, or ends there.
 */
PG_FUNCTION_INFO_V1(game_next_moves);
Datum
game_next_moves(PG_FUNCTION_ARGS)
{
	struct varlena *g = PG_GETARG_GAME_P(0);
	ReturnSetInfo *rsinfo = chess_materialize(fcinfo);
	Position	target;
	GameReader	r;

	position_from_datum(PG_GETARG_POSITION_P(1), &target);
	chess_game_reader(&r, g);
	while (r.ply < r.plies)
	{
		bool		here = position_same_for_repetition(&r.pos, &target);
		Datum		value;
		bool		isnull = false;

		if (!here && position_unreachable(&r.pos, &target))
			break;
		if ((r.ply & 4095) == 4095)
			CHECK_FOR_INTERRUPTS();
		value = MoveGetDatum(chess_game_next(&r));
		if (here)
			tuplestore_putvalues(rsinfo->setResult, rsinfo->setDesc, &value, &isnull);
	}
	return (Datum) 0;
}
