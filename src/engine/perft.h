/*
 * perft.h — counting the leaf nodes of the legal-move tree.
 */
#ifndef CHESS_ENGINE_PERFT_H
#define CHESS_ENGINE_PERFT_H

#include "movegen.h"

/*
 * perft: the number of leaf nodes of the legal-move tree of the given depth
 * (depth 0 is 1).  poll, when not NULL, is called every few thousand nodes
 * so that the caller can abandon the search (by longjmp: the engine holds no
 * resources).  Counts are exact up to 2^64 - 1.
 */
typedef void (*PerftPoll) (void *arg);

extern uint64_t perft(const Position *pos, int depth, PerftPoll poll, void *arg);

#endif							/* CHESS_ENGINE_PERFT_H */
