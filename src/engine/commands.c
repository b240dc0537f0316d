/*
 * commands.c — the commands inside a PGN comment ([%clk], [%emt], [%eval],
 * [%csl], [%cal]): read as lichess's chessops reads them, written as it
 * writes them.
 */
#include "annotation.h"

#include <stdio.h>
#include <string.h>

/* ------------------------------------------------------- commands in text */

static bool
is_digit(char c)
{
	return c >= '0' && c <= '9';
}

/* digits from s[*i], between lo and hi of them; their value in *v */
static bool
digits(const char *s, size_t n, size_t *i, int lo, int hi, int64_t *v)
{
	int			k = 0;

	*v = 0;
	while (*i < n && is_digit(s[*i]) && k < hi)
	{
		*v = *v * 10 + (s[*i] - '0');
		(*i)++;
		k++;
	}
	return k >= lo;
}

/* a square a1..h8 at s[i] */
static bool
square_at(const char *s, size_t n, size_t i, uint8_t *sq)
{
	if (i + 2 > n || s[i] < 'a' || s[i] > 'h' || s[i + 1] < '1' || s[i + 1] > '8')
		return false;
	*sq = (uint8_t) SQ_MAKE(s[i] - 'a', s[i + 1] - '1');
	return true;
}

static int
color_of(char c)
{
	return c == 'G' ? 0 : c == 'R' ? 1 : c == 'Y' ? 2 : c == 'B' ? 3 : -1;
}

/*
 * The command at s[i] ('[' of "[%"), as chessops's regular expressions read
 * it: which is 0 clk/emt, 1 csl/cal, 2 eval; returns the index after its
 * ']' or 0 when it is not one of which's forms.  cmd receives its value.
 */
static size_t
command_at(const char *s, size_t n, size_t i, int which, AnnNode *cmd, AnnShape *shapes)
{
	int64_t		v;

	if (i + 2 >= n || s[i] != '[' || s[i + 1] != '%')
		return 0;
	i += 2;
	if (which == 0)
	{
		int64_t		h,
					m,
					sec,
					frac = 0;
		int			fd = 0;
		bool		clk;

		if (i + 4 > n || (memcmp(s + i, "clk", 3) != 0 && memcmp(s + i, "emt", 3) != 0) ||
			!chess_is_space(s[i + 3]))
			return 0;
		clk = s[i] == 'c';
		i += 4;
		/* (\d{1,5}):(\d{1,2}):(\d{1,2}(?:\.\d{0,3})?)\] */
		if (!digits(s, n, &i, 1, 5, &h) || i >= n || s[i] != ':')
			return 0;
		i++;
		if (!digits(s, n, &i, 1, 2, &m) || i >= n || s[i] != ':')
			return 0;
		i++;
		if (!digits(s, n, &i, 1, 2, &sec))
			return 0;
		if (i < n && s[i] == '.')
		{
			i++;
			while (i < n && is_digit(s[i]) && fd < 3)
			{
				frac = frac * 10 + (s[i] - '0');
				fd++;
				i++;
			}
		}
		if (i >= n || s[i] != ']')
			return 0;
		/* to the centisecond, or it stays text */
		if (fd == 3 && frac % 10 != 0)
			return 0;
		frac = fd == 0 ? 0 : fd == 1 ? frac * 10 : fd == 2 ? frac : frac / 10;
		v = ((h * 3600 + m * 60 + sec) * 100) + frac;
		if (v > ANN_MAX_CLOCK)
			return 0;
		if (clk)
			cmd->clock = (int32_t) v;
		else
			cmd->emt = (int32_t) v;
		return i + 1;
	}
	if (which == 1)
	{
		uint32_t	k = cmd->nshapes;

		if (i + 4 > n || (memcmp(s + i, "csl", 3) != 0 && memcmp(s + i, "cal", 3) != 0) ||
			!chess_is_space(s[i + 3]))
			return 0;
		i += 4;
		for (;;)
		{
			AnnShape	sh;
			int			c = i < n ? color_of(s[i]) : -1;

			if (c < 0 || !square_at(s, n, i + 1, &sh.from))
				break;
			sh.color = (uint8_t) c;
			i += 3;
			if (square_at(s, n, i, &sh.to))
				i += 2;
			else
				sh.to = sh.from;
			shapes[k++] = sh;
			if (i < n && s[i] == ',')
			{
				i++;
				continue;
			}
			if (i < n && s[i] == ']')
			{
				cmd->nshapes = k;
				return i + 1;
			}
			break;
		}
		return 0;				/* not the form: no shape */
	}
	/* eval: \s(?:#([+-]?\d{1,5})|([+-]?(?:\d{1,5}|\d{0,5}\.\d{1,2})))(?:,(\d{1,5}))?\] */
	{
		bool		neg = false,
					mate = false;
		int64_t		ip = 0,
					fp = 0,
					depth = -1;
		int			id = 0,
					fdig = 0;

		if (i + 5 > n || memcmp(s + i, "eval", 4) != 0 || !chess_is_space(s[i + 4]))
			return 0;
		i += 5;
		if (i < n && s[i] == '#')
		{
			mate = true;
			i++;
		}
		if (i < n && (s[i] == '+' || s[i] == '-'))
			neg = s[i++] == '-';
		while (i < n && is_digit(s[i]) && id < 6)
		{
			ip = ip * 10 + (s[i] - '0');
			id++;
			i++;
		}
		if (id > 5)
			return 0;
		if (mate)
		{
			if (id == 0)
				return 0;
		}
		else if (i < n && s[i] == '.')
		{
			i++;
			while (i < n && is_digit(s[i]) && fdig < 3)
			{
				fp = fp * 10 + (s[i] - '0');
				fdig++;
				i++;
			}
			if (fdig == 0 || fdig > 2)
				return 0;
			if (fdig == 1)
				fp *= 10;
		}
		else if (id == 0)
			return 0;
		if (i < n && s[i] == ',')
		{
			int			dd = 0;

			i++;
			depth = 0;
			while (i < n && is_digit(s[i]) && dd < 6)
			{
				depth = depth * 10 + (s[i] - '0');
				dd++;
				i++;
			}
			if (dd == 0 || dd > 5)
				return 0;
		}
		if (i >= n || s[i] != ']')
			return 0;
		cmd->eval_kind = mate ? ANN_EVAL_MATE : ANN_EVAL_CP;
		cmd->eval = (int32_t) (mate ? (neg ? -ip : ip) : (neg ? -(ip * 100 + fp) : ip * 100 + fp));
		cmd->depth = depth < 0 ? ANN_NONE : (int32_t) depth;
		return i + 1;
	}
}

