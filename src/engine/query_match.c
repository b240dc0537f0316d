/*
 * query_match.c — replaying a game against a query of Scoutfish's language
 * (query.h): a condition tried on a position and the move played from it,
 * the conditions of sequences and streaks met in turn.
 */
#include "query.h"

#include "features.h"
#include "make_move.h"
#include "movegen.h"

#include <string.h>

static bool
move_matches(const QueryMove *qm, const Position *pos, Move m, PieceKind kind, int castle, bool takes)
{
	Square		from = MOVE_FROM(m);

	if (qm->color != pos->side || qm->kind != kind)
		return false;
	if (qm->castle)
		return castle >= 0 && qm->castle == (CASTLE_KINGSIDE(castle) ? 1 : 2);
	return castle < 0 && qm->to == MOVE_TO(m) && (!qm->capture || takes) &&
		(qm->from_file < 0 || qm->from_file == SQ_FILE(from)) &&
		(qm->from_rank < 0 || qm->from_rank == SQ_RANK(from)) &&
		(qm->promotion == NO_KIND || qm->promotion == MOVE_PROMO(m));
}

/* the tests compare query_match() with and without the quick tests below */
static bool quick_tests = true;

void
query_use_quick_tests(bool on)
{
	quick_tests = on;
}

/* p's probe (query.h's PatternProbe). */
static PatternProbe
pattern_probe(const Pattern *p)
{
	static const PieceKind order[] = {QUEEN, ROOK, BISHOP, KNIGHT, PAWN, KING};
	PatternProbe probe = {64, NO_PIECE};
	int			i,
				c;

	for (i = 0; i < 6; i++)
		for (c = WHITE; c <= BLACK; c++)
		{
			Bitboard	b = p->pieces[c * 6 + order[i] - 1];

			if (b)
			{
				probe.sq = (uint8_t) bb_lsb(b);
				probe.piece = (uint8_t) PIECE_MAKE(c, order[i]);
				return probe;
			}
		}
	return probe;
}

void
query_quick_tests(GameQuery *q, QueryAlloc alloc, void *ctx)
{
	int			i,
				k;

	for (i = 0; i < q->nconditions; i++)
	{
		QueryCondition *c = &q->conditions[i];

		c->seek.to[WHITE] = c->seek.to[BLACK] = (c->rules & QR_MOVE) ? 0 : ~(Bitboard) 0;
		c->seek.kinds = (c->rules & QR_MOVE) ? 0 : 0xFF;
		c->seek.also = c->seek.castlings = 0;
		for (k = c->move_at; k < c->move_at + c->nmoves; k++)
		{
			if (q->moves[k].castle)
				c->seek.castlings |= (uint8_t) (1 << (2 * q->moves[k].color + (q->moves[k].castle == 2)));
			else
			{
				c->seek.to[q->moves[k].color] |= SQ_BB(q->moves[k].to);
				c->seek.kinds |= (uint8_t) (1 << q->moves[k].kind);
			}
		}
		if (c->rules & QR_MOVED)
		{
			c->seek.kinds &= c->moved;
			if (!((c->moved >> KING) & 1))
				c->seek.castlings = 0;
		}
		c->seek.takes = (c->rules & QR_CAPTURED) != 0;
		c->material_totals = 0;
		for (k = c->material_at; k < c->material_at + c->nmaterials; k++)
		{
			int			total = 0,
						j;

			for (j = 0; j < 2 * MATERIAL_KINDS; j++)
				total += q->materials[k].min[j / MATERIAL_KINDS][j % MATERIAL_KINDS];
			if (total < 32)
				c->material_totals |= (uint32_t) 1 << total;
		}
		memset(&c->material_seek, 0, sizeof(c->material_seek));
		c->material_seek.also = GAME_SEEK_CAPTURES | GAME_SEEK_PROMOTIONS;
		if (c->rules & QR_MATERIAL)
			c->material_seek.men_out = ~(c->material_totals | ((c->material_totals & -c->material_totals) - 1));
		if (c->rules & QR_IMBALANCE)
		{
			uint32_t	leads = 0;

			for (k = c->imbalance_at; k < c->imbalance_at + c->nimbalances; k++)
			{
				int			lead = 16,
							j;

				for (j = 0; j < MATERIAL_KINDS; j++)
					lead += q->imbalances[k].diff[j];
				if (lead >= 0 && lead < 32)
					leads |= (uint32_t) 1 << lead;
			}
			c->material_seek.lead_out = ~leads;
		}
	}
	q->probes = q->npatterns > 0 ? alloc(ctx, NULL, (size_t) q->npatterns * sizeof(PatternProbe)) : NULL;
	for (i = 0; i < q->npatterns; i++)
		q->probes[i] = pattern_probe(&q->patterns[i]);
	for (i = 0; i < q->nconditions; i++)
	{
		QueryCondition *c = &q->conditions[i];
		GameSeek   *s = &c->probe_seek;

		/*
		 * The moves onto a probe's square, a castling when it is on its
		 * side's first rank, and, when a pattern has pawns, where the
		 * reach may change (the counts, the pawns' squares): a game out
		 * of reach of such a pattern ends early (its pawns went by),
		 * where the others' reach, by the counts alone, is lost seldom,
		 * and stopping at every capture for it cost more than it saved
		 * (sub-fen [qa5, ra5] on the benchmark's corpus: 505 ms so, 447
		 * without).
		 */
		memset(s, 0, sizeof(*s));
		s->kinds = 0xFF;
		c->probe_seekable = (c->rules & QR_SUBFEN) != 0;
		for (k = c->subfen_at; k < c->subfen_at + c->nsubfens; k++)
		{
			PatternProbe p = q->probes[k];
			Color		color = PIECE_COLOR(p.piece);
			Bitboard	first = color == WHITE ? BB_RANK_1 : BB_RANK_8;

			if (p.sq == 64)
			{
				c->probe_seekable = false;	/* a pattern of no piece */
				continue;
			}
			if (q->reaches[k].ncones > 0)
				s->also |= GAME_SEEK_CAPTURES | GAME_SEEK_PAWN_MOVES | GAME_SEEK_PROMOTIONS;
			s->to[color] |= SQ_BB(p.sq);
			if (first & SQ_BB(p.sq))
				s->castlings |= (uint8_t) (3 << (2 * color));
		}
	}
}

