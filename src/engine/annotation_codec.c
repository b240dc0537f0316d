/*
 * annotation_codec.c — a game's annotations (annotation.h) as the bytes of
 * the annotation section of a game value (doc/formats.md), and back,
 * every byte validated.  long: the encoder and the decoder of one format
 * stay side by side, so that a change to either is read beside the other.
 */
#include "annotation.h"
#include "make_move.h"
#include "pgn.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

/* The event kinds of the encoded stream (the low 4 bits of a token). */
enum
{
	TOK_END = 0,
	TOK_SKIP = 1,				/* arg: main-line moves played (at least 1) */
	TOK_MOVE = 2,				/* a varint follows: the rank of the move (game_sorted_moves()) */
	TOK_OPEN = 3,
	TOK_CLOSE = 4,
	TOK_COMMENT = 5,			/* arg: its length; its bytes follow */
	TOK_CARRIER = 6,			/* a comment that holds its move's commands */
	TOK_NAG = 7,				/* arg: the NAG */
	TOK_CLOCK = 8,				/* a variation move's clock: arg centiseconds */
	TOK_EMT = 9,				/* arg centiseconds */
	TOK_EVAL = 10,				/* arg 0; the evaluation coded as in the dense stream (from 0), then depth + 1 or 0 */
	TOK_SHAPES = 11,			/* arg: their number; 2 bytes each follow */
	TOK_CARRIED = 12			/* a comment of the move holds its commands */
};

/* The streams of a section (its byte 1). */
#define STREAM_CLOCKS	1
#define STREAM_EVALS	2
#define STREAM_EVENTS	4

/* modes of the dense streams */
#define DENSE_ALL		1		/* every main-line move has one: no bitmap */
#define DENSE_SECONDS	2		/* clocks: every one a whole second, coded in seconds */
#define DENSE_DEPTHS	2		/* evaluations: a bitmap of those with a depth, each depth after its value */

/* ----------------------------------------------------------- the encoding */

typedef struct Out
{
	const AnnGame *g;
	uint8_t   **buf;
	size_t		len;
	size_t	   *cap;
} Out;

static void
put(Out *o, const void *p, size_t n)
{
	if (n == 0)
		return;
	if (o->len + n > *o->cap)
	{
		size_t		cap = *o->cap ? *o->cap : 64;

		while (o->len + n > cap)
			cap *= 2;
		*o->buf = o->g->alloc(o->g->ctx, *o->buf, cap);
		*o->cap = cap;
	}
	memcpy(*o->buf + o->len, p, n);
	o->len += n;
}

static void
put_byte(Out *o, unsigned b)
{
	uint8_t		c = (uint8_t) b;

	put(o, &c, 1);
}

static void
put_varint(Out *o, uint64_t v)
{
	while (v >= 0x80)
	{
		put_byte(o, (unsigned) (v & 0x7f) | 0x80);
		v >>= 7;
	}
	put_byte(o, (unsigned) v);
}

static uint64_t
zigzag(int64_t v)
{
	return v < 0 ? ((uint64_t) (-(v + 1)) << 1) | 1 : (uint64_t) v << 1;
}

static void
put_token(Out *o, int kind, uint64_t arg)
{
	if (arg < 15)
		put_byte(o, (unsigned) kind | (unsigned) arg << 4);
	else
	{
		put_byte(o, (unsigned) kind | 15u << 4);
		put_varint(o, arg - 15);
	}
}

/*
 * An evaluation: a varint code, 0 for the previous centipawns again, 1 for
 * a mate (the zigzag varint of its moves follows), else 1 + the zigzag of
 * the centipawns' difference from the previous (a byte up to ±63).
 */
static void
put_eval(Out *o, int kind, int32_t eval, int32_t prev)
{
	if (kind == ANN_EVAL_MATE)
	{
		put_varint(o, 1);
		put_varint(o, zigzag(eval));
	}
	else
		put_varint(o, eval == prev ? 0 : zigzag((int64_t) eval - prev) + 1);
}

