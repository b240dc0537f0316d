/*
 * svg.h — a position as a self-contained SVG board: squares, pieces drawn
 * as paths (no fonts, no images, no links), coordinates, the last move,
 * a king in check, arrows and marked squares.
 */
#ifndef CHESS_ENGINE_SVG_H
#define CHESS_ENGINE_SVG_H

#include "position.h"

#define SVG_MAX_ARROWS	64
#define SVG_MAX_MARKS	64

typedef struct SvgOptions
{
	bool		flipped;		/* Black at the bottom */
	bool		coordinates;	/* file letters and rank numbers around the board */
	Move		last;			/* highlighted from- and to-square; MOVE_NULL for none */
	int			size;			/* width and height in pixels */
	int			narrows;
	Move		arrows[SVG_MAX_ARROWS];	/* from-square to to-square */
	int			nmarks;
	Square		marks[SVG_MAX_MARKS];	/* circled squares */
} SvgOptions;

typedef void (*SvgEmit) (void *arg, const char *s, size_t n);

/* Writes the board; a king in check is marked by itself. */
extern void board_svg(const Position *pos, const SvgOptions *opt, SvgEmit emit, void *arg);

#endif							/* CHESS_ENGINE_SVG_H */
