/*
 * game.h — a game as its start position and a compact sequence of moves.
 *
 * The encoded form is the on-disk form of the SQL type game (after its
 * varlena header); changing it is an on-disk format change, so it carries a
 * version byte:
 *
 *   byte 0      format version: GAME_FORMAT_VERSION (2) is written, and
 *               version 1 (written before it) is read as well
 *   byte 1      flags: bit 0 set when the start is not the standard starting
 *               position; bit 1 set when an annotation section follows the
 *               moves (annotation.h: the functions here are given the
 *               bytes before it, game_bare_len()); bits 2-7 zero
 *   [32 bytes]  the packed start position (position.h), when flag bit 0 is set
 *   2 bytes     the number of plies, big-endian, at most GAME_MAX_PLIES
 *   the moves   bit fields, most significant bit first, packed one after
 *               another; the last byte padded with zero bits.  A field for a
 *               count of n choices has bits(n) = ceil(log2(n)) bits (none
 *               when n is 1).  For each ply:
 *               version 2: the rank of the moving piece among the pieces
 *               of the side to move, in square order (a1, b1, ... h8), then
 *               the rank of the move among that piece's pseudo-legal moves
 *               (piece_pseudo_targets(): by to-square, a promotion's four
 *               kinds knight, bishop, rook, queen in turn); at most 4 + 5 bits;
 *               version 1: the rank of the move among the legal moves of
 *               its position, in one field.
 *
 * Both versions rank a position's moves in the order of their 16-bit Move
 * values (from-square, to-square, promotion), never in the generator's
 * order, so that no change to the move generator changes the format.  About
 * 6.5 bits a ply in version 2 (5.7 in version 1); reading a ply of version
 * 2 looks at one piece, where version 1 generated every legal move (about
 * three times slower: test/bench/encodings).  The encoding is canonical:
 * equal games of one version have equal bytes (game_compare() and
 * game_transcode() bring the two versions together).  And it sorts: two
 * games of one version from the same start compare, byte by byte over
 * their move bits and then by their number of plies, as their move
 * sequences compare move by move (a game sorts right after the games it
 * extends), because at the first move where they differ both are in the
 * same position, whose fields have the same widths and the order of the
 * moves.
 */
#ifndef CHESS_ENGINE_GAME_H
#define CHESS_ENGINE_GAME_H

#include "movegen.h"

#define GAME_FORMAT_VERSION 2
#define GAME_FLAG_START 1
#define GAME_FLAG_ANNOTATED 2	/* an annotation section follows (annotation.h) */
#define GAME_MAX_PLIES 65535

/* The most bytes the encoded form of a game of n plies takes. */
#define GAME_ENCODED_MAX(n) (2 + PACKED_POSITION_SIZE + 2 + ((size_t) (n) * 9 + 7) / 8)

/*
 * A piece's moves in the format's order, from its targets t (legal ones in
 * version 1, pseudo-legal ones in version 2): by to-square, then, for a
 * pawn that promotes, by promotion kind (knight, bishop, rook, queen): four
 * moves a target.
 */
static inline bool
game_piece_promotes(const Position *pos, Square from, Bitboard t)
{
	return PIECE_KIND(pos->board[from]) == PAWN && (t & (BB_RANK_1 | BB_RANK_8));
}

/* The number of a piece's moves. */
static inline int
game_piece_moves(const Position *pos, Square from, Bitboard t)
{
	return bb_count(t) * (game_piece_promotes(pos, from, t) ? 4 : 1);
}

/* The rank of move m among its piece's moves (m one of them). */
static inline int
game_rank_in_piece(const Position *pos, Square from, Bitboard t, Move m)
{
	int			below = bb_count(t & (SQ_BB(MOVE_TO(m)) - 1));

	return game_piece_promotes(pos, from, t) ? 4 * below + (int) MOVE_PROMO(m) - KNIGHT : below;
}

/* Which of a piece's targets t (in square order) its move of a rank goes to: a promotion's four share one. */
static inline int
game_target_in_piece(bool promotes, int rank)
{
	return promotes ? rank / 4 : rank;
}

