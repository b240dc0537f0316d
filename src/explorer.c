/*
 * explorer.c — what an opening explorer aggregates, read from a game in one
 * pass: position_moves(game).
 */
#include "chess.h"

#include "engine/polyglot.h"

#include "miscadmin.h"

/* One (position, move) a game plays, its position packed without clocks. */
typedef struct Played
{
	uint64		key;
	Move		move;
	ChessPosition packed;
} Played;

static bool
played_same(const Played *a, const Played *b)
{
	return a->key == b->key && a->move == b->move &&
		memcmp(a->packed.bytes, b->packed.bytes, PACKED_POSITION_SIZE) == 0;
}

/*
 * position_moves(game) → TABLE(key bigint, position position, move move):
 * each position a game plays a move from, with that move, once per game
 * however often the game plays it there, the position's clocks cleared
 * (halfmove 0, fullmove 1: as without_clocks() gives it) and its Polyglot
 * key: what an opening explorer counts, without a position value to read
 * back for each key (the recipe's explorer was built from positions(),
 * polyglot_key() and without_clocks(), which read every position again).
 * A game's repeated pairs are found by a hash of the keys, sized to the
 * game.
 */
PG_FUNCTION_INFO_V1(game_position_moves);
Datum
game_position_moves(PG_FUNCTION_ARGS)
{
	struct varlena *g = PG_GETARG_GAME_P(0);
	ReturnSetInfo *rsinfo = chess_materialize(fcinfo);
	GameReader	r;
	Played	   *played;
	int		   *slot;
	int			nslots = 64,
				n = 0,
				i;

	chess_game_reader(&r, g);
	while (nslots < 2 * r.plies)
		nslots *= 2;
	played = palloc(sizeof(Played) * Max(r.plies, 1));
	slot = palloc(sizeof(int) * nslots);
	memset(slot, -1, sizeof(int) * nslots);
	while (r.ply < r.plies)
	{
		Played	   *p = &played[n];
		Position	pos = r.pos;
		int			h;

		if ((r.ply & 4095) == 4095)
			CHECK_FOR_INTERRUPTS();
		p->key = polyglot_key(&pos);
		pos.halfmove = 0;
		pos.fullmove = 1;
		position_pack(&pos, p->packed.bytes);
		p->move = chess_game_next(&r);
		for (h = (int) ((p->key ^ (p->key >> 29) ^ p->move) & (uint64) (nslots - 1));
			 slot[h] >= 0 && !played_same(&played[slot[h]], p);
			 h = (h + 1) & (nslots - 1))
			;
		if (slot[h] >= 0)
			continue;			/* played here before */
		slot[h] = n++;
	}
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
	pfree(slot);
	return (Datum) 0;
}