/* The kind of the piece m takes from pos (position_move_takes()), or NO_KIND. */
static inline PieceKind
move_taken(const Position *pos, Move m)
{
	Square		to = MOVE_TO(m);

	if (!position_move_takes(pos, m, PIECE_KIND(pos->board[MOVE_FROM(m)])))
		return NO_KIND;
	return pos->board[to] != NO_PIECE ? PIECE_KIND(pos->board[to]) : PAWN;	/* else en passant's */
}

static Bitboard
pinned_pieces(const Position *pos, Color c)
{
	return position_pinned(pos, c, NULL);
}

/* The sets of squares the colour-wise count rules count, by QueryFeature (checkers and mobility aside). */
static Bitboard (*const feature_sets[QF_COUNT]) (const Position *, Color) = {
	[QF_PINNED] = pinned_pieces,
	[QF_PASSED] = pawns_passed,
	[QF_ISOLATED] = pawns_isolated,
	[QF_DOUBLED] = pawns_doubled,
	[QF_CONNECTED] = pawns_connected,
};

/* A feature's count in a position, of one colour (or both: -1). */
static int
feature_count(const Position *pos, QueryFeature f, int color)
{
	Bitboard	found = 0;
	int			c;

	if (f == QF_CHECKERS)
		return bb_count(position_checkers(pos));
	if (f == QF_MOBILITY)
		return count_legal(pos);
	for (c = WHITE; c <= BLACK; c++)
		if (color < 0 || color == c)
			found |= feature_sets[f] (pos, (Color) c);
	return bb_count(found);
}

