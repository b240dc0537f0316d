/*
 * query.c — reading a query of Scoutfish's language (query.h): its JSON
 * read token by token (json.h), the conditions built as they come, each
 * rule's value checked.  The language is Scoutfish's (mcostalba/scoutfish,
 * its README and test.py); the code is ours.  query_match.c replays games
 * against a query, query_flip.c swaps its colours.
 *
 * long: the grammar and the checks of every rule's value, each with the
 * sentence its error gives, in one place, as the reader meets them.
 */
#include "query.h"

#include "json.h"

#include <stdio.h>
#include <string.h>

#define VALUE_MAX 256			/* the longest string a rule takes */

typedef struct Reader
{
	JsonReader	j;
	GameQuery  *q;
	QueryAlloc	alloc;
	void	   *ctx;
	QueryError *err;
	int			streaks;		/* streaks numbered so far */
	/* room allocated for each array of q */
	int			cap_conditions,
				cap_patterns,
				cap_materials,
				cap_imbalances,
				cap_moves,
				cap_boards,
				cap_manoeuvres;
	bool		flip;			/* "flip": true at the top */
	bool		flip_given;
} Reader;

static bool
fail(Reader *r, QueryStatus status, const char *fmt, const char *a, const char *b)
{
	r->err->status = status;
	snprintf(r->err->detail, sizeof(r->err->detail), fmt, a, b);
	return false;
}

/* Text that is no JSON, or no JSON of the query's grammar: what is wrong, where. */
static bool
syntax(Reader *r, const char *what)
{
	return json_fail(&r->j, what);
}

/* A value quoted for a message, cut at 60 bytes. */
static const char *
quoted(const char *v, char out[72])
{
	snprintf(out, 72, "\"%.60s%s\"", v, strlen(v) > 60 ? "..." : "");
	return out;
}

static bool
bad_value(Reader *r, const char *rule, const char *value, const char *why)
{
	char		q[72];

	r->err->status = QUERY_SYNTAX;
	snprintf(r->err->detail, sizeof(r->err->detail), "The rule \"%s\" takes %s; %s is not one.", rule, why,
			 quoted(value, q));
	return false;
}

/* Grows one of q's arrays, of used elements, to hold one more. */
static void
grow(Reader *r, void **array, int used, int *cap, size_t size)
{
	if (used == *cap)
	{
		*cap = *cap ? *cap * 2 : 4;
		*array = r->alloc(r->ctx, *array, (size_t) *cap * size);
	}
}

/* Whether the query may hold one more item (sub-FEN, material, imbalance, move, FEN, manoeuvre): else 54000. */
static bool
room_for_item(Reader *r)
{
	const GameQuery *q = r->q;
	char		n[16];

	if (q->npatterns + q->nmaterials + q->nimbalances + q->nmoves + q->nboards + q->nmanoeuvres <
		QUERY_MAX_ITEMS)
		return true;
	snprintf(n, sizeof(n), "%d", QUERY_MAX_ITEMS);
	return fail(r, QUERY_TOO_BIG, "A query holds at most %s sub-FENs, materials, imbalances, moves, FENs and manoeuvres%s.", n, "");
}

/* What the next value is: 's' string, '[' list, '{' object, or 'o' other. */
static char
value_kind(Reader *r)
{
	char		c = json_peek(&r->j);

	return c == '"' ? 's' : c == '[' ? '[' : c == '{' ? '{' : 'o';
}

/*
 * A rule's value: a string, or (list) a non-empty list of strings; each
 * string is given to item().
 */
typedef bool (*ItemFn) (Reader *r, QueryCondition *c, const char *rule, const char *value);

static bool
read_strings(Reader *r, QueryCondition *c, const char *rule, bool list, ItemFn item)
{
	char		value[VALUE_MAX];
	bool		cut;
	char		k = value_kind(r);

	if (k == 's' || !list)
	{
		if (k != 's')
			return fail(r, QUERY_SYNTAX, "The rule \"%s\" takes a string%s.", rule, "");
		if (!json_string(&r->j, value, sizeof(value), &cut))
			return false;
		if (cut)
			return bad_value(r, rule, value, "no string this long");
		return item(r, c, rule, value);
	}
	if (k != '[')
		return fail(r, QUERY_SYNTAX, "The rule \"%s\" takes a string or a list of strings%s.", rule, "");
	r->j.pos++;
	if (json_peek(&r->j) == ']')
		return fail(r, QUERY_SYNTAX, "The rule \"%s\" takes a list of at least one string%s.", rule, "");
	for (;;)
	{
		int			more;

		if (value_kind(r) != 's')
			return fail(r, QUERY_SYNTAX, "The rule \"%s\" takes a string or a list of strings%s.", rule, "");
		if (!json_string(&r->j, value, sizeof(value), &cut))
			return false;
		if (cut)
			return bad_value(r, rule, value, "no string this long");
		if (!item(r, c, rule, value))
			return false;
		if ((more = json_next(&r->j, ']')) <= 0)
			return more == 0;
	}
}

/* ---------------------------------------------------------------- rules */

