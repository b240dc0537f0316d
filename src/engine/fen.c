/*
 * fen.c — Forsyth-Edwards Notation in and out, and the board diagram.
 *
 * Input takes the six-field FEN and the four-field form (clocks "0 1"),
 * fields separated by runs of white space, white space around the whole
 * ignored (as python-chess and chess.js do).  Everything else is strict;
 * see position_validate() for the rules about the position itself.
 */
#include "position.h"

#include <stdio.h>
#include <string.h>

#define MAX_FIELDS 6

typedef struct Field
{
	const char *start;
	int			len;
} Field;

/*
 * A field for a message: at most 24 bytes of it, not cut inside a UTF-8
 * character, with "..." when cut.
 */
static const char *
field_quote(Field f, char out[32])
{
	int			n = f.len <= 24 ? f.len : 24;

	while (n < f.len && n > 0 && ((unsigned char) f.start[n] & 0xC0) == 0x80)
		n--;
	memcpy(out, f.start, (size_t) n);
	strcpy(out + n, n < f.len ? "..." : "");
	return out;
}

/* The piece placement field: eight ranks from 8 down to 1, '/' between. */
static bool
parse_placement(const char *fen, Field f, Position *pos, PositionError *err)
{
	int			rank = 7;
	int			file = 0;
	bool		last_digit = false;
	int			i;

	for (i = 0; i <= f.len; i++)
	{
		char		c = i < f.len ? f.start[i] : '/';
		int			offset = (int) (f.start - fen) + i;
		Piece		pc;

		if (c == '/')
		{
			if (file != 8)
				return position_fail(err, POS_ERR_RANK_FILES, offset,
								"Rank %d describes %d files; a rank has 8.", rank + 1, file);
			if (i < f.len && rank == 0)
				return position_fail(err, POS_ERR_RANK_COUNT, offset,
								"The piece placement describes more than 8 ranks.");
			rank--;
			file = 0;
			last_digit = false;
		}
		else if (c >= '0' && c <= '9')
		{
			if (c == '0' || c == '9')
				return position_fail(err, POS_ERR_EMPTY_COUNT, offset,
								"Rank %d has the empty-square count \"%c\"; counts run from 1 to 8.",
								rank + 1, c);
			if (last_digit)
				return position_fail(err, POS_ERR_ADJACENT_COUNTS, offset,
								"Rank %d has two empty-square counts in a row.", rank + 1);
			file += c - '0';
			last_digit = true;
		}
		else if (piece_from_char(c, &pc))
		{
			if (file < 8)
				position_put(pos, SQ_MAKE(file, rank), pc);
			file++;
			last_digit = false;
		}
		else
		{
			/* quote the whole character when it is a multibyte UTF-8 one */
			int			n = 1;

			while ((unsigned char) c >= 0xC0 && i + n < f.len && n < 4 &&
				   ((unsigned char) f.start[i + n] & 0xC0) == 0x80)
				n++;
			return position_fail(err, POS_ERR_PIECE_LETTER, offset,
							"Rank %d has \"%.*s\", which is not a piece letter (PNBRQK, pnbrqk) or an empty-square count.",
							rank + 1, n, f.start + i);
		}
	}
	if (rank != -1)
		return position_fail(err, POS_ERR_RANK_COUNT, (int) (f.start - fen) + f.len,
						"The piece placement describes %d ranks; a board has 8.", 7 - rank);
	return true;
}

/*
 * The castling field, read as python-chess and lichess read it: "-", or
 * letters K, Q, k, q (X-FEN: the outermost rook of that colour on its back
 * rank, on that side of the king; the corner when there is none) and file
 * letters A-H, a-h (Shredder-FEN, and X-FEN for an inner rook), whose side
 * is the rook's side of the king.  Rights that can never be used are
 * dropped afterwards (position_validate).
 */