bool
query_condition_met(const GameQuery *q, const QueryCondition *c, const Position *pos, Move m, bool last)
{
	uint32_t	rules = c->rules;
	int			i;

	if (rules & QR_MANOEUVRE)
		return false;

	if ((rules & QR_STM) && pos->side != c->stm)
		return false;
	if (rules & QR_NEEDS_MOVE)
	{
		PieceKind	kind;
		int			castle;
		PieceKind	taken;

		if (last)
			return false;
		kind = PIECE_KIND(pos->board[MOVE_FROM(m)]);
		castle = kind == KING ? castle_right_of(pos, m) : -1;
		taken = move_taken(pos, m);
		if ((rules & QR_MOVED) && !((c->moved >> kind) & 1))
			return false;
		if ((rules & QR_QUIET) && taken != NO_KIND)
			return false;
		if ((rules & QR_CAPTURED) && (taken == NO_KIND || !((c->captured >> taken) & 1)))
			return false;
		if (rules & QR_MOVE)
		{
			const QueryMove *qm = q->moves + c->move_at;

			for (i = 0; i < c->nmoves && !move_matches(&qm[i], pos, m, kind, castle, taken != NO_KIND); i++)
				;
			if (i == c->nmoves)
				return false;
		}
	}
	if (rules & (QR_MATERIAL | QR_IMBALANCE))
	{
		uint8_t		counts[2][MATERIAL_KINDS];

		material_counts(pos, counts);
		if (rules & QR_MATERIAL)
		{
			const MaterialQuery *mq = q->materials + c->material_at;

			for (i = 0; i < c->nmaterials && memcmp(mq[i].min, counts, sizeof(counts)) != 0; i++)
				;
			if (i == c->nmaterials)
				return false;
		}
		if (rules & QR_IMBALANCE)
		{
			const QueryImbalance *qi = q->imbalances + c->imbalance_at;
			int8_t		diff[MATERIAL_KINDS];
			int			k;

			for (k = 0; k < MATERIAL_KINDS; k++)
				diff[k] = (int8_t) (counts[0][k] - counts[1][k]);
			for (i = 0; i < c->nimbalances && memcmp(qi[i].diff, diff, sizeof(diff)) != 0; i++)
				;
			if (i == c->nimbalances)
				return false;
		}
	}
	if (rules & QR_SUBFEN)
	{
		const Pattern *p = q->patterns + c->subfen_at;

		for (i = 0; i < c->nsubfens && !pattern_matches(&p[i], pos); i++)
			;
		if (i == c->nsubfens)
			return false;
	}
	if (rules & (QR_SAME_PAWNS | QR_SAME_FILES))
	{
		const Position *b = q->boards + c->same_pawns_at;

		for (i = 0; i < c->nsame_pawns && !same_pawns(pos, &b[i]); i++)
			;
		if (i == c->nsame_pawns && (rules & QR_SAME_PAWNS))
			return false;
		b = q->boards + c->same_files_at;
		for (i = 0; i < c->nsame_files && !same_pawn_files(pos, &b[i]); i++)
			;
		if (i == c->nsame_files && (rules & QR_SAME_FILES))
			return false;
	}
	if (rules & QR_FEATURES)
	{
		int			f;

		for (f = 0; f < QF_COUNT; f++)
			if ((c->features >> f) & 1)
			{
				const QueryCount *qc = &c->counts[f];
				int			n = feature_count(pos, (QueryFeature) f, qc->color);

				if (n < qc->min || n > qc->max)
					return false;
			}
	}
	if (rules & QR_RESULT_TYPE)
	{
		if (!last || count_legal(pos) != 0 || position_in_check(pos) != (c->result_type == 1))
			return false;
	}
	return true;
}

/*
 * Following a manoeuvre: for each square, the hops the piece standing
 * there has made of it, as bits (bit i: it stands where hop i left it, or
 * wanders on a ".." hop i); the piece on the first square has made none.
 * A piece taken loses its hops.
 */
typedef struct ManoeuvreState
{
	uint32_t	hops[64];
} ManoeuvreState;

/*
 * The hops of a piece that had made had and goes to the square to (from
 * its first square when on_start: none made yet).
 */
static uint32_t
hops_after(const QueryManoeuvre *mv, uint32_t had, bool on_start, Square to)
{
	uint32_t	now = 0;
	int			i;

	if (on_start)
		had |= 1;
	for (i = 0; i + 1 < mv->nsquares; i++)
		if ((had >> i) & 1)
		{
			/* arrived, and (a ".." step) perhaps only passing through */
			if (to == mv->squares[i + 1])
				now |= 1u << (i + 1);
			if ((mv->loose >> i) & 1)
				now |= 1u << i;
		}
	return now;
}

/* Whether the piece on sq stands on the path's first square and is the path's piece. */
static bool
on_start(const QueryManoeuvre *mv, const Position *pos, Square sq)
{
	return sq == mv->squares[0] && pos->board[sq] == PIECE_MAKE(mv->color, mv->kind);
}

