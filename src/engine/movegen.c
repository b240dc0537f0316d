/*
 * movegen.c — legal and pseudo-legal move generation.
 *
 * The legal generator does not play each move to test it.  It computes the
 * pieces that give check and the pieces of its own that are pinned to the
 * king, then:
 *   - the king goes to squares that no enemy piece attacks, the king itself
 *     taken off the board so that it cannot hide behind itself on a line;
 *   - in double check nothing else moves;
 *   - in single check the other pieces may only capture the checker or step
 *     between it and the king (the check mask);
 *   - a pinned piece moves only along the line through the king and itself;
 *   - en passant, which takes two pawns off one rank at once, is tested by
 *     computing the attacks on the king after the capture;
 *   - castling needs the right, empty squares between king and rook, and no
 *     attack on the king's square, the square it crosses and the one it
 *     lands on.
 * In counting mode the same code adds up target sets with popcount instead
 * of writing moves: perft's leaves need only the number.  In targets mode it
 * collects each piece's target squares: a game's moves are decoded by their
 * rank in value order, which the targets give without a sorted list.
 */
#include "movegen.h"

#include <string.h>


/* Squares between king and rook that must be empty, and the king's path. */
typedef struct CastleRule
{
	uint8_t		right;
	Square		king_from;
	Square		king_to;
	Bitboard	empty;			/* squares between king and rook */
	Square		cross;			/* the square the king crosses */
} CastleRule;

static const CastleRule castle_rules[2][2] = {
	{
		{CASTLE_WK, SQ_E1, SQ_G1, SQ_BB(SQ_F1) | SQ_BB(SQ_G1), SQ_F1},
		{CASTLE_WQ, SQ_E1, SQ_C1, SQ_BB(SQ_B1) | SQ_BB(SQ_C1) | SQ_BB(SQ_D1), SQ_D1},
	},
	{
		{CASTLE_BK, SQ_E8, SQ_G8, SQ_BB(SQ_F8) | SQ_BB(SQ_G8), SQ_F8},
		{CASTLE_BQ, SQ_E8, SQ_C8, SQ_BB(SQ_B8) | SQ_BB(SQ_C8) | SQ_BB(SQ_D8), SQ_D8},
	},
};

/*
 * Chess960 castling of right i, king and rook where they stand: the squares
 * that must be empty (the king's and the rook's ways and landing squares,
 * but for the two), and whether the king's way is safe: no square it passes
 * or lands on attacked, and the king not attacked where it lands once the
 * rook has left its square (the rook may have blocked a line to it).
 */
static inline Bitboard
castle_must_be_empty(Square king, Square rook, int i)
{
	Square		kto = CASTLE_KING_TO(i),
				rto = CASTLE_ROOK_TO(i);

	return (bb_between[king][kto] | SQ_BB(kto) | bb_between[rook][rto] | SQ_BB(rto)) &
		~(SQ_BB(king) | SQ_BB(rook));
}

static inline bool
castle_way_safe(const Position *pos, Square king, Square rook, int i, Bitboard occ, Color them)
{
	Square		kto = CASTLE_KING_TO(i);
	Bitboard	way = bb_between[king][kto] | SQ_BB(kto);

	while (way)
		if (position_attackers_by(pos, bb_pop(&way), occ, them))
			return false;
	return !position_attackers_by(pos, kto, (occ ^ SQ_BB(king) ^ SQ_BB(rook)) | SQ_BB(kto) |
								  SQ_BB(CASTLE_ROOK_TO(i)), them);
}

/*
 * Whether the king's way of a pseudo-legal castling of right i (held, its
 * squares empty) is safe, the king not in check besides: standard castling
 * crosses one square, Chess960's castle_way_safe().
 */
static inline bool
castle_safe(const Position *pos, int i, Square king, Bitboard occ, Color them)
{
	const CastleRule *r = &castle_rules[CASTLE_COLOR(i)][i % 2];

	if (castle_standard(pos, i))
		return !position_attackers_by(pos, r->cross, occ, them) &&
			!position_attackers_by(pos, r->king_to, occ, them);
	return castle_way_safe(pos, king, castle_rook(pos, i), i, occ, them);
}

bool
castle_legal(const Position *pos, int i)
{
	Color		us = (Color) CASTLE_COLOR(i);
	Square		king = position_king(pos, us);
	Bitboard	occ = position_occupied(pos);

	return !position_attackers_by(pos, king, occ, (Color) (us ^ 1)) &&
		castle_safe(pos, i, king, occ, (Color) (us ^ 1));
}

/* What generate_legal() makes: moves, their number, or each piece's targets. */
#define GEN_MOVES	0
#define GEN_COUNT	1
#define GEN_TARGETS	2

/*
 * Adds the moves from `from` to each square of targets: written, counted,
 * or kept as the piece's targets.
 */
