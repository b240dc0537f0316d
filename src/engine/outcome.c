/*
 * outcome.c — insufficient material and repetition.
 */
#include "outcome.h"

#include <stdlib.h>
#include <string.h>

#define BB_LIGHT_SQUARES ((Bitboard) 0x55AA55AA55AA55AAULL)

/*
 * A side cannot mate when it has only its king; or a king and one knight,
 * and the other side has nothing but its king and queens (a knight mates
 * only when an enemy piece blocks the king's flight); or a king and bishops
 * that all stand on squares of one colour, with no knights or pawns on the
 * board (such bishops never attack the other colour's squares).
 */
bool
side_cannot_mate(const Position *pos, Color c)
{
	Bitboard	own = pos->by_color[c];
	Bitboard	bishops = pos->by_kind[BISHOP];

	if (own & (pos->by_kind[PAWN] | pos->by_kind[ROOK] | pos->by_kind[QUEEN]))
		return false;
	if (own & pos->by_kind[KNIGHT])
		return bb_count(own) <= 2 &&
			!(pos->by_color[c ^ 1] & ~pos->by_kind[KING] & ~pos->by_kind[QUEEN]);
	if (own & bishops)
		return (!(bishops & BB_LIGHT_SQUARES) || !(bishops & ~BB_LIGHT_SQUARES)) &&
			!pos->by_kind[PAWN] && !pos->by_kind[KNIGHT];
	return true;
}

bool
position_insufficient_material(const Position *pos)
{
	return side_cannot_mate(pos, WHITE) && side_cannot_mate(pos, BLACK);
}

const char *
position_result(const Position *pos)
{
	if (position_is_checkmate(pos))
		return pos->side == WHITE ? "0-1" : "1-0";
	if (position_is_stalemate(pos) || position_insufficient_material(pos))
		return "1/2-1/2";
	return "*";
}

bool
position_same_for_repetition(const Position *a, const Position *b)
{
	return memcmp(a->board, b->board, sizeof(a->board)) == 0 && a->side == b->side &&
		a->castling == b->castling && memcmp(a->rook_file, b->rook_file, sizeof(a->rook_file)) == 0 &&
		position_canonical_ep(a) == position_canonical_ep(b);
}

/*
 * The squares from which a pawn of colour c can reach square sq: on its
 * rank or behind it, and at most one file aside for each rank it advances
 * (a pawn moves only forward, changing file only by capturing one rank
 * forward).  Made once.
 */
static const Bitboard *
pawn_sources(Color c)
{
	static Bitboard sources[2][64];
	static bool made = false;

	if (!made)
	{
		int			col,
					sq,
					from;

		for (col = WHITE; col <= BLACK; col++)
			for (sq = 0; sq < 64; sq++)
				for (from = 0; from < 64; from++)
				{
					int			advance = col == WHITE ? SQ_RANK(sq) - SQ_RANK(from) : SQ_RANK(from) - SQ_RANK(sq),
								aside = abs(SQ_FILE(sq) - SQ_FILE(from));

					if (advance >= 0 && aside <= advance)
						sources[col][sq] |= SQ_BB(from);
				}
		made = true;
	}
	return sources[c];
}

CHESS_HOT static bool
position_unreachable_clones(const Position *now, const Position *later)
{
	int			c;

	if (later->castling & ~now->castling)
		return true;
	for (c = WHITE; c <= BLACK; c++)
	{
		Bitboard	pawns_now = position_bb(now, c, PAWN),
					pawns_later = position_bb(later, c, PAWN),
					b;
		const Bitboard *sources;
		int			promotions = bb_count(pawns_now) - bb_count(pawns_later),
					k;

		if (bb_count(later->by_color[c]) > bb_count(now->by_color[c]) || promotions < 0)
			return true;
		/* a piece more of a kind is a promotion, which takes a pawn */
		for (k = KNIGHT; k <= QUEEN; k++)
		{
			int			more = bb_count(position_bb(later, c, k)) - bb_count(position_bb(now, c, k));

			if (more > 0 && (promotions -= more) < 0)
				return true;
		}
		/* every pawn of later comes from a pawn of now that can get there */
		sources = pawn_sources(c);
		for (b = pawns_later; b;)
			if ((sources[bb_pop(&b)] & pawns_now) == 0)
				return true;
	}
	return false;
}

bool
position_unreachable(const Position *now, const Position *later)
{
	return position_unreachable_clones(now, later);
}

int
position_min_plies(const Position *pos)
{
	Position	start;
	int			moves[2],
				plies,
				c,
				k;

	position_set_startpos(&start);
	for (c = WHITE; c <= BLACK; c++)
	{
		Bitboard	pawns = position_bb(pos, c, PAWN);
		int			least = 0,
					taken = 16 - bb_count(pos->by_color[c ^ 1]);

		while (pawns)
		{
			Square		sq = bb_pop(&pawns);
			int			rank = c == WHITE ? SQ_RANK(sq) : 7 - SQ_RANK(sq);

			/* from the second rank: one step to the third or fourth, then one a rank */
			least += rank <= 1 ? 0 : rank <= 3 ? 1 : rank - 2;
		}
		for (k = KNIGHT; k <= QUEEN; k++)
			least += bb_count(position_bb(pos, c, k) & ~position_bb(&start, c, k));
		moves[c] = least > taken ? least : taken;
	}
	plies = 2 * moves[WHITE] - 1 > 2 * moves[BLACK] ? 2 * moves[WHITE] - 1 : 2 * moves[BLACK];
	if (plies < 0)
		plies = 0;
	if ((plies & 1) != pos->side)
		plies++;
	return plies;
}
