/*
 * search.h — what a chess database searches for besides whole positions:
 * piece patterns (sub-FEN placements) and material balances.
 */
#ifndef CHESS_ENGINE_SEARCH_H
#define CHESS_ENGINE_SEARCH_H

#include "position.h"

/*
 * A pattern: pieces that must stand on given squares, squares that must be
 * empty, and optionally the side to move.  Text is a FEN placement in which
 * a digit counts squares that may hold anything (as in Scoutfish's sub-FEN),
 * '.' is a square that must be empty, and a letter a piece that must stand
 * there; " w" or " b" after it requires the side to move:
 * "8/8/5n2/3P4/4P3/8/8/8", "6k1/5p2/8/8/8/8/8/6K1 b", "4k2r/8/8/8/8/8/8/4K..R".
 *
 * The packed form (the SQL type pattern), 105 bytes:
 *   bytes  0-95   12 little-endian bitboards of required pieces, in the
 *                 order P N B R Q K p n b r q k
 *   bytes 96-103  the bitboard of squares that must be empty
 *   byte  104     0 any side to move, 1 White, 2 Black
 * A square is in at most one of the 13 bitboards, so the form is canonical.
 */
#define PACKED_PATTERN_SIZE 105
#define PATTERN_MAX_LENGTH 96

typedef struct Pattern
{
	Bitboard	pieces[12];		/* index: colour * 6 + kind - 1 */
	Bitboard	empty;
	uint8_t		side;			/* 0 any, 1 White, 2 Black */
} Pattern;

#define PATTERN_INDEX(pc)	(PIECE_COLOR(pc) * 6 + PIECE_KIND(pc) - 1)
#define PATTERN_PIECE(i)	PIECE_MAKE((i) / 6, (i) % 6 + 1)

/* Reads a pattern; false with a detail sentence in err when malformed. */
extern bool pattern_parse(const char *text, Pattern *p, PositionError *err);
extern void pattern_write(const Pattern *p, char out[PATTERN_MAX_LENGTH]);
extern void pattern_pack(const Pattern *p, uint8_t out[PACKED_PATTERN_SIZE]);
extern bool pattern_unpack_checked(const uint8_t in[PACKED_PATTERN_SIZE], Pattern *p,
								   PositionError *err);

/* Whether a position matches a pattern. */
static inline bool
pattern_matches(const Pattern *p, const Position *pos)
{
	int			i;

	if (p->side && pos->side != p->side - 1)
		return false;
	if (position_occupied(pos) & p->empty)
		return false;
	for (i = 0; i < 12; i++)
		if ((pos->by_color[i / 6] & pos->by_kind[i % 6 + 1] & p->pieces[i]) != p->pieces[i])
			return false;
	return true;
}

/*
 * What no later position of a game can give back, for a pattern: for each
 * pawn the pattern asks for, the squares from which a pawn of its colour
 * could still get there (a pawn only goes forward, one file aside for each
 * rank it captures on), and the men of each kind it needs (a missing piece
 * can still come from a pawn's promotion).
 */
typedef struct PatternReach
{
	int			ncones;
	uint8_t		cone_color[16];
	Bitboard	cone[16];
	uint8_t		need[12];		/* men of each kind the pattern needs; index as pieces[] */
} PatternReach;

extern void pattern_reach_init(const Pattern *p, PatternReach *reach);

/* Whether no position after pos (pos itself included) can match the pattern. */
extern bool pattern_unreachable(const PatternReach *reach, const Position *pos);

/*
 * Pairs of pieces side by side, which the pattern index keeps: a square, its
 * neighbour in one of four directions (0 east, 1 north-west, 2 north, 3
 * north-east), and the pieces on the two, as the 16-bit code square << 10 |
 * direction << 8 | piece << 4 | neighbour's piece.  A position matching a
 * pattern has every pair of the pattern's pieces.
 */
#define PAIR_CODE(sq, dir, pc, pc2) \
	((uint16_t) (((sq) << 10) | ((dir) << 8) | ((pc) << 4) | (pc2)))
#define PAIRS_MAX	210			/* a full board (a pattern may fill it): 56 + 49 + 56 + 49 */

/*
 * The pairs of pos that have a piece on a square of near, written to out;
 * returns their number.
 */