/* The move m played from pos, told to a manoeuvre's state: true when the path is complete. */
static bool
manoeuvre_move(const QueryManoeuvre *mv, ManoeuvreState *st, const Position *pos, Move m)
{
	Square		from = MOVE_FROM(m),
				to = MOVE_TO(m);
	Piece		pc = pos->board[from];
	uint32_t	done = 1u << (mv->nsquares - 1);
	int			castle = PIECE_KIND(pc) == KING ? castle_right_of(pos, m) : -1;
	uint32_t	hops;

	if (castle >= 0)
	{
		/* the king and the rook both move (in Chess960 perhaps onto each other's squares); neither takes */
		Square		rook = castle_rook(pos, castle);
		uint32_t	king_hops,
					rook_hops;

		if (PIECE_COLOR(pc) != mv->color)
			return false;
		king_hops = hops_after(mv, st->hops[from], on_start(mv, pos, from), CASTLE_KING_TO(castle));
		rook_hops = hops_after(mv, st->hops[rook], on_start(mv, pos, rook), CASTLE_ROOK_TO(castle));
		st->hops[from] = st->hops[rook] = 0;
		st->hops[CASTLE_KING_TO(castle)] = king_hops;
		st->hops[CASTLE_ROOK_TO(castle)] = rook_hops;
		return ((king_hops | rook_hops) & done) != 0;
	}
	st->hops[to] = 0;			/* a piece taken */
	if (PIECE_KIND(pc) == PAWN && to == pos->ep)
		st->hops[to ^ 8] = 0;	/* the pawn taken en passant */
	if (PIECE_COLOR(pc) != mv->color)
		return false;
	hops = hops_after(mv, st->hops[from], on_start(mv, pos, from), to);
	st->hops[from] = 0;
	st->hops[to] = hops;
	return (hops & done) != 0;
}

/*
 * Whether the move m from pos may meet c's move rules, without the call
 * that decodes the move's piece, capture and castling: most plies of a
 * move rule go to none of its target squares, and most take nothing.
 */
static inline bool
move_may_meet(const QueryCondition *c, const Position *pos, Move m)
{
	if (!game_seek_stops(&c->seek, pos, m))
		return false;
	if (c->rules & QR_CAPTURED)
	{
		PieceKind	taken = move_taken(pos, m);

		return taken != NO_KIND && ((c->captured >> taken) & 1);
	}
	return true;
}

/*
 * Whether pos may meet c's sub-FENs, by their probes: most positions have
 * not the piece a sub-FEN asks for on its square, and are told so without
 * the call that tries every rule.
 */
static inline bool
probes_may_meet(const GameQuery *q, const QueryCondition *c, const Position *pos)
{
	int			i;

	if (!(c->rules & QR_SUBFEN))
		return true;
	for (i = c->subfen_at; i < c->subfen_at + c->nsubfens; i++)
		if (q->probes[i].sq == 64 || pos->board[q->probes[i].sq] == q->probes[i].piece)
			return true;
	return false;
}

/* Whether pos may meet c's materials, by their number of men (most positions have another). */
static inline bool
material_may_meet(const QueryCondition *c, const Position *pos)
{
	return !(c->rules & QR_MATERIAL) ||
		((c->material_totals >> bb_count(position_occupied(pos) & ~pos->by_kind[KING])) & 1);
}

static inline bool
position_may_meet(const GameQuery *q, const QueryCondition *c, const Position *pos)
{
	return material_may_meet(c, pos) && probes_may_meet(q, c, pos);
}

/*
 * Whether no position from pos on can meet c: each of its sub-FENs, or
 * each of its materials, is out of reach.
 */
static bool
condition_unreachable(const GameQuery *q, const QueryCondition *c, const Position *pos)
{
	int			i;

	if (c->rules & QR_SUBFEN)
	{
		for (i = 0; i < c->nsubfens && pattern_unreachable(&q->reaches[c->subfen_at + i], pos); i++)
			;
		if (i == c->nsubfens)
			return true;
	}
	if (c->rules & QR_MATERIAL)
	{
		for (i = 0; i < c->nmaterials &&
			 material_query_unreachable(&q->materials[c->material_at + i], pos); i++)
			;
		if (i == c->nmaterials)
			return true;
	}
	return false;
}

