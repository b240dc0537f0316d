/*
 * svg.c — the SVG board (see svg.h).  A square is 45 units; with
 * coordinates the board has a margin of 20 units around it.  The pieces
 * are drawn here from lines, curves and circles in a 45-unit box, defined
 * once in <defs> and placed with <use>, so that a board is about 10 KB.
 */
#include "svg.h"

#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#define SQ_UNITS	45
#define MARGIN		20

#define LIGHT		"#f0d9b5"
#define DARK		"#b58863"
#define LAST_LIGHT	"#cdd26a"
#define LAST_DARK	"#aaa23a"
#define CHECK		"#e01010"
#define ANNOTATE	"#15781b"

/* Each piece kind's drawing in a 45-unit box (index PieceKind). */
static const char *const piece_paths[7] = {
	"",
	/* pawn: a head on a body on a base */
	"<circle cx=\"22.5\" cy=\"14\" r=\"6\"/>"
	"<path d=\"M17 33 C17 26 19 22 22.5 21 C26 22 28 26 28 33 Z\"/>"
	"<path d=\"M12 38 H33 V34 H12 Z\"/>",
	/* knight: a horse's head and neck */
	"<path d=\"M13 38 H33 C33 27 31 17 25 12 L24 7 L21 11 L18 8 L17 13 C13 16 10 21 9 25 "
	"L12 28 L15 26 L18 24 C20 26 16 31 13 38 Z\"/>"
	"<circle cx=\"17\" cy=\"16\" r=\"1.5\" fill-opacity=\"0\"/>",
	/* bishop: a mitre with a slit, a ball on top, a base */
	"<circle cx=\"22.5\" cy=\"7.5\" r=\"2.5\"/>"
	"<path d=\"M22.5 10 C30 15 30 24 27 30 H18 C15 24 15 15 22.5 10 Z\"/>"
	"<path d=\"M20 17 L25 22\" fill=\"none\"/>"
	"<path d=\"M12 38 C16 33 29 33 33 38 V39 H12 Z\"/>",
	/* rook: a crenellated tower */
	"<path d=\"M11 39 H34 V35 H31 V18 H34 V10 H29.5 V13 H25 V10 H20 V13 H15.5 V10 H11 V18 H14 V35 H11 Z\"/>",
	/* queen: a crown with five points */
	"<path d=\"M12 35 H33 L36 14 L29 26 L27 10 L22.5 25 L18 10 L16 26 L9 14 Z\"/>"
	"<path d=\"M11 39 H34 V35 H11 Z\"/>"
	"<circle cx=\"9\" cy=\"13\" r=\"2\"/><circle cx=\"18\" cy=\"9\" r=\"2\"/>"
	"<circle cx=\"27\" cy=\"9\" r=\"2\"/><circle cx=\"36\" cy=\"13\" r=\"2\"/>"
	"<circle cx=\"22.5\" cy=\"23\" r=\"2\"/>",
	/* king: a rounded crown under a cross */
	"<path d=\"M22.5 5 V14 M18.5 9 H26.5\" fill=\"none\" stroke-width=\"2.5\"/>"
	"<path d=\"M12 35 H33 C37 28 36 19 29 19 C26 19 24 21 22.5 24 C21 21 19 19 16 19 C9 19 8 28 12 35 Z\"/>"
	"<path d=\"M11 39 H34 V35 H11 Z\"/>",
};

static const char *const kind_names = " pnbrqk";

typedef struct Out
{
	SvgEmit		emit;
	void	   *arg;
} Out;

static void
put(const Out *o, const char *s)
{
	o->emit(o->arg, s, strlen(s));
}

static void putf(const Out *o, const char *fmt,...) __attribute__((format(printf, 2, 3)));

static void
putf(const Out *o, const char *fmt,...)
{
	char		buf[256];
	va_list		args;
	int			n;

	va_start(args, fmt);
	n = vsnprintf(buf, sizeof(buf), fmt, args);
	va_end(args);
	o->emit(o->arg, buf, (size_t) n);
}

/* The top-left corner of a square on the drawing. */
static void
square_xy(const SvgOptions *opt, Square sq, double *x, double *y)
{
	int			f = SQ_FILE(sq),
				r = SQ_RANK(sq),
				m = opt->coordinates ? MARGIN : 0;

	*x = m + (opt->flipped ? 7 - f : f) * SQ_UNITS;
	*y = m + (opt->flipped ? r : 7 - r) * SQ_UNITS;
}

static void
arrow(const Out *o, const SvgOptions *opt, Move m)
{
	double		x1,
				y1,
				x2,
				y2,
				dx,
				dy,
				len,
				head = 14,
				half = 9;

	square_xy(opt, MOVE_FROM(m), &x1, &y1);
	square_xy(opt, MOVE_TO(m), &x2, &y2);
	x1 += SQ_UNITS / 2.0, y1 += SQ_UNITS / 2.0, x2 += SQ_UNITS / 2.0, y2 += SQ_UNITS / 2.0;
	dx = x2 - x1, dy = y2 - y1;
	len = sqrt(dx * dx + dy * dy);
	if (len < 1)
		return;
	dx /= len, dy /= len;
	putf(o, "<line class=\"arrow\" x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" ", x1, y1,
		 x2 - dx * head, y2 - dy * head);
	put(o, "stroke=\"" ANNOTATE "\" stroke-width=\"7\" stroke-opacity=\"0.8\" stroke-linecap=\"butt\"/>");
	putf(o, "<polygon class=\"arrow\" points=\"%.1f,%.1f %.1f,%.1f ", x2, y2,
		 x2 - dx * head - dy * half, y2 - dy * head + dx * half);
	putf(o, "%.1f,%.1f\" fill=\"" ANNOTATE "\" fill-opacity=\"0.8\"/>",
		 x2 - dx * head + dy * half, y2 - dy * head - dx * half);
}

