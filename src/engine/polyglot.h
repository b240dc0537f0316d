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

#endif							/* CHESS_ENGINE_POLYGLOT_H */
