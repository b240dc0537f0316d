/*
 * polyglot.h — Polyglot opening-book keys.
 */
#ifndef CHESS_ENGINE_POLYGLOT_H
#define CHESS_ENGINE_POLYGLOT_H

#include "position.h"

/*
 * The Polyglot key.  The en passant file is hashed when an en passant
 * capture is legal, the square FEN output keeps; Polyglot's own rule hashes
 * it when a capture is merely pseudo-legal.  The two differ only when every
 * pawn that could capture is pinned (4k3/8/8/KPp4r/8/8/8/8 w - c6 0 2).
 */
extern uint64_t polyglot_key(const Position *pos);

/*
 * The key of after from the key of before, the position it came from by
 * one move (or any two positions): the pieces of the squares whose piece
 * changed, and the rest recomputed.  A game's positions, each from the one
 * before it, in a few nanoseconds instead of a pass over every piece.
 */
extern uint64_t polyglot_key_update(uint64_t key, const Position *before, const Position *after);

#endif							/* CHESS_ENGINE_POLYGLOT_H */
