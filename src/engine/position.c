/*
 * position.c — position set-up, attacks on a square, validation and the
 * packed (on-disk) form.
 */
#include "position.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

void
position_clear(Position *pos)
{
	memset(pos, 0, sizeof(*pos));
	pos->ep = SQ_NONE;
	pos->fullmove = 1;
	castle_reset_files(pos, CASTLE_ALL);
}

/* The rook files of the rights in `rights` set to the standard ones (h, a). */
void
castle_reset_files(Position *pos, uint8_t rights)
{
	int			i;

	for (i = 0; i < 4; i++)
		if (rights & (1 << i))
			pos->rook_file[i] = (uint8_t) CASTLE_HOME_FILE(i);
}

int
castle_right_of(const Position *pos, Move m)
{
	Square		from = MOVE_FROM(m),
				to = MOVE_TO(m);
	Color		us = (Color) pos->side;
	int			rank = us == WHITE ? 0 : 7;

	if ((m & MOVE_RESERVED_BIT) || pos->board[from] != PIECE_MAKE(us, KING) ||
		MOVE_PROMO(m) != NO_KIND || SQ_RANK(from) != rank || SQ_RANK(to) != rank)
		return -1;
	if (pos->board[to] == PIECE_MAKE(us, ROOK) ||
		(SQ_FILE(from) == 4 && (SQ_FILE(to) == 6 || SQ_FILE(to) == 2)))
		return 2 * us + (to > from ? 0 : 1);
	return -1;
}

Move
castle_normalize(const Position *pos, Move m)
{
	int			i = castle_right_of(pos, m);

	/* a castling of a right held, unless the king goes onto another rook of its own */
	if (i < 0 || !(pos->castling & (1 << i)))
		return m;
	if (pos->board[MOVE_TO(m)] != PIECE_MAKE(pos->side, ROOK) || MOVE_TO(m) == castle_rook(pos, i))
		return castle_move(pos, i);
	return m;
}

/* Puts a piece on an empty square. */
void
position_put(Position *pos, Square sq, Piece pc)
{
	pos->board[sq] = pc;
	pos->by_color[PIECE_COLOR(pc)] |= SQ_BB(sq);
	pos->by_kind[PIECE_KIND(pc)] |= SQ_BB(sq);
}

/* made once: every standard game's replay begins here */
static const Position *
standard_start(void)
{
	static Position standard;
	static bool made = false;

	if (!made)
	{
		position_set_chess960(&standard, 518);	/* the standard array */
		made = true;
	}
	return &standard;
}

void
position_set_startpos(Position *pos)
{
	*pos = *standard_start();
}

bool
position_is_startpos(const Position *pos)
{
	const Position *s = standard_start();

	/* the board follows the bitboards */
	return memcmp(pos->by_color, s->by_color, sizeof(s->by_color)) == 0 &&
		memcmp(pos->by_kind, s->by_kind, sizeof(s->by_kind)) == 0 &&
		pos->side == s->side && pos->castling == s->castling &&
		memcmp(pos->rook_file, s->rook_file, sizeof(s->rook_file)) == 0 &&
		pos->ep == s->ep && pos->halfmove == s->halfmove && pos->fullmove == s->fullmove;
}

/*
 * The back rank of Chess960 starting position n (0..959) in the standard
 * numbering (Scharnagl's): n % 4 puts the light-squared bishop on b, d, f
 * or h, the next base-4 digit the dark-squared one on a, c, e or g, the
 * base-6 digit the queen on an empty square, the rest (0..9) the knights on
 * two of the five left; rook, king and rook take the last three.  518 is
 * the standard array.
 */
