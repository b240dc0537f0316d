/*
 * annotation.c — a game's comments, NAGs, variations and commands: the
 * model (annotation.h), and building it from a PGN reader's events.
 * annotation_codec.c encodes it, commands.c reads and writes the commands.
 */
#include "annotation.h"

#include <string.h>

/* ---------------------------------------------------------------- the model */

void
ann_init(AnnGame *g, AnnAlloc alloc, void *ctx)
{
	memset(g, 0, sizeof(*g));
	g->alloc = alloc;
	g->ctx = ctx;
	g->line_node[0] = -1;
	g->line_events[0] = -1;
}

int
ann_main_nodes(const AnnGame *g, int *out)
{
	int			i,
				depth = 0,
				n = 0;

	for (i = 0; i < g->nevents; i++)
	{
		const AnnEvent *e = &g->events[i];

		if (e->kind == ANN_EV_OPEN)
			depth++;
		else if (e->kind == ANN_EV_CLOSE)
			depth--;
		else if (e->kind == ANN_EV_MOVE && depth == 0)
			out[n++] = (int) e->a;
	}
	return n;
}

bool
ann_any(const AnnGame *g)
{
	int			i;

	/* an event but a main-line move (a variation's moves follow its OPEN), or a move's commands */
	for (i = 0; i < g->nevents; i++)
	{
		const AnnEvent *e = &g->events[i];
		const AnnNode *nd;

		if (e->kind != ANN_EV_MOVE)
			return true;
		nd = &g->nodes[e->a];
		if (ann_node_has_commands(nd))
			return true;
	}
	return false;
}

static void *
grow(AnnGame *g, void *array, size_t n, size_t *cap, size_t size)
{
	if (n < *cap)
		return array;
	*cap = *cap ? 2 * *cap : 64;
	return g->alloc(g->ctx, array, *cap * size);
}

AnnEvent *
ann_add_event(AnnGame *g, AnnEventKind kind)
{
	size_t		cap = (size_t) g->events_cap;
	AnnEvent   *e;

	g->events = grow(g, g->events, (size_t) g->nevents, &cap, sizeof(AnnEvent));
	g->events_cap = (int) cap;
	e = &g->events[g->nevents++];
	memset(e, 0, sizeof(*e));
	e->kind = (uint8_t) kind;
	return e;
}

int
ann_add_node(AnnGame *g, Move m)
{
	size_t		cap = (size_t) g->nodes_cap;
	AnnNode    *nd;

	g->nodes = grow(g, g->nodes, (size_t) g->nnodes, &cap, sizeof(AnnNode));
	g->nodes_cap = (int) cap;
	nd = &g->nodes[g->nnodes];
	memset(nd, 0, sizeof(*nd));
	nd->move = m;
	nd->clock = nd->emt = nd->depth = ANN_NONE;
	return g->nnodes++;
}

uint32_t
ann_add_text(AnnGame *g, const char *s, size_t n)
{
	size_t		at = g->ntext;

	if (n == 0)
		return (uint32_t) at;
	while (g->ntext + n > g->text_cap)
		g->text = grow(g, g->text, g->ntext + n, &g->text_cap, 1);
	memcpy(g->text + at, s, n);
	g->ntext += n;
	return (uint32_t) at;
}

void
ann_add_shape(AnnGame *g, AnnShape s)
{
	size_t		cap = g->shapes_cap;

	g->shapes = grow(g, g->shapes, g->nshapes, &cap, sizeof(AnnShape));
	g->shapes_cap = (uint32_t) cap;
	g->shapes[g->nshapes++] = s;
}

/* -------------------------------------------------------------- the builder */

void
ann_builder_move(AnnGame *g, Move m)
{
	AnnEvent   *e;

	if (g->dead_depth)
		return;
	e = ann_add_event(g, ANN_EV_MOVE);
	e->a = (uint32_t) ann_add_node(g, m);
	g->line_node[g->depth] = (int) e->a;
	g->line_events[g->depth] = 0;
	if (g->depth == 0)
		g->mainline++;
}

void
ann_builder_open(AnnGame *g)
{
	if (g->dead_depth || g->line_node[g->depth] < 0 || g->depth == ANN_MAX_DEPTH)
	{
		g->depth++;
		if (!g->dead_depth)
			g->dead_depth = g->depth;
		return;
	}
	ann_add_event(g, ANN_EV_OPEN);
	g->line_events[g->depth] = -1;
	g->depth++;
	g->line_node[g->depth] = -1;
	g->line_events[g->depth] = -1;
}

void
ann_builder_close(AnnGame *g)
{
	if (g->depth == 0)
		return;
	if (g->dead_depth)
	{
		if (g->depth-- == g->dead_depth)
			g->dead_depth = 0;
		return;
	}
	ann_add_event(g, ANN_EV_CLOSE);
	g->depth--;
}

void
ann_builder_finish(AnnGame *g)
{
	while (g->depth > 0)
	{
		if (g->dead_depth && g->depth >= g->dead_depth)
		{
			if (g->depth-- == g->dead_depth)
				g->dead_depth = 0;
			continue;
		}
		ann_add_event(g, ANN_EV_CLOSE);
		g->depth--;
	}
}

