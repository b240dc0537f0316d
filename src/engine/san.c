/*
 * san.c — Standard Algebraic Notation.
 */
#include "san.h"

#include <stdio.h>
#include <string.h>

static const char piece_letter[7] = {0, 'P', 'N', 'B', 'R', 'Q', 'K'};

/* "+" or "#" when the move gives check or mate, "" otherwise. */
static const char *
check_suffix(const Position *pos, Move m)
{
	Position	after = *pos;

	position_play(&after, m);
	if (!position_in_check(&after))
		return "";
	return count_legal(&after) == 0 ? "#" : "+";
}

/* Whether a legal move m castles (the king two steps, or onto its own rook). */
static bool
is_castling(const Position *pos, Move m)
{
	return castle_right_of(pos, m) >= 0;
}

/*
 * The standard disambiguation of a piece's move from from, given the
 * squares of the other pieces of its kind with a legal move to the same
 * square: none when there are none; else the file, when no other is on the
 * file or another is on the rank too; and the rank, when another is on the
 * file.
 */
static inline void
disambiguation(Square from, Bitboard others, bool *file, bool *rank)
{
	Bitboard	same_file = others & (BB_FILE_A << SQ_FILE(from));

	*file = others && (!same_file || (others & (BB_RANK_1 << (8 * SQ_RANK(from)))));
	*rank = same_file != 0;
}

/* SAN without the check sign; returns the length. */
static int
san_body(const Position *pos, Move m, const Move *legal, int nlegal, char *out)
{
	Square		from = MOVE_FROM(m);
	Square		to = MOVE_TO(m);
	PieceKind	kind = PIECE_KIND(pos->board[from]);
	bool		capture = pos->board[to] != NO_PIECE ||
		(kind == PAWN && SQ_FILE(from) != SQ_FILE(to));
	char	   *p = out;
	int			i;

	if (is_castling(pos, m))
		return sprintf(out, "%s", to > from ? "O-O" : "O-O-O");
	if (kind == PAWN)
	{
		if (capture)
			*p++ = (char) ('a' + SQ_FILE(from));
	}
	else
	{
		Bitboard	others = 0;
		bool		file,
					rank;

		*p++ = piece_letter[kind];
		for (i = 0; i < nlegal; i++)
		{
			Square		f = MOVE_FROM(legal[i]);

			if (MOVE_TO(legal[i]) != to || f == from || PIECE_KIND(pos->board[f]) != kind)
				continue;
			others |= SQ_BB(f);
		}
		disambiguation(from, others, &file, &rank);
		if (file)
			*p++ = (char) ('a' + SQ_FILE(from));
		if (rank)
			*p++ = (char) ('1' + SQ_RANK(from));
	}
	if (capture)
		*p++ = 'x';
	square_write(to, p);
	p += 2;
	if (MOVE_PROMO(m) != NO_KIND)
	{
		*p++ = '=';
		*p++ = piece_letter[MOVE_PROMO(m)];
	}
	*p = '\0';
	return (int) (p - out);
}

void
san_write(const Position *pos, Move m, char out[SAN_MAX_LENGTH])
{
	Move		legal[MAX_MOVES];
	int			nlegal = gen_legal_to(pos, MOVE_TO(m), legal);
	int			n = san_body(pos, m, legal, nlegal, out);

	strcpy(out + n, check_suffix(pos, m));
}

/* A move as the parser understood it. */
typedef struct SanParts
{
	PieceKind	kind;
	int			from_file;		/* -1: not given */
	int			from_rank;		/* -1: not given */
	Square		to;
	PieceKind	promotion;
} SanParts;

static int
promotion_kind(char c, bool lenient)
{
	switch (c)
	{
		case 'N': return KNIGHT;
		case 'B': return BISHOP;
		case 'R': return ROOK;
		case 'Q': return QUEEN;
		case 'n': return lenient ? KNIGHT : NO_KIND;
		case 'b': return lenient ? BISHOP : NO_KIND;
		case 'r': return lenient ? ROOK : NO_KIND;
		case 'q': return lenient ? QUEEN : NO_KIND;
		default: return NO_KIND;
	}
}

