/*
 * search.c — searching positions and games: the types pattern (a sub-FEN
 * placement) and material (a material signature with ranges), material(),
 * the @> operators of position and game, and their GIN operator classes.
 */
#include "chess.h"

#include "engine/game.h"
#include "engine/outcome.h"
#include "engine/search.h"

#include "access/gin.h"
#include "access/htup_details.h"
#include "access/reloptions.h"
#include "access/stratnum.h"
#include "catalog/pg_statistic.h"
#include "common/hashfn.h"
#include "libpq/pqformat.h"
#include "miscadmin.h"
#include "utils/builtins.h"
#include "utils/lsyscache.h"
#include "utils/selfuncs.h"

StaticAssertDecl(sizeof(ChessPattern) == PACKED_PATTERN_SIZE, "pattern size");
StaticAssertDecl(sizeof(ChessBalance) == PACKED_MATERIAL_SIZE, "material size");

static void
pattern_from_datum(const ChessPattern *d, Pattern *p)
{
	PositionError err;

	if (!pattern_unpack_checked(d->bytes, p, &err))
		elog(ERROR, "corrupt pattern value: %s", err.detail);
}

static void
material_from_datum(const ChessBalance *d, MaterialQuery *q)
{
	PositionError err;

	if (!material_query_unpack_checked(d->bytes, q, &err))
		elog(ERROR, "corrupt balance value: %s", err.detail);
}

static ChessBalance *
material_to_datum(const MaterialQuery *q)
{
	ChessBalance *d = palloc(sizeof(ChessBalance));

	material_query_pack(q, d->bytes);
	return d;
}

/* pattern: text I/O, binary I/O (the packed bytes, checked) */
PG_FUNCTION_INFO_V1(pattern_in);
Datum
pattern_in(PG_FUNCTION_ARGS)
{
	const char *str = PG_GETARG_CSTRING(0);
	Pattern		p;
	PositionError err;
	ChessPattern *d;

	if (!pattern_parse(str, &p, &err))
		ereturn(fcinfo->context, (Datum) 0,
				(errcode(ERRCODE_INVALID_TEXT_REPRESENTATION),
				 errmsg("invalid input syntax for type pattern: \"%s\"", chess_quote_cstring(str)),
				 errdetail("%s", chess_detail(err.detail))));
	d = palloc(sizeof(ChessPattern));
	pattern_pack(&p, d->bytes);
	PG_RETURN_POINTER(d);
}

PG_FUNCTION_INFO_V1(pattern_out);
Datum
pattern_out(PG_FUNCTION_ARGS)
{
	Pattern		p;
	char	   *out = palloc(PATTERN_MAX_LENGTH);

	pattern_from_datum(PG_GETARG_PATTERN_P(0), &p);
	pattern_write(&p, out);
	PG_RETURN_CSTRING(out);
}

PG_FUNCTION_INFO_V1(pattern_recv);
Datum
pattern_recv(PG_FUNCTION_ARGS)
{
	StringInfo	buf = (StringInfo) PG_GETARG_POINTER(0);
	Pattern		p;
	PositionError err;
	ChessPattern *d = palloc(sizeof(ChessPattern));

	chess_check_binary_size(buf, PACKED_PATTERN_SIZE, "pattern");
	memcpy(d->bytes, pq_getmsgbytes(buf, PACKED_PATTERN_SIZE), PACKED_PATTERN_SIZE);
	if (!pattern_unpack_checked(d->bytes, &p, &err))
		ereport(ERROR,
				(errcode(ERRCODE_INVALID_BINARY_REPRESENTATION),
				 errmsg("invalid binary data for type pattern"),
				 errdetail("%s", err.detail)));
	PG_RETURN_POINTER(d);
}

PG_FUNCTION_INFO_V1(pattern_send);
Datum
pattern_send(PG_FUNCTION_ARGS)
{
	StringInfoData buf;

	pq_begintypsend(&buf);
	pq_sendbytes(&buf, (const char *) PG_GETARG_PATTERN_P(0)->bytes, PACKED_PATTERN_SIZE);
	PG_RETURN_BYTEA_P(pq_endtypsend(&buf));
}

/* material: text I/O, binary I/O */
PG_FUNCTION_INFO_V1(balance_in);
Datum
balance_in(PG_FUNCTION_ARGS)
{
	const char *str = PG_GETARG_CSTRING(0);
	MaterialQuery q;
	PositionError err;

	if (!material_query_parse(str, &q, &err))
		ereturn(fcinfo->context, (Datum) 0,
				(errcode(ERRCODE_INVALID_TEXT_REPRESENTATION),
				 errmsg("invalid input syntax for type balance: \"%s\"", chess_quote_cstring(str)),
				 errdetail("%s", chess_detail(err.detail))));
	PG_RETURN_POINTER(material_to_datum(&q));
}

PG_FUNCTION_INFO_V1(balance_out);
Datum
balance_out(PG_FUNCTION_ARGS)
{
	MaterialQuery q;
	char	   *out = palloc(MATERIAL_QUERY_MAX_LENGTH);

	material_from_datum(PG_GETARG_BALANCE_P(0), &q);
	material_query_write(&q, out);
	PG_RETURN_CSTRING(out);
}