extern int	position_pairs(const Position *pos, Bitboard near, uint16_t out[PAIRS_MAX]);

/*
 * The squares of after that hold a piece they did not hold in before: the
 * pairs of after that before lacks all have one of them.
 */
extern Bitboard pairs_changed(const Position *before, const Position *after);

/*
 * The pairs of a pattern's pieces (at most 4 a piece), written to out;
 * returns their number, and the pattern's pieces that are in some pair.
 */
extern int	pattern_pairs(const Pattern *p, uint16_t out[PAIRS_MAX], Bitboard *paired);

/*
 * Material: the number of each kind of piece but the king, by colour.  Text
 * is the signature in Syzygy's order, White first: "KQRRBBNNPPPPPPPPvK..."
 * for the start, "KRBvKR" for rook and bishop against rook.
 *
 * A material key packs the ten counts (White Q R B N P, then Black's) in
 * four bits each: 40 bits, an exact material balance.
 */
#define MATERIAL_MAX_LENGTH 40
#define MATERIAL_KINDS 5		/* Q R B N P */

extern void material_counts(const Position *pos, uint8_t counts[2][MATERIAL_KINDS]);
extern uint64_t material_key(const Position *pos);
extern void material_write(const Position *pos, char out[MATERIAL_MAX_LENGTH]);

/*
 * A material query: for each colour and kind, a range of counts.  Text is
 * a signature whose letters may carry a quantifier: "X?" zero or one more,
 * "X*" any number more, "X+" one or more: "KRBvKR" is exactly rook and
 * bishop against rook, "KRBP*vKRP*" the same with any pawns, "KQ+vK" at
 * least one queen against a bare king.  White is the first side; flip
 * swaps them.
 *
 * The packed form (the SQL type material), 20 bytes: the minimum and the
 * maximum count of White's Q R B N P, then Black's.
 */
#define PACKED_MATERIAL_SIZE 20
#define MATERIAL_COUNT_MAX 15	/* no side has more of a kind: a position has at most 16 men a side, one the king */

/*
 * The longest text of a material query: each side "K" and, for each kind,
 * at most 2 * (its most - 1) characters ("Q?" fourteen times: 0 to 14 queens;
 * a range up to the most is written "Q*", or "QQ+" and the like), then "v"
 * and the terminating zero: 2 * (1 + 4 * 28 + 14) + 2.
 */
#define MATERIAL_QUERY_MAX_LENGTH (2 * (1 + 4 * 2 * (MATERIAL_COUNT_MAX - 1) + 2 * (8 - 1)) + 2)

typedef struct MaterialQuery
{
	uint8_t		min[2][MATERIAL_KINDS];
	uint8_t		max[2][MATERIAL_KINDS];
} MaterialQuery;

extern bool material_query_parse(const char *text, MaterialQuery *q, PositionError *err);
extern void material_query_write(const MaterialQuery *q, char out[MATERIAL_QUERY_MAX_LENGTH]);
extern void material_query_pack(const MaterialQuery *q, uint8_t out[PACKED_MATERIAL_SIZE]);
extern bool material_query_unpack_checked(const uint8_t in[PACKED_MATERIAL_SIZE],
										  MaterialQuery *q, PositionError *err);
extern void material_query_flip(MaterialQuery *q);
extern bool material_query_matches(const MaterialQuery *q, const Position *pos);

/*
 * Whether no position after pos (pos itself included) can match q: a side
 * has fewer pawns than q asks for, or more pieces are missing than its
 * pawns beyond those q asks for could become (material only goes down, but
 * by promotion).
 */
extern bool material_query_unreachable(const MaterialQuery *q, const Position *pos);

/* Both at once, counting the men once: a match, none yet, or none ever again. */
typedef enum MaterialVerdict
{
	MATERIAL_MATCH,
	MATERIAL_NOT_YET,
	MATERIAL_NEVER
} MaterialVerdict;

extern MaterialVerdict material_query_verdict(const MaterialQuery *q, const Position *pos);

/*
 * The material keys a query matches, written to keys (room for max) when
 * there are at most max; returns their number, or -1 when there are more.
 */
extern int	material_query_keys(const MaterialQuery *q, uint64_t *keys, int max);

#endif							/* CHESS_ENGINE_SEARCH_H */