#define ADD_TARGETS(from, targets) \
	do { \
		Bitboard	t_ = (targets); \
		if (mode == GEN_TARGETS) \
		{ \
			targets_out[from] |= t_; \
			n += bb_count(t_); \
		} \
		else if (mode == GEN_COUNT) \
			n += bb_count(t_); \
		else \
			while (t_) \
				out[n++] = MOVE_MAKE((from), bb_pop(&t_), NO_KIND); \
	} while (0)

/* Adds one move, from and to known. */
#define ADD_MOVE(from, to) \
	do { \
		if (mode == GEN_TARGETS) \
			targets_out[from] |= SQ_BB(to); \
		if (mode == GEN_MOVES) \
			out[n] = MOVE_MAKE((from), (to), NO_KIND); \
		n++; \
	} while (0)

/* Adds pawn moves to each square of targets, from (to - delta); promotions fourfold. */
#define ADD_PAWN_TARGETS(targets, delta) \
	do { \
		Bitboard	t_ = (targets) & ~(BB_RANK_1 | BB_RANK_8); \
		Bitboard	p_ = (targets) & (BB_RANK_1 | BB_RANK_8); \
		if (mode == GEN_TARGETS) \
		{ \
			Bitboard	a_ = (targets); \
			n += bb_count(t_) + 4 * bb_count(p_); \
			while (a_) \
			{ \
				Square to_ = bb_pop(&a_); \
				targets_out[to_ - (delta)] |= SQ_BB(to_); \
			} \
		} \
		else if (mode == GEN_COUNT) \
			n += bb_count(t_) + 4 * bb_count(p_); \
		else \
		{ \
			while (t_) \
			{ \
				Square to_ = bb_pop(&t_); \
				out[n++] = MOVE_MAKE(to_ - (delta), to_, NO_KIND); \
			} \
			while (p_) \
			{ \
				Square to_ = bb_pop(&p_); \
				ADD_PROMOTIONS(out, n, to_ - (delta), to_); \
			} \
		} \
	} while (0)

/*
 * Pawn moves of the pawns in `pawns` (all unpinned, or one pinned pawn with
 * allowed already restricted to its pin line), onto squares of allowed.
 */
#define GEN_PAWNS(pawns, allowed) \
	do { \
		Bitboard	pw_ = (pawns); \
		Bitboard	al_ = (allowed); \
		if (us == WHITE) \
		{ \
			Bitboard	one_ = (pw_ << 8) & ~occ; \
			Bitboard	two_ = ((one_ & BB_RANK_3) << 8) & ~occ; \
			ADD_PAWN_TARGETS(one_ & al_, 8); \
			ADD_PAWN_TARGETS(two_ & al_, 16); \
			ADD_PAWN_TARGETS(((pw_ & ~BB_FILE_H) << 9) & enemy & al_, 9); \
			ADD_PAWN_TARGETS(((pw_ & ~BB_FILE_A) << 7) & enemy & al_, 7); \
		} \
		else \
		{ \
			Bitboard	one_ = (pw_ >> 8) & ~occ; \
			Bitboard	two_ = ((one_ & BB_RANK_6) >> 8) & ~occ; \
			ADD_PAWN_TARGETS(one_ & al_, -8); \
			ADD_PAWN_TARGETS(two_ & al_, -16); \
			ADD_PAWN_TARGETS(((pw_ & ~BB_FILE_H) >> 7) & enemy & al_, -7); \
			ADD_PAWN_TARGETS(((pw_ & ~BB_FILE_A) >> 9) & enemy & al_, -9); \
		} \
	} while (0)

/*
 * The legal moves; with dest a square (not SQ_NONE), only those onto it:
 * the pieces that cannot reach it are not looked at (a SAN move names its
 * destination, and its reader needs only the moves there).
 */
