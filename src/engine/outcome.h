/*
 * outcome.h — how a game ends: insufficient material, the fifty- and
 * seventy-five-move rules, repetitions.
 */
#ifndef CHESS_ENGINE_OUTCOME_H
#define CHESS_ENGINE_OUTCOME_H

#include "movegen.h"

/* Whether a side has too little material to checkmate by any series of moves. */
extern bool side_cannot_mate(const Position *pos, Color c);

/* Neither side can checkmate: the game is drawn (a dead position). */
extern bool position_insufficient_material(const Position *pos);

/*
 * Whether two positions are the same for the repetition rules: the same
 * pieces on the same squares, side to move, castling rights and en passant
 * square (as FEN keeps it: when a capture is legal); the clocks do not count.
 */
extern bool position_same_for_repetition(const Position *a, const Position *b);

/*
 * Whether no series of moves can lead from position now to position later,
 * by what no move undoes: a side's men and pawns are never more, a piece
 * more of a kind takes a promotion (a pawn fewer), a pawn moves only
 * forward (and a file aside only by advancing a rank), castling rights are
 * never regained.
 * False does not mean that later can be reached.  A search through the
 * positions of a game stops when this holds.
 */
extern bool position_unreachable(const Position *now, const Position *later);

/*
 * A lower bound on the plies of a game from the standard starting position
 * that reaches pos: each side moves at least once for each step its pawns
 * show (one for a double step), once for each of its knights, bishops,
 * rooks and queens off its starting squares for their kind (a promoted
 * piece is such a one, and its promotion moved no pawn that counts), and
 * once for each man it took (a capture may also be one of those moves, so
 * the larger of the two counts); White moves first, and the side to move
 * tells the parity.
 */
extern int	position_min_plies(const Position *pos);

/*
 * The result a position decides by itself, as PGN writes it: "1-0" or
 * "0-1" for checkmate, "1/2-1/2" for stalemate or insufficient material,
 * else "*".
 */
extern const char *position_result(const Position *pos);

#endif							/* CHESS_ENGINE_OUTCOME_H */
