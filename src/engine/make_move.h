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

/* Castling rights that survive a move from or to each square (standard chess). */
static inline uint8_t
castle_keep(Square sq)
{
#define K_ CASTLE_ALL
	static const uint8_t keep[64] = {
		(uint8_t) ~CASTLE_WQ, K_, K_, K_, (uint8_t) ~(CASTLE_WK | CASTLE_WQ), K_, K_, (uint8_t) ~CASTLE_WK,
		K_, K_, K_, K_, K_, K_, K_, K_,
		K_, K_, K_, K_, K_, K_, K_, K_,
		K_, K_, K_, K_, K_, K_, K_, K_,
		K_, K_, K_, K_, K_, K_, K_, K_,
		K_, K_, K_, K_, K_, K_, K_, K_,
		K_, K_, K_, K_, K_, K_, K_, K_,
		(uint8_t) ~CASTLE_BQ, K_, K_, K_, (uint8_t) ~(CASTLE_BK | CASTLE_BQ), K_, K_, (uint8_t) ~CASTLE_BK,
	};
#undef K_
	return keep[sq];
}

/*
 * Whether every right held is castled as in standard chess, its king on e1
 * or e8 and its rook in the corner: then castle_keep() applies.
 */
static inline bool
castle_all_standard(const Position *pos)
{
	return (pos->rook_file[0] & pos->rook_file[2]) == 7 && (pos->rook_file[1] | pos->rook_file[3]) == 0 &&
		(!(pos->castling & (CASTLE_WK | CASTLE_WQ)) || pos->board[SQ_E1] == PIECE_MAKE(WHITE, KING)) &&
		(!(pos->castling & (CASTLE_BK | CASTLE_BQ)) || pos->board[SQ_E8] == PIECE_MAKE(BLACK, KING));
}

static inline void
remove_piece(Position *pos, Square sq)
{
	Piece		pc = pos->board[sq];

	pos->by_color[PIECE_COLOR(pc)] ^= SQ_BB(sq);
	pos->by_kind[PIECE_KIND(pc)] ^= SQ_BB(sq);
	pos->board[sq] = NO_PIECE;
}

static inline void
move_piece(Position *pos, Square from, Square to)
{
	Piece		pc = pos->board[from];
	Bitboard	both = SQ_BB(from) | SQ_BB(to);

	pos->by_color[PIECE_COLOR(pc)] ^= both;
	pos->by_kind[PIECE_KIND(pc)] ^= both;
	pos->board[to] = pc;
	pos->board[from] = NO_PIECE;
}

/*
 * position_play()'s body, inline where a game's reader plays every ply in a
 * hot clone of its own (game.c): a call less a ply, and the clone's
 * instruction set.
 */
static inline __attribute__((always_inline)) void
position_play_inline(Position *pos, Move m)
{
	Square		from = MOVE_FROM(m);
	Square		to = MOVE_TO(m);
	Color		us = (Color) pos->side;
	PieceKind	kind = PIECE_KIND(pos->board[from]);
	bool		reset = kind == PAWN || pos->board[to] != NO_PIECE;
	Square		ep = pos->ep;

	pos->ep = SQ_NONE;
	if (kind == KING && pos->board[to] == PIECE_MAKE(us, ROOK))
	{
		/* Chess960 castling: the king onto its own rook */
		int			right = 2 * us + (to > from ? 0 : 1);

		remove_piece(pos, from);
		remove_piece(pos, to);
		position_put(pos, CASTLE_KING_TO(right), PIECE_MAKE(us, KING));
		position_put(pos, CASTLE_ROOK_TO(right), PIECE_MAKE(us, ROOK));
		pos->castling &= (uint8_t) ~(3 << (2 * us));
		castle_reset_files(pos, (uint8_t) (3 << (2 * us)));
		if (pos->halfmove < UINT16_MAX)
			pos->halfmove++;
		if (us == BLACK && pos->fullmove < UINT16_MAX)
			pos->fullmove++;
		pos->side = (uint8_t) (us ^ 1);
		return;
	}
	if (pos->board[to] != NO_PIECE)
		remove_piece(pos, to);
	move_piece(pos, from, to);
	if (kind == PAWN)
	{
		if (to == ep)
			remove_piece(pos, (Square) (us == WHITE ? to - 8 : to + 8));
		else if (to - from == 16 || from - to == 16)
		{
			Square		mid = (Square) ((from + to) / 2);

			if (bb_pawn_attacks[us][mid] & position_bb(pos, (Color) (us ^ 1), PAWN))
				pos->ep = mid;
		}
		else if (MOVE_PROMO(m) != NO_KIND)
		{
			remove_piece(pos, to);
			position_put(pos, to, PIECE_MAKE(us, MOVE_PROMO(m)));
		}
	}
	else if (kind == KING && (to - from == 2 || from - to == 2))
	{
		/* castling: the rook jumps over the king */
		if (to > from)
			move_piece(pos, (Square) (from + 3), (Square) (from + 1));
		else
			move_piece(pos, (Square) (from - 4), (Square) (from - 1));
	}
	/* (after the move: a king gone from e1 takes the general way, which is right too) */
	if (pos->castling && castle_all_standard(pos))
		pos->castling &= castle_keep(from) & castle_keep(to);
	else if (pos->castling)
	{
		/* Chess960: the king's move ends both rights, a rook's move or capture its own */
		uint8_t		lost = kind == KING ? (uint8_t) (3 << (2 * us)) : 0;
		int			i;

		for (i = 0; i < 4; i++)
			if ((pos->castling & (1 << i)) && (castle_rook(pos, i) == from || castle_rook(pos, i) == to))
				lost |= (uint8_t) (1 << i);
		pos->castling &= (uint8_t) ~lost;
		castle_reset_files(pos, lost);
	}
	if (reset)
		pos->halfmove = 0;
	else if (pos->halfmove < UINT16_MAX)
		pos->halfmove++;
	if (us == BLACK && pos->fullmove < UINT16_MAX)
		pos->fullmove++;
	pos->side = (uint8_t) (us ^ 1);
}

#endif							/* CHESS_ENGINE_MAKE_MOVE_H */