static bool
parse_castling(const char *fen, Field f, Position *pos, PositionError *err)
{
	int			offset = (int) (f.start - fen);
	int			i;
	char		quoted[32];

	if (f.len == 1 && f.start[0] == '-')
		return true;
	for (i = 0; i < f.len; i++)
	{
		char		c = f.start[i];
		Color		color = c >= 'a' ? BLACK : WHITE;
		char		lower = chess_to_lower(c);
		int			rank = color == WHITE ? 0 : 7,
					king_file = 4,
					file,
					right;
		Bitboard	rooks = position_bb(pos, color, ROOK) & (BB_RANK_1 << (8 * rank));
		Bitboard	kings = position_bb(pos, color, KING) & (BB_RANK_1 << (8 * rank));

		if (kings)
			king_file = SQ_FILE(bb_lsb(kings));
		if (lower == 'k')
			file = rooks && SQ_FILE(bb_msb(rooks)) > king_file ? SQ_FILE(bb_msb(rooks)) : CASTLE_HOME_FILE(0);
		else if (lower == 'q')
			file = rooks && SQ_FILE(bb_lsb(rooks)) < king_file ? SQ_FILE(bb_lsb(rooks)) : CASTLE_HOME_FILE(1);
		else if (lower >= 'a' && lower <= 'h')
			file = lower - 'a';
		else
			return position_fail(err, POS_ERR_CASTLING, offset + i,
								 "The castling field \"%s\" is not \"-\" or a combination of K, Q, k, q and the files A-H, a-h.",
								 field_quote(f, quoted));
		right = 2 * color + (lower == 'k' || (lower != 'q' && file > king_file) ? 0 : 1);
		if (pos->castling & (1 << right))
			return position_fail(err, POS_ERR_CASTLING, offset + i,
								 "The castling field \"%s\" gives %s two castling rights on the %s side.",
								 field_quote(f, quoted), color == WHITE ? "White" : "Black",
								 right & 1 ? "queen" : "king");
		pos->castling |= (uint8_t) (1 << right);
		pos->rook_file[right] = (uint8_t) file;
	}
	return true;
}

/* A clock: decimal digits, at most 65535. */
static bool
parse_clock(const char *fen, Field f, uint16_t *out, PositionErrorCode code,
			const char *what, PositionError *err)
{
	long		value = 0;
	int			i;
	char		quoted[32];

	for (i = 0; i < f.len; i++)
	{
		if (f.start[i] < '0' || f.start[i] > '9')
			return position_fail(err, code, (int) (f.start - fen),
							"The %s \"%s\" is not a non-negative integer.", what, field_quote(f, quoted));
		if (value <= 65535)
			value = value * 10 + (f.start[i] - '0');
	}
	if (value > 65535)
		return position_fail(err, code, (int) (f.start - fen),
						"The %s \"%s\" is out of range; the largest accepted is 65535.",
						what, field_quote(f, quoted));
	*out = (uint16_t) value;
	return true;
}

bool
fen_parse(const char *fen, Position *pos, PositionError *err)
{
	Field		fields[MAX_FIELDS];
	int			nfields = 0;
	const char *p = fen;
	char		quoted[32];

	position_clear(pos);
	err->code = POS_OK;
	err->offset = 0;
	err->detail[0] = '\0';

	for (;;)
	{
		const char *start;

		while (chess_is_space(*p))
			p++;
		if (*p == '\0')
			break;
		start = p;
		while (*p != '\0' && !chess_is_space(*p))
			p++;
		if (nfields == MAX_FIELDS)
		{
			int			extra = 1;

			while (*p != '\0')
			{
				while (chess_is_space(*p))
					p++;
				if (*p == '\0')
					break;
				extra++;
				while (*p != '\0' && !chess_is_space(*p))
					p++;
			}
			return position_fail(err, POS_ERR_FIELD_COUNT, (int) (start - fen),
							"The FEN has %d fields; it has 6, or 4 without the clocks.",
							MAX_FIELDS + extra);
		}
		fields[nfields].start = start;
		fields[nfields].len = (int) (p - start);
		nfields++;
	}
	if (nfields == 0)
		return position_fail(err, POS_ERR_EMPTY, 0, "The FEN is empty.");
	if (nfields != 4 && nfields != 6)
		return position_fail(err, POS_ERR_FIELD_COUNT, (int) (p - fen),
						"The FEN has %d field%s; it has 6, or 4 without the clocks.",
						nfields, nfields == 1 ? "" : "s");

	if (!parse_placement(fen, fields[0], pos, err))
		return false;

	if (fields[1].len == 1 && fields[1].start[0] == 'w')
		pos->side = WHITE;
	else if (fields[1].len == 1 && fields[1].start[0] == 'b')
		pos->side = BLACK;
	else
		return position_fail(err, POS_ERR_SIDE, (int) (fields[1].start - fen),
						"The side to move \"%s\" is not \"w\" or \"b\".",
						field_quote(fields[1], quoted));

	if (!parse_castling(fen, fields[2], pos, err))
		return false;

	if (fields[3].len == 1 && fields[3].start[0] == '-')
		pos->ep = SQ_NONE;
	else if (!square_parse(fields[3].start, (size_t) fields[3].len, &pos->ep) ||
			 fields[3].start[0] < 'a')
		return position_fail(err, POS_ERR_EP_SYNTAX, (int) (fields[3].start - fen),
						"The en passant field \"%s\" is not \"-\" or a square.",
						field_quote(fields[3], quoted));

	if (nfields == 6)
	{
		if (!parse_clock(fen, fields[4], &pos->halfmove, POS_ERR_HALFMOVE, "halfmove clock", err) ||
			!parse_clock(fen, fields[5], &pos->fullmove, POS_ERR_FULLMOVE, "fullmove number", err))
			return false;
	}
	else
	{
		pos->halfmove = 0;
		pos->fullmove = 1;
	}
	return position_validate(pos, err);
}

