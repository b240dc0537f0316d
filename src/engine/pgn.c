/*
 * pgn.c — reading Portable Game Notation.
 *
 * The reader walks the text once.  A game is an optional tag section
 * ([Name "value"] pairs; FEN sets the start position) and movetext: move
 * numbers ("12.", "12...", also glued to the move as in "12.e4"), moves in
 * SAN, comments ({...} and ; to the end of the line), numeric annotation
 * glyphs ($1) and suffix glyphs (!, ?!), recursive variations ((...),
 * skipped), lines escaped with % in the first column, and a result (1-0,
 * 0-1, 1/2-1/2, *).  A game ends at its result, at the next tag section or
 * at the end of the text.
 */
#include "pgn.h"

#include <stdio.h>
#include <string.h>

#define TAG_VALUE_MAX 4096

typedef struct Reader
{
	const char *s;
	size_t		len;
	size_t		pos;
} Reader;

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

static bool
is_blank(char c)
{
	return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v';
}

/* Skips white space and %-escaped lines. */
static void
skip_blank(Reader *r)
{
	while (!at_end(r))
	{
		char		c = r->s[r->pos];

		if (c == '%' && at_line_start(r))
		{
			while (!at_end(r) && r->s[r->pos] != '\n')
				r->pos++;
		}
		else if (is_blank(c))
			r->pos++;
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
	snprintf(err->token, sizeof(err->token), "%.*s", (int) (tlen < 40 ? tlen : 40), token);
	snprintf(err->detail, sizeof(err->detail), "%s", detail);
}

/* [Name "value"]; returns false on a syntax error, having skipped the line. */
static bool
read_tag(Reader *r, const PgnHandler *h, Position *start, PgnError *err)
{
	char		value[TAG_VALUE_MAX];
	size_t		vlen = 0;
	size_t		name_start,
				name_len,
				tag_start = r->pos;

	r->pos++;					/* '[' */
	while (!at_end(r) && (r->s[r->pos] == ' ' || r->s[r->pos] == '\t'))
		r->pos++;
	name_start = r->pos;
	while (!at_end(r) && (r->s[r->pos] == '_' || r->s[r->pos] == '+' || r->s[r->pos] == '#' ||
						  r->s[r->pos] == '=' || r->s[r->pos] == ':' || r->s[r->pos] == '-' ||
						  (r->s[r->pos] >= '0' && r->s[r->pos] <= '9') ||
						  (r->s[r->pos] >= 'A' && r->s[r->pos] <= 'Z') ||
						  (r->s[r->pos] >= 'a' && r->s[r->pos] <= 'z')))
		r->pos++;
	name_len = r->pos - name_start;
	while (!at_end(r) && (r->s[r->pos] == ' ' || r->s[r->pos] == '\t'))
		r->pos++;
	if (name_len == 0 || at_end(r) || r->s[r->pos] != '"')
		goto bad;
	r->pos++;

	/*
	 * The value ends at the first unescaped '"' that a ']' follows; failing
	 * that, at the last such '"' on the line, so that quotes a writer forgot
	 * to escape (chess.js writes [White "A "B""]) stay in the value, as
	 * python-chess reads them.  \" and \\ are escapes.
	 */
	{
		size_t		line_end = r->pos,
					close = 0,
					i;
		bool		found = false;

		while (line_end < r->len && r->s[line_end] != '\n')
			line_end++;
		for (i = r->pos; i < line_end && !found; i++)
		{
			size_t		j = i + 1;

			if (r->s[i] == '\\')
			{
				i++;
				continue;
			}
			if (r->s[i] != '"')
				continue;
			while (j < line_end && (r->s[j] == ' ' || r->s[j] == '\t'))
				j++;
			if (j < line_end && r->s[j] == ']')
			{
				close = i;
				found = true;
			}
		}
		for (i = line_end; !found && i > r->pos; i--)
		{
			size_t		j = i;

			if (r->s[i - 1] != ']')
				continue;
			while (j - 1 > r->pos && (r->s[j - 2] == ' ' || r->s[j - 2] == '\t'))
				j--;
			if (j - 1 > r->pos && r->s[j - 2] == '"')
			{
				close = j - 2;
				found = true;
			}
		}
		if (!found)
			goto bad;
		while (r->pos < close)
		{
			char		c = r->s[r->pos++];

			if (c == '\\' && r->pos < close && (r->s[r->pos] == '"' || r->s[r->pos] == '\\'))
				c = r->s[r->pos++];
			if (vlen + 1 >= sizeof(value))
				goto bad;
			value[vlen++] = c;
		}
		r->pos = close + 1;
		while (!at_end(r) && (r->s[r->pos] == ' ' || r->s[r->pos] == '\t'))
			r->pos++;
		r->pos++;				/* the ']' */
	}
	value[vlen] = '\0';
	if (h->tag)
		h->tag(h->arg, r->s + name_start, name_len, value, vlen);
	if (name_len == 3 && memcmp(r->s + name_start, "FEN", 3) == 0)
	{
		PositionError perr;

		if (!fen_parse(value, start, &perr))
		{
			char		detail[256];

			snprintf(detail, sizeof(detail), "The FEN tag is not a valid position: %s", perr.detail);
			set_error(err, PGN_BAD_FEN, 0, value, vlen, detail);
		}
	}
	return true;

bad:
	{
		size_t		line_end = tag_start;

		while (line_end < r->len && r->s[line_end] != '\n')
			line_end++;
		set_error(err, PGN_SYNTAX, 0, r->s + tag_start, line_end - tag_start,
				  "A tag pair is written [Name \"value\"], on one line.");
		r->pos = line_end;
		return false;
	}
}

/* Reads a comment starting at r->pos; false when a { is never closed. */
static bool
read_comment(Reader *r, const PgnHandler *h, int ply, const char *variation)
{
	size_t		b,
				e;

	if (r->s[r->pos] == '{')
	{
		b = ++r->pos;
		while (!at_end(r) && r->s[r->pos] != '}')
			r->pos++;
		if (at_end(r))
			return false;
		e = r->pos++;
	}
	else
	{
		b = ++r->pos;			/* ';' to the end of the line */
		while (!at_end(r) && r->s[r->pos] != '\n')
			r->pos++;
		e = r->pos;
	}
	while (b < e && is_blank(r->s[b]))
		b++;
	while (e > b && is_blank(r->s[e - 1]))
		e--;
	if (h->comment)
		h->comment(h->arg, ply, variation, r->s + b, e - b);
	return true;
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

#define MAX_VARIATION_DEPTH 32

/* The main line or a variation being read. */
typedef struct Line
{
	Position	cur;			/* where the next move is played */
	Position	prev;			/* before the line's last move */
	int			ply;			/* plies played to reach cur */
	int			moves;			/* moves played in this line */
	int			children;		/* variations opened from it */
	bool		dead;			/* a bad move: the rest is skipped */
	char		path[4 * MAX_VARIATION_DEPTH];
} Line;

static bool
is_result(const char *t, size_t n)
{
	return (n == 3 && (memcmp(t, "1-0", 3) == 0 || memcmp(t, "0-1", 3) == 0)) ||
		(n == 7 && memcmp(t, "1/2-1/2", 7) == 0) || (n == 1 && t[0] == '*');
}

int
pgn_read(const char *text, size_t len, const PgnHandler *h)
{
	Reader		r = {text, len, 0};
	int			games = 0;
	SanResult	san_storage;
	SanResult  *san = &san_storage;
	Line		lines[MAX_VARIATION_DEPTH + 1];

	for (;;)
	{
		Position	start;
		PgnError	err;
		char		result[8] = "*";
		int			depth = 0;

		skip_blank(&r);
		if (at_end(&r))
			break;
		games++;
		memset(&err, 0, sizeof(err));
		position_set_startpos(&start);

		/* tag section */
		while (!at_end(&r) && r.s[r.pos] == '[')
		{
			read_tag(&r, h, &start, &err);
			skip_blank(&r);
		}
		memset(&lines[0], 0, sizeof(Line));
		lines[0].cur = lines[0].prev = start;

		/* movetext */
		for (;;)
		{
			Line	   *line = &lines[depth];
			const char *path = depth ? line->path : NULL;
			size_t		tstart;
			char		c;

			skip_blank(&r);
			if (at_end(&r))
				break;
			c = r.s[r.pos];
			if (c == '[')
				break;			/* the next game's tags */
			if (c == '{' || c == ';')
			{
				size_t		at = r.pos;

				if (!read_comment(&r, h, line->ply, path))
				{
					set_error(&err, PGN_SYNTAX, lines[0].ply, r.s + at, 1,
							  "A comment { is never closed by }.");
					r.pos = r.len;
				}
				continue;
			}
			if (c == '(')
			{
				Line	   *child;

				if (depth == MAX_VARIATION_DEPTH)
				{
					set_error(&err, PGN_SYNTAX, lines[0].ply, r.s + r.pos, 1,
							  "Variations nest more than 32 deep.");
					r.pos = r.len;
					continue;
				}
				r.pos++;
				child = &lines[++depth];
				line->children++;
				child->cur = child->prev = line->prev;
				child->ply = line->ply - 1;
				child->moves = child->children = 0;
				/* a variation replaces the line's last move: there must be one */
				child->dead = line->dead || line->moves == 0;
				if (depth == 1)
					snprintf(child->path, sizeof(child->path), "%d", line->children);
				else
				{
					size_t		plen = strlen(line->path);

					memcpy(child->path, line->path, plen);
					snprintf(child->path + plen, sizeof(child->path) - plen, ".%d", line->children);
				}
				continue;
			}
			if (c == ')' || c == '}')
			{
				if (c == ')' && depth > 0)
					depth--;
				else
					set_error(&err, PGN_SYNTAX, lines[0].ply, r.s + r.pos, 1,
							  c == ')' ? "A ) closes no variation." : "A } closes no comment.");
				r.pos++;
				continue;
			}
			if (c == '$')
			{
				r.pos++;
				while (!at_end(&r) && r.s[r.pos] >= '0' && r.s[r.pos] <= '9')
					r.pos++;
				continue;
			}
			tstart = r.pos;
			while (!at_end(&r) && !is_blank(r.s[r.pos]) && !strchr("{}();[$", r.s[r.pos]))
				r.pos++;
			if (r.pos == tstart)
			{
				/* a character no token may hold (a NUL byte) */
				set_error(&err, PGN_SYNTAX, lines[0].ply, r.s + r.pos, 1, "An unexpected character.");
				r.pos++;
				continue;
			}
			{
				const char *t = r.s + tstart;
				size_t		n = r.pos - tstart;
				char		detail[256];

				if (is_result(t, n))
				{
					memcpy(result, t, n);
					result[n] = '\0';
					break;
				}
				/* a move number ("12." or "12..."), maybe glued to its move */
				{
					size_t		i = 0;

					while (i < n && t[i] >= '0' && t[i] <= '9')
						i++;
					if (i > 0 && i < n && t[i] == '.')
					{
						while (i < n && t[i] == '.')
							i++;
						t += i;
						n -= i;
						if (n == 0)
							continue;
					}
				}
				/* suffix glyphs standing alone: !, ?, !? ... */
				{
					size_t		i = 0;

					while (i < n && (t[i] == '!' || t[i] == '?'))
						i++;
					if (i == n)
						continue;
				}
				if (err.code != PGN_OK || line->dead)
					continue;	/* after an error, only look for the end */
				if (n == 2 && memcmp(t, "--", 2) == 0)
				{
					san->status = SAN_MALFORMED;
					snprintf(san->detail, sizeof(san->detail), "Null moves (--) are not supported.");
				}
				else
					san_parse(&line->cur, t, n, true, san);
				if (san->status == SAN_OK)
				{
					line->prev = line->cur;
					line->ply++;
					line->moves++;
					position_play(&line->cur, san->move);
					if (h->ply)
						h->ply(h->arg, line->ply, san->move, &line->prev, &line->cur, path);
					continue;
				}
				if (san->status == SAN_AMBIGUOUS)
					ambiguous_detail(&line->cur, san, detail, sizeof(detail));
				else
					snprintf(detail, sizeof(detail), "%s", san->detail);
				if (depth > 0)
				{
					line->dead = true;
					if (h->variation_error)
						h->variation_error(h->arg, line->ply + 1, path, t, n, detail);
				}
				else
					set_error(&err, san->status == SAN_AMBIGUOUS ? PGN_AMBIGUOUS_MOVE :
							  san->status == SAN_ILLEGAL ? PGN_ILLEGAL_MOVE : PGN_BAD_MOVE,
							  line->ply + 1, t, n, detail);
			}
		}
		if (depth > 0)
			set_error(&err, PGN_SYNTAX, lines[0].ply, "(", 1, "A variation ( is never closed by ).");
		if (h->game && !h->game(h->arg, games, result, &start, &lines[0].cur, lines[0].ply,
								err.code == PGN_OK ? NULL : &err))
			break;
	}
	return games;
}

/*
 * Writes the movetext of moves played from start: move numbers, SAN,
 * the result, lines of at most 80 characters.  Returns -1, or the index of
 * the first move that is not legal (nothing more is written then); final
 * receives the position after the moves.
 */
int
pgn_write_movetext(const Position *start, const Move *moves, int n, const char *result,
				   PgnEmit emit, void *arg, Position *final)
{
	Position	pos = *start;
	int			line = 0,
				i;

	for (i = 0; i <= n; i++)
	{
		char		token[32];
		int			tlen;

		if (i == n)
			tlen = snprintf(token, sizeof(token), "%s", result);
		else
		{
			char		san[SAN_MAX_LENGTH];
			int			number = 0;

			if (!move_is_legal(&pos, moves[i]))
			{
				*final = pos;
				return i;
			}
			san_write(&pos, moves[i], san);
			if (pos.side == WHITE || i == 0)
				number = snprintf(token, sizeof(token), "%u%s ", (unsigned) pos.fullmove,
								  pos.side == WHITE ? "." : "...");
			tlen = number + snprintf(token + number, sizeof(token) - (size_t) number, "%s", san);
			position_play(&pos, moves[i]);
		}
		/* the move number stays with its move; break the line before it if need be */
		if (line > 0 && line + 1 + tlen > 80)
		{
			emit(arg, "\n", 1);
			line = 0;
		}
		if (line > 0)
		{
			emit(arg, " ", 1);
			line++;
		}
		emit(arg, token, (size_t) tlen);
		line += tlen;
	}
	emit(arg, "\n", 1);
	*final = pos;
	return -1;
}
