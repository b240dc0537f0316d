/*
 * tables.c — the one-piece move table and the board graph.
 *
 * The move table is the ABAP article's DEMO_CHESS_MOVES, with its rule bugs
 * fixed: Black castles on rank 8 (the article sends the black king to g1 and
 * c1), and a pawn reaching the last rank has a row for each of the four
 * pieces it may become (the article has one row, and its pipeline promotes to
 * a queen only).  Rows come by colour, then kind (pawn .. king), then
 * from-square, then to-square.
 */
#include "tables.h"

#include <stdlib.h>

/* Whether a piece of this kind moves from one square to the other on an empty board. */
static bool
piece_reaches(PieceKind kind, Square from, Square to)
{
	int			df = abs(SQ_FILE(to) - SQ_FILE(from));
	int			dr = abs(SQ_RANK(to) - SQ_RANK(from));

	if (from == to)
		return false;
	switch (kind)
	{
		case KNIGHT:
			return df * dr == 2;
		case BISHOP:
			return df == dr;
		case ROOK:
			return df == 0 || dr == 0;
		case QUEEN:
			return df == dr || df == 0 || dr == 0;
		case KING:
			return df <= 1 && dr <= 1;
		default:
			return false;
	}
}

static void
add_row(MoveTableRow *out, int *n, Piece pc, Square from, Square to, char special,
		PieceKind promotion)
{
	MoveTableRow *r = &out[(*n)++];

	r->piece = pc;
	r->from = from;
	r->to = to;
	r->special = special;
	r->dep_piece = NO_PIECE;
	r->dep_from = r->dep_to = SQ_NONE;
	r->promotion = promotion;
}

/* A pawn row, fourfold when it reaches the last rank. */
static void
add_pawn_rows(MoveTableRow *out, int *n, Color c, Square from, Square to, char special)
{
	int			last = c == WHITE ? 7 : 0;
	int			k;

	if (SQ_RANK(to) != last)
	{
		add_row(out, n, PIECE_MAKE(c, PAWN), from, to, special, NO_KIND);
		return;
	}
	for (k = KNIGHT; k <= QUEEN; k++)
		add_row(out, n, PIECE_MAKE(c, PAWN), from, to, special, (PieceKind) k);
}

int
move_table_rows(MoveTableRow *out)
{
	int			n = 0;
	int			c,
				k,
				from,
				to;

	for (c = WHITE; c <= BLACK; c++)
	{
		int			dir = c == WHITE ? 1 : -1;
		int			start = c == WHITE ? 1 : 6;
		int			ep_rank = c == WHITE ? 4 : 3;	/* rank a pawn takes en passant from */
		int			home = c == WHITE ? 0 : 7;

		for (k = PAWN; k <= KING; k++)
		{
			for (from = 0; from < 64; from++)
			{
				int			fr = SQ_RANK(from);

				if (k == PAWN && (fr == 0 || fr == 7))
					continue;
				for (to = 0; to < 64; to++)
				{
					int			df = SQ_FILE(to) - SQ_FILE(from);
					int			dr = SQ_RANK(to) - fr;

					if (k != PAWN)
					{
						if (piece_reaches((PieceKind) k, (Square) from, (Square) to))
							add_row(out, &n, PIECE_MAKE(c, k), (Square) from, (Square) to, 0, NO_KIND);
						else if (k == KING && from == SQ_MAKE(4, home) && fr == SQ_RANK(to) &&
								 (df == 2 || df == -2))
						{
							/* castling: the rook's move is the dependent move */
							MoveTableRow *r = &out[n];

							add_row(out, &n, PIECE_MAKE(c, KING), (Square) from, (Square) to, 'C', NO_KIND);
							r->dep_piece = PIECE_MAKE(c, ROOK);
							r->dep_from = SQ_MAKE(df > 0 ? 7 : 0, home);
							r->dep_to = SQ_MAKE(df > 0 ? 5 : 3, home);
						}
						continue;
					}
					if (df == 0 && (dr == dir || (dr == 2 * dir && fr == start)))
						add_pawn_rows(out, &n, (Color) c, (Square) from, (Square) to, 'E');
					else if ((df == 1 || df == -1) && dr == dir)
					{
						MoveTableRow *r = &out[n];

						add_pawn_rows(out, &n, (Color) c, (Square) from, (Square) to, 'P');
						if (fr == ep_rank)
						{
							/* en passant: the enemy pawn's double step beside us */
							r->dep_piece = PIECE_MAKE(c ^ 1, PAWN);
							r->dep_from = (Square) (to + 8 * dir);
							r->dep_to = (Square) (to - 8 * dir);
						}
					}
				}
			}
		}
	}
	return n;
}

int
hop_rows(HopRow *out)
{
	static const char *const types[4] = {"horizontal", "vertical", "diagonal", "knight"};
	int			n = 0,
				t,
				from,
				to;

	for (t = 0; t < 4; t++)
	{
		for (from = 0; from < 64; from++)
		{
			for (to = 0; to < 64; to++)
			{
				int			df = abs(SQ_FILE(to) - SQ_FILE(from));
				int			dr = abs(SQ_RANK(to) - SQ_RANK(from));
				int			length;

				if (from == to)
					continue;
				if (t == 0 && dr == 0)
					length = df;
				else if (t == 1 && df == 0)
					length = dr;
				else if (t == 2 && df == dr)
					length = df;
				else if (t == 3 && df * dr == 2)
					length = 3;
				else
					continue;
				out[n].from = (Square) from;
				out[n].to = (Square) to;
				out[n].type = types[t];
				out[n].length = length;
				n++;
			}
		}
	}
	return n;
}