void
board_svg(const Position *pos, const SvgOptions *opt, SvgEmit emit, void *arg)
{
	Out			o = {emit, arg};
	double		width = 8 * SQ_UNITS + (opt->coordinates ? 2 * MARGIN : 0),
				x,
				y;
	char		fen[FEN_MAX_LENGTH],
				name[3];
	Square		sq,
				king = SQ_NONE;
	int			kind,
				color,
				i;

	fen_write(pos, fen);
	putf(&o, "<svg xmlns=\"http://www.w3.org/2000/svg\" xmlns:xlink=\"http://www.w3.org/1999/xlink\" "
		 "version=\"1.1\" viewBox=\"0 0 %.0f %.0f\" width=\"%d\" height=\"%d\">",
		 width, width, opt->size, opt->size);
	put(&o, "<desc>");
	put(&o, fen);
	put(&o, "</desc><defs>");
	for (color = 0; color < 2; color++)
		for (kind = PAWN; kind <= KING; kind++)
		{
			char		id[64];

			snprintf(id, sizeof(id), "<g id=\"%c%c\" ", color == WHITE ? 'w' : 'b', kind_names[kind]);
			put(&o, id);
			put(&o, color == WHITE
				? "fill=\"#ffffff\" stroke=\"#000000\" stroke-width=\"1.5\" stroke-linejoin=\"round\">"
				: "fill=\"#000000\" stroke=\"#000000\" stroke-width=\"1.5\" stroke-linejoin=\"round\">");
			put(&o, piece_paths[kind]);
			put(&o, "</g>");
		}
	put(&o, "</defs>");
	if (opt->coordinates)
		putf(&o, "<rect x=\"0\" y=\"0\" width=\"%.0f\" height=\"%.0f\" fill=\"#212121\"/>", width, width);

	if (position_in_check(pos))
		king = position_king(pos, (Color) pos->side);
	for (sq = 0; sq < 64; sq++)
	{
		bool		light = (SQ_FILE(sq) + SQ_RANK(sq)) % 2 == 1;
		bool		last = opt->last != MOVE_NULL && (sq == MOVE_FROM(opt->last) || sq == MOVE_TO(opt->last));

		square_xy(opt, sq, &x, &y);
		square_write(sq, name);
		put(&o, "<rect class=\"square ");
		put(&o, light ? "light " : "dark ");
		put(&o, name);
		put(&o, last ? " lastmove\"" : "\"");
		putf(&o, " x=\"%.0f\" y=\"%.0f\" width=\"45\" height=\"45\" ", x, y);
		put(&o, "fill=\"");
		put(&o, last ? (light ? LAST_LIGHT : LAST_DARK) : (light ? LIGHT : DARK));
		put(&o, "\"/>");
		if (sq == king)
			putf(&o, "<circle class=\"check\" cx=\"%.1f\" cy=\"%.1f\" r=\"21\" fill=\"" CHECK
				 "\" fill-opacity=\"0.75\"/>", x + SQ_UNITS / 2.0, y + SQ_UNITS / 2.0);
	}
	for (sq = 0; sq < 64; sq++)
	{
		Piece		pc = pos->board[sq];
		char		use[64];

		if (pc == NO_PIECE)
			continue;
		square_xy(opt, sq, &x, &y);
		snprintf(use, sizeof(use), "<use xlink:href=\"#%c%c\" ", PIECE_COLOR(pc) == WHITE ? 'w' : 'b',
				 kind_names[PIECE_KIND(pc)]);
		put(&o, use);
		putf(&o, "transform=\"translate(%.0f %.0f)\"/>", x, y);
	}
	for (i = 0; i < opt->nmarks; i++)
	{
		square_xy(opt, opt->marks[i], &x, &y);
		putf(&o, "<circle class=\"mark\" cx=\"%.1f\" cy=\"%.1f\" r=\"19\" fill=\"none\" stroke=\"" ANNOTATE
			 "\" stroke-width=\"3.5\" stroke-opacity=\"0.85\"/>", x + SQ_UNITS / 2.0, y + SQ_UNITS / 2.0);
	}
	for (i = 0; i < opt->narrows; i++)
		arrow(&o, opt, opt->arrows[i]);
	if (opt->coordinates)
		for (i = 0; i < 8; i++)
		{
			char		label[64];
			double		along = MARGIN + i * SQ_UNITS + SQ_UNITS / 2.0;

			snprintf(label, sizeof(label), "%c", 'a' + (opt->flipped ? 7 - i : i));
			putf(&o, "<text x=\"%.1f\" y=\"%.1f\" ", along, width - 5);
			put(&o, "font-family=\"sans-serif\" font-size=\"14\" text-anchor=\"middle\" fill=\"#e5e5e5\">");
			put(&o, label);
			put(&o, "</text>");
			snprintf(label, sizeof(label), "%c", '1' + (opt->flipped ? i : 7 - i));
			putf(&o, "<text x=\"%.1f\" y=\"%.1f\" ", MARGIN / 2.0, along + 5);
			put(&o, "font-family=\"sans-serif\" font-size=\"14\" text-anchor=\"middle\" fill=\"#e5e5e5\">");
			put(&o, label);
			put(&o, "</text>");
		}
	put(&o, "</svg>");
}
