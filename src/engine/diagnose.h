/*
 * diagnose.h — why a move is illegal, by the stage of the legal-move
 * pipeline that rejects it, and a sentence that says so.
 */
#ifndef CHESS_ENGINE_DIAGNOSE_H
#define CHESS_ENGINE_DIAGNOSE_H

#include "movegen.h"

#include <stddef.h>

/*
 * Why a move is or is not legal, by the stage of the pipeline that rejects
 * it; where names the square concerned (SQ_NONE when there is none).
 */
typedef enum MoveVerdict
{
	MV_LEGAL = 0,
	MV_NULL_MOVE,				/* 0000 is no move of the game */
	MV_NO_PIECE,				/* nothing on the from-square */
	MV_WRONG_SIDE,				/* a piece of the side not to move */
	MV_CANNOT_MOVE_THAT_WAY,	/* not this piece's movement */
	MV_PAWN_CAPTURE_ONLY,		/* a pawn moves diagonally only to capture */
	MV_PAWN_BLOCKED,			/* a pawn's step onto an occupied square */
	MV_PATH_BLOCKED,			/* a piece stands between; where = the first one */
	MV_OWN_PIECE,				/* the target holds a piece of the mover's own */
	MV_CASTLE_NO_RIGHT,			/* the castling right is gone */
	MV_CASTLE_BLOCKED,			/* where = an occupied square between king and rook */
	MV_CASTLE_IN_CHECK,			/* castling out of check */
	MV_CASTLE_THROUGH_CHECK,	/* where = the attacked square the king crosses */
	MV_CASTLE_INTO_CHECK,		/* where = the attacked square the king lands on */
	MV_PROMOTION_MISSING,		/* a pawn reaching the last rank must promote */
	MV_PROMOTION_NOT_PAWN,		/* only a pawn promotes */
	MV_KING_INTO_CHECK,			/* the king moves onto an attacked square; where = an attacker */
	MV_LEAVES_KING_IN_CHECK		/* the own king would be in check; where = an attacker */
} MoveVerdict;

extern MoveVerdict move_diagnose(const Position *pos, Move m, Square *where);

/* A full sentence for errdetail: why m is illegal in pos. */
extern void move_verdict_message(const Position *pos, Move m, MoveVerdict verdict,
								 Square where, char *out, size_t size);

#endif							/* CHESS_ENGINE_DIAGNOSE_H */