static bool
item_subfen(Reader *r, QueryCondition *c, const char *rule, const char *value)
{
	GameQuery  *q = r->q;
	Pattern		p;
	PositionError perr;

	if (!pattern_parse(value, &p, &perr))
	{
		char		why[260];

		snprintf(why, sizeof(why), "a board placement as in a FEN (%s)", perr.detail);
		return bad_value(r, rule, value, why);
	}
	if (!room_for_item(r))
		return false;
	if (q->npatterns == r->cap_patterns)
	{
		grow(r, (void **) &q->patterns, q->npatterns, &r->cap_patterns, sizeof(Pattern));
		q->reaches = r->alloc(r->ctx, q->reaches, (size_t) r->cap_patterns * sizeof(PatternReach));
	}
	q->patterns[q->npatterns] = p;
	pattern_reach_init(&p, &q->reaches[q->npatterns]);
	q->npatterns++;
	c->nsubfens++;
	return true;
}

/* Piece letters (Q R B N P, upper case) counted into counts, in search.h's order. */
static bool
count_letters(const char *s, size_t n, uint8_t counts[MATERIAL_KINDS])
{
	static const char letters[] = "QRBNP";
	size_t		i;

	memset(counts, 0, MATERIAL_KINDS);
	for (i = 0; i < n; i++)
	{
		const char *at = s[i] ? strchr(letters, s[i]) : NULL;

		if (at == NULL || counts[at - letters] == MATERIAL_COUNT_MAX)
			return false;
		counts[at - letters]++;
	}
	return true;
}

static bool
item_material(Reader *r, QueryCondition *c, const char *rule, const char *value)
{
	static const char why[] = "the men of each side, each side's first a K, White first (\"KBNKNN\" or \"KBNvKNN\")";
	GameQuery  *q = r->q;
	const char *v = strchr(value, 'v');
	const char *second;
	size_t		wlen;
	const char *black;
	uint8_t		counts[2][MATERIAL_KINDS];
	MaterialQuery m;
	int			side,
				k;

	if (value[0] != 'K')
		return bad_value(r, rule, value, why);
	if (v)
	{
		wlen = (size_t) (v - value);
		black = v + 1;
		if (black[0] != 'K')
			return bad_value(r, rule, value, why);
	}
	else
	{
		second = strchr(value + 1, 'K');
		if (second == NULL)
			return bad_value(r, rule, value, why);
		wlen = (size_t) (second - value);
		black = second;
	}
	if (!count_letters(value + 1, wlen - 1, counts[0]) ||
		!count_letters(black + 1, strlen(black + 1), counts[1]))
		return bad_value(r, rule, value, why);
	for (side = 0; side < 2; side++)
	{
		int			men = 0;

		for (k = 0; k < MATERIAL_KINDS; k++)
			men += counts[side][k];
		if (men > 15 || counts[side][MATERIAL_KINDS - 1] > 8)
			return bad_value(r, rule, value, "material a side can have (at most 16 men, 8 of them pawns)");
	}
	if (!room_for_item(r))
		return false;
	grow(r, (void **) &q->materials, q->nmaterials, &r->cap_materials, sizeof(MaterialQuery));
	memcpy(m.min, counts, sizeof(counts));
	memcpy(m.max, counts, sizeof(counts));
	q->materials[q->nmaterials++] = m;
	c->nmaterials++;
	return true;
}

static bool
item_imbalance(Reader *r, QueryCondition *c, const char *rule, const char *value)
{
	static const char why[] = "White's men over Black's, \"v\" between them (\"PPvN\", letters Q R B N P)";
	GameQuery  *q = r->q;
	const char *v = strchr(value, 'v');
	uint8_t		counts[2][MATERIAL_KINDS];
	QueryImbalance imb;
	int			k;

	if (v == NULL || strchr(v + 1, 'v') ||
		!count_letters(value, (size_t) (v - value), counts[0]) ||
		!count_letters(v + 1, strlen(v + 1), counts[1]))
		return bad_value(r, rule, value, why);
	for (k = 0; k < MATERIAL_KINDS; k++)
		imb.diff[k] = (int8_t) (counts[0][k] - counts[1][k]);
	if (!room_for_item(r))
		return false;
	grow(r, (void **) &q->imbalances, q->nimbalances, &r->cap_imbalances, sizeof(QueryImbalance));
	q->imbalances[q->nimbalances++] = imb;
	c->nimbalances++;
	return true;
}

static int
kind_of_letter(char ch)
{
	switch (ch)
	{
		case 'P':
		case 'p':
			return PAWN;
		case 'N':
		case 'n':
			return KNIGHT;
		case 'B':
		case 'b':
			return BISHOP;
		case 'R':
		case 'r':
			return ROOK;
		case 'Q':
		case 'q':
			return QUEEN;
		case 'K':
		case 'k':
			return KING;
		default:
			return NO_KIND;
	}
}

/*
 * A move in SAN as a rule takes it (Color c): a piece letter (none for a
 * pawn), a file, rank or square it comes from, an optional "x", the target,
 * "=Q" for a promotion; "O-O", "O-O-O"; a check sign or glyphs after it.
 * False, with why, for text that no move can be.
 */
