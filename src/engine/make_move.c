/*
 * make_move.c — playing a move on a position (make_move.h).  It knows the
 * rules of a move's effects, not which moves are legal: the move generator
 * (movegen.c) sits above it and uses it, as Stockfish's do_move() sits with
 * its position beneath the generator.
 */
#include "make_move.h"

CHESS_HOT static void
position_play_clones(Position *pos, Move m)
{
	position_play_inline(pos, m);
}

void
position_play(Position *pos, Move m)
{
	position_play_clones(pos, m);
}