static void
chess960_back_rank(int n, PieceKind back[8])
{
	static const int knights[10][2] = {{0, 1}, {0, 2}, {0, 3}, {0, 4}, {1, 2}, {1, 3}, {1, 4},
	{2, 3}, {2, 4}, {3, 4}};
	static const PieceKind rest[3] = {ROOK, KING, ROOK};
	int			f,
				k,
				empty;

	for (f = 0; f < 8; f++)
		back[f] = NO_KIND;
	back[2 * (n % 4) + 1] = BISHOP;
	n /= 4;
	back[2 * (n % 4)] = BISHOP;
	n /= 4;
	for (f = 0, empty = 0; f < 8; f++)
		if (back[f] == NO_KIND && empty++ == n % 6)
			back[f] = QUEEN;
	n /= 6;
	for (f = 0, empty = 0; f < 8; f++)
		if (back[f] == NO_KIND)
		{
			if (empty == knights[n][0] || empty == knights[n][1])
				back[f] = KNIGHT;
			empty++;
		}
	for (f = 0, k = 0; f < 8; f++)
		if (back[f] == NO_KIND)
			back[f] = rest[k++];
}

void
position_set_chess960(Position *pos, int n)
{
	PieceKind	back[8];
	int			f,
				rook = 0;

	chess960_back_rank(n, back);
	position_clear(pos);
	for (f = 0; f < 8; f++)
	{
		position_put(pos, SQ_MAKE(f, 0), PIECE_MAKE(WHITE, back[f]));
		position_put(pos, SQ_MAKE(f, 1), PIECE_MAKE(WHITE, PAWN));
		position_put(pos, SQ_MAKE(f, 6), PIECE_MAKE(BLACK, PAWN));
		position_put(pos, SQ_MAKE(f, 7), PIECE_MAKE(BLACK, back[f]));
		if (back[f] == ROOK)
		{
			/* the first rook is the queen side's, the second the king side's */
			pos->rook_file[rook ? 0 : 1] = pos->rook_file[rook ? 2 : 3] = (uint8_t) f;
			rook++;
		}
	}
	pos->castling = CASTLE_ALL;
}

int
position_chess960_number(const Position *pos)
{
	Position	start;
	uint8_t		a[PACKED_POSITION_SIZE],
				b[PACKED_POSITION_SIZE];
	int			n,
				f;

	for (n = 0; n < 960; n++)
	{
		PieceKind	back[8];

		chess960_back_rank(n, back);
		for (f = 0; f < 8 && pos->board[SQ_MAKE(f, 0)] == PIECE_MAKE(WHITE, back[f]); f++)
			;
		if (f < 8)
			continue;
		/* the whole position, the clocks aside */
		position_set_chess960(&start, n);
		position_pack(pos, a);
		position_pack(&start, b);
		memset(a + 26, 0, 4);
		memset(b + 26, 0, 4);
		return memcmp(a, b, PACKED_POSITION_SIZE) == 0 ? n : -1;
	}
	return -1;
}

/* Whether the side to move is in check. */
bool
position_in_check(const Position *pos)
{
	Color		us = (Color) pos->side;

	return position_attackers_by(pos, position_king(pos, us), position_occupied(pos),
								 (Color) (us ^ 1)) != 0;
}

/* Whether the side to move can legally capture en passant on ep. */
bool
position_ep_capture_legal(const Position *pos, Square ep)
{
	Bitboard	capturers = bb_pawn_attacks[pos->side ^ 1][ep] &
		position_bb(pos, (Color) pos->side, PAWN);

	while (capturers)
		if (position_ep_capture_safe(pos, bb_pop(&capturers), ep))
			return true;
	return false;
}

/* The en passant square as FEN and the packed form show it: only when legal. */
Square
position_canonical_ep(const Position *pos)
{
	return pos->ep != SQ_NONE && position_ep_capture_legal(pos, pos->ep) ? pos->ep : SQ_NONE;
}

bool
position_fail(PositionError *err, PositionErrorCode code, int offset, const char *fmt,...)
{
	va_list		ap;

	err->code = code;
	err->offset = offset;
	va_start(ap, fmt);
	vsnprintf(err->detail, sizeof(err->detail), fmt, ap);
	va_end(ap);
	return false;
}