static bool
parse_move(const char *s, Color c, QueryMove *m, const char **why)
{
	size_t		n = strlen(s);
	size_t		i = 0,
				mid;
	int			tf,
				tr;

	memset(m, 0, sizeof(*m));
	m->color = (uint8_t) c;
	m->from_file = -1;
	m->from_rank = -1;
	m->promotion = NO_KIND;
	while (n > 0 && (s[n - 1] == '+' || s[n - 1] == '#' || s[n - 1] == '!' || s[n - 1] == '?'))
		n--;
	*why = "a move in SAN (\"e4\", \"Nbd7\", \"exd5\", \"e8=Q\", \"O-O\")";
	if ((n == 3 && (memcmp(s, "O-O", 3) == 0 || memcmp(s, "0-0", 3) == 0)) ||
		(n == 5 && (memcmp(s, "O-O-O", 5) == 0 || memcmp(s, "0-0-0", 5) == 0)))
	{
		m->kind = KING;
		m->castle = n == 3 ? 1 : 2;
		return true;
	}
	if (n > 0 && strchr("KQRBN", s[0]))
	{
		m->kind = (uint8_t) kind_of_letter(s[0]);
		i = 1;
	}
	else
		m->kind = PAWN;
	if (n >= 2 && s[n - 2] == '=')
	{
		int			k = kind_of_letter(s[n - 1]);

		if (m->kind != PAWN || s[n - 1] < 'A' || s[n - 1] > 'Z' || k == NO_KIND || k == PAWN || k == KING)
			return false;
		m->promotion = (uint8_t) k;
		n -= 2;
	}
	if (n < i + 2)
		return false;
	tf = s[n - 2] - 'a';
	tr = s[n - 1] - '1';
	if (tf < 0 || tf > 7 || tr < 0 || tr > 7)
		return false;
	m->to = SQ_MAKE(tf, tr);
	mid = n - 2;
	if (mid > i && s[mid - 1] == 'x')
	{
		mid--;
		m->capture = true;
	}
	if (mid - i >= 1 && s[i] >= 'a' && s[i] <= 'h')
		m->from_file = (int8_t) (s[i++] - 'a');
	if (mid - i >= 1 && s[i] >= '1' && s[i] <= '8')
		m->from_rank = (int8_t) (s[i++] - '1');
	if (i != mid)
		return false;
	if (m->kind == PAWN)
	{
		int			last = c == WHITE ? 7 : 0;

		*why = "a pawn's move a pawn can make (\"e4\", \"exd5\", \"e8=Q\")";
		/* a pawn arrives on ranks 3-8 (White) or 6-1 (Black), from a neighbouring file when it takes */
		if ((c == WHITE ? tr < 2 : tr > 5) || m->from_rank >= 0 || (m->capture && m->from_file < 0) ||
			(m->from_file >= 0 && (m->from_file - tf == 0 || m->from_file - tf > 1 || tf - m->from_file > 1)) ||
			(m->promotion != NO_KIND && tr != last))
			return false;
	}
	else if (m->from_file == tf && m->from_rank == tr)
	{
		*why = "a move to another square";
		return false;
	}
	return true;
}

static bool
item_move(Reader *r, QueryCondition *c, const char *rule, const char *value)
{
	GameQuery  *q = r->q;
	QueryMove	m;
	const char *why;

	if (!parse_move(value, rule[0] == 'w' ? WHITE : BLACK, &m, &why))
		return bad_value(r, rule, value, why);
	if (!room_for_item(r))
		return false;
	grow(r, (void **) &q->moves, q->nmoves, &r->cap_moves, sizeof(QueryMove));
	q->moves[q->nmoves++] = m;
	c->nmoves++;
	return true;
}

static bool
item_result(Reader *r, QueryCondition *c, const char *rule, const char *value)
{
	static const char *const names[] = {"1-0", "0-1", "1/2-1/2", "*"};
	int			i;

	for (i = 0; i < 4; i++)
		if (strcmp(value, names[i]) == 0)
		{
			c->results |= (uint8_t) (1 << i);
			return true;
		}
	return bad_value(r, rule, value, "a result (\"1-0\", \"0-1\", \"1/2-1/2\" or \"*\")");
}

static bool
item_result_type(Reader *r, QueryCondition *c, const char *rule, const char *value)
{
	if (strcmp(value, "mate") == 0)
		c->result_type = 1;
	else if (strcmp(value, "stalemate") == 0)
		c->result_type = 2;
	else
		return bad_value(r, rule, value, "\"mate\" or \"stalemate\"");
	return true;
}

static bool
item_stm(Reader *r, QueryCondition *c, const char *rule, const char *value)
{
	char		low[8];
	size_t		i;

	for (i = 0; i < sizeof(low) - 1 && value[i]; i++)
		low[i] = (char) (value[i] >= 'A' && value[i] <= 'Z' ? value[i] - 'A' + 'a' : value[i]);
	low[i] = '\0';
	if (value[i] == '\0' && strcmp(low, "white") == 0)
		c->stm = WHITE;
	else if (value[i] == '\0' && strcmp(low, "black") == 0)
		c->stm = BLACK;
	else
		return bad_value(r, rule, value, "\"white\" or \"black\"");
	return true;
}