static inline __attribute__((always_inline)) int
generate_legal(const Position *pos, Move *out, Bitboard *targets_out, const int mode,
			   const Square dest)
{
	Color		us = (Color) pos->side;
	Color		them = (Color) (us ^ 1);
	Bitboard	own = pos->by_color[us];
	Bitboard	enemy = pos->by_color[them];
	Bitboard	occ = own | enemy;
	Square		king = position_king(pos, us);
	Bitboard	checkers = position_attackers_by(pos, king, occ, them);
	Bitboard	mask,
				pinned = 0,
				snipers,
				b,
				only = dest == SQ_NONE ? ~(Bitboard) 0 : SQ_BB(dest);
	int			n = 0;

	/* the king, off the board while its targets are tested */
	b = bb_king[king] & ~own & only;
	while (b)
	{
		Square		to = bb_pop(&b);

		if (!position_attackers_by(pos, to, occ ^ SQ_BB(king), them))
			ADD_MOVE(king, to);
	}
	if (checkers & (checkers - 1))
		return n;				/* double check */

	mask = checkers ? (bb_between[king][bb_lsb(checkers)] | checkers) : ~own;
	mask &= ~own & only;

	/* pins: enemy sliders that see the king through exactly one own piece */
	snipers = (bb_rook_attacks(king, enemy) & (pos->by_kind[ROOK] | pos->by_kind[QUEEN]) & enemy) |
		(bb_bishop_attacks(king, enemy) & (pos->by_kind[BISHOP] | pos->by_kind[QUEEN]) & enemy);
	while (snipers)
	{
		Bitboard	between = bb_between[king][bb_pop(&snipers)] & occ;

		if (between && !(between & (between - 1)) && (between & own))
			pinned |= between;
	}

	/* knights: a pinned knight never moves */
	b = pos->by_kind[KNIGHT] & own & ~pinned;
	if (dest != SQ_NONE)
		b &= bb_knight[dest];
	while (b)
	{
		Square		from = bb_pop(&b);

		ADD_TARGETS(from, bb_knight[from] & mask);
	}
	/* bishops, rooks and queens (a slider sees dest when dest sees it) */
	b = (pos->by_kind[BISHOP] | pos->by_kind[QUEEN]) & own;
	if (dest != SQ_NONE)
		b &= bb_bishop_attacks(dest, occ);
	while (b)
	{
		Square		from = bb_pop(&b);
		Bitboard	t = bb_bishop_attacks(from, occ) & mask;

		if (pinned & SQ_BB(from))
			t &= bb_line[king][from];
		ADD_TARGETS(from, t);
	}
	b = (pos->by_kind[ROOK] | pos->by_kind[QUEEN]) & own;
	if (dest != SQ_NONE)
		b &= bb_rook_attacks(dest, occ);
	while (b)
	{
		Square		from = bb_pop(&b);
		Bitboard	t = bb_rook_attacks(from, occ) & mask;

		if (pinned & SQ_BB(from))
			t &= bb_line[king][from];
		ADD_TARGETS(from, t);
	}

	/* pawns: the unpinned ones together, each pinned one on its line */
	b = pos->by_kind[PAWN] & own;
	GEN_PAWNS(b & ~pinned, mask);
	b &= pinned;
	while (b)
	{
		Square		from = bb_pop(&b);

		GEN_PAWNS(SQ_BB(from), mask & bb_line[king][from]);
	}
	if (pos->ep != SQ_NONE && (only & SQ_BB(pos->ep)))
	{
		b = bb_pawn_attacks[them][pos->ep] & pos->by_kind[PAWN] & own;
		while (b)
		{
			Square		from = bb_pop(&b);

			if (position_ep_capture_safe(pos, from, pos->ep))
				ADD_MOVE(from, pos->ep);
		}
	}

	/* castling: as in standard chess, or Chess960's */
	if (!checkers && (pos->castling & (us == WHITE ? (CASTLE_WK | CASTLE_WQ) : (CASTLE_BK | CASTLE_BQ))))
	{
		int			i;

		for (i = 0; i < 2; i++)
		{
			const CastleRule *r = &castle_rules[us][i];
			int			right = 2 * us + i;
			Square		rook = castle_rook(pos, right);

			if (!(pos->castling & r->right))
				continue;
			if (castle_standard(pos, right))
			{
				if ((only & SQ_BB(r->king_to)) && !(occ & r->empty) && castle_safe(pos, right, king, occ, them))
					ADD_MOVE(r->king_from, r->king_to);
			}
			else if ((only & SQ_BB(rook)) && !(occ & castle_must_be_empty(king, rook, right)) &&
					 castle_safe(pos, right, king, occ, them))
				ADD_MOVE(king, rook);
		}
	}
	return n;
}

CHESS_HOT static int
gen_legal_clones(const Position *pos, Move *out)
{
	return generate_legal(pos, out, NULL, GEN_MOVES, SQ_NONE);
}

int
gen_legal(const Position *pos, Move *out)
{
	return gen_legal_clones(pos, out);
}

CHESS_HOT static int
gen_legal_to_clones(const Position *pos, Square dest, Move *out)
{
	return generate_legal(pos, out, NULL, GEN_MOVES, dest);
}

int
gen_legal_to(const Position *pos, Square dest, Move *out)
{
	return gen_legal_to_clones(pos, dest, out);
}

CHESS_HOT static int
count_legal_clones(const Position *pos)
{
	return generate_legal(pos, NULL, NULL, GEN_COUNT, SQ_NONE);
}

int
count_legal(const Position *pos)
{
	return count_legal_clones(pos);
}

CHESS_HOT static int
legal_targets_clones(const Position *pos, Bitboard targets[64])
{
	Bitboard	own = pos->by_color[pos->side];

	/* only the side to move's squares are written and read (movegen.h) */
	while (own)
		targets[bb_pop(&own)] = 0;
	return generate_legal(pos, NULL, targets, GEN_TARGETS, SQ_NONE);
}