static const char *const side_names[2] = {"White", "Black"};

/*
 * Checks that the position could arise in a game as far as the FEN standard
 * and python-chess's status checks demand, and brings it into canonical form:
 * castling rights that can never be used (the king off its back rank, the
 * right's rook not on it, or not on that side of the king) are dropped,
 * an en passant square without a legal capture is cleared and a fullmove
 * number of 0 becomes 1.  Returns false with err filled in when the position
 * is impossible.
 */
static inline __attribute__((always_inline)) bool
validate(Position *pos, PositionError *err)
{
	Color		us = (Color) pos->side;
	Color		them = (Color) (us ^ 1);
	Bitboard	back_pawns;
	int			c,
				i;

	err->offset = 0;
	for (c = WHITE; c <= BLACK; c++)
	{
		int			kings = bb_count(position_bb(pos, (Color) c, KING));

		if (kings != 1)
			return position_fail(err, POS_ERR_KING_COUNT, 0, kings == 0 ?
						"%s has no king; each side has exactly one." :
						"%s has %d kings; each side has exactly one.",
						side_names[c], kings);
	}
	back_pawns = pos->by_kind[PAWN] & (BB_RANK_1 | BB_RANK_8);
	if (back_pawns)
	{
		char		name[3];

		square_write(bb_lsb(back_pawns), name);
		return position_fail(err, POS_ERR_PAWN_BACK_RANK, 0,
					"A pawn stands on %s; pawns cannot stand on the first or last rank.", name);
	}
	for (c = WHITE; c <= BLACK; c++)
	{
		int			pieces = bb_count(pos->by_color[c]);
		int			pawns = bb_count(position_bb(pos, (Color) c, PAWN));

		if (pieces > 16)
			return position_fail(err, POS_ERR_TOO_MANY_PIECES, 0,
						"%s has %d pieces; a side has at most 16.", side_names[c], pieces);
		if (pawns > 8)
			return position_fail(err, POS_ERR_TOO_MANY_PAWNS, 0,
						"%s has %d pawns; a side has at most 8.", side_names[c], pawns);
	}
	if (position_attackers_by(pos, position_king(pos, them), position_occupied(pos), us))
		return position_fail(err, POS_ERR_OPPOSITE_CHECK, 0,
					"%s is in check, but it is %s's move.", side_names[them], side_names[us]);

	for (i = 0; i < 4; i++)
	{
		Color		c = CASTLE_COLOR(i);
		Square		king = position_king(pos, c),
					rook = castle_rook(pos, i);

		if ((pos->castling & (1 << i)) &&
			(SQ_RANK(king) != CASTLE_RANK(i) || pos->board[rook] != PIECE_MAKE(c, ROOK) ||
			 (rook > king) != CASTLE_KINGSIDE(i)))
		{
			pos->castling &= (uint8_t) ~(1 << i);
			castle_reset_files(pos, (uint8_t) (1 << i));
		}
	}

	if (pos->ep != SQ_NONE)
	{
		Square		ep = pos->ep;
		int			ep_rank = us == WHITE ? 5 : 2;
		int			forward = us == WHITE ? 8 : -8;
		Square		pushed = (Square) (ep - forward);	/* where the pawn stands */
		Square		origin = (Square) (ep + forward);	/* where it came from */
		char		name[3],
					pushed_name[3];

		square_write(ep, name);
		if (SQ_RANK(ep) != ep_rank)
			return position_fail(err, POS_ERR_EP_RANK, 0,
						"En passant square %s is not on rank %d, where it must be with %s to move.",
						name, ep_rank + 1, side_names[us]);
		square_write(pushed, pushed_name);
		if (pos->board[pushed] != PIECE_MAKE(them, PAWN) ||
			pos->board[ep] != NO_PIECE || pos->board[origin] != NO_PIECE)
			return position_fail(err, POS_ERR_EP_NO_PAWN, 0,
						"En passant square %s is not behind a %s pawn that has just moved two squares to %s.",
						name, them == WHITE ? "white" : "black", pushed_name);
		if (!position_ep_capture_legal(pos, ep))
			pos->ep = SQ_NONE;
	}
	if (pos->fullmove == 0)
		pos->fullmove = 1;
	err->code = POS_OK;
	err->detail[0] = '\0';
	return true;
}