/* "moved" and "captured": piece letters, either case; "captured" may be "" (a quiet move) */
static bool
item_pieces(Reader *r, QueryCondition *c, const char *rule, const char *value)
{
	bool		captured = rule[0] == 'c';
	uint8_t		mask = 0;
	const char *p;

	for (p = value; *p; p++)
	{
		int			k = kind_of_letter(*p);

		if (k == NO_KIND || (captured && k == KING))
			return bad_value(r, rule, value,
							 captured ? "the letters of the pieces taken (P N B R Q), or \"\" for a move that takes nothing"
							 : "the letters of the pieces that move (P N B R Q K)");
		mask |= (uint8_t) (1 << k);
	}
	if (!captured && mask == 0)
		return bad_value(r, rule, value, "the letters of the pieces that move (P N B R Q K)");
	if (captured)
		c->captured = mask;
	else
		c->moved = mask;
	return true;
}

/* "same-pawns", "same-pawn-files": a FEN, its position kept */
static bool
item_board(Reader *r, QueryCondition *c, const char *rule, const char *value)
{
	GameQuery  *q = r->q;
	Position	pos;
	PositionError perr;

	if (!fen_parse(value, &pos, &perr))
	{
		char		why[260];

		snprintf(why, sizeof(why), "a position in FEN (%s)", perr.detail);
		return bad_value(r, rule, value, why);
	}
	if (!room_for_item(r))
		return false;
	grow(r, (void **) &q->boards, q->nboards, &r->cap_boards, sizeof(Position));
	/* a rule's FENs come one after another */
	if (strcmp(rule, "same-pawns") == 0)
	{
		if (c->nsame_pawns++ == 0)
			c->same_pawns_at = q->nboards;
	}
	else if (c->nsame_files++ == 0)
		c->same_files_at = q->nboards;
	q->boards[q->nboards++] = pos;
	return true;
}

/* Whether a piece of that kind can go from one square to the other in one move, on some board. */
static bool
hop_possible(PieceKind kind, Color color, Square from, Square to)
{
	switch (kind)
	{
		case KNIGHT:
			return (bb_knight[from] >> to) & 1;
		case BISHOP:
			return (bb_bishop_rays[from] >> to) & 1;
		case ROOK:
			return (bb_rook_rays[from] >> to) & 1;
		case QUEEN:
			return ((bb_bishop_rays[from] | bb_rook_rays[from]) >> to) & 1;
		case KING:
			/* castling takes it along its back rank to the c- or g-file */
			return ((bb_king[from] >> to) & 1) ||
				(SQ_RANK(from) == SQ_RANK(to) && SQ_RANK(from) == (color == WHITE ? 0 : 7) &&
				 (SQ_FILE(to) == 2 || SQ_FILE(to) == 6));
		default:
			{
				/* a pawn: a step ahead, two from its start, or a capture beside */
				int			ahead = color == WHITE ? SQ_RANK(to) - SQ_RANK(from) : SQ_RANK(from) - SQ_RANK(to);
				int			side = SQ_FILE(to) - SQ_FILE(from);

				return (side == 0 && (ahead == 1 || (ahead == 2 && SQ_RANK(from) == (color == WHITE ? 1 : 6)))) ||
					((side == 1 || side == -1) && ahead == 1);
			}
	}
}

/* "manoeuvre": "Nf3-d2-f1-g3", "nf6..d5": a piece letter (its case the colour), squares, "-" or ".." between */
static bool
item_manoeuvre(Reader *r, QueryCondition *c, const char *rule, const char *value)
{
	static const char why[] = "a piece letter (upper case White) and its squares, \"-\" for one move between them, \"..\" for any number (\"Nf3-d2-f1-g3\", \"nf6..d5\")";
	GameQuery  *q = r->q;
	QueryManoeuvre m;
	const char *s = value;
	int			k = kind_of_letter(s[0]);

	memset(&m, 0, sizeof(m));
	if (k == NO_KIND)
		return bad_value(r, rule, value, why);
	m.kind = (uint8_t) k;
	m.color = (uint8_t) (s[0] >= 'a' ? BLACK : WHITE);
	s++;
	for (;;)
	{
		if (s[0] < 'a' || s[0] > 'h' || s[1] < '1' || s[1] > '8')
			return bad_value(r, rule, value, why);
		if (m.nsquares == QUERY_MANOEUVRE_MAX)
			return bad_value(r, rule, value, "at most 16 squares");
		m.squares[m.nsquares++] = SQ_MAKE(s[0] - 'a', s[1] - '1');
		s += 2;
		if (*s == '\0')
			break;
		if (s[0] == '.' && s[1] == '.')
		{
			m.loose |= (uint16_t) (1 << (m.nsquares - 1));
			s += 2;
		}
		else if (s[0] == '-')
			s++;
		else
			return bad_value(r, rule, value, why);
	}
	if (m.nsquares < 2)
		return bad_value(r, rule, value, why);
	{
		/* a pawn is one until it may have promoted: on its last rank, or on a ".." step */
		bool		pawn = m.kind == PAWN;

		for (k = 0; k + 1 < m.nsquares; k++)
		{
			bool		loose = (m.loose >> k) & 1;

			if (!loose && (m.squares[k] == m.squares[k + 1] ||
						   ((pawn || m.kind != PAWN) &&
							!hop_possible((PieceKind) m.kind, (Color) m.color, m.squares[k], m.squares[k + 1]))))
				return bad_value(r, rule, value, "a path its piece can take, each \"-\" one move");
			if (loose || SQ_RANK(m.squares[k + 1]) == (m.color == WHITE ? 7 : 0))
				pawn = false;
		}
	}
	if (!room_for_item(r))
		return false;
	grow(r, (void **) &q->manoeuvres, q->nmanoeuvres, &r->cap_manoeuvres, sizeof(QueryManoeuvre));
	c->manoeuvre = q->nmanoeuvres;
	q->manoeuvres[q->nmanoeuvres++] = m;
	return true;
}