PG_FUNCTION_INFO_V1(balance_recv);
Datum
balance_recv(PG_FUNCTION_ARGS)
{
	StringInfo	buf = (StringInfo) PG_GETARG_POINTER(0);
	MaterialQuery q;
	PositionError err;

	chess_check_binary_size(buf, PACKED_MATERIAL_SIZE, "balance");
	if (!material_query_unpack_checked((const uint8 *) pq_getmsgbytes(buf, PACKED_MATERIAL_SIZE),
									   &q, &err))
		ereport(ERROR,
				(errcode(ERRCODE_INVALID_BINARY_REPRESENTATION),
				 errmsg("invalid binary data for type balance"),
				 errdetail("%s", err.detail)));
	PG_RETURN_POINTER(material_to_datum(&q));
}

PG_FUNCTION_INFO_V1(balance_send);
Datum
balance_send(PG_FUNCTION_ARGS)
{
	StringInfoData buf;

	pq_begintypsend(&buf);
	pq_sendbytes(&buf, (const char *) PG_GETARG_BALANCE_P(0)->bytes, PACKED_MATERIAL_SIZE);
	PG_RETURN_BYTEA_P(pq_endtypsend(&buf));
}

/* Comparisons of the packed bytes: equality, and an order for btree and DISTINCT. */
#define PATTERN_CMP(a, b)	memcmp((a)->bytes, (b)->bytes, PACKED_PATTERN_SIZE)
#define MATERIAL_CMP(a, b)	memcmp((a)->bytes, (b)->bytes, PACKED_MATERIAL_SIZE)

CHESS_COMPARISON_FUNCTIONS(pattern, PG_GETARG_PATTERN_P, PATTERN_CMP)
CHESS_COMPARISON_FUNCTIONS(balance, PG_GETARG_BALANCE_P, MATERIAL_CMP)

PG_FUNCTION_INFO_V1(pattern_hash);
Datum
pattern_hash(PG_FUNCTION_ARGS)
{
	return hash_any(PG_GETARG_PATTERN_P(0)->bytes, PACKED_PATTERN_SIZE);
}

PG_FUNCTION_INFO_V1(pattern_hash_extended);
Datum
pattern_hash_extended(PG_FUNCTION_ARGS)
{
	return hash_any_extended(PG_GETARG_PATTERN_P(0)->bytes, PACKED_PATTERN_SIZE, PG_GETARG_INT64(1));
}

PG_FUNCTION_INFO_V1(balance_hash);
Datum
balance_hash(PG_FUNCTION_ARGS)
{
	return hash_any(PG_GETARG_BALANCE_P(0)->bytes, PACKED_MATERIAL_SIZE);
}

PG_FUNCTION_INFO_V1(balance_hash_extended);
Datum
balance_hash_extended(PG_FUNCTION_ARGS)
{
	return hash_any_extended(PG_GETARG_BALANCE_P(0)->bytes, PACKED_MATERIAL_SIZE, PG_GETARG_INT64(1));
}

/* material(position) → text: the signature in Syzygy's order, White first */
PG_FUNCTION_INFO_V1(position_material);
Datum
position_material(PG_FUNCTION_ARGS)
{
	Position	pos;
	char		out[MATERIAL_MAX_LENGTH];

	position_from_datum(PG_GETARG_POSITION_P(0), &pos);
	material_write(&pos, out);
	PG_RETURN_TEXT_P(cstring_to_text(out));
}

/* flip(material) → material: the sides swapped */
PG_FUNCTION_INFO_V1(balance_flip);
Datum
balance_flip(PG_FUNCTION_ARGS)
{
	MaterialQuery q;

	material_from_datum(PG_GETARG_BALANCE_P(0), &q);
	material_query_flip(&q);
	PG_RETURN_POINTER(material_to_datum(&q));
}

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
 * of the position).  Interrupts are polled every 4,096 plies.
 */
