/*
 * polyglot.c — the Polyglot opening-book key of a position.
 *
 * key = XOR of: Random64[64 * kind + 8 * rank + file] for each piece (kind:
 * black pawn 0, white pawn 1, black knight 2, ..., white king 11); [768]
 * white O-O, [769] white O-O-O, [770] black O-O, [771] black O-O-O;
 * [772 + file] for the en passant file when a pawn of the side to move can
 * capture there; [780] when White is to move.  Clocks are not hashed.
 */
#include "polyglot.h"

#include <string.h>

#include "polyglot_random.h"

/* the random number of a piece on a square */
static inline uint64_t
polyglot_piece(Piece pc, Square sq)
{
	int			kind = 2 * (PIECE_KIND(pc) - 1) + (PIECE_COLOR(pc) == WHITE ? 1 : 0);

	return polyglot_random[64 * kind + sq];
}

/* the castling rights */
static uint64_t
polyglot_castling(const Position *pos)
{
	uint64_t	key = 0;
	int			i;

	/* a right counts when its rook is in the corner (python-chess's rule for Chess960) */
	for (i = 0; i < 4; i++)
		if ((pos->castling & (1 << i)) && pos->rook_file[i] == CASTLE_HOME_FILE(i))
			key ^= polyglot_random[768 + i];
	return key;
}

/* the en passant file, when a capture there is legal */
static uint64_t
polyglot_ep(const Position *pos)
{
	Square		ep = position_canonical_ep(pos);

	return ep == SQ_NONE ? 0 : polyglot_random[772 + SQ_FILE(ep)];
}

/* the castling rights, the en passant file and the side to move */
static uint64_t
polyglot_state(const Position *pos)
{
	return polyglot_castling(pos) ^ polyglot_ep(pos) ^ (pos->side == WHITE ? polyglot_random[780] : 0);
}

uint64_t
polyglot_key(const Position *pos)
{
	uint64_t	key = polyglot_state(pos);
	Bitboard	occ = position_occupied(pos);

	while (occ)
	{
		Square		sq = bb_pop(&occ);

		key ^= polyglot_piece(pos->board[sq], sq);
	}
	return key;
}

uint64_t
polyglot_key_update(uint64_t key, const Position *before, const Position *after)
{
	Bitboard	changed = (before->by_color[WHITE] ^ after->by_color[WHITE]) |
		(before->by_color[BLACK] ^ after->by_color[BLACK]);
	int			k;

	for (k = PAWN; k <= KING; k++)
		changed |= before->by_kind[k] ^ after->by_kind[k];
	while (changed)
	{
		Square		sq = bb_pop(&changed);

		if (before->board[sq] != NO_PIECE)
			key ^= polyglot_piece(before->board[sq], sq);
		if (after->board[sq] != NO_PIECE)
			key ^= polyglot_piece(after->board[sq], sq);
	}
	if (before->castling != after->castling ||
		memcmp(before->rook_file, after->rook_file, sizeof(before->rook_file)) != 0)
		key ^= polyglot_castling(before) ^ polyglot_castling(after);
	if (before->ep != SQ_NONE || after->ep != SQ_NONE)
		key ^= polyglot_ep(before) ^ polyglot_ep(after);
	if (before->side != after->side)
		key ^= polyglot_random[780];
	return key;
}