/*
 * Splits SAN (check sign and annotations already removed) into its parts.
 * lower_piece: a lower-case first letter n, b, r, q, k names a piece.
 */
static bool
split_san(const char *s, int n, bool lenient, bool lower_piece, SanParts *out)
{
	int			i = 0,
				end = n;
	/* strchr() finds the terminator too: a NUL byte is no piece letter */
	const char *upper = n > 0 && s[0] != '\0' ? strchr("NBRQK", s[0]) : NULL;
	const char *lower = n > 0 && s[0] != '\0' && lower_piece ? strchr("nbrqk", s[0]) : NULL;

	out->kind = PAWN;
	out->from_file = out->from_rank = -1;
	out->promotion = NO_KIND;
	if (upper)
	{
		out->kind = (PieceKind) (2 + (upper - "NBRQK"));
		i = 1;
	}
	else if (lower)
	{
		out->kind = (PieceKind) (2 + (lower - "nbrqk"));
		i = 1;
	}
	/* promotion, from the end: "=Q", or leniently "Q", "q", "=q" */
	if (end - i >= 3 && promotion_kind(s[end - 1], lenient) != NO_KIND &&
		(s[end - 2] == '=' || (lenient && s[end - 2] >= '1' && s[end - 2] <= '8')))
	{
		out->promotion = (PieceKind) promotion_kind(s[end - 1], lenient);
		end -= s[end - 2] == '=' ? 2 : 1;
	}
	if (end - i < 2 || s[end - 2] < 'a' || s[end - 2] > 'h' || s[end - 1] < '1' || s[end - 1] > '8')
		return false;
	out->to = SQ_MAKE(s[end - 2] - 'a', s[end - 1] - '1');
	end -= 2;
	if (i < end && s[i] >= 'a' && s[i] <= 'h')
		out->from_file = s[i++] - 'a';
	if (i < end && s[i] >= '1' && s[i] <= '8')
		out->from_rank = s[i++] - '1';
	if (i < end && (s[i] == 'x' || (lenient && (s[i] == ':' || s[i] == '-'))))
		i++;
	return i == end;
}

/*
 * The legal moves that fit the parts; returns their number.  A pawn move
 * without a from-file is a step on the to-square's file: "f6" never names a
 * capture, even leniently (python-chess's test_pawn_capture_san_without_file).
 * Castling is written O-O; leniently, also as the king's move (Kg1, Ke1g1),
 * as chess.js reads it.
 */
static int
matching_moves(const Position *pos, const Move *legal, int nlegal, const SanParts *parts,
			   bool lenient, Move *out)
{
	int			i,
				n = 0;
	int			from_file = parts->from_file;

	if (parts->kind == PAWN && from_file < 0)
		from_file = SQ_FILE(parts->to);
	for (i = 0; i < nlegal; i++)
	{
		Move		m = legal[i];
		Square		from = MOVE_FROM(m);

		if (MOVE_TO(m) != parts->to || PIECE_KIND(pos->board[from]) != parts->kind ||
			MOVE_PROMO(m) != parts->promotion || (!lenient && is_castling(pos, m)) ||
			(from_file >= 0 && SQ_FILE(from) != from_file) ||
			(parts->from_rank >= 0 && SQ_RANK(from) != parts->from_rank))
			continue;
		out[n++] = m;
	}
	return n;
}

/* Adds to out the legal moves from the squares of from onto to; returns their new number. */
static int
legal_from(const Position *pos, Bitboard from, Square to, PieceKind promotion, Move *out, int n)
{
	while (from)
	{
		Move		m = MOVE_MAKE(bb_pop(&from), to, promotion);

		if (move_is_legal(pos, m))
			out[n++] = m;
	}
	return n;
}