static bool
game_some_position(struct varlena *g, TestResult (*test) (const Position *pos, const void *arg),
				   const void *arg, GameMemo *memo, int max_ply)
{
	GameReader	r;

	game_reader_init(&r, GAME_DATA(g), GAME_LEN(g));
	if (memo)
	{
		TestResult	t = game_memo_resume(memo, &r, TEST_NEXT);

		if (t != TEST_NEXT)
			return t == TEST_FOUND;
	}
	for (;;)
	{
		TestResult	t = test(&r.pos, arg);

		if (memo)
			game_memo_record(memo, &r, t);
		if (t != TEST_NEXT)
			return t == TEST_FOUND;
		if (r.ply == r.plies || r.ply == max_ply)
			return false;
		if ((r.ply & 4095) == 4095)
			CHECK_FOR_INTERRUPTS();
		game_reader_next(&r);
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

static TestResult
test_material(const Position *pos, const void *arg)
{
	return material_query_matches((const MaterialQuery *) arg, pos) ? TEST_FOUND : TEST_NEXT;
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
	position_unpack(bytes, (Position *) out);
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

	found = game_some_position(g, test_same_position, target, argument_memo(fcinfo), INT_MAX);
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

static double
sampled_share(AttStatsSlot *slot, const Position *target, bool deep, GameMemo *memo,
			  bool weighted)
{
	double		share = 0;
	int			i;

	for (i = 0; i < slot->nvalues; i++)
	{
		struct varlena *g = DatumGetGameP(slot->values[i]);

		if (deep && !(GAME_DATA(g)[1] & GAME_FLAG_START))
			continue;			/* from the standard start: not within the plies read */
		if (game_some_position(g, test_same_position, target, memo, ESTIMATE_PLIES))
			share += weighted ? slot->numbers[i] : 1.0 / slot->nvalues;
	}
	return share;
}

PG_FUNCTION_INFO_V1(game_position_sel);
Datum
game_position_sel(PG_FUNCTION_ARGS)
{
	PlannerInfo *root = (PlannerInfo *) PG_GETARG_POINTER(0);
	List	   *args = (List *) PG_GETARG_POINTER(2);
	int			varRelid = PG_GETARG_INT32(3);
	VariableStatData vardata;
	Node	   *other;
	bool		varonleft;
	double		sel = UNKNOWN_POSITION_SEL;

	if (!get_restriction_variable(root, args, varRelid, &vardata, &other, &varonleft))
		PG_RETURN_FLOAT8(sel);
	if (varonleft && IsA(other, Const) && !((Const *) other)->constisnull &&
		HeapTupleIsValid(vardata.statsTuple))
	{
		Form_pg_statistic stats = (Form_pg_statistic) GETSTRUCT(vardata.statsTuple);
		Position	target;
		GameMemo   *memo = palloc0(sizeof(GameMemo));
		AttStatsSlot slot;
		double		common = 0,
					in_common = 0;
		bool		deep;			/* not within ESTIMATE_PLIES of the standard start */

		sel = DEFAULT_MATCHING_SEL; /* for the rows of no histogram */
		position_from_datum(DatumGetPositionP(((Const *) other)->constvalue), &target);
		deep = position_min_plies(&target) > ESTIMATE_PLIES;
		if (get_attstatsslot(&slot, vardata.statsTuple, STATISTIC_KIND_MCV, InvalidOid,
							 ATTSTATSSLOT_VALUES | ATTSTATSSLOT_NUMBERS))
		{
			int			i;

			for (i = 0; i < slot.nnumbers; i++)
				common += slot.numbers[i];
			in_common = sampled_share(&slot, &target, deep, memo, true);
			free_attstatsslot(&slot);
		}
		if (get_attstatsslot(&slot, vardata.statsTuple, STATISTIC_KIND_HISTOGRAM, InvalidOid,
							 ATTSTATSSLOT_VALUES))
		{
			sel = sampled_share(&slot, &target, deep, memo, false);
			if (slot.nvalues < 100)
				sel = sel * slot.nvalues / 100.0 + DEFAULT_MATCHING_SEL * (1.0 - slot.nvalues / 100.0);
			free_attstatsslot(&slot);
		}
		sel = Min(Max(sel, 0.0001), 0.9999);
		sel = sel * (1.0 - stats->stanullfrac - common) + in_common;
		pfree(memo);
	}
	ReleaseVariableStats(vardata);
	PG_RETURN_FLOAT8(Min(Max(sel, 0.0), 1.0));
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

	found = game_some_position(g, test_pattern, t, argument_memo(fcinfo), INT_MAX);
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

	found = game_some_position(g, test_material, q, argument_memo(fcinfo), INT_MAX);
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
 * GIN strategies, shared by both operator classes: @> with a position (game
 * only), a pattern, a material query.
 */
#define STRATEGY_POSITION	7
#define STRATEGY_PATTERN	8
#define STRATEGY_MATERIAL	9

/* A material query matches at most this many exact balances by keys; beyond, a full scan. */
#define MATERIAL_KEYS_MAX	4096

/*
 * The GIN operator class of position, keys int8 with a family in the top
 * byte:
 *   1  (square << 4 | content) for each of the 64 squares, content the
 *      piece code or 0 for empty: a pattern's required pieces and empty
 *      squares are keys, so pattern search is exact from the index;
 *   2  the side to move;
 *   3  the material key (40 bits): exact too.
 */
#define PKEY(family, value)	Int64GetDatum(((int64) (family) << 56) | (int64) (value))

/*
 * The keys of a material query, each balance's 40-bit key with family bits
 * added (the two operator classes put them in different places); none when
 * the query has more than MATERIAL_KEYS_MAX balances, and the caller then
 * scans everything.
 */
static Datum *
balance_query_keys(const ChessBalance *balance, uint64 family, int32 *nkeys)
{
	MaterialQuery q;
	uint64		mkeys[MATERIAL_KEYS_MAX];
	Datum	   *keys;
	int			n,
				i;

	material_from_datum(balance, &q);
	n = material_query_keys(&q, mkeys, MATERIAL_KEYS_MAX);
	*nkeys = 0;
	if (n < 0)
		return NULL;
	keys = palloc(sizeof(Datum) * (n + 1));
	for (i = 0; i < n; i++)
		keys[i] = Int64GetDatum((int64) (family | mkeys[i]));
	*nkeys = n;
	return keys;
}

PG_FUNCTION_INFO_V1(position_gin_extract_value);
Datum
position_gin_extract_value(PG_FUNCTION_ARGS)
{
	Position	pos;
	int32	   *nkeys = (int32 *) PG_GETARG_POINTER(1);
	Datum	   *keys = palloc(sizeof(Datum) * 66);
	int			sq;

	position_from_datum(PG_GETARG_POSITION_P(0), &pos);
	for (sq = 0; sq < 64; sq++)
		keys[sq] = PKEY(1, sq << 4 | pos.board[sq]);
	keys[64] = PKEY(2, pos.side);
	keys[65] = PKEY(3, material_key(&pos));
	*nkeys = 66;
	PG_RETURN_POINTER(keys);
}

/* The keys every matching position has: required pieces, empty squares, side. */
static Datum *
pattern_position_keys(const Pattern *p, int32 *nkeys)
{
	Datum	   *keys = palloc(sizeof(Datum) * 65);
	int			sq;

	*nkeys = 0;
	for (sq = 0; sq < 64; sq++)
	{
		int			i;

		if (p->empty & SQ_BB(sq))
			keys[(*nkeys)++] = PKEY(1, sq << 4);
		for (i = 0; i < 12; i++)
			if (p->pieces[i] & SQ_BB(sq))
				keys[(*nkeys)++] = PKEY(1, sq << 4 | PATTERN_PIECE(i));
	}
	if (p->side)
		keys[(*nkeys)++] = PKEY(2, p->side - 1);
	return keys;
}

PG_FUNCTION_INFO_V1(position_gin_extract_query);
Datum
position_gin_extract_query(PG_FUNCTION_ARGS)
{
	int32	   *nkeys = (int32 *) PG_GETARG_POINTER(1);
	StrategyNumber strategy = PG_GETARG_UINT16(2);
	int32	   *searchMode = (int32 *) PG_GETARG_POINTER(6);
	Datum	   *keys = NULL;

	*nkeys = 0;
	if (strategy == STRATEGY_PATTERN)
	{
		Pattern		p;

		pattern_from_datum(PG_GETARG_PATTERN_P(0), &p);
		keys = pattern_position_keys(&p, nkeys);
	}
	else if (strategy == STRATEGY_MATERIAL)
		keys = balance_query_keys(PG_GETARG_BALANCE_P(0), (uint64) 3 << 56, nkeys);
	else
		elog(ERROR, "position_gin_ops: unknown strategy %d", strategy);
	if (*nkeys == 0)
		*searchMode = GIN_SEARCH_MODE_ALL;
	PG_RETURN_POINTER(keys);
}

/*
 * Consistent functions.  A pattern needs all its keys (AND), a material
 * query one of its balances (OR).  With no keys (an empty pattern; a
 * material query of too many balances) every item is a candidate.
 */
static GinTernaryValue
combine(const GinTernaryValue *check, int nkeys, bool any)
{
	GinTernaryValue result = any ? GIN_FALSE : GIN_TRUE;
	int			i;

	for (i = 0; i < nkeys; i++)
	{
		if (any ? check[i] == GIN_TRUE : check[i] == GIN_FALSE)
			return any ? GIN_TRUE : GIN_FALSE;
		if (check[i] == GIN_MAYBE)
			result = GIN_MAYBE;
	}
	return result;
}

/* Whether the answer of the index is exact for a query, or the rows must be rechecked. */
static bool
position_query_exact(StrategyNumber strategy, int32 nkeys)
{
	/* every pattern is exact (its keys are its squares); a material query when it has keys */
	return strategy == STRATEGY_PATTERN || nkeys > 0;
}

PG_FUNCTION_INFO_V1(position_gin_consistent);
Datum
position_gin_consistent(PG_FUNCTION_ARGS)
{
	bool	   *check = (bool *) PG_GETARG_POINTER(0);
	StrategyNumber strategy = PG_GETARG_UINT16(1);
	int32		nkeys = PG_GETARG_INT32(3);
	bool	   *recheck = (bool *) PG_GETARG_POINTER(5);
	GinTernaryValue *tri = palloc(sizeof(GinTernaryValue) * (nkeys + 1));
	int			i;

	for (i = 0; i < nkeys; i++)
		tri[i] = check[i] ? GIN_TRUE : GIN_FALSE;
	*recheck = !position_query_exact(strategy, nkeys);
	PG_RETURN_BOOL(nkeys == 0 || combine(tri, nkeys, strategy == STRATEGY_MATERIAL) == GIN_TRUE);
}

PG_FUNCTION_INFO_V1(position_gin_triconsistent);
Datum
position_gin_triconsistent(PG_FUNCTION_ARGS)
{
	GinTernaryValue *check = (GinTernaryValue *) PG_GETARG_POINTER(0);
	StrategyNumber strategy = PG_GETARG_UINT16(1);
	int32		nkeys = PG_GETARG_INT32(3);
	GinTernaryValue result;

	if (nkeys == 0)
		PG_RETURN_GIN_TERNARY_VALUE(GIN_MAYBE);
	result = combine(check, nkeys, strategy == STRATEGY_MATERIAL);
	if (result == GIN_TRUE && !position_query_exact(strategy, nkeys))
		result = GIN_MAYBE;
	PG_RETURN_GIN_TERNARY_VALUE(result);
}

/*
 * The GIN operator class of game, game_gin_ops, keys int8 with a family in
 * the top two bits (hashes with candidates rechecked, as jsonb_path_ops):
 *   0  a position the game reaches in its first GAME_KEY_EARLY_PLIES plies:
 *      62 bits of a hash of its packed form without the clocks (placement,
 *      side to move, castling rights, en passant; the packed form is
 *      canonical) — the openings, which many games share;
 *   1  a position the game reaches later: GAME_KEY_LATE_BITS bits of a
 *      hash of what only a capture, a pawn move or a lost castling right
 *      changes (the pawns, the material, the castling rights).  Positions
 *      after the opening are nearly all unique (in the 100,000 games of the
 *      benchmark half the positions at ply 10 and 88% at ply 16 are), and a
 *      key for each would make millions of keys: GIN builds its index
 *      through a red-black tree of the distinct keys, which is slow once it
 *      no longer fits the processor's caches.  The positions between two
 *      irreversible moves share this key, so a game has one for each such
 *      move, and a million buckets hold them; the few games of a
 *      bucket that do not reach the position are rechecked away;
 *   2  a material key (40 bits) the game reaches: exact, no recheck.
 * A query for a position asks for either of its keys and rechecks the
 * candidates (decoding them up to the position).  Measured on those games
 * (test/bench/chessdb.sh): the index is 95 MB and builds in 17 s, a
 * position no game reaches has one candidate.  A key per late position
 * in 2^18 buckets made 81 MB in 31 s with 40 candidates for a bucket; the
 * positions themselves as 26-byte bytea keys (exact, no recheck) made 758
 * MB in 80 s, and found popular positions two to three times faster.
 * Two 16-bit keys for each late segment, a query asking for both (a
 * smaller tree of distinct keys), built no faster (measured A/B) and made
 * the index 67 MB instead of 99 at 100,000 games but 477 MB instead of
 * 450 at a million: the early and material keys (99,000 and 123,000
 * distinct at 100,000 games) keep the tree large.
 */
#define GAME_KEY(family, value)	Int64GetDatum((int64) (((uint64) (family) << 62) | (value)))
#define GAME_KEY_EARLY_PLIES	10
#define GAME_KEY_LATE_BITS	20

static uint64
position_hash(const Position *pos)
{
	uint8		packed[PACKED_POSITION_SIZE];

	position_pack(pos, packed);
	return DatumGetUInt64(hash_any_extended(packed, 26, 0));
}

static Datum
game_early_key(uint64 hash)
{
	return GAME_KEY(0, hash >> 2);
}

/*
 * What no move undoes but a capture, a pawn move or a castling right given
 * up: the pawns of both sides, the material and the castling rights.  The
 * positions between two such moves share it.
 */
static uint64
segment_hash(const Position *pos, uint64 material)
{
	Bitboard	pawns = pos->by_kind[PAWN];
	uint64		h;

	h = (pos->by_color[WHITE] & pawns) * UINT64CONST(0x9E3779B97F4A7C15);
	h ^= (pos->by_color[BLACK] & pawns) * UINT64CONST(0xC2B2AE3D27D4EB4F);
	h ^= (material ^ ((uint64) pos->castling << 44)) * UINT64CONST(0x165667B19E3779F9);
	h ^= h >> 29;
	h *= UINT64CONST(0xBF58476D1CE4E5B9);
	h ^= h >> 32;
	return h;
}

static Datum
game_late_key(uint64 hash)
{
	return GAME_KEY(1, hash >> (64 - GAME_KEY_LATE_BITS));
}

/*
 * Sorts int8 keys as btint8cmp orders them: GIN sorts the keys of every
 * value through the operator class's comparison function, a function call
 * a comparison, and checks keys already in order in one pass.  Insertion
 * sort: a game has some 70 keys, each the hash of a few plies.
 */
static void
sort_int8_keys(Datum *keys, int n)
{
	int			i,
				j;

	for (i = 1; i < n; i++)
	{
		Datum		k = keys[i];

		for (j = i; j > 0 && DatumGetInt64(keys[j - 1]) > DatumGetInt64(k); j--)
			keys[j] = keys[j - 1];
		keys[j] = k;
	}
}

PG_FUNCTION_INFO_V1(game_gin_extract_value);
Datum
game_gin_extract_value(PG_FUNCTION_ARGS)
{
	struct varlena *g = PG_GETARG_GAME_P(0);
	int32	   *nkeys = (int32 *) PG_GETARG_POINTER(1);
	GameReader	r;
	Datum	   *keys;
	uint64		material = UINT64_MAX,
				last_segment = 0;

	game_reader_init(&r, GAME_DATA(g), GAME_LEN(g));
	keys = palloc(sizeof(Datum) * 2 * (r.plies + 1));
	*nkeys = 0;
	for (;;)
	{
		uint64		m = material_key(&r.pos);

		if (r.ply < GAME_KEY_EARLY_PLIES)
			keys[(*nkeys)++] = game_early_key(position_hash(&r.pos));
		else
		{
			uint64		segment = segment_hash(&r.pos, m);

			if (segment != last_segment)
				keys[(*nkeys)++] = game_late_key(segment);
			last_segment = segment;
		}
		if (m != material)		/* it changes by captures and promotions */
			keys[(*nkeys)++] = GAME_KEY(2, m);
		material = m;
		if (r.ply == r.plies)
			break;
		game_reader_next(&r);
	}
	sort_int8_keys(keys, *nkeys);
	PG_RETURN_POINTER(keys);
}

PG_FUNCTION_INFO_V1(game_gin_extract_query);
Datum
game_gin_extract_query(PG_FUNCTION_ARGS)
{
	int32	   *nkeys = (int32 *) PG_GETARG_POINTER(1);
	StrategyNumber strategy = PG_GETARG_UINT16(2);
	int32	   *searchMode = (int32 *) PG_GETARG_POINTER(6);
	Datum	   *keys = NULL;

	*nkeys = 0;
	if (strategy == STRATEGY_POSITION)
	{
		Position	pos;
		uint64		hash;

		position_from_datum(PG_GETARG_POSITION_P(0), &pos);
		hash = position_hash(&pos);
		keys = palloc(sizeof(Datum) * 2);
		keys[(*nkeys)++] = game_early_key(hash);
		keys[(*nkeys)++] = game_late_key(segment_hash(&pos, material_key(&pos)));
	}
	else if (strategy == STRATEGY_MATERIAL)
		keys = balance_query_keys(PG_GETARG_BALANCE_P(0), (uint64) 2 << 62, nkeys);
	else
		elog(ERROR, "game_gin_ops: unknown strategy %d", strategy);
	if (*nkeys == 0)
		*searchMode = GIN_SEARCH_MODE_ALL;
	PG_RETURN_POINTER(keys);
}

/*
 * A position: either of its keys, rechecked.  A material query: one of its
 * balances, exact.  No keys (a material query of too many balances): every
 * game, rechecked.
 */
static bool
game_gin_exact(StrategyNumber strategy, int32 nkeys)
{
	return strategy == STRATEGY_MATERIAL && nkeys > 0;
}

PG_FUNCTION_INFO_V1(game_gin_consistent);
Datum
game_gin_consistent(PG_FUNCTION_ARGS)
{
	bool	   *check = (bool *) PG_GETARG_POINTER(0);
	StrategyNumber strategy = PG_GETARG_UINT16(1);
	int32		nkeys = PG_GETARG_INT32(3);
	bool	   *recheck = (bool *) PG_GETARG_POINTER(5);
	int			i;

	*recheck = !game_gin_exact(strategy, nkeys);
	if (nkeys == 0)
		PG_RETURN_BOOL(true);
	for (i = 0; i < nkeys; i++)
		if (check[i])
			PG_RETURN_BOOL(true);
	PG_RETURN_BOOL(false);
}

/* Never GIN_TRUE for a query that needs a recheck (see jsonb_path_ops). */
PG_FUNCTION_INFO_V1(game_gin_triconsistent);
Datum
game_gin_triconsistent(PG_FUNCTION_ARGS)
{
	GinTernaryValue *check = (GinTernaryValue *) PG_GETARG_POINTER(0);
	StrategyNumber strategy = PG_GETARG_UINT16(1);
	int32		nkeys = PG_GETARG_INT32(3);
	GinTernaryValue result;

	if (nkeys == 0)
		PG_RETURN_GIN_TERNARY_VALUE(GIN_MAYBE);
	result = combine(check, nkeys, true);
	if (result == GIN_TRUE && !game_gin_exact(strategy, nkeys))
		result = GIN_MAYBE;
	PG_RETURN_GIN_TERNARY_VALUE(result);
}

/*
 * The GIN operator class game_pattern_ops, for g @> pattern, keys int4:
 * (window, square, piece) — the piece stood on the square at some ply of
 * the window, windows being 16 plies long (the 16th and last holds every
 * ply from 240 on).  A game that matches a pattern at some ply has all the
 * pattern's pieces in that ply's window, so a query asks for all the keys
 * of some window: far fewer candidates than "each piece at some time".
 *
 * With the option pairs (CREATE INDEX ... (g game_pattern_ops (pairs =
 * true))), a game also has a key for each pair of pieces that stood side by
 * side (a square and its neighbour to the east, north-west, north or
 * north-east: position_pairs()) at some ply of a window of 32 plies (two
 * windows of pieces; the 8th holds every ply from 224 on).  A pattern's
 * pieces that stand side by side must have stood so together in a game
 * that matches it, and such a pair is far rarer than either piece: the
 * query asks, in some window, for the pattern's pairs and for those of its
 * pieces that have no neighbour in it.  On the benchmark's 100,000 games
 * the first pattern (pawns on d5 and e4, a knight on f6) then has 4,546
 * candidates instead of 9,063, and the index scan takes 3.7 ms instead of
 * 21 (GIN no longer visits every game where a pawn stood on d5), at the
 * price of an index of 181 MB instead of 67, built in 32 s instead of 7.5.
 * An index built without the option, as every index before 0.8.0 was, has
 * no such keys and is searched by the pieces alone.  The candidates are
 * rechecked.
 */
#define PATTERN_WINDOW_PLIES	16
#define PATTERN_WINDOWS		16
#define PATTERN_KEY(window, sq, pc)	Int32GetDatum(((window) << 12) | ((sq) << 4) | (pc))

/* a pair: its window, the square, its neighbour in direction dir (0-3: +1, +7, +8, +9), their pieces */
#define PAIR_SPAN			2		/* windows of pieces a window of pairs spans */
#define PAIR_WINDOW_PLIES	(PATTERN_WINDOW_PLIES * PAIR_SPAN)
#define PAIR_WINDOWS		(PATTERN_WINDOWS / PAIR_SPAN)
#define PAIR_FLAG			(1 << 30)
#define PAIR_KEY(window, code)	(PAIR_FLAG | ((window) << 16) | (code))	/* code: PAIR_CODE() */
#define PAIR_KEYS			(PAIR_WINDOWS << 16)

StaticAssertDecl(PATTERN_WINDOWS % PAIR_SPAN == 0, "windows of pairs span whole windows of pieces");
StaticAssertDecl((PATTERN_WINDOWS << 12) <= PAIR_FLAG && PATTERN_PIECE(0) < PATTERN_PIECE(11),
				 "a window's pieces sort by square, then piece, below every pair");

typedef struct GamePatternOptions
{
	int32		vl_len_;		/* varlena header (do not touch directly!) */
	bool		pairs;			/* index pairs of neighbouring pieces */
} GamePatternOptions;

PG_FUNCTION_INFO_V1(game_pattern_options);
Datum
game_pattern_options(PG_FUNCTION_ARGS)
{
	local_relopts *relopts = (local_relopts *) PG_GETARG_POINTER(0);

	init_local_reloptions(relopts, sizeof(GamePatternOptions));
	add_local_bool_reloption(relopts, "pairs",
							 "index the pairs of pieces that stood side by side",
							 false, offsetof(GamePatternOptions, pairs));
	PG_RETURN_VOID();
}

static bool
pattern_pairs_option(FunctionCallInfo fcinfo)
{
	return PG_HAS_OPCLASS_OPTIONS() &&
		((GamePatternOptions *) PG_GET_OPCLASS_OPTIONS())->pairs;
}

/*
 * The pairs of a game, each once: a bitmap of every key, and a bitmap of its
 * words that are not zero, so that the keys come out in their order (as GIN
 * wants them: it sorts what extractValue returns, through the operator
 * class's comparison function, and only checks keys already sorted).  Kept
 * in fn_extra and cleared word by word after each game (all of it when a
 * game's reading did not end).
 */
#define PAIR_WORDS (PAIR_KEYS / 64)

StaticAssertDecl(PAIR_WORDS % 64 == 0, "whole words of used");

typedef struct PairSet
{
	uint64		seen[PAIR_WORDS];
	uint64		used[PAIR_WORDS / 64];	/* the words of seen that are not zero */
	int			nkeys;
	bool		reading;		/* a game is being read */
} PairSet;

/* Adds the pairs of pos in window w that have a piece on one of the squares of near. */
static void
add_pairs(PairSet *set, const Position *pos, int w, Bitboard near)
{
	uint16		codes[PAIRS_MAX];
	int			n = position_pairs(pos, near, codes),
				i;

	for (i = 0; i < n; i++)
	{
		int			bit = PAIR_KEY(w, codes[i]) & (PAIR_KEYS - 1);
		uint64		b = UINT64_C(1) << (bit % 64);

		if (set->seen[bit / 64] & b)
			continue;
		set->seen[bit / 64] |= b;
		set->used[bit / 64 / 64] |= UINT64_C(1) << (bit / 64 % 64);
		set->nkeys++;
	}
}

/* Writes the pairs' keys in ascending order to keys and clears the set; returns their number. */
static int
take_pairs(PairSet *set, Datum *keys)
{
	int			n = 0,
				u;

	for (u = 0; u < PAIR_WORDS / 64; u++)
		while (set->used[u])
		{
			int			word = u * 64 + bb_pop(&set->used[u]);

			while (set->seen[word])
				keys[n++] = Int32GetDatum(PAIR_FLAG | (word * 64 + bb_pop(&set->seen[word])));
		}
	set->nkeys = 0;
	return n;
}

PG_FUNCTION_INFO_V1(game_pattern_extract_value);
Datum
game_pattern_extract_value(PG_FUNCTION_ARGS)
{
	struct varlena *g = PG_GETARG_GAME_P(0);
	int32	   *nkeys = (int32 *) PG_GETARG_POINTER(1);
	PairSet    *pairs = NULL;
	GameReader	r;
	Datum	   *keys;
	Bitboard	stood[PATTERN_WINDOWS][12],
				near = ~(Bitboard) 0;	/* every pair of the start */
	int			windows,
				pw = -1,
				w,
				i;

	if (pattern_pairs_option(fcinfo))
	{
		if (fcinfo->flinfo->fn_extra == NULL)
			fcinfo->flinfo->fn_extra = MemoryContextAllocZero(fcinfo->flinfo->fn_mcxt, sizeof(PairSet));
		pairs = fcinfo->flinfo->fn_extra;
		if (pairs->reading)
		{
			memset(pairs->seen, 0, sizeof(pairs->seen));
			memset(pairs->used, 0, sizeof(pairs->used));
		}
		pairs->reading = true;
		pairs->nkeys = 0;
	}
	memset(stood, 0, sizeof(stood));
	game_reader_init(&r, GAME_DATA(g), GAME_LEN(g));
	for (;;)
	{
		w = Min(r.ply / PATTERN_WINDOW_PLIES, PATTERN_WINDOWS - 1);
		for (i = 0; i < 12; i++)
			stood[w][i] |= r.pos.by_color[i / 6] & r.pos.by_kind[i % 6 + 1];
		if (pairs)
		{
			if (w / PAIR_SPAN != pw)
				near = ~(Bitboard) 0;	/* a new window: every pair again */
			pw = w / PAIR_SPAN;
			add_pairs(pairs, &r.pos, pw, near);
		}
		if (r.ply == r.plies)
			break;
		if (pairs)
		{
			Position	before = r.pos;

			game_reader_next(&r);
			near = pairs_changed(&before, &r.pos);	/* where a new pair can be */
		}
		else
			game_reader_next(&r);
	}
	windows = w + 1;
	*nkeys = 0;
	for (w = 0; w < windows; w++)
		for (i = 0; i < 12; i++)
			*nkeys += bb_count(stood[w][i]);
	keys = palloc(sizeof(Datum) * (*nkeys + (pairs ? pairs->nkeys : 0) + 1));
	*nkeys = 0;
	/* in ascending order (window, square, piece), the pairs' keys above them all */
	for (w = 0; w < windows; w++)
	{
		Bitboard	any = 0;

		for (i = 0; i < 12; i++)
			any |= stood[w][i];
		while (any)
		{
			Square		sq = bb_pop(&any);

			for (i = 0; i < 12; i++)
				if (stood[w][i] & SQ_BB(sq))
					keys[(*nkeys)++] = PATTERN_KEY(w, sq, PATTERN_PIECE(i));
		}
	}
	if (pairs)
	{
		*nkeys += take_pairs(pairs, keys + *nkeys);
		pairs->reading = false;
	}
	PG_RETURN_POINTER(keys);
}

/*
 * The query, window by window: the pattern's pieces in each window of 16
 * plies; with the option pairs, only its pieces that have no neighbour in
 * the pattern there, and then its pairs in each window of 32 plies.
 */
PG_FUNCTION_INFO_V1(game_pattern_extract_query);
Datum
game_pattern_extract_query(PG_FUNCTION_ARGS)
{
	int32	   *nkeys = (int32 *) PG_GETARG_POINTER(1);
	StrategyNumber strategy = PG_GETARG_UINT16(2);
	int32	   *searchMode = (int32 *) PG_GETARG_POINTER(6);
	Pattern		p;
	Datum	   *keys;
	uint16		codes[PAIRS_MAX];
	Bitboard	paired = 0;
	int			pieces = 0,
				npairs = 0,
				w,
				i;

	if (strategy != STRATEGY_PATTERN)
		elog(ERROR, "game_pattern_ops: unknown strategy %d", strategy);
	pattern_from_datum(PG_GETARG_PATTERN_P(0), &p);
	for (i = 0; i < 12; i++)
		pieces += bb_count(p.pieces[i]);
	*nkeys = 0;
	if (pieces == 0)
	{
		*searchMode = GIN_SEARCH_MODE_ALL;
		PG_RETURN_POINTER(NULL);
	}
	if (pattern_pairs_option(fcinfo))
		npairs = pattern_pairs(&p, codes, &paired);
	keys = palloc(sizeof(Datum) * (pieces * PATTERN_WINDOWS + npairs * PAIR_WINDOWS));
	for (w = 0; w < PATTERN_WINDOWS; w++)
		for (i = 0; i < 12; i++)
		{
			Bitboard	b = p.pieces[i] & ~paired;

			while (b)
				keys[(*nkeys)++] = PATTERN_KEY(w, bb_pop(&b), PATTERN_PIECE(i));
		}
	for (w = 0; w < PAIR_WINDOWS; w++)
		for (i = 0; i < npairs; i++)
			keys[(*nkeys)++] = Int32GetDatum(PAIR_KEY(w, codes[i]));
	PG_RETURN_POINTER(keys);
}

/*
 * Keys come window by window: the pieces of each window of 16 plies, then
 * the pairs of each window of 32.  A candidate has all the pieces of some
 * window and all the pairs of the window that holds it.  Never exact (the
 * pieces may have stood there at different plies).
 */
static GinTernaryValue
some_window(const GinTernaryValue *check, int nkeys, const Datum *queryKeys)
{
	int			npairs = 0,
				per,
				per_pair,
				w;
	GinTernaryValue result = GIN_FALSE;

	while (npairs < nkeys && (DatumGetInt32(queryKeys[nkeys - 1 - npairs]) & PAIR_FLAG))
		npairs++;
	per = (nkeys - npairs) / PATTERN_WINDOWS;
	per_pair = npairs / PAIR_WINDOWS;
	for (w = 0; w < PATTERN_WINDOWS; w++)
	{
		const GinTernaryValue *pair_check = check + PATTERN_WINDOWS * per + (w / PAIR_SPAN) * per_pair;

		if (combine(check + w * per, per, false) != GIN_FALSE &&
			combine(pair_check, per_pair, false) != GIN_FALSE)
			result = GIN_MAYBE;
	}
	return result;
}

PG_FUNCTION_INFO_V1(game_pattern_consistent);
Datum
game_pattern_consistent(PG_FUNCTION_ARGS)
{
	bool	   *check = (bool *) PG_GETARG_POINTER(0);
	int32		nkeys = PG_GETARG_INT32(3);
	bool	   *recheck = (bool *) PG_GETARG_POINTER(5);
	GinTernaryValue *tri = palloc(sizeof(GinTernaryValue) * (nkeys + 1));
	int			i;

	*recheck = true;
	if (nkeys == 0)
		PG_RETURN_BOOL(true);
	for (i = 0; i < nkeys; i++)
		tri[i] = check[i] ? GIN_TRUE : GIN_FALSE;
	PG_RETURN_BOOL(some_window(tri, nkeys, (Datum *) PG_GETARG_POINTER(6)) != GIN_FALSE);
}

PG_FUNCTION_INFO_V1(game_pattern_triconsistent);
Datum
game_pattern_triconsistent(PG_FUNCTION_ARGS)
{
	GinTernaryValue *check = (GinTernaryValue *) PG_GETARG_POINTER(0);
	int32		nkeys = PG_GETARG_INT32(3);

	if (nkeys == 0)
		PG_RETURN_GIN_TERNARY_VALUE(GIN_MAYBE);
	PG_RETURN_GIN_TERNARY_VALUE(some_window(check, nkeys, (Datum *) PG_GETARG_POINTER(5)));
}