typedef struct RuleDef
{
	const char *name;
	uint32_t	bit;
	bool		list;			/* takes a list of strings too */
	ItemFn		item;			/* NULL: any value ("pass") */
} RuleDef;

static const RuleDef rule_defs[] = {
	{"sub-fen", QR_SUBFEN, true, item_subfen},
	{"material", QR_MATERIAL, true, item_material},
	{"imbalance", QR_IMBALANCE, true, item_imbalance},
	{"white-move", QR_MOVE, true, item_move},
	{"black-move", QR_MOVE, true, item_move},
	{"moved", QR_MOVED, false, item_pieces},
	{"captured", QR_CAPTURED, false, item_pieces},
	{"stm", QR_STM, false, item_stm},
	{"result", QR_RESULT, true, item_result},
	{"result-type", QR_RESULT_TYPE, false, item_result_type},
	{"pass", QR_PASS, false, NULL},
	{"same-pawns", QR_SAME_PAWNS, true, item_board},
	{"same-pawn-files", QR_SAME_FILES, true, item_board},
	{"manoeuvre", QR_MANOEUVRE, false, item_manoeuvre},
};

/* The count rules, by QueryFeature, and whether a colour narrows them. */
static const struct
{
	const char *name;
	bool		colour;
}			feature_defs[QF_COUNT] = {
	{"checkers", false},
	{"mobility", false},
	{"pinned", true},
	{"passed-pawns", true},
	{"isolated-pawns", true},
	{"doubled-pawns", true},
	{"connected-pawns", true},
};

/* A value that is no string, list or object (a number, true, false, null): its text, cut at 31 bytes. */
static bool
read_scalar(Reader *r, char out[32])
{
	size_t		start,
				n;

	json_peek(&r->j);
	start = r->j.pos;
	if (!json_skip(&r->j))
		return false;
	n = r->j.pos - start;
	if (n > 31)
		n = 31;
	memcpy(out, r->j.s + start, n);
	out[n] = '\0';
	return true;
}

/* A count, 0 to 255, written as digits. */
static bool
parse_count(const char *s, uint8_t *out)
{
	int			n = 0;

	if (*s == '\0')
		return false;
	for (; *s; s++)
	{
		if (*s < '0' || *s > '9' || (n == 0 && s[1] && *s == '0'))
			return false;
		n = n * 10 + (*s - '0');
		if (n > 255)
			return false;
	}
	*out = (uint8_t) n;
	return true;
}

/*
 * A count rule's value: true (one at least), false (none), a count, or an
 * object {"color": "white", "min": 1, "max": 2} (min 1 by default, 0
 * when only max is given; max unbounded).
 */