/* The move of a rank among a piece's moves, to its target to (game_target_in_piece()'s square of t). */
static inline Move
game_move_to_target(Square from, Square to, bool promotes, int rank)
{
	return MOVE_MAKE(from, to, promotes ? KNIGHT + rank % 4 : NO_KIND);
}

/* The move of a rank among a piece's moves (below their number). */
static inline Move
game_move_in_piece(const Position *pos, Square from, Bitboard t, int rank)
{
	bool		promotes = game_piece_promotes(pos, from, t);

	return game_move_to_target(from, bb_select(t, game_target_in_piece(promotes, rank)), promotes, rank);
}

/* The legal moves of a position in the format's order; returns their number. */
extern int	game_sorted_moves(const Position *pos, Move *out);

/* The width in bits of the index of a move among n legal moves. */
static inline int
game_index_bits(int n)
{
	return n <= 1 ? 0 : 32 - __builtin_clz((unsigned) (n - 1));
}

/*
 * Encodes a game; out has room for GAME_ENCODED_MAX(n) bytes.  Returns the
 * encoded length, or 0 when a move is illegal (*bad is then its index and
 * final the position it was tried in).  final, when not NULL, receives the
 * position after the moves.
 */
extern size_t game_encode(const Position *start, const Move *moves, int n, uint8_t *out,
						  int *bad, Position *final);

/*
 * game_encode() of moves known to be legal from start, as the PGN reader's
 * are (it tested each): the same bytes, without testing each move again
 * (a fifth of pgn_games()' time went to that).  Moves that are not legal
 * make a value that does not read back: never give it others.
 */
extern size_t game_encode_legal(const Position *start, const Move *moves, int n, uint8_t *out);

/*
 * Writing a game move by move as a reader of its moves meets them: each
 * move legal, and given with the position before it as position_play()
 * made it from the start (the PGN reader's positions), so that nothing is
 * played again.  The bytes are game_encode()'s.  The caller owns out: it
 * is zeroed, with room for GAME_ENCODED_MAX(plies) bytes before each
 * call, and the caller may move it (w->out) between calls.
 */
typedef struct GameWriter
{
	uint8_t    *out;
	size_t		bitpos;
	size_t		plies_at;		/* where the number of plies goes */
	int			plies;
	Position	first;			/* the start as a reader of the value has it */
} GameWriter;

extern void game_writer_begin(GameWriter *w, const Position *start, uint8_t *out);
extern void game_writer_add(GameWriter *w, const Position *before, Move m);
extern size_t game_writer_end(GameWriter *w);	/* the length */

/* game_encode() in an older version of the format, for tests of reading it (1 or 2). */
extern size_t game_encode_version(const Position *start, const Move *moves, int n, uint8_t *out,
								  int *bad, Position *final, int version);


/*
 * Whether an encoded form has a version (byte 0) the reader knows, flags it
 * knows, and the header they say it has.
 */
static inline int
game_header_valid(const uint8_t *data, size_t len)
{
	return len >= 4 && (data[0] == 1 || data[0] == GAME_FORMAT_VERSION) &&
		(data[1] & ~(GAME_FLAG_START | GAME_FLAG_ANNOTATED)) == 0 &&
		(data[0] != 1 || !(data[1] & GAME_FLAG_ANNOTATED)) &&
		len >= (size_t) (2 + ((data[1] & GAME_FLAG_START) ? PACKED_POSITION_SIZE : 0) + 2);
}

/*
 * Reading an encoded game ply by ply.  game_reader_init() reads the header
 * (whose version, flags and length game_header_valid() accepted);
 * game_reader_next() gives the next move and plays it.  Nothing read is
 * trusted: a start that is no valid packed position, a field beyond its
 * count (a piece the side has not, a move the piece has not), a piece
 * with no move, a move that leaves the king in check, move bits past the
 * end of the bytes, and, once the last ply is read, bits or bytes after
 * it, each stop the reading: error then says why (it is "" while all is
 * well), ply stays at the ply that could not be read and
 * game_reader_next() returns MOVE_NULL from then on.
 */
typedef struct GameReader
{
	const uint8_t *data;
	size_t		len;
	size_t		bitpos;			/* the next bit of the moves, from data */
	int			version;		/* of the format */
	int			plies;			/* plies of the game */
	int			ply;			/* plies read */
	Position	start;
	Position	pos;			/* the position after ply plies */
	char		error[160];		/* why the bytes are no game; "" when they are one so far */
} GameReader;