int
query_match(const GameQuery *q, GameReader *r, int *plies, void (*poll) (void *), void *arg)
{
	int			k = 0;
	int			following = -1;	/* the manoeuvre condition st follows */
	int			work = 0;
	int			reachable = -1; /* a condition the last ply found within reach */
	ManoeuvreState st;

	for (;;)
	{
		const QueryCondition *c;
		int			p = r->ply;
		bool		last = p == r->plies;
		bool		advanced = false;
		bool		met,
					probed_out = false;

		/* in a streak, past its first condition, a ply missed starts the query again */
		if (q->conditions[k].streak && !q->conditions[k].streak_head && plies[k - 1] != p - 1)
		{
			k = 0;
			following = -1;
		}
		c = &q->conditions[k];
		if ((c->rules & QR_MANOEUVRE) && following != k)
		{
			memset(&st, 0, sizeof(st));
			following = k;
		}

		/*
		 * A condition out of reach for good ends the game, unless a
		 * streak's miss may start the query again.  After a move that
		 * neither took nor moved a pawn (its halfmove clock not reset), the
		 * material and the pawns are the last ply's, and a condition it
		 * found within reach is still (the reach of sub-FENs and materials
		 * counts pieces and looks at pawns alone; after a seek past several
		 * plies the reach is tested again).
		 */
		if ((c->rules & (QR_SUBFEN | QR_MATERIAL)) && (!c->streak || c->streak_head))
		{
			if (!(reachable == k && quick_tests && r->pos.halfmove != 0) &&
				condition_unreachable(q, c, &r->pos))
				return 0;
			reachable = k;
		}
		else
			reachable = -1;
		if (c->rules & QR_NEEDS_MOVE && !last)
		{
			/*
			 * The moves its quick tests reject are played in one call;
			 * a streak's second condition and later one ply only, since
			 * a miss there starts the query again at the next ply.
			 */
			Move		m = quick_tests && (!c->streak || c->streak_head) ?
				game_reader_seek(r, &c->seek) : game_reader_read(r);

			if (game_reader_failed(r))
				return -1;
			work += r->ply - p;
			if (r->ply != p)
				reachable = -1; /* the plies sought past may have taken or moved pawns */
			if (m == MOVE_NULL)
				continue;		/* sought to the game's end */
			p = r->ply;
			met = (!quick_tests || (move_may_meet(c, &r->pos, m) && position_may_meet(q, c, &r->pos))) &&
				query_condition_met(q, c, &r->pos, m, false);
			if (game_reader_play(r, m) == MOVE_NULL)
				return -1;
			advanced = true;
		}
		else if ((c->rules & QR_MANOEUVRE) && !last)
		{
			Move		m = game_reader_read(r);

			if (game_reader_failed(r))
				return -1;
			met = manoeuvre_move(&q->manoeuvres[c->manoeuvre], &st, &r->pos, m);
			if (game_reader_play(r, m) == MOVE_NULL)
				return -1;
			advanced = true;
		}
		else
		{
			probed_out = quick_tests && !probes_may_meet(q, c, &r->pos);
			met = !probed_out && (!quick_tests || material_may_meet(c, &r->pos)) &&
				query_condition_met(q, c, &r->pos, MOVE_NULL, last);
		}
		if (met)
		{
			plies[k] = p;
			if (k == q->nconditions - 1)
				return q->nconditions;
			k++;
		}
		if (last)
			return 0;
		if (!advanced)
		{
			/*
			 * When c is tried again at the next ply (missed, and no
			 * streak's tail), the plies that cannot meet it are played
			 * in one call: up to the next capture or promotion after
			 * which its numbers of men may be a condition's of the
			 * material alone that missed (material_seek), up to the next move
			 * that may bring a probe's piece onto its square (or change
			 * the condition's reach) after the probes missed.
			 */
			const GameSeek *s = met || !quick_tests || (c->streak && !c->streak_head) ? NULL :
				(c->rules & ~(QR_MATERIAL | QR_IMBALANCE | QR_RESULT)) == 0 ? &c->material_seek :
				probed_out && c->probe_seekable ? &c->probe_seek : NULL;
			Move		m = s ? game_reader_seek(r, s) : game_reader_next(r);

			if (game_reader_failed(r) || (s && m != MOVE_NULL && game_reader_play(r, m) == MOVE_NULL))
				return -1;
			work += r->ply - p - 1; /* the plies beyond the one counted below */
			if (r->ply - p > 1)
				reachable = -1; /* as above */
		}
		/* a poll every 4,096 units of work: a ply, each item its condition tried, 8 for the counts */
		work += 1 + c->nsubfens + c->nmaterials + c->nimbalances + c->nmoves + c->nsame_pawns +
			c->nsame_files + (c->features ? 8 : 0);
		if (work >= 4096)
		{
			if (poll)
				poll(arg);
			work = 0;
		}
	}
}