/*
 * The legal moves of the pieces of a kind (not the king, whose moves onto
 * a square may be a castling) onto to, in gen_legal_to()'s order, which
 * ambiguity messages list: the pieces that could get there (a slider sees
 * to when to sees it), each move tested alone (move_is_legal()).  Reading
 * PGN spent a fifth of its time in gen_legal_to(), which finds the pins
 * and checks of the whole position first.
 */
static int
kind_moves_to(const Position *pos, PieceKind kind, Square to, Move *out)
{
	Color		us = (Color) pos->side;
	Bitboard	own = position_bb(pos, us, kind);
	Bitboard	occ = pos->by_color[WHITE] | pos->by_color[BLACK];
	int			n = 0;

	switch (kind)
	{
		case PAWN:
			{
				/* a push along the file, a capture from a neighbouring file */
				Bitboard	from = own & ((BB_FILE_A << SQ_FILE(to)) | bb_pawn_attacks[us ^ 1][to]);

				if (SQ_BB(to) & (BB_RANK_1 | BB_RANK_8))
				{
					/* the piece chosen does not change legality: test once */
					while (from)
					{
						Square		sq = bb_pop(&from);

						if (move_is_legal(pos, MOVE_MAKE(sq, to, QUEEN)))
							ADD_PROMOTIONS(out, n, sq, to);
					}
					return n;
				}
				return legal_from(pos, from, to, NO_KIND, out, n);
			}
		case KNIGHT:
			return legal_from(pos, own & bb_knight[to], to, NO_KIND, out, n);
		case BISHOP:
		case QUEEN:
			/* queens on diagonals first, as gen_legal_to() has them */
			n = legal_from(pos, own & bb_bishop_attacks(to, occ), to, NO_KIND, out, n);
			if (kind == BISHOP)
				return n;
			/* FALLTHROUGH */
		case ROOK:
			return legal_from(pos, own & bb_rook_attacks(to, occ), to, NO_KIND, out, n);
		default:
			return 0;
	}
}

static void
malformed(SanResult *r, const char *detail)
{
	r->status = SAN_MALFORMED;
	snprintf(r->detail, sizeof(r->detail), "%s", detail);
}

/*
 * No legal move fits: explain with the one move that was clearly meant (the
 * only piece of the kind that could make it on this board), else generally.
 * A legal move that fits but is not written so (castling as a king move,
 * strictly) is malformed SAN, with the standard SAN named.
 */
static void
explain_illegal(const Position *pos, const SanParts *parts, SanResult *r)
{
	Color		us = (Color) pos->side;
	Bitboard	own = position_bb(pos, us, parts->kind);
	Move		meant = MOVE_NULL;
	int			plausible = 0;
	int			from_file = parts->kind == PAWN && parts->from_file < 0 ?
		SQ_FILE(parts->to) : parts->from_file;
	char		to_name[3];

	square_write(parts->to, to_name);
	while (own)
	{
		Square		from = bb_pop(&own);
		Square		where;
		Move		m = MOVE_MAKE(from, parts->to, parts->promotion);
		MoveVerdict v;

		if ((from_file >= 0 && SQ_FILE(from) != from_file) ||
			(parts->from_rank >= 0 && SQ_RANK(from) != parts->from_rank) ||
			from == parts->to || move_check(m) != MOVE_OK)
			continue;
		v = move_diagnose(pos, m, &where);
		if (v == MV_CANNOT_MOVE_THAT_WAY)
			continue;
		if (v == MV_LEGAL)
		{
			char		standard[SAN_MAX_LENGTH],
						detail[120];

			san_write(pos, m, standard);
			snprintf(detail, sizeof(detail),
					 "This is not standard SAN; the standard SAN of this move is %s.", standard);
			malformed(r, detail);
			return;
		}
		plausible++;
		meant = m;
		if (plausible == 1)
			move_verdict_message(pos, m, v, where, r->detail, sizeof(r->detail));
	}
	r->status = SAN_ILLEGAL;
	r->move = plausible == 1 ? meant : MOVE_NULL;
	if (plausible != 1)
		snprintf(r->detail, sizeof(r->detail), "No %s %s can move to %s%s.",
				 us == WHITE ? "white" : "black", kind_name(parts->kind), to_name,
				 plausible > 1 ? " legally" : "");
}