static bool
read_count(Reader *r, QueryCondition *c, QueryFeature f)
{
	const char *why = feature_defs[f].colour
		? "true, false, a count (0 to 255), or an object of \"color\", \"min\" and \"max\""
		: "true, false, a count (0 to 255), or an object of \"min\" and \"max\"";
	const char *rule = feature_defs[f].name;
	QueryCount *qc = &c->counts[f];
	char		k = value_kind(r);
	char		v[32];

	qc->color = -1;
	qc->min = 1;
	qc->max = 255;
	if (k == 'o')
	{
		if (!read_scalar(r, v))
			return false;
		if (strcmp(v, "false") == 0)
			qc->min = 0, qc->max = 0;
		else if (strcmp(v, "true") != 0)
		{
			if (!parse_count(v, &qc->min))
				return bad_value(r, rule, v, why);
			qc->max = qc->min;
		}
	}
	else if (k == '{')
	{
		bool		min_given = false,
					max_given = false;
		char		key[32];

		if (!json_enter(&r->j))
			return false;
		r->j.pos++;
		if (json_peek(&r->j) != '}')
			for (;;)
			{
				int			more;

				if (!json_string(&r->j, key, sizeof(key), NULL) || !json_expect(&r->j, ':'))
					return false;
				if ((strcmp(key, "color") == 0 && qc->color >= 0) || (strcmp(key, "min") == 0 && min_given) ||
					(strcmp(key, "max") == 0 && max_given))
					return fail(r, QUERY_SYNTAX, "The rule \"%s\" takes \"%s\" once.", rule, key);
				if (strcmp(key, "color") == 0 && feature_defs[f].colour)
				{
					Color		col;

					if (value_kind(r) != 's' || !json_string(&r->j, v, sizeof(v), NULL))
						return fail(r, QUERY_SYNTAX, "The rule \"%s\" takes a \"color\" of \"white\" or \"black\"%s.", rule, "");
					if (!color_parse(v, &col))
						return bad_value(r, rule, v, "a \"color\" of \"white\" or \"black\"");
					qc->color = (int8_t) col;
				}
				else if (strcmp(key, "min") == 0 || strcmp(key, "max") == 0)
				{
					if (value_kind(r) != 'o' || !read_scalar(r, v))
						return fail(r, QUERY_SYNTAX, "The rule \"%s\" takes a count (0 to 255) as \"%s\".", rule, key);
					if (!parse_count(v, key[1] == 'i' ? &qc->min : &qc->max))
						return bad_value(r, rule, v, "a count from 0 to 255 as \"min\" and \"max\"");
					if (key[1] == 'i')
						min_given = true;
					else
						max_given = true;
				}
				else
					return fail(r, QUERY_SYNTAX, feature_defs[f].colour
								? "The rule \"%s\" takes an object of \"color\", \"min\" and \"max\"; \"%s\" is none of them."
								: "The rule \"%s\" takes an object of \"min\" and \"max\"; \"%s\" is neither.", rule, key);
				if ((more = json_next(&r->j, '}')) < 0)
					return false;
				if (more == 0)
					break;
			}
		else
			r->j.pos++;
		json_leave(&r->j);
		if (max_given && !min_given)
			qc->min = 0;
		if (qc->min > qc->max)
			return fail(r, QUERY_SYNTAX, "The rule \"%s\" takes a \"min\" no greater than its \"max\"%s.", rule, "");
	}
	else
		return fail(r, QUERY_SYNTAX, "The rule \"%s\" takes %s.", rule, why);
	c->features |= (uint8_t) (1 << f);
	return true;
}

#define NRULES ((int) (sizeof(rule_defs) / sizeof(rule_defs[0])))

/* ---------------------------------------------------------------- conditions */

static QueryCondition *
new_condition(Reader *r, int streak)
{
	GameQuery  *q = r->q;
	QueryCondition *c;

	if (q->nconditions == QUERY_MAX_CONDITIONS)
	{
		char		n[16];

		snprintf(n, sizeof(n), "%d", QUERY_MAX_CONDITIONS);
		fail(r, QUERY_TOO_BIG, "A query holds at most %s conditions%s.", n, "");
		return NULL;
	}
	grow(r, (void **) &q->conditions, q->nconditions, &r->cap_conditions, sizeof(QueryCondition));
	c = &q->conditions[q->nconditions++];
	memset(c, 0, sizeof(*c));
	c->streak = streak;
	c->subfen_at = q->npatterns;
	c->material_at = q->nmaterials;
	c->imbalance_at = q->nimbalances;
	c->move_at = q->nmoves;
	c->same_pawns_at = c->same_files_at = q->nboards;
	return c;
}

static bool read_list(Reader *r, const char *name, int streak);

/* "flip": true or false, once */
static bool
read_flip(Reader *r)
{
	char		v[32];

	if (r->flip_given)
		return fail(r, QUERY_SYNTAX, "The rule \"%s\" is given twice in the query%s.", "flip", "");
	if (value_kind(r) != 'o' || !read_scalar(r, v) || (strcmp(v, "true") != 0 && strcmp(v, "false") != 0))
		return fail(r, QUERY_SYNTAX, "The rule \"flip\" takes true or false%s%s.", "", "");
	r->flip = v[0] == 't';
	r->flip_given = true;
	return true;
}

/*
 * The members of an object whose first key (already read, in key) is a
 * rule: the rest of a condition, up to its '}' ("flip" among them when
 * the object is the query's).
 */