/* the bitmap of main-line moves that have a value; whether all have one */
static bool
put_presence(Out *o, const AnnGame *g, const int *main_nodes, int n, bool clocks, bool dry)
{
	int			i;
	uint8_t		byte = 0;
	bool		all = true;

	for (i = 0; i < n; i++)
	{
		const AnnNode *nd = &g->nodes[main_nodes[i]];

		all &= clocks ? nd->clock != ANN_NONE : nd->eval_kind != ANN_EVAL_NONE;
	}
	if (all || dry)
		return all;
	for (i = 0; i < n; i++)
	{
		const AnnNode *nd = &g->nodes[main_nodes[i]];
		bool		has = clocks ? nd->clock != ANN_NONE : nd->eval_kind != ANN_EVAL_NONE;

		if (has)
			byte |= (uint8_t) (0x80 >> (i % 8));
		if (i % 8 == 7 || i == n - 1)
		{
			put_byte(o, byte);
			byte = 0;
		}
	}
	return false;
}

/* the commands of a node kept in the event stream (all of a variation's) */
static void
put_node_commands(Out *o, const AnnGame *g, const AnnNode *nd, bool mainline)
{
	uint32_t	i;

	if (!mainline && nd->clock != ANN_NONE)
		put_token(o, TOK_CLOCK, (uint64_t) nd->clock);
	if (nd->emt != ANN_NONE)
		put_token(o, TOK_EMT, (uint64_t) nd->emt);
	if (!mainline && nd->eval_kind)
	{
		put_token(o, TOK_EVAL, 0);
		put_eval(o, nd->eval_kind, nd->eval, 0);
		put_varint(o, nd->depth == ANN_NONE ? 0 : (uint64_t) nd->depth + 1);
	}
	if (nd->nshapes)
	{
		put_token(o, TOK_SHAPES, nd->nshapes);
		for (i = 0; i < nd->nshapes; i++)
		{
			const AnnShape *sh = &g->shapes[nd->shape_at + i];
			unsigned	v = (unsigned) sh->color << 12 | (unsigned) sh->from << 6 | sh->to;

			put_byte(o, v >> 8);
			put_byte(o, v & 0xff);
		}
	}
	if (nd->carried)
		put_token(o, TOK_CARRIED, 0);
}

static bool
node_has_stream_commands(const AnnNode *nd)
{
	return nd->emt != ANN_NONE || nd->nshapes || nd->carried;
}

