/*
 * movegen.h — move generation, making moves, move diagnosis, perft.
 */
#ifndef CHESS_ENGINE_MOVEGEN_H
#define CHESS_ENGINE_MOVEGEN_H

#include "position.h"

/*
 * The most moves any position that position_validate() accepts can have,
 * legal or pseudo-legal: a side has at most 16 pieces, one of them the king.
 * A queen has at most 27 moves, more than any other piece (a pawn has at
 * most 12: two captures and a push, each promoting four ways), and a king 8
 * plus 2 castlings, so 15 * 27 + 10 = 415.  (218 is the most in a position
 * reachable in a game; positions with more queens are accepted too.)
 */
#define MAX_MOVES 415

/*
 * The four promotions of a pawn's move, written at out[n++] in the order the
 * generator lists them (and SAN's ambiguity messages with it).  A macro, so
 * that the generator's code stays as it was: as an inline function it
 * changed what gcc inlines there.
 */
#define ADD_PROMOTIONS(out, n, from, to) \
	do { \
		(out)[(n)++] = MOVE_MAKE(from, to, QUEEN); \
		(out)[(n)++] = MOVE_MAKE(from, to, ROOK); \
		(out)[(n)++] = MOVE_MAKE(from, to, BISHOP); \
		(out)[(n)++] = MOVE_MAKE(from, to, KNIGHT); \
	} while (0)

/* Legal moves of the side to move, written to out; returns their number. */
extern int	gen_legal(const Position *pos, Move *out);

/* The legal moves onto one square, in the order gen_legal() gives them. */
extern int	gen_legal_to(const Position *pos, Square dest, Move *out);

/* The number of legal moves, without writing them (perft's leaves). */
extern int	count_legal(const Position *pos);

/*
 * The number of legal moves, and each piece's legal target squares:
 * targets[from] (a pawn's promotion targets count four moves each).  Only
 * the entries of the side to move's squares are written; the others are
 * left as they were.
 */
extern int	legal_targets(const Position *pos, Bitboard targets[64]);

/*
 * Pseudo-legal moves: every move the pieces can make by their movement
 * rules on this board — blocked paths, own pieces, pawn captures and en
 * passant, castling with the right and the squares between king and rook
 * empty — before the king-safety filter: moves that leave or put the own
 * king in check, and castling out of, through or into check, are included.
 */
extern int	gen_pseudo_legal(const Position *pos, Move *out);

/*
 * The target squares of one piece of the side to move among the pseudo-
 * legal moves (a pawn's on the last rank count four moves each).
 */
extern Bitboard piece_pseudo_targets(const Position *pos, Square from);

/*
 * Plays a pseudo-legal move (castling as the king's two-square move, en
 * passant, promotion), updating castling rights, the en passant square, the
 * clocks and the side to move.  The en passant square is set after every
 * double step; position_pack() and fen_write() keep it only when a capture is
 * legal.  Clocks saturate at 65535.
 */
extern void position_play(Position *pos, Move m);

/* Whether m is one of the legal moves. */
extern bool move_is_legal(const Position *pos, Move m);

/* Plays m when it is legal and returns true; otherwise leaves pos as it was. */
extern bool position_play_legal(Position *pos, Move m);

/* Check, checkmate, stalemate of the side to move. */
extern bool position_is_checkmate(const Position *pos);
extern bool position_is_stalemate(const Position *pos);

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

/*
 * perft: the number of leaf nodes of the legal-move tree of the given depth
 * (depth 0 is 1).  poll, when not NULL, is called every few thousand nodes
 * so that the caller can abandon the search (by longjmp: the engine holds no
 * resources).  Counts are exact up to 2^64 - 1.
 */
typedef void (*PerftPoll) (void *arg);

extern uint64_t perft(const Position *pos, int depth, PerftPoll poll, void *arg);

#endif							/* CHESS_ENGINE_MOVEGEN_H */
