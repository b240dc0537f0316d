/*
 * features.c — checks, pins, x-rays, pawn structure, flipped and mirrored
 * boards, Scid's pawn comparisons (features.h).
 */
#include "features.h"

#include <string.h>

Bitboard
position_checkers(const Position *pos)
{
	Color		us = (Color) pos->side;

	return position_attackers_by(pos, position_king(pos, us), position_occupied(pos), (Color) (us ^ 1));
}

/* The eight directions, as file and rank steps: the rook's four, then the bishop's. */
static const int8_t direction_file[8] = {0, 1, 0, -1, 1, 1, -1, -1};
static const int8_t direction_rank[8] = {1, 0, -1, 0, 1, -1, -1, 1};

/* The next square from sq in direction d, or SQ_NONE off the board. */
static Square
step(Square sq, int d)
{
	int			file = SQ_FILE(sq) + direction_file[d];
	int			rank = SQ_RANK(sq) + direction_rank[d];

	if (file < 0 || file > 7 || rank < 0 || rank > 7)
		return SQ_NONE;
	return SQ_MAKE(file, rank);
}

/* The first occupied square from sq (excluded) in direction d, or SQ_NONE. */
static Square
first_piece(const Position *pos, Square sq, int d)
{
	do
		sq = step(sq, d);
	while (sq != SQ_NONE && pos->board[sq] == NO_PIECE);
	return sq;
}

int
position_xrays(const Position *pos, XRay out[XRAYS_MAX])
{
	Bitboard	sliders = pos->by_kind[BISHOP] | pos->by_kind[ROOK] | pos->by_kind[QUEEN];
	int			n = 0;

	while (sliders)
	{
		Square		from = bb_pop(&sliders);
		PieceKind	kind = PIECE_KIND(pos->board[from]);
		int			d;

		for (d = kind == BISHOP ? 4 : 0; d < (kind == ROOK ? 4 : 8); d++)
		{
			Square		through = first_piece(pos, from, d);
			Square		target;

			if (through == SQ_NONE)
				continue;
			target = first_piece(pos, through, d);
			if (target == SQ_NONE)
				continue;
			out[n].attacker = from;
			out[n].through = through;
			out[n].target = target;
			n++;
		}
	}
	return n;
}

Bitboard
position_pinned(const Position *pos, Color c, Square pinners[64])
{
	Square		king = position_king(pos, c);
	Bitboard	them = pos->by_color[c ^ 1];
	Bitboard	snipers = ((bb_rook_rays[king] & (pos->by_kind[ROOK] | pos->by_kind[QUEEN])) |
						   (bb_bishop_rays[king] & (pos->by_kind[BISHOP] | pos->by_kind[QUEEN]))) & them;
	Bitboard	pinned = 0;

	while (snipers)
	{
		Square		sniper = bb_pop(&snipers);
		Bitboard	between = bb_between[king][sniper] & position_occupied(pos);

		if (between && !(between & (between - 1)) && (between & pos->by_color[c]))
		{
			pinned |= between;
			if (pinners)
				pinners[bb_lsb(between)] = sniper;
		}
	}
	return pinned;
}

/* The files beside each file's pawns: a bitboard of whole files. */
static Bitboard
neighbour_files(Bitboard pawns)
{
	Bitboard	files = 0;
	int			f;

	for (f = 0; f < 8; f++)
		if (pawns & (BB_FILE_A << f))
			files |= (f > 0 ? BB_FILE_A << (f - 1) : 0) | (f < 7 ? BB_FILE_A << (f + 1) : 0);
	return files;
}

/* The squares of files f-1..f+1 ahead of sq for colour c (its path and the squares beside it). */
static Bitboard
front_span(Square sq, Color c)
{
	Bitboard	files = (BB_FILE_A << SQ_FILE(sq)) | neighbour_files(SQ_BB(sq));
	int			r = SQ_RANK(sq);
	Bitboard	ahead = c == WHITE
		? (r == 7 ? 0 : ~(Bitboard) 0 << (8 * (r + 1)))
		: (r == 0 ? 0 : ~(Bitboard) 0 >> (8 * (8 - r)));

	return files & ahead;
}

Bitboard
pawns_passed(const Position *pos, Color c)
{
	Bitboard	ours = position_bb(pos, c, PAWN);
	Bitboard	theirs = position_bb(pos, (Color) (c ^ 1), PAWN);
	Bitboard	passed = 0;

	while (ours)
	{
		Square		sq = bb_pop(&ours);

		if (!(front_span(sq, c) & theirs))
			passed |= SQ_BB(sq);
	}
	return passed;
}

Bitboard
pawns_isolated(const Position *pos, Color c)
{
	Bitboard	ours = position_bb(pos, c, PAWN);
	Bitboard	isolated = 0;
	int			f;

	for (f = 0; f < 8; f++)
	{
		Bitboard	file = ours & (BB_FILE_A << f);

		if (file && !(neighbour_files(file) & ours))
			isolated |= file;
	}
	return isolated;
}

Bitboard
pawns_doubled(const Position *pos, Color c)
{
	Bitboard	ours = position_bb(pos, c, PAWN);
	Bitboard	doubled = 0;
	int			f;

	for (f = 0; f < 8; f++)
	{
		Bitboard	file = ours & (BB_FILE_A << f);

		if (bb_count(file) > 1)
			doubled |= file;
	}
	return doubled;
}