size_t
ann_encode(const AnnGame *g, const Position *start, const Move *moves, int n,
		   uint8_t **buf, size_t len, size_t *cap)
{
	Out			o = {g, buf, len, cap};
	size_t		section = len;
	int		   *main_nodes;
	int			i,
				m,
				streams = 0,
				pending = 0,
				depth = 0;
	Position	lines[ANN_MAX_DEPTH + 1][2];	/* each line's position and the one before */
	bool		any_events;

	/* the nodes of the main line, which must be the moves given; any other event goes in the stream */
	main_nodes = g->alloc(g->ctx, NULL, sizeof(int) * (size_t) (g->nevents + 1));
	m = ann_main_nodes(g, main_nodes);
	any_events = g->nevents > m;
	for (i = 0; i < m && i < n && g->nodes[main_nodes[i]].move == moves[i]; i++)
		;
	if (m != n || i != n)
	{
		g->alloc(g->ctx, main_nodes, 0);
		return 0;
	}
	for (i = 0; i < n; i++)
	{
		if (node_has_stream_commands(&g->nodes[main_nodes[i]]))
			any_events = true;
		if (g->nodes[main_nodes[i]].clock != ANN_NONE)
			streams |= STREAM_CLOCKS;
		if (g->nodes[main_nodes[i]].eval_kind)
			streams |= STREAM_EVALS;
	}
	if (any_events)
		streams |= STREAM_EVENTS;
	put_byte(&o, ANN_FORMAT);
	put_byte(&o, (unsigned) streams);
	if (streams & STREAM_CLOCKS)
	{
		bool		seconds = true,
					all = put_presence(&o, g, main_nodes, n, true, true);
		int64_t		prev[2] = {0, 0};

		for (i = 0; i < n; i++)
		{
			int32_t		c = g->nodes[main_nodes[i]].clock;

			if (c != ANN_NONE && c % 100 != 0)
				seconds = false;
		}
		put_varint(&o, (all ? DENSE_ALL : 0) | (seconds ? DENSE_SECONDS : 0));
		put_presence(&o, g, main_nodes, n, true, false);
		for (i = 0; i < n; i++)
		{
			int32_t		c = g->nodes[main_nodes[i]].clock;
			int64_t		v;

			if (c == ANN_NONE)
				continue;
			v = seconds ? c / 100 : c;
			put_varint(&o, zigzag(v - prev[i & 1]));
			prev[i & 1] = v;
		}
	}
	if (streams & STREAM_EVALS)
	{
		bool		depths = false,
					all = put_presence(&o, g, main_nodes, n, false, true);
		int32_t		prev = 0;

		for (i = 0; i < n; i++)
			if (g->nodes[main_nodes[i]].eval_kind && g->nodes[main_nodes[i]].depth != ANN_NONE)
				depths = true;
		put_varint(&o, (all ? DENSE_ALL : 0) | (depths ? DENSE_DEPTHS : 0));
		put_presence(&o, g, main_nodes, n, false, false);
		if (depths)
		{
			/* which evaluations have a depth, in their order */
			uint8_t		byte = 0;
			int			k = 0;

			for (i = 0; i < n; i++)
			{
				const AnnNode *nd = &g->nodes[main_nodes[i]];

				if (!nd->eval_kind)
					continue;
				if (nd->depth != ANN_NONE)
					byte |= (uint8_t) (0x80 >> (k % 8));
				if (++k % 8 == 0)
				{
					put_byte(&o, byte);
					byte = 0;
				}
			}
			if (k % 8)
				put_byte(&o, byte);
		}
		for (i = 0; i < n; i++)
		{
			const AnnNode *nd = &g->nodes[main_nodes[i]];

			if (!nd->eval_kind)
				continue;
			put_eval(&o, nd->eval_kind, nd->eval, prev);
			if (nd->eval_kind == ANN_EVAL_CP)
				prev = nd->eval;
			if (nd->depth != ANN_NONE)
				put_varint(&o, (uint64_t) nd->depth);
		}
	}
	if (streams & STREAM_EVENTS)
	{
		lines[0][0] = lines[0][1] = *start;
		for (i = 0; i < g->nevents; i++)
		{
			const AnnEvent *e = &g->events[i];

			if (e->kind == ANN_EV_MOVE && depth == 0)
			{
				const AnnNode *nd = &g->nodes[e->a];

				lines[0][1] = lines[0][0];
				position_play(&lines[0][0], nd->move);
				pending++;
				if (node_has_stream_commands(nd))
				{
					put_token(&o, TOK_SKIP, (uint64_t) pending);
					pending = 0;
					put_node_commands(&o, g, nd, true);
				}
				continue;
			}
			if (pending)
			{
				put_token(&o, TOK_SKIP, (uint64_t) pending);
				pending = 0;
			}
			switch (e->kind)
			{
				case ANN_EV_MOVE:
					{
						const AnnNode *nd = &g->nodes[e->a];
						Move		legal[MAX_MOVES];
						int			k,
									nl = game_sorted_moves(&lines[depth][0], legal);

						for (k = 0; k < nl && legal[k] != nd->move; k++)
							;
						if (k == nl)
						{
							g->alloc(g->ctx, main_nodes, 0);
							return 0;
						}
						put_token(&o, TOK_MOVE, 0);
						put_varint(&o, (uint64_t) k);
						lines[depth][1] = lines[depth][0];
						position_play(&lines[depth][0], nd->move);
						put_node_commands(&o, g, nd, false);
						break;
					}
				case ANN_EV_OPEN:
					put_token(&o, TOK_OPEN, 0);
					lines[depth + 1][0] = lines[depth + 1][1] = lines[depth][1];
					depth++;
					break;
				case ANN_EV_CLOSE:
					put_token(&o, TOK_CLOSE, 0);
					depth--;
					break;
				case ANN_EV_COMMENT:
					put_token(&o, e->carry ? TOK_CARRIER : TOK_COMMENT, e->b);
					put(&o, e->b ? g->text + e->a : "", e->b);
					break;
				case ANN_EV_NAG:
					put_token(&o, TOK_NAG, e->a);
					break;
			}
		}
		put_token(&o, TOK_END, 0);
	}
	g->alloc(g->ctx, main_nodes, 0);
	section = o.len - section;
	put_byte(&o, (unsigned) (section >> 24));
	put_byte(&o, (unsigned) (section >> 16) & 0xff);
	put_byte(&o, (unsigned) (section >> 8) & 0xff);
	put_byte(&o, (unsigned) section & 0xff);
	return o.len;
}

