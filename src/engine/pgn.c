/*
 * pgn.c — reading Portable Game Notation (pgn_write.c writes it).
 *
 * The reader walks the text once, in time linear in its length.  A game is
 * an optional tag section ([Name "value"] pairs; FEN sets the start
 * position) and movetext: move numbers ("12.", "12...", also glued to the
 * move as in "12.e4", and "..." standing alone as in "1. ... e5"), moves in
 * SAN, comments ({...} and ; to the end of the line), numeric annotation
 * glyphs ($1) and suffix glyphs (!, ?!), recursive variations ((...)),
 * lines escaped with % in the first column, and a result (1-0, 0-1,
 * 1/2-1/2, *; "1/2", which old files write for a draw, reads as
 * 1/2-1/2).  A game ends at its result, at the next tag section or at the
 * end of the text; a tag whose name the game already has begins the
 * next game (the one before had no movetext).  Comments alone, with no tag
 * or movetext around them (a file's heading), are no game.  A UTF-8
 * byte-order mark counts as white space.  long: the reader is one walk
 * over the text whose parts (tags, movetext, comments, variations) share
 * the reader's and the game's state; cut apart, that state would become an
 * interface of its own.
 */
#include "pgn.h"
#include "outcome.h"

#include <stdio.h>
#include <string.h>

/* How much text the reader walks between two calls of the poll callback. */
#define POLL_BYTES 65536

typedef struct Reader
{
	const char *s;
	size_t		len;
	size_t		pos;
	const PgnHandler *h;
	size_t		poll_at;		/* pos at which to call h->poll next */
	bool		final;			/* the text ends here (else more may follow: pgn_read_part()) */
} Reader;

/*
 * Classes of characters, looked up a byte at a time where the reader scans
 * most: white space (chess_is_space()), the characters that end a movetext
 * token (white space, brackets, ';', '$', and NUL: no token holds one),
 * those that stop the scan of a tag value ('"', '\\', newline), the ASCII
 * letters (a movetext token that begins with one is a move) and digits.
 */
enum
{
	CH_SPACE = 1,
	CH_ENDS_TOKEN = 2,
	CH_TAG_STOP = 4,
	CH_LETTER = 8,
	CH_DIGIT = 16
};
static const uint8_t char_class[256] = {
	[' '] = CH_SPACE | CH_ENDS_TOKEN, ['\t'] = CH_SPACE | CH_ENDS_TOKEN,
	['\n'] = CH_SPACE | CH_ENDS_TOKEN | CH_TAG_STOP, ['\r'] = CH_SPACE | CH_ENDS_TOKEN,
	['\f'] = CH_SPACE | CH_ENDS_TOKEN, ['\v'] = CH_SPACE | CH_ENDS_TOKEN,
	['{'] = CH_ENDS_TOKEN, ['}'] = CH_ENDS_TOKEN, ['('] = CH_ENDS_TOKEN, [')'] = CH_ENDS_TOKEN,
	[';'] = CH_ENDS_TOKEN, ['['] = CH_ENDS_TOKEN, ['$'] = CH_ENDS_TOKEN, ['\0'] = CH_ENDS_TOKEN,
	['"'] = CH_TAG_STOP, ['\\'] = CH_TAG_STOP,
#define L8(c) [c] = CH_LETTER, [c + 1] = CH_LETTER, [c + 2] = CH_LETTER, [c + 3] = CH_LETTER, \
	[c + 4] = CH_LETTER, [c + 5] = CH_LETTER, [c + 6] = CH_LETTER, [c + 7] = CH_LETTER
	L8('A'), L8('I'), L8('Q'), ['Y'] = CH_LETTER, ['Z'] = CH_LETTER,
	L8('a'), L8('i'), L8('q'), ['y'] = CH_LETTER, ['z'] = CH_LETTER,
	['0'] = CH_DIGIT, ['1'] = CH_DIGIT, ['2'] = CH_DIGIT, ['3'] = CH_DIGIT, ['4'] = CH_DIGIT,
	['5'] = CH_DIGIT, ['6'] = CH_DIGIT, ['7'] = CH_DIGIT, ['8'] = CH_DIGIT, ['9'] = CH_DIGIT
#undef L8
};

