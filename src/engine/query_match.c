/*
 * query_match.c — replaying a game against a query of Scoutfish's language
 * (query.h): a condition tried on a position and the move played from it,
 * the conditions of sequences and streaks met in turn.
 */
#include "query.h"

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

bool
query_condition_met(const GameQuery *q, const QueryCondition *c, const Position *pos, Move m, bool last)
{
	uint32_t	rules = c->rules;
	int			i;

	if ((rules & QR_STM) && pos->side != c->stm)
		return false;
	if (rules & QR_NEEDS_MOVE)
	{
		Square		from,
					to;
		PieceKind	kind;
		int			castle;
		PieceKind	taken;

		if (last)
			return false;
		from = MOVE_FROM(m);
		to = MOVE_TO(m);
		kind = PIECE_KIND(pos->board[from]);
		castle = kind == KING ? castle_right_of(pos, m) : -1;
		taken = castle >= 0 ? NO_KIND
			: pos->board[to] != NO_PIECE ? PIECE_KIND(pos->board[to])
			: kind == PAWN && SQ_FILE(from) != SQ_FILE(to) ? PAWN : NO_KIND;
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
	if (rules & QR_RESULT_TYPE)
	{
		if (!last || count_legal(pos) != 0 || position_in_check(pos) != (c->result_type == 1))
			return false;
	}
	return true;
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

	for (;;)
	{
		const QueryCondition *c;
		int			p = r->ply;
		bool		last = p == r->plies;
		bool		advanced = false;
		bool		met;

		/* in a streak, past its first condition, a ply missed starts the query again */
		if (q->conditions[k].streak && !q->conditions[k].streak_head && plies[k - 1] != p - 1)
			k = 0;
		c = &q->conditions[k];

		/*
		 * A condition out of reach for good ends the game, unless a
		 * streak's miss may start the query again.
		 */
		if ((c->rules & (QR_SUBFEN | QR_MATERIAL)) && (!c->streak || c->streak_head) &&
			condition_unreachable(q, c, &r->pos))
			return 0;
		if (c->rules & QR_NEEDS_MOVE && !last)
		{
			Position	before = r->pos;
			Move		m = game_reader_next(r);

			if (game_reader_failed(r))
				return -1;
			advanced = true;
			met = query_condition_met(q, c, &before, m, false);
		}
		else
			met = query_condition_met(q, c, &r->pos, MOVE_NULL, last);
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
			game_reader_next(r);
			if (game_reader_failed(r))
				return -1;
		}
		if (poll && (p & 4095) == 4095)
			poll(arg);
	}
}