/* ----------------------------------------------------------- the decoding */

typedef struct In
{
	const uint8_t *p;
	size_t		len;
	size_t		at;
	char	   *error;
	bool		bad;
} In;

static bool __attribute__((format(printf, 2, 3)))
fail(In *in, const char *fmt, ...)
{
	va_list		ap;

	if (in->bad)
		return false;
	va_start(ap, fmt);
	vsnprintf(in->error, 160, fmt, ap);
	va_end(ap);
	in->bad = true;
	return false;
}

static unsigned
get_byte(In *in)
{
	if (in->at >= in->len)
	{
		fail(in, "The annotations end early.");
		return 0;
	}
	return in->p[in->at++];
}

static uint64_t
get_varint(In *in)
{
	uint64_t	v = 0;
	int			shift = 0;

	for (;;)
	{
		unsigned	b = get_byte(in);

		if (in->bad)
			return 0;
		if (shift >= 63 && b > 1)
		{
			fail(in, "A number of the annotations is too large.");
			return 0;
		}
		v |= (uint64_t) (b & 0x7f) << shift;
		if (!(b & 0x80))
			return v;
		shift += 7;
	}
}

static int64_t
unzigzag(uint64_t v)
{
	return (v & 1) ? -(int64_t) (v >> 1) - 1 : (int64_t) (v >> 1);
}

static bool
get_presence(In *in, int n, bool all, uint8_t **bits)
{
	size_t		nb = ((size_t) n + 7) / 8;

	*bits = NULL;
	if (all)
		return true;
	if (in->len - in->at < nb)
		return fail(in, "The annotations end early.");
	*bits = (uint8_t *) in->p + in->at;
	in->at += nb;
	return true;
}

static bool
present(const uint8_t *bits, int i)
{
	return bits == NULL || (bits[i / 8] & (0x80 >> (i % 8)));
}

static uint64_t
get_token(In *in, int *kind)
{
	unsigned	b = get_byte(in);

	*kind = (int) (b & 15);
	if ((b >> 4) < 15)
		return b >> 4;
	return get_varint(in) + 15;
}

/* checks a value fits a clock, an evaluation or a depth */
static bool
fits(In *in, int64_t v, int64_t lo, int64_t hi, const char *what)
{
	if (v < lo || v > hi)
		return fail(in, "A %s of the annotations is out of range.", what);
	return true;
}

static bool
get_eval(In *in, int32_t prev, AnnNode *nd)
{
	uint64_t	code = get_varint(in);
	int64_t		v;

	if (in->bad)
		return false;
	if (code == 1)
	{
		v = unzigzag(get_varint(in));
		nd->eval_kind = ANN_EVAL_MATE;
		if (in->bad || !fits(in, v, -99999, 99999, "mate"))
			return false;
		nd->eval = (int32_t) v;
		return true;
	}
	nd->eval_kind = ANN_EVAL_CP;
	v = (code == 0 ? 0 : unzigzag(code - 1)) + prev;
	if (!fits(in, v, -9999999, 9999999, "evaluation"))
		return false;
	nd->eval = (int32_t) v;
	return true;
}

static bool
get_depth(In *in, AnnNode *nd)
{
	uint64_t	d = get_varint(in);

	if (in->bad || !fits(in, (int64_t) d, 0, ANN_MAX_EVAL_DEPTH + 1, "depth"))
		return false;
	nd->depth = d == 0 ? ANN_NONE : (int32_t) (d - 1);
	return true;
}