int
legal_targets(const Position *pos, Bitboard targets[64])
{
	return legal_targets_clones(pos, targets);
}

/* The squares a knight, bishop, rook, queen or king on from attacks (0 for a pawn). */
static inline Bitboard
piece_attacks(PieceKind kind, Square from, Bitboard occ)
{
	switch (kind)
	{
		case KNIGHT:
			return bb_knight[from];
		case BISHOP:
			return bb_bishop_attacks(from, occ);
		case ROOK:
			return bb_rook_attacks(from, occ);
		case QUEEN:
			return bb_bishop_attacks(from, occ) | bb_rook_attacks(from, occ);
		case KING:
			return bb_king[from];
		default:
			return 0;
	}
}

/*
 * Whether right i of the side to move is held and the squares its castling
 * needs empty (between king and rook, standard or Chess960) are empty: a
 * pseudo-legal castling.
 */
static inline bool
castle_pseudo_legal(const Position *pos, int i, Square king, Bitboard occ)
{
	const CastleRule *r = &castle_rules[CASTLE_COLOR(i)][i % 2];

	if (!(pos->castling & r->right))
		return false;
	return castle_standard(pos, i) ? !(occ & r->empty) :
		!(occ & castle_must_be_empty(king, castle_rook(pos, i), i));
}

int
gen_pseudo_legal(const Position *pos, Move *out)
{
	const int	mode = GEN_MOVES;
	Bitboard   *targets_out = NULL;
	Color		us = (Color) pos->side;
	Color		them = (Color) (us ^ 1);
	Bitboard	own = pos->by_color[us];
	Bitboard	enemy = pos->by_color[them];
	Bitboard	occ = own | enemy;
	Bitboard	b;
	int			n = 0,
				i;

	b = own & ~pos->by_kind[PAWN];	/* pawns below */
	while (b)
	{
		Square		from = bb_pop(&b);

		ADD_TARGETS(from, piece_attacks(PIECE_KIND(pos->board[from]), from, occ) & ~own);
	}
	GEN_PAWNS(pos->by_kind[PAWN] & own, ~(Bitboard) 0);
	if (pos->ep != SQ_NONE)
	{
		b = bb_pawn_attacks[them][pos->ep] & pos->by_kind[PAWN] & own;
		while (b)
			out[n++] = MOVE_MAKE(bb_pop(&b), pos->ep, NO_KIND);
	}
	for (i = 2 * (int) us; i < 2 * (int) us + 2; i++)
		if (castle_pseudo_legal(pos, i, position_king(pos, us), occ))
			out[n++] = castle_move(pos, i);
	return n;
}

Bitboard
king_pseudo_targets(const Position *pos, Square from)
{
	Color		us = (Color) pos->side;
	Bitboard	own = pos->by_color[us];
	Bitboard	occ = own | pos->by_color[us ^ 1];
	Bitboard	t = bb_king[from] & ~own;
	int			i;

	for (i = 2 * (int) us; i < 2 * (int) us + 2; i++)
		if (castle_pseudo_legal(pos, i, from, occ))
			t |= SQ_BB(MOVE_TO(castle_move(pos, i)));
	return t;
}

/*
 * One move's legality without generating the others: the piece's pseudo-
 * legal targets hold it (with a promotion exactly when a pawn reaches the
 * last rank), and it leaves the mover's king safe.
 */
static inline __attribute__((always_inline)) bool
legal_move(const Position *pos, Move m)
{
	Color		us = (Color) pos->side;
	Square		from = MOVE_FROM(m),
				to = MOVE_TO(m);
	PieceKind	kind,
				promo = MOVE_PROMO(m);

	if ((m & MOVE_RESERVED_BIT) || !(pos->by_color[us] & SQ_BB(from)))
		return false;
	if (!(piece_pseudo_targets(pos, from) & SQ_BB(to)))
		return false;
	kind = PIECE_KIND(pos->board[from]);
	if (kind == PAWN && (SQ_BB(to) & (BB_RANK_1 | BB_RANK_8)) ?
		promo < KNIGHT || promo > QUEEN : promo != NO_KIND)
		return false;
	return pseudo_move_is_legal(pos, m, kind);
}

bool
position_play_legal(Position *pos, Move m)
{
	if (!legal_move(pos, m))
		return false;
	position_play(pos, m);
	return true;
}

bool
move_is_legal(const Position *pos, Move m)
{
	return legal_move(pos, m);
}

bool
position_is_checkmate(const Position *pos)
{
	return position_in_check(pos) && count_legal(pos) == 0;
}

bool
position_is_stalemate(const Position *pos)
{
	return !position_in_check(pos) && count_legal(pos) == 0;
}
