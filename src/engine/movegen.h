/*
 * movegen.h — move generation: legal and pseudo-legal moves, legality,
 * checkmate and stalemate.  Above make_move.h (it plays moves to test
 * them); diagnose.h and perft.h are above it.
 */
#ifndef CHESS_ENGINE_MOVEGEN_H
#define CHESS_ENGINE_MOVEGEN_H

#include "make_move.h"

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
 * Whether the castling of right i, pseudo-legal (held, its squares empty),
 * is legal: the king not in check, and no square of its way attacked.
 */
extern bool castle_legal(const Position *pos, int i);

/* The pseudo-legal targets of the king of the side to move on from, castling included. */
extern Bitboard king_pseudo_targets(const Position *pos, Square from);

/*
 * The target squares of one piece of the side to move among the pseudo-
 * legal moves, by the rules gen_pseudo_legal() makes its moves with:
 * castling onto the square castle_move() writes (g1, or the rook's square
 * in Chess960), en passant onto the en passant square.  A pawn's targets
 * on the last rank are four moves each.  Inline: a game's reader asks it
 * at every ply.
 */
static inline Bitboard
piece_pseudo_targets(const Position *pos, Square from)
{
	Color		us = (Color) pos->side;
	PieceKind	kind = PIECE_KIND(pos->board[from]);
	Bitboard	own = pos->by_color[us],
				theirs = pos->by_color[us ^ 1],
				occ = own | theirs,
				one,
				two,
				pawn;

	/*
	 * Every kind's targets at once, the piece's kept by masks: a branch on
	 * the kind, which the processor cannot foresee, cost a game's reader
	 * more than the lookups it saves (test/bench/encodings on EPYC-f: 38.5
	 * ns a ply with a switch, 35.1 so).  Castling is the rare branch.
	 */
	if (__builtin_expect(kind == KING && (pos->castling & (3 << (2 * us))), 0))
		return king_pseudo_targets(pos, from);
	one = (us == WHITE ? SQ_BB(from) << 8 : SQ_BB(from) >> 8) & ~occ;
	two = (us == WHITE ? (one & BB_RANK_3) << 8 : (one & BB_RANK_6) >> 8) & ~occ;
	pawn = (bb_pawn_attacks[us][from] & (theirs | (pos->ep != SQ_NONE ? SQ_BB(pos->ep) : 0))) | one | two;
	return ((pawn & -(Bitboard) (kind == PAWN)) |
			(bb_knight[from] & -(Bitboard) (kind == KNIGHT)) |
			(bb_bishop_attacks(from, occ) & -(Bitboard) (kind == BISHOP || kind == QUEEN)) |
			(bb_rook_attacks(from, occ) & -(Bitboard) (kind == ROOK || kind == QUEEN)) |
			(bb_king[from] & -(Bitboard) (kind == KING))) & ~own;
}

/*
 * Whether a pseudo-legal move m (one that piece_pseudo_targets() holds,
 * with its promotion) of the piece on its from-square, of kind kind, is
 * legal: it leaves the mover's king safe — the occupancy after the move tells
 * it without playing it (the piece taken, on to, attacks nothing; en
 * passant, which empties two squares, has its own test).  Castling, whose
 * squares on the way must be safe too, is castle_legal()'s.
 */
static inline __attribute__((always_inline)) bool
pseudo_move_is_legal(const Position *pos, Move m, PieceKind kind)
{
	Color		us = (Color) pos->side;
	Color		them = (Color) (us ^ 1);
	Square		from = MOVE_FROM(m),
				to = MOVE_TO(m);
	Bitboard	occ;
	int			castle;

	/* among the king's targets, only castling, of a right held (no call once both are gone) */
	if (kind == KING && (pos->castling & (3 << (2 * us))) && (castle = castle_right_of(pos, m)) >= 0)
		return castle_legal(pos, castle);
	if (kind == PAWN && to == pos->ep)
		return position_ep_capture_safe(pos, from, to);
	occ = (position_occupied(pos) ^ SQ_BB(from)) | SQ_BB(to);
	return !(position_attackers_by(pos, kind == KING ? to : position_king(pos, us), occ, them) &
			 ~SQ_BB(to));
}

/* Whether m is one of the legal moves. */
extern bool move_is_legal(const Position *pos, Move m);

/* Plays m when it is legal and returns true; otherwise leaves pos as it was. */
extern bool position_play_legal(Position *pos, Move m);

/* Check, checkmate, stalemate of the side to move. */
extern bool position_is_checkmate(const Position *pos);
extern bool position_is_stalemate(const Position *pos);

#endif							/* CHESS_ENGINE_MOVEGEN_H */