Bitboard
pawns_connected(const Position *pos, Color c)
{
	Bitboard	ours = position_bb(pos, c, PAWN);
	Bitboard	left = ours,
				connected = 0;

	while (left)
	{
		Square		sq = bb_pop(&left);
		int			r = SQ_RANK(sq);
		Bitboard	ranks = (Bitboard) 0xFF << (8 * r);

		if (r > 0)
			ranks |= (Bitboard) 0xFF << (8 * (r - 1));
		if (r < 7)
			ranks |= (Bitboard) 0xFF << (8 * (r + 1));
		if (neighbour_files(SQ_BB(sq)) & ranks & ours)
			connected |= SQ_BB(sq);
	}
	return connected;
}

Bitboard
bb_mirror_horizontal(Bitboard b)
{
	const Bitboard k1 = 0x5555555555555555ULL;
	const Bitboard k2 = 0x3333333333333333ULL;
	const Bitboard k4 = 0x0f0f0f0f0f0f0f0fULL;

	b = ((b >> 1) & k1) | ((b & k1) << 1);
	b = ((b >> 2) & k2) | ((b & k2) << 2);
	b = ((b >> 4) & k4) | ((b & k4) << 4);
	return b;
}

/* out from in with each square moved by map and each piece's colour swapped when swap. */
static void
position_transform(const Position *in, Position *out, Bitboard (*map) (Bitboard), bool swap)
{
	int			k;
	Square		sq;

	memset(out, 0, sizeof(*out));
	for (k = 0; k < 2; k++)
		out->by_color[swap ? k ^ 1 : k] = map(in->by_color[k]);
	for (k = 0; k < 7; k++)
		out->by_kind[k] = map(in->by_kind[k]);
	for (sq = 0; sq < 64; sq++)
	{
		Piece		pc = in->board[sq];
		Square		to = (Square) bb_lsb(map(SQ_BB(sq)));

		if (pc != NO_PIECE)
			out->board[to] = swap ? PIECE_MAKE(PIECE_COLOR(pc) ^ 1, PIECE_KIND(pc)) : pc;
	}
	out->ep = in->ep == SQ_NONE ? SQ_NONE : (Square) bb_lsb(map(SQ_BB(in->ep)));
	out->halfmove = in->halfmove;
	out->fullmove = in->fullmove;
}

void
position_flip(const Position *in, Position *out)
{
	int			i;

	position_transform(in, out, bb_flip_vertical, true);
	out->side = in->side ^ 1;
	/* right i (colour i >> 1, side i & 1) becomes right i ^ 2 */
	for (i = 0; i < 4; i++)
	{
		if (in->castling & (1 << i))
			out->castling |= 1 << (i ^ 2);
		out->rook_file[i ^ 2] = in->rook_file[i];
	}
}

void
position_mirror(const Position *in, Position *out)
{
	int			i;

	position_transform(in, out, bb_mirror_horizontal, false);
	out->side = in->side;
	/* a king-side rook stands on the queen's side of the mirrored king */
	for (i = 0; i < 4; i++)
	{
		if (in->castling & (1 << i))
			out->castling |= 1 << (i ^ 1);
		out->rook_file[i ^ 1] = (uint8_t) (7 - in->rook_file[i]);
	}
}

void
pattern_flip(const Pattern *in, Pattern *out)
{
	int			i;

	for (i = 0; i < 12; i++)
		out->pieces[(i + 6) % 12] = bb_flip_vertical(in->pieces[i]);
	out->empty = bb_flip_vertical(in->empty);
	out->side = in->side == 0 ? 0 : 3 - in->side;
}

void
pattern_mirror(const Pattern *in, Pattern *out)
{
	int			i;

	for (i = 0; i < 12; i++)
		out->pieces[i] = bb_mirror_horizontal(in->pieces[i]);
	out->empty = bb_mirror_horizontal(in->empty);
	out->side = in->side;
}

/* Same material and side to move: what each of Scid's board searches asks first (one king a side). */
static bool
same_material(const Position *a, const Position *b)
{
	uint8_t		ca[2][MATERIAL_KINDS],
				cb[2][MATERIAL_KINDS];

	if (a->side != b->side)
		return false;
	material_counts(a, ca);
	material_counts(b, cb);
	return memcmp(ca, cb, sizeof(ca)) == 0;
}

bool
same_pawns(const Position *a, const Position *b)
{
	return same_material(a, b) &&
		position_bb(a, WHITE, PAWN) == position_bb(b, WHITE, PAWN) &&
		position_bb(a, BLACK, PAWN) == position_bb(b, BLACK, PAWN);
}

bool
same_pawn_files(const Position *a, const Position *b)
{
	int			c,
				f;

	if (!same_material(a, b))
		return false;
	for (c = 0; c < 2; c++)
		for (f = 0; f < 8; f++)
			if (bb_count(position_bb(a, c, PAWN) & (BB_FILE_A << f)) !=
				bb_count(position_bb(b, c, PAWN) & (BB_FILE_A << f)))
				return false;
	return true;
}