static bool
read_condition_rest(Reader *r, char *key, int streak, bool top)
{
	QueryCondition *c = new_condition(r, streak);
	uint32_t	seen = 0;			/* rule_defs given, as bits */

	if (c == NULL)
		return false;
	for (;;)
	{
		int			i,
					more;

		for (i = 0; i < NRULES && strcmp(key, rule_defs[i].name) != 0; i++)
			;
		if (i == NRULES)
		{
			int			f;

			for (f = 0; f < QF_COUNT && strcmp(key, feature_defs[f].name) != 0; f++)
				;
			if (f < QF_COUNT)
			{
				if ((c->features >> f) & 1)
					return fail(r, QUERY_SYNTAX, "The rule \"%s\" is given twice in one condition%s.", key, "");
				if (!read_count(r, c, (QueryFeature) f))
					return false;
				c->rules |= QR_FEATURES;
				goto next;
			}
		}
		if (i == NRULES && top && strcmp(key, "flip") == 0)
		{
			if (!read_flip(r))
				return false;
			goto next;
		}
		if (i == NRULES)
		{
			char		q[72];

			if (strcmp(key, "sequence") == 0 || strcmp(key, "streak") == 0)
				return fail(r, QUERY_SYNTAX, "\"%s\" stands alone in its object: a condition holds rules, a sequence holds conditions and streaks, a streak holds conditions.", key, "");
			if (strcmp(key, "skip") == 0 || strcmp(key, "limit") == 0)
				return fail(r, QUERY_SYNTAX, "The query has no rule \"%s\": use SQL's %s.", key,
							key[0] == 's' ? "OFFSET" : "LIMIT");
			return fail(r, QUERY_SYNTAX, "The query has no rule %s (the rules: sub-fen, material, imbalance, white-move, black-move, moved, captured, stm, result, result-type, pass, checkers, mobility, pinned, passed-pawns, isolated-pawns, doubled-pawns, connected-pawns, same-pawns, same-pawn-files, manoeuvre; flip at the top).", quoted(key, q), "");
		}
		if (seen & (1u << i))
			return fail(r, QUERY_SYNTAX, "The rule \"%s\" is given twice in one condition%s.", key, "");
		seen |= 1u << i;
		if (rule_defs[i].item == NULL)
		{
			if (!json_skip(&r->j))
				return false;
		}
		else if (!read_strings(r, c, rule_defs[i].name, rule_defs[i].list, rule_defs[i].item))
			return false;
		c->rules |= rule_defs[i].bit;
		if (rule_defs[i].item == item_pieces && rule_defs[i].name[0] == 'c' && c->captured == 0)
			c->rules = (c->rules & ~QR_CAPTURED) | QR_QUIET;
next:
		if ((more = json_next(&r->j, '}')) < 0)
			return false;
		if (more == 0)
			break;
		if (!json_string(&r->j, key, 32, NULL) || !json_expect(&r->j, ':'))
			return false;
	}
	json_leave(&r->j);
	if ((c->rules & QR_MANOEUVRE) && (c->rules & ~QR_MANOEUVRE))
		return fail(r, QUERY_SYNTAX, "\"manoeuvre\" stands alone in its condition: it is met over several plies, the other rules at one%s%s.", "", "");
	if ((c->rules & QR_MANOEUVRE) && streak)
		return fail(r, QUERY_SYNTAX, "A streak holds no \"manoeuvre\": its plies are consecutive, a manoeuvre's are not%s%s.", "", "");
	if (c->rules == 0)
		return fail(r, QUERY_SYNTAX, "A condition holds at least one rule (\"pass\" matches any position)%s%s.", "", "");
	return true;
}

/*
 * An object: at the top (streak 0, top) a condition, a sequence or a
 * streak; in a sequence a condition or a streak; in a streak a condition.
 */
static bool
read_object(Reader *r, int streak, bool top, bool in_sequence)
{
	char		key[32];

	if (!json_enter(&r->j))
		return false;
	if (json_peek(&r->j) != '{')
		return syntax(r, "an object expected");
	r->j.pos++;
	if (json_peek(&r->j) == '}')
		return fail(r, QUERY_SYNTAX, "A condition holds at least one rule (\"pass\" matches any position)%s%s.", "", "");
	if (!json_string(&r->j, key, sizeof(key), NULL) || !json_expect(&r->j, ':'))
		return false;
	/* "flip" first at the top: the rest follows it */
	if (top && strcmp(key, "flip") == 0)
	{
		int			more;

		if (!read_flip(r) || (more = json_next(&r->j, '}')) < 0)
			return false;
		if (more == 0)
			return fail(r, QUERY_SYNTAX, "\"flip\" goes with a condition, a sequence or a streak%s%s.", "", "");
		if (!json_string(&r->j, key, sizeof(key), NULL) || !json_expect(&r->j, ':'))
			return false;
	}
	if ((strcmp(key, "sequence") == 0 && top) || (strcmp(key, "streak") == 0 && (top || in_sequence)))
	{
		bool		sequence = key[1] == 'e';

		if (!read_list(r, key, sequence ? 0 : ++r->streaks))
			return false;
		/* then "flip" at the top, and nothing else */
		if (top && json_peek(&r->j) == ',')
		{
			r->j.pos++;
			if (!json_string(&r->j, key, sizeof(key), NULL) || !json_expect(&r->j, ':'))
				return false;
			if (strcmp(key, "flip") != 0)
				return fail(r, QUERY_SYNTAX, "\"%s\" stands alone in its object (\"flip\" aside)%s.", sequence ? "sequence" : "streak", "");
			if (!read_flip(r))
				return false;
		}
		if (json_peek(&r->j) != '}')
			return fail(r, QUERY_SYNTAX, "\"%s\" stands alone in its object%s.", sequence ? "sequence" : "streak", "");
		r->j.pos++;
		json_leave(&r->j);
		return true;
	}
	return read_condition_rest(r, key, streak, top);
}