/* A move read as UCI: legal (one of the legal moves onto its square), or illegal with the reason. */
static void
uci_move(const Position *pos, Move m, SanResult *r)
{
	Move		legal[MAX_MOVES];
	int			nlegal,
				i;

	m = castle_normalize(pos, m);	/* castling either way: e1g1 or e1h1 */
	nlegal = gen_legal_to(pos, MOVE_TO(m), legal);

	for (i = 0; i < nlegal; i++)
		if (legal[i] == m)
		{
			r->move = m;
			return;
		}
	r->status = SAN_ILLEGAL;
	r->move = m;
	if (m != MOVE_NULL)
	{
		Square		where;
		MoveVerdict v = move_diagnose(pos, m, &where);

		move_verdict_message(pos, m, v, where, r->detail, sizeof(r->detail));
	}
	else
		snprintf(r->detail, sizeof(r->detail), "The null move 0000 is not a move of the game.");
}

/*
 * san_parse_common(): the target square last; before it nothing (a push),
 * a file and "x" (a pawn's capture), or a piece letter, an optional file,
 * an optional rank and an optional "x".  The legal moves of that kind onto
 * the target are found from the target (the squares its pieces attack it
 * from) and tested alone; the text must then name one of them with the
 * standard disambiguation (disambiguation(), as san_body() writes it) and
 * "x" exactly for a capture.
 */
CHESS_HOT static bool
san_parse_common_clones(const Position *pos, const char *s, size_t n, Move *out)
{
	Color		us = (Color) pos->side;
	Bitboard	occ = position_occupied(pos),
				theirs = pos->by_color[us ^ 1],
				legal = 0,
				match,
				from_bb;
	PieceKind	kind;
	Square		to,
				from;
	int			dfile = -1,
				drank = -1;
	size_t		i = 1;
	bool		capture = false,
				file,
				rank;

	while (n > 0 && (s[n - 1] == '!' || s[n - 1] == '?'))
		n--;
	if (n > 0 && (s[n - 1] == '+' || s[n - 1] == '#'))
		n--;
	if (n < 2 || n > 6 || s[n - 2] < 'a' || s[n - 2] > 'h' || s[n - 1] < '1' || s[n - 1] > '8')
		return false;
	to = SQ_MAKE(s[n - 2] - 'a', s[n - 1] - '1');
	if (pos->by_color[us] & SQ_BB(to))
		return false;
	n -= 2;
	if (s[0] >= 'a' && s[0] <= 'h')
	{
		Bitboard	pawns = position_bb(pos, us, PAWN);
		int			back = us == WHITE ? -8 : 8;	/* one square towards the pawn's start */
		Move		m;

		if (SQ_BB(to) & (BB_RANK_1 | BB_RANK_8))
			return false;		/* a promotion, or no pawn move */
		if (n == 0)
		{
			/* a push: the pawn one square behind, or two from its start */
			if (occ & SQ_BB(to))
				return false;
			from = (Square) (to + back);
			if (!(pawns & SQ_BB(from)))
			{
				if ((occ & SQ_BB(from)) || SQ_RANK(to) != (us == WHITE ? 3 : 4))
					return false;
				from = (Square) (from + back);
				if (!(pawns & SQ_BB(from)))
					return false;
			}
		}
		else if (n == 2 && s[1] == 'x' && (s[0] - 'a' == SQ_FILE(to) - 1 || s[0] - 'a' == SQ_FILE(to) + 1))
		{
			/* a capture: the pawn of that file diagonally behind */
			from = SQ_MAKE(s[0] - 'a', SQ_RANK(to + back));
			if (!(pawns & SQ_BB(from)) || !((theirs & SQ_BB(to)) || to == pos->ep))
				return false;
		}
		else
			return false;
		m = MOVE_MAKE(from, to, NO_KIND);
		if (!pseudo_move_is_legal(pos, m, PAWN))
			return false;
		*out = m;
		return true;
	}
	switch (s[0])
	{
		case 'N':
			kind = KNIGHT;
			from_bb = bb_knight[to];
			break;
		case 'B':
			kind = BISHOP;
			from_bb = bb_bishop_attacks(to, occ);
			break;
		case 'R':
			kind = ROOK;
			from_bb = bb_rook_attacks(to, occ);
			break;
		case 'Q':
			kind = QUEEN;
			from_bb = bb_bishop_attacks(to, occ) | bb_rook_attacks(to, occ);
			break;
		case 'K':
			kind = KING;
			from_bb = bb_king[to];
			break;
		default:
			return false;
	}
	if (i < n && s[i] >= 'a' && s[i] <= 'h')
		dfile = s[i++] - 'a';
	if (i < n && s[i] >= '1' && s[i] <= '8')
		drank = s[i++] - '1';
	if (i < n && s[i] == 'x')
		capture = true, i++;
	if (i != n || capture != ((theirs & SQ_BB(to)) != 0))
		return false;
	/* the legal moves of the kind onto to (a king's one step is no castling) */
	for (from_bb &= position_bb(pos, us, kind); from_bb;)
	{
		Square		sq = bb_pop(&from_bb);

		if (pseudo_move_is_legal(pos, MOVE_MAKE(sq, to, NO_KIND), kind))
			legal |= SQ_BB(sq);
	}
	match = legal;
	if (dfile >= 0)
		match &= BB_FILE_A << dfile;
	if (drank >= 0)
		match &= BB_RANK_1 << (8 * drank);
	if (match == 0 || (match & (match - 1)))
		return false;
	/* written with the standard disambiguation */
	from = bb_lsb(match);
	disambiguation(from, legal & ~match, &file, &rank);
	if ((dfile >= 0) != file || (drank >= 0) != rank)
		return false;
	*out = MOVE_MAKE(from, to, NO_KIND);
	return true;
}

