/*
 * query_flip.c — a query with the colours swapped and the board upside
 * down (query.h's "flip"): White's rules become Black's, squares, patterns
 * and FENs flip, White's wins become Black's.
 */
#include "query.h"

#include "features.h"

#include <string.h>

static void *
copy_array(QueryAlloc alloc, void *ctx, const void *a, int n, size_t size)
{
	void	   *out;

	if (n == 0)
		return NULL;
	out = alloc(ctx, NULL, (size_t) n * size);
	memcpy(out, a, (size_t) n * size);
	return out;
}

/* A mask of results with White's and Black's wins swapped. */
static uint8_t
flip_results(uint8_t results)
{
	return (uint8_t) ((results & ~3) | ((results & 1) << 1) | ((results >> 1) & 1));
}

GameQuery *
query_flipped(const GameQuery *q, QueryAlloc alloc, void *ctx)
{
	GameQuery  *f = alloc(ctx, NULL, sizeof(GameQuery));
	int			i,
				k;

	*f = *q;
	f->flipped = NULL;
	f->results = flip_results(q->results);
	f->conditions = copy_array(alloc, ctx, q->conditions, q->nconditions, sizeof(QueryCondition));
	for (i = 0; i < q->nconditions; i++)
	{
		QueryCondition *c = &f->conditions[i];

		c->stm ^= 1;
		c->results = flip_results(c->results);
		for (k = 0; k < QF_COUNT; k++)
			if (c->counts[k].color >= 0)
				c->counts[k].color ^= 1;
	}
	f->patterns = copy_array(alloc, ctx, q->patterns, q->npatterns, sizeof(Pattern));
	f->reaches = copy_array(alloc, ctx, q->reaches, q->npatterns, sizeof(PatternReach));
	for (i = 0; i < q->npatterns; i++)
	{
		pattern_flip(&q->patterns[i], &f->patterns[i]);
		pattern_reach_init(&f->patterns[i], &f->reaches[i]);
	}
	f->materials = copy_array(alloc, ctx, q->materials, q->nmaterials, sizeof(MaterialQuery));
	for (i = 0; i < q->nmaterials; i++)
		material_query_flip(&f->materials[i]);
	f->imbalances = copy_array(alloc, ctx, q->imbalances, q->nimbalances, sizeof(QueryImbalance));
	for (i = 0; i < q->nimbalances; i++)
		for (k = 0; k < MATERIAL_KINDS; k++)
			f->imbalances[i].diff[k] = (int8_t) -f->imbalances[i].diff[k];
	f->moves = copy_array(alloc, ctx, q->moves, q->nmoves, sizeof(QueryMove));
	for (i = 0; i < q->nmoves; i++)
	{
		QueryMove  *m = &f->moves[i];

		m->color ^= 1;
		m->to ^= 56;
		if (m->from_rank >= 0)
			m->from_rank = (int8_t) (7 - m->from_rank);
	}
	f->boards = copy_array(alloc, ctx, q->boards, q->nboards, sizeof(Position));
	for (i = 0; i < q->nboards; i++)
		position_flip(&q->boards[i], &f->boards[i]);
	f->manoeuvres = copy_array(alloc, ctx, q->manoeuvres, q->nmanoeuvres, sizeof(QueryManoeuvre));
	for (i = 0; i < q->nmanoeuvres; i++)
	{
		f->manoeuvres[i].color ^= 1;
		for (k = 0; k < f->manoeuvres[i].nsquares; k++)
			f->manoeuvres[i].squares[k] ^= 56;
	}
	query_quick_tests(f, alloc, ctx);
	return f;
}

