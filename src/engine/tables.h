/*
 * tables.h — the tables of the two documents this project grew from: the
 * one-piece move table of the ABAP SQL article (DEMO_CHESS_MOVES) and the
 * board graph of the Neo4j GraphGist (files, ranks, squares, HOPs).
 */
#ifndef CHESS_ENGINE_TABLES_H
#define CHESS_ENGINE_TABLES_H

#include "types.h"

/*
 * One row of the move table: a move of a single piece on an otherwise empty
 * board, with the article's columns.  special is 'E' (a pawn move that
 * needs an empty target), 'P' (a pawn move that needs an enemy piece on the
 * target, or en passant), 'C' (castling) or 0 (none).  The dependent move is
 * the rook's move for castling and, for a pawn capture that may be en
 * passant, the enemy pawn's double step that allows it (its to-square is the
 * captured pawn's square); dep_piece is NO_PIECE when there is none.
 * Promotions have one row per piece promoted to.
 */
typedef struct MoveTableRow
{
	Piece		piece;
	Square		from;
	Square		to;
	char		special;
	Piece		dep_piece;
	Square		dep_from;
	Square		dep_to;
	PieceKind	promotion;
} MoveTableRow;

/* 2 * 3,876 rows; see move_table_rows(). */
#define MOVE_TABLE_ROWS 7752

extern int	move_table_rows(MoveTableRow *out);

/*
 * One HOP of the board graph: from one square to another along a rank
 * ("horizontal"), a file ("vertical"), a diagonal ("diagonal") or a knight's
 * jump ("knight"); length is the number of squares moved, 3 for a knight as
 * in the gist.  Every hop is listed in both directions.
 */
typedef struct HopRow
{
	Square		from;
	Square		to;
	const char *type;
	int			length;
} HopRow;

/* 448 horizontal + 448 vertical + 560 diagonal + 336 knight */
#define HOP_ROWS 1792

extern int	hop_rows(HopRow *out);

#endif							/* CHESS_ENGINE_TABLES_H */