/*
 * One of chessops's three passes: every command of which in s[0..n),
 * with one whitespace character on each side, becomes two spaces; the
 * result in out, its length returned.
 */
static size_t
parse_pass(const char *s, size_t n, int which, AnnNode *cmd, AnnShape *shapes, char *out)
{
	size_t		i = 0,
				o = 0;

	while (i < n)
	{
		size_t		at = i,
					end;

		/* \s?\[% : the optional space belongs to the match */
		if (chess_is_space(s[i]) && i + 1 < n && s[i + 1] == '[')
			at = i + 1;
		else if (s[i] != '[')
		{
			out[o++] = s[i++];
			continue;
		}
		end = command_at(s, n, at, which, cmd, shapes);
		if (end == 0)
		{
			out[o++] = s[i++];
			continue;
		}
		if (end < n && chess_is_space(s[end]))
			end++;
		out[o++] = ' ';
		out[o++] = ' ';
		i = end;
	}
	return o;
}

size_t
ann_parse_comment(const char *s, size_t n, AnnNode *cmd, AnnShape *shapes, char *out)
{
	size_t		len,
				b = 0;

	/* each pass shrinks or keeps the length: "\s?[%x y]\s?" has 7 bytes at least, for 2 */
	len = parse_pass(s, n, 0, cmd, shapes, out);
	len = parse_pass(out, len, 1, cmd, shapes, out);
	len = parse_pass(out, len, 2, cmd, shapes, out);
	while (b < len && chess_is_space(out[b]))
		b++;
	while (len > b && chess_is_space(out[len - 1]))
		len--;
	memmove(out, out + b, len - b);
	return len - b;
}

/* ---------------------------------------------------- writing the commands */

int
ann_write_clock(int32_t cs, char *out)
{
	int32_t		s = cs / 100,
				f = cs % 100;

	if (f == 0)
		return sprintf(out, "%d:%02d:%02d", s / 3600, s / 60 % 60, s % 60);
	if (f % 10 == 0)
		return sprintf(out, "%d:%02d:%02d.%d", s / 3600, s / 60 % 60, s % 60, f / 10);
	return sprintf(out, "%d:%02d:%02d.%02d", s / 3600, s / 60 % 60, s % 60, f);
}

static size_t
write_shapes(const AnnGame *g, const AnnNode *nd, bool arrows, char *out)
{
	static const char colors[4] = {'G', 'R', 'Y', 'B'};
	size_t		o = 0;
	uint32_t	i;

	for (i = 0; i < nd->nshapes; i++)
	{
		const AnnShape *sh = &g->shapes[nd->shape_at + i];

		if ((sh->from != sh->to) != arrows)
			continue;
		if (o == 0)
			o += (size_t) sprintf(out, arrows ? "[%%cal " : "[%%csl ");
		else
			out[o++] = ',';
		out[o++] = colors[sh->color & 3];
		out[o++] = (char) ('a' + SQ_FILE(sh->from));
		out[o++] = (char) ('1' + SQ_RANK(sh->from));
		if (arrows)
		{
			out[o++] = (char) ('a' + SQ_FILE(sh->to));
			out[o++] = (char) ('1' + SQ_RANK(sh->to));
		}
	}
	if (o)
		out[o++] = ']';
	return o;
}