/* command tokens after a move; returns the first token that is none */
static bool
get_node_commands(In *in, AnnGame *g, int node, bool mainline, int *kind, uint64_t *arg)
{
	int			last = -1;

	for (;;)
	{
		AnnNode    *nd = &g->nodes[node];

		*arg = get_token(in, kind);
		if (in->bad)
			return false;
		if (*kind < TOK_CLOCK || *kind > TOK_CARRIED)
			return true;
		if (*kind <= last || (mainline && (*kind == TOK_CLOCK || *kind == TOK_EVAL)))
			return fail(in, "The commands of a move are out of order.");
		last = *kind;
		switch (*kind)
		{
			case TOK_CLOCK:
			case TOK_EMT:
				if (!fits(in, (int64_t) *arg, 0, ANN_MAX_CLOCK, "clock"))
					return false;
				if (*kind == TOK_CLOCK)
					nd->clock = (int32_t) *arg;
				else
					nd->emt = (int32_t) *arg;
				break;
			case TOK_EVAL:
				if (*arg != 0 || !get_eval(in, 0, nd) || !get_depth(in, &g->nodes[node]))
					return fail(in, "An evaluation of the annotations is damaged.");
				break;
			case TOK_SHAPES:
				{
					uint64_t	i;

					if (*arg == 0 || *arg > (in->len - in->at) / 2)
						return fail(in, "The shapes of a move are damaged.");
					nd->shape_at = g->nshapes;
					nd->nshapes = (uint32_t) *arg;
					for (i = 0; i < *arg; i++)
					{
						unsigned	v = in->p[in->at] << 8 | in->p[in->at + 1];
						AnnShape	sh;

						in->at += 2;
						if (v >> 14)
							return fail(in, "The shapes of a move are damaged.");
						sh.color = (uint8_t) (v >> 12);
						sh.from = (uint8_t) ((v >> 6) & 63);
						sh.to = (uint8_t) (v & 63);
						/* circles first, as written */
						if (i > 0 && sh.from == sh.to && g->shapes[g->nshapes - 1].from != g->shapes[g->nshapes - 1].to)
							return fail(in, "The shapes of a move are out of order.");
						ann_add_shape(g, sh);
					}
					break;
				}
			case TOK_CARRIED:
				if (*arg != 0 || !ann_node_has_commands(nd))
					return fail(in, "A token of the annotations is damaged.");
				nd->carried = true;
				break;
		}
	}
}

/*
 * Whether a comment's text is one the builder leaves: no NUL byte, no white
 * space at either end, no "}" beside a line break (no PGN comment holds
 * both), and, after a move, no command left in it to take out.
 */
static bool
comment_canonical(AnnGame *g, const char *s, size_t n, bool after_move)
{
	AnnNode		cmd;
	char	   *scratch;
	AnnShape   *shapes;
	size_t		len;

	if (n == 0)
		return true;
	if (memchr(s, '\0', n) || chess_is_space(s[0]) || chess_is_space(s[n - 1]) ||
		(memchr(s, '}', n) && memchr(s, '\n', n)))
		return false;
	if (!after_move || !memchr(s, '[', n))
		return true;
	memset(&cmd, 0, sizeof(cmd));
	cmd.clock = cmd.emt = cmd.depth = ANN_NONE;
	scratch = g->alloc(g->ctx, NULL, n);
	shapes = g->alloc(g->ctx, NULL, sizeof(AnnShape) * (n / 3 + 1));
	len = ann_parse_comment(s, n, &cmd, shapes, scratch);
	g->alloc(g->ctx, scratch, 0);
	g->alloc(g->ctx, shapes, 0);
	return len == n && !ann_node_has_commands(&cmd);
}

