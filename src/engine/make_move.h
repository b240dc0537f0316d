/*
 * make_move.h — playing a move: the unit beneath move generation.
 */
#ifndef CHESS_ENGINE_MAKE_MOVE_H
#define CHESS_ENGINE_MAKE_MOVE_H

#include "position.h"

/*
 * Plays a pseudo-legal move (castling as the king's two-square move, en
 * passant, promotion), updating castling rights, the en passant square, the
 * clocks and the side to move.  The en passant square is set after every
 * double step; position_pack() and fen_write() keep it only when a capture is
 * legal.  Clocks saturate at 65535.
 */
extern void position_play(Position *pos, Move m);

#endif							/* CHESS_ENGINE_MAKE_MOVE_H */