#define CHAR_IS(c, cls) ((char_class[(uint8_t) (c)] & (cls)) != 0)

static void
reader_poll(Reader *r)
{
	if (r->h->poll)
		r->h->poll(r->h->arg);
	r->poll_at = r->pos + POLL_BYTES;
}

/* Advances by n bytes, calling the poll callback every POLL_BYTES. */
static inline void
advance(Reader *r, size_t n)
{
	r->pos += n;
	if (r->pos >= r->poll_at)
		reader_poll(r);
}

static bool
at_end(const Reader *r)
{
	return r->pos >= r->len;
}

static bool
at_line_start(const Reader *r)
{
	return r->pos == 0 || r->s[r->pos - 1] == '\n';
}

/* The UTF-8 byte-order mark, which files saved by Windows tools begin with. */
static bool
at_bom(const Reader *r)
{
	return r->len - r->pos >= 3 && memcmp(r->s + r->pos, "\xEF\xBB\xBF", 3) == 0;
}

/* The end of the line holding position from: its '\n' or the end of the text. */
static size_t
line_end(const Reader *r, size_t from)
{
	const char *nl = from < r->len ? memchr(r->s + from, '\n', r->len - from) : NULL;

	return nl ? (size_t) (nl - r->s) : r->len;
}

/* Skips white space, byte-order marks and %-escaped lines. */
static inline void
skip_blank(Reader *r)
{
	while (!at_end(r))
	{
		char		c = r->s[r->pos];

		if (CHAR_IS(c, CH_SPACE))
		{
			size_t		p = r->pos + 1;

			while (p < r->len && CHAR_IS(r->s[p], CH_SPACE))
				p++;
			advance(r, p - r->pos);
		}
		else if (c == '%' && at_line_start(r))
			advance(r, line_end(r, r->pos) - r->pos);
		else if (c == '\xEF' && at_bom(r))
			advance(r, 3);
		else
			break;
	}
}

static void
set_error(PgnError *err, PgnErrorCode code, int ply, const char *token, size_t tlen,
		  const char *detail)
{
	if (err->code != PGN_OK)
		return;					/* the first error counts */
	err->code = code;
	err->ply = ply;
	err->token = token;
	err->token_len = tlen;
	snprintf(err->detail, sizeof(err->detail), "%s", detail);
}

/*
 * The tag names of the game being read: an open-addressing hash set of
 * (pointer, length) into the text, emptied for the next game by bumping
 * the generation.  It holds at most PGN_MAX_TAGS names, so it never fills.
 */
#define TAGSET_SLOTS 2048

typedef struct TagSet
{
	unsigned	gen;
	int			count;
	struct
	{
		unsigned	gen;
		unsigned	len;
		const char *name;
	}			slot[TAGSET_SLOTS];
} TagSet;

/* Whether the set has a name; *slot is where it is or would go. */
static bool
tagset_find(const TagSet *t, const char *name, size_t len, size_t *slot)
{
	uint32_t	hash = 2166136261u;
	size_t		i;

	for (i = 0; i < len; i++)
		hash = (hash ^ (unsigned char) name[i]) * 16777619u;
	for (i = hash & (TAGSET_SLOTS - 1);; i = (i + 1) & (TAGSET_SLOTS - 1))
	{
		*slot = i;
		if (t->slot[i].gen != t->gen)
			return false;
		if (t->slot[i].len == len && memcmp(t->slot[i].name, name, len) == 0)
			return true;
	}
}

static void
tagset_put(TagSet *t, size_t slot, const char *name, size_t len)
{
	t->slot[slot].gen = t->gen;
	t->slot[slot].len = (unsigned) len;
	t->slot[slot].name = name;
	t->count++;
}

