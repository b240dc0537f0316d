/*
 * features.h — what CQL's filters see in a position: checks, pins and
 * x-rays, the structure of the pawns, the board flipped to the other colour
 * or mirrored left-right, and Scid's "same pawns" and "same pawn files"
 * comparisons.  Sets of squares are bitboards; doc/query.md defines each
 * term as the SQL functions and the query rules built on these use it.
 */
#ifndef CHESS_ENGINE_FEATURES_H
#define CHESS_ENGINE_FEATURES_H

#include "position.h"
#include "search.h"

/* The pieces that give check to the side to move (two: a double check). */
extern Bitboard position_checkers(const Position *pos);

/*
 * A slider's line through one piece to the next (CQL's xray): the slider
 * attacks "through"; with "through" gone it would attack "target".
 */
typedef struct XRay
{
	Square		attacker;
	Square		through;
	Square		target;
} XRay;

/* Bishops, rooks and queens have at most 4 + 4 + 8 lines each. */
#define XRAYS_MAX (8 * 32)

/* Every x-ray of both colours, by attacker, then direction. */
extern int	position_xrays(const Position *pos, XRay out[XRAYS_MAX]);

/*
 * The pieces of colour c pinned to their king: each stands alone between
 * the king and an enemy bishop, rook or queen that moves along that line.
 * pinners[sq], when not NULL, gets each pinned piece's pinner.
 */
extern Bitboard position_pinned(const Position *pos, Color c, Square pinners[64]);

/* The pawns of colour c that no enemy pawn can stop or take on their way. */
extern Bitboard pawns_passed(const Position *pos, Color c);
/* The pawns of colour c with no pawn of theirs on a neighbouring file. */
extern Bitboard pawns_isolated(const Position *pos, Color c);
/* The pawns of colour c that share their file with another of theirs. */
extern Bitboard pawns_doubled(const Position *pos, Color c);
/* The pawns of colour c with one of theirs on a neighbouring file, a rank apart at most. */
extern Bitboard pawns_connected(const Position *pos, Color c);

/* The board seen upside down with the colours swapped (ranks 1-8, White-Black, sides, rights). */
extern void position_flip(const Position *in, Position *out);
/* The board mirrored left-right (files a-h); castling rights follow their rooks. */
extern void position_mirror(const Position *in, Position *out);
extern void pattern_flip(const Pattern *in, Pattern *out);
extern void pattern_mirror(const Pattern *in, Pattern *out);

static inline Bitboard
bb_flip_vertical(Bitboard b)
{
	return __builtin_bswap64(b);
}

extern Bitboard bb_mirror_horizontal(Bitboard b);

/* Scid's board searches: the same material and side to move, and the pawns on the same squares. */
extern bool same_pawns(const Position *a, const Position *b);
/* ... or the same number of each colour's pawns on each file. */
extern bool same_pawn_files(const Position *a, const Position *b);

#endif							/* CHESS_ENGINE_FEATURES_H */
