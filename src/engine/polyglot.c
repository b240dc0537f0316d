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

#include "polyglot_random.h"

uint64_t
polyglot_key(const Position *pos)
{
	uint64_t	key = 0;
	Bitboard	occ = position_occupied(pos);
	static const int castle_index[4] = {768, 769, 770, 771};
	Square		ep = position_canonical_ep(pos);
	int			i;

	while (occ)
	{
		Square		sq = bb_pop(&occ);
		Piece		pc = pos->board[sq];
		int			kind = 2 * (PIECE_KIND(pc) - 1) + (PIECE_COLOR(pc) == WHITE ? 1 : 0);

		key ^= polyglot_random[64 * kind + sq];
	}
	/* a right counts when its rook is in the corner (python-chess's rule for Chess960) */
	for (i = 0; i < 4; i++)
		if ((pos->castling & (1 << i)) && pos->rook_file[i] == CASTLE_HOME_FILE(i))
			key ^= polyglot_random[castle_index[i]];
	if (ep != SQ_NONE)
		key ^= polyglot_random[772 + SQ_FILE(ep)];
	if (pos->side == WHITE)
		key ^= polyglot_random[780];
	return key;
}