static bool
is_tag_name_char(char c)
{
	return c == '_' || c == '+' || c == '#' || c == '=' || c == ':' || c == '-' ||
		(c >= '0' && c <= '9') || (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z');
}

bool
pgn_tag_name_valid(const char *name, size_t len)
{
	size_t		i;

	if (len == 0 || len > PGN_MAX_TAG_NAME)
		return false;
	for (i = 0; i < len; i++)
		if (!is_tag_name_char(name[i]))
			return false;
	return true;
}

typedef enum TagRead
{
	TAG_READ,					/* a tag pair (or a bad one, with the error set) */
	TAG_REPEATED				/* the game has this tag: it begins the next game */
} TagRead;

/*
 * Whether a Variant tag's value names standard chess or Chess960, as
 * python-chess and lichess write them ("Standard", "From Position",
 * "Chess960", "Fischerandom", ...): letters and digits compared without
 * case, other characters ignored.  The reader needs nothing more: a FEN
 * tag's castling field says where Chess960 rooks stand.
 */
static bool
variant_supported(const char *value)
{
	static const char *const names[] = {"", "standard", "chess", "normal", "fromposition",
		"chess960", "960", "fischerandom", "fischerrandom", "frc"};
	char		folded[32];
	size_t		n = 0,
				i;

	for (; *value; value++)
	{
		char		c = chess_to_lower(*value);

		if ((c >= 'a' && c <= 'z') || (c >= '0' && c <= '9'))
		{
			if (n + 1 >= sizeof(folded))
				return false;
			folded[n++] = c;
		}
	}
	folded[n] = '\0';
	for (i = 0; i < sizeof(names) / sizeof(names[0]); i++)
		if (strcmp(folded, names[i]) == 0)
			return true;
	return false;
}

/*
 * [Name "value"].  A malformed tag pair or one beyond a limit sets the
 * error and skips the rest of its line.  The value ends at the first
 * unescaped '"' that a ']' follows; failing that, at the last such '"' on
 * the line, so that quotes a writer forgot to escape (chess.js writes
 * [White "A "B""]) stay in the value, as python-chess reads them.  \" and \\
 * are escapes.  Either way the scan stops after 2 * PGN_MAX_TAG_VALUE + 2
 * bytes, so it is linear in the text however the tags are laid out.
 */
static TagRead
read_tag(Reader *r, TagSet *tags, Position *start, PgnError *err)
{
	char		value[PGN_MAX_TAG_VALUE + 1];
	size_t		vlen = 0,
				name_start,
				name_len,
				value_start,
				close = 0,
				end,
				i,
				slot,
				tag_start = r->pos;
	bool		found = false;
	const char *problem = "A tag pair is written [Name \"value\"], on one line.";
	PgnErrorCode code = PGN_SYNTAX;
	char		detail[256];

	advance(r, 1);				/* '[' */
	while (!at_end(r) && (r->s[r->pos] == ' ' || r->s[r->pos] == '\t'))
		advance(r, 1);
	name_start = r->pos;
	while (!at_end(r) && is_tag_name_char(r->s[r->pos]))
		advance(r, 1);
	name_len = r->pos - name_start;
	while (!at_end(r) && (r->s[r->pos] == ' ' || r->s[r->pos] == '\t'))
		advance(r, 1);
	if (name_len == 0 || at_end(r) || r->s[r->pos] != '"')
		goto bad;
	if (name_len > PGN_MAX_TAG_NAME)
	{
		snprintf(detail, sizeof(detail), "A tag name has at most %d characters.", PGN_MAX_TAG_NAME);
		problem = detail;
		code = PGN_LIMIT;
		goto bad;
	}
	if (tagset_find(tags, r->s + name_start, name_len, &slot))
	{
		r->pos = tag_start;
		return TAG_REPEATED;
	}
	if (tags->count >= PGN_MAX_TAGS)
	{
		snprintf(detail, sizeof(detail), "A game has at most %d tag pairs.", PGN_MAX_TAGS);
		problem = detail;
		code = PGN_LIMIT;
		goto bad;
	}
	tagset_put(tags, slot, r->s + name_start, name_len);
	value_start = r->pos + 1;

	for (i = value_start; i < r->len && r->s[i] != '\n' && !found; i++)
	{
		size_t		j;

		/* the next '"', '\\' or newline, within the bound */
		while (i < r->len && i - value_start <= 2 * PGN_MAX_TAG_VALUE + 2 && !CHAR_IS(r->s[i], CH_TAG_STOP))
			i++;
		if (i == r->len || r->s[i] == '\n' || i - value_start > 2 * PGN_MAX_TAG_VALUE + 2)
			break;
		j = i + 1;
		if (r->s[i] == '\\')
		{
			if (i + 1 < r->len && r->s[i + 1] != '\n')
				i++;
			continue;
		}
		if (r->s[i] != '"')
			continue;
		while (j < r->len && (r->s[j] == ' ' || r->s[j] == '\t'))
			j++;
		if (j < r->len && r->s[j] == ']')
		{
			close = i;
			found = true;
		}
	}
	end = i;
	if (!found && end < r->len && r->s[end] != '\n')
	{
		/* stopped by the length bound: the value is too long, however it ends */
		snprintf(detail, sizeof(detail), "A tag value has at most %d bytes.", PGN_MAX_TAG_VALUE);
		problem = detail;
		code = PGN_LIMIT;
		goto bad;
	}
	/* the last '"' of the line (at most 2 * PGN_MAX_TAG_VALUE + 2 bytes) that a ']' follows */
	for (i = end; !found && i > value_start; i--)
	{
		size_t		j = i;

		if (r->s[i - 1] != ']')
			continue;
		while (j - 1 > value_start && (r->s[j - 2] == ' ' || r->s[j - 2] == '\t'))
			j--;
		if (j - 1 > value_start && r->s[j - 2] == '"')
		{
			close = j - 2;
			found = true;
		}
	}
	if (!found)
		goto bad;
	for (i = value_start; i < close; i++)
	{
		char		c = r->s[i];

		if (c == '\\' && i + 1 < close && (r->s[i + 1] == '"' || r->s[i + 1] == '\\'))
			c = r->s[++i];
		if (vlen == PGN_MAX_TAG_VALUE)
		{
			snprintf(detail, sizeof(detail), "A tag value has at most %d bytes.", PGN_MAX_TAG_VALUE);
			problem = detail;
			code = PGN_LIMIT;
			goto bad;
		}
		value[vlen++] = c;
	}
	value[vlen] = '\0';
	r->pos = close + 1;
	while (!at_end(r) && (r->s[r->pos] == ' ' || r->s[r->pos] == '\t'))
		r->pos++;
	advance(r, 1);				/* the ']' */
	if (r->h->tag)
		r->h->tag(r->h->arg, r->s + name_start, name_len, value, vlen);
	if (name_len == 7 && memcmp(r->s + name_start, "Variant", 7) == 0 && !variant_supported(value))
	{
		snprintf(detail, sizeof(detail),
				 "The game is of the variant \"%.100s\"; only standard chess and Chess960 are read.", value);
		set_error(err, PGN_VARIANT, 0, r->s + value_start, close - value_start, detail);
	}
	if (name_len == 3 && memcmp(r->s + name_start, "FEN", 3) == 0)
	{
		PositionError perr;

		if (!fen_parse(value, start, &perr))
		{
			snprintf(detail, sizeof(detail), "The FEN tag is not a valid position: %s", perr.detail);
			set_error(err, PGN_BAD_FEN, 0, r->s + value_start, close - value_start, detail);
		}
	}
	return TAG_READ;

bad:
	end = line_end(r, tag_start);
	set_error(err, code, 0, r->s + tag_start, end - tag_start, problem);
	advance(r, end - r->pos);
	return TAG_READ;
}

/* "It could be Nbd2, Nfd2." */
static void
ambiguous_detail(const Position *pos, const SanResult *san, char *out, size_t size)
{
	char		list[200] = "";
	int			i;

	for (i = 0; i < san->ncandidates && strlen(list) < 150; i++)
	{
		char		m[SAN_MAX_LENGTH];

		san_write(pos, san->candidates[i], m);
		strcat(list, i ? ", " : "");
		strcat(list, m);
	}
	snprintf(out, size, "It could be %s.", list);
}

/* The main line or a variation being read. */
typedef struct Line
{
	Position	cur;			/* where the next move is played */
	Position	prev;			/* before the line's last move */
	int			ply;			/* plies played to reach cur */
	int			moves;			/* moves played in this line */
	int			children;		/* variations opened from it */
	bool		dead;			/* a bad move: the rest is skipped */
	size_t		opened_at;		/* the offset of its '(' */
	char		path[11 * (PGN_MAX_DEPTH + 1)];	/* "1.12.3": up to 10 digits a level */
} Line;

static bool
is_result(const char *t, size_t n)
{
	return (n == 3 && (memcmp(t, "1-0", 3) == 0 || memcmp(t, "0-1", 3) == 0 ||
					   memcmp(t, "1/2", 3) == 0)) ||
		(n == 7 && memcmp(t, "1/2-1/2", 7) == 0) || (n == 1 && t[0] == '*');
}

/* The state of the game being read. */
typedef struct Game
{
	Position	start;
	PgnError	err;
	char		result[8];
	int			depth;			/* variations open */
	int			overflow;		/* '(' beyond PGN_MAX_DEPTH, after the error */
	int			plies;			/* plies played, variations included */
	size_t		comment_bytes;	/* of the comments read, one more for each */
	bool		content;		/* a tag or a movetext token: this is a game */
	Line		lines[PGN_MAX_DEPTH + 1];
} Game;

/*
 * Reads a comment starting at r->pos; false when a { is never closed.  The
 * game's comments count towards PGN_MAX_COMMENT_BYTES; one beyond it is
 * not reported, and the game ends with PGN_LIMIT.
 */
static bool
read_comment(Reader *r, Game *g, int ply, const char *variation)
{
	size_t		b,
				e;

	if (r->s[r->pos] == '{')
	{
		const char *close;

		b = r->pos + 1;
		close = memchr(r->s + b, '}', r->len - b);
		if (!close)
		{
			advance(r, r->len - r->pos);
			return false;
		}
		e = (size_t) (close - r->s);
		advance(r, e + 1 - r->pos);
	}
	else
	{
		b = r->pos + 1;			/* ';' to the end of the line */
		e = line_end(r, b);
		advance(r, e - r->pos);
	}
	while (b < e && chess_is_space(r->s[b]))
		b++;
	while (e > b && chess_is_space(r->s[e - 1]))
		e--;
	/* a space between each two: the length of the comments joined, plus one */
	g->comment_bytes += e - b + 1;
	if (g->comment_bytes > PGN_MAX_COMMENT_BYTES + 1)
	{
		char		detail[128];

		snprintf(detail, sizeof(detail),
				 "A game's comments have at most %d bytes, joined by spaces.",
				 PGN_MAX_COMMENT_BYTES);
		set_error(&g->err, PGN_LIMIT, g->lines[0].ply, r->s + b, e - b, detail);
		return true;
	}
	if (r->h->comment)
		r->h->comment(r->h->arg, ply, variation, r->s + b, e - b);
	return true;
}

/* Opens a variation of the line at g->depth, at the '(' at r->pos. */
static void
open_variation(Reader *r, Game *g)
{
	Line	   *line = &g->lines[g->depth];
	Line	   *child;

	if (g->depth == PGN_MAX_DEPTH || g->overflow > 0)
	{
		char		detail[64];

		snprintf(detail, sizeof(detail), "Variations nest at most %d deep.", PGN_MAX_DEPTH);
		set_error(&g->err, PGN_LIMIT, g->lines[0].ply, r->s + r->pos, 1, detail);
		g->overflow++;
		return;
	}
	child = &g->lines[++g->depth];
	line->children++;
	child->cur = child->prev = line->prev;
	child->ply = line->ply - 1;
	child->moves = child->children = 0;
	child->opened_at = r->pos;
	/* a variation replaces the line's last move: there must be one */
	child->dead = line->dead || line->moves == 0;
	if (g->depth == 1)
		snprintf(child->path, sizeof(child->path), "%d", line->children);
	else
	{
		size_t		plen = strlen(line->path);

		memcpy(child->path, line->path, plen);
		snprintf(child->path + plen, sizeof(child->path) - plen, ".%d", line->children);
	}
}

static void read_move_other(Reader *r, Game *g, const char *t, size_t n, SanResult *san);

/* A move read in a line: played, and reported */
static inline void
play_move(Reader *r, Game *g, Line *line, Move m)
{
	line->prev = line->cur;
	line->ply++;
	line->moves++;
	g->plies++;
	position_play(&line->cur, m);
	if (r->h->ply)
		r->h->ply(r->h->arg, line->ply, m, &line->prev, &line->cur, g->depth ? line->path : NULL);
}

/* A move token of the line at g->depth. */
static inline void
read_move(Reader *r, Game *g, const char *t, size_t n, SanResult *san)
{
	Line	   *line = &g->lines[g->depth];

	/* the SAN of nearly every move, in a line that is read, within the limits */
	if (g->err.code == PGN_OK && !line->dead && line->ply < PGN_MAX_PLIES &&
		g->plies < PGN_MAX_GAME_PLIES && san_parse_common(&line->cur, t, n, &san->move))
	{
		san->status = SAN_OK;
		play_move(r, g, line, san->move);
	}
	else
		read_move_other(r, g, t, n, san);
}

/* read_move(), every other case: an error, a limit, SAN read leniently */
static CHESS_COLD void
read_move_other(Reader *r, Game *g, const char *t, size_t n, SanResult *san)
{
	Line	   *line = &g->lines[g->depth];
	const char *path = g->depth ? line->path : NULL;
	char		detail[256];

	if (g->err.code != PGN_OK || line->dead)
		return;					/* after an error, only look for the end */
	if (g->depth == 0 && line->ply == PGN_MAX_PLIES)
	{
		snprintf(detail, sizeof(detail), "A game has at most %d plies in its main line.",
				 PGN_MAX_PLIES);
		set_error(&g->err, PGN_LIMIT, line->ply, t, n, detail);
		return;
	}
	if (g->plies == PGN_MAX_GAME_PLIES)
	{
		snprintf(detail, sizeof(detail), "A game has at most %d plies, variations included.",
				 PGN_MAX_GAME_PLIES);
		set_error(&g->err, PGN_LIMIT, g->lines[0].ply, t, n, detail);
		return;
	}
	if (n == 2 && memcmp(t, "--", 2) == 0)
	{
		san->status = SAN_MALFORMED;
		snprintf(san->detail, sizeof(san->detail), "Null moves (--) are not supported.");
	}
	else if (san_parse_common(&line->cur, t, n, &san->move))
		san->status = SAN_OK;	/* the SAN of nearly every move, read sooner */
	else
		san_parse(&line->cur, t, n, true, san);
	if (san->status == SAN_OK)
	{
		play_move(r, g, line, san->move);
		return;
	}
	if (san->status == SAN_AMBIGUOUS)
		ambiguous_detail(&line->cur, san, detail, sizeof(detail));
	else
		snprintf(detail, sizeof(detail), "%s", san->detail);
	if (g->depth > 0)
	{
		line->dead = true;
		if (r->h->variation_error)
			r->h->variation_error(r->h->arg, line->ply + 1, path, t, n, detail);
	}
	else
		set_error(&g->err, san->status == SAN_AMBIGUOUS ? PGN_AMBIGUOUS_MOVE :
				  san->status == SAN_ILLEGAL ? PGN_ILLEGAL_MOVE : PGN_BAD_MOVE,
				  line->ply + 1, t, n, detail);
}

/*
 * A token that is no move: a move number ("12.", "12...") or dots alone
 * ("..."), or suffix glyphs alone (!, ?!).  A move number glued to its move
 * ("12.e4") is cut off the token.
 */
static bool
skip_move_number(const char **t, size_t *n)
{
	size_t		i = 0;

	while (i < *n && (*t)[i] >= '0' && (*t)[i] <= '9')
		i++;
	if (i < *n && (*t)[i] == '.')
	{
		while (i < *n && (*t)[i] == '.')
			i++;
		*t += i;
		*n -= i;
		if (*n == 0)
			return true;
	}
	i = 0;
	while (i < *n && ((*t)[i] == '!' || (*t)[i] == '?'))
		i++;
	return i == *n;
}

/*
 * The glyphs at the end of a token (a move's, or glyphs alone) as NAGs, two
 * characters at a time as chessops reads them: "!!!" is !! and !.
 */
static void
report_glyphs(Reader *r, const char *t, size_t n)
{
	size_t		b = n;

	while (b > 0 && (t[b - 1] == '!' || t[b - 1] == '?'))
		b--;
	for (; b < n; b += 2)
	{
		/* ! 1, ? 2, !! 3, ?? 4, !? 5, ?! 6 */
		if (b + 1 == n)
			r->h->nag(r->h->arg, t[b] == '!' ? 1 : 2);
		else
			r->h->nag(r->h->arg, t[b] == t[b + 1] ? (t[b] == '!' ? 3 : 4) : (t[b] == '!' ? 5 : 6));
	}
}

/* What read_movetext() does after a token that is no move or move number */
typedef enum
{
	MARK_TOKEN,					/* read it as a token */
	MARK_READ,					/* it is read: on to the next */
	MARK_TAGS					/* the next game's tags begin */
} MarkRead;

/*
 * A character that begins no move or move number, at r->pos: a comment,
 * a variation's bracket, a NAG, the next game's tags, or the start of a
 * token still (a result, glyphs, a stray character).
 */
static MarkRead
read_mark(Reader *r, Game *g, char c)
{
	if (c == '[')
		return MARK_TAGS;		/* the next game's tags */
	if (c == '{' || c == ';')
	{
		size_t		at = r->pos;
		Line	   *line = &g->lines[g->depth];

		if (!read_comment(r, g, line->ply, g->depth ? line->path : NULL))
			set_error(&g->err, PGN_SYNTAX, g->lines[0].ply, r->s + at, 1,
					  "A comment { is never closed by }.");
		return MARK_READ;
	}
	g->content = true;
	if (c == '(')
	{
		open_variation(r, g);
		if (r->h->open && g->overflow == 0)
			r->h->open(r->h->arg);
		advance(r, 1);
		return MARK_READ;
	}
	if (c == ')' || c == '}')
	{
		if (c == ')' && g->overflow > 0)
			g->overflow--;
		else if (c == ')' && g->depth > 0)
		{
			g->depth--;
			if (r->h->close)
				r->h->close(r->h->arg);
		}
		else
			set_error(&g->err, PGN_SYNTAX, g->lines[0].ply, r->s + r->pos, 1,
					  c == ')' ? "A ) closes no variation." : "A } closes no comment.");
		advance(r, 1);
		return MARK_READ;
	}
	if (c == '$')
	{
		unsigned	nag = 0,
					digits = 0;

		for (advance(r, 1); !at_end(r) && r->s[r->pos] >= '0' && r->s[r->pos] <= '9'; advance(r, 1))
			nag = digits++ < 4 ? nag * 10 + (unsigned) (r->s[r->pos] - '0') : nag;
		/* $0 to $9999: the first four digits, as chessops reads them */
		if (digits > 0 && r->h->nag)
			r->h->nag(r->h->arg, nag);
		return MARK_READ;
	}
	return MARK_TOKEN;
}

/*
 * Reads the movetext of a game, up to its result, the next tag section or
 * the end; true when it ended before the end of the text.
 */
static bool
read_movetext(Reader *r, Game *g, SanResult *san)
{
	unsigned	tokens = 0;

	for (;;)
	{
		size_t		tstart;
		char		c;

		skip_blank(r);
		if (at_end(r))
			return false;
		if (++tokens % PGN_POLL_TOKENS == 0)
			reader_poll(r);
		c = r->s[r->pos];
		/* a move or a move number (nearly every token) begins with a letter or a digit */
		if (!CHAR_IS(c, CH_LETTER | CH_DIGIT))
		{
			MarkRead	k = read_mark(r, g, c);

			if (k == MARK_TAGS)
				return true;
			if (k == MARK_READ)
				continue;
		}
		g->content = true;
		tstart = r->pos;
		{
			size_t		p = r->pos;

			while (p < r->len && !CHAR_IS(r->s[p], CH_ENDS_TOKEN))
				p++;
			advance(r, p - r->pos);
		}
		if (r->pos == tstart)
		{
			/* a character no token may hold (a NUL byte) */
			set_error(&g->err, PGN_SYNTAX, g->lines[0].ply, r->s + r->pos, 1,
					  "An unexpected character.");
			advance(r, 1);
			continue;
		}
		{
			const char *t = r->s + tstart;
			size_t		n = r->pos - tstart;

			/* a token that begins with a letter is a move (nearly every token but move numbers) */
			if (CHAR_IS(c, CH_LETTER))
			{
				read_move(r, g, t, n, san);
				if (r->h->nag && (t[n - 1] == '!' || t[n - 1] == '?'))
					report_glyphs(r, t, n);
				continue;
			}
			/* a move number alone ("12.", "12..."), the other token of nearly every move */
			if (CHAR_IS(c, CH_DIGIT) && t[n - 1] == '.')
			{
				const char *u = t;
				size_t		m = n;

				if (skip_move_number(&u, &m))
					continue;
			}
			/* "1/2" at the end of a part may be the start of "1/2-1/2": read on */
			if (is_result(t, n) && (n != 3 || t[1] != '/' || r->pos < r->len || r->final))
			{
				if (n == 3 && t[1] == '/')
					t = "1/2-1/2", n = 7;
				memcpy(g->result, t, n);
				g->result[n] = '\0';
				return true;
			}
			if (!skip_move_number(&t, &n))
				read_move(r, g, t, n, san);
			if (r->h->nag && n > 0 && (t[n - 1] == '!' || t[n - 1] == '?'))
				report_glyphs(r, t, n);
		}
	}
}

int
pgn_read(const char *text, size_t len, const PgnHandler *h)
{
	return pgn_read_part(text, len, true, h, NULL);
}

int
pgn_read_part(const char *text, size_t len, bool final, const PgnHandler *h, size_t *consumed)
{
	Reader		r = {text, len, 0, h, POLL_BYTES, final};
	int			games = 0;
	SanResult	san;
	TagSet		tags;
	Game		game;
	Game	   *g = &game;

	memset(&tags, 0, sizeof(tags));
	for (;;)
	{
		size_t		game_start;
		bool		complete = false;

		skip_blank(&r);
		if (at_end(&r))
			break;
		game_start = r.pos;
		if (h->begin)
			h->begin(h->arg, game_start);
		memset(&g->err, 0, sizeof(g->err));
		strcpy(g->result, "*");
		g->depth = g->overflow = g->plies = 0;
		g->comment_bytes = 0;
		g->content = false;
		position_set_startpos(&g->start);
		tags.gen++;
		tags.count = 0;

		/* tag section */
		while (!at_end(&r) && r.s[r.pos] == '[')
		{
			if (read_tag(&r, &tags, &g->start, &g->err) == TAG_REPEATED)
				break;
			g->content = true;
			skip_blank(&r);
		}
		memset(&g->lines[0], 0, sizeof(Line));
		g->lines[0].cur = g->lines[0].prev = g->start;
		if (at_end(&r) || r.s[r.pos] != '[')
			complete = read_movetext(&r, g, &san);
		else
			complete = true;	/* a repeated tag: the next game begins */
		if (!final && !complete)
		{
			/* the text ends inside this game: the caller brings more */
			if (consumed)
				*consumed = game_start;
			return games;
		}
		if (!g->content)
			continue;			/* comments alone */
		games++;
		if (g->depth > 0)
			set_error(&g->err, PGN_SYNTAX, g->lines[0].ply, r.s + g->lines[1].opened_at, 1,
					  "A variation ( is never closed by ).");
		if (h->game && !h->game(h->arg, games, g->result, &g->start, &g->lines[0].cur,
								g->lines[0].ply, g->err.code == PGN_OK ? NULL : &g->err))
			break;
	}
	if (consumed)
		*consumed = r.pos;
	return games;
}