extern bool game_reader_init(GameReader *r, const uint8_t *data, size_t len);
extern Move game_reader_next(GameReader *r);

/* After the last ply: whether the bytes end there (r->error says why not). */
extern bool game_reader_end(GameReader *r);

/*
 * game_reader_next() in two steps, for a caller that looks at the position
 * before a move without copying it: game_reader_read() reads and checks
 * the next move without playing it (r->pos stays the position before it;
 * MOVE_NULL when the reading failed or the game is over), and
 * game_reader_play() then plays it, as game_reader_next() would have
 * (MOVE_NULL when the bytes fail after the last ply).  A move read is
 * played before anything else is asked of r.
 */
extern Move game_reader_read(GameReader *r);

static inline __attribute__((always_inline)) Move
game_reader_play(GameReader *r, Move m)
{
	if (__builtin_expect(m == MOVE_NULL, 0))
		return MOVE_NULL;
	position_play_inline(&r->pos, m);
	r->ply++;
	if (r->ply == r->plies && !game_reader_end(r))
		return MOVE_NULL;
	return m;
}

/*
 * The moves game_reader_seek() stops at: those onto a square of to[the
 * mover's colour], of a piece whose kind is in kinds (bits 1 << PieceKind),
 * and, when takes is set, onto a piece of the other side or the en passant
 * square; and besides them, the moves of the kinds in also (captures, en
 * passant's too, pawns' moves, promotions) and the castlings in castlings,
 * bits as the castling rights' (CASTLE_WK, CASTLE_WQ, ...: which side
 * castles, and which way).  Of the moves of also's kinds, the seek stops
 * only at those after which the number of men besides the kings (for
 * men_out) and White's men less Black's plus 16 (for lead_out) are no bit
 * of these masks: a condition of the material need not look at the other
 * captures (zero masks stop at all).
 */
#define GAME_SEEK_CAPTURES		1
#define GAME_SEEK_PAWN_MOVES	2
#define GAME_SEEK_PROMOTIONS	4

typedef struct GameSeek
{
	Bitboard	to[2];
	uint8_t		kinds;
	bool		takes;
	uint8_t		also;			/* GAME_SEEK_* */
	uint8_t		castlings;		/* CASTLE_* */
	uint32_t	men_out;
	uint32_t	lead_out;
} GameSeek;

/*
 * Whether the numbers of men after m (of also's kinds; takes when it takes)
 * are no bit of s's masks.  A position has at most 15 men a side besides
 * its king (position_validate(): the start's; moves add none), so the
 * shifts stay below 32.  The masks filter every kind of also: a seek with
 * them asks for captures and promotions alone (a pawn's step changes no
 * count).
 */
static inline bool
game_seek_counts_in(const GameSeek *s, const Position *pos, bool takes)
{
	Bitboard	men = position_occupied(pos) & ~pos->by_kind[KING];
	int			white = bb_count(men & pos->by_color[WHITE]) - (takes && pos->side == BLACK),
				black = bb_count(men & pos->by_color[BLACK]) - (takes && pos->side == WHITE);

	return !((s->men_out >> ((white + black) & 31)) & 1) && !((s->lead_out >> ((white - black + 16) & 31)) & 1);
}

static inline bool
game_seek_stops(const GameSeek *s, const Position *pos, Move m)
{
	Square		from = MOVE_FROM(m),
				to = MOVE_TO(m);
	PieceKind	kind = PIECE_KIND(pos->board[from]);
	Bitboard	theirs = pos->by_color[pos->side ^ 1],
				onto = s->to[pos->side];

	if (s->also | s->castlings)
	{
		bool		pawn = kind == PAWN;

		/*
		 * a castling: the king two squares along, or onto its own rook
		 * (Chess960); the queen's side's goes to a lower square
		 */
		bool		castles = kind == KING && (to - from == 2 || from - to == 2 ||
											   ((pos->by_color[pos->side] >> to) & 1));
		unsigned	is = (position_move_takes(pos, m, kind) ? GAME_SEEK_CAPTURES : 0) |
			(pawn ? GAME_SEEK_PAWN_MOVES : 0) | (MOVE_PROMO(m) != NO_KIND ? GAME_SEEK_PROMOTIONS : 0);

		if (((is & s->also) && (!(s->men_out | s->lead_out) ||
								game_seek_counts_in(s, pos, is & GAME_SEEK_CAPTURES))) ||
			(castles && ((s->castlings >> (2 * pos->side + (to < from))) & 1)))
			return true;
	}
	if (s->takes)
		onto &= theirs | (pos->ep != SQ_NONE ? SQ_BB(pos->ep) : 0);
	return ((onto >> to) & 1) && ((s->kinds >> kind) & 1);
}