/* The list of a sequence (streak 0) or a streak: its objects. */
static bool
read_list(Reader *r, const char *name, int streak)
{
	bool		first = true;

	if (!json_enter(&r->j))
		return false;
	if (json_peek(&r->j) != '[')
		return fail(r, QUERY_SYNTAX, "\"%s\" takes a list of conditions%s.", name, "");
	r->j.pos++;
	if (json_peek(&r->j) == ']')
		return fail(r, QUERY_SYNTAX, "\"%s\" takes a list of at least one condition%s.", name, "");
	for (;;)
	{
		int			more,
					before = r->q->nconditions;

		if (value_kind(r) != '{')
			return fail(r, QUERY_SYNTAX, "\"%s\" takes a list of conditions%s.", name, "");
		if (!read_object(r, streak, false, streak == 0))
			return false;
		if (streak && first)
			r->q->conditions[before].streak_head = true;
		first = false;
		if ((more = json_next(&r->j, ']')) < 0)
			return false;
		if (more == 0)
			break;
	}
	json_leave(&r->j);
	return true;
}

bool
query_parse(const char *text, size_t len, GameQuery *q, QueryAlloc alloc, void *ctx, QueryError *err)
{
	Reader		r;
	int			i;

	memset(&r, 0, sizeof(r));
	memset(q, 0, sizeof(*q));
	json_init(&r.j, text, len, QUERY_MAX_NESTING);
	r.q = q;
	r.alloc = alloc;
	r.ctx = ctx;
	r.err = err;
	err->status = QUERY_OK;
	err->detail[0] = '\0';
	if (!read_object(&r, 0, true, false) || (json_peek(&r.j) != '\0' && !syntax(&r, "text after the query")))
	{
		/* an error of the JSON reader's, not yet told */
		if (err->status == QUERY_OK)
		{
			err->status = r.j.too_deep ? QUERY_TOO_BIG : QUERY_SYNTAX;
			snprintf(err->detail, sizeof(err->detail),
					 r.j.too_deep ? "A query nests %s." : "The query is no JSON: %s.", r.j.error);
		}
		return false;
	}
	q->results = QUERY_ANY_RESULT;
	for (i = 0; i < q->nconditions; i++)
		if (q->conditions[i].rules & QR_RESULT)
			q->results &= q->conditions[i].results;
	query_quick_tests(q, alloc, ctx);
	if (r.flip)
		q->flipped = query_flipped(q, alloc, ctx);
	return true;
}

/* Copies the text from j's byte from to j's present one to out. */
static void
copy_slice(const JsonReader *j, size_t from, size_t to, char *out, size_t *n)
{
	memcpy(out + *n, j->s + from, to - from);
	*n += to - from;
}

/* A value copied to out without white space, the members named "result" left out. */
static bool
copy_without_results(JsonReader *j, char *out, size_t *n)
{
	char		c = json_peek(j),
				close = c == '{' ? '}' : ']';
	bool		first = true,
				dropped = false;
	int			more = 0,
				rules = 0;		/* members kept but "flip" */

	if (c != '{' && c != '[')
	{
		size_t		from = j->pos;

		if (!json_skip(j))
			return false;
		copy_slice(j, from, j->pos, out, n);
		return true;
	}
	if (!json_enter(j))
		return false;
	j->pos++;
	out[(*n)++] = c;
	if (json_peek(j) == close)
		j->pos++;
	else
	{
		do
		{
			if (c == '{')
			{
				char		key[8];
				bool		cut;
				size_t		from,
							to;

				json_peek(j);	/* past white space: from is the key's quote */
				from = j->pos;
				if (!json_string(j, key, sizeof(key), &cut))
					return false;
				to = j->pos;
				if (!json_expect(j, ':'))
					return false;
				if (!cut && strcmp(key, "result") == 0)
				{
					if (!json_skip(j))
						return false;
					dropped = true;
					continue;	/* to json_next() */
				}
				if (!first)
					out[(*n)++] = ',';
				copy_slice(j, from, to, out, n);
				out[(*n)++] = ':';
				if (cut || strcmp(key, "flip") != 0)
					rules++;
			}
			else if (!first)
				out[(*n)++] = ',';
			if (!copy_without_results(j, out, n))
				return false;
			first = false;
		} while ((more = json_next(j, close)) == 1);
		if (more < 0)
			return false;
	}
	if (dropped && rules == 0)
	{
		/*
		 * a condition of "result" rules alone (and "flip"): any position,
		 * no longer than the member it replaces with its comma
		 */
		if (!first)
			out[(*n)++] = ',';
		memcpy(out + *n, "\"pass\":\"\"", 9);
		*n += 9;
	}
	json_leave(j);
	out[(*n)++] = close;
	return true;
}

size_t
query_without_results(const char *text, size_t len, char *out)
{
	JsonReader	j;
	size_t		n = 0;

	json_init(&j, text, len, QUERY_MAX_NESTING);
	if (json_peek(&j) != '{' || !copy_without_results(&j, out, &n) || json_peek(&j) != '\0')
		return 0;
	return n;
}