void
fen_write(const Position *pos, char out[FEN_MAX_LENGTH])
{
	fen_write_castling(pos, false, out);
}

void
fen_write_castling(const Position *pos, bool shredder, char out[FEN_MAX_LENGTH])
{
	char	   *p = out;
	Square		ep = position_canonical_ep(pos);
	int			rank,
				file;

	for (rank = 7; rank >= 0; rank--)
	{
		int			empty = 0;

		for (file = 0; file < 8; file++)
		{
			Piece		pc = pos->board[SQ_MAKE(file, rank)];

			if (pc == NO_PIECE)
				empty++;
			else
			{
				if (empty)
					*p++ = (char) ('0' + empty);
				empty = 0;
				*p++ = piece_to_char(pc);
			}
		}
		if (empty)
			*p++ = (char) ('0' + empty);
		if (rank > 0)
			*p++ = '/';
	}
	*p++ = ' ';
	*p++ = pos->side == WHITE ? 'w' : 'b';
	*p++ = ' ';
	p += castling_write(pos, shredder, p);
	*p++ = ' ';
	if (ep == SQ_NONE)
		*p++ = '-';
	else
	{
		square_write(ep, p);
		p += 2;
	}
	snprintf(p, (size_t) (FEN_MAX_LENGTH - (p - out)), " %u %u",
			 (unsigned) pos->halfmove, (unsigned) pos->fullmove);
}

int
castling_write(const Position *pos, bool shredder, char out[5])
{
	int			i,
				n = 0;

	/* White then Black, each king side first (python-chess: rooks by descending square) */
	for (i = 0; i < 4; i++)
	{
		Color		c = CASTLE_COLOR(i);
		int			file = pos->rook_file[i];
		Bitboard	others = position_bb(pos, c, ROOK) & (BB_RANK_1 << (8 * CASTLE_RANK(i))) &
			~SQ_BB(castle_rook(pos, i));
		Bitboard	outside = CASTLE_KINGSIDE(i) ? others & ~((SQ_BB(castle_rook(pos, i)) << 1) - 1) :
			others & (SQ_BB(castle_rook(pos, i)) - 1);
		char		letter;

		if (!(pos->castling & (1 << i)))
			continue;
		if (shredder || outside)
			letter = (char) ('a' + file);	/* an inner rook: named by its file */
		else
			letter = CASTLE_KINGSIDE(i) ? 'k' : 'q';
		out[n++] = c == WHITE ? (char) (letter - 'a' + 'A') : letter;
	}
	if (n == 0)
		out[n++] = '-';
	out[n] = '\0';
	return n;
}

/* Eight lines, rank 8 first, pieces as FEN letters and '.' for empty squares. */
void
board_diagram(const Position *pos, char out[BOARD_DIAGRAM_SIZE])
{
	char	   *p = out;
	int			rank,
				file;

	for (rank = 7; rank >= 0; rank--)
	{
		for (file = 0; file < 8; file++)
		{
			Piece		pc = pos->board[SQ_MAKE(file, rank)];

			*p++ = pc == NO_PIECE ? '.' : piece_to_char(pc);
			*p++ = file < 7 ? ' ' : (rank > 0 ? '\n' : '\0');
		}
	}
}