/*
 * game_reader_read() of the next move that s stops at, the moves before it
 * played (a search for a move reads and plays the others in one call, not
 * one a ply): MOVE_NULL when the game ends first (r->ply is then r->plies)
 * or the reading fails.
 */
extern Move game_reader_seek(GameReader *r, const GameSeek *s);

/*
 * Readers select with the processor's PDEP where it is fast (game.c), else
 * by counting: the tests ask for either.  Returns whether that is what they
 * will use (PDEP needs an x86-64 processor with BMI2).
 */
extern bool game_reader_use_pdep(bool on);

/* Whether the reading stopped at damaged bytes (r->error says why). */
static inline bool
game_reader_failed(const GameReader *r)
{
	return r->error[0] != '\0';
}

/*
 * A memo of the positions of the last game read, so that the next game
 * that begins with the same moves is read from where they part: the
 * candidates of a search mostly share their opening (it is why they are
 * candidates), and reading a ply costs a move generation.  It keeps the
 * first GAME_MEMO_PLIES positions and, for each, a verdict of the caller's
 * (what its test said of that position; the memo does not interpret it).
 *
 * game_memo_resume() moves a reader just set up by game_reader_init() to
 * the last memorised ply its game shares with the memo's (the memo then
 * holds the positions of this game up to that ply) and returns that ply's
 * verdict; game_memo_record() memorises the reader's current position with
 * a verdict.  A zeroed GameMemo is empty; game_memo_clear() empties one.
 */
#define GAME_MEMO_PLIES 48

typedef struct GameMemo
{
	size_t		headlen;		/* the header bytes before the ply count; 0 when empty */
	uint8_t		head[2 + PACKED_POSITION_SIZE];
	size_t		movelen;		/* move bytes memorised */
	uint8_t		moves[(GAME_MEMO_PLIES * 9 + 7) / 8 + 1];	/* at most 9 bits a ply */
	int			plies;			/* positions memorised: pos[0..plies] */
	size_t		bitpos[GAME_MEMO_PLIES + 1];
	int			verdict[GAME_MEMO_PLIES + 1];
	Position	pos[GAME_MEMO_PLIES + 1];
} GameMemo;

extern void game_memo_clear(GameMemo *m);
extern int	game_memo_resume(GameMemo *m, GameReader *r, int no_verdict);
extern void game_memo_record(GameMemo *m, const GameReader *r, int verdict);

/*
 * The number of plies and the start of an encoded game, without reading its
 * moves.  game_start() returns false, with err, when the start's bytes are
 * no valid packed position.
 */
extern int	game_plies(const uint8_t *data, size_t len);
extern bool game_start(const uint8_t *data, size_t len, Position *start, PositionError *err);

/* Offset of the move bits in an encoded game. */
extern size_t game_moves_offset(const uint8_t *data);

/*
 * Writes an encoded game, of either version, in the present version to
 * out, which has room for GAME_ENCODED_MAX(its plies) bytes; returns the
 * length, or 0 when its bytes are damaged (r, the reader used, says why).
 * The same bytes when it is in the present version already (not read).
 */
extern size_t game_transcode(const uint8_t *data, size_t len, uint8_t *out, GameReader *r);

/*
 * Three-way comparison of two encoded games: by start (the standard start
 * first), then by their moves, as the header comment says; games of the
 * two versions are read move by move, and when either's bytes are damaged
 * the result is 0 and damaged's error says why (it is "" otherwise).
 */
extern int	game_compare(const uint8_t *a, size_t alen, const uint8_t *b, size_t blen,
						 GameReader *damaged);

#endif							/* CHESS_ENGINE_GAME_H */