bool
san_parse_common(const Position *pos, const char *text, size_t len, Move *out)
{
	return san_parse_common_clones(pos, text, len, out);
}

void
san_parse(const Position *pos, const char *text, size_t len, bool lenient, SanResult *r)
{
	char		buf[40];
	int			n;
	int			suffix_len = 0;
	Move		legal[MAX_MOVES];
	int			nlegal;
	Move		m;
	SanParts	parts;

	/* leniently, standard SAN still means what it says: bxc4 is the b-pawn */
	if (lenient)
	{
		san_parse(pos, text, len, false, r);
		if (r->status == SAN_OK)
			return;
	}
	r->status = SAN_OK;
	r->move = MOVE_NULL;
	r->ncandidates = 0;
	r->detail[0] = '\0';
	while (len > 0 && (*text == ' ' || *text == '\t'))
		text++, len--;
	while (len > 0 && (text[len - 1] == ' ' || text[len - 1] == '\t'))
		len--;
	if (len == 0)
		{
		malformed(r, "The move is empty.");
		return;
	}
	if (len >= sizeof(buf))
		{
		malformed(r, "The move is too long to be SAN or UCI.");
		return;
	}
	memcpy(buf, text, len);
	n = (int) len;
	buf[n] = '\0';

	/* annotation glyphs, then the check or mate sign */
	while (n > 0 && (buf[n - 1] == '!' || buf[n - 1] == '?'))
		buf[--n] = '\0';
	while (n > 0 && (buf[n - 1] == '+' || buf[n - 1] == '#'))
	{
		suffix_len++;
		buf[--n] = '\0';
	}
	if (n == 0)
		{
		malformed(r, "The move has no squares.");
		return;
	}
	if (!lenient && suffix_len > 1)
		{
		malformed(r, "A move has one check or mate sign at most.");
		return;
	}

	/*
	 * Each way of reading knows the destination first and looks at the legal
	 * moves onto it only: all that matching, disambiguation and the standard
	 * SAN need (a move's SAN depends on the other moves to its square).
	 *
	 * UCI, in either mode and either letter case, as the move type reads it
	 * ('E2E4'::move).  A capital B first may be SAN ("B4c6": a bishop from
	 * the fourth rank), so such a text is UCI only when it is no SAN (below).
	 */
	if ((buf[0] == '0' || (chess_to_lower(buf[0]) >= 'a' && chess_to_lower(buf[0]) <= 'h' && buf[0] != 'B')) &&
		move_parse(buf, (size_t) n, &m) == MOVE_OK)
	{
		uci_move(pos, m, r);
		return;
	}

	/* castling */
	if (strcmp(buf, "O-O") == 0 || strcmp(buf, "O-O-O") == 0 ||
		(lenient && strspn(buf, "O0o-") == (size_t) n &&
		 (n == 3 || n == 5) && buf[1] == '-' && (n == 3 || buf[3] == '-')))
	{
		int			i;

		m = castle_move(pos, 2 * pos->side + (n == 3 ? 0 : 1));
		nlegal = gen_legal_to(pos, MOVE_TO(m), legal);
		for (i = 0; i < nlegal; i++)
			if (legal[i] == m)
				r->move = m;
		if (r->move == MOVE_NULL)
		{
			Square		where;
			MoveVerdict v = move_diagnose(pos, m, &where);

			r->status = SAN_ILLEGAL;
			r->move = m;
			move_verdict_message(pos, m, v, where, r->detail, sizeof(r->detail));
			return;
		}
	}
	else
	{
		SanParts	as_pawn;
		bool		piece_ok = split_san(buf, n, lenient, lenient, &parts);
		bool		pawn_ok = lenient && buf[0] == 'b' && split_san(buf, n, lenient, false, &as_pawn);

		if (!piece_ok && !pawn_ok)
		{
			if (buf[0] == 'B' && move_parse(buf, (size_t) n, &m) == MOVE_OK)
				uci_move(pos, m, r);
			else
				malformed(r, "A move is SAN (e4, Nf3, exd5, O-O, e8=Q) or UCI (e2e4, e7e8q).");
			return;
		}
		if (piece_ok && !pawn_ok && parts.kind != KING)
			nlegal = kind_moves_to(pos, parts.kind, parts.to, legal);
		else if (piece_ok && pawn_ok && parts.to != as_pawn.to)
			nlegal = gen_legal(pos, legal);
		else
			nlegal = gen_legal_to(pos, piece_ok ? parts.to : as_pawn.to, legal);
		if (piece_ok)
			r->ncandidates = matching_moves(pos, legal, nlegal, &parts, lenient, r->candidates);
		if (pawn_ok)
		{
			if (!piece_ok)
				parts = as_pawn;
			r->ncandidates += matching_moves(pos, legal, nlegal, &as_pawn, lenient,
											 r->candidates + r->ncandidates);
		}
		if (r->ncandidates == 0)
			{
			explain_illegal(pos, &parts, r);
			return;
		}
		if (r->ncandidates > 1)
		{
			r->status = SAN_AMBIGUOUS;
			return;
		}
		r->move = r->candidates[0];
		r->ncandidates = 0;
	}

	/* strictly, the text must be the standard SAN of the move */
	if (!lenient)
	{
		char		standard[SAN_MAX_LENGTH];
		int			body = san_body(pos, r->move, legal, nlegal, standard);

		/* a wrong or missing check sign alone is no error (as python-chess reads it) */
		if (body != n || memcmp(buf, standard, (size_t) n) != 0)
		{
			char		detail[120];

			strcpy(standard + body, check_suffix(pos, r->move));
			snprintf(detail, sizeof(detail),
					 "This is not standard SAN; the standard SAN of this move is %s.", standard);
			r->move = MOVE_NULL;
			malformed(r, detail);
			return;
		}
	}
}