void
ann_builder_kill(AnnGame *g)
{
	if (g->depth > 0 && !g->dead_depth)
	{
		/* what it read stays: close it and skip to its end */
		ann_add_event(g, ANN_EV_CLOSE);
		g->dead_depth = g->depth;
	}
}

void
ann_builder_nag(AnnGame *g, unsigned nag)
{
	AnnEvent   *e;

	if (g->dead_depth || g->line_node[g->depth] < 0)
		return;
	e = ann_add_event(g, ANN_EV_NAG);
	e->a = nag;
}

/*
 * A move's shapes in the order they are written: its circles ([%csl]) in
 * the order read, then its arrows ([%cal]).
 */
static void
circles_first(AnnGame *g, const AnnNode *nd)
{
	AnnShape   *sh = g->shapes + nd->shape_at;
	uint32_t	i,
				j;

	for (i = 1; i < nd->nshapes; i++)
	{
		AnnShape	x = sh[i];

		if (x.from != x.to)
			continue;
		for (j = i; j > 0 && sh[j - 1].from != sh[j - 1].to; j--)
			sh[j] = sh[j - 1];
		sh[j] = x;
	}
}

void
ann_builder_comment(AnnGame *g, const char *s, size_t n)
{
	int			node = g->dead_depth ? -1 : g->line_node[g->depth];
	AnnNode		cmd;
	AnnEvent   *e;
	size_t		tlen,
				i,
				m = 0;
	char	   *buf;
	bool		commands;

	if (g->dead_depth)
		return;
	/* the text at the buffer's free end, without NUL bytes (no text holds one) */
	while (g->ntext + n + 1 > g->text_cap)
		g->text = grow(g, g->text, g->ntext + n + 1, &g->text_cap, 1);
	buf = g->text + g->ntext;
	for (i = 0; i < n; i++)
		if (s[i] != '\0' && (m > 0 || !chess_is_space(s[i])))
			buf[m++] = s[i];
	while (m > 0 && chess_is_space(buf[m - 1]))
		m--;
	if (node < 0 || !memchr(buf, '[', m))
	{
		e = ann_add_event(g, ANN_EV_COMMENT);
		e->b = (uint32_t) m;
		e->a = (uint32_t) g->ntext;
		g->ntext += m;
		g->line_events[g->depth] = -1;
		return;
	}
	memset(&cmd, 0, sizeof(cmd));
	cmd.clock = cmd.emt = cmd.depth = ANN_NONE;
	cmd.shape_at = g->nshapes;
	{
		/* room for its shapes after the others': each takes 3 characters at least */
		size_t		cap = g->shapes_cap;

		while (g->nshapes + m / 3 + 1 > cap)
			g->shapes = grow(g, g->shapes, cap, &cap, sizeof(AnnShape));
		g->shapes_cap = (uint32_t) cap;
	}
	tlen = ann_parse_comment(buf, m, &cmd, g->shapes + g->nshapes, buf);
	g->nshapes += cmd.nshapes;
	commands = ann_node_has_commands(&cmd);
	if (commands)
	{
		AnnNode    *nd = &g->nodes[node];
		bool		placed = nd->carried || ann_node_has_commands(nd);

		if (cmd.clock != ANN_NONE)
			nd->clock = cmd.clock;
		if (cmd.emt != ANN_NONE)
			nd->emt = cmd.emt;
		if (cmd.eval_kind)
		{
			nd->eval_kind = cmd.eval_kind;
			nd->eval = cmd.eval;
			nd->depth = cmd.depth;
		}
		if (cmd.nshapes)
		{
			/* a move's shapes are one run: move this comment's after the earlier ones */
			if (nd->nshapes && nd->shape_at + nd->nshapes != cmd.shape_at)
			{
				uint32_t	i;

				for (i = 0; i < nd->nshapes; i++)
					ann_add_shape(g, g->shapes[nd->shape_at + i]);
				for (i = 0; i < cmd.nshapes; i++)
					ann_add_shape(g, g->shapes[cmd.shape_at + i]);
				nd->shape_at = g->nshapes - nd->nshapes - cmd.nshapes;
			}
			else if (!nd->nshapes)
				nd->shape_at = cmd.shape_at;
			nd->nshapes += cmd.nshapes;
			circles_first(g, nd);
		}
		if (!placed)
		{
			/* the first comment with commands places them */
			if (tlen == 0 && g->line_events[g->depth] >= 0)
				return;			/* right after the move (and its NAGs): where they go unsaid */
			nd->carried = true;
			e = ann_add_event(g, ANN_EV_COMMENT);
			e->carry = true;
			e->b = (uint32_t) tlen;
			e->a = (uint32_t) g->ntext;
			g->ntext += tlen;
			g->line_events[g->depth] = -1;
			return;
		}
		if (tlen == 0)
			return;				/* its commands joined the move's */
	}
	e = ann_add_event(g, ANN_EV_COMMENT);
	e->b = (uint32_t) tlen;
	e->a = (uint32_t) g->ntext;
	g->ntext += tlen;
	g->line_events[g->depth] = -1;
}
