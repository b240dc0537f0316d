/*
 * perft.c — the number of leaf nodes of the legal-move tree (perft.h).
 */
#include "perft.h"

typedef struct PerftContext
{
	PerftPoll	poll;
	void	   *arg;
} PerftContext;

CHESS_HOT static uint64_t
perft_inner(const Position *pos, int depth, const PerftContext *ctx)
{
	Move		moves[MAX_MOVES];
	uint64_t	total = 0;
	int			n,
				i;

	if (depth == 1)
		return (uint64_t) count_legal(pos);
	if (ctx->poll && depth >= 3)
		ctx->poll(ctx->arg);
	n = gen_legal(pos, moves);
	for (i = 0; i < n; i++)
	{
		Position	child = *pos;

		position_play(&child, moves[i]);
		total += perft_inner(&child, depth - 1, ctx);
	}
	return total;
}

uint64_t
perft(const Position *pos, int depth, PerftPoll poll, void *arg)
{
	PerftContext ctx = {poll, arg};

	if (depth <= 0)
		return 1;
	return perft_inner(pos, depth, &ctx);
}