static bool
decode(const uint8_t *sec, size_t len, const Position *start, const Move *moves, int n,
	   AnnGame *g, char *error, int *main_nodes)
{
	In			in = {sec, len, 0, error, false};
	unsigned	streams;
	int			i;

	error[0] = '\0';
	if (get_byte(&in) != ANN_FORMAT)
		return fail(&in, "The annotations' format %u is unknown.", len ? sec[0] : 0);
	streams = get_byte(&in);
	if (in.bad)
		return false;
	if (streams == 0 || streams > 7)
		return fail(&in, "The annotations' streams (0x%02x) are damaged.", streams);
	/* the main line's nodes, in order */
	for (i = 0; i < n; i++)
		main_nodes[i] = ann_add_node(g, moves[i]);
	g->mainline = n;
	if (streams & STREAM_CLOCKS)
	{
		uint64_t	mode = get_varint(&in);
		uint8_t    *bits;
		int64_t		prev[2] = {0, 0};
		bool		seconds = mode & DENSE_SECONDS;

		if (mode > 3 || !get_presence(&in, n, mode & DENSE_ALL, &bits))
			return fail(&in, "The clocks of the annotations are damaged.");
		for (i = 0; i < n; i++)
		{
			int64_t		v;

			if (!present(bits, i))
				continue;
			v = prev[i & 1] + unzigzag(get_varint(&in));
			if (in.bad || !fits(&in, v, 0, seconds ? ANN_MAX_CLOCK / 100 : ANN_MAX_CLOCK, "clock"))
				return false;
			prev[i & 1] = v;
			g->nodes[main_nodes[i]].clock = (int32_t) (seconds ? v * 100 : v);
		}
	}
	if (streams & STREAM_EVALS)
	{
		uint64_t	mode = get_varint(&in);
		uint8_t    *bits;
		int32_t		prev = 0;
		uint8_t    *depth_bits = NULL;
		int			k = 0;

		if (mode > 3 || !get_presence(&in, n, mode & DENSE_ALL, &bits))
			return fail(&in, "The evaluations of the annotations are damaged.");
		if (mode & DENSE_DEPTHS)
		{
			/* a bit for each evaluation: whether it has a depth */
			int			evals = 0;

			for (i = 0; i < n; i++)
				evals += present(bits, i);
			if (!get_presence(&in, evals, false, &depth_bits))
				return fail(&in, "The evaluations of the annotations are damaged.");
		}
		for (i = 0; i < n; i++)
		{
			AnnNode    *nd = &g->nodes[main_nodes[i]];

			if (!present(bits, i))
				continue;
			if (!get_eval(&in, prev, nd))
				return false;
			if (nd->eval_kind == ANN_EVAL_CP)
				prev = nd->eval;
			if (depth_bits && present(depth_bits, k))
			{
				uint64_t	d = get_varint(&in);

				if (in.bad || !fits(&in, (int64_t) d, 0, ANN_MAX_EVAL_DEPTH, "depth"))
					return false;
				nd->depth = (int32_t) d;
			}
			k++;
		}
	}
	if (streams & STREAM_EVENTS)
	{
		Position	lines[ANN_MAX_DEPTH + 1][2];
		int			line_moves[ANN_MAX_DEPTH + 1],
					last[ANN_MAX_DEPTH + 1],	/* each line's last move's node */
					carriers = 0,
					tokens = 0;
		bool		quiet[ANN_MAX_DEPTH + 1];	/* nothing but NAGs since the line's last move */
		int			depth = 0,
					m = 0,
					kind;
		uint64_t	arg;
		bool		have = false;

		lines[0][0] = lines[0][1] = *start;
		line_moves[0] = 0;
		for (;;)
		{
			AnnEvent   *e;

			if (g->poll && ++tokens % 4096 == 0)
				g->poll(g->ctx);
			if (!have)
				arg = get_token(&in, &kind);
			have = false;
			if (in.bad)
				return false;
			switch (kind)
			{
				case TOK_END:
					if (arg != 0 || depth != 0)
						return fail(&in, "The annotations end inside a variation.");
					goto done;
				case TOK_SKIP:
					if (depth != 0 || arg == 0 || arg > (uint64_t) (n - m))
						return fail(&in, "A skip of the annotations is damaged.");
					while (arg-- > 0)
					{
						e = ann_add_event(g, ANN_EV_MOVE);
						e->a = (uint32_t) main_nodes[m];
						lines[0][1] = lines[0][0];
						position_play(&lines[0][0], moves[m]);
						m++;
					}
					line_moves[0] = m;
					quiet[0] = true;
					last[0] = main_nodes[m - 1];
					if (!get_node_commands(&in, g, main_nodes[m - 1], true, &kind, &arg))
						return false;
					have = true;
					break;
				case TOK_MOVE:
					{
						Move		legal[MAX_MOVES];
						int			nl;
						uint64_t	rank;

						if (depth == 0 || arg != 0)
							return fail(&in, "A variation move of the annotations is damaged.");
						rank = get_varint(&in);
						nl = game_sorted_moves(&lines[depth][0], legal);
						if (in.bad || rank >= (uint64_t) nl)
							return fail(&in, "A variation move of the annotations is not legal.");
						e = ann_add_event(g, ANN_EV_MOVE);
						e->a = (uint32_t) ann_add_node(g, legal[rank]);
						lines[depth][1] = lines[depth][0];
						position_play(&lines[depth][0], legal[rank]);
						line_moves[depth]++;
						quiet[depth] = true;
						last[depth] = (int) e->a;
						if (!get_node_commands(&in, g, (int) e->a, false, &kind, &arg))
							return false;
						have = true;
						break;
					}
				case TOK_OPEN:
					if (arg != 0 || depth == ANN_MAX_DEPTH || line_moves[depth] == 0)
						return fail(&in, "A variation of the annotations opens where it cannot.");
					ann_add_event(g, ANN_EV_OPEN);
					lines[depth + 1][0] = lines[depth + 1][1] = lines[depth][1];
					quiet[depth] = false;
					depth++;
					line_moves[depth] = 0;
					break;
				case TOK_CLOSE:
					if (arg != 0 || depth == 0)
						return fail(&in, "A variation of the annotations closes where none is open.");
					ann_add_event(g, ANN_EV_CLOSE);
					depth--;
					break;
				case TOK_COMMENT:
				case TOK_CARRIER:
					if (arg > in.len - in.at || !comment_canonical(g, (const char *) in.p + in.at, (size_t) arg,
																   line_moves[depth] > 0))
						return fail(&in, "A comment of the annotations is damaged.");
					/* one comment carries the commands of a move that says so */
					if (kind == TOK_CARRIER &&
						(line_moves[depth] == 0 || !g->nodes[last[depth]].carried || g->nodes[last[depth]].seen))
						return fail(&in, "A comment of the annotations carries commands of no move.");
					/* commands in a comment of their own right after the move go unsaid */
					if (kind == TOK_CARRIER && arg == 0 && quiet[depth])
						return fail(&in, "A comment of the annotations carries commands where none is written.");
					quiet[depth] = false;
					if (kind == TOK_CARRIER)
					{
						g->nodes[last[depth]].seen = true;
						carriers++;
					}
					e = ann_add_event(g, ANN_EV_COMMENT);
					e->carry = kind == TOK_CARRIER;
					e->b = (uint32_t) arg;
					e->a = ann_add_text(g, (const char *) in.p + in.at, (size_t) arg);
					in.at += (size_t) arg;
					break;
				case TOK_NAG:
					if (arg > 9999 || line_moves[depth] == 0)
						return fail(&in, "A NAG of the annotations is out of range or before any move.");
					e = ann_add_event(g, ANN_EV_NAG);
					e->a = (uint32_t) arg;
					break;
				default:
					return fail(&in, "A token of the annotations (kind %d) is damaged.", kind);
			}
		}
done:
		for (; m < n; m++)
			ann_add_event(g, ANN_EV_MOVE)->a = (uint32_t) main_nodes[m];
		for (i = 0; i < g->nnodes; i++)
			carriers -= g->nodes[i].carried;
		if (carriers != 0)
			return fail(&in, "A move's commands have no comment that carries them.");
		if (g->nnodes > PGN_MAX_GAME_PLIES)
			return fail(&in, "The annotations' variations have more plies than a PGN game may have.");
	}
	else
		for (i = 0; i < n; i++)
			ann_add_event(g, ANN_EV_MOVE)->a = (uint32_t) main_nodes[i];
	if (in.at != in.len)
		return fail(&in, "%zu bytes follow the annotations.", in.len - in.at);
	/* what the PGN reader would refuse when the game is written as PGN */
	if (ann_written_comment_bytes(g) > PGN_MAX_COMMENT_BYTES + 1)
		return fail(&in, "The annotations' comments, written, are more than a PGN game may have.");
	/* canonical: the bytes are those the model encodes to */
	{
		uint8_t    *re = NULL;
		size_t		cap = 0,
					relen = ann_encode(g, start, moves, n, &re, 0, &cap);
		bool		same = relen == len + ANN_TRAILER && memcmp(re, sec, len) == 0;

		g->alloc(g->ctx, re, 0);
		if (!same)
			return fail(&in, "The annotations are not in their canonical form.");
	}
	return true;
}

bool
ann_decode(const uint8_t *sec, size_t len, const Position *start, const Move *moves, int n,
		   AnnGame *g, char *error)
{
	int		   *main_nodes = g->alloc(g->ctx, NULL, sizeof(int) * (size_t) (n + 1));
	bool		ok = decode(sec, len, start, moves, n, g, error, main_nodes);

	g->alloc(g->ctx, main_nodes, 0);
	return ok;
}