bool
position_validate(Position *pos, PositionError *err)
{
	return validate(pos, err);
}

/* Bytes 24-31 of the packed form: side, castling, en passant (ep), clocks, castling rooks. */
static inline void
pack_state(const Position *pos, Square ep, uint8_t out[PACKED_POSITION_SIZE])
{
	int			i;

	out[24] = (uint8_t) (pos->side | (pos->castling << 1));
	out[25] = (uint8_t) (ep == SQ_NONE ? 0 : ep + 1);
	out[26] = (uint8_t) pos->halfmove;
	out[27] = (uint8_t) (pos->halfmove >> 8);
	out[28] = (uint8_t) pos->fullmove;
	out[29] = (uint8_t) (pos->fullmove >> 8);
	for (i = 0; i < 2; i++)
		out[30 + i] = (uint8_t) ((7 - pos->rook_file[2 * i]) | (pos->rook_file[2 * i + 1] << 4));
}

void
position_pack(const Position *pos, uint8_t out[PACKED_POSITION_SIZE])
{
	Bitboard	occ = position_occupied(pos);
	Bitboard	rest = occ;
	Square		ep = position_canonical_ep(pos);
	int			i = 0;

	memset(out, 0, PACKED_POSITION_SIZE);
	for (i = 0; i < 8; i++)
		out[i] = (uint8_t) (occ >> (8 * i));
	for (i = 0; rest; i++)
	{
		Square		sq = bb_pop(&rest);

		out[8 + i / 2] |= (uint8_t) (pos->board[sq] << (4 * (i & 1)));
	}
	pack_state(pos, ep, out);
}

/* Unpacks a packed position known to be valid (one that position_pack wrote). */
void
position_unpack(const uint8_t in[PACKED_POSITION_SIZE], Position *pos)
{
	Bitboard	occ = 0;
	int			i;

	position_clear(pos);
	for (i = 0; i < 8; i++)
		occ |= (Bitboard) in[i] << (8 * i);
	for (i = 0; occ; i++)
	{
		Square		sq = bb_pop(&occ);

		position_put(pos, sq, (Piece) ((in[8 + i / 2] >> (4 * (i & 1))) & 15));
	}
	pos->side = in[24] & 1;
	pos->castling = (in[24] >> 1) & CASTLE_ALL;
	pos->ep = in[25] == 0 ? SQ_NONE : (Square) (in[25] - 1);
	pos->halfmove = (uint16_t) (in[26] | (in[27] << 8));
	pos->fullmove = (uint16_t) (in[28] | (in[29] << 8));
	for (i = 0; i < 2; i++)
	{
		pos->rook_file[2 * i] = (uint8_t) (7 - (in[30 + i] & 7));
		pos->rook_file[2 * i + 1] = (uint8_t) ((in[30 + i] >> 4) & 7);
	}
}

/*
 * Unpacks untrusted bytes — binary input, and (position_unpack_stored())
 * every stored value as it is read: rejects anything position_pack could
 * not have written, then validates and canonicalises exactly as FEN input
 * does, so that no byte string yields an impossible position.  One pass
 * over the pieces, the checks beside the unpacking: a stored position is
 * read this way each time a function takes it.
 */