size_t
ann_write_commands(const AnnGame *g, const AnnNode *nd, char *out)
{
	size_t		o = 0;
	int			part;

	/* as makeComment: circles, arrows, evaluation, elapsed time, clock */
	for (part = 0; part < 5; part++)
	{
		size_t		at = o + (o ? 1 : 0),
					k = 0;

		if (part < 2)
			k = write_shapes(g, nd, part == 1, out + at);
		else if (part == 2 && nd->eval_kind == ANN_EVAL_MATE)
			k = (size_t) sprintf(out + at, "[%%eval #%d", nd->eval);
		else if (part == 2 && nd->eval_kind == ANN_EVAL_CP)
		{
			int64_t		v = nd->eval < 0 ? -(int64_t) nd->eval : nd->eval;

			k = (size_t) sprintf(out + at, "[%%eval %s%lld.%02lld", nd->eval < 0 ? "-" : "",
								 (long long) (v / 100), (long long) (v % 100));
		}
		else if ((part == 3 && nd->emt != ANN_NONE) || (part == 4 && nd->clock != ANN_NONE))
		{
			k = (size_t) sprintf(out + at, part == 3 ? "[%%emt " : "[%%clk ");
			k += (size_t) ann_write_clock(part == 3 ? nd->emt : nd->clock, out + at + k);
			out[at + k++] = ']';
		}
		if (part == 2 && k > 0)
		{
			if (nd->depth != ANN_NONE)
				k += (size_t) sprintf(out + at + k, ",%d", nd->depth);
			out[at + k++] = ']';
		}
		if (k == 0)
			continue;
		if (o)
			out[o] = ' ';
		o = at + k;
	}
	out[o] = '\0';
	return o;
}

/* The length of what printf's %d writes of v */
static size_t
int_length(long long v)
{
	size_t		n = v < 0 ? 2 : 1;
	unsigned long long u = v < 0 ? 0ULL - (unsigned long long) v : (unsigned long long) v;

	while (u >= 10)
		u /= 10, n++;
	return n;
}

/* ... and its %02d */
static size_t
int2_length(long long v)
{
	size_t		n = int_length(v);

	return n < 2 ? 2 : n;
}

static size_t
clock_length(int32_t cs)
{
	int32_t		s = cs / 100,
				f = cs % 100;

	return int_length(s / 3600) + 1 + int2_length(s / 60 % 60) + 1 + int2_length(s % 60) +
		(f == 0 ? 0 : f % 10 == 0 ? 1 + int_length(f / 10) : 1 + int2_length(f));
}

/* The length of ann_write_commands(g, nd, ...), counted without writing it. */
size_t
ann_commands_length(const AnnGame *g, const AnnNode *nd)
{
	size_t		o = 0,
				parts = 0;
	size_t		circles = 0,
				arrows = 0;
	uint32_t	i;

	for (i = 0; i < nd->nshapes; i++)
	{
		const AnnShape *sh = &g->shapes[nd->shape_at + i];

		if (sh->from != sh->to)
			arrows++;
		else
			circles++;
	}
	/* "[%csl " or "[%cal ", each shape and a comma between two, "]" */
	if (circles)
		o += 6 + 3 * circles + circles - 1 + 1, parts++;
	if (arrows)
		o += 6 + 5 * arrows + arrows - 1 + 1, parts++;
	if (nd->eval_kind == ANN_EVAL_MATE || nd->eval_kind == ANN_EVAL_CP)
	{
		if (nd->eval_kind == ANN_EVAL_MATE)
			o += 8 + int_length(nd->eval);	/* "[%eval #" */
		else
		{
			long long	v = nd->eval < 0 ? -(long long) nd->eval : nd->eval;

			o += 7 + (nd->eval < 0) + int_length(v / 100) + 1 + int2_length(v % 100);
		}
		if (nd->depth != ANN_NONE)
			o += 1 + int_length(nd->depth);
		o++, parts++;
	}
	if (nd->emt != ANN_NONE)
		o += 6 + clock_length(nd->emt) + 1, parts++;
	if (nd->clock != ANN_NONE)
		o += 6 + clock_length(nd->clock) + 1, parts++;
	return o + (parts ? parts - 1 : 0);
}

size_t
ann_written_comment_bytes(const AnnGame *g)
{
	size_t		total = 0;
	int			i,
				depth = 0,
				last[ANN_MAX_DEPTH + 1];

	for (i = 0; i < g->nevents; i++)
	{
		const AnnEvent *e = &g->events[i];

		if (e->kind == ANN_EV_OPEN)
			depth++;
		else if (e->kind == ANN_EV_CLOSE)
			depth--;
		else if (e->kind == ANN_EV_MOVE)
		{
			const AnnNode *nd = &g->nodes[e->a];

			last[depth] = (int) e->a;
			/* commands no comment carries: a comment of their own */
			if (!nd->carried && ann_node_has_commands(nd))
				total += ann_commands_length(g, nd) + 1;
		}
		else if (e->kind == ANN_EV_COMMENT)
		{
			size_t		commands = e->carry ? ann_commands_length(g, &g->nodes[last[depth]]) : 0;

			total += e->b + (e->b && commands ? 1 : 0) + commands + 1;
		}
	}
	return total;
}
