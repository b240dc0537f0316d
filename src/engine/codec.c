/*
 * codec.c — text forms of squares, pieces and moves (UCI).
 */
#include "types.h"

#include <string.h>

static const char piece_letters[16] = {
	0, 'P', 'N', 'B', 'R', 'Q', 'K', 0,
	0, 'p', 'n', 'b', 'r', 'q', 'k', 0
};

static const char *const kind_names[7] = {
	NULL, "pawn", "knight", "bishop", "rook", "queen", "king"
};

/* Square text: a file letter a..h (either case) and a rank digit 1..8. */
bool
square_parse(const char *s, size_t len, Square *out)
{
	char		f;

	if (len != 2)
		return false;
	f = s[0];
	if (f >= 'A' && f <= 'H')
		f = (char) (f - 'A' + 'a');
	if (f < 'a' || f > 'h' || s[1] < '1' || s[1] > '8')
		return false;
	*out = SQ_MAKE(f - 'a', s[1] - '1');
	return true;
}

void
square_write(Square sq, char out[3])
{
	out[0] = (char) ('a' + SQ_FILE(sq));
	out[1] = (char) ('1' + SQ_RANK(sq));
	out[2] = '\0';
}

bool
piece_valid(Piece pc)
{
	return pc < 16 && piece_letters[pc] != 0;
}

bool
piece_from_char(char c, Piece *out)
{
	Piece		pc;

	for (pc = 0; pc < 16; pc++)
	{
		if (piece_letters[pc] != 0 && piece_letters[pc] == c)
		{
			*out = pc;
			return true;
		}
	}
	return false;
}

char
piece_to_char(Piece pc)
{
	return piece_valid(pc) ? piece_letters[pc] : '?';
}

const char *
color_name(Color c)
{
	return c == WHITE ? "white" : "black";
}

const char *
kind_name(PieceKind k)
{
	return (k >= PAWN && k <= KING) ? kind_names[k] : NULL;
}

/* "white"/"w" and "black"/"b", in either case. */
bool
color_parse(const char *s, Color *out)
{
	if (strcmp(s, "white") == 0 || strcmp(s, "w") == 0 ||
		strcmp(s, "White") == 0 || strcmp(s, "W") == 0)
		*out = WHITE;
	else if (strcmp(s, "black") == 0 || strcmp(s, "b") == 0 ||
			 strcmp(s, "Black") == 0 || strcmp(s, "B") == 0)
		*out = BLACK;
	else
		return false;
	return true;
}

/* A kind by its name ("knight") or its letter in either case ("N", "n"). */
bool
kind_parse(const char *s, PieceKind *out)
{
	int			k;
	Piece		pc;

	for (k = PAWN; k <= KING; k++)
	{
		if (strcmp(s, kind_names[k]) == 0)
		{
			*out = (PieceKind) k;
			return true;
		}
	}
	if (s[0] != '\0' && s[1] == '\0' && piece_from_char(s[0], &pc))
	{
		*out = PIECE_KIND(pc);
		return true;
	}
	return false;
}

/*
 * Whether some piece could ever move from one square to the other on an empty
 * board: a queen line (rank, file or diagonal) or a knight jump.  Every legal
 * move, castling written king-wise included, has this shape.
 */
static bool
move_geometry_ok(Square from, Square to)
{
	int			df = SQ_FILE(to) - SQ_FILE(from);
	int			dr = SQ_RANK(to) - SQ_RANK(from);
	int			adf = df < 0 ? -df : df;
	int			adr = dr < 0 ? -dr : dr;

	if (adf == 0 || adr == 0 || adf == adr)
		return true;
	return (adf == 1 && adr == 2) || (adf == 2 && adr == 1);
}

/* A promotion must be a pawn step or capture onto the last rank. */
static bool
promotion_geometry_ok(Square from, Square to)
{
	int			df = SQ_FILE(to) - SQ_FILE(from);

	if (df < -1 || df > 1)
		return false;
	return (SQ_RANK(from) == 6 && SQ_RANK(to) == 7) ||
		(SQ_RANK(from) == 1 && SQ_RANK(to) == 0);
}

MoveCodeError
move_check(Move m)
{
	Square		from = MOVE_FROM(m);
	Square		to = MOVE_TO(m);
	PieceKind	promo = MOVE_PROMO(m);

	if (m & MOVE_RESERVED_BIT)
		return MOVE_ERR_RESERVED_BIT;
	if (m == MOVE_NULL)
		return MOVE_OK;
	if (from == to)
		return MOVE_ERR_SAME_SQUARE;
	if (!move_geometry_ok(from, to))
		return MOVE_ERR_NO_PIECE_MOVES;
	if (promo != NO_KIND)
	{
		if (promo < KNIGHT || promo > QUEEN)
			return MOVE_ERR_PROMOTION_KIND;
		if (!promotion_geometry_ok(from, to))
			return MOVE_ERR_PROMOTION_SQUARE;
	}
	return MOVE_OK;
}

/* UCI: from-square, to-square, optional promotion letter; "0000" is null. */
MoveCodeError
move_parse(const char *s, size_t len, Move *out)
{
	Square		from,
				to;
	PieceKind	promo = NO_KIND;
	Move		m;
	MoveCodeError err;

	if (len == 4 && memcmp(s, "0000", 4) == 0)
	{
		*out = MOVE_NULL;
		return MOVE_OK;
	}
	if (len != 4 && len != 5)
		return MOVE_ERR_SYNTAX;
	if (!square_parse(s, 2, &from) || !square_parse(s + 2, 2, &to))
		return MOVE_ERR_SYNTAX;
	if (len == 5)
	{
		switch (s[4])
		{
			case 'n': case 'N': promo = KNIGHT; break;
			case 'b': case 'B': promo = BISHOP; break;
			case 'r': case 'R': promo = ROOK; break;
			case 'q': case 'Q': promo = QUEEN; break;
			case 'p': case 'P': case 'k': case 'K':
				return MOVE_ERR_PROMOTION_KIND;
			default:
				return MOVE_ERR_SYNTAX;
		}
	}
	m = MOVE_MAKE(from, to, promo);
	err = move_check(m);
	if (err == MOVE_OK)
		*out = m;
	return err;
}

void
move_write(Move m, char out[6])
{
	static const char promo_letters[8] = {0, 0, 'n', 'b', 'r', 'q', 0, 0};

	if (m == MOVE_NULL)
	{
		memcpy(out, "0000", 5);
		return;
	}
	square_write(MOVE_FROM(m), out);
	square_write(MOVE_TO(m), out + 2);
	out[4] = promo_letters[MOVE_PROMO(m)];
	out[5] = '\0';
}

const char *
move_error_message(MoveCodeError err)
{
	switch (err)
	{
		case MOVE_OK:
			return "No error.";
		case MOVE_ERR_SYNTAX:
			return "A move is written in UCI: from-square, to-square and an optional promotion letter (e2e4, e7e8q), or 0000 for the null move.";
		case MOVE_ERR_SAME_SQUARE:
			return "The from-square and the to-square are the same.";
		case MOVE_ERR_NO_PIECE_MOVES:
			return "No piece moves between these squares: they are not on one rank, file or diagonal, nor a knight's jump apart.";
		case MOVE_ERR_PROMOTION_KIND:
			return "A pawn promotes to a knight, bishop, rook or queen (n, b, r, q).";
		case MOVE_ERR_PROMOTION_SQUARE:
			return "A promotion is a pawn's step or capture from the seventh rank to the eighth, or from the second to the first.";
		case MOVE_ERR_RESERVED_BIT:
			return "The reserved high bit is set.";
	}
	return "Unknown error.";
}