CHESS_HOT static bool
position_unpack_checked_clones(const uint8_t in[PACKED_POSITION_SIZE], Position *pos,
							   PositionError *err)
{
	Bitboard	occ = 0;
	int			i,
				count;

	err->offset = 0;
	for (i = 0; i < 8; i++)
		occ |= (Bitboard) in[i] << (8 * i);
	count = bb_count(occ);
	if (count > 32)
		return position_fail(err, POS_ERR_BINARY, 0, "The occupancy has %d squares; at most 32 fit.", count);
	position_clear(pos);
	for (i = 0; occ; i++)
	{
		Square		sq = bb_pop(&occ);
		Piece		pc = (Piece) ((in[8 + i / 2] >> (4 * (i & 1))) & 15);

		/* the piece codes 1-6 and 9-14 */
		if (!((0x7E7E >> pc) & 1))
			return position_fail(err, POS_ERR_BINARY, 0, "Piece code %d is not a piece.", pc);
		position_put(pos, sq, pc);
	}
	/* the nibbles after the last piece are zero */
	for (; i < 32; i++)
		if ((in[8 + i / 2] >> (4 * (i & 1))) & 15)
			return position_fail(err, POS_ERR_BINARY, 0, "A piece code follows the last occupied square.");
	if (in[24] & 0xE0)
		return position_fail(err, POS_ERR_BINARY, 0, "Unused flag bits are set.");
	if (in[25] > 64)
		return position_fail(err, POS_ERR_BINARY, 0, "En passant byte %d is not a square.", in[25]);
	for (i = 0; i < 4; i++)
	{
		int			nibble = (in[30 + i / 2] >> (4 * (i & 1))) & 15;

		if (nibble > 7)
			return position_fail(err, POS_ERR_BINARY, 0,
								 "Castling rook file byte %d holds %d, beyond the h-file.", 30 + i / 2, nibble);
		if (nibble != 0 && !(in[24] & (2 << i)))
			return position_fail(err, POS_ERR_BINARY, 0,
								 "Castling rook file byte %d names a rook for a castling right not held.", 30 + i / 2);
	}
	pos->side = in[24] & 1;
	pos->castling = (in[24] >> 1) & CASTLE_ALL;
	pos->ep = in[25] == 0 ? SQ_NONE : (Square) (in[25] - 1);
	pos->halfmove = (uint16_t) (in[26] | (in[27] << 8));
	pos->fullmove = (uint16_t) (in[28] | (in[29] << 8));
	for (i = 0; i < 2; i++)
	{
		pos->rook_file[2 * i] = (uint8_t) (7 - (in[30 + i] & 7));
		pos->rook_file[2 * i + 1] = (uint8_t) ((in[30 + i] >> 4) & 7);
	}
	return validate(pos, err);
}

bool
position_unpack_checked(const uint8_t in[PACKED_POSITION_SIZE], Position *pos, PositionError *err)
{
	return position_unpack_checked_clones(in, pos, err);
}

/*
 * Unpacks a stored position (a value on disk, a game's start): as
 * position_unpack_checked(), and the bytes must be the packed form itself —
 * every writer, of every version, packed a validated position, so bytes
 * that pack otherwise (a castling right that cannot be used, an en passant
 * square without a legal capture, a fullmove number of 0) are damaged.
 */
bool
position_unpack_stored(const uint8_t in[PACKED_POSITION_SIZE], Position *pos, PositionError *err)
{
	uint8_t		again[PACKED_POSITION_SIZE];
	int			i;

	if (!position_unpack_checked(in, pos, err))
		return false;

	/*
	 * Bytes 0-23 read as they pack (the occupancy, a valid code for each of
	 * its squares in order, zeros after): the state bytes are compared with
	 * what the validated position packs to (validation drops castling rights
	 * that cannot be used and an en passant square without a capture).
	 */
	pack_state(pos, pos->ep, again);
	for (i = 24; i < PACKED_POSITION_SIZE; i++)
		if (in[i] != again[i])
			return position_fail(err, POS_ERR_BINARY, i,
								 "Byte %d is 0x%02x where the packed form of the position it describes has 0x%02x.",
								 i, in[i], again[i]);
	return true;
}
